"""Reminders and deadlines: rows in the database that fire as events, never sleeping tasks.

The adapter calls :meth:`Timers.fire_due` now and then (and once at start-up). A timer
that fell due while the bot was down fires once, and a reminder then comes back one interval
after *now*, so a long outage never turns into a flood of pings.
"""

from __future__ import annotations

from dataclasses import dataclass
import logging
from typing import TYPE_CHECKING, Any

from games import IllegalMove

from ..refusals import GameUnavailable
from ..messages import Outcome, Place, Post
from ..store.envelopes import Envelope
from ..store import TimerRow
from ..safe_text import mention
from ..timekeeping.durations import format_duration
from ..vocab import MoveKind, Status
from .names import _, bold, seat_names, users_of
from ..timekeeping.chess_clock import clock_of

from games.text import Text, lines
from .places import board_link
from .part import Part

if TYPE_CHECKING:
    from .clocks import Clocks
    from .core import Narrator
    from .downtime import Downtime
    from .notify import Notices
    from .pause import Pauses
    from .play import Play
    from .turns import Turns

log = logging.getLogger("bot.service.timers")
#: Meta key: running games without timers were given theirs (once, after an old schema).
TIMERS_CHECKED = "timers_checked"
RETRY = 15 * 60  # seconds before a timer that failed is tried again
#: Seconds a process holds the timers it took; if it dies, another takes them after this.
TIMER_LEASE = 5 * 60


@dataclass(eq=False, repr=False, kw_only=True)
class Timers(Part):
    """Reminders and deadlines that are due, aways whose date has come, notices that quiet
    hours held, and daily digests."""

    clocks: Clocks
    notices: Notices
    pauses: Pauses
    play: Play
    narrator: Narrator
    #: This process's shards: only their games' timers are fired here (a down shard's wait
    #: for it, and are held when it starts again).
    downtime: Downtime
    turns: Turns  # the daily digests

    async def next_due(self) -> float | None:
        """The next timer, the end of the quiet hours that hold someone's notices, or the next
        daily digest."""
        found = [t for t in (await self.store.timers.next_due(self.clock()),
                             await self.store.quiet.next_release(),
                             await self.store.quiet.next_digest()) if t is not None]
        return min(found) if found else None

    async def arm_missing_timers(self) -> int:
        """At start-up: running games without a single timer get the ones their players are owed.

        A database migrated from before timers existed (schema 1) holds running games with
        none, and nothing else would create them before somebody moves. Game by game; one that
        can't be loaded is skipped. Returns how many games got timers.

        Done once per database: later, a game without timers is one whose deadline already
        fired (a reminder-less ``remind``), and arming it again would repeat that deadline at
        every restart.
        """
        if await self.store.meta.get(TIMERS_CHECKED) is not None:
            return 0
        armed = 0
        for row in await self.store.games.running_without_timers():
            try:
                async with self.ground.lock(row.channel_id):
                    if await self.store.timers.of_game(row.id):
                        continue
                    game = self.ground.engine(self.ground.usable(row).game)
                    plan = await self.ground.timer_plan(row, game, self.ground.load_state(game, row))
                    if plan is None or not plan.acting or not (plan.reminder or plan.deadline or plan.clock):
                        continue
                    if await self.store.timers.arm(row.id, row.version, plan, now=self.clock()):
                        log.info("game %s had no timers; armed them for %s", row.id,
                                 ", ".join(sorted(plan.acting)))
                        armed += 1
            except GameUnavailable:
                continue  # parked, logged once
            except Exception:
                log.exception("arming the timers of game %s failed; skipping it", row.id)
        await self.store.meta.set(TIMERS_CHECKED, str(self.clock()))
        return armed

    async def fire_due(self) -> list[tuple[Place, Outcome]]:
        """Fire every timer that is due now; returns what to post where. Aways whose date has
        come end first (their timers shift, then fire if due), then the notices that quiet
        hours held back go out."""
        out: list[tuple[Place, Outcome]] = []
        for user_id, _since, until in await self.store.pauses.returns_due(self.clock()):
            try:
                out += await self.pauses.come_back(user_id, at=until, until=until)
            except Exception:
                log.exception("ending the away of user %s failed; trying again later", user_id)
        try:  # quiet hours that ended: what they held, once
            out += await self.notices.release_due()
        except Exception:
            log.exception("releasing the notices held by quiet hours failed; trying again later")
        try:
            out += await self.turns.digests_due()
        except Exception:
            log.exception("sending the daily digests failed; trying again later")
        now = self.clock()
        for timer in await self.store.timers.claim(owner=self.ground.owner, now=now, lease=TIMER_LEASE,
                                                   served=self.downtime.served):
            try:
                fired = await self._fire(timer)
            except GameUnavailable:
                # The game can't be loaded (logged once, parked): its timer goes, or it would
                # come back every 15 minutes forever. Aborting the game is the way out.
                await self.store.timers.fire(timer, again_at=None, now=self.clock())
                continue
            except Exception:
                # A bug, not a rule: try again later rather than lose the reminder or deadline.
                log.exception("timer %s of game %s failed; retrying in 15 min", timer.id, timer.game_id)
                await self.store.timers.fire(timer, again_at=self.clock() + RETRY, now=self.clock())
                continue
            if fired is not None:
                out.append(fired)
        return out

    async def _fire(self, timer: TimerRow) -> tuple[Place, Outcome] | None:
        row = await self.store.games.get(timer.game_id)
        if row is None:
            return None
        async with self.ground.lock(row.channel_id):
            row = await self.store.games.get(timer.game_id)
            assert row is not None
            self.ground.usable(row)
            now = self.clock()
            game = self.ground.engine(row.game)
            state = self.ground.load_state(game, row) if row.state else None
            if row.status != Status.RUNNING or state is None or timer.player_id not in game.waiting_for(state):
                await self.store.timers.fire(timer, again_at=None, now=now)  # stale: drop it
                return None
            settings = await self.ground.settings_for(row)
            _interval, deadline, action = self.ground.timing(row, settings)
            reminder = self.ground.reminders(row, settings).every  # points come back never
            seats = await self.store.games.seats(row.id)
            if any(s.bot_level and s.player_id == timer.player_id for s in seats):
                await self.store.timers.fire(timer, again_at=None, now=now)  # bots need no reminding
                return None
            user = users_of(seats)[timer.player_id]
            place = Place(guild_id=row.guild_id, channel_id=row.home)
            waited = format_duration(now - timer.turn_since)
            clocked = clock_of(row.timing) is not None
            if timer.kind == "reminder":
                link = board_link(row)
                timers = await self.store.timers.of_game(row.id)
                if any(t.kind == "reminder" and t.player_id == timer.player_id and t.armed
                       and (timer.due_at, timer.id) < (t.due_at, t.id) and t.due_at <= now
                       for t in timers):
                    # a later point of the ladder is due too (the bot was down): it says it
                    await self.store.timers.fire(timer, again_at=None, now=now)
                    return None
                due = [t for t in timers if t.kind == "deadline" and t.player_id == timer.player_id]
                if due and (due[0].ran_out is None and due[0].armed and due[0].due_at <= now
                            or clocked and due[0].ran_out is not None
                            and now - due[0].ran_out < (reminder or 0)):
                    # their deadline fires now (after a long wait, both fall due together), or
                    # the notice that their clock ran out pinged them just now: not twice
                    await self.store.timers.fire(timer, again_at=now + reminder if reminder else None,
                                                 now=now)  # a point of a ladder comes once
                    return None
                head = _("⏰ {who}, it's your turn in **{game}** (waiting for {waited}).",
                         who=mention(user), game=game.title, waited=waited)
                if sum(s.user_id == user for s in seats) > 1:  # say which of their seats
                    head = _("⏰ {who}, it's your turn in **{game}** as {seat} (waiting for {waited}).",
                             who=mention(user), game=game.title, waited=waited,
                             seat=bold(seat_names(game, state, seats)[timer.player_id]))
                parts: list[Any] = [_("{head} Board: {link}", head=head, link=link) if link else head]
                if clocked:  # "you have 1 d 4 h left"
                    warn: Text | None = self.clocks.clock_left_words(due[0] if due else None, now)
                elif due:
                    passes = game.pass_move(state, timer.player_id) is not None
                    warn = _("Deadline in {left}: after that {then}.",
                             left=format_duration(due[0].due_at - now),
                             then=self._action_words(action, passes))
                else:
                    warn = None
                parts += [warn, game.prompt(state, timer.player_id, seat_names(game, state, seats))]
                post = await self.notices.reminder_notice(Post(text=lines(parts), mention=(user,)), game, row,
                                                          seats, timer, user, waited, warn)
                items = self.narrator.envelopes(row, posts=[post])
                again = None
                if reminder:  # the next one, before quiet hours that would outlast the deadline
                    again = (await self.store.quiet.clock(user)).warn_at(
                        now + reminder, due[0].due_at if due and due[0].armed else None, now)
                if not await self.store.timers.fire(timer, again_at=again, now=now, outbox=items):
                    return None
                return place, Outcome(reply="", posts=[post], game_id=row.id,
                                      outbox=tuple(i.key for i in items))
            if clocked and timer.ran_out is None:  # a bank ran out: the others may wait
                outcome, items, grace_end = await self.clocks.clock_out(row, game, state, seats, timer,
                                                                        action, user, waited, now)
                if not await self.store.timers.fire(timer, again_at=grace_end, now=now, outbox=items,
                                                    ran_out=now if grace_end is not None else None):
                    return None
                return place, outcome
            if clocked and all(t.id != timer.id for t in await self.store.timers.of_game(row.id)):
                return None  # the others chose to wait while it was being fired
            # A skip or a forfeit is committed with a new timer plan that replaces this timer in
            # the same transaction as its post; a ping-only deadline says so in the transaction
            # that consumes the timer. A crash in between leaves the deadline to fire again.
            outcome, items = await self._deadline(row, game, state, seats, timer, action, user, waited)
            fired = await self.store.timers.fire(timer, again_at=None, now=now, outbox=items)
            if items and not fired:  # another process consumed it first, and said it
                return None
            return place, outcome

    @staticmethod
    def _action_words(action: str, passes: bool = True) -> Text:
        """What the deadline will do; ``passes``: whether the turn can be passed as it stands
        (Krasserfall and Aqualin have no pass: a skip there only pings again)."""
        if action == "skip" and not passes:  # "danach wird dein Zug übersprungen" was untrue
            return _("I'll ping once more and a moderator may step in (this turn can't be passed "
                     "as it stands)")
        return {"remind": _("I'll ping once more and a moderator may step in"),
                "skip": _("your turn is passed"), "forfeit": _("you leave the game")}[action]

    async def _deadline(self, row, game, state, seats, timer: TimerRow, action: str, user: int,
                        waited: str) -> tuple[Outcome, list[Envelope]]:
        """What the deadline does; the envelopes still to be written with the timer (the
        changes that act write their own)."""
        name = seat_names(game, state, seats)[timer.player_id]
        if action == "skip":
            move = game.pass_move(state, timer.player_id)
            if move is not None:
                try:
                    new = game.apply(state, timer.player_id, move)
                except IllegalMove:
                    log.exception("pass move %r refused in game %s", move, row.id)
                else:
                    new, forced, headline = await self.play.then_forced(
                        game, row, seats, state, new,
                        _("⌛ Time's up for **{name}** after {waited}: their turn was passed "
                          "(`{move}`).", name=name, waited=waited, move=move))
                    post = await self.play.post_after(game, row, seats, state, new, headline,
                                                      (timer.player_id, MoveKind.SKIP, None))
                    dms = await self.play.dms_after(game, row, seats, state, new, forced)
                    items = self.narrator.envelopes(row, posts=[post], dms=dms)
                    await self.play.commit(row, game, state, new, player=timer.player_id,
                                       kind=MoveKind.SKIP, move=move, actor_id=None, outbox=items,
                                       then=forced)
                    return Outcome(reply="", posts=[post], dms=dms, game_id=row.id,
                                   outbox=tuple(i.key for i in items)), []
        if action == "forfeit":
            seat = next(s for s in seats if s.player_id == timer.player_id)
            settings = await self.ground.settings_for(row)
            if settings.bot_takeover:  # the game goes on with a bot in the seat
                text = _("⌛ **{name}** ran out of time after {waited}: a bot plays on in their seat.",
                         name=name, waited=waited)
                items = self.narrator.envelopes(row, posts=[Post(text=text)])
                await self.ground.write(self.store.games.seat_to_bot(
                    row.id, row.version, player_id=seat.player_id, name=f"🤖 {seat.name}",
                    level="normal", now=self.clock(), outbox=items))
                return Outcome(reply="", posts=[Post(text=text)], game_id=row.id,
                               outbox=tuple(i.key for i in items)), []
            post, keys, dms = await self.play.remove_player(row, game, seats, seat, kind=MoveKind.FORFEIT,
                                                        actor_id=None,
                                                        headline=_("⌛ **{name}** ran out of time after "
                                                                   "{waited} and left the game.",
                                                                   name=name, waited=waited))
            return Outcome(reply="", posts=[post], dms=dms, game_id=row.id, outbox=keys), []
        if action == "skip":  # here only when the turn has no pass: never point to skip
            text = _("⌛ {who}, the turn deadline has passed (waiting for {waited}). This turn can't be "
                     "passed, so it still waits for you: please move soon. A moderator can remove "
                     "you from the game with `{cmd:game kick}` or end the game with "
                     "`{cmd:game abort}`.", who=mention(user), waited=waited)
        elif game.pass_move(state, timer.player_id) is None:
            text = _("⌛ {who}, the turn deadline has passed (waiting for {waited}). Please move soon; a "
                     "moderator can remove you from the game with `{cmd:game kick}` or end the game "
                     "with `{cmd:game abort}` (this turn can't be skipped).", who=mention(user),
                     waited=waited)
        else:
            text = _("⌛ {who}, the turn deadline has passed (waiting for {waited}). Please move soon; a "
                     "moderator can `{cmd:game skip}` the turn or `{cmd:game kick}` a player.", who=mention(user),
                     waited=waited)
        post = await self.notices.reminder_notice(Post(text=text, mention=(user,)), game, row, seats, timer, user,
                                                  waited)
        items = self.narrator.envelopes(row, posts=[post])
        return Outcome(reply="", posts=[post], game_id=row.id, outbox=tuple(i.key for i in items)), items

