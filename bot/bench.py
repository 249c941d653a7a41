"""``python -m bot.bench``: how fast are the engines, the renderers and a full move?

Per registered game it measures engine ``apply`` and ``legal_moves``, render + PNG
encode of the public view, the service move (load, apply, the words, buttons and view of
the board post, one SQLite transaction with the outbox rows), its delivery (drawing the
board in the drawing worker process and marking the rows sent, as the outbox does), and a
bot's move (``games.ai`` at ``normal`` and ``hard``, from mid-game positions), as p50 / p99 and operations per second. Next to them it measures the floors
on the same machine in the same run: a bare PNG encode of the very image the renderer
drew, and a bare SQLite insert + commit of a state-sized row, and prints the ratios.
Autocomplete is timed through the service on the same mid-game positions: the first
keystroke of a position (cold: the ranked list is built, off the event loop) and every
further keystroke (answered from the cache), classic Aqualin apart. Last, 50 channels play
moves and type into autocomplete at once against one SQLite file while a ticker that sleeps
1 ms records how long the event loop was held (the worst stall), next to the longest full
garbage collection (it holds the interpreter, so the loop waits for it).
Not a test: numbers depend on the machine; quote them in notes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import io
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from PIL import Image as PILImage

import games
import renderers
from games.ai import choose_move
from renderers.common import encode_png

from .loop import settle, use_workers
from .messages import Actor, Place
from .service import GameService
from .store import Store


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
    await service.new_game(actors[0], place, game.id, options)
    for actor in actors[1:]:
        await service.join(actor, place)
    await service.start(actors[0], place)
    return place, {str(a.user_id): a for a in actors}


@asynccontextmanager
async def bot_like(seed: int) -> AsyncIterator[tuple[Store, GameService]]:
    """A service on a temporary SQLite file, set up as the bot sets up its own: the worker
    threads, and the drawing worker process started before play."""
    use_workers(asyncio.get_running_loop())
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        service = GameService(store, new_seed=lambda: seed)
        service.draw_in_process = True
        try:
            await service.start_workers()
            yield store, service
        finally:
            service.close()
            await store.close()


async def service_rows(game: games.Game, n_games: int, seed: int,
                       options: str = "") -> tuple[Row, Row, Row, Row, Row]:
    """Moves through the service on a real SQLite file, their delivery, the bare commit
    floor, and autocomplete on the way to each move of the middle of the game (cold and
    cached)."""
    async with bot_like(seed) as (store, service):
        rnd = random.Random(seed)
        moves: list[float] = []
        deliveries: list[float] = []
        cold: list[float] = []
        warm: list[float] = []
        for g in range(n_games):
            count = game.max_players if g % 2 else game.min_players
            place, by_player = await open_channel(service, game, 1000 + g, count, options)
            n = 0
            while True:
                row = await store.active_game(place.channel_id)
                if row is None:
                    break
                state = game.load(row.state)
                player = sorted(game.to_act(state))[0]
                move = rnd.choice(game.legal_moves(state, player))
                n += 1
                if n > 2 and rnd.random() < 0.4:  # past the opening: a player types
                    for i, typed in enumerate(keystrokes(move)):
                        t0 = time.perf_counter()
                        await service.suggest(by_player[player], place, typed)
                        (warm if i else cold).append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                outcome = await service.move(by_player[player], place, move)
                t1 = time.perf_counter()
                await service.deliver_here(outcome)  # the board is drawn when delivered
                moves.append(t1 - t0)
                deliveries.append(time.perf_counter() - t1)
        size = len(row.state or "") if row else 4000
        floor = await sqlite_floor(store, max(size, 1000), len(moves))
    return (Row("service move (write)", moves), Row("floor: SQLite insert+commit", floor),
            Row("autocomplete answer", warm), Row("autocomplete first keystroke", cold),
            Row("delivery (draw + mark sent)", deliveries))


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
                row = await store.active_game(place.channel_id)
                if row is None:
                    return
                # The bench's own choice of a move is not the bot's work: off the loop.
                player, move = await asyncio.to_thread(pick, game, row.state, rnd)
                for typed in keystrokes(move, 6):
                    t0 = time.perf_counter()
                    await service.suggest(by_player[player], place, typed)
                    answers.append(time.perf_counter() - t0)
                    await asyncio.sleep(rnd.uniform(0.0, 0.03))
                t0 = time.perf_counter()
                outcome = await service.move(by_player[player], place, move)
                moves.append(time.perf_counter() - t0)
                await service.deliver_here(outcome)  # drawing, as the outbox does it
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


async def sqlite_floor(store: Store, size: int, n: int) -> list[float]:
    """A bare insert + commit of a state-sized row, on the connection the service uses."""
    async with store.db.tx() as tx:
        await tx.execute("CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, body TEXT)")
    body = "x" * size
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        async with store.db.tx() as tx:
            await tx.execute("INSERT INTO bench (body) VALUES (?)", (body,))
        out.append(time.perf_counter() - t0)
    return out


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random games per engine (default 20)")
    parser.add_argument("--service-games", type=int, default=3,
                        help="games played through the service per engine (default 3)")
    parser.add_argument("--renders", type=int, default=60, help="views rendered per engine (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--ai-moves", type=int, default=10,
                        help="mid-game positions timed per bot level (default 10; 0 skips)")
    parser.add_argument("--channels", type=int, default=50,
                        help="channels of the event-loop stall run (default 50; 0 skips)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="moves per channel in the stall run (default 4)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]} on {sys.platform}; seed {args.seed}")
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
    if args.channels > 0 and not args.only:
        print(f"\nEvent loop: {args.channels} channels moving and typing at once "
              f"({args.rounds} moves each)")
        # The bot's process holds none of what the sections above left behind (samples,
        # pictures drawn here, states): freeze it, as the bot freezes its start-up.
        settle()
        rows = asyncio.run(stall_rows(args.channels, args.rounds, args.seed))
        for row in rows:
            print(row.line())
        gaps, work, collections = rows[0], rows[1], rows[4]
        print(f"  worst stall {max(gaps.samples) * 1e3:.1f} ms (target <= 20 ms); most work done "
              f"on the loop between two ticks {max(work.samples) * 1e3:.1f} ms; longest full "
              f"garbage collection {max(collections.samples) * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
