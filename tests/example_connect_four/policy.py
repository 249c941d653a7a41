"""Connect Four's bot knowledge: the search (:mod:`games.ai`) needs only an evaluation.

The game's registration (``engine.py``) names :class:`ConnectFourPolicy`, as every game's
names its own. The tree sees the whole grid (there is nothing to resample); the evaluation
counts the lines of four each player can still fill.
"""

from __future__ import annotations

from typing import Any

from games.ai.policy import Policy, Rewards, two_player_rewards
from games.base import AnyGame

from .engine import COLUMNS, DIRECTIONS, ROWS

#: Every line of four squares on the grid, as (column, row) pairs.
WINDOWS = tuple(
    tuple((c + k * dc, r + k * dr) for k in range(4))
    for c in range(len(COLUMNS)) for r in range(ROWS) for dc, dr in DIRECTIONS
    if 0 <= c + 3 * dc < len(COLUMNS) and 0 <= r + 3 * dr < ROWS)
#: What a line still open to one player is worth, by how many of its squares they hold.
WORTH = (0.0, 0.2, 1.0, 4.0)


class ConnectFourPolicy(Policy):
    """Lines of four that only one player has discs in, weighted by how full they are."""

    iterations = {"easy": 30, "normal": 150, "hard": 400}

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        margin = 0.0
        for window in WINDOWS:
            seats = [state.seat_at(c, r) for c, r in window]
            held = [seats.count(0), seats.count(1)]
            if held[0] and not held[1]:
                margin += WORTH[held[0]]
            elif held[1] and not held[0]:
                margin -= WORTH[held[1]]
        return two_player_rewards(state.players, margin, 4.0)
