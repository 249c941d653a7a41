"""Kraqua's escape chance from the planner's outlook: ``python -m tools.sim.kraqua_calibrate``.

The planner's :func:`games.kraqua.planner.outlook` ranks positions well (the bots decide by
it) but is no chance: ``exp(outlook)`` says 2-8 % where teams of planners escape about half
the time. This script measures the real relation. It plays seeded games (2-4 seats; the team
plays the planner's move, or with some games' share of noise a random legal one, so that bad
positions are seen too), and at every turn boundary deals the unseen parts again and plays
that position to the end with the planner: did the team escape? A logistic regression on the
outlook ``v`` (floored at :data:`games.kraqua.policy.OUTLOOK_FLOOR`), the round ``r`` and
``v * r`` (the outlook tells more late in the game) fits the constants of
:func:`games.kraqua.policy.escape_chance`; the log-loss on games of other seeds says how well.

Standard library and ``games`` only; games run in parallel (``--jobs``).
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games import REGISTRY
from games.kraqua import planner
from games.kraqua.policy import (ESCAPE, OUTLOOK_FLOOR, KraquaPolicy, at_turn_boundary,
                                 escape_chance)
from games.rng import Rng, seed_to_int

from . import stats

#: The share of random moves in a game, by seed (cycled): most positions come from good play,
#: some from worse.
NOISE = (0.0, 0.1, 0.3)

Row = tuple[float, int, int]  # outlook, round, escaped (1) or not (0)


def _escaped(game: Any, state: Any) -> int:
    while not state.over:
        state = game.apply(state, *KraquaPolicy._planner_step(game, state))
    return 1 if state.status == "won" else 0


def one_game(seed: int) -> list[Row]:
    """Every turn boundary of the game from ``seed``: its outlook, round, and whether the
    planner escaped from it, the unseen parts dealt again."""
    game = REGISTRY["kraqua"]
    players = [f"p{i}" for i in range(2 + seed % 3)]
    state = game.setup(players, {}, seed)
    noise = NOISE[(seed // 3) % len(NOISE)]
    rng = Rng(seed_to_int(f"calibrate:{seed}"))
    rows: list[Row] = []
    k = 0
    while not state.over:
        if at_turn_boundary(state):
            world = game.resample(state, players[0], seed_to_int(f"calibrate:{seed}:{k}"))
            rows.append((planner.outlook(state), state.round, _escaped(game, world)))
        seat = planner.choose_seat(game, state)
        moves = game.legal_moves(state, seat)
        if len(moves) > 1 and rng.randbelow(1000) < noise * 1000:
            move = moves[rng.randbelow(len(moves))]
        else:
            move = planner.choose(game, state, seat)
        state = game.apply(state, seat, move)
        k += 1
    return rows


def features(v: float, r: int) -> list[float]:
    v = max(v, OUTLOOK_FLOOR)
    return [1.0, v, float(r), v * r]


def _p(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(rows: Sequence[Row], steps: int = 12, ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (a small ridge keeps it solvable)."""
    xs = [features(v, r) for v, r, _ in rows]
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, (_v, _r, y) in zip(xs, rows):
            p = _p(sum(a * b for a, b in zip(w, x)))
            for i in range(d):
                grad[i] += (p - y) * x[i]
                for j in range(d):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a - b for a, b in zip(w, _solve(hess, grad))]
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    d = len(b)
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for i in range(d):
        pivot = max(range(i, d), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(d):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][d] / m[i][i] for i in range(d)]


def log_loss(rows: Sequence[Row], chance: Callable[[float, int], float]) -> float:
    """The log-loss of ``chance(outlook, round)`` against whether the team escaped."""
    return stats.log_loss((chance(v, r), y) for v, r, y in rows)


def gather(seeds: Sequence[int], jobs: int) -> list[Row]:
    with ProcessPoolExecutor(jobs) as pool:
        return [row for rows in pool.map(one_game, seeds) for row in rows]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--check-games", type=int, default=30, help="games of other seeds")
    parser.add_argument("--check-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    rows = gather(range(args.seed, args.seed + args.games), args.jobs)
    check = gather(range(args.check_seed, args.check_seed + args.check_games), args.jobs)
    w = fit(rows)
    rate = sum(y for _v, _r, y in rows) / max(1, len(rows))
    print(f"{len(rows)} positions from {args.games} games, escaped from {100 * rate:.1f} %")
    shipped = ", ".join(f"{x:.3f}" for x in ESCAPE)
    print("fitted (constant, outlook, round, outlook x round): "
          + ", ".join(f"{x:.3f}" for x in w) + f"; shipped: {shipped}")
    fitted = log_loss(check, lambda v, r: _p(sum(a * b for a, b in zip(w, features(v, r)))))
    base = log_loss(check, lambda v, r: rate)
    raw = log_loss(check, lambda v, r: min(1.0, math.exp(v)))
    print(f"log-loss on {len(check)} positions of {args.check_games} other games:")
    print(f"  fitted {fitted:.4f}, shipped {log_loss(check, escape_chance):.4f}, "
          f"the base rate {base:.4f}, exp(outlook) {raw:.4f}")
    print("calibration on those (said -> seen):")
    for n, said, seen in stats.bands((escape_chance(v, r), y) for v, r, y in check):
        print(f"  {n:5d} positions: said {100 * said:5.1f} %, escaped {100 * seen:5.1f} %")


if __name__ == "__main__":
    main()
