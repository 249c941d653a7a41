"""Time the bot was down is nobody's: clocks, deadlines and reminders stand still through it.

Each process notes that it is up (a heartbeat in ``meta``, every :data:`HEARTBEAT` seconds
and when it shuts down). When it starts after more than :data:`GRACE` seconds without one,
the games it serves get every timer moved forward by the time it was down (the same shift as
a pause: :meth:`bot.store.timers_table.TimersTable.hold_downtime`), and each game with a
deadline is told once. A restart within the grace changes nothing.

A process is known by its shards (``all``, or ``SHARD_IDS``): several processes of one bot
each keep their own heartbeat and hold their own servers' games.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..messages import Outcome, Place, Post
from ..store.timers_table import Scope, served_by
from ..timekeeping.durations import format_duration
from .names import _
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator

log = logging.getLogger("bot.service.downtime")

#: Seconds between two heartbeats of a running process.
HEARTBEAT = 10.0
#: Downtime up to this long (a quick restart) leaves the clocks as they are.
GRACE = 20.0


@dataclass(eq=False, repr=False, kw_only=True)
class Downtime(Part):
    """The heartbeat of this process, and the hold after it was down."""

    narrator: Narrator
    #: This process's shards: its label, and what it serves (None: every shard).
    process: str = "all"
    shard_count: int | None = None
    shard_ids: Sequence[int] | None = None
    _beat: float = field(default=0.0, init=False)

    @property
    def served(self) -> Scope:
        """The games whose timers this process fires and holds."""
        return served_by(self.shard_count, self.shard_ids)

    @property
    def key(self) -> str:
        return f"alive:{self.process}"

    async def beat(self, *, force: bool = False) -> None:
        """Note that this process is up (at most every :data:`HEARTBEAT` seconds)."""
        now = self.clock()
        if force or now - self._beat >= HEARTBEAT:
            await self.store.meta.set(self.key, repr(now))
            self._beat = now

    async def hold_after_downtime(self) -> list[tuple[Place, Outcome]]:
        """At start-up, before any move or timer: hold the clocks through the time this
        process was down, and say so in each game that has a deadline. The posts are in the
        outbox already (its loop delivers them); returned to be delivered at once too."""
        now = self.clock()
        last = await self.store.meta.get(self.key)
        try:
            down = now - float(last) if last is not None else 0.0
        except ValueError:
            down = 0.0
        if last is None or down <= GRACE:
            await self.beat(force=True)
            return []
        served = self.served
        post = Post(text=_("🔌 The bot was offline for {time}; every clock and deadline was held "
                           "meanwhile.", time=format_duration(down)))
        told: list[tuple[Place, Outcome]] = []
        outbox = []
        for game_id, guild_id, channel_id in await self.store.timers.clocked_games(served):
            place = Place(guild_id=guild_id, channel_id=channel_id)
            items = self.narrator.envelopes(place, posts=[post])
            outbox.append((game_id, items))
            told.append((place, Outcome(reply="", posts=[post], game_id=game_id,
                                        outbox=tuple(i.key for i in items))))
        if not await self.store.timers.hold_downtime(self.key, last=last, down=down, now=now,
                                                     served=served, outbox=outbox):
            return []  # another start-up of this process's shards held them
        self._beat = now
        log.info("down for %.0f s: the timers of the games served here were held (%d told)",
                 down, len(told))
        return told

    async def stopping(self) -> None:
        """At shutdown: the last heartbeat is now (when this process was up at all: one that
        never got going must not hide the time before it from the next start)."""
        if self._beat:
            await self.beat(force=True)
