"""Aqua with several players through the service: the post after a move shows what the mover
built beside the next player's area, and ``/game board player:`` shows that player's area."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot.refusals import ServiceError
from bot.messages import Actor
from bot.service import GameService
from renderers import aqua as ra
from renderers import render_board

from .conftest import ALICE, BOB, CAROL, PLACE, delivered

GAME = games.REGISTRY["aqua"]
ACTORS = {a.user_id: a for a in (ALICE, BOB, CAROL)}


async def three_player_game(service: GameService) -> int:
    out = await service.lobby.new_game(ALICE, PLACE, "aqua")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(CAROL, PLACE)
    await service.lobby.start(ALICE, PLACE)
    assert out.game_id is not None
    return out.game_id


async def actor_of(service: GameService, game_id: int, player: str) -> Actor:
    seats = await service.store.games.seats(game_id)
    (seat,) = [s for s in seats if s.player_id == player]
    return ACTORS[seat.user_id]


async def play_a_turn(service: GameService, game_id: int) -> tuple[str, object]:
    """The player to act takes the first legal tile (and skips a large animal): the mover and
    the outcome that posted the board."""
    row = await service.store.games.latest_game(PLACE.channel_id)
    state = GAME.load(row.state)
    (player,) = GAME.to_act(state)
    actor = await actor_of(service, game_id, player)
    move = next(m for m in GAME.legal_moves(state, player) if m.startswith("take"))
    outcome = await service.play.move(actor, PLACE, move)
    if not [p for p in outcome.posts if p.art is not None]:  # the large-animal step
        outcome = await service.play.move(actor, PLACE, "done")
    return player, outcome


async def test_the_post_after_a_move_draws_the_mover_and_the_next_player(
        service: GameService) -> None:
    game_id = await three_player_game(service)
    for _turn in range(4):  # a few turns, so that each area has grown
        mover, outcome = await play_a_turn(service, game_id)
    (post,) = [p for p in outcome.posts if p.art is not None]
    art = post.art
    assert art.focus is None  # the picture itself knows who moved: the view's last move
    assert art.view["last"]["player"] == mover
    nxt = art.view["active"]
    assert nxt != mover
    plan = ra.plan(art.view, art.names)
    assert [(p.player, p.role) for p in plan.panels] == [(mover, "moved"), (nxt, "next")]
    drawn = await delivered(service, outcome)
    (shown,) = [p for p in drawn.posts if p.image is not None]
    image = Image.open(io.BytesIO(shown.image.data)).convert("RGB")
    assert image.size == (ra.WIDTH, plan.height)
    # the mover's new tile is drawn in the mover's panel, outlined in white at its S corner
    moved = plan.panels[0]
    x, y = moved.layout.tile(ra.style._pos(art.view["last"]["pos"]))
    assert moved.box[0] < x < moved.box[2]
    rim = [image.getpixel((round(x), round(y + moved.layout.size + dy))) for dy in range(4)]
    assert any(min(px) > 220 for px in rim), rim
    assert "just placed a tile at" in shown.image.description


async def test_board_player_shows_that_players_area(service: GameService) -> None:
    game_id = await three_player_game(service)
    await play_a_turn(service, game_id)
    row = await service.store.games.latest_game(PLACE.channel_id)
    state = GAME.load(row.state)
    seats = await service.store.games.seats(game_id)
    names = {s.player_id: s.name for s in seats}
    (carol,) = [s.player_id for s in seats if s.user_id == CAROL.user_id]
    view = GAME.view(state, None)
    plain = await service.looking.board(ALICE, PLACE)
    asked = await service.looking.board(ALICE, PLACE, user_id=CAROL.user_id)
    assert asked.reply_file is not None and plain.reply_file is not None
    assert asked.reply_file.data == render_board(view, names, focus=carol)
    assert asked.reply_file.data != plain.reply_file.data
    plan = ra.plan(view, names, carol)
    assert [(p.player, p.role) for p in plan.panels] == [(carol, "next")]
    with pytest.raises(ServiceError, match="no seat"):
        await service.looking.board(ALICE, PLACE, user_id=4242)
