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
           "migrate", "migrations", "newest", "open_database", "sqlite_path", "describe", "is_postgres",
           "postgres_problem"]

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres(url: str) -> bool:
    return str(url).partition("://")[0].lower() in POSTGRES_SCHEMES


def postgres_problem(url: str) -> str | None:
    """What is wrong with the host or port of a ``postgresql://`` URL, in one sentence that
    does not repeat the URL (it may carry a password); None when nothing is."""
    try:
        parts = urlsplit(str(url))
    except ValueError:  # urllib: "Invalid IPv6 URL"
        return "DATABASE_URL has a [ without its ] in the host: write an IPv6 host as [::1]"
    try:
        for netloc in parts.netloc.rpartition("@")[2].split(","):  # several hosts: h1:5432,h2
            port = urlsplit(f"//{netloc}").port
            if port == 0:
                raise ValueError
    except ValueError:
        return "DATABASE_URL's port must be a number from 1 to 65535, as in postgresql://user@host:5432/db"
    return None


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

        problem = postgres_problem(str(url))
        if problem is not None:
            raise DatabaseError(problem)

        return await PostgresDatabase.open(str(url))
    from .sqlite import SqliteDatabase

    return await SqliteDatabase.open(sqlite_path(url))
