"""``python -m tools.bench --only web``: what the web view costs.

A game of each kind is played a few moves through the service and delivered through the
pipeline, with the web server on 127.0.0.1. Then, from a client in the same process:

* page views: p50 / p99 of a game's page (one read of the game, no picture drawn: the boards
  were drawn for the posts), and of its board picture;
* the scrubber: a position's picture the first time (replayed and drawn) and again (kept);
* 100 open event streams on one game: the memory they hold, and how long one delivered move
  takes to reach all of them.

Not a test: quote the numbers in notes. Needs a checkout with the test extra (the games are
set up as the browser tests set them up, :mod:`tests.e2e.web_games`).
"""

from __future__ import annotations

import asyncio
import re
import resource
import tempfile
import time
from pathlib import Path

import aiohttp

import games

from bot.messages import Place
from bot.service import GameService
from bot.store import Store
from bot.web.server import RateLimit, WebServer
from tests.e2e.web_games import open_game, play_first_move


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, samples: list[float]) -> str:
    return (f"  {name:<36} p50 {pct(samples, 0.5) * 1e3:7.2f} ms   p99 {pct(samples, 0.99) * 1e3:7.2f} ms"
            f"   ({len(samples)} requests)")


async def _measure(requests: int, streams: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "web.sqlite3")
        service = GameService(store, new_seed=lambda: 7)
        service.bots.bots_in_threads = True
        # one client address opens every stream here: no per-address limits
        server = WebServer(service.web, rate=RateLimit(burst=10**9, rate=10**9),
                           streams_per_address=streams)
        port = await server.start(0, host="127.0.0.1")
        service.web.base_url = f"http://127.0.0.1:{port}"
        try:
            urls: dict[str, tuple[str, Place]] = {}
            for n, game_id in enumerate(sorted(games.REGISTRY)):
                place = Place(guild_id=1, channel_id=100 + n)
                url = await open_game(service, game_id, place)
                for _ in range(moves):
                    await play_first_move(service, place)
                urls[game_id] = (url, place)
            async with aiohttp.ClientSession() as http:
                pages: list[float] = []
                pictures: list[float] = []
                for i in range(requests):
                    url, _place = urls[sorted(urls)[i % len(urls)]]
                    t0 = time.perf_counter()
                    async with http.get(url) as r:
                        body = await r.text()
                    pages.append(time.perf_counter() - t0)
                    src = re.search(r'id="picture" src="([^"]+)"', body)
                    assert src is not None
                    t0 = time.perf_counter()
                    async with http.get(service.web.base_url + src.group(1).replace("&amp;", "&")) as r:
                        await r.read()
                    pictures.append(time.perf_counter() - t0)
                print(line("page view (5 games)", pages))
                print(line("its board picture (drawn already)", pictures))
                first: list[float] = []
                again: list[float] = []
                for game_id, (url, _place) in urls.items():
                    for n in range(moves + 1):
                        for into in (first, again):
                            t0 = time.perf_counter()
                            async with http.get(f"{url}/at/{n}.png") as r:
                                await r.read()
                            into.append(time.perf_counter() - t0)
                print(line("scrubber position, first time", first))
                print(line("scrubber position, again", again))

                url, place = urls["aqualin"]
                before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                opened = []
                for _ in range(streams):
                    response = await http.get(url + "/events")
                    assert response.status == 200, response.status
                    await response.content.readline()  # retry:
                    opened.append(response)
                for response in opened:  # past the hello event
                    while (await response.content.readline()).strip():
                        pass
                after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

                async def heard(response: aiohttp.ClientResponse) -> None:
                    while True:
                        line = await response.content.readline()
                        if not line:
                            raise RuntimeError("an event stream ended")
                        if line.startswith(b"event: move"):
                            return

                t0 = time.perf_counter()
                listening = [asyncio.create_task(heard(r)) for r in opened]
                await play_first_move(service, place)
                delivered = time.perf_counter() - t0
                await asyncio.gather(*listening)
                reached = time.perf_counter() - t0
                print(f"  {streams} open event streams: {server.hub.streams} watching; peak memory "
                      f"+{(after - before) / 1024:.1f} MB (server and client in one process)")
                print(f"  one move delivered in {delivered * 1e3:.1f} ms reached all {streams} "
                      f"streams {max(0.0, reached - delivered) * 1e3:.1f} ms later")
                for response in opened:
                    response.close()
        finally:
            await server.stop()
            service.close()
            await store.close()


def web_section(requests: int = 200, streams: int = 100, moves: int = 3) -> None:
    print(f"\nWeb view: page views, pictures, the scrubber and {streams} event streams")
    asyncio.run(_measure(requests, streams, moves))
