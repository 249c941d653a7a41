"""Aqualin's colours, the board's geometry, and the view's squares and tiles checked."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from games import aqualin as engine

from ..common import RGB, Palette, ui_pairs
# The house colours (ACCENT, whose turn, is kept apart from the six tile colours).
from ..common import ACCENT as ACCENT, GOLD as GOLD, HILITE as HILITE, TEXT as TEXT

# The notation comes from the engine, so letters and names can never drift apart.
COLOUR_NAMES: Mapping[str, str] = engine.COLOURS  # "R" -> "red"
SPECIES_NAMES: Mapping[str, str] = engine.SPECIES  # "C" -> "crab"
TOTAL_TILES = len(engine.TILES)
FILES, RANKS = engine.FILES, engine.RANKS
tile_name = engine.tile_name  # "BF" -> "blue fish"

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (10, 26, 42)
CARD: RGB = (19, 44, 64)
CARD_EDGE: RGB = (34, 70, 96)
FRAME: RGB = (15, 48, 68)
WELL: RGB = (23, 66, 90)
WELL_TEXT: RGB = (78, 126, 152)
TILE_BG: RGB = (14, 20, 32)
DIM: RGB = (146, 174, 196)
SHADOW: RGB = (3, 8, 16)
SPECIES_LINK: RGB = (214, 226, 236)

#: Tile colours, bright on the dark tile; pink is light and warm, purple dark and cool.
COLOURS: dict[str, RGB] = {
    "R": (240, 72, 86),
    "Y": (255, 208, 60),
    "G": (50, 200, 106),
    "B": (58, 144, 255),
    "P": (255, 140, 206),
    "V": (150, 90, 240),
}


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce."""
    keys = [BG, CARD, CARD_EDGE, FRAME, WELL, WELL_TEXT, TILE_BG, TEXT, DIM, ACCENT, GOLD,
            HILITE, SHADOW, SPECIES_LINK, *COLOURS.values()]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (CARD, ACCENT), (CARD, GOLD), (WELL_TEXT, WELL), (WELL, FRAME), (FRAME, BG),
        (HILITE, FRAME), (HILITE, TILE_BG), (SHADOW, HILITE), (SHADOW, FRAME), (TILE_BG, FRAME),
        (TILE_BG, CARD), (TEXT, TILE_BG),
    ]
    for c in COLOURS.values():
        pairs += [(c, TILE_BG), (c, FRAME), (c, CARD)]
    return Palette(keys, pairs)


# ----- geometry --------------------------------------------------------------------------------

WIDTH = 900
MARGIN = 24
CELL = 116
TILE_INSET = 4  # a tile leaves this much of its square free on each side
BOARD = 6 * CELL
BOARD_X = (WIDTH - BOARD) // 2
HEADER_H = 150
CARD_Y, CARD_H = 20, 120
BOARD_Y = HEADER_H + 36
FRAME_PAD = 12
LABEL_SIZE = 30
STATUS_SIZE = 26  # the footer's status line: still legible at phone width (about 11 px)
LAST_SIZE = 22  # the last move beside it, where a long language leaves it too little room
FOOTER_Y = BOARD_Y + BOARD + FRAME_PAD + 48
FOOTER_H = {"seed": 184, "classic": 252, "over": 236}  # by rules, or once the game is over
RULES = ("seed", "classic")
FOOTER_BODY_Y = 56  # below the status line
DRAWN_SIZE = FOOTER_H["seed"] - FOOTER_BODY_Y - 18  # the tile to place
MARKET_GAP = 14
MARKET_SIZE = FOOTER_H["classic"] - FOOTER_BODY_Y - 18 - 70  # room for label and codes
SS = 4  # supersampling factor for anti-aliased shapes


def footer_height(rules: str, over: bool) -> int:
    return FOOTER_H["over" if over else rules]


def height(rules: str, over: bool) -> int:
    """Image height: the footer holds the market (classic), the drawn tile, or the result."""
    return FOOTER_Y + footer_height(rules, over) + 20


def square_origin(square: str) -> tuple[int, int]:
    """Top-left pixel of ``square``'s cell; rank 1 is at the bottom."""
    x = FILES.index(square[0])
    y = 5 - RANKS.index(square[1])
    return BOARD_X + x * CELL, BOARD_Y + y * CELL


def square_centre(square: str) -> tuple[int, int]:
    x, y = square_origin(square)
    return x + CELL // 2, y + CELL // 2


def _check_square(square: Any) -> str:
    if not (isinstance(square, str) and len(square) == 2 and square[0] in FILES
            and square[1] in RANKS):
        raise ValueError(f"not an Aqualin square: {square!r}")
    return square


def _check_tile(tile: Any) -> str:
    if not (isinstance(tile, str) and len(tile) == 2 and tile[0] in COLOURS
            and tile[1] in SPECIES_NAMES):
        raise ValueError(f"not an Aqualin tile: {tile!r}")
    return tile
