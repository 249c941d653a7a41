"""The games table with its seats and its move log: every write that changes a game checks the
version it was computed from and bumps it, in one transaction with the outbox rows and the
timers that go with it, so two racing clicks cannot both land (the loser gets
:class:`StaleGame`), even from two processes."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..db import Conflict, Database, Tx
from .envelopes import Envelope
from ..vocab import MoveKind, Status
from .outbox_table import OutboxTable
from .ratings_table import RatingsTable
from .rows import KEPT_SETTINGS, ChannelBusy, ForcedRow, GameRow, MoveRow, SeatRow, StaleGame, TimerPlan
from .table import Table
from .timers_table import TimersTable
from .turns_table import LEFT, TurnsTable


def logged_at(now: float) -> float:
    """When a log entry was made, in whole seconds: its one reader (the export) shows seconds,
    and SQLite stores a whole number in half the bytes of a fraction."""
    return float(int(now))



class GamesTable(Table):
    """``store.games``: games, seats and moves, and the finished games that history reads."""

    def __init__(self, db: Database, outbox: OutboxTable, timers: TimersTable,
                 ratings: RatingsTable) -> None:
        super().__init__(db)
        self.outbox = outbox
        self.timers = timers
        self.ratings = ratings

    async def _bump(self, db: Tx, game_id: int, version: int, now: float,
                    sets: str = "", params: tuple[Any, ...] = ()) -> None:
        """Bump the version if it is still ``version``; else raise StaleGame (rolls back).

        On PostgreSQL a racing writer's UPDATE waits for this one and then finds the new
        version, so it too gets StaleGame: the check holds across processes."""
        sql = f"UPDATE games SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND version = ?"
        if await db.execute(sql, (now, *params, game_id, version)) != 1:
            raise StaleGame(f"game {game_id} changed since version {version}")

    async def get(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameRow.from_row(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The open game (lobby or running) a command in ``channel_id`` is about, or None,
        also when it is not clear which (see :meth:`active_games`)."""
        found = await self.active_games(channel_id)
        return found[0] if len(found) == 1 else None

    async def active_games(self, channel_id: int) -> list[GameRow]:
        """The open games a command in ``channel_id`` (a channel or a game's thread) may be
        about: the game of that thread; else the game that plays in the channel itself; else a
        game whose thread is being opened; else the channel's games in their threads. A game in
        a thread never hides the channel's own game."""
        rows = [GameRow.from_row(r) for r in await self._all(
            "SELECT * FROM games WHERE (channel_id = ? OR thread_id = ?)"
            " AND status IN ('lobby', 'running') ORDER BY id", (channel_id, channel_id))]
        mine = [r for r in rows if r.thread_id == channel_id]
        own = [r for r in rows if not r.threaded]  # the one game that plays in the channel itself
        opening = [r for r in rows if r.threaded and r.thread_id is None]  # its thread is on the way
        return mine or own or opening or rows

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's (or thread's) active game, else its most recently ended one."""
        active = await self._all(
            "SELECT * FROM games WHERE (channel_id = ? OR thread_id = ?)"
            " AND status IN ('lobby', 'running') ORDER BY id DESC LIMIT 1", (channel_id, channel_id))
        if active:
            return GameRow.from_row(active[0])
        # Newest first, each through its own index: a channel's history is never read whole.
        newest = [r for column in ("channel_id", "thread_id") for r in await self._all(
            f"SELECT * FROM games WHERE {column} = ? ORDER BY id DESC LIMIT 1", (channel_id,))]
        return GameRow.from_row(max(newest, key=lambda r: r["id"])) if newest else None

    async def ended_games(self, channel_id: int, *, game_id: int | None = None,
                          limit: int = 20) -> list[GameRow]:
        """The channel's finished games (a game's thread: that game), newest first: the
        ``limit`` newest, or game ``game_id`` if it is one of them."""
        which, params = ("id = ? AND ", (game_id,)) if game_id is not None else ("", ())
        rows = await self._all(f"SELECT * FROM games WHERE {which}(channel_id = ? OR thread_id = ?)"
                               " AND status = 'finished' ORDER BY id DESC LIMIT ?",
                               (*params, channel_id, channel_id, limit))
        return [GameRow.from_row(r) for r in rows]

    async def is_thread(self, channel_id: int) -> bool:
        """Whether ``channel_id`` is the thread of a game (of any status)."""
        return await self._one("SELECT 1 FROM games WHERE thread_id = ? LIMIT 1", (channel_id,)) is not None

    async def keep_timing(self, game_id: int, version: int, timing: Mapping[str, Any], *,
                          now: float, outbox: Sequence[Envelope] = ()) -> bool:
        """The running game (still at ``version``) keeps other settings from now on (its
        players agreed); no version bump: nothing happened in the game. False if it moved."""
        async with self._tx() as db:
            changed = await db.execute(
                "UPDATE games SET timing = ? WHERE id = ? AND version = ? AND status = 'running'",
                (json.dumps(dict(timing), sort_keys=True), game_id, version))
            if changed != 1:
                return False
            await self.outbox.write(db, game_id, None, outbox, now)
        return True

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game's thread is open (``thread_id``), or (None) the game plays in its channel
        after all; no version bump: this is where the game is, not what happened in it."""
        async with self._tx() as db:
            await db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def play_in_channel(self, game_id: int) -> bool:
        """A game that wanted a thread plays in its channel after all: it takes the channel's
        one unthreaded place (``games_one_active_per_channel`` decides, across processes).
        False, changing nothing, when another game holds that place."""
        try:
            async with self._tx() as db:
                await db.execute("UPDATE games SET threaded = 0, thread_id = NULL WHERE id = ?",
                                 (game_id,))
        except Conflict as exc:
            if exc.about("games_one_active_per_channel", "games.channel_id"):
                return False
            raise
        return True

    async def running_without_timers(self) -> list[GameRow]:
        """Running games that have no timer at all (the database decides: only they are read)."""
        rows = await self._all("SELECT * FROM games WHERE status IN ('lobby', 'running')"  # games_open
                               " AND status = 'running' AND NOT EXISTS"
                               " (SELECT 1 FROM timers WHERE timers.game_id = games.id) ORDER BY id")
        return [GameRow.from_row(r) for r in rows]

    async def bot_turn_games(self) -> list[GameRow]:
        """Running games, not paused, where a bot may act (as their last change left them)."""
        rows = await self._all("SELECT * FROM games WHERE bot_turn = 1 AND status = 'running'"
                               " AND paused_at IS NULL ORDER BY id")
        return [GameRow.from_row(r) for r in rows]

    async def no_bot_turn(self, game_id: int, version: int) -> None:
        """No bot may act in the game at ``version`` (a later change decides for itself)."""
        async with self._tx() as db:
            await db.execute("UPDATE games SET bot_turn = 0 WHERE id = ? AND version = ?",
                             (game_id, version))

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
                await self.outbox.write(db, game_id, 0, outbox, now)
        except Conflict as exc:
            if exc.about("games_one_active_per_channel", "games.channel_id"):
                raise ChannelBusy("this channel already has an active game") from None
            raise
        created = await self.get(game_id)
        assert created is not None
        return created

    async def add_seat(self, game_id: int, version: int, *, user_id: int, player_id: str,
                       name: str, now: float, bot_level: str | None = None,
                       outbox: Sequence[Envelope] = ()) -> None:
        async with self._tx() as db:
            await self._bump(db, game_id, version, now)
            await self.outbox.write(db, game_id, version + 1, outbox, now)
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
            await self._bump(db, game_id, version, now, ", bot_turn = 1")  # the sweep looks
            await self.outbox.write(db, game_id, version + 1, outbox, now)
            await db.execute("UPDATE seats SET user_id = 0, name = ?, bot_level = ?, turn = NULL"
                             " WHERE game_id = ? AND player_id = ?", (name, level, game_id, player_id))
            # Bots are never reminded: the seat's timers go in the same transaction.
            await db.execute("DELETE FROM timers WHERE game_id = ? AND player_id = ?",
                             (game_id, player_id))

    async def remove_seats(self, game_id: int, version: int, *, player_ids: list[str], now: float,
                           new_host: int | None = None, outbox: Sequence[Envelope] = ()) -> None:
        """Free lobby seats (and hand the lobby to ``new_host``) in one transaction."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now)
            await self.outbox.write(db, game_id, version + 1, outbox, now)
            for player_id in player_ids:
                await db.execute("DELETE FROM seats WHERE game_id = ? AND player_id = ?",
                                 (game_id, player_id))
            if new_host is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))

    async def running_games_of(self, user_id: int) -> list[GameRow]:
        """Every running game (on any server) in which ``user_id`` holds a seat."""
        rows = await self._all(
            "SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            " AND status = 'running' ORDER BY id", (user_id,))
        return [GameRow.from_row(r) for r in rows]

    async def seats(self, game_id: int, *, still_in: bool = False) -> list[SeatRow]:
        """The game's seats; ``still_in``: only those whose player is still in the game (not
        resigned, kicked or forfeited: a seat row stays after that, for the log and result)."""
        rows = await self._all(
            "SELECT game_id, position, user_id, player_id, name, bot_level FROM seats s"
            f" WHERE game_id = ?{f' AND NOT {LEFT}' if still_in else ''} ORDER BY position",
            (game_id,),
        )
        return [SeatRow(**dict(r)) for r in rows]

    async def start_game(self, game_id: int, version: int, *, state: str, now: float,
                         order: list[str], timers: TimerPlan | None = None,
                         outbox: Sequence[Envelope] = (), then: Sequence[ForcedRow] = (),
                         timing: Mapping[str, Any] | None = None) -> None:
        """Lobby -> running with the first state; ``order`` re-numbers the seats. ``then``: the
        forced moves that played themselves at once (``state`` is the state after them).
        ``timing``: the game's timing from now on (the settings it keeps)."""
        kept = ((", timing = ?", (json.dumps(dict(timing), sort_keys=True),))
                if timing is not None else ("", ()))
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", status = 'running', state = ?" + kept[0],
                             (state, *kept[1]))
            for n, forced in enumerate(then, start=1):
                await db.execute(
                    "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id,"
                    " ends_turn) VALUES (?, ?, ?, 'forced', ?, ?, NULL, ?)",
                    (game_id, n, forced.player_id, forced.move, logged_at(now), int(forced.ends_turn)),
                )
            armed = await self.outbox.write(db, game_id, version + 1, outbox, now)
            # Two passes keep (game_id, position) unique while re-numbering.
            for i, player_id in enumerate(order):
                await db.execute("UPDATE seats SET position = ? WHERE game_id = ? AND player_id = ?",
                                 (-1 - i, game_id, player_id))
            await db.execute("UPDATE seats SET position = -1 - position WHERE game_id = ?",
                             (game_id,))
            await self.timers.plan(db, game_id, timers, now, version + 1 if armed else None)

    async def record_move(self, game_id: int, version: int, *, player_id: str, kind: MoveKind,
                          move: str, state: str, result: Mapping[str, Any] | None,
                          now: float, actor_id: int | None = None,
                          timers: TimerPlan | None = None, ends_turn: bool = True, host_id: int | None = None,
                          outbox: Sequence[Envelope] = (),
                          then: Sequence[ForcedRow] = ()) -> int:
        """Append a move and store the state after it, the timers, a new host and what is to
        be said about it (``outbox``), atomically. ``then``: the forced moves that played
        themselves after it (kind ``forced``), logged in the same transaction; ``state`` is
        the state after them.

        Returns the move number (of the move, not of what followed it).
        """
        status = Status.FINISHED if result is not None else Status.RUNNING
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
                "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id,"
                " ends_turn) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, n, player_id, kind, move, logged_at(now), actor_id, int(ends_turn)),
            )
            for k, forced in enumerate(then, start=1):
                await db.execute(
                    "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id,"
                    " ends_turn) VALUES (?, ?, ?, 'forced', ?, ?, NULL, ?)",
                    (game_id, n + k, forced.player_id, forced.move, logged_at(now),
                     int(forced.ends_turn)),
                )
            armed = await self.outbox.write(db, game_id, version + 1, outbox, now)
            await self.timers.plan(db, game_id, None if result is not None else timers, now,
                                   version + 1 if armed else None)
            if result is not None:  # the ratings and records count it in this transaction
                await self.ratings.record(db, game_id)
                await self._forget_kept(db, game_id)
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
            armed = await self.outbox.write(db, game_id, version + 1, outbox, now)
            await self.timers.plan(db, game_id, timers, now, version + 1 if armed else None)

    async def end_game(self, game_id: int, version: int, *, status: Status, reason: str,
                       now: float, outbox: Sequence[Envelope] = ()) -> None:
        """Abort (or otherwise close) a game without a move; its timers go with it."""
        async with self._tx() as db:
            await self._bump(db, game_id, version, now, ", status = ?, end_reason = ?",
                             (status, reason))
            await self.outbox.write(db, game_id, version + 1, outbox, now)
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await TurnsTable.mark(db, game_id, None)
            await self._forget_kept(db, game_id)

    @staticmethod
    async def _forget_kept(db: Tx, game_id: int) -> None:
        """An ended game keeps no settings for its turns to come (:data:`KEPT_SETTINGS`)."""
        raw = await db.fetchval("SELECT timing FROM games WHERE id = ?", (game_id,))
        try:
            timing = json.loads(raw or "{}")
        except ValueError:
            return
        if isinstance(timing, dict) and KEPT_SETTINGS in timing:
            del timing[KEPT_SETTINGS]
            await db.execute("UPDATE games SET timing = ? WHERE id = ?",
                             (json.dumps(timing, sort_keys=True), game_id))

    async def set_message(self, game_id: int, *, kind: str, message_id: int | None,
                          channel_id: int | None = None) -> None:
        """Remember the lobby or latest board message (for links and edits), or the replay and
        where it was posted; no version bump."""
        column = {"lobby": "lobby_message_id", "board": "board_message_id",
                  "replay": "replay_message_id"}[kind]
        async with self._tx() as db:
            await db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))
            if kind == "replay":
                await db.execute("UPDATE games SET replay_channel_id = ? WHERE id = ?",
                                 (channel_id, game_id))

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._all(
            "SELECT game_id, n, player_id, kind, move, created_at, actor_id, undone_at, ends_turn"
            " FROM moves"
            " WHERE game_id = ? ORDER BY n",
            (game_id,),
        )
        return [MoveRow(**{**dict(r), "kind": MoveKind(r["kind"]), "ends_turn": bool(r["ends_turn"])})
                for r in rows]

    # ----- history --------------------------------------------------------------------------

    async def games_of(self, user_id: int, guild_id: int | None) -> list[GameRow]:
        """The open games (lobbies too) in which ``user_id`` still holds a seat, on one server."""
        rows = await self._all(
            "SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)"
            " AND status IN ('lobby', 'running') AND guild_id = ?"
            # whether they left, asked of their open games only (not of every game they played)
            f" AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ? AND NOT {LEFT})"
            " ORDER BY id", (user_id, guild_id, user_id))
        return [GameRow.from_row(r) for r in rows]
