"""What every game's notation does alike: quoting bad input, and cleaning typed text.

Each game parses and prints its moves in one place of its own; these are the steps they share,
so that "(nothing)", the length of a quote and the dashes a player may type read the same in
every game.
"""

from __future__ import annotations

import re

from .errors import InvalidMove
from .text import translator

_ = translator("common")

#: Characters players type for a dash; each reads as ``-``.
DASHES = ("−", "–", "—", "‐", "‑")
#: What players type for an arrow.
ARROWS = ("->", "→")


def quote(text: object, limit: int = 24) -> str:
    """Bad input as an error quotes it: on one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    if not flat:
        return _("(nothing)")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def clean(text: str, *, tight: str = "-", arrow: str = "-", drop: str = "",
          dash_like: str = "") -> str:
    """``text`` as a game's parser reads it: lower case, one space between words, every dash
    as ``-`` and every arrow as ``arrow``. No space is left around the characters in ``tight``
    (``b2 - c3`` is ``b2-c3``); the characters in ``drop`` count as spaces (brackets), those
    in ``dash_like`` as dashes (Kahuna's ``/``).

    What is not text at all (``None``, a number, bytes from a broken caller) is refused with
    :class:`~games.errors.InvalidMove`, as any unreadable move is, never an ``AttributeError``.
    """
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    text = text.strip().lower()
    for sign in ARROWS:
        text = text.replace(sign, arrow)
    for dash in DASHES + tuple(dash_like):
        text = text.replace(dash, "-")
    for char in drop:
        text = text.replace(char, " ")
    text = " ".join(text.split())
    for char in tight:
        text = re.sub(rf"\s*{re.escape(char)}\s*", char, text)
    return text
