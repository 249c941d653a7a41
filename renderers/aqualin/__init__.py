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

from ..registry import GameRenderer
from .style import (
    CELL, COLOURS, FILES, FRAME, HILITE, RANKS, SPECIES_NAMES, square_centre, square_origin)
from .glyphs import GLYPHS
from .art import prepare, tile_rgb
from .board import draw, render
from .alt import alt_text

__all__ = ["CELL", "COLOURS", "FILES", "FRAME", "GLYPHS", "HILITE", "RANKS", "SPECIES_NAMES",
           "alt_text", "draw", "prepare", "render", "square_centre", "square_origin", "tile_rgb"]

#: What the bot draws for aqualin: the game's registration (games/aqualin/engine.py) names it.
RECORD = GameRenderer(game="aqualin", board=render, prepare=prepare, alt_text=alt_text)
