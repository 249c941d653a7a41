"""Kraqua's colours and the track's geometry."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from games.kraqua import board as kb
from games.kraqua.view import KraquaView

from ..common import RGB, Box, Palette
from ..common import ACCENT as ACCENT, GOLD as GOLD, TEXT as TEXT  # house colours

# ----- colours ---------------------------------------------------------------------------------

BG: RGB = (9, 30, 52)
DEEP: RGB = (14, 52, 84)  # open water under an unprotected field
TRACK: RGB = (24, 74, 110)
CARD: RGB = (18, 44, 68)
CARD_EDGE: RGB = (40, 84, 116)
DIM: RGB = (150, 180, 204)
FAINT: RGB = (84, 118, 146)
SAND: RGB = (214, 190, 140)  # a protected field
SAND_DARK: RGB = (150, 124, 84)
REEF: RGB = (232, 128, 104)  # reef cell of a tile
REEF_DARK: RGB = (170, 76, 66)
WATER: RGB = (52, 132, 196)  # water cell of a tile
WATER_LIGHT: RGB = (120, 190, 236)
HIDDEN: RGB = (20, 38, 56)
RED_ALERT: RGB = (240, 90, 90)
SHADOW: RGB = (4, 10, 18)

FISH_RGB: Mapping[str, RGB] = {"green": (70, 200, 90), "red": (236, 70, 70),
                               "yellow": (250, 206, 50)}
GEM_RGB: Mapping[str, RGB] = {
    "blue": (64, 130, 245), "white": (236, 240, 246), "green": (52, 190, 110),
    "red": (226, 60, 72), "purple": (160, 90, 230), "yellow": (250, 200, 46),
}
SPECIAL_RGB: Mapping[str, RGB] = {"shell": (246, 170, 190), "dolphin": (120, 200, 255),
                                  "shark": (180, 190, 200)}
GLYPH_KEY = {"T": "T", "S": "H", "J": "J", "C": "C"}  # our seahorse is Aqualin's "H"
SPOT_FILL: RGB = (20, 62, 94)
HAT: RGB = (30, 30, 36)
SOMBRERO: RGB = (196, 150, 60)
INK_SAND: RGB = (86, 66, 40)
INK_DEEP: RGB = (96, 150, 190)
INK_REEF: RGB = (80, 30, 26)
INK_GOLD: RGB = (96, 64, 10)
GOLD_EDGE: RGB = (190, 140, 40)
CAVE_BAR: RGB = (196, 110, 220)


def _light(c: RGB) -> RGB:
    return (min(255, c[0] + 50), min(255, c[1] + 50), min(255, c[2] + 50))


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce.

    The picture is composed in this palette (one byte per pixel), which encodes about four
    times faster than RGB: cached pieces are mapped once, only small dynamic patches per render.
    """
    keys = [BG, DEEP, TRACK, CARD, CARD_EDGE, TEXT, DIM, FAINT, SAND, SAND_DARK, REEF, REEF_DARK,
            WATER, WATER_LIGHT, HIDDEN, ACCENT, GOLD, RED_ALERT, SHADOW, SPOT_FILL, HAT, SOMBRERO,
            INK_SAND, INK_DEEP, INK_REEF, INK_GOLD, GOLD_EDGE, CAVE_BAR, *FISH_RGB.values(),
            *GEM_RGB.values(), *(_light(c) for c in GEM_RGB.values()), *SPECIAL_RGB.values()]
    pairs: list[tuple[RGB, RGB]] = [
        (TEXT, CARD), (TEXT, BG), (DIM, CARD), (FAINT, CARD), (FAINT, TRACK), (FAINT, HIDDEN),
        (FAINT, SPOT_FILL), (ACCENT, SPOT_FILL), (ACCENT, CARD), (GOLD, CARD), (RED_ALERT, CARD),
        (SAND, TRACK), (DEEP, TRACK), (HIDDEN, TRACK), (INK_SAND, SAND), (INK_DEEP, DEEP),
        (REEF, REEF_DARK), (WATER, REEF_DARK), (WATER_LIGHT, WATER), (INK_REEF, REEF),
        (TEXT, WATER), (REEF_DARK, TRACK), (CARD_EDGE, CARD), (CARD_EDGE, SPOT_FILL),
        (CARD, TRACK), (CARD, BG), (TRACK, BG), (SHADOW, SAND), (SHADOW, DEEP), (SHADOW, GOLD),
        (SHADOW, CARD), (INK_GOLD, GOLD), (GOLD_EDGE, GOLD), (SAND_DARK, SAND), (DIM, BG),
        (CAVE_BAR, DEEP), (RED_ALERT, DEEP), (HAT, SHADOW), (SOMBRERO, SHADOW), (TEXT, TRACK),
    ]
    pairs += [(c, SHADOW) for c in FISH_RGB.values()]
    pairs += [(c, CARD) for c in GEM_RGB.values()]
    pairs += [(c, BG) for c in SPECIAL_RGB.values()]
    return Palette(keys, pairs, steps=3)

# ----- geometry --------------------------------------------------------------------------------

WIDTH = 1000
CELL = 68
LANE_X = (WIDTH - 12 * CELL) // 2  # 92
STRIP = 34  # height of a reef tile strip
GAP = 4
HEADER_H = 100
LANE0_Y = 118  # start fields and the start reef
ARCH_Y = (226, 414, 602)  # top of each arch's inner strip
GOAL_Y = 796
PANEL_Y = 890
SS = 4


def arch_field_y(arch: int) -> int:
    return ARCH_Y[arch] + STRIP + GAP


def field_box(pos: int) -> Box:
    """Pixel box of a path position (``games.kraqua.board`` numbering)."""
    if pos <= 4:  # lane 0, right to left: S1 at column 6 ... field 4 at column 0
        col = 6 - (pos + 2)
        y = LANE0_Y
    elif pos <= 40:
        arch = (pos - 5) // 12
        k = (pos - 5) % 12
        col = k if arch != 1 else 11 - k
        y = arch_field_y(arch)
    else:  # goal lane, right to left
        col = 11 - (pos - 41)
        y = GOAL_Y
    x = LANE_X + col * CELL
    return (x, y, x + CELL, y + CELL)


def spot_box(row: str, spot: int) -> Box:
    """The strip a tile on ``spot`` of ``row`` covers: three cells above or below the fields."""
    first = kb.spot_fields(spot)
    xs = [field_box(f)[0] for f in first]
    x0, x1 = min(xs), max(xs) + CELL
    arch = (spot - 1) // 4
    y = ARCH_Y[arch] if row == "i" else arch_field_y(arch) + CELL + GAP
    return (x0, y, x1, y + STRIP)


HEIGHT = PANEL_Y + 414  # the panel: seats and gems, then the status and up to three lines of the last move
PANEL_TOP = 8  # the panel is drawn on its own strip starting PANEL_TOP px above PANEL_Y


def _without_chip(view: KraquaView, names: Mapping[str, str]) -> dict[str, str]:
    """The seat list writes each seat's chip with its name, so a name that already ends in
    it (the bot's "hana (crab)") goes without it there."""
    chips: Mapping[str, str] = view.get("chips") or {}
    out = dict(names)
    for p, name in names.items():
        tail = f" ({chips.get(p)})"
        if p in chips and str(name).endswith(tail) and len(str(name)) > len(tail):
            out[p] = str(name)[: -len(tail)]
    return out


def chip_of(view: KraquaView, names: Mapping[str, str], player: str) -> str | None:
    """The chip a seat's name carries ("hana (crab)" carries ``crab``), for a picture to say
    it in the reader's words beside the bare name (:func:`_without_chip`); None if it carries
    none."""
    chip = (view.get("chips") or {}).get(player)
    name = names.get(player)
    bare = _without_chip(view, {player: name}) if name is not None else {}
    return str(chip) if chip in kb.ANIMAL_LETTER and bare.get(player) != name else None
