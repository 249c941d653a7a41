"""SQLite persistence (aiosqlite): games, seats, the move log and server settings.

One connection per process, WAL mode, numbered migrations from ``bot/migrations``
tracked in ``PRAGMA user_version``. Every write that changes a game checks the
version it was computed from and bumps it, inside one transaction, so two racing
clicks cannot both land (the loser gets :class:`StaleGame`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from .outbox import Envelope, OutboxRow, dumps

log = logging.getLogger(__name__)

ACTIVE = ("lobby", "running")


class StoreError(Exception):
    """Base class of the store's own errors."""


class StaleGame(StoreError):
    """The game changed since it was read (another move or command won the race)."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot than this one."""


def _json_column(row: sqlite3.Row, column: str, kind: type, *, optional: bool = False) -> Any:
    """One JSON column, checked for its type; ValueError names the column and what is wrong."""
    raw = row[column]
    if optional and not raw:
        return None
    try:
        value = json.loads(raw)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"column {column} is not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise ValueError(f"column {column} holds {type(value).__name__}, not a JSON {kind.__name__}")
    return value


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, str]
    seed: int
    status: str
    host_id: int
    state: str | None
    version: int
    result: dict[str, Any] | None
    end_reason: str | None
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: float
    updated_at: float
    timing: dict[str, Any] = field(default_factory=dict)
    replay_message_id: int | None = None
    #: Why the row could not be decoded (its JSON columns are then empty), else None. A broken
    #: row is still returned, so that one bad row never breaks a query listing the others.
    broken: str | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> GameRow:
        try:
            decoded: dict[str, Any] = {
                "options": _json_column(row, "options", dict),
                "timing": _json_column(row, "timing", dict),
                "result": _json_column(row, "result", dict, optional=True),
                "broken": None,
            }
        except ValueError as exc:
            decoded = {"options": {}, "timing": {}, "result": None, "broken": str(exc)}
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            game=row["game"],
            seed=row["seed"],
            status=row["status"],
            host_id=row["host_id"],
            state=row["state"],
            version=row["version"],
            end_reason=row["end_reason"],
            lobby_message_id=row["lobby_message_id"],
            board_message_id=row["board_message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            replay_message_id=row["replay_message_id"],
            **decoded,
        )


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    position: int
    user_id: int  # 0 for a bot seat
    player_id: str
    name: str
    bot_level: str | None = None  # easy | normal | hard for a bot seat


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    n: int
    player_id: str
    kind: str  # move, resign, skip (a pass played for someone), forfeit (deadline), kick
    move: str
    created_at: float
    actor_id: int | None = None
    undone_at: float | None = None
    said: str | None = None  # the public words posted for it
    ends_turn: bool = True


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    manager_role_id: int | None = None
    start_policy: str = "moderators"  # moderators | role | everyone
    reminder_seconds: int | None = 12 * 3600
    deadline_seconds: int | None = None
    deadline_action: str = "remind"  # remind | skip | forfeit
    language: str | None = None  # en | de | da; None: the server's Discord locale
    locale_seen: str | None = None  # the server's Discord locale, as last seen
    bot_takeover: bool = False  # a bot plays on for a player who runs out of time


SETTING_COLUMNS = ("manager_role_id", "start_policy", "reminder_seconds", "deadline_seconds",
                   "deadline_action", "language", "locale_seen", "bot_takeover")


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str  # reminder | deadline
    player_id: str
    due_at: float
    turn_since: float
    armed: bool = True  # False until the ping that starts this turn is delivered


@dataclass(frozen=True)
class TimerPlan:
    """How to bring a game's timers up to date in the same transaction as a change.

    Players no longer acting lose their timers; ``reset`` players (who just acted) get
    fresh ones; players still waiting keep theirs, so a deadline is not pushed back by
    somebody else's move.
    """

    acting: frozenset[str]
    reset: frozenset[str]
    reminder: float | None  # seconds, None: no reminders
    deadline: float | None  # seconds, None: no deadline


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration file, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        match = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if match:
            found.append((int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations must be numbered 0001, 0002, ... without gaps: {numbers}")
    return found


class Store:
    """The bot's database. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        try:
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()  # type: ignore[misc]
        known = migrations()
        newest = known[-1][0] if known else 0
        if current > newest:
            # Tables this code does not know may hold rules it would break: refuse, touch nothing.
            raise SchemaTooNew(
                f"The database is at schema version {current}, but this version of the bot only "
                f"knows schema versions up to {newest}: run the newer bot that wrote it, or "
                f"restore a backup taken before the upgrade.")
        for number, _name, sql in known:
            if number <= current:
                continue
            # executescript commits first; wrap the file and the version bump in one transaction.
            try:
                await self._db.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                )
            except sqlite3.Error:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])  # type: ignore[index]

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        async with self._lock:
            async with self._db.execute(sql, params) as cur:
                return await cur.fetchone()

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self._db.execute(sql, params) as cur:
                return list(await cur.fetchall())

    # ----- games ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow.from_row(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return GameRow.from_row(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's active game, else its most recently ended one."""
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'running') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return GameRow.from_row(row) if row else None

    async def ended_games(self, channel_id: int) -> list[GameRow]:
        """The channel's finished games, newest first."""
        rows = await self._all("SELECT * FROM games WHERE channel_id = ? AND status = 'finished'"
                               " ORDER BY id DESC", (channel_id,))
        return [GameRow.from_row(r) for r in rows]

    async def running_games(self) -> list[GameRow]:
        rows = await self._all("SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id")
        return [GameRow.from_row(r) for r in rows]

    async def create_game(self, *, guild_id: int | None, channel_id: int, game: str,
                          options: Mapping[str, str], seed: int, host_id: int,
                          host_name: str | None, now: float,
                          timing: Mapping[str, Any] | None = None,
                          outbox: Sequence[Envelope] = ()) -> GameRow:
        """A new lobby; the host takes the first seat unless ``host_name`` is None.

        ``outbox`` rows (the lobby message) get the new game's id.
        """
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id,"
                    " created_at, updated_at, timing) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, game, json.dumps(dict(options), sort_keys=True), seed,
                     host_id, now, now, json.dumps(dict(timing or {}), sort_keys=True)),
                )
                game_id = cur.lastrowid
                if host_name is not None:
                    await db.execute(
                        "INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at)"
                        " VALUES (?, 0, ?, ?, ?, ?)",
                        (game_id, host_id, str(host_id), host_name, now),
                    )
                await self._enqueue(db, int(game_id), 0, outbox, now)  # type: ignore[arg-type]
        except sqlite3.IntegrityError as exc:
            if "games_one_active_per_channel" in str(exc) or "games.channel_id" in str(exc):
                raise ChannelBusy("this channel already has an active game") from None
            raise
        created = await self.game(int(game_id))  # type: ignore[arg-type]
        assert created is not None
        return created

    async def _bump(self, db: aiosqlite.Connection, game_id: int, version: int, now: float,
                    sets: str = "", params: tuple[Any, ...] = ()) -> None:
        """Bump the version if it is still ``version``; else raise StaleGame (rolls back)."""
        sql = f"UPDATE games SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND version = ?"
        cur = await db.execute(sql, (now, *params, game_id, version))
        if cur.rowcount != 1:
            raise StaleGame(f"game {game_id} changed since version {version}")

    async def add_seat(self, game_id: int, version: int, *, user_id: int, player_id: str,
                       name: str, now: float, bot_level: str | None = None,
                       outbox: Sequence[Envelope] = ()) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version, now)
            await self._enqueue(db, game_id, version + 1, outbox, now)
            await db.execute(
                "INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at, bot_level)"
                " VALUES (?, (SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?),"
                " ?, ?, ?, ?, ?)",
                (game_id, game_id, user_id, player_id, name, now, bot_level),
            )

    async def seat_to_bot(self, game_id: int, version: int, *, player_id: str, name: str,
                          level: str, now: float, outbox: Sequence[Envelope] = ()) -> None:
        """A bot takes over a seat (the engine's player id stays the same)."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now)
            await self._enqueue(db, game_id, version + 1, outbox, now)
            await db.execute("UPDATE seats SET user_id = 0, name = ?, bot_level = ?"
                             " WHERE game_id = ? AND player_id = ?", (name, level, game_id, player_id))
            # Bots are never reminded: the seat's timers go in the same transaction.
            await db.execute("DELETE FROM timers WHERE game_id = ? AND player_id = ?",
                             (game_id, player_id))

    async def remove_seats(self, game_id: int, version: int, *, player_ids: list[str], now: float,
                           new_host: int | None = None, outbox: Sequence[Envelope] = ()) -> None:
        """Free lobby seats (and hand the lobby to ``new_host``) in one transaction."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now)
            await self._enqueue(db, game_id, version + 1, outbox, now)
            for player_id in player_ids:
                await db.execute("DELETE FROM seats WHERE game_id = ? AND player_id = ?",
                                 (game_id, player_id))
            if new_host is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT game_id, position, user_id, player_id, name, bot_level FROM seats"
            " WHERE game_id = ? ORDER BY position",
            (game_id,),
        )
        return [SeatRow(**dict(r)) for r in rows]

    async def start_game(self, game_id: int, version: int, *, state: str, now: float,
                         order: list[str], timers: TimerPlan | None = None,
                         outbox: Sequence[Envelope] = ()) -> None:
        """Lobby -> running with the first state; ``order`` re-numbers the seats."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", status = 'running', state = ?", (state,))
            armed = await self._enqueue(db, game_id, version + 1, outbox, now)
            # Two passes keep (game_id, position) unique while re-numbering.
            for i, player_id in enumerate(order):
                await db.execute("UPDATE seats SET position = ? WHERE game_id = ? AND player_id = ?",
                                 (-1 - i, game_id, player_id))
            await db.execute("UPDATE seats SET position = -1 - position WHERE game_id = ?",
                             (game_id,))
            await self._plan_timers(db, game_id, timers, now, version + 1 if armed else None)

    async def record_move(self, game_id: int, version: int, *, player_id: str, kind: str,
                          move: str, state: str, result: Mapping[str, Any] | None,
                          now: float, actor_id: int | None = None,
                          timers: TimerPlan | None = None, said: str | None = None,
                          ends_turn: bool = True, host_id: int | None = None,
                          outbox: Sequence[Envelope] = ()) -> int:
        """Append a move and store the state after it, the timers, a new host and what is to
        be said about it (``outbox``), atomically.

        Returns the move number.
        """
        status = "finished" if result is not None else "running"
        result_json = json.dumps(dict(result), sort_keys=True) if result is not None else None
        reason = result.get("reason") if result is not None else None
        async with self._tx() as db:
            await self._bump(
                db, game_id, version, now,
                ", state = ?, status = ?, result = ?, end_reason = ?"
                + (", host_id = ?" if host_id is not None else ""),
                (state, status, result_json, reason, *([host_id] if host_id is not None else [])),
            )
            cur = await db.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE game_id = ?",
                                   (game_id,))
            (n,) = await cur.fetchone()  # type: ignore[misc]
            await db.execute(
                "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id, said,"
                " ends_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, n, player_id, kind, move, now, actor_id, said, int(ends_turn)),
            )
            armed = await self._enqueue(db, game_id, version + 1, outbox, now)
            await self._plan_timers(db, game_id, None if result is not None else timers, now,
                                    version + 1 if armed else None)
        return int(n)

    async def undo_move(self, game_id: int, version: int, *, n: int, state: str, now: float,
                        timers: TimerPlan | None = None, outbox: Sequence[Envelope] = ()) -> None:
        """Mark move ``n`` undone (it stays in the log) and store the state before it."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", state = ?", (state,))
            cur = await db.execute(
                "UPDATE moves SET undone_at = ? WHERE game_id = ? AND n = ? AND undone_at IS NULL",
                (now, game_id, n),
            )
            if cur.rowcount != 1:
                raise StaleGame(f"move {n} of game {game_id} is not there to undo")
            armed = await self._enqueue(db, game_id, version + 1, outbox, now)
            await self._plan_timers(db, game_id, timers, now, version + 1 if armed else None)

    async def _plan_timers(self, db: aiosqlite.Connection, game_id: int, plan: TimerPlan | None,
                           now: float, waiting_for: int | None = None) -> None:
        """Bring the game's timers in line with ``plan``.

        With ``waiting_for`` (a game version), new timers stay unarmed until the outbox row of
        that version that pings the players is delivered (:meth:`arm_timers`).
        """
        if plan is None:
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return
        cur = await db.execute("SELECT DISTINCT player_id FROM timers WHERE game_id = ?", (game_id,))
        keep = {r[0] for r in await cur.fetchall()} & (plan.acting - plan.reset)
        placeholders = ",".join("?" * len(keep))
        await db.execute(
            f"DELETE FROM timers WHERE game_id = ? AND player_id NOT IN ({placeholders})",
            (game_id, *sorted(keep)),
        )
        armed = 0 if waiting_for is not None else 1
        for player in sorted(plan.acting - keep):
            for kind, delay in (("reminder", plan.reminder), ("deadline", plan.deadline)):
                if delay:
                    await db.execute(
                        "INSERT INTO timers (game_id, kind, player_id, due_at, turn_since, created_at,"
                        " armed, delay, since_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, kind, player, now + delay, now, now, armed, delay, waiting_for),
                    )

    async def end_game(self, game_id: int, version: int, *, status: str, reason: str,
                       now: float, outbox: Sequence[Envelope] = ()) -> None:
        """Abort (or otherwise close) a game without a move; its timers go with it."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", status = ?, end_reason = ?",
                             (status, reason))
            await self._enqueue(db, game_id, version + 1, outbox, now)
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def set_message(self, game_id: int, *, kind: str, message_id: int | None) -> None:
        """Remember the lobby or latest board message (for links and edits); no version bump."""
        column = {"lobby": "lobby_message_id", "board": "board_message_id",
                  "replay": "replay_message_id"}[kind]
        async with self._tx() as db:
            await db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._all(
            "SELECT game_id, n, player_id, kind, move, created_at, actor_id, undone_at, said,"
            " ends_turn FROM moves"
            " WHERE game_id = ? ORDER BY n",
            (game_id,),
        )
        return [MoveRow(**{**dict(r), "ends_turn": bool(r["ends_turn"])}) for r in rows]

    # ----- settings and meta ----------------------------------------------------------------

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(guild_id=0)
        row = await self._one(
            f"SELECT guild_id, {', '.join(SETTING_COLUMNS)} FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings(guild_id=guild_id)
        return GuildSettings(**{**dict(row), "bot_takeover": bool(row["bot_takeover"])})

    async def update_guild_settings(self, guild_id: int, *, now: float, **changes: Any) -> GuildSettings:
        """Change some settings of a server (unknown names are a programming error)."""
        unknown = set(changes) - set(SETTING_COLUMNS)
        if unknown:
            raise StoreError(f"unknown settings: {sorted(unknown)}")
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, now),
            )
            for column, value in changes.items():
                await db.execute(
                    f"UPDATE guild_settings SET {column} = ?, updated_at = ? WHERE guild_id = ?",
                    (value, now, guild_id),
                )
        return await self.guild_settings(guild_id)

    async def set_manager_role(self, guild_id: int, role_id: int | None, *, now: float) -> None:
        await self.update_guild_settings(guild_id, now=now, manager_role_id=role_id)

    # ----- timers ---------------------------------------------------------------------------

    async def due_timers(self, now: float) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed FROM timers"
            " WHERE due_at <= ? AND armed = 1 ORDER BY due_at, id",
            (now,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed FROM timers"
            " WHERE game_id = ? ORDER BY due_at, id",
            (game_id,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def next_due(self) -> float | None:
        row = await self._one("SELECT MIN(due_at) AS due FROM timers WHERE armed = 1")
        return row["due"] if row and row["due"] is not None else None

    async def arm_timers(self, game_id: int, version: int, plan: TimerPlan, *, now: float) -> bool:
        """Give a running game that has no timers at all the ones ``plan`` calls for.

        No version bump (nothing about the game changes), but nothing happens unless the game
        is still running at ``version`` and still has no timers, so two processes starting at
        once arm it once. Returns whether timers were armed.
        """
        async with self._tx() as db:
            cur = await db.execute(
                "SELECT 1 FROM games WHERE id = ? AND version = ? AND status = 'running'"
                " AND NOT EXISTS (SELECT 1 FROM timers WHERE game_id = games.id)",
                (game_id, version),
            )
            if await cur.fetchone() is None:
                return False
            await self._plan_timers(db, game_id, plan, now)
        return True

    async def fire_timer(self, timer: TimerRow, *, again_at: float | None, now: float,
                         outbox: Sequence[Envelope] = ()) -> bool:
        """Consume a due timer once, with what it says (``outbox``); a reminder may come back
        at ``again_at``.

        False when another process fired it first (it is gone already).
        """
        async with self._tx() as db:
            cur = await db.execute("DELETE FROM timers WHERE id = ?", (timer.id,))
            if cur.rowcount != 1:
                return False
            await self._enqueue(db, timer.game_id, None, outbox, now)
            if again_at is not None:
                await db.execute(
                    "INSERT INTO timers (game_id, kind, player_id, due_at, turn_since, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (timer.game_id, timer.kind, timer.player_id, again_at, timer.turn_since, now),
                )
        return True

    # ----- outbox ---------------------------------------------------------------------------

    @staticmethod
    async def _enqueue(db: aiosqlite.Connection, game_id: int | None, version: int | None,
                       items: Sequence[Envelope], now: float) -> bool:
        """Store envelopes inside the caller's transaction; True if one of them arms timers."""
        for item in items:
            await db.execute(
                "INSERT INTO outbox (key, game_id, version, guild_id, channel_id, user_id, kind, body,"
                " arms, created_at, next_try_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (item.key, game_id, version, item.guild_id, item.channel_id, item.user_id, item.kind,
                 dumps(item.body), int(item.arms), now, now),
            )
        return any(item.arms for item in items)

    async def enqueue(self, items: Sequence[Envelope], *, now: float, game_id: int | None = None,
                      version: int | None = None) -> None:
        """Envelopes that go with no other write (a replay post, say)."""
        async with self._tx() as db:
            await self._enqueue(db, game_id, version, items, now)

    _OUTBOX_COLUMNS = ("id, key, kind, game_id, version, guild_id, channel_id, user_id, body, arms,"
                       " attempts, created_at")

    @staticmethod
    def _outbox_row(r: sqlite3.Row) -> OutboxRow:
        row = OutboxRow(**{**dict(r), "arms": bool(r["arms"])})
        row.data()  # readable, or given up at the claim
        return row

    async def outbox_claimants(self) -> list[str]:
        """Who holds undelivered rows now (to release those of a process that died)."""
        rows = await self._all("SELECT DISTINCT claimed_by FROM outbox WHERE done_at IS NULL"
                               " AND claimed_by IS NOT NULL")
        return [r["claimed_by"] for r in rows]

    async def renew_outbox(self, row: OutboxRow, *, owner: str, now: float, lease: float) -> bool:
        """Extend our claim on ``row`` just before sending it; False if it is no longer ours."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE outbox SET claimed_until = ? WHERE id = ? AND claimed_by = ? AND done_at IS NULL",
                (now + lease, row.id, owner),
            )
            return cur.rowcount == 1

    async def claim_outbox(self, *, owner: str, now: float, lease: float,
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
            cur = await db.execute(
                f"SELECT {self._OUTBOX_COLUMNS} FROM outbox WHERE done_at IS NULL AND {where}"
                " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.channel_id = outbox.channel_id"
                f" AND o.done_at IS NULL AND o.id < outbox.id AND {earlier})"
                " AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id LIMIT ?",
                (*params, now, limit),
            )
            rows = []
            for r in await cur.fetchall():
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

    async def outbox_done(self, row: OutboxRow, *, now: float, outcome: str,
                          message_id: int | None = None, error: str | None = None) -> None:
        """Delivered (``sent``), delivered another way (``fallback``) or given up (``failed``).

        The row stays (rows are never deleted unread); a row that arms timers starts the
        turn clocks now, in the same transaction.
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

    async def outbox_retry(self, row: OutboxRow, *, now: float, at: float, error: str,
                           count: bool = True) -> None:
        """A transient failure: let go of the row and try again at ``at`` (``count`` False:
        it was not tried, it waits for an earlier row of its channel)."""
        async with self._tx() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + ?, next_try_at = ?, last_error = ?,"
                " claimed_until = NULL, claimed_by = NULL WHERE id = ?",
                (int(count), at, error[:500], row.id),
            )

    async def release_outbox(self, owner: str) -> int:
        """Let go of one deliverer's claims (a deliverer that died)."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE outbox SET claimed_until = NULL, claimed_by = NULL WHERE done_at IS NULL"
                " AND claimed_by = ?", (owner,),
            )
            return cur.rowcount

    async def outbox(self, game_id: int | None = None, *, pending: bool = False) -> list[dict[str, Any]]:
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

    # ----- history --------------------------------------------------------------------------

    async def finished_games(self, guild_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        rows = await self._all(
            "SELECT * FROM games WHERE guild_id = ? AND status = 'finished' ORDER BY id", (guild_id,),
        )
        games = [GameRow.from_row(r) for r in rows]
        return [(g, await self.seats(g.id)) for g in games]

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
