"""The budgets of the three levels, in one place.

Each level names an **iteration budget** (the deterministic one: the same seed and budget
give the same move on any machine) and a **time limit** that caps it on a slow or busy
machine. A game's policy may set its own budget per level beside its code
(:attr:`games.ai.policy.Policy.iterations`); the level's is the default. The iteration counts are sized so that the cap is rarely reached on the reference
machine (2 cores, shared; see ``python -m tools.bench``), so in practice the bots are
deterministic. Per-game counts differ because one iteration costs very different amounts:
an Aqualin candidate list is hundreds of moves, a Kraqua one a handful.

Levels also differ in *policy*: ``easy`` uses a narrow, shallow search and picks among the
good moves at random (weighted by visits), so it makes human-looking mistakes; where even that
beats a one-ply greedy player (Kahuna, Aqua), the game's ``blunder`` knob has it play any legal
move now and then, so easy stays beatable. ``normal`` and ``hard`` always play the most
visited move (or the game's own search for that level, e.g. Aqualin's hard lookahead).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class LevelName(StrEnum):
    """A bot seat's level, as stored (``seats.bot_level``) and chosen (``/game addbot level:``)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class Level:
    """How hard one level searches.

    ``iterations`` is the budget of a game whose policy names none; ``time_limit`` in
    seconds caps the search whatever the count. ``width`` is the most candidate moves a
    decision offers the tree (the game's heuristic picks them); ``depth`` is how many plies
    a playout runs before the position is evaluated; ``temperature`` above 0 samples the
    final move by visits instead of taking the most visited one.
    """

    name: str
    iterations: int
    time_limit: float
    width: int
    depth: int
    exploration: float = 0.5
    temperature: float = 0.0
    #: (knob, value) pairs that override the game policy's knobs: variants under measurement
    extra: tuple[tuple[str, int], ...] = ()


#: The levels by name; each level's budget in one row.
LEVELS: Mapping[str, Level] = MappingProxyType({level.name: level for level in (
    Level(LevelName.EASY, iterations=60, time_limit=0.4, width=6, depth=2, exploration=0.7,
          temperature=1.0),
    Level(LevelName.NORMAL, iterations=400, time_limit=0.9, width=12, depth=4),
    Level(LevelName.HARD, iterations=1200, time_limit=2.7, width=16, depth=6),
)})

DEFAULT_LEVEL = LevelName.NORMAL
