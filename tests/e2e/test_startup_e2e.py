"""Start-up and a dropped network with the real process: one line each, never a traceback.

The ``bots`` fixture fails a test whose bot logged an ERROR or a traceback, so these tests
also prove that a network outage the bot recovers from is logged as warnings only.
"""

from __future__ import annotations

from aiohttp import web

from .conftest import BotProcess
from .emulator import Emulator
from .test_bot_e2e import reply_text, seated


async def test_a_normal_start_says_nothing_about_voice(emulator: Emulator, bot: BotProcess) -> None:
    await bot.start()
    # The emulator counts the bot ready when it sends READY; discord.py logs the line just after
    # it reads it, so wait for the line rather than race it (this raced once in CI on 2 cores).
    await emulator.until(lambda: "has connected to Gateway" in bot.logs(),
                         what="the connected line in the log")  # the client was built and ran
    logs = bot.logs()
    assert "PyNaCl" not in logs and "davey" not in logs and "voice" not in logs.lower(), logs


async def test_the_network_drops_and_the_bot_reconnects_with_one_line_per_attempt(
        emulator: Emulator, bot: BotProcess) -> None:
    channel, alice, bob, players = await seated(emulator, bot)

    # The network goes: nothing listens on Discord's address, and the gateway connection ends.
    runner = emulator._runner
    assert runner is not None
    for site in list(runner.sites):
        await site.stop()
    since = emulator.identifies
    for session in emulator.sessions:
        if session.open:
            await session.ws.close()

    def attempts() -> list[str]:
        return [line for line in bot.logs().splitlines() if "Attempting a reconnect" in line]

    await emulator.until(lambda: attempts(), what="a reconnect attempt in the log")
    # The network is back: the bot reconnects by itself (discord.py's backoff, seconds here).
    site = web.TCPSite(runner, "127.0.0.1", emulator.port)
    await site.start()
    await emulator.wait_ready(since=since)

    for line in attempts():
        assert "WARNING" in line and "ERROR" not in line, line
        assert "Cannot connect to host 127.0.0.1" in line, line  # the reason, in the same line
    assert "Traceback" not in bot.logs()
    # And it plays on.
    record = await emulator.slash(alice, "game status", channel)
    assert "Moves played: 0" in reply_text(record)
    assert bot.alive
