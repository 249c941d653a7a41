"""The one error hierarchy of the engines.

Every error is a ``ValueError`` so callers that only know "bad input" can catch that;
the bot turns :class:`GameError` into an ephemeral reply at one boundary.
Messages are one line, name the input, and say what to do instead.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class: something a player or moderator asked for cannot be done."""


class IllegalMove(GameError):
    """A move string that cannot be played now (bad syntax, against the rules, wrong time)."""


class InvalidMove(IllegalMove):
    """The text could not be read as a move of this game at all (syntax)."""


class NotYourTurn(IllegalMove):
    """The player may not act now (or is not in the game)."""


class GameOver(IllegalMove):
    """The game has ended; no more moves."""


class BadOptions(GameError):
    """Unknown option name, a value out of range, or a wrong player count."""


class CorruptState(GameError):
    """A dumped state that cannot be loaded (wrong game, wrong format)."""
