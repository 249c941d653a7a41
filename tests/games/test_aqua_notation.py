"""Aqua's notation on its own: ``parse_move(format_move(m)) == m`` for every legal move of
random playouts, and the other spellings a player may type read as the same move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import REGISTRY
from games.aqua import Done, Large, MoveKind, Snail, Take, format_move, parse_move

GAME: Any = REGISTRY["aqua"]


@pytest.mark.parametrize("players, seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_every_legal_move_of_a_playout_reads_back_as_itself(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    state = GAME.setup([f"p{i}" for i in range(players)], {"ecosystems": "base"}, seed)
    kinds: set[str] = set()
    while GAME.result(state) is None:
        (player,) = GAME.to_act(state)
        moves = GAME.legal_moves(state, player)
        for text in moves:
            move = parse_move(text)
            assert format_move(move) == text
            assert parse_move(format_move(move)) == move
            assert GAME.parse_move(GAME.format_move(move)) == move
            kinds.add(text.split()[0])
        state = GAME.apply(state, player, rnd.choice(moves))
    assert MoveKind.TAKE in kinds and kinds <= set(MoveKind)


@pytest.mark.parametrize("move", [
    Take(1, (0, 1)), Take(3, (-2, 5), 2), Snail(), Done(),
    Large("pair", ((0, 1), (1, 1))), Large("arc", ((0, 1), (1, 1), (1, 2)), "B"),
    Large("diamond", ((0, -1), (1, -1), (0, 0), (1, 0)), "A"),
])
def test_a_move_reads_back_as_itself(move: Any) -> None:
    assert parse_move(format_move(move)) == move


@pytest.mark.parametrize("text, move", [
    ("take 2 at 1,-2 rot 1", Take(2, (1, -2), 1)),
    ("TAKE 2 (1, −2) r1", Take(2, (1, -2), 1)),
    ("take 2 [1 , -2]", Take(2, (1, -2), 0)),
    ("take snail", Snail()),
    ("the sea snail", Snail()),
    ("skip", Done()),
    ("pass", Done()),
    ("large pair 1,1 0,1 side b", Large("pair", ((0, 1), (1, 1)), "B")),
])
def test_other_spellings_read_as_the_canonical_move(text: str, move: Any) -> None:
    assert parse_move(text) == move
