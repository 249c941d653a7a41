"""A :class:`~bot.delivery.sender.Sender` that keeps what it is given, in order: the console
prints it, the benchmark and the tests read it. It refuses nothing, and it makes up message
and thread ids the way Discord does (growing with time; a thread has its message's id)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any

from ..messages import Attachment, DirectMessage, LobbyCard, LookButton, MoveButton, Place, Post
from .sender import Posted, Reply, Undelivered

#: Discord's ids count milliseconds from 2015; made-up ones look the same and never repeat.
EPOCH_MS = 1_420_070_400_000


@dataclass(frozen=True)
class Sent:
    """One message as a recorder was given it.

    ``kind`` is ``post``, ``say`` (a plain line), ``lobby`` (an edit), ``dm``, ``dm-edit``,
    ``thread`` (opened, ``text`` its name), or an answer: ``reply``, ``private``, ``public``."""

    kind: str
    text: Any
    lang: str
    place: Place | None = None
    post: Post | None = None
    image: Attachment | None = None
    user_id: int | None = None
    message_id: int | None = None
    nonce: str | None = None
    card: LobbyCard | None = None
    buttons: tuple[MoveButton | LookButton, ...] = ()
    silent: bool = False  # a DM sent without a notification (quiet hours)


class Recorder:
    """The sender of a front end without Discord."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self._ids = itertools.count()

    def new_id(self) -> int:
        return (int(time.time() * 1000) - EPOCH_MS) << 22 | (next(self._ids) & 0x3FFFFF)

    def answer(self, channel_id: int, user_id: int, lang: str = "en",
               seen: str | None = None) -> RecordedAnswer:
        """The answer to one request, recorded here too."""
        return RecordedAnswer(self, channel_id, user_id, lang, seen)

    def take(self) -> list[Sent]:
        """What was sent since the last take (so a long session keeps nothing it showed)."""
        sent, self.sent = self.sent, []
        return sent

    # ----- what a reader looks for --------------------------------------------------------------

    @property
    def posts(self) -> list[Post]:
        """The channel posts, as sent (images drawn, lobbies as they are now)."""
        return [s.post for s in self.sent if s.post is not None]

    @property
    def dms(self) -> list[DirectMessage]:
        """The DMs, as sent (an edit of an earlier one has ``replace``)."""
        return [DirectMessage(user_id=s.user_id, text=s.text, image=s.image, replace=s.kind == "dm-edit")
                for s in self.sent if s.kind in ("dm", "dm-edit") and s.user_id is not None]

    # ----- the sender ---------------------------------------------------------------------------

    async def post(self, place: Place, post: Post, lang: str, nonce: str | None) -> Posted:
        posted = Posted(self.new_id(), place.channel_id)
        self.sent.append(Sent("post", post.text, lang, place=place, post=post, image=post.image,
                              message_id=posted.message_id, nonce=nonce))
        return posted

    async def say(self, place: Place, text: Any, lang: str, mention: tuple[int, ...] = ()) -> None:
        self.sent.append(Sent("say", text, lang, place=place))

    async def edit_lobby(self, place: Place, card: LobbyCard, lang: str) -> None:
        self.sent.append(Sent("lobby", card.text, lang, place=place, card=card,
                              message_id=card.message_id))

    async def dm(self, user_id: int, text: Any, image: Attachment | None, lang: str,
                 nonce: str | None, silent: bool = False) -> int:
        message_id = self.new_id()
        self.sent.append(Sent("dm", text, lang, image=image, user_id=user_id, message_id=message_id,
                              nonce=nonce, silent=silent))
        return message_id

    async def edit_dm(self, user_id: int, message_id: int, text: Any, image: Attachment | None,
                      lang: str) -> None:
        self.sent.append(Sent("dm-edit", text, lang, image=image, user_id=user_id,
                              message_id=message_id))

    async def open_thread(self, place: Place, message_id: int, name: str) -> int:
        self.sent.append(Sent("thread", name, "en", place=place, message_id=message_id))
        return message_id

    async def wake_thread(self, thread_id: int) -> None:
        return None


class RecordedAnswer:
    """An :class:`~bot.delivery.sender.Answer` that records into its recorder."""

    def __init__(self, recorder: Recorder, channel_id: int, user_id: int, lang: str,
                 seen: str | None) -> None:
        self.recorder = recorder
        self.channel_id = channel_id
        self.user_id = user_id
        self.lang = lang
        self.seen = seen

    async def answer(self, reply: Reply) -> list[Posted | Undelivered]:
        sent = self.recorder.sent
        sent.append(Sent("reply", reply.text, reply.lang, image=reply.file, user_id=self.user_id,
                         buttons=reply.buttons))
        sent += [Sent("private", text, reply.lang, image=image, user_id=self.user_id)
                 for text, image in reply.private]
        results: list[Posted | Undelivered] = []
        for post in reply.public:
            posted = Posted(self.recorder.new_id(), self.channel_id)
            results.append(posted)
            sent.append(Sent("public", post.text, reply.public_lang, post=post, image=post.image,
                             place=Place(None, self.channel_id), message_id=posted.message_id))
        return results
