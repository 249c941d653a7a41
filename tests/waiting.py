"""How long a test waits for something that will happen, and how it waits.

A deadline in a test is no measure of speed (the benchmark measures that): it only ends a wait
for something that will never come. A machine under full load runs many times slower than an
idle one, so every deadline here is generous, and a test that waits on something that can fail
(the bot's process, its log) watches that instead, and stops at once on a real error.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

#: Seconds any single wait of a test may take before it counts as a hang.
PATIENCE = 240.0


async def eventually(condition: Callable[[], Any], what: str, *, timeout: float = PATIENCE,
                     every: float = 0.05) -> None:
    """Until ``condition()`` is true (an async condition is awaited), looked at every ``every``
    seconds; fails after ``timeout`` seconds with ``what`` in the message."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if asyncio.iscoroutine(found):
            found = await found
        if found:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        await asyncio.sleep(every)
