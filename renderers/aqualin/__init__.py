"""Aqualin board image from the public view (``games.aqualin``, where the rules are).

Layout, top to bottom: the two players (name, role, score, whose turn), the 6×6 board with
file and rank labels, then the tile to place (seed rules) or the market (classic rules), or
the result once the game is over.

Tiles are dark slate with a coloured rim and a coloured species glyph drawn from Pillow
shapes; the colour letter sits in a corner for colour-blind players. The centre of every
glyph is solid tile colour, so a tile's colour can be read at its centre. Static art is
cached (see ``renderers.common``); a render pastes cached pieces and draws a little text.

The package's modules, in the order they build on each other: ``style`` (colours,
geometry, view checks), ``glyphs`` (the animals), ``art`` (cached sprites and the warm-up),
``board`` (the picture), ``alt`` (the alt text).
"""

from __future__ import annotations

from ..registry import GameRenderer, register
from .style import (
    ACCENT,
    BG,
    BOARD,
    BOARD_X,
    BOARD_Y,
    CARD,
    CARD_EDGE,
    CARD_H,
    CARD_Y,
    CELL,
    COLOURS,
    COLOUR_NAMES,
    DIM,
    DRAWN_SIZE,
    FILES,
    FOOTER_BODY_Y,
    FOOTER_H,
    FOOTER_Y,
    FRAME,
    FRAME_PAD,
    GOLD,
    HEADER_H,
    HILITE,
    LABEL_SIZE,
    MARGIN,
    MARKET_GAP,
    MARKET_SIZE,
    RANKS,
    RULES,
    SHADOW,
    SPECIES_LINK,
    SPECIES_NAMES,
    SS,
    STATUS_SIZE,
    TEXT,
    TILE_BG,
    TILE_INSET,
    TOTAL_TILES,
    WELL,
    WELL_TEXT,
    WIDTH,
    footer_height,
    height,
    palette,
    square_centre,
    square_origin,
    tile_name,
)
from .glyphs import GLYPHS, Glyph
from .art import (
    arrow,
    background,
    colour_dots,
    mini_glyph,
    prepare,
    ring,
    species_row,
    tile_p,
    tile_rgb,
)
from .board import draw, render
from .alt import alt_text

__all__ = ["ACCENT", "BG", "BOARD", "BOARD_X", "BOARD_Y", "CARD", "CARD_EDGE", "CARD_H", "CARD_Y",
           "CELL", "COLOURS", "COLOUR_NAMES", "DIM", "DRAWN_SIZE", "FILES", "FOOTER_BODY_Y",
           "FOOTER_H", "FOOTER_Y", "FRAME", "FRAME_PAD", "GLYPHS", "GOLD", "HEADER_H", "HILITE",
           "LABEL_SIZE", "MARGIN", "MARKET_GAP", "MARKET_SIZE", "RANKS", "RULES", "SHADOW",
           "SPECIES_LINK", "SPECIES_NAMES", "SS", "STATUS_SIZE", "TEXT", "TILE_BG", "TILE_INSET",
           "TOTAL_TILES", "WELL", "WELL_TEXT", "WIDTH", "Glyph", "alt_text", "arrow", "background",
           "colour_dots", "draw", "footer_height", "height", "mini_glyph", "palette", "prepare",
           "render", "ring", "species_row", "square_centre", "square_origin", "tile_name",
           "tile_p", "tile_rgb"]

register(GameRenderer(game="aqualin", board=render, prepare=prepare, alt_text=alt_text))
