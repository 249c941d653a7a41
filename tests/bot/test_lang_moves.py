"""Moves typed in German or Danish through the service: stored and logged in English."""

from __future__ import annotations

from bot.i18n import tr
from bot.service import GameService

from .conftest import ALICE, BOB, PLACE
from .kahuna_turns import ACTORS, first_of, first_turn


async def test_a_bridge_typed_in_german_is_logged_in_english(service: GameService) -> None:
    row, state, player = await first_turn(service)
    bridge = first_of(state, player, "bridge")
    typed = bridge.replace("bridge", "Stab")
    # Autocomplete reads the German word too, and offers the canonical move as its value.
    offered = await service.looking.suggest(ACTORS[player], PLACE, typed)
    assert bridge in [value for _label, value in offered]
    out = await service.play.move(ACTORS[player], PLACE, typed)
    assert "Done" in str(out.reply)
    [logged] = await service.store.games.moves(row.id)
    assert logged.move == bridge  # canonical English notation, as before
    assert "Stab" in tr(out.reply, "de")


async def test_a_stored_kick_reads_as_the_readers_command(service: GameService) -> None:
    """A kick that ended the game is stored as ``/game kick Bob``; /game status shows the
    command as the reader's client names it."""
    from bot.service.lobby import abort_reason

    out = await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await service.play.kick(ALICE, PLACE, BOB.user_id, "Bob")
    row = await service.store.games.get(out.game_id)
    assert row.end_reason == "/game kick Bob"  # stored as before
    said = abort_reason(row)
    assert str(said) == "/game kick Bob" and tr(said, "de") == "/spiel entfernen Bob"
    assert tr(said, "da") == "/spil fjern Bob"
