"""Work that leaves the bot's process: drawing pictures (and, in ``bots``, a bot's search).

Drawing a board is pure Python and Pillow; in a thread it would hold the interpreter lock
that the event loop needs too (the bench's worst stall of 50 busy channels went from about
18 ms to 30 ms with the drawing in threads). The bot therefore draws in a worker process;
tests and the console draw in threads.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import renderers
from renderers.clock import add_clock_strip

from ..messages import Art, Attachment


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


def start_drawing(parent: int) -> None:
    """A drawing worker starts with the renderers' cached artwork, as the bot does."""
    watch_parent(parent)
    try:
        os.nice(DRAWING_NICENESS)
    except OSError:  # not allowed here: draw at the same priority
        pass
    renderers.warm_up()


def ready() -> bool:
    """Nothing: asked once at start-up so the worker is up before the first board."""
    return True


def draw(art: Art, render: Callable[..., bytes] = renderers.render_board) -> Attachment:
    """The picture of ``art`` with its alt text (boards by ``render``)."""
    if art.kind == "hand":
        data = renderers.render_hand(art.view, art.names)
    elif art.focus is None:
        data = render(art.view, art.names)
    else:
        data = render(art.view, art.names, art.focus)
    if art.kind == "board" and art.faces:  # the chess clocks above the board
        data = add_clock_strip(data, art.faces)
    return Attachment(filename=art.filename, data=data,
                      description=renderers.alt_text(art.view, art.names))
