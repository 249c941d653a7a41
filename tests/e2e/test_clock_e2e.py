"""A chess clock that runs out while the bot is down: the real process, stopped and restarted.

The game is opened through the emulator with a short clock; while the bot is down the bank
runs out (as if the player had thought for all of it). The restarted bot says so exactly once, with the Wait button for the other player, and
that button keeps the game waiting: nothing more fires.
"""

from __future__ import annotations

import asyncio
import re
import time

from .conftest import BOTH_BACKENDS, BotProcess
from .emulator import Emulator
from .test_bot_e2e import assert_png, last_public, lobby_of, reply_text

CLOCK = 300  # clock=5m+1m: the shortest a clock may be


def deadlines(bot: BotProcess) -> list[tuple[str, float, float | None]]:
    return [(str(p), float(due), ran_out) for p, due, ran_out in
            bot.sql("SELECT player_id, due_at, ran_out FROM timers WHERE kind = 'deadline'")]


@BOTH_BACKENDS
async def test_a_bank_runs_out_while_the_bot_is_down_and_fires_once(emulator: Emulator,
                                                                    bot: BotProcess) -> None:
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    await bot.start()
    record = await emulator.slash(alice, "game new", channel, game="aqualin",
                                  options="role=host-colour clock=5m+1m on-deadline=forfeit reminder=off")
    assert "lobby is open" in reply_text(record)
    lobby, game_id = lobby_of(emulator, channel)
    assert "clock: 5 min + 1 min" in lobby.content
    await emulator.click(bob, lobby, f"lobby:join:{game_id}")
    await emulator.click(alice, lobby, f"lobby:start:{game_id}")
    board = last_public(emulator, channel)
    assert_png(board)  # with the clocks above the board
    assert board.pinged_users == {alice.id}
    record = await emulator.slash(bob, "game status", channel)
    # Alice's bank runs (a second may have gone already), Bob's does not
    assert re.search(r"Clock 5 min \+ 1 min \(then: forfeit\): \*\*Alice\*\* ⏳ [45] min · \*\*Bob\*\* 5 min",
                     reply_text(record)), reply_text(record)
    await emulator.until(lambda: [d[0] for d in deadlines(bot)] == [str(alice.id)],
                         what="Alice's clock")

    await bot.stop()
    # Alice has thought for all of her bank: it ran out a moment ago, while the bot was down.
    due = time.time() - 1
    bot.sql("UPDATE timers SET due_at = ?, turn_since = ? WHERE kind = 'deadline'", (due, due - CLOCK))
    before = len(emulator.public_messages(channel))
    await bot.start()

    def notices() -> list:
        return [m for m in emulator.public_messages(channel)[before:] if "clock has run out" in m.content]

    await emulator.until(lambda: notices(), what="the ran-out notice")
    # A second firing would come now (start-up and the loop's next look). Only a wait shows
    # that nothing comes; on a slow machine it proves less, but it never fails for slowness.
    await asyncio.sleep(2)
    [notice] = notices()
    assert notice.pinged_users == {alice.id}
    assert "you leave the game in 5 min" in notice.content
    assert notice.custom_ids() == [f"wait:{game_id}:{alice.id}"]
    [(player, grace_end, ran_out)] = deadlines(bot)
    assert player == str(alice.id) and ran_out is not None and grace_end > time.time() + 200

    record = await emulator.click(bob, notice, f"wait:{game_id}:{alice.id}")
    assert reply_text(record) == "You chose to wait for **Alice**."
    assert "chose to wait for **Alice**" in last_public(emulator, channel).content
    assert deadlines(bot) == []  # nothing more fires for Alice until she moves
    [(status,)] = bot.sql("SELECT status FROM games WHERE id = ?", (game_id,))
    assert status == "running"
    assert len(notices()) == 1
