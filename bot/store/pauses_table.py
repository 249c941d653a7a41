"""The pauses table: paused games, pause votes, away players, held timers.

The timing contract (the chess clock and every other time-based feature rely on it):

* Everything time-based is a ``timers`` row (``due_at``, ``turn_since``, ``armed``/``delay``).
* A timer row is *held* while its game is paused or its player's user is away (:data:`HELD`).
  Held rows never fire (:meth:`TimersTable.claim` skips them) and are not waited for
  (:meth:`TimersTable.next_due`).
* When a hold ends (resume, return), :meth:`PausesTable.shift` moves each row that is
  no longer held forward by the time it was held: ``due_at`` and ``turn_since`` alike, so
  ``due_at - turn_since`` (a wait, a deadline, a bank) is what it was and the time a player has
  used stays what it was when the hold began. ``held_at`` marks when a row's hold began; a row
  written during a hold (a new turn while paused) has none and counts from its ``turn_since``.
  Holds that overlap (a pause while away) count once.

No ``discord`` and no game logic here: the service decides, this module writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..db import Database, Tx
from .envelopes import Envelope
from .outbox_table import OutboxTable
from .table import Table

#: SQL: the ``timers`` row is held at ``?`` (now): its game is paused, or the user in its seat
#: is away and the row's hold has begun (an away that starts in the player's own turn holds
#: that turn's rows only from :data:`AWAY_GRACE` later, their ``held_at``).
HELD = ("(EXISTS (SELECT 1 FROM games hg WHERE hg.id = timers.game_id AND hg.paused_at IS NOT NULL)"
        " OR (EXISTS (SELECT 1 FROM seats hs JOIN away ha ON ha.user_id = hs.user_id"
        " WHERE hs.game_id = timers.game_id AND hs.player_id = timers.player_id)"
        " AND NOT (timers.held_at IS NOT NULL AND timers.held_at > ?)))")
#: Seconds an away that starts in the player's own turn lets that turn's clock run on: going
#: away is no free pause of one's own clock (a pause needs every player to agree).
AWAY_GRACE = 3600.0
#: Seconds an away may last in any :data:`AWAY_WINDOW`, unless the server sets its own.
AWAY_ALLOWANCE = 30 * 86400.0
AWAY_WINDOW = 365 * 86400.0
#: SQL: the ``timers`` row belongs to a seat of user ``?`` (given twice: the first finds the
#: games of their seats through ``seats_by_user``, so no timer of anyone else is read).
_OF_USER = ("timers.game_id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            " AND EXISTS (SELECT 1 FROM seats us WHERE us.game_id = timers.game_id"
            " AND us.player_id = timers.player_id AND us.user_id = ?)")
#: SQL: when a held row's hold began (a row written during the hold: its turn's start).
HOLD_START = ("(CASE WHEN held_at IS NOT NULL AND held_at > turn_since THEN held_at"
               " ELSE turn_since END)")


class Undo(Exception):
    """Raised inside a transaction to roll it back (the change is no longer possible)."""


class OverAllowance(Exception):
    """An away would use more than its person's allowance; ``left``: seconds still free."""

    def __init__(self, left: float) -> None:
        super().__init__(f"{left:.0f} s of away left")
        self.left = left


class PausesTable(Table):
    """``store.pauses``: pauses, their votes, and aways; a pause or a return writes what it
    says into the ``outbox`` in its own transaction."""

    def __init__(self, db: Database, outbox: OutboxTable) -> None:
        super().__init__(db)
        self.outbox = outbox

    # ----- the shift ------------------------------------------------------------------------

    @staticmethod
    async def hold(db: Tx, scope: str, params: tuple[Any, ...], *, now: float,
                   begins: float | None = None) -> None:
        """Mark the rows in ``scope`` that a new hold stops (call before writing the hold):
        those not held yet remember that their hold begins ``now`` (or later, at ``begins``)."""
        await db.execute(f"UPDATE timers SET held_at = ? WHERE {scope} AND NOT {HELD}",
                         (now if begins is None else begins, *params, now))

    @staticmethod
    async def shift(db: Tx, scope: str, params: tuple[Any, ...], *, at: float) -> int:
        """THE shift: after a hold ended at ``at`` (call after removing the hold, in its
        transaction), every armed row in ``scope`` that nothing holds any more moves forward by
        the time it was held, ``at`` minus when its hold began: ``due_at`` and ``turn_since``
        by the same amount, so a timer is due as long after ``at`` as it was after the hold
        began. Unarmed rows are armed from their delivery anyway. Returns how many rows moved.
        """
        shift = f"(CASE WHEN ? > {HOLD_START} THEN ? - {HOLD_START} ELSE 0 END)"
        moved = await db.execute(
            f"UPDATE timers SET due_at = due_at + {shift}, turn_since = turn_since + {shift},"
            f" held_at = NULL WHERE {scope} AND armed = 1 AND NOT {HELD}",
            (at, at, at, at, *params, at))
        await db.execute(f"UPDATE timers SET held_at = NULL WHERE {scope} AND armed = 0"
                         f" AND NOT {HELD}", (*params, at))
        return moved

    # ----- pause ----------------------------------------------------------------------------

    async def pause(self, game_id: int, version: int, *, by: int, reason: str | None,
                    now: float, outbox: Sequence[Envelope] = ()) -> bool:
        """Pause a running game that is not paused and still at ``version`` (no version bump:
        the board's buttons stay valid for after the pause). False if that is no longer so."""
        try:
            await self._pause(game_id, version, by=by, reason=reason, now=now, outbox=outbox)
        except Undo:
            return False
        return True

    async def _pause(self, game_id: int, version: int, *, by: int, reason: str | None,
                     now: float, outbox: Sequence[Envelope]) -> None:
        async with self._tx() as db:
            await self.hold(db, "game_id = ?", (game_id,), now=now)
            changed = await db.execute(
                "UPDATE games SET paused_at = ?, paused_by = ?, pause_reason = ?"
                " WHERE id = ? AND version = ? AND status = 'running' AND paused_at IS NULL",
                (now, by, reason, game_id, version))
            if changed != 1:
                raise Undo
            await db.execute("DELETE FROM pause_votes WHERE game_id = ?", (game_id,))
            await self.outbox.write(db, game_id, None, outbox, now)

    async def resume(self, game_id: int, version: int, *, now: float,
                     outbox: Sequence[Envelope] = ()) -> bool:
        """Resume a paused game (still at ``version``) and shift its timers by the pause."""
        try:
            async with self._tx() as db:
                await self._resume(db, game_id, version, now=now, outbox=outbox)
        except Undo:
            return False
        return True

    async def _resume(self, db: Tx, game_id: int, version: int, *, now: float,
                      outbox: Sequence[Envelope]) -> None:
        changed = await db.execute(
            "UPDATE games SET paused_at = NULL, paused_by = NULL, pause_reason = NULL"
            " WHERE id = ? AND version = ? AND paused_at IS NOT NULL", (game_id, version))
        if changed != 1:
            raise Undo
        await self.shift(db, "game_id = ?", (game_id,), at=now)
        await db.execute("DELETE FROM pause_votes WHERE game_id = ?", (game_id,))
        await self.outbox.write(db, game_id, None, outbox, now)

    async def vote(self, game_id: int, user_id: int, *, action: str, reason: str | None,
                   now: float, outbox: Sequence[Envelope] = ()) -> list[int]:
        """Record that ``user_id`` agrees to ``action`` (votes for the other action go); returns
        everyone who agrees to it now."""
        async with self._tx() as db:
            await db.execute("DELETE FROM pause_votes WHERE game_id = ? AND action <> ?",
                             (game_id, action))
            await db.execute(
                "INSERT INTO pause_votes (game_id, user_id, action, reason, voted_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET"
                " action = excluded.action", (game_id, user_id, action, reason, now))
            await self.outbox.write(db, game_id, None, outbox, now)
            rows = await db.fetch("SELECT user_id FROM pause_votes WHERE game_id = ? AND action = ?"
                                  " ORDER BY voted_at, user_id", (game_id, action))
        return [r["user_id"] for r in rows]

    async def votes(self, game_id: int, action: str) -> list[tuple[int, str | None]]:
        """(user, reason) of everyone who agrees to ``action``, the one who asked first."""
        rows = await self._all("SELECT user_id, reason FROM pause_votes WHERE game_id = ?"
                               " AND action = ? ORDER BY voted_at, user_id", (game_id, action))
        return [(r["user_id"], r["reason"]) for r in rows]

    # ----- away -----------------------------------------------------------------------------

    async def away(self, user_id: int) -> tuple[float, float] | None:
        """(since, until) while ``user_id`` is away, else None."""
        row = await self._one("SELECT since, until FROM away WHERE user_id = ?", (user_id,))
        return None if row is None else (row["since"], row["until"])

    async def set_away(self, user_id: int, *, until: float, now: float, allowance: float,
                       outbox: Sequence[tuple[int, Sequence[Envelope]]] = ()) -> bool:
        """``user_id`` is away until then (a new date for one already away), booked against
        their ``allowance`` (seconds in any :data:`AWAY_WINDOW`); ``outbox``: (game id, what to
        post there). The turns they are in now are held only from :data:`AWAY_GRACE` on.
        Returns whether they were away already; :class:`OverAllowance` when the time is not
        left (nothing is written)."""
        async with self._tx() as db:
            row = await db.fetchrow("SELECT until FROM away WHERE user_id = ?" + self.db.lock_rows,
                                    (user_id,))
            start = now if row is None else max(now, row["until"])
            if until > start:
                used = await self._booked(db, user_id, now)
                if used + (until - start) > allowance + 1:  # a second's slack for rounding
                    raise OverAllowance(max(0.0, allowance - used))
                await db.execute("INSERT INTO away_spans (user_id, start_at, end_at) VALUES (?, ?, ?)",
                                 (user_id, start, until))
            if row is not None:
                await db.execute("UPDATE away SET until = ? WHERE user_id = ?", (until, user_id))
            else:
                await self.hold(db, _OF_USER, (user_id, user_id), now=now, begins=now + AWAY_GRACE)
                await db.execute("INSERT INTO away (user_id, since, until) VALUES (?, ?, ?)",
                                 (user_id, now, until))
            for game_id, items in outbox:
                await self.outbox.write(db, game_id, None, items, now)
        return row is not None

    async def booked(self, user_id: int, now: float) -> float:
        """Seconds of away ``user_id`` has booked in the :data:`AWAY_WINDOW` up to ``now``
        and after it (an away ended early counts whole)."""
        async with self._tx() as db:
            return await self._booked(db, user_id, now)

    @staticmethod
    async def _booked(db: Tx, user_id: int, now: float) -> float:
        since = now - AWAY_WINDOW
        used = await db.fetchval(
            "SELECT SUM(end_at - CASE WHEN start_at > ? THEN start_at ELSE ? END) FROM away_spans"
            " WHERE user_id = ? AND end_at > ?", (since, since, user_id, since))
        return float(used or 0.0)

    async def end_away(self, user_id: int, *, at: float, now: float, until: float | None = None,
                       outbox: Sequence[tuple[int, Sequence[Envelope]]] = ()) -> bool:
        """``user_id`` is back (since ``at``): their timers in every game shift by the time away.
        With ``until``: only if the away still ends then (a date that passed, not an away that
        was just extended). False if they were not away (or another process ended it)."""
        sql = "DELETE FROM away WHERE user_id = ?"
        params: tuple[Any, ...] = (user_id,)
        if until is not None:
            sql, params = sql + " AND until = ?", (user_id, until)
        try:
            async with self._tx() as db:
                if await db.execute(sql, params) != 1:
                    raise Undo
                await self.shift(db, _OF_USER, (user_id, user_id), at=at)
                for game_id, items in outbox:
                    await self.outbox.write(db, game_id, None, items, now)
        except Undo:
            return False
        return True

    async def returns_due(self, now: float) -> list[tuple[int, float, float]]:
        """(user, since, until) of aways whose date has come."""
        rows = await self._all("SELECT user_id, since, until FROM away WHERE until <= ?"
                               " ORDER BY until, user_id", (now,))
        return [(r["user_id"], r["since"], r["until"]) for r in rows]

    async def next_return(self) -> float | None:
        row = await self._one("SELECT MIN(until) AS due FROM away")
        return row["due"] if row and row["due"] is not None else None

    async def away_users(self, user_ids: Sequence[int]) -> dict[int, float]:
        """Who of ``user_ids`` is away: user -> until."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._all(f"SELECT user_id, until FROM away WHERE user_id IN ({marks})",
                               tuple(user_ids))
        return {r["user_id"]: r["until"] for r in rows}
