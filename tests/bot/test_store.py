"""The store's own guarantees: migrations, WAL, the one-active-game rule, versions."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, StaleGame, Store, migrations


async def test_migrations_apply_once_and_in_order(db_url: str) -> None:
    store = await Store.open(db_url)
    found = migrations(store.dialect)
    assert [n for n, _, _ in found] == sorted({n for n, _, _ in found})
    newest = found[-1][0]
    assert await store.schema_version() == newest
    await store.close()
    again = await Store.open(db_url)  # a second start must not re-run anything
    try:
        assert await again.schema_version() == newest
        assert {"games", "seats", "moves", "guild_settings", "timers", "outbox", "leases"} \
            <= set(await again.db.tables())
    finally:
        await again.close()


def test_both_backends_reach_the_same_schema_version() -> None:
    assert migrations("sqlite")[-1][0] == migrations("postgres")[-1][0]


async def test_sqlite_runs_in_wal_mode(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    raw = sqlite3.connect(db_path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


async def test_one_active_game_per_channel_is_enforced_by_the_database(store: Store) -> None:
    kw = dict(guild_id=1, game="aqualin", options={}, seed=1, host_id=5, host_name="H", now=0.0)
    first = await store.games.create_game(channel_id=10, **kw)
    with pytest.raises(ChannelBusy):
        await store.games.create_game(channel_id=10, **kw)
    await store.games.end_game(first.id, first.version, status="aborted", reason="test", now=1.0)
    second = await store.games.create_game(channel_id=10, **kw)
    assert second.id != first.id
    assert (await store.games.latest_game(10)).id == second.id


async def test_version_check(store: Store) -> None:
    row = await store.games.create_game(guild_id=1, channel_id=11, game="aqualin", options={}, seed=1,
                                  host_id=5, host_name="H", now=0.0)
    await store.games.add_seat(row.id, row.version, user_id=6, player_id="6", name="P", now=1.0)
    with pytest.raises(StaleGame):
        await store.games.add_seat(row.id, row.version, user_id=7, player_id="7", name="Q", now=2.0)
    assert [s.player_id for s in await store.games.seats(row.id)] == ["5", "6"]


async def test_settings_and_meta(store: Store) -> None:
    assert (await store.settings.guild(42)).manager_role_id is None
    await store.settings.set_manager_role(42, 77, now=1.0)
    assert (await store.settings.guild(42)).manager_role_id == 77
    await store.settings.set_manager_role(42, None, now=2.0)
    assert (await store.settings.guild(42)).manager_role_id is None
    assert await store.meta.get("k") is None
    await store.meta.set("k", "v1")
    await store.meta.set("k", "v2")
    assert await store.meta.get("k") == "v2"


async def test_the_log_loses_its_stored_words_and_keeps_every_move(db_url: str) -> None:
    """Migration 0019: a log written with words ("said") arrives without them, every move
    intact, so the game replays to its stored state; SQLite keys it by (game, n) alone."""
    import games
    from bot import db as dbs
    from bot.replay import replay_moves

    db = await dbs.open_database(db_url)
    async with db.migrating():  # as a bot of migration 0018 left it
        assert await db.schema_version() == 0
        for last, _name, sql in migrations(db.dialect):
            if last <= 18:
                await db.apply_migration(sql, last)
    aqualin = games.REGISTRY["aqualin"]
    state = aqualin.setup(["5", "6"], {}, 3)
    played = []
    for i in range(5):
        player = sorted(aqualin.to_act(state))[0]
        move = aqualin.legal_moves(state, player)[i]
        state = aqualin.apply(state, player, move)
        played.append((player, move))
    async with db.tx() as tx:  # rows as the code of schema 18 wrote them, words and all
        game_id = await tx.fetchval(
            "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id, state,"
            " created_at, updated_at) VALUES (1, 12, 'aqualin', '{}', 3, 'running', 5, ?, 0, 0)"
            " RETURNING id", (aqualin.dump(state),))
        for n, (player, move) in enumerate(played, start=1):
            await tx.execute(
                "INSERT INTO moves (game_id, n, player_id, kind, move, created_at, actor_id, said,"
                " ends_turn) VALUES (?, ?, ?, 'move', ?, ?, ?, '{\"m\": \"placed a tile\"}', 1)",
                (game_id, n, player, move, 3.0 + n, int(player)))
    await db.close()

    store = await Store.open(db_url)
    try:
        before = await store.games.moves(game_id)
        assert [(m.n, m.player_id, m.move, m.created_at, m.actor_id) for m in before] == [
            (n, p, m, 3.0 + n, int(p)) for n, (p, m) in enumerate(played, start=1)]
        columns = [r[0] for r in await store.db.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'moves'"
            " AND table_schema = current_schema()" if store.dialect == "postgres"
            else "SELECT name FROM pragma_table_info('moves')")]
        assert "said" not in columns and "move" in columns
        if store.dialect == "sqlite":
            [(sql,)] = await store.db.fetch("SELECT sql FROM sqlite_master WHERE name = 'moves'")
            assert "WITHOUT ROWID" in sql
        replayed = replay_moves(aqualin, ["5", "6"], {}, 3, before)
        assert aqualin.dump(replayed) == (await store.games.get(game_id)).state
    finally:
        await store.close()
