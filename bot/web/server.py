"""The web view's server: aiohttp (which discord.py brings) in the bot's own process.

Routes (all answer 404 alike for a bad link, a game that is gone or a page that never was):

* ``/{game}/{token}``: the game's page (:mod:`.html`); ``?at=N`` shows the position after N
  finished turns, ``?lang=`` picks the language (else ``Accept-Language``).
* ``/{game}/{token}/picture/{key}.png``: a picture that page named (the board the bot posted,
  or the seat's hand), drawn only if the bot has not drawn it already.
* ``/{game}/{token}/at/{n}.png``: the scrubber's positions.
* ``/{game}/{token}/events``: server-sent events, one ``move`` event whenever the delivery
  pipeline sends something of the game (the same outbox rows that post the board), and a look
  at the game's stored version every half minute for the moves another process delivered.
* ``/static/…``: the stylesheet and the script.

Every answer has the security headers (:data:`HEADERS`); each address gets a bucket of
requests (:class:`RateLimit`) and a few event streams at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from ..i18n import LANGUAGES
from ..service.web_pages import WebPages
from .html import not_found_html, page_html

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
#: On every answer. The CSP allows only this server's own files: no inline script or style,
#: no frames, no other hosts; the token in a page's address never leaves in a Referer.
HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "img-src 'self'; connect-src 'self'; base-uri 'none'; "
                                "form-action 'self'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
#: Requests per address: a bucket of this many, refilled at ``RATE`` per second.
BURST = 60
RATE = 2.0
#: Event streams open at once, per address and in all.
STREAMS_PER_ADDRESS = 8
STREAMS_IN_ALL = 2000
#: Seconds between a stream's keep-alive comments, and between its looks at the stored version.
KEEP_ALIVE = 15.0
LOOK_EVERY = 30.0
#: Addresses remembered by the rate limit (the oldest are forgotten first).
ADDRESSES_KEPT = 10000


@dataclass
class RateLimit:
    """A token bucket per address."""

    burst: float = BURST
    rate: float = RATE
    clock: Callable[[], float] = time.monotonic
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, last = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > ADDRESSES_KEPT:
            self._buckets.popitem(last=False)
        return allowed


class LiveHub:
    """Who is watching which game: one queue per open event stream."""

    def __init__(self) -> None:
        self._watchers: dict[int, set[asyncio.Queue[int]]] = {}

    def watch(self, game_id: int) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._watchers.setdefault(game_id, set()).add(queue)
        return queue

    def leave(self, game_id: int, queue: asyncio.Queue[int]) -> None:
        watchers = self._watchers.get(game_id)
        if watchers is not None:
            watchers.discard(queue)
            if not watchers:
                del self._watchers[game_id]

    def changed(self, game_id: int) -> None:
        """Something of the game was delivered: every stream of it looks again (one pending
        event per stream is enough, however many rows went out)."""
        for queue in self._watchers.get(game_id, ()):
            if queue.empty():
                queue.put_nowait(game_id)

    def wake_all(self) -> None:
        """Every stream looks up at once (the server is stopping)."""
        for game_id in list(self._watchers):
            self.changed(game_id)

    @property
    def streams(self) -> int:
        return sum(len(w) for w in self._watchers.values())


def _language(request: web.Request) -> str | None:
    """``?lang=``, else the best of ``Accept-Language`` we speak; None: the channel's."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    best: tuple[float, str] | None = None
    for part in request.headers.get("Accept-Language", "").split(","):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in LANGUAGES:
            continue
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        if best is None or q > best[0]:
            best = (q, code)
    return best[1] if best else None


class WebServer:
    """The aiohttp application and its runner (started and stopped with the bot)."""

    def __init__(self, pages: WebPages, *, behind_proxy: bool = False,
                 rate: RateLimit | None = None,
                 streams_per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.pages = pages
        self.streams_per_address = streams_per_address
        self.hub = LiveHub()
        self.behind_proxy = behind_proxy
        self.rate = rate or RateLimit()
        self._streams_of: dict[str, int] = {}
        self._runner: web.AppRunner | None = None
        self._closing = asyncio.Event()
        pages.listeners.append(self.hub.changed)
        self.app = web.Application(middlewares=[self._guard])
        self.app.router.add_get("/static/{name}", self.static)
        self.app.router.add_get("/favicon.ico", self.no_icon)
        self.app.router.add_get(r"/{game:\d{1,18}}/{token}", self.page)
        self.app.router.add_get(r"/{game:\d{1,18}}/{token}/picture/{key:[0-9a-f]{64}}.png", self.picture)
        self.app.router.add_get(r"/{game:\d{1,18}}/{token}/at/{n:\d{1,6}}.png", self.position)
        self.app.router.add_get(r"/{game:\d{1,18}}/{token}/events", self.events)

    # ----- running --------------------------------------------------------------------------

    async def start(self, port: int, host: str = "0.0.0.0") -> int:
        """Listen on ``port`` (0: any free one); returns the port."""
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        bound = sockets[0].getsockname()[1] if sockets else port
        log.info("web view listening on %s:%s", host, bound)
        return int(bound)

    async def stop(self) -> None:
        self._closing.set()
        self.hub.wake_all()  # the open streams end now, not at their next keep-alive
        if self.hub.changed in self.pages.listeners:
            self.pages.listeners.remove(self.hub.changed)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ----- the guard ------------------------------------------------------------------------

    def address(self, request: web.Request) -> str:
        if self.behind_proxy:  # the proxy's last hop is the one it saw
            forwarded = request.headers.get("X-Forwarded-For", "")
            if forwarded:
                return forwarded.split(",")[-1].strip()
        return request.remote or "?"

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        if not self.rate.allow(self.address(request)):
            response: web.StreamResponse = web.Response(status=429, text="Too many requests; try again in a minute.",
                                                        headers={"Retry-After": "30"})
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                response = _not_found() if exc.status == 404 else web.Response(status=exc.status, text=exc.reason)
            except Exception:
                log.exception("web view: %s failed", request.path)
                response = web.Response(status=500, text="Something went wrong on our side.")
        if not response.prepared:
            response.headers.update(HEADERS)
        return response

    # ----- routes ---------------------------------------------------------------------------

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = STATIC / name
        if "/" in name or path.suffix not in STATIC_TYPES or not path.is_file():
            return _not_found()
        return web.Response(body=path.read_bytes(), headers={
            "Content-Type": STATIC_TYPES[path.suffix], "Cache-Control": "public, max-age=3600"})

    async def no_icon(self, request: web.Request) -> web.StreamResponse:
        """Browsers ask for it on every page; there is none (and no 404 in their console)."""
        return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})

    async def page(self, request: web.Request) -> web.StreamResponse:
        game_id, token = int(request.match_info["game"]), request.match_info["token"]
        page = await self.pages.page(game_id, token)
        if page is None:
            return _not_found()
        lang = _language(request) or page.lang
        at = request.query.get("at", "")
        body = page_html(page, f"/{game_id}/{token}", lang, int(at) if at.isdigit() and len(at) < 7 else None)
        return web.Response(text=body, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"})

    async def picture(self, request: web.Request) -> web.StreamResponse:
        game_id, token = int(request.match_info["game"]), request.match_info["token"]
        lang = _language(request) or "en"
        drawn = await self.pages.picture(game_id, token, request.match_info["key"], lang)
        return _png(drawn.data) if drawn is not None else _not_found()

    async def position(self, request: web.Request) -> web.StreamResponse:
        game_id, token = int(request.match_info["game"]), request.match_info["token"]
        lang = _language(request) or "en"
        drawn = await self.pages.position(game_id, token, int(request.match_info["n"]), lang)
        return _png(drawn.data) if drawn is not None else _not_found()

    async def events(self, request: web.Request) -> web.StreamResponse:
        game_id, token = int(request.match_info["game"]), request.match_info["token"]
        address = self.address(request)
        if (self._streams_of.get(address, 0) >= self.streams_per_address
                or self.hub.streams >= STREAMS_IN_ALL):
            return web.Response(status=429, text="Too many open streams.", headers={"Retry-After": "60"})
        if await self.pages.grant(game_id, token) is None:
            return _not_found()
        version = await self.pages.version(game_id)
        response = web.StreamResponse(headers={
            **HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-store",
            "X-Accel-Buffering": "no"})
        await response.prepare(request)
        queue = self.hub.watch(game_id)
        self._streams_of[address] = self._streams_of.get(address, 0) + 1
        try:
            await response.write(f"retry: 5000\nevent: hello\ndata: {version}\n\n".encode())
            looked = time.monotonic()
            while not self._closing.is_set():
                try:
                    await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                    changed = True
                except TimeoutError:
                    changed = False
                if self._closing.is_set():
                    break
                if not changed and time.monotonic() - looked >= LOOK_EVERY:
                    looked = time.monotonic()  # a move another process delivered
                    now = await self.pages.version(game_id)
                    changed = now != version
                if changed:
                    now = await self.pages.version(game_id)
                    if now is None or await self.pages.grant(game_id, token) is None:
                        await response.write(b"event: gone\ndata: 0\n\n")
                        break
                    version = now
                    await response.write(f"event: move\ndata: {version}\n\n".encode())
                else:
                    await response.write(b": still here\n\n")
        except ConnectionResetError:  # the reader went away
            pass
        finally:
            self.hub.leave(game_id, queue)
            left = self._streams_of.get(address, 1) - 1
            if left:
                self._streams_of[address] = left
            else:
                self._streams_of.pop(address, None)
        return response


def _png(data: bytes) -> web.Response:
    return web.Response(body=data, content_type="image/png",
                        headers={"Cache-Control": "private, max-age=300"})


def _not_found() -> web.Response:
    return web.Response(status=404, text=not_found_html(), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})
