"""Smaller holes: racing ``/game new`` across processes, durations, kicks by a seated moderator."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.errors import ServiceError
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import ChannelBusy, GameRow, Store

from .conftest import ALICE, GUILD, FakeClock

# ----- two processes racing /game new ----------------------------------------------------------


async def test_two_stores_racing_create_game_one_wins(db_path: Path) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        for channel in range(10, 30):
            kw = dict(guild_id=1, channel_id=channel, game="aqualin", options={}, seed=1,
                      host_name="H", now=0.0)
            results = await asyncio.gather(one.create_game(host_id=5, **kw),
                                           two.create_game(host_id=6, **kw), return_exceptions=True)
            won = [r for r in results if isinstance(r, GameRow)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], ChannelBusy), results
            assert (await one.active_game(channel)).id == won[0].id
    finally:
        await one.close()
        await two.close()


class CheckThenWait(Store):
    """A store whose first look for an open game returns, then waits for ``gate``: the moment
    between the service's check and its insert, held open for the other process."""

    gate: asyncio.Event

    async def active_game(self, channel_id: int) -> GameRow | None:
        found = await super().active_game(channel_id)
        if not self.gate.is_set():
            self.checked.set()
            await self.gate.wait()
        return found


async def test_the_loser_of_a_new_game_race_gets_the_friendly_answer(db_path: Path) -> None:
    first = await Store.open(db_path)
    second = await CheckThenWait.open(db_path)
    assert isinstance(second, CheckThenWait)
    second.gate, second.checked = asyncio.Event(), asyncio.Event()
    a = GameService(first, clock=FakeClock(), new_seed=lambda: 1)
    b = GameService(second, clock=FakeClock(), new_seed=lambda: 2)
    try:
        late = asyncio.create_task(b.new_game(Actor(user_id=202, name="Bob", manage_channels=True),
                                              PLACE_B, "kahuna"))
        await second.checked.wait()  # b saw an empty channel...
        won = await a.new_game(ALICE, PLACE_B, "aqualin")  # ...and a opens a game now
        second.gate.set()
        with pytest.raises(ServiceError, match="already has a Aqualin game"):
            await late
        assert won.game_id == (await first.active_game(PLACE_B.channel_id)).id
    finally:
        a.close()
        b.close()
        await first.close()
        await second.close()


PLACE_B = Place(guild_id=GUILD, channel_id=701)


async def test_two_services_racing_new_game_exactly_one_wins(db_path: Path) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    a = GameService(one, clock=FakeClock(), new_seed=lambda: 1)
    b = GameService(two, clock=FakeClock(), new_seed=lambda: 2)
    try:
        for channel in range(800, 815):
            place = Place(guild_id=GUILD, channel_id=channel)
            results = await asyncio.gather(a.new_game(ALICE, place, "aqualin"),
                                           b.new_game(ALICE, place, "kahuna"), return_exceptions=True)
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(lost) == 1, results
            assert isinstance(lost[0], ServiceError) and "already has" in str(lost[0]), lost
    finally:
        a.close()
        b.close()
        await one.close()
        await two.close()
