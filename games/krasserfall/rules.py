"""Krasserfall's rules as functions of the state: the legal moves, what a move does, the balance
checks, the rounds, resigning and the result.

They sit below both the engine (the ``Game`` object hands its hooks on to them) and the words
(which replay a move to say what it did), so that neither imports the other. See the package
docstring for the readings chosen where the rules page leaves room; the messages of a refused
move are in :mod:`.refusals`.
"""

from __future__ import annotations

from typing import Any

from ..base import Result
from ..errors import GameOver, IllegalMove, NotYourTurn
from ..rng import Rng
from ..text import translator
from .model import (
    BALANCE,
    BOAT_NAMES,
    FACES,
    FIGURES,
    LANES,
    MEDALS,
    MEDALS_TO_END,
    SIZES,
    TIP_RANGE,
    TIP_STEPS,
    WEIGHTS,
    commas,
    danger2,
    excess,
    half,
    over_edge,
    pushed,
)
from .notation import Move, MoveFigure, MoveRing, Place, Push, Roll, RingStart, Stone, format_move
from .queries import face_moves, next_seat, push_boats, ring_boat, seat_of, turn_moves
from .refusals import why_not
from .state import Kind, KrasserfallState, Phase

_ = translator("krasserfall")


def draw_tips(state: KrasserfallState, rng: Rng) -> None:
    """Each boat's hidden tipping point for a new round, uniform on the grid in [-4, +4]."""
    top = TIP_RANGE * TIP_STEPS
    for c in LANES:
        state.tips[c] = rng.randbelow(2 * top + 1) - top
        state.survived[c] = None


# ----- applying moves -------------------------------------------------------------------------


def apply(state: KrasserfallState, player: str, move: Move) -> KrasserfallState:
    """The state after ``player`` plays ``move`` (a new state; ``state`` is left alone)."""
    seat = seat_of(state, player)
    assert seat is not None
    text = format_move(move)
    if isinstance(move, Stone):
        return place_stone(state, seat, move, text)
    if seat != state.active:
        raise NotYourTurn(_(
            "it is not your turn: you may only place the stone now (stone red boat or "
            "stone red strip)"))
    legal = turn_moves(state, seat)
    if text not in legal:
        raise IllegalMove(why_not(state, seat, move, legal))
    new = state.copy()
    new.last = {"player": player, "move": text, "kind": move.kind, "falls": [],
                "round_end": None}
    if isinstance(move, RingStart):
        ring_start(new, move.boat)
    elif isinstance(move, Place):
        place(new, seat, move)
    elif isinstance(move, Roll):
        roll(new, seat)
    else:
        carry_out(new, seat, move)
    return new


def ring_start(state: KrasserfallState, boat: str) -> None:
    assert state.last is not None
    state.boats[boat].ring = True
    state.last["boat"] = boat
    state.phase = Phase.PLACE
    if not sum(state.unplaced[state.active].values()):
        next_placer(state)


def place(state: KrasserfallState, seat: int, move: Place) -> None:
    assert state.last is not None
    state.last["boat"] = move.boat
    state.last["size"] = move.size
    state.unplaced[seat][move.size] -= 1
    state.boats[move.boat].add(seat, move.size)
    next_placer(state)


def next_placer(state: KrasserfallState) -> None:
    nxt = next_seat(state, state.active, want_figures=True)
    if nxt is None:
        release(state)
    else:
        state.active = nxt


def release(state: KrasserfallState) -> None:
    """All figures are placed: the boats float, the start player rolls first."""
    state.phase = Phase.ROLL
    state.face = None
    state.active = (state.start if state.in_play(state.start)
                    else next_seat(state, state.start) or 0)
    check_falls(state)


def roll(state: KrasserfallState, seat: int) -> None:
    rng = Rng(state.rng)
    face = FACES[rng.randbelow(len(FACES))]
    state.rng = rng.state
    state.die = face
    state.turns += 1
    assert state.last is not None
    state.last["face"] = face
    state.phase = Phase.ACT
    state.face = face
    if not face_moves(state, seat, face):
        state.last["nothing"] = True  # no figure can move: the turn ends
        end_turn(state)


def carry_out(state: KrasserfallState, seat: int, move: Push | MoveRing | MoveFigure) -> None:
    """The face's follow-up: a push, the ring moved or a figure moved."""
    assert state.last is not None and state.face is not None
    edge = None
    if isinstance(move, Push):
        boat = move.boat or push_boats(state, seat, state.face)[0][0]
        b = state.boats[boat]
        b.pos2 = pushed(b.pos2, move.half)
        state.last["boat"] = boat
        state.last["position"] = half(b.pos2)
        if over_edge(b.pos2):
            edge = boat
    elif isinstance(move, MoveRing):
        src = ring_boat(state)
        assert src is not None
        state.boats[src].ring = False
        state.boats[move.boat].ring = True
        state.last["from"] = src
        state.last["boat"] = move.boat
    else:  # a figure
        state.boats[move.source].remove(move.seat - 1, move.size)
        state.boats[move.target].add(move.seat - 1, move.size)
        state.last["owner"] = state.players[move.seat - 1]
        state.last["size"] = move.size
        state.last["from"] = move.source
        state.last["boat"] = move.target
    if not check_falls(state, edge):
        end_turn(state)


def end_turn(state: KrasserfallState) -> None:
    state.phase = Phase.ROLL
    state.face = None
    nxt = next_seat(state, state.active)
    state.active = state.active if nxt is None else nxt


def place_stone(state: KrasserfallState, seat: int, move: Stone, text: str) -> KrasserfallState:
    if state.stone_holder != seat:
        raise IllegalMove(_("you do not hold the stone this round: only the one player with "
                            "the fewest medals gets it"))
    if state.stone_used:
        raise IllegalMove(_("you have already placed the stone this round"))
    if state.boats[move.boat].fallen:
        raise IllegalMove(_("{boat} has fallen into the net: put the stone on a boat in the "
                            "river ({boats})", boat=BOAT_NAMES[move.boat],
                            boats=commas([BOAT_NAMES[c] for c in state.standing()])))
    new = state.copy()
    new.boats[move.boat].stone = move.where
    new.stone_used = True
    new.last = {"player": state.players[seat], "move": text, "kind": Kind.STONE,
                "boat": move.boat, "where": move.where, "falls": [], "round_end": None,
                "out_of_turn": seat != state.active}
    if not check_falls(new) and new.phase == Phase.ACT:
        # The stone may have taken away what the pending face allowed (a figure to move).
        assert new.face is not None
        if not face_moves(new, new.active, new.face):
            new.last["nothing"] = True
            end_turn(new)
    return new


# ----- the balance ----------------------------------------------------------------------------


def check_falls(state: KrasserfallState, edge: str | None = None) -> bool:
    """Drop every boat whose danger exceeds its tipping point; True if that ended the round.

    Boats fall one after the other, the most overloaded first (a boat pushed over the edge
    before all); the round ends at once when one boat is left, so the last one never falls.
    (Called through this module's global, so that ``tools.sim.krasserfall_balance`` can watch it.)
    """
    if not state.released:
        return False
    standing = state.standing()
    doomed: list[tuple[float, int, str]] = []
    for i, c in enumerate(standing):
        b = state.boats[c]
        if c == edge:
            doomed.append((float("inf"), -i, c))
            continue
        tip = state.tips[c]
        assert tip is not None
        ex = excess(b, tip, BALANCE)
        if ex > 0:
            doomed.append((ex, -i, c))
    doomed.sort(reverse=True)
    left = len(standing)
    for _ex, _i, c in doomed:
        if left <= 1:
            break
        fall(state, c)
        left -= 1
    for c in state.standing():
        d = danger2(state.boats[c], BALANCE)
        seen = state.survived[c]
        state.survived[c] = d if seen is None else max(seen, d)
    remaining = state.standing()
    if len(remaining) == 1:
        end_round(state, remaining[0])
        return True
    return False


def fall(state: KrasserfallState, boat: str) -> None:
    state.boats[boat].fallen = True
    state.tips[boat] = None
    state.survived[boat] = None
    state.net.append(boat)
    if state.last is not None:
        state.last.setdefault("falls", []).append(boat)


# ----- rounds ---------------------------------------------------------------------------------


def end_round(state: KrasserfallState, last: str) -> None:
    """Score the last boat; end the game or set up the next round."""
    boat = state.boats[last]
    gains = [0] * len(state.players)
    for seat, size in boat.figures:
        if state.in_play(seat):
            gains[seat] += MEDALS[size]
    for seat, g in enumerate(gains):
        state.medals[seat] += g
    entry: dict[str, Any] = {
        "round": state.round, "boat": last, "turns": state.turns,
        "medals": {state.players[s]: g for s, g in enumerate(gains) if g},
    }
    state.history.append(entry)
    if state.last is not None:
        state.last["round_end"] = entry
    state.face = None
    if max(state.medals) >= MEDALS_TO_END:
        state.phase = Phase.OVER
        return
    playing = [s for s in range(len(state.players)) if state.in_play(s)]
    low = min(state.medals[s] for s in playing)
    lows = [s for s in playing if state.medals[s] == low]
    state.stone_holder = lows[0] if len(lows) == 1 else None
    state.stone_used = False
    if sum(b.weights for b in state.boats.values()) < WEIGHTS:
        boat.weights += 1
    for c, b in state.boats.items():
        b.pos2, b.fallen, b.ring, b.stone = 0, False, False, None
        if c != last:
            b.figures = []
        else:
            b.figures = [f for f in b.figures if state.in_play(f[0])]
    for seat in range(len(state.players)):
        left = dict(FIGURES) if state.in_play(seat) else {s: 0 for s in SIZES}
        for owner, size in boat.figures:
            if owner == seat:
                left[size] -= 1
        state.unplaced[seat] = left
    state.round += 1
    state.die = None
    state.turns = 0
    state.net = []
    rng = Rng(state.rng)
    draw_tips(state, rng)
    state.rng = rng.state
    opener = next_seat(state, state.start, want_figures=True)
    if opener is None:  # nobody has a figure to place: the next seat still puts the ring
        opener = next_seat(state, state.start)
    assert opener is not None
    state.start = state.active = opener
    state.phase = Phase.RING_START


# ----- the end --------------------------------------------------------------------------------


def result(state: KrasserfallState) -> Result | None:
    """Most medals wins among those still playing; the last one left wins after resignations."""
    if not state.over:
        return None
    scores = dict(zip(state.players, state.medals))
    playing = [s for s in range(len(state.players)) if state.in_play(s)]
    detail = {"rounds": len(state.history),
              "resigned": [state.players[s] for s in state.resigned]}
    if len(playing) <= 1:
        return Result(scores, tuple(state.players[s] for s in playing), reason="resigned",
                      detail=detail)
    best = max(state.medals[s] for s in playing)
    winners = tuple(state.players[s] for s in playing if state.medals[s] == best)
    return Result(scores, winners, detail=detail)


def resign(state: KrasserfallState, player: str) -> KrasserfallState:
    """The game without ``player``: their turns are skipped, their figures stay as dead weight."""
    if state.over:
        raise GameOver(_("the game is over already"))
    seat = seat_of(state, player)
    if seat is None:
        raise IllegalMove(_("{player} is not playing in this game", player=player))
    if not state.in_play(seat):
        raise IllegalMove(_("you have resigned already"))
    new = state.copy()
    new.resigned.append(seat)
    new.unplaced[seat] = {s: 0 for s in SIZES}
    new.last = {"player": player, "move": "resign", "kind": Kind.RESIGN, "falls": [],
                "round_end": None}
    if new.stone_holder == seat and not new.stone_used:
        new.stone_holder = None
    if sum(1 for s in range(len(new.players)) if new.in_play(s)) <= 1:
        new.phase = Phase.OVER
        new.face = None
        return new
    if new.active != seat:
        return new
    if new.phase == Phase.RING_START:
        opener = next_seat(new, seat, want_figures=True)
        if opener is None:
            opener = next_seat(new, seat)
        assert opener is not None
        new.start = new.active = opener
    elif new.phase == Phase.PLACE:
        next_placer(new)
    else:
        end_turn(new)
    return new
