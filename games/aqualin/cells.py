"""Aqualin's board as the bots count it: a 36-cell list, groups labelled per attribute, and
what one tile adds on one square.

Read once, a board answers "what does this value gain here" with four lookups (the groups the
square touches). The policy (:mod:`.policy`) and the lookahead (:mod:`.lookahead`) both build
on it; neither needs the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import KING_NEIGHBOURS, ORTHO_NEIGHBOURS, SQUARES

INDEX = {sq: i for i, sq in enumerate(SQUARES)}
ORTHO: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in ORTHO_NEIGHBOURS[sq])
                                           for sq in SQUARES)
KING: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in KING_NEIGHBOURS[sq])
                                          for sq in SQUARES)
Cells = list[str | None]  # 36 entries: a tile code ("BT") or None


def cells_of(board: dict[str, str]) -> Cells:
    cells: Cells = [None] * 36
    for sq, tile in board.items():
        cells[INDEX[sq]] = tile
    return cells


def shifts(cells: Cells) -> list[tuple[int, int]]:
    """Every shift of the seed rules as (from, to) cell indices: a tile one step in any of
    eight directions, onto an empty square."""
    return [(i, j) for i in range(36) if cells[i] is not None for j in KING[i] if cells[j] is None]


def slides(cells: Cells) -> list[tuple[int, int]]:
    """Every slide of the classic rules as (from, to) cell indices: a tile along its row or
    column over empty squares, any distance."""
    out: list[tuple[int, int]] = []
    for i in range(36):
        if cells[i] is None:
            continue
        x, y = i % 6, i // 6
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cx, cy = x + dx, y + dy
            while 0 <= cx < 6 and 0 <= cy < 6 and cells[cy * 6 + cx] is None:
                out.append((i, cy * 6 + cx))
                cx, cy = cx + dx, cy + dy
    return out


def labels(cells: Cells, a: int) -> tuple[list[int], list[int]]:
    """Group label of each cell for attribute ``a`` (-1: empty) and each group's size."""
    lab = [-1] * 36
    sizes: list[int] = []
    for i in range(36):
        t = cells[i]
        if t is None or lab[i] >= 0:
            continue
        v = t[a]
        g = len(sizes)
        lab[i] = g
        stack = [i]
        n = 0
        while stack:
            j = stack.pop()
            n += 1
            for k in ORTHO[j]:
                u = cells[k]
                if u is not None and lab[k] < 0 and u[a] == v:
                    lab[k] = g
                    stack.append(k)
        sizes.append(n)
    return lab, sizes


def points(sizes: Sequence[int]) -> int:
    return sum(n * (n - 1) // 2 for n in sizes)


def gain(cells: Cells, lab: list[int], sizes: list[int], a: int, value: str, e: int) -> int:
    """Points attribute ``a`` gains when a tile with ``value`` goes on empty cell ``e``."""
    seen = -1
    seen2 = -1
    total = 0
    old = 0
    for k in ORTHO[e]:
        u = cells[k]
        if u is not None and u[a] == value:
            g = lab[k]
            if g == seen or g == seen2:
                continue
            if seen < 0:
                seen = g
            elif seen2 < 0:
                seen2 = g
            else:  # a third distinct group: rare, fall back to a set
                return _gain_slow(cells, lab, sizes, a, value, e)
            n = sizes[g]
            total += n
            old += n * (n - 1) // 2
    return (total + 1) * total // 2 - old


def _gain_slow(cells: Cells, lab: list[int], sizes: list[int], a: int, value: str, e: int) -> int:
    groups = {lab[k] for k in ORTHO[e] if (c := cells[k]) is not None and c[a] == value}
    total = sum(sizes[g] for g in groups)
    return (total + 1) * total // 2 - sum(sizes[g] * (sizes[g] - 1) // 2 for g in groups)
