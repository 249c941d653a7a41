"""Counts said as a reader says them: "bisher 1 Zug", not "die letzten 1 von 1 Zügen"; a
finished game's "Træk i alt: 36", not "Træk indtil nu"."""

from __future__ import annotations

from bot.i18n import tr
from bot.service import GameService

from .conftest import ALICE, BOB, PLACE


async def aqualin(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)


async def test_the_log_counts_its_moves_with_plural_forms(service: GameService) -> None:
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "d4")
    one = (await service.history.log(ALICE, PLACE)).reply
    assert str(one).splitlines()[0] == "**Aqualin**: 1 move so far"
    assert tr(one, "de").startswith("**Aqualin**: bisher 1 Zug\n")
    assert tr(one, "da").startswith("**Aqualin**: 1 træk indtil nu\n")
    await service.play.move(BOB, PLACE, "c3")
    await service.play.move(ALICE, PLACE, "e5")
    every = (await service.history.log(ALICE, PLACE)).reply
    assert str(every).splitlines()[0] == "**Aqualin**: all 3 moves so far"
    assert tr(every, "de").startswith("**Aqualin**: alle 3 Züge bisher\n")
    last = (await service.history.log(ALICE, PLACE, 1)).reply
    assert str(last).splitlines()[0] == "**Aqualin**: the last of 3 moves"
    assert tr(last, "de").startswith("**Aqualin**: der letzte von 3 Zügen\n")
    two = (await service.history.log(ALICE, PLACE, 2)).reply
    assert tr(two, "da").startswith("**Aqualin**: de seneste 2 af 3 træk\n")
    await service.play.resign(BOB, PLACE)
    over = (await service.history.log(ALICE, PLACE)).reply
    assert str(over).splitlines()[0] == "**Aqualin**: all 4 moves"  # the resignation too
    assert tr(over, "de").startswith("**Aqualin**: alle 4 Züge\n")


async def test_a_finished_games_status_counts_the_moves_in_all(service: GameService) -> None:
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "d4")
    running = (await service.looking.status(ALICE, PLACE)).reply
    assert "Moves played: 1" in str(running)
    assert "Træk indtil nu: 1" in tr(running, "da") and "Züge bisher: 1" in tr(running, "de")
    await service.play.resign(BOB, PLACE)
    over = (await service.looking.status(ALICE, PLACE)).reply
    assert "Moves in all: 2" in str(over) and "so far" not in str(over)
    assert "Træk i alt: 2" in tr(over, "da") and "indtil nu" not in tr(over, "da")
    assert "Züge insgesamt: 2" in tr(over, "de") and "bisher" not in tr(over, "de")
