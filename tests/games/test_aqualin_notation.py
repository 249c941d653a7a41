"""Aqualin's moves as values: every legal move reads back as the move it was written from.

``games.aqualin.notation`` is the one place that reads and writes moves; a move is a
``Place`` or a ``ShiftPlace`` (frozen dataclasses), and ``parse(format_move(m)) == m``.
"""

from __future__ import annotations

import random

import pytest

from games import REGISTRY
from games.aqualin import Place, ShiftPlace, format_move, make_move, parse
from games.aqualin.notation import read_canonical

GAME = REGISTRY["aqualin"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["seed", "classic"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_move_of_a_playout_reads_back_as_itself(rules: str, seed: int) -> None:
    """Every legal move of every fourth turn (every ninth in the classic rules, whose turns
    have thousands)."""
    state = GAME.setup(["111", "222"], {"rules": rules}, seed)
    rng = random.Random(seed)
    checked = 0
    while GAME.result(state) is None:
        (player,) = GAME.to_act(state)
        legal = GAME.legal_moves(state, player)
        every = 4 if rules == "seed" else 9
        for text in legal if state.turn % every == seed % every else ():
            move = parse(text)
            assert format_move(move) == text == str(move)
            assert parse(format_move(move)) == move == GAME.parse_move(GAME.format_move(move))
            assert read_canonical(text) == move
            assert isinstance(move, ShiftPlace if "-" in text else Place)
            checked += 1
        state = GAME.apply(state, player, rng.choice(legal))
    assert checked > 1000


@pytest.mark.parametrize("text, move", [
    ("d4", Place("d4")),
    ("BT d4", Place("d4", "BT")),
    ("b2-c3 d4", ShiftPlace("b2", "c3", "d4")),
    ("b2-b5 BT d4", ShiftPlace("b2", "b5", "d4", "BT")),
])
def test_each_kind_of_move(text: str, move: Place | ShiftPlace) -> None:
    assert parse(text) == move and format_move(move) == text
    assert make_move(move.square, move.shift, move.tile) == move
    assert hash(parse(text)) == hash(move)  # frozen values: usable as keys


@pytest.mark.parametrize("typed, canonical", [
    ("  B2 – C3   D4 ", "b2-c3 d4"),
    ("b2 -> c3 d4", "b2-c3 d4"),
    ("bt D4", "BT d4"),
])
def test_typed_moves_read_as_the_canonical_move(typed: str, canonical: str) -> None:
    assert format_move(parse(typed)) == canonical


@pytest.mark.parametrize("rules", ["seed", "classic"])
def test_two_squares_are_refused_with_the_move_form_of_the_rules(rules: str) -> None:
    """`/move d4 e5` in the standard rules was refused with "'d4' is not a tile" (Danish "'d4'
    er ikke en brik"): a player of those rules never names a tile."""
    from bot.i18n import tr
    from tests.games.helpers import rejection

    game = REGISTRY["aqualin"]
    state = game.setup(["a", "b"], {"rules": rules}, 3)
    for _ in range(4):  # a few tiles down, so that a shift is possible too
        (player,) = game.to_act(state)
        state = game.apply(state, player, game.legal_moves(state, player)[0])
    said = rejection(game, state, "d4 e5")
    assert "is not a tile" not in said and "names two squares" in said
    if rules == "seed":
        assert "never name a tile" in said and "-" in said.split("; ", 1)[1]  # a shift's example
        with pytest.raises(Exception) as info:
            game.apply(state, sorted(game.to_act(state))[0], "d4 e5")
        assert "ikke en brik" not in tr(info.value.args[0], "da")
        assert "nævner du aldrig en brik" in tr(info.value.args[0], "da")
        assert "nennst du nie ein Plättchen" in tr(info.value.args[0], "de")
    else:
        assert "market tile, then the square" in said
