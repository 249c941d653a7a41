"""Moves that play themselves: a player's only choice (``Game.auto_move``) after any change.

Any change can leave the next player with a single move: a move, a skip (by a moderator or a
deadline), a resignation, a kick, a forfeit, or the start itself. Each of them asks
:func:`forced_after` for the moves that follow, logs them (kind ``forced``) in the same
transaction and tells them in the same post, so the log replays exactly and the channel
never waits for a move nobody can choose.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from games import Game, GameError
from games.text import Notation, Text, join

from ..store import ForcedRow
from .names import _, _n, bold

log = logging.getLogger("bot.service.forced")

#: At most this many forced moves play themselves after one change (a game that kept forcing
#: moves would otherwise hold the channel; the rest wait for the next move).
FORCED_LIMIT = 12


class Forced(NamedTuple):
    """A move that played itself: its player had no other (``Game.auto_move``)."""

    player: str
    move: str
    said: Any
    ends_turn: bool

    def row(self) -> ForcedRow:
        """As the store logs it (its words follow from the log when they are needed again)."""
        return ForcedRow(self.player, self.move, self.ends_turn)


def forced_after(game: Game, state: Any, complete: bool, names: Mapping[str, Any],
                 *, enabled: bool = True) -> tuple[Any, list[Forced]]:
    """The moves that play themselves after a change that led to ``state`` (``complete``: it
    ended a turn), and the state after them; none when ``enabled`` is off (the server's
    ``auto_forced``).

    Each is the only move of the only player who may act, so nothing is decided for anyone.
    Once a turn has ended, a forced move that would leave the next player in the middle of
    their turn waits for them, so a post never stops halfway through a turn.
    """
    out: list[Forced] = []
    if not enabled:
        return state, out
    while len(out) < FORCED_LIMIT and game.result(state) is None:
        pick = next(((p, m) for p in game.players(state)
                     if (m := game.auto_move(state, p)) is not None), None)
        if pick is None:
            break
        player, move = pick
        try:
            after = game.apply(state, player, move)
        except GameError:  # a bug in the game's auto_move: the player moves themselves
            log.exception("the forced move %r of %s was refused", move, game.id)
            break
        ends = game.result(after) is not None or game.turn_complete(state, after, player)
        if complete and not ends:
            break
        out.append(Forced(player, move, game.describe(state, player, move, names), ends))
        state, complete = after, ends
    return state, out


def forced_words(forced: Sequence[Forced], names: Mapping[str, Any]) -> list[Text]:
    return [_("⏩ Forced: {who} {did}.", who=bold(names[f.player]), did=f.said) for f in forced]


def forced_reply(game_id: str, player: str, forced: Sequence[Forced],
                 names: Mapping[str, Any]) -> list[Text]:
    """What the one who moved hears of the forced moves after their move, each run of them
    with its player: their own only move, or "Then ben's only possible move played itself"
    when it was somebody else's (the review read ben's move as anna's)."""
    runs: list[tuple[str, list[str]]] = []
    for f in forced:
        if runs and runs[-1][0] == f.player:
            runs[-1][1].append(f.move)
        else:
            runs.append((f.player, [f.move]))
    out: list[Text] = []
    for who, moves in runs:
        shown = join([_("`{move}`", move=Notation(game_id, m)) for m in moves])
        if who == player:
            out.append(_n("Then your only possible move played itself: {moves}.",
                          "Then your only possible moves played themselves: {moves}.",
                          len(moves), moves=shown))
        else:
            out.append(_n("Then {player}'s only possible move played itself: {moves}.",
                          "Then {player}'s only possible moves played themselves: {moves}.",
                          len(moves), player=names[who], moves=shown))
    return out
