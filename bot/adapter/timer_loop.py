"""The loop that fires reminders and deadlines: it only asks the service what is due.

Timers are rows in the database; this loop holds no game state, so a restart loses nothing.
Overdue timers fire once at start-up.
"""

from __future__ import annotations

import asyncio
import logging

from ..service.downtime import HEARTBEAT
from .deliver import Bot, deliver

log = logging.getLogger(__name__)

#: Longest sleep between checks: a timer fires at most this late.
TICK = 30.0
#: Seconds between looks for bots whose turn nobody is playing (their process died).
BOT_SWEEP = 120.0


async def fire_once(client: Bot) -> int:
    """Fire what is due now and deliver it; returns how many posts went out."""
    fired = await client.service.timers.fire_due()
    for place, outcome in fired:
        try:
            await deliver(client, outcome, place)
        except Exception:
            log.exception("delivering a timer message to channel %s failed", place.channel_id)
    return len(fired)


async def run_timers(client: Bot) -> None:
    await client.wait_until_ready()
    try:  # games from before timers existed get theirs before anything fires
        await client.service.timers.arm_missing_timers()
    except Exception:
        log.exception("arming missing timers failed")
    swept = client.service.clock()
    first = True
    while not client.is_closed():
        try:
            if client.service.clock() - swept >= BOT_SWEEP:
                swept = client.service.clock()
                await client.bots.resume()
            await client.service.downtime.beat()
            fired = await fire_once(client)
            if first:  # overdue timers fire once at start-up: say it was looked at
                log.info("timers checked after start-up: %d fired", fired)
                first = False
            due = await client.service.timers.next_due()
            wait = TICK if due is None else min(TICK, max(1.0, due - client.service.clock()))
            wait = min(wait, HEARTBEAT)
        except Exception:
            log.exception("the timer loop failed; trying again shortly")
            wait = TICK
        await asyncio.sleep(wait)
