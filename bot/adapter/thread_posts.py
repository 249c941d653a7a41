"""A thread per game, on Discord: the deliverer's side (:mod:`bot.adapter.deliverer`).

Outbox rows of a game carry its channel (rows of one channel are delivered in order); where a
post goes is decided when it is delivered: into the game's thread once that is open, except the
lobby and the line the channel keeps at the end (``Post.in_channel``). The thread is opened from
the lobby message as soon as that is posted, so it shares the message's id.

Raw HTTP calls, not ``Message.create_thread`` / ``Thread.edit``: those need the guild and the
thread in discord.py's cache, which a process that just restarted (or an archived thread, which
the gateway does not sync) does not have. The requests are the same:
``POST /channels/{channel_id}/messages/{message_id}/threads`` and ``PATCH /channels/{channel_id}``.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from ..messages import Post
from ..store.envelopes import OutboxRow
from .base import Client, mentions, say

log = logging.getLogger(__name__)

ARCHIVE_AFTER: Final = 10080  # minutes without a post before Discord archives the thread (a week)
ALREADY_OPEN = 160004  # "A thread has already been created for this message"


async def target(client: Client, row: OutboxRow, lang: str, post: Post | None = None) -> int:
    """The channel or thread a row's message goes to (an archived thread is woken first; a
    thread that is gone or closed to the bot sends the game back to its channel)."""
    if row.game_id is None or (post is not None and (post.lobby is not None or post.in_channel)):
        return row.channel_id
    game = await client.service.store.games.get(row.game_id)
    if game is None or not game.thread_id or game.thread_id == row.channel_id:
        return row.channel_id
    try:
        await wake(client, game.thread_id)
    except (discord.Forbidden, discord.NotFound) as exc:
        log.warning("thread %s of game %s can't be used (%s)", game.thread_id, game.id, exc)
        await refused(client, row, lang)
        return row.channel_id
    return game.thread_id


async def wake(client: Client, thread_id: int) -> None:
    """Unarchive a game's thread before posting in it. The gateway keeps active threads in the
    cache and drops archived ones; one that is not there is asked for (it may be archived)."""
    cached = client.get_channel(thread_id)
    if isinstance(cached, discord.Thread) and not cached.archived:
        return
    data: dict[str, Any] = dict(await client.http.get_channel(thread_id))
    if (data.get("thread_metadata") or {}).get("archived"):
        log.info("unarchiving thread %s: its game goes on", thread_id)
        await client.http.edit_channel(thread_id, archived=False)


async def open_thread(client: Client, row: OutboxRow, message_id: int, lang: str) -> None:
    """Open the game's thread from its lobby message, if it wants one. Refused (no Create
    Public Threads, say): the game plays in the channel, which is told so in one sentence.
    Server errors are raised: the row is retried (its message comes back by its nonce)."""
    name = await client.service.threads.thread_wanted(row.game_id) if row.game_id is not None else None
    if name is None:
        return
    assert row.game_id is not None
    try:
        data = await client.http.start_thread_with_message(row.channel_id, message_id, name=name,
                                                           auto_archive_duration=ARCHIVE_AFTER)
    except discord.HTTPException as exc:
        if exc.status >= 500 or exc.status == 429:
            raise
        if exc.code == ALREADY_OPEN:  # opened before a crash: it has the message's id
            await client.service.threads.thread_opened(row.game_id, message_id)
            return
        log.warning("could not open a thread for game %s in channel %s: %s", row.game_id,
                    row.channel_id, exc)
        await refused(client, row, lang)
        return
    await client.service.threads.thread_opened(row.game_id, int(data["id"]))


async def refused(client: Client, row: OutboxRow, lang: str) -> None:
    """The game plays in its channel from now on; the channel hears why, once."""
    assert row.game_id is not None
    notice = await client.service.threads.thread_refused(row.game_id)
    channel = client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
    try:
        await channel.send(say(notice, lang), allowed_mentions=mentions(()))
    except discord.HTTPException as exc:
        log.warning("could not say in channel %s that game %s has no thread: %s", row.channel_id,
                    row.game_id, exc)
