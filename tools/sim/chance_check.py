"""Is the chance a review says a chance? ``python -m tools.sim.chance_check GAME``.

A review scores each sampled world with :meth:`games.ai.policy.Policy.chances`, and says the
result as "chance to win 56 % → 45 %". This script plays seeded two-player games between
``normal`` bots (at a small budget, so that many games fit) and, before every move, records
what ``chances`` and the search's ``evaluate`` say for the first seat; at the end, whether that
seat won (a shared win counts as a half). It prints each one's log-loss against a coin's
(lower is better), and ``chances`` in five bands: what it said against how often the seat won.
Aqua's and Kahuna's scales (``CHANCE_SCALE``, ``CHANCE_FLOOR`` ...) were fitted to such
positions; games of other seeds say whether they hold.

Standard library and ``games`` only; games run in parallel (``--jobs``).
"""

from __future__ import annotations

import argparse
import math
import os
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from games import REGISTRY
from games.ai import choose_move, policy_for
from games.rng import seed_to_int

from . import stats

#: The bots' search budget: the same as the review check's continuations.
ITERATIONS = 40
SEATS = ("p0", "p1")

Row = tuple[float, float, float]  # chances, evaluate (both for p0), p0's share of the win


def one_game(gid: str, seed: int) -> list[Row]:
    """Every position of the seeded game, before each move: (chances, evaluate, outcome)."""
    game = REGISTRY[gid]
    pol = policy_for(game)
    state = game.setup(list(SEATS), {}, seed)
    said: list[tuple[float, float]] = []
    k = 0
    while game.result(state) is None:
        player = sorted(game.waiting_for(state)) or sorted(game.to_act(state))
        said.append((pol.chances(game, state)[SEATS[0]], pol.evaluate(game, state)[SEATS[0]]))
        move = choose_move(game, state, player[0], "normal", seed=seed_to_int(f"{seed}:{k}"),
                           iterations=ITERATIONS)
        k += 1
        if move is not None:
            state = game.apply(state, player[0], move)
    result = game.result(state)
    assert result is not None
    winners = result.winners
    won = 1.0 / len(winners) if SEATS[0] in winners else 0.0
    return [(c, e, won) for c, e in said]


def log_loss(rows: list[Row], column: int) -> float:
    """The log-loss of one column (0: ``chances``, 1: ``evaluate``) against the outcome."""
    return stats.log_loss((row[column], row[2]) for row in rows)


def bands(rows: list[Row]) -> list[tuple[int, float, float]]:
    """(positions, mean said, share won) for the fifths of ``chances``."""
    return stats.bands((row[0], row[2]) for row in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(g for g in REGISTRY if g != "kraqua"))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for some in pool.map(partial(one_game, args.game), seeds) for r in some]
    print(f"{args.game}: {len(rows)} positions of {args.games} games (seeds {seeds.start}-"
          f"{seeds.stop - 1}), normal bots at {ITERATIONS} iterations")
    print(f"log-loss: chances {log_loss(rows, 0):.4f}, the search's evaluation "
          f"{log_loss(rows, 1):.4f}, a coin {math.log(2):.4f}")
    for n, said, won in bands(rows):
        print(f"  {n:6d} positions: said {100 * said:5.1f} %, won {100 * won:5.1f} %")


if __name__ == "__main__":
    main()
