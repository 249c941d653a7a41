"""``python -m bot db copy SRC DST``: move every row of the bot's tables between two databases.

Made for switching an installation from its SQLite file to PostgreSQL (or back): both ends are
opened as a Store (so both are migrated to the newest schema), the target must be empty, and
the rows go across in one transaction on the target with their ids. Afterwards the copy is
checked: row counts per table on both sides, and every running or finished game on the target
is replayed from its seed, options and move log, which must give exactly the stored position.
A failed check is reported per game; the copy stays, so it can be looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..vocab import PLAYED
from ..db import Database, DatabaseError, Tx, describe, is_postgres, sqlite_path

#: The Store's tables, parents before the tables that point at them, with their primary keys.
TABLES: dict[str, tuple[str, ...]] = {
    "games": ("id",),
    "seats": ("game_id", "position"),
    "moves": ("game_id", "n"),
    "timers": ("id",),
    "outbox": ("id",),
    "guild_settings": ("guild_id",),
    "channel_settings": ("channel_id",),
    "meta": ("key",),
    "leases": ("name",),
    "pause_votes": ("game_id", "user_id"),
    "away": ("user_id",),
    "ratings": ("scope", "game", "user_id"),
    "records": ("guild_id", "game", "user_id"),
    "team_records": ("guild_id", "game", "team"),
    "notify_prefs": ("user_id",),
    "away_spans": ("user_id", "start_at", "end_at"),
    "person_clocks": ("user_id",),
    "held_notices": ("user_id", "game_id", "kind"),
}
#: Tables whose ``id`` PostgreSQL generates: their sequences must start past the copied ids.
IDENTITY = ("games", "timers", "outbox")
#: Game statuses whose stored position the copy replays and compares.
REPLAYED = PLAYED
#: Rows per read and per INSERT; the bound parameters stay under both servers' limits
#: (SQLite 32766, PostgreSQL 32767).
MAX_PARAMS = 30000
MAX_ROWS = 500


class CopyRefused(Exception):
    """The copy did not happen (the message is one sentence saying why); nothing was changed."""


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)  # copied, per table
    replayed: int = 0  # games whose position was replayed and matched
    unchecked: list[str] = field(default_factory=list)  # games the check could not load
    problems: list[str] = field(default_factory=list)  # failed checks, one line each

    @property
    def ok(self) -> bool:
        return not self.problems


async def columns(db: Database, table: str) -> list[str]:
    """The table's columns in the order this database has them (it differs between dialects)."""
    if db.dialect == "postgres":
        rows = await db.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = ? ORDER BY ordinal_position", (table,))
        return [r["column_name"] for r in rows]
    rows = await db.fetch(f"SELECT name FROM pragma_table_info('{table}') ORDER BY cid")
    return [r["name"] for r in rows]


async def counts(db: Database) -> dict[str, int]:
    return {t: int((await db.fetch(f"SELECT COUNT(*) FROM {t}"))[0][0]) for t in TABLES}


def _same_place(src: str, dst: str) -> bool:
    if is_postgres(src) or is_postgres(dst):
        return src == dst
    try:
        return Path(sqlite_path(src)).resolve() == Path(sqlite_path(dst)).resolve()
    except DatabaseError:
        return False


async def copy_database(src_url: str, dst_url: str,
                        progress: Callable[[str], None] = lambda line: None) -> CopyReport:
    """Copy, then check; raises CopyRefused (nothing changed) or returns what the checks found."""
    from ..store import Store

    if _same_place(str(src_url), str(dst_url)):
        raise CopyRefused("The source and the target are the same database.")
    src = await Store.open(src_url)
    try:
        dst = await Store.open(dst_url)
        try:
            progress(f"Copying {describe(src_url)} -> {describe(dst_url)} ...")
            report = await _copy(src, dst)
            progress("Checking the copy ...")
            await _check(src, dst, report)
            return report
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Any, dst: Any) -> CopyReport:
    mine, theirs = await src.schema_version(), await dst.schema_version()
    if mine != theirs:
        raise CopyRefused(f"The source is at schema version {mine} and the target at {theirs}, "
                          f"so their tables do not match; nothing was changed.")
    layout: dict[str, list[str]] = {}
    for table in TABLES:
        here, there = await columns(src.db, table), await columns(dst.db, table)
        if not here or set(here) != set(there):
            raise CopyRefused(f"The table {table} has different columns in the source and the "
                              f"target; nothing was changed.")
        layout[table] = here
    report = CopyReport()
    # The source is read in one transaction too: a consistent picture even if something writes.
    async with src.db.tx() as reader, dst.db.tx() as writer:
        if src.dialect == "postgres":
            await reader.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        held = {t: int(await writer.fetchval(f"SELECT COUNT(*) FROM {t}")) for t in TABLES}
        if any(held.values()):
            rows = ", ".join(f"{t}: {n}" for t, n in held.items() if n)
            raise CopyRefused(f"The target database is not empty ({rows} rows); db copy only "
                              f"fills an empty database, so nothing was changed.")
        for table in TABLES:
            report.rows[table] = await _copy_table(reader, writer, table, layout[table])
        if dst.dialect == "postgres":
            for table in IDENTITY:
                # The next generated id comes after the largest copied one (1 on an empty table).
                await writer.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table}")
    return report


async def _copy_table(reader: Tx, writer: Tx, table: str, names: Sequence[str]) -> int:
    """Page through the source in key order (memory stays flat however big the outbox grew)
    and write many rows per statement (a round trip per row is slow on a remote server)."""
    keys = TABLES[table]
    per = max(1, min(MAX_ROWS, MAX_PARAMS // len(names)))
    select = f"SELECT {', '.join(names)} FROM {table}"
    order = f" ORDER BY {', '.join(keys)} LIMIT {per}"
    after_key = f" WHERE ({', '.join(keys)}) > ({', '.join('?' * len(keys))})"
    one = "(" + ", ".join("?" * len(names)) + ")"
    copied = 0
    last: tuple[Any, ...] | None = None
    while True:
        rows = await reader.fetch(select + (after_key if last else "") + order, last or ())
        if not rows:
            return copied
        try:
            await writer.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                                 + ", ".join([one] * len(rows)),
                                 [r[c] for r in rows for c in names])
        except Exception as exc:  # a value the target's column refuses: roll back, say where
            raise CopyRefused(f"The target refused rows of the table {table} "
                              f"({type(exc).__name__}: {exc}); nothing was changed.") from exc
        copied += len(rows)
        last = tuple(rows[-1][k] for k in keys)


async def _check(src: Any, dst: Any, report: CopyReport) -> None:
    import games

    from ..replay import replay_moves

    before, after = await counts(src.db), await counts(dst.db)
    for table in TABLES:
        if before[table] != after[table]:
            report.problems.append(f"table {table}: {before[table]} rows in the source, "
                                   f"{after[table]} in the target")
    ids = [r["id"] for r in await dst.db.fetch(
        "SELECT id FROM games WHERE status IN ('running', 'finished') AND state IS NOT NULL"
        " ORDER BY id")]
    for game_id in ids:
        row = await dst.games.get(game_id)
        engine = games.REGISTRY.get(row.game)
        if row.broken or engine is None:
            report.unchecked.append(f"game {row.id}: "
                                    f"{row.broken or f'unknown game {row.game!r}'}")
            continue
        seats = await dst.games.seats(row.id)
        try:
            state = replay_moves(engine, [s.player_id for s in seats], row.options, row.seed,
                                 await dst.games.moves(row.id))
            replayed = engine.dump(state)
        except Exception as exc:  # an engine refusing a logged move is a failed check too
            report.problems.append(f"game {row.id} ({row.game}, {row.status}): the move log "
                                   f"does not replay ({type(exc).__name__}: {exc})")
            continue
        if replayed != row.state:
            report.problems.append(f"game {row.id} ({row.game}, {row.status}): replaying the "
                                   f"move log does not give the stored position")
            continue
        report.replayed += 1


def summary(report: CopyReport) -> list[str]:
    """What the command prints after the copy."""
    lines = ["Rows copied:"]
    width = max(len(t) for t in TABLES)
    lines += [f"  {t:<{width}}  {report.rows.get(t, 0)} rows" for t in TABLES]
    lines.append(f"Replayed {report.replayed} running or finished games: "
                 f"{'each gives its stored position' if report.ok else 'see below'}.")
    lines += [f"  not checked, {u}" for u in report.unchecked]
    if report.problems:
        lines.append("The copy does NOT match the source (it stays in the target, for a look):")
        lines += [f"  {p}" for p in report.problems]
    return lines
