"""The ground every part of the service stands on: the store, the clock, the channel locks,
games that cannot be loaded, rights, finding a place's game, and its timing.

The service (:class:`~bot.service.GameService`) holds its parts; each is given this ground in
its constructor (:mod:`bot.service.part`), with the other parts it uses.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NoReturn, TypeVar

import games
import renderers
from games import Game

from ..refusals import GameUnavailable, NoGame, NotAllowed, RacedWrite, ServiceError
from ..messages import Actor, Place
from ..store import GameRow, GuildSettings, InPlay, SeatRow, StaleGame, Store, TimerPlan
from ..store.rows import KEPT_SETTINGS
from ..timekeeping.chess_clock import clock_of
from ..timekeeping.reminders import DEFAULT as DEFAULT_LADDER, Ladder, parse_ladder
from ..safe_text import clip
from .names import _, game_title
from ..vocab import ACTIVE, PLAYED, DeadlineAction, StartPolicy, Status

from games.text import Text, join

log = logging.getLogger("bot.service")

Renderer = Callable[..., bytes]  # (view, names[, focus]) -> PNG
T = TypeVar("T")

_MISSING = object()

#: Keys of ``/game new options:`` that belong to the bot, not to the game's rules.
#: The lobby options that are the bot's, not the game's (kept in ``games.timing``): the
#: timing ones, and ``hints`` (a teaching game, see :mod:`bot.service.hints`).
TIMING_KEYS = ("reminder", "reminders", "deadline", "on-deadline", "clock", "hints", "web")
DEADLINE_ACTIONS = tuple(DeadlineAction)


def teaching(row: GameRow) -> bool:
    """Whether the game was opened with ``hints=on``: hints answer, and it is unrated."""
    return bool(row.timing.get("hints"))


def web_allowed(row: GameRow) -> bool:
    """Whether the game has a web view and its posts link to it (``web=off`` hides both)."""
    return row.timing.get("web") is not False



class Ground:
    """What every part stands on: the store, the clock, the channel locks, games that cannot
    be loaded, rights, finding a place's game, and its timing."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 render: Renderer = renderers.render_board,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.store = store
        self.clock = clock
        self.render = render
        self.new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._parked: set[int] = set()  # games whose row could not be loaded, logged once
        #: Who this process is when it claims work in the database (timers, bot turns).
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._bad_states: dict[int, tuple[str, str]] = {}  # game id -> (stored state, why not)

    # ----- plumbing -------------------------------------------------------------------------

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    @staticmethod
    def engine(game_id: str) -> Game:
        game = games.REGISTRY.get(str(game_id).strip().lower())
        if game is None:
            known = ", ".join(sorted(games.REGISTRY))
            raise ServiceError(_("I don't know a game called '{name}'. Choose one of: {known}.",
                                 name=clip(str(game_id), 30), known=known))
        return game

    def load_state(self, game: Game, row: GameRow, seats: Sequence[SeatRow] | None = None) -> Any:
        """The stored state; a state the engine cannot load parks the game (GameUnavailable),
        as does one with a player that none of ``seats`` (when given) holds: a seat row edited
        by hand would otherwise fail deep inside a command."""
        assert row.state is not None
        try:
            state = game.load(row.state)
        except Exception as exc:
            self._bad_state(row, clip(f"its state can't be loaded ({type(exc).__name__}: {exc})", 200))
        if seats is not None:
            unseated = set(game.players(state)) - {s.player_id for s in seats}
            if unseated:
                self._bad_state(row, clip("no seat holds its player " + ", ".join(sorted(unseated)), 200))
        return state

    def _bad_state(self, row: GameRow, why: str) -> NoReturn:
        self._bad_states[row.id] = (row.state or "", why)
        self.park(row, why)
        raise self.unavailable(row) from None

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
        if row.state is None and row.status in PLAYED:
            return "it has no state"
        bad = self._bad_states.get(row.id)
        if bad is not None and row.state == bad[0]:
            return bad[1]
        return None

    def park(self, row: GameRow, why: str) -> None:
        """Log a row that can't be loaded, once per process."""
        if row.id not in self._parked:
            self._parked.add(row.id)
            then = ("a moderator's /game abort ends it" if row.status in ACTIVE
                    else "stats and replays leave it out")
            log.warning("game %s (%s, channel %s) can't be loaded: %s; parked: %s", row.id,
                        row.status, row.channel_id, why, then)

    @staticmethod
    def unavailable(row: GameRow) -> GameUnavailable:
        if row.status in ACTIVE:
            return GameUnavailable(_(
                "The game in this channel can't be loaded: its saved record is damaged or from a "
                "game I don't know. A moderator can end it with `{cmd:game abort}`, then open a new "
                "one with `{cmd:game new}`."))
        return GameUnavailable(_("That game can't be loaded: its saved record is damaged or from a "
                                 "game I don't know."))

    def loadable(self, row: GameRow) -> bool:
        """For lists of games: False (logged once) for one that can't be loaded, to skip it."""
        why = self.problem(row)
        if why is not None:
            self.park(row, why)
        return why is None

    def usable(self, row: GameRow) -> GameRow:
        """``row`` if an engine can run it; else it is parked and GameUnavailable raised."""
        why = self.problem(row)
        if why is not None:
            self.park(row, why)
            raise self.unavailable(row)
        return row

    async def write(self, op: Awaitable[T]) -> T:
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
        if settings.start_policy == StartPolicy.EVERYONE:
            return True
        if settings.start_policy == StartPolicy.ROLE:
            return self.is_moderator(actor, settings)
        return actor.manage_channels

    @staticmethod
    def moderator_words(settings: GuildSettings) -> Text:
        if settings.manager_role_id is not None:
            return _("the Manage Channels permission or the {role} role",
                     role=f"<@&{settings.manager_role_id}>")
        return _("the Manage Channels permission")

    def opener_words(self, settings: GuildSettings) -> Text:
        if settings.start_policy == StartPolicy.ROLE:
            return self.moderator_words(settings)
        return _("the Manage Channels permission")

    async def require_moderator(self, actor: Actor, place: Place, doing: Text) -> GuildSettings:
        settings = await self.settings_for(place)
        row = await self.store.games.active_game(place.channel_id) if place.guild_id is None else None
        if not await self.moderates(actor, place, settings, row):
            raise NotAllowed(_("{doing} needs {who}.", doing=doing,
                               who=self.moderator_words_at(place, settings)))
        return settings

    async def require_host_or_moderator(self, actor: Actor, place: Place, row: GameRow,
                                        refusal: Callable[[Text], Text]) -> GuildSettings:
        """The settings here, once ``actor`` hosts ``row`` or moderates it; else NotAllowed
        with ``refusal``, which is given the words for who else may."""
        settings = await self.settings_for(place)
        if actor.user_id != row.host_id and not await self.moderates(actor, place, settings, row):
            raise NotAllowed(refusal(self.moderator_words_at(place, settings)))
        return settings

    async def settings_for(self, where: Place | GameRow) -> GuildSettings:
        """The settings that apply here: the server's, or outside a server the channel's."""
        return await self.store.settings.of_place(where.guild_id, where.channel_id)

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
        # Only a player still in it: one who resigned or was removed moderates nothing here.
        seated = await self.store.games.seats(row.id, still_in=True)
        return any(s.user_id == actor.user_id for s in seated)

    def moderator_words_at(self, place: Place, settings: GuildSettings) -> Text:
        if place.guild_id is None:
            return _("a seat in the game")
        return self.moderator_words(settings)

    # ----- finding the game -----------------------------------------------------------------

    async def active(self, place: Place, *, parked: bool = False) -> GameRow:
        """The channel's lobby or running game; one that can't be loaded only with ``parked``."""
        found = await self.store.games.active_games(place.channel_id)
        if len(found) > 1:
            raise self._several(found)
        if not found:
            raise NoGame(_("There is no game in this channel. A moderator can open one with `{cmd:game new}`."))
        return found[0] if parked else self.usable(found[0])

    @staticmethod
    def _several(rows: Sequence[GameRow]) -> NoGame:
        """Commands in a channel whose games play in threads of their own: which game is
        meant is never guessed; the threads are named instead."""
        def one(row: GameRow) -> Text | str:
            if row.thread_id:  # the thread's name says the game and its number ("Aqualin #3")
                return f"<#{row.thread_id}>"
            return _("{game} #{n} (its thread is being opened)", game=game_title(row.game), n=row.id)
        return NoGame(_("This channel has several games, each in a thread of its own: {games}. "
                        "Use the command inside the game's thread.", games=join([one(r) for r in rows])))

    async def running(self, place: Place) -> GameRow:
        row = await self.active(place)
        if row.status == Status.LOBBY:
            raise NoGame(_("The game hasn't started yet: join the lobby, then the host presses **Start**."))
        return row

    async def latest(self, place: Place) -> GameRow:
        if len(found := await self.store.games.active_games(place.channel_id)) > 1:
            raise self._several(found)
        # The game a command here is about (the channel's own, before a newer one's thread is
        # open); else the channel's most recent one.
        row = found[0] if found else await self.store.games.latest_game(place.channel_id)
        if row is None:
            raise NoGame(_("No game has been played in this channel yet. A moderator can open one with "
                           "`{cmd:game new}`."))
        return self.usable(row)

    # ----- a person's games --------------------------------------------------------------------

    async def in_play(self, user_id: int) -> list[InPlay]:
        """The running games in which ``user_id`` plays, from the seats' turn marks; marks from
        before the marks are asked of the engine once per game (and written), and a game whose
        seats of theirs all left is not theirs any more."""
        games = await self.store.turns.in_play(user_id)
        out: list[InPlay] = []
        for g in games:
            if g.unknown:
                g.unknown = False
                if not self.loadable(g.row):
                    continue
                game = self.engine(g.row.game)
                seats = await self.store.games.seats(g.row.id)
                state = self.load_state(game, g.row, seats)
                acting = set(game.waiting_for(state)) - {s.player_id for s in seats if s.bot_level}
                await self.store.turns.fill(g.row.id, acting)
                still = {s.player_id for s in await self.store.games.seats(g.row.id, still_in=True)}
                if not still & set(g.players):
                    continue
                g.must_act = bool(acting & set(g.players))
                g.others = [dataclasses.replace(o, must_act=o.player_id in acting)
                            for o in g.others if o.bot or o.player_id in still]
            out.append(g)
        return out

    # ----- timing ---------------------------------------------------------------------------

    @staticmethod
    def timing(row: GameRow, settings: GuildSettings) -> tuple[int | None, int | None, str]:
        """(reminder seconds, deadline seconds, action): the game's own options, else the
        server's settings as they were when the game started (:data:`KEPT_SETTINGS`), else
        (a lobby, or a game from before) the server's settings now."""
        kept = row.timing.get(KEPT_SETTINGS)
        kept = kept if isinstance(kept, dict) else {}

        def pick(key: str, now: Any) -> Any:
            return row.timing[key] if key in row.timing else kept[key] if key in kept else now

        return (pick("reminder", settings.reminder_seconds), pick("deadline", settings.deadline_seconds),
                row.timing.get("on-deadline") or kept.get("on-deadline") or settings.deadline_action)

    @classmethod
    def reminders(cls, row: GameRow, settings: GuildSettings) -> Ladder:
        """The game's reminders: its own ``reminders=`` option, else the ladder kept when it
        started, else (a lobby) the server's; points count down to a deadline or a clock, so
        a game without one is reminded by the interval (``reminder``) as before ladders. A game
        that started before ladders existed keeps its interval too."""
        kept = row.timing.get(KEPT_SETTINGS)
        kept = kept if isinstance(kept, dict) else {}
        if "reminders" in row.timing:
            spec: str | None = row.timing["reminders"]
        elif "reminder" in row.timing or (kept and "reminders" not in kept):
            spec = None  # the game's own interval, or one from before ladders
        elif "reminders" in kept:
            spec = kept["reminders"]
        else:
            spec = settings.reminders or DEFAULT_LADDER
        try:
            ladder = parse_ladder(spec) if spec is not None else None
        except games.BadOptions:
            ladder = None
        reminder, deadline, _action = cls.timing(row, settings)
        if ladder is None or (ladder.points and not deadline and clock_of(row.timing) is None):
            return Ladder(every=reminder) if reminder else Ladder()
        return ladder

    @classmethod
    def kept_timing(cls, row: GameRow, settings: GuildSettings) -> dict[str, Any]:
        """The game's timing to store as it starts: the server's settings kept with it, so a
        later change of a setting does not reach into a running game (a bystander could
        otherwise give it a 5-minute forfeit)."""
        reminder, deadline, action = cls.timing(row, settings)
        spec = row.timing.get("reminders") or settings.reminders or DEFAULT_LADDER
        return {**row.timing, KEPT_SETTINGS: {"reminder": reminder, "deadline": deadline,
                                              "on-deadline": action, "reminders": spec}}

    async def timer_plan(self, row: GameRow, game: Game, state: Any, reset: Sequence[str] = (),
                         ended: Sequence[str] = ()) -> TimerPlan | None:
        """Timers after a change: None once the game is over. ``ended``: the players whose
        wait the change ends (their chess clock stops)."""
        if game.result(state) is not None:
            return None
        settings = await self.settings_for(row)
        _interval, deadline, _action = self.timing(row, settings)
        ladder = self.reminders(row, settings)
        reminder = ladder.every
        seats = await self.store.games.seats(row.id)
        bots = {s.player_id for s in seats if s.bot_level}
        clock = clock_of(row.timing)  # a chess clock replaces the fixed deadline
        acting = frozenset(game.waiting_for(state)) - bots
        quiet: list[tuple[str, Any]] = []
        if ladder.points or reminder:  # the plan moves reminders out of quiet hours (it knows the banks)
            users = {s.player_id: s.user_id for s in seats}
            for player in sorted(acting):
                person = await self.store.quiet.clock(users[player])
                if person.quiet:
                    quiet.append((player, person))
        return TimerPlan(acting=acting, reset=frozenset(reset),
                         reminder=reminder, deadline=None if clock else deadline, clock=clock,
                         ended=frozenset(ended) - bots if clock else frozenset(),
                         bot_turn=bool(bots & set(game.to_act(state))),
                         shares=ladder.shares, left=ladder.left, quiet=tuple(quiet))
