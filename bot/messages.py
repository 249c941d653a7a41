"""What the service hands back: words, images and who to ping, with no ``discord`` in sight.

The adapter (or the console) turns an :class:`Outcome` into Discord calls; the service
never talks to Discord itself, so it can be tested and driven offline.
"""

from __future__ import annotations

import dataclasses

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.text import translator

_ = translator("bot")

@dataclass(frozen=True)
class Actor:
    """Who asked: a Discord user, the rights they have in this channel, and the language of
    their Discord client (what only they see, such as a picture of their hand, speaks it)."""

    user_id: int
    name: str
    manage_channels: bool = False
    role_ids: frozenset[int] = frozenset()
    lang: str = "en"


@dataclass(frozen=True)
class Place:
    """Where it was asked: a channel (in a server, or ``guild_id`` None for the console)."""

    guild_id: int | None
    channel_id: int


@dataclass(frozen=True)
class Attachment:
    """A file to upload: a board image (``description`` is its alt text) or an export."""

    filename: str
    data: bytes
    description: str


@dataclass(frozen=True)
class Art:
    """An image still to be drawn: the view (public for boards, a seat's own for a hand) and
    the names on it. Posts carry this rather than pixels, so the outbox stores no PNG and the
    picture is drawn when the message is delivered."""

    kind: str  # board | hand
    game: str  # the game id (which renderer draws it)
    view: Mapping[str, Any]
    names: dict[str, str]
    filename: str
    focus: str | None = None  # the player whose area a focused board shows (Aqua)
    clock: int | None = None  # the game whose chess clocks go above the board (when drawn)
    #: Those clocks, filled in just before drawing: (name, seconds left, running, ran out).
    faces: tuple[tuple[str, float, bool, bool], ...] = ()
    #: The language of the picture's words: its reader's, where the service knows them (the
    #: asker's own hand); None: the language of the message it goes with, chosen when that is
    #: sent. Kept with the outbox row, so that a resend draws the same words.
    lang: str | None = None

    def read_in(self, lang: str) -> Art:
        """This picture in ``lang``, unless it has its reader's language already."""
        return self if self.lang else dataclasses.replace(self, lang=lang)


#: The lobby's buttons by action (the console names them as Discord shows them).
LOBBY_LABELS = {"join": _("Join"), "leave": _("Leave"), "start": _("Start"), "addbot": _("Add a bot")}
#: The button under a teaching game's turn prompt (``/game hint``).
HINT_LABEL = _("Hint")
#: The button under a game's result (``/game review``).
REVIEW_LABEL = _("Review")
#: The web view's link buttons: under a board post, under a result; and the button that gives
#: a player the link to their own view, privately.
OPEN_BOARD_LABEL = _("Open board")
BROWSER_REPLAY_LABEL = _("Replay in browser")
MY_VIEW_LABEL = _("My view")


@dataclass(frozen=True)
class LobbyCard:
    """The lobby message with its Join/Leave/Start buttons (``open`` False: buttons removed)."""

    game_id: int
    text: str
    open: bool = True
    message_id: int | None = None  # the posted lobby message, once known


@dataclass(frozen=True)
class GameButton:
    """A button that acts on game ``game_id`` (the adapter puts the id in its ``custom_id``)."""

    label: str
    game_id: int


@dataclass(frozen=True)
class MoveButton(GameButton):
    """It plays ``move``, or (``move`` empty) opens the menu at ``path``. ``version`` None:
    valid at any time; ``seat`` (1-based) is the seat it acts for."""

    version: int | None
    move: str
    seat: int = 0
    path: str = ""


@dataclass(frozen=True)
class AskButton(GameButton):
    """Under a question to every player: pressing it agrees to ``action`` (``pause`` or
    ``resume``). Valid as long as the question is open."""

    action: str


@dataclass(frozen=True)
class WaitButton(GameButton):
    """Under the notice that ``player``'s clock ran out: the others choose to wait for them."""

    player: str


@dataclass(frozen=True)
class LookButton(GameButton):
    """Under a ``/turns`` list: shows that game to whoever presses it, from their own seat."""


@dataclass(frozen=True)
class Post:
    """A message in the game's channel; only the users in ``mention`` get pinged."""

    text: str
    image: Attachment | None = None
    mention: tuple[int, ...] = ()
    lobby: LobbyCard | None = None
    is_board: bool = False  # remember it as the game's latest board message
    buttons: tuple[MoveButton, ...] = ()
    replay_of: int | None = None  # offer a Replay button for this finished game
    hint_of: int | None = None  # a teaching game's turn: offer a Hint button for this game
    review_of: int | None = None  # this game's review: remember where it was posted
    is_replay: bool = False  # remember it as the game's posted replay
    art: Art | None = None  # the board to draw at delivery (``image`` is for ready-made files)
    #: Turn notices by DM to people this post tells it is their turn (``/game notify``),
    #: sent after it.
    notify: tuple[DirectMessage, ...] = ()
    asks: tuple[AskButton, ...] = ()  # buttons that agree to a question to the players
    wait: WaitButton | None = None  # a ran-out clock: the others may wait instead
    #: Stays in the game's channel though the game plays in a thread (the line at its end).
    in_channel: bool = False
    #: The game whose web page a link button opens (a board post of a game that allows it);
    #: the link itself is made when the post is sent, and only while the web view is on.
    web_of: int | None = None
    #: Offer the My view button beside it: the game has hands (a seat's own page shows more).
    my_view: bool = False
    links: tuple[Link, ...] = ()  # link buttons, filled in when it is sent


@dataclass(frozen=True)
class Link:
    """A button that opens a web address (the game's page)."""

    label: Any
    url: str


@dataclass(frozen=True)
class DirectMessage:
    """Private text (and image) for one user; ``fallback`` goes to the channel if DMs are closed."""

    user_id: int
    text: str
    image: Attachment | None = None
    fallback: str = ""
    art: Art | None = None  # the hand to draw at delivery
    #: Edit this user's last DM about the game instead of sending another: their own action
    #: changed their hand (they are looking), so it is kept current without a new message.
    replace: bool = False
    #: The game whose latest board the text's ``{link}`` points to, looked up when it is sent
    #: (a turn notice is written before the board it links to is posted).
    board: int | None = None
    #: Sent without a notification (Discord's ``@silent``): its person is in quiet hours.
    silent: bool = False


@dataclass
class Outcome:
    """The answer to one request."""

    reply: str  # ephemeral, to the user who asked
    reply_file: Attachment | None = None
    #: Under the ephemeral reply: the next step (moves), or the games of a list (looks).
    reply_buttons: tuple[MoveButton | LookButton, ...] = ()
    #: Further private messages after the reply, in order (a hand after its board).
    reply_more: tuple[tuple[Any, Attachment | None], ...] = ()
    posts: list[Post] = field(default_factory=list)
    dms: list[DirectMessage] = field(default_factory=list)
    lobby_edit: LobbyCard | None = None  # edit the stored lobby message in place
    game_id: int | None = None
    #: Keys of the outbox rows written with this change. When set, the posts, DMs and lobby
    #: edit above are stored already, and the delivery pipeline sends those rows, never the
    #: fields (which only say what the rows say, for a part that passes them on and for the
    #: tests). Without keys, the posts and DMs are words stored nowhere (a replay, a copy of
    #: a hand), which the pipeline sends as they are.
    outbox: tuple[str, ...] = ()
