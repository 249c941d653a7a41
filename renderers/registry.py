"""One renderer record per game, registered beside the renderer's code.

Each game's renderer package ends with ``register(GameRenderer(...))``, the way an engine is
registered where it is defined: adding a game's pictures touches that package and the import
list in :mod:`renderers` only. The bot asks :func:`record` for what it needs (board, hand,
alt text, focus) and keeps no table of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

# The records of all games live in one table, so a view is typed ``Any`` here: each game's
# functions take its own view (a TypedDict such as ``games.aqualin.AqualinView``, or a
# ``Mapping[str, Any]``), and the bot hands each record the view of that record's game.

#: A picture: a view and the players' display names in, PNG bytes out.
Renderer = Callable[[Any, Mapping[str, str]], bytes]
#: Alt text for a picture: a translatable text (``games.text.Text``) or a plain string.
Describer = Callable[[Any, Mapping[str, str]], str]


class FocusRenderer(Protocol):
    """A board that shows one player's area at a time: ``focus`` names that player (None:
    the board's own choice, usually the player to act)."""

    def __call__(self, view: Any, names: Mapping[str, str], /,
                 focus: str | None = None) -> bytes: ...


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


_RECORDS: dict[str, GameRenderer] = {}
#: Game id -> its renderer record, read-only; fill it with :func:`register`.
REGISTRY: Mapping[str, GameRenderer] = MappingProxyType(_RECORDS)


def register(entry: GameRenderer) -> GameRenderer:
    """Make ``entry`` the renderer of its game; a game registers exactly once."""
    if not entry.game or not isinstance(entry.game, str):
        raise ValueError(f"a renderer needs a game id, not {entry.game!r}")
    known = _RECORDS.get(entry.game)
    if known is not None and known != entry:
        raise ValueError(f"game {entry.game!r} already has a renderer")
    _RECORDS[entry.game] = entry
    return entry


def record(game: Any) -> GameRenderer:
    """The renderer record of ``game`` (an id); :class:`UnknownGameError` if none."""
    found = _RECORDS.get(game) if isinstance(game, str) else None
    if found is None:
        known = ", ".join(sorted(_RECORDS))
        raise UnknownGameError(f"no renderer for game {game!r} (known: {known})")
    return found
