"""The delivery pipeline with a sender that fails on cue: order per channel, retries, the
fallbacks, leases, and the answer last. No Discord: any front end gets the same behaviour."""

from __future__ import annotations

from typing import Any

import pytest

from bot.delivery import pipeline as pipeline_module
from bot.delivery.pipeline import GRACE, LEASE, Pipeline
from bot.delivery.recorder import Recorder
from bot.delivery.sender import Posted, Refused, Rejected, Transient
from bot.messages import Attachment, Place, Post
from bot.service import GameService
from bot.store import Store

from ..conftest import ALICE, BOB, PLACE, FakeClock

class Flaky(Recorder):
    """A recorder that fails the next calls of a kind, as told."""

    def __init__(self) -> None:
        super().__init__()
        self.fail: dict[str, list[Exception]] = {}

    def _maybe_fail(self, kind: str) -> None:
        queue = self.fail.get(kind)
        if queue:
            raise queue.pop(0)

    async def post(self, place: Place, post: Post, lang: str, nonce: str | None) -> Posted:
        self._maybe_fail("post")
        return await super().post(place, post, lang, nonce)

    async def dm(self, user_id: int, text: Any, image: Attachment | None, lang: str,
                 nonce: str | None, silent: bool = False) -> int:
        self._maybe_fail("dm")
        return await super().dm(user_id, text, image, lang, nonce, silent)

    async def open_thread(self, place: Place, message_id: int, name: str) -> int:
        self._maybe_fail("thread")
        return await super().open_thread(place, message_id, name)


async def pending(store: Store) -> list[dict]:
    return await store.outbox.rows(pending=True)


async def started_with(service: GameService, failure: Exception) -> tuple[Flaky, Pipeline, Any]:
    """A full lobby delivered, then the start, whose board post fails with ``failure``."""
    sender = Flaky()
    pipe = Pipeline(service, sender)
    await full_lobby(service, pipe)
    sender.fail["post"] = [failure]
    started = await service.lobby.start(ALICE, PLACE)
    await pipe.deliver(started, PLACE)
    return sender, pipe, started


async def full_lobby(service: GameService, pipe: Pipeline, game: str = "aqualin") -> None:
    """Alice's lobby with Bob in it, delivered; the sender forgets it."""
    await pipe.deliver(await service.lobby.new_game(ALICE, PLACE, game, ""), PLACE)
    await pipe.deliver(await service.lobby.join(BOB, PLACE), PLACE)
    pipe.courier.sender.take()  # type: ignore[attr-defined]


async def test_an_outcome_goes_out_in_order_and_the_answer_comes_last(service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "")
    await pipe.deliver(out, PLACE, sender.answer(PLACE.channel_id, ALICE.user_id))
    kinds = [s.kind for s in sender.sent]
    assert kinds == ["post", "reply"]
    assert sender.sent[0].nonce == out.outbox[0]  # a resend returns the same message
    assert (await service.store.games.get(out.game_id)).lobby_message_id == sender.sent[0].message_id
    assert not await pending(service.store)


async def test_a_transient_failure_holds_back_its_channel_until_it_goes_through(
        service: GameService, clock: FakeClock) -> None:
    sender, pipe, started = await started_with(service, Transient("HTTP 503"))
    assert sender.take() == []  # the board failed, and the lobby edit waits behind it
    rows = {r["key"]: r for r in await pending(service.store)}
    assert set(started.outbox) <= set(rows)
    assert rows[started.outbox[0]]["attempts"] == 1 and "503" in rows[started.outbox[0]]["last_error"]
    assert await pipe.sweep(grace=0) == 0  # not due before its backoff
    clock.advance(GRACE + 5)
    assert await pipe.sweep() == len(started.outbox)
    assert [s.kind for s in sender.take()] == ["post", "lobby"]  # in the order written
    assert not await pending(service.store)


async def test_a_refusal_for_good_fails_the_row_and_the_rest_go_on(service: GameService) -> None:
    sender, _pipe, started = await started_with(service, Rejected("HTTP 400 (code 50035): Invalid Form Body"))
    assert [s.kind for s in sender.take()] == ["lobby"]
    done = {r["key"]: r for r in await service.store.outbox.rows()}
    assert done[started.outbox[0]]["outcome"] == "failed" and "400" in done[started.outbox[0]]["last_error"]
    assert not await pending(service.store)


async def test_a_channel_that_refuses_is_answered_through_the_interaction(service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    sender.fail["post"] = [Refused("HTTP 403 (code 50013): Missing Permissions")]
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "")
    await pipe.deliver(out, PLACE, sender.answer(PLACE.channel_id, ALICE.user_id))
    assert [s.kind for s in sender.sent] == ["reply", "public"]  # after the private reply
    [row] = await service.store.outbox.rows()
    assert row["outcome"] == "fallback" and row["message_id"] == sender.sent[1].message_id
    # The lobby message is known, so its buttons and edits work.
    assert (await service.store.games.get(out.game_id)).lobby_message_id == sender.sent[1].message_id


async def test_with_nobody_to_answer_a_refusing_channel_fails_the_row(service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    sender.fail["post"] = [Refused("HTTP 403")]
    await pipe.deliver(await service.lobby.new_game(ALICE, PLACE, "aqualin", ""), PLACE)
    [row] = await service.store.outbox.rows()
    assert row["outcome"] == "failed" and "access" in row["last_error"]


async def test_closed_dms_of_the_asker_come_back_privately(service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    await full_lobby(service, pipe, "kahuna")
    sender.fail["dm"] = [Refused("HTTP 403 (code 50007)")]  # the first hand: Alice's
    await pipe.deliver(await service.lobby.start(ALICE, PLACE), PLACE,
                       sender.answer(PLACE.channel_id, ALICE.user_id))
    sent = sender.take()
    private = [s for s in sent if s.kind == "private"]
    assert len(private) == 1 and private[0].user_id == ALICE.user_id and private[0].image is not None
    assert "couldn't send you a DM" in str(private[0].text)
    assert [s.user_id for s in sent if s.kind == "dm"] == [BOB.user_id]
    assert not [s for s in sent if s.kind == "say"]  # the asker is told, not the channel


async def test_a_thread_that_cannot_be_opened_leaves_the_game_in_its_channel(
        service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    sender.fail["thread"] = [Refused("HTTP 403 (code 50013)")]
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "", thread=True)
    await pipe.deliver(out, PLACE)
    assert [s.kind for s in sender.take()] == ["post", "say"]  # the lobby, then why no thread
    assert (await service.store.games.get(out.game_id)).thread_id is None
    await pipe.deliver(await service.lobby.join(BOB, PLACE), PLACE)
    await pipe.deliver(await service.lobby.start(ALICE, PLACE), PLACE)
    [board] = [s for s in sender.take() if s.kind == "post"]
    assert board.place == PLACE and board.image is not None


async def test_a_game_with_a_thread_posts_there_and_its_channel_keeps_the_result(
        service: GameService) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender)
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "", thread=True)
    await pipe.deliver(out, PLACE)
    await pipe.deliver(await service.lobby.join(BOB, PLACE), PLACE)
    await pipe.deliver(await service.lobby.start(ALICE, PLACE), PLACE)
    thread = (await service.store.games.get(out.game_id)).thread_id
    assert thread is not None
    sender.take()
    await pipe.deliver(await service.play.resign(BOB, PLACE), PLACE)
    posts = [s for s in sender.take() if s.kind == "post"]
    assert [p.place.channel_id for p in posts] == [thread, PLACE.channel_id]
    assert f"<#{thread}>" in str(posts[1].text) and "is over" in str(posts[1].text)


async def test_a_row_whose_claim_ran_out_is_left_to_who_took_it(
        service: GameService, clock: FakeClock) -> None:
    slow, quick = Flaky(), Flaky()
    first, second = Pipeline(service, slow), Pipeline(service, quick)
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "")
    now = clock()
    rows = await service.store.outbox.claim(owner=first.owner, now=now, lease=LEASE, keys=out.outbox)
    clock.advance(LEASE + 1)  # the first deliverer stalled; its lease ran out
    assert await second.sweep() == 1
    await first.deliver_rows(rows, claimed=now)
    assert len(quick.sent) == 1 and slow.sent == []  # posted once


async def test_words_stored_nowhere_take_the_same_way(service: GameService) -> None:
    """A replay is a ready-made file, posted where it was asked for; a refusing channel hears
    it through the interaction as any post does."""
    sender = Flaky()
    pipe = Pipeline(service, sender)
    for outcome in (await service.lobby.new_game(ALICE, PLACE, "aqualin", ""),
                    await service.lobby.join(BOB, PLACE), await service.lobby.start(ALICE, PLACE),
                    await service.play.resign(BOB, PLACE)):
        await pipe.deliver(outcome, PLACE)
    sender.take()
    replay = await service.history.replay_animation(ALICE, PLACE, None)
    assert not replay.outbox
    sender.fail["post"] = [Refused("HTTP 403")]
    await pipe.deliver(replay, PLACE, sender.answer(PLACE.channel_id, ALICE.user_id))
    sent = sender.take()
    assert [s.kind for s in sent] == ["reply", "public"]
    assert sent[1].image is not None and sent[1].image.filename.endswith(".gif")
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.replay_message_id == sent[1].message_id  # the next ask links to it


async def test_delivered_rows_are_pruned_after_the_retention_and_pending_ones_never(
        service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    sender = Flaky()
    pipe = Pipeline(service, sender, retention=86400)
    await pipe.deliver(await service.lobby.new_game(ALICE, PLACE, "aqualin", ""), PLACE)
    await pipe.deliver(await service.lobby.join(BOB, PLACE), PLACE)
    old = {r["key"] for r in await service.store.outbox.rows()}
    clock.advance(86400 + 1)
    sender.fail["post"] = [Transient("HTTP 502")]
    started = await service.lobby.start(ALICE, PLACE)  # its board fails: it stays pending
    await pipe.deliver(started, PLACE)
    monkeypatch.setattr(pipeline_module, "PRUNE_BATCH", 1)  # one row per transaction
    assert await pipe.prune() == len(old)
    left = {r["key"] for r in await service.store.outbox.rows()}
    assert not left & old and set(started.outbox) <= left
    clock.advance(10 * 86400)
    assert await pipe.prune() == 0  # the pending ones stay, however old
    assert await Pipeline(service, sender, retention=None).prune() == 0


async def test_a_copy_of_a_hand_that_fails_to_go_by_dm_comes_back_privately(
        service: GameService) -> None:
    """Words stored nowhere can't be tried again: any failure takes the fallback at once."""
    sender = Flaky()
    pipe = Pipeline(service, sender)
    await full_lobby(service, pipe, "kahuna")
    await pipe.deliver(await service.lobby.start(ALICE, PLACE), PLACE)
    sender.take()
    copy = await service.looking.hand(ALICE, PLACE, dm=True)
    assert not copy.outbox
    sender.fail["dm"] = [Transient("HTTP 503")]
    await pipe.deliver(copy, PLACE, sender.answer(PLACE.channel_id, ALICE.user_id))
    kinds = [s.kind for s in sender.take()]
    assert kinds == ["reply", "private"]
