"""Fixtures for the bot tests: a temporary database, a service with a fake clock, players."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store


class FakeClock:
    """A controllable clock: tests move time by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "test.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> Iterator[GameService]:
    s = GameService(store, clock=clock, new_seed=lambda: 12345)
    s.bots_in_threads = True  # a worker process per test would only slow the tests down
    yield s
    s.close()


async def deliver_all(service: GameService) -> int:
    """Play the deliverer: mark every stored message delivered now, which starts the turn
    clocks (the adapter's outbox does this when the messages reach Discord)."""
    now = service.clock()
    rows = await service.store.claim_outbox(owner="test", now=now, lease=60, limit=10_000)
    for row in rows:
        await service.store.outbox_done(row, now=now, outcome="sent")
    return len(rows)


GUILD = 900
CHANNEL = 700
PLACE = Place(guild_id=GUILD, channel_id=CHANNEL)
ALICE = Actor(user_id=101, name="Alice", manage_channels=True)
BOB = Actor(user_id=202, name="Bob")
CAROL = Actor(user_id=303, name="Carol")
