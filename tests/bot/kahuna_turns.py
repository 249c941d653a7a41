"""Two-player Kahuna through the service, Alice hosting Bob: what the Kahuna service tests
(hands, turns of several actions, privacy, undo) all start from."""

from __future__ import annotations

from typing import Any

import games
from bot.messages import Actor
from bot.service import GameService

from .conftest import ALICE, BOB, PLACE

KAHUNA = games.REGISTRY["kahuna"]
ACTORS = {"101": ALICE, "202": BOB}


async def start(service: GameService, options: str = "") -> Any:
    """Open, join and start the game; what the start returned."""
    await service.lobby.new_game(ALICE, PLACE, "kahuna", options)
    await service.lobby.join(BOB, PLACE)
    return await service.lobby.start(ALICE, PLACE)


async def current(service: GameService) -> tuple[Any, Any]:
    """The game's row and its state, as stored now."""
    row = await service.store.games.latest_game(PLACE.channel_id)
    return row, KAHUNA.load(row.state)


async def first_turn(service: GameService, options: str = "") -> tuple[Any, Any, str]:
    """Start the game: its row, its state and the player who moves first."""
    await start(service, options)
    row, state = await current(service)
    (player,) = KAHUNA.to_act(state)
    return row, state, player


def first_of(state: Any, player: str, kind: str) -> str:
    """``player``'s first legal move of that kind (``bridge``, ``draw``)."""
    return next(m for m in KAHUNA.legal_moves(state, player) if m.startswith(kind))


def opponent(player: str) -> Actor:
    return ACTORS["202" if player == "101" else "101"]
