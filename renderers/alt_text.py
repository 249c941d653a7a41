"""Alt text for board images: the position in words, from the same view the image shows.

Screen-reader users get whose turn it is, the scores and the key facts of the board. Each
game's describer lives beside its renderer and returns a translatable text; the bot
translates it into the channel's language and cuts it to Discord's 1024 characters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .aqua import alt_text as aqua
from .aqualin import alt_text as aqualin
from .kahuna import alt_text as kahuna
from .kraqua import alt_text as kraqua
from .krasserfall import alt_text as krasserfall

ALT_TEXTS: Mapping[str, Callable[[Mapping[str, Any], Mapping[str, str]], Any]] = {
    "aqualin": aqualin,
    "kahuna": kahuna,
    "aqua": aqua,
    "kraqua": kraqua,
    "krasserfall": krasserfall,
}


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Any:
    """Alt text for the image of ``view``; a plain fallback for a game without its own."""
    describe = ALT_TEXTS.get(str(view.get("game")))
    if describe is None:
        return f"{view.get('game', 'Game')} board"
    return describe(view, names)
