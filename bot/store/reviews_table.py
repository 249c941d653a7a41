"""Finished games' reviews (``reviews``): the judged decisions as JSON, and where the review
was posted. A review is computed once and posted once (:mod:`bot.service.reviews`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .table import Table


@dataclass(frozen=True)
class ReviewRow:
    game_id: int
    data: dict[str, Any]
    created_at: float
    message_id: int | None = None
    channel_id: int | None = None


class ReviewsTable(Table):
    """``store.reviews``: a review per finished game."""

    async def get(self, game_id: int) -> ReviewRow | None:
        r = await self._one("SELECT game_id, data, created_at, message_id, channel_id FROM reviews"
                            " WHERE game_id = ?", (game_id,))
        if r is None:
            return None
        try:
            data = json.loads(r["data"])
        except ValueError:
            return None  # unreadable: it is computed again
        return ReviewRow(int(r["game_id"]), data, float(r["created_at"]),
                         None if r["message_id"] is None else int(r["message_id"]),
                         None if r["channel_id"] is None else int(r["channel_id"]))

    async def save(self, game_id: int, data: dict[str, Any], now: float) -> None:
        """Keep a computed review (a second computation of the same game keeps the first)."""
        async with self._tx() as db:
            if await db.fetchval("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,)) is None:
                await db.execute("INSERT INTO reviews (game_id, data, created_at) VALUES (?, ?, ?)",
                                 (game_id, json.dumps(data, sort_keys=True), now))

    async def posted(self, game_id: int, message_id: int, channel_id: int | None) -> None:
        """Where the review's post went (for the link later requests get)."""
        async with self._tx() as db:
            await db.execute("UPDATE reviews SET message_id = ?, channel_id = ? WHERE game_id = ?",
                             (message_id, channel_id, game_id))
