"""Reminder ladders as people type them: ``50%,8h,1h`` (points before a deadline or a chess
clock running out), ``every 12h`` (a reminder every so often, as before ladders existed) or
``off``.

A share is of the whole time (``50%``: when half of it has gone); a duration is the time left
then (``1h``: one hour before the end). Each point fires once per turn. Without a deadline
there is nothing to count down to: a ladder of points reminds nobody then, and ``every``
keeps working as it always did. Pure: no I/O, no ``discord``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games import BadOptions
from games.text import Text, contextual, join, translator

from ..choices import means_off
from .durations import format_duration, parse_duration

_ = translator("bot")
_p = contextual(_)

#: The ladder where nobody chose one: at half the time, and an hour before the end.
DEFAULT = "50%,1h"
_SHARE = re.compile(r"^(\d{1,2}(?:\.\d+)?)\s*%$")


@dataclass(frozen=True)
class Ladder:
    """Points (``shares`` of the whole time, seconds ``left``), or a repeating interval
    (``every``); all empty: no reminders."""

    shares: tuple[float, ...] = ()
    left: tuple[int, ...] = ()
    every: int | None = None

    @property
    def points(self) -> bool:
        return bool(self.shares or self.left)

    def delays(self, total: float) -> list[float]:
        """Seconds after a turn begins at which its reminders fire, for a turn of ``total``
        seconds: each point once, in order, none at or after the end (nor within a minute of
        another)."""
        found = sorted({round(total * s) for s in self.shares} | {round(total - s) for s in self.left})
        out: list[float] = []
        for d in found:
            if 60 <= d < total and (not out or d - out[-1] >= 60):
                out.append(float(d))
        return out

    def spec(self) -> str:
        """The canonical text, as stored and as ``parse_ladder`` reads it back."""
        if self.every is not None:
            return f"every {_compact(self.every)}"
        parts = [f"{s * 100:g}%" for s in sorted(self.shares)] + [_compact(s) for s in sorted(self.left, reverse=True)]
        return ",".join(parts) or "off"


def typed(ladder: Ladder) -> Text | str:
    """:meth:`Ladder.spec` as the reader would type it back (``alle 12h``, ``hver 12h``)."""
    if ladder.every is not None:
        return _p("typed", "every {span}", span=_compact(ladder.every))
    return ladder.spec()


def _compact(seconds: int) -> str:
    """``1d6h``, ``8h``, ``90m``: a duration as ``parse_duration`` reads it back, in the
    largest units that say it exactly."""
    out = ""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if seconds >= size:
            out += f"{seconds // size}{unit}"
            seconds %= size
    return out or "0s"


def parse_ladder(text: str) -> Ladder:
    """``50%,8h,1h``, ``every 12h`` or ``off``; raises BadOptions naming the input."""
    raw = " ".join(str(text).strip().lower().split())
    if means_off(raw):
        return Ladder()
    for word in ("every", "alle", "hver"):  # "every 12h", as German and Danish say it too
        if raw.startswith(word + " "):
            return Ladder(every=parse_duration(raw[len(word):], what=_("reminder interval")))
    shares: list[float] = []
    left: list[int] = []
    for part in (p for p in re.split(r"[,;\s]+", raw) if p):
        share = _SHARE.match(part)
        if share is not None and 0 < float(share[1]) < 100:
            shares.append(float(share[1]) / 100)
            continue
        try:
            seconds = parse_duration(part, what=_("reminder"))
        except BadOptions:
            raise BadOptions(_("'{text}' is not a reminder ladder: write points before the "
                               "deadline such as 50%,8h,1h, or every 12h, or off",
                               text=raw[:30])) from None
        if seconds is None:
            raise BadOptions(_("'{text}' is not a reminder ladder: write points before the "
                               "deadline such as 50%,8h,1h, or every 12h, or off", text=raw[:30]))
        left.append(seconds)
    if len(shares) + len(left) > 6:
        raise BadOptions(_("At most 6 reminders a turn, please."))
    return Ladder(shares=tuple(sorted(set(shares))), left=tuple(sorted(set(left), reverse=True)))


def ladder_words(ladder: Ladder) -> Text:
    """``at 50 % of the time and 1 h before the end``, ``every 12 h`` or ``off``."""
    if ladder.every is not None:
        return _("every {every}", every=format_duration(ladder.every))
    points: list[object] = [_("at {share} % of the time", share=f"{s * 100:g}") for s in ladder.shares]
    points += [_("{left} before the end", left=format_duration(s)) for s in ladder.left]
    return join(points) if points else _("off")
