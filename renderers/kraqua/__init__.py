"""Kraqua board image from the public view (``games.kraqua``, where the rules are).

Layout, top to bottom: a header (level, round, status, shells, stack), the winding path in
five lanes (the start reef, the three reef arches of twelve fields with the inner reef row
above and the outer row below each, then the goal), the three gates on the turns between
lanes, and a panel with every seat (chip, tile, played or not), the gems in chest, cave and
hideout, the hideout goal and what happened last.

The track never changes, so the background for each number of revealed gates is drawn once
and cached (fields with their animal glyphs, special-field marks, hidden fields); a render
pastes cached tile strips, fish and badges on a copy and draws a little text.

The package's modules, in the order they build on each other: ``style`` (colours,
geometry), ``art`` (cached sprites), ``board`` (the picture and the warm-up), ``alt`` (the
alt text).
"""

from __future__ import annotations

from ..registry import GameRenderer
from .style import (
    ARCH_Y, CELL, DEEP, DIM, FISH_RGB, GAP, HIDDEN, PANEL_Y, REEF, SAND, STRIP, TEXT, WATER,
    field_box, spot_box)
from .art import (
    LEGEND_EXAMPLES, LEGEND_NOTE, LEGEND_SAFE, LEGEND_W, LEGEND_X, LEGEND_Y, background)
from .board import draw, prepare, render
from .alt import alt_text

__all__ = ["ARCH_Y", "CELL", "DEEP", "DIM", "FISH_RGB", "GAP", "HIDDEN", "LEGEND_EXAMPLES",
           "LEGEND_NOTE", "LEGEND_SAFE", "LEGEND_W", "LEGEND_X", "LEGEND_Y", "PANEL_Y", "REEF",
           "SAND", "STRIP", "TEXT", "WATER", "alt_text", "background", "draw", "field_box",
           "prepare", "render", "spot_box"]

#: What the bot draws for kraqua: the game's registration (games/kraqua/engine.py) names it.
RECORD = GameRenderer(game="kraqua", board=render, prepare=prepare, alt_text=alt_text)
