"""Kraqua balance: ``python -m bot.sim.kraqua [--games N] [--seats 2,3,4] [--cave 8] [--gems ...]``.

A sensible greedy team (``games.kraqua.policy``: one-ply look-ahead on what everybody sees,
dice as expectations) plays many seeded games per level and seat count through the pure
engine; the script prints win / almost / loss rates and the average number of rounds.
``--cave`` and ``--gems`` try other constants without editing the engine (the rules page lets
us tune only the loss threshold and the gem counts); the chosen ones live in
``games/kraqua/game.py`` and their measured rates in the ``games.kraqua`` docstring.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Mapping

from games.kraqua import LEVELS, Kraqua
from games.kraqua import policy
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
        seat = policy.choose_seat(game, state)
        state = game.apply(state, seat, policy.choose(game, state, seat))
    result = game.result(state)
    assert result is not None and result.outcome is not None
    return result.outcome, state.round


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
    parser = argparse.ArgumentParser(prog="python -m bot.sim.kraqua", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per level and seat count")
    parser.add_argument("--seats", default="1,2,3,4", help="seat counts, e.g. 2,3,4")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, e.g. 1,pro")
    parser.add_argument("--cave", type=int, default=None, help="loss threshold to try")
    parser.add_argument("--gems", type=parse_gems, default=None, help="chest contents to try")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    game = Kraqua()
    seat_counts = [int(x) for x in args.seats.split(",")]
    levels = args.levels.split(",")
    print(f"{args.games} games per cell, seeds {args.seed}..{args.seed + args.games - 1}"
          + (f", cave limit {args.cave}" if args.cave else "")
          + (f", gems {args.gems}" if args.gems else ""))
    print(f"{'level':>5} {'seats':>5} {'won':>6} {'almost':>7} {'lost':>6} {'rounds':>7}")
    t0 = time.perf_counter()
    for level in levels:
        total: Counter[str] = Counter()
        for seats in seat_counts:
            tally: Counter[str] = Counter()
            rounds = 0
            for k in range(args.games):
                outcome, n = play(game, seats, level, args.seed + k, args.cave, args.gems)
                tally[outcome] += 1
                rounds += n
            total += tally
            g = args.games
            print(f"{level:>5} {seats:>5} {tally['won'] / g:6.0%} {tally['almost'] / g:7.0%} "
                  f"{tally['lost'] / g:6.0%} {rounds / g:7.1f}")
        n = args.games * len(seat_counts)
        print(f"{level:>5} {'all':>5} {total['won'] / n:6.0%} {total['almost'] / n:7.0%} "
              f"{total['lost'] / n:6.0%}")
    print(f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
