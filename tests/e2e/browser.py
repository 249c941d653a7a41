"""A headless Chromium (Debian's ``chromium`` package), driven over its DevTools protocol with
aiohttp's websocket client: no browser download, no extra package.

``.ci/run`` installs the browser; elsewhere the browser tests are skipped without it (unless
``CI`` or ``TIDEPOOL_REQUIRE_BROWSER`` says it must be there).
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome")
#: How long the browser may take to start and to answer one command (a busy machine is slow).
START_TIMEOUT = 60.0
COMMAND_TIMEOUT = 60.0


def find_browser() -> str | None:
    given = os.environ.get("TIDEPOOL_BROWSER")
    if given:
        return given
    return next((found for name in NAMES if (found := shutil.which(name))), None)


def browser_required() -> bool:
    return any(os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")
               for name in ("TIDEPOOL_REQUIRE_BROWSER", "CI"))


def browser_or_skip() -> str:
    found = find_browser()
    if found is None:
        if browser_required():
            pytest.fail("Chromium is not installed (apt-get install chromium), and CI needs it")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return found


class Page:
    """One tab: commands in, events collected."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.events: list[dict[str, Any]] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._waiting:
                future = self._waiting.pop(data["id"])
                if not future.done():
                    if "error" in data:
                        future.set_exception(RuntimeError(str(data["error"])))
                    else:
                        future.set_result(data.get("result", {}))
            elif "method" in data:
                self.events.append(data)

    async def send(self, method: str, **params: Any) -> Any:
        n = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[n] = future
        await self.ws.send_str(json.dumps({"id": n, "method": method, "params": params}))
        return await asyncio.wait_for(future, COMMAND_TIMEOUT)

    async def eval(self, expression: str) -> Any:
        """The value of a JavaScript expression (awaited if it is a promise)."""
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                                 awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def until(self, expression: str, timeout: float = 30.0) -> Any:
        """Wait until the expression is truthy; its value."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = await self.eval(expression)
            if value:
                return value
            if loop.time() > end:
                raise AssertionError(f"still false after {timeout} s: {expression}")
            await asyncio.sleep(0.05)

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)
        await self.until("document.readyState === 'complete' && "
                         "[...document.images].every(i => i.complete && i.naturalWidth > 0)")

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    def problems(self) -> list[str]:
        """What the browser complained about: CSP refusals, script errors, failed loads."""
        out = []
        for event in self.events:
            if event["method"] == "Log.entryAdded" and event["params"]["entry"]["level"] == "error":
                out.append(event["params"]["entry"]["text"])
            elif event["method"] == "Runtime.exceptionThrown":
                out.append(str(event["params"]["exceptionDetails"].get("text")))
        return out


@asynccontextmanager
async def phone(width: int = 390, height: int = 844) -> AsyncIterator[Page]:
    """A headless browser with one tab the size of a phone's screen."""
    binary = browser_or_skip()
    profile = Path(tempfile.mkdtemp(prefix="tidepool-browser-"))
    process = subprocess.Popen(
        [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
         "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
         f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = profile / "DevToolsActivePort"
        loop = asyncio.get_running_loop()
        end = loop.time() + START_TIMEOUT
        while not port_file.is_file() or not port_file.read_text().strip():
            if process.poll() is not None:
                raise RuntimeError(f"{binary} exited with {process.returncode}")
            if loop.time() > end:
                raise RuntimeError(f"{binary} did not start in {START_TIMEOUT} s")
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                targets = await answer.json()
            target = next(t for t in targets if t.get("type") == "page")
            async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = Page(ws)
                await page.send("Page.enable")
                await page.send("Runtime.enable")
                await page.send("Log.enable")
                await page.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                                deviceScaleFactor=2, mobile=True)
                try:
                    yield page
                finally:
                    page._reader.cancel()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(profile, ignore_errors=True)
