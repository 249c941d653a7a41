"""Several processes on one database: the version check, claims and leases hold on both
backends, and a typed move that loses a race with another process is tried once more."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import games
from bot.db import DatabaseError, describe, sqlite_path
from bot.db.postgres import numbered
from bot.refusals import RacedWrite
from bot.service import GameService
from bot.store import GameRow, StaleGame, Store
from bot.store.games_table import GamesTable

from .conftest import ALICE, BOB, PLACE, FakeClock, change_behind
from .test_service import open_aqualin


def test_sqlite_urls_name_files() -> None:
    assert sqlite_path("sqlite:///data/x.sqlite3") == "data/x.sqlite3"
    assert sqlite_path("sqlite:////srv/x.sqlite3") == "/srv/x.sqlite3"
    assert sqlite_path("data/x.sqlite3") == "data/x.sqlite3"  # DATABASE_PATH, as before
    for bad in ("sqlite://x.sqlite3", "mysql://db/x", "sqlite:"):
        with pytest.raises(DatabaseError):
            sqlite_path(bad)


def test_logged_urls_hide_the_password() -> None:
    assert describe("postgresql://bot:hunter2@db:5432/t") == "postgresql://bot:***@db:5432/t"
    assert describe("sqlite:///data/x.sqlite3") == "sqlite:///data/x.sqlite3"


def test_placeholders_become_numbered_outside_quotes() -> None:
    assert numbered("SELECT ? FROM t WHERE a = '?' AND b IN (?, ?)") == \
        "SELECT $1 FROM t WHERE a = '?' AND b IN ($2, $3)"


async def test_racing_writers_from_two_processes_exactly_one_wins(db_url: str) -> None:
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        row = await one.games.create_game(guild_id=1, channel_id=10, game="aqualin", options={}, seed=1,
                                    host_id=5, host_name="H", now=0.0)
        results = await asyncio.gather(
            *(store.games.add_seat(row.id, row.version, user_id=6 + i, player_id=str(6 + i), name="P",
                             now=1.0) for i, store in enumerate((one, two) * 3)),
            return_exceptions=True)
        assert sum(r is None for r in results) == 1
        assert all(isinstance(r, StaleGame) for r in results if r is not None), results
        assert len(await one.games.seats(row.id)) == 2 and (await two.games.get(row.id)).version == 1
    finally:
        await one.close()
        await two.close()


async def test_a_lease_has_one_holder_until_it_lapses_or_is_let_go(db_url: str) -> None:
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        taken = await asyncio.gather(*(s.meta.lease("bots:1", owner=o, now=100.0, ttl=60)
                                       for s, o in ((one, "a"), (two, "b"), (one, "c"))))
        assert sorted(taken) == [False, False, True]
        holder = "abc"[taken.index(True)]
        assert await one.meta.lease("bots:1", owner=holder, now=120.0, ttl=60)  # renewing is fine
        assert not await two.meta.lease("bots:1", owner="z", now=179.0, ttl=60)
        assert await two.meta.lease("bots:1", owner="z", now=181.0, ttl=60)  # lapsed: a dead holder
        await one.meta.release("bots:1", owner="someone else")  # only the holder lets go
        assert not await one.meta.lease("bots:1", owner="y", now=182.0, ttl=60)
        await one.meta.release("bots:1", owner="z")
        assert await one.meta.lease("bots:1", owner="y", now=183.0, ttl=60)
    finally:
        await one.close()
        await two.close()


async def test_each_due_timer_is_claimed_by_one_process(db_url: str, clock: FakeClock) -> None:
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        services = [GameService(s, clock=clock, new_seed=lambda: 3) for s in (one, two)]
        for channel in range(5):
            place = PLACE.__class__(guild_id=PLACE.guild_id, channel_id=100 + channel)
            await open_aqualin_in(services[0], place)
        assert await one.games.running_without_timers() == []
        games_with_timers = await one.db.fetch("SELECT COUNT(DISTINCT game_id) FROM timers")
        assert games_with_timers[0][0] == 5
        # the rows that ping were never delivered in this test: arm the clocks by hand
        await change_behind(one, "UPDATE timers SET armed = 1")
        clock.advance(86400)
        claims = await asyncio.gather(
            *(s.timers.claim(owner=o, now=clock(), lease=300) for s, o in ((one, "a"), (two, "b"))))
        ids = [t.id for batch in claims for t in batch]
        assert ids and len(ids) == len(set(ids))  # nobody got a timer twice
        assert not await one.timers.claim(owner="c", now=clock() + 299, lease=300)
        again = await one.timers.claim(owner="c", now=clock() + 301, lease=300)  # holders died
        assert sorted(t.id for t in again) == sorted(ids)
        assert await one.timers.next_due(clock()) == pytest.approx(clock() + 301 + 300)
    finally:
        for s in services:
            s.close()
        await one.close()
        await two.close()


async def open_aqualin_in(service: GameService, place) -> None:  # noqa: ANN001
    await service.lobby.new_game(ALICE, place, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, place)
    await service.lobby.start(ALICE, place)


class OtherProcessWritesFirst(GamesTable):
    """Between this process reading the game and writing the move, another process changes
    the game (``times`` times): the moment a cross-process race hits."""

    times = 1

    async def record_move(self, game_id: int, version: int, **kw):  # noqa: ANN003, ANN201
        if self.times > 0:
            self.times -= 1
            async with self.db.tx() as tx:  # as another process would, in its own transaction
                await tx.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
        return await super().record_move(game_id, version, **kw)


async def test_a_typed_move_that_raced_another_process_is_tried_once_more(
        db_url: str, clock: FakeClock) -> None:
    setup = await Store.open(db_url)
    service = GameService(setup, clock=clock, new_seed=lambda: 3)
    await open_aqualin(service)
    service.close()
    await setup.close()
    racing = await Store.open(db_url)
    racing.games = raced = OtherProcessWritesFirst(racing.db, racing.outbox, racing.timers,
                                                           racing.ratings)
    service = GameService(racing, clock=clock)
    try:
        out = await service.play.move(ALICE, PLACE, "a1")  # lost the race once, then landed
        row: GameRow | None = await racing.games.active_game(PLACE.channel_id)
        assert row is not None and "a1" in str(out.reply)
        assert [m.move for m in await racing.games.moves(row.id)] == ["a1"]
        assert set(games.REGISTRY["aqualin"].view(games.REGISTRY["aqualin"].load(row.state))["board"]) == {"a1"}
        raced.times = 2  # raced twice in a row: the player hears it, and nothing is written
        with pytest.raises(RacedWrite):
            await service.play.move(BOB, PLACE, "b1")
        assert [m.move for m in await racing.games.moves(row.id)] == ["a1"]
    finally:
        service.close()
        await racing.close()


def test_two_migrations_with_one_number_are_refused(tmp_path, monkeypatch) -> None:
    """Two branches that each added "0010_x.sql" must not merge into a database that runs
    only one of them: the loader names both files."""
    import shutil

    import bot.db.database as base

    copy = tmp_path / "migrations"
    shutil.copytree(Path(base.__file__).parent.parent / "migrations", copy)
    last = max(p.name for p in (copy / "sqlite").glob("*.sql"))
    (copy / "sqlite" / f"{last[:4]}_twin.sql").write_text("SELECT 1;", encoding="utf-8")

    class Files:
        @staticmethod
        def files(_package: str):
            return copy

    monkeypatch.setattr(base, "resources", Files)
    with pytest.raises(base.DatabaseError, match=f"two sqlite migrations are numbered {last[:4]}"):
        base.migrations("sqlite")
    assert base.migrations("postgres")  # the other dialect is unaffected
