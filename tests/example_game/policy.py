"""Fifteen's bot knowledge: the search (:mod:`games.ai`) needs only an evaluation.

The game's registration (``engine.py``) names :class:`FifteenPolicy`, as every game's names
its own (``games/<id>/policy.py``); a game's policy decides its own iteration budget per level.
"""

from __future__ import annotations

from typing import Any

from games.ai.policy import Policy, Rewards, logistic
from games.base import AnyGame


class FifteenPolicy(Policy):
    """Ahead on points is ahead: the margin as a chance of winning."""

    iterations = {"easy": 20, "normal": 80, "hard": 200}

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        a, b = state.scores
        first = logistic(float(a - b))
        return {state.players[0]: first, state.players[1]: 1.0 - first}

