"""``/turns``: a person's games on every server and in every group DM, most urgent first, and
a look at any one of them from their own seat; and the daily digest (``/game notify digest:``),
the same list by DM once a day at the person's own time.

The list reads the turn marks of the seats (:mod:`bot.store.turns_table`): three indexed reads
however many games a person plays, and no game state is loaded unless a mark is from before
the marks existed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import renderers
from games.text import Text, join, lines

from ..messages import Actor, DirectMessage, LookButton, Outcome, Place
from ..refusals import NoGame, NotAllowed
from ..safe_text import mention, safe_name
from ..store.envelopes import envelopes as outbox_rows
from ..store import InPlay
from ..timekeeping.chess_clock import clock_of
from ..timekeeping.durations import format_duration
from ..vocab import Status
from .names import _, _n, bold, game_title
from .places import board_link, jump_link
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator
    from .drawing import Drawing
    from .sight import Sights

log = logging.getLogger(__name__)

#: Games shown in full where it is the person's turn, and in short where they wait; the rest
#: are counted (a reply stays a message or two, and a person with 200 games still reads it).
SHOWN_MINE = 15
SHOWN_WAITING = 15
#: Discord takes 25 buttons under a message.
BUTTONS = 25

#: The name of a server by its id, where the front end knows it (None: it does not).
ServerNames = Callable[[int], "str | None"]


def when(seconds: float) -> str:
    """A moment in Discord's timestamp markup: each reader's client shows it in their own
    time zone and language ("in 3 hours")."""
    return f"<t:{int(seconds)}:R>"


def urgency(g: InPlay) -> tuple[bool, float, float, int]:
    """Most urgent first: the nearest deadline (or clock), then the longest wait."""
    return (g.deadline is None, g.deadline or 0.0, g.row.updated_at, g.row.id)


@dataclass(eq=False, repr=False, kw_only=True)
class Turns(Part):
    """Every game that waits for a person, and a look at one from their seat."""

    drawing: Drawing
    narrator: Narrator
    sights: Sights
    #: Servers' names where the front end knows them (the adapter sets the bot's guild cache).
    server_names: ServerNames = lambda _id: None

    async def turns(self, actor: Actor, place: Place) -> Outcome:
        """The list, only for the asker: their turn first (nearest deadline or smallest clock
        first), then the games that wait for others, then those on hold (paused, or the
        person away)."""
        now = self.clock()
        server_names = self.server_names
        games = await self.ground.in_play(actor.user_id)
        if not games:
            return Outcome(reply=_("You're not playing any game right now. `{cmd:game new}` opens "
                                   "one in a channel."))
        away = await self.store.pauses.away(actor.user_id)
        if away is not None and away[1] <= now:
            away = None  # its end has come (the timer loop is about to say so)
        held = [g for g in games if g.row.paused_at is not None or (away is not None and g.must_act)]
        on_hold = {g.row.id for g in held}
        mine = sorted((g for g in games if g.must_act and g.row.id not in on_hold), key=urgency)
        waiting = sorted((g for g in games if not g.must_act and g.row.id not in on_hold),
                         key=lambda g: (-g.row.updated_at, g.row.id))
        parts: list[Any] = []
        if mine:
            parts.append(_n("**Your turn** in {n} game:", "**Your turn** in {n} games:", len(mine),
                            n=len(mine)))
            parts += [self._mine_line(g, now, server_names) for g in mine[:SHOWN_MINE]]
            if len(mine) > SHOWN_MINE:
                parts.append(_n("…and {n} more.", "…and {n} more.", len(mine) - SHOWN_MINE,
                                n=len(mine) - SHOWN_MINE))
        else:
            parts.append(_("Nothing waits for you right now. 🎉"))
        if waiting:
            parts.append(_n("Waiting for others in {n} game:", "Waiting for others in {n} games:",
                            len(waiting), n=len(waiting)))
            parts += [self._waiting_line(g, server_names) for g in waiting[:SHOWN_WAITING]]
            if len(waiting) > SHOWN_WAITING:
                parts.append(_n("…and {n} more.", "…and {n} more.", len(waiting) - SHOWN_WAITING,
                                n=len(waiting) - SHOWN_WAITING))
        if held:
            parts.append(_("On hold:"))
            if away is not None:
                parts.append(_("🌴 You're away until {when}: your deadlines wait for you.",
                               when=f"<t:{int(away[1])}:f>"))
            parts += [self._held_line(g, now) for g in sorted(held, key=lambda g: g.row.id)]
        listed = [*mine[:SHOWN_MINE], *waiting[:SHOWN_WAITING], *held]
        buttons = tuple(LookButton(label=self._title(g), game_id=g.row.id) for g in listed[:BUTTONS])
        if buttons:
            parts.append(_("(Each button below shows you that game as you see it, only to you.)"))
        return Outcome(reply=lines(parts), reply_buttons=buttons)

    async def look(self, actor: Actor, place: Place, game_id: int) -> Outcome:
        """Game ``game_id`` as the asker's seat sees it now (the board, and their hand where
        the game has one), only for them, wherever they ask."""
        row = await self.store.games.get(game_id)
        seats = await self.store.games.seats(row.id) if row is not None else []
        mine = [s.player_id for s in seats if s.user_id == actor.user_id and not s.bot_level]
        if row is not None and mine and row.status == Status.LOBBY:
            raise NoGame(_("Game #{n} hasn't started yet.", n=game_id))
        if row is None or not mine or row.state is None:  # the same words: no hint it exists
            raise NotAllowed(_("You have no seat in game #{n}, so there is nothing of yours to show.",
                               n=game_id))
        if not {s.player_id for s in await self.store.games.seats(row.id, still_in=True)} & set(mine):
            raise NotAllowed(_("You've left game #{n}, so it no longer waits for you.", n=game_id))
        game = self.ground.engine(self.ground.usable(row).game)
        sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
        focus = mine[0] if renderers.record(game.id).focus else None
        board = await self.drawing.render_image(game, row, sight.state, seats,
                                                f"m{len(sight.moves)}", actor.lang, focus)
        text, art = self.narrator.private(game, row, sight.state, seats, mine)
        head = (_("{game} #{n} has ended.", game=game.title, n=row.id) if row.status != Status.RUNNING
                else None)
        link = board_link(row)
        parts = [head, text, _("Latest board: {link}", link=link) if link else None]
        hand = await self.drawing.render_art(art.read_in(actor.lang)) \
            if art is not None and row.status == Status.RUNNING else None
        return Outcome(reply=lines([p for p in parts if p is not None]), reply_file=board,
                       reply_more=((_("Your hand:"), hand),) if hand is not None else (),
                       game_id=row.id)

    async def digests_due(self) -> list[tuple[Place, Outcome]]:
        """The daily digests due now: one DM per person with the games that wait for them (none
        when nothing waits, or while they are away), then the next one a day later. Quiet
        hours move it to their end; a digest their closed DMs refused stops them until they
        choose again (the refusal was told in the channel, once)."""
        out: list[tuple[Place, Outcome]] = []
        now = self.clock()
        for user_id, due, last in await self.store.quiet.digests_due(now):
            try:
                sent = await self._digest(user_id, due, last, now)
            except Exception:
                log.exception("the daily digest of user %s failed; again in 15 min", user_id)
                await self.store.quiet.digest_later(user_id, due, now + 15 * 60.0)
                continue
            if sent is not None:
                out.append(sent)
        return out

    async def _digest(self, user_id: int, due: float, last: str | None,
                      now: float) -> tuple[Place, Outcome] | None:
        """One person's digest, if there is something to send now; the next one is planned."""
        clock = await self.store.quiet.clock(user_id)
        if clock.digest is None or (last is not None and await self.store.quiet.refused(last)):
            await self.store.quiet.digest_sent(user_id, due, None, (), now=now)
            return None
        quiet_end = clock.quiet_until(now)
        if quiet_end is not None:  # asked for in quiet hours: it comes at their end
            await self.store.quiet.digest_sent(user_id, due, quiet_end, (), now=now)
            return None
        then = clock.next_at(clock.digest, now + 60)
        games = await self.ground.in_play(user_id)
        mine = sorted((g for g in games if g.must_act and g.row.paused_at is None), key=urgency)
        away = await self.store.pauses.away(user_id)
        if not mine or (away is not None and away[1] > now):
            await self.store.quiet.digest_sent(user_id, due, then, (), now=now)
            return None
        parts: list[Any] = [_n("📬 Your daily digest: it's your turn in {n} game.",
                               "📬 Your daily digest: it's your turn in {n} games.", len(mine),
                               n=len(mine))]
        parts += [self._mine_line(g, now, self.server_names) for g in mine[:SHOWN_MINE]]
        if len(mine) > SHOWN_MINE:
            parts.append(_n("…and {n} more.", "…and {n} more.", len(mine) - SHOWN_MINE,
                            n=len(mine) - SHOWN_MINE))
        parts.append(_("`{cmd:turns}` shows them any time; `{cmd:game notify digest:}off` stops this."))
        home = Place(guild_id=mine[0].row.guild_id, channel_id=mine[0].row.home)
        dm = DirectMessage(user_id=user_id, text=lines(parts), fallback=_(
            "📬 {who}, I couldn't send you your daily digest: your DMs are closed. It stops "
            "until you choose a time again with `{cmd:game notify digest:}`.", who=mention(user_id)))
        items = outbox_rows(home, dms=[dm])
        if not await self.store.quiet.digest_sent(user_id, due, then, items, now=now):
            return None
        return home, Outcome(reply="", dms=[dm], outbox=tuple(i.key for i in items))

    @staticmethod
    def _title(g: InPlay) -> Any:
        return _("{game} #{n}", game=game_title(g.row.game), n=g.row.id)

    @staticmethod
    def _where(g: InPlay, server_names: ServerNames) -> Any:
        """The server and channel, or the DM: a channel mention shows its name in each
        reader's client."""
        row = g.row
        if row.guild_id is None:
            people = [o for o in g.others if not o.bot]
            return _("group DM") if people else _("DM")
        server = server_names(row.guild_id)
        channel = f"<#{row.home}>"
        return _("{channel} on {server}", channel=channel, server=safe_name(server)) if server else channel


    def _mine_line(self, g: InPlay, now: float, server_names: ServerNames) -> Text:
        names = [bold(safe_name(o.name)) for o in g.others]
        also = [bold(safe_name(o.name)) for o in g.others if o.must_act]
        others: Any = (_("also to act: {players}", players=join(also)) if also
                       else _("with {players}", players=join(names)) if names else _("solo"))
        if g.deadline is not None:
            if clock_of(g.row.timing) is not None:
                due: Any = _("your clock runs out {when}", when=when(g.deadline))
            else:
                due = _("deadline {when}", when=when(g.deadline))
        else:
            due = _("no deadline, your turn began {when}", when=when(g.turn_since or g.row.updated_at))
        return _("• [{title}]({link}) · {where} · {others} · {due}", title=self._title(g),
                 link=jump_link(g.row), where=self._where(g, server_names), others=others, due=due)

    def _waiting_line(self, g: InPlay, server_names: ServerNames) -> Text:
        acting = [bold(safe_name(o.name)) for o in g.others if o.must_act]
        if not acting:
            acting = [bold(safe_name(o.name)) for o in g.others if o.bot]
        who: Any = (_("waiting for {players}", players=join(acting)) if acting
                    else _("waiting"))
        return _("• [{title}]({link}) · {where} · {who}", title=self._title(g), link=jump_link(g.row),
                 where=self._where(g, server_names), who=who)

    def _held_line(self, g: InPlay, now: float) -> Text:
        if g.row.paused_at is not None:
            why: Any = _("⏸️ paused {when}", when=when(g.row.paused_at))
        else:
            why = _("🌴 your turn, held while you're away")
        left = (max(0.0, g.deadline - min(now, g.hold_start or now))
                if g.deadline is not None else None)
        tail = _(" · {left} left on your deadline", left=format_duration(left)) if left is not None else ""
        return _("• [{title}]({link}) · {why}{tail}", title=self._title(g), link=jump_link(g.row),
                 why=why, tail=tail)
