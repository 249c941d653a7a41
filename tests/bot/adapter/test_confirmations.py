"""``/game resign`` and ``/game abort`` ask first: an ephemeral question with Confirm and Cancel."""

from __future__ import annotations

from bot.adapter.buttons import ConfirmButton

from .conftest import BotFactory
from .fake_discord import Harness, Sent, buttons
from .test_commands import (ALICE, BOB, CAROL, EPHEMERAL, callbacks, channel_posts, followups, message,
                            open_lobby, reply_text)


async def started(h: Harness) -> int:
    game_id, _ = await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")
    return game_id


def question(sent: list[Sent]) -> Sent:
    """The private question, with its two buttons; nothing public was sent."""
    reply_text(sent)
    assert not channel_posts(sent)
    [asked] = [f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL]
    return asked


async def status_of(h: Harness, game_id: int) -> str:
    row = await h.client.service.store.games.get(game_id)
    return row.status


def update(sent: list[Sent]) -> Sent:
    """The button's answer that rewrites the question's message (type 7, UPDATE_MESSAGE)."""
    [callback] = callbacks(sent)
    assert callback.body["type"] == 7
    return callback


async def test_resign_asks_and_only_confirm_resigns(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    asked = question(await h.command(BOB, "game", "resign"))
    assert asked.content == "Resign from this Aqualin game? This can't be undone."
    assert buttons(asked.body) == [f"ok:resign:{game_id}:{BOB.id}", f"no:{BOB.id}"]
    assert await status_of(h, game_id) == "running"

    # Only Bob may answer (his question is ephemeral, but a custom_id can be replayed).
    sent = await h.click(CAROL, f"ok:resign:{game_id}:{BOB.id}", message(asked))
    [refused] = callbacks(sent)
    assert refused.body["type"] == 4 and refused.body["data"]["flags"] & EPHEMERAL
    assert "Only the person who asked" in refused.body["data"]["content"]
    assert await status_of(h, game_id) == "running" and not channel_posts(sent)

    sent = await h.click(BOB, f"ok:resign:{game_id}:{BOB.id}", message(asked))
    assert update(sent).body["data"]["components"] == []  # the question loses its buttons
    [post] = channel_posts(sent)
    assert "resigned" in post.content and "Game over" in post.content
    [done] = [f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL]
    assert done.content == "You resigned."
    assert await status_of(h, game_id) == "finished"


async def test_cancel_changes_nothing(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    asked = question(await h.command(BOB, "game", "resign"))
    sent = await h.click(BOB, f"no:{BOB.id}", message(asked))
    data = update(sent).body["data"]
    assert data["content"] == "Nothing changed." and data["components"] == []
    assert not channel_posts(sent) and await status_of(h, game_id) == "running"


async def test_refusals_come_at_once_without_a_question(harness: Harness) -> None:
    h = harness
    await started(h)
    sent = await h.command(CAROL, "game", "resign")
    assert "not playing" in reply_text(sent) and not buttons(followups(sent)[0].body)
    sent = await h.command(BOB, "game", "abort", reason="bored")
    assert "Manage Channels" in reply_text(sent) and not buttons(followups(sent)[0].body)


async def test_abort_carries_its_reason_through_the_confirmation(harness: Harness) -> None:
    h = harness
    game_id = await started(h)
    asked = question(await h.command(ALICE, "game", "abort", reason="Bob   had to  leave"))
    assert "Abort this Aqualin game?" in asked.content and "Reason: Bob had to leave" in asked.content
    confirm = f"ok:abort:{game_id}:{ALICE.id}:Bob had to leave"
    assert buttons(asked.body) == [confirm, f"no:{ALICE.id}"]
    sent = await h.click(ALICE, confirm, message(asked))
    [post] = channel_posts(sent)
    assert "aborted by **Alice**: Bob had to leave" in post.content
    assert await status_of(h, game_id) == "aborted"


async def test_a_stale_confirmation_does_nothing_to_the_next_game(harness: Harness) -> None:
    h = harness
    first = await started(h)
    asked = question(await h.command(BOB, "game", "resign"))
    # Meanwhile a moderator aborts that game and a new one starts in the channel.
    abort = question(await h.command(ALICE, "game", "abort"))
    await h.click(ALICE, buttons(abort.body)[0], message(abort))
    second = await started(h)
    assert second != first
    sent = await h.click(BOB, f"ok:resign:{first}:{BOB.id}", message(asked))
    assert not channel_posts(sent)
    [answer] = [f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL]
    assert "earlier game" in answer.content
    assert await status_of(h, second) == "running"


async def test_a_confirmation_survives_a_restart(start_bot: BotFactory) -> None:
    h = await start_bot()
    game_id = await started(h)
    asked = question(await h.command(BOB, "game", "resign"))
    again = await start_bot()  # a new process on the same database
    sent = await again.click(BOB, buttons(asked.body)[0], message(asked))
    assert "resigned" in channel_posts(sent)[0].content
    assert (await again.client.service.store.games.get(game_id)).status == "finished"


def test_custom_ids_fit_discord_limits() -> None:
    widest = ConfirmButton("abort", 10 ** 19 - 1, 10 ** 20 - 1, "x" * 300)
    assert len(widest.custom_id) == 100
    assert ConfirmButton.__discord_ui_compiled_template__.fullmatch(widest.custom_id)


async def test_aborting_a_lobby_asks_too(harness: Harness) -> None:
    h = harness
    game_id, _ = await open_lobby(h)
    asked = question(await h.command(ALICE, "game", "abort"))
    assert "Abort this Aqualin lobby?" in asked.content and "no reason given" in asked.content
    assert await status_of(h, game_id) == "lobby"
