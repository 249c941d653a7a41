"""A player's day across places, with the real bot process: ``/turns`` over two servers and a
group DM, and quiet hours that hold a ping back and deliver it once when they end (a restart
sends nothing twice; two shard processes on PostgreSQL neither), and the daily digest."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import datetime, timezone

import pytest

from bot.adapter.timer_loop import TICK

from .conftest import BOTH_BACKENDS, BotProcess, Bots
from .emulator import Emulator, Message, User
from .test_bot_e2e import last_public, lobby_of, reply_text


async def two_of_us(emu: Emulator, bot: BotProcess) -> tuple[int, User, User]:
    """A channel, Alice (a moderator) and Bob, and the bot started."""
    channel = emu.add_channel()
    alice = emu.add_user("Alice", moderator=True)
    bob = emu.add_user("Bob")
    await bot.start()
    return channel, alice, bob


async def opened(emu: Emulator, bot: BotProcess, channel: int, host: User, guest: User,
                 options: str) -> int:
    """An Aqualin game with the host to move first, started through its lobby's buttons (in a
    group DM, where the lobby is an answer, by commands); its number."""
    record = await emu.slash(host, "game new", channel, game="aqualin", options=f"role=host-colour {options}")
    assert "lobby is open" in reply_text(record)
    if channel in emu.group_dms:
        await emu.slash(guest, "game join", channel)
        started = await emu.slash(host, "game start", channel)
        assert "started" in reply_text(started)
    else:
        lobby, game_id = lobby_of(emu, channel)
        await emu.click(guest, lobby, f"lobby:join:{game_id}")
        await emu.click(host, lobby, f"lobby:start:{game_id}")
    [(game_id,)] = bot.sql("SELECT id FROM games WHERE channel_id = ? AND status = 'running'", (channel,))
    return int(game_id)


async def test_turns_spans_two_servers_and_a_group_dm_in_order(emulator: Emulator,
                                                               bot: BotProcess) -> None:
    emu = emulator
    reef = emu.add_guild("Reef", shard=0, of=1)
    alice = emu.add_user("Alice", moderator=True)
    bob = emu.add_user("Bob")
    reef.members.update({alice.id, bob.id})
    tide, side, far = emu.add_channel(), emu.add_channel(), emu.add_channel(reef)
    chat = emu.add_group_dm(alice, bob)
    await bot.start()
    slow = await opened(emu, bot, tide, alice, bob, "deadline=3h")
    fast = await opened(emu, bot, far, alice, bob, "deadline=1h")
    free = await opened(emu, bot, chat, alice, bob, "")
    theirs = await opened(emu, bot, side, alice, bob, "deadline=2h")
    await emu.slash(alice, "move", side, action="a1")  # now Bob's turn there
    asked = await emu.slash(alice, "turns", chat)
    answer = asked.reply
    assert answer is not None and answer.ephemeral and answer.pinged_users == set()
    mine, waiting = answer.content.split("Waiting for others")
    assert listed_in(mine) == [fast, slow, free]  # the nearest deadline first
    assert listed_in(waiting) == [theirs]
    assert f"<#{far}> on Reef" in mine and "group DM" in mine and "waiting for **Bob**" in waiting
    due = {int(g): float(t) for g, t in bot.sql(
        "SELECT t.game_id, t.due_at FROM timers t JOIN seats s ON s.game_id = t.game_id"
        " AND s.player_id = t.player_id WHERE t.kind = 'deadline' AND s.user_id = ?", (alice.id,))}
    assert f"deadline <t:{int(due[fast])}:R>" in mine
    assert answer.custom_ids() == [f"look:{g}" for g in (fast, slow, free, theirs)]
    looked = await emu.click(bob, answer, f"look:{fast}")  # Bob presses a button he never got
    assert "no seat" not in reply_text(looked)  # he plays there: his own view
    assert looked.reply is not None and looked.reply.attachments
    # the bot never tried to post in the group DM itself (it may only answer there)
    assert [r for r in emu.requests if r[0] == "POST" and r[1].endswith(f"/channels/{chat}/messages")] == []


def listed_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"#(\d+)\]", text)]


def quiet_now() -> str:
    """Quiet hours (UTC) that hold this minute and end in an hour."""
    now = datetime.now(timezone.utc)
    start = (now.hour * 60 + now.minute - 60) % 1440
    end = (now.hour * 60 + now.minute + 60) % 1440
    return f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"


#: What a bot process logs once its first timer pass after start-up is done.
CHECKED = "timers checked after start-up"


def greetings(emu: Emulator, channel: int) -> list[Message]:
    return [m for m in emu.public_messages(channel) if m.content.startswith("🌅")]


async def end_quiet_hours(bot: BotProcess, user: User) -> None:
    """Their quiet hours end now (as if the hour had passed): what was held is due."""
    minute = datetime.now(timezone.utc).hour * 60 + datetime.now(timezone.utc).minute
    bot.sql("UPDATE person_clocks SET release_at = ?, quiet_to = ? WHERE user_id = ?"
            " AND release_at IS NOT NULL", (time.time() - 1, minute, user.id))


@BOTH_BACKENDS
async def test_quiet_hours_hold_a_ping_and_deliver_it_once_across_a_restart(emulator: Emulator,
                                                                            bot: BotProcess) -> None:
    emu = emulator
    channel, alice, bob = await two_of_us(emu, bot)
    set_up = await emu.slash(bob, "game notify", channel, timezone="UTC", quiet=quiet_now())
    assert "Quiet hours" in reply_text(set_up)
    game_id = await opened(emu, bot, channel, alice, bob, "")
    await emu.slash(alice, "move", channel, action="a1")
    board = last_public(emu, channel)
    assert f"<@{bob.id}>, your turn" in board.content and board.pinged_users == set()  # named, not pinged
    assert emu.dms_to(bob) == []
    await end_quiet_hours(bot, bob)
    await emu.until(lambda: greetings(emu, channel), what="the held ping")
    [told] = greetings(emu, channel)
    assert told.pinged_users == {bob.id} and f"#{game_id}" in told.content
    passes = bot.logs().count(CHECKED)
    await bot.stop()
    await bot.start()
    await emu.until(lambda: bot.logs().count(CHECKED) > passes, what="the restarted bot's first timer pass")
    assert len(greetings(emu, channel)) == 1  # not again after the restart
    assert bot.sql("SELECT COUNT(*) FROM held_notices")[0][0] == 0


@pytest.mark.parametrize("bot_env", ["postgres"], indirect=True)
async def test_two_shard_processes_release_held_notices_and_digests_once(emulator: Emulator, bots: Bots) -> None:
    """Either process may release them (and send a digest); the one that claims first does,
    the other finds nothing: one DM each, after both timer loops have looked again."""
    emu = emulator
    emu.shard_count = 2
    other = emu.add_guild("Other shard", shard=1, of=2)
    alice = emu.add_user("Alice", moderator=True)
    bob = emu.add_user("Bob")
    other.members.update({alice.id, bob.id})
    here, there = emu.add_channel(), emu.add_channel(other)
    first = bots("shard0", SHARD_COUNT="2", SHARD_IDS="0")
    second = bots("shard1", SHARD_COUNT="2", SHARD_IDS="1")
    await first.start()
    await second.start()
    await emu.slash(bob, "game notify", here, where="dm", quiet=quiet_now(), digest="08:00")
    for channel in (here, there):
        await opened(emu, first, channel, alice, bob, "")
        await emu.slash(alice, "move", channel, action="a1")
    assert emu.dms_to(bob) == []
    await end_quiet_hours(first, bob)
    # and the digest is due (out of the quiet hours that just ended)
    first.sql("UPDATE person_clocks SET digest_due = ? WHERE user_id = ?", (time.time() - 1, bob.id))
    await emu.until(lambda: len(emu.dms_to(bob)) >= 2, what="the gathered DM and the digest")
    await asyncio.sleep(TICK + 1)  # both loops have looked since (neither waits longer)
    released, digest = sorted(emu.dms_to(bob), key=lambda m: not m.content.startswith("🌅"))
    assert released.content.startswith("🌅 Your quiet hours are over") and released.content.count("**Aqualin**") == 2
    assert digest.content.startswith("📬 Your daily digest: it's your turn in 2 games.")


@BOTH_BACKENDS
async def test_the_daily_digest_comes_once_and_not_again_after_a_restart(emulator: Emulator,
                                                                         bot: BotProcess) -> None:
    emu = emulator
    channel, alice, bob = await two_of_us(emu, bot)
    chosen = await emu.slash(bob, "game notify", channel, timezone="Europe/Copenhagen", digest="08:00")
    assert "Daily digest at 08:00 your time" in reply_text(chosen)
    game_id = await opened(emu, bot, channel, alice, bob, "deadline=1d")
    await emu.slash(alice, "move", channel, action="a1")
    bot.sql("UPDATE person_clocks SET digest_due = ? WHERE user_id = ?", (time.time() - 1, bob.id))
    await emu.until(lambda: emu.dms_to(bob), what="the digest")
    [dm] = emu.dms_to(bob)
    assert dm.content.startswith("📬 Your daily digest: it's your turn in 1 game.")
    assert f"Aqualin #{game_id}]" in dm.content and "deadline <t:" in dm.content
    [(due,)] = bot.sql("SELECT digest_due FROM person_clocks WHERE user_id = ?", (bob.id,))
    assert 0 < float(due) - time.time() <= 86400 + 3600  # the next one: 08:00 in Copenhagen
    passes = bot.logs().count(CHECKED)
    await bot.stop()
    await bot.start()
    await emu.until(lambda: bot.logs().count(CHECKED) > passes, what="the restarted bot's first timer pass")
    assert len(emu.dms_to(bob)) == 1


def reminder_pings(emu: Emulator, channel: int, user: User) -> list[Message]:
    return [m for m in emu.public_messages(channel) if m.content.startswith("⏰") and user.id in m.pinged_users]


@BOTH_BACKENDS
async def test_a_reminder_ladder_fires_each_point_once_across_a_restart(emulator: Emulator,
                                                                        bot: BotProcess) -> None:
    emu = emulator
    channel, alice, bob = await two_of_us(emu, bot)
    game_id = await opened(emu, bot, channel, alice, bob, "deadline=4h reminders=50%,1h")
    await emu.slash(alice, "move", channel, action="a1")
    await emu.until(lambda: bot.sql("SELECT COUNT(*) FROM timers WHERE kind = 'reminder' AND armed = 1"
                                    " AND player_id = ?", (str(bob.id),))[0][0] == 2,
                    what="Bob's two reminders, armed")
    start = time.time()
    due = sorted(float(d) - start for (d,) in bot.sql(
        "SELECT due_at FROM timers WHERE kind = 'reminder' AND player_id = ?", (str(bob.id),)))
    assert due[0] == pytest.approx(2 * 3600, abs=120) and due[1] == pytest.approx(3 * 3600, abs=120)
    passes = bot.logs().count(CHECKED)
    await bot.stop()  # down while the first point comes
    bot.sql("UPDATE timers SET due_at = ? WHERE kind = 'reminder' AND due_at < ?", (time.time() - 1, start + 2.5 * 3600))
    await bot.start()
    await emu.until(lambda: bot.logs().count(CHECKED) > passes, what="the restarted bot's first timer pass")
    await emu.until(lambda: reminder_pings(emu, channel, bob), what="the first point")
    [later] = bot.sql("SELECT due_at FROM timers WHERE kind = 'reminder' AND player_id = ?", (str(bob.id),))
    assert float(later[0]) - start == pytest.approx(3 * 3600, abs=120)  # the second point waits
    bot.sql("UPDATE timers SET due_at = ? WHERE kind = 'reminder'", (time.time() - 1,))
    await emu.until(lambda: len(reminder_pings(emu, channel, bob)) == 2, what="the second point")
    assert bot.sql("SELECT COUNT(*) FROM timers WHERE kind = 'reminder' AND game_id = ?", (game_id,))[0][0] == 0
