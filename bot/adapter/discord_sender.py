"""The delivery pipeline's :class:`~bot.delivery.sender.Sender` and
:class:`~bot.delivery.sender.Answer` on Discord: each call is one request, and each failure is
told as the pipeline understands it (refused, rejected, transient).

Messages carry the outbox row's key as their nonce; discord.py sends ``enforce_nonce`` with
it, so a resend returns the message Discord already made.

Threads use raw HTTP calls, not ``Message.create_thread`` / ``Thread.edit``: those need the
guild and the thread in discord.py's cache, which a process that just restarted (or an
archived thread, which the gateway does not sync) does not have. The requests are the same:
``POST /channels/{channel_id}/messages/{message_id}/threads`` and ``PATCH /channels/{channel_id}``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, Final, TypeVar

import aiohttp
import discord

from ..delivery.sender import AlreadyOpen, Gone, Posted, Refused, Rejected, Reply, Transient, Undelivered
from ..i18n import language_for, tr
from ..messages import Attachment, LobbyCard, Place, Post
from .interaction import Client, chunks, mentions, say, to_file
from .post import lobby_view, move_view, post_kwargs

T = TypeVar("T")

ARCHIVE_AFTER: Final = 10080  # minutes without a post before Discord archives the thread (a week)
ALREADY_OPEN: Final = 160004  # "A thread has already been created for this message"
NETWORK = (aiohttp.ClientError, OSError, asyncio.TimeoutError)


async def told(call: Awaitable[T]) -> T:
    """``call``'s result; its failure as one of the pipeline's exceptions."""
    try:
        return await call
    except discord.NotFound as exc:
        raise Gone(f"HTTP {exc.status} (code {exc.code}): {exc.text[:200]}") from exc
    except discord.Forbidden as exc:
        raise Refused(f"HTTP {exc.status} (code {exc.code}): {exc.text[:200]}") from exc
    except discord.HTTPException as exc:
        if exc.status >= 500 or exc.status == 429:
            raise Transient(f"HTTP {exc.status}: {exc.text[:200]}") from exc
        kind = AlreadyOpen if exc.code == ALREADY_OPEN else Rejected
        raise kind(f"HTTP {exc.status} (code {exc.code}): {exc.text[:200]}") from exc
    except NETWORK as exc:
        raise Transient(repr(exc)) from exc


def _files(image: Attachment | None, lang: str) -> dict[str, Any]:
    return {"file": to_file(image, lang)} if image is not None else {}


def _nonce(nonce: str | None) -> dict[str, Any]:
    return {"nonce": nonce} if nonce is not None else {}


class DiscordSender:
    """Posts, edits, DMs and threads through the client's REST session."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def _channel(self, place: Place) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(place.channel_id, guild_id=place.guild_id)

    async def _user(self, user_id: int) -> discord.User:
        return self.client.get_user(user_id) or await self.client.fetch_user(user_id)

    async def post(self, place: Place, post: Post, lang: str, nonce: str | None) -> Posted:
        message = await told(self._channel(place).send(say(post.text, lang), **_nonce(nonce),
                                                       **post_kwargs(post, lang)))
        return Posted(message.id, place.channel_id)

    async def say(self, place: Place, text: Any, lang: str, mention: tuple[int, ...] = ()) -> None:
        await told(self._channel(place).send(say(text, lang), allowed_mentions=mentions(mention)))

    async def edit_lobby(self, place: Place, card: LobbyCard, lang: str) -> None:
        if card.message_id is None:
            raise Rejected("the lobby has no message to edit")
        message = self._channel(place).get_partial_message(card.message_id)
        await told(message.edit(content=say(card.text, lang), view=lobby_view(card, lang)))

    async def dm(self, user_id: int, text: Any, image: Attachment | None, lang: str,
                 nonce: str | None, silent: bool = False) -> int:
        async def send() -> discord.Message:
            user = await self._user(user_id)
            return await user.send(say(text, lang), silent=silent, **_nonce(nonce), **_files(image, lang))

        return (await told(send())).id

    async def edit_dm(self, user_id: int, message_id: int, text: Any, image: Attachment | None,
                      lang: str) -> None:
        async def edit() -> None:
            user = await self._user(user_id)
            channel = user.dm_channel or await user.create_dm()
            files = [to_file(image, lang)] if image is not None else []
            await channel.get_partial_message(message_id).edit(content=say(text, lang),
                                                               attachments=files)

        await told(edit())

    async def open_thread(self, place: Place, message_id: int, name: str) -> int:
        data = await told(self.client.http.start_thread_with_message(
            place.channel_id, message_id, name=name, auto_archive_duration=ARCHIVE_AFTER))
        return int(data["id"])

    async def wake_thread(self, thread_id: int) -> None:
        """The gateway keeps active threads in the cache and drops archived ones; one that is
        not there is asked for (it may be archived)."""
        cached = self.client.get_channel(thread_id)
        if isinstance(cached, discord.Thread) and not cached.archived:
            return
        data: dict[str, Any] = dict(await told(self.client.http.get_channel(thread_id)))
        if (data.get("thread_metadata") or {}).get("archived"):
            await told(self.client.http.edit_channel(thread_id, archived=False))


class InteractionAnswer:
    """Answers one deferred interaction through its followup webhook."""

    def __init__(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        self.interaction = interaction
        self.channel_id = interaction.channel_id
        self.user_id = interaction.user.id
        self.lang = language_for(interaction.locale)
        guild_locale = interaction.guild_locale
        self.seen: str | None = str(guild_locale.value) if guild_locale else None
        if interaction.guild_id is None:  # no server: the asker's language
            self.seen = str(interaction.locale.value)

    async def answer(self, reply: Reply) -> list[Posted | Undelivered]:
        """The first followup after the deferral replaces the "thinking" message and keeps its
        ephemeral flag; a long answer (rules, leaderboards) goes on in further messages. The
        public followups need no permission in the channel."""
        followup = self.interaction.followup
        kwargs: dict[str, Any] = {"ephemeral": True, **_files(reply.file, reply.lang)}
        view = move_view(reply.buttons, reply.lang)
        if view is not None:
            kwargs["view"] = view
        first, *more = chunks(tr(reply.text, reply.lang))
        await followup.send(first, **kwargs)
        for part in more:
            await followup.send(part, ephemeral=True)
        for text, image in reply.private:
            await told(followup.send(say(text, reply.lang), ephemeral=True, **_files(image, reply.lang)))
        results: list[Posted | Undelivered] = []
        for post in reply.public:
            try:
                message = await told(followup.send(say(post.text, reply.public_lang), wait=True,
                                                   **post_kwargs(post, reply.public_lang)))
            except Undelivered as exc:
                results.append(exc)
                continue
            # A webhook message may not know its channel.
            results.append(Posted(message.id, getattr(message.channel, "id", None)))
        return results
