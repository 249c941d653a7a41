"""``docs/adding-a-game.md``, proven: Fifteen (``tests/example_game``), a game added only by
modules of its own that register themselves, goes through everything a real game does.

It registers for this module's tests and is taken out again afterwards, so the other tests
see the registries as they are.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import games
from games.ai import choose_move, policy_for

from tests.games import test_contract as contract

FIFTEEN = "fifteen"
COMBOS: tuple[tuple[tuple[str, str], ...], ...] = ((), (("start", "host"),))


@pytest.fixture(scope="module", autouse=True)
def example_game() -> Iterator[ModuleType]:
    """The game's package, registered. It is imported here, not at collection: importing it
    registers it, and other tests must not see it."""
    package = importlib.import_module("tests.example_game")
    package.register()
    try:
        yield package
    finally:
        package.unregister()


def contract_checks() -> list[str]:
    return sorted(name for name, fn in vars(contract).items()
                  if name.startswith("test_") and callable(fn))


def arguments(check: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every call of a contract check for Fifteen, as the contract module's own
    parametrisation would make them for a registered game."""
    names = [p for p in inspect.signature(check).parameters if p != "text"]
    calls: list[dict[str, Any]] = [{}]
    for name in names:
        values: tuple[Any, ...] = {"gid": (FIFTEEN,), "n": (2,), "combo": COMBOS,
                                   "seed": contract.PLAYOUT_SEEDS,
                                   "monkeypatch": (monkeypatch,)}[name]
        calls = [{**call, name: value} for call in calls for value in values]
    return calls


@pytest.mark.parametrize("name", contract_checks())
def test_the_engine_contract_holds_for_the_added_game(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    check = getattr(contract, name)
    for kwargs in arguments(check, monkeypatch):
        check(**kwargs)


def test_the_contract_checks_are_all_run() -> None:
    """Every check the contract module has gets its arguments here (a new kind of parameter
    would otherwise go unnoticed)."""
    for name in contract_checks():
        assert arguments(getattr(contract, name), pytest.MonkeyPatch()), name
    assert len(contract_checks()) >= 28


def test_the_game_is_registered_once_and_only_while_wanted(example_game: ModuleType) -> None:
    assert games.REGISTRY[FIFTEEN] is example_game.GAME
    assert list(games.REGISTRY)[-1] == FIFTEEN  # after the built-in games
    with pytest.raises(ValueError, match="two games"):
        games.register(type(example_game.GAME)())  # another object under the same id


def test_a_bot_plays_it_with_its_own_policy(example_game: ModuleType) -> None:
    game = example_game.GAME
    assert type(policy_for(game)).__name__ == "FifteenPolicy"
    state = game.setup(["a", "b"], {}, 3)
    while game.result(state) is None:
        (player,) = game.to_act(state)
        move = choose_move(game, state, player, "easy", seed=1)
        assert move in game.legal_moves(state, player)
        state = game.apply(state, player, move)
