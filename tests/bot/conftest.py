"""Fixtures for the bot tests: a temporary database, a service with a fake clock, players."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

import pytest

from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.messages import Actor, Outcome, Place
from bot.service import GameService
from bot.store import Store
from tests.conftest import ON_POSTGRES
from tests.postgres import drop_schema, new_schema


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


@pytest.fixture(params=["sqlite", ON_POSTGRES])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each store and service test runs on both backends: an SQLite file, and a fresh schema
    on the session's PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/data/test.sqlite3"
        return
    server = request.getfixturevalue("postgres_server")
    name, url = new_schema(server)
    try:
        yield url
    finally:
        drop_schema(server, name)


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    s = await Store.open(db_url)
    yield s
    await s.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> Iterator[GameService]:
    s = GameService(store, clock=clock, new_seed=lambda: 12345)
    s.bots.bots_in_threads = True  # a worker process per test would only slow the tests down
    s.reviews.reviews_in_threads = True
    yield s
    s.close()


async def migrated_to(db_url: str, version: int):  # noqa: ANN201 - a bot.db Database
    """A fresh database brought to schema ``version`` only, as a bot of that version left it
    (open; the caller writes its rows, closes it, and opens a Store to migrate the rest)."""
    from bot import db as dbs

    db = await dbs.open_database(db_url)
    async with db.migrating():
        assert await db.schema_version() == 0
        for m in dbs.migrations(db.dialect):
            if m.last <= version:
                await db.apply_migration(m.sql, m.last)
    return db


async def change_behind(store: Store, sql: str, params: tuple[object, ...] = ()) -> None:
    """Edit rows behind the bot's back, as an operator with a database shell would."""
    async with store.db.tx() as tx:
        await tx.execute(sql, params)


async def sabotage_moves(store: Store) -> None:
    """Make the database refuse every new move row from now on (as a full disk would), so a
    write fails in the middle of its transaction."""
    if store.dialect == "sqlite":
        await change_behind(store, "CREATE TRIGGER boom BEFORE INSERT ON moves"
                                   " BEGIN SELECT RAISE(ABORT, 'disk on fire'); END")
    else:
        await change_behind(store, "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql"
                                   " AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$")
        await change_behind(store, "CREATE TRIGGER boom BEFORE INSERT ON moves FOR EACH ROW"
                                   " EXECUTE FUNCTION boom()")


async def deliver_all(service: GameService) -> int:
    """Play the deliverer: mark every stored message delivered now, which starts the turn
    clocks (the adapter's outbox does this when the messages reach Discord)."""
    now = service.clock()
    rows = await service.store.outbox.claim(owner="test", now=now, lease=60, limit=10_000)
    for row in rows:
        await service.store.outbox.done(row, now=now, outcome="sent")
    return len(rows)


async def delivered(service: GameService, outcome: Outcome) -> Recorder:
    """Deliver ``outcome`` through the real pipeline, and what else is due before it; what
    this outcome sent (images drawn, lobbies as they are now), as a recorder holds it."""
    recorder = Recorder()
    pipeline = Pipeline(service, recorder)
    await pipeline.deliver(outcome, PLACE)
    await pipeline.sweep(grace=0)  # rows it waited behind, and it after them
    if outcome.outbox:
        recorder.sent = [s for s in recorder.sent if s.nonce in outcome.outbox]
    return recorder


async def sent_out(service: GameService, outcome: Outcome) -> Outcome:
    """``outcome``, once it has gone through the pipeline (its rows are delivered)."""
    await delivered(service, outcome)
    return outcome


GUILD = 900
CHANNEL = 700
PLACE = Place(guild_id=GUILD, channel_id=CHANNEL)
ALICE = Actor(user_id=101, name="Alice", manage_channels=True)
BOB = Actor(user_id=202, name="Bob")
CAROL = Actor(user_id=303, name="Carol")


async def everyone_moves(service: GameService, place: Place, actors: Sequence[Actor]) -> None:
    """Each human player makes a move of their own (a game that ends before that is unrated):
    the first legal move of whoever may act and has not moved yet."""
    import games

    pending = {str(a.user_id): a for a in actors}
    for _step in range(4 * len(actors) + 8):
        row = await service.store.games.active_game(place.channel_id)
        assert row is not None and row.state is not None
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        moved = {m.player_id for m in await service.store.games.moves(row.id) if m.kind == "move"}
        humans = {s.player_id for s in await service.store.games.seats(row.id) if not s.bot_level}
        if humans <= moved:
            return
        acting = sorted(game.to_act(state))
        player = next((p for p in acting if p not in moved), acting[0])
        await service.play.move(pending[player], place, game.legal_moves(state, player)[0])
    raise AssertionError("not every player got to move")
