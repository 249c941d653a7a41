"""``python -m tools.bench --lived-in``: what a command, a tick and start-up cost on a database
with a history, beside the same on an empty one, in the same run.

The lived-in database is built with the project's own service and store. A few games of every
kind are played through the service and delivered through the pipeline, a finished and a
running set. Then the rows of those games are copied, in SQL, under new game, channel, thread
and outbox ids (and, for some, other players), until the database holds ``--finished`` finished
and ``--running`` running games. Finally the kept ratings are rebuilt from them.

The delivered outbox rows of the copied finished games keep every column but their body,
which is ``{}``: nothing reads a delivered row's body, a bot that prunes keeps only a week of
them, and at the seed games' 80-750 KB of bodies per game a full copy would take some 40 GB.
The sizes printed at the end are the seed games' own. Building is
cached by its parameters under ``$XDG_CACHE_HOME/tidepool-bench`` (SQLite; ``--rebuild``
builds again). With ``--database URL`` (or ``auto``) the same is measured on PostgreSQL, built
afresh in two schemas that are dropped afterwards.

Each figure is measured on the lived-in database and on an empty one (the seed games, and
as many running copies of them as the measured moves need), and printed with the ratio. The issue's targets: a command's p99 at most 1.5x the empty
database's; ``/game stats`` and ``/game profile`` p99 at most 50 ms; a claim of one move's rows
at most 5 ms; ``/turns`` of a player in 200 running games (:data:`BUSIEST`) p99 at most 20 ms;
a tick of quiet hours and daily digests with nothing due that does not grow with history.
"""

from __future__ import annotations

import asyncio
import faulthandler
import gc
import hashlib
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games

from bot.db import is_postgres
from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.messages import Actor, Place
from bot.runtime.event_loop import settle, use_workers
from bot.service import GameService
from bot.store import Store, migrations
from bot.timekeeping.quiet import PersonClock
from bot.upkeep.copying import columns

#: Raised when what is built changes: an old cache is not used.
BUILD_VERSION = 4
SEED_GUILDS = (1, 2, 3)  # one big server and two smaller ones get the seed games
PLAYERS = 12  # people of the seed games (copies add more)
MOVE_CAP = 240  # a seed game that has not ended by then is resigned
ROUND = 4000  # games copied per statement: each stays well inside the store's 60 s timeout
#: Running games of the busiest player, whose ``/turns`` is measured (issue: "a user with 200
#: games among 100,000 stored ones").
BUSIEST = 200
#: People with quiet hours and a daily digest (what the timer loop looks at every tick).
CLOCKED = 2000


@dataclass
class Sample:
    name: str
    seconds: list[float]

    def pct(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def progress(done: int, total: int, what: str) -> None:
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\r  {what:<28} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def actors() -> list[Actor]:
    return [Actor(user_id=100_000 + i, name=f"Player {i + 1}", manage_channels=True)
            for i in range(PLAYERS)]


async def play_seeds(service: GameService, seed: int, per_game: int) -> None:
    """Per game: ``per_game`` finished and ``per_game`` running games through the service."""
    rnd = random.Random(seed)
    people = actors()
    sink = Recorder()
    pipe = Pipeline(service, sink)
    channel = 10_000
    plans = [(g, finish) for g in games.REGISTRY.values() for finish in (True, False)
             for _ in range(per_game)]
    for n, (game, finish) in enumerate(plans, start=1):
        progress(n, len(plans), "seed games")
        channel += 1
        place = Place(guild_id=SEED_GUILDS[n % len(SEED_GUILDS)], channel_id=channel)
        seated = rnd.sample(people, game.min_players if n % 2 else game.max_players)
        for outcome in [await service.lobby.new_game(seated[0], place, game.id, "reminder=12h"),
                        *[await service.lobby.join(p, place) for p in seated[1:]],
                        await service.lobby.start(seated[0], place)]:
            await pipe.deliver(outcome, place)
        by_id = {str(p.user_id): p for p in seated}
        moves = 0
        while True:
            row = await service.store.games.active_game(place.channel_id)
            if row is None or row.state is None:
                break
            state = game.load(row.state)
            if game.result(state) is not None:
                break
            if not finish and moves >= 8:
                break  # a running game some moves in
            player = sorted(game.to_act(state))[0]
            actor = by_id[player.split("#")[0]]
            if moves >= MOVE_CAP:
                await pipe.deliver(await service.play.resign(actor, place), place)
                break
            await pipe.deliver(await service.play.move(actor, place, rnd.choice(game.legal_moves(state, player))),
                               place)
            moves += 1
        sink.take()


#: How each column of a copied row changes: a game id, a channel, a person, a unique key.
SHIFTS = {
    "games": {"id": "id + {g}", "channel_id": "channel_id + {c}", "thread_id": "thread_id + {c}",
              "host_id": "CASE WHEN host_id = 0 THEN 0 ELSE host_id + {u} END"},
    "seats": {"game_id": "game_id + {g}", "user_id": "CASE WHEN user_id = 0 THEN 0 ELSE user_id + {u} END"},
    "moves": {"game_id": "game_id + {g}", "actor_id": "CASE WHEN actor_id = 0 THEN 0 ELSE actor_id + {u} END"},
    "timers": {"id": "id + {t}", "game_id": "game_id + {g}"},
    "outbox": {"id": "id + {o}", "game_id": "game_id + {g}", "channel_id": "channel_id + {c}",
               "key": "key || '.{r}'",
               "user_id": "CASE WHEN user_id IS NULL THEN NULL ELSE user_id + {u} END"},
}


async def number(db: Any, sql: str) -> int:
    rows = await db.fetch(sql)
    return int(rows[0][0])


async def copy_games(store: Store, status: str, target: int) -> None:
    """Copy the seed games of ``status`` (with their seats, moves, timers and outbox rows)
    until there are ``target``: each round copies as many as there are, up to the target."""
    db = store.db
    seeds = [int(r["id"]) for r in await db.fetch(
        "SELECT id FROM games WHERE status = ? ORDER BY id", (status,))]
    if not seeds:
        return
    low = min(seeds)
    have, rnd = len(seeds), 0
    layout = {t: await columns(db, t) for t in SHIFTS}
    while have < target:
        rnd += 1
        take = min(have, target - have, ROUND)
        top = {t: await number(db, f"SELECT COALESCE(MAX(id), 0) FROM {t}")
               for t in ("games", "timers", "outbox")}
        # Channels move past every channel there is, so no two open games share one.
        span = await number(db, "SELECT MAX(channel_id) - MIN(channel_id) + 1 FROM games")
        shift = dict(g=top["games"] - low + 1, c=span, t=top["timers"] + 1, o=top["outbox"] + 1,
                     u=(rnd % 40) * 1000, r=f"{status[0]}{rnd}")
        chosen = (f"SELECT id FROM games WHERE status = '{status}' AND id >= {low}"
                  f" ORDER BY id LIMIT {take}")
        async with db.tx() as tx:
            for table, cols in layout.items():
                exprs = [SHIFTS[table].get(c, c).format(**shift) for c in cols]
                if table == "outbox" and status == "finished":  # see the module's docstring
                    exprs = ["'{}'" if c == "body" else e for c, e in zip(cols, exprs)]
                where = "id" if table == "games" else "game_id"
                await tx.execute(f"INSERT INTO {table} ({', '.join(cols)}) SELECT {', '.join(exprs)}"
                                 f" FROM {table} WHERE {where} IN ({chosen})")
        have += take
        progress(have, target, f"{status} games")
    if store.dialect == "postgres":
        for table in ("games", "timers", "outbox"):
            await db.fetch(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                           f" (SELECT MAX(id) FROM {table}))")


async def crowd(store: Store, games_in_play: int) -> None:
    """Seat one person (the first seed player) in ``games_in_play`` running games, as many as
    there are: a seat of theirs in each game they are not in already takes their id."""
    db = store.db
    person = actors()[0].user_id
    have = await number(db, f"SELECT COUNT(*) FROM seats WHERE user_id = {person} AND turn IS NOT NULL")
    if have >= games_in_play:
        return
    async with db.tx() as tx:
        await tx.execute(
            "UPDATE seats SET user_id = ? WHERE bot_level IS NULL AND user_id <> 0"
            " AND position = (SELECT MIN(o.position) FROM seats o WHERE o.game_id = seats.game_id)"
            " AND game_id IN (SELECT g.id FROM games g WHERE g.status = 'running' AND NOT EXISTS"
            " (SELECT 1 FROM seats m WHERE m.game_id = g.id AND m.user_id = ?) ORDER BY g.id LIMIT ?)",
            (person, person, games_in_play - have))


async def clocked(store: Store, people: int) -> None:
    """Give ``people`` players of running games quiet hours and a daily digest, due later."""
    later = time.time() + 86400
    async with store.db.tx() as tx:
        await tx.execute(
            "INSERT INTO person_clocks (user_id, zone, quiet_from, quiet_to, digest_at, digest_due,"
            " updated_at) SELECT DISTINCT user_id, 'Europe/Berlin', 1380, 420, 480,"
            " CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION)"
            " FROM seats WHERE turn IS NOT NULL AND user_id <> 0 ORDER BY user_id LIMIT ?",
            (later, later, people))


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tidepool-bench"


def build_key(finished: int, running: int, seed: int) -> str:
    schema = migrations()[-1][0]  # a newer schema builds afresh
    text = f"v{BUILD_VERSION}-f{finished}-r{running}-s{seed}-schema{schema}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


async def build(url: str, finished: int, running: int, seed: int, per_game: int = 2) -> None:
    store = await Store.open(url)
    service = GameService(store, new_seed=lambda: seed)
    service.bots.bots_in_threads = True
    postgres = store.dialect == "postgres"
    try:
        await play_seeds(service, seed, per_game=per_game)
        await copy_games(store, "finished", finished)
        await copy_games(store, "running", running)
        await crowd(store, BUSIEST)
        await clocked(store, CLOCKED)
        t0 = time.perf_counter()
        await store.ratings.rebuild()
        print(f"  ratings rebuilt from {finished} finished games in {time.perf_counter() - t0:.1f} s",
              file=sys.stderr)
    finally:
        service.close()
        await store.close()
    if postgres:
        await settle_postgres(url)


async def settle_postgres(url: str) -> None:
    """Vacuum, analyse and checkpoint a bulk-built PostgreSQL database. A year-old database
    has had this done in the background long ago; a fresh build has not: its rows still wait
    for their hint bits and visibility map, and gigabytes of dirty pages for the checkpointer,
    work that would otherwise fall into the first measured minutes and be charged to the bot
    (a first run over a fresh build measured moves and loop stalls 2-3x the repeat runs)."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        t0 = time.perf_counter()
        await conn.execute("VACUUM (ANALYZE)")
        try:
            await conn.execute("CHECKPOINT")
        except asyncpg.InsufficientPrivilegeError:  # a server of the user's: it checkpoints itself
            pass
        print(f"  vacuumed and checkpointed in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    finally:
        await conn.close()


async def sqlite_lived_in(finished: int, running: int, seed: int, rebuild: bool) -> Path:
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"lived-in-{build_key(finished, running, seed)}.sqlite3"
    if path.exists() and not rebuild:
        print(f"  using the cached build {path}", file=sys.stderr)
        return path
    part = path.with_suffix(".part")
    for stale in (part, Path(f"{part}-wal"), Path(f"{part}-shm")):
        stale.unlink(missing_ok=True)
    await build(f"sqlite:///{part}", finished, running, seed)
    part.replace(path)
    return path


# ----- measuring ------------------------------------------------------------------------------


async def timed(n: int, step: Callable[[int], Awaitable[Any]]) -> list[float]:
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        await step(i)
        out.append(time.perf_counter() - t0)
    return out


async def measure(url: str, seed: int, n: int) -> dict[str, list[float]]:
    """The figures on one database: each operation ``n`` times, on games that exist there."""
    use_workers(asyncio.get_running_loop())  # the bot's few worker threads, its switch interval
    settle()
    store = await Store.open(url)
    service = GameService(store, new_seed=lambda: seed)
    service.bots.bots_in_threads = True
    sender = Recorder()
    pipe = Pipeline(service, sender)
    out: dict[str, list[float]] = {}
    try:
        running = [r for r in await store.db.fetch(
            "SELECT id, channel_id, guild_id, game FROM games WHERE status = 'running'"
            " AND game = 'aqualin' ORDER BY id DESC LIMIT ?", (n,))]
        if not running:
            raise SystemExit("no running Aqualin game to measure on")
        places = [Place(guild_id=r["guild_id"], channel_id=r["channel_id"]) for r in running]
        seats = {r["id"]: await store.games.seats(r["id"]) for r in running}

        def who(i: int) -> tuple[Actor, Place, str]:
            row = running[i % len(running)]
            return (Actor(user_id=seats[row["id"]][0].user_id, name="x", manage_channels=True),
                    places[i % len(places)], str(row["id"]))

        # The cheap reads twenty times as often: a p99 of 30 samples is their slowest one, and
        # at a millisecond one pause of the machine's own (see ``stalls``) would be the figure.
        out["look a game up by channel"] = await timed(20 * n, lambda i: store.games.active_games(
            places[i % len(places)].channel_id))
        out["/game status"] = await timed(20 * n, lambda i: service.looking.status(who(i)[0], who(i)[1]))
        out["/moves (autocomplete)"] = await timed(20 * n, lambda i: service.looking.suggest(
            who(i)[0], who(i)[1], "a"))
        out["/game board (drawn in a thread)"] = await timed(n, lambda i: service.looking.board(
            who(i)[0], who(i)[1]))

        async def move(i: int) -> None:
            row = await store.games.get(running[i % len(running)]["id"])
            assert row is not None and row.state is not None
            game = games.REGISTRY[row.game]
            state = game.load(row.state)
            player = sorted(game.to_act(state))[0]
            user = next(s.user_id for s in seats[row.id] if s.player_id == player)
            actor = Actor(user_id=user, name="x")
            place = Place(guild_id=row.guild_id, channel_id=row.channel_id)
            t0 = time.perf_counter()
            outcome = await service.play.move(actor, place, game.legal_moves(state, player)[0])
            out.setdefault("a move (service, no drawing)", []).append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await store.outbox.claim(owner=pipe.owner, now=service.clock(), lease=60,
                                     keys=outcome.outbox)
            out.setdefault("claim one move's outbox rows", []).append(time.perf_counter() - t0)
            async with store.db.tx() as tx:  # as delivered, without drawing
                await tx.execute("UPDATE outbox SET done_at = ?, outcome = 'sent' WHERE key IN ("
                                 + ",".join("?" * len(outcome.outbox)) + ")",
                                 (service.clock(), *outcome.outbox))

        for i in range(min(n, len(running))):
            await move(i)
        busiest = (await store.db.fetch(
            "SELECT user_id, COUNT(*) FROM seats WHERE turn IS NOT NULL GROUP BY user_id"
            " ORDER BY COUNT(*) DESC, user_id LIMIT 1"))[0]
        print(f"  (/turns: the busiest player is in {busiest[1]} running games)", file=sys.stderr)
        them = Actor(user_id=int(busiest[0]), name="x")
        out["/turns (the busiest player)"] = await timed(20 * n, lambda i: service.turns.turns(
            them, places[i % len(places)]))
        async with store.db.tx() as tx:  # every digest later than the measurement (a cached build ages)
            await tx.execute("UPDATE person_clocks SET digest_due = ?, release_at = NULL",
                             (time.time() + 86400,))

        async def quiet_tick(_i: int) -> None:
            await service.notices.release_due()
            await service.turns.digests_due()
            await store.quiet.next_release()
            await store.quiet.next_digest()

        out["quiet hours + digests, a tick"] = await timed(20 * n, quiet_tick)
        await store.quiet.set_clock(them.user_id, PersonClock(digest=480), now=time.time())

        async def digest(_i: int) -> None:
            async with store.db.tx() as tx:
                await tx.execute("UPDATE person_clocks SET digest_due = ? WHERE user_id = ?",
                                 (time.time() - 1, them.user_id))
            await service.turns.digests_due()

        out["daily digest (the busiest player)"] = await timed(n, digest)
        out["outbox sweep, nothing due"] = await timed(n, lambda i: pipe.sweep())
        out["next timer due"] = await timed(n, lambda i: store.timers.next_due(time.time()))
        out["/game stats (big server)"] = await timed(n, lambda i: service.ratings.stats(
            who(i)[0], Place(guild_id=SEED_GUILDS[1], channel_id=1)))
        out["/game profile"] = await timed(n, lambda i: service.ratings.profile(
            who(i)[0], Place(guild_id=SEED_GUILDS[1], channel_id=1)))
        out["bot-seat sweep (every 2 min)"] = await timed(
            max(3, n // 10), lambda i: service.bots.channels_with_bot_turns())
        out["games without timers (once per database)"] = await timed(
            max(3, n // 10), lambda i: store.games.running_without_timers())
        out.update(await stalls(store, service, n))
        await outage(store, service, out)
    finally:
        service.close()
        await store.close()
    return out


def stolen() -> float:
    """Seconds of CPU the hypervisor has taken from this machine since boot (Linux's steal
    time; 0 where it is not told)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


async def tick(gaps: list[tuple[float, str]], doing: list[str], done: asyncio.Event,
               busy: list[float] | None = None, own: list[float] | None = None) -> None:
    """Sleep 1 ms at a time until ``done``, recording each gap beyond that with what ran;
    ``busy`` gets, for each gap, the CPU time this process spent meanwhile (all its threads),
    at most the gap: the part of it the bot itself held the loop, or a thread of the bot held
    the interpreter. ``own`` gets the loop thread's own CPU in the gap: the work done on the
    loop itself. The rest was the machine's (the host, the database server, the drawing
    worker)."""
    last, cpu, mine = time.perf_counter(), time.process_time(), time.thread_time()
    while not done.is_set():
        await asyncio.sleep(0.001)
        now, used, ran = time.perf_counter(), time.process_time(), time.thread_time()
        gap = max(0.0, now - last - 0.001)
        gaps.append((gap, doing[0]))
        if busy is not None:
            busy.append(min(gap, max(0.0, used - cpu - 0.001)))
        if own is not None:
            own.append(min(gap, max(0.0, ran - mine - 0.001)))
        last, cpu, mine = now, used, ran


async def stalls(store: Store, service: GameService, n: int) -> dict[str, list[float]]:
    """How long the event loop is held while the heavy reads run (stats, profile, export, a
    replay's build, the start-up reads, the bot-seat sweep), beside moves in other channels: a
    ticker that sleeps 1 ms records every gap beyond that. The worst gap is the figure.

    Beside it, the same ticker alone for as long: a virtual machine is paused now and then
    by its host (its steal time), and a pause holds the loop like work does. The worst gap
    of the ticker alone is the floor no change to the bot can lower. And for each gap, how
    much of it this process spent on the CPU (any of its threads): the bot's own part, the
    figure a change to the bot can lower."""
    finished = await store.db.fetch(
        "SELECT id, channel_id, guild_id FROM games WHERE status = 'finished' AND game = 'kahuna'"
        " ORDER BY id DESC LIMIT ?", (n,))
    running = await store.db.fetch(
        "SELECT id FROM games WHERE status = 'running' AND game = 'aqualin' ORDER BY id LIMIT ?", (n,))
    gaps: list[tuple[float, str]] = []
    doing = ["start"]
    done = asyncio.Event()

    async def heavy() -> None:
        big = Place(guild_id=SEED_GUILDS[1], channel_id=1)
        for i, r in enumerate(finished):
            place = Place(guild_id=r["guild_id"], channel_id=r["channel_id"])
            asker = Actor(user_id=900_000 + i, name="x")  # each asker once: no replay cooldown
            for name, step in (("stats", lambda: service.ratings.stats(asker, big)),
                               ("profile", lambda: service.ratings.profile(asker, big)),
                               ("export", lambda: service.history.export(asker, place)),
                               ("replay", lambda: service.history.replay_animation(asker, place, None)),
                               ("bot-seat sweep", service.bots.channels_with_bot_turns),
                               ("timers at start-up", service.timers.arm_missing_timers),
                               ("next timer", service.timers.next_due)):
                doing[0] = name
                await step()
        doing[0] = "moves alone"

    async def moves() -> None:
        for r in running:
            row = await store.games.get(r["id"])
            if row is None or row.state is None or row.status != "running":
                continue
            game = games.REGISTRY[row.game]
            state = await asyncio.to_thread(game.load, row.state)  # the bench's pick: off the loop
            player = sorted(game.to_act(state))[0]
            user = next(s.user_id for s in await store.games.seats(row.id) if s.player_id == player)
            await service.play.move(Actor(user_id=user, name="x"),
                                    Place(guild_id=row.guild_id, channel_id=row.channel_id),
                                    game.legal_moves(state, player)[0])

    collections: list[float] = []
    started: list[float] = []

    def watch(phase: str, info: dict[str, int]) -> None:  # full collections hold every thread
        if info["generation"] == 2:
            if phase == "start":
                started.append(time.perf_counter())
            elif started:
                collections.append(time.perf_counter() - started.pop())

    service.drawing.draw_in_process = True  # as the bot draws: replays too, in the worker
    await service.drawing.start_workers()
    settle()  # as the bot settles after start-up: what the figures above left behind is frozen
    busy: list[float] = []
    own: list[float] = []
    watch_stacks = StackWatch()
    watcher = asyncio.create_task(watch_stacks.start())
    ticker = asyncio.create_task(tick(gaps, doing, done, busy, own))
    await asyncio.sleep(0.01)
    gc.callbacks.append(watch)
    t0, steal0 = time.perf_counter(), stolen()
    try:
        await asyncio.gather(heavy(), moves())
    finally:
        gc.callbacks.remove(watch)
        done.set()
        await ticker
    watch_stacks.report()
    await watcher
    took, steal = time.perf_counter() - t0, stolen() - steal0
    alone: list[tuple[float, str]] = []
    quiet = asyncio.Event()
    asyncio.get_running_loop().call_later(took, quiet.set)
    steal1 = stolen()
    await tick(alone, ["nothing"], quiet)
    steal_alone = stolen() - steal1
    worst, during = max(gaps, default=(0.0, "nothing"))
    floor = max(alone, default=(0.0, ""))[0]
    held, loop_held = max(busy, default=0.0), max(own, default=0.0)
    at = gaps.index((worst, during))
    print(f"  (worst loop stall {worst * 1e3:.1f} ms, during {during}, of which this process was"
          f" busy {busy[at] * 1e3:.1f} ms, the loop's thread {own[at] * 1e3:.1f} ms; worst busy"
          f" part of a stall {held * 1e3:.1f} ms, of the loop's thread {loop_held * 1e3:.1f} ms;"
          f" gaps over 10 ms: {over(gaps)}"
          f" in {took:.0f} s; {steal:.2f} s stolen by the host; longest full garbage collection"
          f" {max(collections, default=0.0) * 1e3:.1f} ms. The ticker alone as long: worst"
          f" {floor * 1e3:.1f} ms, over 10 ms: {over(alone)}, {steal_alone:.2f} s stolen)")
    return {"worst loop stall (heavy reads + moves)": [worst],
            "  the bot's own part of a stall (its CPU)": [held],
            "  the loop thread's own part (its CPU)": [loop_held],
            "worst gap of the ticker alone (the machine's own)": [floor]}


class StackWatch:
    """With ``TIDEPOOL_STALL_STACKS=1``: whenever the loop is held more than 15 ms, the
    interpreter's own watchdog (:func:`faulthandler.dump_traceback_later`, a C thread that
    needs no interpreter lock, so it sees a thread that holds the lock too) writes every
    thread's stack; :meth:`report` prints where the loop's thread was, most frequent first.
    What holds the loop, by name, instead of a guess. Off by default: re-arming the watchdog
    every millisecond costs a little itself."""

    def __init__(self) -> None:
        self.on = os.environ.get("TIDEPOOL_STALL_STACKS") == "1"
        self._stop = asyncio.Event()
        self._file = tempfile.TemporaryFile("w+") if self.on else None

    async def start(self) -> None:
        if self._file is None:
            return
        while not self._stop.is_set():
            faulthandler.dump_traceback_later(0.015, file=self._file)
            await asyncio.sleep(0.001)
            faulthandler.cancel_dump_traceback_later()

    def report(self) -> None:
        self._stop.set()
        if self._file is None:
            return
        faulthandler.cancel_dump_traceback_later()
        self._file.seek(0)
        seen: dict[str, int] = {}
        for dump in self._file.read().split("Timeout (")[1:]:
            # The loop's thread is the main one: its stack comes last, innermost frame first.
            frames = dump.rsplit("most recent call first):", 1)[-1].strip().splitlines()[:4]
            where = " < ".join(f.strip().replace('File "', "").replace('", line ', ":")
                               .rsplit("/", 1)[-1] for f in frames)
            seen[where] = seen.get(where, 0) + 1
        self._file.close()
        for where, count in sorted(seen.items(), key=lambda kv: -kv[1])[:12]:
            print(f"    {count:>3} × loop held in {where}")


def over(gaps: list[tuple[float, str]], limit: float = 0.010) -> int:
    return sum(1 for g, _ in gaps if g > limit)


async def outage(store: Store, service: GameService, out: dict[str, list[float]]) -> None:
    """The bot was down for an hour: the reminders of the open games fall due over 12 hours,
    so the last hour's are overdue. Fire until none is (as the timer loop does at start-up,
    a claim of 100 at a time), without delivering what they say."""
    now = time.time()
    async with store.db.tx() as tx:
        await tx.execute("UPDATE timers SET armed = 1, due_at = ? + (id % 43200), claimed_by = NULL,"
                         " claimed_until = NULL", (now - 3600,))
    overdue = await number(store.db, f"SELECT COUNT(*) FROM timers WHERE due_at <= {now}")
    service.clock = lambda: now  # type: ignore[method-assign]
    t0 = time.perf_counter()
    first = None
    fired = 0
    while True:
        fired += len(await service.timers.fire_due())
        first = first if first is not None else time.perf_counter() - t0
        left = await number(store.db, f"SELECT COUNT(*) FROM timers WHERE due_at <= {now}"
                                      " AND armed = 1 AND claimed_until IS NULL")
        if left == 0 or time.perf_counter() - t0 > 600:
            break
    out["after 1 h down: first timers fired"] = [first or 0.0]
    out["after 1 h down: all overdue fired"] = [time.perf_counter() - t0]
    print(f"  ({overdue} overdue timers of {await number(store.db, 'SELECT COUNT(*) FROM timers')},"
          f" {fired} messages; {out['after 1 h down: all overdue fired'][0]:.1f} s)")


def sizes(path: Path) -> list[str]:
    """Bytes of database per finished game, in all and by table (SQLite's dbstat)."""
    import sqlite3

    con = sqlite3.connect(path)
    try:
        total = path.stat().st_size
        count = con.execute("SELECT COUNT(*) FROM games WHERE status = 'finished'").fetchone()[0]
        lines = [f"  file {total / 1e6:.0f} MB: {total / max(1, count) / 1e3:.1f} KB per finished game"]
        try:
            tables = con.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"
                                 " ORDER BY 2 DESC LIMIT 8").fetchall()
            lines.append("  largest: " + ", ".join(f"{n} {b / 1e6:.0f} MB" for n, b in tables))
        except sqlite3.OperationalError:
            pass
        return lines
    finally:
        con.close()


#: Copies of each game's finished seed games measured by :func:`kept_per_game`.
COPIES = 200


def kept_per_game(source: Path, folder: Path) -> list[str]:
    """What a finished game of each kind and player count keeps on SQLite once its delivered
    outbox rows are pruned: its seed games copied to ``COPIES`` in a database of their own,
    measured (vacuumed) beside the same database with no games."""
    import sqlite3

    def vacuumed(path: Path) -> int:
        con = sqlite3.connect(path)
        con.execute("VACUUM")
        con.close()
        return path.stat().st_size

    con = sqlite3.connect(source)
    kinds = con.execute("SELECT DISTINCT g.game, (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id)"
                        " FROM games g WHERE g.status = 'finished' ORDER BY 1, 2").fetchall()
    con.close()
    lines = []
    for game, players in kinds:
        work = folder / f"kept-{game}-{players}.sqlite3"
        con = sqlite3.connect(source)
        con.execute("VACUUM INTO ?", (str(work),))
        con.close()
        con = sqlite3.connect(work)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("DELETE FROM outbox")
        con.execute("DELETE FROM games WHERE NOT (game = ? AND status = 'finished' AND"
                    " (SELECT COUNT(*) FROM seats s WHERE s.game_id = games.id) = ?)", (game, players))
        seeds, moves = con.execute("SELECT COUNT(DISTINCT g.id), COUNT(m.n) FROM games g"
                                   " LEFT JOIN moves m ON m.game_id = g.id").fetchone()
        con.commit()
        con.close()
        if seeds:
            async def copy() -> None:
                store = await Store.open(work)
                try:
                    await copy_games(store, "finished", COPIES)
                finally:
                    await store.close()

            asyncio.run(copy())
            full = vacuumed(work)
            con = sqlite3.connect(work)
            con.execute("PRAGMA foreign_keys = ON")
            con.execute("DELETE FROM games")
            con.commit()
            con.close()
            per = (full - vacuumed(work)) / COPIES
            lines.append(f"  {game:<12} {players} players: {per / 1e3:5.2f} KB per finished game"
                         f" ({moves / seeds:.0f} log entries)")
        work.unlink()
    return lines


def report(empty: dict[str, list[float]], lived: dict[str, list[float]]) -> None:
    print(f"  {'':<34}{'empty p50':>10}{'p99':>9}{'lived-in p50':>14}{'p99':>9}{'ratio p99':>11}")
    for name, samples in lived.items():
        a, b = Sample(name, empty.get(name, [])), Sample(name, samples)
        ratio = b.pct(0.99) / a.pct(0.99) if a.seconds and a.pct(0.99) > 0 else float("nan")
        print(f"  {name:<34}{a.pct(0.5) * 1e3:>9.1f} {a.pct(0.99) * 1e3:>8.1f} "
              f"{b.pct(0.5) * 1e3:>13.1f} {b.pct(0.99) * 1e3:>8.1f} {ratio:>9.2f}x")


#: The section's numeric options: flag, default, what it sets.
NUMBERS = (("--finished", 100_000, "finished games of the lived-in database"),
           ("--running", 10_000, "running games of the lived-in database"),
           ("--lived-in-ops", 30, "times each operation is measured in the Lived-in section"))


def add_arguments(parser: Any) -> None:
    """The benchmark's options for this section."""
    parser.add_argument("--lived-in", action="store_true",
                        help="only the Lived-in section: a database with a history beside an empty one")
    for flag, default, what in NUMBERS:
        parser.add_argument(flag, type=int, default=default, help=f"{what} (default {default})")
    parser.add_argument("--rebuild", action="store_true",
                        help="build the lived-in database again instead of using the cached one")


def lived_in_section(finished: int, running: int, seed: int, n: int, rebuild: bool,
                     database: str | None) -> None:
    print(f"\nLived-in: {finished} finished and {running} running games, beside an empty database "
          f"(ms; {n} of each operation)")
    path = asyncio.run(sqlite_lived_in(finished, running, seed, rebuild))
    with tempfile.TemporaryDirectory(prefix="tidepool-lived-") as folder:
        empty = Path(folder) / "empty.sqlite3"
        # No history, but a running game for each move measured (copies of the seed games).
        asyncio.run(build(f"sqlite:///{empty}", 0, 5 * n, seed))
        work = Path(folder) / "lived.sqlite3"
        shutil.copyfile(path, work)  # measured on a copy: the cache stays as built
        os.sync()  # its gigabytes reach the disk now, not in the middle of a measured move
        print("SQLite")
        report(asyncio.run(measure(f"sqlite:///{empty}", seed, n)),
               asyncio.run(measure(f"sqlite:///{work}", seed, n)))
        for line in sizes(path) + kept_per_game(empty, Path(folder)):
            print(line)
    if database:
        postgres_lived_in(database, finished, running, seed, n)


def postgres_lived_in(database: str, finished: int, running: int, seed: int, n: int) -> None:
    """The same on PostgreSQL (``--database URL`` or ``auto``): both built afresh in schemas of
    their own, dropped afterwards (a server's cache would outlive the bench's)."""
    from bot.db.cluster import drop_schema, new_schema
    from tools.bench import database_server

    if database != "auto" and not is_postgres(database):
        raise SystemExit("--database takes a postgresql:// URL or 'auto'")
    with database_server(database) as server:
        made: list[str] = []
        try:
            urls = []
            for _ in range(2):
                name, url = new_schema(server)
                made.append(name)
                urls.append(url)
            empty, lived = urls
            t0 = time.perf_counter()
            asyncio.run(build(lived, finished, running, seed))
            print(f"PostgreSQL (built in {time.perf_counter() - t0:.0f} s)")
            asyncio.run(build(empty, 0, 5 * n, seed))
            report(asyncio.run(measure(empty, seed, n)), asyncio.run(measure(lived, seed, n)))
        finally:
            for name in made:
                drop_schema(server, name)
