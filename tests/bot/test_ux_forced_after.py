"""Forced moves also follow a change that is not a move: a skip (by a moderator or a
deadline), a resignation or kick, and the start. Through the service, on both databases."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from bot.replay import replay_moves
from bot.service import GameService

from .conftest import ALICE, BOB, CAROL, PLACE, FakeClock, deliver_all

ACTORS = {str(a.user_id): a for a in (ALICE, BOB, CAROL)}


def leaves_a_forced_move(game: games.Game, state: Any, change: Callable[[Any], Any]) -> bool:
    """Whether ``change`` (a pass, a resignation) leaves somebody with their only move."""
    try:
        after = change(state)
    except games.GameError:
        return False
    return game.result(after) is None and any(game.auto_move(after, p) for p in game.players(after))


async def play_to(service: GameService, game: games.Game, players: list, chooser: random.Random,
                  ready: Callable[[Any, str], bool], tries: int = 40) -> tuple[Any, str]:
    """Random moves in fresh games until ``ready(state, player)`` holds for the one to act."""
    for _game in range(tries):
        await service.lobby.new_game(ALICE, PLACE, game.id, "")
        for actor in players[1:]:
            await service.lobby.join(actor, PLACE)
        await service.lobby.start(ALICE, PLACE)
        while True:
            row = await service.store.games.latest_game(PLACE.channel_id)
            if row.status != "running":
                break
            state = game.load(row.state)
            acting = sorted(game.to_act(state))
            if len(acting) == 1 and ready(state, acting[0]):
                return state, acting[0]
            player = sorted(game.waiting_for(state))[0]
            await service.play.move(ACTORS[player], PLACE, chooser.choice(game.legal_moves(state, player)))
    raise AssertionError(f"no position came up in {tries} games of {game.id}")


async def check_log(service: GameService, game: games.Game, after: str) -> list:
    """The log ends with ``after`` and the forced moves it caused, each the only move of the
    only player to act, and the stored state is the log replayed."""
    row = await service.store.games.latest_game(PLACE.channel_id)
    log = await service.store.games.moves(row.id)
    players = [s.player_id for s in await service.store.games.seats(row.id)]
    tail = []
    for m in reversed(log):
        tail.insert(0, m)
        if m.kind != "forced":
            break
    assert tail[0].kind == after and len(tail) > 1, [m.kind for m in log[-4:]]
    for m in tail[1:]:
        before = replay_moves(game, players, row.options, row.seed, log[:m.n - 1])
        assert game.to_act(before) == {m.player_id}
        assert game.legal_moves(before, m.player_id) == [m.move]
    assert game.dump(replay_moves(game, players, row.options, row.seed, log)) == row.state
    return tail[1:]


async def test_a_moderators_skip_is_followed_by_the_forced_move(service: GameService) -> None:
    kraqua = games.REGISTRY["kraqua"]
    _state, player = await play_to(
        service, kraqua, [ALICE, BOB], random.Random(3),
        lambda s, p: kraqua.pass_move(s, p) is not None
        and leaves_a_forced_move(kraqua, s, lambda s: kraqua.apply(s, p, kraqua.pass_move(s, p))))
    out = await service.play.skip(ALICE, PLACE)
    forced = await check_log(service, kraqua, "skip")
    [post] = out.posts
    assert "skipped" in str(post.text) and "⏩ Forced:" in str(post.text)
    assert str(post.text).index("skipped") < str(post.text).index("⏩")
    assert forced[-1].actor_id is None


async def test_a_deadline_skip_is_followed_by_the_forced_move(service: GameService,
                                                              clock: FakeClock) -> None:
    await service.settings.configure(ALICE, PLACE, deadline="1d", on_deadline="skip", reminder="off")
    kraqua = games.REGISTRY["kraqua"]
    _state, player = await play_to(
        service, kraqua, [ALICE, BOB], random.Random(3),
        lambda s, p: kraqua.pass_move(s, p) is not None
        and leaves_a_forced_move(kraqua, s, lambda s: kraqua.apply(s, p, kraqua.pass_move(s, p))))
    await deliver_all(service)  # the turn's ping is out: its deadline runs
    clock.advance(2 * 86400)
    fired = await service.timers.fire_due()
    assert fired
    await check_log(service, kraqua, "skip")
    text = "\n".join(str(p.text) for _place, out in fired for p in out.posts)
    assert "Time's up" in text and "⏩ Forced:" in text


async def test_a_resignation_is_followed_by_the_forced_move(service: GameService) -> None:
    falls = games.REGISTRY["krasserfall"]
    _state, player = await play_to(
        service, falls, [ALICE, BOB, CAROL], random.Random(5),
        lambda s, p: leaves_a_forced_move(falls, s, lambda s: falls.resign(s, p)))
    out = await service.play.resign(ACTORS[player], PLACE)
    forced = await check_log(service, falls, "resign")
    [post] = out.posts
    assert "resigned" in str(post.text) and "⏩ Forced:" in str(post.text)
    row = await service.store.games.latest_game(PLACE.channel_id)
    state = falls.load(row.state)
    assert all(falls.auto_move(state, p) is None for p in falls.players(state)) or len(forced) == 12


async def test_auto_forced_off_leaves_it_after_a_skip_too(service: GameService) -> None:
    await service.settings.configure(ALICE, PLACE, auto_forced=False)
    kraqua = games.REGISTRY["kraqua"]
    await play_to(
        service, kraqua, [ALICE, BOB], random.Random(3),
        lambda s, p: kraqua.pass_move(s, p) is not None
        and leaves_a_forced_move(kraqua, s, lambda s: kraqua.apply(s, p, kraqua.pass_move(s, p))))
    await service.play.skip(ALICE, PLACE)
    row = await service.store.games.latest_game(PLACE.channel_id)
    log = await service.store.games.moves(row.id)
    assert log[-1].kind == "skip"
    state = kraqua.load(row.state)
    assert any(kraqua.auto_move(state, p) for p in kraqua.players(state))


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
async def test_the_start_leaves_nobody_with_a_single_move_to_make(service: GameService,
                                                                  game_id: str) -> None:
    """No game starts on a forced move today; should one, the start plays it (the log and the
    state stay one). Checked over the stored state and its log for every game."""
    game = games.REGISTRY[game_id]
    await service.lobby.new_game(ALICE, PLACE, game_id, "")
    for actor in (BOB, CAROL)[:max(game.min_players, 2) - 1]:
        await service.lobby.join(actor, PLACE)
    await service.lobby.start(ALICE, PLACE)
    row = await service.store.games.latest_game(PLACE.channel_id)
    state = game.load(row.state)
    assert all(game.auto_move(state, p) is None for p in game.players(state))
    log = await service.store.games.moves(row.id)
    players = [s.player_id for s in await service.store.games.seats(row.id)]
    assert all(m.kind == "forced" for m in log)
    assert game.dump(replay_moves(game, players, row.options, row.seed, log)) == row.state
