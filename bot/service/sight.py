"""What each person may see of a game: a turn in progress stays with the one who plays it.

A turn of several actions reaches the channel when it ends (``ends_turn`` in the move log).
Until then everyone else sees the game as it was when the turn began: the board, the status,
the log, their own hand, autocomplete and buttons. Only the seats whose turn it is see their
steps. That position is rebuilt from the log only while a turn is in progress and only for
the others, and kept per turn: a turn's start never changes, because nothing before a
turn-ending move can be taken back.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import Game

from ..replay import replay_moves
from ..store import GameRow, MoveRow, SeatRow
from .part import Part


#: Turn starts kept per process (one per game with a turn in progress is plenty).
TURN_STARTS_KEPT = 64


@dataclass(frozen=True)
class Sight:
    """A game as one person may see it."""

    state: Any  # the position they may see
    moves: list[MoveRow]  # the log they may see: taken-back moves never, hidden steps not
    hidden: int  # steps of a turn in progress that they may not see yet (0: they see all)
    movers: frozenset[str]  # seats whose turn is in progress (empty between turns)


def split_turn(moves: Sequence[MoveRow]) -> tuple[list[MoveRow], list[MoveRow]]:
    """(the live log up to the last turn-ending entry, the steps of the turn in progress)."""
    live = [m for m in moves if m.undone_at is None]
    k = len(live)
    while k and not live[k - 1].ends_turn:
        k -= 1
    return live[:k], live[k:]


@dataclass(eq=False, repr=False, kw_only=True)
class Sights(Part):
    """What each seat saw at the start of a turn (for undo, the log and replays)."""

    _turn_starts: OrderedDict[tuple[int, int, int, int], Any] | None = field(default=None,
                                                                             init=False)

    async def sight(self, game: Game, row: GameRow, seats: Sequence[SeatRow], *,
                    user_id: int | None = None, players: Collection[str] = ()) -> Sight:
        """What the person ``user_id`` (or the seats ``players``, for a bot) may see now."""
        state = self.ground.load_state(game, row, seats)
        shown, steps = split_turn(await self.store.games.moves(row.id))
        movers = frozenset(m.player_id for m in steps)
        mine = set(players) | {s.player_id for s in seats
                               if user_id is not None and s.user_id == user_id}
        if not steps or mine & movers:
            return Sight(state, shown + steps, 0, movers)
        return Sight(await self._turn_start(game, row, seats, shown), shown, len(steps), movers)

    async def _turn_start(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                          shown: list[MoveRow]) -> Any:
        """The position after ``shown`` (the log up to the turn in progress), replayed once
        per turn, off the event loop."""
        if self._turn_starts is None:
            self._turn_starts = OrderedDict()
        key = (row.id, row.seed, len(shown), shown[-1].n if shown else 0)
        state = self._turn_starts.get(key)
        if state is None:
            state = await asyncio.to_thread(replay_moves, game, [s.player_id for s in seats],
                                            row.options, row.seed, shown)
            self._turn_starts[key] = state
            while len(self._turn_starts) > TURN_STARTS_KEPT:
                self._turn_starts.popitem(last=False)
        return state
