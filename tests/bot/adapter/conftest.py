"""A real GameBot on a temporary database, talking to the fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import discord
import pytest

from bot.adapter.client import GameBot
from bot.runtime.config import Settings
from bot.service import GameService
from bot.store import Store

from .fake_discord import APP_ID, BOT_USER, FakeDiscord, Harness

BotFactory = Callable[[], Awaitable[Harness]]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    """The fake Discord; every request it saw must validate against Discord's OpenAPI spec."""
    f = FakeDiscord()
    f.install(monkeypatch)
    yield f
    assert not f.violations, "requests that break Discord's API spec:\n" + "\n".join(f.violations)


@pytest.fixture
async def start_bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotFactory]:
    """Start a bot process on one database file; call it again to simulate a restart."""
    opened: list[tuple[GameBot, Store]] = []

    async def start() -> Harness:
        store = await Store.open(tmp_path / "bot.sqlite3")
        settings = Settings(token="test-token", database_path=tmp_path / "bot.sqlite3",
                            guild_id=None, log_level="INFO", api_base=None, gateway_url=None)
        client = GameBot(GameService(store, new_seed=lambda: 2024), settings)
        client.bots.pause = 0  # bots move at once in tests
        client.service.bots.bots_in_threads = True
        client.service.reviews.reviews_in_threads = True
        await client._async_setup_hook()  # what login() does first: binds the event loop
        client._connection.application_id = APP_ID
        client._connection.user = discord.ClientUser(state=client._connection, data=BOT_USER)
        await client.setup_hook()  # registers the buttons and syncs the commands
        opened.append((client, store))
        return Harness(client, fake)

    yield start
    for client, store in opened:
        await client.close()
        client.service.close()
        await store.close()


@pytest.fixture
async def harness(start_bot: BotFactory) -> Harness:
    return await start_bot()
