"""Aqualin scenarios from hand-built positions, against the rules in ``games.aqualin``.

The generic contract (playouts, round trips, garbage input, ...) is in ``test_contract.py``;
this module checks the rules page itself. Positions are built with ``position`` below
(setup, then the board, the drawn tile or the market and the turn are set by hand) and
scores are checked against a small independent scorer, not the engine's own helpers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from games import REGISTRY, CorruptState, GameOver, IllegalMove, InvalidMove, NotYourTurn, Result
from tests.games import helpers
from tests.games.helpers import consistent

GAME = REGISTRY["aqualin"]
ALICE, BOB = "alice", "bob"  # seat order: alice hosts
FILES, RANKS = "abcdef", "123456"
SQUARES = [f + r for r in RANKS for f in FILES]
COLOURS, SPECIES = "RYGBPV", "CFJHST"
ALL_TILES = [c + s for c in COLOURS for s in SPECIES]


# ----- helpers ----------------------------------------------------------------------------------


def position(board: Mapping[str, str] | None = None, *, rules: str = "seed",
             drawn: str | None = None, market: list[str] | None = None,
             turn: int | None = None, role: str = "host-colour", seed: int = 0) -> Any:
    """A consistent state with ``board`` on the table (all 36 tiles still exist once).

    With ``role=host-colour`` alice scores by colour and acts on even turns; ``turn``
    defaults to the number of tiles on the board.
    """
    board = dict(board or {})
    assert len(set(board.values())) == len(board), "a tile can only lie once"
    state = GAME.setup([ALICE, BOB], {"rules": rules, "role": role}, seed)
    pool = list(state.supply)  # setup's shuffled order, the top last
    pool += list(state.market) + ([state.drawn] if state.drawn else [])
    reserved = set(board.values()) | ({drawn} if drawn else set()) | set(market or [])
    pool = [t for t in pool if t not in reserved]
    if rules == "seed":
        market_now: list[str] = []
        drawn_now = drawn if drawn is not None else (pool.pop() if pool else None)
    else:
        assert drawn is None
        market_now = list(market) if market is not None else [pool.pop() for _ in range(6)]
        drawn_now = None
    new = replace(state, board=board, supply=pool, drawn=drawn_now, market=market_now,
                  turn=len(board) if turn is None else turn, last=None)
    return consistent(GAME, new)


acting = partial(helpers.acting, GAME)
rejection = partial(helpers.rejection, GAME)


def neighbours(square: str) -> list[str]:
    x, y = FILES.index(square[0]), RANKS.index(square[1])
    return [FILES[x + dx] + RANKS[y + dy] for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= x + dx < 6 and 0 <= y + dy < 6]


def oracle(board: Mapping[str, str], role: str) -> tuple[int, int]:
    """(score, largest group) by the rules page, written independently of the engine."""
    index = 0 if role == "colour" else 1
    seen: set[str] = set()
    total = largest = 0
    for start in board:
        if start in seen:
            continue
        seen.add(start)
        size, todo = 0, [start]
        while todo:
            square = todo.pop()
            size += 1
            for n in neighbours(square):
                if n in board and n not in seen and board[n][index] == board[start][index]:
                    seen.add(n)
                    todo.append(n)
        if size >= 2:
            total += size * (size - 1) // 2
            largest = max(largest, size)
    return total, largest


def full_board(fixed: Mapping[str, str]) -> dict[str, str]:
    """``fixed`` plus the other tiles placed so that no new tile shares a colour or a
    species with an orthogonal neighbour: every group on the board is one of ``fixed``'s."""
    board = dict(fixed)
    remaining: list[str | None] = [t for t in ALL_TILES if t not in fixed.values()]
    empty = [sq for sq in SQUARES if sq not in board]

    def fits(square: str, tile: str) -> bool:
        return all(n not in board or (board[n][0] != tile[0] and board[n][1] != tile[1])
                   for n in neighbours(square))

    def fill(i: int) -> bool:
        if i == len(empty):
            return True
        for j, tile in enumerate(remaining):
            if tile is not None and fits(empty[i], tile):
                remaining[j], board[empty[i]] = None, tile
                if fill(i + 1):
                    return True
                remaining[j] = tile
                del board[empty[i]]
        return False

    assert fill(0), "no filling found"
    assert sorted(board.values()) == sorted(ALL_TILES)
    return board


def finished(board: Mapping[str, str], role: str = "host-colour") -> Any:
    assert len(board) == 36
    return position(board, turn=36, role=role)


def scores(state: Any) -> dict[str, int]:
    return GAME.view(state, None)["scores"]


def play_to_end(state: Any, pick=lambda moves: moves[0]) -> tuple[Any, list[tuple[str, str]]]:
    log = []
    while GAME.result(state) is None:
        player = acting(state)
        move = pick(GAME.legal_moves(state, player))
        log.append((player, move))
        state = GAME.apply(state, player, move)
    return state, log


# ----- the shift (seed rules) -------------------------------------------------------------------


def test_placing_on_an_occupied_square_is_refused() -> None:
    state = position({"d4": "RT"})
    message = rejection(state, "d4")
    assert "d4" in message and "occupied" in message


def test_shifting_from_an_empty_square_is_refused() -> None:
    state = position({"d4": "RT"})
    message = rejection(state, "b2-c3 e5")
    assert "b2" in message


def test_shifting_onto_an_occupied_square_is_refused() -> None:
    state = position({"b2": "RT", "c3": "YF"})
    message = rejection(state, "b2-c3 e5")
    assert "c3" in message and "occupied" in message


@pytest.mark.parametrize("target", ["b4", "d2", "d4", "f6", "a4"])
def test_shifting_more_than_one_step_is_refused(target: str) -> None:
    state = position({"b2": "RT"})
    message = rejection(state, f"b2-{target} e5")
    assert f"b2-{target}" in message and "one step" in message


def test_shifting_onto_itself_is_refused() -> None:
    message = rejection(position({"b2": "RT"}), "b2-b2 e5")
    assert "b2" in message


@pytest.mark.parametrize("target", ["c3", "c4", "d4", "e4", "e3", "e2", "d2", "c2"])
def test_a_shift_goes_one_step_in_any_of_eight_directions(target: str) -> None:
    state = position({"d3": "RT"}, drawn="YF")
    after = GAME.apply(state, acting(state), f"d3-{target} a1")
    assert GAME.view(after, None)["board"] == {target: "RT", "a1": "YF"}


def test_placing_on_the_square_the_shift_just_vacated_is_legal() -> None:
    state = position({"b2": "RT"}, drawn="YF")
    assert "b2-c3 b2" in GAME.legal_moves(state, acting(state))
    after = GAME.apply(state, acting(state), "b2-c3 b2")
    assert GAME.view(after, None)["board"] == {"c3": "RT", "b2": "YF"}


def test_placing_on_the_square_the_shift_just_filled_is_refused() -> None:
    state = position({"b2": "RT"}, drawn="YF")
    assert "b2-c3 c3" not in GAME.legal_moves(state, acting(state))
    message = rejection(state, "b2-c3 c3")
    assert "c3" in message and "occupied" in message


def test_either_player_may_shift_any_tile() -> None:
    state = position({}, drawn="YF")
    state = GAME.apply(state, ALICE, "f6")  # alice placed YF
    assert acting(state) == BOB
    after = GAME.apply(state, BOB, "f6-e5 a2")  # bob shifts alice's tile
    assert GAME.view(after, None)["board"]["e5"] == "YF" and "f6" not in GAME.view(after)["board"]


def test_seed_rules_may_name_the_drawn_tile_but_no_other() -> None:
    state = position({}, drawn="BF")
    after = GAME.view(GAME.apply(state, ALICE, "bf d4"), None)
    plain = GAME.view(GAME.apply(state, ALICE, "d4"), None)
    assert after["board"] == plain["board"] == {"d4": "BF"}
    assert after["drawn"] == plain["drawn"] and after["turn"] == plain["turn"] == 1
    assert "BF d4" not in GAME.legal_moves(state, ALICE)  # the canonical form omits it
    message = rejection(state, "BT d4")
    assert "BF" in message and "BT" in message


def test_the_wrong_player_is_refused_with_not_your_turn() -> None:
    state = position({}, drawn="BF")
    with pytest.raises(NotYourTurn):
        GAME.apply(state, BOB, "d4")


# ----- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, named", [
    ("g7", "g7"), ("a0", "a0"), ("b2-", "b2-"), ("xx d4", "xx"), ("b2-g2 d4", "g2"),
    ("b2-c3", "b2-c3"), ("d4 e5 f6 a1", "d4 e5 f6 a1"), ("z", "z"),
])
def test_syntax_errors_are_invalid_moves_naming_the_input(text: str, named: str) -> None:
    for rules in ("seed", "classic"):
        state = position({"b2": "RT"}, rules=rules)
        with pytest.raises(InvalidMove) as info:
            GAME.apply(state, acting(state), text)
        assert named in str(info.value), str(info.value)


@pytest.mark.parametrize("text, canonical", [
    ("d4", "d4"), ("D4", "d4"), ("  d4 ", "d4"), ("b2-c3 d4", "b2-c3 d4"),
    ("B2 - C3   D4", "b2-c3 d4"), ("b2→c3 d4", "b2-c3 d4"), ("b2->c3 d4", "b2-c3 d4"),
    ("bt d4", "BT d4"), ("b2-b5 bt d4", "b2-b5 BT d4"), ("B2-B5 Bt D4", "b2-b5 BT d4"),
])
def test_notation_is_case_and_space_tolerant(text: str, canonical: str) -> None:
    assert GAME.normalize_move(text) == canonical


# ----- classic rules ----------------------------------------------------------------------------


def classic(board: Mapping[str, str], market: list[str] | None = None, **kw: Any) -> Any:
    market = market if market is not None else ["BT", "RC", "YF", "GJ", "PH", "VS"]
    return position(board, rules="classic", market=market, **kw)


def test_classic_slide_is_refused_on_the_first_turn() -> None:
    state = GAME.setup([ALICE, BOB], {"rules": "classic", "role": "host-colour"}, 3)
    tile = GAME.view(state, None)["market"][0]
    assert not any("-" in m for m in GAME.legal_moves(state, ALICE))
    rejection(state, f"b2-b5 {tile} d4")


def test_classic_first_turn_slide_message_names_the_rule() -> None:
    state = GAME.setup([ALICE, BOB], {"rules": "classic", "role": "host-colour"}, 3)
    tile = GAME.view(state, None)["market"][0]
    assert "first turn" in rejection(state, f"b2-b5 {tile} d4")


def test_classic_slide_must_go_straight() -> None:
    message = rejection(classic({"b2": "RT"}), "b2-c3 BT d4")
    assert "b2-c3" in message and "straight" in message


def test_classic_slide_cannot_jump_a_tile() -> None:
    message = rejection(classic({"b2": "RT", "b4": "YJ"}), "b2-b5 BT d4")
    assert "b4" in message and "jump" in message


def test_classic_slide_cannot_end_on_a_tile() -> None:
    message = rejection(classic({"b2": "RT", "b4": "YJ"}), "b2-b4 BT d4")
    assert "b4" in message and "occupied" in message


def test_classic_slide_from_an_empty_square_is_refused() -> None:
    message = rejection(classic({"b2": "RT"}), "c2-c5 BT d4")
    assert "c2" in message


def test_classic_slide_goes_any_distance_and_may_free_the_target() -> None:
    state = classic({"b2": "RT", "b4": "YJ"})
    after = GAME.apply(state, acting(state), "b2-f2 BT b2")
    assert GAME.view(after, None)["board"] == {"f2": "RT", "b4": "YJ", "b2": "BT"}
    after = GAME.apply(state, acting(state), "b4-b6 RC b4")
    assert GAME.view(after, None)["board"] == {"b2": "RT", "b6": "YJ", "b4": "RC"}


def test_classic_tile_not_in_market_is_refused() -> None:
    message = rejection(classic({"b2": "RT"}), "YT d4")
    assert "YT" in message and "market" in message


def test_classic_missing_market_tile_is_refused() -> None:
    message = rejection(classic({"b2": "RT"}), "d4")
    assert "market" in message and "BT" in message


def test_classic_placing_on_an_occupied_square_is_refused() -> None:
    message = rejection(classic({"b2": "RT"}), "BT b2")
    assert "b2" in message and "occupied" in message


def test_classic_market_refills_and_shrinks_at_the_end() -> None:
    state = GAME.setup([ALICE, BOB], {"rules": "classic"}, 5)
    seen_market: list[int] = []
    supply: list[int] = []
    while GAME.result(state) is None:
        view = GAME.view(state, None)
        assert view["drawn"] is None
        assert len(set(view["market"])) == len(view["market"])
        seen_market.append(len(view["market"]))
        supply.append(view["supply"])
        tile = view["market"][-1]
        square = next(sq for sq in SQUARES if sq not in view["board"])
        after = GAME.apply(state, acting(state), f"{tile} {square}")
        new_view = GAME.view(after, None)
        assert tile not in new_view["market"] and new_view["board"][square] == tile
        kept = [t for t in view["market"] if t != tile]
        assert new_view["market"][:len(kept)] == kept, "the other market tiles stay"
        state = after
    assert seen_market == [6] * 31 + [5, 4, 3, 2, 1]
    assert supply == list(range(30, -1, -1)) + [0] * 5
    assert GAME.view(state, None)["market"] == []


# ----- scoring ----------------------------------------------------------------------------------


def test_worked_example_from_the_rules_page() -> None:
    board = {"a1": "RT", "b1": "RF", "c1": "RJ", "a2": "RH"}
    state = position(board)  # alice: colour, bob: species
    assert scores(state) == {ALICE: 6, BOB: 0}
    assert GAME.view(state, None)["largest"] == {ALICE: 4, BOB: 0}
    assert oracle(board, "colour") == (6, 4) and oracle(board, "species") == (0, 0)


@pytest.mark.parametrize("n, points", [(1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 15)])
def test_a_group_of_n_scores_n_times_n_minus_1_over_2(n: int, points: int) -> None:
    # a row of blue tiles of different species: alice (colour) scores, bob doesn't
    row = {FILES[i] + "1": "B" + SPECIES[i] for i in range(n)}
    state = position(row)
    assert scores(state) == {ALICE: points, BOB: 0}
    assert GAME.view(state, None)["largest"] == {ALICE: n if n >= 2 else 0, BOB: 0}
    # a column of turtles of different colours: bob (species) scores, alice doesn't
    column = {"a" + RANKS[i]: COLOURS[i] + "T" for i in range(n)}
    state = position(column)
    assert scores(state) == {ALICE: 0, BOB: points}


def test_scores_add_up_over_groups() -> None:
    board = {"a1": "RT", "b1": "RF",  # red pair: 1
             "d1": "YT", "e1": "YF", "f1": "YJ",  # yellow three: 3
             "a6": "GC", "b6": "GF", "c6": "GJ", "c5": "GH"}  # green four (bent): 6
    assert scores(position(board))[ALICE] == 10


def test_diagonal_tiles_do_not_form_a_group() -> None:
    board = {"a1": "RT", "b2": "RF", "c3": "RJ", "d2": "YT", "e1": "GT"}
    state = position(board)
    assert scores(state) == {ALICE: 0, BOB: 0}
    assert GAME.view(state, None)["largest"] == {ALICE: 0, BOB: 0}


def test_groups_join_only_through_same_attribute() -> None:
    # R R Y R: two red groups (2 and 1), not one red group of 3
    board = {"a1": "RT", "b1": "RF", "c1": "YJ", "d1": "RJ", "d2": "RC"}
    assert scores(position(board))[ALICE] == 2
    # a plus shape of red: 5 tiles, one group -> 10
    board = {"c3": "RT", "b3": "RF", "d3": "RJ", "c2": "RC", "c4": "RH"}
    assert scores(position(board))[ALICE] == 10


def test_scoring_agrees_with_an_independent_scorer_on_random_full_boards() -> None:
    rnd = random.Random(2024)
    for _ in range(60):
        tiles = ALL_TILES[:]
        rnd.shuffle(tiles)
        board = dict(zip(SQUARES, tiles))
        state = finished(board)
        result = GAME.result(state)
        (c_score, c_large), (s_score, s_large) = oracle(board, "colour"), oracle(board, "species")
        assert result.scores == {ALICE: c_score, BOB: s_score}
        assert result.detail["largest"] == {ALICE: c_large, BOB: s_large}
        best = max((c_score, c_large), (s_score, s_large))
        expected = [p for p, key in ((ALICE, (c_score, c_large)), (BOB, (s_score, s_large)))
                    if key == best]
        assert sorted(result.winners) == sorted(expected)


# ----- end and tie-break ------------------------------------------------------------------------


def _end(fixed: Mapping[str, str], role: str = "host-colour") -> tuple[Result, dict[str, str]]:
    board = full_board(fixed)
    result = GAME.result(finished(board, role))
    assert result is not None
    return result, board


def test_higher_score_wins_even_with_a_smaller_largest_group() -> None:
    fixed = {"a1": "RC", "b1": "RF", "d1": "YC", "e1": "YF",  # colour: 4 red/yellow/... pairs
             "a3": "GC", "b3": "GF", "d3": "BC", "e3": "BF",
             "a6": "YT", "b6": "GT", "c6": "PT"}  # species: one turtle three
    result, board = _end(fixed)
    assert oracle(board, "colour") == (4, 2) and oracle(board, "species") == (3, 3)
    assert result.winners == (ALICE,) and result.scores == {ALICE: 4, BOB: 3}
    assert not result.draw and result.reason == "end"


def test_tie_break_larger_largest_group_wins() -> None:
    colour_three = {"a1": "RC", "b1": "RF", "c1": "RJ"}  # colour: 3 points, largest 3
    species_pairs = {"a6": "YT", "b6": "GT", "d6": "BS", "e6": "PS", "a4": "VH", "b4": "YH"}
    result, board = _end({**colour_three, **species_pairs})
    assert oracle(board, "colour") == (3, 3) and oracle(board, "species") == (3, 2)
    assert result.scores == {ALICE: 3, BOB: 3}
    assert result.winners == (ALICE,)
    assert result.detail["largest"] == {ALICE: 3, BOB: 2}
    # the same with the roles swapped: now bob scores colour and wins
    result, _ = _end({**colour_three, **species_pairs}, role="host-species")
    assert result.winners == (BOB,)


def test_tie_break_species_can_win_it_too() -> None:
    species_three = {"a1": "RT", "b1": "YT", "c1": "GT"}
    colour_pairs = {"a6": "BC", "b6": "BF", "d6": "PC", "e6": "PF", "a4": "VJ", "b4": "VH"}
    result, board = _end({**species_three, **colour_pairs})
    assert oracle(board, "colour") == (3, 2) and oracle(board, "species") == (3, 3)
    assert result.winners == (BOB,)


def test_equal_score_and_equal_largest_group_is_a_draw_listing_both() -> None:
    result, board = _end({"a1": "RC", "b1": "RF", "a6": "YT", "b6": "GT"})
    assert oracle(board, "colour") == (1, 2) and oracle(board, "species") == (1, 2)
    assert result.scores == {ALICE: 1, BOB: 1}
    assert set(result.winners) == {ALICE, BOB}
    assert result.draw and result.outcome is None and result.reason == "end"


def test_a_board_without_groups_is_a_draw_at_zero() -> None:
    result, _ = _end({})
    assert result.scores == {ALICE: 0, BOB: 0} and set(result.winners) == {ALICE, BOB}


def test_the_game_ends_exactly_when_the_36th_tile_is_placed() -> None:
    board = full_board({})
    last = "f6"
    tile = board.pop(last)
    state = position(board, drawn=tile)
    assert state.turn == 35 and GAME.result(state) is None
    assert GAME.legal_moves(state, acting(state))[0] == "f6"
    after = GAME.apply(state, acting(state), "f6")
    assert GAME.result(after) is not None and GAME.to_act(after) == frozenset()
    view = GAME.view(after, None)
    assert len(view["board"]) == 36 and view["drawn"] is None and view["supply"] == 0
    with pytest.raises(GameOver):
        GAME.apply(after, ALICE, "a1")


# ----- setup, roles, turn order, whole games ----------------------------------------------------


@pytest.mark.parametrize("rules", ["seed", "classic"])
def test_both_variants_play_to_the_end_with_every_tile_once(rules: str) -> None:
    state = GAME.setup([ALICE, BOB], {"rules": rules, "role": "host-species"}, 8)
    rnd = random.Random(rules)
    final, log = play_to_end(state, rnd.choice)
    assert len(log) == 36
    # colour player (bob) first, then strictly alternating: 18 turns each
    assert [p for p, _ in log] == [BOB, ALICE] * 18
    board = GAME.view(final, None)["board"]
    assert sorted(board.values()) == sorted(ALL_TILES)
    assert set(board) == set(SQUARES)
    result = GAME.result(final)
    assert result.scores == {BOB: oracle(board, "colour")[0], ALICE: oracle(board, "species")[0]}


@pytest.mark.parametrize("rules", ["seed", "classic"])
def test_every_tile_exists_exactly_once_at_every_step(rules: str) -> None:
    state = GAME.setup([ALICE, BOB], {"rules": rules}, 13)
    rnd = random.Random(1)
    while True:
        view = GAME.view(state, None)
        open_tiles = list(view["board"].values()) + view["market"]
        open_tiles += [view["drawn"]] if view["drawn"] else []
        assert len(set(open_tiles)) == len(open_tiles)
        assert len(open_tiles) + view["supply"] == 36
        assert set(open_tiles) <= set(ALL_TILES)
        if GAME.result(state) is not None:
            break
        state = GAME.apply(state, acting(state), rnd.choice(GAME.legal_moves(state, acting(state))))


@pytest.mark.parametrize("role, colour", [("host-colour", ALICE), ("host-species", BOB)])
def test_role_option_and_colour_moves_first(role: str, colour: str) -> None:
    for rules in ("seed", "classic"):
        for seed in range(5):
            state = GAME.setup([ALICE, BOB], {"rules": rules, "role": role}, seed)
            view = GAME.view(state, None)
            species = BOB if colour == ALICE else ALICE
            assert view["roles"] == {colour: "colour", species: "species"}
            assert GAME.to_act(state) == {colour}


def test_random_role_gives_both_assignments_and_colour_always_starts() -> None:
    seen = set()
    for seed in range(40):
        state = GAME.setup([ALICE, BOB], {"role": "random"}, seed)
        roles = GAME.view(state, None)["roles"]
        assert sorted(roles.values()) == ["colour", "species"]
        colour = next(p for p, r in roles.items() if r == "colour")
        assert GAME.to_act(state) == {colour}
        seen.add(colour)
    assert seen == {ALICE, BOB}
    assert GAME.options["role"].default == "random"
    assert GAME.options["rules"].default == "seed"


def test_the_drawn_tile_is_public_and_is_the_one_placed() -> None:
    state = GAME.setup([ALICE, BOB], {"role": "host-colour"}, 21)
    for _ in range(6):
        public = GAME.view(state, None)
        drawn = public["drawn"]
        assert drawn in ALL_TILES and drawn not in public["board"].values()
        for p in (ALICE, BOB):
            assert GAME.view(state, p)["drawn"] == drawn
        player = acting(state)
        assert drawn in GAME.prompt(state, player)
        square = next(sq for sq in SQUARES if sq not in public["board"])
        state = GAME.apply(state, player, square)
        assert GAME.view(state, None)["board"][square] == drawn
        assert GAME.view(state, None)["last"]["tile"] == drawn


def test_the_supply_order_stays_hidden() -> None:
    state = GAME.setup([ALICE, BOB], {}, 4)
    public = GAME.view(state, None)
    assert public["supply"] == 35  # a count, never the tiles
    hidden = set(ALL_TILES) - {public["drawn"]}
    text = repr(public)
    assert not any(t in text for t in hidden)


# ----- legal move counts ------------------------------------------------------------------------


def _split(moves: list[str]) -> tuple[list[str], set[str]]:
    plain = [m for m in moves if "-" not in m]
    shifts = {m.split(" ")[0] for m in moves if "-" in m}
    return plain, shifts


def test_count_empty_board() -> None:
    assert len(GAME.legal_moves(position({}), ALICE)) == 36
    state = GAME.setup([ALICE, BOB], {"rules": "classic", "role": "host-colour"}, 0)
    assert len(GAME.legal_moves(state, ALICE)) == 6 * 36
    assert GAME.legal_moves(state, BOB) == []


def test_count_one_tile_in_a_corner_seed() -> None:
    state = position({"a1": "RT"})
    moves = GAME.legal_moves(state, BOB)
    plain, shifts = _split(moves)
    assert len(plain) == 35
    assert shifts == {"a1-a2", "a1-b1", "a1-b2"}
    assert len(moves) == 35 + 3 * 35  # after a shift: 34 empty squares + the vacated a1
    assert "a1-b2 a1" in moves and "a1-b2 b2" not in moves


def test_count_one_tile_in_the_middle_seed() -> None:
    moves = GAME.legal_moves(position({"c3": "RT"}), BOB)
    plain, shifts = _split(moves)
    assert len(shifts) == 8 and len(moves) == 35 + 8 * 35


def test_count_one_tile_in_a_corner_classic() -> None:
    state = classic({"a1": "RT"})
    moves = GAME.legal_moves(state, BOB)
    plain, shifts = _split(moves)
    assert len(plain) == 6 * 35
    assert shifts == {f"a1-a{r}" for r in "23456"} | {f"a1-{f}1" for f in "bcdef"}
    assert len(moves) == 6 * (35 + 10 * 35)


def test_count_blocked_slides_classic() -> None:
    state = classic({"b2": "RT", "b4": "YJ"})
    moves = GAME.legal_moves(state, ALICE)
    plain, shifts = _split(moves)
    assert shifts == {"b2-b3", "b2-b1", "b2-a2", "b2-c2", "b2-d2", "b2-e2", "b2-f2",
                      "b4-b3", "b4-b5", "b4-b6", "b4-a4", "b4-c4", "b4-d4", "b4-e4", "b4-f4"}
    assert len(moves) == 6 * (34 + 15 * 34)


def test_count_one_empty_square_left() -> None:
    board = full_board({})
    tile = board.pop("c3")
    state = position(board, drawn=tile)
    moves = GAME.legal_moves(state, acting(state))
    # place on c3, or shift one of its 8 neighbours into c3 and place on the vacated square
    expected = {"c3"} | {f"{n}-c3 {n}" for n in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4")}
    assert set(moves) == expected and len(moves) == 9


def test_count_full_board_but_one_classic() -> None:
    board = full_board({})
    tile = board.pop("a1")
    state = position(board, rules="classic", market=[tile], turn=35)
    moves = GAME.legal_moves(state, acting(state))
    # slides into a1 only from its orthogonal neighbours (no room to go further)
    assert set(moves) == {f"{tile} a1", f"a2-a1 {tile} a2", f"b1-a1 {tile} b1"}


# ----- words, suggest, resign -------------------------------------------------------------------


def test_describe_mentions_tile_squares_and_shift() -> None:
    state = position({"b2": "RT"}, drawn="BF")
    text = GAME.describe(state, ALICE, "b2-c3 d4")
    for word in ("RT", "b2", "c3", "d4", "blue fish"):
        assert word in text, text
    assert "d4" in GAME.describe(state, ALICE, "D4")
    state = classic({"b2": "RT"})
    text = GAME.describe(state, ALICE, "b2-b5 BT d4")
    for word in ("RT", "b2", "b5", "d4", "blue turtle", "market"):
        assert word in text, text


def test_prompt_says_role_and_tile() -> None:
    state = position({}, drawn="PJ")
    text = GAME.prompt(state, ALICE)
    assert "colour" in text and "pink jellyfish" in text and "PJ" in text
    assert "species" in GAME.prompt(state, BOB)
    first = GAME.setup([ALICE, BOB], {"rules": "classic", "role": "host-colour"}, 0)
    assert "slide" not in GAME.prompt(first, ALICE)  # no slide on the first turn
    assert "slide" in GAME.prompt(classic({"a1": "RT"}), BOB)


def test_prompt_after_the_end_does_not_crash() -> None:
    final, _ = play_to_end(position({}, seed=1))
    for player in (ALICE, BOB):
        assert isinstance(GAME.prompt(final, player), str)


def test_suggest_puts_the_best_move_first_and_stays_legal() -> None:
    # alice (colour, to act on turn 4) holds RC: next to the red pair it makes a three (+2)
    board = {"b2": "RT", "c2": "RF", "f6": "YC", "f5": "GJ"}
    state = position(board, drawn="RC")
    assert acting(state) == ALICE
    got = GAME.suggest(state, ALICE, "", 25)
    legal = set(GAME.legal_moves(state, ALICE))
    assert len(got) == 25 and all(value in legal for value, _ in got)
    best_value, best_label = got[0]
    assert "you +2" in best_label and "them +0" in best_label, best_label
    after = GAME.view(GAME.apply(state, ALICE, best_value), None)["board"]
    assert oracle(after, "colour") == (3, 3)
    typed = GAME.suggest(state, ALICE, "B2 - ", 25)
    assert typed and all(value.startswith("b2-") for value, _ in typed)
    assert GAME.suggest(state, BOB, "", 25) == []


def test_resign_ends_the_game_for_the_other_player() -> None:
    state = position({"a1": "RT", "b1": "RF"})
    for quitter, other in ((ALICE, BOB), (BOB, ALICE)):
        after = GAME.resign(state, quitter)
        result = GAME.result(after)
        assert result.winners == (other,) and result.reason == "resigned"
        assert result.detail["resigned"] == quitter
        assert result.scores == {ALICE: 1, BOB: 0}
        assert GAME.to_act(after) == frozenset()
        assert GAME.view(after, None)["result"]["winners"] == [other]
        with pytest.raises(GameOver):
            GAME.apply(after, other, "c1")
        with pytest.raises(IllegalMove):
            GAME.resign(after, other)
        assert GAME.result(state) is None  # the old state goes on
    with pytest.raises(IllegalMove):
        GAME.resign(state, "mallory")


def test_load_refuses_tampered_states() -> None:
    state = position({"a1": "RT", "b1": "RF"})
    good = json.loads(GAME.dump(state))
    duplicated = json.loads(GAME.dump(state))
    duplicated["state"]["board"]["c1"] = "RT"
    missing = json.loads(GAME.dump(state))
    del missing["state"]["board"]["a1"]
    no_colour = json.loads(GAME.dump(state))
    no_colour["state"]["roles"] = {ALICE: "species", BOB: "species"}
    for payload in (duplicated, missing, no_colour):
        with pytest.raises(CorruptState):
            GAME.load(json.dumps(payload))
    assert GAME.load(json.dumps(good)) == state
