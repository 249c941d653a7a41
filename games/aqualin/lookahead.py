"""Aqualin's two-ply lookahead (the ``hard`` level): my move, then the other player's best
reply, to every tile they might draw (seed rules) or to the market I leave them (classic).

Why: between two bots of this strength the score on the board says almost nothing about the
result until the last dozen turns. A single shift still breaks or joins a group then, so the
game is won in the replies. The tree's candidate replies come from a cheap guess (the two
best shifts). It misses the shift that breaks a pair, and more iterations never find it.

This lookahead judges each of my best moves by the exact score change it makes, minus what the
other player gains with their best reply. That reply is found over *every* shift and placement,
averaged over the tiles that could be drawn next: every tile not on the board and not in my
hand is equally likely. Measured against ``normal`` (tools.sim.strength), it wins where
neither more iterations nor deeper playouts did.

The classic rules work the same way with two changes (:func:`judge_market`): the reply may
slide a tile any distance along a row or column, and the other player picks the best tile of
the open market: the five I leave there plus one refill, each unseen tile equally likely.

Cost: one pass over the other player's shifts per candidate. Each placement's gain is counted
once per attribute *value* (six per role), not once per tile, so one pass serves every tile
that might be drawn. ``order`` ranks the candidates first, so a deadline can cut the list and
keep the best-looking ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cells import Cells, gain, labels, points
from .cells import shifts as cells_shifts, slides as cells_slides
from .state import TILES

#: A tile's two letters, as (colour, species) indices into the per-value gain rows.
_VALUES = ("RYGBPV", "CFJHST")
_INDEX = tuple({v: i for i, v in enumerate(vals)} for vals in _VALUES)


def _options(cells: Cells, slides: bool = False) -> list[tuple[int, int] | None]:
    """No shift, then every one-step shift of a tile to an empty king-neighbour (seed rules),
    or every slide of any length along a row or column over empty squares (classic)."""
    return [None, *(cells_slides(cells) if slides else cells_shifts(cells))]


def best_replies(cells: Cells, mover: int, tiles: Sequence[str], slides: bool = False) -> list[int]:
    """For each tile in ``tiles``: the most that role ``mover`` gains over the other role with
    one move (an optional shift, or with ``slides`` a slide, then that tile placed), in exact
    points."""
    other = 1 - mover
    base_m = points(labels(cells, mover)[1])
    base_o = points(labels(cells, other)[1])
    ti = _INDEX[mover]
    to = _INDEX[other]
    wanted = [(ti[t[mover]], to[t[other]]) for t in tiles]
    best = [-(1 << 30)] * len(tiles)
    for option in _options(cells, slides):
        if option is None:
            moved = cells
        else:
            src, dst = option
            moved = list(cells)
            moved[dst], moved[src] = moved[src], None
        lab_m, sz_m = labels(moved, mover)
        lab_o, sz_o = labels(moved, other)
        shift = (points(sz_m) - base_m) - (points(sz_o) - base_o) if option else 0
        empties = [e for e in range(36) if moved[e] is None]  # the vacated square too
        # [v][k]: what value v of each role's attribute gains on the k-th empty square
        mine = [[gain(moved, lab_m, sz_m, mover, v, e) for e in empties] for v in _VALUES[mover]]
        theirs = [[gain(moved, lab_o, sz_o, other, v, e) for e in empties]
                  for v in _VALUES[other]]
        for n, (vm, vo) in enumerate(wanted):  # each tile: its two values' rows
            top = shift + max((a - b for a, b in zip(mine[vm], theirs[vo])), default=0)
            if top > best[n]:
                best[n] = top
    return best


def unseen(cells: Cells, drawn: str | None) -> list[str]:
    """The tiles the other player might draw next: not on the board, not the one in hand."""
    on = set(t for t in cells if t is not None)
    return [t for t in TILES if t not in on and t != drawn]


def judge(cells_after: Cells, me: int, my_gain: int, tiles: Sequence[str]) -> float:
    """My move's worth: its exact gain minus the other role's mean best reply over ``tiles``."""
    if not tiles:
        return float(my_gain)
    replies = best_replies(cells_after, 1 - me, tiles)
    return my_gain - sum(replies) / len(replies)


def judge_market(cells_after: Cells, me: int, my_gain: int, market: Sequence[str],
                 supply: Sequence[str]) -> float:
    """Classic rules: my move's worth against the other role's best reply, who picks from the
    open market: the tiles I left there plus one refill, each tile of the ``supply`` (unseen:
    neither on the board nor in the market) equally likely. Slides of any length."""
    on = set(cells_after)
    known = [t for t in market if t not in on]
    if not known and not supply:
        return float(my_gain)
    replies = best_replies(cells_after, 1 - me, [*known, *supply], slides=True)
    top = max(replies[:len(known)], default=-(1 << 30))
    refills = replies[len(known):]
    if not refills:
        return my_gain - top
    return my_gain - sum(max(top, r) for r in refills) / len(refills)


def choose(moves: Sequence[tuple[int, Cells, str]], worth: Callable[[Cells, int], float],
           out_of_time: Callable[[], bool],
           tie_break: Callable[[Cells], float]) -> tuple[str, float, int]:
    """The best of ``moves`` — (exact gain, board after, move text), best guess first — by
    ``worth(board after, gain)`` (:func:`judge` or :func:`judge_market`), equal worths by
    ``tie_break`` of the board after (early in the game nearly every move is worth 0); stops
    early when ``out_of_time()`` (after the first). Returns the move, its worth and how many
    were judged."""
    best_move, best_key = moves[0][2], (float("-inf"), float("-inf"))
    judged = 0
    for my_gain, after, text in moves:
        if judged and out_of_time():
            break
        value = worth(after, my_gain)
        judged += 1
        if value >= best_key[0] - 1e-9:
            key = (round(value, 9), tie_break(after))
            if key > best_key:
                best_move, best_key = text, key
    return best_move, best_key[0], judged
