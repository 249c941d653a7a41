"""``python -m tools.bench``: how fast are the engines, the renderers and a full move?

Per registered game it measures engine ``apply`` and ``legal_moves``, render + PNG
encode of the public view, the service move (load, apply, the words, buttons and view of
the board post, one SQLite transaction with the outbox rows), its delivery through the bot's
own pipeline (claiming the rows, drawing the board in the drawing worker process, handing it
to a sender that keeps nothing, marking the rows sent), and a
bot's move (``games.ai`` at ``normal`` and ``hard``, from mid-game positions), as p50 / p99 and operations per second. Next to them it measures the floors
on the same machine in the same run: a bare PNG encode of the very image the renderer
drew, and a bare SQLite insert + commit of a state-sized row, and prints the ratios.
Autocomplete is timed through the service on the same mid-game positions: the first
keystroke of a position (cold: the ranked list is built, off the event loop) and every
further keystroke (answered from the cache), classic Aqualin apart. Then 50 channels play
moves and type into autocomplete at once against one SQLite file while a ticker that sleeps
1 ms records how long the event loop was held (the worst stall), next to the longest full
garbage collection (it holds the interpreter, so the loop waits for it).

Interactions (``--only interactions`` runs it alone) starts the real bot process against the
Discord emulator of the end-to-end tests (so it needs a checkout with the test extra): 50
channels open, join, start and play three turns at once, and it reports how long the bot took
to acknowledge each interaction (Discord allows 3 s) and to answer it completely. The tests
check that every answer comes; how fast is measured here.

With ``--database URL`` (a ``postgresql://`` server, or ``auto``: a throwaway durable
cluster from the machine's PostgreSQL binaries) a last section, Backends, sets SQLite beside
PostgreSQL: the bare insert + commit, the service move (Aqualin and Kahuna), and moves/s
with 1 and with 2 worker processes (each with its own Store) over 50 channels on one
database, plus the statements and transactions a move runs and the time spent waiting for
them. PostgreSQL runs twice: as the server is configured (by default synchronous_commit=on:
every commit waits for its WAL flush) and with synchronous_commit=off for the bot's
connections, which matches SQLite's WAL with synchronous=NORMAL (safe against a crashed
process, not against power loss). Each run uses a fresh schema, dropped afterwards. Without
``--database`` the section is skipped; ``--only backends`` runs it alone.

The Web view section (:mod:`tools.web_bench`; ``--only web`` runs it alone) times page views,
their pictures and the scrubber, and what 100 open event streams cost.

Per game it also times a hint (``/game hint``: the normal level's search from the asker's view,
from the bots' mid-game positions) and whole-game reviews (``--reviews`` games between an easy
and a normal bot, every seat judged).

Not a test: numbers depend on the machine; quote them in notes.

Why one file of 800 lines: it is a script, read top to bottom as the report it prints, one
section after another; each section's setup sits beside its measurement, and no other module
imports any of it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import io
import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image as PILImage

import games
import renderers
from games.ai import choose_move
from games.ai.coach import hint
from games.ai.review import Step as ReviewStep
from games.ai.review import review
from renderers.common import encode_png

from bot.db import is_postgres
from bot.db.database import Params, Row as DbRow, Tx
from bot.runtime.event_loop import settle, use_workers
from bot.delivery.pipeline import Pipeline
from tools.lived_in import add_arguments as add_lived_in_arguments
from bot.delivery.recorder import Recorder
from bot.messages import Actor, Outcome, Place
from bot.service import GameService
from bot.store import Store

T = TypeVar("T")


#: Option sets benchmarked through the service besides the defaults.
VARIANTS = {"aqualin": ("rules=classic",)}


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


class Row:
    def __init__(self, name: str, samples: list[float]) -> None:
        self.name = name
        self.samples = samples
        self.p50 = pct(samples, 0.50)
        self.p99 = pct(samples, 0.99)
        self.rate = len(samples) / sum(samples) if samples and sum(samples) > 0 else float("nan")

    def line(self) -> str:
        return (f"  {self.name:<28} p50 {self.p50 * 1e3:9.3f} ms   p99 {self.p99 * 1e3:9.3f} ms"
                f"   {self.rate:11.1f} /s   (n={len(self.samples)})")


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def playouts(game: games.Game, n_games: int, seed: int) -> tuple[list[float], list[float], list[Any]]:
    """Random games: times of apply and legal_moves, plus some visited states to render."""
    rnd = random.Random(seed)
    applies: list[float] = []
    legals: list[float] = []
    states: list[Any] = []
    for g in range(n_games):
        players = [f"p{i}" for i in range(game.max_players if g % 2 else game.min_players)]
        state = game.setup(players, {}, seed + g)
        while game.result(state) is None:
            player = sorted(game.to_act(state))[0]
            dt, moves = timed(lambda: game.legal_moves(state, player))
            legals.append(dt)
            move = rnd.choice(moves)
            dt, state = timed(lambda: game.apply(state, player, move))
            applies.append(dt)
            if rnd.random() < 0.2:
                states.append(state)
        states.append(state)
    return applies, legals, states


def render_rows(game: games.Game, states: list[Any], limit: int) -> tuple[Row, Row]:
    renders: list[float] = []
    encodes: list[float] = []
    for state in states[:limit]:
        view = game.view(state, None)
        names = {p: f"Player {i + 1}" for i, p in enumerate(view.get("players", []))}
        dt, png = timed(lambda: renderers.render_board(view, names))
        renders.append(dt)
        image = PILImage.open(io.BytesIO(png))
        image.load()
        dt, _ = timed(lambda: encode_png(image))
        encodes.append(dt)
    return Row("render + encode", renders), Row("floor: bare PNG encode", encodes)


def keystrokes(move: str, most: int = 10) -> list[str]:
    """What a player types on the way to ``move``: nothing, then one more letter at a time."""
    return ["", *(move[:k] for k in range(1, min(len(move), most) + 1))]


async def open_channel(service: GameService, game: games.Game, channel: int, count: int,
                       options: str) -> tuple[Place, dict[str, Actor]]:
    place = Place(guild_id=1, channel_id=channel)
    actors = [Actor(user_id=10 + i, name=f"Player {i + 1}", manage_channels=True)
              for i in range(count)]
    await service.lobby.new_game(actors[0], place, game.id, options)
    for actor in actors[1:]:
        await service.lobby.join(actor, place)
    await service.lobby.start(actors[0], place)
    return place, {str(a.user_id): a for a in actors}


class Delivery:
    """The bot's delivery pipeline, sending to a recorder that forgets what it was given (the
    sending itself is Discord's time, not ours)."""

    def __init__(self, service: GameService) -> None:
        self.sink = Recorder()
        self.pipeline = Pipeline(service, self.sink)

    async def __call__(self, outcome: Outcome, place: Place) -> None:
        await self.pipeline.deliver(outcome, place)
        self.sink.take()

    async def everything(self) -> None:
        """Whatever is waiting (the lobbies and first boards of channels just opened)."""
        await self.pipeline.sweep(grace=0)
        self.sink.take()


@asynccontextmanager
async def bot_like(seed: int, url: str | None = None,
                   draw: bool = True) -> AsyncIterator[tuple[Store, GameService]]:
    """A service on a temporary SQLite file (or the empty database at ``url``), set up as the
    bot sets up its own: the worker threads, and the drawing worker process started before
    play (``draw`` False: none, for runs that draw nothing)."""
    use_workers(asyncio.get_running_loop())
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(url or Path(tmp) / "bench.sqlite3")
        service = GameService(store, new_seed=lambda: seed)
        service.drawing.draw_in_process = draw
        try:
            if draw:
                await service.drawing.start_workers()
            yield store, service
        finally:
            service.close()
            await store.close()


async def service_rows(game: games.Game, n_games: int, seed: int, options: str = "", *,
                       url: str | None = None, typing: bool = True, deliver: bool = True,
                       counter: Counter | None = None) -> tuple[Row, Row, Row, Row, Row]:
    """Moves through the service on a real SQLite file (or ``url``), their delivery, the bare
    commit floor, and autocomplete on the way to each move of the middle of the game (cold
    and cached). ``typing`` / ``deliver`` False skip autocomplete / delivery (drawing);
    ``counter`` counts the moves' statements."""
    async with bot_like(seed, url) as (store, service):
        if counter is not None:
            store.use(counter.wrap(store.db))
        rnd = random.Random(seed)
        moves: list[float] = []
        deliveries: list[float] = []
        cold: list[float] = []
        warm: list[float] = []
        delivery = Delivery(service)
        size = 4000  # a stored state's length, for the commit floor: the last one seen
        for g in range(n_games):
            count = game.max_players if g % 2 else game.min_players
            place, by_player = await open_channel(service, game, 1000 + g, count, options)
            if deliver:
                await delivery.everything()
            n = 0
            while True:
                row = await store.games.active_game(place.channel_id)
                if row is None:
                    break
                assert row.state is not None
                size = len(row.state)
                state = game.load(row.state)
                player = sorted(game.to_act(state))[0]
                move = rnd.choice(game.legal_moves(state, player))
                n += 1
                if typing and n > 2 and rnd.random() < 0.4:  # past the opening: a player types
                    for i, typed in enumerate(keystrokes(move)):
                        t0 = time.perf_counter()
                        await service.looking.suggest(by_player[player], place, typed)
                        (warm if i else cold).append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                if counter is not None:
                    counter.moving = True
                outcome = await service.play.move(by_player[player], place, move)
                t1 = time.perf_counter()
                if counter is not None:
                    counter.moving = False
                    counter.moves += 1
                if deliver:
                    await delivery(outcome, place)  # the board is drawn when delivered
                moves.append(t1 - t0)
                deliveries.append(time.perf_counter() - t1)
        floor = await commit_floor(store, max(size, 1000), len(moves))
    return (Row("service move (write)", moves), Row("floor: SQLite insert+commit", floor),
            Row("autocomplete answer", warm), Row("autocomplete first keystroke", cold),
            Row("delivery (pipeline: draw, send, mark)", deliveries))


#: (game id, options) of the channels of the stall run: every game, classic Aqualin too.
STALL_MIX = [("aqualin", ""), ("aqualin", "rules=classic"), ("kahuna", ""), ("aqua", ""),
             ("kraqua", ""), ("krasserfall", "")]


async def stall_rows(channels: int, rounds: int, seed: int) -> tuple[Row, Row, Row, Row, Row]:
    """``channels`` channels each play ``rounds`` moves at once, typing each move into
    autocomplete first (a few ms between keystrokes), on one SQLite file. A ticker that
    sleeps 1 ms measures every gap beyond that: how long the event loop was held. Full
    garbage collections are timed too: they hold the interpreter in whichever thread runs
    them, and were the longest stalls until in-flight rows stayed JSON text."""
    async with bot_like(seed) as (store, service):
        tables = []
        for c in range(channels):
            game_id, options = STALL_MIX[c % len(STALL_MIX)]
            game = games.REGISTRY[game_id]
            count = game.max_players if (c // len(STALL_MIX)) % 2 else game.min_players
            tables.append((game, *await open_channel(service, game, 5000 + c, count, options)))
        delivery = Delivery(service)
        await delivery.everything()
        gaps: list[float] = []
        work: list[float] = []
        moves: list[float] = []
        answers: list[float] = []
        done = asyncio.Event()
        collections: list[float] = []
        started: list[float] = []

        def watch(phase: str, info: dict[str, int]) -> None:
            if info["generation"] == 2:
                if phase == "start":
                    started.append(time.perf_counter())
                elif started:
                    collections.append(time.perf_counter() - started.pop())

        async def ticker() -> None:
            # Wall time beyond the 1 ms asked for is the stall; the loop thread's own CPU
            # time in it is the work done on the loop (the rest is waiting: for the
            # interpreter lock held by a worker thread, or for a core on a busy machine).
            last, last_cpu = time.perf_counter(), time.thread_time()
            while not done.is_set():
                await asyncio.sleep(0.001)
                now, cpu = time.perf_counter(), time.thread_time()
                gaps.append(max(0.0, now - last - 0.001))
                work.append(cpu - last_cpu)
                last, last_cpu = now, cpu

        def pick(game: games.Game, text: str, rnd: random.Random) -> tuple[str, str]:
            state = game.load(text)
            player = sorted(game.to_act(state))[0]
            return player, rnd.choice(game.legal_moves(state, player))

        async def channel(game: games.Game, place: Place, by_player: dict[str, Actor],
                          rnd: random.Random) -> None:
            for _ in range(rounds):
                row = await store.games.active_game(place.channel_id)
                if row is None:
                    return
                # The bench's own choice of a move is not the bot's work: off the loop.
                assert row.state is not None
                player, move = await asyncio.to_thread(pick, game, row.state, rnd)
                for typed in keystrokes(move, 6):
                    t0 = time.perf_counter()
                    await service.looking.suggest(by_player[player], place, typed)
                    answers.append(time.perf_counter() - t0)
                    await asyncio.sleep(rnd.uniform(0.0, 0.03))
                t0 = time.perf_counter()
                outcome = await service.play.move(by_player[player], place, move)
                moves.append(time.perf_counter() - t0)
                await delivery(outcome, place)  # drawing, as the outbox does it
                del outcome  # the bot lets go of an answered move; kept, the collector walks it

        tick = asyncio.create_task(ticker())
        await asyncio.sleep(0.01)
        gc.callbacks.append(watch)
        try:
            await asyncio.gather(*(channel(game, place, actors, random.Random(seed + i))
                                   for i, (game, place, actors) in enumerate(tables)))
        finally:
            gc.callbacks.remove(watch)
        done.set()
        await tick
    return (Row("loop stall (ticker gap)", gaps), Row("loop work per tick (CPU)", work),
            Row("service move (under load)", moves), Row("autocomplete (under load)", answers),
            Row("full garbage collection", collections or [0.0]))


#: The floor's table: an id the database numbers, and a state-sized text.
FLOOR_TABLE = {
    "sqlite": "CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, body TEXT)",
    "postgres": "CREATE TABLE IF NOT EXISTS bench (id BIGINT GENERATED BY DEFAULT AS IDENTITY"
                " PRIMARY KEY, body TEXT)",
}


async def commit_floor(store: Store, size: int, n: int) -> list[float]:
    """A bare insert + commit of a state-sized row, on the connection (SQLite) or pool
    (PostgreSQL) the service uses."""
    async with store.db.tx() as tx:
        await tx.execute(FLOOR_TABLE[store.dialect])
    body = "x" * size
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        async with store.db.tx() as tx:
            await tx.execute("INSERT INTO bench (body) VALUES (?)", (body,))
        out.append(time.perf_counter() - t0)
    return out


class Counter:
    """What service moves ask of the database: statements (on PostgreSQL each is a round
    trip, plus BEGIN and COMMIT per transaction and the pool's reset per connection handed
    back), reads outside a transaction and transactions, and the time spent waiting for
    them (the rest of a move is the bot's own work). Counts only while ``moving``."""

    def __init__(self) -> None:
        self.moving = False
        self.moves = 0
        self.statements = 0
        self.reads = 0
        self.transactions = 0
        self.seconds = 0.0

    def wrap(self, db: Any) -> Any:
        return _CountingDatabase(db, self)

    def per_move(self) -> str:
        n = max(1, self.moves)
        return (f"{self.statements / n:.1f} statements ({self.reads / n:.1f} of them reads outside"
                f" a transaction; {self.transactions / n:.1f} transactions)")

    def waited(self) -> float:
        """Seconds per move spent waiting for the database."""
        return self.seconds / max(1, self.moves)


class _CountingTx(Tx):
    def __init__(self, tx: Tx, counter: Counter) -> None:
        self._tx = tx
        self._counter = counter

    def _count(self) -> None:
        if self._counter.moving:
            self._counter.statements += 1

    async def execute(self, sql: str, params: Params = ()) -> int:
        self._count()
        return await self._tx.execute(sql, params)

    async def fetch(self, sql: str, params: Params = ()) -> list[DbRow]:
        self._count()
        return await self._tx.fetch(sql, params)

    async def serialize(self, name: str) -> None:
        self._count()
        await self._tx.serialize(name)


class _CountingDatabase:
    """The store's database, counting (everything else passes through)."""

    def __init__(self, db: Any, counter: Counter) -> None:
        self._db = db
        self._counter = counter

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def _waited(self, t0: float) -> None:
        if self._counter.moving:
            self._counter.seconds += time.perf_counter() - t0

    async def _read(self, reading: Awaitable[T]) -> T:
        """A read outside a transaction: counted, and its time waited."""
        if self._counter.moving:
            self._counter.statements += 1
            self._counter.reads += 1
        t0 = time.perf_counter()
        try:
            return await reading
        finally:
            self._waited(t0)

    async def fetch(self, sql: str, params: Params = ()) -> list[DbRow]:
        return await self._read(self._db.fetch(sql, params))

    async def fetchrow(self, sql: str, params: Params = ()) -> DbRow | None:
        return await self._read(self._db.fetchrow(sql, params))

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Tx]:
        if self._counter.moving:
            self._counter.transactions += 1
        t0 = time.perf_counter()
        try:
            async with self._db.tx() as tx:
                yield _CountingTx(tx, self._counter)
        finally:
            self._waited(t0)


# ----- Backends: SQLite beside PostgreSQL --------------------------------------------------

#: The games whose service move is timed on each backend.
BACKEND_GAMES = ("aqualin", "kahuna")
#: The first channel id of the throughput run (its channels play Aqualin, two players each).
CHANNEL0 = 9000


@dataclass
class Backend:
    """One database to measure: SQLite files in a temporary folder, or fresh schemas on a
    PostgreSQL server with ``settings`` sent by every connection of the bot."""

    label: str
    server: str | None = None
    settings: dict[str, str] | None = None

    @contextmanager
    def fresh(self) -> Iterator[str]:
        """The URL of an empty database (removed afterwards)."""
        if self.server is None:
            with tempfile.TemporaryDirectory() as tmp:
                yield f"sqlite:///{tmp}/bench.sqlite3"
            return
        from bot.db.cluster import drop_schema, new_schema, with_settings

        name, url = new_schema(self.server)
        try:
            yield with_settings(url, **self.settings) if self.settings else url
        finally:
            drop_schema(self.server, name)


@contextmanager
def database_server(spec: str) -> Iterator[str]:
    """``--database``: the server at a ``postgresql://`` URL, or ``auto``: a throwaway
    durable cluster (fsync on, as a real server) from the machine's PostgreSQL binaries."""
    if spec != "auto":
        if not is_postgres(spec):
            raise SystemExit("--database takes a postgresql:// URL or 'auto'")
        yield spec
        return
    from bot.db.cluster import Cluster, find_binaries

    binaries = find_binaries()
    if binaries is None:
        raise SystemExit("--database auto needs PostgreSQL's initdb and pg_ctl (Debian: "
                         "apt-get install postgresql); or give a postgresql:// URL")
    cluster = Cluster(binaries, durable=True)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


async def _setting(url: str, name: str) -> str:
    """A server setting as the bot's connections see it ("" on SQLite)."""
    if not is_postgres(url):
        return ""
    store = await Store.open(url)
    try:
        row = await store.db.fetchrow("SELECT current_setting(?)", (name,))
        return str(row[0]) if row else ""
    finally:
        await store.close()


async def _open_tables(url: str, channels: int, seed: int) -> None:
    """An Aqualin game for two running in each channel of the throughput run."""
    async with bot_like(seed, url, draw=False) as (_store, service):
        for c in range(channels):
            await open_channel(service, games.REGISTRY["aqualin"], CHANNEL0 + c, 2, "")


async def _play(url: str, channel_ids: list[int], rounds: int, seed: int, go: Any,
                out: Any) -> int:
    """One worker process: its own Store on ``url``; the moves of its channels are chosen
    before the start, then every channel plays them at once, as fast as it can."""
    use_workers(asyncio.get_running_loop())
    store = await Store.open(url)
    service = GameService(store, new_seed=lambda: seed)
    try:
        scripts = []
        for channel_id in channel_ids:
            row = await store.games.active_game(channel_id)
            assert row is not None and row.state is not None
            game = games.REGISTRY[row.game]
            actors = {s.player_id: Actor(user_id=s.user_id, name=s.name)
                      for s in await store.games.seats(row.id)}
            state = game.load(row.state)
            rnd = random.Random(seed + channel_id)
            script = []
            for _ in range(rounds):  # the engine is pure: the service will reach these states
                if game.result(state) is not None:
                    break
                player = sorted(game.to_act(state))[0]
                move = rnd.choice(game.legal_moves(state, player))
                script.append((actors[player], move))
                state = game.apply(state, player, move)
            scripts.append((Place(guild_id=1, channel_id=channel_id), script))
        # Open the pool's connections before the start, as a running bot has them open.
        await asyncio.gather(*(store.settings.guild(1) for _ in range(20)))
        out.put(("ready", os.getpid()))
        await asyncio.to_thread(go.wait)
        done = 0

        async def channel(place: Place, script: list[tuple[Actor, str]]) -> None:
            nonlocal done
            for actor, move in script:
                await service.play.move(actor, place, move)
                done += 1

        await asyncio.gather(*(channel(place, script) for place, script in scripts))
        return done
    finally:
        service.close()
        await store.close()


def _worker(url: str, channel_ids: list[int], rounds: int, seed: int, go: Any, out: Any) -> None:
    try:
        out.put(("done", asyncio.run(_play(url, channel_ids, rounds, seed, go, out))))
    except BaseException as exc:  # the parent reports it; a worker must never hang it
        out.put(("error", f"{type(exc).__name__}: {exc}"))


def _expect(out: Any, kind: str) -> Any:
    got, value = out.get(timeout=600)
    if got == "error":
        raise RuntimeError(f"a bench worker process failed: {value}")
    assert got == kind, (got, kind)
    return value


def throughput(url: str, processes: int, channels: int, rounds: int,
               seed: int) -> tuple[int, float]:
    """``processes`` spawned worker processes, each with its own Store on the database at
    ``url``, share ``channels`` channels and play ``rounds`` moves in each. (Moves played,
    seconds from the start signal until the last worker finished.)"""
    asyncio.run(_open_tables(url, channels, seed))
    ctx = multiprocessing.get_context("spawn")
    go = ctx.Event()
    out = ctx.Queue()
    ids = [CHANNEL0 + c for c in range(channels)]
    workers = [ctx.Process(target=_worker, args=(url, ids[i::processes], rounds, seed, go, out),
                           daemon=True) for i in range(processes)]
    for w in workers:
        w.start()
    try:
        for _ in workers:
            _expect(out, "ready")
        t0 = time.perf_counter()
        go.set()
        total = sum(_expect(out, "done") for _ in workers)
        elapsed = time.perf_counter() - t0
    finally:
        go.set()
        for w in workers:
            w.join(timeout=60)
            if w.is_alive():
                w.kill()
    return total, elapsed


@dataclass
class BackendResult:
    backend: Backend
    synchronous_commit: str
    commit: Row
    moves: dict[str, Row]
    counted: dict[str, str]
    waited: dict[str, list[float]]  # game id -> seconds per move waiting for the database, per run
    rates: dict[int, tuple[int, float]]  # processes -> (moves, seconds)

    def rate(self, processes: int) -> float:
        moves, seconds = self.rates[processes]
        return moves / seconds if seconds > 0 else float("nan")

    def plus(self, other: BackendResult) -> BackendResult:
        """Two runs as one: their samples pooled, their moves and seconds added up."""
        return BackendResult(
            self.backend, self.synchronous_commit,
            Row(self.commit.name, self.commit.samples + other.commit.samples),
            {g: Row(r.name, r.samples + other.moves[g].samples) for g, r in self.moves.items()},
            other.counted,
            {g: w + other.waited[g] for g, w in self.waited.items()},
            {p: (m + other.rates[p][0], s + other.rates[p][1]) for p, (m, s) in self.rates.items()})


def measure_backend(backend: Backend, *, service_games: int, channels: int, rounds: int,
                    seed: int, game_ids: tuple[str, ...] = BACKEND_GAMES) -> BackendResult:
    moves: dict[str, Row] = {}
    counted: dict[str, str] = {}
    waited: dict[str, list[float]] = {}
    commit: Row | None = None
    setting = ""
    for game_id in game_ids:
        counter = Counter()
        with backend.fresh() as url:
            setting = setting or asyncio.run(_setting(url, "synchronous_commit"))
            move, floor, _a, _f, _d = asyncio.run(service_rows(
                games.REGISTRY[game_id], service_games, seed, url=url, typing=False,
                deliver=False, counter=counter))
        moves[game_id] = move
        counted[game_id] = counter.per_move()
        waited[game_id] = [counter.waited()]
        commit = commit or floor
    rates = {}
    for processes in (1, 2):
        with backend.fresh() as url:
            rates[processes] = throughput(url, processes, channels, rounds, seed)
    assert commit is not None
    return BackendResult(backend, setting, commit, moves, counted, waited, rates)


def backends_section(server: str, *, service_games: int, channels: int, rounds: int, seed: int,
                     repeat: int = 1,
                     game_ids: tuple[str, ...] = BACKEND_GAMES) -> list[BackendResult]:
    """Print SQLite beside PostgreSQL on ``server`` (as configured, and with
    synchronous_commit=off), with the per-move ratios against the 2x target. With
    ``repeat`` the backends take turns that many times (a busy machine's noise spreads
    over all of them) and each one's runs are pooled."""
    print(f"\nBackends: SQLite (WAL, synchronous=NORMAL) beside PostgreSQL; moves/s over"
          f" {channels} channels x {rounds} moves; {repeat} run(s) each, taking turns")
    chosen = [Backend("SQLite"), Backend("PostgreSQL", server),
              Backend("PG sync_commit=off", server, {"synchronous_commit": "off"})]
    runs: list[BackendResult | None] = [None] * len(chosen)
    for _ in range(max(1, repeat)):
        for i, b in enumerate(chosen):
            got = measure_backend(b, service_games=service_games, channels=channels,
                                  rounds=rounds, seed=seed, game_ids=game_ids)
            before = runs[i]
            runs[i] = got if before is None else before.plus(got)
    results = [r for r in runs if r is not None]
    width = 24
    print("  " + " " * 34 + "".join(f"{r.backend.label:>{width}}" for r in results))

    def show(name: str, cells: list[str]) -> None:
        print(f"  {name:<34}" + "".join(f"{c:>{width}}" for c in cells))

    show("synchronous_commit", [r.synchronous_commit or "(n/a)" for r in results])
    show("store commit p50 / p99 ms", [f"{r.commit.p50 * 1e3:.3f} / {r.commit.p99 * 1e3:.3f}"
                                       for r in results])
    for game_id in game_ids:
        show(f"service move {game_id} p50 / p99 ms",
             [f"{r.moves[game_id].p50 * 1e3:.2f} / {r.moves[game_id].p99 * 1e3:.2f}"
              for r in results])
    for game_id in game_ids:
        show(f"waiting for the database, {game_id}",
             [f"{sum(r.waited[game_id]) / len(r.waited[game_id]) * 1e3:.2f} ms/move" for r in results])
    for processes in (1, 2):
        show(f"moves/s, {processes} process{'es' if processes > 1 else ''}",
             [f"{r.rate(processes):.0f} ({r.rates[processes][0]} moves)" for r in results])
    for game_id in game_ids:
        print(f"  a service move ({game_id}) runs {results[-1].counted[game_id]}")
    sqlite = results[0]
    for pg in results[1:]:
        ratios = [pg.moves[g].p50 / sqlite.moves[g].p50 for g in game_ids]
        ratios += [sqlite.rate(p) / pg.rate(p) for p in (1, 2)]
        worst = max(ratios)
        what = ", ".join([*(f"{g} move p50 {r:.2f}x" for g, r in zip(game_ids, ratios)),
                          *(f"time per move at {p} process{'es' if p > 1 else ''} {r:.2f}x"
                            for p, r in zip((1, 2), ratios[len(game_ids):]))])
        verdict = "within" if worst <= 2.0 else "OVER"
        fair = ("comparable to SQLite's synchronous=NORMAL" if pg.synchronous_commit == "off"
                else "waits for a WAL flush per commit: safer than SQLite's setting")
        print(f"  {pg.backend.label} / SQLite: {what}: worst {worst:.2f}x, {verdict} the 2x target"
              f" ({fair})")
    return results


async def _interactions(channels: int, turns: int, workdir: Path) -> tuple[list[float], list[float], int, float]:
    """``channels`` tables open a lobby, join, start and play ``turns`` moves each, all at once,
    against the real bot process: (acknowledgements, complete answers, late ones, seconds)."""
    # The test harness, not part of the package (and not type-checked): imported by name.
    load_spec = importlib.import_module("tests.discord_spec").load_spec
    Emulator = importlib.import_module("tests.e2e.emulator").Emulator
    BotProcess = importlib.import_module("tests.e2e.process").BotProcess

    emulator = Emulator(load_spec(), ack_deadline=3600.0)  # count late answers, don't refuse them
    await emulator.start()
    tables = [(emulator.add_channel(), emulator.add_user(f"Host{i}", moderator=True),
               emulator.add_user(f"Guest{i}")) for i in range(channels)]
    bot = BotProcess(emulator, workdir, env={"WARM_UP": "true"})
    answers: list[float] = []
    try:
        await bot.start()

        async def answered(record: Any) -> Any:
            await emulator.finish(record)
            answers.append(time.monotonic() - record.sent_at)
            return record

        async def table(channel: int, host: Any, guest: Any) -> None:
            await answered(await emulator.slash(host, "game new", channel, wait=False, game="aqualin",
                                                options="role=host-colour"))
            lobby = next(m for m in reversed(emulator.public_messages(channel)) if m.custom_ids())
            game_id = lobby.custom_ids()[0].rsplit(":", 1)[1]
            await answered(await emulator.click(guest, lobby, f"lobby:join:{game_id}", wait=False))
            await answered(await emulator.click(host, lobby, f"lobby:start:{game_id}", wait=False))
            players = {host.id: host, guest.id: guest}
            for _ in range(turns):
                board = [m for m in emulator.public_messages(channel) if m.attachments][-1]
                (current,) = board.pinged_users
                record = await answered(await emulator.send(emulator._interaction(
                    players[current], 4, emulator._command_data("move", {"action": ""}, "action"),
                    channel)))
                move = record.choices[0]["value"]
                await answered(await emulator.slash(players[current], "move", channel, wait=False,
                                                    action=move))

        started = time.monotonic()
        await asyncio.gather(*(table(*t) for t in tables))
        elapsed = time.monotonic() - started
        assert not emulator.violations, emulator.violations
    finally:
        await bot.stop()
        await emulator.close()
    acks = [r.ack_time for r in emulator.interactions.values() if r.ack_time is not None]
    return acks, answers, emulator.late_acks, elapsed


def interactions_section(channels: int, turns: int) -> tuple[Row, Row]:
    """The bot as Discord sees it: ``python -m bot`` against the e2e tests' Discord emulator
    (a repository checkout with the test extra), on SQLite, warmed up as in production."""
    try:
        importlib.import_module("tests.e2e.process")
    except ImportError as exc:
        raise SystemExit("the Interactions section needs a checkout of the repository with the test "
                         f"extra (pip install -e '.[test]'): {exc}") from None
    print(f"\nInteractions: the bot's process, {channels} channels at once (open, join, start, "
          f"then {turns} turns of autocomplete and /move each)")
    with tempfile.TemporaryDirectory(prefix="tidepool-bench-") as folder:
        acks, answers, late, elapsed = asyncio.run(_interactions(channels, turns, Path(folder)))
    ack, answer = Row("acknowledgement", acks), Row("complete answer", answers)
    print(ack.line())
    print(answer.line())
    print(f"  {len(acks)} interactions in {elapsed:.1f} s; acknowledgement max {max(acks) * 1e3:.0f} ms, "
          f"{late} later than Discord's 3 s (target 0); complete answer p99 {answer.p99:.2f} s")
    return ack, answer


def ai_positions(game: games.Game, count: int, seed: int) -> list[tuple[Any, str]]:
    """Mid-game decisions (two or more legal moves) from a game easy bots play to the end;
    ``count`` of them, spread over the middle of the game (20% to 80% of its moves)."""
    players = [f"p{i}" for i in range(max(2, game.min_players))]
    state = game.setup(players, {}, seed)
    seen: list[tuple[Any, str]] = []
    while game.result(state) is None:
        player = sorted(game.to_act(state))[0]
        if len(game.legal_moves(state, player)) > 1:
            seen.append((state, player))
        move = choose_move(game, state, player, "easy", seed=len(seen), iterations=4)
        if move is None:  # an out-of-turn option it declined: let the player on turn act
            player = sorted(game.to_act(state))[-1]
            move = choose_move(game, state, player, "easy", seed=len(seen), iterations=4)
        assert move is not None
        state = game.apply(state, player, move)
    middle = seen[len(seen) // 5: max(len(seen) // 5 + 1, 4 * len(seen) // 5)]
    step = max(1, len(middle) // max(1, count))
    return middle[::step][:count]


def ai_rows(game: games.Game, count: int, seed: int) -> list[Row]:
    """Seconds per bot move at ``normal`` and ``hard`` with their real budgets (iterations
    capped by the level's time limit), from the same mid-game positions."""
    positions = ai_positions(game, count, seed)
    rows = []
    for level in ("normal", "hard"):
        samples = []
        for i, (state, player) in enumerate(positions):
            dt, _ = timed(lambda: choose_move(game, state, player, level, seed=i))
            samples.append(dt)
        rows.append(Row(f"AI {level} move", samples))
    return rows


def hint_row(game: games.Game, count: int, seed: int) -> Row:
    """Seconds per ``/game hint`` search (the normal level's budget, from the asker's view),
    from the same mid-game positions as the bots' moves (Kraqua: the team asks)."""
    samples = []
    for i, (state, player) in enumerate(ai_positions(game, count, seed)):
        team = sorted(game.waiting_for(state)) if game.multi_seat else [player]
        if not set(team) & game.waiting_for(state):
            continue
        dt, _ = timed(lambda: hint(game, state, team, i))
        samples.append(dt)
    return Row("hint", samples)


def review_row(game: games.Game, count: int, seed: int) -> Row:
    """Seconds per whole-game review (every seat judged as a person's), over ``count`` games
    between an easy and a normal bot."""
    samples = []
    for k in range(count):
        players = [f"p{i}" for i in range(max(2, game.min_players))]
        state = game.setup(players, {}, seed + k)
        steps = []
        n = 0
        while game.result(state) is None:
            player = sorted(game.waiting_for(state) or game.to_act(state))[0]
            level = "easy" if players.index(player) % 2 == 0 else "normal"
            move = choose_move(game, state, player, level, seed=n, iterations=30)
            n += 1
            if move is None:
                continue
            steps.append(ReviewStep("move", player, move))
            state = game.apply(state, player, move)
        dt, _ = timed(lambda: review(game, players, {}, seed + k, steps, seconds=None))
        samples.append(dt)
    return Row("review (whole game)", samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random games per engine (default 20)")
    parser.add_argument("--service-games", type=int, default=3,
                        help="games played through the service per engine (default 3)")
    parser.add_argument("--renders", type=int, default=60, help="views rendered per engine (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game id, 'backends', 'interactions' or 'web' (only that section)")
    parser.add_argument("--ai-moves", type=int, default=10,
                        help="mid-game positions timed per bot level (default 10; 0 skips)")
    parser.add_argument("--reviews", type=int, default=2,
                        help="whole games reviewed per engine (default 2; 0 skips)")
    parser.add_argument("--channels", type=int, default=50,
                        help="channels of the event-loop stall run (default 50; 0 skips)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="moves per channel in the stall run (default 4)")
    parser.add_argument("--database", metavar="URL",
                        help="a postgresql:// server (the bench works in fresh schemas it drops "
                             "again) or 'auto' (a throwaway cluster from the machine's binaries): "
                             "adds the Backends section; without it the section is skipped")
    parser.add_argument("--backend-channels", type=int, default=50,
                        help="channels of the Backends moves/s run (default 50)")
    parser.add_argument("--backend-rounds", type=int, default=8,
                        help="moves per channel in the Backends moves/s run (default 8)")
    parser.add_argument("--backend-repeat", type=int, default=1,
                        help="runs per backend in the Backends section, taking turns (default 1)")
    parser.add_argument("--interaction-channels", type=int, default=50,
                        help="channels of the Interactions run against the real bot process (default "
                             "50; 0 skips); needs a checkout with the test extra")
    parser.add_argument("--interaction-turns", type=int, default=3,
                        help="moves per channel in the Interactions run (default 3)")
    parser.add_argument("--web-streams", type=int, default=100,
                        help="open event streams of the Web view section (default 100; 0 skips)")
    add_lived_in_arguments(parser)
    args = parser.parse_args(argv)
    if args.lived_in:
        from tools.lived_in import lived_in_section

        print(f"python {sys.version.split()[0]} on {sys.platform}; seed {args.seed}")
        lived_in_section(args.finished, args.running, args.seed, args.lived_in_ops, args.rebuild,
                         args.database)
        return 0
    if args.only == "backends" and not args.database:
        parser.error("--only backends needs --database")
    print(f"python {sys.version.split()[0]} on {sys.platform}; seed {args.seed}")
    if args.only == "interactions":
        interactions_section(args.interaction_channels or 50, args.interaction_turns)
        return 0
    if args.only == "web":
        from tools.web_bench import web_section

        web_section(streams=args.web_streams or 100)
        return 0
    renderers.warm_up()  # as the bot does at start-up: cached artwork is not part of a move
    settle()  # and as the bot does next
    for game_id, game in games.REGISTRY.items():
        if args.only and game_id != args.only:
            continue
        print(f"\n{game.title} ({game_id})")
        applies, legals, states = playouts(game, args.games, args.seed)
        rows = [Row("engine apply", applies), Row("engine legal_moves", legals)]
        render, encode = render_rows(game, states, args.renders)
        move, commit, answer, first, delivery = asyncio.run(
            service_rows(game, args.service_games, args.seed))
        rows += [render, encode, move, delivery, commit, answer, first]
        for row in rows:
            print(row.line())
        full = Row("move + delivery", [a + b for a, b in zip(move.samples, delivery.samples)])
        print(full.line())
        print(f"  ratios: render/encode p50 {render.p50 / encode.p50:.2f}x, "
              f"service move/commit p50 {move.p50 / commit.p50:.1f}x, "
              f"service move p99 {move.p99 * 1e3:.1f} ms (target <= 50 ms), "
              f"with its delivery p99 {full.p99 * 1e3:.1f} ms")
        print(f"  autocomplete: answer p99 {answer.p99 * 1e3:.1f} ms (target <= 50 ms), "
              f"first keystroke p99 {first.p99 * 1e3:.1f} ms")
        for options in VARIANTS.get(game_id, ()):
            move, _commit, answer, first, _delivery = asyncio.run(
                service_rows(game, args.service_games, args.seed, options))
            for row in (move, answer, first):
                row.name = f"{row.name} ({options})"
                print(row.line())
            print(f"  {options}: service move p99 {move.p99 * 1e3:.1f} ms (target <= 50 ms), "
                  f"autocomplete answer p99 {answer.p99 * 1e3:.1f} ms (target <= 50 ms)")
        if args.ai_moves > 0:
            normal, hard = ai_rows(game, args.ai_moves, args.seed)
            print(normal.line())
            print(hard.line())
            print(f"  AI: normal p99 {normal.p99:.2f} s (target <= 1 s), "
                  f"hard p99 {hard.p99:.2f} s (target <= 3 s)")
            hints = hint_row(game, args.ai_moves, args.seed)
            print(hints.line())
            print(f"  hint p99 {hints.p99:.2f} s (target <= 3 s)")
        if args.reviews > 0:
            reviewed = review_row(game, args.reviews, args.seed)
            print(reviewed.line())
            print(f"  review max {max(reviewed.samples):.1f} s (target <= 60 s of one core)")
    if args.channels > 0 and not args.only:
        print(f"\nEvent loop: {args.channels} channels moving and typing at once "
              f"({args.rounds} moves each)")
        # The bot's process holds none of what the sections above left behind (samples,
        # pictures drawn here, states): freeze it, as the bot freezes its start-up.
        settle()
        stalls = asyncio.run(stall_rows(args.channels, args.rounds, args.seed))
        for row in stalls:
            print(row.line())
        gaps, work, collections = stalls[0], stalls[1], stalls[4]  # the stall run's, not a game's
        print(f"  worst stall {max(gaps.samples) * 1e3:.1f} ms (target <= 20 ms); most work done "
              f"on the loop between two ticks {max(work.samples) * 1e3:.1f} ms; longest full "
              f"garbage collection {max(collections.samples) * 1e3:.1f} ms")
    if args.interaction_channels > 0 and not args.only:
        interactions_section(args.interaction_channels, args.interaction_turns)
    if args.web_streams > 0 and not args.only:
        from tools.web_bench import web_section

        web_section(streams=args.web_streams)
    if args.database:
        with database_server(args.database) as server:
            backends_section(server, service_games=args.service_games,
                             channels=args.backend_channels, rounds=args.backend_rounds,
                             seed=args.seed, repeat=args.backend_repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
