"""Whose turn it is, seat by seat (``seats.turn``), so that a person's games on every server and
in every group DM are found with one indexed read (``/turns``) instead of loading each game.

A mark is written in the transaction of every change that plans a game's timers (start, move,
undo: :meth:`TimersTable.plan <bot.store.timers_table.TimersTable.plan>`), and cleared when
the game ends, when a bot takes the seat, and when its player leaves. Running games from
before the marks existed carry ``UNKNOWN`` until a reader fills them (:meth:`TurnsTable.fill`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from ..db import Tx
from .pauses_table import HOLD_START
from .rows import GameRow
from .table import Table

#: SQL: the seat ``s`` has left its game (resigned, kicked, forfeited; undone moves aside).
LEFT = ("EXISTS (SELECT 1 FROM moves m WHERE m.game_id = s.game_id AND m.player_id = s.player_id"
        " AND m.kind IN ('resign', 'kick', 'forfeit') AND m.undone_at IS NULL)")

#: ``seats.turn``: the seat must act now, waits for the others, or (a running game from before
#: the marks) is not known yet. NULL: the seat is not in play.
MUST_ACT, WAITS, UNKNOWN = 1, 0, -1

#: SQL: a seat a person plays (not a bot's, not one its player left).
_PLAYED = f"s.bot_level IS NULL AND s.user_id <> 0 AND NOT {LEFT}"

#: The games columns a listing reads: everything but the state, which only an unknown mark
#: needs (a state can be kilobytes, and a player may have hundreds of games).
_GAME_COLUMNS = ("g.id, g.guild_id, g.channel_id, g.game, g.options, g.seed, g.status, g.host_id,"
                 f" CASE WHEN s.turn = {UNKNOWN} THEN g.state END AS state, g.version, g.result,"
                 " g.end_reason, g.lobby_message_id, g.board_message_id, g.created_at, g.updated_at,"
                 " g.timing, g.replay_message_id, g.replay_channel_id, g.paused_at, g.paused_by,"
                 " g.pause_reason, g.clock, g.threaded, g.thread_id")


@dataclass(frozen=True)
class OtherSeat:
    """Another seat of a game in someone's list: who, and whether they must act now."""

    user_id: int
    name: str
    player_id: str
    must_act: bool
    bot: bool


@dataclass
class InPlay:
    """One running game of a person, as their turn list reads it."""

    row: GameRow  # without its state unless ``unknown``
    players: list[str]  # the person's seats (the engine's ids), usually one
    must_act: bool
    unknown: bool  # a mark from before the marks: ask the engine, then :meth:`TurnsTable.fill`
    others: list[OtherSeat] = field(default_factory=list)
    #: The person's own deadline (or clock running out), when it falls due; and, should it be
    #: held (the game paused, the person away), since when it stands still.
    deadline: float | None = None
    hold_start: float | None = None
    #: When the person's wait began, where a timer of theirs says so (else None).
    turn_since: float | None = None


class TurnsTable(Table):
    """``store.turns``: the turn marks of seats, and a person's running games by them."""

    @staticmethod
    async def mark(db: Tx, game_id: int, acting: Collection[str] | None, *,
                   only_unknown: bool = False) -> None:
        """Mark the seats of ``game_id``: those of ``acting`` must act, the other seats people
        play wait, and the rest (bots, players who left; every seat once ``acting`` is None:
        the game is over) are out of play."""
        known = f" AND s.turn = {UNKNOWN}" if only_unknown else ""
        if acting is None:
            await db.execute(f"UPDATE seats AS s SET turn = NULL WHERE s.game_id = ?"
                             f" AND s.turn IS NOT NULL{known}", (game_id,))
            return
        ids = sorted(acting)
        now = f"s.player_id IN ({','.join('?' * len(ids))})" if ids else "1 = 0"
        await db.execute(f"UPDATE seats AS s SET turn = CASE WHEN {now} THEN {MUST_ACT} ELSE {WAITS} END"
                         f" WHERE s.game_id = ? AND {_PLAYED}{known}", (*ids, game_id))
        await db.execute(f"UPDATE seats AS s SET turn = NULL WHERE s.game_id = ? AND s.turn IS NOT NULL"
                         f" AND NOT ({_PLAYED}){known}", (game_id,))

    async def fill(self, game_id: int, acting: Collection[str]) -> None:
        """Write the marks of a game from before them (nothing if a change wrote them since:
        only marks still unknown are written)."""
        async with self._tx() as db:
            await self.mark(db, game_id, acting, only_unknown=True)

    async def in_play(self, user_id: int) -> list[InPlay]:
        """Every running game in which ``user_id`` plays a seat, with the other seats and the
        person's deadlines: three reads through ``seats_in_play``, however many games."""
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS}, s.player_id AS my_player, s.turn AS my_turn"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND s.turn IS NOT NULL AND g.status = 'running'"
            " ORDER BY g.id, s.position", (user_id,))
        games: dict[int, InPlay] = {}
        for r in rows:
            got = games.get(r["id"])
            if got is None:
                got = games[r["id"]] = InPlay(row=GameRow.from_row(r), players=[], must_act=False,
                                              unknown=False)
            got.players.append(r["my_player"])
            got.must_act |= r["my_turn"] == MUST_ACT
            got.unknown |= r["my_turn"] == UNKNOWN
        if not games:
            return []
        mine = "SELECT s.game_id FROM seats s WHERE s.user_id = ? AND s.turn IS NOT NULL"
        for r in await self._all(
                "SELECT game_id, user_id, name, player_id, turn, bot_level FROM seats"
                f" WHERE game_id IN ({mine}) AND user_id <> ? ORDER BY game_id, position",
                (user_id, user_id)):
            if r["game_id"] in games and (r["turn"] is not None or r["bot_level"] is not None):
                games[r["game_id"]].others.append(OtherSeat(
                    user_id=r["user_id"], name=r["name"], player_id=r["player_id"],
                    must_act=r["turn"] == MUST_ACT, bot=r["bot_level"] is not None))
        for r in await self._all(
                f"SELECT t.game_id, t.kind, t.due_at, t.turn_since, {HOLD_START} AS hold_start"
                " FROM timers t JOIN seats s ON s.game_id = t.game_id AND s.player_id = t.player_id"
                " WHERE s.user_id = ? AND s.turn IS NOT NULL", (user_id,)):
            got = games.get(r["game_id"])
            if got is None:
                continue
            if got.turn_since is None or r["turn_since"] < got.turn_since:
                got.turn_since = r["turn_since"]
            if r["kind"] == "deadline" and (got.deadline is None or r["due_at"] < got.deadline):
                got.deadline, got.hold_start = r["due_at"], r["hold_start"]
        return list(games.values())
