"""How the service names seats and players in its messages: the words every part shares.

Kept apart from :mod:`bot.service.core` so that small helpers (forced moves, pauses, the
clock's faces) can name players without depending on the whole service.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import games
from games import Game
from games.text import Notation, Text, plural, translator

from ..store import SeatRow
from ..safe_text import clip, plain_name, safe_name

_ = translator("bot")
_n = plural(_)


def percent(chance: float) -> int:
    """A chance (0..1) as the whole percent a hint or a review says."""
    return max(0, min(100, round(chance * 100)))


def names_of(seats: Sequence[SeatRow]) -> dict[str, str]:
    return {s.player_id: s.name for s in seats}


def safe_names(seats: Sequence[SeatRow]) -> dict[str, str]:
    return {s.player_id: safe_name(s.name) for s in seats}


def users_of(seats: Sequence[SeatRow]) -> dict[str, int]:
    return {s.player_id: s.user_id for s in seats}


def game_title(game_id: str) -> Any:
    """A game's title as a message names it; a stored game this code no longer knows by the
    id it was stored with (so a parked row can still be named, and ended)."""
    known = games.REGISTRY.get(game_id)
    return known.title if known else clip(game_id, 30)


def person_name(seat: SeatRow) -> str:
    """The name of the person behind a seat: a second seat's "hana (2)" is hana's."""
    return seat.person_name


def seat_names(game: Game, state: Any, seats: Sequence[SeatRow], *, safe: bool = True) -> dict[str, str]:
    """Seats as players read them. Where the game gives seats a word of their own (Kraqua's
    animals) every seat is the person's name with it, "hana (seahorse)": one person's seats
    are told apart by what they are in the game, not by the lobby's "hana (2)"."""
    shown: Callable[[str], str] = safe_name if safe else plain_name  # plain: autocomplete
    out: dict[str, str] = {}
    for s in seats:
        tag = game.seat_tag(state, s.player_id) if state is not None else None
        out[s.player_id] = (_("{name} ({seat})", name=shown(person_name(s)), seat=tag)
                            if tag is not None else shown(s.name))
    return out


def seat_example(game: Game, state: Any, player: str) -> Text:
    """A move of ``player`` now, started with its seat: ``seahorse: lay i`` (``seat 2: …``)."""
    moves = game.legal_moves(state, player)
    tag = game.seat_tag(state, player)
    return _("{seat}: {move}", seat=tag if tag is not None else f"seat {game.players(state).index(player) + 1}",
             move=Notation(game.id, moves[0]) if moves else "…")


def bold(name: Any) -> Text:
    """``**name**`` that keeps a translatable name (a seat's animal) translatable."""
    return _("**{name}**", name=name)
