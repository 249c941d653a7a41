"""Kraqua's state as stored JSON and back. The JSON is the store's: it must stay byte-identical
(``tests/games/test_kraqua_dumps.py`` proves it on dumps written before the vocabularies became
``StrEnum``s, which JSON writes as their plain values)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypeVar

from .board import CHIPS, CRITERIA, FISH, GEM_COLOURS, HIDEOUTS, PLACES, ROWS, SIDES, TILES
from .state import GEMS, LEVELS, MAX_SHELLS, KraquaState, Phase, Status, Step, Tile, is_said

E = TypeVar("E", bound=StrEnum)


def _named(kind: type[E], value: Any, what: str) -> E:
    try:
        return kind(str(value))
    except ValueError:
        raise ValueError(f"bad {what}") from None


def to_json(state: KraquaState) -> dict[str, Any]:
    return {
        "players": list(state.players),
        "level": state.level,
        "chips": state.chips,
        "tiles": {p: (list(t) if t else None) for p, t in state.tiles.items()},
        "fish": state.fish,
        "rows": {r: {str(k): list(t) for k, t in spots.items()}
                 for r, spots in state.rows.items()},
        "fronts": state.fronts,
        "stack": state.stack,
        "box": state.box,
        "shells": state.shells,
        "gems": state.gems,
        "gates": [[c, r] for c, r in state.gates],
        "revealed": state.revealed,
        "passed": state.passed,
        "hideout": state.hideout,
        "rng": state.rng,
        "cave_limit": state.cave_limit,
        "round": state.round,
        "played": state.played,
        "phase": state.phase,
        "current": state.current,
        "step": state.step,
        "turn_tile": list(state.turn_tile) if state.turn_tile else None,
        "laid": state.laid,
        "moved": state.moved,
        "roll": state.roll,
        "queue": state.queue,
        "drawing": state.drawing,
        "steal": state.steal,
        "last_mover": state.last_mover,
        "status": state.status,
        "reason": state.reason,
        "resigned": state.resigned,
        "last": state.last,
    }


def from_json(d: dict[str, Any]) -> KraquaState:
    def tile(v: Any) -> Tile | None:
        if v is None:
            return None
        number, side = v
        if int(number) not in TILES or side not in SIDES:
            raise ValueError(f"bad tile {v!r}")
        return (int(number), str(side))

    players = tuple(str(p) for p in d["players"])
    if not 1 <= len(players) <= 4 or len(set(players)) != len(players):
        raise ValueError("bad players")
    level = str(d["level"])
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}")
    last = d["last"]
    state = KraquaState(
        players=players,
        level=level,
        chips={str(p): str(c) for p, c in d["chips"].items()},
        tiles={str(p): tile(t) for p, t in d["tiles"].items()},
        fish={str(c): int(v) for c, v in d["fish"].items()},
        rows={str(r): {int(k): tile(t) for k, t in spots.items()}  # type: ignore[misc]
              for r, spots in d["rows"].items()},
        fronts={str(r): int(v) for r, v in d["fronts"].items()},
        stack=[int(t) for t in d["stack"]],
        box=[int(t) for t in d["box"]],
        shells=int(d["shells"]),
        gems={str(p): {str(c): int(n) for c, n in cs.items()} for p, cs in d["gems"].items()},
        gates=[(str(c), bool(r)) for c, r in d["gates"]],
        revealed=int(d["revealed"]),
        passed=[[str(c) for c in p] for p in d["passed"]],
        hideout=int(d["hideout"]),
        rng=int(d["rng"]),
        cave_limit=int(d["cave_limit"]),
        round=int(d["round"]),
        played=[str(p) for p in d["played"]],
        phase=_named(Phase, d["phase"], "phase"),
        current=None if d["current"] is None else str(d["current"]),
        step=None if d["step"] is None else _named(Step, d["step"], "step"),
        turn_tile=tile(d["turn_tile"]),
        laid=bool(d["laid"]),
        moved=None if d["moved"] is None else str(d["moved"]),
        roll=None if d["roll"] is None else str(d["roll"]),
        queue=[str(p) for p in d["queue"]],
        drawing=None if d["drawing"] is None else int(d["drawing"]),
        steal=[str(c) for c in d["steal"]],
        last_mover=None if d["last_mover"] is None else str(d["last_mover"]),
        status=_named(Status, d["status"], "status"),
        reason=str(d["reason"]),
        resigned=None if d["resigned"] is None else str(d["resigned"]),
        last=None if last is None else {
            "player": str(last["player"]), "move": str(last["move"]),
            "events": [[str(x) for x in e] for e in last["events"]],
            **({"said": _said(last["said"])} if "said" in last else {})},
    )
    validate(state)
    return state


def _said(events: Any) -> list[dict[str, Any]]:
    """The last move's events as kept for every reader (``state.said``), checked."""
    if not isinstance(events, list) or not all(is_said(e) for e in events):
        raise ValueError("bad events of the last move")
    return [dict(e) for e in events]


def validate(s: KraquaState) -> None:
    """Refuse a state that does not add up (the store's JSON is not trusted blindly)."""
    seats = set(s.players)
    if set(s.chips) != seats or set(s.tiles) != seats:
        raise ValueError("chips or tiles do not match the seats")
    if len(set(s.chips.values())) != len(s.chips) or not set(s.chips.values()) <= set(CHIPS):
        raise ValueError("bad chips")
    if set(s.fish) != set(FISH) or len(set(s.fish.values())) != 3:
        raise ValueError("bad fish")
    if set(s.rows) != set(ROWS) or set(s.fronts) != set(ROWS):
        raise ValueError("bad rows")
    if set(s.gems) != set(PLACES) or any(set(c) != set(GEM_COLOURS) for c in s.gems.values()):
        raise ValueError("bad gems")
    if any(n < 0 for c in s.gems.values() for n in c.values()):
        raise ValueError("negative gem count")
    for colour in GEM_COLOURS:
        if sum(s.gems[p][colour] for p in PLACES) != GEMS[colour]:
            raise ValueError(f"{colour} gems do not add up")
    if sorted(c for c, _rev in s.gates) != sorted(CRITERIA) or not 1 <= s.revealed <= 3:
        raise ValueError("bad gates")
    if len(s.passed) != s.revealed:
        raise ValueError("bad passed list")
    if not 0 <= s.hideout < len(HIDEOUTS) or not 0 <= s.shells <= MAX_SHELLS:
        raise ValueError("bad hideout or shells")
    held = [t[0] for t in s.tiles.values() if t is not None]
    laid = [t[0] for spots in s.rows.values() for t in spots.values()]
    drawing = [s.drawing] if s.drawing is not None else []
    if sorted(held + laid + s.stack + s.box + drawing) != sorted(LEVELS[s.level][1]):
        raise ValueError("reef tiles do not add up")
    for p in s.played + s.queue + [x for x in (s.current, s.last_mover, s.resigned) if x]:
        if p not in seats:
            raise ValueError(f"unknown seat {p!r}")

