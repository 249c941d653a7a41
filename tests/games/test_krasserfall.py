"""Krasserfall scenarios from hand-built positions, against the rules in ``games.krasserfall``.

The generic contract (playouts, round trips, garbage input, ...) is in ``test_contract.py``;
this module checks the rules page itself. Positions are built with :func:`position` (a real
set-up, then boats, shakes, phase and turn set by hand); the balance numbers are checked
against the page's formulas written out here, not against the engine's helpers.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from games import REGISTRY, CorruptState, GameOver, IllegalMove, NotYourTurn
from games.krasserfall import KrasserfallState
from games.krasserfall.model import Boat, danger2
from tests.games import helpers
from tests.games.helpers import consistent, unreadable

GAME: Any = REGISTRY["krasserfall"]
PLAYERS = ["ann", "bob", "cat", "dan"]
LANES = ["red", "yellow", "green", "blue"]
ANN, BOB, CAT, DAN = PLAYERS


# ----- helpers ----------------------------------------------------------------------------------


def position(n: int = 3, *, boats: dict[str, dict[str, Any]] | None = None, phase: str = "roll",
             active: int = 0, start: int = 0, face: str | None = None,
             tips: dict[str, int] | None = None, survived: dict[str, int | None] | None = None,
             round: int = 1,
             medals: list[int] | None = None, stone: int | None = None, stone_used: bool = False,
             options: dict[str, str] | None = None, seed: int = 0) -> KrasserfallState:
    """A consistent state. ``boats`` maps a colour to ``pos`` (waves, may be x.5), ``figures``
    (list of (seat 1-based, size)), ``ring``, ``stone``, ``weights``, ``fallen``. Figures not
    on a boat are still to be placed. Tipping points default to 0 (in 1/1000) for boats in the
    river. Seats are ann, bob, cat, dan in this order (``setup`` draws a random order);
    ``active``/``start`` are 0-based seat indices."""
    built = {}
    left = [{"big": 1, "small": 2} for _ in range(n)]
    for c in LANES:
        spec = (boats or {}).get(c, {})
        figs = [[seat - 1, size] for seat, size in spec.get("figures", [])]
        for seat, size in figs:
            left[seat][size] -= 1
        b = Boat(pos2=round_half(spec.get("pos", 0)), fallen=spec.get("fallen", False),
                 ring=spec.get("ring", False), stone=spec.get("stone"),
                 weights=spec.get("weights", 0))
        for seat, size in figs:
            b.add(seat, size)
        built[c] = b
    # Boats that float have been checked at their danger now (as at the release), so their
    # known safe level is that danger unless ``survived`` says otherwise (doubled, as stored).
    floating = phase in ("roll", "act")
    checked = {c: None if built[c].fallen or not floating else danger2(built[c]) for c in LANES}
    return consistent(GAME, replace(
        GAME.setup(PLAYERS[:n], options or {}, seed), players=tuple(PLAYERS[:n]),
        boats=built, unplaced=left, phase=phase, active=active, start=start, face=face, die=face,
        round=round, medals=list(medals or [0] * n), stone_holder=stone, stone_used=stone_used,
        tips={c: None if built[c].fallen else (tips or {}).get(c, 0) for c in LANES},
        net=[c for c in LANES if built[c].fallen], survived={**checked, **(survived or {})}))


def round_half(pos: float) -> int:
    assert pos * 2 == int(pos * 2)
    return int(pos * 2)


def full(n: int = 3) -> dict[str, dict[str, Any]]:
    """A typical river after placing: every figure of ``n`` players on a boat, ring on red."""
    seats = list(range(1, n + 1))
    figs = [(s, "big") for s in seats] + [(s, "small") for s in seats] * 2
    out: dict[str, dict[str, Any]] = {c: {"figures": []} for c in LANES}
    for i, f in enumerate(figs):
        out[LANES[i % 4]]["figures"].append(f)
    out["red"]["ring"] = True
    return out


def player(state: KrasserfallState, seat: int) -> str:
    return state.players[seat]


def rejection(state: KrasserfallState, move: str, who: str, kind: type[IllegalMove] = IllegalMove
              ) -> str:
    """Play an illegal move; return the one-line reason (the state stays unchanged)."""
    return helpers.rejection(GAME, state, move, who, kind)


def ann_names_the_boat(state: KrasserfallState, boats: list[str], refused: tuple[str, str],
                       pushed: tuple[str, int]) -> None:
    """ann may push any of ``boats`` and must say which: a bare push is refused, and so is
    the ``refused`` boat (with its reason); pushing the ``pushed`` boat takes it to its place."""
    assert GAME.legal_moves(state, ANN) == [f"push {c}" for c in boats]
    assert "name the boat" in rejection(state, "push", ANN)
    boat, reason = refused
    assert reason in rejection(state, f"push {boat}", ANN)
    boat, place = pushed
    state = GAME.apply(state, ANN, f"push {boat}")
    assert view(state)["boats"][boat]["position"] == place


def roll_to(state: KrasserfallState, face: str) -> KrasserfallState:
    """Roll for the active player with an RNG state that gives ``face``."""
    from games.krasserfall.model import FACES
    from games.rng import Rng

    for k in range(1000):
        if FACES[Rng(k).randbelow(6)] == face:
            state = state.copy()
            state.rng = k
            return GAME.apply(state, player(state, state.active), "roll")
    raise AssertionError(face)


def view(state: KrasserfallState) -> dict[str, Any]:
    return GAME.view(state, None)


def figures(state: KrasserfallState, colour: str) -> list[list[str]]:
    return view(state)["boats"][colour]["figures"]


# ----- set-up and placing -----------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n: int) -> None:
    state = GAME.setup(PLAYERS[:n], {}, 5)
    v = view(state)
    assert v["round"] == 1 and v["phase"] == "ring-start" and v["die"] is None
    assert set(v["boats"]) == set(LANES)
    for b in v["boats"].values():
        # safe -4: nothing stood yet; one push makes the danger 3: (3 + 4) / (4 + 4) = 88 %
        assert b == {"position": 0, "fallen": False, "figures": [], "ring": False, "stone": None,
                     "weights": 0, "danger": 1, "pull": 3, "hold": 2, "safe": -4,
                     "push_risk": 88}
    assert v["start_player"] == v["players"][0] == GAME.players(state)[0]
    assert v["unplaced"] == {p: {"big": 1, "small": 2} for p in PLAYERS[:n]}
    assert v["medals"] == {p: 0 for p in PLAYERS[:n]} and v["stone_holder"] is None
    assert GAME.to_act(state) == {v["start_player"]} and v["active"] == v["start_player"]
    assert GAME.legal_moves(state, v["start_player"]) == [f"ring-start {c}" for c in LANES]


def test_start_player_is_drawn_by_lot() -> None:
    starts = {view(GAME.setup(PLAYERS, {}, seed))["start_player"] for seed in range(40)}
    assert starts == set(PLAYERS)


def test_round_one_seats_the_whole_order_at_random() -> None:
    """Not just the start player: every order of three players turns up, seat numbers follow
    the drawn order, and the same seed always draws the same order."""
    orders = {GAME.players(GAME.setup(PLAYERS[:3], {}, seed)) for seed in range(80)}
    assert len(orders) == 6 and all(sorted(o) == sorted(PLAYERS[:3]) for o in orders)
    state = GAME.setup(PLAYERS[:3], {}, 11)
    assert GAME.players(GAME.setup(PLAYERS[:3], {}, 11)) == GAME.players(state)
    seated = list(GAME.players(state))
    assert view(state)["players"] == seated and view(state)["active"] == seated[0]
    state = GAME.apply(state, seated[0], "ring-start red")
    state = GAME.apply(state, seated[0], "place big red")
    assert view(state)["active"] == seated[1]  # placing goes on in the drawn order


def test_ring_then_figures_in_seat_order_from_the_start_player() -> None:
    state = position(3, phase="ring-start", active=1, start=1)
    state = GAME.apply(state, BOB, "ring-start green")
    assert view(state)["boats"]["green"]["ring"] and view(state)["active"] == BOB
    order = []
    for move in ["place big red", "place big yellow", "place big green", "place small blue"]:
        order.append(view(state)["active"])
        state = GAME.apply(state, view(state)["active"], move)
    assert order == [BOB, CAT, ANN, BOB]
    assert view(state)["phase"] == "place"


def test_placing_restriction_until_every_boat_holds_a_figure() -> None:
    boats = {"red": {"figures": [(1, "big")]}, "yellow": {"figures": [(2, "big")]}, "green": {"ring": True}}
    state = position(3, boats=boats, phase="place", active=2)
    assert GAME.legal_moves(state, CAT) == [f"place {s} {c}" for s in ("big", "small")
                                             for c in ("green", "blue")]
    reason = rejection(state, "place small red", CAT)
    assert "red already holds a figure" in reason and "green or blue" in reason
    state = GAME.apply(state, CAT, "place small green")
    state = GAME.apply(state, ANN, "place small blue")
    # now every boat is occupied: figures may join any boat
    assert GAME.legal_moves(state, BOB) == [f"place small {c}" for c in LANES]
    assert "no big figure left" in rejection(state, "place big red", BOB)


def test_ring_is_not_a_figure_for_the_restriction() -> None:
    boats = {"red": {"figures": [(1, "big")]}, "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small")]}, "blue": {"ring": True}}
    state = position(2, boats=boats, phase="place", active=1)
    assert GAME.legal_moves(state, BOB) == ["place small blue"]


def test_wrong_moves_while_placing() -> None:
    state = position(2, phase="ring-start")
    assert "first put the life ring" in rejection(state, "place big red", ANN)
    assert "roll" not in GAME.legal_moves(state, ANN)
    assert "first put the life ring" in rejection(state, "roll", ANN)
    state = GAME.apply(state, ANN, "ring-start red")
    assert "place figures" in rejection(state, "roll", ANN)
    assert "place figures" in rejection(state, "ring-start red", ANN)
    rejection(state, "place big red", BOB, NotYourTurn)


def test_nothing_falls_while_figures_are_placed() -> None:
    # empty boats have danger +1 (pull 3 > hold 2) but rest at the start until the release
    state = position(2, phase="ring-start", tips={c: -1000 for c in LANES})
    state = GAME.apply(state, ANN, "ring-start red")
    for move in ["place big red", "place big yellow", "place small green"]:
        state = GAME.apply(state, view(state)["active"], move)
        assert view(state)["net"] == []
    assert view(state)["boats"]["blue"]["danger"] == 1


def test_release_after_the_last_figure_start_player_rolls_first() -> None:
    boats = full(2)
    last = boats["yellow"]["figures"].pop()  # (2, small) still to place
    assert last == (2, "small")
    state = position(2, boats=boats, phase="place", active=1, start=1)
    state = GAME.apply(state, BOB, "place small yellow")
    v = view(state)
    assert v["phase"] == "roll" and v["active"] == BOB and GAME.to_act(state) == {BOB}
    assert GAME.legal_moves(state, BOB) == ["roll"] and GAME.legal_moves(state, ANN) == []


def test_two_boats_fall_from_one_change_at_the_release() -> None:
    """Round 2: the heavy last boat and an empty boat both fall when the boats float."""
    boats = {"red": {"figures": [(1, "small"), (2, "big"), (2, "small"), (2, "small")],
                     "weights": 2},  # pull 3 + 6 = 9, hold 2 + 2 + 4 + 4 = 12: danger -3
             "yellow": {"weights": 1, "figures": [(1, "small")]},  # pull 6, hold 4: danger 2
             "green": {"ring": True},  # hold 4: danger -1
             "blue": {}}  # empty: danger +1
    state = position(2, boats=boats, phase="place", active=0, round=2,
                     tips={"blue": 200, "yellow": 1000})
    assert view(state)["unplaced"][ANN] == {"big": 1, "small": 0}
    state = GAME.apply(state, ANN, "place big green")
    v = view(state)
    assert v["net"] == ["yellow", "blue"]  # the most overloaded first
    assert v["boats"]["yellow"]["fallen"] and v["boats"]["blue"]["fallen"]
    assert not v["boats"]["red"]["fallen"] and not v["boats"]["green"]["fallen"]
    assert v["last"]["falls"] == ["yellow", "blue"] and v["phase"] == "roll"
    assert "**yellow** and **blue** fell" in GAME.describe(
        position(2, boats=boats, phase="place", round=2, tips={"blue": 200}), ANN,
        "place big green")


def test_when_every_boat_would_fall_the_least_overloaded_one_stays() -> None:
    boats = {"red": {"figures": [(1, "big")], "weights": 1},  # pull 6, hold 6: danger 0
             "yellow": {"figures": [(1, "small")], "weights": 1},  # danger 2
             "green": {"figures": [(1, "small")], "weights": 2},  # danger 5
             "blue": {"figures": [(2, "big"), (2, "small")], "weights": 2,
                      "ring": True}}  # pull 9, hold 10: danger -1 -> stays anyway
    state = position(2, boats=boats, phase="place", active=1, round=3,
                     tips={"red": -10, "blue": -1000})
    state = GAME.apply(state, BOB, "place small blue")  # hold 12 now; blue still stands
    v = view(state)
    # green, yellow, red all exceed their shake; they fall, the round ends with blue alone
    assert v["history"][-1]["boat"] == "blue"
    assert v["round"] == 4 and v["medals"] == {ANN: 0, BOB: 5}


# ----- the die ----------------------------------------------------------------------------------


def test_roll_is_seeded_and_every_face_comes_up() -> None:
    state = position(3, boats=full(3))
    faces = set()
    for k in range(60):
        s = state.copy()
        s.rng = k
        a = GAME.apply(s, ANN, "roll")
        b = GAME.apply(s, ANN, "roll")
        assert GAME.dump(a) == GAME.dump(b)
        faces.add(view(a)["die"])
        assert view(a)["turn"] == 1
    assert faces == {"red", "yellow", "green", "blue", "figure", "ring"}


def test_colour_face_pushes_that_boat_one_wave_then_the_turn_passes() -> None:
    state = roll_to(position(3, boats=full(3)), "green")
    v = view(state)
    assert v["phase"] == "act" and v["face"] == "green" and v["active"] == ANN
    assert GAME.legal_moves(state, ANN) == ["push"]
    assert "rolled already" in rejection(state, "roll", ANN)
    assert "write push without a colour" in rejection(state, "push green", ANN)
    assert "the die shows green: push" in rejection(state, "ring blue", ANN)
    assert "push=thrill" in rejection(state, "push half", ANN)
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    assert v["boats"]["green"]["position"] == 1 and v["phase"] == "roll" and v["active"] == BOB
    assert v["die"] == "green"


def test_fallen_colour_pushes_the_boat_furthest_back() -> None:
    boats = full(3)
    boats["blue"]["fallen"] = True
    boats["red"]["pos"], boats["yellow"]["pos"], boats["green"]["pos"] = 2, 1, 3
    state = roll_to(position(3, boats=boats), "blue")
    assert GAME.legal_moves(state, ANN) == ["push"]
    assert "boat furthest back moves: yellow" in rejection(state, "push blue", ANN)
    state = GAME.apply(state, ANN, "push")
    assert view(state)["boats"]["yellow"]["position"] == 2
    assert view(state)["last"]["boat"] == "yellow"


def test_tie_for_furthest_back_the_player_picks() -> None:
    boats = full(3)
    boats["blue"]["fallen"] = True
    boats["red"]["pos"], boats["yellow"]["pos"], boats["green"]["pos"] = 1, 1, 3
    state = roll_to(position(3, boats=boats), "blue")
    ann_names_the_boat(state, ["red", "yellow"], refused=("green", "cannot be pushed"),
                       pushed=("red", 2))


def test_figure_face_moves_anyones_figure_but_never_empties_a_boat() -> None:
    boats = {"red": {"figures": [(1, "big"), (2, "small")], "ring": True},
             "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small"), (1, "small")]},
             "blue": {"figures": [(2, "small")], "fallen": True}}
    state = roll_to(position(2, boats=boats), "figure")
    legal = GAME.legal_moves(state, ANN)
    assert "move 2:small red>yellow" in legal  # someone else's figure
    assert "move 1:small green>red" in legal
    assert not any(">blue" in m or "blue>" in m for m in legal)  # not to or from the net
    assert not any(m.startswith("move 2:big yellow") for m in legal)  # would empty yellow
    assert "no boat may be emptied" in rejection(state, "move 2:big yellow>red", ANN)
    assert "fallen into the net" in rejection(state, "move 1:big red>blue", ANN)
    assert "no small figure of seat 2 in green" in rejection(state, "move 2:small green>red", ANN)
    assert "no seat 4" in rejection(state, "move 4:big red>yellow", ANN)
    state = GAME.apply(state, ANN, "move 2:small red>yellow")
    assert figures(state, "yellow") == [[BOB, "big"], [BOB, "small"]]
    assert figures(state, "red") == [[ANN, "big"]]
    assert view(state)["active"] == BOB


def test_figure_face_without_any_possible_move_ends_the_turn() -> None:
    boats = {"red": {"figures": [(1, "big")], "ring": True}, "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small")]},
             "blue": {"figures": [(2, "small"), (2, "small"), (1, "small")], "fallen": True}}
    state = roll_to(position(2, boats=boats), "figure")
    v = view(state)
    assert v["phase"] == "roll" and v["active"] == BOB and v["die"] == "figure"
    assert v["last"]["nothing"]


def test_ring_face_moves_the_ring_to_another_boat() -> None:
    state = roll_to(position(3, boats=full(3)), "ring")
    assert GAME.legal_moves(state, ANN) == ["ring yellow", "ring green", "ring blue"]
    assert "on red already" in rejection(state, "ring red", ANN)
    assert "move the life ring" in rejection(state, "push", ANN)
    state = GAME.apply(state, ANN, "ring blue")
    v = view(state)
    assert v["boats"]["blue"]["ring"] and not v["boats"]["red"]["ring"]


def test_fallen_ring_means_a_figure_moves_instead() -> None:
    boats = full(3)
    boats["red"]["fallen"] = True  # the ring went with it
    state = roll_to(position(3, boats=boats), "ring")
    legal = GAME.legal_moves(state, ANN)
    assert legal and all(m.startswith("move ") for m in legal)
    assert "ring has fallen" in rejection(state, "ring blue", ANN)
    state = GAME.apply(state, ANN, legal[0])
    assert view(state)["active"] == BOB


def test_fallen_ring_and_no_figure_move_ends_the_turn() -> None:
    boats = {"red": {"figures": [(1, "big"), (1, "small")], "ring": True, "fallen": True},
             "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")]},
             "blue": {"figures": [(2, "small"), (2, "small")], "fallen": True}}
    state = roll_to(position(2, boats=boats), "ring")
    assert view(state)["phase"] == "roll" and view(state)["active"] == BOB


def test_roll_first() -> None:
    state = position(3, boats=full(3))
    assert "roll the die first" in rejection(state, "push", ANN)
    rejection(state, "roll", BOB, NotYourTurn)


# ----- the balance model ------------------------------------------------------------------------


def test_pull_hold_and_danger_follow_the_formulas() -> None:
    boats = full(3)
    boats["red"].update(pos=2, weights=1, stone="strip")  # figures 1 big, 2 small, 2 small
    boats["yellow"].update(pos=1, stone=None)
    state = position(3, boats=boats, stone=0, stone_used=True)
    v = view(state)["boats"]
    # pull = 3 + 2·p + 3·weights + 3 (stone on strip); hold = 2 + 4 big + 2 small + 2 ring
    assert v["red"]["pull"] == 3 + 2 * 2 + 3 * 1 + 3
    assert v["red"]["figures"] == [[ANN, "big"], [BOB, "small"], [CAT, "small"]]
    assert v["red"]["hold"] == 2 + 4 + 2 + 2 + 2
    assert v["red"]["danger"] == v["red"]["pull"] - v["red"]["hold"] == 1
    assert v["yellow"]["pull"] == 5 and v["yellow"]["hold"] == 2 + 4 + 2  # bob big, cat small
    boats["green"]["stone"] = "boat"
    boats["red"]["stone"] = None
    v = view(position(3, boats=boats, stone=0, stone_used=True))["boats"]
    assert v["green"]["hold"] == 2 + 4 + 2 + 4  # cat's big, ann's small, the stone


@pytest.mark.parametrize("tip, falls", [(-1000, True), (-1, True), (0, False), (4000, False)])
def test_a_boat_falls_when_its_danger_exceeds_its_tipping_point(tip: int, falls: bool) -> None:
    """yellow (ann's big, bob's small: hold 8) is pushed to wave 2.5 (thrill): pull 8, danger 0.
    It falls exactly when the hidden tipping point is below 0: pull - hold > tipping point."""
    boats = {"red": {"figures": [(1, "small"), (2, "small")]},
             "yellow": {"figures": [(1, "big"), (2, "small")]},
             "green": {"figures": [(2, "big"), (1, "small")]}, "blue": {"ring": True}}
    state = position(2, boats=boats, tips={"yellow": tip}, options={"push": "thrill"})
    state = roll_to(state, "yellow")
    state = GAME.apply(state, ANN, "push")  # wave 1: pull 5, hold 8, danger -3
    state.phase, state.active = "roll", 0
    state = roll_to(state, "yellow")
    state = GAME.apply(state, ANN, "push")  # wave 2: danger -1
    state.phase, state.active = "roll", 0
    state = roll_to(state, "yellow")
    state = GAME.apply(state, ANN, "push half")  # wave 2.5: pull 8, hold 8, danger 0
    assert view(state)["boats"]["yellow"]["danger"] == 0
    assert view(state)["boats"]["yellow"]["fallen"] is falls


def test_danger_exactly_at_the_tipping_point_stands_above_falls() -> None:
    boats = {"red": {"figures": [(1, "big")], "ring": True}, "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small"), (2, "small")], "pos": 2},  # hold 6, pull 7
             "blue": {"figures": [(1, "small"), (2, "small")]}}
    for tip, falls in ((1000, False), (999, True)):
        state = roll_to(position(2, boats=boats, tips={"green": tip}, survived={"green": -8}),
                        "ring")
        state = GAME.apply(state, ANN, "ring blue")  # any change checks every boat
        assert view(state)["boats"]["green"]["fallen"] is falls


def test_a_boat_falls_when_a_figure_leaves_it() -> None:
    boats = {"red": {"figures": [(1, "big"), (2, "small")], "pos": 2},  # pull 7, hold 8
             "yellow": {"figures": [(2, "big")], "ring": True},
             "green": {"figures": [(1, "small"), (1, "small")]}, "blue": {"figures": [(2, "small")]}}
    state = roll_to(position(2, boats=boats), "figure")
    assert view(state)["boats"]["red"]["danger"] == -1  # without the big one: hold 4, +3
    state = GAME.apply(state, ANN, "move 1:big red>yellow")
    v = view(state)
    assert v["boats"]["red"]["fallen"] and v["net"] == ["red"]
    assert v["boats"]["red"]["figures"] == [[BOB, "small"]]  # in the net with its figure
    assert "**red** fell into the net" in GAME.describe(
        roll_to(position(2, boats=boats), "figure"), ANN, "move 1:big red>yellow")


def test_a_boat_falls_when_the_ring_leaves_it() -> None:
    boats = full(2)
    boats["red"]["pos"] = 2  # (1, big) (2, small) + ring: hold 10, pull 7; without ring 8
    boats["red"]["weights"] = 1  # pull 10: stands with the ring only
    state = roll_to(position(2, boats=boats, round=2), "ring")
    assert view(state)["boats"]["red"]["danger"] == 0
    state = GAME.apply(state, ANN, "ring green")
    assert view(state)["boats"]["red"]["fallen"]


def test_pushed_past_wave_six_goes_over_the_edge() -> None:
    """Even a boat the balance would hold falls when pushed past wave 6."""
    boats = {"red": {"figures": [(1, "small"), (2, "small")]},
             "yellow": {"figures": [(3, "small"), (1, "small")]},
             "green": {"figures": [(2, "small"), (3, "small")]},
             "blue": {"figures": [(1, "big"), (2, "big"), (3, "big")], "pos": 6, "ring": True,
                      "stone": "boat"}}  # hold 2 + 12 + 2 + 4 = 20; pull at wave 7: 17
    state = roll_to(position(3, boats=boats, stone=1, stone_used=True), "blue")
    assert view(state)["boats"]["blue"]["hold"] == 20
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    assert v["boats"]["blue"]["fallen"] and v["boats"]["blue"]["position"] == 7
    assert v["boats"]["blue"]["danger"] < 0  # it did not fall by the balance
    assert v["boats"]["blue"]["stone"] == "boat" and v["boats"]["blue"]["ring"]  # gone with it
    assert "over the edge" in GAME.describe(roll_to(position(3, boats=boats, stone=1,
                                                             stone_used=True), "blue"), ANN, "push")


def test_thrill_half_pushes_and_the_edge_at_six_and_a_half() -> None:
    """``push`` goes on to the next wave, from a wave or from half way; ``push half`` only
    from a wave, to just before the next one; from 6 it stops at 6.5, which is still in."""
    boats = full(2)
    boats["red"]["pos"] = 2
    state = roll_to(position(2, boats=boats, options={"push": "thrill"}), "red")
    assert GAME.legal_moves(state, ANN) == ["push", "push half"]
    assert view(GAME.apply(state, ANN, "push half"))["boats"]["red"]["position"] == 2.5
    assert view(GAME.apply(state, ANN, "push"))["boats"]["red"]["position"] == 3
    boats["red"]["pos"] = 1.5
    state = roll_to(position(2, boats=boats, options={"push": "thrill"}), "red")
    assert GAME.legal_moves(state, ANN) == ["push"]  # no half push from half way
    assert view(GAME.apply(state, ANN, "push"))["boats"]["red"]["position"] == 2
    assert "only possible from a wave" in rejection(state, "push half", ANN)
    # wave 6: half a wave stops before the edge (with a heavy load and a high tipping point)
    boats["red"].update(pos=6, stone="boat")
    state = roll_to(position(2, boats=boats, options={"push": "thrill"}, stone=0,
                             stone_used=True, tips={"red": 4000}), "red")
    assert GAME.legal_moves(state, ANN) == ["push", "push half"]
    over = GAME.apply(state, ANN, "push")
    assert view(over)["boats"]["red"]["fallen"]  # a whole wave from 6 goes over the edge
    assert GAME.describe(state, ANN, "push").startswith("pushed **red** over the edge")
    state = GAME.apply(state, ANN, "push half")
    red = view(state)["boats"]["red"]
    assert red["position"] == 6.5 and not red["fallen"]
    assert red["pull"] == 3 + 2 * 6.5 and red["push_risk"] == 100
    boats["red"].update(pos=6.5)
    state = roll_to(position(2, boats=boats, options={"push": "thrill"}, stone=0,
                             stone_used=True, tips={"red": 4000}), "red")
    assert GAME.legal_moves(state, ANN) == ["push"]
    assert view(GAME.apply(state, ANN, "push"))["boats"]["red"]["fallen"]  # from 6.5, over


def test_tipping_points_are_drawn_in_the_wide_range_each_round() -> None:
    """Uniform in [-4, +4] (in 1/1000), one per boat, new each round: the old [-1, +1] shake
    left nearly every fall decided in advance."""
    tips = [t for seed in range(200) for t in GAME.setup(PLAYERS[:3], {}, seed).tips.values()]
    assert min(tips) >= -4000 and max(tips) <= 4000
    assert min(tips) < -3500 and max(tips) > 3500
    assert sum(t < -1000 for t in tips) > 200 and sum(t > 1000 for t in tips) > 200
    state = roll_to(end_of_round_position(start=2), "green")
    after = GAME.apply(state, ANN, "push")  # the round ends: every boat draws anew
    assert after.round == 2 and after.tips != state.tips
    assert all(t is not None and -4000 <= t <= 4000 for t in after.tips.values())


def risky_position(**kw: Any) -> KrasserfallState:
    """ann to carry out a red face. red: ann's small figure at wave 1, pull 5, hold 4, danger
    +1, and it stood +1 already (safe +1); one push makes it +3: (3 - 1) / (4 - 1) = 67 %,
    half a push +2: 33 %. blue: danger -9, safe -9 clipped to -4."""
    boats = {"red": {"figures": [(1, "small")], "pos": 1},
             "yellow": {"figures": [(2, "big"), (2, "small")], "ring": True},
             "green": {"figures": [(1, "big"), (2, "small")]},
             "blue": {"figures": [(1, "small")], "weights": 0}}
    kw.setdefault("tips", {"red": 3500})
    return roll_to(position(2, boats=boats, survived={"red": 2}, **kw), "red")


def test_the_known_safe_level_and_the_public_chance_of_a_fall() -> None:
    state = risky_position(options={"push": "thrill"})
    red = view(state)["boats"]["red"]
    assert red["danger"] == 1 and red["safe"] == 1 and red["push_risk"] == 67
    assert view(state)["boats"]["green"]["safe"] == -4  # stood -7: the range starts at -4
    labels = {b.move: str(b.label) for b in GAME.buttons(state, ANN)}
    assert labels == {"push": "Push · fall: red 67 %", "push half": "Push half a wave · fall: red 33 %"}
    suggested = dict(GAME.suggest(state, ANN, "", 25))
    assert suggested == {"push": "push · fall: red 67 %", "push half": "push half · fall: red 33 %"}
    said = GAME.describe(state, ANN, "push")
    assert said == "pushed **red** to wave 2 (red: 67 % to fall)"  # its tipping point is +3.5
    after = GAME.apply(state, ANN, "push")
    red = view(after)["boats"]["red"]
    assert not red["fallen"] and red["safe"] == 3  # it stood +3: safe up to +3 now
    assert red["push_risk"] == 100  # +5 is above every tipping point
    low = risky_position(tips={"red": 1500})
    assert GAME.describe(low, ANN, "push") == ("pushed **red** to wave 2 (red: 67 % to fall): "
                                              "**red** fell into the net")


def test_the_public_chance_matches_the_hidden_draws() -> None:
    """Over worlds the table cannot tell apart (``resample``), a push falls about as often
    as the percentage on the button says."""
    state = risky_position()
    falls = 0
    for k in range(600):
        world = GAME.resample(state, ANN, k)
        falls += view(GAME.apply(world, ANN, "push"))["boats"]["red"]["fallen"]
    assert abs(falls / 600 - 2 / 3) < 0.06


def test_percentages_say_0_and_100_only_when_certain() -> None:
    from games.krasserfall.model import fall_chance, percent

    assert fall_chance(-4, -8) == 0.25 and fall_chance(-8, -8) == 0.0 and fall_chance(9, -8) == 1
    assert fall_chance(8, 8) == 0.0 and fall_chance(9, 8) == 1.0  # stood +4: only above falls
    assert percent(0.001) == 1 and percent(0.999) == 99 and percent(0.125) == 13
    assert percent(0.0) == 0 and percent(1.0) == 100


def test_games_saved_with_the_old_shake_still_load() -> None:
    state = position(3, boats=full(3))
    data = json.loads(GAME.dump(state))
    data["state"]["shakes"] = data["state"].pop("tips")
    data["state"]["shakes"]["red"] = -700
    old = GAME.load(json.dumps(data))
    assert old.tips["red"] == -700 and GAME.view(old, None) == GAME.view(state, None)


def test_the_bots_ranking_weighs_the_chance_of_a_fall() -> None:
    """ann's own small figure rides red: half a push (33 %) keeps it afloat more often than a
    whole one (67 %), and bob would rather see it pushed whole."""
    from games.krasserfall import words

    state = risky_position(options={"push": "thrill"})
    assert words.ranked(state, 0, ["push", "push half"])[0][1] == "push half"
    gains = dict((m, g) for g, m in words.ranked(state, 1, ["push", "push half"]))
    assert gains["push"] > gains["push half"]
    assert words.life(state, "red") == pytest.approx(1 + 1 / 3)  # now (1), at +3 (1/3), +5 (0)


def test_free_boat_choice_pushes_a_boat_with_an_own_figure() -> None:
    boats = {"red": {"figures": [(1, "big"), (2, "small")], "ring": True},
             "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")]},
             "blue": {"figures": [(2, "small"), (1, "small")]}}
    state = roll_to(position(2, boats=boats, options={"boat-choice": "free"}), "yellow")
    ann_names_the_boat(state, ["red", "green", "blue"], refused=("yellow", "a figure of yours"),
                       pushed=("green", 1))


def test_free_boat_choice_without_own_figures_afloat_follows_the_die() -> None:
    boats = {"red": {"figures": [(1, "big"), (1, "small")], "fallen": True},
             "yellow": {"figures": [(2, "big")], "ring": True}, "green": {"figures": [(2, "small")]},
             "blue": {"figures": [(2, "small"), (1, "small")], "fallen": True}}
    opts = {"boat-choice": "free", "push": "thrill"}
    state = roll_to(position(2, boats=boats, options=opts), "green")
    assert GAME.legal_moves(state, ANN) == ["push", "push half"]
    boats["yellow"]["pos"] = 1
    state = roll_to(position(2, boats=boats, options=opts), "red")
    assert GAME.legal_moves(state, ANN) == ["push", "push half"]  # green is furthest back
    state = GAME.apply(state, ANN, "push half")
    assert view(state)["boats"]["green"]["position"] == 0.5


def test_tipping_points_are_hidden_from_every_view_and_redrawn_by_resample() -> None:
    state = position(3, boats=full(3))
    other = state.copy()
    other.tips = {c: -s if s else 777 for c, s in state.tips.items()}
    for who in [None, *state.players]:
        assert GAME.view(state, who) == GAME.view(other, who)
        assert "tip" not in json.dumps(GAME.view(state, who))
    drawn = {GAME.resample(state, None, k).tips["red"] for k in range(20)}
    assert len(drawn) > 10


def test_resample_keeps_tipping_points_consistent_with_what_boats_stood() -> None:
    boats = {"red": {"figures": [(1, "big")], "ring": True}, "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small"), (2, "small")], "pos": 1.5},  # hold 6, pull 6
             "blue": {"figures": [(1, "small"), (2, "small")]}}
    state = position(2, boats=boats, options={"push": "thrill"}, tips={"green": 400})
    state = roll_to(state, "ring")
    state = GAME.apply(state, ANN, "ring blue")  # a check: green stood at danger 0
    assert not view(state)["boats"]["green"]["fallen"]
    for k in range(50):
        assert GAME.resample(state, BOB, k).tips["green"] >= 0


# ----- rounds, medals, the next round -----------------------------------------------------------


def end_of_round_position(**kw: Any) -> KrasserfallState:
    """Two boats left (green far ahead, blue safe); ann to push green over the edge."""
    boats = {"red": {"figures": [(1, "small")], "fallen": True, "ring": True},
             "yellow": {"figures": [(2, "small")], "fallen": True},
             "green": {"figures": [(3, "small")], "pos": 6},
             "blue": {"figures": [(1, "big"), (1, "small"), (2, "big"), (2, "small"),
                                  (3, "big"), (3, "small")]}}
    return position(3, boats=boats, **kw)


def test_round_ends_when_one_boat_is_left_and_its_figures_score() -> None:
    state = roll_to(end_of_round_position(start=2), "green")
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    assert v["history"] == [{"round": 1, "boat": "blue", "turns": 1,
                             "medals": {ANN: 3, BOB: 3, CAT: 3}}]
    assert v["medals"] == {ANN: 3, BOB: 3, CAT: 3}
    assert v["round"] == 2 and v["stone_holder"] is None  # a three-way tie: no stone


def test_next_round_set_up() -> None:
    state = roll_to(end_of_round_position(start=2, stone=1, stone_used=True), "green")
    state.boats["red"].stone = "boat"
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    blue = v["boats"]["blue"]
    assert blue["position"] == 0 and blue["weights"] == 1 and not blue["ring"]
    assert len(blue["figures"]) == 6  # it keeps its figures
    for c in ("red", "yellow", "green"):
        assert v["boats"][c] == {"position": 0, "fallen": False, "figures": [], "ring": False,
                                 "stone": None, "weights": 0, "danger": 1, "pull": 3, "hold": 2,
                                 "safe": -4, "push_risk": 88}  # a new round: nothing stood
    # figures of the other boats return to their owners
    assert v["unplaced"] == {ANN: {"big": 0, "small": 1}, BOB: {"big": 0, "small": 1},
                             CAT: {"big": 0, "small": 1}}
    assert v["die"] is None and v["net"] == [] and v["turn"] == 0
    assert v["stone_placed"] is False
    # opener: left of the previous start player (cat, seat 3) is ann
    assert v["phase"] == "ring-start" and v["active"] == ANN and v["start_player"] == ANN
    assert all(s is not None for s in state.tips.values())


def test_opener_places_the_ring_on_an_empty_boat_then_a_figure_in_an_empty_boat() -> None:
    state = roll_to(end_of_round_position(start=2), "green")
    state = GAME.apply(state, ANN, "push")
    assert GAME.legal_moves(state, ANN) == ["ring-start red", "ring-start yellow",
                                            "ring-start green"]
    assert "without figures" in rejection(state, "ring-start blue", ANN)
    state = GAME.apply(state, ANN, "ring-start yellow")
    assert GAME.legal_moves(state, ANN) == ["place small red", "place small yellow",
                                            "place small green"]
    state = GAME.apply(state, ANN, "place small yellow")
    assert view(state)["active"] == BOB


def test_opener_with_all_figures_in_the_last_boat_is_skipped() -> None:
    boats = {"red": {"figures": [(2, "small")], "fallen": True, "ring": True},
             "yellow": {"figures": [(2, "small")], "fallen": True},
             "green": {"figures": [(3, "small")], "pos": 6},
             "blue": {"figures": [(1, "big"), (1, "small"), (1, "small"), (2, "big"),
                                  (3, "big"), (3, "small")]}}
    state = roll_to(position(3, boats=boats, start=2), "green")
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    assert v["medals"][ANN] == 5
    assert v["unplaced"][ANN] == {"big": 0, "small": 0}
    assert v["active"] == BOB and v["start_player"] == BOB  # ann is skipped as opener


def test_the_single_player_with_fewest_medals_gets_the_stone() -> None:
    state = roll_to(end_of_round_position(medals=[1, 0, 1], start=2), "green")
    state = GAME.apply(state, ANN, "push")
    v = view(state)
    assert v["medals"] == {ANN: 4, BOB: 3, CAT: 4} and v["stone_holder"] == BOB
    assert GAME.to_act(state) == {ANN, BOB}  # ann opens; bob may place the stone any time
    assert GAME.legal_moves(state, BOB) == [f"stone {c} {w}" for c in LANES
                                            for w in ("boat", "strip")]


def test_weights_stay_on_their_fish_and_run_out_at_six() -> None:
    state = end_of_round_position()
    state.boats["blue"].weights = 2
    state.boats["red"].weights = 3
    state.boats["yellow"].weights = 1  # all 6 weights hang
    state = roll_to(state, "green")
    state = GAME.apply(state, ANN, "push")
    w = {c: b["weights"] for c, b in view(state)["boats"].items()}
    assert w == {"red": 3, "yellow": 1, "green": 0, "blue": 2}
    state = end_of_round_position()
    state.boats["red"].weights = 2
    state = GAME.apply(roll_to(state, "green"), ANN, "push")
    w = {c: b["weights"] for c, b in view(state)["boats"].items()}
    assert w == {"red": 2, "yellow": 0, "green": 0, "blue": 1}


def test_game_ends_after_a_scoring_with_six_medals() -> None:
    state = roll_to(end_of_round_position(medals=[3, 2, 1]), "green")
    state = GAME.apply(state, ANN, "push")
    result = GAME.result(state)
    assert result is not None and result.scores == {ANN: 6, BOB: 5, CAT: 4}
    assert result.winners == (ANN,) and result.reason == "end"
    assert GAME.to_act(state) == frozenset() and view(state)["over"]
    assert "ann wins" in GAME.describe(roll_to(end_of_round_position(medals=[3, 2, 1]), "green"),
                                       ANN, "push")
    rejection(state, "roll", ANN, GameOver)


def test_equal_most_medals_share_the_win() -> None:
    state = roll_to(end_of_round_position(medals=[3, 3, 0]), "green")
    state = GAME.apply(state, ANN, "push")
    assert GAME.result(state).winners == (ANN, BOB)


# ----- the stone --------------------------------------------------------------------------------


def stone_position(**kw: Any) -> KrasserfallState:
    return position(3, boats=full(3), stone=2, **kw)  # cat holds the stone


def test_stone_holder_may_act_in_another_players_turn() -> None:
    state = stone_position()
    assert GAME.to_act(state) == {ANN, CAT}
    assert GAME.legal_moves(state, CAT) == [f"stone {c} {w}" for c in LANES
                                            for w in ("boat", "strip")]
    assert "only place the stone" in rejection(state, "roll", CAT, NotYourTurn)
    after = GAME.apply(state, CAT, "stone green boat")
    v = view(after)
    assert v["boats"]["green"]["stone"] == "boat" and v["stone_placed"]
    assert v["phase"] == "roll" and v["active"] == ANN  # whose turn it is does not change
    assert GAME.to_act(after) == {ANN}
    assert GAME.legal_moves(after, CAT) == []
    assert "(out of turn)" in GAME.describe(state, CAT, "stone green boat")


def test_stone_between_a_roll_and_its_follow_up() -> None:
    state = roll_to(stone_position(), "green")
    assert GAME.to_act(state) == {ANN, CAT}
    after = GAME.apply(state, CAT, "stone green strip")
    v = view(after)
    assert v["phase"] == "act" and v["face"] == "green" and v["active"] == ANN
    assert v["boats"]["green"]["pull"] == 3 + 3
    after = GAME.apply(after, ANN, "push")
    assert view(after)["active"] == BOB


def test_stone_in_own_turn_and_only_once() -> None:
    state = stone_position(active=2)
    assert GAME.to_act(state) == {CAT}
    assert GAME.legal_moves(state, CAT) == ["roll"] + [f"stone {c} {w}" for c in LANES
                                                       for w in ("boat", "strip")]
    state = GAME.apply(state, CAT, "stone red boat")
    assert GAME.legal_moves(state, CAT) == ["roll"]
    assert "already placed the stone" in rejection(state, "stone blue boat", CAT)


def test_only_the_holder_places_the_stone_and_only_on_a_boat_in_the_river() -> None:
    state = stone_position()
    assert "do not hold the stone" in rejection(state, "stone red boat", ANN)
    rejection(state, "stone red boat", BOB, NotYourTurn)
    boats = full(3)
    boats["blue"]["fallen"] = True
    state = position(3, boats=boats, stone=2)
    assert "blue has fallen" in rejection(state, "stone blue strip", CAT)
    assert not any("blue" in m for m in GAME.legal_moves(state, CAT))


def test_stone_during_placing() -> None:
    state = position(3, phase="ring-start", stone=1, round=2, medals=[2, 0, 1])
    assert GAME.to_act(state) == {ANN, BOB}
    state = GAME.apply(state, BOB, "stone yellow strip")
    assert view(state)["boats"]["yellow"]["stone"] == "strip" and view(state)["active"] == ANN


def test_stone_on_the_strip_can_make_a_boat_fall_at_once() -> None:
    boats = full(3)  # green: cat's big, ann's small -> hold 8
    boats["green"]["pos"] = 2  # pull 7: danger -1; with the stone pull 10: +2
    state = stone_position()
    state = position(3, boats=boats, stone=2)
    after = GAME.apply(state, CAT, "stone green strip")
    assert view(after)["boats"]["green"]["fallen"] and view(after)["net"] == ["green"]
    assert view(after)["boats"]["green"]["stone"] == "strip"


def test_stone_in_the_boat_holds_it() -> None:
    boats = full(3)
    boats["green"]["pos"] = 3  # pull 9, hold 8: would fall on any check
    state = position(3, boats=boats, stone=2, tips={"green": 1000})
    after = GAME.apply(state, CAT, "stone green boat")
    assert view(after)["boats"]["green"]["danger"] == 9 - 12
    after = GAME.apply(roll_to(after, "ring"), ANN, "ring yellow")
    assert not view(after)["boats"]["green"]["fallen"]


def test_stone_that_takes_away_the_pending_figure_move_passes_the_turn() -> None:
    boats = {"red": {"figures": [(1, "big")], "ring": True}, "yellow": {"figures": [(2, "big")]},
             "green": {"figures": [(1, "small"), (2, "small")], "pos": 2},  # hold 6, pull 7
             "blue": {"figures": [(1, "small")]}}
    state = position(2, boats=boats, tips={"green": 1000}, stone=1, medals=[2, 0], round=2)
    state = roll_to(state, "figure")
    assert GAME.legal_moves(state, ANN)[0].startswith("move")
    after = GAME.apply(state, BOB, "stone green strip")
    v = view(after)
    assert v["boats"]["green"]["fallen"] and v["phase"] == "roll" and v["active"] == BOB


def test_stone_is_removed_at_the_round_end() -> None:
    state = end_of_round_position(stone=1, stone_used=True, medals=[0, 0, 2])
    state.boats["blue"].stone = "boat"
    state = GAME.apply(roll_to(state, "green"), ANN, "push")
    v = view(state)
    assert all(b["stone"] is None for b in v["boats"].values())
    assert v["stone_holder"] is None  # 3, 3, 5: a tie for the fewest


# ----- resigning --------------------------------------------------------------------------------


def test_resign_with_two_players_the_other_wins() -> None:
    state = position(2, boats=full(2))
    after = GAME.resign(state, ANN)
    result = GAME.result(after)
    assert result.winners == (BOB,) and result.reason == "resigned"


def test_resign_with_more_players_the_game_goes_on_without_them() -> None:
    state = position(3, boats=full(3), stone=0)
    after = GAME.resign(state, ANN)
    assert GAME.result(after) is None
    assert GAME.to_act(after) == {BOB}  # ann's turn passed; her unplaced stone is gone
    after = GAME.apply(roll_to(after, "ring"), BOB, "ring blue")
    assert view(after)["active"] == CAT
    after = GAME.apply(roll_to(after, "ring"), CAT, "ring yellow")
    assert view(after)["active"] == BOB  # ann is skipped
    assert "resigned already" in str(pytest.raises(IllegalMove, GAME.resign, after, ANN).value)
    last = GAME.resign(after, CAT)
    assert GAME.result(last).winners == (BOB,)


def test_resigned_figures_leave_at_the_round_end_and_score_nothing() -> None:
    state = GAME.resign(end_of_round_position(start=2, active=1), CAT)
    state.active = 0
    state = GAME.apply(roll_to(state, "green"), ANN, "push")
    v = view(state)
    assert v["medals"] == {ANN: 3, BOB: 3, CAT: 0}
    assert all(f[0] != CAT for f in v["boats"]["blue"]["figures"])
    assert v["unplaced"][CAT] == {"big": 0, "small": 0}


# ----- notation, views, words -------------------------------------------------------------------


@pytest.mark.parametrize("text, canonical", [
    ("roll", "roll"), ("  ROLL ", "roll"), ("push", "push"), ("Push  Red", "push red"),
    ("push half", "push half"), ("push half red", "push red half"),
    ("move 2:big red>blue", "move 2:big red>blue"), ("MOVE 2 : BIG red -> blue", "move 2:big red>blue"),
    ("move 1:small green→yellow", "move 1:small green>yellow"), ("ring blue", "ring blue"),
    ("place small green", "place small green"), ("ring-start red", "ring-start red"),
    ("ring start red", "ring-start red"), ("stone red boat", "stone red boat"),
    ("Stone BLUE Strip", "stone blue strip"),
])
def test_notation_round_trip(text: str, canonical: str) -> None:
    assert GAME.normalize_move(text) == canonical
    move = GAME.parse_move(canonical)
    assert GAME.format_move(move) == canonical and GAME.parse_move(GAME.format_move(move)) == move


@pytest.mark.parametrize("text, words", [
    ("", "empty move"), ("jump", "could not read"), ("roll twice", "just roll"),
    ("push purple", "push red"), ("push red blue", "push red"), ("push half half", "push half"),
    ("move 5:big red>blue", "move 2:big"), ("move 2:huge red>blue", "big or small"),
    ("move 2:big red>pink", "not a boat"), ("move 2:big red>red", "to the boat it is in"),
    ("ring", "ring blue"), ("ring orange", "not a boat"), ("place big", "place big red"),
    ("place tiny red", "big or small"), ("stone red", "stone red boat"),
    ("stone red deck", "boat or strip"), ("ring-start", "ring-start blue"),
    ("x" * 300, "could not read"),
])
def test_bad_input_is_refused_clearly(text: str, words: str) -> None:
    assert words in unreadable(GAME, text, shorter_than=200)


def test_view_keys_the_rules_page_names() -> None:
    state = stone_position(medals=[2, 2, 0], round=2)
    v = view(state)
    for key in ("boats", "medals", "round", "die", "stone_holder"):
        assert key in v
    assert v["stone_holder"] == CAT and v["medals"] == {ANN: 2, BOB: 2, CAT: 0}
    for b in v["boats"].values():
        assert {"position", "fallen", "figures", "ring", "stone", "weights", "danger"} <= set(b)
    assert v["boats"]["red"]["figures"] == [[ANN, "big"], [BOB, "small"], [CAT, "small"]]
    assert json.loads(json.dumps(v)) == v
    assert all(GAME.view(state, p) == v for p in state.players)


def test_prompts_and_descriptions() -> None:
    state = stone_position()
    assert "/move roll" in GAME.prompt(state, ANN)
    assert "stone" in GAME.prompt(state, CAT) and "roll" not in GAME.prompt(state, CAT)
    rolled = roll_to(state, "red")
    assert "`/move push`" in GAME.prompt(rolled, ANN)
    assert GAME.describe(rolled, ANN, "push") == "pushed **red** to wave 1"
    figure = roll_to(position(3, boats=full(3)), "figure")
    s = GAME.describe(figure, ANN, "move 3:small yellow>red")
    # yellow (big + small: danger -5, safe -4) loses 2 hold: -3, so (-3 + 4) / (4 + 4) = 12.5 %
    assert view(figure)["boats"]["yellow"]["danger"] == -5
    assert view(figure)["boats"]["yellow"]["safe"] == -4
    assert s == "moved cat's small figure from **yellow** to **red** (yellow: 13 % to fall)"
    assert "Cat's" in GAME.describe(roll_to(position(3, boats=full(3)), "figure"), ANN,
                                    "move 3:small yellow>red", {CAT: "Cat"})
    assert "their own" in GAME.describe(roll_to(position(3, boats=full(3)), "figure"), ANN,
                                        "move 1:small blue>red")
    assert GAME.describe(position(3, phase="ring-start"), ANN, "ring-start red") == \
        "put the life ring on **red**"


def test_suggest_ranks_and_labels() -> None:
    boats = {"red": {"figures": [(1, "big"), (2, "small")], "ring": True, "pos": 2},
             "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")]},
             "blue": {"figures": [(2, "small"), (1, "small")]}}
    state = roll_to(position(2, boats=boats), "figure")
    got = GAME.suggest(state, ANN, "", 25)
    assert {v for v, _ in got} <= set(GAME.legal_moves(state, ANN))
    assert all(len(label) <= 100 for _, label in got)
    assert got[0][0].startswith("move 1:")  # bringing her own figure to safety first
    assert GAME.suggest(state, ANN, "move 2", 25) and all(
        v.startswith("move 2") for v, _ in GAME.suggest(state, ANN, "move 2", 25))
    assert GAME.suggest(state, BOB, "", 25) == []


def test_load_rejects_inconsistent_states() -> None:
    state = position(3, boats=full(3))
    data = json.loads(GAME.dump(state))
    bad = json.loads(json.dumps(data))
    bad["state"]["boats"]["red"]["figures"].append([0, "big"])  # a second big figure
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["boats"]["blue"]["ring"] = True  # two rings
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["boats"]["red"]["figures"].append([1, "small"])  # bob: three small ones
    bad["state"]["unplaced"][1]["small"] = -1
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["tips"]["red"] = None  # a shake is dropped only when its boat falls
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["state"]["phase"] = "dance"
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(bad))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_games_with_the_stone_out_of_turn(n: int) -> None:
    """Random games to the end; the stone holder always drops the stone mid-turn of another."""
    seen_out_of_turn = 0
    for seed in range(6):
        state = GAME.setup(PLAYERS[:n], {}, seed)
        rnd = random.Random(seed)
        while GAME.result(state) is None:
            v = view(state)
            holder = v["stone_holder"]
            if holder and not v["stone_placed"] and v["phase"] == "act" and holder != v["active"]:
                before = (v["phase"], v["active"], v["face"])
                state = GAME.apply(state, holder, rnd.choice(GAME.legal_moves(state, holder)))
                after = view(state)
                if len(after["history"]) == len(v["history"]) and not after["last"].get("nothing"):
                    assert (after["phase"], after["active"], after["face"]) == before
                seen_out_of_turn += 1
                continue
            p = v["active"]
            moves = [m for m in GAME.legal_moves(state, p) if not m.startswith("stone")]
            state = GAME.apply(state, p, rnd.choice(moves))
        assert max(GAME.result(state).scores.values()) >= 6
    assert seen_out_of_turn > 0
