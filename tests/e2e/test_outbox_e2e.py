"""The outbox with the real process: SIGKILL while the board of an accepted move uploads.

Whether Discord got the upload (``after``) or not (``before``), the restarted bot sends the
board with the next player's ping exactly once (a resend carries the same nonce), and that
player can move.
"""

from __future__ import annotations

import pytest

from .conftest import BOTH_BACKENDS, BotProcess
from .emulator import Emulator
from .test_bot_e2e import assert_png, last_public, moves_in_db, play_turn, seated


def undelivered(bot: BotProcess) -> int:
    [(count,)] = bot.sql("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL")
    return int(count)


@BOTH_BACKENDS
@pytest.mark.parametrize("stall", ["before", "after"])
async def test_killed_at_the_board_upload_the_board_arrives_once(emulator: Emulator, bot: BotProcess,
                                                                 stall: str) -> None:
    channel, alice, bob, players = await seated(emulator, bot)
    first = last_public(emulator, channel)
    (mover_id,) = first.pinged_users
    mover = players[mover_id]
    waiting = next(u for u in players.values() if u is not mover)
    [choice, *_] = await emulator.autocomplete(mover, "move", channel, "action", "")

    emulator.stall_next_upload = stall
    await emulator.slash(mover, "move", channel, wait=False, action=choice["value"])
    await emulator.until(emulator.stalled.is_set, what="the board upload to stall")
    await bot.kill()  # mid-request: the move is stored, the board upload never answered
    emulator.unstall.set()
    assert len(moves_in_db(bot)) == 1

    await bot.start()
    def boards() -> list:
        after = emulator.public_messages(channel)
        return [m for m in after[after.index(first) + 1:] if m.attachments]
    await emulator.until(lambda: not undelivered(bot), what="the outbox to be delivered")
    [board] = boards()
    assert board.pinged_users == {waiting.id}
    assert_png(board)
    assert emulator.nonce_hits == (1 if stall == "after" else 0)
    # The next player can move, and the game goes on from there.
    await play_turn(emulator, channel, players)
    assert len(moves_in_db(bot)) == 2
