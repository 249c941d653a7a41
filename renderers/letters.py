"""German and Danish letters the built-in font lacks, drawn from letters it has.

Pillow's built-in face (Aileron) covers ASCII only: "Plättchen", "større" and "Æble" would
show empty boxes (the face has none of these letters, so there is no glyph of its own to
prefer). Rather than ship a font file, each missing letter is drawn as its base letter with
the mark added in the same ink: the dots of ä ö ü, the ring of å, the stroke of ø, the accent
of é. The ligatures are built from the face's own strokes: æ is an a whose stem is cut away
where the e's bowl takes its place, Æ the left leg and bar of an A grown into an E; ß is a
B whose top left corner is rounded off (the stem bends over into the upper bowl; the face's
3, used before, has a flat top and read as "ſ3"). Each is
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
    "æ": ("ae", "tie"), "Æ": ("AE", "tie"), "ß": ("B", "sharp"),
}
#: A ligature of two letters, in ems from the first one's origin: where the first is cut
#: away (its right side: the a's stem, the A's right leg) and where the second begins (its
#: bowl or stem where that was).
TIES: dict[str, tuple[float, float]] = {"ae": (0.405, 0.335), "AE": (0.42, 0.30)}
#: ß, in ems: the radius of the B's rounded top left corner, and the stem's width.
SHARP_ROUND, SHARP_STEM = 0.24, 0.09

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
    """ß on ``im``: a B whose stem bends over into the upper bowl at its top left corner."""
    s = f.size
    drawn = _letter(im.size, f, (x, y), "B", stroke)
    ink = drawn.getbbox()
    if ink is None:
        return
    # as tall as an l: it rises above the capitals, as the letter does in a real face
    rise = round(-f.getbbox("l", anchor="ls", stroke_width=stroke)[1]) - round(y - ink[1])
    b = Image.new("L", im.size)
    b.paste(drawn.crop(ink).resize((ink[2] - ink[0], ink[3] - ink[1] + max(0, rise)),
                                   Image.Resampling.LANCZOS), (ink[0], ink[1] - max(0, rise)))
    left, top = ink[0], ink[1] - max(0, rise)
    r = SHARP_ROUND * s + stroke
    ImageDraw.Draw(b).rectangle((0, 0, round(left + r) - 1, round(top + r) - 1), fill=0)
    # the bend, drawn four times as large and scaled down so that it is as smooth as the face;
    # a little longer than a quarter, so that it runs into the stem and the bowl it joins
    k, n = 4, round(2 * r) + 2
    bend = Image.new("L", (n * k, n * k))
    ImageDraw.Draw(bend).arc((0, 0, round(2 * r * k), round(2 * r * k)), 170, 280, fill=255,
                             width=max(k, round((SHARP_STEM * s + 2 * stroke) * k)))
    corner = Image.new("L", b.size)
    corner.paste(bend.resize((n, n), Image.Resampling.BOX), (left, top))
    im.paste(ImageChops.lighter(im, ImageChops.lighter(b, corner)))


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
