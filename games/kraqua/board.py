"""Kraqua's fixed material: the path, the reef spots, the tiles, gates, gems and hideouts.

Everything here is static data of the game's material plus the small geometry helpers
that turn it into answers (which spot covers a field, which fields are revealed). Positions
on the path are integers: the start fields ``S1 S2 S3`` are -2, -1, 0, the animal fields
1..40 are themselves, and the goal fields ``G1 G2 G3`` are 41, 42, 43.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

# ----- animals and fish ---------------------------------------------------------------------

ANIMALS: Mapping[str, str] = MappingProxyType(
    {"T": "turtle", "S": "seahorse", "J": "jellyfish", "C": "crab"})
ANIMAL_LETTER: Mapping[str, str] = MappingProxyType({v: k for k, v in ANIMALS.items()})
CHIPS: tuple[str, ...] = ("turtle", "seahorse", "jellyfish", "crab")

FISH: tuple[str, ...] = ("green", "red", "yellow")
HATS: Mapping[str, str] = MappingProxyType(
    {"green": "sombrero", "red": "top hat", "yellow": "bowler"})
SIZES: Mapping[str, str] = MappingProxyType({"green": "small", "red": "big", "yellow": "medium"})

# ----- gems ---------------------------------------------------------------------------------

#: The colour die has one face per gem colour, in this order.
GEM_COLOURS: tuple[str, ...] = ("blue", "white", "green", "red", "purple", "yellow")
PLACES: tuple[str, ...] = ("chest", "cave", "hideout")

#: The six hideout tiles: the gems that must lie in the hideout at the end.
HIDEOUTS: tuple[tuple[str, ...], ...] = (
    ("purple", "yellow"),
    ("purple", "red"),
    ("yellow", "green"),
    ("purple", "white", "blue"),
    ("yellow", "red", "white"),
    ("green", "red", "blue"),
)

# ----- reef tiles ---------------------------------------------------------------------------

#: tile -> side -> (animal letter, cells in path order, "#" reef or "~" water)
TILES: Mapping[int, Mapping[str, tuple[str, str]]] = MappingProxyType({
    1: {"A": ("T", "###"), "B": ("S", "#~#")},
    2: {"A": ("S", "###"), "B": ("J", "##~")},
    3: {"A": ("J", "###"), "B": ("C", "~##")},
    4: {"A": ("C", "###"), "B": ("T", "#~#")},
    5: {"A": ("T", "##~"), "B": ("C", "###")},
    6: {"A": ("S", "~##"), "B": ("T", "###")},
    7: {"A": ("J", "#~#"), "B": ("S", "###")},
    8: {"A": ("C", "##~"), "B": ("J", "###")},
    9: {"A": ("T", "~##"), "B": ("J", "#~#")},
    10: {"A": ("S", "#~#"), "B": ("C", "##~")},
    11: {"A": ("J", "###"), "B": ("T", "~##")},
    12: {"A": ("C", "###"), "B": ("S", "##~")},
})
SNAIL_TILES: tuple[int, ...] = (11, 12)
SIDES: tuple[str, ...] = ("A", "B")


def tile_animal(tile: int, side: str) -> str:
    """Animal letter shown by ``tile`` on ``side``."""
    return TILES[tile][side][0]


def tile_cells(tile: int, side: str) -> str:
    return TILES[tile][side][1]


# ----- the path -----------------------------------------------------------------------------

START: tuple[int, ...] = (-2, -1, 0)
GOAL: tuple[int, ...] = (41, 42, 43)
FIRST_FIELD, LAST_FIELD = 1, 40
_GROUPS = "TSJC STCJ CJST JCTS TSCJ SJTC JTSC TCJS CSTJ SJCT"
#: field (1..40) -> animal letter
FIELD_ANIMAL: Mapping[int, str] = MappingProxyType(
    {i + 1: a for i, a in enumerate(_GROUPS.replace(" ", ""))})
START_REEF: tuple[int, ...] = (1, 2, 3, 4)

SHELL_FIELDS: frozenset[int] = frozenset({6, 12, 18, 24, 30, 36})
DOLPHIN_FIELDS: frozenset[int] = frozenset({9, 21, 33})
SHARK_FIELDS: frozenset[int] = frozenset({15, 27, 39})


def special(field: int) -> str | None:
    """``shell``, ``dolphin``, ``shark`` or None."""
    if field in SHELL_FIELDS:
        return "shell"
    if field in DOLPHIN_FIELDS:
        return "dolphin"
    if field in SHARK_FIELDS:
        return "shark"
    return None


def field_name(pos: int) -> str:
    """-2 -> ``S1``, 7 -> ``7``, 42 -> ``G2``."""
    if pos <= 0:
        return f"S{pos + 3}"
    if pos > LAST_FIELD:
        return f"G{pos - LAST_FIELD}"
    return str(pos)


def parse_field(name: str) -> int:
    """Inverse of :func:`field_name`; ``ValueError`` for anything else."""
    text = str(name).strip().upper()
    if len(text) == 2 and text[0] in "SG" and text[1] in "123":
        return int(text[1]) - 3 if text[0] == "S" else LAST_FIELD + int(text[1])
    if text.isdigit() and FIRST_FIELD <= int(text) <= LAST_FIELD and text == str(int(text)):
        return int(text)
    raise ValueError(f"not a Kraqua field: {name!r}")


# ----- reef spots, arches, gates --------------------------------------------------------------

ROWS: tuple[str, ...] = ("i", "o")
ROW_NAMES: Mapping[str, str] = MappingProxyType({"i": "inner", "o": "outer"})
SPOTS: tuple[int, ...] = tuple(range(1, 13))


def spot_of(field: int) -> tuple[int, int] | None:
    """(spot, cell index) covering ``field``, or None for fields no spot covers."""
    if not 5 <= field <= 40:
        return None
    return (field - 2) // 3, (field - 2) % 3


def spot_fields(spot: int) -> tuple[int, int, int]:
    return (3 * spot + 2, 3 * spot + 3, 3 * spot + 4)


#: The boundary field after which each gate stands (gate 1 between 16 and 17, ...).
GATE_AFTER: tuple[int, ...] = (16, 28, 40)
CRITERIA: tuple[str, ...] = ("hat", "colour", "size")
#: The forward order of each gate criterion; a gate may also show the reverse.
GATE_ORDERS: Mapping[str, tuple[str, str, str]] = MappingProxyType({
    "hat": ("yellow", "green", "red"),  # bowler, sombrero, top hat
    "colour": ("green", "red", "yellow"),
    "size": ("red", "yellow", "green"),  # big, medium, small
})


def gate_order(criterion: str, reverse: bool) -> tuple[str, ...]:
    order = GATE_ORDERS[criterion]
    return tuple(reversed(order)) if reverse else order


#: After n revealed gates: the last field of the path, and the spots a tile may be laid on.
PATH_END: Mapping[int, int] = MappingProxyType({1: 28, 2: 40, 3: 43})
SPOT_RANGE: Mapping[int, tuple[int, int]] = MappingProxyType({1: (1, 8), 2: (1, 12), 3: (9, 12)})
