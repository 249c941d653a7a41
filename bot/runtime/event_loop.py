"""Keeping the event loop free: what the bot settles once it has started (the bench too).

Nothing slow runs on the loop (the ranked moves of autocomplete, undo's replay and replays'
GIFs are worked out in a thread, pictures in a worker process), and still four things held
it for tens of milliseconds, because a thread must hold the interpreter to run Python:

* a full garbage collection walks every object the process has, most of them made at
  start-up (modules, catalogs), and holds the interpreter meanwhile, in whichever thread it
  starts. Frozen after start-up, those objects are never walked again.
* the loop gets the interpreter back from a busy thread only when that thread's time slice
  ends: a shorter slice makes the wait short;
* a module imported on first use is compiled and run on the loop: each game's renderer record
  (asked whether the game has a hand at its first move) held it 13-40 ms. They are
  imported here;
* and each further busy thread may take its turn first: a few workers are as fast as many
  (Python code does not run in parallel), and the loop waits less.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from concurrent.futures import ThreadPoolExecutor

import renderers

#: Seconds a thread runs before a waiting one gets the interpreter (Python's default is 0.005).
SWITCH_INTERVAL = 0.001
#: Threads of ``asyncio.to_thread`` (Python's default is the number of cores plus four). Each
#: one more made the loop's worst wait longer in the bench; with the pictures drawn in a worker
#: process (``bot.service.workers``), one thread and that process keep a 2-core machine busy
#: (worst stall of 50 busy channels over five seeds: 13-19 ms with one thread, 14-23 with two).
WORKERS = 1


def settle() -> None:
    """Once, after start-up work and before play: see the module's docstring."""
    for game_id in renderers.REGISTRY:
        renderers.record(game_id)
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()


def use_workers(loop: asyncio.AbstractEventLoop) -> None:
    """Give ``loop`` its few worker threads (before anything runs in one)."""
    loop.set_default_executor(ThreadPoolExecutor(WORKERS, thread_name_prefix="tidepool-worker"))
