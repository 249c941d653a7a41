"""Autocomplete for Aqualin: legal moves rated by what they gain now, for both players.

A classic turn has thousands of legal moves, so ``rate`` keeps plain tuples and labels are
written only for the moves shown; ``AqualinSuggestions`` rates once per position and
orders again, cheaply, on each keystroke.
"""

from __future__ import annotations

from typing import Any

from ..base import Suggestions
from ..notation import clean
from ..text import Text
from .notation import read_canonical
from .scoring import GroupIndex, score
from .state import AqualinState, Role
from .words import rated_label

#: A rated move: (their gain minus mine, tile, move, square, my gain, their gain).
Rated = tuple[int, str, str, str, int, int]

#: How many matching moves ``suggest`` rates at most (the first ones of ``legal_moves``).
SUGGEST_CAP = 2000


def rate(state: AqualinState, player: str, moves: list[str]) -> list[Rated]:
    """(their gain minus mine, tile, move, square, mine, theirs) per move of ``moves`` (texts
    of ``legal_moves``), in the order given: plain values, so that thousands of them stay cheap to keep (labels are
    written only for the moves shown)."""
    if not moves:
        return []
    me = Role(state.roles[player])
    them = me.other
    base_me, base_them = score(state.board, me), score(state.board, them)
    # A classic turn has thousands of moves but few shifts: the groups of each shifted
    # board are found once, and each placement only looks at the square's neighbours.
    shifted: dict[tuple[str, str] | None, tuple[GroupIndex, GroupIndex]] = {}
    rated = []
    for text in moves:
        m = read_canonical(text)
        parts = shifted.get(m.shift)
        if parts is None:
            board = dict(state.board)
            if m.shift:
                board[m.shift[1]] = board.pop(m.shift[0])
            parts = shifted[m.shift] = (GroupIndex(board, me), GroupIndex(board, them))
        tile = m.tile or state.drawn
        assert tile is not None
        mine = parts[0].score_with(m.square, tile) - base_me
        theirs = parts[1].score_with(m.square, tile) - base_them
        rated.append((theirs - mine, tile, text, m.square, mine, theirs))
    return rated


def order(rated: list[Rated], limit: int) -> list[tuple[str, Text]]:
    """Best gain first; among equal gains, alternate between tiles so every market tile shows."""
    seen: dict[str, int] = {}
    ranked = []
    for i, entry in enumerate(rated):
        tile = entry[1]
        ranked.append((entry[0], seen.get(tile, 0), i, entry))
        seen[tile] = seen.get(tile, 0) + 1
    ranked.sort(key=lambda r: r[:3])
    return [(entry[2], _label(entry)) for *_rank, entry in ranked[:limit]]


def _label(entry: Rated) -> Text:
    _gain, tile, text, square, mine, theirs = entry
    return rated_label(text, tile, square, mine, theirs)


class AqualinSuggestions(Suggestions):
    """Every legal move rated; ``pick`` keeps the matching ones (the first ``SUGGEST_CAP``,
    as ``suggest`` does) and orders them as ``suggest`` would."""

    def __init__(self, rated: list[Rated]) -> None:
        super().__init__([])  # ``entries`` would cost a label per move: ``pick`` is the way in
        self.rated = rated

    def pick(self, typed: str, limit: int = 25) -> list[tuple[str, Any]]:
        words = clean(typed)
        matching = [r for r in self.rated if r[2].lower().startswith(words)]
        return order(matching[:SUGGEST_CAP], limit)
