"""Durations as people type and read them (``12h``, ``2d``, ``1d 6h``, ``off``)."""

from __future__ import annotations

import math
import re

from games import BadOptions
from games.text import Text, translator

from ..choices import means_off

_ = translator("bot")

_UNITS = {"s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(s|min|m|h|d|w)")
#: A word that can only be the rest of a duration (``6h`` in ``deadline=1d 6h``).
CONTINUATION = re.compile(r"(?:\d+(?:\.\d+)?)?(?:min|s|m|h|d|w)(?:\d+(?:\.\d+)?(?:min|s|m|h|d|w))*"
                          r"|\d+(?:\.\d+)?", re.I)
#: A reminder or deadline shorter than this would only spam a channel.
MINIMUM = 5 * 60
MAXIMUM = 60 * 86400


def parse_duration(text: str, *, what: str = "duration") -> int | None:
    """Seconds, or None for ``off``; raises BadOptions naming the input."""
    raw = " ".join(str(text).strip().lower().split())
    if means_off(raw):  # aus, fra, keine ... as well
        return None
    compact = raw.replace(" ", "")
    if not compact or _PART.sub("", compact):
        raise BadOptions(_("'{text}' is not a {what}: write e.g. 30m, 12h, 2d or 1d 6h (or off)",
                           text=raw[:24], what=what))
    # Any number of digits is allowed, so a sum may be huge or inf: compare it, never format it.
    seconds = sum(float(n) * _UNITS[u] for n, u in _PART.findall(compact))
    if not MINIMUM <= seconds <= MAXIMUM:
        raise BadOptions(_("a {what} must be between 5 minutes and 60 days, not {given}", what=what,
                           given=raw[:24]))
    return int(seconds)


def format_duration(seconds: float | None) -> Text:
    """``5 h 12 min``, ``2 d 3 h``, ``45 min``, ``less than a minute``; ``off`` for None."""
    if seconds is None:
        return _("off")
    if math.isnan(seconds):
        seconds = 0
    seconds = int(round(max(0.0, min(seconds, 1e15))))  # inf and absurd values cannot overflow
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return _("{d} d {h} h", d=days, h=hours) if hours else _("{d} d", d=days)
    if hours:
        return _("{h} h {m} min", h=hours, m=minutes) if minutes else _("{h} h", h=hours)
    if minutes:
        return _("{m} min", m=minutes)
    return _("less than a minute")
