"""The Aqua board image: valid, deterministic, drawn from the view alone, never blank.

Pixel checks use the renderer's own layout (``AreaLayout``) to find where a coral, a free
position or an animal must be, then look at the decoded PNG there.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import pytest

from games import REGISTRY
from games.aqua import geometry as geo
from renderers import alt_text, render_board
from renderers import aqua as ra

from .pixels import close, decode

NAMES = {"111": "Marina", "222": "Captain Nemo", "333": "Ariel", "444": "Jacques"}
GAME: Any = REGISTRY["aqua"]


def play(n: int, moves: int, seed: int = 7, mode: str = "base") -> Any:
    """A real game: ``moves`` moves, mostly the engine's own best suggestions."""
    state = GAME.setup(list(NAMES)[:n], {"ecosystems": mode}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            break
        (player,) = GAME.to_act(state)
        best = [m for m, _ in GAME.suggest(state, player, "", 3)]
        move = rng.choice(best) if rng.random() < 0.8 else rng.choice(
            GAME.legal_moves(state, player))
        state = GAME.apply(state, player, move)
    return state


@lru_cache(maxsize=None)
def _view_json(kind: str) -> str:
    if kind == "start":
        state = play(4, 0)
    elif kind == "mid":
        state = play(3, 30)
    elif kind == "solo-mid":
        state = play(1, 20)
    elif kind == "end":
        state = play(4, 10**6)
    elif kind == "solo-end":
        state = play(1, 10**6)
    elif kind == "family-end":
        state = play(2, 10**6, mode="family")
    elif kind == "large":
        state = large_phase_state()
    elif kind == "resigned":
        state = GAME.resign(play(2, 9), "222")
    else:
        raise KeyError(kind)
    return json.dumps(GAME.view(state, None))


def view_of(kind: str) -> dict[str, Any]:
    return json.loads(_view_json(kind))


def lay_a_row(view: dict[str, Any], who: str, qs: range) -> None:
    """Make ``who``'s area long: a straight row of tiles at r = 0 for each q in ``qs``, with
    the free positions beside it at r = 1."""
    tiles = dict(view["areas"][who]["tiles"])
    for q in qs:
        tiles[f"{q},0"] = "RGB"
    view["areas"][who]["tiles"] = tiles
    view["areas"][who]["frontier"] = [f"{q},1" for q in qs]


def large_phase_state() -> Any:
    for seed in range(60):
        state = GAME.setup(["111", "222"], {}, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            (player,) = GAME.to_act(state)
            if state.phase == "large":
                return state
            state = GAME.apply(state, player, rng.choice(
                [m for m, _ in GAME.suggest(state, player, "", 2)]))
    raise AssertionError("no large-animal step in 60 games")


KINDS = ["start", "mid", "solo-mid", "end", "solo-end", "family-end", "large", "resigned"]


def area_layout(view: Mapping[str, Any], who: str, focus: str | None = None) -> ra.AreaLayout:
    """Where the renderer put ``who``'s area on the board drawn with ``focus``."""
    for panel in ra.plan(view, NAMES, focus).panels:
        if panel.player == who:
            return panel.layout
    raise AssertionError(f"{who}'s area is not on the picture")


def coral_point(layout: ra.AreaLayout, pos: tuple[int, int], d: str) -> tuple[int, int]:
    """A point well inside a coral, away from its letter and polyps."""
    cx, cy = layout.tile(pos)
    a, tip, b = (geo.CORNERS[k] for k in geo.RHOMBUS[d])
    s = layout.size
    # between the centre and the side corner ``a``: plain coral colour
    x = cx + (a[0] * 0.45 + tip[0] * 0.12) * s
    y = cy + (a[1] * 0.45 + tip[1] * 0.12) * s
    return round(x), round(y)


# ----- basics -----------------------------------------------------------------------------------


def test_focus_and_alt_text() -> None:
    view = view_of("mid")
    others = [p for p in view["players"] if p != view["active"]]
    assert ra.render(view, NAMES, focus=others[0]) != ra.render(view, NAMES, focus=view["active"])
    assert ra.render(view, NAMES, focus="nobody") == ra.render(view, NAMES)
    text = alt_text(view, NAMES)
    assert text.startswith("Aqua, round") and len(text) <= 1024
    assert "Market:" in text


# ----- pixels -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["start", "mid", "end", "solo-mid"])
def test_every_coral_shows_its_colour(kind: str) -> None:
    view = view_of(kind)
    who = ra.focus_player(view, None)
    view["areas"][who]["large"] = []  # gold outlines and names may lie over corals
    layout = area_layout(view, who)
    image = decode(render_board(view, NAMES))
    animals = {geo.site_corals(ra.style._pos(k)) for k in view["areas"][who]["animals"]}
    covered_by_token = {c for corals in animals for c in corals}
    checked = 0
    for key, colours in view["areas"][who]["tiles"].items():
        pos = ra.style._pos(key)
        for i, d in enumerate(geo.DIRS):
            if colours[i] == "*" or (pos[0], pos[1], d) in covered_by_token:
                continue
            pixel = image.getpixel(coral_point(layout, pos, d))
            assert close(pixel, ra.COLOURS[colours[i]]), (key, d, colours, pixel)
            checked += 1
    assert checked >= 6


def test_free_positions_are_wells_and_legal_ones_are_bright() -> None:
    view = view_of("start")
    who = view["active"]
    layout = area_layout(view, who)
    image = decode(render_board(view, NAMES))
    legal = set(view["legal_positions"])
    assert legal
    for key in view["areas"][who]["frontier"]:
        x, y = layout.tile(ra.style._pos(key))
        edge = image.getpixel((round(x), round(y - layout.size + 5)))
        if key in legal:
            assert close(edge, ra.ACCENT, 40), (key, edge)
        else:
            assert not close(edge, ra.ACCENT, 60), (key, edge)
        # the label: text pixels near the centre, bright where a tile can go
        box = image.crop((round(x) - 30, round(y) - 10, round(x) + 30, round(y) + 10))
        brightest = box.convert("L").getextrema()[1]
        assert brightest > (200 if key in legal else 90), (key, brightest)


def test_hot_spot_glows() -> None:
    view = view_of("start")
    who = view["active"]
    layout = area_layout(view, who)
    image = decode(render_board(view, NAMES))
    x, y = layout.site((0, 0))
    ring = image.getpixel((round(x + layout.size * 0.22), round(y)))
    assert close(ring, ra.HOT_CORE, 30) or close(ring, ra.HOT_GLOW, 30), ring


def test_small_animals_are_tokens_and_fresh_ones_ringed() -> None:
    view = view_of("large")
    who = view["active"]
    assert view["placed_this_turn"]
    layout = area_layout(view, who)
    image = decode(render_board(view, NAMES))
    for key in view["areas"][who]["animals"]:
        x, y = layout.site(ra.style._pos(key))
        centre_ring = image.getpixel((round(x), round(y - layout.size * 0.40)))
        # the token's dark rim or its coral-coloured ring is there, not the bare coral
        assert sum(centre_ring) < 600
    key = view["placed_this_turn"][0]
    x, y = layout.site(ra.style._pos(key))
    white = image.getpixel((round(x), round(y - layout.size * 0.51)))
    assert close(white, ra.HILITE, 40), white


def test_large_animals_are_outlined_in_gold() -> None:
    view = view_of("end")
    big = [(p, b) for p in view["players"] for b in view["areas"][p]["large"]]
    assert big, "the sample game has no large animal"
    player, animal = big[0]
    png = ra.render(view, NAMES, focus=player)
    without = copy.deepcopy(view)
    without["areas"][player]["large"] = []
    assert ra.render(without, NAMES, focus=player) != png
    image = decode(png)
    layout = area_layout(view, player, player)
    x, y = layout.site(ra.style._pos(animal["sites"][0]))
    gold = 0
    for dx in range(-int(layout.size), int(layout.size)):
        px = image.getpixel((round(x + dx), round(y)))
        gold += close(px, ra.GOLD, 30)
    assert gold >= 2


def test_market_slots_and_snail() -> None:
    view = view_of("start")
    png = render_board(view, NAMES)
    assert render_board({**view, "market": view["market"][::-1]}, NAMES) != png
    assert render_board({**view, "snail": view["players"][0]}, NAMES) != png
    image = decode(png)
    # the first market tile's N coral is its first colour
    code = view["market"][0]
    n = len(view["market"]) + 1
    cx = ra.MARGIN + (ra.WIDTH - 2 * ra.MARGIN - n * 150) // 2 + 75
    cy = ra.plan(view, NAMES).header_h + 112
    pixel = image.getpixel((round(cx - 10), round(cy - ra.MARKET_HEX * 0.55)))
    assert close(pixel, ra.COLOURS[code[0]]), (code, pixel)


def test_turn_marker_and_scores_change_the_image() -> None:
    view = view_of("mid")
    png = render_board(view, NAMES)
    flipped = {**view, "to_act": [p for p in view["players"] if p not in view["to_act"]][:1]}
    assert render_board(flipped, NAMES) != png
    scores = copy.deepcopy(view["scores"])
    scores[view["players"][0]]["total"] += 5
    assert render_board({**view, "scores": scores}, NAMES) != png


def test_no_hidden_information_in_the_image() -> None:
    """The deck order is the only secret; two deals that differ only there draw alike."""
    state = play(3, 12)
    other = GAME.resample(state, None, 99)
    assert other.deck != state.deck
    assert render_board(GAME.view(other, None), NAMES) == render_board(
        GAME.view(state, None), NAMES)


@pytest.mark.parametrize("name", ["𝓜𝓪𝓻𝓲𝓷𝓪 🐟", "李小龙", "A" * 300, "line\nbreak\x00", "", "Zoë"])
def test_weird_names(name: str) -> None:
    for kind in ("mid", "end", "solo-end"):
        view = view_of(kind)
        names = {p: name for p in view["players"]}
        assert decode(render_board(view, names)).width >= 800
        assert len(alt_text(view, names)) <= 1024


def test_big_areas_are_scaled_to_fit() -> None:
    """A long snake of tiles still fits the width: the hexes shrink, never below the minimum."""
    view = view_of("start")
    who = view["active"]
    lay_a_row(view, who, range(1, 22))
    layout = ra.layout._area_layout(view["areas"][who])
    assert ra.TINY_HEX <= layout.size < ra.MIN_HEX
    assert layout.width <= ra.WIDTH - 2 * ra.MARGIN - 2 * ra.AREA_PAD
    image = decode(render_board(view, NAMES))
    assert image.width == ra.WIDTH
    # a tall area keeps its hexes legible and makes the image taller instead
    tall = copy.deepcopy(view_of("start"))
    tiles = dict(tall["areas"][who]["tiles"])
    for r in range(1, 30):
        tiles[f"{-(r // 2)},{r}"] = "RGB"  # straight down: x stays put
    tall["areas"][who]["tiles"] = tiles
    layout = ra.layout._area_layout(tall["areas"][who])
    assert layout.size == ra.MIN_HEX and layout.height > ra.AREA_MAX_H
    assert decode(render_board(tall, NAMES)).height > 1500
    small = ra.layout._area_layout(view_of("start")["areas"][who])
    assert small.size == ra.MAX_HEX


def test_bad_view_content_is_refused() -> None:
    view = view_of("mid")
    who = view["active"]
    broken = copy.deepcopy(view)
    broken["areas"][who]["tiles"]["9,9"] = "XYZ"
    with pytest.raises(ValueError, match="tile"):
        render_board(broken, NAMES)
    broken = copy.deepcopy(view)
    broken["areas"][who]["tiles"]["nine"] = "RGB"
    with pytest.raises(ValueError, match="position"):
        render_board(broken, NAMES)
    with pytest.raises(ValueError, match="tile"):
        render_board({**view, "market": ["QQQ"]}, NAMES)



def test_large_animals_side_by_side_keep_their_labels_apart() -> None:
    """Two large animals next to each other: each label finds a free place (the dolphin's
    label lay under the sea lion's, the shark's over the manta ray's)."""
    import copy

    import games
    from renderers.aqua import draw
    from tests.renderers.test_layout import positions, problems

    game = games.REGISTRY["aqua"]
    view = copy.deepcopy(game.view(positions("aqua")[-1][1], None))
    area = next(iter(view["areas"].values()))
    area["large"] = [
        {"shape": "pair", "sites": ["0,-1", "-1,0"], "points": 11, "side": "A", "animal": "sea lion"},
        {"shape": "pair", "sites": ["1,-1", "0,0"], "points": 7, "side": "A", "animal": "dolphin"},
        {"shape": "pair", "sites": ["0,1", "0,2"], "points": 10, "side": "A", "animal": "shark"},
        {"shape": "pair", "sites": ["1,1", "1,2"], "points": 9, "side": "A", "animal": "manta ray"}]
    for lang in ("en", "de", "da"):
        assert problems(draw(view, {}, lang=lang)) == [], lang


def test_every_ecosystem_has_its_words_in_the_picture() -> None:
    from games.aqua.material import ECOSYSTEMS
    from renderers.aqua.words import ECOSYSTEM_WORDS

    assert set(ECOSYSTEM_WORDS) == set(ECOSYSTEMS)


@pytest.mark.parametrize("lang", ["de", "da"])
def test_the_pictures_move_pattern_is_in_the_readers_words(lang: str) -> None:
    """The hint under the active area wrote its pattern in English: 'take SLOT at Q,R'."""
    state = GAME.setup(["111", "222"], {}, 3)
    (who,) = GAME.to_act(state)
    from renderers.aqua.layout import _area_hints

    said = " ".join(_area_hints(GAME.view(state), NAMES, who, "active", True, lang))
    assert ("nimm NR auf Q,R" if lang == "de" else "tag NR på Q,R") in said, said
    assert "take" not in said and "SLOT" not in said
