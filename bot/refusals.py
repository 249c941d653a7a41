"""Errors the service raises for users; the adapter shows them as ephemeral replies.

Engine errors (``games.GameError``) reach the same boundary; anything else is a bug
and is logged with context.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A request that cannot be carried out; the message says what to do instead."""


class RacedWrite(ServiceError):
    """The game changed between reading it and writing (another process, usually)."""


class NotAllowed(ServiceError):
    """The user lacks the right (moderator, host, seated player)."""


class NoGame(ServiceError):
    """There is no (suitable) game in this channel."""


class GameUnavailable(NoGame):
    """The channel's game is stored in a form this code cannot load (it is parked)."""


def explain(exc: Exception) -> Any:
    """The ephemeral text for a refused request: one or two friendly sentences (a Text)."""
    from games import IllegalMove, NotYourTurn  # local: keeps this module import-light
    from games.text import Text, translator

    _ = translator("bot")
    reason = exc.args[0] if exc.args and isinstance(exc.args[0], Text) else (str(exc).strip() or None)
    if reason is None:
        return _("That didn't work.")
    if isinstance(exc, ServiceError):
        return reason
    text = _("{reason}.", reason=reason) if not str(reason).rstrip().endswith((".", "!", "?")) \
        else _("{reason}", reason=reason)
    if isinstance(exc, IllegalMove) and not isinstance(exc, NotYourTurn):
        text = _("{reason} Start typing in `{cmd:move}` to see the moves you can make.", reason=text)
    return text
