"""Aqualin's material and board: the vocabularies, the tiles, the 6×6 squares, the state.

A tile is two letters, its colour and its species (``BT``: blue turtle); a square is a file
and a rank (``d4``). The state is a plain dataclass that the engine copies, never mutates
once returned; the stored JSON (``Aqualin._to_json``) writes the vocabularies' values, so
a ``StrEnum`` member and its string dump alike.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypedDict


class Rules(StrEnum):
    """The two rule sets (the ``rules`` option)."""

    SEED = "seed"  # a tile is drawn for you; shift one step first
    CLASSIC = "classic"  # an open market of six; slide any distance first


class Role(StrEnum):
    """What a player scores groups by; the colour player moves first."""

    COLOUR = "colour"
    SPECIES = "species"

    @property
    def letter(self) -> int:
        """The tile letter this role reads: 0 the colour, 1 the species."""
        return 0 if self is Role.COLOUR else 1

    @property
    def other(self) -> Role:
        return Role.SPECIES if self is Role.COLOUR else Role.COLOUR


class Seating(StrEnum):
    """Who gets which role (the ``role`` option)."""

    RANDOM = "random"
    HOST_COLOUR = "host-colour"
    HOST_SPECIES = "host-species"


FILES = "abcdef"
RANKS = "123456"
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "pink", "V": "purple"}
SPECIES = {"C": "crab", "F": "fish", "J": "jellyfish", "H": "seahorse", "S": "starfish", "T": "turtle"}
TILES: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SPECIES)
MARKET_SIZE = 6
ROLES: tuple[Role, ...] = tuple(Role)


# ----- geometry ------------------------------------------------------------------------------


def coords(square: str) -> tuple[int, int]:
    """``d4`` -> (3, 3): file and rank from 0."""
    return FILES.index(square[0]), RANKS.index(square[1])


def square_at(x: int, y: int) -> str | None:
    """The square at file ``x``, rank ``y`` (from 0), None off the board."""
    if 0 <= x < 6 and 0 <= y < 6:
        return FILES[x] + RANKS[y]
    return None


ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_KING = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
ORTHO_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(n for dx, dy in ORTHO if (n := square_at(coords(sq)[0] + dx, coords(sq)[1] + dy)))
    for sq in SQUARES
}
KING_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(n for dx, dy in _KING if (n := square_at(coords(sq)[0] + dx, coords(sq)[1] + dy)))
    for sq in SQUARES
}


def central(square: str) -> tuple[int, int]:
    """Squares ordered from d4 outwards (d4 is the rules' example square)."""
    x, y = coords(square)
    return (x - 3) ** 2 + (y - 3) ** 2, SQUARES.index(square)


def distance(src: str, dst: str) -> int:
    """King steps from ``src`` to ``dst``."""
    (x0, y0), (x1, y1) = coords(src), coords(dst)
    return max(abs(x1 - x0), abs(y1 - y0))


# ----- the state -----------------------------------------------------------------------------


class LastMove(TypedDict):
    """The last move, kept in the state and shown in the view (for highlighting)."""

    player: str
    move: str  # as written canonically
    tile: str
    square: str  # where the tile went
    shift: list[str] | None  # [from, to] of the shifted (slid) tile


@dataclass
class AqualinState:
    players: tuple[str, ...]  # seat order, host first
    roles: dict[str, Role]  # player -> their role
    rules: Rules
    board: dict[str, str] = field(default_factory=dict)  # square -> tile
    supply: list[str] = field(default_factory=list)  # face down; the top is the last item
    drawn: str | None = None  # seed rules: the tile to place this turn
    market: list[str] = field(default_factory=list)  # classic rules: open tiles
    turn: int = 0  # tiles placed so far
    last: LastMove | None = None
    resigned: str | None = None

    @property
    def order(self) -> tuple[str, str]:
        """Turn order: the colour player first."""
        colour = next(p for p in self.players if self.roles[p] == Role.COLOUR)
        species = next(p for p in self.players if self.roles[p] == Role.SPECIES)
        return colour, species

    @property
    def active(self) -> str:
        return self.order[self.turn % 2]

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.turn >= len(TILES)

    def copy(self) -> AqualinState:
        return replace(
            self,
            roles=dict(self.roles),
            board=dict(self.board),
            supply=list(self.supply),
            market=list(self.market),
            last=copy.deepcopy(self.last),
        )
