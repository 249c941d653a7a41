"""Pure rule engines: one module per game, one contract for all (``shared/design.md``).

``REGISTRY`` maps a game id to its engine object. Nothing here does I/O or uses the
global ``random``: chance comes from a seeded RNG kept inside each state.
"""

from __future__ import annotations

from .aqualin import Aqualin
from .base import Game, Option, Result
from .kraqua import Kraqua
from .errors import (
    BadOptions,
    CorruptState,
    GameError,
    GameOver,
    IllegalMove,
    InvalidMove,
    NotYourTurn,
)

REGISTRY: dict[str, Game] = {game.id: game for game in (Aqualin(), Kraqua())}

__all__ = [
    "REGISTRY",
    "BadOptions",
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
