"""Edge cases found in review: each once broke a game or leaked something."""

from __future__ import annotations

import pytest

import games
from bot.adapter.deliver import chunks
from bot.refusals import ServiceError
from bot.i18n import tr
from bot.service import GameService

from .conftest import ALICE, BOB, CAROL, PLACE, FakeClock, deliver_all

HOUR = 3600.0


async def test_a_resignation_ending_krasserfall_is_announced(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "krasserfall")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    out = await service.play.resign(BOB, PLACE)  # its result lists the quitters as a list
    text = str(out.posts[0].text)
    assert "Game over" in text and "Bob" in text
    assert "finished" in str((await service.looking.status(CAROL, PLACE)).reply)


async def test_running_games_cannot_be_exported(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kahuna")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    with pytest.raises(ServiceError, match="give away both hands and the order of the deck"):
        await service.history.export(CAROL, PLACE)


@pytest.mark.parametrize(("game_id", "hidden", "de", "da"), [
    ("krasserfall", "the boats' tipping points and the dice still to be rolled",
     "die verdeckten Kipppunkte der Boote", "bådenes skjulte vippepunkter"),
    ("aqua", "the order of the tiles still in the deck", "Plättchen im Vorrat", "brikkerne i bunken"),
    ("aqualin", "the order of the tiles still in the supply", "Plättchen im Vorrat",
     "brikkerne i bunken"),
    ("kraqua", "the gates not yet revealed", "die noch verdeckten Tore", "de skjulte porte")])
async def test_an_export_refusal_names_what_the_game_hides(service: GameService, game_id: str,
                                                           hidden: str, de: str, da: str) -> None:
    """Krasserfall's refusal spoke of "hidden cards and tiles" (it has neither), and German and
    Danish said "Seed" untranslated."""
    await service.lobby.new_game(ALICE, PLACE, game_id)
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    with pytest.raises(ServiceError) as info:
        await service.history.export(CAROL, PLACE)
    said = info.value.args[0]
    assert hidden in str(said) and "cards" not in str(said)
    german, danish = tr(said, "de"), tr(said, "da")
    assert de in german and "Zufallsstartwert" in german and "Seed" not in german
    assert da in danish and "startværdi for tilfældet" in danish and "seed" not in danish


async def test_a_bot_taking_over_is_never_reminded(service: GameService, clock: FakeClock) -> None:
    await service.settings.configure(ALICE, PLACE, bot_takeover=True, deadline="1d", on_deadline="forfeit")
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    clock.advance(24 * HOUR)  # the 12 h reminder and the 1 d deadline come due together
    fired = [p for _, o in await service.timers.fire_due() for p in o.posts]
    assert any("a bot plays on" in str(p.text) for p in fired)
    assert all(0 not in p.mention for p in fired)
    clock.advance(48 * HOUR)
    assert all(0 not in p.mention for _, o in await service.timers.fire_due() for p in o.posts)
    row = await service.store.games.active_game(PLACE.channel_id)
    assert not [t for t in await service.store.timers.of_game(row.id) if t.player_id == "101"]


async def test_a_crash_before_the_skip_keeps_the_deadline(service: GameService, clock: FakeClock,
                                                         monkeypatch) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kahuna", "deadline=1h on-deadline=skip reminder=off")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    clock.advance(HOUR)

    async def crash(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(service.play, "commit", crash)
    assert await service.timers.fire_due() == []  # the failure is logged, nothing is posted
    monkeypatch.undo()
    row = await service.store.games.active_game(PLACE.channel_id)
    deadlines = [t for t in await service.store.timers.of_game(row.id) if t.kind == "deadline"]
    assert deadlines, "the deadline must survive a failed skip"
    clock.advance(HOUR)
    [(_place, outcome)] = await service.timers.fire_due()  # tried again, and this time it works
    assert "Time's up" in str(outcome.posts[0].text)


async def test_lobby_is_never_handed_to_a_bot(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.join(BOB, PLACE)
    out = await service.lobby.leave(ALICE, PLACE)
    assert "**Bob** is the host now" in str(out.reply)
    assert (await service.store.games.active_game(PLACE.channel_id)).host_id == BOB.user_id


async def test_kicking_every_seat_of_a_person_and_rejoining(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    for _ in range(3):
        await service.lobby.join(BOB, PLACE)
    await service.play.kick(ALICE, PLACE, BOB.user_id, "Bob")
    row = await service.store.games.active_game(PLACE.channel_id)
    assert [s.user_id for s in await service.store.games.seats(row.id)] == [ALICE.user_id]
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(BOB, PLACE)  # the seat ids are free again
    assert len(await service.store.games.seats(row.id)) == 3


async def test_an_aborted_lobby_is_not_shown_as_open(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.abort(ALICE, PLACE)
    text = str((await service.looking.status(BOB, PLACE)).reply)
    assert "aborted before the game started" in text and "Join" not in text
    assert "kein Grund angegeben" in tr((await service.looking.status(BOB, PLACE)).reply, "de")


async def test_long_answers_are_split_not_cut(service: GameService) -> None:
    for game_id in games.REGISTRY:
        rules = tr((await service.looking.rules(PLACE, game_id)).reply, "de")
        parts = chunks(rules)
        assert all(len(p) <= 2000 for p in parts)
        assert "\n".join(parts) == rules  # nothing lost
    assert chunks("x" * 4500) == ["x" * 2000, "x" * 2000, "x" * 500]


async def test_bots_are_not_on_the_leaderboard(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    await service.play.resign(ALICE, PLACE)
    board = str((await service.ratings.stats(BOB, PLACE)).reply)
    ranked = board.lower().split("leaderboard")[1].split("-#")[0]  # the footnote explains bots
    assert "Alice" in board and "bot" not in ranked


async def test_options_errors_translate(service: GameService) -> None:
    from games import BadOptions

    from bot.refusals import explain

    with pytest.raises(BadOptions) as info:
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "classic")
    assert "verstehe ich nicht" in tr(explain(info.value), "de")
