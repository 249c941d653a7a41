"""Connect Four, the second test-only example game: deterministic and with perfect
information, where Fifteen has chance and hidden hands. Both prove ``docs/adding-a-game.md``:
one package of its own and one registration naming its parts, and nothing else.

Importing this package registers the engine (:mod:`.engine`, whose last line names its board
renderer in :mod:`.board` and its bot policy in :mod:`.policy`); its catalogs are in
``locale/`` and its rules page is ``rules.md``, both beside this file. :func:`unregister`
takes it back out, so tests that register it leave the registries as they found them.
"""

from __future__ import annotations

from pathlib import Path

from games import registry

from . import engine

GAME = engine.GAME
#: The registration, kept to register the game again after :func:`unregister`.
PLUGIN = registry.PLUGINS[GAME.id]
#: The rules page, checked as ``docs/rules/<id>.md`` pages are.
RULES = Path(__file__).with_name("rules.md")


def register() -> None:
    """Put Connect Four (back) into the registry: importing did it the first time."""
    registry.register_plugin(PLUGIN)


def unregister() -> None:
    """Remove Connect Four from the registry again (tests only: a real game stays)."""
    registry.unregister(GAME.id)
