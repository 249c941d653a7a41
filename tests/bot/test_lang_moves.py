"""Moves typed in German or Danish through the service: stored and logged in English."""

from __future__ import annotations

import games
from bot.i18n import tr
from bot.service import GameService

from .conftest import ALICE, BOB, PLACE

KAHUNA = games.REGISTRY["kahuna"]
ACTORS = {"101": ALICE, "202": BOB}


async def test_a_bridge_typed_in_german_is_logged_in_english(service: GameService) -> None:
    await service.new_game(ALICE, PLACE, "kahuna", "")
    await service.join(BOB, PLACE)
    await service.start(ALICE, PLACE)
    row = await service.store.latest_game(PLACE.channel_id)
    state = KAHUNA.load(row.state)
    (player,) = KAHUNA.to_act(state)
    bridge = next(m for m in KAHUNA.legal_moves(state, player) if m.startswith("bridge"))
    typed = bridge.replace("bridge", "Stab")
    # Autocomplete reads the German word too, and offers the canonical move as its value.
    offered = await service.suggest(ACTORS[player], PLACE, typed)
    assert bridge in [value for _label, value in offered]
    out = await service.move(ACTORS[player], PLACE, typed)
    assert "Done" in str(out.reply)
    [logged] = await service.store.moves(row.id)
    assert logged.move == bridge  # canonical English notation, as before
    assert "Stab" in tr(out.reply, "de")
