"""The Aqua board with several players: what the mover built, everyone's areas, the end.

Positions come from the renderer's own plan (``renderers.aqua.plan``); the checks look at the
decoded PNG there. Views come from real games played by the engine's own suggestions.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pytest

from games.aqua import geometry as geo
from renderers import alt_text, render_board
from renderers import aqua as ra

from .pixels import close, decode
from .test_aqua import GAME, NAMES, coral_point, lay_a_row

View = dict[str, Any]


@lru_cache(maxsize=None)
def _find(players: int, kind: str, seed: int = 7) -> Any:
    """The first state of a real game that is of ``kind``."""
    state = GAME.setup(list(NAMES)[:players], {"ecosystems": "base"}, seed)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        (player,) = GAME.to_act(state)
        if kind == "snail" and state.round >= 3 and GAME.snail_allowed(state):
            return GAME.apply(state, player, "snail")
        state = GAME.apply(state, player, rng.choice(
            [m for m, _ in GAME.suggest(state, player, "", 3)]))
        view = GAME.view(state, None)
        if CONDITIONS[kind](view):
            return state
    if kind == "end":
        return state
    raise AssertionError(f"no {kind} state in the game")


def _after_take(view: View) -> bool:
    last = view["last"] or {}
    return (view["phase"] == "take" and last.get("kind") == "take" and view["round"] >= 6
            and last["player"] != view["active"]
            and any(value for _site, _s, value in last["habitats"]))


CONDITIONS: dict[str, Callable[[View], bool]] = {
    "after": _after_take,
    "large": lambda v: (v["phase"] == "take" and bool((v["last"] or {}).get("large"))
                        and v["last"]["player"] != v["active"]),
    "snail": lambda v: False,  # taken on purpose by ``_find``
    "twice": lambda v: v["active"] is not None and ra.layout._twice(v, v["active"]),
    "end": lambda v: False,
}


def view_of(players: int, kind: str) -> View:
    return copy.deepcopy(GAME.view(_find(players, kind), None))


def panel_of(plan: ra.Plan, player: str) -> ra.Panel:
    (found,) = [p for p in plan.panels if p.player == player]
    return found


# ----- after a move: the mover's area beside the next player's ---------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_a_move_the_mover_and_the_next_player_are_shown(players: int) -> None:
    view = view_of(players, "after")
    mover, active = view["last"]["player"], view["active"]
    plan = ra.plan(view, NAMES)
    assert [(p.player, p.role) for p in plan.panels] == [(mover, "moved"), (active, "next")]
    moved, nxt = plan.panels
    assert not moved.wells and nxt.wells  # only the next player needs free positions
    assert moved.layout.size == nxt.layout.size  # one scale: the areas compare at a glance
    # side by side, both at a readable size
    assert moved.box[1] == nxt.box[1] and moved.box[2] < nxt.box[0]
    assert moved.layout.size >= ra.MIN_SIDE_HEX
    image = decode(render_board(view, NAMES))
    # the tile just placed is there, in its colours, with a white outline (looked at by its
    # S corner: the N, SE and SW corners are sites, where animals may lie)
    pos = ra.style._pos(view["last"]["pos"])
    colours = view["areas"][mover]["tiles"][view["last"]["pos"]]
    animals = {c for k in view["areas"][mover]["animals"] for c in geo.site_corals(ra.style._pos(k))}
    seen = 0
    for i, d in enumerate(geo.DIRS):
        if (pos[0], pos[1], d) in animals:
            continue
        pixel = image.getpixel(coral_point(moved.layout, pos, d))
        assert close(pixel, ra.COLOURS[colours[i]]), (d, colours, pixel)
        seen += 1
    assert seen
    x, y = moved.layout.tile(pos)
    rim = [image.getpixel((round(x), round(y + moved.layout.size + dy))) for dy in range(0, 4)]
    assert any(close(px, ra.HILITE, 40) for px in rim), rim
    # the small animals it brought wear the white ring
    for site, _species, value in view["last"]["habitats"]:
        if value:
            sx, sy = moved.layout.site(ra.style._pos(site))
            top = image.getpixel((round(sx), round(sy - moved.layout.size * 0.51)))
            assert close(top, ra.HILITE, 40), (site, top)
    # the next player's free positions are bright where a tile fits
    for key in view["legal_positions"][:3]:
        wx, wy = nxt.layout.tile(ra.style._pos(key))
        edge = image.getpixel((round(wx), round(wy - nxt.layout.size + 5)))
        assert close(edge, ra.ACCENT, 40), (key, edge)
    # the alt text says it too
    assert f"just placed a tile at {view['last']['pos']}" in alt_text(view, NAMES)


def test_a_new_large_animal_is_labelled_in_white() -> None:
    view = view_of(2, "large")
    mover = view["last"]["player"]
    plan = ra.plan(view, NAMES)
    assert panel_of(plan, mover).role == "moved"
    png = render_board(view, NAMES)
    older = copy.deepcopy(view)
    older["last"] = {**older["last"], "large": None}
    assert render_board(older, NAMES) != png  # only the label's colour differs


def test_after_the_snail_the_mover_is_still_shown() -> None:
    view = view_of(3, "snail")
    plan = ra.plan(view, NAMES)
    mover = view["last"]["player"]
    assert panel_of(plan, mover).role == "moved"
    assert "sea snail" in " ".join(panel_of(plan, mover).hints)
    assert "just took the sea snail" in alt_text(view, NAMES)


def test_two_turns_in_a_row_get_one_area_and_a_note() -> None:
    view = view_of(3, "twice")
    who = view["active"]
    plan = ra.plan(view, NAMES)
    assert [(p.player, p.role) for p in plan.panels] == [(who, "next")]
    note = " ".join(plan.panels[0].hints)
    assert "two turns in a row" in note and f"round {view['round']}" in note
    # what that player placed last turn is still marked
    layout = plan.panels[0].layout
    x, y = layout.tile(ra.style._pos(view["last"]["pos"]))
    image = decode(render_board(view, NAMES))
    rim = [image.getpixel((round(x), round(y + layout.size + dy))) for dy in range(0, 4)]
    assert any(close(px, ra.HILITE, 40) for px in rim), rim


def test_areas_too_wide_for_half_the_width_go_one_above_the_other() -> None:
    view = view_of(3, "after")
    lay_a_row(view, view["active"], range(2, 16))
    plan = ra.plan(view, NAMES)
    assert [p.role for p in plan.panels] == ["moved", "next"]
    moved, nxt = plan.panels
    assert moved.wide and nxt.wide and moved.box[3] < nxt.box[1]
    assert decode(render_board(view, NAMES)).width == ra.WIDTH


# ----- everyone's areas and scores as thumbnails -----------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_area_is_a_thumbnail_in_its_players_card(players: int) -> None:
    view = view_of(players, "after")
    plan = ra.plan(view, NAMES)
    assert plan.thumbs
    png = render_board(view, NAMES)
    image = decode(png)
    coral = set(ra.COLOURS.values())
    for p, card in zip(view["players"], ra.card_boxes(players, True)):
        box = ra.thumb_box(card)
        assert box[3] <= plan.header_h and box[2] - box[0] > 150
        patch = image.crop(box)
        colourful = sum(n for n, px in patch.getcolors(1 << 16)
                        if any(close(px, c, 6) for c in coral))
        tiles = len(view["areas"][p]["tiles"])
        assert colourful > 30 * tiles, (p, colourful, tiles)
    # a thumbnail follows its area: one more tile changes that card and no other
    p = view["players"][0]
    grown = copy.deepcopy(view)
    spot = grown["areas"][p]["frontier"][0]
    grown["areas"][p]["tiles"][spot] = "RRR"
    other = decode(render_board(grown, NAMES))
    cards = ra.card_boxes(players, True)
    assert image.crop(ra.thumb_box(cards[0])) != other.crop(ra.thumb_box(cards[0]))
    for card in cards[1:]:
        assert image.crop(ra.thumb_box(card)) == other.crop(ra.thumb_box(card))


def test_solo_has_no_thumbnail() -> None:
    state = GAME.setup(["111"], {"ecosystems": "base"}, 3)
    view = GAME.view(state, None)
    plan = ra.plan(view, NAMES)
    assert not plan.thumbs and plan.header_h == ra.HEADER_H
    assert [p.role for p in plan.panels] == ["next"]


# ----- the end: every area -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_final_image_shows_every_area(players: int) -> None:
    view = view_of(players, "end")
    assert view["result"]
    plan = ra.plan(view, NAMES)
    assert sorted(p.player for p in plan.panels) == sorted(view["players"])
    assert {p.role for p in plan.panels} == {"final"}
    winner = view["result"]["winners"][0]
    assert plan.panels[0].player == winner
    for p in view["players"]:  # gold outlines and names lie over corals
        view["areas"][p]["large"] = []
    image = decode(render_board(view, NAMES))
    assert image.height == plan.height
    for panel in plan.panels:
        assert not panel.wells
        area = view["areas"][panel.player]
        covered = {c for k in area["animals"] for c in geo.site_corals(ra.style._pos(k))}
        checked = 0
        for key, colours in area["tiles"].items():
            pos = ra.style._pos(key)
            for i, d in enumerate(geo.DIRS):
                if colours[i] == "*" or (pos[0], pos[1], d) in covered:
                    continue
                pixel = image.getpixel(coral_point(panel.layout, pos, d))
                assert close(pixel, ra.COLOURS[colours[i]]), (panel.player, key, d, pixel)
                checked += 1
        assert checked >= 10
        # the hot spot of every area glows
        x, y = panel.layout.site((0, 0))
        px = image.getpixel((round(x + panel.layout.size * 0.22), round(y)))
        assert close(px, ra.HOT_CORE, 30) or close(px, ra.HOT_GLOW, 30), px


def test_a_finished_game_still_shows_one_area_on_request() -> None:
    view = view_of(3, "end")
    loser = [p for p in view["players"] if p not in view["result"]["winners"]][0]
    plan = ra.plan(view, NAMES, loser)
    assert [(p.player, p.role) for p in plan.panels] == [(loser, "next")]
    assert plan.panels[0].hints == ["Final area: q,r under each animal names its site"]


# ----- /game board player: --------------------------------------------------------------------


def test_focus_shows_that_players_area_alone() -> None:
    view = view_of(4, "after")
    other = [p for p in view["players"] if p not in (view["active"], view["last"]["player"])][0]
    plan = ra.plan(view, NAMES, other)
    assert [(p.player, p.role) for p in plan.panels] == [(other, "next")]
    assert plan.panels[0].wide
    assert render_board(view, NAMES, focus=other) != render_board(view, NAMES)


# ----- words on the image ----------------------------------------------------------------------


def test_the_image_says_q_r_everywhere() -> None:
    """Sites are written ``q,r`` as in the rules, never ``a,b``."""
    texts = list(ra.LEGEND)
    for players, kind in ((3, "after"), (3, "twice"), (3, "end"), (2, "large")):
        view = view_of(players, kind)
        for focus in (None, *view["players"]):
            for panel in ra.plan(view, NAMES, focus).panels:
                texts += panel.hints
    assert texts and not any("a,b" in t for t in texts)
    legend = " ".join(ra.LEGEND)
    assert "top corner of tile q,r" in legend and "hot spot" in legend
    assert "points" in legend and "just placed" in legend


def test_the_rules_explain_the_hot_spot_sites_and_two_turns_in_a_row() -> None:
    summary = str(GAME.summary)
    assert "hot spot" in summary and "top corner" in summary and "twice in a row" in summary
    assert len(summary) < 2000
