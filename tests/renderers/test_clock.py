"""The chess-clock strip drawn above any board: pure, deterministic, the board untouched."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from renderers import render_board
from renderers.clock import add_clock_strip, clock_text, strip_height
from renderers.common import encode_png

FACES = [("Marina", 2 * 86400 + 4 * 3600 + 59, True, False), ("Captain Nemo", 3 * 86400, False, False),
         ("Ана 😀 with a name far too long for any box", 0, True, True)]


def board(game: str) -> bytes:
    g = games.REGISTRY[game]
    players = ["111", "222", "333"][: max(2, g.min_players)]
    state = g.setup(players, g.resolve_options({}), 7)
    return render_board(g.view(state, None), {"111": "Marina", "222": "Captain Nemo", "333": "Ана"})


def test_clock_text() -> None:
    assert clock_text(2 * 86400 + 4 * 3600 + 59) == "2d 4h"
    assert clock_text(3 * 86400) == "3d" and clock_text(5 * 3600 + 12 * 60) == "5h 12m"
    assert clock_text(3600) == "1h" and clock_text(45 * 60 + 30) == "45m" and clock_text(20) == "<1m"
    assert clock_text(-5) == "<1m" and clock_text(100, out=True) == "0:00"


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
def test_the_strip_goes_above_every_board(game: str) -> None:
    png = board(game)
    plain = Image.open(io.BytesIO(png))
    out = add_clock_strip(png, FACES)
    assert out == add_clock_strip(png, FACES)  # deterministic
    drawn = Image.open(io.BytesIO(out))
    top = strip_height(plain.width)
    assert drawn.size == (plain.width, plain.height + top)
    assert drawn.mode == plain.mode  # a palette board stays a small palette image
    below = drawn.crop((0, top, drawn.width, drawn.height)).convert("RGB")
    assert below.tobytes() == plain.convert("RGB").tobytes()  # the board itself is untouched
    strip = drawn.crop((0, 0, drawn.width, top)).convert("RGB")
    assert len(strip.getcolors(1 << 16) or []) > 3  # boxes and words, not an empty band


def test_an_rgb_board_and_no_faces() -> None:
    image = Image.new("RGB", (400, 300), (200, 210, 220))
    png = encode_png(image)
    out = Image.open(io.BytesIO(add_clock_strip(png, [])))
    assert out.mode == "RGB" and out.height == 300 + strip_height(400)
    out = Image.open(io.BytesIO(add_clock_strip(png, FACES[:1])))
    assert out.crop((0, strip_height(400), 400, out.height)).tobytes() == image.tobytes()
