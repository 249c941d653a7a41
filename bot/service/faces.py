"""The chess clocks of a game as they stand (``/game status``, the strip above the board).

Apart from :mod:`bot.service.clocks` (the clock's rules) so that drawing a board can show the
clocks without depending on the move path.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from games import Game

from ..timekeeping.chess_clock import clock_of
from ..store import GameRow, SeatRow, Store, TimerRow
from .names import seat_names
from .paused import stopped_at


@dataclasses.dataclass(frozen=True)
class Face:
    """One player's clock as it stands."""

    player: str
    name: Any
    left: float  # seconds in the bank
    running: bool  # they are to act (their bank runs once the ping is out)
    out: bool  # their bank ran out this turn
    grace: float | None = None  # seconds the others have left to choose to wait


async def clock_faces(store: Store, row: GameRow, game: Game, state: Any, seats: Sequence[SeatRow],
                      now: float, timers: Sequence[TimerRow] | None = None) -> list[Face]:
    """Every human seat's clock at ``now``, in seat order (bots have none); [] without a clock.

    ``now`` may be any moment (a paused game shows its clocks as they were when it paused).
    """
    clock = clock_of(row.timing)
    if clock is None or game.result(state) is not None:
        return []
    if timers is None:
        timers = await store.timers.of_game(row.id)
    deadlines = {t.player_id: t for t in timers if t.kind == "deadline"}
    banks = (row.clock or {}).get("banks") or {}
    # A paused game's clocks, and an away player's, stand where their hold began.
    away = await store.pauses.away_users([s.user_id for s in seats if s.user_id])
    held = ({s.player_id for s in seats} if row.paused_at is not None
            else {s.player_id for s in seats if s.user_id in away})
    acting = set(game.waiting_for(state))
    names = seat_names(game, state, seats)
    by_player = {s.player_id: s for s in seats}
    faces = []
    for player in game.players(state):
        seat = by_player.get(player)
        if seat is None or seat.bot_level:
            continue
        timer = deadlines.get(player)
        if timer is not None:
            at = stopped_at(timer, now, player in held)
            left = timer.left(at)
            out = timer.ran_out is not None or (timer.armed and left <= 0)
            rest = max(0.0, timer.due_at - at) if timer.ran_out is not None else None
            faces.append(Face(player, names[player], left, player in acting, out, rest))
        elif player in acting:  # to act and no deadline: it ran out (and they are waited for)
            faces.append(Face(player, names[player], 0.0, True, True))
        else:
            faces.append(Face(player, names[player], float(banks.get(player, clock[0])), False, False))
    return faces
