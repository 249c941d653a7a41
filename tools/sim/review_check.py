"""Do the review's turning points name better moves? ``python -m tools.sim.review_check GAME``.

Seeded games between an ``easy`` bot and a ``normal`` one (so there are mistakes to find) are
reviewed as if every seat were a person (:func:`games.ai.review.review`). For each turning
point the review names, the game is taken back to that position and played on twice per
continuation seed: once with the move played, once with the move the review preferred. Both
continuations are played by the same bots (the opponent and the player alike), with the same
seeds, so only that one move differs (a Kraqua team's bots decide together which seat acts,
as the bot's own seats do). A turning point *holds* when the preferred move wins
more of those games than the move played (the mover's share of wins; Kraqua: the team's
escapes). Prints the share of turning points that hold, with its 95 % interval; the issue's
bar is 70 %.

What the mover could not see is dealt again for each continuation (``--chance redrawn``, the
default): the tiles still to be drawn, the deck, the dice to come, and in Kahuna the other
hand, with :meth:`Game.resample` from the mover's seat, the same deal for both moves. A
review's chance is a claim about that unknown; the game's one actual future is a single
sample of it. ``--chance fixed`` plays every continuation into the game's actual future
instead (only the bots' seeds differ), as the check did before.

Standard library and ``games`` only; games run in parallel (``--jobs``).
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games import REGISTRY
from games.ai import choose_move, choose_turn
from games.ai import review as reviewing
from games.ai.review import Step, review
from games.rng import seed_to_int

from .stats import wilson

#: The continuation bots' search budget: the same for both branches, small enough to play
#: many games from each turning point.
CONTINUE_ITERATIONS = 40


def _play_on(game: Any, state: Any, seed: int) -> Any:
    """The game from ``state`` to its end, every seat a bot at the continuation budget (a
    Kraqua team's bots decide together which of them acts, as the bot's seats do)."""
    k = 0
    while game.result(state) is None:
        waiting = sorted(game.waiting_for(state)) or sorted(game.to_act(state))
        if game.multi_seat:
            pick = choose_turn(game, state, waiting, "normal", seed=seed_to_int(f"{seed}:{k}"),
                               iterations=CONTINUE_ITERATIONS)
        else:
            move = choose_move(game, state, waiting[0], "normal",
                               seed=seed_to_int(f"{seed}:{k}"), iterations=CONTINUE_ITERATIONS)
            pick = None if move is None else (waiting[0], move)
        k += 1
        if pick is None:
            continue
        state = game.apply(state, *pick)
    return state


def continuation_world(game: Any, before: Any, mover: str, key: str, redraw: bool) -> Any:
    """The world both moves of one continuation are played into: ``before`` with what
    ``mover`` could not see dealt again from ``key`` (``redraw``), or ``before`` itself."""
    return game.resample(before, mover, key) if redraw else before


def _share(game: Any, final: Any, player: str) -> float:
    result = game.result(final)
    if result.outcome is not None:
        return 1.0 if result.outcome == "won" else 0.0
    return 1.0 / len(result.winners) if player in result.winners else 0.0


def one_game(game_id: str, seed: int, continuations: int,
             knobs: dict[str, Any] | None = None,
             redraw: bool = True) -> list[tuple[float, float, float]]:
    """(preferred's share, played's share, the loss the review claimed) per turning point of
    the game from ``seed``.
    ``knobs``: the review module's settings to try (``WORLDS``, ``MIN_LOSS``, ...);
    ``redraw``: deal what the mover could not see again for each continuation."""
    for name, value in (knobs or {}).items():
        setattr(reviewing, name, value)
    game = REGISTRY[game_id]
    players = [f"p{i}" for i in range(max(game.min_players, 2))]
    state = game.setup(players, {}, seed)
    levels = {p: ("easy" if (i + seed) % 2 == 0 else "normal") for i, p in enumerate(players)}
    steps: list[Step] = []
    states: list[Any] = []
    k = 0
    while game.result(state) is None:
        player = sorted(game.waiting_for(state) or game.to_act(state))[0]
        move = choose_move(game, state, player, levels[player], seed=seed_to_int(f"g{seed}:{k}"),
                           iterations=60 if levels[player] == "easy" else None)
        k += 1
        if move is None:
            continue
        states.append(state)
        steps.append(Step("move", player, move))
        state = game.apply(state, player, move)
    found = review(game, players, {}, seed, steps, seconds=None)
    out = []
    for point in found.turning:
        before = states[point.number - 1]
        wins = {point.preferred: 0.0, point.played: 0.0}
        for c in range(continuations):
            world = continuation_world(game, before, point.player, f"w{seed}:{point.number}:{c}",
                                       redraw)
            for move in wins:
                final = _play_on(game, game.apply(world, point.player, move),
                                 seed_to_int(f"c{seed}:{point.number}:{c}"))
                wins[move] += _share(game, final, point.player)
        out.append((wins[point.preferred] / continuations, wins[point.played] / continuations,
                    point.loss))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(REGISTRY))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--continuations", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--worlds", type=int, help="the review's WORLDS (default: its own)")
    parser.add_argument("--min-loss", type=float, help="the review's MIN_LOSS")
    parser.add_argument("--depth", type=int, help="the review's PLAYOUT_DEPTH (default: the "
                        "game's own review_depth, else the normal level's)")
    parser.add_argument("--chance", choices=("redrawn", "fixed"), default="redrawn",
                        help="deal what the mover could not see again per continuation, or play "
                             "into the game's actual future")
    args = parser.parse_args(argv)
    knobs = {name: value for name, value in (("WORLDS", args.worlds), ("MIN_LOSS", args.min_loss),
                                             ("PLAYOUT_DEPTH", args.depth)) if value is not None}
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one_game, [args.game] * len(seeds), seeds,
                                [args.continuations] * len(seeds), [knobs] * len(seeds),
                                [args.chance == "redrawn"] * len(seeds)))
    points = [p for r in results for p in r]
    held = sum(1 for preferred, played, _loss in points if preferred > played)
    tied = sum(1 for preferred, played, _loss in points if preferred == played)
    low, high = wilson(held, len(points))
    print(f"review settings: {knobs or 'as shipped'}; chance {args.chance}")
    print(f"{args.game}: {len(points)} turning points in {args.games} games; the preferred move "
          f"won more often in {held} ({100 * held / max(1, len(points)):.1f} % "
          f"[{100 * low:.1f}, {100 * high:.1f}]), as often in {tied}")
    gain = sum(a - b for a, b, _loss in points) / max(1, len(points))
    claimed = sum(loss for _a, _b, loss in points) / max(1, len(points))
    print(f"mean gain in the mover's share of wins: {100 * gain:+.1f} points "
          f"({args.continuations} continuations per move); the review claimed {100 * claimed:.1f}")
    for low, high in ((0.0, 0.15), (0.15, 0.3), (0.3, 1.01)):
        some = [(a, b) for a, b, loss in points if low <= loss < high]
        if some:
            print(f"  claimed loss {100 * low:.0f}-{100 * high:.0f} points: {len(some)} turning points, "
                  f"held {sum(1 for a, b in some if a > b)}, mean gain "
                  f"{100 * sum(a - b for a, b in some) / len(some):+.1f}")


if __name__ == "__main__":
    main()
