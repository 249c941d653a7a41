"""The leases and meta tables: which process holds a piece of work, and the bot's own notes
(a key and a value, such as when it last looked at the timers)."""

from __future__ import annotations

from ..db import Tx
from .table import Table


class MetaTable(Table):
    """``store.meta``: leases between processes, and the meta key-value rows."""

    async def lease(self, name: str, *, owner: str, now: float, ttl: float) -> bool:
        """Hold ``name`` for ``ttl`` seconds (or extend our hold); False while another live
        holder has it. How several processes agree who does a piece of work (a bot's turn)."""
        async with self._tx() as db:
            taken = await db.execute(
                "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until = excluded.until"
                " WHERE leases.until < ? OR leases.owner = excluded.owner",
                (name, owner, now + ttl, now),
            )
        return taken == 1

    async def release(self, name: str, *, owner: str) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))

    async def get(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def keep(self, key: str, value: str) -> str:
        """The stored value of ``key``; ``value`` is stored first if there is none. Several
        processes asking at once all get the one that was stored first."""
        async with self._tx() as db:
            await db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                             (key, value))
        stored = await self.get(key)
        assert stored is not None, "a meta row is never deleted while it is kept"
        return stored

    async def set(self, key: str, value: str) -> None:
        async with self._tx() as db:
            await self.put(db, key, value)

    @staticmethod
    async def put(db: Tx, key: str, value: str) -> None:
        """:meth:`set`, inside a transaction of the caller's (with what the value stands for)."""
        await db.execute("INSERT INTO meta (key, value) VALUES (?, ?)"
                         " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    async def forget(self, key: str) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM meta WHERE key = ?", (key,))
