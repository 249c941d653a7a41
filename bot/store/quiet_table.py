"""People's clocks (``person_clocks``: a time zone, quiet hours, a daily digest) and the notices
their quiet hours held back (``held_notices``), released once, gathered, when the hours end.

A release (or a digest) is claimed by moving ``release_at`` (``digest_due``) away from the
value it was read with, in the transaction that writes what it says into the outbox: two
processes send it once, and a restart does not send it again.
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
        r = await self._one("SELECT zone, quiet_from, quiet_to, digest_at FROM person_clocks"
                            " WHERE user_id = ?", (user_id,))
        if r is None:
            return PersonClock()
        return PersonClock(zone=r["zone"] or UTC, start=r["quiet_from"], end=r["quiet_to"],
                           digest=r["digest_at"])

    async def set_clock(self, user_id: int, clock: PersonClock, *, now: float) -> None:
        """Store a person's clock (and when their next digest is due; a refused one is
        forgotten: they chose again). Held notices stay held until the quiet hours they fell
        in end, as they were computed then."""
        due = clock.next_at(clock.digest, now) if clock.digest is not None else None
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO person_clocks (user_id, zone, quiet_from, quiet_to, digest_at, digest_due,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " zone = excluded.zone, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,"
                " digest_at = excluded.digest_at, digest_due = excluded.digest_due, digest_key = NULL,"
                " updated_at = excluded.updated_at",
                (user_id, clock.zone, clock.start, clock.end, clock.digest, due, now))

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

    # ----- the daily digest ---------------------------------------------------------------------

    async def digests_due(self, now: float) -> list[tuple[int, float, str | None]]:
        """(person, when it was due, the outbox key of their last digest) of the digests due."""
        rows = await self._all("SELECT user_id, digest_due, digest_key FROM person_clocks"
                               " WHERE digest_due <= ? ORDER BY digest_due, user_id", (now,))
        return [(int(r["user_id"]), float(r["digest_due"]), r["digest_key"]) for r in rows]

    async def next_digest(self) -> float | None:
        r = await self._one("SELECT MIN(digest_due) AS due FROM person_clocks WHERE digest_due IS NOT NULL")
        return None if r is None or r["due"] is None else float(r["due"])

    async def digest_sent(self, user_id: int, due: float, then: float | None,
                          outbox: Sequence[Envelope], *, now: float) -> bool:
        """Send a digest (``outbox``: nothing when nothing waits) and plan the next one at
        ``then`` (None: the digest stops), once: False when another process did it first."""
        key = outbox[0].key if outbox else None
        async with self._tx() as db:
            stop = ", digest_at = NULL" if then is None else ""
            if await db.execute(
                    f"UPDATE person_clocks SET digest_due = ?, digest_key = COALESCE(?, digest_key){stop}"
                    " WHERE user_id = ? AND digest_due = ?", (then, key, user_id, due)) != 1:
                return False
            await self.outbox.write(db, None, None, outbox, now)
        return True

    async def refused(self, key: str) -> bool:
        """Whether the DM stored under ``key`` could not be delivered (closed DMs)."""
        r = await self._one("SELECT outcome FROM outbox WHERE key = ?", (key,))
        return r is not None and r["outcome"] == "fallback"

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
            # one held while this was gathered: look again soon (its quiet hours are checked then)
            await db.execute("UPDATE person_clocks SET release_at = ? WHERE user_id = ?"
                             " AND EXISTS (SELECT 1 FROM held_notices WHERE user_id = ?)",
                             (now + 60.0, user_id, user_id))
            await self.outbox.write(db, None, None, outbox, now)
        return True

    async def postpone(self, user_id: int, release_at: float, until: float) -> None:
        """Release later (the person is in quiet hours again, or releasing failed): at ``until``,
        unless another process moved it first."""
        async with self._tx() as db:
            await db.execute("UPDATE person_clocks SET release_at = ? WHERE user_id = ? AND release_at = ?",
                             (until, user_id, release_at))

    async def digest_later(self, user_id: int, due: float, until: float) -> None:
        """Send a digest that failed again at ``until`` (unless another process sent it)."""
        async with self._tx() as db:
            await db.execute("UPDATE person_clocks SET digest_due = ? WHERE user_id = ? AND digest_due = ?",
                             (until, user_id, due))
