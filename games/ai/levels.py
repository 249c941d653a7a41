"""The budgets of the three levels, in one place.

Each level names an **iteration budget** per game (the deterministic one: the same seed and
budget give the same move on any machine) and a **time limit** that caps it on a slow or busy
machine. The iteration counts are sized so that the cap is rarely reached on the reference
machine (2 cores, shared; see ``python -m bot.bench``), so in practice the bots are
deterministic. Per-game counts differ because one iteration costs very different amounts:
an Aqualin candidate list is hundreds of moves, a Kraqua one a handful.

Levels also differ in *policy*: ``easy`` uses a narrow, shallow search and picks among the
good moves at random (weighted by visits), so it makes human-looking mistakes; ``normal``
and ``hard`` always play the most visited move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Level:
    """How hard one level searches.

    ``iterations`` is per game id (``"*"`` for games without an entry); ``time_limit`` in
    seconds caps the search whatever the count. ``width`` is the most candidate moves a
    decision offers the tree (the game's heuristic picks them); ``depth`` is how many plies
    a playout runs before the position is evaluated; ``temperature`` above 0 samples the
    final move by visits instead of taking the most visited one.
    """

    name: str
    iterations: Mapping[str, int]
    time_limit: float
    width: int
    depth: int
    exploration: float = 0.5
    temperature: float = 0.0
    #: per game id: small integer knobs a game's policy may read (e.g. playout sample sizes)
    extra: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def budget(self, game_id: str) -> int:
        return self.iterations.get(game_id, self.iterations["*"])

    def knob(self, game_id: str, name: str, default: int) -> int:
        return self.extra.get(game_id, {}).get(name, default)


def _freeze(d: dict[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(d))


LEVELS: Mapping[str, Level] = MappingProxyType({
    "easy": Level(
        name="easy",
        iterations=_freeze({"*": 60, "aqualin": 40, "kahuna": 60, "aqua": 40, "kraqua": 16,
                            "krasserfall": 60}),
        time_limit=0.4,
        width=6,
        depth=2,
        exploration=0.7,
        temperature=1.0,
        extra={"kraqua": MappingProxyType({"depth": 8})},
    ),
    "normal": Level(
        name="normal",
        iterations=_freeze({"*": 400, "aqualin": 250, "kahuna": 400, "aqua": 250, "kraqua": 160,
                            "krasserfall": 500}),
        time_limit=0.9,
        width=12,
        depth=4,
        extra={"kraqua": MappingProxyType({"depth": 12})},
    ),
    "hard": Level(
        name="hard",
        iterations=_freeze({"*": 1200, "aqualin": 800, "kahuna": 1200, "aqua": 750,
                            "kraqua": 500, "krasserfall": 1500}),
        time_limit=2.7,
        width=16,
        depth=6,
        extra={"kraqua": MappingProxyType({"depth": 12})},
    ),
})

DEFAULT_LEVEL = "normal"
