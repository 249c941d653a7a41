"""The game service: lobbies, seats, turns, moves, timers, history and settings, for every game.

It knows nothing of Discord (no ``discord`` import): callers pass an :class:`Actor` and a
:class:`Place` and get an :class:`Outcome` back. User mistakes raise :class:`ServiceError`
or an engine ``GameError``; the adapter shows those as ephemeral replies. Every write goes
through the store's version check, and one lock per channel keeps this process from racing
itself. Each concern lives in its own module; :class:`GameService` puts them together.
"""

from __future__ import annotations

from .bots import BotService
from .core import Renderer, ServiceCore
from .history import HistoryService
from .lobby import LobbyService
from .pause import PauseService
from .looking import LookingService
from .notify import NotifyService
from .play import PlayService
from .ratings import RatingService
from .settings import SettingsService
from .threads import ThreadService
from .timers import TimerService


class GameService(PauseService, LookingService, RatingService, HistoryService, BotService, TimerService,
                  PlayService, LobbyService, SettingsService, NotifyService, ThreadService, ServiceCore):
    """One instance per bot process; cheap to construct on an open store."""


__all__ = ["GameService", "Renderer"]
