"""The transactional outbox at the service and store level (no Discord)."""

from __future__ import annotations

import asyncio

import pytest

from bot.messages import Art, DirectMessage, LobbyCard, MoveButton, Place, Post
from bot.store.envelopes import decode_dm, decode_post, encode_dm, encode_post
from bot.service import GameService
from bot.store import Store
from games.text import translator

from .conftest import ALICE, BOB, PLACE, FakeClock, sabotage_moves, sent_out

_ = translator("bot")


async def open_aqualin(service: GameService, options: str = "role=host-colour reminder=1h") -> None:
    """A started game whose messages were all delivered (as the console does)."""
    await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "aqualin", options))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))


async def pending(store: Store) -> list[dict]:
    return await store.outbox.rows(pending=True)


def test_posts_and_dms_round_trip_through_json() -> None:
    post = Post(text=_("{who}, your turn: {prompt}", who="<@202>", prompt=_("place a tile")),
                mention=(202,), is_board=True,
                buttons=(MoveButton(label=_("{seat}: {label}", seat="Bob", label="d4"), game_id=3,
                                    version=7, move="d4", seat=2, path=""),),
                art=Art(kind="board", game="aqualin", view={"board": [[None, "BJ"]]},
                        names={"1": "A"}, filename="aqualin-3-4.png"))
    back = decode_post(encode_post(post))
    assert back == post and back.text.msgid == post.text.msgid and back.text.params["prompt"].msgid
    lobby = Post(text="", lobby=LobbyCard(game_id=0, text=""))
    assert decode_post(encode_post(lobby)) == lobby
    dm = DirectMessage(user_id=5, text=_("hello"), fallback=_("closed"), art=None)
    assert decode_dm(encode_dm(dm)) == dm


async def test_every_change_stores_what_it_says(service: GameService, store: Store) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    [row] = await pending(store)
    assert row["kind"] == "post" and out.outbox == (row["key"],) and row["game_id"] == out.game_id
    joined = await service.lobby.join(BOB, PLACE)
    assert [r["kind"] for r in await store.outbox.rows(pending=True)][-1] == "lobby"
    started = await service.lobby.start(ALICE, PLACE)
    kinds = [r["kind"] for r in await store.outbox.rows() if r["key"] in started.outbox]
    assert kinds == ["post", "lobby"]
    board = next(r for r in await store.outbox.rows() if r["key"] == started.outbox[0])
    assert board["arms"] == 1 and board["version"] == (await store.games.active_game(PLACE.channel_id)).version
    # The stored post is the returned one, down to the buttons' version; no PNG is stored.
    assert decode_post(board["body"]) == started.posts[0]
    assert "png" not in str(board["body"]).lower().replace(".png", "")
    assert len({*out.outbox, *joined.outbox, *started.outbox}) == 4


async def test_a_failed_write_stores_no_message(service: GameService, store: Store) -> None:
    await open_aqualin(service)
    before = await store.outbox.rows()
    await sabotage_moves(store)
    with pytest.raises(Exception, match="disk on fire"):
        await service.play.move(ALICE, PLACE, "a1")
    assert await store.outbox.rows() == before  # the move and its board go together, or neither


async def test_turn_clocks_start_when_the_ping_is_delivered(service: GameService, store: Store,
                                                           clock: FakeClock) -> None:
    await open_aqualin(service)
    game = await store.games.active_game(PLACE.channel_id)
    moved = await service.play.move(ALICE, PLACE, "a1")  # saved now, not yet delivered
    [bobs] = await store.timers.of_game(game.id)
    assert bobs.player_id == str(BOB.user_id) and not bobs.armed
    clock.advance(2 * 3600)  # the bot was down for two hours
    assert await service.timers.fire_due() == []  # Bob was never told: nothing is due
    await sent_out(service, moved)  # the ping goes out now
    [bobs] = await store.timers.of_game(game.id)
    assert bobs.armed and bobs.due_at == clock.now + 3600 and bobs.turn_since == clock.now
    clock.advance(3600)
    [(_place, reminder)] = await service.timers.fire_due()
    assert reminder.posts[0].mention == (BOB.user_id,) and reminder.outbox


async def test_a_reminder_is_stored_with_the_timer_it_consumes(service: GameService, store: Store,
                                                              clock: FakeClock) -> None:
    await open_aqualin(service)
    clock.advance(3601)
    [(_place, out)] = await service.timers.fire_due()
    [row] = [r for r in await store.outbox.rows(pending=True)]
    assert row["key"] in out.outbox and row["arms"] == 0
    # Fired once: the timer was consumed in the same transaction (it comes back later).
    assert await service.timers.fire_due() == []


async def test_undelivered_rows_survive_a_restart_and_claims_expire(db_url, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 1)
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    [row] = await store.outbox.claim(owner="first", now=clock(), lease=60)
    await store.close()  # died while sending it

    store = await Store.open(db_url)
    assert await store.outbox.claim(owner="second", now=clock(), lease=60) == []  # still held
    assert [r.id for r in await store.outbox.claim(owner="second", now=clock() + 61, lease=60)] == [row.id]
    assert await store.outbox.release("second") == [row.key]
    [again] = await store.outbox.claim(owner="third", now=clock(), lease=60)
    assert again.key == row.key and again.nonce == row.key[:25]
    await store.outbox.done(again, now=clock(), outcome="sent", message_id=42)
    assert await store.outbox.claim(owner="third", now=clock() + 999, lease=60) == []
    assert (await store.outbox.rows())[0]["message_id"] == 42  # kept, marked, not deleted
    await store.close()


async def test_a_row_waits_for_an_earlier_row_of_its_channel(service: GameService, store: Store,
                                                            clock: FakeClock) -> None:
    first = await service.lobby.new_game(ALICE, PLACE, "aqualin")
    [row] = await store.outbox.claim(owner="a", now=clock(), lease=60, keys=first.outbox)
    await store.outbox.retry(row, now=clock(), at=clock() + 30, error="HTTP 503")
    joined = await service.lobby.join(BOB, PLACE)
    # Neither by its key nor in a sweep may the lobby edit go before the lobby post.
    assert await store.outbox.claim(owner="a", now=clock(), lease=60, keys=joined.outbox) == []
    assert await store.outbox.claim(owner="a", now=clock(), lease=60) == []
    later = await store.outbox.claim(owner="a", now=clock() + 31, lease=60)
    assert [r.kind for r in later] == ["post", "lobby"]


async def test_two_processes_never_claim_the_same_row(db_url, clock: FakeClock) -> None:
    first = await Store.open(db_url)
    second = await Store.open(db_url)  # another process on the same database
    try:
        service = GameService(first, clock=clock, new_seed=lambda: 1)
        for channel in range(5):
            await service.lobby.new_game(ALICE, Place(guild_id=PLACE.guild_id, channel_id=channel),
                                   "aqualin")
        a, b = await asyncio.gather(
            first.outbox.claim(owner="a", now=clock(), lease=60, limit=3),
            second.outbox.claim(owner="b", now=clock(), lease=60, limit=3),
        )
        assert len(a) + len(b) == 5 and not {r.id for r in a} & {r.id for r in b}
    finally:
        await first.close()
        await second.close()
