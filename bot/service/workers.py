"""Work that leaves the bot's process: drawing pictures (and, in ``bots``, a bot's search).

Drawing a board is pure Python and Pillow; in a thread it would hold the interpreter lock
that the event loop needs too (the bench's worst stall of 50 busy channels went from about
18 ms to 30 ms with the drawing in threads). The bot therefore draws in a worker process;
tests and the console draw in threads.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import games
import renderers
from renderers.animation import animate
from renderers.clock import add_clock_strip

from ..i18n import tr
from ..messages import Art, Attachment
from ..replay import turn_views
from ..store import MoveRow
from .names import _

log = logging.getLogger("bot.service")
T = TypeVar("T")


class Worker:
    """One worker (a process, or a thread in tests), started on first use.

    A worker process that died (killed for memory, say) breaks its pool for good: the pool is
    replaced and the call tried once more, so one crash does not stop every later call.
    """

    def __init__(self, name: str, start: Callable[[], Executor]) -> None:
        self.name = name
        self._start = start
        self._pool: Executor | None = None

    @property
    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = self._start()
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, fn, *args)
        except BrokenProcessPool:
            log.warning("the %s worker process died; starting a new one", self.name)
            self.stop()
            return await loop.run_in_executor(self.pool, fn, *args)

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def watch_parent(parent: int) -> None:
    """In a worker: leave when the bot's process is gone (killed, not shut down), instead
    of sleeping on forever with its inherited files and sockets."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(2)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


#: How much less CPU priority the drawing worker has than the bot (``nice``): when the
#: machine is busy a picture can wait a moment, the event loop cannot.
DRAWING_NICENESS = 10


def start_drawing(parent: int, warm_up: bool = True) -> None:
    """A drawing worker starts with the renderers' cached artwork (unless ``warm_up`` is off:
    then each piece is drawn on first use)."""
    watch_parent(parent)
    try:
        os.nice(DRAWING_NICENESS)
    except OSError:  # not allowed here: draw at the same priority
        pass
    if warm_up:
        renderers.warm_up()


def ready() -> bool:
    """Nothing: asked once at start-up so the worker is up before the first board."""
    return True


def replay_gif(game_id: str, players: list[str], options: Mapping[str, str], seed: int,
               moves: list[MoveRow], names: dict[str, str], lang: str = "en",
               render: Callable[..., bytes] = renderers.render_board) -> tuple[int, bytes, int]:
    """A game replayed from its seed and log, every turn drawn into one GIF in ``lang``:
    (turns + 1, the GIF, frames used). Long replays are pure Python from end to end, so the
    bot runs this in the drawing worker, where it cannot hold the event loop's interpreter."""
    views = turn_views(games.REGISTRY[game_id], players, options, seed, moves)
    gif, used = animate([render(v, names, lang=lang) for v in views])
    return len(views), gif, used


def replay_gif_file(*args: Any) -> tuple[int, str, int]:
    """:func:`replay_gif`, the GIF left in a file (its path returned) for :func:`take_file`.

    A replay is megabytes; sent back through the worker's pipe it would be unpickled by the
    pool's thread in one copy under the interpreter lock (a 5 MB Kahuna replay held the event
    loop up to 34 ms). A file is read back with the lock released."""
    n, gif, used = replay_gif(*args)
    fd, path = tempfile.mkstemp(prefix="tidepool-replay-", suffix=".gif")
    with os.fdopen(fd, "wb") as out:
        out.write(gif)
    return n, path, used


def review_picture(game_id: str, players: list[str], options: Mapping[str, str], seed: int,
                   steps: list[Any], points: list[tuple[int, str, str, str]],
                   names: dict[str, str], lang: str = "en") -> bytes:
    """A review's picture: for each turning point (move number, player, played, better), the
    board after each move, beside each other (:mod:`renderers.review`). The boards are the
    public previews of :mod:`games.ai.coach`, drawn from what the mover saw."""
    from games.ai.coach import preview
    from games.ai.review import decisions
    from renderers.review import render_review

    game = games.REGISTRY[game_id]
    before = {number: state for number, state, _step in
              decisions(game, players, dict(options), seed,
                        [dataclasses.replace(s, judge=True) for s in steps])}
    rows = []
    for number, player, played, better in points:
        state = before[number]
        rows.append({"title": tr(_("Move {n}, {name}", n=number, name=names.get(player, player)), lang),
                     "played": played, "preferred": better,
                     "played_view": preview(game, state, player, played, number),
                     "preferred_view": preview(game, state, player, better, number)})
    return render_review(rows, names, lang)


def take_file(path: str) -> bytes:
    """The bytes of a worker's file, which is removed (call it in a thread)."""
    try:
        with open(path, "rb") as f:
            return f.read()
    finally:
        os.unlink(path)


def draw(art: Art, render: Callable[..., bytes] = renderers.render_board) -> Attachment:
    """The picture of ``art`` with its alt text (boards by ``render``), its words in the
    art's language (English where it has none)."""
    lang = art.lang or "en"
    if art.kind == "hand":
        data = renderers.render_hand(art.view, art.names, lang)
    elif art.focus is None:
        data = render(art.view, art.names, lang=lang)
    else:
        data = render(art.view, art.names, art.focus, lang=lang)
    if art.kind == "board" and art.faces:  # the chess clocks above the board
        data = add_clock_strip(data, art.faces, lang)
    return Attachment(filename=art.filename, data=data,
                      description=renderers.alt_text(art.view, art.names))
