"""``docs/adding-a-game.md``, proven: Fifteen (``tests/example_game``), a game added only by
modules of its own that register themselves, goes through everything a real game does.

It registers for this module's tests and is taken out again afterwards, so the other tests
see the registries as they are.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import games
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store
from games.ai import choose_move, policy_for

from tests.games import test_contract as contract
from tests.renderers import test_contract as pictures

FIFTEEN = "fifteen"
HOST = Actor(user_id=101, name="Alice", manage_channels=True)
GUEST = Actor(user_id=202, name="Bob")
PLACE = Place(guild_id=900, channel_id=700)
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
    parametrisation (and its ``traj`` fixture, the playout of ``gid, n, combo``) would make
    them for a registered game."""
    names = [p for p in inspect.signature(check).parameters if p != "text"]
    wanted = set(names) | ({"gid", "n", "combo"} if "traj" in names else set())
    calls: list[dict[str, Any]] = [{}]
    for name in [*names, "gid", "n", "combo"]:
        if name not in wanted or name == "traj" or name in calls[0]:
            continue
        values: tuple[Any, ...] = {"gid": (FIFTEEN,), "n": (2,), "combo": COMBOS,
                                   "seed": contract.PLAYOUT_SEEDS,
                                   "monkeypatch": (monkeypatch,)}[name]
        calls = [{**call, name: value} for call in calls for value in values]
    if "traj" in names:
        calls = [{**call, "traj": contract.trajectory(call["gid"], call["n"], call["combo"])}
                 for call in calls]
    return [{k: v for k, v in call.items() if k in names} for call in calls]


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


# ----- the renderer contract ------------------------------------------------------------------


def renderer_checks() -> list[str]:
    return sorted(name for name, fn in vars(pictures).items()
                  if name.startswith("test_") and callable(fn)
                  and list(inspect.signature(fn).parameters) in ([], ["gid"]))


@pytest.mark.parametrize("name", renderer_checks())
def test_the_renderer_contract_holds_for_the_added_game(name: str) -> None:
    check = getattr(pictures, name)
    if "gid" in inspect.signature(check).parameters:
        check(FIFTEEN)
    else:
        check()


# ----- the service: a game to the end, and a bot seat -------------------------------------------


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await Store.open(f"sqlite:///{tmp_path}/fifteen.sqlite3")
    game_service = GameService(store, clock=lambda: 1_800_000_000.0, new_seed=lambda: 15)
    game_service.bots.bots_in_threads = True
    yield game_service
    game_service.close()
    await store.close()


async def turns(service: GameService, game: Any, most: int) -> AsyncIterator[tuple[Any, str]]:
    """(state, the player to act) at each turn of the game here while it runs, at most
    ``most`` turns: the caller plays each before the next is read."""
    for _turn in range(most):
        row = await service.store.games.latest_game(PLACE.channel_id)
        if row.status != "running":
            return
        state = game.load(row.state)
        (player,) = game.to_act(state)
        yield state, player


async def test_a_server_plays_the_added_game_to_the_end(service: GameService,
                                                        example_game: ModuleType) -> None:
    game = example_game.GAME
    opened = await service.lobby.new_game(HOST, PLACE, FIFTEEN, "start=host")
    assert "Fifteen" in str(opened.reply)
    await service.lobby.join(GUEST, PLACE)
    started = await service.lobby.start(HOST, PLACE)
    [post] = started.posts
    assert post.art is not None and post.art.view["game"] == FIFTEEN
    assert "hand" not in post.art.view  # the channel's picture is the public view
    drawn = await service.drawing.render_art(post.art)
    assert drawn is not None and drawn.data.startswith(b"\x89PNG") and drawn.description
    actors = {str(HOST.user_id): HOST, str(GUEST.user_id): GUEST}
    async for state, player in turns(service, game, 9):
        await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[-1])
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished" and row.result is not None
    log = await service.store.games.moves(row.id)
    assert len(log) == 9 and log[-1].kind in ("move", "forced")  # the last tile plays itself
    assert "Fifteen" in str((await service.ratings.stats(HOST, PLACE)).reply)


async def test_a_bot_takes_a_seat_in_the_added_game(service: GameService,
                                                    example_game: ModuleType) -> None:
    game = example_game.GAME
    await service.lobby.new_game(HOST, PLACE, FIFTEEN, "start=host")
    await service.bots.add_bot(HOST, PLACE, "easy")
    await service.lobby.start(HOST, PLACE)
    async for state, player in turns(service, game, 12):
        if player == str(HOST.user_id):
            await service.play.move(HOST, PLACE, game.legal_moves(state, player)[0])
        else:
            assert await service.bots.bot_turn(PLACE) is not None
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished"
    bot_moves = [m for m in await service.store.games.moves(row.id) if m.player_id != str(HOST.user_id)]
    assert bot_moves and all(m.actor_id in (0, None) for m in bot_moves)
