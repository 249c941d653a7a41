"""Board images: a game's public view in, PNG bytes out (the renderers layer).

Renderers draw views, never states, so the channel image cannot leak hidden information.
They are pure: no I/O, and the only module state is caches of pure results, so the service
may call them from a worker thread (Pillow work must stay off the event loop). Every word in
a picture is drawn in the language asked for (``lang``, looked up in the catalogs by
:mod:`catalogs`); numbers, names and move notation are drawn as they are.

Each game's package defines one :class:`~renderers.registry.GameRenderer` (board, prepare,
hand, alt text, focus), and the game's registration names it: it is imported the first time
the game is drawn (or by :func:`warm_up`, as the bot starts). The bot reads that record
through :func:`record` and the helpers below, never a table of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from .alt_text import alt_text
from .registry import (
    REGISTRY, FocusRenderer, GameRenderer, Renderer, UnknownGameError, record, register)


def warm_up() -> None:
    """Draw every renderer's static art now, so the first board of the day is fast too."""
    for entry in REGISTRY.values():
        entry.prepare()


def render_board(view: Mapping[str, Any], names: Mapping[str, str],
                 focus: str | None = None, lang: str = "en") -> bytes:
    """PNG bytes of the board for a public ``view``, its words in ``lang``; ``names`` maps
    player ids to names.

    A player missing from ``names`` is shown by id. ``focus`` picks whose area to show in
    games whose record says ``focus`` (default: the player to act); other games ignore it.
    """
    entry = record(view.get("game") if isinstance(view, Mapping) else None)
    if focus is not None and entry.focus:
        board = cast(FocusRenderer, entry.board)  # ``focus=True`` says the board takes it
        return board(view, names, focus=focus, lang=lang)
    return cast(Renderer, entry.board)(view, names, lang=lang)


def render_hand(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG bytes of one player's private ``view`` (their hand), its words in ``lang``, for
    games that have hands."""
    hand = record(view.get("game") if isinstance(view, Mapping) else None).hand
    if hand is None:
        raise UnknownGameError(f"game {view.get('game')!r} has no hand renderer")
    return hand(view, names, lang=lang)


__all__ = ["REGISTRY", "FocusRenderer", "GameRenderer", "Renderer", "UnknownGameError", "alt_text",
           "record", "register", "render_board", "render_hand", "warm_up"]
