"""Aqua through the real command tree: solo and four players, menus instead of coordinates."""

from __future__ import annotations

import pytest

import games

from .fake_discord import CHANNEL_ID, MOD_PERMISSIONS, Harness, User, buttons
from .test_commands import after_move, channel_posts, ephemeral, message, reply_text

GAME = games.REGISTRY["aqua"]
PLAYERS = [User(101, "Alice", permissions=MOD_PERMISSIONS), User(202, "Bob"), User(303, "Carol"),
           User(404, "Dave")]


async def by_menus(h: Harness, user: User, board) -> list:
    """Click through the menu from the board: slot, position, rotation (or a large animal)."""
    post = board
    for _ in range(4):
        ids = [c for c in buttons(post.body) if c.startswith(("mv:", "mn:"))]
        assert ids, post.body
        choice = next((c for c in ids if c.endswith(":snail") is False), ids[0])
        sent = await h.click(user, choice, message(post))
        if choice.startswith("mv:"):
            return sent
        post = ephemeral(sent)
    raise AssertionError("the menu never reached a move")


@pytest.mark.slow
@pytest.mark.parametrize("count", [1, 4])
async def test_a_full_game(harness: Harness, count: int) -> None:
    h = harness
    users = PLAYERS[:count]
    by_id = {str(u.id): u for u in users}
    sent = await h.start_game(users[0], *users[1:], game="aqua", options="ecosystems=advanced")
    board = channel_posts(sent)[0]
    private = None
    large_steps = 0
    for step in range(400):
        row = await h.client.service.store.games.latest_game(CHANNEL_ID)
        state = GAME.load(row.state)
        if GAME.result(state) is not None:
            break
        (player,) = GAME.to_act(state)
        user = by_id[player]
        if private is not None:  # the large-animal step, offered privately after the take
            large_steps += 1
            choice = buttons(private.body)[0]
            sent = await h.click(user, choice, message(private))
        elif step % 2:
            sent = await by_menus(h, user, board)
        else:
            value = (await h.autocomplete(user, "move", "action", ""))[0]["value"]
            sent = await h.command(user, "move", action=value)
        new_board, private = after_move(sent)
        board = new_board or board
        if private is not None:
            assert any(c.endswith(":done") for c in buttons(private.body))
    else:
        raise AssertionError("the game did not end")
    assert "Game over" in board.content and large_steps >= 1
    assert "reefs" in board.content and "ecosystems" in board.content  # the breakdown
    if count == 1:
        assert "Solo rating" in board.content
    # Any player's area can be looked at afterwards.
    look = await h.command(users[0], "game", "board", player=users[-1])
    assert "finished" in reply_text(look)
