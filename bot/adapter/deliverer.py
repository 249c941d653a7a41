"""Deliver the outbox: every post, DM and lobby edit the service stored with its write.

Rows are sent in the order they were written, per channel. Each message carries the row's
key as its nonce with ``enforce_nonce``, so a resend after a crash in the middle of a request
returns the message Discord already made instead of posting twice. Transient failures (5xx,
429 after discord.py's own retries, network errors) are retried with backoff; permanent ones
(missing access, closed DMs) take the same fallbacks as before the outbox. Rows are marked
done, never deleted, and a row that pings the next player starts their turn clocks when it
is delivered.

Rows of an interaction are delivered at once by :func:`~bot.adapter.deliver.deliver`; the
loop here sends whatever is left: rows of a process that died, and retries. A claim names its
process (``host:pid:token``); at start-up the claims of a dead process on this host are
released at once, those of other hosts run out with their lease.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import secrets
import socket
from dataclasses import dataclass, field

import aiohttp
import discord

from games import GameError

from ..refusals import ServiceError
from ..messages import DirectMessage, Post
from ..store.envelopes import OutboxRow
from ..service.places import by_dm
from ..vocab import Delivered, OutboxKind
from . import thread_posts as threads
from .base import Client, mentions, say, to_file
from .post import edit_lobby, notice, post_kwargs, remember

log = logging.getLogger(__name__)

LEASE = 120.0  # seconds a deliverer holds a row it claimed
SWEEP = 5.0  # seconds between looks for rows nobody delivered
GRACE = 10.0  # a fresh row is its writer's to deliver for this long (the interaction's, say)
GIVE_UP_AFTER = 40  # transient failures of one row (backoff capped at 10 min: a few hours)
GIVE_UP_ON_BUGS = 5  # unexpected errors of one row (a bug is unlikely to heal by itself)
TRANSIENT = (aiohttp.ClientError, OSError, asyncio.TimeoutError)


class Transient(Exception):
    """Try this row again later (and hold back the rows after it in the same channel)."""


class Permanent(Exception):
    """Discord refused this row for good (a 4xx other than 429): mark it failed, go on."""


def dead_here(owner: str, me: str) -> bool:
    """Whether a claim was made by a process of this host that is gone (a crash)."""
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    my_host, _, my_rest = me.partition(":")
    if host != my_host or not pid_text.isdigit() or owner == me:
        return False
    pid = int(pid_text)
    if pid == os.getpid():  # our pid, another token: a predecessor in a restarted container
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def backoff(attempts: int) -> float:
    return float(min(600, 2 ** min(attempts, 10)))


@dataclass
class Report:
    """What an interaction's rows could not deliver and its reply must carry or follow with."""

    actor_dms: list[DirectMessage] = field(default_factory=list)  # the asker's closed DMs
    unposted: list[tuple[OutboxRow, Post]] = field(default_factory=list)  # channel refused
    #: Closed-DM notices for a place the bot cannot post in (a group DM): the reply follows with them.
    notices: list[DirectMessage] = field(default_factory=list)


class Deliverer:
    def __init__(self, client: Client) -> None:
        self.client = client
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def store(self):  # noqa: ANN201 - the service's store
        return self.client.service.store

    def clock(self) -> float:
        return self.client.service.clock()

    async def start(self) -> None:
        released: list[str] = []
        for owner in await self.store.outbox.claimants():
            if dead_here(owner, self.owner):
                released += await self.store.outbox.release(owner)
        pending = len(await self.store.outbox.rows(pending=True))
        if pending:
            log.info("outbox: %d message(s) not yet delivered (%d held by a process that died) "
                     "will be sent now", pending, len(released))
        self._task = asyncio.create_task(self._run(tuple(released)), name="outbox")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def kick(self) -> None:
        self._wake.set()

    async def _run(self, orphans: tuple[str, ...] = ()) -> None:
        await self.client.wait_until_ready()
        if orphans:  # their writer died: no reason to wait for its grace
            try:
                await self.sweep(orphans)
            except Exception:
                log.exception("delivering the messages of a process that died failed; the loop "
                              "tries again")
        while not self.client.is_closed():
            try:
                # More may be waiting when a sweep was busy; else look again after a while
                # (a retry's backoff is counted in seconds, a sweep's pause is fine for it).
                wait = 0.05 if await self.sweep() else SWEEP
            except Exception:
                log.exception("the outbox loop failed; trying again shortly")
                wait = SWEEP
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except TimeoutError:
                pass
            self._wake.clear()

    async def sweep(self, keys: tuple[str, ...] | None = None) -> int:
        """Deliver every row that is due and held by nobody (or those of ``keys``); returns how
        many were tried."""
        now = self.clock()
        rows = await self.store.outbox.claim(owner=self.owner, now=now, lease=LEASE, keys=keys,
                                             older_than=now - GRACE)
        channels: dict[int, list[OutboxRow]] = {}
        for row in rows:
            channels.setdefault(row.channel_id, []).append(row)
        reports = await asyncio.gather(*(self.deliver_rows(rs) for rs in channels.values()))
        for report in reports:  # no interaction to answer through: the last fallback fails
            for row, _post in report.unposted:
                log.warning("could not post in channel %s (row %s): no interaction to answer through",
                            row.channel_id, row.id)
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                             error="the channel refused the message")
        return len(rows)

    async def deliver_keys(self, keys: tuple[str, ...], interaction: discord.Interaction | None,
                           lang: str, asker_lang: str) -> Report:
        """Deliver the rows of one outcome now (those another deliverer holds are left to it)."""
        rows = await self.store.outbox.claim(owner=self.owner, now=self.clock(), lease=LEASE, keys=keys)
        if len(rows) < len(keys):  # some wait behind an earlier message of their channel
            self.kick()
        return await self.deliver_rows(rows, interaction, lang, asker_lang)

    async def deliver_rows(self, rows: list[OutboxRow], interaction: discord.Interaction | None = None,
                           lang: str | None = None, asker_lang: str | None = None) -> Report:
        """Deliver rows of one channel in order; a transient failure holds back the rest."""
        report = Report()
        for i, row in enumerate(rows):
            if not await self.store.outbox.renew(row, owner=self.owner, now=self.clock(), lease=LEASE):
                continue  # our claim ran out and another deliverer took it
            try:
                here = lang or await self.client.service.settings.channel_language(row.guild_id,
                                                                          channel_id=row.channel_id)
                await self._one(row, interaction, here, asker_lang or here, report)
            except (Permanent, ServiceError, GameError, KeyError, TypeError, ValueError) as exc:
                # Refused for good, or a row this code cannot read: it would never go through.
                log.warning("outbox row %s (game %s, %s) cannot be delivered: %s", row.id, row.game_id,
                            row.kind, exc)
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED, error=str(exc))
            except Exception as exc:
                if isinstance(exc, Transient):
                    await self._retry(row, str(exc) or type(exc).__name__, GIVE_UP_AFTER)
                else:
                    log.exception("delivering outbox row %s (game %s, %s) failed", row.id, row.game_id,
                                  row.kind)
                    await self._retry(row, repr(exc), GIVE_UP_ON_BUGS)
                for rest in rows[i + 1:]:  # keep the channel's order: they wait for this one
                    await self.store.outbox.retry(rest, now=self.clock(), at=self.clock() + backoff(0),
                                                  error="waiting for an earlier message", count=False)
                self.kick()
                break
        return report

    async def _retry(self, row: OutboxRow, error: str, limit: int) -> None:
        if row.attempts + 1 >= limit:
            log.error("giving up on outbox row %s (game %s) after %d attempts: %s", row.id, row.game_id,
                      row.attempts + 1, error)
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED, error=error)
            return
        await self.store.outbox.retry(row, now=self.clock(), at=self.clock() + backoff(row.attempts),
                                      error=error)

    async def _one(self, row: OutboxRow, interaction: discord.Interaction | None, lang: str,
                   asker_lang: str, report: Report) -> None:
        try:
            if row.kind == OutboxKind.POST:
                await self._post(row, interaction, lang, report)
            elif row.kind == OutboxKind.DM:
                await self._dm(row, interaction, lang, asker_lang, report)
            elif row.kind == OutboxKind.LOBBY:
                await self._lobby(row, lang, interaction, report)
            else:
                raise ServiceError(f"unknown outbox kind {row.kind!r}")
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                raise Transient(f"HTTP {exc.status}: {exc.text[:200]}") from exc
            raise Permanent(f"HTTP {exc.status} (code {exc.code}): {exc.text[:200]}") from exc
        except TRANSIENT as exc:
            raise Transient(repr(exc)) from exc

    async def _post(self, row: OutboxRow, interaction: discord.Interaction | None, lang: str,
                    report: Report) -> None:
        service = self.client.service
        post = row.post()
        if post.lobby is not None:  # the lobby as it is now, with its buttons
            card = await service.lobby.lobby_card(row.game_id) if row.game_id is not None else None
            if card is None:
                raise ServiceError("the lobby's game is gone")
            post = dataclasses.replace(post, text=card.text, lobby=card)
        if post.in_channel and not post.text:  # the line a game that ended in its thread leaves
            summary = await service.threads.thread_summary(row.game_id) if row.game_id is not None else None
            if summary is None:
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FALLBACK,
                                             error="the game had no thread: nothing to add")
                return
            post = dataclasses.replace(post, text=summary)
        if post.art is not None:
            image = await service.drawing.render_art(post.art)
            post = (dataclasses.replace(post, image=image) if image is not None
                    else dataclasses.replace(post, text=service.drawing.undrawn(post.text)))
        if row.guild_id is None:  # a group DM or a DM: never a channel post (see service/places.py)
            if interaction is not None and interaction.channel_id == row.channel_id:
                report.unposted.append((row, post))  # the answer to this interaction carries it
            else:
                await self._post_by_dm(row, post, lang)
            return
        where = await threads.target(self.client, row, lang, post)
        channel = self.client.get_partial_messageable(where, guild_id=row.guild_id)
        try:
            message = await channel.send(say(post.text, lang), nonce=row.nonce, **post_kwargs(post, lang))
        except (discord.Forbidden, discord.NotFound):
            if where != row.channel_id:  # the game's thread refused: it moves to its channel
                await threads.refused(self.client, row, lang)
                return await self._post(row, interaction, lang, report)
            log.warning("cannot post in channel %s (missing access)", row.channel_id)
            if interaction is not None and interaction.channel_id == row.channel_id:
                report.unposted.append((row, post))  # sent through the interaction after its reply
                return
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                         error="missing access to the channel")
            return
        await remember(self.client, post, row.game_id, message)
        if post.lobby is not None:
            await threads.open_thread(self.client, row, message.id, lang)
        await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.SENT, message_id=message.id)

    async def _dm(self, row: OutboxRow, interaction: discord.Interaction | None, lang: str,
                  asker_lang: str, report: Report) -> None:
        dm = row.dm()
        asker = interaction is not None and dm.user_id == interaction.user.id
        speak = asker_lang if asker else lang
        if dm.art is not None:
            dm = dataclasses.replace(dm, image=await self.client.service.drawing.render_art(dm.art))
        if dm.board is not None:  # a turn notice: link the board that was just posted
            dm = await self.client.service.notices.linked(dm)
        if dm.replace and row.game_id is not None:
            last = await self.store.outbox.last_dm(row.game_id, dm.user_id, before=row.id)
            if last is not None and last[0] == "fallback":
                # Their DMs were closed a moment ago: the channel has been told once.
                if asker:
                    report.actor_dms.append(dm)
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FALLBACK,
                                             error="DMs closed")
                return
            if last is not None and last[1] is not None and await self._edit_dm(dm, last[1], speak):
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.SENT, message_id=last[1])
                return
        kwargs: dict = {"nonce": row.nonce}
        if dm.image is not None:
            kwargs["file"] = to_file(dm.image, speak)
        try:
            user = self.client.get_user(dm.user_id) or await self.client.fetch_user(dm.user_id)
            message = await user.send(say(dm.text, speak), **kwargs)
        except (discord.Forbidden, discord.NotFound):
            log.info("DMs of user %s are closed", dm.user_id)
            if asker:
                report.actor_dms.append(dm)  # they are right here: the reply carries it privately
            elif dm.fallback and row.guild_id is None:  # no channel post: through the interaction
                if interaction is not None and interaction.channel_id == row.channel_id:
                    report.notices.append(dm)
            elif dm.fallback:
                where = await threads.target(self.client, row, lang)
                channel = self.client.get_partial_messageable(where, guild_id=row.guild_id)
                await notice(channel, dm, lang)
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FALLBACK, error="DMs closed")
            return
        await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.SENT, message_id=message.id)

    async def _edit_dm(self, dm: DirectMessage, message_id: int, lang: str) -> bool:
        """Show ``dm`` in the DM ``message_id`` (text and picture); False when that message is
        gone or can't be edited (a new DM is sent instead)."""
        user = self.client.get_user(dm.user_id) or await self.client.fetch_user(dm.user_id)
        channel = user.dm_channel or await user.create_dm()
        files = [to_file(dm.image, lang)] if dm.image is not None else []
        try:
            await channel.get_partial_message(message_id).edit(content=say(dm.text, lang),
                                                               attachments=files)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.info("could not edit DM %s of user %s (%s); sending a new one", message_id,
                     dm.user_id, exc.status)
            return False
        return True

    async def _lobby(self, row: OutboxRow, lang: str, interaction: discord.Interaction | None = None,
                     report: Report | None = None) -> None:
        card = await self.client.service.lobby.lobby_card(row.game_id) if row.game_id is not None else None
        if row.guild_id is None and card is not None:
            # Outside a server only the interaction's own messages can be edited: an open
            # lobby is shown anew (its buttons work), a closed one is left as it was.
            if card.open and interaction is not None and interaction.channel_id == row.channel_id \
                    and report is not None:
                report.unposted.append((row, Post(text=card.text, lobby=card)))
                return
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                         error="outside a server a lobby is only shown in answers")
            return
        if card is None or card.message_id is None:
            # The lobby message was never posted (or its game is gone): nothing to edit.
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                         error="no lobby message to edit")
            return
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        if await edit_lobby(channel, card, lang, raise_transient=True):
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.SENT, message_id=card.message_id)
        else:
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                         error="the lobby message could not be edited")

    async def _post_by_dm(self, row: OutboxRow, post: Post, lang: str) -> None:
        """A post of a group DM with no interaction to answer through (a reminder, a deadline,
        a bot's move): it goes by DM to the players it pings, the ones it is for."""
        sent: int | None = None
        for user_id in dict.fromkeys(post.mention):
            kwargs: dict = {"nonce": row.nonce}
            if post.image is not None:
                kwargs["file"] = to_file(post.image, lang)
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                message = await user.send(say(by_dm(post.text, row.channel_id), lang), **kwargs)
            except (discord.Forbidden, discord.NotFound):
                log.info("DMs of user %s are closed (a post of group DM %s)", user_id, row.channel_id)
                continue
            sent = message.id
        if sent is None:
            log.info("outbox row %s of group DM %s: no command to answer and nobody to DM",
                     row.id, row.channel_id)
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED,
                                         error="outside a server with no interaction: nobody reached by DM")
            return
        await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FALLBACK, message_id=sent)

    async def finish_unposted(self, report: Report, interaction: discord.Interaction, lang: str) -> None:
        """After the reply: posts the channel refused go through the interaction's webhook,
        which needs no channel permission (outside a server, every post goes this way)."""
        for dm in report.notices:
            try:
                await interaction.followup.send(say(dm.fallback, lang),
                                                allowed_mentions=mentions((dm.user_id,)))
            except discord.HTTPException as exc:
                log.warning("could not post the closed-DM notice for %s: %s", dm.user_id, exc)
        for row, post in report.unposted:
            try:
                message = await interaction.followup.send(say(post.text, lang), wait=True,
                                                          **post_kwargs(post, lang))
            except discord.HTTPException as exc:
                log.warning("could not post row %s through the interaction either: %s", row.id, exc)
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED, error=str(exc))
                continue
            await remember(self.client, post, row.game_id, message)
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FALLBACK, message_id=message.id)
