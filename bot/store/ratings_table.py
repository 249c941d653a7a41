"""The kept ratings and records: what ``/game stats`` and ``/profile`` read.

A finished game updates them in the transaction that stores its result
(:meth:`RatingsTable.record`, called by ``store.games.record_move``), so reading them costs the
same however many games a server has finished. :meth:`RatingsTable.rebuild` recomputes all of
them from the finished games, in the order they ended, and says whether the kept tables agreed
(``python -m bot ratings rebuild``; the store also runs it once, when the tables are new).

A game counts if it could be loaded when it ended or is rebuilt: a row damaged later keeps
its place until the next rebuild, which leaves it out.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from games.base import ResultOutcome

from ..db.database import Database, Row, Tx
from .elo import (GLOBAL, TEACHING, Finished, Line, Ratings, Scope, Seat, rated_game, recompute,
                  unrated_because)
from .rows import SeatRow, _json_column
from .table import Table

#: The ``records`` row that counts a server's finished games of a game (no person has id 0).
ALL = 0
_SEATS = "game_id, position, user_id, player_id, name, bot_level"
#: What counting a finished game reads of its row: a row that can't be loaded (no state, a
#: JSON column damaged, a result that is no object) does not count, as stats left it out.
_GAME = "id, game, guild_id, result, options, timing, clock, state IS NULL AS stateless"


@dataclass(frozen=True)
class Standing:
    """What one finished game adds to the ratings and the records."""

    game: str
    guild_id: int | None
    rated: Finished | None
    people: dict[int, tuple[str, bool]]  # user -> (their name, whether they won)
    team: tuple[str, bool] | None = None  # a cooperative game: (the team, whether it won)


@dataclass(frozen=True)
class Record:
    game: str
    user_id: int
    name: str
    played: int
    won: int


@dataclass
class Rebuilt:
    """What a rebuild found: how many lines it wrote, and which kept ones were wrong."""

    lines: int = 0
    games: int = 0
    differences: list[str] = field(default_factory=list)


def _result(r: Row) -> dict[str, Any] | None:
    """The result of a finished row that could be loaded (the checks of ``GameRow.from_row``,
    and a state), else None: such a row does not count."""
    if r["stateless"]:
        return None
    try:
        for column in ("options", "timing", "clock"):
            _json_column(r, column, dict)
        return _json_column(r, "result", dict, optional=True)
    except ValueError:
        return None


def elo_seats(seats: Sequence[SeatRow]) -> list[Seat]:
    """The seats as the ratings see them."""
    return [Seat(s.player_id, s.user_id, bool(s.bot_level)) for s in seats]


def standing(game_id: int, game: str, guild_id: int | None, result: dict[str, Any] | None,
             seats: Sequence[SeatRow]) -> Standing | None:
    """A finished game as the ratings and records see it; None if it does not count (its row
    cannot be read: an unknown game, a result that is not one)."""
    known = games.REGISTRY.get(str(game).strip().lower())
    if known is None or result is None:
        return None
    winners = set(result.get("winners") or ())
    if not known.multi_seat and len(seats) > 1 and {s.player_id for s in seats} <= winners:
        winners = set()  # everyone "won": a draw, which is nobody's win in the records
    humans = [s for s in seats if not s.bot_level]
    people: dict[int, tuple[str, bool]] = {}
    for seat in humans:
        if seat.user_id not in people:
            won = any(s.player_id in winners for s in humans if s.user_id == seat.user_id)
            people[seat.user_id] = (seat.person_name, won)
    team = None
    if known.multi_seat and people:
        team = (",".join(str(u) for u in sorted(people)), result.get("outcome") == ResultOutcome.WON)
    rated = rated_game(game_id, game, guild_id, result,
                       elo_seats(seats))
    return Standing(game, guild_id, rated, people, team)


def _teaching(row: Row) -> bool:
    """Whether the game was opened with ``hints=on`` (a teaching game is never rated)."""
    try:
        timing = json.loads(row["timing"] or "{}")
    except (TypeError, ValueError):
        return False
    return isinstance(timing, dict) and bool(timing.get("hints"))


def _scopes(guild_id: int | None) -> list[Scope]:
    return [GLOBAL] if guild_id is None else [guild_id, GLOBAL]


def _record(r: Row) -> Record:
    return Record(r["game"], int(r["user_id"]), r["name"], int(r["played"]), int(r["won"]))


def _line(r: Row) -> Line:
    return Line(rating=float(r["rating"]), games=int(r["games"]), wins=int(r["wins"]))


class RatingsTable(Table):
    """``store.ratings``: Elo per scope and game, and each server's records."""

    async def record(self, db: Tx, game_id: int) -> None:
        """Game ``game_id`` has just finished: count it (in the transaction of its result).

        Games ending at once on several processes take turns here (PostgreSQL: a lock held
        to the commit), so none reads a rating another is about to change."""
        await db.serialize("ratings")
        row = await db.fetchrow(f"SELECT {_GAME} FROM games WHERE id = ?", (game_id,))
        if row is None:
            return
        seats = [SeatRow(**dict(r)) for r in await db.fetch(
            f"SELECT {_SEATS} FROM seats WHERE game_id = ? ORDER BY position", (game_id,))]
        result = _result(row)
        counted = standing(row["id"], row["game"], row["guild_id"], result, seats)
        if counted is not None and counted.rated is not None and result is not None:
            log = await db.fetch("SELECT player_id, kind, actor_id FROM moves WHERE game_id = ?"
                                 " AND undone_at IS NULL ORDER BY n", (game_id,))
            why = (TEACHING if _teaching(row) else
                   unrated_because(elo_seats(seats), [(r["player_id"], r["kind"], r["actor_id"]) for r in log]))
            if why is not None:  # kept in the result: a recomputation sees it too
                await db.execute("UPDATE games SET result = ? WHERE id = ?",
                                 (json.dumps({**result, "unrated": why}, sort_keys=True), game_id))
                counted = dataclasses.replace(counted, rated=None)
        if counted is not None:
            await self._add(db, counted)

    async def _add(self, db: Tx, s: Standing) -> None:
        if s.rated is not None:
            users = sorted(s.rated.places)
            marks = ",".join("?" * len(users))
            table = Ratings()
            for scope in _scopes(s.guild_id):
                lines = table.table.setdefault((scope, s.game), {})
                for r in await db.fetch(
                        "SELECT user_id, rating, games, wins FROM ratings WHERE scope = ? AND game = ?"
                        f" AND user_id IN ({marks})", (str(scope), s.game, *users)):
                    lines[int(r["user_id"])] = _line(r)
            table.add(s.rated)
            for (scope, game), lines in table.table.items():
                for user in users:
                    await self._put_rating(db, scope, game, user, lines[user])
        if s.guild_id is None:
            return  # records are kept per server
        await self._count(db, s.guild_id, s.game, ALL, "", 0)
        for user, (name, won) in s.people.items():
            await self._count(db, s.guild_id, s.game, user, name, int(won))
        if s.team is not None:
            await db.execute(
                "INSERT INTO team_records (guild_id, game, team, played, won) VALUES (?, ?, ?, 1, ?)"
                " ON CONFLICT (guild_id, game, team) DO UPDATE SET played = team_records.played + 1,"
                " won = team_records.won + excluded.won", (s.guild_id, s.game, s.team[0], int(s.team[1])))

    @staticmethod
    async def _put_rating(db: Tx, scope: Scope, game: str, user: int, line: Line) -> None:
        await db.execute(
            "INSERT INTO ratings (scope, game, user_id, rating, games, wins) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (scope, game, user_id) DO UPDATE SET rating = excluded.rating,"
            " games = excluded.games, wins = excluded.wins",
            (str(scope), game, user, line.rating, line.games, line.wins))

    @staticmethod
    async def _count(db: Tx, guild_id: int, game: str, user: int, name: str, won: int,
                     played: int = 1) -> None:
        await db.execute(
            "INSERT INTO records (guild_id, game, user_id, name, played, won) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name,"
            " played = records.played + excluded.played, won = records.won + excluded.won",
            (guild_id, game, user, name, played, won))

    # ----- reads ------------------------------------------------------------------------------

    async def board(self, scope: Scope, game: str) -> list[tuple[int, Line]]:
        """(user, line) from the highest rating down (ties: more games first, then user id)."""
        rows = await self._all("SELECT user_id, rating, games, wins FROM ratings WHERE scope = ?"
                               " AND game = ? ORDER BY rating DESC, games DESC, user_id",
                               (str(scope), game))
        return [(int(r["user_id"]), _line(r)) for r in rows]

    async def of(self, scope: Scope, user: int) -> dict[str, Line]:
        """A user's lines in one scope, by game."""
        rows = await self._all("SELECT game, rating, games, wins FROM ratings WHERE user_id = ?"
                               " AND scope = ?", (user, str(scope)))
        return {r["game"]: _line(r) for r in rows}

    async def records(self, guild_id: int, game: str | None = None) -> list[Record]:
        """A server's records (one game's, with ``game``); user :data:`ALL` counts the games."""
        which, params = (" AND game = ?", (game,)) if game is not None else ("", ())
        rows = await self._all("SELECT game, user_id, name, played, won FROM records"
                               f" WHERE guild_id = ?{which}", (guild_id, *params))
        return [_record(r) for r in rows]

    async def records_of(self, guild_id: int, user: int) -> list[Record]:
        rows = await self._all("SELECT game, user_id, name, played, won FROM records"
                               " WHERE user_id = ? AND guild_id = ?", (user, guild_id))
        return [_record(r) for r in rows]

    async def teams(self, guild_id: int, game: str | None = None) -> list[tuple[str, tuple[int, ...], int, int]]:
        """(game, team's user ids, played, won) of a server's cooperative teams."""
        which, params = (" AND game = ?", (game,)) if game is not None else ("", ())
        rows = await self._all("SELECT game, team, played, won FROM team_records"
                               f" WHERE guild_id = ?{which}", (guild_id, *params))
        return [(r["game"], tuple(int(u) for u in r["team"].split(",")), int(r["played"]), int(r["won"]))
                for r in rows]

    async def kept(self) -> Ratings:
        """Every kept rating, as the Elo table (to compare with a recomputation)."""
        return await self._kept(self.db)

    @staticmethod
    async def _kept(db: Tx | Database) -> Ratings:
        table = Ratings()
        for r in await db.fetch("SELECT scope, game, user_id, rating, games, wins FROM ratings"):
            scope: Scope = int(r["scope"]) if str(r["scope"]).isdigit() else GLOBAL
            table.table.setdefault((scope, r["game"]), {})[int(r["user_id"])] = _line(r)
        return table

    # ----- rebuilding -------------------------------------------------------------------------

    @staticmethod
    async def _finished(db: Tx) -> list[Standing]:
        """Every finished game that counts, in the order they ended: two queries."""
        seats: dict[int, list[SeatRow]] = {}
        for r in await db.fetch(
                "SELECT s.game_id, s.position, s.user_id, s.player_id, s.name, s.bot_level"
                " FROM seats s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
                " ORDER BY s.game_id, s.position"):
            seats.setdefault(r["game_id"], []).append(SeatRow(**dict(r)))
        out = []
        for r in await db.fetch(f"SELECT {_GAME} FROM games WHERE status = 'finished'"
                                " ORDER BY updated_at, id"):
            counted = standing(r["id"], r["game"], r["guild_id"], _result(r), seats.get(r["id"], []))
            if counted is not None:
                out.append(counted)
        return out

    async def rebuild(self) -> Rebuilt:
        """Recompute every rating and record from the finished games, compare them with the
        kept ones, and keep the recomputation; all in one transaction that games ending
        meanwhile wait for, so none is lost."""
        async with self._tx() as db:
            await db.serialize("ratings")
            return await self._rebuild(db)

    async def rebuild_if_marked(self, key: str) -> Rebuilt | None:
        """:meth:`rebuild` if the meta row ``key`` is there, and it goes in the same
        transaction: several processes opening a new database fill the tables once."""
        async with self._tx() as db:
            await db.serialize("ratings")
            if await db.fetchrow("SELECT 1 FROM meta WHERE key = ?", (key,)) is None:
                return None
            await db.execute("DELETE FROM meta WHERE key = ?", (key,))
            return await self._rebuild(db)

    async def _rebuild(self, db: Tx) -> Rebuilt:
        finished = await self._finished(db)
        elo = recompute(s.rated for s in finished if s.rated is not None)
        records: dict[tuple[int, str, int], list[Any]] = {}
        teams: dict[tuple[int, str, str], list[int]] = {}
        for s in finished:
            if s.guild_id is None:
                continue
            records.setdefault((s.guild_id, s.game, ALL), ["", 0, 0])[1] += 1
            for user, (name, won) in s.people.items():
                entry = records.setdefault((s.guild_id, s.game, user), [name, 0, 0])
                entry[0] = name
                entry[1] += 1
                entry[2] += int(won)
            if s.team is not None:
                tally = teams.setdefault((s.guild_id, s.game, s.team[0]), [0, 0])
                tally[0] += 1
                tally[1] += int(s.team[1])
        report = Rebuilt(games=len(finished))
        report.differences = await self._compare(db, elo, records, teams)
        for table in ("ratings", "records", "team_records"):
            await db.execute(f"DELETE FROM {table}")
        for (scope, game), lines in elo.table.items():
            for user, line in lines.items():
                await self._put_rating(db, scope, game, user, line)
                report.lines += 1
        for (guild, game, user), (name, count, wins) in records.items():
            await self._count(db, guild, game, user, name, wins, count)
            report.lines += 1
        for (guild, game, team), (count, wins) in teams.items():
            await db.execute("INSERT INTO team_records (guild_id, game, team, played, won)"
                             " VALUES (?, ?, ?, ?, ?)", (guild, game, team, count, wins))
            report.lines += 1
        return report

    async def _compare(self, db: Tx, elo: Ratings, records: dict[tuple[int, str, int], list[Any]],
                       teams: dict[tuple[int, str, str], list[int]]) -> list[str]:
        """The kept lines that differ from a recomputation, as sentences (shown as integers)."""
        kept_elo = {(str(scope), game, user): value
                    for (scope, game), lines in (await self._kept(db)).rounded().items()
                    for user, value in lines.items()}
        fresh_elo = {(str(scope), game, user): value for (scope, game), lines in elo.rounded().items()
                     for user, value in lines.items()}
        kept_records = {(int(r["guild_id"]), r["game"], int(r["user_id"])): (int(r["played"]), int(r["won"]))
                        for r in await db.fetch("SELECT guild_id, game, user_id, played, won FROM records")}
        fresh_records = {key: (played, won) for key, (_name, played, won) in records.items()}
        kept_teams = {(int(r["guild_id"]), r["game"], r["team"]): (int(r["played"]), int(r["won"]))
                      for r in await db.fetch("SELECT guild_id, game, team, played, won FROM team_records")}
        fresh_teams = {key: (played, won) for key, (played, won) in teams.items()}
        return [*_differences("rating", kept_elo, fresh_elo),
                *_differences("record", kept_records, fresh_records),
                *_differences("team record", kept_teams, fresh_teams)]


def _differences(what: str, kept: dict[Any, Any], fresh: dict[Any, Any]) -> Iterable[str]:
    for key in sorted(kept.keys() | fresh.keys(), key=str):
        if kept.get(key) != fresh.get(key):
            yield f"{what} {key}: kept {kept.get(key)}, recomputed {fresh.get(key)}"
