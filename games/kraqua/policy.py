"""Kraqua for the search: the team planner, checked against sampled dice.

The game is cooperative: every seat gets the same reward, and the bot seats of a team decide
together which of them acts (``choose_turn``). The planner of :mod:`games.kraqua.planner`
already looks to the end of the round, but with the dice taken at their expectation. The
bot adds what it cannot know: how the dice may really fall.

* **Hidden information** is only the stack order, the two gates still face down and the
  dice: ``canonical`` sorts the stack and lays the unseen gates in a fixed order, and each
  sampled world (``resample``) redraws them.
* **The decision** (``flat_choice``, a determinized flat Monte Carlo: a tree of depth one).
  A Kraqua decision has few options (a row to lay on, one of a few moves, a gem colour), so
  the bot judges *every* option on the *same* sampled worlds (common random numbers, which
  makes the comparison far less noisy than a tree's uneven visits): apply it, let the
  planner finish the turn (and the round's end, when it comes), and score the position with
  :func:`games.kraqua.planner.outlook` (the planner's best plan for the rest of the round,
  roughly log P(win)) as a probability, exp(outlook). The planner's favourite keeps the move
  unless another option is better by ``MARGIN`` on average (``easy`` picks at random among
  the options within ``EASY_SLACK`` of the best). The level's iteration budget counts
  evaluations (options x worlds). A tree of the same budget,
  tried first, lost to the planner (it spread a few dozen noisy visits over a dozen options).
* **Hard looks further, not wider.** Normal judges an option once the acting seat's turn is
  over; hard plays each sampled world on with the planner to the start of the next round
  (the teammates' turns with the world's dice, the draws, Kraqua's theft) and judges it
  there. Same budget as normal (160 evaluations); on 40 seeds (2 seats, level 2) it escaped
  35 times against normal's 28 (10 seeds only hard, 3 only normal). 500 evaluations at
  normal's horizon had escaped exactly as often as normal over 100 seeds.
* The other hooks serve the flat choice: candidates (the planner's favourite first, its
  seat first), planner playouts to the next turn boundary, and exp(outlook) as the reward.
* **The chance said** (a hint's percentages, a review's): exp(outlook) ranks positions but
  is no chance (it says 2-8 % where planners escape about half the time), so what a player
  reads is :func:`escape_chance`, the outlook and round mapped to the share of such
  positions from which the planner escaped (``python -m tools.sim.kraqua_calibrate``). The
  bots decide by exp(outlook) as before.
"""

from __future__ import annotations

import math
from typing import Any

import time

from ..base import AnyGame
from . import planner
from ..rng import Rng
from ..ai.policy import Policy, Rewards, logistic

#: how much better (in P(win)) an option must look than the planner's favourite, on the same
#: sampled worlds, before the bot plays it instead
MARGIN = 0.01
#: ``easy`` plays any option within this much of the best (human-looking mistakes)
EASY_SLACK = 0.05


#: :func:`escape_chance`'s logistic regression: constant, outlook, round, outlook x round
#: (fitted by ``python -m tools.sim.kraqua_calibrate``: 9,193 turn boundaries of 300 games,
#: each played on to the end by the planner with the unseen parts dealt again)
ESCAPE = (2.956, 0.386, -0.057, 0.197)
#: outlooks below this (a lost game's, about -1000) count as this
OUTLOOK_FLOOR = -12.0


def team_value(state: Any) -> float:
    """The planner's estimate of P(win) with its best plan for the rest of the round."""
    if state.over:
        return 1.0 if state.status == "won" else 0.0
    return min(1.0, math.exp(planner.outlook(state)))


def escape_chance(outlook: float, round_: int) -> float:
    """The chance that the team escapes from a position with the planner's ``outlook`` in
    round ``round_``, as measured by playing such positions on (the outlook ranks positions
    well, but as exp(outlook) it says 2-8 % where planners escape about half the time; it
    tells more late in the game, when fewer rounds are left to go wrong)."""
    v = max(outlook, OUTLOOK_FLOOR)
    a, b, c, d = ESCAPE
    return logistic(a + b * v + c * round_ + d * v * round_)


def team_chance(state: Any) -> float:
    """:func:`escape_chance` of ``state`` (a finished game: 1 if the team escaped, else 0)."""
    return _judged(state)[1]


def _judged(state: Any) -> tuple[float, float]:
    """(:func:`team_value`, :func:`team_chance`) of ``state``, the outlook worked out once."""
    if state.over:
        won = 1.0 if state.status == "won" else 0.0
        return won, won
    v = planner.outlook(state)
    return min(1.0, math.exp(v)), escape_chance(v, state.round)


def at_turn_boundary(state: Any) -> bool:
    """Between two turns of a round: where the planner's outlook is a whole plan."""
    return state.phase == "turn" and state.current is None


class KraquaPolicy(Policy):
    """See the module docstring."""

    iterations = {"easy": 16, "normal": 160, "hard": 160}
    #: the tile laid (gone from the hand, on its reef row, the row's next spot) or the fish
    #: moved; Kraqua's dice after it stay unrolled
    preview_keys = ("tiles", "rows", "fronts", "next_spots", "protected", "turn_tile", "fish")
    #: playouts of whole team turns need more plies than the level's; ``horizon`` 1 plays
    #: each sampled world on to the next round (the team's other turns with their real
    #: dice, the round's draws and Kraqua's theft) before judging it
    knobs = {"easy": {"depth": 8}, "normal": {"depth": 12},
             "hard": {"depth": 40, "horizon": 1}}

    coop_rewards = {"won": 1.0, "almost": 0.0, "lost": 0.0}

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        new = state.copy()
        new.stack = sorted(new.stack)
        unseen = sorted(c for c, _ in new.gates[new.revealed:])
        new.gates = new.gates[:new.revealed] + [(c, False) for c in unseen]
        new.rng = 0
        return new

    def order_actors(self, game: AnyGame, state: Any, players: list[str]) -> list[str]:
        """The seat the planner would start with first (its ``choose_seat``)."""
        if state.phase != "turn" or state.current is not None or len(players) < 2:
            return players
        first = planner.choose_seat(game, state)
        return sorted(players, key=lambda p: p != first)

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        moves = game.legal_moves(state, player)
        if len(moves) > 1:
            favourite = planner.choose(game, state, player)
            moves = [favourite] + [m for m in moves if m != favourite]
        return moves[:width]

    def root_candidates(self, game: AnyGame, state: Any, player: str, width: int,
                        rng: Rng) -> list[str]:
        return self.candidates(game, state, player, max(width, 16), rng)

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        if state.over or at_turn_boundary(state):
            return None  # finish the turn (or the round's end) with the planner, then judge
        return self._planner_step(game, state)

    @staticmethod
    def _planner_step(game: AnyGame, state: Any) -> tuple[str, str]:
        seat = planner.choose_seat(game, state)
        return seat, planner.choose(game, state, seat)

    def flat_choice(self, game: AnyGame, state: Any, observer: str, options: list[Any],
                    level: Any, rng: Rng, iterations: int,
                    deadline: float | None) -> Any | None:
        """Every option judged on the same sampled worlds (common random numbers): apply
        it, let the planner finish the turn, score the outlook. The planner's favourite
        keeps the move unless another option is better by ``MARGIN`` on average."""
        from ..ai.mcts import Choice, _label

        options = [o for o in options if o[1] is not None]
        seats = [p for p, _m in options]
        seat = planner.choose_seat(game, state)
        if seat not in seats:  # the planner would start with a seat not searched for
            seat = seats[0]
        favourite = (seat, planner.choose(game, state, seat))
        if favourite not in options:
            options.insert(0, favourite)
        depth = self.knob(level, "depth", level.depth)
        horizon = self.knob(level, "horizon", 0)
        worlds = max(2, iterations // len(options))
        totals = {o: 0.0 for o in options}
        said = {o: 0.0 for o in options}  # the escape chances, for a hint to show
        done = samples = 0

        def late() -> bool:  # past the time limit, with at least one world judged
            return deadline is not None and samples > 0 and time.perf_counter() >= deadline

        for _ in range(worlds):
            seed = rng.next64()
            values: dict[Any, tuple[float, float]] = {}
            for option in options:
                if late():
                    break  # an unfinished world would compare the options unfairly: drop it
                world = game.apply(game.resample(state, observer, seed), *option)
                start = world.round
                for _ply in range(depth):
                    if world.over or (at_turn_boundary(world)
                                      and (not horizon or world.round > start)):
                        break
                    world = game.apply(world, *self._planner_step(game, world))
                values[option] = _judged(world)
                done += 1
            if len(values) < len(options):
                break
            for option, (v, chance) in values.items():
                totals[option] += v
                said[option] += chance
            samples += 1
        means = {o: t / samples for o, t in totals.items()}
        chances = {o: t / samples for o, t in said.items()}
        best = max(options, key=lambda o: means[o])
        if means[best] < means[favourite] + MARGIN:
            best = favourite
        if level.temperature > 0:  # easy: any option that looks nearly as good
            near = [o for o in options if means[o] >= means[best] - EASY_SLACK]
            best = near[rng.randbelow(len(near))]
        return Choice(best[0], best[1], done, 0.0,
                      {_label(o[1]): samples for o in options}, chances[best],
                      {_label(o[1]): chances[o] for o in options})

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        v = team_value(state)
        return {p: v for p in state.players}

    def chances(self, game: AnyGame, state: Any) -> Rewards:
        """The escape chance (:func:`escape_chance`), not the planner's exp(outlook)."""
        v = team_chance(state)
        return {p: v for p in state.players}

