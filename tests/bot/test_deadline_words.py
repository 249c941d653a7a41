"""A deadline that can't pass the turn says so, and never points to a skip that can't happen:
the German review read "(Der Zug lässt sich gerade nicht überspringen, deshalb wurde er nicht
übersprungen.) … ein Moderator kann den Zug mit `/spiel überspringen` überspringen", after a
reminder that had promised "danach wird dein Zug übersprungen"."""

from __future__ import annotations

from bot.i18n import tr
from bot.service import GameService

from .conftest import ALICE, BOB, PLACE, FakeClock
from .test_async_play import HOUR, state_of
from .test_clock import start as start_clocked
from .test_notify import sent_out


async def krasserfall(service: GameService, options: str) -> None:
    await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "krasserfall", options))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))


async def posts(service: GameService) -> list:
    return [p.text for _place, o in await service.timers.fire_due() for p in o.posts]


async def test_a_skip_deadline_without_a_pass_neither_promises_nor_offers_a_skip(
        service: GameService, clock: FakeClock) -> None:
    await krasserfall(service, "deadline=1d on-deadline=skip reminder=12h")
    row, game, state = await state_of(service)
    (player,) = game.to_act(state)
    assert game.pass_move(state, player) is None  # Krasserfall has no pass
    clock.advance(13 * HOUR)
    [reminder] = await posts(service)
    assert "your turn is passed" not in str(reminder)
    assert "I'll ping once more and a moderator may step in (this turn can't be passed as it " \
           "stands)" in str(reminder)
    assert "wird dein Zug übersprungen" not in tr(reminder, "de")
    assert "lässt sich dieser Zug nicht überspringen" in tr(reminder, "de")
    clock.advance(12 * HOUR)
    [notice] = [t for t in await posts(service) if "deadline has passed" in str(t)]
    for lang, skip, kick in (("en", "/game skip", "/game kick"), ("de", "/spiel überspringen", "/spiel entfernen"),
                             ("da", "/spil spring_over", "/spil fjern")):
        said = tr(notice, lang) if lang != "en" else str(notice)
        assert skip not in said and kick in said, said
    assert "A moderator can remove you from the game with `/game kick` or end the game with " \
           "`/game abort`." in str(notice)
    assert "wasn't skipped" not in str(notice) and "nicht übersprungen" not in tr(notice, "de")
    row, _game, _state = await state_of(service)
    assert row.status == "running" and await service.store.games.moves(row.id) == []


async def test_a_remind_deadline_without_a_pass_names_only_what_a_moderator_can_do(
        service: GameService, clock: FakeClock) -> None:
    await krasserfall(service, "deadline=1d on-deadline=remind reminder=off")
    clock.advance(25 * HOUR)
    [notice] = await posts(service)
    assert "/game skip" not in str(notice) and "`/game kick`" in str(notice)
    assert "this turn can't be skipped" in str(notice)
    assert "überspringen`" not in tr(notice, "de") and "/spiel entfernen" in tr(notice, "de")


async def test_a_game_with_a_pass_still_offers_the_skip(service: GameService, clock: FakeClock) -> None:
    await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "kahuna",
                                                         "deadline=1d on-deadline=remind reminder=off"))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))
    _row, game, state = await state_of(service)
    (player,) = game.to_act(state)
    clock.advance(25 * HOUR)
    [notice] = await posts(service)
    if game.pass_move(state, player) is not None:
        assert "`/game skip` the turn" in str(notice)
    else:
        assert "/game skip" not in str(notice)


async def test_a_clock_without_a_pass_points_to_kick_not_skip(service: GameService,
                                                               clock: FakeClock) -> None:
    await start_clocked(service, "aqualin", "clock=12h+1h on-deadline=skip reminder=off")
    clock.advance(12 * HOUR)
    texts = [str(t) for t in await posts(service)]
    ran_out = [t for t in texts if "your clock has run out" in t]
    assert ran_out and all("/game skip" not in t and "`/game kick`" in t for t in ran_out), texts
