"""Aqua scenarios from hand-built positions, against the rules in ``games.aqua``.

The generic contract (playouts, round trips, garbage input, ...) is in ``test_contract.py``
and the geometry on its own in ``test_aqua_geometry.py``. Positions are built with ``build``
below: a real set-up whose areas, animals, market and turn order are then set by hand; the
helper keeps the material consistent (every tile once, 12 small animals per species), which
``load`` checks. Expected scores are worked out by hand in the comments.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from games import REGISTRY, CorruptState, GameOver, IllegalMove, NotYourTurn
from games.aqua import Done, Large, Snail, Take, solo_rating
from games.aqua.material import (
    BASE_ECOSYSTEMS,
    ECOSYSTEMS,
    TILES,
    canonical,
    hot_spot_tiles,
    placed,
    rotations,
    small_value,
)
from games.aqua.scoring import breakdown, ecosystem_points, reefs
from tests.games import helpers
from tests.games.helpers import consistent, unreadable

GAME: Any = REGISTRY["aqua"]
A, B, C, D = "alice", "bob", "carol", "dave"
SPECIES = "CSFTJH"
COLOUR_OF = dict(zip(SPECIES, "ROYGBP"))


# ----- helpers ----------------------------------------------------------------------------------


def key(pos: tuple[int, int]) -> str:
    return f"{pos[0]},{pos[1]}"


def pos(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return (int(q), int(r))


def build(areas: Mapping[str, Mapping[str, str]] | None = None, *,
          players: Sequence[str] = (A, B), animals: Mapping[str, Mapping[str, Any]] | None = None,
          market: Sequence[str] | None = None, queue: Sequence[str] | None = None,
          phase: str = "take", fresh: Sequence[str] = (), snail: str | None = "market",
          round: int = 1, mode: str = "base", large: Mapping[str, list[Any]] | None = None,
          large_stacks: Mapping[str, list[int]] | None = None, hot: Mapping[str, int] | None = None,
          seed: int = 0) -> Any:
    """A consistent state: hot spots plus ``areas`` (``"q,r"`` -> colours at N, SE, SW)."""
    state = GAME.setup(list(players), {"ecosystems": mode}, seed)
    hot_now = dict(hot) if hot else {p: i + 1 for i, p in enumerate(players)}
    tiles = {p: hot_spot_tiles(hot_now[p]) for p in players}
    used = []
    for p, extra in (areas or {}).items():
        for k, colours in extra.items():
            tiles[p][pos(k)] = colours
            used.append(canonical(colours))
    assert len(set(used)) == len(used), "a tile can only lie once"
    market_now = list(market) if market is not None else None
    pool = [t for t in TILES if t not in used and t not in (market_now or [])]
    if market_now is None:
        market_now = pool[:len(state.market)]
        pool = pool[len(state.market):]
    deck_size = min(len(state.deck), len(pool))
    all_animals = {p: {} for p in players}
    for p, found in (animals or {}).items():
        for k, a in found.items():
            all_animals[p][pos(k)] = (a[0], a[1], a[2] if len(a) > 2 else False)
    counts = Counter(a[0] for area in all_animals.values() for a in area.values())
    new = replace(
        state, hot=hot_now, tiles=tiles, animals=all_animals,
        large={p: list((large or {}).get(p, [])) for p in players},
        stacks={s: 12 - counts[s] for s in SPECIES},
        large_stacks={s: list(v) for s, v in (large_stacks or state.large_stacks).items()},
        market=market_now, deck=pool[:deck_size], box=sorted(pool[deck_size:]), discards=[],
        snail=None if len(players) == 1 else snail, round=round,
        queue=list(queue) if queue is not None else list(players), phase=phase,
        fresh=[pos(s) for s in fresh], last=None)
    return consistent(GAME, new)


acting = partial(helpers.acting, GAME)
rejection = partial(helpers.rejection, GAME)


def play(state: Any, *moves: str) -> Any:
    for move in moves:
        state = GAME.apply(state, acting(state), move)
    return state


def tile_with(colours: str) -> str:
    """The code of the tile that shows ``colours`` in some rotation."""
    return canonical(colours)


def rot_for(code: str, colours: str) -> int:
    return rotations(code).index(colours)


# ----- material ---------------------------------------------------------------------------------


def test_seventy_tiles_generated_from_the_rule() -> None:
    assert len(TILES) == 70 == len(set(TILES))
    two = [t for t in TILES if len(set(t)) == 2]
    three = [t for t in TILES if len(set(t)) == 3]
    assert len(two) == 30 and len(three) == 40
    corals = Counter("".join(TILES))
    assert corals == {c: 35 for c in "ROYGBP"}
    for t in TILES:
        assert t == min(rotations(t)), "a tile is written in its alphabetically smallest rotation"
    # the two cyclic orders of one colour triple are different tiles
    assert "BGR" in TILES and "BRG" in TILES
    assert len({frozenset(rotations(t)) for t in TILES}) == 70


def test_rotation_turns_clockwise() -> None:
    # colour i goes to direction (i + k) mod 3 of N, SE, SW
    assert placed("BGR", 0) == "BGR"
    assert placed("BGR", 1) == "RBG"  # B (colour 0) now points SE
    assert placed("BGR", 2) == "GRB"
    assert canonical("RBG") == "BGR"


def test_hot_spot_tiles() -> None:
    assert hot_spot_tiles(1) == {(0, 0): "*RO", (0, -1): "Y*G", (1, -1): "BP*"}
    assert hot_spot_tiles(4) == {(0, 0): "*BP", (0, -1): "G*Y", (1, -1): "RO*"}


def test_small_animal_values() -> None:
    values = [small_value(left) for left in range(12, 0, -1)]
    assert values == [3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2]


# ----- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_setup_per_player_count(n: int) -> None:
    players = [A, B, C, D][:n]
    state = GAME.setup(players, {}, 3)
    view = GAME.view(state, None)
    market = 3 if n == 1 else n + 1
    deck = 51 if n == 1 else 17 * n + 1
    assert len(view["market"]) == market
    assert view["deck"] == deck - market
    assert len(state.box) == 70 - deck
    assert view["round"] == 1 and view["phase"] == "take"
    assert view["snail"] == (None if n == 1 else "market")
    spots = [view["areas"][p]["hot_spot"] for p in players]
    assert len(set(spots)) == n and set(spots) <= {1, 2, 3, 4}
    for p in players:
        assert view["areas"][p]["tiles"] == {
            key(k): v for k, v in hot_spot_tiles(view["areas"][p]["hot_spot"]).items()}
        assert view["areas"][p]["animals"] == {} and view["areas"][p]["large"] == []
    kept = 2 if n in (2, 3) else 3
    assert view["large_stacks"] == {"pair": [7, 6, 5][:kept], "line": [10, 9, 8][:kept],
                                    "arc": [10, 9, 8][:kept], "triangle": [11, 10, 9][:kept],
                                    "diamond": [14, 13, 12][:kept]}
    assert view["small_stacks"] == {s: 12 for s in SPECIES}
    # round 1: a random seat starts, then clockwise
    start = players.index(view["queue"][0])
    assert view["queue"] == players[start:] + players[:start]


def test_starting_seat_and_hot_spots_are_random() -> None:
    starts = {GAME.setup([A, B, C, D], {}, s).queue[0] for s in range(30)}
    assert starts == {A, B, C, D}
    spots = {GAME.setup([A, B], {}, s).hot[A] for s in range(30)}
    assert spots == {1, 2, 3, 4}


def test_ecosystem_options() -> None:
    assert GAME.view(GAME.setup([A, B], {}, 1))["ecosystems"] == list(BASE_ECOSYSTEMS)
    assert list(BASE_ECOSYSTEMS) == ["E01", "E02", "E03", "E04", "E05", "E06"]
    assert GAME.view(GAME.setup([A, B], {"ecosystems": "family"}, 1))["ecosystems"] == []
    drawn = [GAME.view(GAME.setup([A], {"ecosystems": "advanced"}, s))["ecosystems"]
             for s in range(10)]
    assert all(len(set(d)) == 6 and set(d) <= set(ECOSYSTEMS) for d in drawn)
    assert len({tuple(d) for d in drawn}) > 1
    assert len(ECOSYSTEMS) == 24


# ----- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, move", [
    ("take 2 at 1,-2 rot 1", Take(2, (1, -2), 1)),
    ("TAKE 2 AT 1, -2 ROT 1", Take(2, (1, -2), 1)),
    ("  take   2   at  1 ,  -2  rot  1 ", Take(2, (1, -2), 1)),
    ("take 2 at (1,−2) rot 1", Take(2, (1, -2), 1)),
    ("take 3 at 0,1", Take(3, (0, 1), 0)),
    ("take 1 0,1 r2", Take(1, (0, 1), 2)),
    ("snail", Snail()),
    ("Take the sea snail", Snail()),
    ("large arc 0,1 1,1 1,0 side B", Large("arc", ((1, 0), (0, 1), (1, 1)), "B")),
    ("large pair 1,0 0,0", Large("pair", ((0, 0), (1, 0)))),
    ("LARGE Diamond 0,0 1,0 0,1 1,1 a", Large("diamond", ((0, 0), (1, 0), (0, 1), (1, 1)), "A")),
    ("done", Done()),
    ("Skip", Done()),
])
def test_parse(text: str, move: Any) -> None:
    assert GAME.parse_move(text) == move
    assert GAME.parse_move(GAME.format_move(move)) == move


def test_canonical_spelling() -> None:
    assert GAME.normalize_move("take 2 at 1,-2 rot 1") == "take 2 at 1,-2 rot 1"
    assert GAME.normalize_move("take 2 at 1,-2") == "take 2 at 1,-2 rot 0"
    assert GAME.normalize_move("large arc 0,1 1,1 1,0 side B") == "large arc 1,0 0,1 1,1 side B"
    assert GAME.normalize_move("large pair 0,1 1,1") == "large pair 0,1 1,1"
    assert GAME.normalize_move("  DONE ") == "done"


@pytest.mark.parametrize("text, words", [
    ("take", "take 2 at 1,-2 rot 1"),
    ("take 0 at 1,1", "numbered from 1"),
    ("take 1 at 1,1 rot 3", "rot 0, rot 1 or rot 2"),
    ("take 1 at a,b", "take 2 at 1,-2 rot 1"),
    ("large blob 0,0 1,0", "pair, line, arc"),
    ("large pair 0,0", "covers 2 sites, not 1"),
    ("large line 0,0 1,0 0,0", "names a site twice"),
    ("large pair", "large pair 0,1 1,1"),
    ("fish", "could not read 'fish'"),
    ("take 1 at 1,1 rot 1 " + "x" * 300, "…"),
])
def test_bad_input_is_named(text: str, words: str) -> None:
    assert words in unreadable(GAME, text, shorter_than=160)


# ----- placement --------------------------------------------------------------------------------
# Hot spot 1 for alice: (0,0) "*RO", (0,-1) "Y*G", (1,-1) "BP*".
# A tile at (0,1) puts its N coral into site (0,1) with (0,0,SE)=R and (1,0,SW) (empty).


def test_placement_must_touch_the_area() -> None:
    state = build(market=["BRR", "GOY", "BPY"])
    assert "does not touch your area" in rejection(state, "take 1 at 3,3 rot 0")
    assert "3,3" in rejection(state, "take 1 at 3,3 rot 0")


def test_placement_on_an_occupied_position() -> None:
    state = build(market=["BRR", "GOY", "BPY"])
    assert "0,-1 already holds a tile" in rejection(state, "take 1 at 0,-1 rot 0")


def test_placement_needs_a_colour_contact() -> None:
    state = build(market=["BRR", "GOY", "BPY"])
    # (0,1): N coral meets (0,0,SE)=R; "BRR" rot 0 puts B there, rot 1 puts R there.
    assert placed("BRR", 0)[0] == "B" and placed("BRR", 1)[0] == "R"
    message = rejection(state, "take 1 at 0,1 rot 0")
    assert "touches no coral of its own colour" in message and "BRR" in message
    after = GAME.apply(state, A, "take 1 at 0,1 rot 1")
    assert after.tiles[A][(0, 1)] == "RBR"
    assert "take 1 at 0,1 rot 1" in GAME.legal_moves(state, A)
    assert "take 1 at 0,1 rot 0" not in GAME.legal_moves(state, A)


def test_hot_spot_corals_have_no_colour() -> None:
    # The hot spot is site (0,0): its three corals are '*', never a habitat, never in a
    # colour group or a reef, and counted in no colour.
    from games.aqua.scoring import colour_counts, groups
    state = build(market=["BRR", "GOY", "BPY"])
    tiles = state.tiles[A]
    assert sorted(c for c, _ in groups(tiles)) == sorted("ROYGBP")
    assert all(len(g) == 1 for _, g in groups(tiles))
    assert colour_counts(tiles) == {c: 1 for c in "ROYGBP"}
    view = GAME.view(state, None)
    assert view["areas"][A]["tiles"] == {"0,0": "*RO", "0,-1": "Y*G", "1,-1": "BP*"}
    assert view["areas"][A]["habitats"] == []
    assert reefs(tiles) == []


def test_corner_contact_does_not_connect() -> None:
    # alice has a lone tile at (4,0) with N=Y (the hot spot is far away, hot spot 2 has
    # Y on (1,-1,N)... use hot spot 1 where (0,-1,N)=Y is far from (3,0)).
    # A tile at (3,0) with N=Y touches (4,0,N) only at a corner: not a connection.
    # (3,0)'s N coral sits in site (3,0) with (3,-1,SE), (4,-1,SW): both empty.
    # (3,0)'s SE coral sits in site (3,1) with (3,1,N) and (4,0,SW)=G.
    # (3,0)'s SW coral sits in site (2,1) with (2,1,N), (2,0,SE): empty.
    state = build({A: {"4,0": "YOG"}}, market=["BYY", "GOP", "BPR"])
    code = "BYY"
    for rot in range(3):
        colours = placed(code, rot)
        legal = f"take 1 at 3,0 rot {rot}" in GAME.legal_moves(state, A)
        assert legal == (colours[1] == "G"), colours  # BYY has no G: never legal
    assert "touches no coral" in rejection(state, "take 1 at 3,0 rot 0")
    # "GOP" rot with SE=G touches (4,0,SW)=G side to side: legal
    rot = next(k for k in range(3) if placed("GOP", k)[1] == "G")
    assert f"take 2 at 3,0 rot {rot}" in GAME.legal_moves(state, A)


def test_colour_condition_waived_when_nothing_fits() -> None:
    from games.aqua.placement import take_options
    state = build(market=["BRR", "GOY", "BPY"])
    waived, options = take_options(state, A)
    assert not waived and options
    # An area of one green-purple tile and a market without green or purple: nothing can
    # touch its own colour, so every position next to the area is allowed in any rotation.
    lonely = build({A: {"5,5": "GPP"}}, market=["ORR", "BOO", "RYY"])
    lonely = replace(lonely, tiles={A: {(5, 5): "GPP"}, B: lonely.tiles[B]})
    waived, options = take_options(lonely, A)
    assert waived and len(options) == 3 * 6 * 3
    assert len(GAME.legal_moves(lonely, A)) == 3 * 6 * 3 + 1  # and the snail
    after = GAME.apply(lonely, A, "take 1 at 6,5 rot 0")
    assert after.last["waived"] is True
    assert "any spot was allowed" in GAME.describe(lonely, A, "take 1 at 6,5 rot 0")
    assert GAME.view(lonely, None)["waived"] is True


# ----- habitats ---------------------------------------------------------------------------------


def test_habitat_attracts_a_small_animal_at_once() -> None:
    # Site (0,1) holds (0,1,N), (0,0,SE)=R, (1,0,SW). With (1,0) placed with SW=R, a tile at
    # (0,1) with N=R makes a red habitat: a crab worth 3.
    state = build({A: {"1,0": "PBR"}}, market=["BRR", "GOY", "BPY"])
    after = GAME.apply(state, A, "take 1 at 0,1 rot 1")
    assert after.animals[A] == {(0, 1): ("C", 3, False)}
    assert after.stacks["C"] == 11
    view = GAME.view(after, None)
    assert view["areas"][A]["animals"] == {"0,1": ["C", 3, False]}
    assert "0,1" in view["areas"][A]["habitats"]
    assert "habitat 0,1: crab (3)" in GAME.describe(state, A, "take 1 at 0,1 rot 1")


def test_top_four_are_worth_three_then_two() -> None:
    crabs = {f"{i},9": ("C", 3) for i in range(4)}
    state = build({A: {"1,0": "PBR"}}, animals={B: crabs}, market=["BRR", "GOY", "BPY"])
    after = GAME.apply(state, A, "take 1 at 0,1 rot 1")
    assert after.animals[A][(0, 1)] == ("C", 2, False)
    assert after.stacks["C"] == 7


def test_habitat_with_an_empty_stack_stays_empty() -> None:
    crabs = {f"{i},9": ("C", 3 if i < 4 else 2) for i in range(12)}
    state = build({A: {"1,0": "PBR"}}, animals={B: crabs}, market=["BRR", "GOY", "BPY"])
    after = GAME.apply(state, A, "take 1 at 0,1 rot 1")
    assert after.animals[A] == {} and after.stacks["C"] == 0
    view = GAME.view(after, None)
    assert "0,1" in view["areas"][A]["habitats"]
    assert "stays empty" in GAME.describe(state, A, "take 1 at 0,1 rot 1")


def test_two_habitats_from_one_tile() -> None:
    # A tile at (0,1): N coral in site (0,1) with (0,0,SE)=R and (1,0,SW);
    #                  SW coral in site (-1,2) with (-1,2,N) and (-1,1,SE).
    # Put (1,0) with SW=R, (-1,2) with N=B, (-1,1) with SE=B; then "RBB"-like tile with
    # N=R and SW=B makes two habitats: a crab and a jellyfish.
    areas = {A: {"1,0": "PGR", "-1,2": "BOY", "-1,1": "YBG"}}
    tile = canonical("RGB")  # N=R, SE=G, SW=B
    state = build(areas, market=[tile, "GOY", "BPY"])
    rot = rot_for(tile, "RGB")
    after = GAME.apply(state, A, f"take 1 at 0,1 rot {rot}")
    assert after.animals[A] == {(0, 1): ("C", 3, False), (-1, 2): ("J", 3, False)}
    text = GAME.describe(state, A, f"take 1 at 0,1 rot {rot}")
    assert "habitat 0,1: crab (3)" in text and "habitat -1,2: jellyfish (3)" in text


def test_two_habitats_of_one_species_take_two_animals_in_turn() -> None:
    # Three crabs are worth 3 still; the first new crab takes the last 3, the second a 2.
    crabs = {f"{i},9": ("C", 3) for i in range(3)}
    areas = {A: {"1,0": "PGR", "-1,2": "ROY", "-1,1": "YRG"}}
    tile = canonical("RGR")
    state = build(areas, animals={B: crabs}, market=[tile, "GOY", "BPY"])
    rot = rot_for(tile, "RGR")
    after = GAME.apply(state, A, f"take 1 at 0,1 rot {rot}")
    assert after.animals[A] == {(0, 1): ("C", 3, False), (-1, 2): ("C", 2, False)}


# ----- large animals ----------------------------------------------------------------------------
# A ready-made position: alice has small animals on sites 5,0 (crab), 6,0 (jellyfish) and 7,0
# (crab, covered later) and places a tile that makes a turtle habitat at site 5,1.
#   Site (5,1) = (5,1,N), (5,0,SE), (6,0,SW). Tiles (5,0) SE=G and (6,0) SW=G are there;
#   a tile at (5,1) with N=G completes it.


def large_position(**kw: Any) -> Any:
    areas = {A: {"5,0": "RGY", "6,0": "OYG"}}
    animals = kw.pop("animals", {A: {"5,0": ("C", 3), "6,0": ("J", 3)}})
    tile = canonical("GRB")
    state = build(areas, animals=animals, market=[tile, "BOY", "BPY"], **kw)
    rot = rot_for(tile, "GRB")
    return state, f"take 1 at 5,1 rot {rot}"


def test_large_animal_step_after_a_new_small_animal() -> None:
    state, take = large_position()
    after = GAME.apply(state, A, take)
    assert after.animals[A][(5, 1)] == ("T", 3, False)
    assert after.phase == "large" and acting(after) == A
    moves = GAME.legal_moves(after, A)
    # turtle 5,1 with crab 5,0 / jellyfish 6,0: pairs 5,0-5,1 and 6,0-5,1, triangle of all three
    assert moves == ["large pair 5,0 5,1", "large pair 6,0 5,1", "large triangle 5,0 6,0 5,1",
                     "done"]
    placed_ = GAME.apply(after, A, "large triangle 5,1 6,0 5,0 side B")
    # two players: the lowest of each stack is out, the top triangle is worth 11
    assert placed_.large[A] == [("triangle", ((5, 0), (6, 0), (5, 1)), 11, "B")]
    assert placed_.large_stacks["triangle"] == [10]
    assert all(placed_.animals[A][s][2] for s in [(5, 0), (6, 0), (5, 1)])
    assert acting(placed_) == B and placed_.phase == "take"  # one per turn: the turn is over
    view = GAME.view(placed_, None)
    assert view["areas"][A]["large"] == [{"shape": "triangle", "sites": ["5,0", "6,0", "5,1"],
                                          "points": 11, "side": "B", "animal": "sunfish"}]
    assert view["areas"][A]["animals"]["5,0"] == ["C", 3, True]
    text = GAME.describe(after, A, "large triangle 5,0 6,0 5,1")
    assert "sea lion" in text and "11 points" in text


def test_done_skips_the_large_animal() -> None:
    state, take = large_position()
    after = GAME.apply(state, A, take)
    skipped = GAME.apply(after, A, "done")
    assert skipped.large[A] == [] and acting(skipped) == B
    assert GAME.describe(after, A, "done") == "attracted no large animal"


def test_no_large_step_when_nothing_fits() -> None:
    # without neighbours holding animals the turn ends with the tile
    state, take = large_position(animals={})
    after = GAME.apply(state, A, take)
    assert after.phase == "take" and acting(after) == B


def test_large_refused_without_a_small_animal_of_this_turn() -> None:
    # condition 1: at least one small animal placed this turn. Crab 5,0 and jellyfish 6,0 are
    # adjacent, but both came earlier.
    state, take = large_position()
    after = GAME.apply(state, A, take)
    message = rejection(after, "large pair 5,0 6,0")
    assert "none of those small animals came this turn" in message


def test_large_refused_on_a_site_without_a_small_animal() -> None:
    # condition 2: entirely on small animals. 5,1 + 4,2 (no animal there).
    state, take = large_position()
    after = GAME.apply(state, A, take)
    assert "site 4,2 holds no small animal" in rejection(after, "large pair 5,1 4,2")


def test_large_refused_on_two_of_one_species() -> None:
    # condition 3: all different species. Put a turtle on 6,1... use 4,2 next to 5,1.
    animals = {A: {"5,0": ("C", 3), "4,2": ("T", 2)}}
    state, take = large_position(animals=animals)
    after = GAME.apply(state, A, take)
    message = rejection(after, "large pair 5,1 4,2")
    assert "two sea turtles" in message and "different species" in message
    assert "large pair 4,2 5,1" not in GAME.legal_moves(after, A)


def test_large_refused_on_a_covered_animal_and_wrong_shapes() -> None:
    animals = {A: {"5,0": ("C", 3, True), "6,0": ("J", 3)}}
    state, take = large_position(animals=animals)
    after = GAME.apply(state, A, take)
    assert GAME.legal_moves(after, A) == ["large pair 6,0 5,1", "done"]
    assert "5,0 is covered already" in rejection(after, "large pair 5,0 5,1")
    assert "form a triangle, not an arc" in rejection(after, "large arc 5,0 6,0 5,1")
    assert "form no large-animal shape, not a pair" in rejection(after, "large pair 6,0 4,2")
    assert "form a pair" not in rejection(after, "large line 6,0 5,1 4,2")


def test_every_shape_offered_when_the_animals_allow() -> None:
    # crab 5,0, jellyfish 6,0, starfish 4,1 around the new turtle 5,1: pairs, an arc
    # (4,1)-(5,1)-(6,0) bending 120°, two triangles and the diamond of all four.
    animals = {A: {"5,0": ("C", 3), "6,0": ("J", 3), "4,1": ("S", 3)}}
    state, take = large_position(animals=animals)
    after = GAME.apply(state, A, take)
    moves = GAME.legal_moves(after, A)
    assert sorted(moves) == sorted([
        "large pair 5,0 5,1", "large pair 6,0 5,1", "large pair 4,1 5,1",
        "large arc 6,0 4,1 5,1",
        "large triangle 5,0 6,0 5,1", "large triangle 5,0 4,1 5,1",
        "large diamond 5,0 6,0 4,1 5,1",
        "done"])
    shapes = [m.split()[1] for m in moves[:-1]]
    assert shapes == sorted(shapes, key=["pair", "line", "arc", "triangle", "diamond"].index)
    assert moves[-1] == "done"
    best = GAME.suggest(after, A, "", 3)
    assert best[0][0] == "large diamond 5,0 6,0 4,1 5,1" and "14 points" in best[0][1]
    assert GAME.suggest(after, A, "", 25)[-1][0] == "done"


def test_large_refused_when_the_shape_is_gone() -> None:
    stacks = {"pair": [], "line": [10, 9], "arc": [10, 9], "triangle": [11, 10],
              "diamond": [14, 13]}
    state, take = large_position(large_stacks=stacks)
    after = GAME.apply(state, A, take)
    assert "no pair is left" in rejection(after, "large pair 6,0 5,1")
    assert GAME.legal_moves(after, A) == ["large triangle 5,0 6,0 5,1", "done"]


def test_large_only_after_a_tile_and_done_only_in_the_large_step() -> None:
    state, _ = large_position()
    assert "take and place a tile first" in rejection(state, "large pair 5,0 6,0")
    assert "nothing to skip" in rejection(state, "done")


def test_tile_after_tile_refused() -> None:
    state, take = large_position()
    after = GAME.apply(state, A, take)
    assert "placed your tile already" in rejection(after, "take 1 at 9,9 rot 0")
    assert "instead of a tile" in rejection(after, "snail")


# ----- rounds and the sea snail -----------------------------------------------------------------


def three_players(seed: int = 5) -> Any:
    state = GAME.setup([A, B, C], {}, seed)
    return replace(state, queue=[A, B, C])


def take_any(state: Any) -> Any:
    """The acting player takes some legal tile (and skips a large animal)."""
    player = acting(state)
    move = next(m for m in GAME.legal_moves(state, player) if m.startswith("take"))
    state = GAME.apply(state, player, move)
    if state.phase == "large":
        state = GAME.apply(state, player, "done")
    return state


def test_round_order_and_the_last_player_gets_the_snail() -> None:
    state = three_players()
    assert GAME.legal_moves(state, A)[-1] == "snail"
    for expected in (A, B):
        assert acting(state) == expected
        state = take_any(state)
    assert acting(state) == C and len(state.market) == 2
    left = list(state.market)
    before = state
    move = next(m for m in GAME.legal_moves(state, C) if m.startswith("take"))
    state = take_any(state)
    text = GAME.describe(before, C, move, {C: "Carol"})
    if GAME.apply(before, C, move).phase == "take":  # no large-animal step came in between
        assert text.endswith("round 2 begins, Carol starts")
    # nobody took the snail: carol (last this round) got it and starts round 2; the snail is
    # back in the market, which is refilled to 4 with the untaken tile first
    assert state.round == 2
    assert state.queue == [C, A, B]
    assert state.snail == "market"
    assert len(state.market) == 4
    assert state.market[0] in left and not set(state.market[1:]) & set(left)


def test_taking_the_snail() -> None:
    state = three_players()
    market = list(state.market)
    after = GAME.apply(state, A, "snail")
    assert after.snail == A and after.queue == [B, C, A] and after.market == market
    assert "snail" not in GAME.legal_moves(after, B)
    assert "not in the market" in rejection(after, "snail")
    assert GAME.describe(state, A, "snail").startswith("took the sea snail")
    # alice plays a full turn after the others, then starts round 2
    after = take_any(take_any(after))
    assert acting(after) == A and after.round == 1
    after = take_any(after)
    assert after.round == 2 and after.queue == [A, B, C] and after.snail == "market"


def test_snail_taken_by_a_later_player_starts_the_next_round() -> None:
    state = take_any(three_players())
    after = GAME.apply(state, B, "snail")
    assert after.queue == [C, B]
    after = take_any(take_any(after))
    assert after.round == 2 and after.queue == [B, C, A]


def test_the_last_player_is_not_offered_the_snail() -> None:
    state = take_any(take_any(three_players()))
    assert acting(state) == C and "snail" not in GAME.legal_moves(state, C)
    assert "get the snail anyway" in rejection(state, "snail")


def test_solo_has_no_snail_and_discards_two() -> None:
    state = GAME.setup([A], {}, 2)
    assert state.snail is None and "snail" not in GAME.legal_moves(state, A)
    assert "no sea snail in a solo game" in rejection(state, "snail")
    market = list(state.market)
    after = take_any(state)
    assert after.round == 2 and len(after.market) == 3
    assert len(after.discards) == 2 and set(after.discards) < set(market)
    assert not set(after.market) & set(market)
    view = GAME.view(after, None)
    assert view["discarded"] == 2 and view["deck"] == 45


@pytest.mark.parametrize("n", [1, 2, 4])
def test_seventeen_rounds_then_the_end(n: int) -> None:
    players = [A, B, C, D][:n]
    state = GAME.setup(players, {}, 11)
    rnd = random.Random(n)
    takes = Counter()
    while GAME.result(state) is None:
        player = acting(state)
        moves = GAME.legal_moves(state, player)
        move = rnd.choice(moves)
        if move.startswith("take"):
            takes[player] += 1
        state = GAME.apply(state, player, move)
    assert takes == {p: 17 for p in players}
    assert state.round == 17 and state.deck == []
    assert len(state.market) == (0 if n == 1 else 1)
    assert GAME.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        GAME.apply(state, players[0], "done")


def test_not_your_turn() -> None:
    state = three_players()
    with pytest.raises(NotYourTurn):
        GAME.apply(state, B, GAME.legal_moves(state, A)[0])
    assert GAME.legal_moves(state, B) == []


# ----- scoring ----------------------------------------------------------------------------------
# The reef example, by hand (tiles far from the hot spot, alice has hot spot 1):
#   (3,0) N=B SE=R SW=R    (4,0) N=R SE=G SW=R    (3,1) N=R SE=Y SW=B
#   (2,1) N=Y SE=B SW=B    (2,2) N=B SE=O SW=P
# Red reef R1: (3,0,SE) (3,0,SW) (4,0,N) (4,0,SW) (3,1,N) — 5 corals; site (3,1) is all red
# (a crab, 3). Blue reef R2: (3,1,SW) (2,1,SE) (2,1,SW) (2,2,N) — 4 corals; site (2,2) is all
# blue (a jellyfish, 2). The crab lies on R1 and borders R2 through (3,1,SW); the jellyfish
# lies on R2 and borders R1 through (3,1,N). (3,0,N) is a lone blue coral, no reef.
# So R1 scores 3 + 2 = 5, R2 scores 2 + 3 = 5: reefs 10.

REEF_AREA = {"3,0": "BRR", "4,0": "RGR", "3,1": "RYB", "2,1": "YBB", "2,2": "BOP"}
REEF_ANIMALS = {"3,1": ("C", 3), "2,2": ("J", 2)}


def test_reef_example_by_hand() -> None:
    state = build({A: REEF_AREA}, animals={A: REEF_ANIMALS})
    tiles = state.tiles[A]
    found = {(c, len(g)) for c, g in reefs(tiles) if set(g) <= {
        (q, r, d) for (q, r) in map(pos, REEF_AREA) for d in ("N", "SE", "SW")}}
    assert found == {("R", 5), ("B", 4)}
    view = GAME.view(state, None)
    assert view["scores"][A]["reefs"] == 10
    assert view["scores"][A]["small"] == 5


def test_an_animal_scores_for_every_reef_it_touches_and_small_groups_score_nothing() -> None:
    # Without the jellyfish's reef tile (2,2), the blue group has 3 corals: no reef.
    area = {k: v for k, v in REEF_AREA.items() if k != "2,2"}
    state = build({A: area}, animals={A: {"3,1": ("C", 3)}})
    assert GAME.view(state, None)["scores"][A]["reefs"] == 3


def test_covered_small_animals_still_score() -> None:
    animals = {A: {"3,1": ("C", 3, True), "2,2": ("J", 2, True)}}
    large = {A: [("pair", ((2, 2), (3, 1)), 7, "A")]}
    state = build({A: REEF_AREA}, animals=animals, large=large)
    score = GAME.view(state, None)["scores"][A]
    assert score["large"] == 7 and score["small"] == 5 and score["reefs"] == 10


def test_family_variant_scores_animals_only() -> None:
    state = build({A: REEF_AREA}, animals={A: REEF_ANIMALS}, mode="family")
    score = GAME.view(state, None)["scores"][A]
    assert score == {"large": 0, "small": 5, "reefs": 0, "ecosystems": {}, "total": 5}


def test_scores_breakdown_keys() -> None:
    state = build({A: REEF_AREA}, animals={A: REEF_ANIMALS})
    score = GAME.view(state, None)["scores"][A]
    assert set(score) == {"large", "small", "reefs", "ecosystems", "total"}
    assert set(score["ecosystems"]) == set(BASE_ECOSYSTEMS)
    assert score["total"] == score["large"] + score["small"] + score["reefs"] + sum(
        score["ecosystems"].values())


# ----- ecosystems -------------------------------------------------------------------------------


def eco(eid: str, tiles: Mapping[str, str] | None = None,
        animals: Mapping[str, Any] | None = None, large: list[dict] | None = None) -> int:
    t = {pos(k): v for k, v in (tiles or {}).items()}
    a = {pos(k): (v[0], v[1], v[2] if len(v) > 2 else False) for k, v in (animals or {}).items()}
    return ecosystem_points(eid, t, a, large or [])


def row(species: str, n: int, start: tuple[int, int] = (0, 5), step: tuple[int, int] = (2, 0),
        points: int = 2) -> dict[str, Any]:
    return {key((start[0] + i * step[0], start[1] + i * step[1])): (species, points)
            for i in range(n)}


# Reef builders: a compact blob of one colour (side-connected), from tiles of two colours.
def blob(colour: str, other: str, n_tiles: int) -> dict[str, str]:
    """``n_tiles`` tiles in a row along q, each with N and SE in ``colour``: 2·n side-connected
    corals of ``colour`` ((q,0,SE) and (q+1,0,SW)? No: each tile's N and SE touch inside the
    tile, and (q,0,SE) meets (q+1,0,SW) in site (q,1) — so we make SW ``colour`` as well and
    N ``other``: every tile then holds SE and SW of ``colour``, chained through sites."""
    return {f"{q},0": other + colour + colour for q in range(n_tiles)}


def test_blob_builder_makes_one_reef() -> None:
    tiles = {pos(k): v for k, v in blob("R", "G", 3).items()}
    (found,) = reefs(tiles)
    assert found[0] == "R" and len(found[1]) == 6


def test_e01_lagoon() -> None:
    six = {f"{i},5": (s, 2) for i, s in enumerate(SPECIES)}
    assert eco("E01", animals=six) == 6
    five = dict(list(six.items())[:5])
    assert eco("E01", animals=five) == 0


def test_e02_barrier_reef() -> None:
    assert eco("E02", blob("R", "G", 6)) == 6  # 12 red corals
    assert eco("E02", blob("R", "G", 5)) == 0  # 10


def test_e03_atoll() -> None:
    tiles = {**blob("R", "G", 2), **{f"{q},4": "G" + "B" * 2 for q in range(2)},
             **{f"{q},8": "B" + "Y" * 2 for q in range(2)}}
    assert eco("E03", tiles) == 5  # red, blue, yellow reefs of 4
    tiles = {**blob("R", "G", 2), **{f"{q},4": "G" + "B" * 2 for q in range(2)}}
    assert eco("E03", tiles) == 0


def test_e04_kelp_forest_and_e12_deep_sea() -> None:
    large = [{"shape": "pair", "sites": ["0,0", "1,0"], "points": 7},
             {"shape": "diamond", "sites": ["0,2", "1,2", "0,3", "1,3"], "points": 14}]
    assert eco("E04", large=large) == 4
    assert eco("E12", large=large) == 3
    assert eco("E04") == 0 and eco("E12", large=large[:1]) == 0


def test_e05_shoal() -> None:
    assert eco("E05", animals=row("C", 10)) == 5
    assert eco("E05", animals=row("C", 9)) == 0


def test_e06_rainbow_reef() -> None:
    # The reef example: R1 is touched by a crab and a jellyfish only (2 species): no.
    tiles, animals = REEF_AREA, dict(REEF_ANIMALS)
    assert eco("E06", tiles, animals) == 0
    # add a clownfish on site (4,1)? Its reach includes (4,0,SW) of R1; and a turtle on (4,0)
    # whose reach includes (4,0,N): four species touch R1.
    animals.update({"4,1": ("F", 2), "4,0": ("T", 2)})
    assert eco("E06", tiles, animals) == 5


def test_e07_twin_habitats() -> None:
    animals = {"0,5": ("C", 2), "1,5": ("C", 2), "2,5": ("C", 2), "0,6": ("J", 2),
               "4,5": ("J", 2)}
    # crab pairs: 0,5-1,5 and 1,5-2,5; 0,6 is next to 0,5 and 1,5 but a jellyfish
    assert eco("E07", animals=animals) == 2
    assert eco("E07", animals={"0,5": ("C", 2), "2,5": ("C", 2)}) == 0


def test_e08_coral_diversity() -> None:
    tiles = {f"{q},0": "RRG" for q in range(5)}  # 10 red, 5 green
    assert eco("E08", tiles) == 1
    tiles.update({f"{q},3": "GGB" for q in range(3)})  # green 5 + 6 = 11
    assert eco("E08", tiles) == 2


def test_e09_seamount() -> None:
    assert eco("E09", animals=row("C", 3, step=(1, 0))) == 4
    assert eco("E09", animals=row("C", 3, start=(0, 0), step=(1, -1))) == 4
    assert eco("E09", animals={"0,0": ("C", 2), "1,0": ("J", 2), "1,1": ("T", 2)}) == 0  # arc
    assert eco("E09", animals=row("C", 3, step=(2, 0))) == 0  # gaps


def test_e10_reef_crest() -> None:
    tiles = {**blob("R", "G", 3), **{f"{q},4": "G" + "B" * 2 for q in range(3)},
             **{f"{q},8": "B" + "Y" * 2 for q in range(2)}}
    assert eco("E10", tiles) == 4  # two reefs of 6, one of 4


def test_e11_hot_spot() -> None:
    animals = {"1,0": ("C", 2), "2,0": ("C", 2), "1,1": ("C", 2), "3,0": ("C", 2),
               "-2,2": ("J", 2)}
    # distances from site (0,0): 1, 2, 2, 3, 2
    assert eco("E11", animals=animals) == 4


@pytest.mark.parametrize("i, colour", list(enumerate("ROYGBP")))
def test_e13_to_e18_colour_reefs(i: int, colour: str) -> None:
    other = "G" if colour != "G" else "R"
    eid = f"E{13 + i}"
    assert ECOSYSTEMS[eid][0].lower().startswith(
        {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}[colour])
    assert eco(eid, blob(colour, other, 4)) == 4  # 8 corals
    assert eco(eid, blob(colour, other, 3)) == 0  # 6
    assert eco(eid, blob(other, colour, 4)) == 0  # wrong colour


@pytest.mark.parametrize("i, species", list(enumerate("CSFTJH")))
def test_e19_to_e24_colonies(i: int, species: str) -> None:
    eid = f"E{19 + i}"
    assert eco(eid, animals=row(species, 3)) == 4
    assert eco(eid, animals=row(species, 2)) == 0
    assert eco(eid, animals=row("C" if species != "C" else "J", 5)) == 0


def test_breakdown_sums_ecosystems_in_play() -> None:
    tiles = {pos(k): v for k, v in REEF_AREA.items()}
    animals = {pos(k): (v[0], v[1], False) for k, v in REEF_ANIMALS.items()}
    result = breakdown(tiles, animals, [], ("E10", "E19", "E23"), False)
    assert result["ecosystems"] == {"E10": 0, "E19": 0, "E23": 0}
    assert result["total"] == 5 + 10


# ----- the end ----------------------------------------------------------------------------------


def finished(state: Any) -> Any:
    return replace(state, phase="over", queue=[])


def test_most_points_wins_and_ties_go_to_more_small_animals() -> None:
    # alice: crab 3 + 2 = 5 points on two animals; bob: one 3 + one 2 = 5 too, but we give
    # bob a third animal worth... equal points, more animals:
    animals = {A: {"9,9": ("C", 3), "9,7": ("C", 2)},
               B: {"9,9": ("J", 2), "9,7": ("J", 2), "7,9": ("H", 1)}}
    state = finished(build(animals=animals, mode="family"))
    result = GAME.result(state)
    assert result.scores == {A: 5, B: 5} and result.winners == (B,)
    assert result.detail["small_animals"] == {A: 2, B: 3}
    animals[B] = {"9,9": ("J", 3), "9,7": ("J", 2)}
    result = GAME.result(finished(build(animals=animals, mode="family")))
    assert result.winners == (A, B)  # shared


@pytest.mark.parametrize("total, rating", [(0, "tide pool"), (49, "tide pool"), (50, "reef"),
                                           (69, "reef"), (70, "open ocean"), (89, "open ocean"),
                                           (90, "legend"), (140, "legend")])
def test_solo_rating(total: int, rating: str) -> None:
    assert solo_rating(total) == rating


def test_solo_result_carries_the_rating() -> None:
    state = finished(build(players=[A], animals={A: {"9,9": ("C", 3)}}, mode="family"))
    result = GAME.result(state)
    assert result.winners == (A,) and result.detail["rating"] == "tide pool"
    assert result.detail["breakdown"][A]["small"] == 3


def test_resign_two_players_other_wins() -> None:
    state = GAME.setup([A, B], {}, 1)
    after = GAME.resign(state, A)
    result = GAME.result(after)
    assert result.winners == (B,) and result.reason == "resigned"
    assert result.detail["resigned"] == A


def test_resign_three_players_play_on() -> None:
    state = three_players()
    after = GAME.resign(state, A)
    assert acting(after) == B and GAME.result(after) is None
    after = take_any(take_any(after))
    assert after.round == 2 and A not in after.queue
    assert len(after.market) == 3  # two players still in: refilled to 3


def test_resign_solo_is_lost() -> None:
    state = GAME.setup([A], {}, 1)
    result = GAME.result(GAME.resign(state, A))
    assert result.outcome == "lost" and result.winners == ()


# ----- views ------------------------------------------------------------------------------------


def test_public_view_keys() -> None:
    state = build({A: REEF_AREA}, animals={A: REEF_ANIMALS})
    view = GAME.view(state, None)
    for k in ("areas", "market", "snail", "round", "ecosystems", "scores"):
        assert k in view
    area = view["areas"][A]
    assert area["tiles"]["0,0"] == "*RO" and area["tiles"]["3,0"] == "BRR"
    assert area["animals"] == {"3,1": ["C", 3, False], "2,2": ["J", 2, False]}
    assert area["large"] == []
    assert view["snail"] == "market" and view["round"] == 1
    assert json.loads(json.dumps(view)) == view
    assert GAME.view(state, A) == view  # nothing private


def test_view_hides_the_deck_order() -> None:
    state = GAME.setup([A, B], {}, 1)
    other = GAME.resample(state, None, 9)
    assert other.deck != state.deck
    assert GAME.view(other, None) == GAME.view(state, None)
    assert GAME.view(state, None)["deck"] == 35 - 3


def test_legal_positions_in_the_view() -> None:
    state = build(market=["BRR", "GOY", "BPY"])
    view = GAME.view(state, None)
    positions = {m.split()[3] for m in GAME.legal_moves(state, A) if m.startswith("take")}
    assert set(view["legal_positions"]) == positions
    assert set(view["legal_positions"]) <= set(view["areas"][A]["frontier"])
    assert len(view["areas"][A]["frontier"]) == 9


def test_load_rejects_inconsistent_material() -> None:
    state = GAME.setup([A, B], {}, 1)
    data = json.loads(GAME.dump(state))
    data["state"]["market"].append(data["state"]["market"][0])
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(data))
    data = json.loads(GAME.dump(state))
    data["state"]["stacks"]["C"] = 11
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(data))


# ----- autocomplete and prompts ----------------------------------------------------------------


def test_suggest_offers_each_slot_first_and_filters() -> None:
    state = GAME.setup([A, B, C], {}, 4)
    player = acting(state)
    got = GAME.suggest(state, player, "", 25)
    slots = [v.split()[1] for v, _ in got[:4] if v.startswith("take")]
    assert sorted(slots) == ["1", "2", "3", "4"]
    assert "snail" in [v for v, _ in got]
    legal = set(GAME.legal_moves(state, player))
    assert all(v in legal for v, _ in got)
    two = GAME.suggest(state, player, "take 2", 25)
    assert two and all(v.startswith("take 2 ") for v, _ in two)
    # a bare position finds the placements there
    target = got[0][0].split()[3]
    found = GAME.suggest(state, player, target, 25)
    assert found and all(v.split()[3] == target for v, _ in found)
    # a full move in another spelling
    alt = got[0][0].replace(" at ", "  AT ").replace(" rot ", " r")
    assert GAME.suggest(state, player, alt, 5)[0][0] == got[0][0]


def test_suggest_ranks_habitats_first() -> None:
    state = build({A: {"1,0": "PBR"}}, market=["GOY", "BRR", "BPY"])
    (value, label), = GAME.suggest(state, A, "", 1)
    assert value == "take 2 at 0,1 rot 1" and "crab +3" in label


def test_prompts() -> None:
    state = three_players()
    text = GAME.prompt(state, A)
    assert "/move take" in text and "/move snail" in text
    state, take = large_position()
    after = GAME.apply(state, A, take)
    assert "/move done" in GAME.prompt(after, A) and "/move large" in GAME.prompt(after, A)


def test_choices_group_legal_moves_for_buttons() -> None:
    state = GAME.setup([A, B, C], {}, 4)
    player = acting(state)
    grouped = GAME.choices(state, player)
    assert grouped["phase"] == "take" and grouped["snail"] is True
    rebuilt = {f"take {s['slot']} at {pos} rot {rot}"
               for s in grouped["slots"] for pos, rots in s["positions"].items() for rot in rots}
    legal = GAME.legal_moves(state, player)
    assert rebuilt | {"snail"} == set(legal)
    assert [s["tile"] for s in grouped["slots"]] == state.market
    # the best position of slot 1 comes first, as in suggest
    best_take = next(v for v, _ in GAME.suggest(state, player, "take 1", 1))
    first = grouped["slots"][0]["positions"]
    assert best_take.split()[3] == next(iter(first))
    assert GAME.choices(state, "stranger") == {}
    large, take = large_position()
    after = GAME.apply(large, A, take)
    assert GAME.choices(after, A) == {"phase": "large", "done": True,
                                      "large": GAME.legal_moves(after, A)[:-1]}


def test_resign_of_the_active_player_in_the_large_step_and_of_the_snail_holder() -> None:
    state = replace(GAME.setup([A, B, C], {}, 5), queue=[A, B, C])
    state = GAME.apply(state, A, "snail")  # alice will play last and start round 2
    after = GAME.resign(state, A)
    assert after.queue == [B, C]
    after = take_any(take_any(after))
    # the snail holder is out: the next player still in, clockwise from her, starts
    assert after.round == 2 and after.queue == [B, C]
    large, take = large_position(players=(A, B, C))
    mid = GAME.apply(large, A, take)
    assert mid.phase == "large"
    gone = GAME.resign(mid, A)
    assert acting(gone) == B and gone.phase == "take" and gone.fresh == []
    assert A not in GAME.to_act(gone) and GAME.legal_moves(gone, A) == []
    with pytest.raises(IllegalMove):
        GAME.resign(gone, A)


def test_describe_and_prompt_words() -> None:
    state, take = large_position()
    text = GAME.describe(state, A, take)
    assert text.startswith("took BGR (slot 1) and placed it at 5,1, rotation")
    assert "habitat 5,1: sea turtle (3)" in text and A not in text
    assert GAME.prompt(state, B) == f"wait for {A} to play."
    assert GAME.prompt(state, B, {A: "Alice"}) == "wait for Alice to play."
