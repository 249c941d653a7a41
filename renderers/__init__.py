"""Board images: a game's public view in, PNG bytes out (the renderers layer).

Renderers draw views, never states, so the channel image cannot leak hidden information.
They are pure: no I/O, and the only module state is caches of pure results, so the service
may call them from a worker thread (Pillow work must stay off the event loop).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from . import aqua, aqualin, kahuna, kraqua, krasserfall
from .alt_text import alt_text

Renderer = Callable[[Mapping[str, Any], Mapping[str, str]], bytes]

#: Game id -> renderer. Read-only; a new game adds its line here.
RENDERERS: Mapping[str, Renderer] = MappingProxyType({
    "aqualin": aqualin.render,
    "kahuna": kahuna.render,
    "krasserfall": krasserfall.render,
    "aqua": aqua.render,
    "kraqua": kraqua.render,
})


#: Game id -> function that fills the renderer's caches (call once at start-up, off the loop).
_PREPARE: Mapping[str, Callable[[], None]] = MappingProxyType({
    "aqualin": aqualin.prepare,
    "kahuna": kahuna.prepare,
    "krasserfall": krasserfall.prepare,
    "aqua": aqua.prepare,
    "kraqua": kraqua.prepare,
})


def warm_up() -> None:
    """Draw every renderer's static art now, so the first board of the day is fast too."""
    for prepare in _PREPARE.values():
        prepare()


#: Game id -> renderer of a player's private view (their hand). Games without hidden
#: hands have none; the bot then answers ``/game hand`` in words.
HAND_RENDERERS: Mapping[str, Renderer] = MappingProxyType({"kahuna": kahuna.render_hand})


class UnknownGameError(LookupError):
    """No renderer exists for the view's game."""


#: Games whose picture shows one player's area at a time; their renderer takes ``focus``.
FOCUSED: frozenset[str] = frozenset({"aqua"})


def render_board(view: Mapping[str, Any], names: Mapping[str, str],
                 focus: str | None = None) -> bytes:
    """PNG bytes of the board for a public ``view``; ``names`` maps player ids to names.

    A player missing from ``names`` is shown by id. ``focus`` picks whose area to show in
    games listed in :data:`FOCUSED` (default: the player to act).
    """
    game = view.get("game") if isinstance(view, Mapping) else None
    renderer = RENDERERS.get(game) if isinstance(game, str) else None
    if renderer is None:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownGameError(f"no board renderer for game {game!r} (known: {known})")
    if focus is not None and game in FOCUSED:
        return renderer(view, names, focus=focus)  # type: ignore[call-arg]
    return renderer(view, names)


__all__ = ["FOCUSED", "HAND_RENDERERS", "RENDERERS", "Renderer", "UnknownGameError", "alt_text",
           "render_board", "warm_up"]
