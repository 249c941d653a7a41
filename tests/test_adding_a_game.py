"""``docs/adding-a-game.md``, proven: games added only by a package of their own and one
registration each go through everything a real game does. There are two, one of each kind:

* Fifteen (``tests/example_game``): chance and hidden hands, English only;
* Connect Four (``tests/example_connect_four``): no chance and perfect information, with its
  German and Danish catalogs in its own package.

The shared contract tests run over both unchanged: where the games differ in kind, the checks
branch on the traits each declares. They register for this module's tests and are taken out
again afterwards, so the other tests see the registries as they are.
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
import renderers
from bot import i18n
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store
from games.ai import choose_move, policy_for
from games.ai.policy import Policy

from tests import test_docs, test_i18n
from tests.games import test_contract as contract
from tests.renderers import test_contract as pictures

#: The example packages, each a game: its id -> the package.
EXAMPLES = {"fifteen": "tests.example_game", "connect_four": "tests.example_connect_four"}
HOST = Actor(user_id=101, name="Alice", manage_channels=True)
GUEST = Actor(user_id=202, name="Bob")
PLACE = Place(guild_id=900, channel_id=700)


@pytest.fixture(scope="module", autouse=True)
def packages() -> Iterator[dict[str, ModuleType]]:
    """The games' packages, registered. They are imported here, not at collection: importing
    one registers it, and other tests must not see it."""
    found = {gid: importlib.import_module(name) for gid, name in EXAMPLES.items()}
    for package in found.values():
        package.register()
    try:
        yield found
    finally:
        for package in found.values():
            package.unregister()


# ----- the engine contract -------------------------------------------------------------------


def contract_checks() -> list[str]:
    return sorted(name for name, fn in vars(contract).items()
                  if name.startswith("test_") and callable(fn))


def combos(gid: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The contract's option combinations of the game, as its parametrisation holds them."""
    game = games.REGISTRY[gid]
    return tuple(tuple(sorted(combo.items())) for combo in contract.option_combos(game))


def arguments(gid: str, check: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every call of a contract check for the game ``gid``, as the contract module's own
    parametrisation (and its ``traj`` fixture, the playout of ``gid, n, combo``) would make
    them for a registered game."""
    game = games.REGISTRY[gid]
    names = [p for p in inspect.signature(check).parameters if p != "text"]
    wanted = set(names) | ({"gid", "n", "combo"} if "traj" in names else set())
    calls: list[dict[str, Any]] = [{}]
    for name in [*names, "gid", "n", "combo"]:
        if name not in wanted or name == "traj" or name in calls[0]:
            continue
        values: tuple[Any, ...] = {
            "gid": (gid,), "n": tuple(range(game.min_players, game.max_players + 1)),
            "combo": combos(gid), "seed": contract.PLAYOUT_SEEDS,
            "monkeypatch": (monkeypatch,)}[name]
        calls = [{**call, name: value} for call in calls for value in values]
    if "traj" in names:
        calls = [{**call, "traj": contract.trajectory(call["gid"], call["n"], call["combo"])}
                 for call in calls]
    return [{k: v for k, v in call.items() if k in names} for call in calls]


@pytest.mark.parametrize("name", contract_checks())
@pytest.mark.parametrize("gid", EXAMPLES)
def test_the_engine_contract_holds_for_the_added_game(gid: str, name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    check = getattr(contract, name)
    for kwargs in arguments(gid, check, monkeypatch):
        check(**kwargs)


def test_the_contract_checks_are_all_run() -> None:
    """Every check the contract module has gets its arguments here (a new kind of parameter
    would otherwise go unnoticed)."""
    for gid in EXAMPLES:
        for name in contract_checks():
            assert arguments(gid, getattr(contract, name), pytest.MonkeyPatch()), name
    assert len(contract_checks()) >= 29


def test_the_two_games_are_of_the_two_kinds() -> None:
    """Between them they take every branch the contract makes on the traits."""
    fifteen, connect_four = (games.REGISTRY[gid].traits for gid in EXAMPLES)
    assert (fifteen.chance, fifteen.information) == (games.Chance.SEEDED, games.Information.HIDDEN)
    assert connect_four.nothing_unseen and not fifteen.nothing_unseen
    game = games.REGISTRY["connect_four"]
    assert "resample" not in vars(type(game)) and "why_not_undo" not in vars(type(game))


def test_the_games_are_registered_once_and_only_while_wanted(
        packages: dict[str, ModuleType]) -> None:
    assert list(games.REGISTRY)[-len(EXAMPLES):] == list(EXAMPLES)  # after the built-in games
    for gid, package in packages.items():
        assert games.REGISTRY[gid] is package.GAME and games.PLUGINS[gid] is package.PLUGIN
        assert games.PLUGINS[gid].package == EXAMPLES[gid]
        with pytest.raises(ValueError, match="two games"):
            games.register(type(package.GAME)())  # another object under the same id
        package.unregister()
        assert gid not in games.REGISTRY and gid not in renderers.REGISTRY
        with pytest.raises(renderers.UnknownGameError):
            renderers.record(gid)
        assert type(policy_for(package.GAME)) is Policy  # the generic one, while unregistered
        package.register()
        assert renderers.record(gid).game == gid and type(policy_for(package.GAME)) is not Policy


@pytest.mark.parametrize("gid", EXAMPLES)
def test_a_bot_plays_it_with_its_own_policy(gid: str, packages: dict[str, ModuleType]) -> None:
    game = games.REGISTRY[gid]
    assert type(policy_for(game)).__module__ == f"{EXAMPLES[gid]}.policy"
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
@pytest.mark.parametrize("gid", EXAMPLES)
def test_the_renderer_contract_holds_for_the_added_game(gid: str, name: str) -> None:
    check = getattr(pictures, name)
    if "gid" in inspect.signature(check).parameters:
        check(gid)
    else:
        check()


# ----- the words and the rules page -----------------------------------------------------------


def test_the_catalogs_are_found_in_the_games_own_package(
        packages: dict[str, ModuleType]) -> None:
    """A game's catalog domain is its id, and its catalogs lie in its package's ``locale``."""
    for gid, package in packages.items():
        folder = Path(package.__file__).parent
        assert i18n.DOMAINS[gid] == (str(folder.relative_to(i18n.ROOT)),)
        assert i18n.po_path("de", gid) == folder / "locale" / "de" / "LC_MESSAGES" / f"{gid}.po"
    assert not (Path(packages["fifteen"].__file__).parent / "locale").exists()  # English only


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_message_of_a_translated_game_is_translated(lang: str) -> None:
    test_i18n.test_every_message_id_is_translated("connect_four", lang)
    summary = i18n.tr(games.REGISTRY["connect_four"].summary, lang)
    assert "Connect Four" in summary and "{cmd" not in summary


@pytest.mark.parametrize("check", test_docs.PAGE_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("gid", EXAMPLES)
def test_the_rules_page_passes_the_docs_checks(gid: str, check: Any,
                                               packages: dict[str, ModuleType]) -> None:
    page = Path(packages[gid].__file__).with_name("rules.md")
    check(games.REGISTRY[gid], page.read_text(encoding="utf-8"))


# ----- the service: a game to the end, and a bot seat -------------------------------------------


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await Store.open(f"sqlite:///{tmp_path}/examples.sqlite3")
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


@pytest.mark.parametrize("gid", EXAMPLES)
async def test_a_server_plays_the_added_game_to_the_end(gid: str, service: GameService) -> None:
    game = games.REGISTRY[gid]
    opened = await service.lobby.new_game(HOST, PLACE, gid, "start=host")
    assert game.title in str(opened.reply)
    await service.lobby.join(GUEST, PLACE)
    started = await service.lobby.start(HOST, PLACE)
    [post] = started.posts
    assert post.art is not None and post.art.view["game"] == gid
    assert "hand" not in post.art.view  # the channel's picture is the public view
    drawn = await service.drawing.render_art(post.art)
    assert drawn is not None and drawn.data.startswith(b"\x89PNG") and drawn.description
    actors = {str(HOST.user_id): HOST, str(GUEST.user_id): GUEST}
    played = 0
    async for state, player in turns(service, game, 60):
        await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[-1])
        played += 1
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished" and row.result is not None
    log = await service.store.games.moves(row.id)
    assert log and log[-1].kind in ("move", "forced")
    if gid == "fifteen":
        assert len(log) == 9 and played == 8  # the last tile plays itself
    assert game.title in str((await service.ratings.stats(HOST, PLACE)).reply)


@pytest.mark.parametrize("gid", EXAMPLES)
async def test_a_bot_takes_a_seat_in_the_added_game(gid: str, service: GameService) -> None:
    game = games.REGISTRY[gid]
    await service.lobby.new_game(HOST, PLACE, gid, "start=host")
    await service.bots.add_bot(HOST, PLACE, "easy")
    await service.lobby.start(HOST, PLACE)
    async for state, player in turns(service, game, 60):
        if player == str(HOST.user_id):
            await service.play.move(HOST, PLACE, game.legal_moves(state, player)[0])
        else:
            assert await service.bots.bot_turn(PLACE) is not None
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished"
    bot_moves = [m for m in await service.store.games.moves(row.id) if m.player_id != str(HOST.user_id)]
    assert bot_moves and all(m.actor_id in (0, None) for m in bot_moves)
