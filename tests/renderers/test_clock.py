"""The chess-clock strip drawn above any board: pure, deterministic, the board untouched."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from renderers import render_board
from bot.timekeeping.durations import format_duration
from catalogs import tr
from games.text import Text
from renderers.clock import add_clock_strip, clock_text, draw_strip, strip_height
from renderers.common import encode_png, words

FACES = [("Marina", 2 * 86400 + 4 * 3600 + 59, True, False), ("Captain Nemo", 3 * 86400, False, False),
         ("Ана 😀 with a name far too long for any box", 0, True, True)]


def board(game: str) -> bytes:
    g = games.REGISTRY[game]
    players = ["111", "222", "333"][: max(2, g.min_players)]
    state = g.setup(players, g.resolve_options({}), 7)
    return render_board(g.view(state, None), {"111": "Marina", "222": "Captain Nemo", "333": "Ана"})


def test_clock_text() -> None:
    assert clock_text(2 * 86400 + 4 * 3600 + 59) == "2 d 4 h"
    assert clock_text(3 * 86400) == "3 d" and clock_text(5 * 3600 + 12 * 60) == "5 h 12 min"
    assert clock_text(3600) == "1 h" and clock_text(45 * 60 + 30) == "45 min"
    assert clock_text(20) == "<1 min" and clock_text(-5) == "<1 min"
    assert clock_text(100, out=True) == "0:00"


def test_clock_text_in_the_readers_units() -> None:
    """The units the bot's messages use for durations (its own catalog entries)."""
    cases = [(2 * 86400 + 4 * 3600, "2 Tg. 4 Std.", "2 d 4 t"), (3 * 86400, "3 Tg.", "3 d"),
             (5 * 3600 + 12 * 60, "5 Std. 12 Min.", "5 t 12 min"), (3600, "1 Std.", "1 t"),
             (45 * 60, "45 Min.", "45 min"), (20, "<1 Min.", "<1 min")]
    for seconds, de, da in cases:
        assert (clock_text(seconds, lang="de"), clock_text(seconds, lang="da")) == (de, da)
    assert tr(format_duration(5 * 3600 + 12 * 60), "de") == clock_text(5 * 3600 + 12 * 60,
                                                                       lang="de")


def test_the_strip_speaks_the_pictures_language() -> None:
    seahorse = Text("bot", "{name} ({seat})", {"name": "Marina",
                                               "seat": Text("kraqua", "seahorse", {})})
    faces = [(seahorse, 5 * 3600 + 12 * 60, True, False), ("Nemo", 3 * 86400, False, False)]
    said = {lang: {t for t, _box in words(draw_strip(1000, faces, lang=lang))}
            for lang in ("en", "de", "da")}
    assert {"Marina (seahorse)", "5 h 12 min", "3 d"} <= said["en"]
    assert {"Marina (Seepferdchen)", "5 Std. 12 Min.", "3 Tg."} <= said["de"]
    assert {"Marina (søhest)", "5 t 12 min", "3 d"} <= said["da"]


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
