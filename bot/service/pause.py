"""Pause and vacation: ``/game pause``, ``/game resume`` and ``/game away``.

A game is paused by a moderator at once, or when every human player still in it agrees: one
asks (``/game pause``), the others get a button in the channel, and the last one to agree
pauses it. Resuming works the same way. While a game is paused its timers are held (no
reminder, deadline or clock runs) and moves are refused, as Board Game Arena does: a player
who could move while the others wait would gain time the paused clocks do not count.

A player who is away (``/game away until:3d``) has their timers held in every game they play
(on any server) until the date passes or they come back: with ``until:off``, or by making a
move anywhere (someone who moves is evidently back). Each game's channel is told when they
leave and when they return, at most once an hour. Dates and times are on the person's own
clock (``/game notify timezone:``; UTC for who chose none, or with ``UTC`` written after them).

Away cannot stall a game: it comes from an allowance per person (30 days in any 365 unless
the server sets another, :mod:`.away_allowance`), booked when asked for. Nor is it a free
pause of one's own clock: a turn already running when its player goes away is held only
after an hour (``AWAY_GRACE``); a turn that begins while they are away is held at once.

How timers are held and shifted afterwards is the store's timing contract
(:mod:`bot.store.pauses_table`); this module decides who may do what and what is said.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
import logging
import re
from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo
from typing import TYPE_CHECKING, Any

from ..refusals import NotAllowed, RacedWrite, ServiceError
from ..messages import Actor, AskButton, Outcome, Place, Post
from ..store import GameRow, OverAllowance, SeatRow
from ..safe_text import clip, mention, safe_name
from ..choices import english, means_off
from ..timekeeping.durations import MAXIMUM, MINIMUM, format_duration, parse_duration
from .names import _, _n, bold, seat_names
from .away_allowance import AwayLeft, away_left
from .paused import moment, pause_line, person_names

from games import BadOptions
from games.text import Text, join, lines
from .places import board_link
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator
    from .lobby import Lobby

log = logging.getLogger("bot.service.pause")

PAUSE, RESUME = "pause", "resume"
AGREE_LABELS = {PAUSE: _("Agree to pause"), RESUME: _("Agree to go on")}
#: A pause reason is kept this long (it is shown in the status and the lobby).
REASON_MAX = 100
#: The longest away: the longest deadline there is.
AWAY_MAX = MAXIMUM

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ t](\d{1,2}):(\d{2}))?(?: ?utc)?")
_DMY = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})(?: (\d{1,2}):(\d{2}))?(?: ?utc)?")


def parse_until(text: str, now: float, zone: str = "UTC") -> float | None:
    """When an away ends (a timestamp), or None for ``off`` (back now).

    Understood: a duration from now (``3d``, ``1w``, ``1d 12h``), a day (``2026-12-24`` or
    ``24.12.2026``: back at its start, 00:00) or a day and time (``2026-12-24 18:00``), on
    the clock of ``zone`` (the person's), or UTC when ``utc`` follows. Between 5 minutes and
    60 days from now.
    """
    raw = " ".join(str(text).strip().lower().split())
    tz = ZoneInfo("UTC" if raw.endswith("utc") else zone)
    if means_off(raw) or english("away", raw) == "back":  # zurück, tilbage
        return None
    found = _ISO.fullmatch(raw)
    parts: tuple[str | None, ...] | None = None
    if found:
        parts = (found[1], found[2], found[3], found[4], found[5])
    elif (found := _DMY.fullmatch(raw)):
        parts = (found[3], found[2], found[1], found[4], found[5])
    if parts is not None:
        year, month, day, hour, minute = (int(p) if p else 0 for p in parts)
        try:
            until = datetime(year, month, day, hour, minute, tzinfo=tz).timestamp()
        except ValueError:
            raise ServiceError(_("'{text}' is not a date I know: write e.g. 2026-12-24 or "
                                 "2026-12-24 18:00 (your time).", text=clip(raw, 24))) from None
        if until <= now:
            raise ServiceError(_("{when} has passed already: give a later date, or `off` when "
                                 "you're back.", when=moment(until)))
        if not MINIMUM <= until - now <= AWAY_MAX:
            raise ServiceError(_("An away lasts between 5 minutes and 60 days, so {when} won't "
                                 "do.", when=moment(until)))
        return until
    try:
        seconds = parse_duration(raw, what="duration")
    except BadOptions:
        why = _outside(raw)
        if why is not None:
            raise ServiceError(why) from None
        raise ServiceError(_("'{text}' is neither a date nor a duration: write e.g. 3d, 1w, "
                             "2026-12-24 or 2026-12-24 18:00 (your time), or off when you're back.",
                             text=clip(raw, 24))) from None
    assert seconds is not None
    return now + seconds


_UNIT = {"s": 1, "min": 60, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def _outside(raw: str) -> Text | None:
    """Why a duration is no away's length (shorter than 5 minutes, longer than 60 days), or
    None when ``raw`` is no duration at all."""
    compact = raw.replace(" ", "")
    if not re.fullmatch(r"(\d+(?:\.\d+)?(?:s|min|m|h|d|w))+", compact):
        return None
    seconds = sum(float(n) * _UNIT[u] for n, u in re.findall(r"(\d+(?:\.\d+)?)(s|min|m|h|d|w)", compact))
    if seconds < MINIMUM:
        return _("An away lasts at least 5 minutes, so '{text}' is too short.", text=clip(raw, 24))
    return _("An away lasts at most 60 days, so '{text}' is too long.", text=clip(raw, 24))


#: Seconds between two posts about one player going away (or a new date); the return is
#: posted when the going was.
AWAY_TOLD_EVERY = 3600.0


@dataclass(eq=False, repr=False, kw_only=True)
class Pauses(Part):
    """Pauses, their votes, and aways (a pause holds the bots, the timers and the clocks; a
    move or an away's date brings a player back)."""

    lobby: Lobby
    narrator: Narrator

    # ----- pause and resume -----------------------------------------------------------------

    async def pause(self, actor: Actor, place: Place, reason: str | None = None, *,
                    game_id: int | None = None) -> Outcome:
        """``/game pause``: at once for a moderator, else a request the other players agree to
        (``game_id``: from an Agree button, which counts only for that game)."""
        return await self._pause_or_resume(actor, place, PAUSE, reason, game_id)

    async def resume(self, actor: Actor, place: Place, *, game_id: int | None = None) -> Outcome:
        """``/game resume``: as :meth:`pause`, the other way round."""
        return await self._pause_or_resume(actor, place, RESUME, None, game_id)

    async def _pause_or_resume(self, actor: Actor, place: Place, action: str, reason: str | None,
                               game_id: int | None) -> Outcome:
        reason = (" ".join(reason.split())[:REASON_MAX] or None) if reason else None
        async with self.ground.lock(place.channel_id):
            row = await self.ground.running(place)
            if game_id is not None and row.id != game_id:
                raise ServiceError(_("This button belongs to a game that is over."))
            seats = await self.store.games.seats(row.id)
            if action == PAUSE and row.paused_at is not None:
                raise ServiceError(lines([_("The game is paused already."), pause_line(row, seats)]))
            if action == RESUME and row.paused_at is None:
                raise ServiceError(_("The game isn't paused, so there is nothing to resume."))
            game = self.ground.engine(row.game)
            state = self.ground.load_state(game, row, seats)
            seated = {s.player_id for s in await self.store.games.seats(row.id, still_in=True)}
            humans = list(dict.fromkeys(s.user_id for s in seats if s.user_id and not s.bot_level
                                        and s.player_id in game.players(state) and s.player_id in seated))
            moderator = await self.ground.moderates(actor, place, await self.ground.settings_for(row), row)
            if actor.user_id not in humans and not moderator:
                raise NotAllowed(
                    _("Pausing this game needs a moderator, or all of its players agreeing.")
                    if action == PAUSE else
                    _("Resuming this game needs a moderator, or all of its players agreeing."))
            votes = await self.store.pauses.votes(row.id, action)
            if game_id is not None and not votes:  # a button under a question settled since
                raise ServiceError(_("That question was settled already; `{cmd:game pause}` asks again.")
                                   if action == PAUSE else
                                   _("That question was settled already; `{cmd:game resume}` asks again."))
            if moderator or humans == [actor.user_id]:
                asked = reason or next((why for _u, why in votes if why), None)
                return await self._apply(row, seats, state, action, by=actor.user_id, reason=asked)
            agreed = [u for u, _why in votes]
            names = self._person_names(seats)
            if actor.user_id in agreed:
                waiting = [u for u in humans if u not in agreed]
                raise ServiceError(_("You agreed already; still waiting for {players}.",
                                     players=join([bold(names[u]) for u in waiting])))
            missing = [u for u in humans if u not in agreed and u != actor.user_id]
            if not missing:  # the last one to agree
                first, asked = votes[0] if votes else (actor.user_id, reason)
                return await self._apply(row, seats, state, action, by=first, reason=asked or reason)
            posts: list[Post] = []
            if not agreed:  # the question: the others get a button
                who = bold(names[actor.user_id])
                if action == RESUME:
                    text = _("▶️ {who} would like to go on with the game.", who=who)
                elif reason:
                    text = _("⏸️ {who} would like to pause the game: {reason}", who=who,
                             reason=safe_name(reason))
                else:
                    text = _("⏸️ {who} would like to pause the game.", who=who)
                # One person or several: German and Danish say "du" or "ihr"/"I".
                ask = (_n("{players}: press the button if you agree (a moderator can also decide "
                          "with `{cmd:game pause}`).",
                          "{players}: press the button if you agree (a moderator can also decide "
                          "with `{cmd:game pause}`).", len(missing),
                          players=join([mention(u) for u in missing]))
                       if action == PAUSE else
                       _n("{players}: press the button if you agree (a moderator can also decide "
                          "with `{cmd:game resume}`).",
                          "{players}: press the button if you agree (a moderator can also decide "
                          "with `{cmd:game resume}`).", len(missing),
                          players=join([mention(u) for u in missing])))
                posts.append(Post(text=lines([text, ask]), mention=tuple(missing),
                                  asks=(AskButton(label=AGREE_LABELS[action], game_id=row.id,
                                                  action=action),)))
            items = self.narrator.envelopes(row, posts=posts)
            await self.store.pauses.vote(row.id, actor.user_id, action=action, reason=reason,
                                         now=self.clock(), outbox=items)
            reply = _("Asked. Waiting for {players} to agree.", players=join(
                [bold(names[u]) for u in missing])) if not agreed else \
                _("Noted. Still waiting for {players}.", players=join([bold(names[u]) for u in missing]))
        return Outcome(reply=reply, posts=posts, game_id=row.id, outbox=tuple(i.key for i in items))

    @staticmethod
    def _person_names(seats: Sequence[SeatRow]) -> dict[int, str]:
        return person_names(seats)

    async def _apply(self, row: GameRow, seats: list[SeatRow], state: Any, action: str, *, by: int,
                     reason: str | None) -> Outcome:
        now = self.clock()
        game = self.ground.engine(row.game)
        if action == PAUSE:
            paused = dataclasses.replace(row, paused_at=now, paused_by=by, pause_reason=reason)
            text = lines([pause_line(paused, seats),
                          _("No moves, reminders or deadlines until the game goes on with "
                            "`{cmd:game resume}`.")])
            post = Post(text=text)
            items = self.narrator.envelopes(row, posts=[post]) + self.lobby.lobby_refresh(row)
            done = await self.store.pauses.pause(row.id, row.version, by=by, reason=reason, now=now,
                                                 outbox=items)
            reply: Text = _("The game is paused.")
        else:
            assert row.paused_at is not None
            names = seat_names(game, state, seats)
            waiting = [p for p in game.players(state) if p in game.waiting_for(state)]
            users = {s.player_id: s.user_id for s in seats}
            pinged = tuple(dict.fromkeys(users[p] for p in waiting if users.get(p)))
            parts: list[Any] = [_("▶️ The game goes on after a pause of {time}: reminders and "
                                  "deadlines continue where they stopped.",
                                  time=format_duration(now - row.paused_at))]
            if waiting:
                who = dict.fromkeys(mention(users[p]) if users.get(p) else bold(names[p])
                                    for p in waiting)  # a person with several seats: once
                parts.append(_("Waiting for {players}.", players=join(list(who))))
            link = board_link(row)
            if link:
                parts.append(_("Board: {link}", link=link))
            post = Post(text=lines(parts), mention=pinged)
            items = self.narrator.envelopes(row, posts=[post]) + self.lobby.lobby_refresh(row)
            done = await self.store.pauses.resume(row.id, row.version, now=now, outbox=items)
            reply = _("The game goes on.")
        if not done:
            raise RacedWrite(_("Someone else changed the game at the same moment, so I didn't "
                               "apply this. Have a look at the board and try again."))
        return Outcome(reply=reply, posts=[post], game_id=row.id, outbox=tuple(i.key for i in items),
                       lobby_edit=await self.lobby.lobby_card(row.id) if row.lobby_message_id else None)

    # ----- away -----------------------------------------------------------------------------

    async def away(self, actor: Actor, place: Place, until: str) -> Outcome:
        """``/game away until:…``: hold this player's timers in all their games until then
        (``off``: they are back now)."""
        now = self.clock()
        end = parse_until(until, now, (await self.store.quiet.clock(actor.user_id)).zone)
        if end is None:
            if await self.store.pauses.away(actor.user_id) is None:
                raise ServiceError(_("You aren't away, so there is nothing to end. `{cmd:game away until:}"
                                     "3d` (or a date) holds your clocks while you're away."))
            back = await self.come_back(actor.user_id, at=now)
            return self._gathered(place, _("Welcome back! Your reminders and deadlines run again."),
                                  back)
        was = await self.store.pauses.away(actor.user_id)
        running = await self.store.games.running_games_of(actor.user_id)
        have = await away_left(self.store, actor.user_id, place, now, running)
        wanted = end - (now if was is None else max(now, was[1]))
        if wanted > have.left + 1:
            raise ServiceError(over_allowance(have, end))
        told: list[tuple[Place, Outcome]] = []
        outbox = []
        count = 0
        tell = await self._may_tell_away(actor.user_id, now)
        for row in running:
            if not self.ground.loadable(row):
                continue
            count += 1
            if not tell:
                continue
            name = self._person_names(await self.store.games.seats(row.id))[actor.user_id]
            text = (_("🌴 **{name}** is away until {when} now.", name=name, when=moment(end)) if was else
                    _("🌴 **{name}** is away until {when}: their reminders and deadlines wait until "
                      "then.", name=name, when=moment(end)))
            post = Post(text=text)
            items = self.narrator.envelopes(row, posts=[post])
            outbox.append((row.id, items))
            told.append((Place(guild_id=row.guild_id, channel_id=row.channel_id),
                         Outcome(reply="", posts=[post], game_id=row.id,
                                 outbox=tuple(i.key for i in items))))
        try:
            await self.store.pauses.set_away(actor.user_id, until=end, now=now,
                                             allowance=have.allowance, outbox=outbox)
        except OverAllowance as exc:  # another away of theirs was booked meanwhile
            raise ServiceError(over_allowance(AwayLeft(left=exc.left, allowance=have.allowance),
                                              end)) from None
        left = max(0.0, have.left - max(0.0, wanted))
        reply = lines([_n_games(count, moment(end)),
                       _("Away time left: {left} of {allowance} in any 365 days.",
                         left=format_duration(left), allowance=format_duration(have.allowance))])
        return self._gathered(place, reply, told)

    async def _may_tell_away(self, user_id: int, now: float) -> bool:
        """Whether going away (or a new date) is posted in ``user_id``'s games: at most once
        an hour (twelve quick changes made twelve posts in every game). The status and the
        player's own answer always say how it stands."""
        last = await self._last_told_away(user_id)
        if last is not None and now - last < AWAY_TOLD_EVERY:
            return False
        await self.store.meta.set(f"away-told:{user_id}", repr(now))
        return True

    async def _was_told_away(self, user_id: int) -> bool:
        """Whether the return is posted: when the away that ends was (the games heard of it)."""
        away = await self.store.pauses.away(user_id)
        if away is None:
            return False
        last = await self._last_told_away(user_id)
        return last is None or last >= away[0]

    async def _last_told_away(self, user_id: int) -> float | None:
        try:
            last = await self.store.meta.get(f"away-told:{user_id}")
            return None if last is None else float(last)
        except ValueError:
            return None

    @staticmethod
    def _gathered(place: Place, reply: Any, told: list[tuple[Place, Outcome]]) -> Outcome:
        """One answer for posts in several channels: this server's rows are delivered with
        it, other servers' by the outbox loop (each in its own server's language). Only this
        server's posts are echoed: with none of its rows, the answer must post nothing itself."""
        here = [o for where, o in told if where.guild_id == place.guild_id]
        return Outcome(reply=reply, posts=[p for o in here for p in o.posts],
                       outbox=tuple(k for o in here for k in o.outbox))

    async def come_back(self, user_id: int, *, at: float,
                        until: float | None = None) -> list[tuple[Place, Outcome]]:
        """End an away (``until``: the one that ends then, by its date) and say so in each of
        the player's games (when their going away was said there, see :data:`AWAY_TOLD_EVERY`);
        nothing if it was ended already."""
        told: list[tuple[Place, Outcome]] = []
        outbox = []
        tell = await self._was_told_away(user_id)
        for row in await self.store.games.running_games_of(user_id) if tell else ():
            if not self.ground.loadable(row):
                continue
            name = self._person_names(await self.store.games.seats(row.id))[user_id]
            post = Post(text=_("👋 **{name}** is back: their reminders and deadlines run again.",
                               name=name))
            items = self.narrator.envelopes(row, posts=[post])
            outbox.append((row.id, items))
            told.append((Place(guild_id=row.guild_id, channel_id=row.channel_id),
                         Outcome(reply="", posts=[post], game_id=row.id,
                                 outbox=tuple(i.key for i in items))))
        if not await self.store.pauses.end_away(user_id, at=at, now=self.clock(), until=until, outbox=outbox):
            return []
        return told


def over_allowance(have: AwayLeft, end: float) -> Text:
    """Why an away until ``end`` is refused: it needs more than the person has left."""
    if have.allowance < 60:
        return _("Away is switched off where you play (`{cmd:away_days:} 0`): your clocks run "
                 "while you're away.")
    if have.left < 60:
        return _("You have no away time left: you may be away {allowance} in any 365 days, and "
                 "that is used up. Time away is free again a year after it was taken.",
                 allowance=format_duration(have.allowance))
    return _("You have {left} of away left ({allowance} in any 365 days), so {when} is too far. "
             "Time away counts once asked for, even if you come back early.",
             left=format_duration(have.left), allowance=format_duration(have.allowance),
             when=moment(end))


def _n_games(count: int, when: str) -> Text:
    if count == 0:
        return _("You're away until {when}. You're in no running game now; games you start "
                 "meanwhile wait for you too. When you're back, type `{cmd:game away until:}off`.", when=when)
    return _n("You're away until {when}: your reminders and deadlines wait in your game until "
              "then. When you're back, just move, or type `{cmd:game away until:}off`.",
              "You're away until {when}: your reminders and deadlines wait in your {count} games "
              "until then. When you're back, just move, or type `{cmd:game away until:}off`.", count,
              when=when, count=count)
