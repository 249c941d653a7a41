"""End to end, section "secrets and smaller holes": the real ``python -m bot`` process.

Debug logging without interaction tokens, resign and abort behind a confirmation, durations
with spaces, and a seated moderator's kick.
"""

from __future__ import annotations

import re

from .conftest import BotProcess
from .emulator import TOKEN, Emulator
from .test_bot_e2e import confirm, last_public, open_and_start, play_turn, reply_text, seated

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def status_in_db(bot: BotProcess, channel: int) -> list[tuple[str, str | None]]:
    return bot.sql("SELECT status, result FROM games WHERE channel_id = ? ORDER BY id", (channel,))


async def test_debug_logging_never_writes_interaction_tokens(emulator: Emulator, bot: BotProcess) -> None:
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    bot.env["LOG_LEVEL"] = "DEBUG"
    await bot.start()
    await open_and_start(emulator, channel, alice, bob)
    await play_turn(emulator, channel, {alice.id: alice, bob.id: bob})
    asked = await emulator.slash(bob, "game resign", channel)
    assert "resigned" in (await confirm(emulator, bob, asked)).lower()
    await bot.stop()
    logs = ANSI.sub("", bot.logs())
    assert " DEBUG " in logs  # debug logging is on...
    tokens = [r.token for r in emulator.interactions.values()]
    assert len(tokens) >= 6
    assert not [t for t in tokens if t in logs]  # ...but no interaction token reached it
    assert TOKEN not in logs
    for name in ("discord.http", "discord.webhook", "discord.gateway"):
        assert not [line for line in logs.splitlines() if " DEBUG " in line and f" {name}" in line], name


async def test_resign_and_abort_ask_first(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel, alice, bob, players = await seated(emulator, bot)
    before = len(emulator.public_messages(channel))
    asked = await emulator.slash(bob, "game resign", channel)
    assert reply_text(asked) == "Resign from this Aqualin game? This can't be undone."
    cancel = await emulator.click(bob, asked.reply, asked.reply.custom_ids()[1])
    assert cancel.callback["type"] == 7 and asked.reply.content == "Nothing changed."
    assert len(emulator.public_messages(channel)) == before
    assert status_in_db(bot, channel) == [("running", None)]

    asked = await emulator.slash(alice, "game abort", channel, reason="rematch with other rules")
    assert "Abort this Aqualin game?" in reply_text(asked) and "rematch with other rules" in reply_text(asked)
    assert len(emulator.public_messages(channel)) == before
    assert await confirm(emulator, alice, asked) == "The game was aborted."
    await emulator.until(lambda: "rematch with other rules" in last_public(emulator, channel).content,
                         what="the public abort post")
    assert status_in_db(bot, channel) == [("aborted", None)]


async def test_durations_with_spaces_and_absurd_ones(emulator: Emulator, bot: BotProcess) -> None:
    # A bot of its own: it changes the server's settings, which a shared bot's other tests use.
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    await bot.start()
    for absurd in ("99999999999d", "1" + "0" * 150 + "s", "1e400s", "-5h"):
        record = await emulator.slash(alice, "game new", channel, game="aqualin", options=f"deadline={absurd}")
        text = reply_text(record)
        assert "turn deadline" in text and "went wrong" not in text
    assert status_in_db(bot, channel) == []
    record = await emulator.slash(alice, "game new", channel, game="aqualin",
                                  options="deadline=1d 6h reminder=12h")
    assert "lobby is open" in reply_text(record)
    assert "deadline: 1 d 6 h" in last_public(emulator, channel).content
    record = await emulator.slash(alice, "game config", channel, deadline="1d 6h")
    assert "Turn deadline: 1 d 6 h" in reply_text(record)


async def test_a_seated_moderator_cannot_win_by_kicking(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel, alice, bob, players = await seated(emulator, bot)
    # ``slash`` takes the invoker as ``user``, so the option of that name goes in by hand.
    data = emulator._command_data("game kick", {"user": str(bob.id)}, None)
    member = {k: v for k, v in bob.member().items() if k != "user"}
    data["resolved"] = {"users": {str(bob.id): bob.payload()}, "members": {str(bob.id): member}}
    record = await emulator.finish(await emulator.send(emulator._interaction(alice, 2, data, channel)))
    assert "without a result" in reply_text(record)
    post = last_public(emulator, channel)
    assert "ended without a result" in post.content and "wins" not in post.content
    assert status_in_db(bot, channel) == [("aborted", None)]
