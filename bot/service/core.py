"""What every part of the service shares: the store, the clock, locks, rights and messages."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing
import os
import secrets
import socket
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

import games
import renderers
from games import Game, Result

from ..errors import GameUnavailable, NoGame, NotAllowed, RacedWrite, ServiceError
from ..messages import Actor, Art, Attachment, DirectMessage, LobbyCard, MoveButton, Outcome, Place, Post
from ..outbox import Envelope, envelopes
from . import workers
from ..store import GameRow, GuildSettings, SeatRow, StaleGame, Store, TimerPlan
from ..i18n import LANGUAGES, tr
from ..clock import clock_of
from ..text import clip, mention, safe_name, split_seat
from .faces import clock_faces
from .names import _, _n, bold, names_of, person_name, seat_example, seat_names, users_of

from games.text import Text, join, lines, sentence


log = logging.getLogger("bot.service")

Renderer = Callable[..., bytes]  # (view, names[, focus]) -> PNG
T = TypeVar("T")

_MISSING = object()

#: Keys of ``/game new options:`` that belong to the bot, not to the game's rules.
TIMING_KEYS = ("reminder", "deadline", "on-deadline", "clock")
DEADLINE_ACTIONS = ("remind", "skip", "forfeit")


class ServiceCore:
    """One instance per bot process; cheap to construct on an open :class:`Store`."""

    #: Where pictures are drawn: worker threads (tests, the console) or, for the bot, a worker
    #: process, so that drawing never holds the interpreter the event loop needs.
    draw_in_process = False
    _draw_pool: ProcessPoolExecutor | None = None

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 render: Renderer = renderers.render_board,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.store = store
        self.clock = clock
        self._render = render
        self._new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._parked: set[int] = set()  # games whose row could not be loaded, logged once
        #: Who this process is when it claims work in the database (timers, bot turns).
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._bad_states: dict[int, tuple[str, str]] = {}  # game id -> (stored state, why not)

    # ----- plumbing -------------------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    @staticmethod
    def engine(game_id: str) -> Game:
        game = games.REGISTRY.get(str(game_id).strip().lower())
        if game is None:
            known = ", ".join(sorted(games.REGISTRY))
            raise ServiceError(_("I don't know a game called '{name}'. Choose one of: {known}.",
                                 name=clip(str(game_id), 30), known=known))
        return game

    def _state(self, game: Game, row: GameRow) -> Any:
        """The stored state; a state the engine cannot load parks the game (GameUnavailable)."""
        assert row.state is not None
        try:
            return game.load(row.state)
        except Exception as exc:
            why = clip(f"its state can't be loaded ({type(exc).__name__}: {exc})", 200)
            self._bad_states[row.id] = (row.state, why)
            self._park(row, why)
            raise self._unavailable(row) from None

    # ----- rows that cannot be loaded -------------------------------------------------------

    def problem(self, row: GameRow) -> str | None:
        """Why this stored game can't be loaded (its row is parked), or None when it can.

        Parked rows keep their status: nothing is written, the service just never hands them
        to an engine. A moderator's ``/game abort`` ends them; a row repaired by hand is
        picked up again, since every check looks at the row as it is now.
        """
        if row.broken:
            return row.broken
        if games.REGISTRY.get(str(row.game).strip().lower()) is None:
            return f"unknown game {clip(str(row.game), 30)!r}"
        if row.state is None and row.status in ("running", "finished"):
            return "it has no state"
        bad = self._bad_states.get(row.id)
        if bad is not None and row.state == bad[0]:
            return bad[1]
        return None

    def _park(self, row: GameRow, why: str) -> None:
        """Log a row that can't be loaded, once per process."""
        if row.id not in self._parked:
            self._parked.add(row.id)
            then = ("a moderator's /game abort ends it" if row.status in ("lobby", "running")
                    else "stats and replays leave it out")
            log.warning("game %s (%s, channel %s) can't be loaded: %s; parked: %s", row.id,
                        row.status, row.channel_id, why, then)

    @staticmethod
    def _unavailable(row: GameRow) -> GameUnavailable:
        if row.status in ("lobby", "running"):
            return GameUnavailable(_(
                "The game in this channel can't be loaded: its saved record is damaged or from a "
                "game I don't know. A moderator can end it with `{cmd:game abort}`, then open a new "
                "one with `{cmd:game new}`."))
        return GameUnavailable(_("That game can't be loaded: its saved record is damaged or from a "
                                 "game I don't know."))

    def _loadable(self, row: GameRow) -> bool:
        """For lists of games: False (logged once) for one that can't be loaded, to skip it."""
        why = self.problem(row)
        if why is not None:
            self._park(row, why)
        return why is None

    def _usable(self, row: GameRow) -> GameRow:
        """``row`` if an engine can run it; else it is parked and GameUnavailable raised."""
        why = self.problem(row)
        if why is not None:
            self._park(row, why)
            raise self._unavailable(row)
        return row

    async def _write(self, op: Awaitable[T]) -> T:
        try:
            return await op
        except StaleGame:
            raise RacedWrite(_(
                "Someone else changed the game at the same moment, so I didn't apply this. "
                "Have a look at the board and try again.")) from None

    # ----- rights ---------------------------------------------------------------------------

    @staticmethod
    def is_moderator(actor: Actor, settings: GuildSettings) -> bool:
        """Manage Channels in this channel, or the server's game-manager role."""
        if actor.manage_channels:
            return True
        return settings.manager_role_id is not None and settings.manager_role_id in actor.role_ids

    def may_open(self, actor: Actor, settings: GuildSettings) -> bool:
        if settings.start_policy == "everyone":
            return True
        if settings.start_policy == "role":
            return self.is_moderator(actor, settings)
        return actor.manage_channels

    @staticmethod
    def moderator_words(settings: GuildSettings) -> Text:
        if settings.manager_role_id is not None:
            return _("the Manage Channels permission or the {role} role",
                     role=f"<@&{settings.manager_role_id}>")
        return _("the Manage Channels permission")

    def opener_words(self, settings: GuildSettings) -> Text:
        if settings.start_policy == "role":
            return self.moderator_words(settings)
        return _("the Manage Channels permission")

    async def _moderator(self, actor: Actor, place: Place, doing: Text) -> GuildSettings:
        settings = await self.settings_for(place)
        row = await self.store.active_game(place.channel_id) if place.guild_id is None else None
        if not await self.moderates(actor, place, settings, row):
            raise NotAllowed(_("{doing} needs {who}.", doing=doing,
                               who=self.moderator_words_at(place, settings)))
        return settings

    async def settings_for(self, where: Place | GameRow) -> GuildSettings:
        """The settings that apply here: the server's, or outside a server the channel's."""
        if where.guild_id is None:
            return await self.store.channel_settings(where.channel_id)
        return await self.store.guild_settings(where.guild_id)

    async def moderates(self, actor: Actor, place: Place, settings: GuildSettings,
                        row: GameRow | None) -> bool:
        """Whether ``actor`` moderates ``row`` here. Outside a server nobody has Manage
        Channels or roles: the game's players and its host moderate it (see places.py)."""
        if self.is_moderator(actor, settings):
            return True
        if place.guild_id is not None or row is None:
            return False
        if actor.user_id == row.host_id:
            return True
        return any(s.user_id == actor.user_id for s in await self.store.seats(row.id))

    def moderator_words_at(self, place: Place, settings: GuildSettings) -> Text:
        if place.guild_id is None:
            return _("a seat in the game")
        return self.moderator_words(settings)

    # ----- finding the game -----------------------------------------------------------------

    async def _active(self, place: Place, *, parked: bool = False) -> GameRow:
        """The channel's lobby or running game; one that can't be loaded only with ``parked``."""
        found = await self.store.active_games(place.channel_id)
        if len(found) > 1:
            raise self._several(found)
        if not found:
            raise NoGame(_("There is no game in this channel. A moderator can open one with `{cmd:game new}`."))
        return found[0] if parked else self._usable(found[0])

    @staticmethod
    def _several(rows: Sequence[GameRow]) -> NoGame:
        """Commands in a channel whose games play in threads of their own: which game is
        meant is never guessed; the threads are named instead."""
        def one(row: GameRow) -> Text:
            known = games.REGISTRY.get(row.game)
            title: Any = known.title if known else clip(row.game, 30)
            if row.thread_id:
                return _("{game} #{n} in {thread}", game=title, n=row.id, thread=f"<#{row.thread_id}>")
            return _("{game} #{n} (its thread is being opened)", game=title, n=row.id)
        return NoGame(_("This channel has several games, each in a thread of its own: {games}. "
                        "Use the command inside the game's thread.", games=join([one(r) for r in rows])))

    async def _running(self, place: Place) -> GameRow:
        row = await self._active(place)
        if row.status == "lobby":
            raise NoGame(_("The game hasn't started yet: join the lobby, then the host presses **Start**."))
        return row

    async def _latest(self, place: Place) -> GameRow:
        if len(found := await self.store.active_games(place.channel_id)) > 1:
            raise self._several(found)
        row = await self.store.latest_game(place.channel_id)
        if row is None:
            raise NoGame(_("No game has been played in this channel yet. A moderator can open one with "
                           "`{cmd:game new}`."))
        return self._usable(row)

    # ----- timing ---------------------------------------------------------------------------

    @staticmethod
    def timing(row: GameRow, settings: GuildSettings) -> tuple[int | None, int | None, str]:
        """(reminder seconds, deadline seconds, action): the game's overrides, else the server's."""
        reminder = row.timing["reminder"] if "reminder" in row.timing else settings.reminder_seconds
        deadline = row.timing["deadline"] if "deadline" in row.timing else settings.deadline_seconds
        action = row.timing.get("on-deadline") or settings.deadline_action
        return reminder, deadline, action

    async def _timer_plan(self, row: GameRow, game: Game, state: Any, reset: Sequence[str] = (),
                          ended: Sequence[str] = ()) -> TimerPlan | None:
        """Timers after a change: None once the game is over. ``ended``: the players whose
        wait the change ends (their chess clock stops)."""
        if game.result(state) is not None:
            return None
        settings = await self.settings_for(row)
        reminder, deadline, _action = self.timing(row, settings)
        bots = {s.player_id for s in await self.store.seats(row.id) if s.bot_level}
        clock = clock_of(row.timing)  # a chess clock replaces the fixed deadline
        return TimerPlan(acting=frozenset(game.waiting_for(state)) - bots, reset=frozenset(reset),
                         reminder=reminder, deadline=None if clock else deadline, clock=clock,
                         ended=frozenset(ended) - bots if clock else frozenset())

    # ----- messages -------------------------------------------------------------------------

    @staticmethod
    def _art(game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow], tag: str,
             focus: str | None = None) -> Art:
        """The public board of ``state``, to be drawn when it is shown."""
        return Art(kind="board", game=game.id, view=game.view(state, None),
                   names={p: str(n) for p, n in seat_names(game, state, seats, safe=False).items()},
                   filename=f"{game.id}-{row.id}-{tag}.png", focus=focus,
                   clock=row.id if clock_of(row.timing) and game.result(state) is None else None)

    async def render_art(self, art: Art) -> Attachment | None:
        """Draw an image off the event loop (in the drawing worker process, where the bot
        has one); None if drawing fails.

        A drawing bug must not turn an accepted, stored move into an error for the player.
        """
        try:
            if art.clock is not None:  # the chess clocks as they are now, in the header
                try:
                    art = await self._clocked(art)
                except Exception:  # the board is still worth showing without them
                    log.exception("reading the clocks of game %s failed", art.clock)
            if self.draw_in_process and self._render is renderers.render_board:
                return await self._draw_in_worker(art)
            return await asyncio.to_thread(workers.draw, art, self._render)
        except Exception:
            log.exception("drawing %s (%s) failed", art.filename, art.kind)
            return None

    async def _clocked(self, art: Art) -> Art:
        """``art`` with the clocks of its game as they are now (none once it is over)."""
        assert art.clock is not None
        row = await self.store.game(art.clock)
        if row is None or row.status != "running" or self.problem(row) is not None:
            return art
        game = self.engine(row.game)
        state = self._state(game, row)
        faces = await clock_faces(self.store, row, game, state, await self.store.seats(row.id),
                                  self.clock())
        return dataclasses.replace(art, faces=tuple((str(art.names.get(f.player, f.name)), f.left,
                                                     f.running, f.out) for f in faces))

    async def _draw_in_worker(self, art: Art) -> Attachment:
        """A worker that died (killed for memory, say) is replaced and asked once more."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._drawer(), workers.draw, art)
        except BrokenProcessPool:
            log.warning("the drawing worker process died; starting a new one")
            self._stop_drawing()
            return await loop.run_in_executor(self._drawer(), workers.draw, art)

    def _drawer(self) -> ProcessPoolExecutor:
        # Spawned, not forked: a forked worker would keep the bot's sockets (the gateway
        # connection) open after the bot itself was killed.
        if self._draw_pool is None:
            self._draw_pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=workers.start_drawing,
                                                  initargs=(os.getpid(),))
        return self._draw_pool

    async def start_workers(self) -> None:
        """Start the drawing worker now (at start-up), not on the first board."""
        if self.draw_in_process:
            await asyncio.get_running_loop().run_in_executor(self._drawer(), workers.ready)

    def _stop_drawing(self) -> None:
        if self._draw_pool is not None:
            self._draw_pool.shutdown(wait=False, cancel_futures=True)
            self._draw_pool = None

    def close(self) -> None:
        """Stop the workers (at shutdown)."""
        self._stop_drawing()

    async def _render_image(self, game: Game, row: GameRow, state: Any,
                            seats: Sequence[SeatRow], tag: str,
                            focus: str | None = None) -> Attachment | None:
        """The public board as PNG now (for a private answer); None if drawing fails."""
        try:  # the view takes milliseconds too: off the loop with the drawing
            art = await asyncio.to_thread(self._art, game, row, state, seats, tag, focus)
        except Exception:
            log.exception("the view of %s game %s failed", game.id, row.id)
            return None
        return await self.render_art(art)

    async def rendered(self, outcome: Outcome) -> Outcome:
        """The outcome with its pictures drawn (what a reader of the console or a test sees)."""
        async def post(p: Post) -> Post:
            if p.art is None or p.image is not None:
                return p
            image = await self.render_art(p.art)
            if image is None:
                return dataclasses.replace(p, text=self.undrawn(p.text))
            return dataclasses.replace(p, image=image)

        async def dm(d: DirectMessage) -> DirectMessage:
            if d.art is None or d.image is not None:
                return d
            return dataclasses.replace(d, image=await self.render_art(d.art))

        return dataclasses.replace(outcome, posts=[await post(p) for p in outcome.posts],
                                   dms=[await dm(d) for d in outcome.dms])

    async def deliver_here(self, outcome: Outcome) -> Outcome:
        """For a front end without Discord (the console): the outcome with its pictures drawn,
        and its outbox rows marked delivered (which starts the turn clocks)."""
        drawn = await self.rendered(outcome)
        if outcome.outbox:  # everything pending goes with it, so nothing waits behind a row
            now = self.clock()
            for row in await self.store.claim_outbox(owner="here", now=now, lease=60, limit=10_000):
                await self.store.outbox_done(row, now=now, outcome="sent")
        return drawn

    @staticmethod
    def undrawn(text: Any) -> Text:
        """A post whose board could not be drawn says where to see it."""
        return lines([text, _("(I couldn't draw the board this time; `{cmd:game board}` shows it.)")])

    @staticmethod
    def _outbox(place: Place | GameRow, *, posts: Sequence[Post] = (),
                dms: Sequence[DirectMessage] = (), lobby: LobbyCard | None = None) -> list[Envelope]:
        """The outbox rows for a change; they are written in the same transaction.

        Rows of a game go to its channel; the deliverer sends the posts of a game with a
        thread into that thread. When such a game ends, its channel also gets one line
        (written when it is delivered, see ``thread_summary``)."""
        if isinstance(place, GameRow):
            if place.threaded and any(p.replay_of is not None for p in posts):
                posts = [*posts, Post(text="", in_channel=True)]
            place = Place(guild_id=place.guild_id, channel_id=place.channel_id)
        return envelopes(place, posts=list(posts), dms=list(dms), lobby=lobby)

    @staticmethod
    def _next(row: GameRow) -> GameRow:
        """The game row as the write about to be made will leave it (buttons bind to it)."""
        return dataclasses.replace(row, version=row.version + 1)

    def _turn_post(self, game: Game, state: Any, seats: Sequence[SeatRow], headline: Text,
                   art: Art | None, row: GameRow | None = None,
                   actor_id: int | None = None, told: Collection[str] = ()) -> Post:
        """The board message: what happened, then who acts next (only they are pinged).

        With ``row`` (the game as stored after the change) the acting players' buttons are
        attached, bound to that version of the game. The user who just acted is named, not
        pinged: they are looking already; so are the seats in ``told`` (waited for already,
        and pinged then: once a turn is enough). Bots are not prompted: they are thinking.
        """
        names = seat_names(game, state, seats)
        users = users_of(seats)
        result = game.result(state)
        if result is not None:
            everyone = tuple(dict.fromkeys(users[p] for p in game.players(state) if users.get(p)))
            thanks = (_("Thanks for playing, {players}!", players=", ".join(mention(u) for u in everyone))
                      if everyone else None)  # bots alone: nobody to thank
            try:
                said = self.result_text(game, result, names)
            except Exception:  # a stored end must still be announced, even if the words fail
                log.exception("describing the result of a %s game failed", game.id)
                said = _("🏁 **Game over.**")
            text = lines([headline, said, thanks])
            return Post(text=text, art=art, mention=everyone, is_board=True,
                        replay_of=row.id if row is not None else None)
        waiting = sorted(game.waiting_for(state), key=game.players(state).index)
        turn, pinged = self._your_turn(game, state, seats, waiting, names, actor_id, told)
        parts: list[Any] = [headline, *turn]
        thinking = [bold(names[p]) for p in waiting if not users[p]]  # bots are never prompted
        if thinking:
            parts.append(_n("{bots} is thinking…", "{bots} are thinking…", len(thinking),
                            bots=join(thinking)))
        buttons = self._buttons(game, state, seats, row) if row is not None else ()
        return Post(text=lines(parts), art=art, mention=tuple(pinged), is_board=True, buttons=buttons)

    @staticmethod
    def _your_turn(game: Game, state: Any, seats: Sequence[SeatRow], waiting: Sequence[str],
                   names: Mapping[str, str], actor_id: int | None,
                   told: Collection[str] = ()) -> tuple[list[Text], tuple[int, ...]]:
        """"<@ivan>, your turn: …", once per person, and whom that pings. Someone with several
        seats is pinged once, told which seat acts (by its name, "hana (seahorse)") and how
        to say which one plays a move; each of those seats gets its own line. The mover and
        people already waited for (all their seats in ``told``) are named, not pinged. Bots
        get no line here: they are never prompted."""
        users = users_of(seats)
        players = game.players(state)
        held = Counter(s.user_id for s in seats if s.user_id and s.player_id in players)
        turns: dict[int, list[str]] = {}
        for p in waiting:
            if users[p]:
                turns.setdefault(users[p], []).append(p)
        parts: list[Text] = []
        pinged: list[int] = []
        for user, ps in turns.items():
            first = ps[0]
            if user == actor_id or all(p in told for p in ps):  # named, not pinged
                seat = next(s for s in seats if s.player_id == first)
                who: Any = bold(names[first] if held[user] < 2 else safe_name(person_name(seat)))
            else:
                who = mention(user)
                pinged.append(user)
            if held[user] < 2:
                parts.append(_("{who}, your turn: {prompt}", who=who, prompt=game.prompt(state, first, names)))
            elif len(ps) == 1:
                parts.append(_("{who}, your turn as {seat}: {prompt}", who=who, seat=bold(names[first]),
                               prompt=game.prompt(state, first, names)))
            else:
                parts.append(_("{who}, your turn as {seats}. Say which seat plays by starting the "
                               "move with it, e.g. {example}, or use the buttons.", who=who,
                               seats=join([bold(names[p]) for p in ps]),
                               example=_("`{cmd:move} {move}`", move=seat_example(game, state, first))))
                parts += [_("{seat}: {prompt}", seat=bold(names[p]), prompt=game.prompt(state, p, names))
                          for p in ps]
        return parts, tuple(pinged)

    @staticmethod
    def _typed_seat(game: Game, state: Any, seats: Sequence[SeatRow], text: str,
                    user_id: int | None = None) -> tuple[int | None, str]:
        """A move that starts with the seat it is for -> (seat number, the move).

        Understood: ``seat 2: lay i``, ``seat 2 lay i``, the seat's word (Kraqua's animal, in
        any language the bot speaks) with or without a colon (``seahorse: lay i``), and a
        seat's name with a colon (``hana (seahorse): lay i``, ``hana (2): lay i``). A name
        several seats share picks the asker's seat, or (when they hold several) none.
        """
        number, rest = split_seat(text)
        if number is not None:
            return number, rest
        players = game.players(state)
        words: dict[str, set[str]] = {}  # casefolded word -> the seats it names
        loose: set[str] = set()  # words that need no colon after them
        for s in seats:
            if s.player_id not in players:
                continue
            found = {s.name, person_name(s)}
            tag = game.seat_tag(state, s.player_id)
            if tag is not None:
                for lang in LANGUAGES:
                    word = tr(tag, lang)
                    found |= {word, f"{person_name(s)} ({word})"}
                    loose.add(word.casefold())
            for word in found:
                words.setdefault(" ".join(word.split()).casefold(), set()).add(s.player_id)
        typed = " ".join(text.split())
        low = typed.casefold()
        for word in sorted(words, key=len, reverse=True):
            if not low.startswith(word):
                continue
            after = typed[len(word):]
            if after.lstrip().startswith(":"):
                move = after.lstrip()[1:].strip()
            elif word in loose and after.startswith(" "):
                move = after.strip()
            else:
                continue
            if not move:
                continue
            named = words[word]
            if len(named) > 1:
                named = {p for p in named if any(s.player_id == p and s.user_id == user_id for s in seats)}
            return (players.index(next(iter(named))) + 1 if len(named) == 1 else None), move
        return None, text

    @staticmethod
    def _buttons(game: Game, state: Any, seats: Sequence[SeatRow], row: GameRow,
                 only: str | None = None, path: str = "") -> tuple[MoveButton, ...]:
        """The acting seats' buttons. With several seats acting, each label names its seat."""
        players = game.players(state)
        acting = [p for p in players if p in game.to_act(state) and (only is None or p == only)]
        names = seat_names(game, state, seats, safe=False)
        out: list[MoveButton] = []
        for player in acting:
            for b in game.buttons(state, player, path):
                label = (_("{seat}: {label}", seat=names.get(player, player), label=b.label)
                         if len(acting) > 1 else b.label)
                out.append(MoveButton(label=label, game_id=row.id,
                                      version=None if b.anytime else row.version, move=b.move,
                                      seat=players.index(player) + 1, path=b.path))
        return tuple(out[:25])

    async def _board_post(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                          headline: Text, tag: str, actor_id: int | None = None, *,
                          told: Collection[str] = ()) -> Post:
        """The board post about a change, built *before* it is written (it goes into the
        outbox in the same transaction): ``row`` is the game as that write will leave it.

        The view, prompts and buttons take milliseconds in some games (Aqua): off the loop.
        """
        def build() -> Post:
            art = self._art(game, row, state, seats, tag)
            return self._turn_post(game, state, seats, headline, art, row, actor_id, told)

        return await self._turn_notices(await asyncio.to_thread(build), game, row, state)

    async def _turn_notices(self, post: Post, game: Game, row: GameRow, state: Any) -> Post:
        """The post with the pinged people's ``/game notify`` choices applied (their pings and
        DMs): see :class:`~bot.service.notify.NotifyService`."""
        return post

    # ----- private views ------------------------------------------------------------------

    @staticmethod
    def private_part(game: Game, state: Any, player: str) -> dict[str, Any]:
        """What ``player`` sees that the public does not (empty for open games)."""
        public = game.view(state, None)
        return {k: v for k, v in game.view(state, player).items() if public.get(k, _MISSING) != v}

    async def _hand_updates(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                            before: Any | None, after: Any,
                            actor_id: int | None = None) -> list[DirectMessage]:
        """A DM for every player whose private view changed (their hand, by DM).

        The one who acted gets their last DM edited rather than a new one (Kahuna: four
        actions in a turn would be four DMs); a hand changed by someone else is news: a new DM.
        """
        dms = []
        # Two views per seat and state: milliseconds each in some games, so off the loop.
        for seat in await asyncio.to_thread(self._hands_changed, game, seats, before, after):
            text, art = await asyncio.to_thread(self._private, game, row, after, seats, [seat.player_id])
            dms.append(DirectMessage(
                user_id=seat.user_id, text=text, art=art,
                fallback=_("📬 {who}, I couldn't send you your hand: your DMs from this server are "
                           "closed. Use `{cmd:game hand}` to see it (only you will).", who=mention(seat.user_id)),
                replace=actor_id is not None and seat.user_id == actor_id,
            ))
        return dms

    async def _turns_change(self, game: Game, row: GameRow, seats: Sequence[SeatRow], before: Any,
                            after: Any, dms: Sequence[DirectMessage]) -> list[DirectMessage]:
        """For games with a hand by DM: players whose turn begins or ends (or whose game ends)
        get their hand DM edited to say so, though their hand is the same (else it would say
        "It's your turn" after a pass, or "not your turn yet" when it is)."""
        if renderers.record(game.id).hand is None:
            return []
        over = game.result(after) is not None
        had, has = set(game.waiting_for(before)), set(game.waiting_for(after))
        out: list[DirectMessage] = []
        for seat in seats:
            if (seat.bot_level or seat.player_id not in game.players(after)
                    or (not over and (seat.player_id in had) == (seat.player_id in has))
                    or any(d.user_id == seat.user_id for d in [*dms, *out])):
                continue
            text, art = await asyncio.to_thread(self._private, game, row, after, seats, [seat.player_id])
            out.append(DirectMessage(user_id=seat.user_id, text=text, art=art, replace=True))
        return out

    @staticmethod
    def _hands_changed(game: Game, seats: Sequence[SeatRow], before: Any | None,
                       after: Any) -> list[SeatRow]:
        """The human seats whose private view differs between ``before`` and ``after``
        (as :meth:`private_part` says, with each public view worked out once)."""
        def part(state: Any, public: dict[str, Any], player: str) -> dict[str, Any]:
            return {k: v for k, v in game.view(state, player).items() if public.get(k, _MISSING) != v}

        public_after = game.view(after, None)
        public_before = game.view(before, None) if before is not None else {}
        changed = []
        for seat in seats:
            if seat.bot_level or seat.player_id not in game.players(after):
                continue
            now = part(after, public_after, seat.player_id)
            if not now or (before is not None and part(before, public_before, seat.player_id) == now):
                continue
            changed.append(seat)
        return changed

    def _private(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                 players: Sequence[str]) -> tuple[Text, Art | None]:
        """Words (and, for games with hands, a picture) of what only these seats can see."""
        names = seat_names(game, state, seats)
        hand_renderer = renderers.record(game.id).hand
        parts: list[Any] = [_("**{game}** in {channel}", game=game.title, channel=f"<#{row.home}>")]
        art = None
        for player in players:
            if game.result(state) is not None:
                parts.append(_("The game is over."))
            elif player in game.to_act(state):
                parts.append(_("It's your turn: {prompt}", prompt=game.prompt(state, player, names)))
            else:
                parts.append(_("It's not your turn yet; I'll ping you when it is."))
            if hand_renderer is not None and art is None:
                art = Art(kind="hand", game=game.id, view=game.view(state, player),
                            names=names_of(seats), filename=f"{game.id}-{row.id}-hand.png")
        if hand_renderer is None and not any(self.private_part(game, state, p) for p in players):
            parts.insert(1, _("{game} has no hidden hand: everything is on the board.", game=game.title))
        return lines(parts), art

    @staticmethod
    def result_text(game: Game, result: Result, names: Mapping[str, str]) -> Text:
        def who(p: str) -> Text:
            return bold(names.get(p, p))

        everyone = set(result.scores.values())
        if result.outcome is not None and len(everyone) == 1:  # a team's one result, said once
            score: Text = _("Team score: {score}", score=everyone.pop())
        else:
            # "name: score", never "Easy bot 2 0" (which reads as one number)
            scores = " · ".join(f"{who(p)}: {s}" for p, s in result.scores.items())
            score = _("Scores: {scores}", scores=scores)
        verdict: Text
        if result.outcome == "won":
            verdict = _("You won together! 🎉")
        elif result.outcome == "almost":
            verdict = _("Almost won!")
        elif result.outcome is not None:
            verdict = _("The game was lost.")
        elif not result.winners:
            verdict = _("Nobody wins.")
        elif len(result.winners) > 1:
            verdict = _("It's a draw between {players}.", players=join([who(p) for p in result.winners]))
        else:
            verdict = _("{player} wins!", player=who(result.winners[0]))
        if result.reason == "resigned":
            quitter = result.detail.get("resigned")
            quitters = [quitter] if isinstance(quitter, str) else list(quitter or [])
            gone = (_("{player} left the game.", player=join([who(p) for p in quitters])) if quitters
                    else _("A player left the game."))
            verdict = sentence(gone, verdict)
        head = _("🏁 **Game over.** {verdict}", verdict=verdict)
        return lines([head, score, *game.result_lines(result, names)])

    async def remember_message(self, game_id: int, kind: str, message_id: int) -> None:
        """The adapter tells us where the lobby / latest board message is (for links and edits)."""
        await self.store.set_message(game_id, kind=kind, message_id=message_id)

    @staticmethod
    def board_link(row: GameRow) -> str | None:
        if row.board_message_id:  # "@me": a group DM's or a DM's message (no server)
            return (f"https://discord.com/channels/{row.guild_id or '@me'}/{row.home}/"
                    f"{row.board_message_id}")
        return None
