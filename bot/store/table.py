"""What each table of the store stands on: the database and its short reads.

A table is a plain object built with what it uses (the database, and the tables whose rows it
writes in its own transactions); none inherits another, so each one's SQL is in one file.
"""

from __future__ import annotations

from typing import Any

from ..db import Database
from ..db.database import Row


class Table:
    """One table's (or one family of tables') reads and writes, on ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def _tx(self):  # noqa: ANN202 - an async context manager of a Tx
        return self.db.tx()

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        return await self.db.fetchrow(sql, params)

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return await self.db.fetch(sql, params)
