"""Bot seats in the service: they think off the event loop, as a team, and fail safely."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import pytest

import games
from bot.messages import Place
from bot.service import GameService
from bot.service import bots as bot_service
from tests.waiting import PATIENCE

from .conftest import ALICE, BOB, PLACE, FakeClock, deliver_all

OTHER = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 1)
HOUR = 3600.0


def quick_think(game_id: str, dumped: str, players: list[str], level: str,
                seed: int) -> tuple[str, str] | None:
    from games.ai import choose_turn

    game = games.REGISTRY[game_id]
    return choose_turn(game, game.load(dumped), players, level, seed=seed, iterations=3)


async def bots_turn_in_aqualin(service: GameService, level: str) -> None:
    """Alice against a bot in Aqualin; Alice has made the first move."""
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.bots.add_bot(ALICE, PLACE, level)
    await service.lobby.start(ALICE, PLACE)
    await service.play.move(ALICE, PLACE, (await service.looking.suggest(ALICE, PLACE, ""))[0][1])


async def test_a_thinking_bot_never_blocks_another_channel(service: GameService,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    searching = threading.Event()

    def slow_think(*args):  # a long search, in the worker: it ends when the test says so
        searching.set()
        assert release.wait(PATIENCE)
        return quick_think(*args)

    monkeypatch.setattr(bot_service, "think", slow_think)
    await bots_turn_in_aqualin(service, "hard")
    thinking = asyncio.create_task(service.bots.bot_turn(PLACE))
    assert await asyncio.to_thread(searching.wait, PATIENCE)  # the bot is searching now
    # Meanwhile another channel plays on: were it waiting for the search, it would wait forever.
    await asyncio.wait_for(service.lobby.new_game(ALICE, OTHER, "kahuna"), PATIENCE)
    await asyncio.wait_for(service.lobby.join(BOB, OTHER), PATIENCE)
    await asyncio.wait_for(service.lobby.start(ALICE, OTHER), PATIENCE)
    assert not thinking.done()
    release.set()
    out = await asyncio.wait_for(thinking, PATIENCE)
    assert out is not None and out.posts  # its move is posted like anyone's
    row = await service.store.games.active_game(PLACE.channel_id)
    game = games.REGISTRY["aqualin"]
    assert game.to_act(game.load(row.state)) == {str(ALICE.user_id)}


async def test_a_bot_team_decides_together(service: GameService,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    def think(*args):
        asked.append(list(args[2]))
        return quick_think(*args)

    monkeypatch.setattr(bot_service, "think", think)
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    for _ in range(3):
        await service.bots.add_bot(ALICE, PLACE, "normal")
    await service.lobby.start(ALICE, PLACE)
    row = await service.store.games.active_game(PLACE.channel_id)
    human = next(s.player_id for s in await service.store.games.seats(row.id) if not s.bot_level)
    game = games.REGISTRY["kraqua"]
    assert len(game.to_act(game.load(row.state))) == 4  # any seat may start the round
    assert await service.bots.bot_turn(PLACE) is not None
    assert len(asked[0]) == 3 and human not in asked[0]  # the three bots, never the human


async def test_a_failing_search_changes_nothing(service: GameService,
                                                monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args):
        raise RuntimeError("out of memory")

    monkeypatch.setattr(bot_service, "think", broken)
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    row = await service.store.games.active_game(PLACE.channel_id)
    if not await service.bots.bot_to_act(PLACE):  # make it the bot's turn
        await service.play.move(ALICE, PLACE, (await service.looking.suggest(ALICE, PLACE, ""))[0][1])
        row = await service.store.games.active_game(PLACE.channel_id)
    assert await service.bots.bot_turn(PLACE) is None
    assert "could not choose a move" in caplog.text
    after = await service.store.games.active_game(PLACE.channel_id)
    assert (after.version, after.state) == (row.version, row.state)


async def test_a_bot_plays_on_for_a_player_out_of_time(service: GameService, clock: FakeClock,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_service, "think", quick_think)
    await service.settings.configure(ALICE, PLACE, bot_takeover=True, deadline="1d", on_deadline="forfeit")
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    assert not await service.bots.bot_to_act(PLACE)
    clock.advance(24 * HOUR)
    await service.timers.fire_due()
    assert await service.bots.bot_to_act(PLACE)  # Alice's seat is a bot's now
    assert await service.bots.channels_with_bot_turns() == [PLACE]  # the sweep finds it too
    out = await service.bots.bot_turn(PLACE)
    assert out is not None
    row = await service.store.games.active_game(PLACE.channel_id)
    game = games.REGISTRY["aqualin"]
    assert game.to_act(game.load(row.state)) == {str(BOB.user_id)}


async def marked(service: GameService) -> list[int]:
    rows = await service.store.db.fetch("SELECT id FROM games WHERE bot_turn = 1 ORDER BY id")
    return [int(r[0]) for r in rows]


async def test_the_sweep_reads_only_the_games_where_a_bot_may_act(service: GameService) -> None:
    """Each change stores whether a bot may act; the sweep reads those games alone, and unmarks
    one that was marked wrongly (as migration 0020 marks every running game with a bot)."""
    for place in (PLACE, OTHER):
        await service.lobby.new_game(ALICE, place, "aqualin", "role=host-colour")
        await service.bots.add_bot(ALICE, place, "easy")
        await service.lobby.start(ALICE, place)
    await service.play.move(ALICE, OTHER, "a1")  # the bot is to act there; Alice is, here
    waiting = await service.store.games.active_game(PLACE.channel_id)
    due = await service.store.games.active_game(OTHER.channel_id)
    assert waiting is not None and due is not None
    assert await marked(service) == [due.id]
    assert await service.bots.channels_with_bot_turns() == [OTHER]

    async with service.store.db.tx() as tx:
        await tx.execute("UPDATE games SET bot_turn = 1")
    await service.store.games.no_bot_turn(waiting.id, waiting.version - 1)  # an older version
    assert await marked(service) == sorted([waiting.id, due.id])  # a later change decides
    assert await service.bots.channels_with_bot_turns() == [OTHER]
    assert await marked(service) == [due.id]  # unmarked at the version it was read

    out = await service.bots.bot_turn(OTHER)
    assert out is not None
    assert await marked(service) == []  # Alice's turn there now
    assert await service.bots.channels_with_bot_turns() == []


@pytest.mark.slow
async def test_a_bot_thinks_in_a_worker_process(service: GameService) -> None:
    """The real worker process, the real search (as in production)."""
    service.bots.bots_in_threads = False
    await bots_turn_in_aqualin(service, "easy")
    out = await asyncio.wait_for(service.bots.bot_turn(PLACE), PATIENCE)
    assert out is not None and out.posts
    assert type(service.bots._thinker.pool).__name__ == "ProcessPoolExecutor"
    row = await service.store.games.active_game(PLACE.channel_id)
    game = games.REGISTRY["aqualin"]
    assert game.to_act(game.load(row.state)) == {str(ALICE.user_id)}


def crash_once(*args):
    """In the worker: die the first time (as if killed for memory), think afterwards."""
    marker = Path(os.environ["BOT_TEST_MARKER"])
    if not marker.exists():
        marker.touch()
        os._exit(1)
    return quick_think(*args)


@pytest.mark.slow
async def test_a_dead_worker_is_replaced(service: GameService, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TEST_MARKER", str(tmp_path / "crashed"))
    monkeypatch.setattr(bot_service, "think", crash_once)
    service.bots.bots_in_threads = False
    await bots_turn_in_aqualin(service, "easy")
    out = await asyncio.wait_for(service.bots.bot_turn(PLACE), PATIENCE)
    assert (tmp_path / "crashed").exists()  # the first worker died ...
    assert out is not None and out.posts  # ... and a new one made the move


async def test_a_bot_holding_the_stone_may_use_it_out_of_turn(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Krasserfall: the game does not wait for the stone holder, yet a bot holding it is
    asked during the others' turns; whether it throws or waits, the game stays whole."""
    import random

    game = games.REGISTRY["krasserfall"]
    asked: list[tuple[list[str], frozenset[str]]] = []

    def think(*args):
        asked.append((list(args[2]), game.waiting_for(game.load(args[1]))))
        return quick_think(*args)

    monkeypatch.setattr(bot_service, "think", think)
    await service.lobby.new_game(ALICE, PLACE, "krasserfall")
    await service.bots.add_bot(ALICE, PLACE, "normal")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    row = await service.store.games.active_game(PLACE.channel_id)
    # play on with the engine until the bot holds the stone during a human's turn
    state, rnd = game.load(row.state), random.Random(4)
    while not ("bot-1" in game.to_act(state) and "bot-1" not in game.waiting_for(state)):
        assert game.result(state) is None, "this seed never hands the bot the stone"
        p = sorted(game.waiting_for(state))[0]
        state = game.apply(state, p, rnd.choice([m for m in game.legal_moves(state, p)
                                                 if not m.startswith("stone")]))
    await service.store.games.record_move(row.id, row.version, player_id="x", kind="move",
                                    move="(test position)", state=game.dump(state),
                                    result=None, now=0.0)
    assert await service.bots.bot_to_act(PLACE)  # not waited for, but it may act
    before = await service.store.games.active_game(PLACE.channel_id)
    out = await service.bots.bot_turn(PLACE)
    assert asked == [(["bot-1"], game.waiting_for(state))]
    after = await service.store.games.active_game(PLACE.channel_id)
    if out is None:  # it waits: nothing changed
        assert (after.version, after.state) == (before.version, before.state)
    else:  # it threw the stone
        assert after.version > before.version
        assert (await service.store.games.moves(row.id))[-1].move.startswith("stone")


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the replay, not the store, is the subject
@pytest.mark.parametrize("game_id, bots", [("aqualin", 2), ("kahuna", 2), ("aqua", 2),
                                           ("kraqua", 2), ("krasserfall", 3)])
async def test_bots_play_every_game_to_an_animated_replay(
        service: GameService, monkeypatch: pytest.MonkeyPatch, game_id: str, bots: int) -> None:
    from io import BytesIO

    from PIL import Image

    from renderers.animation import DEFAULT_LIMIT

    monkeypatch.setattr(bot_service, "think", quick_think)
    await service.lobby.new_game(ALICE, PLACE, game_id)
    await service.lobby.leave(ALICE, PLACE)  # Alice only hosts
    for _ in range(bots):
        await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    moves = 0
    while await service.bots.bot_to_act(PLACE):
        assert await service.bots.bot_turn(PLACE) is not None
        moves += 1
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished" and moves > 2
    [post] = (await service.history.replay_animation(BOB, PLACE)).posts
    gif = Image.open(BytesIO(post.image.data))
    assert gif.format == "GIF" and gif.n_frames >= 3
    assert len(post.image.data) < DEFAULT_LIMIT and post.image.description
