"""The German and Danish letters the built-in font lacks (renderers.letters) read as letters.

The built-in face has no glyph of its own for them (checked here, so that a face that gains
them is noticed): æ and Æ are one ligature, in bold too, and ß is a real sharp s, not "ss".
"""

from __future__ import annotations

import pytest
from PIL import Image

from renderers.common import clean_text, has_glyph, text_mask, text_width


def pieces(mask: Image.Image) -> int:
    """How many separate pieces of ink ``mask`` holds (pixels of at least half ink, touching
    on a side or a corner)."""
    w, h = mask.size
    px = mask.load()
    assert px is not None
    ink = {(x, y) for x in range(w) for y in range(h) if px[x, y] >= 96}  # type: ignore[operator]
    count = 0
    while ink:
        count += 1
        todo = [ink.pop()]
        while todo:
            x, y = todo.pop()
            for near in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if near in ink:
                    ink.remove(near)
                    todo.append(near)
    return count


def test_the_face_has_none_of_them() -> None:
    """Were the font to draw them itself, its own glyphs would be the ones to use."""
    assert not any(has_glyph(ch) for ch in "äöüåøæÆß")


@pytest.mark.parametrize("size,stroke", [(18, 0), (22, 1), (32, 1), (48, 1), (64, 2)])
def test_ae_is_one_ligature_in_regular_and_bold(size: int, stroke: int) -> None:
    for lig, pair in (("æ", "ae"), ("Æ", "AE")):
        mask, _offset = text_mask(lig, size, "ls", stroke)
        assert pieces(mask) == 1, (lig, size, stroke)
        # the first letter's stem (the a's, the A's right leg) gives way to the second
        # letter: far narrower than the two letters side by side
        assert text_width(lig, size, stroke) <= text_width(pair, size, stroke) - 0.16 * size


@pytest.mark.parametrize("size,stroke", [(18, 0), (22, 1), (32, 1), (48, 1)])
def test_sharp_s_is_one_letter_not_ss(size: int, stroke: int) -> None:
    sharp, _offset = text_mask("ß", size, "ls", stroke)
    assert pieces(sharp) == 1
    assert text_width("ß", size, stroke) < text_width("ss", size, stroke)
    # as tall as an l (it rises above the x-height), unlike s
    assert sharp.height >= text_mask("l", size, "ls", stroke)[0].height - 2
    assert sharp.height > text_mask("s", size, "ls", stroke)[0].height + 0.15 * size
    # no B: its top left corner is rounded off (the stem bends over into the bowl)
    def corner_ink(letter: str) -> int:
        m = text_mask(letter, size, "ls", stroke)[0]
        x0, y0, _x1, _y1 = m.getbbox() or (0, 0, 0, 0)
        cut = max(2, round(0.06 * size))
        return sum(1 for v in m.crop((x0, y0, x0 + cut, y0 + cut)).tobytes() if v > 128)
    assert corner_ink("ß") < corner_ink("B") / 2


def test_names_keep_the_letters_that_can_be_drawn() -> None:
    assert clean_text("Svær bot 2") == "Svær bot 2"
    assert clean_text("Jürgen Groß") == "Jürgen Groß"
    assert clean_text("Søren Åberg") == "Søren Åberg"
    assert clean_text("Zoë") == "Zoe"  # ë is not among them: its base letter


def widest_gap(mask: Image.Image) -> int:
    """The widest run of columns of ``mask`` without ink (under a quarter)."""
    w, h = mask.size
    px = mask.load()
    assert px is not None
    best = run = 0
    for x in range(w):
        run = run + 1 if max(px[x, y] for y in range(h)) < 64 else 0  # type: ignore[operator]
        best = max(best, run)
    return best


@pytest.mark.parametrize("size,stroke", [(16, 1), (18, 1), (22, 1), (32, 1), (48, 2)])
@pytest.mark.parametrize("label", ["MÅ SPILLE", "HAR SPILLET", "MAY PLAY", "AM ZUG",
                                   "DARF SPIELEN"])
def test_bold_words_keep_their_space(label: str, size: int, stroke: int) -> None:
    """A stroke grows each letter into the face's narrow space: "MÅ SPILLE" read "MÅSPILLE"
    (the Danish review). A bold label keeps the gap the regular face leaves (to a pixel of
    rounding), and is measured at least as wide as it is drawn."""
    bold, _offset = text_mask(label, size, "ls", stroke)
    regular, _offset = text_mask(label, size, "ls", 0)
    assert widest_gap(bold) >= widest_gap(regular) - 1, (label, size)
    assert bold.width <= text_width(label, size, stroke) <= bold.width + 0.25 * size
