"""People's clocks (``person_clocks``: a time zone, quiet hours) and the notices their quiet hours
held back (``held_notices``), released once, gathered, when the quiet hours end.

A release is claimed by moving ``release_at`` away from the value it was read with, in the
transaction that writes what it says into the outbox: two processes release it once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..db import Database
from ..timekeeping.quiet import UTC, PersonClock
from .envelopes import Envelope
from .outbox_table import OutboxTable
from .table import Table


@dataclass(frozen=True)
class Held:
    """A notice quiet hours held back: a turn (or reminder, or passed deadline) of a game."""

    user_id: int
    game_id: int
    kind: str
    held_at: float


class QuietTable(Table):
    """``store.quiet``: who keeps which clock, and what waits for their quiet hours to end."""

    def __init__(self, db: Database, outbox: OutboxTable) -> None:
        super().__init__(db)
        self.outbox = outbox

    async def clock(self, user_id: int) -> PersonClock:
        r = await self._one("SELECT zone, quiet_from, quiet_to FROM person_clocks WHERE user_id = ?",
                            (user_id,))
        if r is None:
            return PersonClock()
        return PersonClock(zone=r["zone"] or UTC, start=r["quiet_from"], end=r["quiet_to"])

    async def set_clock(self, user_id: int, clock: PersonClock, *, now: float) -> None:
        """Store a person's clock. Held notices stay held until the quiet hours they fell in
        end, as they were computed then."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO person_clocks (user_id, zone, quiet_from, quiet_to, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET zone = excluded.zone,"
                " quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,"
                " updated_at = excluded.updated_at",
                (user_id, clock.zone, clock.start, clock.end, now))

    async def hold(self, user_id: int, game_id: int, kind: str, *, until: float, now: float) -> None:
        """Keep a notice back until ``until`` (the end of the person's quiet hours); a second one
        of the same game and kind is the same notice."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO held_notices (user_id, game_id, kind, held_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, game_id, kind) DO NOTHING", (user_id, game_id, kind, now))
            await db.execute(
                "UPDATE person_clocks SET release_at = ? WHERE user_id = ?"
                " AND (release_at IS NULL OR release_at > ?)", (until, user_id, until))

    async def due(self, now: float) -> list[tuple[int, float]]:
        """(person, release time) of the held notices whose quiet hours have ended."""
        rows = await self._all("SELECT user_id, release_at FROM person_clocks WHERE release_at <= ?"
                               " ORDER BY release_at, user_id", (now,))
        return [(int(r["user_id"]), float(r["release_at"])) for r in rows]

    async def next_release(self) -> float | None:
        r = await self._one("SELECT MIN(release_at) AS due FROM person_clocks WHERE release_at IS NOT NULL")
        return None if r is None or r["due"] is None else float(r["due"])

    async def held(self, user_id: int) -> list[Held]:
        rows = await self._all("SELECT user_id, game_id, kind, held_at FROM held_notices"
                               " WHERE user_id = ? ORDER BY game_id, kind", (user_id,))
        return [Held(int(r["user_id"]), int(r["game_id"]), r["kind"], float(r["held_at"])) for r in rows]

    async def release(self, user_id: int, release_at: float, held: Sequence[Held],
                      outbox: Sequence[Envelope], *, now: float) -> bool:
        """Send what ``held`` gathered (``outbox``) and forget those notices, once: False when
        another process released them first (or new ones moved the release)."""
        async with self._tx() as db:
            if await db.execute("UPDATE person_clocks SET release_at = NULL WHERE user_id = ?"
                                " AND release_at = ?", (user_id, release_at)) != 1:
                return False
            for h in held:
                await db.execute("DELETE FROM held_notices WHERE user_id = ? AND game_id = ? AND kind = ?",
                                 (h.user_id, h.game_id, h.kind))
            await self.outbox.write(db, None, None, outbox, now)
        return True
