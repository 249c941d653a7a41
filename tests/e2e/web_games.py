"""Games played through the service and delivered through the real pipeline, with their web
links: what the browser tests and the web benchmark (``tools/web_bench.py``) start from."""

from __future__ import annotations

import games
from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.messages import Actor, Outcome, Place
from bot.service import GameService

ALICE = Actor(user_id=101, name="Alice", manage_channels=True)
BOB = Actor(user_id=202, name="Bob")


async def deliver(service: GameService, outcome: Outcome, place: Place) -> Recorder:
    """``outcome`` through the pipeline, and whatever was due before it; what went out."""
    recorder = Recorder()
    pipeline = Pipeline(service, recorder)
    await pipeline.deliver(outcome, place)
    await pipeline.sweep(grace=0)
    return recorder


async def open_game(service: GameService, game_id: str, place: Place) -> str:
    """Alice and Bob start a game; the link under its first board."""
    await service.lobby.new_game(ALICE, place, game_id, "")
    await service.lobby.join(BOB, place)
    sent = await deliver(service, await service.lobby.start(ALICE, place), place)
    return next(link.url for s in sent.sent if s.post is not None for link in s.post.links)


async def play_first_move(service: GameService, place: Place) -> None:
    """Whoever acts first plays their first legal move."""
    row = await service.store.games.active_game(place.channel_id)
    assert row is not None and row.state is not None
    game = games.REGISTRY[row.game]
    state = game.load(row.state)
    player = sorted(game.to_act(state))[0]
    actor = ALICE if player.startswith("101") else BOB
    await deliver(service, await service.play.move(actor, place, game.legal_moves(state, player)[0]), place)
