"""German and Danish letters the built-in font lacks, drawn from letters it has.

Pillow's built-in face (Aileron) covers ASCII only: "Plättchen", "større" and "Æble" would
show empty boxes. Rather than ship a font file, each missing letter is drawn as its base
letter with the mark added in the same ink: the dots of ä ö ü, the ring of å, the stroke of
ø, the accent of é; æ is an a and an e drawn into each other, and ß is written ss (as
Switzerland does). :func:`renderers.common.text_mask` and ``text_width`` come here for any
text holding such a letter, so a word is measured as it is drawn.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

#: letter -> (the letters drawn for it, the mark drawn over them)
COMPOSED: dict[str, tuple[str, str | None]] = {
    "ä": ("a", "dots"), "ö": ("o", "dots"), "ü": ("u", "dots"),
    "Ä": ("A", "dots"), "Ö": ("O", "dots"), "Ü": ("U", "dots"),
    "å": ("a", "ring"), "Å": ("A", "ring"), "ø": ("o", "slash"), "Ø": ("O", "slash"),
    "é": ("e", "acute"), "É": ("E", "acute"),
    "æ": ("ae", "tie"), "Æ": ("AE", "tie"), "ß": ("ss", None),
}
#: How far the e of æ slides into the a, in ems (the E of Æ further, beside the A's slope).
TIE = 0.14
TIE_CAPITAL = 0.24

Font = ImageFont.FreeTypeFont


def composed(text: str) -> bool:
    """Whether ``text`` holds a letter drawn here."""
    return any(ch in COMPOSED for ch in text)


def _pieces(text: str) -> list[tuple[str, str | None]]:
    """``text`` as runs the font draws, each letter of :data:`COMPOSED` a run of its own."""
    out: list[tuple[str, str | None]] = []
    run = ""
    for ch in text:
        if ch in COMPOSED:
            if run:
                out.append((run, None))
                run = ""
            out.append(COMPOSED[ch])
        else:
            run += ch
    if run:
        out.append((run, None))
    return out


def _tie(letters: str) -> float:
    return TIE_CAPITAL if letters.isupper() else TIE


def _step(f: Font, letters: str, mark: str | None) -> float:
    if mark == "tie":
        return f.getlength(letters) - _tie(letters) * f.size
    return f.getlength(letters)


def advance(f: Font, text: str) -> float:
    """How far ``text`` advances, as :func:`mask` draws it."""
    return sum(_step(f, letters, mark) for letters, mark in _pieces(text))


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


def mask(f: Font, text: str, anchor: str = "la", stroke: int = 0
         ) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` as an anti-aliased mask and its offset from the anchor point, like
    :func:`renderers.common.text_mask` (whose caller holds the font's lock)."""
    s = f.size
    ascent, descent = f.getmetrics()
    width = advance(f, text)
    pad = round(s) + 2 * stroke
    im = Image.new("L", (round(width) + 2 * pad, round(ascent + descent) + 2 * pad))
    d = ImageDraw.Draw(im)
    baseline = pad + ascent
    x = float(pad)
    for letters, mark in _pieces(text):
        if mark == "tie":  # the a, then the e drawn into it
            d.text((x, baseline), letters[0], fill=255, font=f, anchor="ls", stroke_width=stroke,
                   stroke_fill=255)
            d.text((x + f.getlength(letters[0]) - _tie(letters) * s, baseline), letters[1:], fill=255,
                   font=f, anchor="ls", stroke_width=stroke, stroke_fill=255)
        else:
            d.text((x, baseline), letters, fill=255, font=f, anchor="ls", stroke_width=stroke,
                   stroke_fill=255)
            if mark is not None:
                _mark(d, f, x, baseline, letters, mark, stroke)
        x += _step(f, letters, mark)
    ink = im.getbbox() or (pad, pad, pad + 1, pad + 1)
    # where the anchor point lies in ``im``: horizontally on the advance, vertically on the
    # font's lines (ascender, middle, baseline, descender) or the ink (top, bottom)
    h, v = anchor[0], anchor[1]
    ax = pad + {"l": 0.0, "m": width / 2, "r": width}[h]
    ay = {"a": baseline - ascent, "m": baseline - (ascent - descent) / 2, "s": baseline,
          "d": baseline + descent, "t": ink[1], "b": ink[3]}[v]
    return im.crop(ink), (round(ink[0] - ax), round(ink[1] - ay))
