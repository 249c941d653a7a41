"""Krasserfall through the real command tree: Roll button, face buttons and menus, the stone."""

from __future__ import annotations

import pytest

import games

from .fake_discord import CHANNEL_ID, MOD_PERMISSIONS, Harness, User, buttons
from .test_commands import channel_posts, followups, reply_text

GAME = games.REGISTRY["krasserfall"]
PLAYERS = [User(101, "Alice", permissions=MOD_PERMISSIONS), User(202, "Bob"), User(303, "Carol"),
           User(404, "Dave")]


def reply_of(sent):
    """The ephemeral reply (the followup that replaced the deferral)."""
    return next(f for f in followups(sent) if (f.body.get("flags") or 0) & 64)


async def state_of(h: Harness):
    row = await h.client.service.store.games.latest_game(CHANNEL_ID)
    return row, GAME.load(row.state)


def _message(sent):
    return sent.response if sent.response and "components" in sent.response else int(sent.response["id"])


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 3, 4])
async def test_a_full_game_with_buttons_and_the_stone(harness: Harness, count: int) -> None:
    await play(harness, count)


@pytest.mark.slow
async def test_the_stone_is_played_out_of_turn(start_bot) -> None:
    """Over a few games the stone holder strikes mid-turn at least once, and menus are used."""
    totals = [0, 0, 0]
    for seed, count in enumerate((3, 4)):
        h = await start_bot()
        async with h.client.service.store.db.tx() as tx:
            await tx.execute("DELETE FROM games")
        h.client.service.ground.new_seed = lambda seed=seed: 100 + seed
        for i, n in enumerate(await play(h, count)):
            totals[i] += n
    assert totals[1] >= 1 and totals[2] >= 1


async def play(h: Harness, count: int) -> tuple[int, int, int]:
    users = PLAYERS[:count]
    by_id = {str(u.id): u for u in users}
    sent = await h.start_game(users[0], *users[1:], game="krasserfall")
    board = channel_posts(sent)[0]
    rolls = menus = stones = 0
    for _ in range(600):
        row, state = await state_of(h)
        if GAME.result(state) is not None:
            break
        view = GAME.view(state)
        (active,) = GAME.waiting_for(state)
        holder = view["stone_holder"]
        if (holder and holder != active and not view["stone_placed"] and view["phase"] == "act"):
            # The stone holder acts in the middle of another player's turn, with an old button.
            stone = next(c for c in buttons(board.body) if ":stone " in c and c.split(":")[2] == "*")
            sent = await h.click(by_id[holder], stone, int(board.response["id"]))
            assert "Played" in reply_text(sent)
            _, after = await state_of(h)
            assert GAME.view(after)["active"] == view["active"] or GAME.result(after) is not None
            stones += 1
        elif view["phase"] == "roll":
            roll = next(c for c in buttons(board.body) if c.endswith(":roll"))
            sent = await h.click(by_id[active], roll, int(board.response["id"]))
            rolls += 1
            reply = reply_of(sent)
            choices = buttons(reply.body)
            _, rolled = await state_of(h)
            view = GAME.view(rolled)
            if (choices and holder and holder != active and not view["stone_placed"]
                    and view["phase"] == "act"):
                # The stone holder strikes between the roll and its follow-up, with an old button.
                stone = next(c for c in buttons(board.body) if ":stone " in c and c.split(":")[2] == "*")
                sent = await h.click(by_id[holder], stone, int(board.response["id"]))
                assert "Played" in reply_text(sent)
                stones += 1
                _, after = await state_of(h)
                if GAME.result(after) is not None or GAME.view(after)["phase"] != "act":
                    # the roller's only move after the stone played itself: the turn is over
                    board = [p for p in channel_posts(sent) if p.files][-1]
                    continue
                assert GAME.view(after)["active"] == active  # still the roller's turn
                # The roller's private buttons are now stale; the new board post has fresh ones.
                stale = await h.click(by_id[active], choices[0], reply.response)
                assert "earlier moment" in reply_text(stale)
                board = [p for p in channel_posts(sent) if p.files][-1]
                reply = board
                choices = [c for c in buttons(board.body) if ":stone " not in c]
            if choices and choices[0].startswith("mn:"):  # which figure, then where
                sent = await h.click(by_id[active], choices[0], _message(reply))
                choices = buttons(reply_of(sent).body)
                reply = reply_of(sent)
                menus += 1
            if choices:
                sent = await h.click(by_id[active], choices[0], _message(reply))
        else:
            offered = await h.autocomplete(by_id[active], "move", "action", "")
            # Keep the stone for later: it is to be played in the middle of someone's turn.
            move = next((c["value"] for c in offered if not c["value"].startswith("stone")),
                        offered[0]["value"])
            sent = await h.command(by_id[active], "move", action=move)
        public = [p for p in channel_posts(sent) if p.files]
        if public:
            board = public[-1]
            # Only the player whose turn it is gets pinged, never the stone holder for nothing.
            (now_row, now_state) = await state_of(h)
            waiting = {int(p) for p in GAME.waiting_for(now_state)}
            assert {int(u) for u in board.body["allowed_mentions"]["users"]} <= waiting | {
                int(p) for p in GAME.players(now_state)}
    else:
        raise AssertionError("the game did not end")
    assert "Game over" in board.content
    assert rolls > 3
    return rolls, menus, stones
