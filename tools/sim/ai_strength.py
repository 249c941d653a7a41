"""How strong are the bots? ``python -m tools.sim.ai_strength [--games N] [--only GAME] [--jobs J]``.

Plays many seeded games through the pure engines and prints win rates with 95% intervals
(Wilson). Not a test: it takes minutes, and the numbers are quoted in the notes.

* Aqualin (both rule variants), Kahuna and Aqua, two players: the bot at ``--level``
  (default ``normal``) against a **random** player and against a **greedy one-ply** player,
  seats alternating game by game (seat 1 of game k is the bot when k is even). Greedy one-ply
  means: try every legal move, keep the best immediate evaluation after it, ties at random.
  Two evaluations, two baselines: ``greedy`` uses what the game shows on the table (Aqualin
  the score difference, Kahuna the points, stones and bridges of both players 10 : 3 : 1,
  Aqua the live score difference, Krasserfall the medals one move ahead in long-lived
  boats, each fall weighed by its public chance); ``greedy-eval`` uses the bot's own
  evaluation, so it knows everything the bot knows except the search.
* Kraqua: a team of bots against the greedy team of ``games.kraqua.planner`` on the same seeds,
  at every level, 2 and 3 seats: the rate of games won (``almost`` is not a win).
* Krasserfall: one bot against random players (2 and 3 players): its average medals, the
  random players' average, and its share of the wins (a shared win counts as a fraction).

A draw counts as half a win. Standard library and ``games`` only. Bots search with their
level's iteration budget and no clock (``--timed`` adds the level's time limit), so a run
repeats exactly.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .stats import wilson
from games import REGISTRY, Game
from games.ai import LEVELS, choose_turn, policy_for, search
from games.rng import Rng, seed_to_int

Agent = Callable[[Game, Any, str, Rng], "str | None"]


# ----- players ----------------------------------------------------------------------------------


def random_agent(game: Game, state: Any, player: str, rng: Rng) -> str | None:
    moves = game.legal_moves(state, player)
    if game.id == "krasserfall":
        turn = [m for m in moves if not m.startswith("stone")]
        stones = [m for m in moves if m.startswith("stone")]
        if stones and (not turn or rng.randbelow(8) == 0):
            return stones[rng.randbelow(len(stones))]
        moves = turn
        if not moves:
            return None
    return moves[rng.randbelow(len(moves))]


def _kahuna_material(state: Any, player: str) -> float:
    other = state.opponent(player)
    return (10 * (state.scores[player] - state.scores[other])
            + 3 * (state.stones_of(player) - state.stones_of(other))
            + (state.bridges_of(player) - state.bridges_of(other)))


def _aqua_lead(game: Game, state: Any, player: str) -> float:
    totals = {p: b["total"] for p, b in game.breakdowns(state).items()}  # type: ignore[attr-defined]
    return totals[player] - max(v for p, v in totals.items() if p != player)


def _krasserfall_greedy(state: Any, player: str, moves: list[str]) -> str | None:
    """The move with the best expected gain one move ahead, each fall it risks weighed by
    its public chance (the autocomplete's first suggestion, which charges the stone a little
    for being single-use). Out of turn it throws the stone only for a gain, else it waits."""
    from games.krasserfall import words

    seat = state.players.index(player)
    ranked = words.ranked(state, seat, moves)
    if state.players[state.active] == player:
        return ranked[0][1]
    gain, move = ranked[0]
    return move if gain > 0 else None


def greedy_agent(game: Game, state: Any, player: str, rng: Rng) -> str | None:
    """Greedy one-ply (see the module docstring)."""
    if game.id == "aqualin":
        from games.aqualin.policy import greedy_move
        return greedy_move(game, state, player, rng)
    if game.id == "kraqua":
        from games.kraqua import planner
        return planner.choose(game, state, player)  # type: ignore[arg-type]
    if game.id == "krasserfall":
        return _krasserfall_greedy(state, player, game.legal_moves(state, player))
    moves = game.legal_moves(state, player)
    if game.id == "kahuna":
        def value(s: Any) -> float:
            return _kahuna_material(s, player)
    elif game.id == "aqua":
        def value(s: Any) -> float:
            return _aqua_lead(game, s, player)
    else:
        return random_agent(game, state, player, rng)
    best: list[str] = []
    top = -math.inf
    for m in moves:
        v = value(game.apply(state, player, m))
        if v > top + 1e-9:
            top, best = v, [m]
        elif abs(v - top) <= 1e-9:
            best.append(m)
    return best[rng.randbelow(len(best))]


def eval_greedy_agent(game: Game, state: Any, player: str, rng: Rng) -> str | None:
    """Greedy one-ply on the bot's own evaluation (``games.ai``'s policy for the game): the
    same knowledge as the bot, without the search."""
    pol = policy_for(game)
    best: list[str] = []
    top = -math.inf
    for m in game.legal_moves(state, player):
        after = game.apply(state, player, m)
        if game.result(after) is not None:
            v = pol.outcome(game, after)[player]
        else:
            v = pol.for_root(game, state, player).evaluate(game, after)[player]
        if v > top + 1e-12:
            top, best = v, [m]
        elif abs(v - top) <= 1e-12:
            best.append(m)
    return best[rng.randbelow(len(best))]


class _Truth:
    """The game, except that every world the search draws is the real position itself."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def resample(self, state: Any, player: str, seed: int) -> Any:
        return state


class _Seeing:
    """The game's policy, except that the search starts from the real position, not from
    what the seat can see (the other hands, the deck order, tipping points, future dice)."""

    def __init__(self, policy: Any) -> None:
        self._policy = policy

    def __getattr__(self, name: str) -> Any:
        return getattr(self._policy, name)

    def canonical(self, game: Any, state: Any, player: str) -> Any:
        return state


def seer_agent(game: Game, state: Any, player: str, rng: Rng) -> str | None:
    """Normal's search at normal's budget, cheating: it searches the real position, hidden
    cards and future dice included, as one known world. No fair player of that budget should
    beat it, so what it scores against a baseline bounds what normal can reach there."""
    pol = policy_for(game)
    return search(_Truth(game), state, [player], "normal", rng.next64(),  # type: ignore[arg-type]
                  iterations=pol.budget(LEVELS["normal"]), policy=_Seeing(pol)).move  # type: ignore[arg-type]


BASELINES: dict[str, Agent] = {"random": random_agent, "greedy": greedy_agent,
                               "greedy-eval": eval_greedy_agent, "seer": seer_agent}
BASELINE_NAMES = {"random": "random (uniform)", "greedy": "greedy one-ply (table score)",
                  "greedy-eval": "greedy one-ply (bot's evaluation)",
                  "seer": "normal's search on the real position (cheating)"}


def bot_agent(level: str, timed: bool) -> Agent:
    lv = LEVELS[level]

    def agent(game: Game, state: Any, player: str, rng: Rng) -> str | None:
        seed = rng.next64()
        if timed:
            return search(game, state, [player], level, seed).move
        return search(game, state, [player], level, seed,
                      iterations=policy_for(game).budget(lv)).move
    return agent


# ----- one game ---------------------------------------------------------------------------------


def play(game: Game, options: dict[str, str], agents: Sequence[Agent], seed: int) -> Any:
    """Play one game, seat i by ``agents[i]``; return the final state."""
    players = [f"s{i + 1}" for i in range(len(agents))]
    by_player = dict(zip(players, agents))
    state = game.setup(players, options, seed)
    rng = Rng(seed_to_int(f"players-{seed}"))
    while game.result(state) is None:
        acting = [p for p in players if p in game.to_act(state)]
        moved = False
        for p in acting:  # the player whose turn it is first; others may wait
            move = by_player[p](game, state, p, rng)
            if move is not None:
                state = game.apply(state, p, move)
                moved = True
                break
        if not moved:
            raise RuntimeError(f"nobody moved in {game.id} seed {seed}")
    return state


def _duel(args: tuple[str, dict[str, str], str, str, bool, int]) -> float:
    """Bot vs baseline in a two-player game; the bot's score (1 win, 0.5 draw, 0 loss)."""
    game_id, options, baseline, level, timed, seed = args
    game = REGISTRY[game_id]
    bot = bot_agent(level, timed)
    other = BASELINES[baseline]
    agents = [bot, other] if seed % 2 == 0 else [other, bot]
    state = play(game, options, agents, seed)
    result = game.result(state)
    assert result is not None
    me = "s1" if seed % 2 == 0 else "s2"
    if me in result.winners:
        return 1.0 / len(result.winners)
    return 0.0


def _kraqua(args: tuple[str, int, str, bool, int]) -> tuple[str, str]:
    """One seed played by a bot team and by the greedy team: both outcomes."""
    level, seats, bot_level, timed, seed = args
    game: Any = REGISTRY["kraqua"]  # the greedy team's policy takes a Kraqua
    from games.kraqua import planner

    players = [f"s{i + 1}" for i in range(seats)]
    lv = LEVELS[bot_level]
    state = game.setup(players, {"level": level}, seed)
    rng = Rng(seed_to_int(f"team-{seed}"))
    while game.result(state) is None:
        acting = [p for p in players if p in game.to_act(state)]
        budget = {} if timed else {"iterations": policy_for(game).budget(lv)}
        pick = choose_turn(game, state, acting, bot_level, rng.next64(), **budget)
        assert pick is not None
        state = game.apply(state, *pick)
    bot_result = game.result(state)
    assert bot_result is not None
    bot_outcome = bot_result.outcome
    state = game.setup(players, {"level": level}, seed)
    while game.result(state) is None:
        seat = planner.choose_seat(game, state)
        state = game.apply(state, seat, planner.choose(game, state, seat))
    greedy = game.result(state)
    assert greedy is not None
    return bot_outcome, greedy.outcome


def _krasserfall(args: tuple[int, str, bool, int]) -> tuple[float, float, float]:
    """(bot medals, mean medals of the random players, bot's share of the win)."""
    n, level, timed, seed = args
    game = REGISTRY["krasserfall"]
    seat = seed % n
    agents: list[Agent] = [random_agent] * n
    agents[seat] = bot_agent(level, timed)
    state = play(game, {}, agents, seed)
    result = game.result(state)
    assert result is not None
    me = f"s{seat + 1}"
    others = [v for p, v in result.scores.items() if p != me]
    share = 1.0 / len(result.winners) if me in result.winners else 0.0
    return result.scores[me], sum(others) / len(others), share


# ----- statistics -------------------------------------------------------------------------------


def _rate(name: str, scores: list[float]) -> str:
    n = len(scores)
    wins = sum(scores)
    lo, hi = wilson(wins, n)
    return f"  {name:<36} {wins / n:6.1%}  [{lo:5.1%}, {hi:5.1%}]  n={n}"


# ----- main -------------------------------------------------------------------------------------

DUELS: tuple[tuple[str, dict[str, str], str], ...] = (
    ("aqualin", {}, "Aqualin (seed rules)"),
    ("aqualin", {"rules": "classic"}, "Aqualin (classic rules)"),
    ("kahuna", {}, "Kahuna"),
    ("aqua", {}, "Aqua"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sim.ai_strength", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--only", help="one game id (aqualin, kahuna, aqua, kraqua, krasserfall)")
    parser.add_argument("--level", default="normal", choices=list(LEVELS))
    parser.add_argument("--baseline", choices=tuple(BASELINES), help="only this baseline")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--timed", action="store_true", help="also apply the level's time limit")
    parser.add_argument("--variant", help="Aqualin only: seed or classic")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    print(f"level {args.level}, {args.games} games per pairing, seeds {seeds.start}.."
          f"{seeds.stop - 1}, {'timed' if args.timed else 'iteration budget, no clock'}")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    mapper: Any = pool.map if pool else map
    t0 = time.perf_counter()
    try:
        for game_id, options, title in DUELS:
            if args.only and args.only != game_id:
                continue
            if args.variant and options.get("rules", "seed") != args.variant:
                continue
            print(f"\n{title}: {args.level} bot vs")
            for baseline in BASELINES:
                if args.baseline and baseline != args.baseline:
                    continue
                jobs = [(game_id, options, baseline, args.level, args.timed, s) for s in seeds]
                scores = list(mapper(_duel, jobs))
                print(_rate(BASELINE_NAMES[baseline], scores), flush=True)
        if not args.only or args.only == "kraqua":
            print(f"\nKraqua: won rate of a {args.level} bot team vs the greedy team "
                  "(same seeds)")
            for level in ("1", "2", "3", "pro"):
                for seats in (2, 3):
                    teams = [(level, seats, args.level, args.timed, s) for s in seeds]
                    pairs = list(mapper(_kraqua, teams))
                    bot = [1.0 if b == "won" else 0.0 for b, _ in pairs]
                    greedy = [1.0 if g == "won" else 0.0 for _, g in pairs]
                    lo, hi = wilson(sum(bot), len(bot))
                    glo, ghi = wilson(sum(greedy), len(greedy))
                    better = sum(1 for b, g in pairs if b == "won" and g != "won")
                    worse = sum(1 for b, g in pairs if g == "won" and b != "won")
                    print(f"  level {level:>3}, {seats} seats: bot {sum(bot) / len(bot):6.1%} "
                          f"[{lo:5.1%}, {hi:5.1%}]  greedy {sum(greedy) / len(greedy):6.1%} "
                          f"[{glo:5.1%}, {ghi:5.1%}]  seeds only bot won {better}, "
                          f"only greedy won {worse}  n={len(pairs)}", flush=True)
        if not args.only or args.only == "krasserfall":
            print(f"\nKrasserfall: one {args.level} bot vs random players")
            for n in (2, 3):
                fields = [(n, args.level, args.timed, s) for s in seeds]
                rows = list(mapper(_krasserfall, fields))
                mine = sum(r[0] for r in rows) / len(rows)
                theirs = sum(r[1] for r in rows) / len(rows)
                share = [r[2] for r in rows]
                lo, hi = wilson(sum(share), len(share))
                print(f"  {n} players: bot {mine:.2f} medals, random {theirs:.2f} medals, "
                      f"bot's win share {sum(share) / len(share):.1%} [{lo:5.1%}, {hi:5.1%}] "
                      f"(fair share {1 / n:.0%})  n={len(rows)}", flush=True)
    finally:
        if pool:
            pool.shutdown()
    print(f"\n{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
