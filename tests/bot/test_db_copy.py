"""``python -m bot db copy``: SQLite to PostgreSQL and back, row for row, checked by replaying."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

import games
from bot.upkeep import copying
from bot.upkeep.copying import TABLES, CopyRefused, copy_database
from bot.messages import Place
from bot.service import GameService
from bot.store import Store
from tests.postgres import drop_schema, new_schema

from .conftest import ALICE, BOB, GUILD, FakeClock, change_behind, deliver_all

ROOT = Path(__file__).resolve().parents[2]
ACTORS = {"101": ALICE, "202": BOB}
RUNNING, FINISHED, LOBBY, KAHUNA = (Place(guild_id=GUILD, channel_id=c) for c in (701, 702, 703, 704))
ELSEWHERE = Place(guild_id=GUILD + 1, channel_id=705)
TEAM = Place(guild_id=GUILD, channel_id=709)


pytestmark = pytest.mark.slow  # every copy here has a PostgreSQL end


@pytest.fixture
def pg_urls(postgres_server: str) -> Iterator[list[str]]:
    """Two fresh schemas on the session's server."""
    made = [new_schema(postgres_server) for _ in range(2)]
    yield [url for _, url in made]
    for name, _ in made:
        drop_schema(postgres_server, name)


def sqlite_url(tmp_path: Path, name: str) -> str:
    return f"sqlite:///{tmp_path}/{name}.sqlite3"


async def play(service: GameService, place: Place, n: int) -> None:
    """``n`` legal moves, whoever is to act."""
    for _ in range(n):
        row = await service.store.games.active_game(place.channel_id)
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        (player,) = game.to_act(state)
        await service.play.move(ACTORS[player], place, game.legal_moves(state, player)[0])


async def build(url: str) -> dict[str, int]:
    """A database as the bot leaves it: running, finished and lobby games in several channels,
    server and group-DM settings, timers, delivered and pending outbox rows, a lease, meta, a paused
    game, a pause vote, a player who is away, and a player's notice choice, clock and held notices."""
    clock = FakeClock()
    store = await Store.open(url)
    service = GameService(store, clock=clock, new_seed=lambda: 4242)
    service.bots.bots_in_threads = True
    try:
        await service.settings.configure(ALICE, RUNNING, reminder="6h", deadline="2d", on_deadline="skip",
                                language="de")
        await service.settings.configure(ALICE, ELSEWHERE, who_starts="everyone")
        await service.settings.configure(BOB, Place(guild_id=None, channel_id=706), reminder="1h")  # a group DM
        # Bob hears by DM, with quiet hours (09:00 in Berlin now: his turn pings are held) and a digest
        await service.notices.notify(BOB, RUNNING, "dm", timezone="Europe/Berlin", quiet="07:00-10:00",
                                     digest="08:00")
        ids = {}
        for place, name in ((RUNNING, "aqualin"), (FINISHED, "aqualin"), (KAHUNA, "kahuna")):
            ids[name if place is not FINISHED else "finished"] = (
                await service.lobby.new_game(ALICE, place, name)).game_id
            await service.lobby.join(BOB, place)
            await service.lobby.start(ALICE, place)
        await play(service, RUNNING, 5)
        clock.advance(90.5)
        await play(service, KAHUNA, 4)
        await play(service, FINISHED, 3)
        await service.play.resign(BOB, FINISHED)
        await service.lobby.new_game(ALICE, TEAM, "kraqua")  # a cooperative game: a team record
        await service.lobby.join(BOB, TEAM)
        await service.lobby.start(ALICE, TEAM)
        await service.play.resign(BOB, TEAM)
        await deliver_all(service)  # these turns' clocks start: timers are armed
        clock.advance(3600.25)
        await play(service, RUNNING, 2)  # and these messages wait for delivery
        await service.pauses.pause(BOB, RUNNING, "a question")  # a pause waits for Alice's agreement
        await service.pauses.pause(ALICE, KAHUNA, "a break")  # a paused game: its timers are held
        await service.pauses.away(BOB, RUNNING, "3d")
        ids["lobby"] = (await service.lobby.new_game(ALICE, LOBBY, "aqualin", "rules=classic")).game_id
        await store.meta.lease(f"bots:{ids['kahuna']}", owner="host-1:123", now=clock(), ttl=30)
        await store.meta.set("timers_checked", str(clock()))
        return ids
    finally:
        service.close()
        await store.close()


async def tables(url: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, in primary-key order, each value with its Python type."""
    store = await Store.open(url)
    try:
        out = {}
        for table, keys in TABLES.items():
            rows = [dict(r) for r in await store.db.fetch(f"SELECT * FROM {table}")]
            rows.sort(key=lambda r: tuple(r[k] for k in keys))
            out[table] = [{c: (type(v).__name__, v) for c, v in sorted(r.items())} for r in rows]
        return out
    finally:
        await store.close()


async def test_round_trip_sqlite_postgres_sqlite(tmp_path: Path, pg_urls: list[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(copying, "MAX_ROWS", 3)  # every table is read and written in pages
    first, back = sqlite_url(tmp_path, "first"), sqlite_url(tmp_path, "back")
    ids = await build(first)
    original = await tables(first)
    assert all(original[t] for t in TABLES), {t: len(r) for t, r in original.items()}
    assert min(len(original[t]) for t in ("games", "seats", "moves", "timers", "outbox")) > 3
    statuses = {r["status"][1] for r in original["games"]}
    assert statuses == {"lobby", "running", "finished"}
    assert {r["done_at"][0] for r in original["outbox"]} == {"float", "NoneType"}

    there = await copy_database(first, pg_urls[0])
    assert there.ok, there.problems
    assert there.rows == {t: len(r) for t, r in original.items()}
    assert there.replayed == 4 and not there.unchecked  # two running games and the finished ones
    assert await tables(pg_urls[0]) == original

    home = await copy_database(pg_urls[0], back)
    assert home.ok and home.replayed == 4
    assert await tables(back) == original

    # PostgreSQL's generated ids go on after the copied ones: the bot can carry on there.
    store = await Store.open(pg_urls[0])
    service = GameService(store, clock=FakeClock(1_900_000_000.0), new_seed=lambda: 1)
    try:
        fresh = await service.lobby.new_game(ALICE, ELSEWHERE, "aqualin")
        assert fresh.game_id == max(ids.values()) + 1
        await service.lobby.join(BOB, ELSEWHERE)
        await service.lobby.start(ALICE, ELSEWHERE)
        await play(service, RUNNING, 1)  # a copied game goes on, with new outbox rows
        outbox = await store.db.fetch("SELECT id FROM outbox ORDER BY id")
        assert outbox[-1]["id"] > max(r["id"][1] for r in original["outbox"])
    finally:
        service.close()
        await store.close()


async def test_a_target_with_rows_is_refused_and_left_alone(tmp_path: Path,
                                                              pg_urls: list[str]) -> None:
    source = sqlite_url(tmp_path, "source")
    await build(source)
    store = await Store.open(pg_urls[0])
    await store.meta.set("timers_checked", "1")  # a bot started on it once
    await store.close()
    before = await tables(pg_urls[0])
    with pytest.raises(CopyRefused, match=r"not empty \(meta: 1 rows\).*nothing was changed"):
        await copy_database(source, pg_urls[0])
    assert await tables(pg_urls[0]) == before

    other = sqlite_url(tmp_path, "other")
    await build(other)
    before = await tables(other)
    with pytest.raises(CopyRefused, match="games: 5"):
        await copy_database(source, other)
    assert await tables(other) == before
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(source, f"{tmp_path}/source.sqlite3")

    # A value PostgreSQL's column refuses (SQLite stores text in an INTEGER column) rolls the
    # whole copy back.
    await change_behind(store := await Store.open(source),
                        "UPDATE outbox SET attempts = 'many' WHERE id = (SELECT MAX(id) FROM outbox)")
    await store.close()
    empty = await tables(pg_urls[1])
    with pytest.raises(CopyRefused, match="refused rows of the table outbox .*nothing was changed"):
        await copy_database(source, pg_urls[1])
    assert await tables(pg_urls[1]) == empty and not any(empty.values())


async def test_a_position_changed_behind_the_bot_is_caught(tmp_path: Path,
                                                            pg_urls: list[str]) -> None:
    source = sqlite_url(tmp_path, "source")
    ids = await build(source)
    store = await Store.open(source)
    row = await store.games.get(ids["aqualin"])
    aqualin = games.REGISTRY["aqualin"]
    fresh = aqualin.dump(aqualin.setup(["101", "202"], dict(row.options), row.seed))
    assert fresh != row.state
    await change_behind(store, "UPDATE games SET state = ? WHERE id = ?", (fresh, row.id))
    await store.close()

    report = await copy_database(source, pg_urls[0])
    assert not report.ok and report.replayed == 3
    assert report.problems == [f"game {row.id} (aqualin, running): replaying the move log does "
                               f"not give the stored position"]
    assert await tables(pg_urls[0]) == await tables(source)  # the copy stays, for a look

    # A log the engine refuses is a failed check too, not a crash.
    await change_behind(store := await Store.open(source),
                        "UPDATE moves SET move = 'z9' WHERE game_id = ? AND n = 1", (ids["finished"],))
    await store.close()
    report = await copy_database(source, pg_urls[1])
    assert [p.split(":")[0] for p in report.problems] == [
        f"game {row.id} (aqualin, running)", f"game {ids['finished']} (aqualin, finished)"]
    assert "does not replay" in report.problems[1]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def with_password(url: str, password: str) -> str:
    """The test server trusts every login, so a password in the URL is accepted and ignored."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=parts.netloc.replace("@", f":{password}@", 1)))


async def test_the_command_line(tmp_path: Path, pg_urls: list[str]) -> None:
    source = sqlite_url(tmp_path, "source")
    await build(source)
    target = with_password(pg_urls[0], "hunter2-secret")

    done = run_cli("db", "copy", source, target)
    assert done.returncode == 0, done.stderr
    assert "hunter2-secret" not in done.stdout + done.stderr
    assert ":***@" in done.stdout  # the "Copying ... -> ..." line
    assert re.search(r"^  games +5 rows$", done.stdout, re.M) and re.search(r"^  moves +\d+ rows$", done.stdout, re.M)
    assert "Replayed 4 running or finished games: each gives its stored position." in done.stdout
    assert await tables(pg_urls[0]) == await tables(source)

    again = run_cli("db", "copy", source, target)
    assert again.returncode == 1
    assert "The target database is not empty (games: 5" in again.stderr
    assert "hunter2-secret" not in again.stdout + again.stderr

    # Back into a bare file path (taken as SQLite), after a position was changed behind the bot.
    await change_behind(store := await Store.open(pg_urls[0]),
                        "UPDATE games SET state = state || ' ' WHERE status = 'finished'")
    await store.close()
    bad = run_cli("db", "copy", target, str(tmp_path / "back.sqlite3"))
    assert bad.returncode == 1
    assert "does NOT match" in bad.stdout and "(aqualin, finished): replaying" in bad.stdout

    assert run_cli("db", "copy", source).returncode == 2
    assert run_cli("db", "--help").returncode == 0
