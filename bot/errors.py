"""Errors the service raises for users; the adapter shows them as ephemeral replies.

Engine errors (``games.GameError``) reach the same boundary; anything else is a bug
and is logged with context.
"""

from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be carried out; the message says what to do instead."""


class NotAllowed(ServiceError):
    """The user lacks the right (moderator, host, seated player)."""


class NoGame(ServiceError):
    """There is no (suitable) game in this channel."""


def explain(exc: Exception) -> str:
    """The ephemeral text for a refused request: one or two friendly sentences."""
    from games import IllegalMove, NotYourTurn  # local: keeps this module import-light

    text = str(exc).strip() or "That didn't work."
    if not isinstance(exc, ServiceError):
        text = text[0].upper() + text[1:]
        if not text.endswith((".", "!", "?")):
            text += "."
        if isinstance(exc, IllegalMove) and not isinstance(exc, NotYourTurn):
            text += " Start typing in `/move` to see the moves you can make."
    return text
