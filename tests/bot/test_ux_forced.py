"""Forced moves play themselves: through the service, on both databases."""

from __future__ import annotations

import random

import pytest

import games
from bot.replay import replay_moves
from bot.service import GameService
from bot.service import bots as bot_service

from .conftest import ALICE, BOB, PLACE
from .test_bots import quick_think

KRASSERFALL = games.REGISTRY["krasserfall"]
ACTORS = {str(ALICE.user_id): ALICE, str(BOB.user_id): BOB}


async def start(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "krasserfall", "")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)


async def current(service: GameService):
    row = await service.store.games.latest_game(PLACE.channel_id)
    return row, KRASSERFALL.load(row.state)


def told_forced(reply: object) -> bool:
    """Whether a mover's reply tells of forced moves after their move."""
    return "played itself" in str(reply) or "Forced:" in str(reply)


async def play_until(service: GameService, stop, limit: int = 300):
    """Random moves of the players on turn (never the stone) until ``stop(outcome, before)``."""
    chooser = random.Random(7)
    for _step in range(limit):
        row, state = await current(service)
        if row.status != "running":
            return None
        player = next(iter(KRASSERFALL.waiting_for(state)))
        moves = [m for m in KRASSERFALL.legal_moves(state, player) if not m.startswith("stone")]
        out = await service.play.move(ACTORS[player], PLACE, chooser.choice(moves))
        if stop(out, state):
            return out
    raise AssertionError("no forced move came up")


async def test_a_forced_move_plays_itself_and_the_post_names_it(service: GameService) -> None:
    await start(service)
    out = await play_until(service, lambda out, _before: told_forced(out.reply))
    assert out is not None
    row, state = await current(service)
    log = await service.store.games.moves(row.id)
    forced = [m for m in log if m.kind == "forced"]
    assert forced and log[-1].kind == "forced"
    players = [s.player_id for s in await service.store.games.seats(row.id)]
    for m in forced:  # each was the only move of the only player who could act
        before = replay_moves(KRASSERFALL, players, row.options, row.seed, log[:m.n - 1])
        assert KRASSERFALL.to_act(before) == {m.player_id}
        assert KRASSERFALL.legal_moves(before, m.player_id) == [m.move]
        assert m.actor_id is None
    # the stored state is the log replayed, and the channel heard of the forced move
    assert KRASSERFALL.dump(replay_moves(KRASSERFALL, players, row.options, row.seed, log)) == row.state
    text = "\n".join(str(p.text) for p in out.posts)
    last = log[-1]
    assert "⏩ Forced:" in text and f"`{last.move}`" in str(out.reply)
    names = {s.player_id: s.name for s in await service.store.games.seats(row.id)}
    assert f"Forced: **{names[last.player_id]}**" in text
    # the log says so too
    assert "(forced: the only move)" in str((await service.history.log(ALICE, PLACE, 50)).reply)
    # and nobody is left with a single move to make by hand
    assert all(KRASSERFALL.auto_move(state, p) is None for p in KRASSERFALL.players(state))


async def test_auto_forced_false_leaves_the_move_to_the_player(service: GameService) -> None:
    out = await service.settings.configure(ALICE, PLACE, auto_forced=False)
    assert "auto_forced: false" in str(out.reply)
    await start(service)

    seen = False
    chooser = random.Random(7)
    for _step in range(300):
        row, state = await current(service)
        player = next(iter(KRASSERFALL.waiting_for(state)))
        auto = KRASSERFALL.auto_move(state, player)
        if auto is not None:  # the game waits for the player's only move
            seen = True
            out = await service.play.move(ACTORS[player], PLACE, auto)
            assert "forced" not in str(out.reply).lower()
            break
        moves = [m for m in KRASSERFALL.legal_moves(state, player) if not m.startswith("stone")]
        await service.play.move(ACTORS[player], PLACE, chooser.choice(moves))
    assert seen
    row, _state = await current(service)
    assert not [m for m in await service.store.games.moves(row.id) if m.kind == "forced"]


async def test_the_setting_is_shown_and_on_by_default(service: GameService) -> None:
    shown = str((await service.settings.show_settings(ALICE, PLACE)).reply)
    assert "only possible move plays itself (`auto_forced: true`)" in shown
    assert (await service.store.settings.guild(PLACE.guild_id)).auto_forced
    await service.settings.configure(ALICE, PLACE, auto_forced=False)
    assert not (await service.store.settings.guild(PLACE.guild_id)).auto_forced
    await service.settings.configure(ALICE, PLACE, auto_forced=True)
    assert (await service.store.settings.guild(PLACE.guild_id)).auto_forced


async def test_kahuna_ends_a_last_turn_with_nothing_left_to_play(service: GameService) -> None:
    """The player's last card ends their last turn by itself: one post tells both."""
    kahuna = games.REGISTRY["kahuna"]
    await service.lobby.new_game(ALICE, PLACE, "kahuna", "")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    chooser = random.Random(5)
    for _step in range(600):
        row = await service.store.games.latest_game(PLACE.channel_id)
        assert row.status == "running", "no forced end came up"
        state = kahuna.load(row.state)
        (player,) = kahuna.to_act(state)
        moves = kahuna.legal_moves(state, player)
        # play cards, else tuck them, never end by hand: a hand runs empty in the last turns
        cards = [m for m in moves if m.split()[0] not in ("end", "tuck")]
        tucks = [m for m in moves if m.startswith("tuck")]
        out = await service.play.move(ACTORS[player], PLACE, chooser.choice(cards or tucks or moves))
        if told_forced(out.reply):
            break
    log = await service.store.games.moves(row.id)
    assert log[-1].kind == "forced" and log[-1].move == "end" and log[-1].player_id == player
    assert not log[-2].ends_turn  # the card was a step of the turn the forced end closed
    [post] = out.posts
    names = {s.player_id: s.name for s in await service.store.games.seats(row.id)}
    assert f"⏩ Forced: **{names[player]}**" in str(post.text)
    assert str(post.text).index(f"**{names[player]}**") < str(post.text).index("⏩")


async def test_a_bots_forced_move_plays_itself_too(service: GameService,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Against a bot: the bot's turns go through the same move path, so a forced move after
    a bot's roll is played in the bot's commit, and the next bot turn sees the state after it."""
    monkeypatch.setattr(bot_service, "think", quick_think)
    chooser = random.Random(11)
    alice = str(ALICE.user_id)
    for _game in range(8):  # games until a bot had a forced move
        await service.lobby.new_game(ALICE, PLACE, "krasserfall", "")
        await service.bots.add_bot(ALICE, PLACE, "easy")
        await service.lobby.start(ALICE, PLACE)
        while True:
            row, state = await current(service)
            if row.status != "running":
                break
            if alice not in KRASSERFALL.waiting_for(state):
                assert await service.bots.bot_turn(PLACE) is not None
                continue
            moves = [m for m in KRASSERFALL.legal_moves(state, alice) if not m.startswith("stone")]
            await service.play.move(ALICE, PLACE, chooser.choice(moves))
        log = await service.store.games.moves(row.id)
        players = [s.player_id for s in await service.store.games.seats(row.id)]
        for m in (m for m in log if m.kind == "forced"):
            before = replay_moves(KRASSERFALL, players, row.options, row.seed, log[:m.n - 1])
            assert KRASSERFALL.legal_moves(before, m.player_id) == [m.move]
        assert KRASSERFALL.dump(replay_moves(KRASSERFALL, players, row.options, row.seed, log)) == row.state
        if any(m.kind == "forced" and m.player_id == "bot-1" for m in log):
            break
    else:
        raise AssertionError("the bot never had a forced move")
