"""Kahuna's colours, the map's geometry, and the view's fields checked."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.kahuna import ISLANDS, LINES, POSITIONS, KahunaView
from games.text import plural, translator

from ..common import RGB, Palette, ui_pairs
from ..common import HILITE as HILITE, TEXT as TEXT  # house colours

_ = translator("kahuna")
_n = plural(_)

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (9, 30, 44)  # deep sea around the panels
SEA: RGB = (16, 62, 84)
SEA_LIGHT: RGB = (24, 80, 104)
CARD: RGB = (19, 44, 64)
CARD_EDGE: RGB = (40, 78, 104)
DIM: RGB = (150, 180, 200)
SAND: RGB = (238, 216, 164)
SAND_RIM: RGB = (176, 140, 86)
INK: RGB = (64, 42, 22)
ROPE: RGB = (92, 134, 150)  # an empty line
SHADOW: RGB = (4, 12, 20)
ACCENT: RGB = (120, 232, 160)  # whose turn (apart from both player colours)
GOLD: RGB = (255, 200, 70)
RED: RGB = (226, 60, 60)  # the marked island on a card
CARD_FACE: RGB = (250, 240, 214)
CARD_BACK: RGB = (28, 96, 110)

#: Seat 1 orange, seat 2 sky blue; the dark shade outlines planks and stones.
PLAYER: tuple[RGB, RGB] = ((255, 138, 40), (92, 196, 255))
PLAYER_DARK: tuple[RGB, RGB] = ((120, 52, 6), (16, 70, 120))


@lru_cache(maxsize=1)
def palette() -> Palette:
    keys = [BG, SEA, SEA_LIGHT, CARD, CARD_EDGE, TEXT, DIM, SAND, SAND_RIM, INK, ROPE, HILITE,
            SHADOW, ACCENT, GOLD, RED, CARD_FACE, CARD_BACK, *PLAYER, *PLAYER_DARK]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (SEA, BG), (SAND, SEA), (SAND_RIM, SEA), (SAND_RIM, SAND), (INK, SAND), (ROPE, SEA),
        (HILITE, SEA), (SHADOW, SEA), (CARD, ACCENT), (CARD, GOLD), (INK, CARD_FACE),
        (RED, CARD_FACE), (CARD_FACE, CARD), (SAND_RIM, CARD_FACE), (CARD_BACK, CARD),
        (TEXT, CARD_BACK), (HILITE, SAND_RIM), (SEA_LIGHT, SEA), (RED, HILITE),
    ]
    for c, d in zip(PLAYER, PLAYER_DARK):
        pairs += [(c, d), (d, SEA), (c, SEA), (c, CARD), (d, CARD), (c, SAND_RIM), (d, HILITE),
                  (INK, c), (c, HILITE), (d, SAND_RIM)]
    return Palette(keys, pairs, steps=4)


# ----- geometry --------------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling for anti-aliased shapes
HEADER_H = 158
CARD_Y, CARD_H = 18, 126
MAP_Y = HEADER_H
SCALE = 1.5
MAP_H = 740
ISLAND_R = 44
RIM_GAP = 10  # bridges start this far outside an island's rim
BADGE = 40  # a stone's seat badge sits this far right of and above the island's centre
PLANK = 15  # bridge width
FOOTER_Y = MAP_Y + MAP_H
FOOTER_H = 372
HEIGHT = FOOTER_Y + FOOTER_H + MARGIN
OPEN_W, OPEN_H = 122, 162  # an open card in the footer
NAME_SIZE = 32
STATUS_SIZE = 26
SMALL = 22

_MIN_X = min(x for x, _ in POSITIONS.values())
_MIN_Y = min(y for _, y in POSITIONS.values())


def island_centre(island: str) -> tuple[float, float]:
    """Pixel centre of ``island`` on the board image."""
    x, y = POSITIONS[island]
    return 100 + (x - _MIN_X) * SCALE, MAP_Y + 68 + (y - _MIN_Y) * SCALE


#: Lines drawn as curves: line -> (island, offset). The curve passes through that island's
#: centre plus the offset, i.e. beside it. COCO-KAHU goes round GOLA on the west, so it crosses
#: neither GOLA-JOJO nor FAAA-GOLA; ALOA-HUNA swings east, clear of DUDA.
_BENDS: dict[str, tuple[str, tuple[float, float]]] = {
    "COCO-KAHU": ("GOLA", (-80.0, 4.0)),
    "ALOA-HUNA": ("DUDA", (84.0, 0.0)),
}


@lru_cache(maxsize=None)
def line_path(line: str) -> tuple[tuple[float, float], ...]:
    """Points of ``line`` from rim to rim: a straight segment, or a quadratic Bézier whose
    middle passes beside a third island (see ``_BENDS``)."""
    a, b = line.split("-")
    pa, pb = island_centre(a), island_centre(b)
    if line in _BENDS:
        avoid, (dx, dy) = _BENDS[line]
        cx, cy = island_centre(avoid)
        target = (cx + dx, cy + dy)
        # B(1/2) = (pa + pb)/4 + ctrl/2, so this control point puts the middle on target
        ctrl = (2 * target[0] - (pa[0] + pb[0]) / 2, 2 * target[1] - (pa[1] + pb[1]) / 2)
        pts = [((1 - t) ** 2 * pa[0] + 2 * (1 - t) * t * ctrl[0] + t * t * pb[0],
                (1 - t) ** 2 * pa[1] + 2 * (1 - t) * t * ctrl[1] + t * t * pb[1])
               for t in (i / 64 for i in range(65))]
    else:
        pts = [pa, pb]
    reach = ISLAND_R + RIM_GAP
    return tuple(_clip(_clip(pts, pa, reach)[::-1], pb, reach)[::-1])


def _clip(pts: list[tuple[float, float]], centre: tuple[float, float], radius: float
          ) -> list[tuple[float, float]]:
    """Cut the start of a polyline where it leaves the circle around ``centre``."""
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        d0 = math.hypot(x0 - centre[0], y0 - centre[1])
        d1 = math.hypot(x1 - centre[0], y1 - centre[1])
        if d1 >= radius:
            # distance from the centre grows linearly along a segment leaving it (exact for a
            # straight line from the centre, close enough on the fine polyline of a curve)
            t = 0.0 if d0 >= radius else (radius - d0) / max(d1 - d0, 1e-9)
            start = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            return [start, *pts[i + 1:]]
    return pts[-1:]


def _midpoint(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """The point halfway along a polyline and the direction there (radians)."""
    lengths = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    half = sum(lengths) / 2
    for i, seg in enumerate(lengths):
        if half <= seg:
            t = half / seg if seg else 0
            (x0, y0), (x1, y1) = pts[i], pts[i + 1]
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)
        half -= seg
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    return x1, y1, math.atan2(y1 - y0, x1 - x0)


def _bbox(pts: Sequence[tuple[float, float]], pad: float) -> tuple[int, int, int, int]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad),
            math.ceil(max(ys) + pad))


# ----- view checks -----------------------------------------------------------------------------


def _seat(view: KahunaView, player: object) -> int:
    """0 or 1: the seat of ``player`` in the view (its colour)."""
    players = list(view.get("players") or [])
    if player not in players[:2]:
        raise ValueError(f"not a player of this Kahuna game: {player!r}")
    return players.index(player)


def _check_line(line: Any) -> str:
    if line not in LINES:
        raise ValueError(f"not a Kahuna line: {line!r}")
    return str(line)


def _check_island(island: Any) -> str:
    if island not in ISLANDS:
        raise ValueError(f"not a Kahuna island: {island!r}")
    return str(island)


#: A card in a player's hand picture (``prepare`` draws those faces too).
HAND_CARD_W, HAND_CARD_H = 168, 224
