"""Krasserfall's state: the material on the table, the boats and everything a game keeps.

The vocabularies are ``StrEnum``s whose values are the words the stored JSON has always held
(``"ring-start"``, ``"thrill"``, ...), so a member dumps and compares as its word and old games
load unchanged (``tests/data/dumps/krasserfall``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

LANES: tuple[str, ...] = ("red", "yellow", "green", "blue")
FACES: tuple[str, ...] = (*LANES, "figure", "ring")
SIZES: tuple[str, ...] = ("big", "small")
FIGURES = {"big": 1, "small": 2}  # each player's figures


class Phase(StrEnum):
    """The steps of a round: the ring, the figures, then roll and act in turn until the end."""

    RING_START = "ring-start"
    PLACE = "place"
    ROLL = "roll"
    ACT = "act"
    OVER = "over"


class Kind(StrEnum):
    """What a move (or a resignation) did: the first word of the notation, ``last["kind"]``."""

    ROLL = "roll"
    PUSH = "push"
    MOVE = "move"
    RING = "ring"
    PLACE = "place"
    RING_START = "ring-start"
    STONE = "stone"
    RESIGN = "resign"


class PushOption(StrEnum):
    """Option ``push``: whole waves only, or half ones as well."""

    TOUCH = "touch"
    THRILL = "thrill"


class BoatChoice(StrEnum):
    """Option ``boat-choice``: the die picks the boat, or the player any boat with a figure of
    theirs."""

    DIE = "die"
    FREE = "free"


class Where(StrEnum):
    """Where the stone goes: into the boat (it holds) or onto the strip (it pulls)."""

    BOAT = "boat"
    STRIP = "strip"


@dataclass
class Boat:
    """One boat with its strip and fish. ``figures`` holds ``[seat index, size]`` pairs."""

    pos2: int = 0  # position in half waves
    fallen: bool = False
    figures: list[list[Any]] = field(default_factory=list)
    ring: bool = False
    stone: Where | None = None
    weights: int = 0

    def copy(self) -> Boat:
        # by hand: dataclasses.replace is slow, and the bots' search copies boats a lot
        return Boat(self.pos2, self.fallen, [list(f) for f in self.figures], self.ring,
                    self.stone, self.weights)

    def add(self, seat: int, size: str) -> None:
        self.figures.append([seat, size])
        self.figures.sort(key=figure_key)

    def remove(self, seat: int, size: str) -> None:
        self.figures.remove([seat, size])

    def has(self, seat: int, size: str) -> bool:
        return [seat, size] in self.figures


def figure_key(fig: list[Any]) -> tuple[int, int]:
    """Figures in a boat: by seat, the big one first."""
    return fig[0], SIZES.index(fig[1])


@dataclass
class KrasserfallState:
    players: tuple[str, ...]  # seat order as given to setup; seat numbers 1..N in notation
    push: PushOption  # option push
    choice: BoatChoice  # option boat-choice
    rng: int  # the whole RNG state (future dice, next rounds' tipping points)
    round: int = 1
    start: int = 0  # seat index of this round's start player (ring, first figure, first roll)
    phase: Phase = Phase.RING_START
    active: int = 0  # seat index of whoever places, rolls or carries out the face
    face: str | None = None  # the face to carry out (phase "act")
    die: str | None = None  # the last face rolled this round (public)
    boats: dict[str, Boat] = field(default_factory=dict)
    unplaced: list[dict[str, int]] = field(default_factory=list)  # per seat: size -> count
    medals: list[int] = field(default_factory=list)
    stone_holder: int | None = None  # seat index holding the stone this round
    stone_used: bool = False
    tips: dict[str, int | None] = field(default_factory=dict)  # hidden; None once fallen
    survived: dict[str, int | None] = field(default_factory=dict)  # max danger2 stood since release
    net: list[str] = field(default_factory=list)  # fallen boats of this round, in falling order
    turns: int = 0  # rolls this round
    history: list[dict[str, Any]] = field(default_factory=list)  # one entry per scored round
    last: dict[str, Any] | None = None  # what the last move did (public)
    resigned: list[int] = field(default_factory=list)  # seat indices, in resigning order

    def copy(self) -> KrasserfallState:
        # By hand, not dataclasses.replace: the bots' search copies states thousands of times
        # a move. History entries are never changed once written, so the list is enough.
        new = copy.copy(self)
        new.boats = {c: b.copy() for c, b in self.boats.items()}
        new.unplaced = [dict(u) for u in self.unplaced]
        new.medals = list(self.medals)
        new.tips = dict(self.tips)
        new.survived = dict(self.survived)
        new.net = list(self.net)
        new.history = list(self.history)
        new.last = plain_copy(self.last)
        new.resigned = list(self.resigned)
        return new

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def released(self) -> bool:
        """Whether the boats float (after the placing): only then do falls happen."""
        return self.phase in (Phase.ROLL, Phase.ACT)

    def standing(self) -> list[str]:
        return [c for c in LANES if not self.boats[c].fallen]

    def in_play(self, seat: int) -> bool:
        return seat not in self.resigned


def plain_copy(value: Any) -> Any:
    """A copy of plain JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    return value
