"""Where the bot's tables live: an SQLite file (the embedded default) or PostgreSQL.

``DATABASE_URL`` picks the backend: ``sqlite:///relative/path``, ``sqlite:////absolute/path``
or ``postgresql://user:password@host:port/dbname``. The Store's SQL is written once; the
drivers here adapt the few places where the dialects differ (see :mod:`bot.db.database`).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from .database import (Conflict, Database, DatabaseError, Migration, SchemaTooNew, StoreError, Tx, migrate,
                   migrations, newest)

__all__ = ["Conflict", "Database", "DatabaseError", "Migration", "SchemaTooNew", "StoreError", "Tx",
           "migrate", "migrations", "newest", "open_database", "sqlite_path", "describe", "is_postgres"]

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres(url: str) -> bool:
    return urlsplit(str(url)).scheme in POSTGRES_SCHEMES


def sqlite_path(url: str | Path) -> str:
    """The file of a ``sqlite://`` URL (a bare path is taken as a file too)."""
    text = str(url)
    if not text.startswith("sqlite:"):
        if "://" in text:
            raise DatabaseError(f"DATABASE_URL must start with sqlite:// or postgresql:// "
                                f"(got a '{urlsplit(text).scheme}' URL)")
        return text
    rest = text[len("sqlite:"):]
    if rest in ("", "//", "///", "///:memory:", ":memory:"):
        return ":memory:" if "memory" in rest else _missing()
    if not rest.startswith("///"):
        raise DatabaseError("an SQLite DATABASE_URL looks like sqlite:///data/tidepool.sqlite3 "
                            "(relative) or sqlite:////srv/tidepool.sqlite3 (absolute)")
    return unquote(rest[3:])


def _missing() -> str:
    raise DatabaseError("the SQLite DATABASE_URL names no file: sqlite:///data/tidepool.sqlite3")


def describe(url: str | Path) -> str:
    """The URL without its password, for logs."""
    text = str(url)
    parts = urlsplit(text)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return parts._replace(netloc=netloc).geturl()
    return text


async def open_database(url: str | Path) -> Database:
    """Connect (no migrations: the Store runs them)."""
    if is_postgres(str(url)):
        from .postgres import PostgresDatabase

        return await PostgresDatabase.open(str(url))
    from .sqlite import SqliteDatabase

    return await SqliteDatabase.open(sqlite_path(url))
