"""What ``/move``'s autocomplete and the turn's buttons offer, ``/move`` accepts: over random
playouts of every game.

Every game is played through the service with random legal moves. At each position, everyone
at the table (and someone who plays no seat) asks for suggestions; each move offered must be
one the engine accepts from that person's seat in the stored position, and a person offered a
move must be someone the game waits for, and everyone ``/game status`` says the game waits for
must be someone ``/move`` takes a move from. Every button of every seat that acts (its menus
opened) must play a move the engine accepts. A seat partway through its turn (Kraqua's free turn
order) once made the others be offered moves that ``/move`` then refused.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import games
from bot.messages import Actor
from bot.service import GameService

from .conftest import PLACE
from .playouts import open_game, position, random_move

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


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_every_move_offered_is_one_move_accepts(service: GameService, game_id: str) -> None:
    actors, options = TABLES[game_id]
    await open_game(service, game_id, actors, options)
    rnd = random.Random(f"offers-{game_id}")
    by_user = {a.user_id: a for a in actors}
    offered = pressed = waited = 0
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
        for player in game.to_act(state):  # the turn message's buttons, menus opened
            pressed += press_every_button(game, state, player)
        # ``/game status`` waits only for people ``/move`` takes a move from
        said = str((await service.looking.status(OLGA, PLACE)).reply).split("\n")[0]
        named = {a.user_id for a in actors if re.search(rf"\*\*{a.name}\b", said)}
        assert named, said
        for user_id in named:
            player = seat_of[user_id]
            assert player in game.to_act(state) and game.legal_moves(state, player), (game_id, said)
            waited += 1
        await random_move(service, rnd, by_user, game, state, seats)
    assert offered and waited, "nothing was ever offered: the test proves nothing"
    has_buttons = type(game).buttons is not games.Game.buttons  # Aqualin's moves are typed
    assert pressed or not has_buttons, "no button was ever pressed: the test proves nothing"


def press_every_button(game: games.Game, state: Any, player: str, path: str = "",
                       depth: int = 0) -> int:
    """Every move behind ``player``'s buttons (menus opened, three levels deep at most) is
    one the engine accepts; returns how many were pressed."""
    pressed = 0
    for button in game.buttons(state, player, path):
        if button.move:
            game.apply(state, player, button.move)  # raises if /move would refuse it
            pressed += 1
        elif depth < 3:
            pressed += press_every_button(game, state, player, button.path, depth + 1)
    return pressed
