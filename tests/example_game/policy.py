"""Fifteen's bot knowledge: the search (:mod:`games.ai`) needs only an evaluation.

It registers itself beside its code, as every policy does (``games/ai/<game>.py``); a
game's policy decides its own iteration budget per level.
"""

from __future__ import annotations

from typing import Any

from games.ai.policy import Policy, Rewards, logistic
from games.ai.registry import register_policy
from games.base import AnyGame


class FifteenPolicy(Policy):
    """Ahead on points is ahead: the margin as a chance of winning."""

    iterations = {"easy": 20, "normal": 80, "hard": 200}

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        a, b = state.scores
        first = logistic(float(a - b))
        return {state.players[0]: first, state.players[1]: 1.0 - first}


register_policy("fifteen", FifteenPolicy)
