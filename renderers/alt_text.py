"""Alt text for board images: the position in words, from the same view the image shows.

Screen-reader users get whose turn it is, the scores and the key facts of the board. Each
game's describer lives beside its renderer (its record's ``alt_text``) and returns a
translatable text; the bot translates it into the channel's language and cuts it to
Discord's 1024 characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .registry import REGISTRY


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """Alt text for the image of ``view`` (a translatable ``Text`` from the game's record); a
    plain fallback for a game without a renderer."""
    entry = REGISTRY.get(str(view.get("game")))
    if entry is None:
        return f"{view.get('game', 'Game')} board"
    return entry.alt_text(view, names)
