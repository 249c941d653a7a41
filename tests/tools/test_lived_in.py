"""The lived-in database of the benchmark: built from real games, copied into a history whose
open games each have a channel of their own, and measured (tiny sizes, no timings asserted)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Store
from tools import lived_in

pytestmark = pytest.mark.slow  # it plays every game through the service first


def test_a_small_lived_in_database_is_a_history_the_bot_can_use(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lived.sqlite3'}"
    asyncio.run(lived_in.build(url, finished=37, running=23, seed=3, per_game=1))

    async def check() -> None:
        store = await Store.open(url)
        try:
            counts = {r["status"]: int(r["n"]) for r in await store.db.fetch(
                "SELECT status, COUNT(*) AS n FROM games GROUP BY status")}
            assert counts == {"finished": 37, "running": 23}
            clash = await store.db.fetch(
                "SELECT channel_id FROM games WHERE status = 'running' GROUP BY channel_id"
                " HAVING COUNT(*) > 1")
            assert clash == []
            # Every copied game has its seats and its moves, and replays are found by channel.
            orphans = await store.db.fetch(
                "SELECT id FROM games g WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id)"
                " OR NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)")
            assert orphans == []
            rebuilt = await store.ratings.rebuild()
            assert rebuilt.games == 37 and rebuilt.differences == []  # the build left them right
        finally:
            await store.close()

    asyncio.run(check())
    figures = asyncio.run(lived_in.measure(url, seed=3, n=3))
    assert {"a move (service, no drawing)", "/game stats (big server)", "/game profile",
            "claim one move's outbox rows"} <= set(figures)
    assert all(len(v) >= 1 for v in figures.values())


def test_the_lived_in_build_and_its_figures_work_on_postgresql(postgres_server: str) -> None:
    from bot.db.cluster import drop_schema, new_schema

    name, url = new_schema(postgres_server)
    try:
        asyncio.run(lived_in.build(url, finished=25, running=12, seed=5, per_game=1))

        async def counts() -> dict[str, int]:
            store = await Store.open(url)
            try:
                return {r["status"]: int(r["n"]) for r in await store.db.fetch(
                    "SELECT status, COUNT(*) AS n FROM games GROUP BY status")}
            finally:
                await store.close()

        assert asyncio.run(counts()) == {"finished": 25, "running": 12}
        figures = asyncio.run(lived_in.measure(url, seed=5, n=2))
        assert figures["a move (service, no drawing)"] and figures["/game stats (big server)"]
    finally:
        drop_schema(postgres_server, name)
