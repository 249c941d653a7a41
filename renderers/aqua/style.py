"""Aqua's colours, its layout constants, and the view's fields read safely."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from games.aqua.material import HOT, LARGE_VALUES, TILE_SET, SPECIES as SPECIES_NAMES
from games.aqua.scoring import Breakdown
from games.aqua.view import AquaView, AreaView
from games.text import translator

from ..common import RGB, Palette, mix, ui_pairs
# The house colours; here ACCENT also marks where a tile can go, GOLD large animals and
# 3-point animals.
from ..common import ACCENT as ACCENT, GOLD as GOLD, HILITE as HILITE, TEXT as TEXT

_ = translator("aqua")

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (8, 24, 40)
CARD: RGB = (17, 40, 60)
CARD_EDGE: RGB = (36, 72, 98)
DIM: RGB = (140, 168, 190)
FAINT: RGB = (86, 118, 142)
SHADOW: RGB = (2, 8, 16)
WELL: RGB = (22, 50, 72)
WELL_EDGE: RGB = (46, 84, 110)
LEGAL: RGB = (16, 70, 82)
TOKEN: RGB = (12, 22, 36)
HOT_DARK: RGB = (58, 30, 30)
HOT_GLOW: RGB = (255, 112, 56)
HOT_CORE: RGB = (255, 222, 128)

#: Coral colours, far apart and bright on the navy ground.
COLOURS: dict[str, RGB] = {
    "R": (232, 72, 86),
    "O": (255, 146, 50),
    "Y": (246, 212, 60),
    "G": (60, 192, 102),
    "B": (60, 140, 242),
    "P": (168, 98, 236),
}
LIGHT: dict[str, RGB] = {c: mix(v, (255, 255, 255), 0.38) for c, v in COLOURS.items()}
DARK: dict[str, RGB] = {c: mix(v, TOKEN, 0.55) for c, v in COLOURS.items()}
FADED: dict[str, RGB] = {c: mix(v, TOKEN, 0.55) for c, v in COLOURS.items()}


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce."""
    keys = [BG, CARD, CARD_EDGE, TEXT, DIM, FAINT, ACCENT, GOLD, HILITE, SHADOW, WELL, WELL_EDGE,
            LEGAL, TOKEN, HOT_DARK, HOT_GLOW, HOT_CORE, *COLOURS.values(), *LIGHT.values(),
            *DARK.values()]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (GOLD, TOKEN), (TEXT, TOKEN), (DIM, TOKEN), (WELL, CARD), (WELL_EDGE, WELL),
        (WELL_EDGE, CARD),
        (ACCENT, LEGAL), (TEXT, LEGAL), (FAINT, WELL), (LEGAL, CARD), (TOKEN, CARD),
        (HOT_GLOW, HOT_DARK), (HOT_CORE, HOT_GLOW), (HOT_DARK, CARD), (SHADOW, GOLD),
        (HILITE, CARD), (HILITE, SHADOW), (ACCENT, TOKEN), (FAINT, CARD), (SHADOW, CARD),
        (SHADOW, DIM), (FAINT, TOKEN),
    ]
    for c in COLOURS:
        pairs += [(COLOURS[c], CARD), (COLOURS[c], TOKEN), (COLOURS[c], DARK[c]),
                  (COLOURS[c], LIGHT[c]), (COLOURS[c], SHADOW), (DARK[c], TOKEN),
                  (COLOURS[c], HILITE), (COLOURS[c], GOLD)]
    return Palette(keys, pairs, steps=3)


@lru_cache(maxsize=256)
def ink(colour: RGB) -> int:
    """The palette index of a colour (for rectangles drawn straight onto the canvas)."""
    return palette().index(colour)



# ----- layout constants ------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling of cached art
HEADER_TOP = 68  # the players' cards start here
CARD_H = 92  # a player's card without its thumbnail
THUMB_H = 112  # the thumbnail of a player's area under their card (several players)
THUMB_MAX_HEX = 14
HEADER_H = HEADER_TOP + CARD_H + 16  # the header without thumbnails (solo, game over)
MARKET_H = 224
FULL_W = WIDTH - 2 * MARGIN  # a panel as wide as the picture
HALF_GAP = 16
HALF_W = (FULL_W - HALF_GAP) // 2  # two areas side by side
HALF_MAX_H = 760
MOVED_MAX_H = 400  # the mover's area above the next player's (when too wide to sit beside it)
MIN_SIDE_HEX = 30  # two areas side by side only while their hexes stay this large
AREA_PAD = 18
MAX_HEX = 62  # hex circumradius in px for small areas
MIN_HEX = 34  # the smallest size a tall area shrinks to (beyond it the image grows taller)
TINY_HEX = 22  # the smallest size a very wide area shrinks to (the width is fixed)
AREA_MAX_H = 1000
FOOTER_H = 510
MARKET_HEX = 50
#: Hex sizes the area may use: a few, so that every size's art stays cached.
HEX_SIZES: tuple[int, ...] = tuple(range(TINY_HEX, MAX_HEX + 1, 4))
SHAPES = tuple(LARGE_VALUES)
SPECIES = tuple(SPECIES_NAMES)  # C S F T J H
SQ3 = math.sqrt(3)
LABEL_RADIUS = 7  # ``prepare`` draws the coordinate labels of this many rings around 0,0


# ----- reading the view ------------------------------------------------------------------------


def as_view(view: Mapping[str, Any]) -> AquaView:
    """The view a renderer is handed, read as Aqua's: the registry's signature is every game's.
    Nothing is checked here; the readers below refuse broken values where they are used."""
    return cast(AquaView, view)


#: What a view without a player's area or score reads as: nothing yet.
EMPTY_AREA: AreaView = {"tiles": {}, "animals": {}, "large": [], "hot_spot": 0, "frontier": [],
                        "habitats": []}
EMPTY_SCORE: Breakdown = {"large": 0, "small": 0, "reefs": 0, "ecosystems": {}, "total": 0}


def area_of(view: AquaView, player: str) -> AreaView:
    """``player``'s area (an empty one if the view has none)."""
    return (view.get("areas") or {}).get(player) or EMPTY_AREA


def score_of(view: AquaView, player: str) -> Breakdown:
    """``player``'s live score (nothing if the view has none)."""
    return (view.get("scores") or {}).get(player) or EMPTY_SCORE


def _pos(text: Any) -> tuple[int, int]:
    """``"q,r"`` from the view; anything else is a broken view."""
    if isinstance(text, str):
        return _parse_pos(text)
    raise ValueError(f"not an Aqua position: {text!r}")


@lru_cache(maxsize=4096)
def _parse_pos(text: str) -> tuple[int, int]:
    if len(text) < 12:
        parts = text.split(",")
        if len(parts) == 2:
            try:
                return int(parts[0]), int(parts[1])
            except ValueError:
                pass
    raise ValueError(f"not an Aqua position: {text!r}")


def _colours(text: Any) -> str:
    if (isinstance(text, str) and len(text) == 3
            and all(c in COLOURS or c == HOT for c in text) and text.count(HOT) <= 1):
        return text
    raise ValueError(f"not an Aqua tile: {text!r}")


def _code(text: Any) -> str:
    if isinstance(text, str) and text in TILE_SET:
        return text
    raise ValueError(f"not an Aqua tile: {text!r}")


def _animal(value: Any) -> tuple[str, int, bool]:
    if isinstance(value, (list, tuple)) and len(value) == 3 and value[0] in SPECIES_NAMES:
        return str(value[0]), int(value[1]), bool(value[2])
    raise ValueError(f"not an Aqua small animal: {value!r}")
