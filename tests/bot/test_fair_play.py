"""Ratings reward play, not powers: a player who moderates and skips or removes another, or a
game that ends before everyone moved, is unrated and says so; players who left a game hold
no power over it any more."""

from __future__ import annotations

import pytest

import games
from bot.messages import Actor, Place
from bot.refusals import NotAllowed, ServiceError
from bot.service import GameService

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, everyone_moves

REFEREE = Actor(user_id=909, name="Ref", manage_channels=True)  # a moderator without a seat
CHAT = Place(guild_id=None, channel_id=881)  # a group DM: every player moderates


async def opened(service: GameService, game: str, options: str = "", place: Place = PLACE) -> int:
    """A started game of Alice and Bob."""
    out = await service.lobby.new_game(ALICE, place, game, options)
    await service.lobby.join(BOB, place)
    await service.lobby.start(ALICE, place)
    assert out.game_id is not None
    return out.game_id


async def kahuna(service: GameService, place: Place = PLACE) -> int:
    return await opened(service, "kahuna", "", place)


async def bobs_turn(service: GameService, place: Place = PLACE) -> None:
    """Play Alice's moves until Bob is to act."""
    for _ in range(6):
        row = await service.store.games.active_game(place.channel_id)
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        if str(BOB.user_id) in game.to_act(state):
            return
        (player,) = game.to_act(state)
        await service.play.move(ALICE, place, game.legal_moves(state, player)[0])
    raise AssertionError("Bob never got the turn")


async def result_of(service: GameService, game_id: int) -> dict:
    row = await service.store.games.get(game_id)
    assert row is not None and row.status == "finished" and row.result is not None
    return row.result


async def rating_lines(service: GameService) -> str:
    return (await service.ratings.stats(CAROL, PLACE)).reply


async def test_a_seated_moderator_who_skips_the_opponent_plays_an_unrated_game(
        service: GameService) -> None:
    game_id = await kahuna(service)
    await everyone_moves(service, PLACE, [ALICE, BOB])
    await bobs_turn(service)
    await service.play.skip(ALICE, PLACE)  # Alice plays and moderates: her power, not her play
    out = await service.play.resign(BOB, PLACE)
    assert "Unrated: a player of this game skipped or removed another" in str(out.posts[0].text)
    assert (await result_of(service, game_id))["unrated"] == "seated-moderator"
    assert "rating" not in (await rating_lines(service)).split("\n-#")[0]
    assert (await service.store.ratings.rebuild()).differences == []


async def test_a_moderator_without_a_seat_may_skip_and_the_game_stays_rated(
        service: GameService) -> None:
    game_id = await kahuna(service)
    await everyone_moves(service, PLACE, [ALICE, BOB])
    await bobs_turn(service)
    await service.play.skip(REFEREE, PLACE)
    out = await service.play.resign(BOB, PLACE)
    assert "Unrated" not in str(out.posts[0].text)
    assert "unrated" not in await result_of(service, game_id)
    assert "**Alice**: rating 1516" in await rating_lines(service)


async def test_a_game_resigned_before_everyone_moved_is_unrated(service: GameService) -> None:
    game_id = await kahuna(service)
    out = await service.play.resign(BOB, PLACE)  # a second account, resigned at once
    assert "Unrated: the game ended before every player had made a move" in str(out.posts[0].text)
    assert (await result_of(service, game_id))["unrated"] == "early-end"
    assert "rating" not in (await rating_lines(service)).split("\n-#")[0]


async def test_a_player_who_left_a_group_dm_game_moderates_it_no_more(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, CHAT, "krasserfall", "")
    await service.lobby.join(BOB, CHAT)
    await service.lobby.join(CAROL, CHAT)
    await service.lobby.start(ALICE, CHAT)
    await service.play.resign(CAROL, CHAT)
    for attempt in (service.play.skip(CAROL, CHAT), service.play.kick(CAROL, CHAT, BOB.user_id, "Bob"),
                    service.lobby.abort(CAROL, CHAT, "spite"), service.pauses.pause(CAROL, CHAT)):
        with pytest.raises(NotAllowed):
            await attempt
    assert (await service.store.games.get(out.game_id)).status == "running"
    await service.pauses.pause(BOB, CHAT)  # a player still in it moderates, as before
    assert (await service.store.games.get(out.game_id)).paused_at is not None


async def test_the_profile_leaves_out_games_the_player_left(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "krasserfall", "")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(CAROL, PLACE)
    await service.lobby.start(ALICE, PLACE)
    assert "• Krasserfall game" in (await service.ratings.profile(CAROL, Place(GUILD, 1))).reply
    await service.play.resign(CAROL, PLACE)
    text = (await service.ratings.profile(CAROL, Place(GUILD, 1))).reply
    assert "No current games." in text
    assert "• Krasserfall game" in (await service.ratings.profile(BOB, Place(GUILD, 1))).reply


async def aqualin(service: GameService, place: Place = PLACE) -> int:
    return await opened(service, "aqualin", "role=host-colour", place)


def timers_of(found) -> set[tuple[str, str, float]]:
    return {(t.kind, t.player_id, t.due_at - t.turn_since) for t in found}


async def test_a_running_game_keeps_the_deadlines_it_started_with(service: GameService) -> None:
    game_id = await aqualin(service)
    await service.settings.configure(REFEREE, PLACE, deadline="5m", on_deadline="forfeit")
    await service.play.move(ALICE, PLACE, "a1")  # a whole turn: Bob's timers are planned anew
    assert timers_of(await service.store.timers.of_game(game_id)) == {
        ("reminder", str(BOB.user_id), 12 * 3600)}  # as the game began: no deadline
    assert "forfeit" not in (await service.looking.status(BOB, PLACE)).reply
    # A game opened afterwards plays by the new settings.
    other = Place(guild_id=GUILD, channel_id=702)
    new = await aqualin(service, other)
    assert ("deadline", str(ALICE.user_id), 300) in timers_of(await service.store.timers.of_game(new))
    # Once over, a game keeps no settings for turns to come (a finished game's row stays small:
    # 76 bytes more put two Kahuna rows over one SQLite page).
    assert "settings" in (await service.store.games.get(game_id)).timing
    await service.play.resign(BOB, PLACE)
    await service.lobby.abort(REFEREE, other)
    for ended in (game_id, new):
        assert "settings" not in (await service.store.games.get(ended)).timing


async def test_a_running_game_takes_new_settings_only_when_every_player_agrees(
        service: GameService) -> None:
    game_id = await aqualin(service)
    out = await service.settings.configure(REFEREE, PLACE, deadline="1d", on_deadline="skip")
    assert "`/game config adopt:true` when all of them agree" in str(out.reply)
    with pytest.raises(NotAllowed, match="Only the players of this game"):
        await service.kept.adopt(REFEREE, PLACE)  # a moderator cannot decide it for them
    out = await service.kept.adopt(BOB, PLACE)
    assert "Waiting for **Alice**" in str(out.reply)
    [asked] = out.posts
    assert asked.mention == (ALICE.user_id,) and "reminder 12 h, deadline 1 d (then skip)" in str(asked.text)
    await service.play.move(ALICE, PLACE, "a1")  # not agreed yet: Bob's new turn keeps the old
    assert timers_of(await service.store.timers.of_game(game_id)) == {("reminder", str(BOB.user_id), 12 * 3600)}
    with pytest.raises(ServiceError, match=r"You agreed already; still waiting for \*\*Alice\*\*"):
        await service.kept.adopt(BOB, PLACE)
    # The server changes again before Alice agrees: Bob's agreement was for other settings.
    await service.settings.configure(REFEREE, PLACE, deadline="2d")
    assert "Waiting for **Bob**" in str((await service.kept.adopt(ALICE, PLACE)).reply)
    done = await service.kept.adopt(BOB, PLACE)
    assert "uses reminder 12 h, deadline 2 d (then skip), from the next turn on" in str(done.posts[0].text)
    await service.play.move(BOB, PLACE, "b2")
    assert ("deadline", str(ALICE.user_id), 2 * 86400) in timers_of(await service.store.timers.of_game(game_id))
    with pytest.raises(ServiceError, match="already plays with these settings"):
        await service.kept.adopt(ALICE, PLACE)


async def test_a_bystander_of_a_group_dm_game_cannot_change_its_settings(service: GameService) -> None:
    await service.lobby.new_game(ALICE, CHAT, "krasserfall", "")
    await service.lobby.join(BOB, CHAT)
    await service.lobby.join(CAROL, CHAT)
    dana = Actor(user_id=404, name="Dana")  # in the group DM, not in the game
    with pytest.raises(NotAllowed, match="only its players"):
        await service.settings.configure(dana, CHAT, deadline="5m", on_deadline="forfeit")
    await service.lobby.start(ALICE, CHAT)
    await service.play.resign(CAROL, CHAT)
    with pytest.raises(NotAllowed, match="only its players"):  # nor one who left it
        await service.settings.configure(CAROL, CHAT, deadline="5m")
    assert "5 min" in str((await service.settings.configure(BOB, CHAT, deadline="5m")).reply)
