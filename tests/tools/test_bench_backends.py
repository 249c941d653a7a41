"""The bench's Backends section runs (tiny sizes, no timings asserted), and the PostgreSQL
pool that hands connections back without asyncpg's reset query leaves nothing behind."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import asyncpg
import pytest

from tools import bench
from bot.db.postgres import MIGRATION_LOCK, PostgresDatabase, lock_key
from tests.postgres import drop_schema, find_binaries, new_schema

pytestmark = pytest.mark.slow  # the benchmark, on PostgreSQL


@pytest.fixture
def pg_url(postgres_server: str) -> Iterator[str]:
    name, url = new_schema(postgres_server)
    try:
        yield url
    finally:
        drop_schema(postgres_server, name)


def test_backends_section_plays_every_move_on_every_backend(
        postgres_server: str, capsys: pytest.CaptureFixture[str]) -> None:
    results = bench.backends_section(postgres_server, service_games=1, channels=4, rounds=2,
                                     seed=3, game_ids=("aqualin",))
    out = capsys.readouterr().out
    assert [r.backend.label for r in results] == ["SQLite", "PostgreSQL", "PG sync_commit=off"]
    # As the server has it (the test cluster: off), then off for the bot's connections.
    assert results[1].synchronous_commit in ("on", "off", "local", "remote_write", "remote_apply")
    assert results[2].synchronous_commit == "off"
    for r in results:
        # 4 channels x 2 moves, by one worker process and by two, each on its own Store.
        assert {p: moves for p, (moves, _seconds) in r.rates.items()} == {1: 8, 2: 8}
        assert len(r.moves["aqualin"].samples) == 36  # a whole game of Aqualin
        assert len(r.commit.samples) == 36
        assert "1.0 transactions" in r.counted["aqualin"]
    assert "moves/s, 2 processes" in out and "8 moves" in out
    assert re.search(r"PG sync_commit=off / SQLite: .* the 2x target", out)


def test_the_section_needs_a_postgres_url(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--only", "backends"])
    with pytest.raises(SystemExit, match="postgresql://"):
        with bench.database_server("sqlite:///x.sqlite3"):
            pass


def test_auto_starts_and_removes_a_cluster(postgres_server: str) -> None:
    # postgres_server: skipped (or failed, where PostgreSQL is required) like every PG test.
    if find_binaries() is None:
        pytest.skip("no PostgreSQL binaries here: the tests use the server at "
                    "TIDEPOOL_TEST_DATABASE_URL")
    async def version(url: str) -> str:
        conn = await asyncpg.connect(url)
        try:
            return str(await conn.fetchval("SHOW server_version"))
        finally:
            await conn.close()

    with bench.database_server("auto") as url:
        assert asyncio.run(version(url))
    with pytest.raises(OSError):
        asyncio.run(version(url))


async def _lock_is_free(url: str) -> bool:
    other = await asyncpg.connect(url)
    try:
        taken = await other.fetchval("SELECT pg_try_advisory_lock($1)", lock_key(MIGRATION_LOCK))
        if taken:
            await other.fetchval("SELECT pg_advisory_unlock($1)", lock_key(MIGRATION_LOCK))
        return bool(taken)
    finally:
        await other.close()


async def test_a_failed_migration_lets_go_of_its_lock(pg_url: str) -> None:
    db = await PostgresDatabase.open(pg_url, min_size=1, max_size=1)
    try:
        with pytest.raises(RuntimeError):
            async with db.migrating():
                assert not await _lock_is_free(pg_url)
                raise RuntimeError("a migration failed")
        assert await _lock_is_free(pg_url)  # while the pool (one connection) stays open
        assert (await db.fetchrow("SELECT 1"))[0] == 1
    finally:
        await db.close()


async def test_a_transaction_that_failed_leaves_a_clean_connection(pg_url: str) -> None:
    db = await PostgresDatabase.open(pg_url, min_size=1, max_size=1)
    try:
        async with db.tx() as tx:
            await tx.execute("CREATE TABLE t (x INTEGER)")
        with pytest.raises(RuntimeError):
            async with db.tx() as tx:
                await tx.execute("INSERT INTO t (x) VALUES (?)", (1,))
                await tx.serialize("some-lock")
                raise RuntimeError("boom")
        assert await db.fetch("SELECT x FROM t") == []
        async with db.tx() as tx:  # the same connection, out of its transaction
            await tx.execute("INSERT INTO t (x) VALUES (?)", (2,))
        assert [r["x"] for r in await db.fetch("SELECT x FROM t")] == [2]
    finally:
        await db.close()
