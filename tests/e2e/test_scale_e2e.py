"""Two real bot processes, shards 0 and 1 of 2, on one PostgreSQL database.

Games run in a guild of each shard. One process is SIGKILLed in the middle of a move (while
it uploads the board) and started again. Afterwards no move is lost or stored twice, every
turn's ping is posted exactly once, and a reminder that falls due while both processes start
is posted once, not once per process.
"""

from __future__ import annotations

import asyncio

import pytest

from .conftest import BotProcess, Bots
from .emulator import Emulator, Message
from .test_bot_e2e import assert_png, moves_in_db
from .test_outbox_e2e import undelivered
from .test_shards_e2e import Table, play, two_tables


def boards(emulator: Emulator, table: Table) -> list[Message]:
    return [m for m in emulator.public_messages(table.channel) if m.attachments]


def assert_each_turn_pinged_once(emulator: Emulator, table: Table, moves: int) -> None:
    """One board per move plus the first one; each pings the player to act, in turn."""
    posted = boards(emulator, table)
    assert len(posted) == moves + 1, [m.content[:60] for m in posted]
    pings = [m.pinged_users for m in posted]
    assert all(len(p) == 1 for p in pings), pings
    order = [next(iter(p)) for p in pings]
    assert all(a != b for a, b in zip(order, order[1:])), order  # Aqualin alternates
    for board in posted:
        assert_png(board)


def reminders(emulator: Emulator, table: Table) -> list[Message]:
    return [m for m in emulator.public_messages(table.channel) if m.content.startswith("⏰")]


async def timers_looked(process: BotProcess) -> None:
    """Until this run of ``process`` has made its first timer check."""
    await process.emulator.until(
        lambda: "timers checked after start-up" in process.log_path.read_text(errors="replace"),
        what=f"{process.name}'s first timer check")


@pytest.mark.parametrize("bot_env", ["postgres"], indirect=True)
async def test_two_shard_processes_on_postgres_lose_nothing_and_do_nothing_twice(
        emulator: Emulator, bots: Bots) -> None:
    tables = two_tables(emulator)
    zero = bots("shard0", SHARD_COUNT="2", SHARD_IDS="0")
    one = bots("shard1", SHARD_COUNT="2", SHARD_IDS="1")
    assert one.on_postgres
    await zero.start()
    await one.start()
    for table in tables:
        await play(emulator, table, 2)

    # Shard 1 dies while it uploads the board of an accepted move.
    table = tables[1]
    before = len(boards(emulator, table))
    (mover_id,) = boards(emulator, table)[-1].pinged_users
    [choice, *_] = await emulator.autocomplete(table.players[mover_id], "move", table.channel,
                                               "action", "")
    emulator.stall_next_upload = "after"  # the message is posted, the answer never arrives
    await emulator.slash(table.players[mover_id], "move", table.channel, wait=False,
                         action=choice["value"])
    await emulator.until(emulator.stalled.is_set, what="the board upload to stall")
    await one.kill()
    emulator.unstall.set()
    # The other shard plays on meanwhile.
    await play(emulator, tables[0], 1, start=False)

    await one.start()
    await emulator.until(lambda: not undelivered(one), what="the outbox to drain")
    assert len(boards(emulator, table)) == before + 1  # the nonce kept the resend from posting twice
    await play(emulator, table, 2, start=False)
    await play(emulator, tables[0], 1, start=False)

    stored = moves_in_db(zero)
    per_game = {}
    for game_id, n, _move in stored:
        per_game.setdefault(game_id, []).append(n)
    assert sorted(len(ns) for ns in per_game.values()) == [4, 5]  # every move, none twice
    assert all(ns == list(range(1, len(ns) + 1)) for ns in per_game.values())
    assert_each_turn_pinged_once(emulator, tables[0], 4)
    assert_each_turn_pinged_once(emulator, tables[1], 5)

    # A reminder falls due while both processes are down; both start at once and both look.
    await asyncio.gather(zero.stop(), one.stop())
    due = one.sql("SELECT COUNT(*) FROM timers WHERE kind = 'reminder' AND armed = 1")[0][0]
    assert due == 2  # one per game: the player to move
    one.sql("UPDATE timers SET due_at = 0 WHERE kind = 'reminder'")
    await asyncio.gather(zero.start(), one.start())
    await asyncio.gather(timers_looked(zero), timers_looked(one))  # both looked
    await emulator.until(lambda: all(reminders(emulator, t) for t in tables), what="the reminders")
    for t in tables:
        [reminder] = reminders(emulator, t)
        waiting = boards(emulator, t)[-1].pinged_users
        assert reminder.pinged_users == waiting
    # Still one move per turn after all that.
    await play(emulator, tables[1], 1, start=False)
    assert len(moves_in_db(one)) == 10
