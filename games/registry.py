"""The games the bot can play: one registration per game names all of its parts.

Like OpenSpiel's ``register_game``, the last line of a game's engine module registers it:

    register(Aqualin(), listed=1, renderer="renderers.aqualin:RECORD",
             policy="games.aqualin.policy:AqualinPolicy")

That one call is how every layer finds the game's parts, so no shared file lists the games:

* the engine itself: ``REGISTRY`` (``/game new`` lists the games in its order);
* its pictures: ``renderer`` names the :class:`renderers.GameRenderer` record, which
  :mod:`renderers` imports the first time it draws the game (a name, so the engine layer
  never imports the layer above it);
* its bot: ``policy`` names the :class:`games.ai.policy.Policy` class, imported the first time
  a bot plays the game (the AI costs nothing until then);
* its words: the catalogs sit in the ``locale`` folder of the game's package, and the players'
  German and Danish words for moves are the game's ``aliases`` (:mod:`games.aliases`).

The built-in games are the packages of ``games/`` that hold an ``engine`` module
(:func:`discover`); a game defined elsewhere (a test's, a plug-in's) registers the same way
when its module is imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass

from .base import AnyGame, Game

#: Where a game is listed when its registration does not say: after the built-in games.
LAST = 100


@dataclass(frozen=True)
class Plugin:
    """One game and where its parts are, as its registration named them.

    ``renderer`` and ``policy`` are ``"module:attribute"`` names (None: the game has no
    pictures, or plays with the generic policy). ``listed`` orders ``/game new`` (smaller
    first; equal ones in the order they registered, the built-in packages by name).
    """

    game: AnyGame
    renderer: str | None = None
    policy: str | None = None
    listed: int = LAST

    @property
    def package(self) -> str:
        """The module path of the package that holds the game's engine (its own folder)."""
        module = type(self.game).__module__
        return module.rpartition(".")[0] or module


#: Game id -> its engine, in the order ``/game new`` lists them.
REGISTRY: dict[str, AnyGame] = {}
#: Game id -> its registration.
PLUGINS: dict[str, Plugin] = {}


def register(game: AnyGame, *, renderer: str | None = None, policy: str | None = None,
             listed: int = LAST) -> AnyGame:
    """Make ``game`` and its parts known by its id; registering the same again changes nothing."""
    register_plugin(Plugin(game, renderer, policy, listed))
    return game


def register_plugin(entry: Plugin) -> Plugin:
    """:func:`register` for a registration kept as a value (tests register theirs again)."""
    game = entry.game
    known = PLUGINS.get(game.id)
    if known is not None and known.game is not game:
        raise ValueError(f"two games registered with the id {game.id!r}")
    if not game.id.isidentifier() or game.id != game.id.lower():
        raise ValueError(f"a game id is a lower-case identifier, not {game.id!r}")
    if not game.traits.nothing_unseen and type(game).resample is Game.resample:
        raise ValueError(f"{game.id} has chance or hidden information ({game.traits}) but no "
                         "resample of its own")
    for ref in (entry.renderer, entry.policy):
        if ref is not None and not _is_ref(ref):
            raise ValueError(f"{game.id}: {ref!r} is not a 'module:attribute' name")
    PLUGINS[game.id] = entry
    REGISTRY[game.id] = game
    _order()
    return entry


def _order() -> None:
    """``REGISTRY`` in the order of the registrations' ``listed`` (stable), in place: the
    dict others hold stays the same object."""
    ordered = sorted(REGISTRY, key=lambda gid: PLUGINS[gid].listed)
    if ordered != list(REGISTRY):
        games = {gid: REGISTRY[gid] for gid in ordered}
        REGISTRY.clear()
        REGISTRY.update(games)


def unregister(game_id: str) -> None:
    """Forget a game again (tests only: a real game stays registered). The layers above
    notice: they check that what they found came from the current registration."""
    REGISTRY.pop(game_id, None)
    PLUGINS.pop(game_id, None)


def plugin(game_id: object) -> Plugin | None:
    """The registration of the game ``game_id``, if one is registered."""
    return PLUGINS.get(game_id) if isinstance(game_id, str) else None


def load(ref: str) -> object:
    """The object a ``"module:attribute"`` name stands for (its module imported)."""
    module, _, attribute = ref.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _is_ref(ref: object) -> bool:
    if not isinstance(ref, str):
        return False
    module, colon, attribute = ref.partition(":")
    return bool(colon) and attribute.isidentifier() and all(
        part.isidentifier() for part in module.split("."))


def discover(package: str, path: Iterable[str]) -> None:
    """Import every game package below ``path`` (a package with an ``engine`` module: each
    registers itself, in the order the registrations' ``listed`` say).

    This lists the folders of the installed package, as the import system does; it runs once,
    when :mod:`games` is imported."""
    for found in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        if not found.ispkg or found.name.startswith("_"):
            continue
        folder = getattr(found.module_finder, "path", None)
        inside = [m.name for m in pkgutil.iter_modules([f"{folder}/{found.name}"])] if folder else []
        if "engine" in inside:
            importlib.import_module(f"{package}.{found.name}")
