"""Kahuna's moves as values: one frozen dataclass per kind, printed and parsed back unchanged;
and the view's keys exactly those of its TypedDicts."""

from __future__ import annotations

import dataclasses
import random
from typing import get_type_hints

import pytest

from games import REGISTRY
from games.kahuna import (
    Bridge, Draw, End, Free, KahunaHandView, KahunaView, Kind, Pass, Phase, Remove, Tuck,
    TurnSummary, Variant, format_move, parse_move)

GAME = REGISTRY["kahuna"]
OPTIONS = [{"variant": v.value} for v in Variant] + [{"variant": "planning", "handicap": "3"}]


def playout(options: dict[str, str], seed: int) -> list[tuple[object, str]]:
    """(state, player) of every step of a random game."""
    chooser = random.Random(seed)
    state = GAME.setup(["p1", "p2"], options, seed)
    seen = []
    while GAME.result(state) is None:
        player = sorted(GAME.to_act(state))[0]
        seen.append((state, player))
        state = GAME.apply(state, player, chooser.choice(GAME.legal_moves(state, player)))
    seen.append((state, "p1"))
    return seen


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o.values()))
def test_every_legal_move_prints_and_parses_back(options: dict[str, str]) -> None:
    kinds = set()
    for state, player in playout(options, 4):
        for text in GAME.legal_moves(state, player):
            move = parse_move(text)
            kinds.add(move.kind)
            assert format_move(move) == text == str(move)
            assert parse_move(format_move(move)) == move
            assert GAME.parse_move(GAME.format_move(move)) == move
    assert kinds >= {Kind.BRIDGE, Kind.TUCK, Kind.DRAW, Kind.PASS, Kind.END}


def test_each_kind_is_a_frozen_dataclass_of_its_own() -> None:
    moves = [Bridge("ELAI-HUNA", "HUNA"), Remove("ELAI-HUNA", ("ELAI", "HUNA"), True),
             Tuck(("HUNA", "KAHU")), Draw("ELAI"), Draw(), Pass(), End(), Free("ALOA-BARI")]
    assert [str(m) for m in moves] == [
        "bridge HUNA-ELAI", "remove ELAI-HUNA ELAI HUNA take", "tuck HUNA KAHU", "draw ELAI",
        "draw deck", "pass", "end", "free ALOA-BARI"]
    assert {m.kind for m in moves} == set(Kind)
    for move in moves:
        assert parse_move(str(move)) == move
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(move, "line", "ALOA-BARI")
    assert parse_move("bridge h elai") == Bridge("ELAI-HUNA", "HUNA")
    assert parse_move("Remove huna – elai h e") == Remove("ELAI-HUNA", ("ELAI", "HUNA"))
    assert parse_move("draw deck") != parse_move("draw elai")


def test_the_vocabularies_are_their_stored_strings() -> None:
    assert [str(p) for p in Phase] == ["handicap", "play", "last", "over"]
    assert [str(v) for v in Variant] == ["base", "planning", "open-draws"]
    assert tuple(GAME.options["variant"].values) == ("base", "planning", "open-draws")


@pytest.mark.parametrize("options", OPTIONS[:3], ids=lambda o: o["variant"])
def test_the_views_have_exactly_the_keys_of_their_typed_dicts(options: dict[str, str]) -> None:
    public_keys = set(get_type_hints(KahunaView))
    own_keys = set(get_type_hints(KahunaHandView))
    assert own_keys - public_keys == {"viewer", "hand"}
    for state, _player in playout(options, 6)[::9]:
        assert set(GAME.view(state, None)) == public_keys
        for p in ("p1", "p2"):
            view = GAME.view(state, p)
            assert set(view) == own_keys and view["viewer"] == p
            for key in ("current", "last"):
                if view[key] is not None:
                    assert set(view[key]) == set(get_type_hints(TurnSummary))
