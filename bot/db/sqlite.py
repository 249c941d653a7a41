"""The embedded default: one aiosqlite connection per process, WAL mode.

Several processes may share the file (WAL and a busy timeout); every write transaction starts
with ``BEGIN IMMEDIATE`` and so holds the whole database, which makes row locks and named
locks unnecessary. The schema version lives in ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from .database import Conflict, Database, Params, Row, Tx


class _SqliteTx(Tx):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Params = ()) -> int:
        try:
            cur = await self._db.execute(sql, tuple(params))
        except sqlite3.IntegrityError as exc:
            if "UNIQUE" in str(exc):
                raise Conflict(str(exc)) from exc
            raise
        return cur.rowcount

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        try:
            async with self._db.execute(sql, tuple(params)) as cur:
                return list(await cur.fetchall())
        except sqlite3.IntegrityError as exc:  # an INSERT ... RETURNING
            if "UNIQUE" in str(exc):
                raise Conflict(str(exc)) from exc
            raise

    async def serialize(self, name: str) -> None:
        return None  # BEGIN IMMEDIATE holds the database already


class SqliteDatabase(Database):
    dialect = "sqlite"
    list_tables = ("SELECT name FROM sqlite_master WHERE type = 'table'"
                   " AND name NOT LIKE 'sqlite_%' ORDER BY name")

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDatabase:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
        except BaseException:
            await db.close()
            raise
        return cls(db, str(path))

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw connection, for tests and the bench that poke the file directly."""
        return self._db

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Tx]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteTx(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        async with self._lock:
            async with self._db.execute(sql, tuple(params)) as cur:
                return list(await cur.fetchall())

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])  # type: ignore[index]

    @asynccontextmanager
    async def migrating(self) -> AsyncIterator[None]:
        yield  # each file runs in BEGIN IMMEDIATE, and re-reads nothing it could race on

    async def apply_migration(self, sql: str, version: int) -> None:
        # executescript commits first; wrap the file and the version bump in one transaction.
        async with self._lock:
            try:
                await self._db.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {int(version)};\nCOMMIT;")
            except sqlite3.Error:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        await self._db.close()
