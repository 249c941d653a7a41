"""Whose turn it is and what they may play: pure functions of the state, shared by the engine,
the player texts and the team planner (none of them has to import another for these)."""

from __future__ import annotations

from .board import ANIMALS, GEM_COLOURS, ROWS, special, tile_animal
from .state import (
    KraquaState,
    Phase,
    Step,
    Tile,
    chip_letter,
    free_moves,
    next_spot,
    shark_usable,
    spot_available,
)


def to_act(state: KraquaState) -> frozenset[str]:
    """The seats that may play now (free order at a round's start, see the package notes)."""
    if state.over:
        return frozenset()
    if state.phase == Phase.TURN:
        if state.current is not None:
            return frozenset({state.current})
        return frozenset(p for p in state.players
                         if state.tiles[p] is not None and p not in state.played)
    if state.phase == Phase.DRAW:
        return frozenset({state.queue[0]})
    if state.phase == Phase.STEAL:
        assert state.last_mover is not None
        return frozenset({state.last_mover})
    return frozenset()


def step_of(state: KraquaState, player: str) -> Step | None:
    """The kind of decision ``player`` faces now (None if they may not act)."""
    if player not in to_act(state):
        return None
    if state.phase == Phase.TURN:
        if state.current == player:
            return state.step
        return Step.LAY if spot_available(state) else Step.MOVE
    if state.phase == Phase.DRAW:
        return Step.DRAW if state.stack or state.drawing is not None else Step.TAKE
    return Step.GEM


def turn_tile(state: KraquaState, player: str) -> Tile:
    """The tile ``player`` plays this turn (laid already, or still in the hand)."""
    if state.current == player and state.turn_tile is not None:
        return state.turn_tile
    tile = state.tiles[player]
    assert tile is not None
    return tile


def legal_moves(state: KraquaState, player: str) -> list[str]:
    step = step_of(state, str(player))
    if step is None:
        return []
    player = str(player)
    if step == Step.LAY:
        return [f"lay {r}" for r in ROWS if next_spot(state, r) is not None]
    if step == Step.MOVE:
        return move_options(state, player)
    if step == Step.REROLL:
        return ["reroll", "keep"]
    if step == Step.GEM:
        return [f"gem {c}" for c in GEM_COLOURS if state.gems["chest"][c] > 0]
    if step == Step.SPECIAL:
        kind = special(state.fish[state.moved]) if state.moved else None
        if kind == "dolphin":
            return [f"dolphin {c}" for c in GEM_COLOURS if state.gems["chest"][c] > 0] + ["pass"]
        if not shark_usable(state):
            return ["pass"]  # only a state saved under the old rule stops here
        return [f"shark {c}" for c in GEM_COLOURS if state.gems["cave"][c] > 0] + ["pass"]
    turtle = state.chips[player] == "turtle"
    if step == Step.DRAW:
        return ["draw A", "draw B"] if turtle else ["draw"]
    out = []
    for r in ROWS:
        if state.rows[r]:
            out += [f"take {r} A", f"take {r} B"] if turtle else [f"take {r}"]
    return out


def move_options(state: KraquaState, player: str) -> list[str]:
    """The move step's options: free moves with the tile's animal, else ``skip``; shell and
    jellyfish moves while the team has a shell."""
    animal = tile_animal(*turn_tile(state, player))
    moves = [f"fish {c}" for c in free_moves(state, animal)]
    free = bool(moves)
    if state.shells > 0:
        chip = chip_letter(state, player)
        if chip != animal:
            moves += [f"shell {c}" for c in free_moves(state, chip)]
        if state.chips[player] == "jellyfish":
            for a in ANIMALS:
                if a not in (animal, chip):
                    moves += [f"jelly {c} {a}" for c in free_moves(state, a)]
    if not free:
        moves.append("skip")
    return moves
