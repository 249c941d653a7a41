"""Aqua material: colours and species, the 70 coral tiles, hot spots, animals, ecosystems.

The tiles are generated from the rule (every colouring of N, SE, SW with at least two
colours, up to rotation), never typed by hand; ``tests/games/test_aqua.py`` checks the counts.
"""

from __future__ import annotations

from itertools import product

from ..text import translator
from .geometry import Pos

_ = translator("aqua")

#: Coral colour letter -> name; the species living in that colour.
COLOURS: dict[str, str] = {
    "R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple",
}
SPECIES_OF: dict[str, str] = {"R": "C", "O": "S", "Y": "F", "G": "T", "B": "J", "P": "H"}
COLOUR_OF: dict[str, str] = {s: c for c, s in SPECIES_OF.items()}
SPECIES: dict[str, str] = {
    "C": "crab", "S": "starfish", "F": "clownfish", "T": "sea turtle", "J": "jellyfish",
    "H": "seahorse",
}
PLURAL: dict[str, str] = {
    "C": "crabs", "S": "starfish", "F": "clownfish", "T": "sea turtles", "J": "jellyfish",
    "H": "seahorses",
}
HOT = "*"  # a hot-spot coral: no colour

# The same words, translatable, for the sentences players read (the names above stay the data).
COLOUR_WORDS = {"R": _("red"), "O": _("orange"), "Y": _("yellow"), "G": _("green"),
                "B": _("blue"), "P": _("purple")}
SPECIES_WORDS = {"C": _("crab"), "S": _("starfish"), "F": _("clownfish"), "T": _("sea turtle"),
                 "J": _("jellyfish"), "H": _("seahorse")}
# Whole phrases with the plural, because some plurals are the singular in English (starfish).
NONE_LEFT = {"C": _("no crabs left"), "S": _("no starfish left"), "F": _("no clownfish left"),
             "T": _("no sea turtles left"), "J": _("no jellyfish left"),
             "H": _("no seahorses left")}
TWO_OF = {"C": _("two crabs"), "S": _("two starfish"), "F": _("two clownfish"),
          "T": _("two sea turtles"), "J": _("two jellyfish"), "H": _("two seahorses")}

#: Small animals: 12 per species, the top 4 of a stack worth 3 points, the other 8 worth 2.
SMALL_PER_SPECIES = 12
SMALL_HIGH = 4


def small_value(left: int) -> int:
    """Points of the top small animal of a stack that still holds ``left`` animals."""
    return 3 if left > SMALL_PER_SPECIES - SMALL_HIGH else 2


def rotations(code: str) -> tuple[str, str, str]:
    """The placed colours (N, SE, SW) of a tile at rotation 0, 1, 2.

    Rotation k turns clockwise by k·120°: colour i goes to direction (i + k) mod 3.
    """
    return (code, code[2] + code[:2], code[1:] + code[0])


def placed(code: str, rot: int) -> str:
    return rotations(code)[rot]


def canonical(colours: str) -> str:
    """The tile code of placed colours: the alphabetically smallest rotation."""
    return min(rotations(colours))


def rotation_of(code: str, colours: str) -> int:
    """The rotation that turns tile ``code`` into the placed ``colours``."""
    return rotations(code).index(colours)


def _generate_tiles() -> tuple[str, ...]:
    found = {canonical("".join(t)) for t in product(COLOURS, repeat=3) if len(set(t)) >= 2}
    return tuple(sorted(found))


#: The 70 coral tiles, by code (30 two-colour ``AAB``, 40 three-colour).
TILES: tuple[str, ...] = _generate_tiles()
TILE_SET = frozenset(TILES)

#: Hot-spot start tiles: colours of (0,0,SE), (0,0,SW), (0,−1,N), (0,−1,SW), (1,−1,N), (1,−1,SE).
HOT_SPOTS: dict[int, str] = {1: "ROYGBP", 2: "GBPROY", 3: "YRPOBG", 4: "BPGYRO"}
HOT_SITE: Pos = (0, 0)


def hot_spot_tiles(number: int) -> dict[Pos, str]:
    """The three start tiles of hot spot ``number``: position -> colours at N, SE, SW."""
    c = HOT_SPOTS[number]
    return {
        (0, 0): HOT + c[0] + c[1],
        (0, -1): c[2] + HOT + c[3],
        (1, -1): c[4] + c[5] + HOT,
    }


#: Large animals: shape -> printed points, highest (top of the stack) first.
LARGE_VALUES: dict[str, tuple[int, ...]] = {
    "pair": (7, 6, 5),
    "line": (10, 9, 8),
    "arc": (10, 9, 8),
    "triangle": (11, 10, 9),
    "diamond": (14, 13, 12),
}
#: The five shapes, in the order of the stacks.
SHAPES: tuple[str, ...] = tuple(LARGE_VALUES)
SHAPE_SIZE: dict[str, int] = {"pair": 2, "line": 3, "arc": 3, "triangle": 3, "diamond": 4}
#: The animal on each side of a shape's tiles (cosmetic; side A unless the player says B).
LARGE_ANIMALS: dict[str, dict[str, str]] = {
    "pair": {"A": "dolphin", "B": "octopus"},
    "line": {"A": "shark", "B": "swordfish"},
    "arc": {"A": "manta ray", "B": "moray eel"},
    "triangle": {"A": "sea lion", "B": "sunfish"},
    "diamond": {"A": "whale", "B": "orca"},
}

#: The shapes and animals in words: bare, and with the indefinite article.
SHAPE_WORDS = {"pair": _("pair"), "line": _("line"), "arc": _("arc"), "triangle": _("triangle"),
               "diamond": _("diamond")}
# i18n: a shape named in "{sites} form {what}, not {shape}" and "{shape} covers {size} sites".
SHAPE_A = {"pair": _("a pair"), "line": _("a line"), "arc": _("an arc"),
           "triangle": _("a triangle"), "diamond": _("a diamond")}
ANIMAL_WORDS = {
    "dolphin": _("dolphin"), "octopus": _("octopus"), "shark": _("shark"),
    "swordfish": _("swordfish"), "manta ray": _("manta ray"), "moray eel": _("moray eel"),
    "sea lion": _("sea lion"), "sunfish": _("sunfish"), "whale": _("whale"), "orca": _("orca"),
}
ANIMAL_A = {
    # i18n: the object of "attracted {animal} ({shape}, {points} points) onto {sites}".
    "dolphin": _("a dolphin"), "octopus": _("an octopus"), "shark": _("a shark"),
    "swordfish": _("a swordfish"), "manta ray": _("a manta ray"),
    "moray eel": _("a moray eel"), "sea lion": _("a sea lion"), "sunfish": _("a sunfish"),
    "whale": _("a whale"), "orca": _("an orca"),
}
#: The solo ratings (``result.detail["rating"]`` keeps the English name).
RATING_WORDS = {"legend": _("legend"), "open ocean": _("open ocean"), "reef": _("reef"),
                "tide pool": _("tide pool")}


#: Ecosystem tiles: id -> (name, condition in words).
ECOSYSTEMS: dict[str, tuple[str, str]] = {
    "E01": ("Lagoon", "small animals of all six species: 6"),
    "E02": ("Barrier reef", "a reef of 12+ corals: 6"),
    "E03": ("Atoll", "reefs in 3+ colours: 5"),
    "E04": ("Kelp forest", "2 per large animal"),
    "E05": ("Shoal", "10+ small animals: 5"),
    "E06": ("Rainbow reef", "a reef bordered by small animals of 4+ species: 5"),
    "E07": ("Twin habitats", "1 per pair of adjacent small animals of one species"),
    "E08": ("Coral diversity", "1 per colour with 10+ corals"),
    "E09": ("Seamount", "3 small animals on sites in a straight row: 4"),
    "E10": ("Reef crest", "2 per reef of 6+ corals"),
    "E11": ("Hot spot", "1 per small animal within 2 steps of the hot spot"),
    "E12": ("Deep sea", "3 per large animal on 4 sites"),
}
for _i, _c in enumerate("ROYGBP"):
    ECOSYSTEMS[f"E{13 + _i:02d}"] = (f"{COLOURS[_c].capitalize()} reef",
                                     f"a {COLOURS[_c]} reef of 7+ corals: 4")
for _i, _s in enumerate("CSFTJH"):
    ECOSYSTEMS[f"E{19 + _i:02d}"] = (f"{SPECIES[_s].capitalize()} colony",
                                     f"3+ {PLURAL[_s]}: 4")
del _i, _c, _s

BASE_ECOSYSTEMS: tuple[str, ...] = ("E01", "E02", "E03", "E04", "E05", "E06")
ROUNDS = 17
