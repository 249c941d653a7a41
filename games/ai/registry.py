"""Which policy plays which game: each policy registers itself beside its code.

A game's own policy lives in ``games/ai/<game id>.py`` and ends with
``register_policy("<game id>", ItsPolicy)``; it is imported the first time a bot plays that
game, so the AI costs nothing until then. A game defined elsewhere (a test's, a plug-in's)
registers its policy the same way from its own module. A game without one gets the generic
:class:`~games.ai.policy.Policy`: random candidates and playouts, a neutral evaluation.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..base import AnyGame
from .policy import Policy

_FACTORIES: dict[str, Callable[[], Policy]] = {}
_POLICIES: dict[str, Policy] = {}


def register_policy(game_id: str, factory: Callable[[], Policy]) -> None:
    """Make ``factory()`` the policy of the game ``game_id`` (one instance serves every search)."""
    _FACTORIES[game_id] = factory
    _POLICIES.pop(game_id, None)


def policy_for(game: AnyGame) -> Policy:
    """The game's registered policy, else the one in ``games/ai/<game id>.py``, else the
    generic one."""
    found = _POLICIES.get(game.id)
    if found is None:
        if game.id not in _FACTORIES and game.id.isidentifier():
            name = f"{__package__}.{game.id}"
            try:
                importlib.import_module(name)  # registers itself
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
        found = _FACTORIES.get(game.id, Policy)()
        _POLICIES[game.id] = found
    return found
