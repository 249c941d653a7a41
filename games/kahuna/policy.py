"""Kahuna for the search: majorities, stones, bridges and useful cards as an expected margin.

* **Hidden information**: the other hand, the deck order, the tucked cards and the RNG of
  the next reshuffles. ``canonical`` pools every card the seat cannot see, sorted, and deals
  them back in a fixed way, so the search's worlds depend only on the seat's view.
* **Evaluation** (:func:`margin`), in points for one player: the points already scored; the
  stone difference, worth about a point a stone (the final scoring pays the difference) plus
  the sign of it for the next scoring (1 point after round 1, 2 after round 2); for every island
  without a stone, how close each player is to its majority (a stone in the making); for every
  stone, how many spare bridges protect it from a two-card removal; bridges on the board; and
  the cards in hand, each worth more when its island still has a free line and most when that
  line would take an island. A logistic turns the margin into a win chance. The chance a
  review says (``chances``) reads the same margin at a scale fitted to played games, wide
  in round 1 and narrowing to the end: the search's scale ranks moves, but as a chance it
  is too sure early.
* **Candidates**: every action except tucks (a single-card tuck only with a full hand, where it
  can be needed to draw), rated by the evaluation after it; a turn's several actions are
  simply several decisions of the same player in the tree.
* **Playouts**: the best of three sampled actions by the same rating.
"""

from __future__ import annotations

import math
from typing import Any

from ..base import AnyGame
from .board import HAND_LIMIT, ISLANDS, LINES, LINES_OF, MAJORITY
from .state import KahunaState, Phase
from ..rng import Rng
from ..ai.policy import Policy, Rewards, logistic, two_player_rewards, widened

#: what a stone is worth beyond the next scoring (the final scoring pays the difference)
STONE = 1.2
#: a stone in the making: weight of (bridges held / bridges needed)^2 on a free island
NEAR = 0.6
#: a spare bridge guarding a stone (up to two count)
GUARD = 0.15
BRIDGE = 0.08
CARD = 0.12
#: a card whose island has a free line, and one that would take the island at once
USEFUL = 0.1
TAKING = 0.35
#: logistic scale of the margin
SCALE = 1.5
#: playout: actions sampled per step
SAMPLES = 3
#: the chance a review says: the margin's logistic scale is ``CHANCE_FLOOR + CHANCE_SPAN *
#: (left / 3) ** CHANCE_POWER``, ``left`` the rounds still to come plus the deck's share of a
#: round (about 20 cards). Fitted to 200 games of normal bots (12,595 turn starts): log-loss
#: 0.442, against 0.488 at the search's ``SCALE`` (too sure early: leads of 1 to 2 points in
#: round 1 won 54 % of games, where it says 74 %) and 0.693 for a coin
CHANCE_FLOOR = 1.0
CHANCE_SPAN = 6.0
CHANCE_POWER = 1.5
ROUND_CARDS = 20

ROUND_POINTS = {1: 1, 2: 2}
_INDEX = {island: i for i, island in enumerate(ISLANDS)}
_ENDS: dict[str, tuple[int, int]] = {line: (_INDEX[line[:4]], _INDEX[line[5:]]) for line in LINES}
_LINES = [len(LINES_OF[i]) for i in ISLANDS]
_NEED = [MAJORITY[i] for i in ISLANDS]


def margin(state: KahunaState, player: str) -> float:
    """Estimated final point margin of ``player`` over the other (see the module docstring)."""
    opp = state.opponent(player)
    mine = [0] * 12
    theirs = [0] * 12
    for line, owner in state.bridges.items():
        a, b = _ENDS[line]
        if owner == player:
            mine[a] += 1
            mine[b] += 1
        else:
            theirs[a] += 1
            theirs[b] += 1
    stones = state.stones
    value = float(state.scores[player] - state.scores[opp])
    d = 0
    near = 0.0
    free = [0] * 12
    for i, island in enumerate(ISLANDS):
        need = _NEED[i]
        m, t = mine[i], theirs[i]
        f = free[i] = _LINES[i] - m - t
        holder = stones.get(island)
        if holder is not None:
            if holder == player:
                d += 1
                near += GUARD * min(m - need, 2)
            else:
                d -= 1
                near -= GUARD * min(t - need, 2)
            continue
        if m + f >= need:
            near += NEAR * (m / need) ** 2
        if t + f >= need:
            near -= NEAR * (t / need) ** 2
    value += STONE * d + near
    if d and state.phase is not Phase.OVER and state.round in ROUND_POINTS:
        value += ROUND_POINTS[state.round] * (0.5 if d > 0 else -0.5)
    value += BRIDGE * (sum(mine) - sum(theirs)) / 2
    value += _cards(state, player, mine, free) - _cards(state, opp, theirs, free)
    return value


def _cards(state: KahunaState, player: str, counts: list[int], free: list[int]) -> float:
    total = 0.0
    stones = state.stones
    for card in state.hands[player] + state.shown[player]:
        total += CARD
        i = _INDEX[card]
        if free[i]:
            total += USEFUL
            # one more bridge on a free line of this island takes it
            if counts[i] + 1 >= _NEED[i] and card not in stones:
                total += TAKING
    return total


def chance_scale(state: Any) -> float:
    """The margin's scale as a chance: wide early, narrowing to the end (``left``: the rounds
    still to come plus the deck's share of a round)."""
    left = 3 - state.round + (0 if state.phase is Phase.LAST else len(state.deck) / ROUND_CARDS)
    return CHANCE_FLOOR + CHANCE_SPAN * math.pow(max(0.0, left) / 3, CHANCE_POWER)


class KahunaPolicy(Policy):
    """See the module docstring."""

    iterations = {"easy": 60, "normal": 400, "hard": 1200}
    #: the bridge or stone placed or removed this turn (a card drawn stays unseen)
    preview_keys = ("bridges", "stones", "current", "bridges_left", "stones_left")
    #: easy plays any legal move one time in seven or so: its search alone beat the one-ply
    #: greedy player in 73 % of 100 games; with this, 33 % (``python -m tools.sim.strength``)
    knobs = {"easy": {"blunder": 15}}
    #: a review plays each compared world on 12 plies (a few whole turns), not the normal
    #: level's 4: over 60 games (seeds 800-859) 31 of 44 turning points held, 13.5 points shown
    #: for 13.3 claimed, where at 4 plies (seeds 800-811) 1 of 4 had (``python -m
    #: tools.sim.review_check kahuna --depth 12``); a review costs about 50 s of one core, not 28
    review_depth = 12

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        new = state.copy()
        others = [p for p in state.players if p != player]
        pool = sorted(list(state.deck) + list(state.tucked)
                      + [c for p in others for c in state.hands[p]])
        for p in others:
            n = len(state.hands[p])
            new.hands[p], pool = pool[:n], pool[n:]
        n = len(state.tucked)
        new.tucked, new.deck = pool[:n], pool[n:]
        new.rng = 0
        return new

    @staticmethod
    def _moves(game: AnyGame, state: Any, player: str) -> list[str]:
        moves = game.legal_moves(state, player)
        full = state.hand_size(player) >= HAND_LIMIT
        kept = [m for m in moves if not m.startswith("tuck ") or (full and m.count(" ") == 1)]
        return kept or moves

    def _rated(self, game: AnyGame, state: Any, player: str) -> list[tuple[float, str]]:
        out = []
        for m in self._moves(game, state, player):
            out.append((margin(game.apply(state, player, m), player), m))
        out.sort(key=lambda x: -x[0])
        return out

    def candidate_key(self, game: AnyGame, state: Any, player: str) -> Any:
        return (tuple(sorted(state.bridges.items())), tuple(sorted(state.stones.items())),
                tuple(state.held(player)), tuple(state.open), len(state.deck), state.phase,
                state.passed, state.round, state.hand_size(state.opponent(player)))

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        return [m for _, m in self._rated(game, state, player)[:width]]

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        if state.phase is Phase.OVER:
            return None
        player = state.active
        moves = self._moves(game, state, player)
        best = None
        top = -1e9
        for _ in range(min(SAMPLES, len(moves))):
            m = moves[rng.randbelow(len(moves))]
            v = margin(game.apply(state, player, m), player)
            if v > top:
                best, top = m, v
        assert best is not None
        return player, best

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        return two_player_rewards(state.players, margin(state, state.players[0]), SCALE)

    def chances(self, game: AnyGame, state: Any) -> Rewards:
        """The margin as a chance, at :func:`chance_scale`."""
        return two_player_rewards(state.players, margin(state, state.players[0]),
                                  chance_scale(state))

    def said_chance(self, game: AnyGame, state: Any, value: float) -> float:
        """The search's value at :func:`chance_scale`, as :meth:`chances` reads a position."""
        return widened(value, SCALE / chance_scale(state))

    def outcome(self, game: AnyGame, state: Any) -> Rewards:
        base = super().outcome(game, state)
        a, b = state.players
        lead = logistic((state.scores[a] - state.scores[b]) / SCALE)
        return {a: 0.9 * base[a] + 0.1 * lead, b: 0.9 * base[b] + 0.1 * (1 - lead)}

