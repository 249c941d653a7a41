"""Which policy plays which game: the one its registration names.

A game's registration (:func:`games.registry.register`) names its policy class,
``policy="games.aqualin.policy:AqualinPolicy"``: the class lives in the game's own package and
is imported the first time a bot plays that game, so the AI costs nothing until then.
:func:`register_policy` sets one directly (a test's, or a game whose registration names none).
A game without either gets the generic :class:`~games.ai.policy.Policy`: random candidates
and playouts, a neutral evaluation.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import registry as games
from ..base import AnyGame
from .policy import Policy

_FACTORIES: dict[str, Callable[[], Policy]] = {}
#: Game id -> (what the policy was made from: a factory or a registration, the policy).
_POLICIES: dict[str, tuple[object, Policy]] = {}


def register_policy(game_id: str, factory: Callable[[], Policy]) -> None:
    """Make ``factory()`` the policy of the game ``game_id`` (one instance serves every search)."""
    _FACTORIES[game_id] = factory
    _POLICIES.pop(game_id, None)


def _source(game_id: str) -> Callable[[], Policy] | games.Plugin:
    """Where the policy of ``game_id`` comes from now: a factory set directly, the game's
    registration, or the generic policy."""
    return _FACTORIES.get(game_id) or games.PLUGINS.get(game_id) or Policy


def _factory(source: Callable[[], Policy] | games.Plugin) -> Callable[[], Policy]:
    if not isinstance(source, games.Plugin):
        return source
    if source.policy is None:
        return Policy
    found = games.load(source.policy)
    if not (isinstance(found, type) and issubclass(found, Policy)):
        raise TypeError(f"{source.policy} is not a Policy class")
    return found


def policy_for(game: AnyGame) -> Policy:
    """The policy :func:`register_policy` set for the game, else the one its registration
    names, else the generic one."""
    source = _source(game.id)
    known = _POLICIES.get(game.id)
    if known is not None and known[0] is source:
        return known[1]
    found = _factory(source)()
    _POLICIES[game.id] = (source, found)
    return found
