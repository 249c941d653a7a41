"""One renderer record per game, found through the game's registration.

Each game's renderer package defines one ``GameRenderer`` record, and the game's registration
(:func:`games.registry.register`) names it (``renderer="renderers.aqualin:RECORD"``): this
module imports it the first time the game is drawn, so adding a game's pictures touches its
own package only. The bot asks :func:`record` for what it needs (board, hand, alt text, focus)
and keeps no table of its own. :func:`register` puts a record in directly, for a game whose
registration names none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games import registry as game_registry

# The records of all games live in one table, so a view is typed ``Any`` here: each game's
# functions take its own view (a TypedDict such as ``games.aqualin.AqualinView``, or a
# ``Mapping[str, Any]``), and the bot hands each record the view of that record's game.

class Renderer(Protocol):
    """A picture: a view, the players' display names and a language (its words are drawn in
    it: ``en``, ``de`` or ``da``) in, PNG bytes out."""

    def __call__(self, view: Any, names: Mapping[str, str], /, lang: str = "en") -> bytes: ...


#: Alt text for a picture: a translatable text (``games.text.Text``) or a plain string.
Describer = Callable[[Any, Mapping[str, str]], str]


class FocusRenderer(Protocol):
    """A board that shows one player's area at a time: ``focus`` names that player (None:
    the board's own choice, usually the player to act)."""

    def __call__(self, view: Any, names: Mapping[str, str], /,
                 focus: str | None = None, lang: str = "en") -> bytes: ...


class UnknownGameError(LookupError):
    """No renderer is registered for the game."""


@dataclass(frozen=True)
class GameRenderer:
    """Everything the bot draws for one game.

    ``board`` draws the public view; ``prepare`` fills the renderer's caches of static art
    (called once at start-up, off the event loop); ``alt_text`` describes the board in words
    for screen readers; ``hand`` draws one player's private view, for games with hidden hands
    (None: the bot answers ``/game hand`` in words); ``focus`` says that the board shows one
    player's area at a time and ``board`` takes ``focus=`` (a player id).
    """

    game: str
    board: Renderer | FocusRenderer
    prepare: Callable[[], None]
    alt_text: Describer
    hand: Renderer | None = None
    focus: bool = False


#: Records put in with :func:`register`.
_RECORDS: dict[str, GameRenderer] = {}
#: Game id -> (the registration it was found through, its record), filled on first use.
_FOUND: dict[str, tuple[game_registry.Plugin, GameRenderer]] = {}


def _found(game_id: str) -> GameRenderer | None:
    """The record the current registration of ``game_id`` names (imported once), or None."""
    entry = game_registry.PLUGINS.get(game_id)
    if entry is None or entry.renderer is None:
        return None
    known = _FOUND.get(game_id)
    if known is not None and known[0] is entry:
        return known[1]
    found = game_registry.load(entry.renderer)
    if not isinstance(found, GameRenderer) or found.game != game_id:
        raise ValueError(f"{entry.renderer} is not the GameRenderer of {game_id!r}")
    _FOUND[game_id] = (entry, found)
    return found


def _lookup(game_id: str) -> GameRenderer | None:
    return _found(game_id) or _RECORDS.get(game_id)


class _Records(Mapping[str, GameRenderer]):
    """Game id -> renderer record, read-only: every registered game whose registration names
    a renderer, in the registry's order, then the records put in with :func:`register`."""

    def __getitem__(self, game_id: str) -> GameRenderer:
        found = _lookup(game_id) if isinstance(game_id, str) else None
        if found is None:
            raise KeyError(game_id)
        return found

    def __iter__(self) -> Iterator[str]:
        named = [gid for gid, entry in game_registry.PLUGINS.items() if entry.renderer is not None]
        ordered = [gid for gid in game_registry.REGISTRY if gid in named]
        return iter([*ordered, *(gid for gid in _RECORDS if gid not in ordered)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Game id -> its renderer record, read-only (see :class:`_Records`).
REGISTRY: Mapping[str, GameRenderer] = _Records()


def register(entry: GameRenderer) -> GameRenderer:
    """Make ``entry`` the renderer of its game; a game has exactly one."""
    if not entry.game or not isinstance(entry.game, str):
        raise ValueError(f"a renderer needs a game id, not {entry.game!r}")
    known = _lookup(entry.game)
    if known is not None and known != entry:
        raise ValueError(f"game {entry.game!r} already has a renderer")
    if known is None:
        _RECORDS[entry.game] = entry
    return entry


def record(game: Any) -> GameRenderer:
    """The renderer record of ``game`` (an id); :class:`UnknownGameError` if none."""
    found = _lookup(game) if isinstance(game, str) else None
    if found is None:
        known = ", ".join(sorted(REGISTRY))
        raise UnknownGameError(f"no renderer for game {game!r} (known: {known})")
    return found
