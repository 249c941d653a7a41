"""Krasserfall for the search: medals now plus medals expected from the boats still afloat.

* **Hidden information** is every boat's tipping point and the future dice; the table is
  public. ``resample`` redraws the tipping points above each boat's known safe level, so the
  search's worlds respect what the river has shown, and a risky push falls in about as many
  worlds as its public chance says.
* **Whose decision**: the player whose turn it is. The stone holder may also act out of turn;
  at the root such a seat may *wait* (the search then returns ``None``), and below the root
  the holder uses the stone only on their own turns (a simplification that keeps the tree a
  sequence of turns).
* **Evaluation**: each player's medals plus, for every boat afloat, the medals their figures
  in it would earn times the chance that this boat is the last one, taken as its expected
  *life* squared over all boats' lives squared. A life is the number of pushes the boat is
  expected to stand: the sum of its public chances of standing each further wave, from its
  danger and known safe level, up to the edge (:func:`games.krasserfall.words.life`). Two
  players: a logistic of the margin; more: a soft-max share.
* **Candidates and playouts**: moves rated by the public one-step look-ahead the autocomplete
  uses (:func:`games.krasserfall.words.ranked`), which averages over the falls a move risks,
  each with its public chance; playouts take its favourite.
"""

from __future__ import annotations

from typing import Any

from ..base import AnyGame
from . import words
from .model import LANES, MEDALS
from ..rng import Rng
from ..ai.policy import Policy, Rewards, estimate_rewards

#: logistic / soft-max scale, in medals
SCALE = 1.5


def expected_medals(state: Any) -> dict[str, float]:
    """Medals now plus the medals each player's figures afloat are expected to earn."""
    est = {p: float(m) for p, m in zip(state.players, state.medals)}
    if state.over:
        return est
    lives = {c: words.life(state, c) ** 2 + 0.05 for c in LANES if not state.boats[c].fallen}
    total = sum(lives.values())
    for c, life in lives.items():
        share = life / total
        for seat, size in state.boats[c].figures:
            if state.in_play(seat):
                est[state.players[seat]] += share * MEDALS[size]
    return est


class KrasserfallPolicy(Policy):
    """See the module docstring."""

    iterations = {"easy": 60, "normal": 500, "hard": 1500}
    #: none: whether a pushed boat tips depends on hidden tipping points, a roll on the die
    preview_keys = ()

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        # resample redraws tipping points and dice from the public record alone
        new = state.copy()
        new.rng = 0
        new.tips = {c: (None if v is None else 0) for c, v in new.tips.items()}
        return new

    def must_act(self, game: AnyGame, state: Any, player: str) -> bool:
        return bool(state.players[state.active] == player)

    def actors(self, game: AnyGame, state: Any) -> list[str]:
        return [] if state.over else [state.players[state.active]]

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        moves = game.legal_moves(state, player)
        if len(moves) <= 1:
            return moves
        seat = state.players.index(player)
        return [m for _, m in words.ranked(state, seat, moves)[:width]]

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        if state.over:
            return None
        player = state.players[state.active]
        moves = game.legal_moves(state, player)
        if len(moves) == 1:
            return player, moves[0]
        turn = [m for m in moves if not m.startswith("stone")]
        if rng.randbelow(4) == 0:
            return player, turn[rng.randbelow(len(turn))]
        seat = state.active
        return player, words.ranked(state, seat, moves)[0][1]

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        est = expected_medals(state)
        playing = [p for i, p in enumerate(state.players) if state.in_play(i)]
        out = {p: 0.0 for p in state.players}
        out.update(estimate_rewards({p: est[p] for p in playing}, SCALE))
        return out

    def outcome(self, game: AnyGame, state: Any) -> Rewards:
        base = super().outcome(game, state)
        shaped = self.evaluate(game, state)
        return {p: 0.85 * base[p] + 0.15 * shaped[p] for p in state.players}

