"""Turn notices (``/game notify``): how each person hears that it is their turn.

``channel`` (the default) pings them in the game's channel, as before. ``dm`` sends a short DM
with a link to the board instead, and the channel post names them without pinging them.
``both`` does both; ``off`` names them and pings nowhere. Reminders (and the ping of a passed
deadline) follow the same choice, and so does the thanks at a game's end (a ping or none, no
DM). Bots are never told anything, and a person with several seats gets one notice, as they
get one ping. Kahuna's hand DMs are something else and stay as they are.

The notices are outbox rows written with the change, like every message. A DM that Discord
refuses (closed DMs) falls back to the channel once, with a hint. The outbox remembers it
(:meth:`~bot.store.settings_table.SettingsTable.dms_refused`): after a refused notice, their notices go to the channel
without trying a DM again, until they choose again with ``/game notify`` or another DM to them
(a Kahuna hand) goes through.

What someone gets who never chose depends on where they play: :meth:`Notices.notify_default`
is the one place that says so (a server: the channel).

Quiet hours (``/game notify quiet:23:00-07:30``, in the person's ``timezone:``) hold back every
ping and DM to them: the channel post still names them, and what was held is stored
(:mod:`bot.store.quiet_table`) and sent once when the quiet hours end, one DM for all their
games (or one ping per game for those who hear in the channel), and only for the games that
still wait for them. Deadlines and clocks run on: quiet hours change who is told, and when.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from games import Game

from ..refusals import ServiceError
from ..messages import Actor, DirectMessage, Outcome, Place, Post
from ..store import GameRow, SeatRow, TimerRow
from ..store.envelopes import envelopes as outbox_rows
from ..safe_text import clip, mention
from ..choices import english, means_off
from ..timekeeping.quiet import (BadClock, PersonClock, read_span, read_time, read_zone, span_words,
                                 time_words)
from ..vocab import Notify
from .names import _, game_title

from games.text import Text, lines
from .places import jump_link
from .part import Part


NOTIFY_CHOICES = tuple(Notify)
log = logging.getLogger(__name__)
#: Seconds before a release (or digest) that failed is tried again.
RETRY = 15 * 60.0
#: Which held notice says most about a game, when several were held for it.
STRENGTH = {"turn": 0, "reminder": 1, "deadline": 2}


def _relinked(text: Any, link: str) -> Any:
    """``text`` with every ``{link}`` parameter (at any depth) set to ``link``."""
    if not isinstance(text, Text):
        return text
    params = {k: link if k == "link" else _relinked(v, link) for k, v in text.params.items()}
    return text.with_params(params)


@dataclass(eq=False, repr=False, kw_only=True)
class Notices(Part):
    """``/game notify``: how each person hears that it is their turn."""

    # ----- the choice ---------------------------------------------------------------------

    def notify_default(self, guild_id: int | None) -> str:
        """How someone who never chose hears of their turns: by the ping of the post that says
        it is their turn. In a server that post is in the channel. Outside a server (a group
        DM with the user-installed app) it is the answer to the previous player's command, and
        where nobody's command is there to answer (a reminder, a bot's move) the post itself
        goes to them by DM (:mod:`bot.service.places`), so a DM notice on top would say
        everything twice."""
        return Notify.CHANNEL

    async def notify_where(self, user_id: int, guild_id: int | None) -> str:
        """The one place a person's choice is read: what they chose, else the default here."""
        stored = await self.store.settings.notify_pref(user_id)
        return stored if stored in NOTIFY_CHOICES else self.notify_default(guild_id)

    async def _notice_ways(self, user_id: int, guild_id: int | None) -> tuple[bool, bool]:
        """(ping in the channel, send a DM) for a turn notice; while their DMs are known to be
        closed, a DM is not tried again and the channel pings them instead."""
        where = await self.notify_where(user_id, guild_id)
        if where in ("dm", "both") and await self.store.settings.dms_refused(user_id, guild_id):
            where = "channel"
        return where in ("channel", "both"), where in ("dm", "both")

    @staticmethod
    def _notify_words(where: str) -> Text:
        return {
            "channel": _("🔔 When it's your turn or a reminder is due, I'll ping you in the game's "
                         "channel."),
            "dm": _("📬 When it's your turn or a reminder is due, I'll send you a DM with a link to "
                    "the board. The channel still shows the board and names you, without pinging you."),
            "both": _("🔔📬 When it's your turn or a reminder is due, I'll ping you in the game's "
                      "channel and also send you a DM with a link to the board."),
            "off": _("🔕 I won't ping you or send you DMs when it's your turn; the channel still "
                     "names you. `{cmd:game status}` shows whose turn it is."),
        }[where]

    async def notify(self, actor: Actor, place: Place, where: str | None = None, *,
                     timezone: str | None = None, quiet: str | None = None,
                     digest: str | None = None) -> Outcome:
        """``/game notify [where] [timezone] [quiet] [digest]``: choose (or, with none of them,
        see) how and when to hear of your turns.

        The choice is the person's, for all their games; choosing again also forgets DMs that
        were refused before (they may have opened them)."""
        clock_parts: list[Any] = []
        if any(x and x.strip() for x in (timezone, quiet, digest)):
            clock_parts = await self._set_clock(actor, timezone, quiet, digest)
            if where is None or not where.strip():
                return Outcome(reply=lines([*clock_parts, _("This applies to all your games.")]))
        if where is None or not where.strip():
            now = await self.notify_where(actor.user_id, place.guild_id)
            parts: list[Any] = [self._notify_words(now)]
            if now in ("dm", "both") and await self.store.settings.dms_refused(actor.user_id, place.guild_id):
                parts.append(_("Your DMs from this server were closed when I last tried, so for now I "
                               "ping you in the channel. Open them and choose again with "
                               "`{cmd:game notify}`."))
            parts += self._clock_words(await self.store.quiet.clock(actor.user_id))
            parts.append(_("Change it with `{cmd:game notify}`: where (channel, dm, both or off), "
                           "your time zone and your quiet hours."))
            return Outcome(reply=lines(parts))
        choice = english("where", where) or where.strip().lower()  # Kanal, begge, aus ... too
        if choice not in NOTIFY_CHOICES:
            raise ServiceError(_("I don't know '{where}' here: choose channel, dm, both or off.",
                                 where=clip(where.strip(), 20)))
        await self.store.settings.set_notify_pref(actor.user_id, choice, now=self.clock())
        parts = [self._notify_words(choice)]
        if choice in ("dm", "both"):
            parts.append(_("If your DMs are closed, I'll ping you in the channel instead and say so "
                           "once."))
        parts += clock_parts
        parts.append(_("This applies to all your games."))
        return Outcome(reply=lines(parts))

    async def _set_clock(self, actor: Actor, timezone: str | None, quiet: str | None,
                         digest: str | None = None) -> list[Any]:
        """Store a new time zone, quiet hours and/or digest time; the words that say what
        holds now."""
        had = await self.store.quiet.clock(actor.user_id)
        zone, start, end, daily = had.zone, had.start, had.end, had.digest
        if timezone and timezone.strip():
            try:
                zone = read_zone(timezone)
            except BadClock:
                raise ServiceError(_("I don't know the time zone '{zone}': pick one of the list, "
                                     "e.g. Europe/Berlin or America/New_York.",
                                     zone=clip(timezone.strip(), 40))) from None
        if quiet and quiet.strip():
            if means_off(quiet):
                start = end = None
            else:
                try:
                    start, end = read_span(quiet)
                except BadClock:
                    raise ServiceError(_("Quiet hours are a span of your day, e.g. `23:00-07:30`, "
                                         "or `off`.")) from None
        if digest and digest.strip():
            if means_off(digest):
                daily = None
            else:
                try:
                    daily = read_time(digest)
                except BadClock:
                    raise ServiceError(_("A digest comes at a time of your day, e.g. `08:00`, or "
                                         "`off`.")) from None
        clock = PersonClock(zone=zone, start=start, end=end, digest=daily)
        await self.store.quiet.set_clock(actor.user_id, clock, now=self.clock())
        return self._clock_words(clock)

    def _clock_words(self, clock: PersonClock) -> list[Any]:
        now = self.clock()
        words: list[Any] = [_("🕰️ Your time zone: {zone} (it's {time} there now).", zone=clock.zone,
                              time=clock.local(now)[11:16])]
        if clock.quiet:
            assert clock.start is not None and clock.end is not None
            words.append(_("🌙 Quiet hours: {span}. Then I ping nobody about you and send you no "
                           "DMs; what comes meanwhile reaches you once when they end. Deadlines "
                           "and clocks keep running.", span=span_words(clock.start, clock.end)))
        else:
            words.append(_("🌙 No quiet hours: `{cmd:game notify quiet:}23:00-07:30` sets some."))
        if clock.digest is not None:
            words.append(_("📬 Daily digest at {time} your time: one DM with the games that wait "
                           "for you.", time=time_words(clock.digest)))
        return words

    # ----- quiet hours ------------------------------------------------------------------------

    async def _quiet_until(self, user_id: int) -> float | None:
        """When the quiet hours the person is in now end (None: they are not in any)."""
        return (await self.store.quiet.clock(user_id)).quiet_until(self.clock())

    async def in_quiet(self, user_id: int) -> bool:
        """Whether the person is in quiet hours now: a DM to them (a hand) goes out silently."""
        return user_id != 0 and await self._quiet_until(user_id) is not None

    async def _held(self, user_id: int, game_id: int, kind: str) -> bool:
        """Hold a notice back if the person is in quiet hours now (then True)."""
        until = await self._quiet_until(user_id)
        if until is None:
            return False
        await self.store.quiet.hold(user_id, game_id, kind, until=until, now=self.clock())
        return True

    async def release_due(self) -> list[tuple[Place, Outcome]]:
        """The notices held by quiet hours that have ended: once per person, gathered, for the
        games that still wait for them. Someone in quiet hours again (the bot was down past
        the next night's start, or they changed them) is told at the end of those. One person
        whose release fails waits 15 minutes; the others are not held up."""
        out: list[tuple[Place, Outcome]] = []
        now = self.clock()
        for user_id, at in await self.store.quiet.due(now):
            try:
                again = await self._quiet_until(user_id)
                if again is not None:
                    await self.store.quiet.postpone(user_id, at, again)
                    continue
                told = await self._release(user_id, at)
            except Exception:
                log.exception("releasing the held notices of user %s failed; again in 15 min", user_id)
                await self.store.quiet.postpone(user_id, at, now + RETRY)
                continue
            if told is not None:
                out.append(told)
        return out

    async def _release(self, user_id: int, at: float) -> tuple[Place, Outcome] | None:
        held = await self.store.quiet.held(user_id)
        waiting = {g.row.id: g for g in await self.ground.in_play(user_id) if g.must_act}
        kinds: dict[int, str] = {}
        for h in held:  # the strongest word per game: a passed deadline, a reminder, a turn
            if h.game_id in waiting and STRENGTH[h.kind] > STRENGTH.get(kinds.get(h.game_id, ""), -1):
                kinds[h.game_id] = h.kind
        posts: list[tuple[Place, Post]] = []
        told: list[Any] = []
        for game_id, kind in kinds.items():
            row = waiting[game_id].row
            ping, dm = await self._notice_ways(user_id, row.guild_id)
            if row.guild_id is None and ping and not dm:
                dm = True  # a group DM takes no post without a command to answer
            if dm:
                told.append(_("• {what}: {link}", what=self._held_words(kind, row),
                              link=self.jump_link(row)))
            elif ping:
                posts.append((Place(guild_id=row.guild_id, channel_id=row.home), Post(
                    text=_("🌅 {who}, {what} (it came during your quiet hours): {link}",
                           who=mention(user_id), what=self._held_words(kind, row),
                           link=self.jump_link(row)), mention=(user_id,))))
        items = [e for place, post in posts for e in outbox_rows(place, posts=[post])]
        dms: list[DirectMessage] = []
        first = waiting[next(iter(kinds))].row if kinds else None
        if told and first is not None:
            notice = self._notice(first, user_id, lines([
                _("🌅 Your quiet hours are over. Waiting for you:"), *told]))
            dms.append(dataclasses.replace(notice, board=None))
            items += outbox_rows(Place(guild_id=first.guild_id, channel_id=first.home), dms=dms)
        if not await self.store.quiet.release(user_id, at, held, items, now=self.clock()):
            return None
        if not items or first is None:
            return None
        place = posts[0][0] if posts else Place(guild_id=first.guild_id, channel_id=first.home)
        return place, Outcome(reply="", posts=[p for _place, p in posts], dms=dms,
                              outbox=tuple(i.key for i in items))

    @staticmethod
    def _held_words(kind: str, row: GameRow) -> Text:
        title = _("**{game}** #{n}", game=game_title(row.game), n=row.id)
        if kind == "deadline":
            return _("the turn deadline in {game} has passed", game=title)
        if kind == "reminder":
            return _("a reminder: it's your turn in {game}", game=title)
        return _("it's your turn in {game}", game=title)

    # ----- notices --------------------------------------------------------------------------

    @staticmethod
    def jump_link(row: GameRow) -> str:
        return jump_link(row)

    async def linked(self, dm: DirectMessage) -> DirectMessage:
        """A turn notice about to be sent, its link pointing at the game's latest board (it
        was written before that board was posted, which is delivered just before it)."""
        if dm.board is None:
            return dm
        row = await self.store.games.get(dm.board)
        if row is None:
            return dm
        return dataclasses.replace(dm, text=_relinked(dm.text, self.jump_link(row)))

    def _notice(self, row: GameRow, user_id: int, text: Text) -> DirectMessage:
        return DirectMessage(
            user_id=user_id, text=text, board=row.id,
            fallback=_("📬 {who}, I couldn't DM you: your direct messages from this server are "
                       "closed, so I'll ping you here instead. To get DMs, open them and choose "
                       "again with `{cmd:game notify}`.", who=mention(user_id)))

    async def turn_notices(self, post: Post, game: Game, row: GameRow, state: Any) -> Post:
        """The board post with each pinged person's choice applied: the ping stays or goes,
        and a DM is added for those who want one. The last post's thanks ping only those who
        want channel pings; it is no turn, so it sends no DM."""
        if not post.mention:
            return post
        over = game.result(state) is not None
        pinged: list[int] = []
        dms: list[DirectMessage] = []
        for user in post.mention:
            if user and (await self._held(user, row.id, "turn") if not over
                         else await self._quiet_until(user) is not None):
                continue  # quiet hours: named, not pinged; told once they end
            ping, dm = await self._notice_ways(user, row.guild_id)
            if ping:
                pinged.append(user)
            if dm and user and not over:
                dms.append(self._notice(row, user, _("🎲 It's your turn in **{game}**: {link}",
                                                     game=game.title, link=self.jump_link(row))))
        return dataclasses.replace(post, mention=tuple(pinged), notify=(*post.notify, *dms))

    async def reminder_notice(self, post: Post, game: Game, row: GameRow, seats: list[SeatRow],
                              timer: TimerRow, user: int, waited: str,
                              deadline: Text | None = None) -> Post:
        """A reminder (``timer``) or a passed deadline's ping, with the person's choice applied.

        Someone whose several seats are reminded at once gets one DM: the last of those
        reminders sends it (the others are still due while the first ones fire). In the
        person's quiet hours nobody is pinged, and the notice waits for their end."""
        if await self._held(user, row.id, timer.kind):
            return dataclasses.replace(post, mention=())
        ping, dm = await self._notice_ways(user, row.guild_id)
        post = dataclasses.replace(post, mention=(user,) if ping else ())
        if not dm:
            return post
        theirs = {s.player_id for s in seats if s.user_id == user} - {timer.player_id}
        if any(t.kind == timer.kind and t.player_id in theirs and t.armed and t.due_at <= self.clock()
               for t in await self.store.timers.of_game(row.id)):
            return post
        link = self.jump_link(row)
        if timer.kind == "reminder":
            text = _("⏰ Reminder: it's your turn in **{game}** (waiting for {waited}): {link}",
                     game=game.title, waited=waited, link=link)
        else:
            text = _("⌛ The turn deadline in **{game}** has passed (waiting for {waited}): {link}",
                     game=game.title, waited=waited, link=link)
        return dataclasses.replace(post, notify=(self._notice(row, user, lines([text, deadline])),))
