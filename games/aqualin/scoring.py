"""Aqualin's scoring: orthogonal groups of one colour (or one species), n·(n−1)/2 each.

``groups`` and ``score`` read a whole board; :class:`GroupIndex` scores one more placement
in a few lookups, for rating thousands of candidate moves (autocomplete, the bot).
"""

from __future__ import annotations

from collections.abc import Mapping

from .state import ORTHO_NEIGHBOURS, SQUARES, Role


def groups(board: Mapping[str, str], role: Role) -> list[list[str]]:
    """Maximal orthogonally connected sets (size >= 2) sharing the role's attribute."""
    index = Role(role).letter
    seen: set[str] = set()
    found: list[list[str]] = []
    for start in SQUARES:  # board order, so equal boards give equal lists whatever dict order
        if start in seen or start not in board:
            continue
        key = board[start][index]
        seen.add(start)
        group = [start]
        stack = [start]
        while stack:
            sq = stack.pop()
            for n in ORTHO_NEIGHBOURS[sq]:
                if n not in seen and n in board and board[n][index] == key:
                    seen.add(n)
                    group.append(n)
                    stack.append(n)
        if len(group) >= 2:
            found.append(sorted(group, key=SQUARES.index))
    return found


def group_points(n: int) -> int:
    return n * (n - 1) // 2


def score(board: Mapping[str, str], role: Role) -> int:
    return sum(group_points(len(g)) for g in groups(board, role))


def largest_group(board: Mapping[str, str], role: Role) -> int:
    return max((len(g) for g in groups(board, role)), default=0)


class GroupIndex:
    """A board's groups for one role (single tiles too), to score a placement quickly:
    ``score_with(square, tile) == score(board | {square: tile}, role)`` for an empty square."""

    def __init__(self, board: Mapping[str, str], role: Role) -> None:
        self.board = board
        self.index = Role(role).letter
        self.group_of: dict[str, int] = {}
        self.sizes: list[int] = []
        for start in SQUARES:
            if start in self.group_of or start not in board:
                continue
            key = board[start][self.index]
            number = len(self.sizes)
            self.group_of[start] = number
            stack, size = [start], 1
            while stack:
                sq = stack.pop()
                for n in ORTHO_NEIGHBOURS[sq]:
                    if n not in self.group_of and n in board and board[n][self.index] == key:
                        self.group_of[n] = number
                        stack.append(n)
                        size += 1
            self.sizes.append(size)
        self.total = sum(group_points(n) for n in self.sizes)

    def score_with(self, square: str, tile: str) -> int:
        key = tile[self.index]
        joined = {self.group_of[n] for n in ORTHO_NEIGHBOURS[square]
                  if n in self.board and self.board[n][self.index] == key}
        sizes = [self.sizes[g] for g in joined]
        return self.total - sum(group_points(n) for n in sizes) + group_points(1 + sum(sizes))
