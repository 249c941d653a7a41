"""What everyone sees of a Kraqua game: the view ``Kraqua.view`` returns and the board image is
drawn from (``renderers/kraqua``). Hidden are only the stack's order, the gates still face down
and the RNG, so every seat gets the same view.

Field names are strings (``"S1"``, ``"7"``, ``"G2"``) and row spots string keys, as JSON keeps
them; every gem colour shows in every place, zeros included.
"""

from __future__ import annotations

from typing import Any, TypedDict


class GateView(TypedDict):
    """A revealed gate: the order the fish pass it in, and who has passed."""

    gate: int  # 1..3
    criterion: str  # "hat" | "colour" | "size"
    order: list[str]  # fish colours
    passed: list[str]  # fish colours, in passing order
    after: int  # the last field before the gate


class LastView(TypedDict):
    """What the last move did: the recorded events in English, ``{}`` for each seat named
    after it; and the same events as kept for every reader (``state.said``: a sentence's
    template and parts, each seat as ``{"seat": id}``; empty for a game stored before)."""

    player: str
    move: str
    events: list[list[str]]
    said: list[dict[str, Any]]


class KraquaView(TypedDict):
    """The keys of ``Kraqua.view`` (docs/rules/kraqua.md lists them for contributors)."""

    game: str  # "kraqua"
    level: str  # "1" | "2" | "3" | "pro"
    players: list[str]
    chips: dict[str, str]  # seat -> chip animal ("crab")
    tiles: dict[str, list[Any] | None]  # seat -> [number, side] in hand
    fish: dict[str, str]  # fish colour -> field name
    rows: dict[str, dict[str, list[Any]]]  # "i"/"o" -> spot -> [number, side]
    fronts: dict[str, int]  # row -> the furthest spot ever laid
    next_spots: dict[str, int | None]  # row -> where it grows next (None: no room)
    shells: int
    max_shells: int
    gems: dict[str, dict[str, int]]  # "chest"/"cave"/"hideout" -> colour -> count
    cave_limit: int
    hideout_goal: list[str]  # the colours the hideout tile names
    gates: list[GateView]  # the revealed ones
    revealed: int
    path_end: str  # the last field on the revealed board
    protected: list[str]  # field names
    stack: int  # tiles face down
    box: int  # tiles out of the game
    round: int
    played: list[str]  # seats that played this round
    to_act: list[str]
    phase: str  # a Phase
    current: str | None  # the seat whose turn is under way
    step: str | None  # a Step, within a turn
    turn_tile: list[Any] | None
    moved: str | None  # the fish moved this turn
    roll: str | None  # a die result waiting for the seahorse
    drawing: int | None  # the turtle's drawn tile, side still to choose
    draw_queue: list[str]
    last_mover: str | None
    last: LastView | None
    status: str  # a Status
    result: dict[str, Any] | None
