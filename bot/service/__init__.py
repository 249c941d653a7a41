"""The game service: lobbies, seats, turns, moves, timers, history and settings, for every game.

It knows nothing of Discord (no ``discord`` import): callers pass an :class:`Actor` and a
:class:`Place` and get an :class:`Outcome` back. User mistakes raise :class:`ServiceError`
or an engine ``GameError``; the adapter shows those as ephemeral replies. Every write goes
through the store's version check, and one lock per channel keeps this process from racing
itself.

:class:`GameService` holds the parts, one per concern, each built with the ground it stands on
(:class:`~bot.service.ground.Ground`: the store, the clock, the channel locks) and the parts it
uses. A command is found by its part: ``service.lobby.join``, ``service.play.move``,
``service.pauses.away``, ``service.timers.fire_due``, ``service.turns.turns`` (``/turns``),
``service.hints.hint`` (``/game hint``), ``service.reviews.review`` (``/game review``),
``service.web.page`` (the web view, :mod:`bot.web`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

import renderers

from ..store import Store
from .ground import Ground, Renderer
from .bots import Bots
from .clocks import Clocks
from .core import Narrator
from .downtime import Downtime
from .drawing import Drawing
from .hints import Hints
from .history import History
from .kept_settings import KeptSettings
from .lobby import Lobby
from .looking import Looking
from .notify import Notices
from .pause import Pauses
from .play import Play
from .ratings import Ratings
from .reviews import Reviews
from .settings import Settings
from .sight import Sights
from .threads import Threads
from .timers import Timers
from .turns import Turns
from .web_pages import WebPages


class GameService:
    """One instance per bot process; cheap to construct on an open store. The parts are built
    in the order they use each other, each one with what it uses."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 render: Renderer = renderers.render_board,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.ground = ground = Ground(store, clock=clock, render=render, new_seed=new_seed)
        self.drawing = Drawing(ground)
        self.notices = Notices(ground)
        self.narrator = Narrator(ground, drawing=self.drawing, notices=self.notices)
        self.sights = Sights(ground)
        self.lobby = Lobby(ground, narrator=self.narrator)
        self.pauses = Pauses(ground, lobby=self.lobby, narrator=self.narrator)
        self.play = Play(ground, drawing=self.drawing, lobby=self.lobby, pauses=self.pauses,
                         narrator=self.narrator, sights=self.sights)
        self.bots = Bots(ground, lobby=self.lobby, play=self.play, sights=self.sights)
        self.clocks = Clocks(ground, narrator=self.narrator)
        self.downtime = Downtime(ground, narrator=self.narrator)
        self.turns = Turns(ground, drawing=self.drawing, narrator=self.narrator, sights=self.sights)
        self.timers = Timers(ground, clocks=self.clocks, notices=self.notices, pauses=self.pauses,
                             play=self.play, narrator=self.narrator, downtime=self.downtime,
                             turns=self.turns)
        self.hints = Hints(ground, bots=self.bots, drawing=self.drawing, sights=self.sights)
        self.history = History(ground, drawing=self.drawing, sights=self.sights)
        self.ratings = Ratings(ground)
        self.reviews = Reviews(ground, drawing=self.drawing)
        self.looking = Looking(ground, clocks=self.clocks, drawing=self.drawing, lobby=self.lobby,
                               play=self.play, narrator=self.narrator, sights=self.sights)
        self.settings = Settings(ground)
        self.kept = KeptSettings(ground, narrator=self.narrator)
        self.threads = Threads(ground, lobby=self.lobby)
        self.web = WebPages(ground, drawing=self.drawing, looking=self.looking,
                            narrator=self.narrator, sights=self.sights, settings=self.settings)

    @property
    def store(self) -> Store:
        return self.ground.store

    @property
    def clock(self) -> Callable[[], float]:
        """The time now (tests and the console set their own)."""
        return self.ground.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.ground.clock = clock

    @property
    def owner(self) -> str:
        return self.ground.owner

    def close(self) -> None:
        """Stop the workers (at shutdown): the bots' and the drawing one."""
        self.bots.close()
        self.reviews.close()
        self.drawing.close()


__all__ = ["GameService", "Renderer"]
