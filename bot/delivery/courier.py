"""One message on its way out: where it goes, what it looks like when it is sent, and what
happens when it is refused.

A post of a game goes into the game's thread once that is open (an archived one is woken
first), except the lobby and the line its channel keeps at the end. The lobby card and that
line are read as they are at delivery, and boards and hands are drawn from the view the row
stored, so a late delivery never shows an older picture. The message id that comes back is
remembered (the latest board, the lobby, the replay), and the lobby's thread is opened from it.

Refusals take these ways out:
- a thread that refuses sends its game back to its channel (said there once);
- a channel that refuses: the interaction that asked posts it through its webhook (the report
  carries it there);
- a DM to closed DMs: the asker gets it privately, anyone else a ping in the channel instead;
- outside a server nothing is posted on the bot's own: it goes through the interaction, or by
  DM to the players a post pings.

Words that go with no stored change (a replay, a copy of a hand) take the same ways, only
without the row's bookkeeping, and stay where they were asked for.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..messages import BROWSER_REPLAY_LABEL, OPEN_BOARD_LABEL, DirectMessage, LobbyCard, Link, Place, Post
from ..refusals import ServiceError
from ..service.places import by_dm
from ..vocab import Delivered
from ..store.envelopes import OutboxRow
from .sender import AlreadyOpen, Answer, Gone, Posted, Refused, Rejected, Sender, Undelivered

if TYPE_CHECKING:
    from ..service import GameService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Parcel:
    """A message's address: a stored outbox row, or the place of words stored nowhere."""

    place: Place
    game_id: int | None
    row: OutboxRow | None = None

    @classmethod
    def of(cls, row: OutboxRow) -> Parcel:
        return cls(Place(guild_id=row.guild_id, channel_id=row.channel_id), row.game_id, row)

    @property
    def nonce(self) -> str | None:
        return self.row.nonce if self.row is not None else None


@dataclass
class Report:
    """What the answer to an interaction must carry or follow with."""

    actor_dms: list[DirectMessage] = field(default_factory=list)  # the asker's closed DMs
    unposted: list[tuple[Parcel, Post]] = field(default_factory=list)  # the channel refused
    #: Closed-DM notices for a place the bot cannot post in (a group DM).
    notices: list[DirectMessage] = field(default_factory=list)


def here(answer: Answer | None, parcel: Parcel) -> bool:
    """Whether the interaction being answered was asked in the parcel's channel."""
    return answer is not None and answer.channel_id == parcel.place.channel_id


class Courier:
    """Sends one message through the sender, with its fallbacks."""

    def __init__(self, service: GameService, sender: Sender) -> None:
        self.service = service
        self.sender = sender

    async def done(self, parcel: Parcel, outcome: Delivered, *, error: str | None = None,
                   message_id: int | None = None) -> None:
        if parcel.row is not None:
            await self.service.store.outbox.done(parcel.row, now=self.service.clock(), outcome=outcome,
                                                 error=error, message_id=message_id)

    # ----- posts --------------------------------------------------------------------------------

    async def post(self, parcel: Parcel, post: Post, answer: Answer | None, lang: str,
                   report: Report) -> None:
        service = self.service
        game_id = parcel.game_id
        if post.lobby is not None:  # the lobby as it is now, with its buttons
            card = await service.lobby.lobby_card(game_id) if game_id is not None else None
            if card is None:
                raise ServiceError("the lobby's game is gone")
            post = dataclasses.replace(post, text=card.text, lobby=card)
        if post.in_channel and not post.text:  # the line a game that ended in its thread leaves
            summary = await service.threads.thread_summary(game_id) if game_id is not None else None
            if summary is None:
                await self.done(parcel, Delivered.FALLBACK, error="the game had no thread: nothing to add")
                return
            post = dataclasses.replace(post, text=summary)
        if post.web_of is not None and service.web.enabled:  # the game's page, a click away
            url = await service.web.post_link(post.web_of, parcel.place)
            label = BROWSER_REPLAY_LABEL if post.replay_of is not None else OPEN_BOARD_LABEL
            post = dataclasses.replace(post, links=(Link(label, url),) if url else ())
        if post.art is not None:  # its words in the post's language, as the text's
            image = await service.drawing.render_art(post.art.read_in(lang))
            post = (dataclasses.replace(post, image=image) if image is not None
                    else dataclasses.replace(post, text=service.drawing.undrawn(post.text)))
        await self._send_post(parcel, post, answer, lang, report)

    async def _send_post(self, parcel: Parcel, post: Post, answer: Answer | None, lang: str,
                         report: Report) -> None:
        place = parcel.place
        if place.guild_id is None:  # a group DM or a DM: never a channel post (service/places.py)
            if here(answer, parcel):
                report.unposted.append((parcel, post))  # the answer to this interaction carries it
            else:
                await self._post_by_dm(parcel, post, lang)
            return
        where = await self.target(parcel, lang, post)
        try:
            posted = await self.sender.post(Place(place.guild_id, where), post, lang, parcel.nonce)
        except Refused:
            if where != place.channel_id:  # the game's thread refused: it moves to its channel
                await self.refused(parcel, lang)
                return await self._send_post(parcel, post, answer, lang, report)
            log.warning("cannot post in channel %s (missing access)", place.channel_id)
            if here(answer, parcel):
                report.unposted.append((parcel, post))  # through the interaction after its reply
                return
            await self.done(parcel, Delivered.FAILED, error="missing access to the channel")
            return
        await self.remember(post, parcel.game_id, posted)
        if post.lobby is not None:
            await self.open_thread(parcel, posted.message_id, lang)
        await self.done(parcel, Delivered.SENT, message_id=posted.message_id)

    async def _post_by_dm(self, parcel: Parcel, post: Post, lang: str) -> None:
        """A post of a group DM with no interaction to answer through (a reminder, a deadline,
        a bot's move): it goes by DM to the players it pings, the ones it is for."""
        sent: int | None = None
        for user_id in dict.fromkeys(post.mention):
            try:
                sent = await self.sender.dm(user_id, by_dm(post.text, parcel.place.channel_id),
                                            post.image, lang, parcel.nonce)
            except Refused:
                log.info("DMs of user %s are closed (a post of group DM %s)", user_id,
                         parcel.place.channel_id)
        if sent is None:
            log.info("a post of group DM %s (game %s): no command to answer and nobody to DM",
                     parcel.place.channel_id, parcel.game_id)
            await self.done(parcel, Delivered.FAILED,
                            error="outside a server with no interaction: nobody reached by DM")
            return
        await self.done(parcel, Delivered.FALLBACK, message_id=sent)

    async def remember(self, post: Post, game_id: int | None, posted: Posted) -> None:
        """Where the lobby, the latest board and a replay are now (for links and edits)."""
        if game_id is None:
            return
        narrator = self.service.narrator
        if post.lobby is not None:
            await narrator.remember_message(game_id, "lobby", posted.message_id)
        if post.is_board:
            await narrator.remember_message(game_id, "board", posted.message_id)
        if post.is_replay:
            await narrator.remember_message(game_id, "replay", posted.message_id, posted.channel_id)
        if post.review_of is not None:
            await self.service.store.reviews.posted(post.review_of, posted.message_id,
                                                    posted.channel_id)

    async def answered(self, report: Report, results: list[Posted | Undelivered]) -> None:
        """After the interaction's webhook had a go at the report's notices and at the posts
        the channel refused (``results``, in that order)."""
        for dm, result in zip(report.notices, results):
            if isinstance(result, Undelivered):
                log.warning("could not post the closed-DM notice for %s: %s", dm.user_id, result)
        for (parcel, post), result in zip(report.unposted, results[len(report.notices):]):
            if isinstance(result, Undelivered):
                log.warning("could not post in channel %s through the interaction either: %s",
                            parcel.place.channel_id, result)
                await self.done(parcel, Delivered.FAILED, error=str(result))
                continue
            await self.remember(post, parcel.game_id, result)
            await self.done(parcel, Delivered.FALLBACK, message_id=result.message_id)

    # ----- a game's thread ----------------------------------------------------------------------

    async def target(self, parcel: Parcel, lang: str, post: Post | None = None) -> int:
        """The channel or thread a message goes to (a thread that is gone or closed to the bot
        sends the game back to its channel). Words stored nowhere stay where they were asked."""
        channel = parcel.place.channel_id
        if post is not None and post.review_of is not None:
            return await self._review_target(channel, post.review_of)
        if parcel.row is None or parcel.game_id is None or (
                post is not None and (post.lobby is not None or post.in_channel)):
            return channel
        game = await self.service.store.games.get(parcel.game_id)
        if game is None or not game.thread_id or game.thread_id == channel:
            return channel
        try:
            await self.sender.wake_thread(game.thread_id)
        except Gone as exc:
            log.warning("thread %s of game %s is gone (%s)", game.thread_id, game.id, exc)
            return await self.thread_gone(parcel, game.thread_id, lang)
        except Refused as exc:
            log.warning("thread %s of game %s can't be used (%s)", game.thread_id, game.id, exc)
            await self.refused(parcel, lang)
            return channel
        return game.thread_id

    async def _review_target(self, channel: int, game_id: int) -> int:
        """A review goes to its game's thread when the game had one (and it can be used),
        wherever it was asked for; else where it was asked."""
        game = await self.service.store.games.get(game_id)
        if game is None or not game.thread_id or game.thread_id == channel:
            return channel
        try:
            await self.sender.wake_thread(game.thread_id)
        except (Gone, Refused) as exc:
            log.info("the review of game %s stays in channel %s (thread: %s)", game_id, channel, exc)
            return channel
        return game.thread_id

    async def thread_gone(self, parcel: Parcel, old: int, lang: str) -> int:
        """The game's thread was deleted: the game plays in its channel when that place is
        free, else it goes on in a new thread (opened from a line in the channel), so no
        running game is lost to a deleted thread. Where the message goes now."""
        assert parcel.game_id is not None
        channel = parcel.place.channel_id
        told = await self.service.threads.thread_gone(parcel.game_id)
        if told is None:
            return channel
        words, name = told
        if name is None:
            await self.say_or_log(parcel, words, lang)
            return channel
        try:
            line = await self.sender.post(parcel.place, Post(text=words, in_channel=True), lang,
                                          f"t{parcel.game_id}-{old}"[:25])
            try:
                thread_id = await self.sender.open_thread(parcel.place, line.message_id, name)
            except AlreadyOpen:  # opened from that line before a crash: it has the line's id
                thread_id = line.message_id
        except (Refused, Rejected) as exc:
            log.warning("could not open a new thread for game %s in channel %s: %s",
                        parcel.game_id, channel, exc)
            await self.refused(parcel, lang)
            return channel
        await self.service.threads.thread_opened(parcel.game_id, thread_id)
        return thread_id

    async def open_thread(self, parcel: Parcel, message_id: int, lang: str) -> None:
        """Open the game's thread from its lobby message, if it wants one. Refused (no Create
        Public Threads, say): the game plays in the channel, which is told so in one sentence.
        A transient failure is raised: the row is retried (its message comes back by its nonce)."""
        game_id = parcel.game_id
        name = await self.service.threads.thread_wanted(game_id) if game_id is not None else None
        if name is None or game_id is None:
            return
        try:
            thread_id = await self.sender.open_thread(parcel.place, message_id, name)
        except AlreadyOpen:  # opened before a crash: it has the message's id
            thread_id = message_id
        except (Refused, Rejected) as exc:
            log.warning("could not open a thread for game %s in channel %s: %s", game_id,
                        parcel.place.channel_id, exc)
            await self.refused(parcel, lang)
            return
        await self.service.threads.thread_opened(game_id, thread_id)

    async def refused(self, parcel: Parcel, lang: str) -> None:
        """The game plays in its channel from now on; the channel hears why, once."""
        assert parcel.game_id is not None
        notice = await self.service.threads.thread_refused(parcel.game_id)
        if notice is not None:
            await self.say_or_log(parcel, notice, lang)

    async def say_or_log(self, parcel: Parcel, notice: Any, lang: str) -> None:
        """Tell the channel where its game plays now; a channel closed to the bot is logged."""
        try:
            await self.sender.say(parcel.place, notice, lang)
        except Undelivered as exc:
            log.warning("could not say in channel %s where game %s plays now: %s",
                        parcel.place.channel_id, parcel.game_id, exc)

    # ----- DMs ----------------------------------------------------------------------------------

    async def dm(self, parcel: Parcel, dm: DirectMessage, answer: Answer | None, lang: str,
                 asker_lang: str, report: Report) -> None:
        asker = answer is not None and dm.user_id == answer.user_id
        speak = asker_lang if asker else lang
        if dm.art is not None:
            # a picture drawn for its reader (their own hand) keeps the whole DM in their
            # language, a resend after a restart too; else it speaks the DM's language
            speak = dm.art.lang or speak
            dm = dataclasses.replace(dm, image=await self.service.drawing.render_art(
                dm.art.read_in(speak)))
        if dm.board is not None:  # a turn notice: link the board that was just posted
            dm = await self.service.notices.linked(dm)
        if dm.replace and parcel.row is not None and parcel.game_id is not None:
            last = await self.service.store.outbox.last_dm(parcel.game_id, dm.user_id,
                                                           before=parcel.row.id)
            if last is not None and last[0] == Delivered.FALLBACK:
                # Their DMs were closed a moment ago: the channel has been told once.
                if asker:
                    report.actor_dms.append(dm)
                await self.done(parcel, Delivered.FALLBACK, error="DMs closed")
                return
            if last is not None and last[1] is not None and await self._edit_dm(dm, last[1], speak):
                await self.done(parcel, Delivered.SENT, message_id=last[1])
                return
        try:
            sent = await self.sender.dm(dm.user_id, dm.text, dm.image, speak, parcel.nonce, dm.silent)
        except Undelivered as exc:
            if parcel.row is not None and not isinstance(exc, Refused):
                raise  # a stored row is tried again (or given up) by the pipeline
            # Refused (closed DMs), or words stored nowhere that can't be tried again.
            log.info("DM to user %s not delivered: %s", dm.user_id, exc)
            if asker:
                report.actor_dms.append(dm)  # they are right here: the answer carries it privately
            elif dm.fallback and parcel.place.guild_id is None:  # no channel post: the interaction
                if here(answer, parcel):
                    report.notices.append(dm)
            elif dm.fallback:
                where = await self.target(parcel, lang)
                try:
                    await self.sender.say(Place(parcel.place.guild_id, where), dm.fallback, lang,
                                          (dm.user_id,))
                except Undelivered:
                    log.warning("could not post the closed-DM notice for %s", dm.user_id)
            await self.done(parcel, Delivered.FALLBACK, error="DMs closed")
            return
        await self.done(parcel, Delivered.SENT, message_id=sent)

    async def _edit_dm(self, dm: DirectMessage, message_id: int, lang: str) -> bool:
        """Show ``dm`` in the DM ``message_id``; False when that message is gone or can't be
        edited (a new DM is sent instead)."""
        try:
            await self.sender.edit_dm(dm.user_id, message_id, dm.text, dm.image, lang)
        except Refused as exc:
            log.info("could not edit DM %s of user %s (%s); sending a new one", message_id,
                     dm.user_id, exc)
            return False
        return True

    # ----- the lobby ----------------------------------------------------------------------------

    async def lobby(self, parcel: Parcel, answer: Answer | None, lang: str, report: Report) -> None:
        game_id = parcel.game_id
        card = await self.service.lobby.lobby_card(game_id) if game_id is not None else None
        if parcel.place.guild_id is None and card is not None:
            # Outside a server only the interaction's own messages can be edited: an open
            # lobby is shown anew (its buttons work), a closed one is left as it was.
            if card.open and here(answer, parcel):
                report.unposted.append((parcel, Post(text=card.text, lobby=card)))
                return
            await self.done(parcel, Delivered.FAILED,
                            error="outside a server a lobby is only shown in answers")
            return
        if card is None or card.message_id is None:
            # The lobby message was never posted (or its game is gone): nothing to edit.
            await self.done(parcel, Delivered.FAILED, error="no lobby message to edit")
            return
        await self.edit_lobby(parcel, card, lang)

    async def edit_lobby(self, parcel: Parcel, card: LobbyCard, lang: str) -> None:
        try:
            await self.sender.edit_lobby(parcel.place, card, lang)
        except (Refused, Rejected) as exc:
            # The lobby message may have been deleted; the lobby itself lives on in the database.
            log.info("could not edit lobby message %s: %s", card.message_id, exc)
            await self.done(parcel, Delivered.FAILED, error="the lobby message could not be edited")
            return
        await self.done(parcel, Delivered.SENT, message_id=card.message_id)
