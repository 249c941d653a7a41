"""Krasserfall balance simulation: ``python -m bot.sim.krasserfall [--games N] [--sweep]``.

Plays seeded games through the pure engine with two kinds of players and prints the average
round length (turns = rolls per round) and game length (rounds, turns and moves per game)
for 2, 3 and 4 players:

* ``random``: the active player picks uniformly among their legal moves; a stone holder
  drops the stone on a random boat at a random moment (each move with probability 1/8).
* ``greedy``: every player takes the move that :func:`games.krasserfall.words.ranked` rates
  best for them (public information only); a stone holder places the stone, also out of
  turn, as soon as one stone move rates better than keeping it.

``--sweep`` repeats the 3-player rows for a few other pull-per-wave constants, to show how
sensitive the round length is (the engine's constants are only changed inside this script).
Standard library and ``games`` only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

from games import REGISTRY
from games.krasserfall import engine as kf_engine
from games.krasserfall import model as kf_model
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
        gain, best = kf_words.ranked(GAME, state, seat, stones)[0]
        if gain > 0:
            return best
    if not turn:
        return None
    return kf_words.ranked(GAME, state, seat, turn)[0][1]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


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
                state = GAME.apply(state, holder, move)
                moves += 1
                break
        else:
            move = policy(state, active, rnd)
            assert move is not None
            state = GAME.apply(state, active, move)
            moves += 1
        if moves > 20_000:
            raise RuntimeError("a game did not end")
    return state, moves


def summarise(n: int, policy_name: str, games: int, options: dict[str, str]) -> dict[str, float]:
    round_turns: list[int] = []
    game_turns: list[int] = []
    game_rounds: list[int] = []
    game_moves: list[int] = []
    for seed in range(games):
        state, moves = play(n, POLICIES[policy_name], seed, options)
        turns = [h["turns"] for h in state.history]
        round_turns += turns
        game_turns.append(sum(turns))
        game_rounds.append(len(turns))
        game_moves.append(moves)
    return {
        "round": statistics.mean(round_turns),
        "round_sd": statistics.pstdev(round_turns),
        "rounds": statistics.mean(game_rounds),
        "turns": statistics.mean(game_turns),
        "moves": statistics.mean(game_moves),
    }


@contextmanager
def balance(**changes: int) -> Iterator[None]:
    """The engine with other balance constants, for this script only."""
    new = replace(kf_model.BALANCE, **changes)
    saved = kf_engine.BALANCE, kf_words.BALANCE
    kf_engine.BALANCE = kf_words.BALANCE = new
    try:
        yield
    finally:
        kf_engine.BALANCE, kf_words.BALANCE = saved


def line(label: str, s: dict[str, float]) -> str:
    return (f"{label:<28} round {s['round']:5.1f} turns (sd {s['round_sd']:4.1f})   game "
            f"{s['rounds']:4.2f} rounds, {s['turns']:5.1f} turns, {s['moves']:5.1f} moves")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.sim.krasserfall", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per row (default 400)")
    parser.add_argument("--sweep", action="store_true", help="also try other pull-per-wave values")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    print(f"Krasserfall balance: {kf_model.BALANCE}")
    print(f"{args.games} seeded games per row; a turn is one roll\n")
    for options in ({}, {"push": "thrill"}, {"boat-choice": "free"}):
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        print(f"[{label}]")
        for policy in POLICIES:
            for n in (2, 3, 4):
                print(line(f"  {policy:<6} {n} players", summarise(n, policy, args.games, options)))
        print()
    if args.sweep:
        print("[sweep, 3 players, default options]")
        for per_wave in (1, 2, 3):
            with balance(pull_per_wave=per_wave):
                for policy in POLICIES:
                    s = summarise(3, policy, args.games, {})
                    print(line(f"  pull/wave {per_wave} {policy}", s))
    print(f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
