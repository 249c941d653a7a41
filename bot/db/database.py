"""What the Store needs from a database, and nothing more.

Both backends speak the Store's SQL with ``?`` placeholders; each driver adapts it (asyncpg
wants ``$1``). Rows come back as mappings (``row["column"]``, ``dict(row)``) and as tuples
(``row[0]``). Where the dialects differ, the driver says how (:attr:`Database.lock_rows` and
friends), so the Store keeps one copy of each query.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol


class Row(Protocol):
    """A result row, read by column name and by position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...


Params = Sequence[Any]


class StoreError(Exception):
    """Base class of the store's own errors (:mod:`bot.store` raises the others)."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot than this one."""


class DatabaseError(Exception):
    """The database could not be opened or migrated (the message says what to do)."""


class Conflict(Exception):
    """A unique constraint refused a write; ``text`` names the constraint or its columns."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def about(self, *names: str) -> bool:
        return any(name in self.text for name in names)


class Tx(ABC):
    """One transaction: everything through it commits together or not at all."""

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run a statement; the number of rows it changed."""

    @abstractmethod
    async def fetch(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Params = ()) -> Any:
        row = await self.fetchrow(sql, params)
        return None if row is None else row[0]

    @abstractmethod
    async def serialize(self, name: str) -> None:
        """Hold a lock named ``name`` until this transaction ends (SQLite: every write
        transaction holds the whole database already)."""


class Database(ABC):
    """A connection (SQLite) or a pool (PostgreSQL) the Store runs its SQL on."""

    #: "sqlite" or "postgres": picks the migration files and the few dialect differences.
    dialect: str
    #: Appended to a SELECT inside a transaction that is about to change the rows it reads.
    lock_rows: str = ""
    #: The same, for work queues: rows another process holds are passed over, not waited for.
    skip_locked: str = ""
    #: Lists the Store's tables (one column, sorted by name).
    list_tables: str

    @abstractmethod
    def tx(self) -> AbstractAsyncContextManager[Tx]: ...

    @abstractmethod
    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        """A read outside any transaction."""

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def apply_migration(self, sql: str, version: int) -> None:
        """Run one migration file and record ``version``, in one transaction."""

    @abstractmethod
    def migrating(self) -> AbstractAsyncContextManager[None]:
        """Held while migrations run, so processes starting together migrate once."""

    @abstractmethod
    async def close(self) -> None: ...

    async def tables(self) -> list[str]:
        """The Store's tables that exist (for ``db copy``)."""
        return [r[0] for r in await self.fetch(self.list_tables)]


@dataclass(frozen=True)
class Migration:
    """One file: it brings the schema from ``first - 1`` to ``last`` (usually first == last;
    PostgreSQL's first file creates in one step what SQLite grew over several)."""

    first: int
    last: int
    name: str
    sql: str


_FILE = re.compile(r"(\d{4})(?:-(\d{4}))?_(\w+)\.sql")


def migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migration files of ``dialect`` in order: ``bot/migrations/<dialect>/`` first,
    then the shared ``bot/migrations/`` for numbers the dialects write alike."""
    root = resources.files("bot.migrations")
    found: dict[int, Migration] = {}
    for folder in (root / dialect, root):
        here: dict[int, str] = {}
        for entry in folder.iterdir():
            match = _FILE.fullmatch(entry.name)
            if match and int(match[1]) in here:  # two branches took the same number
                raise DatabaseError(f"two {dialect} migrations are numbered {match[1]}: "
                                    f"{here[int(match[1])]} and {entry.name}")
            if match:
                here[int(match[1])] = entry.name
            if match and int(match[1]) not in found:
                first = int(match[1])
                last = int(match[2] or first)
                found[first] = Migration(first, last, match[3], entry.read_text(encoding="utf-8"))
    ordered = [found[n] for n in sorted(found)]
    expected = 1
    for m in ordered:
        if m.first != expected or m.last < m.first:
            raise DatabaseError(f"{dialect} migrations must cover 0001, 0002, ... without gaps "
                                f"or overlaps: {[(m.first, m.last) for m in ordered]}")
        expected = m.last + 1
    return ordered


def newest(dialect: str = "sqlite") -> int:
    known = migrations(dialect)
    return known[-1].last if known else 0


async def migrate(db: Database) -> None:
    """Bring ``db`` to the newest schema; refuse one newer than this code knows."""
    known = migrations(db.dialect)
    top = known[-1].last if known else 0
    async with db.migrating():
        current = await db.schema_version()
        if current > top:
            # Tables this code does not know may hold rules it would break: refuse, touch nothing.

            raise SchemaTooNew(
                f"The database is at schema version {current}, but this version of the bot only "
                f"knows schema versions up to {top}: run the newer bot that wrote it, or "
                f"restore a backup taken before the upgrade.")
        for m in known:
            if m.last <= current:
                continue
            if m.first <= current:
                raise DatabaseError(
                    f"The database is at schema version {current}, inside the {db.dialect} "
                    f"migration {m.first:04d}-{m.last:04d}; it was not made by this bot.")
            await db.apply_migration(m.sql, m.last)
