"""``Game.auto_move``: a move the bot plays for a player who has no choice.

Random games of every game: wherever ``auto_move`` names a move, it is the only legal move of
the only player who may act, and never a roll or a draw (the player's own moment of chance).
"""

from __future__ import annotations

from collections import Counter

import pytest

from games import REGISTRY
from tests.games.helpers import random_game

#: Moves that stay the player's even when they are the only one.
ASKING = ("roll", "draw", "reroll")


def playout(gid: str, n: int, seed: int) -> list[tuple[object, str, str | None]]:
    """(state, player, auto_move) at every step of one random game, for every seat."""
    game = REGISTRY[gid]
    return [(state, p, game.auto_move(state, p))
            for state in random_game(gid, n, seed, steps=400) for p in game.players(state)]


CASES = [(gid, n) for gid in sorted(REGISTRY)
         for n in sorted({REGISTRY[gid].min_players, REGISTRY[gid].max_players})]


@pytest.mark.parametrize("gid,n", CASES)
def test_an_auto_move_is_the_only_legal_move(gid: str, n: int) -> None:
    game = REGISTRY[gid]
    for seed in range(6):
        for state, player, auto in playout(gid, n, seed):
            legal = game.legal_moves(state, player)
            if auto is None:
                # nothing is left out but a choice, a question or someone else's turn
                if game.to_act(state) == {player} and len(legal) == 1:
                    assert legal[0].split()[0] in ASKING, (gid, legal)
                continue
            assert game.to_act(state) == {player}
            assert legal == [auto]
            assert auto.split()[0] not in ASKING
            game.apply(state, player, auto)  # and it can be played


@pytest.mark.parametrize("gid,kind", [("kahuna", "end"), ("krasserfall", None),
                                      ("kraqua", "fish")])
def test_random_games_meet_forced_moves(gid: str, kind: str | None) -> None:
    """The games the feature is for do reach forced moves (so the test above checks some)."""
    game = REGISTRY[gid]
    seen: Counter[str] = Counter()
    for seed in range(12):
        for _state, _player, auto in playout(gid, game.min_players, seed):
            if auto is not None:
                seen[auto.split()[0]] += 1
    assert seen, gid
    if kind is not None:
        assert seen[kind], (gid, seen)
