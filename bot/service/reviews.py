"""Reviews of finished games (``/game review``, the Review button under a result).

The review (:mod:`games.ai.review`) replays the game and judges every move a person chose,
from what that player could see then. It runs in its own worker process, in slices, so the
asker's answer can say how far it got; at most one review runs per server at a time (later
ones wait their turn, and are told so), and a game's review is computed once and posted
once: a second request while it runs is told it is coming, one after it gets the link.

Bots' moves, forced moves and passes played for someone are not judged. The review is kept
(``reviews``) and is part of the game's export (``review`` key).
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import games
from games import Game
from games.ai.review import Judged, Review, Step, judge_range, summarize
from games.text import Notation, Text, lines

from ..i18n import language_for
from ..messages import Actor, Attachment, Outcome, Place, Post
from ..refusals import NoGame
from ..safe_text import safe_name
from ..store import GameRow, MoveRow, SeatRow
from ..vocab import MoveKind
from . import workers
from .names import _, _n, percent, seat_names
from .core import log
from .part import Part

if TYPE_CHECKING:
    from .drawing import Drawing

Progress = Callable[[Text], Awaitable[None]]
#: The review's budget in CPU seconds of its worker (a minute of one core, less a margin for
#: the picture); checked between slices, so a slice may end a little after it.
REVIEW_SECONDS = 55.0
#: Seconds a posted review counts as on its way to the channel (a second request is told so,
#: not posted again) before its message is known.
POSTING_SECONDS = 60.0
#: How many slices a review is cut into (the asker hears how far it got after each).
SLICES = 12


def steps_of(seats: Sequence[SeatRow], moves: Sequence[MoveRow]) -> list[Step]:
    """The standing log as review steps: a move is judged when a person played it themself
    (not a bot's, not one that played itself or was played for them)."""
    people = {s.player_id: s.user_id for s in seats if not s.bot_level and s.user_id}
    out = []
    for m in moves:
        if m.undone_at is not None:
            continue
        mine = m.kind == MoveKind.MOVE and m.player_id in people and m.actor_id == people[m.player_id]
        out.append(Step(str(m.kind), m.player_id, m.move, judge=mine))
    return out


def judge_slice(game_id: str, players: list[str], options: dict[str, str], seed: int,
                steps: list[Step], start: int, stop: int) -> tuple[list[Judged], int, float]:
    """In the review worker: decisions ``start``..``stop - 1`` judged, their number, and the
    CPU seconds it took (the review's budget is a minute of one core, however busy the
    machine is)."""
    began = time.thread_time()
    judged, total = judge_range(games.REGISTRY[game_id], players, options, seed, steps, start, stop)
    return judged, total, time.thread_time() - began


def start_reviewing(parent: int) -> None:
    workers.watch_parent(parent)
    try:
        os.nice(workers.DRAWING_NICENESS)  # a review can wait; the bot's turns cannot
    except OSError:
        pass


@dataclass(eq=False, repr=False, kw_only=True)
class Reviews(Part):
    """``/game review``: compute once per game, one at a time per server, post once."""

    drawing: Drawing

    #: Where reviews are computed: a worker process (the bot), or a thread (tests, console).
    reviews_in_threads = False
    _worker: workers.Worker | None = field(default=None, init=False)
    _running: set[int] = field(default_factory=set, init=False)  # games being reviewed now
    _servers: dict[int, asyncio.Lock] = field(default_factory=dict, init=False)
    _waiting: dict[int, int] = field(default_factory=dict, init=False)
    #: Game -> until when its review's post counts as on the way (then its link is kept).
    _posting: dict[int, float] = field(default_factory=dict, init=False)

    async def review(self, actor: Actor, place: Place, game_id: int | None = None,
                     progress: Progress | None = None) -> Outcome:
        """The review of game ``game_id`` (default: the newest finished game here)."""
        row = await self._finished(place, game_id)
        game = self.ground.engine(row.game)
        kept = await self.store.reviews.get(row.id)
        if kept is not None and kept.message_id is not None and place.guild_id:
            where = kept.channel_id or row.thread_id or row.channel_id
            link = f"https://discord.com/channels/{place.guild_id}/{where}/{kept.message_id}"
            return Outcome(reply=_("The review of {game} game {n} is here: {link}", game=game.title,
                                   n=row.id, link=link), game_id=row.id)
        if row.id in self._running or self._posting.get(row.id, 0.0) > self.clock():
            # being made, or its post is on the way (the link is known once it is sent)
            return Outcome(reply=_("The review of {game} game {n} is being made; it will be posted "
                                   "here.", game=game.title, n=row.id), game_id=row.id)
        self._running.add(row.id)
        try:
            seats = await self.store.games.seats(row.id)
            moves = await self.store.games.moves(row.id)
            if kept is not None:
                found = Review.from_dict(kept.data)
            else:
                found = await self._queued(place, game, row, seats, moves, progress)
                await self.store.reviews.save(row.id, found.to_dict(), self.clock())
            post = await self._post(game, row, seats, moves, found, actor)
        finally:
            self._running.discard(row.id)
        now = self.clock()
        for old in [g for g, until in self._posting.items() if until <= now]:
            del self._posting[old]
        self._posting[row.id] = now + POSTING_SECONDS
        return Outcome(reply=_("Here is the review."), posts=[post], game_id=row.id)

    async def _finished(self, place: Place, game_id: int | None) -> GameRow:
        ended = await self.store.games.ended_games(place.channel_id, game_id=game_id)
        ended = [g for g in ended if self.ground.loadable(g) and g.state is not None]
        if not ended:
            if game_id is not None:
                raise NoGame(_("I can't find game {n} in this channel's history.", n=game_id))
            raise NoGame(_("I can't find a finished game in this channel's history."))
        return ended[0]

    async def _queued(self, place: Place, game: Game, row: GameRow, seats: Sequence[SeatRow],
                      moves: Sequence[MoveRow], progress: Progress | None) -> Review:
        """The review, once this server's earlier reviews are done (one at a time)."""
        server = place.guild_id or -place.channel_id
        lock = self._servers.setdefault(server, asyncio.Lock())
        ahead = self._waiting.get(server, 0) + (1 if lock.locked() else 0)
        if ahead and progress is not None:
            await progress(_n_ahead(ahead))
        self._waiting[server] = self._waiting.get(server, 0) + 1
        try:
            async with lock:
                self._waiting[server] -= 1
                return await self._compute(game, row, seats, moves, progress)
        finally:
            if not self._waiting.get(server) and not lock.locked():
                self._waiting.pop(server, None)
                self._servers.pop(server, None)

    async def _compute(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                       moves: Sequence[MoveRow], progress: Progress | None) -> Review:
        steps = steps_of(seats, moves)
        players = [s.player_id for s in seats]
        spent = 0.0  # CPU seconds of the worker
        judged: list[Judged] = []
        total: int | None = None
        size = 1
        while total is None or len(judged) < total:
            if total is not None and spent > REVIEW_SECONDS:
                break
            start = len(judged)
            found, count, cpu = await self.worker.run(judge_slice, game.id, players,
                                                      dict(row.options), row.seed, steps, start,
                                                      start + size)
            spent += cpu
            judged += found
            total = count
            size = max(1, math.ceil(count / SLICES))
            if progress is not None and total:
                await progress(_("📝 Reviewing {game} game {n}: {done} of {total} decisions judged…",
                                 game=game.title, n=row.id, done=len(judged), total=total))
            if total == 0:
                break
        return summarize(judged, complete=total is not None and len(judged) >= total, seconds=spent)

    async def _post(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                    moves: Sequence[MoveRow], found: Review, actor: Actor) -> Post:
        state = game.load(row.state or "")
        names = seat_names(game, state, seats)
        team = game.multi_seat
        parts: list[Any] = [_("📝 **Review of {game} game {n}**, asked for by **{name}**: judged by the "
                              "bot from what each player could see at the time.",
                              game=game.title, n=row.id, name=safe_name(actor.name))]
        for j in found.turning:
            words = dict(n=j.number, name=names.get(j.player, j.player),
                         played=Notation(game.id, j.played), better=Notation(game.id, j.preferred),
                         before=percent(j.before), after=percent(j.after),
                         points=percent(j.before) - percent(j.after))
            parts.append(_("• Move {n}, **{name}** played `{played}`; better was `{better}`: the "
                           "team's chance to escape {before}% → {after}% (−{points}).", **words)
                         if team else
                         _("• Move {n}, **{name}** played `{played}`; better was `{better}`: "
                           "chance to win {before}% → {after}% (−{points}).", **words))
        if not found.turning:
            parts.append(_("No move lost much: no turning points in this game."))
        if found.best is not None:
            b = found.best
            parts.append(_("⭐ Best move: move {n}, **{name}** found `{move}` ({chance}%; the next "
                           "best {other}%).", n=b.number, name=names.get(b.player, b.player),
                           move=Notation(game.id, b.played), chance=percent(b.before),
                           other=percent(b.runner_up)))
        if not found.judged:
            parts = [parts[0], _("No person made a decision with a choice in this game, so there "
                                 "is nothing to review.")]
        if not found.complete:
            parts.append(_("-# Judged {done} of the decisions in the minute a review may take.",
                           done=len(found.judged)))
        image = None
        if found.turning:
            image = await self._picture(game, row, seats, moves, found)
        return Post(text=lines(parts), image=image, review_of=row.id)

    async def _picture(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                       moves: Sequence[MoveRow], found: Review) -> Attachment | None:
        """The turning points' boards (played beside better), drawn in the drawing worker."""
        points = [(j.number, j.player, j.played, j.preferred) for j in found.turning]
        names = {s.player_id: s.name for s in seats}
        settings = await self.ground.settings_for(row)
        lang = settings.language or language_for(settings.locale_seen)
        try:
            data = await self.drawing.review_picture(game.id, [s.player_id for s in seats],
                                                     dict(row.options), row.seed,
                                                     steps_of(seats, moves), points, names, lang)
        except Exception:  # the words are worth posting without the picture
            log.exception("drawing the review of game %s failed", row.id)
            return None
        return Attachment(filename=f"{game.id}-{row.id}-review.png", data=data,
                          description=_("The turning points of a game of {game}: the board after "
                                        "the move played, and after the better one.",
                                        game=game.title))

    @property
    def worker(self) -> workers.Worker:
        if self._worker is None:
            self._worker = workers.Worker("review", lambda: ThreadPoolExecutor(
                1, thread_name_prefix="review") if self.reviews_in_threads
                else ProcessPoolExecutor(1, initializer=start_reviewing, initargs=(os.getpid(),)))
        return self._worker

    def close(self) -> None:
        if self._worker is not None:
            self._worker.stop()


def _n_ahead(n: int) -> Text:
    return _n("📝 Queued: {n} review in this server comes first; this one follows.",
              "📝 Queued: {n} reviews in this server come first; this one follows.", n, n=n)


__all__ = ["Reviews", "judge_slice", "steps_of"]
