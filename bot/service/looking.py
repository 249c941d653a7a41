"""Looking at a game: the board, its status, your hand, the rules, and /move's autocomplete."""

from __future__ import annotations

from dataclasses import dataclass
import asyncio
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import games
import renderers
from games import Game
from games.aliases import english
from games.base import Option, Suggestions

from ..refusals import GameUnavailable, NotAllowed, ServiceError
from ..messages import Actor, DirectMessage, Outcome, Place
from ..store import GameRow, MoveRow, SeatRow
from ..timekeeping.chess_clock import clock_of
from ..timekeeping.durations import format_duration
from ..timekeeping.reminders import ladder_words
from .names import _, bold, seat_names
from .lobby import ACTION_WORDS, TEACHING_LINE, abort_reason, options_said, seat_list
from .ground import teaching
from .paused import away_lines, pause_line, time_left

from games.text import Notation, Text, chain, join, lines
from ..vocab import Status
from .places import board_link
from .part import Part

if TYPE_CHECKING:
    from .clocks import Clocks
    from .core import Narrator
    from .drawing import Drawing
    from .lobby import Lobby
    from .play import Play
    from .sight import Sight, Sights

T = TypeVar("T")

#: Versions × players whose ranked moves (and loaded states) autocomplete keeps.
SUGGEST_CACHE_SIZE = 300


@dataclass(eq=False, repr=False, kw_only=True)
class Looking(Part):
    """Looking at a game: the board, its status, your hand, the rules, and autocomplete."""

    clocks: Clocks
    drawing: Drawing
    lobby: Lobby
    play: Play
    narrator: Narrator
    sights: Sights

    async def board(self, actor: Actor, place: Place, user_id: int | None = None) -> Outcome:
        """The board, only for the asker; ``user_id`` shows that player's area (Aqua)."""
        row = await self.ground.latest(place)
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        if row.status == Status.LOBBY:
            return Outcome(reply=self.lobby._lobby_card(game, row, seats).text, game_id=row.id)
        if row.state is None:  # a lobby that was aborted before it started
            return Outcome(reply=self._ended_lobby(game, row), game_id=row.id)
        sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
        state = sight.state
        focus = None
        if user_id is not None:
            theirs = [s.player_id for s in seats if s.user_id == user_id]
            if not theirs:
                raise ServiceError(_("That member has no seat in this game."))
            if not renderers.record(game.id).focus:
                raise ServiceError(_("The {game} board shows every player already.", game=game.title))
            focus = theirs[0]
        # named by the moves it shows, so that nothing about a hidden step shows in the name
        image = await self.drawing.render_image(game, row, state, seats, f"m{len(sight.moves)}",
                                                actor.lang, focus)
        if image is None:
            raise ServiceError(_("I couldn't draw the board just now; please try again."))
        return Outcome(reply=self.status_line(game, row, state, seats, sight.moves,
                                              self._ahead(sight)), reply_file=image,
                       game_id=row.id)

    @staticmethod
    def _ended_lobby(game: Game, row: GameRow) -> Text:
        return _("The {game} lobby here was aborted before the game started ({reason}).",
                 game=game.title, reason=abort_reason(row))

    def status_line(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                    moves: Sequence[MoveRow] = (), movers: Collection[str] = ()) -> Text:
        """``movers``: the seats partway through a turn the asker sees from its start (they
        are the ones waited for, whatever that start offered others)."""
        names = seat_names(game, state, seats)
        if row.status == Status.ABORTED:
            return _("{game}: aborted ({reason}).", game=game.title, reason=abort_reason(row))
        result = game.result(state)
        if result is not None:
            how = {m.player_id: str(m.kind) for m in moves
                   if m.undone_at is None and m.kind in ("resign", "kick", "forfeit")}
            return lines([_("{game}: finished.", game=game.title),
                          self.narrator.result_text(game, result, names, how=how)])
        acting = join([bold(names[p]) for p in sorted(movers or game.waiting_for(state))])
        waiting = _("{game}: waiting for {players}.", game=game.title, players=acting)
        paused = pause_line(row, seats) if row.status == Status.RUNNING else None
        return lines([waiting, paused]) if paused is not None else waiting

    async def status(self, actor: Actor, place: Place) -> Outcome:
        row = await self.ground.latest(place)
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        if row.status == Status.LOBBY:
            return Outcome(reply=self.lobby._lobby_card(game, row, seats).text, game_id=row.id)
        if row.state is None:
            return Outcome(reply=self._ended_lobby(game, row), game_id=row.id)
        sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
        state, moves = sight.state, sight.moves
        opts = options_said(game, row.options)
        order = {p: i for i, p in enumerate(game.players(state))}  # seat order (may be drawn)
        listed = sorted(seats, key=lambda s: order.get(s.player_id, len(order)))
        names = seat_names(game, state, seats)
        tags = {s.player_id: game.seat_tag(state, s.player_id) for s in listed}
        players = seat_list(listed, row.host_id, names, tags)
        parts: list[Any] = [
            self.status_line(game, row, state, seats, moves, self._ahead(sight)),
            _("Players: {players}", players=players),
            _("Moves played: {n} · options: {options}", n=len(moves), options=opts)
            if row.status == Status.RUNNING else  # over: "Træk i alt", not "indtil nu"
            _("Moves in all: {n} · options: {options}", n=len(moves), options=opts),
        ]
        if teaching(row):
            parts.append(TEACHING_LINE)
        if row.status == Status.RUNNING:
            now = self.clock()
            settings = await self.ground.settings_for(row)
            _interval, deadline, action = self.ground.timing(row, settings)
            reminders = ladder_words(self.ground.reminders(row, settings))
            if clock_of(row.timing) is not None:  # the chess clock instead of a turn deadline
                parts += await self.clocks.clock_lines(row, game, state, seats, action)
                parts.append(_("Reminders: {reminders}", reminders=reminders))
            else:
                away = await self.store.pauses.away_users([s.user_id for s in seats if s.user_id])
                held = {s.player_id for s in seats if s.user_id in away} if row.paused_at is None \
                    else {s.player_id for s in seats}
                for t in await self.store.timers.of_game(row.id):
                    if t.kind == "deadline" and t.player_id in held:  # it stands still: how long
                        parts.append(_("Deadline for **{name}** in {left} (then: {action}).",
                                       name=names[t.player_id],
                                       left=format_duration(time_left(t, now, True)),
                                       action=ACTION_WORDS[action]))
                    elif t.kind == "deadline":  # on each reader's clock
                        parts.append(_("Deadline for **{name}**: {when} (then: {action}).",
                                       name=names[t.player_id], when=f"<t:{int(t.due_at)}:R>",
                                       action=ACTION_WORDS[action]))
                parts.append(_("Reminders: {reminders} · turn deadline: {deadline}",
                               reminders=reminders, deadline=format_duration(deadline)))
            parts += await away_lines(self.store, seats)
        link = board_link(row)
        if link:
            parts.append(_("Latest board: {link}", link=link))
        return Outcome(reply=lines(parts), game_id=row.id)

    async def hand(self, actor: Actor, place: Place, dm: bool = False) -> Outcome:
        """The caller's private view, only for them; with ``dm`` also a copy by DM that stays."""
        row = await self.ground.running(place)
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed(_("You're not playing in this game, so you have no hand here."))
        state = (await self.sights.sight(game, row, seats, user_id=actor.user_id)).state
        text, art = self.narrator.private(game, row, state, seats, mine)
        image = await self.drawing.render_art(art.read_in(actor.lang)) if art is not None else None
        dms = [DirectMessage(user_id=actor.user_id, text=text, image=image)] if dm else []
        reply = lines([text, _("(A copy is on its way to your DMs.)")]) if dm else text
        return Outcome(reply=reply, reply_file=image, dms=dms, game_id=row.id)

    async def rules(self, place: Place, game_id: str | None = None) -> Outcome:
        if game_id:
            game = self.ground.engine(game_id)
        else:
            row = await self.store.games.latest_game(place.channel_id)
            if row is None or not self.ground.loadable(row):
                parts: list[Any] = [_("**Games I can run** (`{cmd:game rules game:}<name>` for the rules):")]
                for g in games.REGISTRY.values():
                    need = (str(g.min_players) if g.min_players == g.max_players
                            else f"{g.min_players}–{g.max_players}")
                    parts.append(_("• **{game}** (`{id}`), {need} players", game=g.title, id=g.id,
                                   need=need))
                return Outcome(reply=lines(parts))
            game = self.ground.engine(row.game)
        # key=value as typed: the key in English, the values in the reader's words (which the
        # lobby reads in every language, bot.choices.option_value)
        opts = [(_("• `{name}`: {values} (default: {default}): {help}", name=name,
                   values=_choices(o), default=o.word(o.default), help=o.help) if o.help else
                 _("• `{name}`: {values} (default: {default})", name=name, values=_choices(o),
                   default=o.word(o.default))) for name, o in game.options.items()]
        timing = _("• `reminder`, `deadline` (e.g. 12h, 2d, off), `on-deadline`: remind | skip | forfeit")
        hints = _("• `hints`: on | off (default: off): on makes a teaching game, in which "
                  "`{cmd:game hint}` suggests a move; it is unrated")
        return Outcome(reply=lines([game.summary, _("**Options** (`{cmd:game new options:}key=value`):"),
                                    *opts, timing, hints]))

    async def suggest(self, actor: Actor, place: Place, typed: str,
                      seat: int | None = None) -> list[tuple[str, str]]:
        """Autocomplete for ``/move``: (label, value) pairs, or one friendly line explaining why not.

        Someone holding several seats that may all act gets each seat's moves, written
        ``seat N: move`` so that the move says which seat plays it. Discord shows the labels
        as plain text: they carry no Markdown, and names stand as typed (``seat_names(safe=False)``).
        """
        row = await self.store.games.active_game(place.channel_id)
        if row is None or row.status != Status.RUNNING:
            note = (_("The game hasn't started yet") if row is not None
                    else _("Several games here: use {cmd:move} in the game's thread")
                    if len(await self.store.games.active_games(place.channel_id)) > 1
                    else _("No game is running in this channel"))
            return [(note, typed.strip()[:100] or "none")]
        try:
            game = self.ground.engine(self.ground.usable(row).game)
            seats = await self.store.games.seats(row.id)
            # What the asker may see: mid-turn, others rank from the turn's start.
            sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
            state = sight.state
        except GameUnavailable:
            return [(_("This game can't be loaded; a moderator can end it with {cmd:game abort}"),
                     typed.strip()[:100] or "none")]
        typed_seat, typed = self.narrator.typed_seat(game, state, seats, typed, actor.user_id)
        players = game.players(state)
        names = seat_names(game, state, seats, safe=False)  # labels are plain text
        own = {s.player_id for s in seats if s.user_id == actor.user_id}
        if self._ahead(sight) and own & set(game.to_act(state)):
            # the start offers the asker's seat a move, but nothing is theirs until that turn ends
            return [(_("{players} is partway through a turn; wait for it to end",
                       players=join([names[p] for p in sorted(sight.movers)])), "wait")]
        try:
            chosen = [self.play.acting_player(game, state, seats, actor, seat or typed_seat)]
            prefixed = bool(typed_seat)
        except ServiceError as exc:
            mine = [p for p in players if p in game.to_act(state)
                    and any(s.user_id == actor.user_id and s.player_id == p for s in seats)]
            if len(mine) < 2:
                if isinstance(exc, NotAllowed):
                    why = exc.args[0] if exc.args else str(exc)
                else:  # /move's answer names the players in bold; a label says it plainly
                    number = seat or typed_seat
                    why = self._not_yet(game, state, names, players[number - 1] if number else None)
                return [(why, typed.strip()[:100] or "wait")]
            chosen, prefixed = mine, True
        found: list[tuple[str, str]] = []
        for player in chosen:
            ranked = await self._ranked(game, row, state, player)
            for value, label in ranked.pick(english(game.id, typed), 25):  # `schieben r` too
                label = _in_readers_words(game, label)
                if prefixed:
                    number = players.index(player) + 1
                    value, label = f"seat {number}: {value}", _("{seat}: {label}", seat=names[player],
                                                                label=label)
                found.append((value, label))
        if not found:
            return [(_("No legal move starts with '{typed}'", typed=typed.strip()[:60]),
                     typed.strip()[:100] or "none")]
        return [(label, value[:100]) for value, label in found[:25]]

    @staticmethod
    def _ahead(sight: Sight) -> frozenset[str]:
        """The seats partway through a turn that the asker sees from its start (free turn
        order, as in Kraqua): they are the ones waited for, since ``/move`` takes nobody
        else's move until that turn ends, whoever asks (a bystander too). Who is moving is
        said; what they did so far is not."""
        return sight.movers if sight.hidden else frozenset()

    @staticmethod
    def _not_yet(game: Game, state: Any, names: dict[str, str], seat: str | None) -> Text:
        """Why a seat has no moves now, in plain words (an autocomplete label); ``seat``: the
        one the asker named."""
        waiting = game.waiting_for(state)
        who = join([names.get(p, p) for p in sorted(waiting)]) if waiting else _("nobody")
        if seat is not None:
            return _("It's not your turn as {seat}: waiting for {waiting}. I'll ping you when it is.",
                     seat=names.get(seat, seat), waiting=who)
        return _("It's not your turn: waiting for {waiting}. I'll ping you when it is.", waiting=who)

    # ----- the autocomplete cache -------------------------------------------------------------

    def _suggest_cache(self) -> OrderedDict[tuple[Any, ...], asyncio.Future[Any]]:
        cache = self.__dict__.get("_suggest_lru")
        if cache is None:
            cache = self.__dict__["_suggest_lru"] = OrderedDict()
        return cache

    async def _cached(self, key: tuple[Any, ...], work: Callable[[], T]) -> T:
        """``work()`` run once per key, off the event loop, in a bounded LRU: keystrokes
        that arrive while it runs wait for the same result. A failed build is forgotten.

        Keyed by the game's version, so a move (or a step inside a turn) starts afresh; a
        keystroke given up by Discord does not cancel a build others are waiting for.
        """
        cache = self._suggest_cache()
        task = cache.get(key)
        if task is None:
            task = asyncio.ensure_future(asyncio.to_thread(work))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())  # seen: no warning
            cache[key] = task
            while len(cache) > SUGGEST_CACHE_SIZE:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        try:
            return await asyncio.shield(task)
        except Exception:
            if cache.get(key) is task:
                del cache[key]
            raise

    async def _suggest_state(self, game: Game, row: GameRow) -> Any:
        """The stored state of this version, loaded once for all its keystrokes."""
        return await self._cached(("state", row.id, row.version), lambda: self.ground.load_state(game, row))

    async def _ranked(self, game: Game, row: GameRow, state: Any, player: str) -> Suggestions:
        """``player``'s moves ranked once per version (the slow part); keystrokes filter."""
        return await self._cached(("ranked", row.id, row.version, player),
                                  lambda: game.suggestions(state, player))


def _choices(option: Option) -> Text:
    """``die | free``: an option's values as the reader may type them."""
    return chain([option.word(v) for v in option.values], lambda a, b: _("{a} | {b}", a=a, b=b))


def _in_readers_words(game: Game, label: Any) -> Any:
    """A suggestion's label with its ``{move}`` in the reader's words (``schieben rot · …``);
    the value sent stays the English move, which ``/move`` reads in every language."""
    if isinstance(label, Text) and isinstance(label.params.get("move"), str) \
            and not isinstance(label.params["move"], (Text, Notation)):
        params = {**label.params, "move": Notation(game.id, label.params["move"])}
        return label.with_params(params)
    return label
