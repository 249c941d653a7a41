"""Render a real mid-game Aqualin board, for the docs: ``python -m renderers.sample OUT.png``.

The game is played by the engine itself with a fixed seed, each player taking one of its best
suggested moves, so the picture shows groups, a shift and a realistic position.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from typing import Any

from games import REGISTRY
from games.base import AnyGame

from . import render_board

NAMES = {"111": "Marina", "222": "Captain Nemo"}


def sample_view(rules: str = "seed", turns: int = 21, seed: int = 6,
                role: str = "host-species") -> Mapping[str, Any]:
    """The public view after ``turns`` moves of a seeded game between two fair players."""
    game: AnyGame = REGISTRY["aqualin"]
    state = game.setup(list(NAMES), {"rules": rules, "role": role}, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if game.result(state) is not None:
            break
        (player,) = game.to_act(state)
        # Mostly one of the best moves, sometimes any: a plausible, spread-out position.
        best = [move for move, _label in game.suggest(state, player, "", limit=3)]
        if best and rng.random() < 0.7:
            move = rng.choice(best)
        else:
            move = rng.choice(game.legal_moves(state, player))
        state = game.apply(state, player, move)
    return game.view(state, None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", help="where to write the PNG")
    parser.add_argument("--rules", choices=("seed", "classic"), default="seed")
    parser.add_argument("--turns", type=int, default=21)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args(argv)
    png = render_board(sample_view(args.rules, args.turns, args.seed), NAMES)
    with open(args.out, "wb") as fh:
        fh.write(png)
    print(f"wrote {args.out} ({len(png)} bytes)")


if __name__ == "__main__":
    main()
