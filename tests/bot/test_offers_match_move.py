"""What ``/move``'s autocomplete offers, ``/move`` accepts: over random playouts of every game.

Every game is played through the service with random legal moves. At each position, everyone
at the table (and someone who plays no seat) asks for suggestions; each move offered must be
one the engine accepts from that person's seat in the stored position, and a person offered a
move must be someone the game waits for. A seat partway through its turn (Kraqua's free turn
order) once made the others be offered moves that ``/move`` then refused.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import games
from bot.messages import Actor
from bot.refusals import ServiceError
from bot.service import GameService
from games import GameError

from .conftest import PLACE

ANNA = Actor(user_id=111, name="anna", manage_channels=True)
BEN = Actor(user_id=222, name="ben")
CARA = Actor(user_id=333, name="cara")
OLGA = Actor(user_id=444, name="olga")  # watches, plays no seat

TABLES: dict[str, tuple[tuple[Actor, ...], str]] = {
    "aqualin": ((ANNA, BEN), ""),
    "kahuna": ((ANNA, BEN), ""),
    "aqua": ((ANNA, BEN, CARA), ""),
    "kraqua": ((ANNA, BEN, CARA), ""),
    "krasserfall": ((ANNA, BEN, CARA), ""),
}
#: The values of suggestion lines that are a note, not a move.
NOTES = ("none", "wait")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """What is offered does not depend on the database: SQLite only."""
    return f"sqlite:///{tmp_path}/data/test.sqlite3"


async def position(service: GameService) -> tuple[games.Game, Any, list[Any]]:
    row = await service.store.games.latest_game(PLACE.channel_id)  # also once it has ended
    assert row is not None and row.state is not None
    game = games.REGISTRY[row.game]
    return game, game.load(row.state), await service.store.games.seats(row.id)


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_every_move_offered_is_one_move_accepts(service: GameService, game_id: str) -> None:
    actors, options = TABLES[game_id]
    await service.lobby.new_game(actors[0], PLACE, game_id, options)
    for actor in actors[1:]:
        await service.lobby.join(actor, PLACE)
    await service.lobby.start(actors[0], PLACE)
    rnd = random.Random(f"offers-{game_id}")
    by_user = {a.user_id: a for a in actors}
    offered = 0
    for _step in range(400):
        game, state, seats = await position(service)
        if game.result(state) is not None:
            break
        seat_of = {s.user_id: s.player_id for s in seats}
        for actor in (*actors, OLGA):
            pairs = await service.looking.suggest(actor, PLACE, "")
            moves = [value for _label, value in pairs if value not in NOTES]
            if not moves:
                continue
            player = seat_of.get(actor.user_id)
            assert player is not None, (actor.name, moves)  # nothing for a bystander
            assert player in game.to_act(state), (game_id, actor.name, moves)
            for move in moves:
                game.apply(state, player, move)  # raises if /move would refuse it
                offered += 1
        # one random legal move of whoever acts
        player = rnd.choice(sorted(game.to_act(state)))
        seat = next(s for s in seats if s.player_id == player)
        move = rnd.choice(game.legal_moves(state, player))
        try:
            await service.play.move(by_user[seat.user_id], PLACE, move,
                                    seat=game.players(state).index(player) + 1)
        except (ServiceError, GameError):
            continue  # a move that asks to be confirmed first: another one next time
    assert offered, "nothing was ever offered: the test proves nothing"
