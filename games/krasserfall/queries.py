"""What the rules allow in a state, without changing it: seats, whose turn, the legal moves.

The lowest of the rule modules: :mod:`.rules` (what a move does), :mod:`.refusals` (why a
move is refused), the engine and the words all ask these questions.
"""

from __future__ import annotations

from .state import LANES, SIZES, BoatChoice, KrasserfallState, Phase, PushOption, Where


def seat_of(state: KrasserfallState, player: str) -> int | None:
    """``player``'s seat index, or None if they do not play."""
    try:
        return state.players.index(str(player))
    except ValueError:
        return None


def next_seat(state: KrasserfallState, seat: int, want_figures: bool = False) -> int | None:
    """The first seat clockwise after ``seat`` (``seat`` itself last) still playing."""
    n = len(state.players)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if state.in_play(s) and (not want_figures or any(state.unplaced[s].values())):
            return s
    return None


def unplaced_stone_holder(state: KrasserfallState) -> int | None:
    """The seat that may still place the stone this round, if any."""
    if state.stone_holder is None or state.stone_used or state.over:
        return None
    return state.stone_holder if state.in_play(state.stone_holder) else None


def to_act(state: KrasserfallState) -> frozenset[str]:
    """Who may act: the player whose turn it is and a stone holder who still has the stone."""
    if state.over:
        return frozenset()
    acting = {state.players[state.active]}
    holder = unplaced_stone_holder(state)
    if holder is not None:
        acting.add(state.players[holder])
    return frozenset(acting)


def legal_moves(state: KrasserfallState, player: str) -> list[str]:
    """``player``'s moves now: their turn's, then the stone's."""
    seat = seat_of(state, player)
    if seat is None or state.over:
        return []
    moves: list[str] = []
    if seat == state.active:
        moves += turn_moves(state, seat)
    if unplaced_stone_holder(state) == seat:
        moves += stone_moves(state)
    return moves


def turn_moves(state: KrasserfallState, seat: int) -> list[str]:
    """The moves of ``seat``'s turn (not the stone), as canonical strings."""
    if state.phase == Phase.RING_START:
        return [f"ring-start {c}" for c in ring_start_boats(state)]
    if state.phase == Phase.PLACE:
        boats = placing_boats(state)
        return [f"place {size} {c}" for size in SIZES if state.unplaced[seat][size]
                for c in boats]
    if state.phase == Phase.ROLL:
        return ["roll"]
    if state.phase == Phase.ACT:
        assert state.face is not None
        return face_moves(state, seat, state.face)
    return []


def stone_moves(state: KrasserfallState) -> list[str]:
    return [f"stone {c} {where}" for c in state.standing() for where in Where]


def ring_start_boats(state: KrasserfallState) -> list[str]:
    """Round 1: any boat; later rounds: a boat without figures."""
    if state.round == 1:
        return list(LANES)
    empty = [c for c in LANES if not state.boats[c].figures]
    return empty or list(LANES)


def placing_boats(state: KrasserfallState) -> list[str]:
    """A figure may join an occupied boat only when every boat holds a figure."""
    empty = [c for c in LANES if not state.boats[c].figures]
    return empty or list(LANES)


def face_moves(state: KrasserfallState, seat: int, face: str) -> list[str]:
    """What the die's ``face`` lets ``seat`` do (empty: the turn passes)."""
    if face in LANES:
        boats, named = push_boats(state, seat, face)
        out = []
        for c in boats:
            base = f"push {c}" if named else "push"
            out.append(base)
            if state.push == PushOption.THRILL and state.boats[c].pos2 % 2 == 0:
                out.append(base + " half")  # half a wave only from a wave
        return out
    if face == "ring" and ring_boat(state) is not None:
        ring = ring_boat(state)
        return [f"ring {c}" for c in state.standing() if c != ring]
    return figure_moves(state)


def push_boats(state: KrasserfallState, seat: int, face: str) -> tuple[list[str], bool]:
    """The boats a colour face lets ``seat`` push, and whether the move must name one."""
    standing = state.standing()
    if state.choice == BoatChoice.FREE:
        own = [c for c in standing if any(f[0] == seat for f in state.boats[c].figures)]
        if own:
            return own, True
    if face in standing:
        return [face], False
    back = min(state.boats[c].pos2 for c in standing)
    tied = [c for c in standing if state.boats[c].pos2 == back]
    return tied, len(tied) > 1


def ring_boat(state: KrasserfallState) -> str | None:
    """The boat in the river that carries the life ring (None: not placed, or fallen)."""
    for c in state.standing():
        if state.boats[c].ring:
            return c
    return None


def figure_moves(state: KrasserfallState) -> list[str]:
    """Every figure move of the figure face: anyone's figure, never emptying a boat."""
    standing = state.standing()
    out = []
    for src in standing:
        figures = state.boats[src].figures
        if len(figures) < 2:
            continue  # no boat may be left without a figure
        seen = set()
        for seat, size in figures:
            if (seat, size) in seen:
                continue
            seen.add((seat, size))
            out += [f"move {seat + 1}:{size} {src}>{dst}" for dst in standing if dst != src]
    return out
