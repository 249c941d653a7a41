"""The Aqualin board image: valid, deterministic, drawn from the view alone, never blank."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from games import REGISTRY
from renderers import render_board
from renderers import aqualin as ra
from renderers.common import clean_text, display_name, encode_png, fit_text, text_width

from .pixels import close, decode

NAMES = {"111": "Marina", "222": "Captain Nemo"}
GAME = REGISTRY["aqualin"]


def play(rules: str, turns: int, seed: int = 7) -> Any:
    """A real game: ``turns`` random legal moves from a seeded set-up."""
    state = GAME.setup(["111", "222"], {"rules": rules}, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if GAME.result(state) is not None:
            break
        (player,) = GAME.to_act(state)
        state = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
    return state


def view_of(rules: str, turns: int, seed: int = 7) -> dict[str, Any]:
    return GAME.view(play(rules, turns, seed), None)


VIEWS = {
    "empty": lambda: view_of("seed", 0),
    "mid": lambda: view_of("seed", 20),
    "full": lambda: view_of("seed", 36),
    "classic-start": lambda: view_of("classic", 0),
    "classic-mid": lambda: view_of("classic", 15),
    "classic-full": lambda: view_of("classic", 36),
    "resigned": lambda: GAME.view(GAME.resign(play("seed", 9), "222"), None),
}


def test_full_board_shows_every_tile_in_its_colour() -> None:
    view = view_of("seed", 36)
    assert len(view["board"]) == 36 and view["over"] and view["result"]
    image = decode(render_board(view, NAMES))
    for square, tile in view["board"].items():
        pixel = image.getpixel(ra.square_centre(square))
        assert close(pixel, ra.COLOURS[tile[0]], 12), (square, tile, pixel)


def test_placed_tile_colour_at_its_centre_and_empty_squares_stay_empty() -> None:
    view = view_of("seed", 6)
    image = decode(render_board(view, NAMES))
    tile_colours = list(ra.COLOURS.values())
    for f in ra.FILES:
        for r in ra.RANKS:
            square = f + r
            pixel = image.getpixel(ra.square_centre(square))
            if square in view["board"]:
                assert close(pixel, ra.COLOURS[view["board"][square][0]], 12), square
            else:
                assert not any(close(pixel, c, 30) for c in tile_colours), square


def test_six_colours_are_far_apart() -> None:
    colours = list(ra.COLOURS.values())
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5 > 80, (a, b)


def test_tile_glyphs_differ_by_species() -> None:
    """Six different silhouettes: no two species draw the same shape."""
    masks = set()
    for species in ra.SPECIES_NAMES:
        tile = ra.tile_rgb("B" + species, 116, ra.FRAME).convert("L")
        masks.add(tile.point(lambda v: 255 if v > 80 else 0).tobytes())
    assert len(masks) == 6


def test_empty_board_and_first_turn() -> None:
    view = view_of("seed", 0)
    assert view["board"] == {} and view["last"] is None and view["drawn"]
    image = decode(render_board(view, NAMES))
    assert image.width >= 800


def test_classic_market_is_drawn() -> None:
    view = view_of("classic", 4)
    assert len(view["market"]) == 6 and view["drawn"] is None
    with_market = render_board(view, NAMES)
    empty_market = render_board({**view, "market": []}, NAMES)
    assert with_market != empty_market
    other = {**view, "market": list(reversed(view["market"]))}
    assert render_board(other, NAMES) != with_market


def test_last_move_is_highlighted() -> None:
    state = play("seed", 12, seed=3)
    view = GAME.view(state, None)
    shifted = next(m for m in GAME.legal_moves(state, view["to_act"][0]) if "-" in m)
    after = GAME.view(GAME.apply(state, view["to_act"][0], shifted), None)
    assert after["last"]["shift"]
    plain = render_board({**after, "last": None}, NAMES)
    no_shift = render_board({**after, "last": {**after["last"], "shift": None}}, NAMES)
    full = render_board(after, NAMES)
    assert len({plain, no_shift, full}) == 3
    # the placed square gets a white ring just inside its cell
    x, y = ra.square_origin(after["last"]["square"])
    ring = decode(full).getpixel((x + 2, y + ra.CELL // 2))
    assert close(ring, ra.HILITE, 40)


def test_turn_marker_follows_to_act() -> None:
    view = view_of("seed", 5)
    flipped = {**view, "to_act": [p for p in view["players"] if p not in view["to_act"]]}
    assert render_board(view, NAMES) != render_board(flipped, NAMES)


def test_results_draw_tiebreak_and_resignation_render() -> None:
    view = view_of("seed", 36)
    a, b = view["order"]
    draw = {**view, "scores": {a: 9, b: 9},
            "result": {"scores": {a: 9, b: 9}, "winners": [a, b], "outcome": None,
                       "reason": "end", "detail": {"largest": {a: 3, b: 3}}}}
    tie_break = {**draw, "result": {**draw["result"], "winners": [b],
                                    "detail": {"largest": {a: 3, b: 4}}}}
    pngs = {render_board(v, NAMES) for v in (view, draw, tie_break, VIEWS["resigned"]())}
    assert len(pngs) == 4
    for png in pngs:
        assert decode(png).width >= 800


WEIRD_NAMES = [
    "𝓜𝓪𝓻𝓲𝓷𝓪 🐟🐠🐡✨",
    "Z̷̢̛̛a̸̡l̵̨g̶o̷̧ ‮reversed‬ text",
    "李小龙",
    "👨‍👩‍👧‍👦",
    "A" * 300,
    "W" * 80 + " " + "M" * 80,
    "line\nbreak\ttab\x00nul",
    "",
    "   ",
    "\u200b\u200d\ufeff",
    "Zoë Łódź-Ærøskøbing",
    "Алексей Σωκράτης",
]


@pytest.mark.parametrize("name", WEIRD_NAMES)
def test_weird_and_long_names(name: str) -> None:
    view = view_of("seed", 36)  # finished: names appear in the header and the result
    png = render_board(view, {"111": name, "222": name[::-1]})
    assert decode(png).width >= 800
    classic = view_of("classic", 7)
    assert decode(render_board(classic, {"111": name})).width >= 800


def test_missing_names_fall_back_to_ids() -> None:
    view = view_of("seed", 10)
    assert decode(render_board(view, {})).width >= 800
    assert render_board(view, {}) == render_board(view, {p: p for p in view["players"]})


def test_display_names_fit_and_clean() -> None:
    for name in WEIRD_NAMES:
        shown = display_name({"p": name}, "p", 34, 280, "Player 1")
        assert text_width(shown, 34) <= 280
        assert shown.isprintable() and "\n" not in shown
        assert all(ord(ch) < 0x250 for ch in shown)  # the built-in font covers these
    assert display_name({}, "123", 34, 280) == "123"
    assert display_name({"p": "李小龙"}, "p", 34, 280, "Player 2") == "Player 2"
    assert display_name({}, "李", 34, 280, "Player 1") == "Player 1"
    assert clean_text("𝓜𝓪𝓻𝓲𝓷𝓪") == "Marina"
    assert clean_text("Zoë") == "Zoe"
    assert clean_text("a\u202eb\u200dc") == "abc"
    assert fit_text("x" * 500, 24, 100).endswith("...")


def test_bad_view_content_is_refused() -> None:
    view = view_of("seed", 3)
    with pytest.raises(ValueError, match="tile"):
        render_board({**view, "board": {"a1": "XX"}}, NAMES)
    with pytest.raises(ValueError, match="square"):
        render_board({**view, "board": {"z9": "BT"}}, NAMES)
    with pytest.raises(ValueError, match="rules"):
        render_board({**view, "rules": "chess"}, NAMES)


def test_encode_png_is_deterministic_and_lossless() -> None:
    image = ra.draw(view_of("seed", 20), NAMES)
    png = encode_png(image)
    assert png == encode_png(image.copy())
    again = Image.open(io.BytesIO(png))
    assert again.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    rgb = Image.new("RGB", (40, 30), (1, 2, 3))
    assert decode(encode_png(rgb)).getpixel((5, 5)) == (1, 2, 3)


def test_every_engine_tile_has_a_colour_and_a_glyph() -> None:
    from games import aqualin as engine

    assert set(ra.COLOURS) == set(engine.COLOURS)
    assert set(ra.GLYPHS) == set(engine.SPECIES)
