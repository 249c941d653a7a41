"""Fifteen, a test-only game that proves ``docs/adding-a-game.md``: adding a game is one
module per layer, each registering itself through the public hooks, and nothing else.

Importing this package registers the engine (:mod:`.engine`), its board renderer
(:mod:`.board`) and its bot policy (:mod:`.policy`). :func:`unregister` takes them back out, so
tests that register it leave the registries as they found them.
"""

from __future__ import annotations

from . import board, engine, policy  # noqa: F401 - each registers itself

GAME = engine.GAME


def register() -> None:
    """Put Fifteen (back) into every registry: importing did it the first time."""
    import games
    import renderers
    from games.ai import register_policy

    games.register(GAME)
    renderers.register(board.RECORD)
    register_policy(GAME.id, policy.FifteenPolicy)


def unregister() -> None:
    """Remove Fifteen from every registry again (tests only: a real game stays)."""
    import games
    from games.ai import registry
    from renderers import registry as pictures

    games.REGISTRY.pop(GAME.id, None)
    pictures._RECORDS.pop(GAME.id, None)
    registry._FACTORIES.pop(GAME.id, None)
    registry._POLICIES.pop(GAME.id, None)
