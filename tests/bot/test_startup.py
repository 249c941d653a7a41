"""Start-up without Discord: one sentence, a non-zero exit, and no database file left behind."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from bot.adapter.run import OneLineReconnects
from tests.waiting import PATIENCE

REPO = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update({"PYTHONPATH": str(REPO), "DISCORD_TOKEN": "abc.def.ghi",
                "DATABASE_PATH": str(tmp_path / "data" / "bot.sqlite3"), **extra})
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=PATIENCE)


def free_port() -> int:
    """A port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_no_network_says_where_it_looked_in_one_sentence(tmp_path: Path) -> None:
    port = free_port()
    done = run_bot(tmp_path, DISCORD_API_BASE=f"http://127.0.0.1:{port}")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr, done.stderr
    problem = [line for line in done.stderr.splitlines() if "INFO" not in line]
    assert problem == [f"Cannot reach Discord at 127.0.0.1:{port}: check the network or "
                       "DISCORD_API_BASE."], done.stderr
    assert not (tmp_path / "data").exists()  # nothing created before Discord answered


def test_an_unknown_host_is_named_too(tmp_path: Path) -> None:
    done = run_bot(tmp_path, DISCORD_API_BASE="http://discord.invalid")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Cannot reach Discord at discord.invalid: check the network" in done.stderr
    assert not (tmp_path / "data").exists()


@pytest.fixture
def not_discord() -> Iterator[str]:
    """A web server that answers every request with 404: a DISCORD_API_BASE that is wrong."""
    async def nothing_here(request: web.Request) -> web.Response:
        return web.Response(status=404, text="no such page")

    loop = asyncio.new_event_loop()
    app = web.Application()
    app.router.add_route("*", "/{path:.*}", nothing_here)
    runner = web.AppRunner(app)
    loop.run_until_complete(runner.setup())
    site = web.TCPSite(runner, "127.0.0.1", 0)
    loop.run_until_complete(site.start())
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.run_until_complete(runner.cleanup())
        loop.close()


def test_a_server_that_is_not_discord_is_named(tmp_path: Path, not_discord: str) -> None:
    done = run_bot(tmp_path, DISCORD_API_BASE=not_discord)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    host = not_discord.removeprefix("http://")
    assert f"Discord at {host} answered HTTP 404" in done.stderr
    assert "DISCORD_API_BASE" in done.stderr
    assert not (tmp_path / "data").exists()


def record(name: str, msg: str, error: BaseException | None, *args: object) -> logging.LogRecord:
    info = (type(error), error, None) if error is not None else None
    return logging.LogRecord(name, logging.ERROR, __file__, 1, msg, args, info)


def test_a_retried_network_error_is_one_warning_line() -> None:
    refused = aiohttp.ClientConnectorError(
        aiohttp.client_reqrep.ConnectionKey("127.0.0.1", 443, True, True, None, None, None),
        OSError(111, "Connect call failed\n('127.0.0.1', 443)"))
    rec = record("discord.shard", "Attempting a reconnect for shard ID %s in %.2fs", refused, 0, 1.5)
    assert OneLineReconnects().filter(rec)
    text = logging.Formatter("{levelname} {name}: {message}", style="{").format(rec)
    assert "\n" not in text and "Traceback" not in text
    assert text.startswith("WARNING discord.shard: Attempting a reconnect for shard ID 0 in 1.50s "
                           "(ClientConnectorError: Cannot connect to host 127.0.0.1:443")


def test_other_errors_keep_their_traceback() -> None:
    bug = record("discord.shard", "Attempting a reconnect for shard ID %s in %.2fs", KeyError("x"), 0, 1.0)
    ours = record("bot.delivery.pipeline", "the outbox loop failed; trying again shortly",
                  ConnectionResetError(104, "reset"))
    for rec in (bug, ours):
        assert OneLineReconnects().filter(rec)
        assert rec.levelno == logging.ERROR and rec.exc_info is not None
