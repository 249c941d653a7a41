"""Let bot seats play: one background task per channel while a bot is to act.

It holds no game state: it asks the service whether a bot is to act, waits a moment so
humans can follow, lets the service make the move (the search runs in a worker process), and
delivers the result like any other move. Kicked after every delivery and at start-up.
"""

from __future__ import annotations

import asyncio
import logging
from ..messages import Place
from .interaction import Client

log = logging.getLogger(__name__)


class BotRunner:
    def __init__(self, client: Client, pause: float = 1.5) -> None:
        self.client = client
        self.pause = pause
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    def kick(self, place: Place) -> None:
        """A game in ``place`` changed: let its bots move if it is their turn."""
        task = self._tasks.get(place.channel_id)
        if task is not None and not task.done():
            self._again.add(place.channel_id)  # look once more before stopping
            return
        self._tasks[place.channel_id] = asyncio.create_task(self._run(place),
                                                            name=f"bots-{place.channel_id}")

    async def _run(self, place: Place) -> None:
        service = self.client.service
        shown = True  # the change that woke us was posted: give the channel a moment with it
        try:
            while True:
                self._again.discard(place.channel_id)
                if not await service.bots.bot_to_act(place):
                    if place.channel_id in self._again:
                        shown = True
                        continue
                    return
                if shown:
                    await asyncio.sleep(self.pause)
                outcome = await service.bots.bot_turn(place)
                if outcome is None:
                    return
                # a bot move the channel doesn't see yet (the next bot's post tells of it) or
                # a step inside a bot's turn: nothing to follow, so the next bot goes at once
                shown = bool(outcome.posts)
                await self.client.deliver(outcome, place, kick_bots=False)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turns in channel %s failed", place.channel_id)

    async def resume(self) -> None:
        """After a restart: bots whose turn it was carry on."""
        for place in await self.client.service.bots.channels_with_bot_turns():
            self.kick(place)

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()
