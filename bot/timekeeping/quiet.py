"""A person's clock: their time zone (an IANA name) and their quiet hours in it.

Quiet hours are a span of the local day, ``23:00-07:30``: its start belongs to it, its end does
not, and one whose start is later than its end runs past midnight. They follow the zone's own
clock through daylight saving time (an hour that does not exist that night is read as the
zone reads it). Pure: no I/O beyond the zone database, no ``discord``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

UTC = "UTC"
_SPAN = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*$")
DAY = 24 * 60


class BadClock(ValueError):
    """A time zone or a span of quiet hours that cannot be read; the message says why."""


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name this machine knows, sorted (for autocomplete)."""
    return tuple(sorted(n for n in available_timezones() if "/" in n or n == UTC))


def find_zones(typed: str, limit: int = 25) -> list[str]:
    """Zone names for what someone typed: those starting with it first, then those holding it
    (``berlin`` finds ``Europe/Berlin``)."""
    key = typed.strip().lower().replace(" ", "_")
    names = zone_names()
    if not key:
        return list(names[:limit])
    starts = [n for n in names if n.lower().startswith(key) or n.lower().split("/")[-1].startswith(key)]
    within = [n for n in names if key in n.lower() and n not in starts]
    return (starts + within)[:limit]


def read_zone(text: str) -> str:
    """The IANA name for ``text`` (case as typed or not), or :class:`BadClock`."""
    key = text.strip()
    if not key:
        raise BadClock("empty")
    exact = {n.lower(): n for n in zone_names()}.get(key.lower().replace(" ", "_"))
    if exact is None:
        raise BadClock(key)
    try:
        ZoneInfo(exact)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadClock(key) from None
    return exact


def read_span(text: str) -> tuple[int, int]:
    """``23:00-07:30`` as (start, end) minutes after local midnight, or :class:`BadClock`."""
    match = _SPAN.match(text)
    if match is None:
        raise BadClock(text)
    h1, m1, h2, m2 = (int(g) if g else 0 for g in match.groups())
    if h1 > 23 or h2 > 24 or m1 > 59 or m2 > 59 or (h2 == 24 and m2):
        raise BadClock(text)
    start, end = h1 * 60 + m1, (h2 * 60 + m2) % DAY
    if start == end:
        raise BadClock(text)
    return start, end


def read_time(text: str) -> int:
    """``08:00`` (or ``8``) as minutes after local midnight, or :class:`BadClock`."""
    match = re.match(r"^\s*(\d{1,2})(?::(\d{2}))?\s*$", text)
    if match is None or int(match[1]) > 23 or int(match[2] or 0) > 59:
        raise BadClock(text)
    return int(match[1]) * 60 + int(match[2] or 0)


def time_words(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def span_words(start: int, end: int) -> str:
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


@dataclass(frozen=True)
class PersonClock:
    """A person's time zone, quiet hours (``start``/``end``: minutes after local midnight;
    None: no quiet hours) and the time of their daily digest."""

    zone: str = UTC
    start: int | None = None
    end: int | None = None
    digest: int | None = None  # the daily digest's minute of the local day; None: no digest

    @property
    def quiet(self) -> bool:
        return self.start is not None and self.end is not None and self.start != self.end

    def _tz(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.zone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo(UTC)

    def window(self, at: float) -> tuple[float, float] | None:
        """The quiet hours that hold the moment ``at`` (their start and end, as timestamps),
        or None when ``at`` is not quiet."""
        if not self.quiet:
            return None
        assert self.start is not None and self.end is not None
        tz = self._tz()
        local = datetime.fromtimestamp(at, tz)
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
        for day in (-1, 0):  # the span that began yesterday (past midnight) or today
            base = midnight + timedelta(days=day)
            begins = _local(base, self.start, tz)
            length = (self.end - self.start) % DAY
            ends = _local(base, self.start + length, tz)
            if begins.timestamp() <= at < ends.timestamp():
                return begins.timestamp(), ends.timestamp()
        return None

    def quiet_until(self, at: float) -> float | None:
        """When the quiet hours holding ``at`` end, or None when ``at`` is not quiet."""
        span = self.window(at)
        return span[1] if span is not None else None

    def warn_at(self, due: float, deadline: float | None, now: float) -> float:
        """When a reminder due at ``due`` should come: before the quiet hours it would fall in
        when the deadline would pass before they end (the warning must come first), else as
        planned (then it waits for their end, still before the deadline)."""
        span = self.window(due)
        if span is None or deadline is None or deadline > span[1]:
            return due
        earlier = span[0] - 60.0
        return earlier if earlier > now else due

    def next_at(self, minute: int, after: float) -> float:
        """The first moment after ``after`` at which this person's clock shows ``minute``."""
        tz = self._tz()
        local = datetime.fromtimestamp(after, tz)
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
        for day in range(3):
            found = _local(midnight + timedelta(days=day), minute, tz).timestamp()
            if found > after:
                return found
        raise AssertionError("a day has a minute like every other")  # pragma: no cover

    def local(self, at: float) -> str:
        """``2026-12-24 18:00 CET``: the moment on this person's clock."""
        return datetime.fromtimestamp(at, self._tz()).strftime("%Y-%m-%d %H:%M %Z")


def _local(day: datetime, minutes: int, tz: ZoneInfo) -> datetime:
    """``minutes`` after the local midnight of ``day`` (possibly the next day), on the zone's
    wall clock."""
    shifted = day.replace(tzinfo=None) + timedelta(minutes=minutes)
    return shifted.replace(tzinfo=tz)
