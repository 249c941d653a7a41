"""Gateway shards with the real process: the emulator sends each guild's events only on the
connection of its shard (``(guild_id >> 22) % count``), so a process answers only its shards.

- one process with both shards of two plays in a guild of each;
- two processes, one shard each, on one database: each answers its own guild only, one syncs
  the commands, and a guild whose shard no process holds gets no answer (as on Discord);
- without shard settings discord.py asks for the count and runs them all, still on the
  configured gateway.

The fixtures (``bots``, ``BotProcess``) are meant for more of these: other databases through
``bot_env``, SIGKILL and restart through ``BotProcess.kill`` and ``start``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import aiohttp
import pytest

from .conftest import BOTH_BACKENDS, BotProcess, Bots
from .emulator import TOKEN, Emulator, Guild, Interaction, User, shard_of
from .test_bot_e2e import moves_in_db, open_and_start, play_turn, reply_text

LOG_LINE = re.compile(r"^\[?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


@dataclass
class Table:
    """A guild, a channel in it and two of its members who play there."""

    guild: Guild
    channel: int
    host: User
    guest: User

    @property
    def players(self) -> dict[int, User]:
        return {self.host.id: self.host, self.guest.id: self.guest}


def two_tables(emulator: Emulator) -> list[Table]:
    """The first guild on shard 0 of 2, a second one on shard 1."""
    tables = []
    for n, guild in enumerate((emulator.guild, emulator.add_guild("Second Server", shard=1, of=2))):
        assert shard_of(guild.id, 2) == n
        tables.append(Table(guild, emulator.add_channel(guild),
                            emulator.add_user(f"Host{n}", moderator=True, guild=guild),
                            emulator.add_user(f"Guest{n}", guild=guild)))
    return tables


async def play(emulator: Emulator, table: Table, turns: int = 2, *, start: bool = True) -> list[Interaction]:
    """Open and start Aqualin (unless running already) and play ``turns``; the interactions."""
    before = len(emulator.interactions)
    if start:
        await open_and_start(emulator, table.channel, table.host, table.guest)
    for _ in range(turns):
        await play_turn(emulator, table.channel, table.players)
    return list(emulator.interactions.values())[before:]


def log_lines(bot: BotProcess) -> list[str]:
    lines = [line for line in bot.logs().splitlines() if LOG_LINE.match(line)]
    assert len(lines) >= 5, bot.logs()
    return lines


async def test_one_process_runs_both_shards(emulator: Emulator, bot: BotProcess) -> None:
    tables = two_tables(emulator)
    bot.env.update(SHARD_COUNT="2", SHARD_IDS="0,1")
    await bot.start()
    assert [s.shard for s in emulator.sessions] == [(0, 2), (1, 2)]
    assert [s.guilds for s in bot.sessions] == [[tables[0].guild.id], [tables[1].guild.id]]
    assert emulator.command_syncs == 1

    for n, table in enumerate(tables):
        records = await play(emulator, table)
        assert len(records) == 7  # new, join, start, and two (autocomplete, move)
        assert {r.session for r in records} == {bot.sessions[n]}
    assert len(moves_in_db(bot)) == 4
    # A DM has no guild: it belongs to shard 0.
    dm = await emulator.slash(tables[1].host, "game rules", emulator.open_dm(tables[1].host),
                              game="aqualin")
    assert "Aqualin" in reply_text(dm) and dm.guild_id is None and dm.session is bot.sessions[0]
    lines = log_lines(bot)
    assert all("[shards 0,1]" in line for line in lines), lines
    assert any("discord." in line for line in lines)  # discord.py's own lines too


@BOTH_BACKENDS
async def test_two_processes_on_one_database_answer_their_own_shard(emulator: Emulator,
                                                                    bots: Bots) -> None:
    tables = two_tables(emulator)
    one = bots("shard1", SHARD_COUNT="2", SHARD_IDS="1")
    zero = bots("shard0", SHARD_COUNT="2", SHARD_IDS="0")
    await one.start()  # first, on an empty database: still it leaves the commands alone
    assert emulator.command_syncs == 0
    await zero.start()
    assert emulator.command_syncs == 1
    assert [s.shard for s in emulator.sessions] == [(1, 2), (0, 2)]
    assert [s.guilds for s in zero.sessions + one.sessions] == [[t.guild.id] for t in tables]

    for table, process in zip(tables, (zero, one), strict=True):
        records = await play(emulator, table)
        assert {r.session for r in records} == set(process.sessions)
    assert len(moves_in_db(zero)) == 4

    # Shard 0 goes down: its guild's interactions reach nobody; the other guild plays on.
    await zero.kill()
    await emulator.until(lambda: not zero.sessions[0].open, what="the dead process's connection to close")
    lost = await emulator.slash(tables[0].host, "game board", tables[0].channel, wait=False)
    assert not lost.delivered and lost.acked_at is None
    with pytest.raises(AssertionError, match="no gateway connection holds its shard"):
        await emulator.finish(lost)
    await play(emulator, tables[1], 1, start=False)
    # Back up (same database): it takes its game on where it was, and syncs nothing new.
    await zero.start()
    records = await play(emulator, tables[0], 1, start=False)
    assert {r.session for r in records} == set(zero.sessions)
    assert emulator.command_syncs == 1 and len(moves_in_db(zero)) == 6

    assert "not syncing slash commands" in one.logs()
    assert "not syncing slash commands" not in zero.logs()
    assert all("[shards 0]" in line for line in log_lines(zero))
    assert all("[shards 1]" in line for line in log_lines(one))


async def test_unconfigured_the_bot_runs_every_shard_discord_recommends(emulator: Emulator,
                                                                        bot: BotProcess) -> None:
    tables = two_tables(emulator)
    emulator.shard_count = 2
    emulator.advertised_gateway = "ws://127.0.0.1:9/gateway"  # Discord's URL, not the configured one
    await bot.start()
    assert sorted(s.shard for s in emulator.sessions) == [(0, 2), (1, 2)]
    for n, table in enumerate(tables):
        record = await emulator.slash(table.host, "game rules", table.channel, game="aqualin")
        assert "Aqualin" in reply_text(record) and record.shard == n
    assert all("[shards all]" in line for line in log_lines(bot))


async def test_the_emulator_gives_an_unsharded_connection_every_guild(emulator: Emulator) -> None:
    second = emulator.add_guild("Second Server", shard=1, of=2)
    identify = {"op": 2, "d": {"token": TOKEN, "intents": 1, "properties": {}}}
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(emulator.gateway_url) as ws:
            assert (await ws.receive_json())["op"] == 10
            await ws.send_json(identify)
            ready = (await ws.receive_json())["d"]
            assert "shard" not in ready
            assert {g["id"] for g in ready["guilds"]} == {str(emulator.guild.id), str(second.id)}
            created = [await ws.receive_json() for _ in range(2)]
            assert {e["t"] for e in created} == {"GUILD_CREATE"}
            await emulator.until(lambda: emulator.session_for(second.id) is not None)
            assert emulator.session_for(None) is emulator.session_for(emulator.guild.id)
        async with http.ws_connect(emulator.gateway_url) as ws:  # shard 2 of 2 does not exist
            await ws.receive_json()
            await ws.send_json({**identify, "d": {**identify["d"], "shard": [2, 2]}})
            assert (await ws.receive()).type == aiohttp.WSMsgType.CLOSE and ws.close_code == 4010
