"""Pure rule engines: one module per game, one contract for all (:mod:`games.base`).

``REGISTRY`` maps a game id to its engine object. Nothing here does I/O or uses the
global ``random``: chance comes from a seeded RNG kept inside each state.
"""

from __future__ import annotations

from .aqua import Aqua
from .aqualin import Aqualin
from .base import Button, Game, Option, Result
from .errors import (
    BadOptions,
    CorruptState,
    GameError,
    GameOver,
    IllegalMove,
    InvalidMove,
    NotYourTurn,
)
from .kahuna import Kahuna
from .kraqua import Kraqua
from .krasserfall import Krasserfall

REGISTRY: dict[str, Game] = {
    game.id: game for game in (Aqualin(), Kahuna(), Aqua(), Kraqua(), Krasserfall())
}

__all__ = [
    "REGISTRY",
    "BadOptions",
    "Button",
    "CorruptState",
    "Game",
    "GameError",
    "GameOver",
    "IllegalMove",
    "InvalidMove",
    "NotYourTurn",
    "Option",
    "Result",
]
