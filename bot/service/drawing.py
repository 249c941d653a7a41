"""Pictures: a game's board as an :class:`~bot.messages.Art` (the view to draw), drawn off the
event loop, in the drawing worker process where the bot has one (:mod:`bot.service.workers`)."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Sequence
from typing import Any

import renderers
from games import Game

from ..messages import Art, Attachment
from . import workers
from ..store import GameRow, MoveRow, SeatRow
from ..timekeeping.chess_clock import clock_of
from ..vocab import Status
from .faces import clock_faces
from .names import _, seat_names

from games.text import Text, lines
from .part import Part


log = logging.getLogger("bot.service")

#: Pictures kept after drawing, by what they show (about 100 KB each): the web view serves a
#: board the bot posted without drawing it again.
DRAWN_KEPT = 128


def art_key(art: Art) -> str:
    """What a picture shows, as a key: the same view, names and language draw the same image
    (the clocks in its header are the time it was drawn, and do not count)."""
    shown = (art.kind, art.game, art.view, art.names, art.focus, art.lang)
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(eq=False, repr=False, kw_only=True)
class Drawing(Part):
    """Pictures: the board as an `Art`, drawn off the event loop (in the drawing worker)."""

    #: Where pictures are drawn: worker threads (tests, the console) or, for the bot, a worker
    #: process, so that drawing never holds the interpreter the event loop needs.
    draw_in_process = False
    #: Whether the drawing worker draws the renderers' fixed artwork as it starts (WARM_UP).
    warm_up = True
    _drawing: workers.Worker | None = field(default=None, init=False)
    _drawn: OrderedDict[str, Attachment] = field(default_factory=OrderedDict, init=False)

    @staticmethod
    def art(game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow], tag: str,
            focus: str | None = None, lang: str | None = None) -> Art:
        """The public board of ``state``, to be drawn when it is shown (in ``lang``; None:
        in the language of the message it goes with)."""
        return Art(kind="board", game=game.id, view=game.view(state, None),
                   names={p: str(n) for p, n in seat_names(game, state, seats, safe=False).items()},
                   filename=f"{game.id}-{row.id}-{tag}.png", focus=focus,
                   clock=row.id if clock_of(row.timing) and game.result(state) is None else None,
                   lang=lang)

    async def render_art(self, art: Art) -> Attachment | None:
        """Draw an image off the event loop (in the drawing worker process, where the bot
        has one); None if drawing fails.

        A drawing bug must not turn an accepted, stored move into an error for the player.
        """
        drawn = await self._render(art)
        if drawn is not None:
            self._drawn[art_key(art)] = drawn
            while len(self._drawn) > DRAWN_KEPT:
                self._drawn.popitem(last=False)
        return drawn

    async def drawn_art(self, art: Art) -> Attachment | None:
        """``art`` as this process drew it last (a posted board), else drawn now and kept."""
        key = art_key(art)
        kept = self._drawn.get(key)
        if kept is not None:
            self._drawn.move_to_end(key)
            return kept
        return await self.render_art(art)

    async def _render(self, art: Art) -> Attachment | None:
        try:
            if art.clock is not None:  # the chess clocks as they are now, in the header
                try:
                    art = await self._clocked(art)
                except Exception:  # the board is still worth showing without them
                    log.exception("reading the clocks of game %s failed", art.clock)
            if self.draw_in_process and self.ground.render is renderers.render_board:
                return await self._drawer.run(workers.draw, art)
            return await asyncio.to_thread(workers.draw, art, self.ground.render)
        except Exception:
            log.exception("drawing %s (%s) failed", art.filename, art.kind)
            return None

    async def replay_gif(self, game: Game, players: list[str], row: GameRow,
                         moves: list[MoveRow], names: dict[str, str],
                         lang: str) -> tuple[int, bytes, int]:
        """:func:`workers.replay_gif` (its words in ``lang``) in the drawing worker (where the
        bot has one), else in a thread with this service's renderer."""
        args = (game.id, players, row.options, row.seed, moves, names, lang)
        if self.draw_in_process and self.ground.render is renderers.render_board:
            n, path, used = await self._drawer.run(workers.replay_gif_file, *args)
            return n, await asyncio.to_thread(workers.take_file, path), used
        return await asyncio.to_thread(workers.replay_gif, *args, self.ground.render)

    async def review_picture(self, game_id: str, players: list[str], options: dict[str, str],
                             seed: int, steps: list[Any], points: list[tuple[int, str, str, str]],
                             names: dict[str, str], lang: str) -> bytes:
        """:func:`workers.review_picture` in the drawing worker (where the bot has one)."""
        args = (game_id, players, options, seed, steps, points, names, lang)
        if self.draw_in_process and self.ground.render is renderers.render_board:
            return await self._drawer.run(workers.review_picture, *args)
        return await asyncio.to_thread(workers.review_picture, *args)

    async def _clocked(self, art: Art) -> Art:
        """``art`` with the clocks of its game as they are now (none once it is over)."""
        assert art.clock is not None
        row = await self.store.games.get(art.clock)
        if row is None or row.status != Status.RUNNING or self.ground.problem(row) is not None:
            return art
        game = self.ground.engine(row.game)
        state = self.ground.load_state(game, row)
        seats = await self.store.games.seats(row.id)
        faces = await clock_faces(self.store, row, game, state, seats, self.clock())
        # the names as typed, a seat's word still translatable ("hana (seahorse)"): the strip
        # says it in the picture's language
        plain = seat_names(game, state, seats, safe=False)
        return dataclasses.replace(art, faces=tuple(
            (plain.get(f.player) or str(art.names.get(f.player, f.name)), f.left, f.running, f.out)
            for f in faces))

    @property
    def _drawer(self) -> workers.Worker:
        # Spawned, not forked: a forked worker would keep the bot's sockets (the gateway
        # connection) open after the bot itself was killed.
        if self._drawing is None:
            self._drawing = workers.Worker("drawing", lambda: ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=workers.start_drawing,
                initargs=(os.getpid(), self.warm_up)))
        return self._drawing

    async def start_workers(self) -> None:
        """Start the drawing worker now (at start-up), not on the first board."""
        if self.draw_in_process:
            await self._drawer.run(workers.ready)

    def close(self) -> None:
        """Stop the workers (at shutdown)."""
        if self._drawing is not None:
            self._drawing.stop()

    async def render_image(self, game: Game, row: GameRow, state: Any,
                           seats: Sequence[SeatRow], tag: str, lang: str,
                           focus: str | None = None) -> Attachment | None:
        """The public board as PNG now, its words in ``lang`` (for a private answer: the
        asker's); None if drawing fails."""
        try:  # the view takes milliseconds too: off the loop with the drawing
            art = await asyncio.to_thread(self.art, game, row, state, seats, tag, focus, lang)
        except Exception:
            log.exception("the view of %s game %s failed", game.id, row.id)
            return None
        return await self.render_art(art)

    @staticmethod
    def undrawn(text: Any) -> Text:
        """A post whose board could not be drawn says where to see it."""
        return lines([text, _("(I couldn't draw the board this time; `{cmd:game board}` shows it.)")])
