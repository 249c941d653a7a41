"""Teaching games (``hints=on``) and ``/game hint`` through the real service, on both databases."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from bot.refusals import NotAllowed, ServiceError
from bot.service import GameService
from bot.service import hints as hint_service
from bot.store.envelopes import decode_post, encode_post
from games import BadOptions
from games.ai.coach import hint as coach_hint

from .conftest import ALICE, BOB, CAROL, PLACE
from .test_ratings import everyone_moves


def quick_advise(game_id: str, dumped: str, players: list[str], seed: int):  # noqa: ANN201
    """The worker's search with a small budget (the answer's form is what is tested here)."""
    game = games.REGISTRY[game_id]
    return coach_hint(game, game.load(dumped), players, seed, iterations=30)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_service, "advise", quick_advise)


async def teaching_aqualin(service: GameService, options: str = "hints=on role=host-colour") -> int:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", options)
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    assert out.game_id is not None
    return out.game_id


async def test_the_option_is_read_in_every_language_and_refused_when_garbled(service: GameService) -> None:
    with pytest.raises(BadOptions, match="hints"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "hints=maybe")
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "hints=an")
    row = await service.store.games.get(out.game_id)
    assert row is not None and row.timing == {"hints": True}
    assert "Teaching game" in out.posts[0].text and "unrated" in out.posts[0].text


async def test_a_hint_answers_the_player_on_turn_only(service: GameService) -> None:
    await teaching_aqualin(service)
    status = (await service.looking.status(BOB, PLACE)).reply
    assert "Teaching game" in status and "unrated" in status
    with pytest.raises(ServiceError, match="isn't your turn"):
        await service.hints.hint(BOB, PLACE)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.hints.hint(CAROL, PLACE)
    out = await service.hints.hint(ALICE, PLACE)
    assert out.reply.startswith("💡 **Hint:**") and "% to win after it" in out.reply
    assert out.reply_file is not None and out.reply_file.data.startswith(b"\x89PNG")
    assert not out.posts and not out.dms  # only for the asker
    row = await service.store.games.active_game(PLACE.channel_id)
    move = out.reply.split("`")[1]
    game = games.REGISTRY["aqualin"]
    assert move in game.legal_moves(game.load(row.state), str(ALICE.user_id))
    # Asking again costs no second search, and changes nothing stored.
    again = await service.hints.hint(ALICE, PLACE)
    assert again.reply == out.reply
    assert (await service.store.games.active_game(PLACE.channel_id)).version == row.version


async def test_no_hints_outside_teaching_games(service: GameService) -> None:
    await teaching_aqualin(service, "role=host-colour")
    with pytest.raises(ServiceError, match="only for teaching games"):
        await service.hints.hint(ALICE, PLACE)
    assert "Teaching game" not in (await service.looking.status(ALICE, PLACE)).reply


async def test_the_turn_post_offers_a_hint_button_in_teaching_games(service: GameService) -> None:
    game_id = await teaching_aqualin(service)
    move = (await service.looking.suggest(ALICE, PLACE, ""))[0][1]
    out = await service.play.move(ALICE, PLACE, move)
    board = next(p for p in out.posts if p.is_board)
    assert board.hint_of == game_id
    assert decode_post(encode_post(board)).hint_of == game_id  # kept in the outbox row
    # a button pressed under another game's post says so instead of answering
    with pytest.raises(ServiceError, match="belongs to a game that is over"):
        await service.hints.hint(BOB, PLACE, game_id + 1)
    assert (await service.hints.hint(BOB, PLACE, game_id)).reply_file is not None


async def test_an_ordinary_game_has_no_hint_button(service: GameService) -> None:
    await teaching_aqualin(service, "role=host-colour")
    move = (await service.looking.suggest(ALICE, PLACE, ""))[0][1]
    out = await service.play.move(ALICE, PLACE, move)
    assert all(p.hint_of is None for p in out.posts)


async def test_a_teaching_game_is_unrated_and_says_so(service: GameService) -> None:
    await teaching_aqualin(service)
    await everyone_moves(service, PLACE, [ALICE, BOB])  # would be rated otherwise
    out = await service.play.resign(BOB, PLACE)
    final = next(p for p in out.posts if p.is_board)
    assert "Unrated: a teaching game" in final.text
    stats = (await service.ratings.stats(CAROL, PLACE)).reply
    assert "**Alice**: 1 played, 1 won" in stats and "rating 15" not in stats  # counted, unrated
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row is not None and row.result is not None and row.result.get("unrated") == "teaching"


async def test_kraqua_hints_are_for_the_team_in_the_channel(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kraqua", "hints=on")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(replace(CAROL), PLACE)
    await service.lobby.start(ALICE, PLACE)
    out = await service.hints.hint(CAROL, PLACE)
    assert out.reply == "I posted a hint for the team."
    (post,) = out.posts
    assert post.text.startswith("💡 **Hint for the team:**") and "to escape" in post.text
    assert post.mention == () and post.image is not None


async def test_the_team_hint_is_posted_once_per_position(service: GameService) -> None:
    """Pressing the button again, or a teammate asking too, cannot fill the channel with
    pictures: the second ask at the same position is told where the hint is; a move makes a
    new position, with a hint of its own."""
    await service.lobby.new_game(ALICE, PLACE, "kraqua", "hints=on")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    assert len((await service.hints.hint(ALICE, PLACE)).posts) == 1
    for asker in (ALICE, BOB):
        again = await service.hints.hint(asker, PLACE)
        assert again.reply == "The team's hint for this position is already in the channel."
        assert again.posts == []
    await service.play.move(ALICE, PLACE, "lay o")
    after = await service.hints.hint(BOB, PLACE)
    assert after.reply == "I posted a hint for the team." and len(after.posts) == 1
