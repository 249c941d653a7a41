"""Opening a game: lobby, seats, start, and abort."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games import BadOptions, Game

from ..refusals import NoGame, NotAllowed, ServiceError
from ..messages import Actor, LobbyCard, Outcome, Place, Post
from ..store.envelopes import Envelope
from ..store import ChannelBusy, GameRow, SeatRow
from ..store.rows import KEPT_SETTINGS
from .away_allowance import away_beyond
from ..choices import english, option_key, option_value, truth
from ..safe_text import clip, mention, parse_options, safe_name
from ..timekeeping.reminders import ladder_words, parse_ladder
from ..timekeeping.chess_clock import clock_of, clock_words, parse_clock
from ..timekeeping.durations import CONTINUATION, format_duration, parse_duration
from .core import DEADLINE_ACTIONS, TIMING_KEYS, log
from .ground import teaching
from .names import _, bold, game_title, person_name, seat_names
from .forced import forced_after, forced_words
from .paused import pause_line
from ..vocab import PLAYED, Status

from games.text import Text, chain, contextual, join, lines, sentence
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator


def split_options(game: Game, text: str | None) -> tuple[dict[str, str], dict[str, Any]]:
    """``/game new options:`` -> (the game's resolved options, the bot's timing overrides)."""
    try:
        given = parse_options(text, lambda key, word: (
            key.replace("_", "-") in ("reminder", "deadline") and CONTINUATION.fullmatch(word) is not None
            or key == "reminders" and (CONTINUATION.fullmatch(word) is not None or word.endswith("%"))
            or key == "clock" and all(CONTINUATION.fullmatch(w) for w in word.split("+") if w)))
    except ValueError as exc:
        raise BadOptions(_("could not read the option '{text}': write options as key=value, e.g. "
                           "rules=classic role=host-colour", text=exc.args[0])) from None
    timing: dict[str, Any] = {}
    rules: dict[str, str] = {}
    for key, value in given.items():
        name = key.replace("_", "-")
        if name not in TIMING_KEYS:
            # an option as the lobby card names it (bootswahl) and its words (frei): English
            rules[option_key(game, key) or key] = option_value(game, key, value)
        elif name == "on-deadline":
            action = english("on_deadline", value)  # überspringen, spring over: skip
            if action not in DEADLINE_ACTIONS:
                raise BadOptions(_("'{value}' is not a value of on-deadline (choose one of: {allowed})",
                                   value=clip(value, 24), allowed=commas(
                                       [ACTION_WORDS[a] for a in DEADLINE_ACTIONS])))
            timing[name] = action
        elif name == "hints":  # a teaching game: /game hint answers, and it is unrated
            on = truth(value)
            if on is None:
                raise BadOptions(_("'{value}' is not a value of hints (choose on or off)",
                                   value=clip(value, 24)))
            if on:
                timing[name] = True
        elif name == "web":  # web=off: no web view, no links to it
            on = truth(value)
            if on is None:
                raise BadOptions(_("'{value}' is not a value of web (choose on or off)",
                                   value=clip(value, 24)))
            if not on:
                timing[name] = False
        elif name == "reminders":  # points before the deadline: "50%,8h,1h"
            timing[name] = parse_ladder(value).spec()
        elif name == "clock":  # a chess clock: "3d+1d"
            clock = parse_clock(value)
            timing[name] = list(clock) if clock is not None else None
        else:
            timing[name] = parse_duration(value, what=_("reminder interval") if name == "reminder"
                                          else _("turn deadline"))
    return game.resolve_options(rules), timing


STATUS_WORDS = {"lobby": _("lobby"), "running": _("running"), "finished": _("finished"),
                "aborted": _("aborted")}
#: A confirmation button pressed after its game ended (and maybe another began) does nothing.
#: The end reason of a game closed because it could have no thread (see close_without_thread).
NO_THREAD_REASON = "no thread, and the channel had a game"
STALE_CONFIRMATION = _("This confirmation belongs to an earlier game in this channel, so I did nothing.")
ACTION_WORDS = {"remind": _("remind"), "skip": _("skip"), "forfeit": _("forfeit")}
_p = contextual(_)
#: The lobby's timing overrides as a sentence names them (``deadline: 2 d``).
TIMING_NAMES = {
    # i18n: The lobby's timing overrides, as the lobby card names them ("deadline: 2 d").
    "reminder": _p("timing", "reminder"),
    "reminders": _p("timing", "reminders"),
    "deadline": _p("timing", "deadline"),
    "on-deadline": _p("timing", "on deadline"),
    "clock": _p("timing", "clock"),
}


#: Said by the lobby card and ``/game status`` of a game opened with ``hints=on``.
TEACHING_LINE = _("💡 Teaching game: `{cmd:game hint}` suggests a move on your turn. It is unrated.")


def commas(parts: Sequence[Any]) -> Text:
    """``a, b, c``: a list of settings (no "and")."""
    return chain(parts, lambda a, b: _("{a}, {b}", a=a, b=b))


def options_said(game: Game, options: Mapping[str, str]) -> Text:
    """A game's options as a reader reads them, in their words: ``boat choice: free, push:
    touch`` (``Bootswahl: frei, Schub: ganz``). Not what they type: that is ``key=value``,
    which ``/game rules`` shows."""
    known = [k for k in game.options if k in options]
    parts = [_("{name}: {value}", name=game.options[k].name or k,
               value=game.options[k].word(options[k])) for k in known]
    parts += [_("{name}: {value}", name=k, value=v) for k, v in sorted(options.items())
              if k not in game.options]
    return commas(parts) if parts else _("none")


def seat_list(seats: Sequence[SeatRow], host_id: int,
              names: Mapping[str, Any] | None = None,
              tags: Mapping[str, Any] | None = None) -> Text:
    """``**hana** (host), **ivan** and **hana (2)**``: the host is marked once, at their first
    seat (in a cooperative game one person may hold several). ``names`` are the seats' names
    in a running game; ``tags`` the words a game gives its seats (Kraqua's animals), said in
    one bracket with the host's mark: ``**hana** (seahorse, host)``, never
    ``**hana (seahorse)** (host)``. The lobby's own names otherwise."""
    first = next((s.player_id for s in seats if s.user_id == host_id), None)
    shown: list[Any] = []
    for s in seats:
        tag = tags.get(s.player_id) if tags else None
        host = s.player_id == first
        if tag is not None:
            name = bold(safe_name(person_name(s)))
            shown.append(_("{name} ({seat}, host)", name=name, seat=tag) if host
                         else _("{name} ({seat})", name=name, seat=tag))
            continue
        plain: Any = (bold(names[s.player_id]) if names and s.player_id in names
                      else f"**{safe_name(s.name)}**")
        shown.append(_("{name} (host)", name=plain) if host else plain)
    return join(shown)


#: How a kick that ended a game is stored (``bot/service/play.py``): the command itself.
KICKED = "/game kick "


def abort_reason(row: GameRow) -> Any:
    """Why a game was aborted, as stored (the moderator's words), or "no reason given". A
    stored kick names the command as the reader's client does."""
    if row.end_reason and row.end_reason.startswith(KICKED):
        return _("{cmd:game kick} {name}", name=safe_name(row.end_reason[len(KICKED):], 280))
    return safe_name(row.end_reason, 300) if row.end_reason else _("no reason given")


@dataclass(eq=False, repr=False, kw_only=True)
class Lobby(Part):
    """Opening a game: ``/game new``, join, leave, start and abort."""

    narrator: Narrator

    def _lobby_card(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                    *, closed: Text | None = None) -> LobbyCard:
        host = next((s for s in seats if s.user_id == row.host_id), None)
        opts = options_said(game, row.options)
        said: list[Text] = []
        for key, value in sorted(row.timing.items()):
            if key == KEPT_SETTINGS:
                continue  # the server's, not an option of the game
            if key == "hints":
                continue  # said on a line of its own: the game is a teaching game
            if key == "web":
                said.append(_("no web view"))
                continue
            shown = (ACTION_WORDS[value] if key == "on-deadline" else
                     clock_words(clock_of(row.timing)) if key == "clock" else
                     ladder_words(parse_ladder(value)) if key == "reminders" else format_duration(value))
            said.append(_("{name}: {value}", name=TIMING_NAMES.get(key, key), value=shown))
        timing = commas(said) if said else None
        players = seat_list(seats, row.host_id) if seats else _("nobody yet")
        need = (str(game.min_players) if game.min_players == game.max_players
                else f"{game.min_players}–{game.max_players}")
        # The host may have handed the lobby on (then they didn't open it) or left their seat
        # (then they still host it: say so, rather than list them as if they played).
        head = (_("🎲 **{game}** lobby, hosted by {host}", game=game.title,
                  host=f"**{safe_name(host.name)}**") if host else
                _("🎲 **{game}** lobby, hosted by {host} (not playing)", game=game.title,
                  host=mention(row.host_id)))
        parts: list[Any] = [
            head,
            (_("Options: {options} · timing: {timing}", options=opts, timing=timing) if timing
             else _("Options: {options}", options=opts)),
            _("Players ({count}/{most}, needs {need}): {players}", count=len(seats),
              most=game.max_players, need=need, players=players),
        ]
        if teaching(row):
            parts.insert(2, TEACHING_LINE)
        if closed:
            parts.append(closed)
        elif len(seats) >= game.min_players:
            parts.append(_("Ready! The host or a moderator presses **Start**."))
        else:
            parts.append(_("Press **Join** or use `{cmd:game join}`. The host or a moderator starts the game."))
        return LobbyCard(game_id=row.id, text=lines(parts), open=closed is None,
                         message_id=row.lobby_message_id)

    async def lobby_card(self, game_id: int) -> LobbyCard | None:
        """The lobby message as it should look now (the outbox's lobby rows draw it at delivery,
        so an edit delivered late never shows an older lobby)."""
        row = await self.store.games.get(game_id)
        if row is None:
            return None
        closed = None
        seats = await self.store.games.seats(row.id)
        if row.status in PLAYED:
            closed = _("The game has started. Good luck!")
            paused = pause_line(row, seats) if row.status == Status.RUNNING else None
            closed = lines([closed, paused]) if paused is not None else closed
        elif row.status == Status.ABORTED:
            closed = _("This lobby was aborted.")
        return self._lobby_card(self.ground.engine(row.game), row, seats, closed=closed)

    def lobby_refresh(self, row: GameRow) -> list[Envelope]:
        """An outbox row that brings the lobby message up to date when it is delivered."""
        return self.narrator.envelopes(row, lobby=LobbyCard(game_id=row.id, text=""))

    async def open_lobby(self, place: Place, game_id: int | None) -> GameRow:
        """The channel's open lobby; with ``game_id`` (from a button) it must be that one."""
        if game_id is not None:
            row = await self.store.games.get(game_id)
            if row is None or not row.plays_in(place.channel_id):
                raise NoGame(_("This button belongs to a lobby I can't find any more."))
            if row.status != Status.LOBBY:
                what = {"running": _("the game has already started"),
                        "finished": _("that game is over"),
                        "aborted": _("that game was aborted")}[row.status]
                raise NoGame(_("This lobby is closed: {what}.", what=what))
            return self.ground.usable(row)
        row = await self.ground.active(place)
        if row.status != Status.LOBBY:
            raise ServiceError(_("The game has already started, so the lobby is closed."))
        return row

    def _channel_taken(self, existing: GameRow | None) -> ServiceError:
        if existing is None:  # opened and closed again in the meantime
            return ServiceError(_("Someone opened a game in this channel at the same moment. Have a "
                                  "look, and try again if it is gone."))
        title = self.ground.engine(self.ground.usable(existing).game).title
        return ServiceError(_(
            "This channel already has a game of {game} ({status}). Finish it, or ask a "
            "moderator to `{cmd:game abort}` it first.", game=title, status=STATUS_WORDS[existing.status]))

    async def new_game(self, actor: Actor, place: Place, game_id: str,
                       options_text: str | None = None, thread: bool | None = None,
                       threads_allowed: bool = True) -> Outcome:
        """Open a lobby. With a thread (``thread``, else the server's ``threads`` setting) the
        game plays in a thread opened from its lobby message, and a channel may hold any
        number of those; a game without one is the only one that plays in the channel itself.
        Inside a game's thread no further thread is opened. ``threads_allowed``: whether the
        bot may open threads here (Discord tells the adapter); if not, a game that wanted a
        thread plays in the channel, or is refused when the channel has its game already."""
        game = self.ground.engine(game_id)
        settings = await self.ground.settings_for(place)
        if place.guild_id is not None and not self.ground.may_open(actor, settings):  # else: anyone there
            raise NotAllowed(_("Opening a game needs {who}. Ask a moderator.",
                               who=self.ground.opener_words(settings)))
        options, timing = split_options(game, options_text)
        await self._back_first(actor, place)  # the host takes the first seat
        threaded = (settings.threads if thread is None else thread) and place.guild_id is not None
        async with self.ground.lock(place.channel_id):
            if threaded and await self.store.games.is_thread(place.channel_id):
                threaded = False  # a thread can't have threads: the game plays right here
            found = await self.store.games.active_games(place.channel_id)
            existing = next((r for r in found if not r.threaded or r.thread_id == place.channel_id),
                            None)
            unthreaded = threaded and not threads_allowed  # wanted a thread, can't have one
            if unthreaded and existing is not None:
                raise ServiceError(_(
                    "This channel already has a game played in it, and I can't open a thread "
                    "for another: I need the Create Public Threads and Send Messages in "
                    "Threads permissions here."))
            threaded = threaded and not unthreaded
            if existing is not None and not threaded:
                raise self._channel_taken(existing)
            items = self.narrator.envelopes(place, posts=[Post(text="", lobby=LobbyCard(game_id=0, text=""))])
            try:
                row = await self.store.games.create_game(
                    guild_id=place.guild_id, channel_id=place.channel_id, game=game.id,
                    options=options, seed=self.ground.new_seed(), host_id=actor.user_id,
                    host_name=actor.name, now=self.clock(), timing=timing, outbox=items,
                    threaded=threaded,
                )
            except ChannelBusy:
                # Another process sharing the database opened one since the check above:
                # the database's unique index decides, and the loser hears why.
                raise self._channel_taken(await self.store.games.active_game(place.channel_id)) from None
            seats = await self.store.games.seats(row.id)
        card = self._lobby_card(game, row, seats)
        reply = _("Your {game} lobby is open and you have the first seat. Use `{cmd:game leave}` if you "
                  "only want to host.", game=game.title)
        if threaded:
            reply = sentence(reply, _("The game gets a thread of its own, opened from the lobby message."))
        elif unthreaded:
            reply = sentence(reply, _("It plays here in the channel: I can't open threads here (I need "
                                      "the Create Public Threads and Send Messages in Threads "
                                      "permissions)."))
        return Outcome(
            reply=reply,
            posts=[Post(text=card.text, lobby=card)],
            game_id=row.id, outbox=tuple(i.key for i in items),
        )

    async def _back_first(self, actor: Actor, place: Place) -> None:
        """An away booked where more is allowed does not hold a game here (see
        :func:`~.away_allowance.away_beyond`)."""
        allowance = await away_beyond(self.store, actor.user_id, place, self.clock())
        if allowance is not None:
            raise ServiceError(_("You're away for longer than this server allows ({allowance} in any "
                                 "365 days), so I can't seat you in a game here until you're back "
                                 "(`{cmd:game away until:}off`).",
                                 allowance=format_duration(allowance)))

    async def join(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        await self._back_first(actor, place)
        async with self.ground.lock(place.channel_id):
            row = await self.open_lobby(place, game_id)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            held = sum(s.user_id == actor.user_id for s in seats)
            if held and not game.multi_seat:
                raise ServiceError(_("You're already in this lobby."))
            if len(seats) >= game.max_players:
                raise ServiceError(_("The lobby is full ({count}/{most}).", count=len(seats),
                                     most=game.max_players))
            # In a cooperative game one person may take several seats: the extra ones get
            # their own player ids, so the engine sees a seat per player as always.
            taken = {s.player_id for s in seats}
            number = next(k for k in range(1, len(seats) + 2)
                          if (str(actor.user_id) if k == 1 else f"{actor.user_id}#{k}") not in taken)
            player_id = str(actor.user_id) if number == 1 else f"{actor.user_id}#{number}"
            name = actor.name if number == 1 else f"{actor.name} ({number})"
            items = self.lobby_refresh(row)
            await self.ground.write(self.store.games.add_seat(row.id, row.version, user_id=actor.user_id,
                                                  player_id=player_id, name=name, now=self.clock(),
                                                  outbox=items))
            seats = await self.store.games.seats(row.id)
        card = self._lobby_card(game, row, seats)
        joined = _("You joined the {game} lobby ({count}/{most}).", game=game.title,
                   count=len(seats), most=game.max_players)
        if held:
            joined = sentence(joined, _("You hold {n} seats now.", n=held + 1))
        elif game.multi_seat:
            joined = sentence(joined, _("Join again to take another seat."))
        return Outcome(reply=joined, lobby_edit=card, game_id=row.id, outbox=tuple(i.key for i in items))

    async def drop_seat(self, row: GameRow, *gone: SeatRow
                        ) -> tuple[GameRow, list[SeatRow], Text | None, LobbyCard, tuple[str, ...]]:
        """Free lobby seats; a host who leaves hands the lobby to the next seated person
        (never to a bot: a bot cannot start or abort anything).

        Returns the game and seats after it, a note about the new host, the lobby card and
        the keys of the outbox rows that update the lobby message.
        """
        seats = await self.store.games.seats(row.id)
        dropped = {s.player_id for s in gone}
        left = [s for s in seats if s.player_id not in dropped]
        heir = None
        if any(s.user_id == row.host_id for s in gone) and not any(s.user_id == row.host_id for s in left):
            heir = next((s for s in left if not s.bot_level), None)
        items = self.lobby_refresh(row)
        await self.ground.write(self.store.games.remove_seats(row.id, row.version, player_ids=sorted(dropped),
                                                  now=self.clock(),
                                                  new_host=heir.user_id if heir else None,
                                                  outbox=items))
        fresh = await self.store.games.get(row.id)
        assert fresh is not None
        note = _("**{name}** is the host now.", name=safe_name(heir.name)) if heir else None
        seats = await self.store.games.seats(row.id)
        return fresh, seats, note, self._lobby_card(self.ground.engine(row.game), fresh, seats), \
            tuple(i.key for i in items)

    async def leave(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self.ground.lock(place.channel_id):
            row = await self.store.games.get(game_id) if game_id is not None else await self.ground.active(place)
            if row is not None and row.status == Status.RUNNING and place.channel_id in (row.channel_id,
                                                                                    row.thread_id):
                raise ServiceError(_("The game is running: to give up, use `{cmd:game resign}`."))
            row = await self.open_lobby(place, game_id)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            mine = [s for s in seats if s.user_id == actor.user_id]
            if not mine:
                raise ServiceError(_("You're not in this lobby."))
            row, seats, note, card, keys = await self.drop_seat(row, mine[-1])  # the last seat taken
        if not note and actor.user_id == row.host_id:
            note = _("You are still the host and can start or abort it.")
        left = _("You left the {game} lobby.", game=game.title)
        return Outcome(reply=sentence(left, note) if note else left, lobby_edit=card, game_id=row.id,
                       outbox=keys)

    async def start(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self.ground.lock(place.channel_id):
            row = await self.open_lobby(place, game_id)
            game = self.ground.engine(row.game)
            settings = await self.ground.require_host_or_moderator(actor, place, row, lambda who: _(
                "Only the host or someone with {who} can start this game.", who=who))
            seats = await self.store.games.seats(row.id)
            if len(seats) < game.min_players:
                raise ServiceError(_("{game} needs at least {least} players and {count} joined. Ask "
                                     "someone to press **Join**.", game=game.title,
                                     least=game.min_players, count=len(seats)))
            # The engine's first seat is the host when seated (options like role=host-colour).
            ordered = sorted(seats, key=lambda s: (s.user_id != row.host_id, s.position))
            state = game.setup([s.player_id for s in ordered], row.options, row.seed)
            # The seats as the start will number them (the engine's order).
            after = [SeatRow(s.game_id, i, s.user_id, s.player_id, s.name, s.bot_level)
                     for i, s in enumerate(ordered)]
            names = seat_names(game, state, after)  # Kraqua: "hana (seahorse)", "hana (crab)"
            lineup = join([bold(names[p]) for p in game.players(state)])
            state, forced = forced_after(game, state, True, names, enabled=settings.auto_forced)
            headline = _("🎲 **{game}** has started: {players}.", game=game.title, players=lineup)
            post = await self.narrator.board_post(game, self.narrator.next_row(row), state, after,
                                          lines([headline, *forced_words(forced, names)]), "start")
            dms = await self.narrator.hand_updates(game, row, after, None, state)
            items = self.narrator.envelopes(row, posts=[post], dms=dms,
                                            lobby=LobbyCard(game_id=row.id, text=""))
            await self.ground.write(self.store.games.start_game(
                row.id, row.version, state=game.dump(state), now=self.clock(),
                order=[s.player_id for s in ordered], timers=await self.ground.timer_plan(row, game, state),
                outbox=items, then=[f.row() for f in forced],
                timing=self.ground.kept_timing(row, settings),
            ))
            started = await self.store.games.get(row.id)
            assert started is not None
            row = started
            seats = await self.store.games.seats(row.id)
        card = self._lobby_card(game, row, seats, closed=_("The game has started. Good luck!"))
        return Outcome(reply=_("The game has started."), posts=[post], lobby_edit=card, dms=dms,
                       game_id=row.id, outbox=tuple(i.key for i in items))

    async def _may_abort(self, actor: Actor, place: Place, game_id: int | None,
                         number: int | None = None) -> GameRow:
        """The game ``actor`` may abort here; with ``game_id`` (a confirmation) it must be that
        one, with ``number`` (typed) that one. A game is reached from its thread and from its
        channel, whatever state its thread is in.

        Needs no engine, so a game that can't be loaded can be ended too.
        """
        wanted = game_id if game_id is not None else number
        if wanted is not None:
            picked = await self.store.games.get(wanted)
            if (picked is None or not picked.plays_in(place.channel_id)
                    or picked.status not in (Status.LOBBY, Status.RUNNING)):
                if game_id is not None:
                    raise ServiceError(STALE_CONFIRMATION)
                raise NoGame(_("There is no open game number {n} in this channel.", n=number))
            row = picked
        else:
            found = await self.store.games.active_games(place.channel_id)
            if len(found) > 1:
                raise NoGame(_("This channel has several games: {games}. Say which one: "
                               "`{cmd:game abort game:}` and its number, or the command inside its "
                               "thread.", games=join([_("#{n}", n=r.id) for r in found])))
            row = await self.ground.active(place, parked=True)
        why_broken = self.ground.problem(row)
        settings = await self.ground.settings_for(place)
        host_lobby = row.status == Status.LOBBY and actor.user_id == row.host_id
        if not (host_lobby or await self.ground.moderates(actor, place, settings, row)):
            if why_broken is not None:
                self.ground.park(row, why_broken)
                raise self.ground.unavailable(row)
            if row.status == Status.LOBBY:
                raise NotAllowed(_("Aborting a game needs {who} (the host may abort it while it is "
                                   "still a lobby).", who=self.ground.moderator_words_at(place, settings)))
            raise NotAllowed(_("Aborting a game needs {who}.", who=self.ground.moderator_words_at(place, settings)))
        return row

    async def ask_abort(self, actor: Actor, place: Place, reason: str | None = None,
                        number: int | None = None) -> Outcome:
        """The question ``/game abort`` asks first (nothing changes until it is confirmed);
        ``number``: the game's number, where the channel has several."""
        row = await self._may_abort(actor, place, None, number)
        # Asking must work even for a game this code cannot load (the engine is not needed).
        title = game_title(row.game)
        why = clip(" ".join((reason or "").split()), 300)
        question = (_("Abort this {game} game? It ends for everyone, without a result.", game=title)
                    if row.status == Status.RUNNING else
                    _("Abort this {game} lobby?", game=title))
        shown = safe_name(why, 300) if why else _("no reason given")
        return Outcome(reply=lines([question, _("Reason: {reason}", reason=shown)]), game_id=row.id)

    async def close_without_thread(self, game_id: int) -> Text | None:
        """A game that can't have its own thread, in a channel whose one place for a game
        without a thread is taken (see :meth:`Threads.thread_refused`): it is aborted (a lobby's
        card says so), so no channel is ever held by a game with nowhere to play. The words
        for the channel; None when the game is over already."""
        row = await self.store.games.get(game_id)
        if row is None or row.status not in (Status.LOBBY, Status.RUNNING):
            return None
        async with self.ground.lock(row.channel_id):
            row = await self.store.games.get(game_id)
            if row is None or row.status not in (Status.LOBBY, Status.RUNNING):
                return None
            title = game_title(row.game)
            refresh = LobbyCard(game_id=row.id, text="") if row.status == Status.LOBBY else None
            items = self.narrator.envelopes(row, lobby=refresh)
            await self.ground.write(self.store.games.end_game(
                row.id, row.version, status=Status.ABORTED, reason=NO_THREAD_REASON,
                now=self.clock(), outbox=items))
        log.info("game %s had no thread and its channel a game already: aborted", game_id)
        return _("🛑 I couldn't open a thread for {game} #{n}, and this channel already has a game "
                 "played in it, so I closed {game} #{n}. To run several games here, give me the "
                 "Create Public Threads and Send Messages in Threads permissions, then open it "
                 "again.", game=title, n=row.id)

    async def abort(self, actor: Actor, place: Place, reason: str | None = None,
                    game_id: int | None = None, number: int | None = None) -> Outcome:
        """End the channel's game without a result; ``game_id``: only if it is still that game
        (a confirmation); ``number``: that game of the channel's (typed)."""
        async with self.ground.lock(place.channel_id):
            row = await self._may_abort(actor, place, game_id, number)
            why_broken = self.ground.problem(row)
            game = self.ground.engine(row.game) if why_broken is None else None
            why = clip(" ".join((reason or "").split()), 300)
            shown = safe_name(why, 300) if why else _("no reason given")
            if game is None:
                log.info("game %s, which couldn't be loaded, was aborted by %s", row.id, actor.user_id)
                text = _("🛑 The game that couldn't be loaded was aborted by **{name}**: {reason}",
                         name=safe_name(actor.name), reason=shown)
            else:
                text = _("🛑 The {game} game was aborted by **{name}**: {reason}", game=game.title,
                         name=safe_name(actor.name), reason=shown)
            refresh = LobbyCard(game_id=row.id, text="") if row.status == Status.LOBBY and game else None
            # A game that ran in its thread leaves a line in the channel (see thread_summary).
            ended = [Post(text="", in_channel=True)] if row.threaded and row.status == Status.RUNNING else []
            items = self.narrator.envelopes(row, posts=[Post(text=text), *ended], lobby=refresh)
            await self.ground.write(self.store.games.end_game(row.id, row.version, status=Status.ABORTED,
                                                  reason=why, now=self.clock(), outbox=items))
            seats = await self.store.games.seats(row.id)
        card = (self._lobby_card(game, row, seats, closed=_("This lobby was aborted."))
                if row.status == Status.LOBBY and game is not None else None)
        return Outcome(reply=_("The game was aborted."), posts=[Post(text=text)], lobby_edit=card,
                       game_id=row.id, outbox=tuple(i.key for i in items))
