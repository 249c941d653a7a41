"""How much away a person has: an allowance in any 365 days, as Board Game Arena's holiday.

A server (or, outside servers, a chat) sets the days (``/game config away_days:``; 30 by
default). An away holds a person's clocks in all their games at once, on every server, so
the allowance that applies is the smallest of the places they play in now and the place they
ask from: a server of their own with a year of away frees nobody from a strict one. Time
away is booked when it is asked for, so ending it early gives nothing back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..messages import Place
from ..store import AWAY_ALLOWANCE, GameRow, GuildSettings, Store


@dataclass(frozen=True)
class AwayLeft:
    """Seconds of away still free and the allowance they come from."""

    left: float
    allowance: float


def days_allowed(settings: GuildSettings) -> float:
    """The allowance of one place, in seconds."""
    return AWAY_ALLOWANCE if settings.away_days is None else settings.away_days * 86400.0


async def allowance_of(store: Store, user_id: int, place: Place | None,
                       games: Sequence[GameRow] | None = None) -> float:
    """The allowance that applies to ``user_id``: the smallest of the places of their open
    games (``games``, when the caller has read them already) and ``place``."""
    rows = await store.games.running_games_of(user_id) if games is None else games
    places = {(row.guild_id, row.channel_id if row.guild_id is None else 0) for row in rows}
    if place is not None:
        places.add((place.guild_id, place.channel_id if place.guild_id is None else 0))
    found = [days_allowed(await store.settings.of_place(guild, channel)) for guild, channel in places]
    return min(found, default=AWAY_ALLOWANCE)


async def away_left(store: Store, user_id: int, place: Place | None, now: float,
                    games: Sequence[GameRow] | None = None) -> AwayLeft:
    allowance = await allowance_of(store, user_id, place, games)
    return AwayLeft(left=max(0.0, allowance - await store.pauses.booked(user_id, now)),
                    allowance=allowance)


async def away_beyond(store: Store, user_id: int, place: Place, now: float) -> float | None:
    """The allowance of ``place`` when ``user_id`` is away now with more booked than it allows
    (they booked where more is allowed, before playing here), else None: such a person joins
    a game here only once back, or the game would wait longer than its server permits."""
    if await store.pauses.away(user_id) is None:
        return None
    allowance = days_allowed(await store.settings.of_place(place.guild_id, place.channel_id))
    return allowance if await store.pauses.booked(user_id, now) > allowance + 1 else None
