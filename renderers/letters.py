"""German and Danish letters the built-in font lacks, drawn from letters it has.

Pillow's built-in face (Aileron) covers ASCII only: "Plättchen", "større" and "Æble" would
show empty boxes (the face has none of these letters, so there is no glyph of its own to
prefer). Rather than ship a font file, each missing letter is drawn as its base letter with
the mark added in the same ink: the dots of ä ö ü, the ring of å, the stroke of ø, the accent
of é. The ligatures are built from the face's own strokes: æ is an a whose stem is cut away
where the e's bowl takes its place, Æ the left leg and bar of an A grown into an E; ß is a
stem bent over at the top into the top of a 3, whose lower bowl closes the letter. Each is
one glyph in a bold (stroked) face too. :func:`renderers.common.text_mask` and
``text_width`` come here for any text holding such a letter, so a word is measured as it is
drawn.

Bold text with a space comes here too: the stroke grows every letter by its width on both
sides, and the face's narrow space (under a fifth of an em) cannot spare that, so "MÅ SPILLE"
and "HAR SPILLET" would read as one word. Each space of a stroked text is drawn as wide as
the stroke takes from it (:data:`SPACE`), and measured so.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw, ImageFont

#: letter -> (the letters drawn for it, the mark drawn over them)
COMPOSED: dict[str, tuple[str, str | None]] = {
    "ä": ("a", "dots"), "ö": ("o", "dots"), "ü": ("u", "dots"),
    "Ä": ("A", "dots"), "Ö": ("O", "dots"), "Ü": ("U", "dots"),
    "å": ("a", "ring"), "Å": ("A", "ring"), "ø": ("o", "slash"), "Ø": ("O", "slash"),
    "é": ("e", "acute"), "É": ("E", "acute"),
    "æ": ("ae", "tie"), "Æ": ("AE", "tie"), "ß": ("3", "sharp"),
}
#: A ligature of two letters, in ems from the first one's origin: where the first is cut
#: away (its right side: the a's stem, the A's right leg) and where the second begins (its
#: bowl or stem where that was).
TIES: dict[str, tuple[float, float]] = {"ae": (0.405, 0.335), "AE": (0.42, 0.30)}
#: ß, in ems: the stem (its left and right edge), the height where it bends over, the top,
#: and where the 3 that gives the bowls begins; above its waist the 3 is cut off left of the
#: bend's end (the stem's top takes its place).
SHARP_STEM, SHARP_BEND, SHARP_TOP, SHARP_BOWLS, SHARP_WAIST = (0.07, 0.155), 0.50, 0.705, 0.15, 0.38
SHARP_JOIN = 0.43  # where the bend meets the 3's top

#: The mark of a space in a stroked text: drawn as the face's space plus twice the stroke.
SPACE = "space"

Font = ImageFont.FreeTypeFont


def composed(text: str, stroke: int = 0) -> bool:
    """Whether ``text`` holds a letter drawn here (or, in a stroked text, a space)."""
    return any(ch in COMPOSED for ch in text) or (stroke > 0 and " " in text)


def _pieces(text: str, stroke: int = 0) -> list[tuple[str, str | None]]:
    """``text`` as runs the font draws, each letter of :data:`COMPOSED` a run of its own (and,
    with a ``stroke``, each space)."""
    out: list[tuple[str, str | None]] = []
    run = ""
    for ch in text:
        piece = COMPOSED.get(ch) or ((ch, SPACE) if ch == " " and stroke > 0 else None)
        if piece is not None:
            if run:
                out.append((run, None))
                run = ""
            out.append(piece)
        else:
            run += ch
    if run:
        out.append((run, None))
    return out


def _step(f: Font, letters: str, mark: str | None, stroke: int = 0) -> float:
    if mark == "tie":
        return TIES[letters][1] * f.size + f.getlength(letters[1:])
    if mark == "sharp":
        return SHARP_BOWLS * f.size + f.getlength(letters)
    if mark == SPACE:
        return f.getlength(letters) + 2 * stroke
    return f.getlength(letters)


def advance(f: Font, text: str, stroke: int = 0) -> float:
    """How far ``text`` advances, as :func:`mask` draws it with ``stroke``."""
    return sum(_step(f, letters, mark, stroke) for letters, mark in _pieces(text, stroke))


def _mark(d: ImageDraw.ImageDraw, f: Font, x: float, y: float, letters: str, mark: str,
          stroke: int) -> None:
    """The mark of one letter whose base was drawn with its baseline origin at (x, y)."""
    s = f.size
    left, top, right, bottom = f.getbbox(letters, anchor="ls")
    cx = x + (left + right) / 2
    above = y + top - 0.13 * s
    if mark == "dots":
        r = 0.06 * s + stroke / 2
        gap = max(0.11 * s, (right - left) * 0.24)
        for dx in (-gap, gap):
            d.ellipse((cx + dx - r, above - r, cx + dx + r, above + r), fill=255)
    elif mark == "ring":
        r = 0.085 * s
        d.ellipse((cx - r, above - r - 0.02 * s, cx + r, above + r - 0.02 * s), outline=255,
                  width=max(1, round(0.035 * s + stroke)))
    elif mark == "slash":
        d.line((x + left - 0.02 * s, y + bottom + 0.04 * s, x + right + 0.02 * s,
                y + top - 0.04 * s), fill=255, width=max(1, round(0.06 * s + stroke)))
    elif mark == "acute":
        d.line((cx - 0.04 * s, above + 0.05 * s, cx + 0.07 * s, above - 0.08 * s), fill=255,
               width=max(1, round(0.07 * s + stroke)))


def _letter(size: tuple[int, int], f: Font, xy: tuple[float, float], letters: str,
            stroke: int) -> Image.Image:
    """``letters`` alone on a clear mask of ``size``, the baseline origin at ``xy``."""
    layer = Image.new("L", size)
    ImageDraw.Draw(layer).text(xy, letters, fill=255, font=f, anchor="ls", stroke_width=stroke,
                               stroke_fill=255)
    return layer


def _ligature(im: Image.Image, f: Font, x: float, y: float, letters: str, stroke: int) -> None:
    """æ or Æ on ``im``: the first letter cut off where the second one begins (see TIES)."""
    cut, at = TIES[letters]
    first = _letter(im.size, f, (x, y), letters[0], stroke)
    ImageDraw.Draw(first).rectangle((round(x + cut * f.size), 0, im.width, im.height), fill=0)
    second = _letter(im.size, f, (x + at * f.size, y), letters[1], stroke)
    im.paste(ImageChops.lighter(im, ImageChops.lighter(first, second)))


def _sharp_s(im: Image.Image, f: Font, x: float, y: float, stroke: int) -> None:
    """ß on ``im``: a stem that bends over into the top of a 3, whose bowls close it."""
    s = f.size
    width = 0.085 * s + 2 * stroke  # the face's stem, stroked
    left, right = x + SHARP_STEM[0] * s - stroke, x + SHARP_STEM[1] * s + stroke
    stem = Image.new("L", im.size)
    d = ImageDraw.Draw(stem)
    d.rectangle((left, y - SHARP_BEND * s, right, y + stroke), fill=255)
    cx, cy = x + SHARP_JOIN * s, y - SHARP_BEND * s  # a quarter ellipse up to the 3's top
    rx, ry = cx - left, cy - (y - SHARP_TOP * s - stroke)
    d.arc((cx - rx, cy - ry, cx + rx, cy + ry), 180, 272, fill=255, width=max(1, round(width)))
    bowls = _letter(im.size, f, (x + SHARP_BOWLS * s, y), "3", stroke)
    ImageDraw.Draw(bowls).rectangle((0, 0, round(cx) - 1, round(y - SHARP_WAIST * s)), fill=0)
    im.paste(ImageChops.lighter(im, ImageChops.lighter(stem, bowls)))


def mask(f: Font, text: str, anchor: str = "la", stroke: int = 0
         ) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` as an anti-aliased mask and its offset from the anchor point, like
    :func:`renderers.common.text_mask` (whose caller holds the font's lock)."""
    s = f.size
    ascent, descent = f.getmetrics()
    width = advance(f, text, stroke)
    pad = round(s) + 2 * stroke
    im = Image.new("L", (round(width) + 2 * pad, round(ascent + descent) + 2 * pad))
    d = ImageDraw.Draw(im)
    baseline = pad + ascent
    x = float(pad)
    for letters, mark in _pieces(text, stroke):
        if mark == "tie":
            _ligature(im, f, x, baseline, letters, stroke)
        elif mark == "sharp":
            _sharp_s(im, f, x, baseline, stroke)
        elif mark == SPACE:
            pass  # only the advance
        else:
            d.text((x, baseline), letters, fill=255, font=f, anchor="ls", stroke_width=stroke,
                   stroke_fill=255)
            if mark is not None:
                _mark(d, f, x, baseline, letters, mark, stroke)
        x += _step(f, letters, mark, stroke)
    ink = im.getbbox() or (pad, pad, pad + 1, pad + 1)
    # where the anchor point lies in ``im``: horizontally on the advance, vertically on the
    # font's lines (ascender, middle, baseline, descender) or the ink (top, bottom)
    h, v = anchor[0], anchor[1]
    ax = pad + {"l": 0.0, "m": width / 2, "r": width}[h]
    ay = {"a": baseline - ascent, "m": baseline - (ascent - descent) / 2, "s": baseline,
          "d": baseline + descent, "t": ink[1], "b": ink[3]}[v]
    return im.crop(ink), (round(ink[0] - ax), round(ink[1] - ay))
