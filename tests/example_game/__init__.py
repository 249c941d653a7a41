"""Fifteen, a test-only game that proves ``docs/adding-a-game.md``: adding a game is one
package of its own and one registration naming its parts, and nothing else.

Importing this package registers the engine (:mod:`.engine`, whose last line names its board
renderer in :mod:`.board` and its bot policy in :mod:`.policy`). :func:`unregister` takes it
back out, so tests that register it leave the registries as they found them.
"""

from __future__ import annotations

from games import registry

from . import engine

GAME = engine.GAME
#: The registration, kept to register the game again after :func:`unregister`.
PLUGIN = registry.PLUGINS[GAME.id]


def register() -> None:
    """Put Fifteen (back) into the registry: importing did it the first time."""
    registry.register_plugin(PLUGIN)


def unregister() -> None:
    """Remove Fifteen from the registry again (tests only: a real game stays)."""
    registry.unregister(GAME.id)
