"""What the channel has heard of a game: bot moves are told together, pings go out once a turn.

A bot's turn is not posted while another bot is still to act (and a human plays in the game):
the post of the last bot in line tells all of their turns at once, with one board, and only
then is a human pinged. Nothing about this is stored: which turns the channel has heard of
follows from the move log, replayed (milliseconds even for a long game), by the same rule
that was applied when each move was made. So a bot move made just before a restart is told
by the next post, as if nothing had happened.

The same replay says who was already told that it is their turn; they are named again in the
next post, but not pinged again. It also words every move it tells (``Game.describe`` from the
state before it), so the log stores no words of its own: they follow from the seed and the log.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import Game

from ..replay import RESIGNING, replay_steps
from ..store import MoveRow, SeatRow
from ..vocab import MoveKind

log = logging.getLogger("bot.service.news")

#: At most this many bot turns wait for one post (they would not fit in a message).
QUIET_LIMIT = 8


#: A log entry and its words, as the channel reads them.
Told = tuple[MoveRow, Any]


@dataclass(frozen=True)
class News:
    """Bot turns the channel has not heard of yet (each a list of log entries, oldest first),
    the seats that were waited for when it last heard of the game (they were told), and the
    steps of the turn still open at the end of the log."""

    unheard: tuple[tuple[Told, ...], ...]
    told: frozenset[str]
    open_turn: tuple[Told, ...] = ()


def by_bot(m: MoveRow) -> bool:
    """A move a bot seat chose (bots act with user id 0)."""
    return m.kind == "move" and m.actor_id == 0


def quiet(game: Game, after: Any, bots: Collection[str], humans: Collection[str],
          unheard: int) -> bool:
    """Whether a bot's turn that led to ``after`` waits to be told with the next bot's: another
    bot is to act, a human still plays (a game of bots alone shows every move), and not too
    many turns wait already."""
    return (game.result(after) is None and unheard < QUIET_LIMIT
            and any(p in bots for p in game.waiting_for(after))
            and any(p in humans for p in game.players(after)))


def playing_humans(seats: Sequence[SeatRow], moves: Sequence[MoveRow]) -> set[str]:
    """The human seats that have not left the game (resigned, forfeited, were removed)."""
    gone = {m.player_id for m in moves if m.kind in RESIGNING and m.undone_at is None}
    return {s.player_id for s in seats if not s.bot_level and s.player_id not in gone}


def read_news(game: Game, seats: Sequence[SeatRow], options: Mapping[str, str], seed: int,
              moves: Sequence[MoveRow], names: Mapping[str, Any]) -> News:
    """Replay the log from the start and apply the posting rule to every turn."""
    players = [s.player_id for s in seats]
    bots = {s.player_id for s in seats if s.bot_level}
    humans = {s.player_id for s in seats if not s.bot_level}
    state = game.setup(players, dict(options), seed)
    told = frozenset(game.waiting_for(state))
    unheard: list[list[tuple[MoveRow, Any]]] = []  # entries with the state before each
    turn: list[tuple[MoveRow, Any]] = []
    standing = [m for m in moves if m.undone_at is None]
    for m, (_kind, after) in zip(standing, replay_steps(game, state, standing)):
        if m.kind in RESIGNING:
            humans.discard(m.player_id)
        turn.append((m, state))
        state = after
        if m.kind in (MoveKind.MOVE, MoveKind.FORCED) and not m.ends_turn:
            continue  # a step inside a turn: the channel hears of the turn when it ends
        if by_bot(m) and quiet(game, state, bots, humans, len(unheard)):
            unheard.append(turn)
        else:
            unheard = []
            told = frozenset(game.waiting_for(state))
        turn = []

    def words(steps: list[tuple[MoveRow, Any]]) -> tuple[Told, ...]:  # only what is told
        return tuple((m, m.move if m.kind in RESIGNING else game.describe(before, m.player_id, m.move, names))
                     for m, before in steps)

    return News(tuple(words(t) for t in unheard), told, words(turn))


def news_or_guess(game: Game, seats: Sequence[SeatRow], options: Mapping[str, str], seed: int,
                  moves: Sequence[MoveRow], before: Any, names: Mapping[str, Any]) -> News:
    """:func:`read_news`; if the log cannot be replayed (a bug, a hand-edited row), the move is
    posted as before: nothing unheard, and those waited for before it count as told."""
    try:
        return read_news(game, seats, options, seed, moves, names)
    except Exception:
        log.exception("replaying the log of a %s game failed; posting without it", game.id)
        return News((), frozenset(game.waiting_for(before)))
