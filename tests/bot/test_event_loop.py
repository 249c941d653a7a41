"""Heavy work leaves the event loop alone: autocomplete answers from a per-version cache,
a replay GIF is built once per game at a time, and each member waits between replays."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import games
from bot.refusals import ServiceError
from bot.messages import Actor
from bot.service import GameService, looking

from .conftest import ALICE, BOB, CAROL, PLACE, FakeClock

DAVE = Actor(user_id=404, name="Dave")


async def open_game(service: GameService, game_id: str, options: str = "",
                    actors: tuple[Actor, ...] = (ALICE, BOB)) -> None:
    await service.lobby.new_game(actors[0], PLACE, game_id, options)
    for actor in actors[1:]:
        await service.lobby.join(actor, PLACE)
    await service.lobby.start(actors[0], PLACE)


async def position(service: GameService) -> tuple[Any, games.Game, Any]:
    row = await service.store.games.active_game(PLACE.channel_id)
    assert row is not None and row.state is not None
    game = games.REGISTRY[row.game]
    return row, game, game.load(row.state)


def engine_answer(game: games.Game, state: Any, player: str, typed: str) -> list[tuple[str, str]]:
    """What autocomplete offered when it asked the engine at every keystroke."""
    found = [(label, value[:100]) for value, label in game.suggest(state, player, typed, 25)]
    return found or [(f"No legal move starts with '{typed.strip()}'", typed.strip() or "none")]


def ranked_entries(service: GameService) -> list[tuple[Any, ...]]:
    return [key for key in service.looking._suggest_cache() if key[0] == "ranked"]


# ----- autocomplete ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id, options, actors", [
    ("aqualin", "rules=classic", (ALICE, BOB)),
    ("kraqua", "", (ALICE, BOB, CAROL)),
    ("aqua", "", (ALICE, BOB)),
])
async def test_cached_autocomplete_says_what_the_engine_says(
        service: GameService, game_id: str, options: str, actors: tuple[Actor, ...]) -> None:
    await open_game(service, game_id, options, actors)
    by_player = {str(a.user_id): a for a in actors}
    rnd = random.Random(4)
    for _turn in range(6):
        row, game, state = await position(service)
        player = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, player)
        move = rnd.choice(legal)
        for typed in ["", *(move[:k] for k in range(1, len(move) + 1)), move.upper(), "zz9"]:
            got = await service.looking.suggest(by_player[player], PLACE, typed)
            assert got == engine_answer(game, state, player, typed), typed
        assert ranked_entries(service)[-1] == ("ranked", row.id, row.version, player)
        await service.play.move(by_player[player], PLACE, move)


async def test_keystrokes_during_a_build_share_it_and_a_move_starts_afresh(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    await open_game(service, "aqualin", "rules=classic role=host-colour")
    row, game, state = await position(service)
    builds: list[str] = []
    real = game.suggestions

    def counted(state: Any, player: str) -> Any:
        builds.append(player)
        return real(state, player)

    monkeypatch.setattr(game, "suggestions", counted)  # the real engine, counted
    legal = game.legal_moves(state, "101")
    typed = ["", "zz", *(m[:k] for m in legal[::len(legal) // 3] for k in (1, 3, 5))]
    answers = await asyncio.gather(*(service.looking.suggest(ALICE, PLACE, t) for t in typed))
    assert [a for a in answers] == [engine_answer(game, state, "101", t) for t in typed]
    assert builds == ["101"]
    assert ranked_entries(service) == [("ranked", row.id, row.version, "101")]
    move = game.legal_moves(state, "101")[0]
    await service.play.move(ALICE, PLACE, move)
    row2, game, state = await position(service)
    assert (await service.looking.suggest(BOB, PLACE, "")) == engine_answer(game, state, "202", "")
    assert builds == ["101", "202"]
    assert ranked_entries(service)[-1] == ("ranked", row2.id, row2.version, "202")


async def test_the_cache_is_bounded(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(looking, "SUGGEST_CACHE_SIZE", 4)
    await open_game(service, "kahuna")
    for _ in range(5):
        row, game, state = await position(service)
        player = sorted(game.to_act(state))[0]
        actor = ALICE if player == "101" else BOB
        assert await service.looking.suggest(actor, PLACE, "") == engine_answer(game, state, player, "")
        await service.play.move(actor, PLACE, game.legal_moves(state, player)[0])
    assert len(service.looking._suggest_cache()) == 4


# ----- replays -----------------------------------------------------------------------------------


async def finish_aqualin(service: GameService) -> int:
    await open_game(service, "aqualin", "role=host-colour")
    actors = {"101": ALICE, "202": BOB}
    while True:
        row = await service.store.games.active_game(PLACE.channel_id)
        if row is None:
            break
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        (player,) = game.to_act(state)
        await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[0])
    ended = await service.store.games.ended_games(PLACE.channel_id)
    return ended[0].id


async def test_concurrent_replay_requests_share_one_build_and_one_post(
        service: GameService, clock: FakeClock) -> None:
    game_id = await finish_aqualin(service)
    outs = await asyncio.gather(*(service.history.replay_animation(a, PLACE) for a in (ALICE, BOB, CAROL)))
    posted = [o for o in outs if o.posts]
    assert len(posted) == 1 and posted[0].posts[0].is_replay
    for other in (o for o in outs if not o.posts):
        assert "on its way" in other.reply and other.game_id == game_id
    # While the post is on its way (no message id yet), nobody starts a second build.
    clock.advance(40)
    assert "on its way" in (await service.history.replay_animation(DAVE, PLACE)).reply
    # A post that never arrived may be asked for again a little later.
    clock.advance(30)
    assert len((await service.history.replay_animation(ALICE, PLACE)).posts) == 1
    await service.narrator.remember_message(game_id, "replay", 999)
    linked = await service.history.replay_animation(ALICE, PLACE)  # a link costs nothing: no cooldown
    assert linked.posts == [] and "/999" in linked.reply


async def test_each_member_waits_between_replay_requests(
        service: GameService, clock: FakeClock) -> None:
    await finish_aqualin(service)
    assert len((await service.history.replay_animation(CAROL, PLACE)).posts) == 1
    with pytest.raises(ServiceError, match="try again in 30 seconds"):
        await service.history.replay_animation(CAROL, PLACE)
    clock.advance(29.5)
    with pytest.raises(ServiceError, match="try again in 1 second[.]"):
        await service.history.replay_animation(CAROL, PLACE)
    assert "on its way" in (await service.history.replay_animation(DAVE, PLACE)).reply  # others may ask
    clock.advance(0.5)
    assert "on its way" in (await service.history.replay_animation(CAROL, PLACE)).reply


async def test_a_failed_replay_build_can_be_asked_for_again(store, clock: FakeClock) -> None:
    def broken(view: Any, names: Any, *focus: Any, lang: str = "en") -> bytes:
        raise RuntimeError("the renderer is broken")

    service = GameService(store, clock=clock, new_seed=lambda: 12345)
    await finish_aqualin(service)
    service.ground.render = broken
    with pytest.raises(RuntimeError):
        await service.history.replay_animation(CAROL, PLACE)
    import renderers
    service.ground.render = renderers.render_board
    assert len((await service.history.replay_animation(CAROL, PLACE)).posts) == 1
    service.close()
