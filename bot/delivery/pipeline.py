"""The one way out: every post, DM and lobby edit the service stored with its write, sent by
whichever front end runs (Discord, the console, a test) through its :class:`Sender`.

Rows are sent in the order they were written, per channel. Each message carries the row's key
as its nonce, so a resend after a crash in the middle of a request returns the message already
made instead of posting twice. Transient failures are retried with backoff; a row that cannot
go through is marked failed. Rows are marked done, never deleted, and a row that pings the next
player starts their turn clocks when it is delivered (the store does that in ``done``).

An interaction's rows go out at once (:meth:`Pipeline.deliver`), followed by its answer. The
loop sends whatever is left: rows of a process that died, and retries. A claim names its
process (``host:pid:token``); at start-up the claims of a dead process on this host are
released at once, those of other hosts run out with their lease.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from games import GameError
from games.text import translator

from ..messages import Outcome, Place, Post
from ..refusals import ServiceError
from ..timekeeping.durations import format_duration
from ..vocab import Delivered, OutboxKind
from .courier import Courier, Parcel, Report, here
from ..store.envelopes import OutboxRow
from .sender import Answer, Reply, Sender, Transient, Undelivered

if TYPE_CHECKING:
    from ..service import GameService

log = logging.getLogger(__name__)

_ = translator("bot")

LEASE = 120.0  # seconds a deliverer holds a row it claimed
FRESH = LEASE / 4  # a claim younger than this is surely still ours: no need to renew it
SWEEP = 5.0  # seconds between looks for rows nobody delivered
GRACE = 10.0  # a fresh row is its writer's to deliver for this long (the interaction's, say)
GIVE_UP_AFTER = 40  # transient failures of one row (backoff capped at 10 min: a few hours)
GIVE_UP_ON_BUGS = 5  # unexpected errors of one row (a bug is unlikely to heal by itself)
RETENTION = 7 * 86400.0  # seconds a delivered row is kept (for a DM's edit, a refusal's memory)
PRUNE_EVERY = 600.0  # seconds between prunings of the delivered rows
PRUNE_BATCH = 500  # rows deleted per transaction
PRUNE_BATCHES = 20  # batches per pruning at most: the rest waits for the next one

DONE = _("Done.")
DMS_CLOSED = _("I couldn't send you a DM: your direct messages from this server are closed "
               "(Privacy Settings → Direct Messages). Here it is, only for you:")


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


async def _no_wait() -> None:
    return None


class Pipeline:
    """Claims outbox rows, sends them in order through the sender, and answers the asker."""

    def __init__(self, service: GameService, sender: Sender, *,
                 retention: float | None = RETENTION) -> None:
        self.service = service
        self.courier = Courier(service, sender)
        self.retention = retention
        self._pruned_at = float("-inf")
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def store(self):  # noqa: ANN201 - the service's store (it may be swapped in tests)
        return self.service.store

    def clock(self) -> float:
        return self.service.clock()

    # ----- an interaction's outcome ---------------------------------------------------------------

    async def deliver(self, outcome: Outcome, place: Place, answer: Answer | None = None) -> None:
        """Send one outcome: its rows (or the words it stores nowhere), then the answer.

        Channel messages speak the channel's language, the answer the asker's. The answer
        goes last so it can carry what failed on the way (a DM to a user whose DMs are
        closed, a post the channel refused)."""
        lang = await self.service.settings.channel_language(
            place.guild_id, answer.seen if answer is not None else None, channel_id=place.channel_id)
        mine = answer.lang if answer is not None else lang
        if outcome.outbox:  # stored with the change (the loop retries what fails)
            now = self.clock()
            rows = await self.store.outbox.claim(owner=self.owner, now=now, lease=LEASE,
                                                 keys=outcome.outbox)
            if len(rows) < len(outcome.outbox):  # some wait behind an earlier message of their channel
                self.kick()
            report = await self.deliver_rows(rows, answer, lang, mine, claimed=now)
        else:
            report = await self._unstored(outcome, place, answer, lang, mine)
        if answer is None:  # nothing to answer: nothing was left for an answer to carry
            return
        reply = Reply(text=outcome.reply or DONE, lang=mine, file=outcome.reply_file,
                      buttons=outcome.reply_buttons, public_lang=lang,
                      private=[*outcome.reply_more,
                               *((_("{why}\n{text}", why=DMS_CLOSED, text=dm.text), dm.image)
                                 for dm in report.actor_dms)],
                      public=[*(Post(text=dm.fallback, mention=(dm.user_id,)) for dm in report.notices),
                              *(post for _parcel, post in report.unposted)])
        results = await answer.answer(reply)
        await self.courier.answered(report, results)

    async def _unstored(self, outcome: Outcome, place: Place, answer: Answer | None, lang: str,
                        mine: str) -> Report:
        """Words that go with no stored change (a replay, a copy of a hand): the same ways out,
        once, with no row to retry."""
        report = Report()
        parcel = Parcel(place, outcome.game_id)
        for post in outcome.posts:
            try:
                await self.courier.post(parcel, post, answer, lang, report)
            except Undelivered:
                log.exception("a post in channel %s failed", place.channel_id)
                if here(answer, parcel):
                    report.unposted.append((parcel, post))
        for dm in outcome.dms:  # a DM stored nowhere takes its fallback on any failure
            await self.courier.dm(parcel, dm, answer, lang, mine, report)
        return report

    # ----- rows -----------------------------------------------------------------------------------

    async def deliver_rows(self, rows: list[OutboxRow], answer: Answer | None = None,
                           lang: str | None = None, asker_lang: str | None = None, *,
                           claimed: float) -> Report:
        """Deliver rows of one channel in order (claimed at ``claimed``); a transient failure
        holds back the rest."""
        report = Report()
        for i, row in enumerate(rows):
            if self.clock() - claimed > FRESH:  # slow going: make sure the row is still ours
                if not await self.store.outbox.renew(row, owner=self.owner, now=self.clock(), lease=LEASE):
                    continue  # our claim ran out and another deliverer took it
            try:
                here = lang or await self.service.settings.channel_language(row.guild_id,
                                                                            channel_id=row.channel_id)
                await self._one(row, answer, here, asker_lang or here, report)
            except (Transient, OSError, TimeoutError) as exc:  # the network, the disk: it may heal
                await self._retry(row, str(exc) or type(exc).__name__, GIVE_UP_AFTER)
            except (Undelivered, ServiceError, GameError, KeyError, TypeError, ValueError) as exc:
                # Refused for good, or a row this code cannot read: it would never go through.
                log.warning("outbox row %s (game %s, %s) cannot be delivered: %s", row.id, row.game_id,
                            row.kind, exc)
                await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED, error=str(exc))
                continue
            except Exception as exc:
                log.exception("delivering outbox row %s (game %s, %s) failed", row.id, row.game_id,
                              row.kind)
                await self._retry(row, repr(exc), GIVE_UP_ON_BUGS)
            else:
                if row.game_id is not None:  # the web view's pages of the game look again
                    self.service.web.delivered(row.game_id)
                continue
            for rest in rows[i + 1:]:  # keep the channel's order: they wait for this one
                await self.store.outbox.retry(rest, now=self.clock(), at=self.clock() + backoff(0),
                                              error="waiting for an earlier message", count=False)
            self.kick()
            break
        return report

    async def _one(self, row: OutboxRow, answer: Answer | None, lang: str, asker_lang: str,
                   report: Report) -> None:
        parcel = Parcel.of(row)
        if row.kind == OutboxKind.POST:
            await self.courier.post(parcel, row.post(), answer, lang, report)
        elif row.kind == OutboxKind.DM:
            await self.courier.dm(parcel, row.dm(), answer, lang, asker_lang, report)
        elif row.kind == OutboxKind.LOBBY:
            await self.courier.lobby(parcel, answer, lang, report)
        else:
            raise ServiceError(f"unknown outbox kind {row.kind!r}")

    async def _retry(self, row: OutboxRow, error: str, limit: int) -> None:
        if row.attempts + 1 >= limit:
            log.error("giving up on outbox row %s (game %s) after %d attempts: %s", row.id, row.game_id,
                      row.attempts + 1, error)
            await self.store.outbox.done(row, now=self.clock(), outcome=Delivered.FAILED, error=error)
            return
        await self.store.outbox.retry(row, now=self.clock(), at=self.clock() + backoff(row.attempts),
                                      error=error)

    # ----- the loop -------------------------------------------------------------------------------

    async def start(self, ready: Callable[[], Awaitable[object]] = _no_wait,
                    closed: Callable[[], bool] = lambda: False) -> None:
        """Release the claims of a dead process here and start the loop; it begins once
        ``ready`` returns (the gateway is up) and ends when ``closed`` says so."""
        released: list[str] = []
        for owner in await self.store.outbox.claimants():
            if dead_here(owner, self.owner):
                released += await self.store.outbox.release(owner)
        pending = len(await self.store.outbox.rows(pending=True))
        if pending:
            log.info("outbox: %d message(s) not yet delivered (%d held by a process that died) "
                     "will be sent now", pending, len(released))
        self._task = asyncio.create_task(self._run(tuple(released), ready, closed), name="outbox")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def kick(self) -> None:
        self._wake.set()

    async def _run(self, orphans: tuple[str, ...], ready: Callable[[], Awaitable[object]],
                   closed: Callable[[], bool]) -> None:
        await ready()
        if orphans:  # their writer died: no reason to wait for its grace
            try:
                await self.sweep(orphans)
            except Exception:
                log.exception("delivering the messages of a process that died failed; the loop "
                              "tries again")
        while not closed():
            try:
                # More may be waiting when a sweep was busy; else look again after a while
                # (a retry's backoff is counted in seconds, a sweep's pause is fine for it).
                wait = 0.05 if await self.sweep() else SWEEP
                if wait == SWEEP and self.retention is not None \
                        and self.clock() - self._pruned_at >= PRUNE_EVERY:
                    await self.prune()  # when there is nothing to send
            except Exception:
                log.exception("the outbox loop failed; trying again shortly")
                wait = SWEEP
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except TimeoutError:
                pass
            self._wake.clear()

    async def prune(self) -> int:
        """Delete the rows delivered longer ago than the retention, a batch at a time; how many."""
        self._pruned_at = self.clock()
        if self.retention is None:
            return 0
        before = self._pruned_at - self.retention
        gone = 0
        for _ in range(PRUNE_BATCHES):
            batch = await self.store.outbox.prune(before=before, limit=PRUNE_BATCH)
            gone += batch
            if batch < PRUNE_BATCH:
                break
            await asyncio.sleep(0)  # let a move in between
        if gone:
            log.info("outbox: deleted %d row(s) delivered more than %s ago", gone,
                     format_duration(self.retention))
        return gone

    async def sweep(self, keys: tuple[str, ...] | None = None, *, grace: float = GRACE) -> int:
        """Deliver every row that is due and held by nobody (or those of ``keys``), leaving
        rows younger than ``grace`` to their writer; returns how many were tried."""
        now = self.clock()
        rows = await self.store.outbox.claim(owner=self.owner, now=now, lease=LEASE, keys=keys,
                                             older_than=now - grace)
        channels: dict[int, list[OutboxRow]] = {}
        for row in rows:
            channels.setdefault(row.channel_id, []).append(row)
        reports = await asyncio.gather(*(self.deliver_rows(rs, claimed=now) for rs in channels.values()))
        for report in reports:  # no interaction to answer through: the last fallback fails
            for parcel, _post in report.unposted:
                log.warning("could not post in channel %s (game %s): no interaction to answer through",
                            parcel.place.channel_id, parcel.game_id)
                await self.courier.done(parcel, Delivered.FAILED, error="the channel refused the message")
        return len(rows)
