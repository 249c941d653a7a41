"""Bot seats: an AI (``games.ai``) plays a seat like anyone, through the same move path.

A bot seat has ``user_id`` 0 and a level. After every stored change the adapter asks
:meth:`Bots.bot_turn` for the next bot move of the channel until no bot is to act;
the search runs in a worker process, outside the channel lock, and its move is applied with
the usual version check (if a human changed the game meanwhile, the bot thinks again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from games import GameError
from games.ai.levels import LevelName
from games.rng import seed_to_int

from ..choices import english
from ..i18n import language_for, tr
from ..refusals import GameUnavailable, ServiceError
from ..store import GameRow
from ..messages import Actor, Outcome, Place
from .core import log
from .names import _
from .workers import Worker, watch_parent
from ..vocab import Status
from .part import Part

if TYPE_CHECKING:
    from .lobby import Lobby
    from .play import Play
    from .sight import Sights

T = TypeVar("T")
BOT_LEVELS = tuple(LevelName)
LEVEL_WORDS = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
BOT_ACTOR = Actor(user_id=0, name="bot")
#: Seconds one process may hold the right to play a game's bots while a turn is thought and played
#: (it lets go after the move; if it dies instead, another process may take over after this).
BOT_LEASE = 120.0


#: A bot seat's name, stored with the seat in the channel's language of the moment it sat down
#: (a name is a name: it is not translated again for each reader).
BOT_NAMES = {"easy": _("🤖 Easy bot"), "normal": _("🤖 Normal bot"), "hard": _("🤖 Hard bot")}


def bot_name(level: str, number: int, lang: str = "en") -> str:
    return tr(BOT_NAMES[level], lang) + (f" {number}" if number > 1 else "")


def think(game_id: str, dumped: str, players: list[str], level: str,
          seed: int) -> tuple[str, str] | None:
    """The search, in a worker: it gets a dumped state and rebuilds it (cheap to send).

    Several ``players`` are bot seats of one team (a cooperative game, where every seat sees
    the same): they decide together which of them acts. Returns (player, move), or None
    when the bot prefers to wait.
    """
    import games
    from games.ai import choose_turn  # the search is only needed where bots play

    game = games.REGISTRY[game_id]
    return choose_turn(game, game.load(dumped), players, level, seed=seed)


@dataclass(eq=False, repr=False, kw_only=True)
class Bots(Part):
    """Bot seats: adding and removing one, and its turn (the search runs in a worker)."""

    lobby: Lobby
    play: Play
    sights: Sights

    #: Where bots think: a worker process (the default) or, for tests, a worker thread.
    bots_in_threads = False
    _bots: Worker | None = field(default=None, init=False)

    async def add_bot(self, actor: Actor, place: Place, level: str = "normal",
                      game_id: int | None = None) -> Outcome:
        level = english("level", level) or level  # schwer, svær: as a German or Danish player types it
        if level not in BOT_LEVELS:
            raise ServiceError(_("A bot is easy, normal or hard."))
        async with self.ground.lock(place.channel_id):
            row = await self.lobby.open_lobby(place, game_id)
            game = self.ground.engine(row.game)
            await self.ground.require_host_or_moderator(actor, place, row, lambda who: _(
                "Only the host or someone with {who} can add a bot.", who=who))
            seats = await self.store.games.seats(row.id)
            if len(seats) >= game.max_players:
                raise ServiceError(_("The lobby is full ({count}/{most}).", count=len(seats),
                                     most=game.max_players))
            number = sum(1 for s in seats if s.bot_level) + 1
            settings = await self.ground.settings_for(place)
            lang = settings.language or language_for(settings.locale_seen)
            items = self.lobby.lobby_refresh(row)
            await self.ground.write(self.store.games.add_seat(
                row.id, row.version, user_id=0, player_id=f"bot-{number}",
                name=bot_name(level, number, lang), now=self.clock(), bot_level=level, outbox=items))
            seats = await self.store.games.seats(row.id)
        card = self.lobby._lobby_card(game, row, seats)
        return Outcome(reply=_("A bot ({level}) took a seat.", level=LEVEL_WORDS[level]), lobby_edit=card,
                       game_id=row.id, outbox=tuple(i.key for i in items))

    async def remove_bot(self, actor: Actor, place: Place) -> Outcome:
        async with self.ground.lock(place.channel_id):
            row = await self.lobby.open_lobby(place, None)
            await self.ground.require_host_or_moderator(actor, place, row, lambda who: _(
                "Only the host or someone with {who} can remove a bot.", who=who))
            bots = [s for s in await self.store.games.seats(row.id) if s.bot_level]
            if not bots:
                raise ServiceError(_("There is no bot in this lobby."))
            row, seats, _note, card, keys = await self.lobby.drop_seat(row, bots[-1])
        return Outcome(reply=_("The bot left the lobby."), lobby_edit=card, game_id=row.id, outbox=keys)

    async def bot_to_act(self, place: Place) -> bool:
        """Whether a bot may act now (on its turn, or out of turn like Krasserfall's stone)."""
        row = await self.store.games.active_game(place.channel_id)
        return row is not None and await self._bot_may_act(row)

    async def _bot_may_act(self, row: GameRow) -> bool:
        if row.status != Status.RUNNING or row.paused_at is not None:
            return False  # (paused: bots wait for the game to go on, like everyone)
        try:
            game = self.ground.engine(self.ground.usable(row).game)
            may_act = game.to_act(self.ground.load_state(game, row))
        except GameUnavailable:  # parked (logged once): no bot moves in it
            return False
        return any(s.bot_level and s.player_id in may_act for s in await self.store.games.seats(row.id))

    async def bot_turn(self, place: Place) -> Outcome | None:
        """One bot move; None when no bot is to act, every bot that may act prefers to wait,
        or another process is playing this game's bots (they hold its lease)."""
        row = await self.store.games.active_game(place.channel_id)
        if row is None or row.status != Status.RUNNING or row.paused_at is not None:
            return None
        name = f"bots:{row.id}"
        if not await self.store.meta.lease(name, owner=self.ground.owner, now=self.clock(), ttl=BOT_LEASE):
            return None
        try:
            return await self._bot_turn(place)
        finally:
            await self.store.meta.release(name, owner=self.ground.owner)

    async def _bot_turn(self, place: Place) -> Outcome | None:
        """One bot move, as :meth:`bot_turn`, under the game's lease.

        A bot that only *may* act (Krasserfall's stone holder during another player's turn)
        thinks first and may answer "wait"; then the bots the game waits for are asked.
        """
        for _attempt in range(3):
            row = await self.store.games.active_game(place.channel_id)
            if row is None or row.status != Status.RUNNING:
                return None
            try:
                game = self.ground.engine(self.ground.usable(row).game)
                state = self.ground.load_state(game, row)
            except GameUnavailable:
                return None
            seats = await self.store.games.seats(row.id)
            waiting, may_act = game.waiting_for(state), game.to_act(state)
            # a bot that only *may* act is asked first: if it waits, the bot on turn moves
            bots = sorted((s for s in seats if s.bot_level and s.player_id in may_act),
                          key=lambda s: s.player_id in waiting)
            asked: set[str] = set()
            for seat in bots:
                if seat.player_id in asked:
                    continue
                # a bot team (cooperative game, same level) picks which of its seats goes first
                team = [s.player_id for s in bots if s.bot_level == seat.bot_level] \
                    if game.multi_seat else [seat.player_id]
                asked.update(team)
                # a bot out of turn (the stone) sees another seat's turn only once it is over
                sight = await self.sights.sight(game, row, seats, players=team)
                dumped = game.dump(sight.state) if sight.hidden else row.state or ""
                try:
                    pick = await self._think(game, dumped, team, seat.bot_level,
                                             seed_to_int(f"{row.seed}:{row.version}"))
                except Exception:
                    log.exception("the %s bot could not choose a move in game %s",
                                  seat.bot_level, row.id)
                    return None
                if pick is None:  # this bot waits (it may act later): ask the next one
                    continue
                player, move = pick
                number = game.players(state).index(player) + 1
                try:
                    return await self.play.move(BOT_ACTOR, place, move, game_id=row.id,
                                                version=row.version, seat=number)
                except ServiceError:
                    break  # somebody changed the game while the bot was thinking: think again
                except GameError:
                    log.exception("the %s bot chose %r in game %s, which was refused",
                                  seat.bot_level, move, row.id)
                    return None
            else:
                return None
        return None

    async def _think(self, game: Any, dumped: str, players: list[str], level: str | None,
                     seed: int) -> tuple[str, str] | None:
        """The bot's move, searched in another process: a search is pure Python and would
        otherwise hold the interpreter lock that every channel's messages need too."""
        return await self._thinker.run(think, game.id, dumped, players, level or "normal", seed)

    async def in_worker(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` where the bots think (a hint's search): off the event loop."""
        return await self._thinker.run(fn, *args)

    @property
    def _thinker(self) -> Worker:
        if self._bots is None:
            self._bots = Worker("bots'", lambda: ThreadPoolExecutor(1, thread_name_prefix="bots")
                                if self.bots_in_threads
                                else ProcessPoolExecutor(1, initializer=watch_parent, initargs=(os.getpid(),)))
        return self._bots

    def close(self) -> None:
        """Stop the workers (at shutdown)."""
        if self._bots is not None:
            self._bots.stop()

    async def channels_with_bot_turns(self) -> list[Place]:
        """Running games where a bot is to act (to resume them after a restart, or when the
        process playing them died). Only the games whose last change left a bot able to act
        are read (``games.bot_turn``); one where none may act after all is unmarked."""
        out = []
        for row in await self.store.games.bot_turn_games():
            try:  # one row at a time: a game that can't be loaded is skipped, not the rest
                if await self._bot_may_act(row):
                    out.append(Place(guild_id=row.guild_id, channel_id=row.home))
                else:
                    await self.store.games.no_bot_turn(row.id, row.version)
            except Exception:
                log.exception("checking game %s for a bot's turn failed; skipping it", row.id)
        return out
