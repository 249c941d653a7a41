"""Krasserfall balance simulation: ``python -m tools.sim.krasserfall_balance [--games N] [--sweep]``.

Plays seeded games through the pure engine with two kinds of players and prints the average
round length (turns = rolls per round) and game length (rounds, turns and moves per game)
for 2, 3 and 4 players:

* ``random``: the active player picks uniformly among their legal moves; a stone holder
  drops the stone on a random boat at a random moment (each move with probability 1/8).
* ``greedy``: every player takes the move that :func:`games.krasserfall.words.ranked` rates
  best for them (public information only); a stone holder places the stone, also out of
  turn, as soon as one stone move rates better than keeping it.

* ``bot``: the bots' ``normal`` level (:func:`games.ai.choose_move`, a fixed iteration budget
  so the run repeats exactly); slow, so only with ``--bot N`` (N games of 3 players).

Besides the lengths it measures whether the balance model matters (rules page, "the model
must matter"): of the falls decided by a tipping point (not by the edge), how many happen at
a danger of 0 or less; and of the *checks* at a danger of +1 to +3, how many the boat stands.
A check is counted only where it could go either way: the boat's danger is above its known
safe level (a boat that already stood +2 is not tested again at +2).

``--sweep`` repeats the 3-player rows for other constants, to show how sensitive the round
length is (the engine's constants are only changed inside this script).
Standard library and ``games`` only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

from games import REGISTRY
from games.krasserfall import model as kf_model
from games.krasserfall import rules as kf_rules
from games.krasserfall import view as kf_view
from games.krasserfall import words as kf_words

GAME: Any = REGISTRY["krasserfall"]
Policy = Callable[[Any, str, random.Random], str | None]


def _split(state: Any, player: str) -> tuple[list[str], list[str]]:
    moves = GAME.legal_moves(state, player)
    return [m for m in moves if not m.startswith("stone")], [m for m in moves if m.startswith("stone")]


def random_policy(state: Any, player: str, rnd: random.Random) -> str | None:
    turn, stones = _split(state, player)
    if stones and (not turn or rnd.random() < 1 / 8):
        return rnd.choice(stones)
    return rnd.choice(turn) if turn else None


def greedy_policy(state: Any, player: str, rnd: random.Random) -> str | None:
    seat = state.players.index(player)
    turn, stones = _split(state, player)
    if stones:
        gain, best = kf_words.ranked(state, seat, stones)[0]
        if gain > 0:
            return best
    if not turn:
        return None
    return kf_words.ranked(state, seat, turn)[0][1]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def bot_policy(state: Any, player: str, rnd: random.Random) -> str | None:
    from games.ai import choose_move

    seed = rnd.randrange(1 << 30)
    return choose_move(GAME, state, player, "normal", seed, iterations=BOT_ITERATIONS)


BOT_ITERATIONS = 500  # the normal level's budget for Krasserfall (games.ai.levels)
POLICIES["bot"] = bot_policy


#: Whether the check being made is one of the game's (not one inside a bot's search).
COUNTING = [False]


class Checks:
    """Tally of the balance checks, filled by :func:`watching` while games are played."""

    def __init__(self) -> None:
        self.falls_low = 0  # tipping-point falls at danger <= 0
        self.falls = 0  # tipping-point falls
        self.mid_stood = 0  # open checks at +1..+3 the boat stood
        self.mid = 0  # open checks at +1..+3

    def add(self, other: Checks) -> None:
        for k in vars(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def line(self) -> str:
        low = self.falls_low / self.falls if self.falls else 0.0
        stood = self.mid_stood / self.mid if self.mid else 0.0
        return (f"falls at danger <= 0: {100 * low:4.1f} % of {self.falls};  checks at +1..+3 "
                f"stood: {100 * stood:4.1f} % of {self.mid}")


@contextmanager
def watching(checks: Checks) -> Iterator[None]:
    """Count every check the engine makes (this script only: the engine stays untouched)."""
    original = kf_rules.check_falls

    def check(state: Any, edge: str | None = None) -> bool:
        if state.released and COUNTING[0]:
            before = {}
            for c in state.standing():
                d = kf_model.danger2(state.boats[c], getattr(kf_rules, "BALANCE"))
                if c != edge and d > kf_model.safe2(state.survived[c]):
                    before[c] = d
            falls_before = len(state.last.get("falls", [])) if state.last else 0
            ended = original(state, edge)
            fell = set(state.last.get("falls", [])[falls_before:]) if state.last else set()
            for c, d in before.items():
                if c in fell:
                    checks.falls += 1
                    checks.falls_low += d <= 0
                if 2 <= d <= 6:
                    checks.mid += 1
                    checks.mid_stood += c not in fell
            return ended
        return original(state, edge)

    kf_rules.check_falls = check  # the rules call it through their module's global
    try:
        yield
    finally:
        kf_rules.check_falls = original


def counted(state: Any, player: str, move: str) -> Any:
    COUNTING[0] = True
    try:
        return GAME.apply(state, player, move)
    finally:
        COUNTING[0] = False


def play(n: int, policy: Policy, seed: int, options: dict[str, str]) -> tuple[Any, int]:
    """One game to the end; returns the final state and the number of moves."""
    rnd = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(1, n + 1)], options, seed)
    moves = 0
    while GAME.result(state) is None:
        active = GAME.view(state, None)["active"]
        holders = sorted(GAME.to_act(state) - {active})
        for holder in holders:  # the out-of-turn stone first, if its holder wants to
            move = policy(state, holder, rnd)
            if move is not None:
                state = counted(state, holder, move)
                moves += 1
                break
        else:
            move = policy(state, active, rnd)
            assert move is not None
            state = counted(state, active, move)
            moves += 1
        if moves > 20_000:
            raise RuntimeError("a game did not end")
    return state, moves


def one_game(n: int, policy_name: str, seed: int,
             options: dict[str, str]) -> tuple[list[int], int, Checks]:
    """One seeded game: its rounds' lengths, its number of moves and its checks."""
    checks = Checks()
    with watching(checks):
        state, moves = play(n, POLICIES[policy_name], seed, options)
    return [h["turns"] for h in state.history], moves, checks


def summarise(n: int, policy_name: str, games: int, options: dict[str, str],
              jobs: int = 1, progress: int = 0) -> dict[str, Any]:
    """Play ``games`` seeded games; with ``jobs`` > 1 in processes, printing the figures so far
    every ``progress`` games (the bots' games are slow)."""
    args = [(n, policy_name, seed, options) for seed in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = []
            for k, result in enumerate(pool.imap(_one_game, args), 1):
                results.append(result)
                if progress and k % progress == 0 and k < games:
                    print(line(f"  ({k} games so far)", _summary(results)), flush=True)
    else:
        results = [one_game(*a) for a in args]
    return _summary(results)


def _one_game(args: tuple[int, str, int, dict[str, str]]) -> tuple[list[int], int, Checks]:
    return one_game(*args)


def _summary(results: list[tuple[list[int], int, Checks]]) -> dict[str, Any]:
    round_turns: list[int] = []
    game_turns: list[int] = []
    game_rounds: list[int] = []
    game_moves: list[int] = []
    checks = Checks()
    for turns, moves, tally in results:
        round_turns += turns
        game_turns.append(sum(turns))
        game_rounds.append(len(turns))
        game_moves.append(moves)
        checks.add(tally)
    return {
        "round": statistics.mean(round_turns),
        "round_sd": statistics.pstdev(round_turns),
        "rounds": statistics.mean(game_rounds),
        "turns": statistics.mean(game_turns),
        "moves": statistics.mean(game_moves),
        "checks": checks,
    }


SWEEP: list[dict[str, int]] = [
    {"pull_base": b, "pull_per_wave": w} for b in (1, 2, 3) for w in (1, 2)
]


@contextmanager
def balance(**changes: int) -> Iterator[None]:
    """The engine with other balance constants, for this script only."""
    # The rules, the view and the words each import the constants under their own name (which
    # mypy sees as private to them): swap them in all three, by name.
    new = replace(kf_model.BALANCE, **changes)
    modules = (kf_rules, kf_view, kf_words)
    saved = [getattr(m, "BALANCE") for m in modules]
    for m in modules:
        setattr(m, "BALANCE", new)
    try:
        yield
    finally:
        for m, old in zip(modules, saved):
            setattr(m, "BALANCE", old)


def line(label: str, s: dict[str, Any]) -> str:
    return (f"{label:<28} round {s['round']:5.1f} turns (sd {s['round_sd']:4.1f})   game "
            f"{s['rounds']:4.2f} rounds, {s['turns']:5.1f} turns, {s['moves']:5.1f} moves\n"
            f"{'':<28} {s['checks'].line()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sim.krasserfall_balance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per row (default 400)")
    parser.add_argument("--sweep", action="store_true", help="also try other constants")
    parser.add_argument("--bot", type=int, default=0, metavar="N",
                        help="also play N 3-player games with the normal-level bots")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes for the bots' games (default 1)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    print(f"Krasserfall balance: {kf_model.BALANCE}")
    print(f"{args.games} seeded games per row; a turn is one roll\n")
    for options in ({}, {"push": "thrill"}, {"boat-choice": "free"}) if args.games else ():
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        print(f"[{label}]")
        for policy in ("random", "greedy"):
            for n in (2, 3, 4):
                print(line(f"  {policy:<6} {n} players", summarise(n, policy, args.games, options)))
        print()
    if args.bot:
        print("[the bots' normal level, 3 players, default options]")
        print(line("  bot    3 players", summarise(3, "bot", args.bot, {}, args.jobs, progress=20)))
        print()
    if args.sweep:
        print("[sweep, 3 players, default options, greedy]")
        for changes in SWEEP:
            with balance(**changes):
                label = " ".join(f"{k}={v}" for k, v in changes.items())
                print(line(f"  {label}", summarise(3, "greedy", args.games, {})))
    print(f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
