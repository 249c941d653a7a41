"""The outbox through the real adapter: nonces, retries, fallbacks and turn clocks."""

from __future__ import annotations

import os
import socket

import discord

from bot.delivery import pipeline as deliverer
from bot.delivery.pipeline import dead_here
from bot.messages import Actor, Place
from tests.waiting import eventually

from .fake_discord import CHANNEL_ID, GUILD_ID, Harness, _Response, buttons
from .test_commands import ALICE, BOB, channel_posts, followups, message, open_lobby, reply_text


def server_error() -> discord.HTTPException:
    return discord.DiscordServerError(_Response(500, "Internal Server Error"),
                                      {"code": 0, "message": "500: Internal Server Error"})


async def started(h: Harness) -> int:
    game_id, _mid = await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")
    return game_id


async def make_due(h: Harness) -> None:
    """Let the backoff pass at once (the tests don't wait for the clock)."""
    store = h.client.service.store
    async with store.db.tx() as db:
        await db.execute("UPDATE outbox SET next_try_at = 0, created_at = 0 WHERE done_at IS NULL")


async def test_every_post_carries_its_rows_nonce(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    sent = await h.command(ALICE, "move", action="c3")
    assert reply_text(sent) == "Played `c3`."
    [board] = channel_posts(sent)
    rows = await h.client.service.store.outbox.rows(game_id)
    [row] = [r for r in rows if r["message_id"] and r["kind"] == "post" and r["arms"]][-1:]
    assert board.body["nonce"] == row["key"][:25] and board.body["enforce_nonce"] is True
    assert all(r["done_at"] is not None for r in rows)  # nothing left behind
    assert {r["outcome"] for r in rows} == {"sent"}


async def test_a_server_error_is_retried_and_the_board_arrives_once(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    store = h.client.service.store
    h.fake.post_errors.append(server_error())
    sent = await h.command(ALICE, "move", action="c3")
    assert reply_text(sent) == "Played `c3`."  # the move is kept and the player told so
    assert [p.body.get("nonce") for p in channel_posts(sent)] == [channel_posts(sent)[0].body["nonce"]]
    [pending] = await store.outbox.rows(game_id, pending=True)
    assert pending["attempts"] == 1 and "500" in pending["last_error"]
    # The next player's clock has not started: nobody told them yet.
    assert [t.armed for t in await store.timers.of_game(game_id)] == [False]

    await make_due(h)
    assert await h.client.pipeline.sweep() == 1
    [board] = channel_posts(h.fake.take())
    assert "<@202>" in board.content and board.body["nonce"] == pending["key"][:25]
    assert board.files  # drawn at delivery from the stored view
    assert await store.outbox.rows(game_id, pending=True) == []
    assert [t.armed for t in await store.timers.of_game(game_id)] == [True]
    assert await h.client.pipeline.sweep() == 0  # and only once


async def test_a_later_row_waits_for_an_earlier_one_in_its_channel(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    store = h.client.service.store
    h.fake.post_errors.append(server_error())
    await h.command(ALICE, "move", action="c3")  # its board fails
    sent = await h.command(BOB, "game", "abort")  # Bob is no moderator: refused, nothing stored
    assert "needs" in reply_text(sent)
    asked = [f for f in followups(await h.command(ALICE, "game", "abort", reason="testing"))
             if (f.body.get("flags") or 0) & 64][-1]
    [confirm, _cancel] = buttons(asked.body)
    await h.click(ALICE, confirm, message(asked))
    # The abort notice is stored; it may not overtake the board that failed.
    pending = await store.outbox.rows(game_id, pending=True)
    assert [r["kind"] for r in pending] == ["post", "post"]
    await make_due(h)
    await h.client.pipeline.sweep()
    posts = channel_posts(h.fake.take())
    assert ["<@202>" in p.content for p in posts] == [True, False]
    assert "aborted" in posts[1].content


async def test_a_refused_channel_falls_back_to_the_interaction(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    h.fake.read_only_channels.add(CHANNEL_ID)
    sent = await h.command(ALICE, "move", action="c3")
    assert reply_text(sent) == "Played `c3`."
    public = [f for f in followups(sent) if not (f.body.get("flags") or 0) & 64]
    assert len(public) == 1 and "<@202>" in public[0].content
    rows = await h.client.service.store.outbox.rows(game_id)
    assert rows[-1]["outcome"] == "fallback" and rows[-1]["message_id"]
    # The clock started: the ping reached the channel through the webhook.
    assert all(t.armed for t in await h.client.service.store.timers.of_game(game_id))


async def test_without_an_interaction_a_refused_post_is_given_up_but_kept(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    store = h.client.service.store
    h.fake.post_errors.append(server_error())
    await h.command(ALICE, "move", action="c3")
    h.fake.read_only_channels.add(CHANNEL_ID)
    await make_due(h)
    await h.client.pipeline.sweep()
    rows = await store.outbox.rows(game_id)
    assert rows[-1]["outcome"] == "failed" and "access" in rows[-1]["last_error"]
    assert len(rows) == len(await store.outbox.rows(game_id))  # rows are kept, never deleted
    # Given up still starts the clocks, so a deadline can step in.
    assert all(t.armed for t in await store.timers.of_game(game_id))


async def test_closed_dms_of_another_player_leave_a_notice(harness: Harness) -> None:
    h = harness
    h.fake.closed_dms.add(BOB.id)
    await h.command(ALICE, "game", "new", game="kahuna")  # hands go by DM at the start
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    reply_text(sent)
    notices = [p for p in channel_posts(sent) if "DMs" in p.content]
    assert len(notices) == 1 and "<@202>" in notices[0].content
    row = await h.client.service.store.games.active_game(CHANNEL_ID)
    dms = [r for r in await h.client.service.store.outbox.rows(row.id) if r["kind"] == "dm"]
    assert sorted(r["outcome"] for r in dms) == ["fallback", "sent"]


async def test_a_refusal_for_good_is_given_up_at_once_and_the_channel_goes_on(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    store = h.client.service.store
    h.fake.post_errors.append(discord.HTTPException(_Response(400, "Bad Request"),
                                                    {"code": 50035, "message": "Invalid Form Body"}))
    sent = await h.command(ALICE, "move", action="c3")
    assert reply_text(sent) == "Played `c3`."
    rows = await store.outbox.rows(game_id)
    assert rows[-1]["outcome"] == "failed" and "400" in rows[-1]["last_error"]
    assert await store.outbox.rows(game_id, pending=True) == []  # nothing blocks the channel
    sent = await h.command(BOB, "move", action="d4")
    assert [("<@101>" in p.content) for p in channel_posts(sent)] == [True]


async def test_an_unreadable_row_is_given_up_and_the_rest_delivered(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    store = h.client.service.store
    h.fake.post_errors.append(server_error())
    await h.command(ALICE, "move", action="c3")  # its board waits for a retry
    async with store.db.tx() as db:
        await db.execute("UPDATE outbox SET body = '{broken' WHERE done_at IS NULL")
    # Another channel's lobby, still to be posted.
    await h.client.service.lobby.new_game(Actor(user_id=ALICE.id, name="Alice", manage_channels=True),
                                    Place(guild_id=None, channel_id=CHANNEL_ID + 1), "aqualin")
    await make_due(h)
    assert await h.client.pipeline.sweep() == 1  # the lobby; the broken row was set aside
    rows = await store.outbox.rows(pending=True)
    assert rows == []
    assert [r["outcome"] for r in await store.outbox.rows(game_id)][-1] == "failed"


def test_claims_of_a_dead_process_on_this_host_are_released() -> None:
    me = f"{socket.gethostname()}:{os.getpid()}:aaaa"
    assert not dead_here(me, me)
    assert dead_here(f"{socket.gethostname()}:{os.getpid()}:bbbb", me)  # a predecessor, same pid
    assert not dead_here(f"{socket.gethostname()}:1:cccc", me) or not os.path.exists("/proc/1")
    assert dead_here(f"{socket.gethostname()}:{2 ** 22 + 7}:dddd", me)  # no such process
    assert not dead_here(f"another-host:{2 ** 22 + 7}:dddd", me)  # its lease runs out instead


async def test_what_a_dead_process_held_goes_out_at_start_up_without_the_grace(
        harness: Harness, monkeypatch) -> None:
    """Its writer is gone, so nobody else will deliver it: no reason to wait."""
    h = harness
    store = h.client.service.store
    monkeypatch.setattr(deliverer, "GRACE", 10 ** 9)  # the sweep alone would never take it
    await h.client.service.lobby.new_game(Actor(user_id=ALICE.id, name="Alice", manage_channels=True),
                                    Place(guild_id=GUILD_ID, channel_id=CHANNEL_ID), "aqualin")
    dead = f"{socket.gethostname()}:{2 ** 22 + 7}:dddd"  # no such process here
    [row] = await store.outbox.claim(owner=dead, now=h.client.service.clock(), lease=3600)
    h.client.pipeline.stop()
    await h.client.pipeline.start()  # as after a restart
    h.client._ready.set()  # type: ignore[union-attr]  # connected
    async def delivered() -> bool:
        return not await store.outbox.rows(pending=True)

    await eventually(delivered, "the row to be delivered")
    [done] = [r for r in await store.outbox.rows() if r["id"] == row.id]
    assert done["outcome"] == "sent" and done["message_id"]
