"""Chess clocks above any board: PNG bytes and the clocks in, PNG bytes out.

One strip across the top, a box per player: their name and the time left in their bank. The
box of a player who is to act (whose bank runs) is lit; an empty bank is red. Times are
written in the picture's language with the units the bot's messages use for durations (its
own catalog entries, ``bot/timekeeping/durations.py``): ``2 d 4 h``, ``5 Std. 12 Min.``,
``45 min``. Pure and deterministic, like every renderer: the same board, clocks and language
give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from catalogs import tr
from games.text import Text, translator

from .common import RGB, clean_text, draw_text, encode_png, fitted, legible, text_width

#: The bot's words for durations (its catalog domain): the strip says a time as its messages
#: do. Called ``_bot``, not ``_``: the entries are the bot's, extracted from its own sources.
_bot = translator("bot")

#: (name, seconds left, running, ran out): as the bot hands them over.
Face = tuple[str, float, bool, bool]

BACKGROUND: RGB = (28, 38, 50)
IDLE: RGB = (52, 66, 82)
RUNNING: RGB = (246, 196, 84)
OUT: RGB = (196, 58, 58)
TEXT: RGB = (232, 238, 244)
DARK: RGB = (30, 30, 30)


def clock_words(seconds: float) -> Text:
    """``2 d 4 h``, ``5 h 12 min``, ``45 min``, ``<1 min``: the time left, to be said in a
    language (the bot's entries for durations; under a minute is "<" and one minute)."""
    total = max(0, int(seconds))
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return _bot("{d} d {h} h", d=days, h=hours) if hours else _bot("{d} d", d=days)
    if hours:
        return _bot("{h} h {m} min", h=hours, m=minutes) if minutes else _bot("{h} h", h=hours)
    return _bot("{m} min", m=minutes)


def clock_text(seconds: float, out: bool = False, lang: str = "en") -> str:
    """The time left in ``lang``: ``2 d 4 h``, ``5 Std. 12 Min.``, ``45 min``, ``<1 min``;
    ``0:00`` once the bank ran out."""
    if out:
        return "0:00"
    said = tr(clock_words(seconds), lang)
    return said if seconds >= 60 else "<" + tr(clock_words(60), lang)


def strip_height(width: int) -> int:
    return max(36, min(64, width // 17))


def draw_strip(width: int, faces: Sequence[Face], background: RGB = BACKGROUND,
               lang: str = "en") -> Image.Image:
    """The strip alone (RGB), ``width`` wide, on ``background`` (the board's own), its times
    (and names: a seat's word, Kraqua's animal) in ``lang``."""
    height = strip_height(width)
    image = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(image)
    pad = max(4, height // 8)
    n = max(1, len(faces))
    slot = (width - pad) / n
    size = max(12, int(height * 0.42))
    for i, (name, left, running, out) in enumerate(faces):
        x0, x1 = round(pad + i * slot), round(pad + (i + 1) * slot - pad)
        box = (x0, pad, x1, height - pad)
        fill = OUT if out else RUNNING if running else IDLE
        draw.rounded_rectangle(box, radius=max(3, height // 6), fill=fill)
        ink = DARK if running and not out else TEXT
        time = clock_text(left, out, lang)
        inner = x1 - x0 - 2 * pad
        time_w = text_width(time, size, 1)
        cleaned = clean_text(tr(name, lang))
        # a long name steps down a size before it loses its end
        shown, name_size = fitted(cleaned if legible(cleaned) else "?", size,
                                  max(8, inner - time_w - pad), 0, round(size * 0.75))
        middle = height / 2
        draw_text(image, (x0 + pad, middle), shown, name_size, ink, anchor="lm")
        draw_text(image, (x1 - pad, middle), time, size, ink, anchor="rm", stroke=1)
    return image


def add_clock_strip(png: bytes, faces: Sequence[Face], lang: str = "en") -> bytes:
    """The board ``png`` with the clock strip above it in ``lang`` (the board itself is
    untouched).

    A palette board stays a palette image (small and fast to send): the strip's colours go
    into the palette entries the board leaves free, else onto the board's own colours.
    """
    board = Image.open(io.BytesIO(png))
    board.load()
    rgb = board.convert("RGB")
    corner = rgb.getpixel((0, 0))
    assert isinstance(corner, tuple)  # an RGB image's pixel: (r, g, b)
    strip = draw_strip(board.width, faces, (corner[0], corner[1], corner[2]), lang)
    height = strip.height + board.height
    if board.mode == "P" and "transparency" not in board.info:
        highest = board.getextrema()[1]  # a single band: (lowest, highest) palette index
        assert isinstance(highest, int)
        used = highest + 1  # palette entries the board draws with
        palette = (board.getpalette() or [])[:3 * used]
        palette += [0] * (3 * used - len(palette))
        canvas = Image.new("P", (board.width, height))
        if 256 - used >= 16:  # the strip's own colours, after the board's
            small = strip.quantize(colors=min(64, 256 - used), method=Image.Quantize.MEDIANCUT,
                                   dither=Image.Dither.NONE)
            colours = len(small.getpalette() or []) // 3
            canvas.putpalette(palette + (small.getpalette() or [])[:3 * colours])
            shift = bytes((v + used) % 256 for v in range(256))
            top = Image.frombytes("P", small.size, small.tobytes().translate(shift))
        else:  # the board's colours (it has dark and light ones for text)
            canvas.putpalette(palette)
            top = strip.quantize(palette=board, dither=Image.Dither.NONE)
        canvas.paste(top, (0, 0))
        canvas.paste(board, (0, strip.height))
        return encode_png(canvas)
    canvas = Image.new("RGB", (board.width, height))
    canvas.paste(strip, (0, 0))
    canvas.paste(rgb, (0, strip.height))
    return encode_png(canvas)
