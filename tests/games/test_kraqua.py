"""Kraqua scenarios from hand-built positions, against the rules in ``games.kraqua``.

The generic contract (playouts, round trips, garbage input, ...) is in ``test_contract.py``;
this module checks the rules page itself. Positions are built with ``position`` below (set-up,
then hands, rows, fish, gems and the flow fields set by hand); dice are fixed by choosing an
RNG state that rolls the wanted faces (``rng_for``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games import REGISTRY, GameOver, IllegalMove, InvalidMove, NotYourTurn
from games.kraqua import board
from games.kraqua.notation import parse_move
from games.kraqua.state import CAVE_LIMIT, GEMS, KraquaState, is_protected
from games.rng import Rng

GAME = REGISTRY["kraqua"]
A, B, C, D = "alice", "bob", "carol", "dave"
COLOURS = board.GEM_COLOURS  # die faces in order


# ----- helpers ----------------------------------------------------------------------------------


def rng_for(*outcomes: tuple[int, int]) -> int:
    """An RNG state whose next draws are ``randbelow(n) == k`` for each (n, k) in order."""
    for x in range(1, 200_000):
        r = Rng(x)
        if all(r.randbelow(n) == k for n, k in outcomes):
            return x
    raise AssertionError("no rng state found")


def die(*colours: str) -> list[tuple[int, int]]:
    return [(6, COLOURS.index(c)) for c in colours]


def coin(stays: bool) -> list[tuple[int, int]]:
    return [(2, 0 if stays else 1)]


def position(seats: tuple[str, ...] = (A, B), *, chips: dict[str, str] | None = None,
             hands: dict[str, tuple[int, str] | None] | None = None,
             rows: dict[str, dict[int, tuple[int, str]]] | None = None,
             fronts: dict[str, int] | None = None, fish: dict[str, Any] | None = None,
             stack: list[int] | None = None, shells: int = 2,
             cave: dict[str, int] | None = None, hideout_gems: dict[str, int] | None = None,
             gates: list[tuple[str, bool]] | None = None, revealed: int = 1,
             passed: list[list[str]] | None = None, hideout: int = 0, level: str = "1",
             rolls: list[tuple[int, int]] | None = None, **flow: Any) -> KraquaState:
    """A consistent state; every tile not in a hand, a row or ``stack`` is in the box."""
    state = GAME.setup(list(seats), {"level": level}, 1)
    chips = chips or dict(zip(seats, ("crab", "turtle", "jellyfish", "seahorse")))
    hands = hands if hands is not None else {p: (i + 1, "A") for i, p in enumerate(seats)}
    rows = rows or {"i": {}, "o": {}}
    fronts = fronts or {r: max(rows[r], default=0) for r in ("i", "o")}
    pos = {c: v if isinstance(v, int) else board.parse_field(v) for c, v in (fish or {}).items()}
    fishes = {"green": -2, "red": -1, "yellow": 0} | pos
    used = [t[0] for t in hands.values() if t] + [t[0] for r in rows.values() for t in r.values()]
    stack = list(stack or [])
    box = [t for t in range(1, 13) if t not in used and t not in stack and t in
           range(1, {"1": 13, "2": 13, "3": 12, "pro": 11}[level])]
    gems = {"chest": dict(GEMS), "cave": {c: 0 for c in COLOURS}, "hideout": {c: 0 for c in COLOURS}}
    for place, extra in (("cave", cave or {}), ("hideout", hideout_gems or {})):
        for c, n in extra.items():
            gems["chest"][c] -= n
            gems[place][c] += n
    new = replace(
        state, chips=chips, tiles=dict(hands), rows={r: dict(v) for r, v in rows.items()},
        fronts=dict(fronts), fish=fishes, stack=stack, box=box, shells=shells, gems=gems,
        gates=gates or [("colour", False), ("hat", False), ("size", False)],
        revealed=revealed, passed=passed or [[] for _ in range(revealed)], hideout=hideout,
        rng=rng_for(*rolls) if rolls else 12345, **flow)
    assert GAME.load(GAME.dump(new)) == new, "the helper built an inconsistent state"
    return new


def play(state: KraquaState, player: str, *moves: str) -> KraquaState:
    for m in moves:
        state = GAME.apply(state, player, m)
    return state


def refused(state: KraquaState, player: str, move: str, *words: str) -> str:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    text = str(info.value)
    assert len(text.splitlines()) == 1
    for w in words:
        assert w in text, (w, text)
    return text


def almost_full_cave() -> dict[str, int]:
    """One gem short of Kraqua's limit, with a white gem left in the chest."""
    cave: dict[str, int] = {}
    need = CAVE_LIMIT - 1
    for colour in ("blue", "green", "red", "purple", "yellow", "white"):
        take = min(need, GEMS[colour] - (1 if colour == "white" else 0))
        cave[colour] = take
        need -= take
    assert need == 0
    return cave


def cave_count(state: KraquaState) -> int:
    return sum(state.gems["cave"].values())


# ----- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("level, shells, tiles", [("1", 2, 12), ("2", 1, 12), ("3", 1, 11),
                                                  ("pro", 0, 10)])
def test_setup_by_level(level: str, shells: int, tiles: int) -> None:
    for seed in range(5):
        s = GAME.setup([A, B, C], {"level": level}, seed)
        assert s.shells == shells
        held = [t[0] for t in s.tiles.values() if t]
        assert sorted(held + s.stack) == list(range(1, tiles + 1))
        assert len(held) == 3 and s.box == []
        if level == "3":
            assert 12 not in held + s.stack
        if level == "pro":
            assert not {11, 12} & set(held + s.stack)


def test_setup_material() -> None:
    seen_hideouts, seen_first_gates, seen_chips = set(), set(), set()
    for seed in range(40):
        s = GAME.setup([A, B, C, D], {}, seed)
        v = GAME.view(s, None)
        assert sorted(v["chips"].values()) == sorted(board.CHIPS)  # distinct chips
        seen_chips.add(v["chips"][A])
        assert v["fish"] == {"green": "S1", "red": "S2", "yellow": "S3"}
        assert v["gems"]["chest"] == dict(GEMS) and set(GEMS) == set(COLOURS)
        assert v["cave_limit"] == CAVE_LIMIT
        assert sum(v["gems"]["cave"].values()) == sum(v["gems"]["hideout"].values()) == 0
        assert len(v["gates"]) == 1 and v["gates"][0]["passed"] == []
        gate = v["gates"][0]
        assert gate["order"] in ([*board.GATE_ORDERS[gate["criterion"]]],
                                 [*reversed(board.GATE_ORDERS[gate["criterion"]])])
        assert sorted(c for c, _ in s.gates) == sorted(board.CRITERIA)
        seen_first_gates.add((gate["criterion"], tuple(gate["order"])))
        seen_hideouts.add(tuple(v["hideout_goal"]))
        assert v["path_end"] == "28" and v["status"] == "running" and v["played"] == []
        assert all(isinstance(t, list) and len(t) == 2 for t in v["tiles"].values())
        assert set(GAME.to_act(s)) == {A, B, C, D}
    assert len(seen_hideouts) == 6 and len(seen_first_gates) == 6 and len(seen_chips) == 4


def test_tuned_constants() -> None:
    """The loss threshold and gem counts chosen by the balance simulation (tools/sim/kraqua_balance.py)."""
    assert CAVE_LIMIT == 15
    assert dict(GEMS) == {"blue": 6, "white": 6, "green": 1, "red": 1, "purple": 1, "yellow": 1}
    assert tuple(GEMS) == COLOURS and sum(GEMS.values()) == 16  # as many gems as the box has
    assert GAME.view(GAME.setup([A], {}, 1), None)["cave_limit"] == CAVE_LIMIT


def test_gate_orders_are_the_six_permutations() -> None:
    orders = {board.gate_order(c, r) for c in board.CRITERIA for r in (False, True)}
    assert len(orders) == 6
    assert board.gate_order("hat", False) == ("yellow", "green", "red")  # bowler, sombrero, top hat
    assert board.gate_order("size", False) == ("red", "yellow", "green")  # big, medium, small
    assert board.gate_order("colour", True) == ("yellow", "red", "green")


def test_one_to_four_seats() -> None:
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    s = GAME.setup(["solo"], {"level": "pro"}, 3)
    assert GAME.to_act(s) == {"solo"}


# ----- board geometry and protection ------------------------------------------------------------


def test_path_animals_and_specials() -> None:
    assert "".join(board.FIELD_ANIMAL[f] for f in range(1, 41)) == (
        "TSJCSTCJCJSTJCTSTSCJSJTCJTSCTCJSCSTJSJCT")
    assert [f for f in range(1, 41) if board.special(f) == "shell"] == [6, 12, 18, 24, 30, 36]
    assert [f for f in range(1, 41) if board.special(f) == "dolphin"] == [9, 21, 33]
    assert [f for f in range(1, 41) if board.special(f) == "shark"] == [15, 27, 39]
    assert board.spot_fields(1) == (5, 6, 7) and board.spot_fields(12) == (38, 39, 40)
    assert board.spot_of(16) == (4, 2) and board.spot_of(17) == (5, 0)


def test_always_protected_fields() -> None:
    s = position()
    for f in (-2, -1, 0, 1, 2, 3, 4, 41, 42, 43):
        assert is_protected(s, f)
    assert not any(is_protected(s, f) for f in range(5, 41))


def test_protection_needs_reef_on_both_sides() -> None:
    # tile 1A: ### ; tile 1B would be #~# ; tile 5A: ##~
    s = position(hands={A: (9, "A"), B: (10, "A")}, rows={"i": {1: (1, "A")}, "o": {}})
    assert not is_protected(s, 5), "one tile is not enough"
    s = position(hands={A: (9, "A"), B: (10, "A")}, rows={"i": {1: (1, "A")}, "o": {1: (5, "A")}})
    assert [is_protected(s, f) for f in (5, 6, 7)] == [True, True, False]  # ##~ leaves 7 open
    s = position(hands={A: (9, "A"), B: (10, "A")}, rows={"i": {1: (4, "B")}, "o": {1: (2, "A")}})
    assert [is_protected(s, f) for f in (5, 6, 7)] == [True, False, True]  # #~# on 4B


# ----- free turn order --------------------------------------------------------------------------


def test_any_seat_may_start_then_only_it_until_its_turn_ends() -> None:
    s = position((A, B, C), hands={A: (1, "A"), B: (2, "A"), C: (3, "A")})
    assert GAME.to_act(s) == {A, B, C}
    s = play(s, B, "lay i")
    assert GAME.to_act(s) == {B}
    with pytest.raises(NotYourTurn):
        GAME.apply(s, A, "lay o")
    s = play(s, B, "fish green")  # seahorse: S1 -> 2 (protected)
    assert GAME.to_act(s) == {A, C}
    assert GAME.view(s)["played"] == [B]
    with pytest.raises(NotYourTurn):
        GAME.apply(s, B, "lay o")


def test_a_seat_without_a_tile_does_not_act() -> None:
    s = position((A, B), hands={A: (1, "A"), B: None}, stack=[5])
    assert GAME.to_act(s) == {A}
    assert GAME.legal_moves(s, B) == []


# ----- laying tiles -----------------------------------------------------------------------------


def test_rows_grow_forward_without_gaps() -> None:
    s = position(hands={A: (7, "B"), B: (2, "A")}, rows={"i": {1: (1, "A"), 2: (3, "A")},
                                                          "o": {1: (4, "A")}})
    after = play(s, A, "lay i")
    assert after.rows["i"][3] == (7, "B") and after.fronts["i"] == 3
    after = play(s, A, "lay o")
    assert after.rows["o"][2] == (7, "B")
    assert GAME.view(after)["rows"]["o"] == {"1": [4, "A"], "2": [7, "B"]}


def test_an_emptied_row_continues_after_its_old_front() -> None:
    s = position(hands={A: (7, "B"), B: (2, "A")}, rows={"i": {}, "o": {1: (4, "A")}},
                 fronts={"i": 3, "o": 1})
    after = play(s, A, "lay i")
    assert after.rows["i"] == {4: (7, "B")}


def test_spots_beyond_the_revealed_path_are_not_available() -> None:
    full = {k: (k, "A") for k in range(1, 9)}
    s = position(hands={A: (9, "A"), B: (10, "A")},
                 rows={"i": {k: t for k, t in full.items() if k <= 4},
                       "o": {k: (t[0], "B") for k, t in full.items() if k > 4}},
                 fronts={"i": 4, "o": 8})
    assert GAME.legal_moves(s, A) == ["lay i"]
    refused(s, A, "lay o", "outer", "no free spot", "lay i")


def test_no_free_spot_the_tile_goes_to_the_box_after_a_normal_turn() -> None:
    rows = {"i": {k: (k, "A") for k in range(1, 5)}, "o": {k: (k + 4, "A") for k in range(1, 5)}}
    s = position(hands={A: (9, "A"), B: (10, "A")}, rows=rows, fronts={"i": 8, "o": 8})
    assert not any(m.startswith("lay") for m in GAME.legal_moves(s, A))
    s2 = play(s, A, "fish green")  # turtle: S1 -> 1
    assert s2.fish["green"] == 1 and 9 in s2.box and s2.tiles[A] is None
    assert "box" in GAME.describe(s, A, "fish green")


# ----- moving fish ------------------------------------------------------------------------------


def test_fish_moves_to_the_next_free_field_of_the_tiles_animal_skipping_occupied() -> None:
    # 1T 2S 3J 4C 5S 6T 7C 8J 9C ...
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"red": 4, "yellow": 7})
    s = play(s, A, "lay i", "fish green")  # crab: S1 -> 4 is taken, 7 taken -> 9
    assert GAME.view(s)["fish"]["green"] == "9"


def test_fish_moves_only_forward_within_the_revealed_path() -> None:
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 24, "red": 26, "yellow": 27},
                 passed=[["green", "red", "yellow"]])
    s = play(s, A, "lay i")
    # crab fields after 24: 28 only, then 30 (not revealed)
    s2 = play(s, A, "fish green")
    assert s2.fish["green"] == 28
    s3 = replace(s, fish={"green": 28, "red": 26, "yellow": 27})
    refused(s3, A, "fish green", "no free crab field", "revealed")


def test_goal_fields_show_every_animal_once_revealed() -> None:
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 40, "red": 39, "yellow": 37},
                 revealed=3, passed=[["green", "red", "yellow"]] * 2 + [[]],
                 gates=[("colour", False), ("hat", False), ("size", True)])  # size reversed: g, y, r
    s = play(s, A, "lay i")
    s = play(s, A, "fish green")
    assert GAME.view(s)["fish"]["green"] == "G1"
    assert s.passed[2] == ["green"]


def test_a_fish_in_the_goal_does_not_move() -> None:
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 41, "red": 39, "yellow": 37},
                 revealed=3, passed=[["green", "red", "yellow"]] * 2 + [["green"]],
                 gates=[("colour", False), ("hat", False), ("size", True)])
    s = play(s, A, "lay i")
    refused(s, A, "fish green", "goal already")


def test_no_cutting_in_line_at_the_gate() -> None:
    # gate 1 = colour forward: green, red, yellow. Red at 15 would pass with a crab (19).
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 10, "red": 15, "yellow": 2},
                 gates=[("colour", False), ("hat", False), ("size", False)])
    s = play(s, A, "lay i")
    text = refused(s, A, "fish red", "gate 1", "green", "cutting")
    assert "red fish may not pass" in text
    assert "fish red" not in GAME.legal_moves(s, A)
    s2 = play(s, A, "fish green")  # crab: 10 -> 14 (stays before the gate)
    assert s2.fish["green"] == 14 and s2.passed == [[]]


def test_passing_in_order_is_recorded() -> None:
    s = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 16, "red": 15, "yellow": 2},
                 gates=[("colour", False), ("hat", False), ("size", False)])
    s = play(s, A, "lay i", "fish green")  # crab: 16 -> 19
    assert s.passed == [["green"]]
    assert GAME.view(s)["gates"][0]["passed"] == ["green"]


def test_skip_only_when_no_fish_can_move() -> None:
    s = position(hands={A: (4, "A"), B: (2, "A")})
    s = play(s, A, "lay i")
    refused(s, A, "skip", "must move")
    assert "skip" not in GAME.legal_moves(s, A)
    # every crab field on the revealed path is taken or behind the fish
    blocked = position(hands={A: (4, "A"), B: (2, "A")}, fish={"green": 28, "red": 25, "yellow": 27},
                       shells=0, passed=[["green", "red", "yellow"]])
    blocked = play(blocked, A, "lay i")
    assert GAME.legal_moves(blocked, A) == ["skip"]
    after = play(blocked, A, "skip")
    assert after.fish == blocked.fish and A in after.played


# ----- shells and chips -------------------------------------------------------------------------


def test_shell_move_uses_the_chips_animal_and_costs_a_shell() -> None:
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (2, "A")}, shells=2)
    s = play(s, A, "lay i", "shell green")  # turtle: S1 -> 1
    assert s.fish["green"] == 1 and s.shells == 1


def test_shell_move_needs_a_shell() -> None:
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (2, "A")}, shells=0)
    s = play(s, A, "lay i")
    refused(s, A, "shell green", "no shell")
    assert not any(m.startswith("shell") for m in GAME.legal_moves(s, A))


def test_shell_move_is_refused_when_the_chip_shows_the_tiles_animal() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")})
    s = play(s, A, "lay i")
    refused(s, A, "shell green", "fish green")


def test_jellyfish_chooses_fish_and_animal_for_a_shell() -> None:
    s = position(chips={A: "jellyfish", B: "crab"}, hands={A: (4, "A"), B: (2, "A")}, shells=1)
    s = play(s, A, "lay i")
    assert "jelly red S" in GAME.legal_moves(s, A) and "jelly red T" in GAME.legal_moves(s, A)
    s2 = play(s, A, "jelly red s")
    assert s2.fish["red"] == 2 and s2.shells == 0
    refused(s, A, "jelly red C", "fish red")
    refused(s, A, "jelly red J", "shell red")
    other = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")})
    refused(play(other, A, "lay i"), A, "jelly red S", "only the jellyfish")


@pytest.mark.parametrize("stays", [True, False])
def test_crab_flips_a_paid_shell(stays: bool) -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")}, shells=1,
                 rolls=coin(stays))
    s = play(s, A, "lay i", "shell green")  # crab: S1 -> 4 (protected: no die)
    assert s.fish["green"] == 4
    assert s.shells == (1 if stays else 0)


# ----- the Kraqua check -------------------------------------------------------------------------


def test_unprotected_fish_loses_the_rolled_gem() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 fish={"green": 2}, rolls=die("white"))
    s = play(s, A, "lay i", "fish green")  # turtle: 2 -> 6, spot 1 only inner: unprotected
    assert s.fish["green"] == 6
    assert s.gems["cave"]["white"] == 1 and s.gems["chest"]["white"] == GEMS["white"] - 1


def test_protected_fish_is_safe() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 rows={"i": {}, "o": {1: (3, "A")}}, fish={"green": 2}, rolls=die("white"))
    s = play(s, A, "lay i", "fish green")
    assert s.fish["green"] == 6 and cave_count(s) == 0


def test_missing_colour_lets_the_player_choose() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 fish={"green": 2}, cave={"purple": GEMS["purple"]}, rolls=die("purple"))
    s = play(s, A, "lay i", "fish green")
    assert GAME.to_act(s) == {A} and GAME.view(s)["step"] == "gem"
    assert "gem purple" not in GAME.legal_moves(s, A)
    refused(s, A, "gem purple", "no purple")
    s = play(s, A, "gem blue")
    assert s.gems["cave"]["blue"] == 1 and s.gems["cave"]["purple"] == GEMS["purple"]


@pytest.mark.parametrize("choice, colour", [("keep", "red"), ("reroll", "blue")])
def test_seahorse_may_roll_once_more(choice: str, colour: str) -> None:
    s = position(chips={A: "seahorse", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 fish={"green": 2}, rolls=die("red", "blue"))
    s = play(s, A, "lay i", "fish green")
    assert GAME.view(s)["roll"] == "red" and GAME.legal_moves(s, A) == ["reroll", "keep"]
    s = play(s, A, choice)
    assert s.gems["cave"][colour] == 1 and cave_count(s) == 1


def test_cave_limit_loses_at_once() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 fish={"green": 2}, cave=almost_full_cave(), rolls=die("white"))
    s = play(s, A, "lay i", "fish green")
    r = GAME.result(s)
    assert r is not None and r.outcome == "lost" and r.winners == ()
    assert GAME.view(s)["status"] == "lost" and GAME.to_act(s) == frozenset()
    with pytest.raises(GameOver):
        GAME.apply(s, B, "lay i")


def test_empty_chest_when_a_gem_must_be_stolen_loses() -> None:
    hidden = {c: n for c, n in GEMS.items()}
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                 fish={"green": 2}, hideout_gems=hidden, rolls=die("white"))
    s = play(s, A, "lay i", "fish green")
    assert GAME.view(s)["status"] == "lost" and GAME.result(s).detail["why"] == "chest"


# ----- special fields ---------------------------------------------------------------------------


def test_shell_field_gains_a_shell_up_to_six() -> None:
    rows = {"i": {}, "o": {1: (3, "A")}}
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")}, rows=rows,
                 fish={"green": 2}, shells=2)
    assert play(s, A, "lay i", "fish green").shells == 3  # lands on 6
    s = replace(s, shells=6)
    assert play(s, A, "lay i", "fish green").shells == 6


def test_dolphin_hides_a_gem_for_a_shell() -> None:
    rows = {"i": {1: (1, "A"), 2: (2, "A")}, "o": {1: (3, "A")}}
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (5, "A")}, rows=rows,
                 fish={"green": 7}, shells=1, rolls=die("white"))
    s = play(s, A, "lay o", "fish green")  # crab: 7 -> 9 (dolphin), protected by 2A / 4A
    assert s.fish["green"] == 9 and GAME.view(s)["step"] == "special"
    assert "dolphin purple" in GAME.legal_moves(s, A) and "pass" in GAME.legal_moves(s, A)
    refused(s, A, "shark blue", "dolphin")
    done = play(s, A, "dolphin purple")
    assert done.gems["hideout"]["purple"] == 1 and done.shells == 0 and A in done.played
    passed = play(s, A, "pass")
    assert passed.gems["hideout"]["purple"] == 0 and passed.shells == 1


def test_dolphin_is_not_offered_without_a_shell() -> None:
    rows = {"i": {1: (1, "A"), 2: (2, "A")}, "o": {1: (3, "A")}}
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (5, "A")}, rows=rows,
                 fish={"green": 7}, shells=0)
    s = play(s, A, "lay o", "fish green")
    assert s.fish["green"] == 9 and A in s.played


def test_shark_brings_a_gem_back() -> None:
    rows = {"i": {3: (1, "A"), 4: (2, "A")}, "o": {3: (3, "A"), 4: (7, "B")}}
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (6, "B"), B: (5, "A")}, rows=rows,
                 fish={"green": 14}, shells=1, cave={"blue": 2, "purple": 1})
    s = play(s, A, "lay i", "fish green")  # turtle: 14 -> 15 (shark)
    assert s.fish["green"] == 15
    # the hideout still needs purple, which is in the cave: any cave gem may come back
    assert GAME.legal_moves(s, A) == ["shark blue", "shark purple", "pass"]
    s = play(s, A, "shark blue")
    assert s.gems["cave"]["blue"] == 1 and s.gems["chest"]["blue"] == GEMS["blue"] - 1
    assert s.shells == 0


# ----- round end --------------------------------------------------------------------------------


def _round_over(seats: tuple[str, ...], chips: dict[str, str], stack: list[int],
                last: str, **kw: Any) -> KraquaState:
    """Everyone has played; ``last`` plays the final turn (lay i, fish green to 1)."""
    hands = {p: None for p in seats}
    hands[last] = (1, "A")
    s = position(seats, chips=chips, hands=hands, stack=stack,
                 played=[p for p in seats if p != last], **kw)
    return play(s, last, "lay i", "fish green")


def test_draw_order_is_last_mover_first_then_round_the_table() -> None:
    chips = {A: "crab", B: "seahorse", C: "jellyfish", D: "turtle"}
    s = _round_over((A, B, C, D), {**chips}, [5, 6, 7, 8], C,
                    rows={"i": {}, "o": {1: (9, "A")}})
    assert GAME.view(s)["draw_queue"] == [C, D, A, B]
    assert GAME.to_act(s) == {C}
    s = play(s, C, "draw")
    assert s.tiles[C] is not None and s.tiles[C][0] == 8  # the top of the stack
    assert GAME.to_act(s) == {D}
    assert GAME.view(s)["drawing"] == 7  # the turtle sees the tile and picks its side
    refused(s, D, "draw", "draw A or draw B")
    s = play(s, D, "draw b")
    assert s.tiles[D] == (7, "B")
    refused(s, A, "draw A", "only the turtle")
    s = play(s, A, "draw", )
    s = play(s, B, "draw")
    assert GAME.view(s)["round"] == 2 and GAME.to_act(s) == {A, B, C, D}


def test_empty_stack_take_the_rearmost_tile_keeping_its_side() -> None:
    chips = {A: "crab", B: "turtle"}
    rows = {"i": {}, "o": {2: (3, "B"), 3: (4, "A")}}
    s = _round_over((A, B), chips, [], A, rows=rows)  # A lays 1A on inner spot 1
    assert GAME.legal_moves(s, A) == ["take i", "take o"]
    s2 = play(s, A, "take o")
    assert s2.tiles[A] == (3, "B") and 2 not in s2.rows["o"]
    refused(s, A, "take o B", "only the turtle")
    # the turtle may turn it
    s3 = play(s2, B, "take o B")
    assert s3.tiles[B] == (4, "B")


def test_a_seat_with_nothing_to_draw_sits_out_the_next_round() -> None:
    chips = {A: "crab", B: "turtle"}
    s = position((A, B), chips=chips, hands={A: (1, "A"), B: None}, stack=[],
                 played=[B])
    s = play(s, A, "lay i", "fish green")
    # the only tile lies on the board: A takes it, B gets nothing and sits out
    assert GAME.to_act(s) == {A} and GAME.legal_moves(s, A) == ["take i"]
    said = GAME.describe(s, A, "take i")
    assert "no tile is left for **bob**" in said and "sit out" in said
    s = play(s, A, "take i")
    assert s.tiles[B] is None and GAME.to_act(s) == {A} and s.round == 2


def test_no_tile_anywhere_loses() -> None:
    s = position((A,), chips={A: "crab"}, hands={A: (1, "A")}, stack=[],
                 rows={"i": {}, "o": {}}, fronts={"i": 8, "o": 8})
    s = play(s, A, "fish green")  # no spot: the tile goes to the box, nothing is left
    assert GAME.view(s)["status"] == "lost" and GAME.result(s).detail["why"] == "tiles"


def test_round_end_theft_for_each_unprotected_fish_after_the_draws() -> None:
    chips = {A: "crab", B: "turtle"}
    s = position((A, B), chips=chips, hands={A: (1, "A"), B: None}, stack=[5, 6],
                 fish={"red": 10, "yellow": 11}, played=[B],
                 rolls=[(2, 0)] + die("blue", "white"))  # A's drawn side, then the theft
    s = play(s, A, "lay i", "fish green")  # crab S1 -> 4: protected, no die
    assert cave_count(s) == 0
    s = play(s, A, "draw")
    s = play(s, B, "draw A")
    # red and yellow stand unprotected: one roll each (blue, white)
    assert s.gems["cave"]["blue"] == 1 and s.gems["cave"]["white"] == 1 and s.round == 2


def test_round_end_theft_with_a_missing_colour_is_chosen_by_the_last_mover() -> None:
    chips = {A: "crab", B: "turtle"}
    s = position((A, B), chips=chips, hands={A: (1, "A"), B: None}, stack=[5, 6],
                 fish={"red": 10}, played=[B], cave={"yellow": GEMS["yellow"]},
                 rolls=[(2, 0)] + die("yellow"))
    s = play(s, A, "lay i", "fish green", "draw")
    s = play(s, B, "draw A")
    assert GAME.to_act(s) == {A} and GAME.view(s)["step"] == "gem"
    s = play(s, A, "gem white")
    assert s.gems["cave"]["white"] == 1 and s.round == 2 and GAME.to_act(s) == {A, B}


# ----- board changes ----------------------------------------------------------------------------


def test_after_gate_1_the_stack_is_lost_and_the_path_grows() -> None:
    gates = [("colour", False), ("hat", False), ("size", False)]
    s = position((A,), chips={A: "crab"}, hands={A: (4, "A")}, stack=[5, 6, 7],
                 fish={"green": 17, "red": 19, "yellow": 16}, passed=[["green", "red"]],
                 gates=gates, rows={"i": {5: (1, "A")}, "o": {5: (2, "A")}})
    s = play(s, A, "lay i", "fish yellow")  # crab: 16 -> 28? crab fields: 19 taken, 24
    assert s.fish["yellow"] == 24
    s = play(s, A, "draw")
    v = GAME.view(s)
    assert v["stack"] == 0 and v["path_end"] == "40" and len(v["gates"]) == 2
    assert v["gates"][1]["criterion"] == "hat" and v["gates"][1]["order"] == ["yellow", "green", "red"]
    assert s.tiles[A] is not None and s.tiles[A][0] == 7 and {5, 6} <= set(s.box)
    assert v["next_spots"]["i"] == 7


def test_after_gate_2_spots_1_to_8_are_lost_and_the_goal_opens() -> None:
    gates = [("colour", False), ("hat", False), ("size", False)]
    rows = {"i": {7: (1, "A"), 8: (2, "A"), 9: (3, "A")}, "o": {8: (5, "B"), 9: (6, "B")}}
    s = position((A,), chips={A: "crab"}, hands={A: (4, "A")}, stack=[],
                 fish={"green": 29, "red": 28, "yellow": 31}, revealed=2,
                 passed=[["green", "red", "yellow"], ["yellow", "green"]], gates=gates, rows=rows)
    s = play(s, A, "lay o", "fish red")  # crab: 28 -> 30
    assert s.fish["red"] == 30
    s = play(s, A, "take i")  # the rearmost inner tile: spot 7
    v = GAME.view(s)
    assert v["path_end"] == "G3" and len(v["gates"]) == 3
    assert v["rows"] == {"i": {"9": [3, "A"]}, "o": {"9": [6, "B"], "10": [4, "A"]}}
    assert 2 in s.box and 5 in s.box


# ----- the end ----------------------------------------------------------------------------------


def _last_fish_home(hideout_gems: dict[str, int]) -> KraquaState:
    gates = [("colour", False), ("hat", False), ("size", False)]  # size: red, yellow, green
    s = position((A, B), chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"red": 41, "yellow": 42, "green": 40}, revealed=3, hideout=0,
                 passed=[["green", "red", "yellow"], ["yellow", "green", "red"], ["red", "yellow"]],
                 gates=gates, hideout_gems=hideout_gems)
    return play(s, A, "lay i", "fish green")


def test_all_fish_home_with_the_hideout_gems_is_won() -> None:
    s = _last_fish_home({"purple": 1, "yellow": 1})
    r = GAME.result(s)
    assert r is not None and r.outcome == "won" and set(r.winners) == {A, B}
    assert GAME.view(s)["fish"]["green"] == "G3" and GAME.view(s)["status"] == "won"


def test_the_last_fish_home_is_told_in_one_plain_sentence() -> None:
    """The event ends in the middle of the mover's sentence: no "in the goal!." in the post."""
    gates = [("colour", False), ("hat", False), ("size", False)]
    s = position((A, B), chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"red": 41, "yellow": 42, "green": 40}, revealed=3, hideout=0,
                 passed=[["green", "red", "yellow"], ["yellow", "green", "red"], ["red", "yellow"]],
                 gates=gates, hideout_gems={"purple": 1, "yellow": 1})
    s = play(s, A, "lay i")
    said = str(GAME.describe(s, A, "fish green"))
    assert said.endswith("all three fish are in the goal") and "!" not in said


def test_all_fish_home_without_the_hideout_gems_is_almost_won() -> None:
    s = _last_fish_home({"purple": 1})
    r = GAME.result(s)
    assert r is not None and r.outcome == "almost" and r.winners == ()
    assert r.detail["missing"] == ["yellow"]


def test_resign_loses_for_the_team() -> None:
    s = position()
    r = GAME.result(GAME.resign(s, B))
    assert r is not None and r.outcome == "lost" and r.reason == "resigned"


# ----- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, canonical", [
    ("lay i", "lay i"), ("  LAY   O ", "lay o"), ("lay inner", "lay i"),
    ("fish RED", "fish red"), ("shell y", "shell yellow"), ("jelly red c", "jelly red C"),
    ("jelly green turtle", "jelly green T"), ("SKIP", "skip"), ("reroll", "reroll"),
    ("keep", "keep"), ("gem Purple", "gem purple"), ("dolphin w", "dolphin white"),
    ("shark blue", "shark blue"), ("pass", "pass"), ("draw", "draw"), ("draw a", "draw A"),
    ("take o", "take o"), ("take i b", "take i B"),
])
def test_notation_round_trips(text: str, canonical: str) -> None:
    assert GAME.normalize_move(text) == canonical
    m = parse_move(canonical)
    assert parse_move(str(m)) == m and str(m) == canonical


@pytest.mark.parametrize("text, named", [
    ("lay x", "'x'"), ("fish blue", "'blue'"), ("jelly red", "jelly red C"),
    ("gem orange", "'orange'"), ("draw C", "'c'"), ("swim red", "swim red"), ("", "empty"),
    ("take", "take i"),
])
def test_bad_notation_names_the_input(text: str, named: str) -> None:
    with pytest.raises(InvalidMove) as info:
        parse_move(text)
    assert named in str(info.value)


def test_moves_at_the_wrong_step_say_what_to_do() -> None:
    s = position()
    refused(s, A, "fish red", "lay your tile first", "lay i")


# ----- views and hidden information --------------------------------------------------------------


def test_public_view_keys_and_json() -> None:
    s = GAME.setup([A, B], {}, 4)
    v = GAME.view(s, None)
    for key in ("fish", "rows", "tiles", "chips", "shells", "gems", "gates", "played", "status"):
        assert key in v
    assert json.loads(json.dumps(v)) == v
    assert set(v["gems"]) == {"chest", "cave", "hideout"}


def test_the_stack_order_and_hidden_gates_stay_hidden() -> None:
    s = GAME.setup([A, B], {}, 4)
    other = replace(s, stack=list(reversed(s.stack)),
                    gates=[s.gates[0], s.gates[2], (s.gates[1][0], not s.gates[1][1])])
    assert GAME.view(other, None) == GAME.view(s, None)
    assert GAME.view(other, A) == GAME.view(s, A)


def test_describe_and_prompt_speak_plainly() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")})
    assert "inner spot 1" in GAME.describe(s, A, "lay i")
    s = play(s, A, "lay i")
    said = GAME.describe(s, A, "fish green")
    assert "green fish" in said and "from S1 to 4" in said and A not in said
    assert "/move" in GAME.prompt(s, A)


def test_suggest_puts_the_safe_move_first() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 2, "red": 10})
    s = play(s, A, "lay i")
    got = GAME.suggest(s, A, "", 25)
    # green or yellow to 4 stays in the start reef; red 10 -> 14 is open water
    assert got[0][0] in ("fish green", "fish yellow") and got[0][1].endswith("· protected")
    assert got[-1][0] == "fish red" and "unprotected" in got[-1][1]
    assert all(len(label) <= 100 for _, label in got)


def test_prompt_offers_skip_when_only_shell_moves_remain() -> None:
    # no crab field is free ahead on the revealed path, but the turtle chip could still move
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 28, "red": 25, "yellow": 27}, shells=1,
                 passed=[["green", "red", "yellow"]])
    s = play(s, A, "lay i")
    moves = GAME.legal_moves(s, A)
    assert moves[-1] == "skip" and any(m.startswith("shell ") for m in moves)
    assert "`/move skip`" in GAME.prompt(s, A)


# ----- the greedy team --------------------------------------------------------------------------


def _policy_states(seats: int, level: str, seed: int, every: int = 5) -> list[KraquaState]:
    """Every ``every``-th state of a game the greedy team plays."""
    from games.kraqua import planner

    state = GAME.setup([A, B, C, D][:seats], {"level": level}, seed)
    out = []
    for step in range(400):
        if GAME.result(state) is not None:
            break
        if step % every == 0:
            out.append(state)
        p = planner.choose_seat(GAME, state)
        state = GAME.apply(state, p, planner.choose(GAME, state, p))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seats, level, seed", [(1, "1", 2), (2, "pro", 5), (3, "2", 7),
                                                (4, "3", 11)])
def test_policy_uses_only_public_information(seats: int, level: str, seed: int) -> None:
    """Redrawing what nobody sees (stack order, face-down gates, dice) never changes a choice."""
    from games.kraqua import planner

    for state in _policy_states(seats, level, seed):
        for p in sorted(GAME.to_act(state)):
            planner.clear_cache()
            seat, move = planner.choose_seat(GAME, state), planner.choose(GAME, state, p)
            for k in (1, 2):
                other = GAME.resample(state, p, k)
                assert GAME.view(other, p) == GAME.view(state, p)
                planner.clear_cache()
                assert planner.choose_seat(GAME, other) == seat
                assert planner.choose(GAME, other, p) == move


def test_policy_board_mirrors_the_engine() -> None:
    """The planner's quick rule helpers agree with the engine's on real positions."""
    from games.kraqua import planner
    from games.kraqua.state import next_spot, target

    checked = 0
    for seats, level, seed in ((2, "1", 3), (3, "pro", 4), (1, "1", 8)):
        for state in _policy_states(seats, level, seed, every=1):
            b = planner.board_of(state)
            for f in range(-2, 44):
                assert planner.protected(b, f) == is_protected(state, f)
            assert planner.protected_fields(b) == {f for f in range(5, 41)
                                                  if is_protected(state, f)}
            for colour in board.FISH:
                for animal in board.ANIMALS:
                    assert planner.dest(b, colour, animal) == target(state, colour, animal)[0]
                    checked += 1
            for r in board.ROWS:
                assert planner.next_spot(b, r) == next_spot(state, r)
    assert checked > 1000


def test_policy_hides_a_needed_gem_at_the_dolphin() -> None:
    """With a shell and a needed gem in the chest, the team lands on the dolphin and uses it."""
    from games.kraqua import planner

    # turtle A holds a crab tile: green 7 -> 9 lands on the dolphin; hideout 0 needs purple, yellow
    rows = {"i": {1: (1, "A"), 2: (2, "A")}, "o": {1: (3, "A")}}
    s = position(chips={A: "turtle", B: "seahorse"}, hands={A: (4, "A"), B: (6, "B")},
                 rows=rows, fish={"green": 7, "red": 5, "yellow": 6}, shells=1)
    assert planner.choose_seat(GAME, s) == A
    s = play(s, A, planner.choose(GAME, s, A))
    move = planner.choose(GAME, s, A)
    assert move in ("fish green", "fish yellow")  # yellow 6 skips green on 7 to 9 as well
    s = play(s, A, move)
    assert 9 in s.fish.values() and GAME.view(s)["step"] == "special"
    assert planner.choose(GAME, s, A) in ("dolphin purple", "dolphin yellow")


def test_policy_plans_are_not_shared_between_different_teams() -> None:
    """Same fish, rows and hands but other chips: the remembered plan must not be reused."""
    from games.kraqua import planner

    planner.clear_cache()
    for chips in ({A: "jellyfish", B: "crab"}, {A: "turtle", B: "crab"},
                  {A: "seahorse", B: "jellyfish"}):
        s = position(chips=chips, hands={A: (4, "A"), B: (2, "A")}, shells=3,
                     fish={"green": 5, "red": 8, "yellow": 10})
        for _ in range(4):
            p = planner.choose_seat(GAME, s)
            move = planner.choose(GAME, s, p)
            assert move in GAME.legal_moves(s, p), (chips, move)
            s = play(s, p, move)


def test_planner_remembers_boards_by_content_not_dict_order() -> None:
    """A loaded state lists its dicts in another order than a fresh one: the planner's board
    key must not care, and must tell boards apart that differ in any count."""
    from games.kraqua import planner

    game = REGISTRY["kraqua"]
    state = game.setup(["a", "b"], {}, 11)
    for _ in range(6):
        seat = planner.choose_seat(game, state)
        state = game.apply(state, seat, planner.choose(game, state, seat))
    loaded = game.load(game.dump(state))
    shuffled = state.copy()
    shuffled.gems = {place: dict(reversed(list(c.items())))
                     for place, c in reversed(list(state.gems.items()))}
    shuffled.fish = dict(reversed(list(state.fish.items())))
    keys = {planner.board_of(s).key() for s in (state, loaded, shuffled)}
    assert len(keys) == 1
    other = shuffled.copy()
    colour = next(c for c, n in other.gems["hideout"].items() if n == 0)
    other.gems["hideout"][colour] = 1
    assert planner.board_of(other).key() not in keys
