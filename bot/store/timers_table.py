"""The timers table: reminders, deadlines and chess clocks as ``timers`` rows (planned with
each change of a game, claimed with a lease, fired by the service). Holds while paused or away:
:mod:`bot.store.pauses_table`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..db import Database, Tx
from .envelopes import Envelope
from .outbox_table import OutboxTable
from .pauses_table import HELD, HOLD_START, PausesTable, Undo
from .rows import TimerPlan, TimerRow, bank_left
from .table import Table
from .turns_table import MUST_ACT, TurnsTable
from ..timekeeping.reminders import Ladder


#: SQL over ``games g`` and its parameters: the games one process serves.
Scope = tuple[str, tuple[Any, ...]]


#: Every game: a process that runs every shard.
EVERY_GAME: Scope = ("1 = 1", ())


def _of_served(served: Scope) -> Scope:
    """``served`` as a condition on a ``timers`` row (nothing for every game)."""
    if served == EVERY_GAME:
        return "", ()
    cond, params = served
    # A lookup of the row's own game, not a semi-join PostgreSQL may run over all of games.
    return f" AND (SELECT {cond} FROM games g WHERE g.id = timers.game_id)", params


class TimersTable(Table):
    """``store.timers``: a fired timer writes what it says into the ``outbox``; an away's end
    (in ``pauses``) is a time the timer loop waits for too."""

    def __init__(self, db: Database, outbox: OutboxTable, pauses: PausesTable) -> None:
        super().__init__(db)
        self.outbox = outbox
        self.pauses = pauses

    async def plan(self, db: Tx, game_id: int, plan: TimerPlan | None,
                   now: float, waiting_for: int | None = None, *, fresh: bool = False) -> None:
        """Bring the game's timers in line with ``plan``.

        With ``waiting_for`` (a game version), new timers stay unarmed until the outbox row of
        that version that pings the players is delivered (:meth:`arm`). Also stores whether a
        bot may act now (``games.bot_turn``, what the bot-seat sweep looks for), and whose
        turn it is, seat by seat (``seats.turn``, what ``/turns`` reads).

        A player whose turn goes on (still to act, and it was their turn before this change)
        keeps their timers, also when none are left (their deadline has passed, their clock
        ran out): a step inside the turn starts no new deadline. ``fresh``: timers for a game
        that has none, whatever its marks say.
        """
        due = int(plan is not None and plan.bot_turn)
        await db.execute("UPDATE games SET bot_turn = ? WHERE id = ? AND bot_turn <> ?",
                         (due, game_id, due))
        going_on = set() if fresh else {r[0] for r in await db.fetch(
            f"SELECT player_id FROM seats WHERE game_id = ? AND turn = {MUST_ACT}", (game_id,))}
        await TurnsTable.mark(db, game_id, plan.acting if plan is not None else None)
        if plan is None:
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return
        rows = await db.fetch("SELECT DISTINCT player_id FROM timers WHERE game_id = ?", (game_id,))
        keep = ({r[0] for r in rows} | going_on) & (plan.acting - plan.reset)
        banks = await self._settle_clock(db, game_id, plan, now) if plan.clock is not None else {}
        # "NOT IN ()" is SQLite only: with nothing to keep, say so plainly.
        spare = f" AND player_id NOT IN ({','.join('?' * len(keep))})" if keep else ""
        await db.execute(f"DELETE FROM timers WHERE game_id = ?{spare}", (game_id, *sorted(keep)))
        armed = 0 if waiting_for is not None else 1
        for player in sorted(plan.acting - keep):
            deadline = (plan.deadline if plan.clock is None
                        else max(0.0, float(banks.get(player, plan.clock[0]))))
            clock = dict(plan.quiet).get(player)
            ends = now + deadline if deadline else None

            def warned(d: float) -> float:  # out of quiet hours the deadline would outlast
                return d if clock is None else clock.warn_at(now + d, ends, now) - now

            planned: list[tuple[str, float | None]] = [
                ("reminder", warned(plan.reminder) if plan.reminder else None)]
            if (plan.shares or plan.left) and deadline:  # points before the end, each once
                moved = sorted({warned(d) for d in Ladder(shares=plan.shares, left=plan.left).delays(deadline)})
                planned = [("reminder", d) for d in moved]  # two moved to one moment: one reminder
            for kind, delay in (*planned, ("deadline", deadline)):
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
        played), at most the start. A held deadline (its player away, its game paused) stood
        still from when its hold began: the time held is not charged."""
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
        rows = await db.fetch(f"SELECT player_id, due_at, armed, delay, ran_out, {HOLD_START} AS"
                              f" stopped, {HELD} AS held FROM timers WHERE game_id = ?"
                              " AND kind = 'deadline'", (now, game_id))
        left = {r["player_id"]: bank_left(r["due_at"], r["armed"], r["delay"], r["ran_out"],
                                          min(now, r["stopped"]) if r["held"] else now)
                for r in rows}
        for player in sorted(plan.ended):  # no deadline left: it ran out
            banks[player] = min(float(start), left.get(player, 0.0)
                                + (increment if player in plan.reset else 0))
        await db.execute("UPDATE games SET clock = ? WHERE id = ?",
                         (json.dumps({**data, "banks": banks}, sort_keys=True), game_id))
        return banks

    async def due(self, now: float) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out FROM timers"
            " WHERE due_at <= ? AND armed = 1 ORDER BY due_at, id",
            (now,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def of_game(self, game_id: int) -> list[TimerRow]:
        rows = await self._all(
            "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out, held_at"
            " FROM timers"
            " WHERE game_id = ? ORDER BY due_at, id",
            (game_id,),
        )
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def claim(self, *, owner: str, now: float, lease: float, limit: int = 100,
                    served: Scope = EVERY_GAME) -> list[TimerRow]:
        """Take the due timers nobody holds of the games ``served`` (a process's shards), so
        that with several processes each timer is worked on by one. The claim lasts ``lease``
        seconds: the timers of a process that died come back by themselves. :meth:`fire`
        consumes a timer for good."""
        scope, params = _of_served(served)
        async with self._tx() as db:
            rows = await db.fetch(
                "SELECT id, game_id, kind, player_id, due_at, turn_since, armed, delay, ran_out, held_at"
                " FROM timers"
                " WHERE due_at <= ? AND armed = 1 AND (claimed_until IS NULL OR claimed_until < ?)"
                f" AND NOT {HELD}{scope}"  # a paused game's, an away player's: held, not fired
                " ORDER BY due_at, id LIMIT ?" + self.db.skip_locked,
                (now, now, now, *params, limit),
            )
            for r in rows:
                await db.execute("UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE id = ?",
                                 (owner, now + lease, r["id"]))
        return [TimerRow(**{**dict(r), "armed": bool(r["armed"])}) for r in rows]

    async def next_due(self, now: float) -> float | None:
        """When the next timer may be fired (a claimed one: when its claim lapses), as the
        holds stand at ``now``. Of every game, not only a process's shards: a wake-up that
        finds nothing of its own costs one claim, where a search for its own next timer would
        read past every other shard's."""
        # The earliest free timer comes first in ``timers_due``; claimed ones are few (a claim
        # lasts while a timer fires), and are found through ``timers_claimed``.
        free = await self._one(
            "SELECT due_at AS due FROM timers WHERE armed = 1 AND claimed_until IS NULL"
            f" AND NOT {HELD} ORDER BY due_at LIMIT 1", (now,))
        held = await self._one(
            "SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END) AS due"
            f" FROM timers WHERE claimed_until IS NOT NULL AND armed = 1 AND NOT {HELD}", (now,))
        found = [r["due"] for r in (free, held) if r is not None and r["due"] is not None]
        due = min(found) if found else None
        back = await self.pauses.next_return()  # an away that ends by its date releases timers
        return back if due is None or (back is not None and back < due) else due

    async def arm(self, game_id: int, version: int, plan: TimerPlan, *, now: float) -> bool:
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
            await self.plan(db, game_id, plan, now, fresh=True)
        return True

    async def fire(self, timer: TimerRow, *, again_at: float | None, now: float,
                   outbox: Sequence[Envelope] = (), ran_out: float | None = None) -> bool:
        """Consume a due timer once, with what it says (``outbox``); a reminder may come back
        at ``again_at`` (a chess clock's deadline too, as the grace after its bank ``ran_out``).

        False when another process fired it first (it is gone already).
        """
        async with self._tx() as db:
            if await db.execute("DELETE FROM timers WHERE id = ?", (timer.id,)) != 1:
                return False
            await self.outbox.write(db, timer.game_id, None, outbox, now)
            if again_at is not None:
                # An away in its first hour (see AWAY_GRACE) holds the row that comes back
                # when it held this one.
                later = timer.held_at if timer.held_at is not None and timer.held_at > now else None
                await db.execute(
                    "INSERT INTO timers (game_id, kind, player_id, due_at, turn_since, created_at,"
                    " ran_out, held_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (timer.game_id, timer.kind, timer.player_id, again_at, timer.turn_since, now,
                     timer.ran_out if ran_out is None else ran_out, later),
                )
                # Held since it was claimed (a pause in another process): held from now on.
                await db.execute(
                    "UPDATE timers SET held_at = ? WHERE game_id = ? AND kind = ? AND player_id = ?"
                    f" AND held_at IS NULL AND {HELD}", (now, timer.game_id, timer.kind, timer.player_id, now))
        return True

    # ----- downtime -------------------------------------------------------------------------

    async def clocked_games(self, served: Scope) -> list[tuple[int, int | None, int]]:
        """(game, guild, channel) of the running games in ``served`` that have a deadline (a
        clock's or a fixed one): the games an outage could have cost time."""
        cond, params = served
        rows = await self._all(
            "SELECT g.id, g.guild_id, g.channel_id FROM games g"
            " WHERE g.status IN ('lobby', 'running') AND g.status = 'running'"  # games_open
            f" AND {cond} AND EXISTS (SELECT 1 FROM timers t WHERE t.game_id = g.id"
            " AND t.kind = 'deadline') ORDER BY g.id", params)
        return [(r["id"], r["guild_id"], r["channel_id"]) for r in rows]

    async def hold_downtime(self, key: str, *, last: str, down: float, now: float, served: Scope,
                            outbox: Sequence[tuple[int, Sequence[Envelope]]] = ()) -> bool:
        """The bot was down for ``down`` seconds: every timer of the running games in
        ``served`` moves forward by that much (``due_at``, ``turn_since`` and a hold's start
        alike, so a bank, a deadline, a reminder and a later return's shift are as if the time
        had not passed), with what says so (``outbox``). ``key`` is the meta row of the
        heartbeat that still reads ``last``; it reads ``now`` after. False, changing nothing,
        when another start-up moved it first."""
        cond, params = served
        try:
            async with self._tx() as db:
                if await db.execute("UPDATE meta SET value = ? WHERE key = ? AND value = ?",
                                    (repr(now), key, last)) != 1:
                    raise Undo
                # games_open; a column of the row itself, or SQLite (no statistics) would
                # rather read all of the covering games_by_guild.
                ids = [r["id"] for r in await db.fetch(
                    "SELECT g.id, g.version FROM games g WHERE g.status IN ('lobby', 'running')"
                    f" AND g.status = 'running' AND {cond}", params)]
                for at in range(0, len(ids), 500):  # by the game's index, not all of timers
                    some = ids[at:at + 500]
                    await db.execute(
                        "UPDATE timers SET due_at = due_at + ?, turn_since = turn_since + ?,"
                        f" held_at = held_at + ? WHERE game_id IN ({','.join('?' * len(some))})",
                        (down, down, down, *some))
                for game_id, items in outbox:
                    await self.outbox.write(db, game_id, None, items, now)
        except Undo:
            return False
        return True


def served_by(shard_count: int | None, shard_ids: Sequence[int] | None) -> Scope:
    """The games of the shards a process runs (Discord's rule: a server's shard is its id
    shifted right by 22, modulo the count; direct messages come to shard 0). Every game
    when the process runs every shard."""
    if shard_count is None or shard_ids is None:
        return EVERY_GAME
    cond = f"((g.guild_id >> 22) % ?) IN ({','.join('?' * len(shard_ids))})"
    if 0 in shard_ids:
        cond = f"(g.guild_id IS NULL OR {cond})"
    return f"({cond})", (shard_count, *shard_ids)
