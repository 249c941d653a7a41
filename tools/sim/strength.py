"""Any pairing of players over seeded games: ``python -m tools.sim.strength GAME A:B``.

``A`` and ``B`` are a bot level (``easy``, ``normal``, ``hard``; ``hard+depth=2,width=20``
tries a level with other knobs) or a baseline (``greedy``: one ply on the table's score;
``greedy-eval``: one ply on the bot's own evaluation; ``random``; ``seer``: normal's search
on the real position, hidden cards and future dice included, a cheating player that bounds
from above what normal can reach). Game ``k`` is played from seed ``k`` with A in the first
seat when ``k`` is even and in the second when it is odd, so both sit in both seats equally
often. Prints A's share of the games (a draw or shared win counts as a part) with its 95 %
Wilson interval, the mean margin (A's score minus B's), and each side's CPU seconds per
decision (p50, p99, max) and how often a bot's search stopped at its level's time limit
instead of its iteration budget (with ``--timed``; without it the bots run on iterations
alone, so a run repeats exactly on any machine).

Kraqua is cooperative: ``kraqua A:B`` plays each seed once by a team of A and once by a team
of B, and prints each team's escape rate and the seeds only one of them won.

Games run in parallel on every core (``--jobs``). Standard library and ``games`` only; it
is a measurement, not a test: the numbers go in the notes and the README's bot section.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games import REGISTRY, Game
from games.ai import LEVELS, choose_turn, policy_for, search
from games.ai.levels import Level
from games.rng import Rng, seed_to_int

from .ai_strength import BASELINES, play
from .stats import wilson

PLAYERS = (*LEVELS, *BASELINES)


@dataclass
class Side:
    """What one side did in one game: its CPU seconds per decision, and how many of its
    searches the level's time limit stopped."""

    seconds: list[float] = field(default_factory=list)
    capped: int = 0


@dataclass
class Game1:
    """One game's outcome for A: its share of the win, its margin, both sides' decisions."""

    share: float
    margin: float
    a: Side
    b: Side


def level_of(game: Game, name: str) -> tuple[Level, int] | None:
    """A bot level and its iteration budget for ``name``: a level (``hard``), or a level with
    changed knobs to try (``hard+depth=2,width=20,iterations=600,exploration=0.4``); None
    for a baseline."""
    base, _, changes = name.partition("+")
    if base not in LEVELS:
        return None
    lv, pol = LEVELS[base], policy_for(game)
    budget = pol.budget(lv)
    if not changes:
        return lv, budget
    knobs: dict[str, Any] = {"width": pol.knob(lv, "width", lv.width),
                             "depth": pol.knob(lv, "depth", lv.depth)}
    extra: dict[str, int] = {}
    for change in changes.split(","):
        key, _, value = change.partition("=")
        if key == "iterations":
            budget = int(value)
        elif key in ("width", "depth"):
            knobs[key] = int(value)
        elif key == "exploration":
            knobs[key] = float(value)
        elif key in POLICY_KNOBS:
            extra[key] = int(value)
        else:
            raise ValueError(f"no knob {key!r}: iterations, width, depth, exploration or "
                             f"{', '.join(POLICY_KNOBS)}")
    return dataclasses.replace(lv, name=name, iterations=budget, extra=tuple(extra.items()),
                               **knobs), budget


#: Knobs a game policy reads by name (``Policy.knob``), settable in a variant.
POLICY_KNOBS = ("blunder", "horizon", "inner_width", "lookahead", "lookahead_width")


def decide(name: str, game: Game, state: Any, player: str, rng: Rng, timed: bool,
           side: Side) -> str | None:
    """``name``'s move for ``player``, timed in CPU seconds of this process."""
    t0 = time.process_time()
    found = level_of(game, name)
    if found is not None:
        lv, budget = found
        if timed:
            choice = search(game, state, [player], lv, rng.next64(), iterations=budget,
                            time_limit=lv.time_limit)
            # Cut by the clock: short of its budget and out of time (a forced move or an
            # answer settled early is short of the budget too, but not because of the clock).
            side.capped += choice.iterations < budget and choice.seconds >= lv.time_limit
        else:
            choice = search(game, state, [player], lv, rng.next64(), iterations=budget)
        move = choice.move
    else:
        move = BASELINES[name](game, state, player, rng)
    side.seconds.append(time.process_time() - t0)
    return move


def duel(args: tuple[str, dict[str, str], str, str, bool, int]) -> Game1:
    """One seeded game of A against B; seats swap with the seed's parity."""
    game_id, options, a, b, timed, seed = args
    game = REGISTRY[game_id]
    a_side, b_side = Side(), Side()

    def agent(name: str, side: Side) -> Any:
        return lambda g, state, player, rng: decide(name, g, state, player, rng, timed, side)

    a_first = seed % 2 == 0
    agents = [agent(a, a_side), agent(b, b_side)]
    state = play(game, options, agents if a_first else agents[::-1], seed)
    result = game.result(state)
    assert result is not None
    a_seat, b_seat = ("s1", "s2") if a_first else ("s2", "s1")
    share = 1.0 / len(result.winners) if a_seat in result.winners else 0.0
    scores = result.scores or {}
    margin = float(scores.get(a_seat, 0)) - float(scores.get(b_seat, 0))
    return Game1(share, margin, a_side, b_side)


def team(args: tuple[str, int, str, bool, int]) -> tuple[bool, Side]:
    """Kraqua: one seed played by a team of ``name``; whether it escaped, and its decisions."""
    level, seats, name, timed, seed = args
    game = REGISTRY["kraqua"]
    players = [f"s{i + 1}" for i in range(seats)]
    state = game.setup(players, {"level": level}, seed)
    rng = Rng(seed_to_int(f"team-{seed}"))
    side = Side()
    while game.result(state) is None:
        acting = [p for p in players if p in game.to_act(state)]
        found = level_of(game, name)
        if found is not None:
            lv, iterations = found
            t0 = time.process_time()
            budget = {} if timed else {"iterations": iterations}
            pick = choose_turn(game, state, acting, lv, rng.next64(), **budget)
            side.seconds.append(time.process_time() - t0)
            assert pick is not None
            state = game.apply(state, *pick)
        elif name == "greedy":  # the greedy team of the game's own planner picks its seat too
            from games.kraqua import planner

            t0 = time.process_time()
            seat = planner.choose_seat(game, state)  # type: ignore[arg-type]
            move = planner.choose(game, state, seat)  # type: ignore[arg-type]
            side.seconds.append(time.process_time() - t0)
            state = game.apply(state, seat, move)
        else:
            p = acting[0]
            chosen = decide(name, game, state, p, rng, timed, side)
            assert chosen is not None
            state = game.apply(state, p, chosen)
    result = game.result(state)
    assert result is not None
    return result.outcome == "won", side


def pct(values: Sequence[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def times(name: str, sides: Sequence[Side]) -> str:
    seconds = [s for side in sides for s in side.seconds]
    capped = sum(side.capped for side in sides)
    return (f"  {name:<12} {len(seconds):>6} decisions, CPU s per decision p50 {pct(seconds, 0.5):.3f}"
            f"  p99 {pct(seconds, 0.99):.3f}  max {max(seconds, default=0):.3f}"
            + (f", stopped by the time limit {capped}" if name.partition("+")[0] in LEVELS else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sim.strength", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(REGISTRY))
    parser.add_argument("pairing", help="A:B, each one of " + ", ".join(PLAYERS))
    parser.add_argument("--games", type=int, default=100, help="seeded games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: every core)")
    parser.add_argument("--options", default="", help="game options, e.g. rules=classic")
    parser.add_argument("--timed", action="store_true",
                        help="also stop each search at its level's time limit (as the bot does)")
    parser.add_argument("--seats", type=int, default=2, help="Kraqua: seats of a team (default 2)")
    parser.add_argument("--level", default="2", help="Kraqua: its level option (default 2)")
    args = parser.parse_args(argv)
    try:
        a, b = args.pairing.split(":")
    except ValueError:
        parser.error("the pairing is A:B, e.g. hard:normal")
    for name in (a, b):
        if name.partition("+")[0] not in PLAYERS or ("+" in name and name.partition("+")[0] not in LEVELS):
            parser.error(f"{name!r} is none of {', '.join(PLAYERS)} (a level may take "
                         "+depth=2,width=20,iterations=600,exploration=0.4)")
    options = dict(w.split("=", 1) for w in args.options.split()) if args.options else {}
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.game == "kraqua":
            runs = {name: list(pool.map(team, [(args.level, args.seats, name, args.timed, s)
                                               for s in seeds])) for name in (a, b)}
            print(f"Kraqua level {args.level}, {args.seats} seats, {args.games} seeds "
                  f"{seeds.start}..{seeds.stop - 1}: escape rate of each team")
            for name in (a, b):
                escaped = sum(w for w, _ in runs[name])
                lo, hi = wilson(escaped, len(runs[name]))
                print(f"  {name:<12} {escaped / len(runs[name]):6.1%}  [{lo:5.1%}, {hi:5.1%}]")
            only = [sum(1 for (x, _), (y, _) in zip(runs[n], runs[m]) if x and not y)
                    for n, m in ((a, b), (b, a))]
            print(f"  seeds only {a} escaped: {only[0]}, only {b}: {only[1]}")
            for name in (a, b):
                print(times(name, [s for _, s in runs[name]]))
        else:
            played = list(pool.map(duel, [(args.game, options, a, b, args.timed, s) for s in seeds]))
            won = math.fsum(g.share for g in played)
            lo, hi = wilson(won, len(played))
            margin = sum(g.margin for g in played) / len(played)
            print(f"{REGISTRY[args.game].title}{' ' + args.options if args.options else ''}: "
                  f"{a} vs {b}, {len(played)} games (seeds {seeds.start}..{seeds.stop - 1}, seats "
                  f"swapped), {'timed' if args.timed else 'iteration budgets, no clock'}")
            print(f"  {a} scores {won / len(played):6.1%}  [{lo:5.1%}, {hi:5.1%}]  "
                  f"mean margin {margin:+.2f}")
            print(times(a, [g.a for g in played]))
            print(times(b, [g.b for g in played]))
    print(f"  ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
