"""PostgreSQL through asyncpg: a connection pool shared by every task of the process.

Several bot processes may use one database. Transactions run at READ COMMITTED: the Store's
version check (``UPDATE ... WHERE version = ?``) waits for a racing writer and then sees its
new version, so exactly one of them wins. Named locks are transaction-scoped advisory locks.
The schema version lives in the table ``tidepool_schema``; migrations run under an advisory
lock, so processes that start together migrate once.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from .database import Conflict, Database, DatabaseError, Params, Row, Tx

MIGRATION_LOCK = "tidepool:migrate"


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1, $2, ...`` (quoted text is left alone)."""
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for ``name``."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's status line ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTx(Tx):
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        import asyncpg

        try:
            return _changed(await self._conn.execute(numbered(sql), *params))
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(f"{exc.constraint_name}: {exc}") from exc

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        import asyncpg

        try:
            return list(await self._conn.fetch(numbered(sql), *params))
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(f"{exc.constraint_name}: {exc}") from exc

    async def serialize(self, name: str) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", lock_key(name))


async def _hand_back(conn: Any) -> None:
    """The pool's reset: nothing to undo, so no round trip.

    asyncpg's default sends ``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``
    each time a connection goes back to the pool, i.e. after every transaction and every read:
    a round trip and four statements, 5 to 6 times per service move (``python -m tools.bench
    --database auto`` counts them). The Store sets no session
    settings, opens no cursors and listens to nothing; asyncpg itself still rolls back a
    transaction left open; the one session-level lock (migrations) is let go of in
    :meth:`PostgresDatabase.migrating`, or its connection closed.
    """


class PostgresDatabase(Database):
    dialect = "postgres"
    lock_rows = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    list_tables = ("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                   " AND tablename <> 'tidepool_schema' ORDER BY tablename")

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.url = url

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresDatabase:
        try:
            import asyncpg
        except ImportError:  # pragma: no cover - asyncpg is a dependency
            raise DatabaseError("DATABASE_URL names PostgreSQL, but asyncpg is not installed: "
                                "pip install asyncpg") from None
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                             command_timeout=60, reset=_hand_back)
        except (OSError, asyncpg.PostgresError) as exc:
            # The URL may hold a password: name the problem, not the URL.
            raise DatabaseError(f"could not connect to PostgreSQL ({type(exc).__name__}: "
                                f"{_without_secrets(str(exc), url)})") from None
        return cls(pool, url)

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn:
            async with conn.transaction():
                yield _PostgresTx(conn)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._pool.fetch(numbered(sql), *params))

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            await conn.execute("CREATE TABLE IF NOT EXISTS tidepool_schema (version INTEGER NOT NULL)")
            value = await conn.fetchval("SELECT max(version) FROM tidepool_schema")
        return int(value or 0)

    @asynccontextmanager
    async def migrating(self) -> AsyncIterator[None]:
        async with self._pool.acquire() as conn:
            held = True  # until the unlock has surely run
            try:
                await conn.execute("SELECT pg_advisory_lock($1)", lock_key(MIGRATION_LOCK))
                try:
                    yield
                finally:
                    await conn.execute("SELECT pg_advisory_unlock($1)", lock_key(MIGRATION_LOCK))
                    held = False
            finally:
                if held:  # the pool resets nothing: never hand back a connection holding it
                    conn.terminate()

    async def apply_migration(self, sql: str, version: int) -> None:
        async with self._pool.acquire() as conn:
            async with conn.transaction():
                await conn.execute(sql)
                await conn.execute("DELETE FROM tidepool_schema")
                await conn.execute("INSERT INTO tidepool_schema (version) VALUES ($1)", version)

    async def close(self) -> None:
        await self._pool.close()


def _without_secrets(text: str, url: str) -> str:
    from urllib.parse import urlsplit

    password = urlsplit(url).password
    return text.replace(password, "***") if password else text
