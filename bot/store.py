"""Persistence: games, seats, the move log, server settings, timers and the outbox.

One Store, two backends (:mod:`bot.db`): an SQLite file (the embedded default) or
PostgreSQL, with numbered migrations for each in ``bot/migrations``. The SQL here is written
once for both. Every write that changes a game checks the version it was computed from and
bumps it, inside one transaction, so two racing clicks cannot both land (the loser gets
:class:`StaleGame`), even from two processes. Work that no gateway event starts (outbox rows,
timers, bot turns) is claimed with a lease, so several processes do each piece once.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import db as dbs
from .db import Conflict, Database, Tx
from .db.base import Row, StoreError
from .outbox import Envelope, OutboxRow, dumps
from .store_pause import HELD, PauseStore

log = logging.getLogger(__name__)

ACTIVE = ("lobby", "running")


class StaleGame(StoreError):
    """The game changed since it was read (another move or command won the race)."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


def _json_column(row: Row, column: str, kind: type, *, optional: bool = False) -> Any:
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
    #: Paused (``/game pause``): since when, by whom, why; None while the game runs.
    paused_at: float | None = None
    paused_by: int | None = None
    pause_reason: str | None = None
    #: The chess clock's banks between turns (``{"banks": {player id: seconds}}``), see
    #: :mod:`bot.service.clock`; empty for games without a clock.
    clock: dict[str, Any] = field(default_factory=dict)
    #: Why the row could not be decoded (its JSON columns are then empty), else None. A broken
    #: row is still returned, so that one bad row never breaks a query listing the others.
    broken: str | None = None
    #: The game plays in a thread of its own (opened from its lobby message), and that thread
    #: once it is open; a game whose thread could not be opened plays in the channel.
    threaded: bool = False
    thread_id: int | None = None

    @property
    def home(self) -> int:
        """Where the game's posts go: its thread, else its channel."""
        return self.thread_id or self.channel_id

    @classmethod
    def from_row(cls, row: Row) -> GameRow:
        try:
            decoded: dict[str, Any] = {
                "options": _json_column(row, "options", dict),
                "timing": _json_column(row, "timing", dict),
                "result": _json_column(row, "result", dict, optional=True),
                "clock": _json_column(row, "clock", dict),
                "broken": None,
            }
        except ValueError as exc:
            decoded = {"options": {}, "timing": {}, "result": None, "clock": {}, "broken": str(exc)}
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
            paused_at=row["paused_at"],
            paused_by=row["paused_by"],
            pause_reason=row["pause_reason"],
            threaded=bool(row["threaded"]),
            thread_id=row["thread_id"],
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
    kind: str  # move, forced (played itself), resign, skip (a pass played for someone), forfeit, kick
    move: str
    created_at: float
    actor_id: int | None = None
    undone_at: float | None = None
    said: str | None = None  # the public words posted for it
    ends_turn: bool = True


@dataclass(frozen=True)
class ForcedRow:
    """A move that played itself right after another (its player had no other)."""

    player_id: str
    move: str
    said: str | None = None
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
    auto_forced: bool = True  # a player's only legal move plays itself
    threads: bool = False  # each game gets a thread of its own


SETTING_COLUMNS = ("manager_role_id", "start_policy", "reminder_seconds", "deadline_seconds",
                   "deadline_action", "language", "locale_seen", "bot_takeover",
                   "auto_forced", "threads")


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str  # reminder | deadline
    player_id: str
    due_at: float
    turn_since: float
    armed: bool = True  # False until the ping that starts this turn is delivered
    held_at: float | None = None  # when its hold began (a paused game, an away player)
    delay: float | None = None  # seconds after the arming ping that it falls due
    #: A chess clock's deadline after the bank ran out (then): the others' grace to wait.
    ran_out: float | None = None

    def left(self, now: float) -> float:
        """A chess clock's deadline: the bank its player has left at ``now``."""
        return bank_left(self.due_at, self.armed, self.delay, self.ran_out, now)


def bank_left(due_at: float, armed: Any, delay: float | None, ran_out: float | None,
              now: float) -> float:
    """What a deadline timer leaves of a bank: the bank runs from the arming ping to due_at
    (an unarmed timer's is still all there); none once it ran out."""
    if ran_out is not None:
        return 0.0
    return max(0.0, due_at - now) if armed else max(0.0, delay or 0.0)


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
    #: A chess clock, (starting bank, increment) in seconds: each player's deadline is their
    #: bank (``deadline`` is then unused). ``ended``: the players whose wait this change ends;
    #: their bank is what their deadline had left, plus the increment for those who just
    #: played a turn (``reset``), at most the starting bank.
    clock: tuple[float, float] | None = None
    ended: frozenset[str] = frozenset()


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(schema version reached, name, sql) of every migration file of ``dialect``, in order."""
    try:
        return [(m.last, m.name, m.sql) for m in dbs.migrations(dialect)]
    except dbs.DatabaseError as exc:
        raise StoreError(str(exc)) from None


class Store(PauseStore):
    """The bot's database. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """Open (and migrate) an SQLite file or a ``sqlite://`` / ``postgresql://`` URL."""
        db = await dbs.open_database(target)
        store = cls(db)
        try:
            await dbs.migrate(db)
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

    def _tx(self):  # noqa: ANN202 - an async context manager of a Tx
        return self.db.tx()

    async def _one(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        return await self.db.fetchrow(sql, params)

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return await self.db.fetch(sql, params)

    # ----- games ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow.from_row(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The open game (lobby or running) a command in ``channel_id`` is about, or None,
        also when it is not clear which (see :meth:`active_games`)."""
        found = await self.active_games(channel_id)
        return found[0] if len(found) == 1 else None

    async def active_games(self, channel_id: int) -> list[GameRow]:
        """The open games a command in ``channel_id`` (a channel or a game's thread) may be
        about: the game of that thread; else the game that plays in the channel itself (its
        thread is not open, or could not be); else the channel's games in their threads."""
        rows = [GameRow.from_row(r) for r in await self._all(
            "SELECT * FROM games WHERE (channel_id = ? OR thread_id = ?)"
            " AND status IN ('lobby', 'running') ORDER BY id", (channel_id, channel_id))]
        mine = [r for r in rows if r.thread_id == channel_id]
        here = [r for r in rows if r.thread_id is None]
        return mine or here or rows

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's (or thread's) active game, else its most recently ended one."""
        row = await self._one(
            "SELECT * FROM games WHERE (channel_id = ? OR thread_id = ?) "
            "ORDER BY status IN ('lobby', 'running') DESC, id DESC LIMIT 1",
            (channel_id, channel_id),
        )
        return GameRow.from_row(row) if row else None

    async def ended_games(self, channel_id: int) -> list[GameRow]:
        """The channel's finished games (a game's thread: that game), newest first."""
        rows = await self._all("SELECT * FROM games WHERE (channel_id = ? OR thread_id = ?)"
                               " AND status = 'finished' ORDER BY id DESC", (channel_id, channel_id))
        return [GameRow.from_row(r) for r in rows]

    async def is_thread(self, channel_id: int) -> bool:
        """Whether ``channel_id`` is the thread of a game (of any status)."""
        return await self._one("SELECT 1 FROM games WHERE thread_id = ? LIMIT 1", (channel_id,)) is not None

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game's thread is open (``thread_id``), or (None) the game plays in its channel
        after all; no version bump: this is where the game is, not what happened in it."""
        async with self._tx() as db:
            await db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def running_games(self, *, with_bots: bool = False) -> list[GameRow]:
        """Open games (lobbies too); ``with_bots``: only those with a bot seat."""
        bots = (" AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
                " AND seats.bot_level IS NOT NULL)") if with_bots else ""
        rows = await self._all(
            f"SELECT * FROM games WHERE status IN ('lobby', 'running'){bots} ORDER BY id")
        return [GameRow.from_row(r) for r in rows]

    async def create_game(self, *, guild_id: int | None, channel_id: int, game: str,
                          options: Mapping[str, str], seed: int, host_id: int,
                          host_name: str | None, now: float,
                          timing: Mapping[str, Any] | None = None,
                          outbox: Sequence[Envelope] = (), threaded: bool = False) -> GameRow:
        """A new lobby; the host takes the first seat unless ``host_name`` is None.

        ``outbox`` rows (the lobby message) get the new game's id.
        """
        try:
            async with self._tx() as db:
                game_id = int(await db.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id,"
                    " created_at, updated_at, timing, threaded)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game, json.dumps(dict(options), sort_keys=True), seed,
                     host_id, now, now, json.dumps(dict(timing or {}), sort_keys=True), int(threaded)),
                ))
                if host_name is not None:
                    await db.execute(
                        "INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at)"
                        " VALUES (?, 0, ?, ?, ?, ?)",
                        (game_id, host_id, str(host_id), host_name, now),
                    )
                await self._enqueue(db, game_id, 0, outbox, now)
        except Conflict as exc:
            if exc.about("games_one_active_per_channel", "games.channel_id"):
                raise ChannelBusy("this channel already has an active game") from None
            raise
        created = await self.game(game_id)
        assert created is not None
        return created

    async def _bump(self, db: Tx, game_id: int, version: int, now: float,
                    sets: str = "", params: tuple[Any, ...] = ()) -> None:
        """Bump the version if it is still ``version``; else raise StaleGame (rolls back).

        On PostgreSQL a racing writer's UPDATE waits for this one and then finds the new
        version, so it too gets StaleGame: the check holds across processes."""
        sql = f"UPDATE games SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND version = ?"
        if await db.execute(sql, (now, *params, game_id, version)) != 1:
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

    async def running_games_of(self, user_id: int) -> list[GameRow]:
        """Every running game (on any server) in which ``user_id`` holds a seat."""
        rows = await self._all(
            "SELECT * FROM games WHERE status = 'running' AND EXISTS (SELECT 1 FROM seats"
            " WHERE seats.game_id = games.id AND seats.user_id = ?) ORDER BY id", (user_id,))
        return [GameRow.from_row(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT game_id, position, user_id, player_id, name, bot_level FROM seats"
            " WHERE game_id = ? ORDER BY position",
            (game_id,),
        )
        return [SeatRow(**dict(r)) for r in rows]

    async def start_game(self, game_id: int, version: int, *, state: str, now: float,
                         order: list[str], timers: TimerPlan | None = None,
                         outbox: Sequence[Envelope] = (), then: Sequence[ForcedRow] = ()) -> None:
        """Lobby -> running with the first state; ``order`` re-numbers the seats. ``then``: the
        forced moves that played themselves at once (``state`` is the state after them)."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", status = 'running', state = ?", (state,))
            for n, forced in enumerate(then, start=1):
                await db.execute(
                    "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id,"
                    " said, ends_turn) VALUES (?, ?, ?, 'forced', ?, ?, NULL, ?, ?)",
                    (game_id, n, forced.player_id, forced.move, now, forced.said,
                     int(forced.ends_turn)),
                )
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
                          outbox: Sequence[Envelope] = (),
                          then: Sequence[ForcedRow] = ()) -> int:
        """Append a move and store the state after it, the timers, a new host and what is to
        be said about it (``outbox``), atomically. ``then``: the forced moves that played
        themselves after it (kind ``forced``), logged in the same transaction; ``state`` is
        the state after them.

        Returns the move number (of the move, not of what followed it).
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
            n = await db.fetchval("SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE game_id = ?",
                                  (game_id,))
            await db.execute(
                "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id, said,"
                " ends_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, n, player_id, kind, move, now, actor_id, said, int(ends_turn)),
            )
            for k, forced in enumerate(then, start=1):
                await db.execute(
                    "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id,"
                    " said, ends_turn) VALUES (?, ?, ?, 'forced', ?, ?, NULL, ?, ?)",
                    (game_id, n + k, forced.player_id, forced.move, now, forced.said,
                     int(forced.ends_turn)),
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
            changed = await db.execute(
                "UPDATE moves SET undone_at = ? WHERE game_id = ? AND n = ? AND undone_at IS NULL",
                (now, game_id, n),
            )
            if changed != 1:
                raise StaleGame(f"move {n} of game {game_id} is not there to undo")
            armed = await self._enqueue(db, game_id, version + 1, outbox, now)
            await self._plan_timers(db, game_id, timers, now, version + 1 if armed else None)

    async def _plan_timers(self, db: Tx, game_id: int, plan: TimerPlan | None,
                           now: float, waiting_for: int | None = None) -> None:
        """Bring the game's timers in line with ``plan``.

        With ``waiting_for`` (a game version), new timers stay unarmed until the outbox row of
        that version that pings the players is delivered (:meth:`arm_timers`).
        """
        if plan is None:
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return
        rows = await db.fetch("SELECT DISTINCT player_id FROM timers WHERE game_id = ?", (game_id,))
        keep = {r[0] for r in rows} & (plan.acting - plan.reset)
        banks = await self._settle_clock(db, game_id, plan, now) if plan.clock is not None else {}
        # "NOT IN ()" is SQLite only: with nothing to keep, say so plainly.
        spare = f" AND player_id NOT IN ({','.join('?' * len(keep))})" if keep else ""
        await db.execute(f"DELETE FROM timers WHERE game_id = ?{spare}", (game_id, *sorted(keep)))
        armed = 0 if waiting_for is not None else 1
        for player in sorted(plan.acting - keep):
            deadline = (plan.deadline if plan.clock is None
                        else max(0.0, float(banks.get(player, plan.clock[0]))))
            for kind, delay in (("reminder", plan.reminder), ("deadline", deadline)):
                if delay or (kind == "deadline" and plan.clock is not None):
                    await db.execute(
                        "INSERT INTO timers (game_id, kind, player_id, due_at, turn_since, created_at,"
                        " armed, delay, since_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, kind, player, now + (delay or 0.0), now, now, armed, delay, waiting_for),
                    )

    @staticmethod
    async def _settle_clock(db: Tx, game_id: int, plan: TimerPlan, now: float) -> dict[str, Any]:
        """The chess clock's banks after this change, stored with it: a player whose wait
        ended keeps what their deadline had left (plus the increment after a turn they
        played), at most the start."""
        assert plan.clock is not None
        start, increment = plan.clock
        raw = await db.fetchval("SELECT clock FROM games WHERE id = ?", (game_id,))
        try:
            data = json.loads(raw or "{}")
            banks = dict(data.get("banks") or {})
        except (ValueError, TypeError, AttributeError):
            data, banks = {}, {}
        if not plan.ended:
            return banks
        rows = await db.fetch("SELECT player_id, due_at, armed, delay, ran_out FROM timers"
                              " WHERE game_id = ? AND kind = 'deadline'", (game_id,))
        left = {r["player_id"]: bank_left(r["due_at"], r["armed"], r["delay"], r["ran_out"], now)
                for r in rows}
        for player in sorted(plan.ended):  # no deadline left: it ran out
            banks[player] = min(float(start), left.get(player, 0.0)
                                + (increment if player in plan.reset else 0))
        await db.execute("UPDATE games SET clock = ? WHERE id = ?",
                         (json.dumps({**data, "banks": banks}, sort_keys=True), game_id))
        return banks

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
        return GuildSettings(**{**dict(row), "bot_takeover": bool(row["bot_takeover"]),
                                "auto_forced": bool(row["auto_forced"]),
                                "threads": bool(row["threads"])})

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
                if isinstance(value, bool):
                    value = int(value)  # flags are INTEGER 0/1 on both backends
                await db.execute(
                    f"UPDATE guild_settings SET {column} = ?, updated_at = ? WHERE guild_id = ?",
                    (value, now, guild_id),
                )
        return await self.guild_settings(guild_id)

    async def channel_settings(self, channel_id: int) -> GuildSettings:
        """The settings of a channel outside any server (a group DM, a DM with the bot).

        A setting column the table lacks keeps its default, so a server setting added later
        does not break these reads."""
        row = await self._one("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
        if row is None:
            return GuildSettings(guild_id=0)
        found = dict(row)
        values = {k: found[k] for k in SETTING_COLUMNS if k in found}
        for flag in ("bot_takeover", "auto_forced"):
            if flag in values:
                values[flag] = bool(values[flag])
        return GuildSettings(guild_id=0, **values)

    async def update_channel_settings(self, channel_id: int, *, now: float,
                                      **changes: Any) -> GuildSettings:
        """Change some settings of a channel outside any server (as :meth:`update_guild_settings`)."""
        unknown = set(changes) - set(SETTING_COLUMNS)
        if unknown:
            raise StoreError(f"unknown settings: {sorted(unknown)}")
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO channel_settings (channel_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (channel_id) DO NOTHING",
                (channel_id, now),
            )
            for column, value in changes.items():
                if isinstance(value, bool):
                    value = int(value)
                await db.execute(
                    f"UPDATE channel_settings SET {column} = ?, updated_at = ? WHERE channel_id = ?",
                    (value, now, channel_id),
                )
        return await self.channel_settings(channel_id)

    async def set_manager_role(self, guild_id: int, role_id: int | None, *, now: float) -> None:
        await self.update_guild_settings(guild_id, now=now, manager_role_id=role_id)

    # ----- timers ---------------------------------------------------------------------------

    async def due_timers(self, now: float) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out FROM timers"
            " WHERE due_at <= ? AND armed = 1 ORDER BY due_at, id",
            (now,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out, held_at"
            " FROM timers"
            " WHERE game_id = ? ORDER BY due_at, id",
            (game_id,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def claim_timers(self, *, owner: str, now: float, lease: float,
                           limit: int = 100) -> list[TimerRow]:
        """Take the due timers nobody holds, so that with several processes each timer is
        worked on by one. The claim lasts ``lease`` seconds: the timers of a process that
        died come back by themselves. :meth:`fire_timer` consumes a timer for good."""
        async with self._tx() as db:
            rows = await db.fetch(
                "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out FROM timers"
                " WHERE due_at <= ? AND armed = 1 AND (claimed_until IS NULL OR claimed_until < ?)"
                f" AND NOT {HELD}"  # a paused game's, an away player's: held, not fired
                " ORDER BY due_at, id LIMIT ?" + self.db.skip_locked,
                (now, now, limit),
            )
            for r in rows:
                await db.execute("UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE id = ?",
                                 (owner, now + lease, r["id"]))
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def next_due(self) -> float | None:
        """When the next timer may be fired (a held one: when its claim lapses)."""
        row = await self._one(
            "SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > due_at"
            " THEN claimed_until ELSE due_at END) AS due FROM timers WHERE armed = 1"
            f" AND NOT {HELD}")
        due = row["due"] if row and row["due"] is not None else None
        back = await self.next_return()  # an away that ends by its date releases timers
        return back if due is None or (back is not None and back < due) else due

    async def arm_timers(self, game_id: int, version: int, plan: TimerPlan, *, now: float) -> bool:
        """Give a running game that has no timers at all the ones ``plan`` calls for.

        No version bump (nothing about the game changes), but nothing happens unless the game
        is still running at ``version`` and still has no timers, so two processes starting at
        once arm it once. Returns whether timers were armed.
        """
        async with self._tx() as db:
            found = await db.fetchrow(
                "SELECT 1 FROM games WHERE id = ? AND version = ? AND status = 'running'"
                " AND NOT EXISTS (SELECT 1 FROM timers WHERE game_id = games.id)"
                + self.db.lock_rows,  # a second process waits here, then sees the timers
                (game_id, version),
            )
            if found is None:
                return False
            await self._plan_timers(db, game_id, plan, now)
        return True

    async def fire_timer(self, timer: TimerRow, *, again_at: float | None, now: float,
                         outbox: Sequence[Envelope] = (), ran_out: float | None = None) -> bool:
        """Consume a due timer once, with what it says (``outbox``); a reminder may come back
        at ``again_at`` (a chess clock's deadline too, as the grace after its bank ``ran_out``).

        False when another process fired it first (it is gone already).
        """
        async with self._tx() as db:
            if await db.execute("DELETE FROM timers WHERE id = ?", (timer.id,)) != 1:
                return False
            await self._enqueue(db, timer.game_id, None, outbox, now)
            if again_at is not None:
                await db.execute(
                    "INSERT INTO timers (game_id, kind, player_id, due_at, turn_since, created_at,"
                    " ran_out) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (timer.game_id, timer.kind, timer.player_id, again_at, timer.turn_since, now,
                     timer.ran_out if ran_out is None else ran_out),
                )
                # Held since it was claimed (a pause in another process): held from now on.
                await db.execute(
                    "UPDATE timers SET held_at = ? WHERE game_id = ? AND kind = ? AND player_id = ?"
                    f" AND held_at IS NULL AND {HELD}", (now, timer.game_id, timer.kind, timer.player_id))
        return True

    # ----- outbox ---------------------------------------------------------------------------

    @staticmethod
    async def _enqueue(db: Tx, game_id: int | None, version: int | None,
                       items: Sequence[Envelope], now: float) -> bool:
        """Store envelopes inside the caller's transaction; True if one of them arms timers."""
        for item in items:
            await db.execute(
                "INSERT INTO outbox (key, game_id, version, guild_id, channel_id, user_id, kind, body,"
                " arms, created_at, next_try_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (item.key, game_id if item.of_game else None, version if item.of_game else None,
                 item.guild_id, item.channel_id, item.user_id, item.kind, dumps(item.body),
                 int(item.arms), now, now),
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
    def _outbox_row(r: Row) -> OutboxRow:
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
            changed = await db.execute(
                "UPDATE outbox SET claimed_until = ? WHERE id = ? AND claimed_by = ? AND done_at IS NULL",
                (now + lease, row.id, owner),
            )
            return changed == 1

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
            # Claims run one at a time (a short lock), so two processes never split one
            # channel's rows between them and post them out of order.
            await db.serialize("outbox-claim")
            found = await db.fetch(
                f"SELECT {self._OUTBOX_COLUMNS} FROM outbox WHERE done_at IS NULL AND {where}"
                " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.channel_id = outbox.channel_id"
                f" AND o.done_at IS NULL AND o.id < outbox.id AND {earlier})"
                " AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id LIMIT ?"
                + self.db.skip_locked,
                (*params, now, limit),
            )
            rows = []
            for r in found:
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
            return await db.execute(
                "UPDATE outbox SET claimed_until = NULL, claimed_by = NULL WHERE done_at IS NULL"
                " AND claimed_by = ?", (owner,),
            )

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

    async def last_dm(self, game_id: int, user_id: int, *, before: int) -> tuple[str, int | None] | None:
        """How the latest finished DM of a game to a user, written before row ``before``, went:
        (outcome, message id), or None if there is none (a DM that edits it looks here)."""
        r = await self._one(
            "SELECT outcome, message_id FROM outbox WHERE game_id = ? AND kind = 'dm' AND user_id = ?"
            " AND id < ? AND done_at IS NOT NULL ORDER BY id DESC LIMIT 1",
            (game_id, user_id, before),
        )
        return None if r is None else (r["outcome"], r["message_id"])

    # ----- turn notices ---------------------------------------------------------------------

    async def notify_pref(self, user_id: int) -> str | None:
        """How ``user_id`` chose to hear of their turns (``/game notify``): channel, dm, both
        or off; None if they never chose (the place they play in picks the default)."""
        r = await self._one("SELECT pref FROM notify_prefs WHERE user_id = ?", (user_id,))
        return None if r is None else r["pref"]

    async def set_notify_pref(self, user_id: int, pref: str, *, now: float) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO notify_prefs (user_id, pref, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET pref = excluded.pref,"
                " updated_at = excluded.updated_at",
                (user_id, pref, now),
            )

    async def dms_refused(self, user_id: int, guild_id: int | None) -> bool:
        """Whether a turn notice DM to ``user_id`` about this server was refused (closed DMs)
        since they last chose with ``/game notify``, and no DM to them went through after it
        (a notice, or a hand of any game). Then their notices go to the channel instead of
        being tried, and refused, at every turn. Notices are the DMs stored without a game;
        a refused hand alone doesn't count (the hand DMs of a game stop trying after one)."""
        r = await self._one(
            "SELECT outcome FROM outbox WHERE kind = 'dm' AND user_id = ? AND COALESCE(guild_id, 0) = ?"
            " AND (outcome = 'sent' OR (outcome = 'fallback' AND game_id IS NULL))"
            " AND done_at >= COALESCE((SELECT updated_at FROM notify_prefs WHERE user_id = ?), 0)"
            " ORDER BY id DESC LIMIT 1",
            (user_id, guild_id or 0, user_id),
        )
        return r is not None and r["outcome"] == "fallback"

    # ----- leases ---------------------------------------------------------------------------

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

    # ----- history --------------------------------------------------------------------------

    async def finished_games(self, guild_id: int) -> list[tuple[GameRow, list[SeatRow]]]:
        rows = await self._all(
            "SELECT * FROM games WHERE guild_id = ? AND status = 'finished' ORDER BY id", (guild_id,),
        )
        games = [GameRow.from_row(r) for r in rows]
        return [(g, await self.seats(g.id)) for g in games]

    async def all_finished_games(self) -> list[tuple[GameRow, list[SeatRow]]]:
        """Every server's finished games with their seats, in the order they ended (ratings
        are computed from these); two queries, however many games there are."""
        rows = await self._all("SELECT * FROM games WHERE status = 'finished' ORDER BY updated_at, id")
        seats: dict[int, list[SeatRow]] = {}
        for r in await self._all(
                "SELECT s.game_id, s.position, s.user_id, s.player_id, s.name, s.bot_level"
                " FROM seats s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
                " ORDER BY s.game_id, s.position"):
            seats.setdefault(r["game_id"], []).append(SeatRow(**dict(r)))
        return [(g, seats.get(g.id, [])) for g in map(GameRow.from_row, rows)]

    async def games_of(self, user_id: int, guild_id: int | None) -> list[GameRow]:
        """The open games (lobbies too) in which ``user_id`` holds a seat, on one server."""
        rows = await self._all(
            "SELECT * FROM games WHERE status IN ('lobby', 'running') AND guild_id = ?"
            " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = ?)"
            " ORDER BY id", (guild_id, user_id))
        return [GameRow.from_row(r) for r in rows]

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
