"""Krasserfall board image from the public view (``games.krasserfall``, where
the rules are).

The river seen from above, flowing left to right towards the waterfall edge. Top to bottom:
the players (owner colour, name, medals, the stone, whose turn), the four lanes (a label
with the boat's danger bar on the left, waves 0-6, the boat at its position with its
figures, the life ring and the stone, the strip running over the edge to the fish with its
weights), the net with the boats that fell this round, and a footer with the last die face,
whose turn, the last move and the rounds so far.

Figures are drawn in their owner's colour (never a boat colour) with the seat number on
them; big figures are larger and ringed. The picture is composed in RGB from cached
anti-aliased sprites and mapped once onto a fixed palette (``renderers.common``).

The package's modules, in the order they build on each other: ``style`` (colours,
geometry, the drawing sheet), ``art`` (cached sprites and the warm-up), ``board`` (the
picture), ``alt`` (the alt text).
"""

from __future__ import annotations

from typing import cast

from ..registry import Describer, GameRenderer, Renderer
from .style import (
    BOATS, BOAT_L, FALLS, LABEL_W, LABEL_X, LANE_H, OWNERS, SAFE, TEXT, lane_top, wave_x)
from .art import background_p, prepare
from .board import draw, render
from .alt import alt_text

__all__ = ["BOATS", "BOAT_L", "FALLS", "LABEL_W", "LABEL_X", "LANE_H", "OWNERS", "SAFE", "TEXT",
           "alt_text", "background_p", "draw", "lane_top", "prepare", "render", "wave_x"]

# The record's slots take any game's view; these functions read Krasserfall's (a TypedDict).
#: What the bot draws for krasserfall: the game's registration (games/krasserfall/engine.py) names it.
RECORD = GameRenderer(game="krasserfall", board=cast(Renderer, render), prepare=prepare,
                      alt_text=cast(Describer, alt_text))
