"""What a pause or an away looks like in words, for every part of the service that shows a game.

Kept apart from :mod:`bot.service.pause` (which does the pausing) so that the lobby, the
status and the move path can say "paused" without depending on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from ..refusals import ServiceError
from ..store import GameRow, SeatRow, Store, TimerRow
from ..safe_text import clip, mention, safe_name
from .names import _, person_name

from games.text import Text


def utc(seconds: float) -> str:
    """A moment as everyone reads it alike, whatever their language: ``2026-12-24 18:00 UTC``
    (the console's words for a moment nobody's clock is known for)."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def moment(seconds: float) -> str:
    """A moment in Discord's timestamp markup: each reader's client shows it on their own
    clock and in their language (the console, on the reader's ``timezone:``)."""
    return f"<t:{int(seconds)}:f>"


def who_paused(row: GameRow, seats: Sequence[SeatRow]) -> Any:
    """The name of the one who paused (their seat's name), else a mention (a moderator)."""
    seat = next((s for s in seats if s.user_id == row.paused_by and not s.bot_level), None)
    return f"**{safe_name(person_name(seat))}**" if seat is not None else mention(row.paused_by or 0)


def pause_line(row: GameRow, seats: Sequence[SeatRow]) -> Text | None:
    """``⏸️ Paused by Alice since …: reason`` while the game is paused, else None."""
    if row.paused_at is None:
        return None
    who, when = who_paused(row, seats), moment(row.paused_at)
    if row.pause_reason:
        return _("⏸️ Paused by {who} since {when}: {reason}", who=who, when=when,
                 reason=safe_name(clip(row.pause_reason, 100)))
    return _("⏸️ Paused by {who} since {when}.", who=who, when=when)


def refuse_if_paused(row: GameRow) -> None:
    """Moves wait while a game is paused (as on Board Game Arena): nobody, bots included,
    can gain time on the others, and nothing happens that the paused clocks would not count."""
    if row.paused_at is not None:
        raise ServiceError(_("⏸️ The game is paused, so no moves for now. `{cmd:game resume}` goes on "
                             "with it (a moderator, or every player agreeing)."))


def person_names(seats: Sequence[SeatRow]) -> dict[int, str]:
    """Each user's name (a second seat's "hana (2)" is hana's)."""
    out: dict[int, str] = {}
    for s in seats:
        out.setdefault(s.user_id, safe_name(person_name(s)))
    return out


async def away_lines(store: Store, seats: Sequence[SeatRow]) -> list[Text]:
    """``🌴 Bob is away until …`` for the seated players who are away (for the status)."""
    names = person_names(seats)
    away = await store.pauses.away_users([u for u in names if u])
    return [_("🌴 **{name}** is away until {when}.", name=names[u], when=moment(t))
            for u, t in sorted(away.items(), key=lambda kv: kv[1])]


def stopped_at(timer: TimerRow, now: float, held: bool) -> float:
    """The moment ``timer``'s time stands at: ``now``, or for a held timer when its hold
    began (a row written during the hold: its ``turn_since``)."""
    if held:
        start = timer.held_at if timer.held_at is not None and timer.held_at > timer.turn_since \
            else timer.turn_since
        return min(start, now)
    return now


def time_left(timer: TimerRow, now: float, held: bool) -> float:
    """Seconds until ``timer`` is due; for a held timer, as they were when its hold began."""
    return timer.due_at - stopped_at(timer, now, held)
