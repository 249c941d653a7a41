"""Pure rule engines: one package per game, one contract for all (:mod:`games.base`).

``REGISTRY`` maps a game id to its engine object. Each game registers itself and names its
parts in one call at the end of its engine module (:func:`register`, :mod:`games.registry`);
the built-in games are found as the packages here that hold an ``engine`` module, so no file
lists them. Nothing here does I/O or uses the global ``random``: chance comes from a seeded
RNG kept inside each state.
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
from .registry import PLUGINS, REGISTRY, Plugin, discover, register

discover(__name__, __path__)  # the built-in games: each package registers itself

__all__ = [
    "PLUGINS",
    "REGISTRY",
    "Plugin",
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
