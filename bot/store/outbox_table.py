"""The outbox table: rows written in the transaction of each change (:meth:`OutboxTable.write`),
claimed and delivered by the delivery pipeline (:mod:`bot.delivery.pipeline`), marked done or
retried, and deleted a while after they were done (:meth:`OutboxTable.prune`)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from ..db import Tx
from ..db.database import Row
from .envelopes import Envelope, OutboxRow, dumps
from ..vocab import Delivered
from .table import Table

log = logging.getLogger(__name__)


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


class OutboxTable(Table):
    """``store.outbox``: what is to be said, and how its delivery went."""

    @staticmethod
    async def write(db: Tx, game_id: int | None, version: int | None,
                    items: Sequence[Envelope], now: float) -> bool:
        """Store envelopes inside the caller's transaction; True if one of them arms timers."""
        for item in items:
            await db.execute(
                "INSERT INTO outbox (key, game_id, version, guild_id, channel_id, user_id, kind, body,"
                " arms, created_at, next_try_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (item.key, game_id if item.of_game else None, version if item.of_game else None,
                 item.guild_id, item.channel_id, item.user_id, item.kind, dumps(item.body),
                 int(item.arms), now, now),
            )
        return any(item.arms for item in items)

    async def enqueue(self, items: Sequence[Envelope], *, now: float, game_id: int | None = None,
                      version: int | None = None) -> None:
        """Envelopes that go with no other write (a replay post, say)."""
        async with self._tx() as db:
            await self.write(db, game_id, version, items, now)

    _OUTBOX_COLUMNS = ("id, key, kind, game_id, version, guild_id, channel_id, user_id, body, arms,"
                       " attempts, created_at")

    @staticmethod
    def _outbox_row(r: Row) -> OutboxRow:
        row = OutboxRow(**{**dict(r), "arms": bool(r["arms"])})
        row.data()  # readable, or given up at the claim
        return row

    async def claimants(self) -> list[str]:
        """Who holds undelivered rows now (to release those of a process that died)."""
        rows = await self._all("SELECT DISTINCT claimed_by FROM outbox WHERE done_at IS NULL"
                               " AND claimed_by IS NOT NULL")
        return [r["claimed_by"] for r in rows]

    async def renew(self, row: OutboxRow, *, owner: str, now: float, lease: float) -> bool:
        """Extend our claim on ``row`` just before sending it; False if it is no longer ours."""
        async with self._tx() as db:
            changed = await db.execute(
                "UPDATE outbox SET claimed_until = ? WHERE id = ? AND claimed_by = ? AND done_at IS NULL",
                (now + lease, row.id, owner),
            )
            return changed == 1

    async def claim(self, *, owner: str, now: float, lease: float,
                    keys: Sequence[str] | None = None, limit: int = 50,
                    older_than: float | None = None) -> list[OutboxRow]:
        """Take undelivered rows for delivery, in the order they were written.

        With ``keys``: those rows (if nobody holds them). Without: rows that are due and not
        held, and that were tried before or written before ``older_than`` (a fresh row is
        its writer's to deliver, right after the write). A claim lasts ``lease`` seconds, so
        a deliverer that died lets go by itself.
        """
        fresh = now if older_than is None else older_than
        if keys is not None and not keys:
            return []
        # A row never overtakes an earlier undelivered row of its channel: with ``keys``, one
        # outside them; else one that is waiting for its retry or held by another deliverer.
        if keys is not None:
            marks = ",".join("?" * len(keys))
            where = f"key IN ({marks})"
            earlier = f"o.key NOT IN ({marks})"
            params: tuple[Any, ...] = (*keys, *keys)
        else:
            where = "next_try_at <= ? AND (attempts > 0 OR created_at <= ?)"
            earlier = ("(o.next_try_at > ? OR o.claimed_until >= ?"
                       " OR (o.attempts = 0 AND o.created_at > ?))")
            params = (now, fresh, now, now, fresh)
        async with self._tx() as db:
            # Claims run one at a time (a short lock), so two processes never split one
            # channel's rows between them and post them out of order.
            await db.serialize("outbox-claim")
            found = await db.fetch(
                f"SELECT {self._OUTBOX_COLUMNS} FROM outbox WHERE done_at IS NULL AND {where}"
                " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.channel_id = outbox.channel_id"
                f" AND o.done_at IS NULL AND o.id < outbox.id AND {earlier})"
                " AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id LIMIT ?"
                + self.db.skip_locked,
                (*params, now, limit),
            )
            rows = []
            for r in found:
                try:
                    rows.append(self._outbox_row(r))
                except (ValueError, TypeError) as exc:  # one damaged row must not stop the rest
                    log.warning("outbox row %s cannot be read and is given up: %s", r["id"], exc)
                    await db.execute("UPDATE outbox SET done_at = ?, outcome = 'failed', last_error = ?"
                                     " WHERE id = ?", (now, f"unreadable: {exc}"[:500], r["id"]))
                    continue
                await db.execute("UPDATE outbox SET claimed_until = ?, claimed_by = ? WHERE id = ?",
                                 (now + lease, owner, r["id"]))
        return rows

    async def done(self, row: OutboxRow, *, now: float, outcome: Delivered,
                   message_id: int | None = None, error: str | None = None) -> None:
        """Delivered (``sent``), delivered another way (``fallback``) or given up (``failed``).

        The row stays until it is pruned, after the retention; a row that arms timers starts
        the turn clocks now, in the same transaction.
        """
        async with self._tx() as db:
            await db.execute(
                "UPDATE outbox SET done_at = ?, outcome = ?, message_id = ?, last_error = ?,"
                " attempts = attempts + 1, claimed_until = NULL, claimed_by = NULL WHERE id = ?",
                (now, outcome, message_id, error, row.id),
            )
            if row.arms and row.game_id is not None and row.version is not None:
                await db.execute(
                    "UPDATE timers SET armed = 1, due_at = ? + COALESCE(delay, 0), turn_since = ?"
                    " WHERE game_id = ? AND armed = 0 AND since_version <= ?",
                    (now, now, row.game_id, row.version),
                )

    async def retry(self, row: OutboxRow, *, now: float, at: float, error: str,
                    count: bool = True) -> None:
        """A transient failure: let go of the row and try again at ``at`` (``count`` False:
        it was not tried, it waits for an earlier row of its channel)."""
        async with self._tx() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + ?, next_try_at = ?, last_error = ?,"
                " claimed_until = NULL, claimed_by = NULL WHERE id = ?",
                (int(count), at, error[:500], row.id),
            )

    async def release(self, owner: str) -> list[str]:
        """Let go of one deliverer's claims (a deliverer that died); the keys of its rows."""
        async with self._tx() as db:
            rows = await db.fetch("SELECT key FROM outbox WHERE done_at IS NULL AND claimed_by = ?"
                                  " ORDER BY id", (owner,))
            await db.execute(
                "UPDATE outbox SET claimed_until = NULL, claimed_by = NULL WHERE done_at IS NULL"
                " AND claimed_by = ?", (owner,),
            )
            return [r["key"] for r in rows]

    async def prune(self, *, before: float, limit: int = 500) -> int:
        """Delete up to ``limit`` rows delivered (or given up) before ``before``, oldest first;
        how many went. Small batches keep each transaction short beside the moves."""
        async with self._tx() as db:
            return await db.execute(
                "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE done_at IS NOT NULL"
                " AND done_at < ? ORDER BY done_at LIMIT ?)", (before, limit))

    async def rows(self, game_id: int | None = None, *, pending: bool = False) -> list[dict[str, Any]]:
        """Rows as stored (for tests, the console and `db` tools)."""
        sql = "SELECT * FROM outbox WHERE 1 = 1"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " AND game_id = ?"
            params = (game_id,)
        if pending:
            sql += " AND done_at IS NULL"
        rows = await self._all(sql + " ORDER BY id", params)
        return [{**dict(r), "body": _json_or_text(r["body"])} for r in rows]

    async def last_dm(self, game_id: int, user_id: int, *, before: int) -> tuple[str, int | None] | None:
        """How the latest finished DM of a game to a user, written before row ``before``, went:
        (outcome, message id), or None if there is none (a DM that edits it looks here)."""
        r = await self._one(
            "SELECT outcome, message_id FROM outbox WHERE game_id = ? AND kind = 'dm' AND user_id = ?"
            " AND id < ? AND done_at IS NOT NULL ORDER BY id DESC LIMIT 1",
            (game_id, user_id, before),
        )
        return None if r is None else (r["outcome"], r["message_id"])
