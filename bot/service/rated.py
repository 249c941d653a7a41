"""Why a game that ends is unrated, said in its result post (the store decides the same from
the log when it counts the result: :func:`bot.store.elo.unrated_because`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import Game
from games.text import Text

from ..store import MoveRow, SeatRow
from ..store.elo import EARLY_END, SEATED_MODERATOR, rated_game, unrated_because
from ..store.ratings_table import elo_seats
from .names import _

#: A change as the log will hold it: (player, kind, the user who made it or None).
Step = tuple[str, str, int | None]


def unrated_note(game: Game, state: Any, seats: Sequence[SeatRow], logged: Sequence[MoveRow],
                 step: Step, teaching: bool = False) -> Text | None:
    """For a change that ends a game that would be rated, why it is not (None: it is rated,
    or the game goes on). A teaching game (``hints=on``) says so whatever else it is."""
    result = game.result(state)
    if result is None:
        return None
    if teaching:
        return _("⚖️ Unrated: a teaching game (hints were on).")
    counted = elo_seats(seats)
    if rated_game(0, game.id, None, result.to_dict(), counted) is None:
        return None
    why = unrated_because(counted, [*((m.player_id, str(m.kind), m.actor_id) for m in logged
                                      if m.undone_at is None), step])
    if why == SEATED_MODERATOR:
        return _("⚖️ Unrated: a player of this game skipped or removed another with a moderator's "
                 "powers.")
    if why == EARLY_END:
        return _("⚖️ Unrated: the game ended before every player had made a move.")
    return None
