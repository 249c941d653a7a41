"""Chess clocks through the real command tree: the option, the ran-out notice with its
persistent Wait button (in the channel's language), the clock in status and above the board."""

from __future__ import annotations

import io

from PIL import Image

from bot.adapter.buttons import WaitButton
from bot.adapter.timer_loop import fire_once

from .conftest import BotFactory
from .fake_discord import CHANNEL_ID, Harness, buttons
from .test_commands import (ALICE, BOB, CAROL, assert_safe_mentions, channel_posts, followups, message,
                            reply_text)

HOUR = 3600


async def clocked_game(h: Harness, options: str = "clock=12h+1h on-deadline=skip reminder=off",
                       channel_id: int = CHANNEL_ID) -> int:
    sent = await h.command(ALICE, "game", "new", channel_id=channel_id, game="kahuna", options=options)
    [lobby] = channel_posts(sent)
    game_id = int(buttons(lobby.body)[0].rsplit(":", 1)[1])
    await h.command(BOB, "game", "join", channel_id=channel_id)
    await h.command(ALICE, "game", "start", channel_id=channel_id)
    return game_id


def later(h: Harness, seconds: float = 0) -> None:
    """Stop the bot's clock ``seconds`` on from now (the timer loop and the deliverer ask the
    service what time it is)."""
    now = h.client.service.clock()
    h.client.service.clock = lambda: now + seconds


async def test_a_bad_clock_is_refused_and_nothing_opens(harness: Harness) -> None:
    h = harness
    sent = await h.command(ALICE, "game", "new", game="kahuna", options="clock=3 days")
    assert "could not read the option" in reply_text(sent).lower() and not channel_posts(sent)
    sent = await h.command(ALICE, "game", "new", game="kahuna", options="clock=3d+1")
    assert "is not a clock" in reply_text(sent) and "clock=3d+1d" in reply_text(sent)
    assert not channel_posts(sent)


async def test_the_status_and_the_board_show_the_clocks(harness: Harness) -> None:
    h = harness
    later(h)  # no time passes while we look
    await clocked_game(h)
    text = reply_text(await h.command(CAROL, "game", "status"))
    assert "Clock 12 h + 1 h (then: skip): **Alice** 12 h · **Bob** ⏳ 12 h" in text
    sent = await h.command(CAROL, "game", "board")
    [shown] = [f for f in followups(sent) if f.files]
    with_clock = Image.open(io.BytesIO(shown.files[0][1]))
    await clocked_game(h, "reminder=off", CHANNEL_ID + 1)  # the same game without a clock
    sent = await h.command(CAROL, "game", "board", channel_id=CHANNEL_ID + 1)
    [shown] = [f for f in followups(sent) if f.files]
    bare = Image.open(io.BytesIO(shown.files[0][1]))
    assert with_clock.width == bare.width and with_clock.height > bare.height


async def test_a_bank_runs_out_and_the_others_may_wait(start_bot: BotFactory) -> None:
    h = await start_bot()
    h.guild_locale = "de"  # the channel speaks German, the players' clients English
    game_id = await clocked_game(h)
    h.fake.take()
    later(h, 12 * HOUR)
    assert await fire_once(h.client) == 1
    [notice] = channel_posts(h.fake.take())
    assert "deine Bedenkzeit ist abgelaufen" in notice.content
    assert "In 1 Std. wird dein Zug übersprungen" in notice.content
    assert_safe_mentions(notice, {BOB.id})
    assert buttons(notice.body) == [f"wait:{game_id}:{BOB.id}"]
    [button] = notice.body["components"][0]["components"]
    assert button["label"] == "Auf Bob warten"
    assert WaitButton.__discord_ui_compiled_template__.fullmatch(f"wait:{game_id}:{ALICE.id}#2")

    h = await start_bot()  # a restart in between: the button still works
    h.guild_locale = "de"
    later(h, 12 * HOUR + 60)
    sent = await h.click(BOB, f"wait:{game_id}:{BOB.id}", message(notice))
    assert "für die anderen Spieler" not in reply_text(sent)  # Bob's client speaks English
    assert "you can simply make your move" in reply_text(sent) and not channel_posts(sent)
    sent = await h.click(ALICE, f"wait:{game_id}:{BOB.id}", message(notice))
    assert reply_text(sent) == "You chose to wait for **Bob**."
    [post] = channel_posts(sent)
    assert "**Alice** möchte auf **Bob** warten" in post.content
    later(h, 3 * 24 * HOUR)
    assert await fire_once(h.client) == 0  # the skip was called off
    assert await h.client.service.store.games.moves(game_id) == []
    sent = await h.click(CAROL, f"wait:{game_id}:{BOB.id}", message(notice))
    assert "Only the other players or a moderator" in reply_text(sent)


async def test_nobody_waits_and_the_turn_is_passed(harness: Harness) -> None:
    h = harness
    game_id = await clocked_game(h)
    later(h, 12 * HOUR)
    assert await fire_once(h.client) == 1
    h.fake.take()
    later(h, 13 * HOUR)
    assert await fire_once(h.client) == 1
    [post] = channel_posts(h.fake.take())
    assert "their turn was passed" in post.content and "<@101>, your turn" in post.content
    assert [m.kind for m in await h.client.service.store.games.moves(game_id)] == ["skip"]
