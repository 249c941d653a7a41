"""Krasserfall's moves are value types: ``parse(format(m)) == m`` for every legal move.

Every legal move of seeded random playouts (2-4 players, every option) is read, printed and
read again; the printed form is the legal move's own string, and each kind has its own frozen
dataclass.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from games import REGISTRY
from games.krasserfall.notation import (
    Move, MoveFigure, MoveRing, Place, Push, RingStart, Roll, Stone, format_move, parse_move)
from games.krasserfall.state import Kind, Where

GAME: Any = REGISTRY["krasserfall"]
OPTIONS = [{"push": p, "boat-choice": c} for p in ("touch", "thrill") for c in ("die", "free")]


def legal_moves_of_playouts(n: int, options: dict[str, str], seed: int) -> set[str]:
    rnd = random.Random(seed)
    state = GAME.setup(["ann", "bob", "cat", "dan"][:n], options, seed)
    seen: set[str] = set()
    while GAME.result(state) is None:
        choices = [(p, m) for p in sorted(GAME.to_act(state)) for m in GAME.legal_moves(state, p)]
        seen.update(m for _, m in choices)
        player, move = rnd.choice(choices)
        state = GAME.apply(state, player, move)
    return seen


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
def test_parse_of_format_is_the_move_for_every_legal_move(n: int, options: dict[str, str]) -> None:
    kinds: set[type] = set()
    for seed in range(3):
        for text in legal_moves_of_playouts(n, options, 100 * n + seed):
            move = parse_move(text)
            assert format_move(move) == text == str(move)
            assert parse_move(format_move(move)) == move
            assert GAME.parse_move(GAME.format_move(move)) == move
            kinds.add(type(move))
    assert {Roll, Push, MoveFigure, MoveRing, Place, RingStart, Stone} <= kinds


def test_each_kind_is_a_small_frozen_value() -> None:
    moves: list[Move] = [Roll(), Push(), Push("red", True), MoveFigure(2, "big", "red", "blue"),
                         MoveRing("blue"), Place("small", "green"), RingStart("red"),
                         Stone("red", Where.STRIP)]
    for move in moves:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(move, "kind", Kind.ROLL)
        assert parse_move(format_move(move)) == move
        assert hash(move) == hash(parse_move(str(move)))
    assert [m.kind for m in moves] == ["roll", "push", "push", "move", "ring", "place",
                                       "ring-start", "stone"]
    assert parse_move("Ring Start  RED") == RingStart("red")
    assert parse_move("move 2 : big red -> blue") == MoveFigure(2, "big", "red", "blue")
    assert parse_move("move 2:big red → blue") == MoveFigure(2, "big", "red", "blue")
