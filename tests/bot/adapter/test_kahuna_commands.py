"""A whole Kahuna game through the real command tree: hands by DM, one post per turn."""

from __future__ import annotations

import pytest

import games
import renderers

from .fake_discord import CHANNEL_ID, Harness, buttons
from .test_commands import ALICE, BOB, channel_posts, followups, reply_text

KAHUNA = games.REGISTRY["kahuna"]
NAMES = {"101": "Alice", "202": "Bob"}


def dm_posts(sent):
    return [s for s in channel_posts(sent) if s.path.startswith("/channels/5")]


def public_posts(sent):
    return [s for s in channel_posts(sent) if not s.path.startswith("/channels/5")]


@pytest.mark.slow
async def test_a_full_kahuna_game(harness: Harness) -> None:
    h = harness
    sent = await h.command(ALICE, "game", "new", game="kahuna")
    assert "lobby is open" in reply_text(sent)
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    assert len(dm_posts(sent)) == 2  # each hand by DM, as a picture
    assert all(p.files and p.files[0][1].startswith(b"\x89PNG") for p in dm_posts(sent))
    actors = {"101": ALICE, "202": BOB}
    store = h.client.service.store
    boards = [public_posts(sent)[0]]
    actions = clicks = 0
    while True:
        row = await store.games.latest_game(CHANNEL_ID)
        state = KAHUNA.load(row.state)
        if KAHUNA.result(state) is not None:
            break
        (player,) = KAHUNA.to_act(state)
        suggestions = await h.autocomplete(actors[player], "move", "action", "")
        assert 1 <= len(suggestions) <= 25
        choice = suggestions[0]["value"]
        board = boards[-1]
        # now and then, click instead; the board's buttons are current only before the turn's
        # first action (a bridge played inside the turn moves the game on)
        if (actions % 7 == 3 or not clicks) and not state.current \
                and choice in _button_moves(board):
            custom_id = next(c for c in buttons(board.body) if c.endswith(":" + choice))
            sent = await h.click(actors[player], custom_id, int(board.response["id"]))
            clicks += 1
        else:
            sent = await h.command(actors[player], "move", action=choice)
        actions += 1
        text = reply_text(sent)
        after = KAHUNA.load((await store.games.latest_game(CHANNEL_ID)).state)
        public = public_posts(sent)
        if public:
            [post] = public
            # The channel image is exactly the public view's picture: no hand can be in it.
            assert post.files[0][1] == renderers.render_board(KAHUNA.view(after, None), NAMES)
            boards.append(post)
        else:
            assert text.startswith("Done:")  # an action inside the turn, told only to the player
            [private] = [f for f in followups(sent) if f.files]
            assert private.body["flags"] & 64
        for dm in dm_posts(sent):
            assert dm.files[0][1] == renderers.render_hand(
                KAHUNA.view(after, str(_dm_owner(dm))), NAMES)
        assert actions < 400, "the game does not end"
    assert len(boards) > 10 and clicks >= 1
    assert "Game over" in boards[-1].content


def _button_moves(post) -> set[str]:
    return {c.split(":", 4)[4] for c in buttons(post.body) if c.startswith("mv:")}


def _dm_owner(dm) -> int:
    return int(dm.path.split("/")[2]) - 5_000_000
