"""The web view served by the real bot process (``python -m bot`` with WEB_URL and WEB_PORT):
the board post carries the link, the page opens, a move made through Discord reaches an open
event stream, and the page shows it."""

from __future__ import annotations

import asyncio
import socket

import aiohttp

from tests.waiting import PATIENCE

from .conftest import Bots
from .emulator import Emulator
from .test_bot_e2e import last_public, open_and_start, play_turn


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_bot_process_serves_the_page_and_its_live_updates(emulator: Emulator, bots: Bots) -> None:
    port = free_port()
    bot = bots(WEB_URL=f"http://127.0.0.1:{port}", WEB_PORT=str(port), WEB_HOST="127.0.0.1")
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    await bot.ensure_started()
    await open_and_start(emulator, channel, alice, bob)
    board = last_public(emulator, channel)
    links = [c for row in board.components for c in row.get("components", []) if c.get("style") == 5]
    assert len(links) == 1 and links[0]["url"].startswith(f"http://127.0.0.1:{port}/")
    url = links[0]["url"]
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as page:
            assert page.status == 200 and "Aqualin game" in await page.text()
            assert page.headers["X-Content-Type-Options"] == "nosniff"
        async with http.get(url + "/events") as stream:
            assert stream.status == 200

            async def moved() -> None:
                while True:
                    line = await stream.content.readline()
                    assert line, "the event stream ended"
                    if line.startswith(b"event: move"):
                        return

            hearing = asyncio.create_task(moved())
            await play_turn(emulator, channel, {alice.id: alice, bob.id: bob})
            await asyncio.wait_for(hearing, PATIENCE)
        async with http.get(url) as page:
            assert "1. <strong>" in await page.text()  # the move, in the log
