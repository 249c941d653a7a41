"""How the delivery pipeline reaches the outside: a :class:`Sender` for the places a message
goes to, an :class:`Answer` for the interaction that asked.

The discord.py adapter implements both (:mod:`bot.adapter.discord_sender`), and so does the
:class:`~bot.delivery.recorder.Recorder` that the console, the benchmark and the tests deliver
to. A sender only sends: it decides nothing. What a refusal means (try the channel, answer
privately, mark the row failed) is the pipeline's business, so a sender says how it failed
with one of the exceptions below and nothing else.

Texts are handed over as the service wrote them (a translatable ``Text`` or a string) with the
language to speak; the sender translates and cuts them to its limits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..messages import Attachment, LobbyCard, LookButton, MoveButton, Place, Post


class Undelivered(Exception):
    """A message did not arrive; the subclass says whether trying again can help."""


class Refused(Undelivered):
    """No entry: missing access to the channel, closed DMs, a message or thread that is gone
    (Discord's 403 and 404). The pipeline takes the fallback."""


class Gone(Refused):
    """The channel, thread or message is no longer there (Discord's 404): a deleted thread,
    not one closed to the bot."""


class Rejected(Undelivered):
    """Refused for good for another reason (a 4xx other than 429): no fallback helps."""


class AlreadyOpen(Rejected):
    """A thread was opened from this message before (a crash came between): it has the
    message's id."""


class Transient(Undelivered):
    """Try again later: a server error, a rate limit that outlasted the library's own retries,
    a network failure."""


@dataclass(frozen=True)
class Posted:
    """A message that arrived: its id and, where the sender knows it, its channel."""

    message_id: int
    channel_id: int | None = None


@dataclass
class Reply:
    """Everything the asker is answered with, in this order: the private reply (with its file
    and the buttons of the next step), copies of DMs that could not reach them, then what the
    channel must see through the interaction (closed-DM notices, posts the channel refused)."""

    text: Any
    lang: str  # the asker's
    file: Attachment | None = None
    buttons: tuple[MoveButton | LookButton, ...] = ()
    private: list[tuple[Any, Attachment | None]] = field(default_factory=list)
    public: list[Post] = field(default_factory=list)
    public_lang: str = "en"  # the channel's


class Sender(Protocol):
    """The places a message goes to. Each call sends one message or raises an
    :class:`Undelivered`; ``nonce`` (when given) makes a resend return the message already made."""

    async def post(self, place: Place, post: Post, lang: str, nonce: str | None) -> Posted:
        """A channel message with its image and buttons; only ``post.mention`` is pinged."""
        ...

    async def say(self, place: Place, text: Any, lang: str, mention: tuple[int, ...] = ()) -> None:
        """A plain line in a channel (a notice), pinging only ``mention``."""
        ...

    async def edit_lobby(self, place: Place, card: LobbyCard, lang: str) -> None:
        """Show ``card`` in its posted lobby message (``card.message_id``)."""
        ...

    async def dm(self, user_id: int, text: Any, image: Attachment | None, lang: str,
                 nonce: str | None, silent: bool = False) -> int:
        """A direct message (``silent``: without a notification); its id."""
        ...

    async def edit_dm(self, user_id: int, message_id: int, text: Any, image: Attachment | None,
                      lang: str) -> None:
        """Show ``text`` and ``image`` in an earlier DM instead of sending another."""
        ...

    async def open_thread(self, place: Place, message_id: int, name: str) -> int:
        """Open a public thread from a posted message; the thread's id."""
        ...

    async def wake_thread(self, thread_id: int) -> None:
        """Make sure a thread takes posts (unarchive it if it was archived)."""
        ...


class Answer(Protocol):
    """The interaction a delivery answers: who asked, where, in which language, and the one
    call that answers them."""

    channel_id: int
    user_id: int
    lang: str  # the asker's language
    #: The locale the interaction reported for its place (the server's, or outside a server
    #: the asker's): remembered as the channel's language when it has none set.
    seen: str | None

    async def answer(self, reply: Reply) -> list[Posted | Undelivered]:
        """Send the reply and what follows it; for each of ``reply.public``, its message or
        why it did not arrive. A failure of the private reply itself is raised."""
        ...
