"""End to end: a Kahuna hand never leaks (the real ``python -m bot`` against the emulator).

While the player to act is in the middle of a turn, a spectator and the other player see the
game as it was when the turn began. Once the turn is posted, nothing of it can be taken back.
"""

from __future__ import annotations

import json
from typing import Any

from .conftest import BotProcess
from .emulator import Emulator, Interaction, User
from .test_bot_e2e import reply_text, start_by_buttons, three_of_us


def answer(record: Interaction) -> tuple[str, tuple[Any, ...]]:
    """The private answer's words and attachments (bytes, file name, alt text)."""
    text = reply_text(record)
    files = tuple((a["data"], a["filename"], a["description"]) for a in record.reply.attachments)
    return text, files


async def looks(emu: Emulator, user: User, channel: int) -> dict[str, Any]:
    """What ``user`` learns from ``/game board``, ``/game status`` and ``/game log``."""
    board = answer(await emu.slash(user, "game board", channel))
    assert board[1] and board[1][0][0].startswith(b"\x89PNG") and board[1][0][2]
    return {
        "board": board,
        "status": answer(await emu.slash(user, "game status", channel)),
        "log": answer(await emu.slash(user, "game log", channel)),
    }


def stored(bot: BotProcess) -> tuple[dict[str, Any], list[tuple[str, str, Any]]]:
    """The stored Kahuna state and its move log (player, move, undone_at)."""
    [(state,)] = bot.sql("SELECT state FROM games ORDER BY id DESC LIMIT 1")
    moves = bot.sql("SELECT player_id, move, undone_at FROM moves ORDER BY n")
    return json.loads(state)["state"], moves


async def test_a_turn_in_progress_stays_private_and_a_posted_turn_stays(
        emulator: Emulator, bot: BotProcess) -> None:
    channel, alice, bob, carol = await three_of_us(emulator, bot)  # Carol watches
    users = {alice.id: alice, bob.id: bob}
    await start_by_buttons(emulator, channel, alice, bob, "kahuna")
    board = emulator.public_messages(channel)[-1]
    (mover_id,) = board.pinged_users
    mover = users[mover_id]
    other = bob if mover is alice else alice

    spectator_before = await looks(emulator, carol, channel)
    other_before = await looks(emulator, other, channel)
    posts = len(emulator.public_messages(channel))

    choices = await emulator.autocomplete(mover, "move", channel, "action", "bridge")
    bridge = next(c["value"] for c in choices if c["value"].startswith("bridge "))
    done = await emulator.slash(mover, "move", channel, action=bridge)
    assert reply_text(done).startswith("Done:")
    assert len(emulator.public_messages(channel)) == posts  # the channel heard nothing
    state, _ = stored(bot)
    line = next(line for line, owner in state["bridges"].items())  # the bridge is stored ...
    assert line.split("-")[0] in bridge and line.split("-")[1] in bridge
    # ... but neither the spectator nor the other player can see it, by any command
    assert await looks(emulator, carol, channel) == spectator_before
    assert await looks(emulator, other, channel) == other_before
    assert line in (await looks(emulator, mover, channel))["log"][0]  # the mover sees their step

    ended = await emulator.slash(mover, "move", channel, action="draw deck")
    reply_text(ended)
    await emulator.until(lambda: len(emulator.public_messages(channel)) > posts, what="the turn")
    posted = emulator.public_messages(channel)[-1]
    assert other.id in posted.pinged_users and line in posted.content
    state, moves = stored(bot)
    hand = sorted(state["hands"][str(mover.id)])
    for _attempt in range(3):  # the draw, then (behind it) the bridge: nothing comes back
        refused = reply_text(await emulator.slash(mover, "game undo", channel))
        assert "can't be taken back" in refused
    state_after, moves_after = stored(bot)
    assert sorted(state_after["hands"][str(mover.id)]) == hand
    assert state_after["bridges"].get(line) == str(mover.id)
    assert moves_after == moves and all(undone is None for _p, _m, undone in moves_after)
    assert line in (await looks(emulator, carol, channel))["log"][0]
    assert len(emulator.public_messages(channel)) == posts + 1 and bot.alive
