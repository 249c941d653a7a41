"""``/game review`` through the real service, on both databases: once computed, once posted,
one at a time per server, bots not judged, part of the export."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

import games
from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.messages import Place
from bot.refusals import NoGame
from bot.service import GameService
from bot.service import reviews as review_service
from games.ai.review import judge_range
from tests.waiting import PATIENCE

from .conftest import ALICE, BOB, CAROL, PLACE

OTHER = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 1)


def quick_slice(game_id, players, options, seed, steps, start, stop):  # noqa: ANN001, ANN201
    """The worker's judging with a small budget (the flow is what is tested here)."""
    judged, total = judge_range(games.REGISTRY[game_id], players, options, seed, steps, start,
                                stop, search_share=0.05, worlds=3)
    return judged, total, 0.01


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_service, "judge_slice", quick_slice)


async def finished_aqualin(service: GameService, place: Place = PLACE, *, bot: bool = False) -> int:
    """Alice against Bob (or a bot) to the end, each playing autocomplete's third choice."""
    out = await service.lobby.new_game(ALICE, place, "aqualin", "role=host-colour")
    if bot:
        await service.bots.add_bot(ALICE, place, "easy")
    else:
        await service.lobby.join(BOB, place)
    await service.lobby.start(ALICE, place)
    game = games.REGISTRY["aqualin"]
    for _ in range(80):
        row = await service.store.games.active_game(place.channel_id)
        if row is None:
            break
        state = game.load(row.state)
        (player,) = game.waiting_for(state)
        actor = ALICE if player == str(ALICE.user_id) else BOB
        if player.startswith("bot"):
            await service.bots.bot_turn(place)
            continue
        pairs = await service.looking.suggest(actor, place, "")
        await service.play.move(actor, place, pairs[min(2, len(pairs) - 1)][1])
    assert out.game_id is not None
    return out.game_id


async def post_of(service: GameService, outcome) -> Recorder:  # noqa: ANN001
    recorder = Recorder()
    await Pipeline(service, recorder).deliver(outcome, PLACE)
    return recorder


async def test_a_review_is_posted_once_and_linked_after(service: GameService) -> None:
    game_id = await finished_aqualin(service)
    steps: list[str] = []

    async def progress(text) -> None:  # noqa: ANN001
        steps.append(str(text))

    out = await service.reviews.review(CAROL, PLACE, progress=progress)
    assert steps and "decisions judged" in steps[-1]
    (post,) = out.posts
    assert post.text.startswith(f"📝 **Review of Aqualin game {game_id}**")
    assert "Alice" in post.text and "Bob" in post.text or "No move lost much" in post.text
    sent = await post_of(service, out)
    assert any(s.text == post.text for s in sent.sent)
    kept = await service.store.reviews.get(game_id)
    assert kept is not None and kept.message_id is not None
    again = await service.reviews.review(BOB, PLACE, game_id)
    assert not again.posts and "is here: https://discord.com/channels/" in again.reply
    # the export carries it, for a replay viewer
    export = await service.history.export(ALICE, PLACE)
    payload = json.loads(export.reply_file.data)
    assert payload["review"] == kept.data


async def test_bots_moves_are_not_judged(service: GameService) -> None:
    await finished_aqualin(service, bot=True)
    out = await service.reviews.review(ALICE, PLACE)
    row = await service.store.games.latest_game(PLACE.channel_id)
    kept = await service.store.reviews.get(row.id)
    judged = {j["player"] for j in kept.data["judged"]}
    assert judged == {str(ALICE.user_id)}
    assert "bot" not in " ".join(line for line in out.posts[0].text.splitlines()[1:] if "played" in line)


async def test_no_review_of_a_running_or_unknown_game(service: GameService) -> None:
    with pytest.raises(NoGame, match="finished game"):
        await service.reviews.review(ALICE, PLACE)
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    with pytest.raises(NoGame):
        await service.reviews.review(ALICE, PLACE)
    with pytest.raises(NoGame, match="game 99"):
        await service.reviews.review(ALICE, PLACE, 99)


async def test_one_review_at_a_time_per_server_and_one_computation_per_game(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    first = await finished_aqualin(service)
    second = await finished_aqualin(service, OTHER)
    release = threading.Event()
    working = threading.Event()
    calls: list[int] = []

    def slow(*args):  # noqa: ANN002, ANN202
        calls.append(args[3])
        working.set()
        assert release.wait(PATIENCE)
        return quick_slice(*args)

    monkeypatch.setattr(review_service, "judge_slice", slow)
    told: list[str] = []

    async def progress(text) -> None:  # noqa: ANN001
        told.append(str(text))

    one = asyncio.create_task(service.reviews.review(ALICE, PLACE, first))
    assert await asyncio.to_thread(working.wait, PATIENCE)
    # the same game again: no second computation, the asker hears it is coming
    same = await service.reviews.review(BOB, PLACE, first)
    assert "is being made" in same.reply and not same.posts
    # another game of the server waits its turn, and is told so
    two = asyncio.create_task(service.reviews.review(BOB, OTHER, second, progress))
    for _ in range(100):
        if told:
            break
        await asyncio.sleep(0.01)
    assert told and "Queued: 1 review in this server comes first" in told[0]
    release.set()
    out_one, out_two = await asyncio.wait_for(asyncio.gather(one, two), PATIENCE)
    assert out_one.posts and out_two.posts
    assert out_one.posts[0].review_of == first and out_two.posts[0].review_of == second


async def test_a_review_stops_after_a_minute_of_the_workers_cpu(service: GameService,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    await finished_aqualin(service)

    def dear(*args):  # noqa: ANN002, ANN202 - each slice reports half a minute of CPU
        judged, total, _cpu = quick_slice(*args)
        return judged, total, 30.0

    monkeypatch.setattr(review_service, "judge_slice", dear)
    out = await service.reviews.review(ALICE, PLACE)
    row = await service.store.games.latest_game(PLACE.channel_id)
    kept = await service.store.reviews.get(row.id)
    assert kept is not None and not kept.data["complete"]
    assert 1 < len(kept.data["judged"]) < 18
    assert "Judged" in out.posts[0].text and "in the minute a review may take" in out.posts[0].text


async def test_a_review_asked_for_in_the_channel_goes_to_the_games_thread(service: GameService) -> None:
    from .test_threads import THREAD_1, thread, threaded_game

    game_id = await threaded_game(service, "aqualin", THREAD_1, "role=host-colour")
    await service.lobby.join(BOB, thread(THREAD_1))
    await service.lobby.start(ALICE, thread(THREAD_1))
    pairs = await service.looking.suggest(ALICE, thread(THREAD_1), "")
    await service.play.move(ALICE, thread(THREAD_1), pairs[0][1])
    await service.play.resign(BOB, thread(THREAD_1))
    out = await service.reviews.review(CAROL, PLACE, game_id)  # asked for in the channel
    recorder = Recorder()
    await Pipeline(service, recorder).deliver(out, PLACE)
    [posted] = [s for s in recorder.sent if s.text == out.posts[0].text]
    assert posted.place.channel_id == THREAD_1
    kept = await service.store.reviews.get(game_id)
    assert kept is not None and kept.channel_id == THREAD_1
    assert f"/{THREAD_1}/" in (await service.reviews.review(BOB, PLACE, game_id)).reply
