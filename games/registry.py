"""The games the bot can play: each engine registers itself beside its code.

Like OpenSpiel's ``register_game``, the last line of a game's engine module is
``register(TheGame())``; ``games/__init__.py`` imports the built-in games so they are
there, and a game defined elsewhere (a test's, a plug-in's) registers itself the same way.
"""

from __future__ import annotations

from .base import AnyGame, Game

#: Game id -> its engine, in the order they registered (the order ``/game new`` lists them).
REGISTRY: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Make ``game`` known by its id; registering the same object again changes nothing."""
    known = REGISTRY.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"two games registered with the id {game.id!r}")
    if not game.id.isidentifier() or game.id != game.id.lower():
        raise ValueError(f"a game id is a lower-case identifier, not {game.id!r}")
    if not game.traits.nothing_unseen and type(game).resample is Game.resample:
        raise ValueError(f"{game.id} has chance or hidden information ({game.traits}) but no "
                         "resample of its own")
    REGISTRY[game.id] = game
    return game
