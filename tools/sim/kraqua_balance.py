"""Kraqua balance: ``python -m tools.sim.kraqua_balance [--games N] [--seats 1,2,3,4] [--levels 1,pro] ...``.

The greedy team of ``games.kraqua.planner`` (it plans each round together on what everybody
sees) plays many seeded games per level and seat count through the pure engine; the script
prints win / almost / loss rates per cell with a 95% range for the win rate, the mean over
2–4 seats (the published game's player counts: the rules page's targets, about 70% wins at
level 1 and 20% at ``pro``, are read against that mean; one seat is reported on its own) and
the average number of rounds. ``--cave`` and ``--gems`` try other constants without editing
the engine (the rules page lets us tune only the loss threshold and the gem counts); the chosen
ones live in ``games/kraqua/state.py`` and their measured rates in the ``games.kraqua``
docstring. ``--jobs`` plays on several processes (same results, seeds fix every game).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor

from .stats import wilson
from games.kraqua import CAVE_LIMIT, GEMS, LEVELS, Kraqua
from games.kraqua import planner
from games.kraqua.board import GEM_COLOURS


def play(game: Kraqua, seats: int, level: str, seed: int, cave: int | None = None,
         gems: Mapping[str, int] | None = None) -> tuple[str, int]:
    """One game by the greedy team: (outcome, rounds)."""
    state = game.setup([f"s{i + 1}" for i in range(seats)], {"level": level}, seed)
    if cave is not None:
        state.cave_limit = cave
    if gems is not None:
        state.gems["chest"] = dict(gems)
    while game.result(state) is None:
        seat = planner.choose_seat(game, state)
        state = game.apply(state, seat, planner.choose(game, state, seat))
    result = game.result(state)
    assert result is not None and result.outcome is not None
    return result.outcome, state.round


def _cell(args: tuple[int, str, int, int, int | None, dict[str, int] | None]
          ) -> tuple[Counter[str], int]:
    seats, level, first, games, cave, gems = args
    game = Kraqua()
    tally: Counter[str] = Counter()
    rounds = 0
    for k in range(games):
        outcome, n = play(game, seats, level, first + k, cave, gems)
        tally[outcome] += 1
        rounds += n
    return tally, rounds


def parse_gems(text: str) -> dict[str, int]:
    """``blue=5,white=5,green=2,red=2,purple=1,yellow=1`` (every colour once)."""
    out = {}
    for part in text.split(","):
        colour, _, count = part.partition("=")
        out[colour.strip()] = int(count)
    if sorted(out) != sorted(GEM_COLOURS):
        raise SystemExit(f"--gems needs every colour once: {', '.join(GEM_COLOURS)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sim.kraqua_balance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per level and seat count")
    parser.add_argument("--seats", default="1,2,3,4", help="seat counts, e.g. 2,3,4")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, e.g. 1,pro")
    parser.add_argument("--cave", type=int, default=None, help="loss threshold to try")
    parser.add_argument("--gems", type=parse_gems, default=None, help="chest contents to try")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=2, help="processes to play on")
    args = parser.parse_args(argv)
    seat_counts = [int(x) for x in args.seats.split(",")]
    levels = args.levels.split(",")
    cave = args.cave if args.cave is not None else CAVE_LIMIT
    gems = args.gems if args.gems is not None else dict(GEMS)
    print(f"{args.games} games per cell, seeds {args.seed}..{args.seed + args.games - 1}; "
          f"cave limit {cave}; gems " + " ".join(f"{c} {gems[c]}" for c in GEM_COLOURS))
    print(f"{'level':>5} {'seats':>5} {'won':>6} {'(95% range)':>13} {'almost':>7} {'lost':>6} "
          f"{'rounds':>7}")
    t0 = time.perf_counter()
    jobs = [(seats, level, args.seed, args.games, args.cave, args.gems)
            for level in levels for seats in seat_counts]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_cell, jobs))
    else:
        results = [_cell(job) for job in jobs]
    done = dict(zip([(level, seats) for level in levels for seats in seat_counts], results))
    g = args.games
    for level in levels:
        rates: list[float] = []
        for seats in seat_counts:
            tally, rounds = done[level, seats]
            low, high = wilson(tally["won"], g)
            print(f"{level:>5} {seats:>5} {tally['won'] / g:6.1%} {f'{low:.0%}–{high:.0%}':>13} "
                  f"{tally['almost'] / g:7.1%} {tally['lost'] / g:6.1%} {rounds / g:7.1f}")
            if seats >= 2:
                rates.append(tally["won"] / g)
        if len(rates) > 1:
            # the mean of independent cells: its 95% range from the cells' own spreads
            mean = sum(rates) / len(rates)
            half = 1.96 * math.sqrt(sum(p * (1 - p) / g for p in rates)) / len(rates)
            print(f"{level:>5} {'2–4':>5} {mean:6.1%} {f'±{half:.1%}':>13}")
    print(f"({time.perf_counter() - t0:.0f} s on {args.jobs} process"
          f"{'es' if args.jobs != 1 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
