"""Persistence: one database, and a table object per family of tables.

One :class:`Store`, two backends (:mod:`bot.db`): an SQLite file (the embedded default) or
PostgreSQL, with numbered migrations for each in ``bot/migrations``. The SQL is written once for
both, next to the table it reads:

* ``store.games`` (:mod:`.games_table`): games, seats, the move log, finished games;
* ``store.outbox`` (:mod:`.outbox_table`): what is to be posted, claimed and marked done;
* ``store.timers`` (:mod:`.timers_table`): reminders, deadlines, chess clocks;
* ``store.pauses`` (:mod:`.pauses_table`): pauses, their votes, aways, and the held timers;
* ``store.settings`` (:mod:`.settings_table`): server and chat settings, notice preferences;
* ``store.ratings`` (:mod:`.ratings_table`): Elo ratings and each server's records, kept as
  games finish;
* ``store.turns`` (:mod:`.turns_table`): whose turn it is, seat by seat, across every server;
* ``store.quiet`` (:mod:`.quiet_table`): each person's time zone and quiet hours, and the
  notices those hold back;
* ``store.meta`` (:mod:`.meta_table`): leases between processes, and meta rows.

A change that touches several tables is one transaction: the games table writes the outbox
rows and plans the timers inside its own (the tables it writes are given to it when it is
built). Work that no gateway event starts (outbox rows, timers, bot turns) is claimed with a
lease, so several processes do each piece once.
"""

from __future__ import annotations

from pathlib import Path

from .. import db as dbs
from ..db import Database
from ..db.database import StoreError
from .games_table import GamesTable
from .meta_table import MetaTable
from .outbox_table import OutboxTable
from .pauses_table import AWAY_ALLOWANCE, AWAY_GRACE, AWAY_WINDOW, OverAllowance, PausesTable
from .ratings_table import RatingsTable
from .reviews_table import ReviewRow, ReviewsTable
from .rows import (ACTIVE, SETTING_COLUMNS, ChannelBusy, ForcedRow, GameRow, GuildSettings,
                   MoveRow, SeatRow, StaleGame, TimerPlan, TimerRow, bank_left)
from .settings_table import SettingsTable
from .timers_table import TimersTable
from .turns_table import InPlay, OtherSeat, TurnsTable
from .quiet_table import Held, QuietTable

__all__ = ["ACTIVE", "AWAY_ALLOWANCE", "AWAY_GRACE", "AWAY_WINDOW", "ChannelBusy", "ForcedRow",
           "GameRow", "GuildSettings", "Held", "InPlay", "MoveRow", "OtherSeat", "OverAllowance", "ReviewRow",
           "SETTING_COLUMNS", "SeatRow", "StaleGame", "Store", "TimerPlan", "TimerRow", "bank_left", "migrations"]


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(schema version reached, name, sql) of every migration file of ``dialect``, in order."""
    try:
        return [(m.last, m.name, m.sql) for m in dbs.migrations(dialect)]
    except dbs.DatabaseError as exc:
        raise StoreError(str(exc)) from None


#: The meta row (written by migration 0018) that says the kept ratings are still to be filled
#: from the finished games.
RATINGS_STALE = "ratings:stale"


class Store:
    """The bot's database and its tables. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, db: Database) -> None:
        self.use(db)

    def use(self, db: Database) -> None:
        """Read and write through ``db`` from now on, in every table (the benchmark wraps the
        database to count statements)."""
        self.db = db
        self.outbox = OutboxTable(db)
        self.pauses = PausesTable(db, self.outbox)
        self.timers = TimersTable(db, self.outbox, self.pauses)
        self.ratings = RatingsTable(db)
        self.games = GamesTable(db, self.outbox, self.timers, self.ratings)
        self.settings = SettingsTable(db)
        self.turns = TurnsTable(db)
        self.quiet = QuietTable(db, self.outbox)
        self.meta = MetaTable(db)
        self.reviews = ReviewsTable(db)

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """Open (and migrate) an SQLite file or a ``sqlite://`` / ``postgresql://`` URL."""
        db = await dbs.open_database(target)
        store = cls(db)
        try:
            await dbs.migrate(db)
            if await store.meta.get(RATINGS_STALE) is not None:  # new tables: filled once
                await store.ratings.rebuild_if_marked(RATINGS_STALE)
        except BaseException:
            await db.close()
            raise
        return store

    @property
    def dialect(self) -> str:
        return self.db.dialect

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()
