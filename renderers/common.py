"""Helpers every board renderer shares: fonts, text that cannot break a layout, palettes, PNG,
rounded panels and pills, players' names.

Renderers compose their picture as a palette ("P") image: a PNG of one byte per pixel encodes
several times faster and smaller than RGB, and Discord users wait on the render. Static art
(empty boards, tiles) is drawn once in RGB with anti-aliasing, mapped onto the renderer's fixed
palette and cached; each render copies and pastes those pieces and draws its few dynamic bits
(text, highlights) on small RGB patches that are mapped back onto the palette.

Words are drawn in the language a render is asked for (``lang``): a renderer writes them as
:class:`games.text.Text` (``_ = translator(<game>)``; the words every game shares, such as the
pills' "TO MOVE", are here in the ``common`` domain) and :func:`catalogs.tr` says them in that
language just before they are drawn; numbers, names and move notation are drawn as they are.

Every image keeps the boxes of the words drawn on it (:func:`words`) and of the panels they
sit in (:func:`frames`), in its ``info``, and :func:`paste` carries them onto the image a piece
is pasted on: a finished board tells a layout test where each word landed, and a word that
runs out of its panel, is cut or covers another one can be found without reading pixels.

Everything here is pure: the caches only remember results of pure functions.
"""

from __future__ import annotations

import io
import math
import threading
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw, ImageFont

from catalogs import tr
from games.text import Text, translator

from . import letters
from .letters import composed

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
#: An ink: a flat colour, or one with alpha for drawing on RGBA sprites.
Colour = RGB | RGBA
#: A box in whole pixels (left, top, right, bottom), as Pillow pastes and crops.
Box = tuple[int, int, int, int]
#: A box to draw shapes into, in pixels that need not be whole (glyphs scale to any size).
Rect = tuple[float, float, float, float]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: zlib level for every PNG we send. Level 1 is ~3x faster than the default 6 on our boards
#: and the files stay small (tens of kB) because palette images compress well.
PNG_COMPRESS_LEVEL = 1

ELLIPSIS = "..."  # the built-in font has no U+2026
#: Discord's limit for an attachment description: the most alt text a picture can carry.
ALT_LIMIT = 1024
MAX_NAME_CHARS = 200  # longer input is cut before cleaning; no layout shows that much

_ = translator("common")

#: The pills every game puts on its players' cards.
TO_MOVE = _("TO MOVE")
WINNER = _("WINNER")
SHARED_WIN = _("SHARED WIN")
DRAW = _("DRAW")
LAST_MOVE = _("LAST MOVE")
MOVE_SHOWN = _("MOVE SHOWN")  # a hint's or a review's picture: the move is not made yet
RESIGNED = _("RESIGNED")

# One FreeType face serves every caller; renders may run in several worker threads at once,
# and a FreeType face must not be used by two threads at the same time.
_FONT_LOCK = threading.Lock()


# ----- where the words are ---------------------------------------------------------------------

#: ``Image.info`` keys: the words drawn on an image and the panels drawn on it, each a tuple
#: of (text, box) or of boxes, in the image's own pixels. Pillow copies ``info`` along with
#: an image (copy, convert, quantize), so a cached piece brings its words wherever it goes.
WORDS = "tidepool.words"
FRAMES = "tidepool.frames"
#: ``Image.info`` key: the texts drawn wrapped over several lines, each as (its lines, font
#: size, stroke, the box the lines fill), so a layout test can read how a text was broken.
PARAGRAPHS = "tidepool.paragraphs"
#: A wrapped text as :func:`paragraphs` gives it: its lines, font size, stroke and box.
Paragraph = tuple[tuple[str, ...], int, int, Box]


def note(image: Image.Image, box: Box, text: str) -> None:
    """Remember that ``text`` was drawn on ``image`` in ``box``."""
    image.info[WORDS] = (*image.info.get(WORDS, ()), (text, box))


def frame(image: Image.Image, box: Box) -> None:
    """Remember that ``box`` of ``image`` is a panel (a card, a footer): words begun in it
    must end in it."""
    image.info[FRAMES] = (*image.info.get(FRAMES, ()), box)


def words(image: Image.Image) -> tuple[tuple[str, Box], ...]:
    """The words drawn on ``image`` (and on the pieces pasted on it) with their boxes."""
    return tuple(image.info.get(WORDS, ()))


def frames(image: Image.Image) -> tuple[Box, ...]:
    """The panels drawn on ``image`` (and on the pieces pasted on it)."""
    return tuple(image.info.get(FRAMES, ()))


def paragraph(image: Image.Image, lines: Sequence[str], size: int, box: Box,
              stroke: int = 0) -> None:
    """Remember that ``lines`` were drawn on ``image`` as one text wrapped in ``box``."""
    entry: Paragraph = (tuple(lines), size, stroke, box)
    image.info[PARAGRAPHS] = (*image.info.get(PARAGRAPHS, ()), entry)


def paragraphs(image: Image.Image) -> tuple[Paragraph, ...]:
    """The wrapped texts drawn on ``image`` (and on the pieces pasted on it)."""
    return tuple(image.info.get(PARAGRAPHS, ()))


def _moved(box: Box, dx: int, dy: int) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def carry(piece: Image.Image, onto: Image.Image, xy: tuple[int, int]) -> None:
    """``onto`` takes the words and panels of ``piece``, pasted at ``xy``."""
    dx, dy = xy
    if piece.info.get(WORDS):
        onto.info[WORDS] = (*onto.info.get(WORDS, ()),
                            *((t, _moved(b, dx, dy)) for t, b in piece.info[WORDS]))
    if piece.info.get(FRAMES):
        onto.info[FRAMES] = (*onto.info.get(FRAMES, ()),
                             *(_moved(b, dx, dy) for b in piece.info[FRAMES]))
    if piece.info.get(PARAGRAPHS):
        onto.info[PARAGRAPHS] = (*onto.info.get(PARAGRAPHS, ()),
                                 *((t, n, k, _moved(b, dx, dy))
                                   for t, n, k, b in piece.info[PARAGRAPHS]))


def paste(onto: Image.Image, piece: Image.Image, xy: tuple[float, float],
          mask: Image.Image | None = None) -> None:
    """Paste ``piece`` at ``xy`` (rounded), its words and panels with it; an opaque piece
    hides the words it covers."""
    at = (round(xy[0]), round(xy[1]))
    onto.paste(piece, at, mask)
    if mask is None:
        box = (at[0], at[1], at[0] + piece.width, at[1] + piece.height)
        if onto.info.get(WORDS):
            onto.info[WORDS] = tuple(w for w in onto.info[WORDS] if not _within(w[1], box))
        if onto.info.get(PARAGRAPHS):
            onto.info[PARAGRAPHS] = tuple(p for p in onto.info[PARAGRAPHS]
                                          if not _within(p[3], box))
    carry(piece, onto, at)


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


# ----- encoding -------------------------------------------------------------------------------


def encode_png(image: Image.Image) -> bytes:
    """The one PNG encoder all renderers use, so speed and size are tuned in one place.

    The image is stored as it is (no colour conversion: a "P" image stays one byte per pixel);
    no metadata is written, so equal images give equal bytes.
    """
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


# ----- colours and palettes -------------------------------------------------------------------

# The house colours: the same ink for the same thing in every game's pictures. A game's
# ``style`` module imports those it uses next to its own colours.
#: Text on the dark panels.
TEXT: RGB = (236, 242, 247)
#: Turquoise: whose turn it is.
ACCENT: RGB = (80, 226, 212)
#: Gold: the winner.
GOLD: RGB = (255, 196, 70)
#: White: the last move.
HILITE: RGB = (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 → a, 1 → b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Palette:
    """A fixed 256-colour palette: exact key colours plus blends between colour pairs.

    Anti-aliased edges are blends of two flat colours (text on a panel, a tile rim on the
    board), so listing those pairs gives every edge a close palette entry, and mapping an RGB
    patch onto the palette needs no dithering and no per-render colour search.
    """

    def __init__(self, keys: Iterable[RGB], pairs: Iterable[tuple[RGB, RGB]], steps: int = 5):
        colours: list[RGB] = []
        seen: set[RGB] = set()

        def add(c: RGB) -> None:
            if c not in seen and len(colours) < 256:
                seen.add(c)
                colours.append(c)

        for c in keys:
            add(c)
        pairs = list(pairs)
        # Middle blends first, then finer ones, so that a crowded palette loses only the finest.
        fractions = sorted((i / (steps + 1) for i in range(1, steps + 1)),
                           key=lambda t: (abs(t - 0.5), t))
        for t in fractions:
            for a, b in pairs:
                add(mix(a, b, t))
        if len(colours) < 256:  # spare entries: a grey ramp for anything unforeseen
            for v in range(0, 256, 8):
                add((v, v, v))
        self.colours: tuple[RGB, ...] = tuple(colours)
        flat = [v for c in colours for v in c]
        flat += [0] * (768 - len(flat))
        self._flat = flat
        self._image = Image.new("P", (1, 1))
        self._image.putpalette(flat)
        self._index = {c: i for i, c in enumerate(colours)}

    def index(self, colour: RGB) -> int:
        """Palette index of ``colour`` (the nearest entry if it is not a key; remembered)."""
        found = self._index.get(colour)
        if found is None:
            found = min(range(len(self.colours)),
                        key=lambda i: sum((p - q) ** 2 for p, q in zip(self.colours[i], colour)))
            self._index[colour] = found
        return found

    def canvas(self, size: tuple[int, int], colour: RGB) -> Image.Image:
        """A new "P" image of this palette, filled with ``colour``."""
        image = Image.new("P", size, self.index(colour))
        image.putpalette(self._flat)
        return image

    def to_p(self, image: Image.Image) -> Image.Image:
        """Map an RGB image onto this palette (nearest colour, no dithering)."""
        if image.mode != "RGB":
            image = image.convert("RGB")
        return image.quantize(palette=self._image, dither=Image.Dither.NONE)

    def overlay(self, canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """Alpha-composite an RGBA ``sprite`` onto the "P" ``canvas`` at ``xy``, in place.

        Only the sprite's area is converted to RGB and back, which keeps overlays cheap.
        """
        box = (xy[0], xy[1], xy[0] + sprite.width, xy[1] + sprite.height)
        patch = canvas.crop(box).convert("RGBA")
        patch.alpha_composite(sprite)
        canvas.paste(self.to_p(patch.convert("RGB")), box[:2])
        carry(sprite, canvas, xy)


# ----- fonts and text -------------------------------------------------------------------------


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """Pillow's built-in font at ``size`` px: no font files needed on a slim image."""
    return ImageFont.load_default(size=size)


# Letters that have no decomposition into ASCII but an obvious spelling in it.
_SPELLED = {
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th",
    "ı": "i", "ŋ": "ng", "ŧ": "t", "ħ": "h", "ĸ": "k",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-",
    "‐": "-", "‑": "-", "−": "-", "…": "...", "•": "·", "×": "x", "→": "->", "←": "<-",
}
# Cyrillic and Greek spelled in Latin letters, so such names stay names rather than "?".
_SPELLED.update(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ",
    "a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya i yi ye g".split(),
))
_SPELLED.update(zip(
    "αβγδεζηθικλμνξοπρσςτυφχψω",
    "a b g d e z i th i k l m n x o p r s s t y f ch ps o".split(),
))
_SPELLED.update({k.upper(): v.capitalize() for k, v in list(_SPELLED.items())
                 if k.isalpha() and k.upper() != k and v.isalpha()})
_SPELLED = {k: ("" if v == "_" else v) for k, v in _SPELLED.items()}


@lru_cache(maxsize=1)
def _notdef() -> bytes:
    return _glyph_signature("\U0010fffd")


def _glyph_signature(ch: str) -> bytes:
    f = font(24)
    with _FONT_LOCK:
        bbox = f.getbbox(ch)
        w, h = max(1, int(bbox[2] - bbox[0])), max(1, int(bbox[3] - bbox[1]))
        im = Image.new("L", (w, h))
        ImageDraw.Draw(im).text((-bbox[0], -bbox[1]), ch, fill=255, font=f)
        return repr((f.getlength(ch), bbox)).encode() + im.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the built-in font draws ``ch`` (else it would show an empty box)."""
    if ch == " ":
        return True
    return _glyph_signature(ch) != _notdef()


def _letters(text: str) -> list[str]:
    """``text`` decomposed (NFKD), except the letters :mod:`renderers.letters` draws whole."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        out += [ch] if ch in letters.COMPOSED else list(unicodedata.normalize("NFKD", ch))
    return out


@lru_cache(maxsize=1024)
def clean_text(text: str) -> str:
    """``text`` reduced to what the built-in font can draw, on one line.

    Display names are free Unicode: styled letters (𝓐𝓵𝓲𝓬𝓮, Ａｌｉｃｅ) become plain letters,
    accents are dropped (é → e), Cyrillic and Greek are spelled in Latin letters, emoji,
    control and bidi characters, zero-width joiners and stacked combining marks vanish, and
    each run of other undrawable characters (CJK, say) becomes one "?". The German and Danish
    letters this module draws (:mod:`renderers.letters`: ä ø æ ß ...) stay as they are.
    """
    out: list[str] = []
    for ch in _letters(text[:MAX_NAME_CHARS]):
        if ch in letters.COMPOSED:
            out.append(ch)
            continue
        spelled = _SPELLED.get(ch)
        if spelled is not None:
            out.append(spelled)
            continue
        cat = unicodedata.category(ch)
        if cat.startswith("M") or cat in ("Cf", "Cc", "Co", "Cn", "Cs"):
            # combining marks, format/bidi controls, control characters, private, unassigned;
            # line breaks and tabs (Cc) read best as spaces.
            if ch in "\t\n\r\x0b\x0c":
                out.append(" ")
            continue
        if cat.startswith("Z"):
            out.append(" ")
        elif cat == "So" and not has_glyph(ch):
            continue  # emoji and other pictographs: decoration, not part of the name
        elif has_glyph(ch):
            out.append(ch)
        elif not out or out[-1] != "?":
            out.append("?")
    return " ".join("".join(out).split())


def legible(text: str) -> bool:
    """Whether cleaned ``text`` still says something (a letter or digit survived)."""
    return any(ch.isalnum() for ch in text)


@lru_cache(maxsize=1024)
def fit_text(text: str, size: int, max_width: int, stroke: int = 0) -> str:
    """``text`` cut with "..." so that it is at most ``max_width`` px wide at ``size``."""
    if text_width(text, size, stroke) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, stroke) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


def fitted(text: str, size: int, max_width: int, stroke: int = 0,
           smallest: int | None = None) -> tuple[str, int]:
    """``text`` and the largest size from ``size`` down to ``smallest`` (four fifths of it
    unless given) at which it fits ``max_width`` px: a long word or name steps down a little
    rather than lose its end; only at the smallest size is it cut with "..."."""
    low = round(size * 0.8) if smallest is None else smallest
    for step in range(size, low - 1, -1):
        if text_width(text, step, stroke) <= max_width:
            return text, step
    return fit_text(text, low, max_width, stroke), low


def line_starts(widths: Sequence[float], space: float, room: float) -> list[int]:
    """Where each line starts when words ``widths`` wide (``space`` between two) are set in
    lines at most ``room`` wide: in as few lines as filling them one by one takes, and as
    even as those lines can be (the narrowest measure that takes no more lines), so that a
    text never ends on a lone short word. A word wider than ``room`` stands on its own line.
    """
    def fill(measure: float) -> list[int]:
        starts, x = [0], 0.0
        for i, w in enumerate(widths):
            if i == starts[-1]:
                x = w
            elif x + space + w <= measure:
                x += space + w
            else:
                starts.append(i)
                x = w
        return starts

    if not widths:
        return [0]
    starts = fill(room)
    if len(starts) == 1:
        return starts
    lo, hi = max(widths), max(room, max(widths))
    while hi - lo > 0.5:  # the narrowest measure that needs no more lines
        mid = (lo + hi) / 2
        if len(fill(mid)) <= len(starts):
            hi = mid
        else:
            lo = mid
    return fill(hi)


def _pieces(text: str, size: int, stroke: int) -> tuple[list[str], list[int], int]:
    """``text``'s words (split at each space: two spaces keep an empty word between them),
    their widths and the width of a space."""
    pieces = text.split(" ")
    return pieces, [text_width(p, size, stroke) if p else 0 for p in pieces], \
        text_width(" ", size)


#: A separator between two parts of a text ("a  ·  b"): where a line breaks, it goes.
SEPARATORS = ("·", "|")


def _set(pieces: Sequence[str], starts: Sequence[int]) -> list[str]:
    """The lines of ``pieces`` broken at ``starts``, with no separator at either end."""
    ends = [*starts[1:], len(pieces)]
    lines = []
    for a, b in zip(starts, ends):
        words = [p for p in pieces[a:b]]
        while words and words[-1] in ("", *SEPARATORS):
            words.pop()
        while words and words[0] in ("", *SEPARATORS):
            words.pop(0)
        lines.append(" ".join(words))
    return lines


def wraps(text: str, size: int, max_width: int, most: int = 99, stroke: int = 0) -> bool:
    """Whether ``text`` breaks into at most ``most`` lines of ``max_width`` px at ``size``
    with no word cut."""
    pieces, widths, space = _pieces(text, size, stroke)
    return max(widths, default=0) <= max_width and \
        len(line_starts(widths, space, max_width)) <= most


def wrap(text: str, size: int, max_width: int, most: int = 99, stroke: int = 0) -> list[str]:
    """``text`` broken at spaces into lines of at most ``max_width`` px, at most ``most`` of
    them, the lines as even as they can be (see :func:`line_starts`); only a text that needs
    more lines, or a word too long for a line, is cut with "..." (the last line)."""
    pieces, widths, space = _pieces(text, size, stroke)
    starts = line_starts(widths, space, max_width)
    if len(starts) > most:  # the rest on the last line, cut
        starts = starts[:most]
    return [fit_text(line, size, max_width, stroke) for line in _set(pieces, starts) if line]


def fitted_lines(text: str, size: int, max_width: int, most: int, stroke: int = 0,
                 smallest: int | None = None) -> tuple[list[str], int]:
    """``text`` wrapped (:func:`wrap`) at the largest size from ``size`` down to ``smallest``
    (four fifths of it unless given) at which it takes at most ``most`` lines and no word is
    cut; only at the smallest size is the end cut with "..."."""
    low = round(size * 0.8) if smallest is None else smallest
    for step in range(size, low - 1, -1):
        if wraps(text, step, max_width, most, stroke):
            return wrap(text, step, max_width, most, stroke), step
    return wrap(text, low, max_width, most, stroke), low


def draw_lines(image: Image.Image, xy: tuple[float, float], lines: Sequence[str], size: int,
               fill: RGB, step: float, anchor: str = "ls", stroke: int = 0) -> Box:
    """Draw ``lines`` (a wrapped text) one below the other, ``step`` px apart from ``xy``;
    return the box they fill. Several lines are remembered as one paragraph (:func:`paragraph`)."""
    boxes = [draw_text(image, (xy[0], xy[1] + i * step), line, size, fill, anchor, stroke)
             for i, line in enumerate(lines)]
    if not boxes:
        return (round(xy[0]), round(xy[1]), round(xy[0]), round(xy[1]))
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
           max(b[3] for b in boxes))
    if len(lines) > 1:
        paragraph(image, lines, size, box, stroke)
    return box


def display_name(names: Mapping[str, str], player: str, size: int, max_width: int,
                 fallback: str = "", stroke: int = 0) -> str:
    """A player's name as it can be drawn: cleaned, never wider than ``max_width``.

    A missing name falls back to the player id. A name with nothing drawable left (all CJK or
    emoji, say) falls back to ``fallback`` (e.g. "Player 2"): a Discord id would mean nothing.
    """
    given = names.get(player)
    for candidate in ((player if given is None else given), fallback):
        text = clean_text(str(candidate))
        if legible(text):
            return fit_text(text, size, max_width, stroke)
    return "?"


@lru_cache(maxsize=512)
def text_mask(text: str, size: int, anchor: str = "la", stroke: int = 0
              ) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` rendered once as an anti-aliased mask, and its offset from the anchor point.

    Cached: names, labels and numbers repeat from one render to the next.
    """
    f = font(size)
    if composed(text, stroke):  # ä, ø, æ ... drawn from letters the font has; bold spaces
        with _FONT_LOCK:
            return letters.mask(cast(ImageFont.FreeTypeFont, f), text, anchor, stroke)
    with _FONT_LOCK:
        bbox = f.getbbox(text, anchor=anchor, stroke_width=stroke)  # whole pixels, typed float
        w, h = max(1, int(bbox[2] - bbox[0])), max(1, int(bbox[3] - bbox[1]))
        mask = Image.new("L", (w, h))
        ImageDraw.Draw(mask).text((-bbox[0], -bbox[1]), text, fill=255, font=f, anchor=anchor,
                                  stroke_width=stroke, stroke_fill=255)
    return mask, (int(bbox[0]), int(bbox[1]))


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB,
              anchor: str = "la", stroke: int = 0) -> Box:
    """Draw ``text`` on an RGB ``image`` at ``xy`` (Pillow anchor); return its box.

    ``stroke`` thickens the letters in their own colour: a bold face without a bold font.
    """
    mask, (dx, dy) = text_mask(text, size, anchor, stroke)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    box = (x, y, x + mask.width, y + mask.height)
    image.paste(fill, box, mask)
    note(image, box, text)
    return box


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, stroke: int = 0) -> int:
    """Advance width of ``text`` in px (rounded up, so that fitted text really fits)."""
    f = font(size)
    with _FONT_LOCK:
        if composed(text, stroke):
            return math.ceil(letters.advance(cast(ImageFont.FreeTypeFont, f), text, stroke)) \
                + 2 * stroke
        return math.ceil(f.getlength(text)) + 2 * stroke


def supersampled(size: tuple[int, int], scale: int, background: RGB | tuple[int, int, int, int],
                 mode: str = "RGB") -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A ``scale``-times larger canvas to draw shapes on, for anti-aliasing by :func:`shrink`."""
    image = Image.new(mode, (size[0] * scale, size[1] * scale), background)
    return image, ImageDraw.Draw(image)


def shrink(image: Image.Image, scale: int) -> Image.Image:
    """Box-filter a supersampled drawing back down: Pillow shapes get smooth edges."""
    return image.reduce(scale)


def scaled(points: Sequence[tuple[float, float]], box: Rect) -> list[tuple[float, float]]:
    """Unit-square points (0..1) placed into ``box``: glyphs are designed once, drawn any size."""
    x0, y0, x1, y1 = box
    return [(x0 + (x1 - x0) * x, y0 + (y1 - y0) * y) for x, y in points]


# ----- pieces every renderer draws ------------------------------------------------------------


@lru_cache(maxsize=128)
def panel(size: tuple[int, int], fill: RGB, edge: RGB, edge_width: int, ground: RGB,
          radius: int = 18, scale: int = 4) -> Image.Image:
    """A rounded RGB panel with smooth corners on ``ground`` (header cards, footers, pills).

    ``scale`` is the supersampling of the anti-aliased corners. Cached: do not draw on the
    result without copying it.
    """
    im, d = supersampled(size, scale, ground)
    w, h = size[0] * scale, size[1] * scale
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius * scale, fill=edge)
    e = edge_width * scale
    d.rounded_rectangle((e, e, w - 1 - e, h - 1 - e), radius=max(1, radius * scale - e),
                        fill=fill)
    out = shrink(im, scale)
    frame(out, (0, 0, size[0], size[1]))
    return out


@lru_cache(maxsize=64)
def pill(text: str, fill: RGB, ink: RGB, ground: RGB, size: int = 20, height: int = 34,
         pad: int = 28, scale: int = 4) -> Image.Image:
    """A small rounded RGB label in bold capitals ("TO MOVE", "WINNER") on ``ground``."""
    w = text_width(text, size, 1) + pad
    im = panel((w, height), fill, fill, 0, ground, radius=height // 2, scale=scale).copy()
    draw_text(im, (w / 2, height // 2), text, size, ink, anchor="mm", stroke=1)
    return im


@lru_cache(maxsize=4096)
def text_patch(palette: Palette, text: str, size: int, fill: RGB, ground: RGB,
               anchor: str = "la", stroke: int = 0
               ) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """``text`` blended onto flat ``ground`` as a patch of ``palette``, its mask (every pixel
    the letters touch) and its offset from the anchor point.

    For renderers that compose straight on the palette canvas: the same strings come back
    every render, and a cached patch needs no colour mapping.
    """
    mask, offset = text_mask(text, size, anchor, stroke)
    rgb = Image.new("RGB", mask.size, ground)
    rgb.paste(fill, (0, 0), mask)
    note(rgb, (0, 0, mask.width, mask.height), text)
    return palette.to_p(rgb), mask.point(_TOUCHED), offset


_TOUCHED = [0] + [255] * 255


def player_seat(n: int) -> Text:
    """A seat as a picture calls a player whose name has nothing drawable left."""
    return _("Player {n}", n=n)


def seat_name(players: Sequence[str], names: Mapping[str, str], player: str, size: int,
              max_width: int, stroke: int = 0, lang: str = "en",
              seat: Callable[[int], Text] = player_seat) -> str:
    """A player's name as :func:`display_name` draws it, with their ``seat`` ("Player 2", in
    ``lang``) as the fallback for a name that has nothing drawable left."""
    players = list(players)
    label = tr(seat(players.index(player) + 1), lang) if player in players else "?"
    return display_name(names, player, size, max_width, label, stroke)


def alt_name(names: Mapping[str, str], player: object) -> str:
    """A player's name in alt text: on one line, and at most 32 characters, so that even four
    players with long names leave the text within Discord's 1024."""
    return " ".join(str(names.get(str(player)) or player).split())[:32]


def win_headline(winners: Sequence[str], name: Callable[[str], str], shared: Text,
                 lang: str) -> str:
    """The headline over a finished game in ``lang``: ``<name> wins!`` for one winner,
    ``shared`` for several (each game calls that its own way), ``Game over`` when nobody won."""
    if len(winners) == 1:
        return tr(_("{name} wins!", name=name(winners[0])), lang)
    return tr(shared if winners else _("Game over"), lang)


def ui_pairs(ground: RGB, card: RGB, card_edge: RGB, text: RGB, dim: RGB, accent: RGB,
             gold: RGB) -> list[tuple[RGB, RGB]]:
    """The colour pairs every renderer's cards blend: text, pills and edges on the cards and
    on the ground (the rest of a palette is the game's own)."""
    return [(text, ground), (text, card), (dim, ground), (dim, card), (accent, card),
            (accent, ground), (gold, card), (gold, ground), (card, ground), (card_edge, card),
            (card_edge, ground)]


def player_cards(players: Sequence[str], view: Mapping[str, Any], width: int, margin: int,
                 slots: int, gap: int = 16) -> tuple[int, list[tuple[str, int, bool, bool]]]:
    """The header's ``slots`` player cards side by side across ``width``: the card width, and
    for each player their card's left edge, whether they are to act and whether they won."""
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    to_act = set(view.get("to_act") or [])
    card_w = (width - 2 * margin - gap * (slots - 1)) // slots
    return card_w, [(p, margin + i * (card_w + gap), p in to_act and not result, p in winners)
                    for i, p in enumerate(players)]


def card_edge(active: bool, won: bool, accent: RGB, gold: RGB, edge: RGB) -> tuple[RGB, int]:
    """A player card's rim: thick in the accent colour for the player to act, thick gold for
    a winner, thin otherwise."""
    return (accent, 4) if active else (gold, 4) if won else (edge, 2)
