"""A game's traits (:class:`games.base.Traits`): declared on its class line, read by the
contract tests, and the source of the defaults of ``resample`` and ``why_not_undo``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games import REGISTRY, Chance, Game, Information, Traits
from games.registry import register

#: What each built-in game is, and why (docs/rules/<id>.md says the same for people).
EXPECTED = {
    # the supply order is chance's future, and everyone sees the same board and market
    "aqualin": Traits(Chance.SEEDED, Information.PERFECT),
    # hands of island cards only their owner sees
    "kahuna": Traits(Chance.SEEDED, Information.HIDDEN),
    # only the deck's order (and which tiles went to the box) is unseen, the same for all
    "aqua": Traits(Chance.SEEDED, Information.PERFECT),
    # the stack order, the face-down gates and the dice: chance nobody has seen yet
    "kraqua": Traits(Chance.SEEDED, Information.PERFECT),
    # a boat's tipping point is decided, hidden from all, and every check it stands tells more
    "krasserfall": Traits(Chance.SEEDED, Information.HIDDEN),
}


def test_the_built_in_games_declare_their_traits() -> None:
    assert {gid: REGISTRY[gid].traits for gid in EXPECTED} == EXPECTED
    for gid in EXPECTED:
        assert "traits" in vars(type(REGISTRY[gid])), f"{gid} inherits its traits"


class Tiny(Game[tuple[int, ...], int], id="tiny", title="Tiny", players=(1, 1),
           traits=Traits(Chance.NONE, Information.PERFECT)):
    """One player counts to three: nothing unseen, so the base class's defaults serve."""

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> Any:
        return (0,)

    def players(self, state: Any) -> tuple[str, ...]:
        return ("p1",)

    def to_act(self, state: Any) -> frozenset[str]:
        return frozenset() if state[0] >= 3 else frozenset({"p1"})

    def legal_moves(self, state: Any, player: str) -> list[str]:
        return ["1"] if player in self.to_act(state) else []

    def parse_move(self, text: str) -> int:
        return int(text)

    def format_move(self, move: int) -> str:
        return str(move)

    def _apply(self, state: Any, player: str, move: int) -> Any:
        return (state[0] + move,)

    def view(self, state: Any, player: str | None = None) -> Mapping[str, Any]:
        return {"game": self.id, "count": state[0]}

    def result(self, state: Any) -> Any:
        return None

    def resign(self, state: Any, player: str) -> Any:
        return state

    def describe(self, before: Any, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> str:
        return "counted"

    def prompt(self, state: Any, player: str, names: Mapping[str, str] | None = None) -> str:
        return "count"

    def _to_json(self, state: Any) -> Any:
        return list(state)

    def _from_json(self, data: Any) -> Any:
        return tuple(data)


def test_nothing_unseen_gives_the_defaults() -> None:
    game = Tiny()
    assert Tiny.traits.nothing_unseen and not Traits(Chance.SEEDED, Information.PERFECT).nothing_unseen
    state = game.setup(["p1"])
    assert game.resample(state, None, 7) is state and game.resample(state, "p1", "x") is state
    after = game.apply(state, "p1", "1")
    assert game.why_not_undo(state, after, "p1", "1") is None and game.can_undo(state, after, "p1", "1")


def test_a_game_with_something_unseen_needs_its_own_resample() -> None:
    class Dicey(Tiny, traits=Traits(Chance.SEEDED, Information.PERFECT)):
        pass

    game = Dicey()
    with pytest.raises(NotImplementedError, match="resample"):
        game.resample(game.setup(["p1"]), None, 1)
    with pytest.raises(ValueError, match="no resample of its own"):
        register(game)
    assert "tiny" not in REGISTRY


def test_a_game_without_traits_is_taken_to_have_both() -> None:
    assert Game.traits == Traits(Chance.SEEDED, Information.HIDDEN)
    with pytest.raises(TypeError, match="traits must be a Traits"):
        type("Bad", (Tiny,), {}, traits=("none", "perfect"))
