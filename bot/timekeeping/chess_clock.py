"""Chess clocks as people type and read them (``clock=3d+1d``): a time bank per player.

A game's clock is ``(start, increment)`` in seconds, stored in its ``timing`` as
``"clock": [start, increment]``. Every player starts with ``start`` in their bank; it runs
only while they are to act, and after each of their turns ``increment`` is added to what is
left, never above ``start``. The bank of a player who is to act lives in their deadline
timer (see :mod:`bot.service.clocks`), so a game's clock stops whenever its timer rows are
shifted.
"""

from __future__ import annotations

import re
from typing import Any

from games import BadOptions
from games.text import Text, translator

from ..safe_text import clip
from ..choices import means_off
from .durations import _PART, _UNITS, MAXIMUM, format_duration, parse_duration

_ = translator("bot")

#: After a bank ran out, the other players have this share of the starting bank to choose to
#: wait, before the on-deadline action applies (within GRACE_LEAST and GRACE_MOST).
GRACE_SHARE = 1 / 12
GRACE_LEAST = 5 * 60
GRACE_MOST = 86400
#: One side of ``3d+1d``: amounts with units (what the duration parser then checks).
_SHAPE = re.compile(r"(?:\d+(?:\.\d+)?(?:s|min|m|h|d|w))+")


def parse_clock(text: str) -> tuple[int, int] | None:
    """``3d+1d`` (also ``2d 12h + 6h``, ``1w``: no increment) -> (start, increment) seconds;
    None for ``off``. Raises BadOptions naming the input."""
    raw = " ".join(str(text).strip().lower().split())
    if means_off(raw):
        return None
    start_text, plus, more = raw.partition("+")
    if not _SHAPE.fullmatch(start_text.replace(" ", "")) or (
            plus and not (_SHAPE.fullmatch(more.replace(" ", "")) or means_off(more))):
        raise BadOptions(_("'{text}' is not a clock: write the starting time and what each turn "
                           "adds, e.g. clock=3d+1d or clock=12h+30m (or clock=off)",
                           text=clip(raw, 24)))
    start = parse_duration(start_text, what=_("clock")) or 0  # never "off": it has units
    # An increment may be short (``12h+30s``): it adds time, it never pings anyone.
    increment = sum(float(n) * _UNITS[u] for n, u in _PART.findall(more.replace(" ", "")))
    if increment > MAXIMUM:
        raise BadOptions(_("a clock increment must be at most 60 days, not {given}",
                           given=clip(more.strip(), 24)))
    return start, int(increment)


def clock_of(timing: dict[str, Any]) -> tuple[int, int] | None:
    """The clock of a game's stored ``timing``, or None."""
    value = timing.get("clock")
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    start, increment = value
    return int(start), int(increment)


def clock_words(clock: tuple[int, int] | None) -> Text:
    """``3 d + 1 d`` (``3 d`` without an increment), ``off`` for no clock."""
    if clock is None:
        return _("off")
    start, increment = clock
    if not increment:
        return format_duration(start)
    return _("{start} + {increment}", start=format_duration(start), increment=format_duration(increment))


def grace(clock: tuple[int, int]) -> int:
    """How long the others may choose to wait once a bank ran out."""
    return int(min(GRACE_MOST, max(GRACE_LEAST, clock[0] * GRACE_SHARE)))
