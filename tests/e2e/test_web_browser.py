"""The web view in a real browser (headless Chromium at a phone's size): the page follows a move
without a reload, the scrubber goes back to the start, the CSP lets the page's own script run
and nothing else, and a screenshot of each game's page goes to the test artifacts
(``TIDEPOOL_ARTIFACTS``, default ``test-artifacts/``)."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

import games
import renderers
from bot.messages import Place
from bot.service import GameService
from bot.store import Store
from bot.web.server import RateLimit, WebServer

from .browser import phone
from .web_games import open_game, play_first_move

ARTIFACTS = Path(os.environ.get("TIDEPOOL_ARTIFACTS", "test-artifacts")) / "web"


@pytest_asyncio.fixture(loop_scope="module")  # this folder's tests run in their module's loop
async def served(tmp_path: Path) -> AsyncIterator[tuple[GameService, WebServer]]:
    store = await Store.open(f"sqlite:///{tmp_path}/web.sqlite3")
    service = GameService(store, new_seed=lambda: 4242)
    service.bots.bots_in_threads = True
    server = WebServer(service.web, rate=RateLimit(burst=10_000, rate=1000.0))
    port = await server.start(0, host="127.0.0.1")
    service.web.base_url = f"http://127.0.0.1:{port}"
    try:
        yield service, server
    finally:
        await server.stop()
        service.close()
        await store.close()


async def test_a_phone_sees_the_move_land_and_scrubs_back_to_the_start(
        served: tuple[GameService, WebServer]) -> None:
    service, _server = served
    place = Place(guild_id=900, channel_id=701)
    url = await open_game(service, "aqualin", place)
    async with phone() as page:
        await page.open(url)
        assert await page.eval("window.innerWidth") == 390
        # the board fits the screen, the text is readable
        assert await page.eval("document.getElementById('picture').getBoundingClientRect().width") <= 390
        assert await page.eval("parseFloat(getComputedStyle(document.body).fontSize)") >= 16
        await page.eval("window.stayed = 'yes'")  # gone if the page reloads
        before = await page.eval("document.body.dataset.version")
        await play_first_move(service, place)
        moved = time.monotonic()
        await page.until(f"document.body.dataset.version !== '{before}' && "
                         "document.querySelectorAll('#log li').length === 1")
        took = time.monotonic() - moved
        print(f"the page followed the move in {took:.2f} s")
        assert await page.eval("window.stayed") == "yes"  # no reload: the script swapped it in
        await page.until("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        # the scrubber back to the start: the first board, as rebuilt from the seed
        assert await page.eval("document.getElementById('scrubber').max") == "1"
        await page.eval("(() => { const s = document.getElementById('scrubber'); s.value = '0';"
                        " s.dispatchEvent(new Event('input')); })()")
        src = await page.until("document.getElementById('picture').src.includes('/at/0.png') && "
                               "document.getElementById('picture').complete && "
                               "document.getElementById('picture').src")
        shown = await page.eval(f"fetch({src!r}).then(r => r.arrayBuffer())"
                                ".then(b => Array.from(new Uint8Array(b)).join(','))")
        row = await service.store.games.active_game(place.channel_id)
        assert row is not None
        seats = await service.store.games.seats(row.id)
        aqualin = games.REGISTRY["aqualin"]
        start = aqualin.setup([s.player_id for s in seats], row.options, row.seed)
        expected = renderers.render_board(aqualin.view(start, None), {s.player_id: s.name for s in seats},
                                          lang="en")
        assert bytes(int(b) for b in shown.split(",")) == expected
        assert await page.eval("document.getElementById('position').textContent") == "Start of the game"
        assert page.problems() == []  # no CSP refusal, no script error


async def test_every_game_page_on_a_phone(served: tuple[GameService, WebServer]) -> None:
    service, _server = served
    async with phone() as page:
        for n, game_id in enumerate(sorted(games.REGISTRY)):
            place = Place(guild_id=900, channel_id=710 + n)
            url = await open_game(service, game_id, place)
            await play_first_move(service, place)
            await page.open(url)
            heading = await page.eval("document.querySelector('h1').textContent")
            assert heading.startswith(str(games.REGISTRY[game_id].title))
            await page.screenshot(ARTIFACTS / f"{game_id}.png")
            assert (ARTIFACTS / f"{game_id}.png").stat().st_size > 10_000
        assert page.problems() == []
