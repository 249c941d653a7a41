"""The Kahuna map: 12 islands, 27 lines, and the counting every rule needs.

Pure data and small pure functions, shared by the engine, the move parser and the renderer,
so a line name or a majority threshold is written down exactly once.
"""

from __future__ import annotations

from collections.abc import Mapping

ISLANDS: tuple[str, ...] = (
    "ALOA", "BARI", "COCO", "DUDA", "ELAI", "FAAA",
    "GOLA", "HUNA", "IFFI", "JOJO", "KAHU", "LALE",
)

#: Every line as "A-B" with A < B alphabetically, in the rules page's order.
LINES: tuple[str, ...] = tuple("""
    ALOA-BARI ALOA-DUDA ALOA-HUNA BARI-COCO BARI-DUDA BARI-ELAI BARI-FAAA
    COCO-FAAA COCO-GOLA COCO-KAHU DUDA-ELAI DUDA-HUNA ELAI-FAAA ELAI-HUNA
    ELAI-IFFI ELAI-JOJO FAAA-GOLA FAAA-JOJO GOLA-JOJO GOLA-KAHU HUNA-IFFI
    HUNA-LALE IFFI-JOJO IFFI-KAHU IFFI-LALE JOJO-KAHU KAHU-LALE
""".split())

#: The lines touching each island, in ``LINES`` order.
LINES_OF: Mapping[str, tuple[str, ...]] = {
    island: tuple(line for line in LINES if island in line.split("-")) for island in ISLANDS
}

#: Bridges needed to control an island: strictly more than half of its lines.
MAJORITY: Mapping[str, int] = {island: len(LINES_OF[island]) // 2 + 1 for island in ISLANDS}

#: Island centres on the published board (x right, y down, frame about 700 x 520).
POSITIONS: Mapping[str, tuple[int, int]] = {
    "ALOA": (657, 478), "BARI": (410, 429), "COCO": (131, 414), "DUDA": (585, 345),
    "ELAI": (469, 303), "FAAA": (229, 343), "GOLA": (148, 275), "HUNA": (601, 235),
    "IFFI": (377, 200), "JOJO": (260, 242), "KAHU": (213, 144), "LALE": (458, 79),
}

CARDS_PER_ISLAND = 2
BRIDGES_EACH = 25
STONES_EACH = 10
HAND_LIMIT = 5
OPEN_CARDS = 3
DEAL = 3

#: The full deck, sorted: two cards of every island.
DECK: tuple[str, ...] = tuple(i for i in ISLANDS for _ in range(CARDS_PER_ISLAND))


def line_between(a: str, b: str) -> str | None:
    """The line joining islands ``a`` and ``b`` (either order), or None if there is none."""
    name = f"{a}-{b}" if a < b else f"{b}-{a}"
    return name if name in _LINE_SET else None


_LINE_SET = frozenset(LINES)


def ends(line: str) -> tuple[str, str]:
    """The two islands of ``line``, alphabetically."""
    a, b = line.split("-")
    return a, b


def other_end(line: str, island: str) -> str:
    a, b = ends(line)
    return b if island == a else a


def neighbours(island: str) -> tuple[str, ...]:
    """Islands joined to ``island`` by a line, in ``LINES`` order."""
    return tuple(other_end(line, island) for line in LINES_OF[island])


def count(bridges: Mapping[str, str], island: str, player: str) -> int:
    """How many of ``island``'s lines carry ``player``'s bridges."""
    return sum(1 for line in LINES_OF[island] if bridges.get(line) == player)


def controls(bridges: Mapping[str, str], island: str, player: str) -> bool:
    return count(bridges, island, player) >= MAJORITY[island]
