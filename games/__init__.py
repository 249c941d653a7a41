"""Pure rule engines: one module per game, one contract for all (:mod:`games.base`).

``REGISTRY`` maps a game id to its engine object; each engine puts itself there with
:func:`register` (:mod:`games.registry`) at the end of its module. Nothing here does I/O or
uses the global ``random``: chance comes from a seeded RNG kept inside each state.
"""

from __future__ import annotations

from .base import Button, Chance, Game, Information, Option, Result, Traits
from .errors import (
    BadOptions,
    CorruptState,
    GameError,
    GameOver,
    IllegalMove,
    InvalidMove,
    NotYourTurn,
)
from .registry import REGISTRY, register

# The built-in games, imported in the order /game new lists them (each registers itself).
from .aqualin import Aqualin  # noqa: E402
from .kahuna import Kahuna  # noqa: E402
from .aqua import Aqua  # noqa: E402
from .kraqua import Kraqua  # noqa: E402
from .krasserfall import Krasserfall  # noqa: E402

__all__ = [
    "REGISTRY",
    "Aqua",
    "Aqualin",
    "Kahuna",
    "Kraqua",
    "Krasserfall",
    "register",
    "BadOptions",
    "Button",
    "Chance",
    "CorruptState",
    "Game",
    "GameError",
    "GameOver",
    "IllegalMove",
    "Information",
    "InvalidMove",
    "NotYourTurn",
    "Option",
    "Result",
    "Traits",
]
