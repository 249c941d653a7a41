"""The web view's side of the service: what a game's page shows, read once per request, and
the links that open it (:mod:`bot.web` serves them; this part knows nothing of HTTP).

A page shows a game as a bystander sees it in the channel: the public board the bot posted
(drawn once, for the post and the page alike), whose turn it is, the clocks and deadlines, the
log in words, and a scrubber over every finished turn. A seat's own page adds that seat's
view (the Kahuna hand); its link is given only to that player, privately.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import renderers
from games import Game

from ..messages import Actor, Art, Attachment, Outcome, Place
from ..refusals import NotAllowed
from ..replay import RESIGNING, turn_views
from ..store import GameRow, MoveRow, SeatRow
from ..timekeeping.chess_clock import clock_of
from ..vocab import Status
from .web_tokens import Grant, public_token, read_token, seat_token
from .core import Narrator
from .drawing import Drawing, art_key
from .faces import clock_faces
from .ground import web_allowed
from .history import log_entries
from .looking import Looking
from .names import _, seat_names
from .part import Part
from .settings import Settings
from .sight import Sight, Sights

log = logging.getLogger(__name__)

#: The meta key of the links' secret, made on first use unless WEB_SECRET gives one.
SECRET_KEY = "web_secret"
#: Rebuilt scrubber positions kept per process (a game's list of public views per log length).
POSITIONS_KEPT = 16
#: Pictures a page named lately: which game (and seat) each belongs to, so a picture is served
#: only with a link to its game.
NAMED_KEPT = 256


def _ends_turn(m: MoveRow) -> bool:
    """Whether the scrubber has a position after this log entry (as ``turn_views`` does)."""
    return m.ends_turn or m.kind in RESIGNING


@dataclass(frozen=True)
class _Seen:
    """A game as one link's holder may see it, with the names as typed."""

    grant: Grant
    row: GameRow
    game: Game
    seats: list[SeatRow]
    sight: Sight
    names: dict[str, str]


@dataclass(frozen=True)
class Turning:
    """A review's turning point as the scrubber marks it: the position after the move."""

    position: int
    number: int
    player: str
    played: str
    better: str


@dataclass(frozen=True)
class GamePage:
    """Everything one page shows, read at once."""

    game_id: int
    title: Any
    version: int  # changes whenever the page would: the stored game's version
    running: bool
    headline: Any  # whose turn, or the result
    names: Mapping[str, str]  # seat -> name as typed (the page escapes it)
    log: tuple[Any, ...]
    picture: str  # the public board's picture key
    described: str  # the board in words (the picture's alt text): scores, whose turn, the pieces
    deadlines: tuple[tuple[str, float], ...]  # (seat, when, as a timestamp)
    clocks: tuple[tuple[str, float, bool], ...]  # (seat, seconds left, running)
    positions: int  # how many positions the scrubber steps through (the start is 0)
    turning: tuple[Turning, ...]
    lang: str  # the channel's language (offered as a choice)
    seat: str | None = None  # a seat's own page
    private: Any = None  # that seat's words (its hand)
    private_picture: str | None = None


@dataclass(eq=False, repr=False, kw_only=True)
class WebPages(Part):
    """The pages and links of the web view."""

    drawing: Drawing
    looking: Looking
    narrator: Narrator
    sights: Sights
    settings: Settings
    #: The public base URL (``WEB_URL``); None: the web view is off and no link is given.
    base_url: str | None = None
    #: ``WEB_SECRET`` as given; None: one is made and kept in the database.
    given_secret: str | None = None
    #: Called with a game's id whenever something of it was delivered (the web server's live
    #: updates listen here).
    listeners: list[Callable[[int], None]] = field(default_factory=list, init=False)
    _secret: bytes | None = field(default=None, init=False)
    _positions: OrderedDict[tuple[int, int, int], list[Any]] = field(default_factory=OrderedDict,
                                                                    init=False)
    #: picture key -> (its game, the links that may see it: None for the public one, else the
    #: seat, the picture)
    _named: OrderedDict[str, tuple[int, frozenset[str | None], Art]] = field(
        default_factory=OrderedDict, init=False)

    @property
    def enabled(self) -> bool:
        return self.base_url is not None

    async def allowed(self, row: GameRow) -> bool:
        """Whether the game has a web view: not opened with ``web=off``, and its server (or
        group DM) has not turned pages off (``/game config web:false``, at once for every game)."""
        return web_allowed(row) and (await self.ground.settings_for(row)).web

    def delivered(self, game_id: int) -> None:
        """The delivery pipeline sent a row of the game: whoever watches it looks again."""
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # a watcher's failure must not hold up the delivery
                log.exception("a web view listener failed for game %s", game_id)

    async def secret(self) -> bytes:
        if self._secret is None:
            text = self.given_secret or await self.store.meta.keep(SECRET_KEY, secrets.token_hex(32))
            self._secret = text.encode("utf-8")
        return self._secret

    # ----- links ----------------------------------------------------------------------------

    def _url(self, game_id: int, token: str) -> str:
        assert self.base_url is not None
        return f"{self.base_url.rstrip('/')}/{game_id}/{token}"

    async def post_link(self, game_id: int, place: Place) -> str | None:
        """The public page for a post of the game being sent to ``place``: the post says the
        game allows it (``Post.web_of``), so only the bot's and the place's settings count."""
        if not self.enabled or not (await self.ground.settings_for(place)).web:
            return None
        return self._url(game_id, public_token(await self.secret(), game_id))

    async def seat_link(self, game_id: int, user_id: int) -> str:
        """The asker's own page of a running game they play (for them alone: it shows their
        hand). Refused with a reason to say, never a link that would not open."""
        if not self.enabled:
            raise NotAllowed(_("The web view is off on this bot."))
        row = await self.store.games.get(game_id)
        if row is None or row.status != Status.RUNNING:
            raise NotAllowed(_("That game is not running, so there is no view of your own to open."))
        if not web_allowed(row):
            raise NotAllowed(_("This game was opened with web=off: it has no web view."))
        if not await self.allowed(row):
            raise NotAllowed(_("Web pages of games are turned off here (`{cmd:game config} {cmd:web:}`)."))
        mine = [s for s in await self.store.games.seats(game_id, still_in=True) if s.user_id == user_id]
        if not mine:
            raise NotAllowed(_("You're not playing in this game, so it has no view of your own."))
        token = seat_token(await self.secret(), game_id, mine[0].player_id, user_id, self.clock())
        return self._url(game_id, token)

    async def my_view(self, actor: Actor, game_id: int) -> Outcome:
        """The "My view" button: the link to the presser's own view, only for them."""
        link = await self.seat_link(game_id, actor.user_id)
        return Outcome(reply=_("🔒 Your own view of game {n}, only for you: {link}\nIt shows what "
                               "only you can see, so keep it to yourself. It works for 7 days, "
                               "until the game ends or you leave it.", n=game_id, link=f"<{link}>"),
                       game_id=game_id)

    # ----- pages ----------------------------------------------------------------------------

    async def grant(self, game_id: int, token: str) -> tuple[Grant, GameRow] | None:
        """Who the link lets in, and the game: None for a forged, expired or altered link, a
        game that is gone, has no board yet or hides its web view, and a seat link whose game
        ended or whose player left. The server answers all of them with the same 404."""
        found = read_token(await self.secret(), game_id, token, self.clock())
        if found is None:
            return None
        row = await self.store.games.get(game_id)
        if row is None or row.state is None or not await self.allowed(row):
            return None
        if found.seat is not None and (row.status != Status.RUNNING or not any(
                s.player_id == found.seat and s.user_id == found.user_id
                for s in await self.store.games.seats(row.id, still_in=True))):
            return None  # the game ended, or the seat was left (or handed on) since the link
        return found, row

    async def _seen(self, game_id: int, token: str) -> _Seen | None:
        """The game as the link's holder may see it (a bystander, or the seat's player), or None
        (see :meth:`grant`)."""
        granted = await self.grant(game_id, token)
        if granted is None:
            return None
        grant, row = granted
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        sight = await self.sights.sight(game, row, seats, user_id=grant.user_id)
        plain = {p: str(n) for p, n in seat_names(game, sight.state, seats, safe=False).items()}
        return _Seen(grant, row, game, seats, sight, plain)

    async def page(self, game_id: int, token: str) -> GamePage | None:
        """The page a link opens, or None (see :meth:`grant`)."""
        seen = await self._seen(game_id, token)
        if seen is None:
            return None
        grant, row, game, seats, plain = seen.grant, seen.row, seen.game, seen.seats, seen.names
        state, moves = seen.sight.state, seen.sight.moves
        players = [s.player_id for s in seats]
        log = await asyncio.to_thread(log_entries, game, players, row, moves, plain)
        headline = self.looking.status_line(game, row, state, seats, moves, seen.sight.movers)
        art = self.drawing.art(game, row, state, seats, "web")
        # a seat's page may show its own steps of a turn in progress: its board is its own too
        picture = self._name(art, row.id, grant.seat)
        deadlines: list[tuple[str, float]] = []
        clocks: list[tuple[str, float, bool]] = []
        if row.status == Status.RUNNING and game.result(state) is None:
            if clock_of(row.timing) is not None:
                for f in await clock_faces(self.store, row, game, state, seats, self.clock()):
                    clocks.append((f.player, f.left, f.running))
            else:
                deadlines = [(t.player_id, t.due_at) for t in await self.store.timers.of_game(row.id)
                             if t.kind == "deadline"]
        private = private_picture = None
        if grant.seat is not None:
            text, hand = self.narrator.private(game, row, state, seats, [grant.seat])
            private = text
            private_picture = self._name(hand, row.id, grant.seat) if hand is not None else None
        review = await self.store.reviews.get(row.id)
        turning = self._turning(moves, review.data if review is not None else None)
        return GamePage(
            game_id=row.id, title=game.title, version=row.version,
            running=row.status == Status.RUNNING and game.result(state) is None,
            headline=headline, names=plain, log=tuple(log), picture=picture,
            described=renderers.alt_text(art.view, art.names),
            deadlines=tuple(deadlines), clocks=tuple(clocks),
            positions=1 + sum(1 for m in moves if _ends_turn(m)),
            turning=turning, lang=await self._language(row), seat=grant.seat, private=private,
            private_picture=private_picture)

    async def _language(self, row: GameRow) -> str:
        """The language the game's channel is written in (its posts' pictures too)."""
        return await self.settings.channel_language(row.guild_id, channel_id=row.channel_id)

    @staticmethod
    def _turning(moves: Sequence[MoveRow], review: Mapping[str, Any] | None) -> tuple[Turning, ...]:
        """The review's turning points, each at the position after its move (the review
        numbers the standing moves from 1; the scrubber counts finished turns)."""
        if not review:
            return ()
        after: list[int] = []
        position = 0
        for m in moves:
            if _ends_turn(m):
                position += 1
            after.append(position)
        judged = {j["number"]: j for j in review.get("judged", ())}
        out = []
        for number in review.get("turning", ()):
            j = judged.get(number)
            if j is not None and 1 <= number <= len(after):
                out.append(Turning(after[number - 1], number, j["player"], j["played"], j["preferred"]))
        return tuple(out)

    # ----- pictures -------------------------------------------------------------------------

    def _name(self, art: Art, game_id: int, seat: str | None) -> str:
        """A picture's key, remembered as this game's (and seat's)."""
        key = art_key(art)
        known = self._named.get(key)
        seen_by = (known[1] if known is not None and known[0] == game_id else frozenset()) | {seat}
        self._named[key] = (game_id, seen_by, art)
        self._named.move_to_end(key)
        while len(self._named) > NAMED_KEPT:
            self._named.popitem(last=False)
        return key

    async def picture(self, game_id: int, token: str, key: str, lang: str) -> Attachment | None:
        """A picture a page of this link named, in ``lang`` (drawn only if the bot has not
        drawn it already); None if the link may not see it."""
        granted = await self.grant(game_id, token)
        if granted is None:
            return None
        named = self._named.get(key)
        if named is None or granted[0].seat not in named[1]:  # named by another process
            await self.page(game_id, token)  # (shards), or forgotten: the page names its own
            named = self._named.get(key)
        if named is None or named[0] != game_id or granted[0].seat not in named[1]:
            return None
        return await self.drawing.drawn_art(named[2].read_in(lang))

    async def position(self, game_id: int, token: str, index: int, lang: str) -> Attachment | None:
        """The public board after ``index`` finished turns (0: the start), for the scrubber."""
        seen = await self._seen(game_id, token)
        if seen is None:
            return None
        views = await self._views(seen.game, seen.row, seen.seats, seen.sight.moves)
        if not 0 <= index < len(views):
            return None
        art = Art(kind="board", game=seen.game.id, view=views[index], names=seen.names,
                  filename=f"{seen.game.id}-{seen.row.id}-at{index}.png", lang=lang)
        return await self.drawing.drawn_art(art)

    async def _views(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                     moves: Sequence[MoveRow]) -> list[Any]:
        # the log as it stands, as Sights keys a turn's start: its length and last entry (a
        # move taken back and another played instead would leave the length as it was)
        key = (row.id, len(moves), moves[-1].n if moves else 0)
        kept = self._positions.get(key)
        if kept is not None:
            return kept
        views = list(await asyncio.to_thread(turn_views, game, [s.player_id for s in seats],
                                             row.options, row.seed, list(moves)))
        self._positions[key] = views
        while len(self._positions) > POSITIONS_KEPT:
            self._positions.popitem(last=False)
        return views

    async def version(self, game_id: int) -> int | None:
        """The stored game's version: a page's event stream looks now and then whether a move
        landed that another process posted."""
        row = await self.store.games.get(game_id)
        return row.version if row is not None else None

