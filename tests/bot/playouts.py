"""Random playouts through the service, shared by the tests that look at every position."""

from __future__ import annotations

import random
from typing import Any

import games
from bot.messages import Actor
from bot.refusals import ServiceError
from bot.service import GameService
from games import GameError

from .conftest import PLACE


async def open_game(service: GameService, game_id: str, actors: tuple[Actor, ...],
                    options: str) -> None:
    """The first actor opens the game, the others join (an actor may hold several seats)."""
    await service.lobby.new_game(actors[0], PLACE, game_id, options)
    for actor in actors[1:]:
        await service.lobby.join(actor, PLACE)
    await service.lobby.start(actors[0], PLACE)


async def position(service: GameService) -> tuple[games.Game, Any, list[Any]]:
    """The game, its stored state and seats (also once it has ended)."""
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row is not None and row.state is not None
    game = games.REGISTRY[row.game]
    return game, game.load(row.state), await service.store.games.seats(row.id)


async def random_move(service: GameService, rnd: random.Random, by_user: dict[int, Actor],
                      game: games.Game, state: Any, seats: list[Any]) -> None:
    """One random legal move of whoever acts; a move that asks to be confirmed first is
    left out (another one comes next time)."""
    player = rnd.choice(sorted(game.to_act(state)))
    seat = next(s for s in seats if s.player_id == player)
    move = rnd.choice(game.legal_moves(state, player))
    try:
        await service.play.move(by_user[seat.user_id], PLACE, move,
                                seat=game.players(state).index(player) + 1)
    except (ServiceError, GameError):
        pass
