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

from ..registry import GameRenderer, register
from .style import (
    ACCENT,
    BG,
    BOATS,
    BOAT_L,
    BOAT_W,
    CARD,
    CARDS_Y,
    CARD_EDGE,
    CARD_H,
    DECK,
    DIE,
    DIM,
    DROP,
    DROP_W,
    EDGE_X,
    FALLS,
    FISH,
    FISH_X,
    FOAM,
    FOOTER_H,
    FOOTER_Y,
    GOLD,
    HEIGHT,
    LABEL_W,
    LABEL_X,
    LANE_H,
    MARGIN,
    NET,
    NET_H,
    NET_LINE,
    NET_Y,
    OWNERS,
    PILL,
    RING_A,
    RING_B,
    RISK,
    RIVER_H,
    RIVER_Y,
    SAFE,
    SHADOW,
    SS,
    STONE,
    STONE_DARK,
    STRIP,
    TEXT,
    TIP,
    TITLE_Y,
    WATER,
    WATER2,
    WATER_X,
    WAVE,
    WAVE0_X,
    WAVE_DX,
    WAVE_LABEL_Y,
    WEIGHT,
    WIDTH,
    Sheet,
    ink_on,
    lane_top,
    palette,
    wave_x,
)
from .art import (
    FISH_H,
    FISH_W,
    background,
    background_p,
    boat_sprite,
    card_x,
    die_sprite,
    figure_sprite,
    fish_sprite,
    hull_sprite,
    prepare,
    ring_sprite,
    stone_sprite,
    weights_sprite,
)
from .board import draw, render
from .alt import BOAT_TITLES, DIE_WORDS, alt_text

__all__ = ["ACCENT", "BG", "BOATS", "BOAT_L", "BOAT_TITLES", "BOAT_W", "CARD", "CARDS_Y",
           "CARD_EDGE", "CARD_H", "DECK", "DIE", "DIE_WORDS", "DIM", "DROP", "DROP_W", "EDGE_X",
           "FALLS", "FISH", "FISH_H", "FISH_W", "FISH_X", "FOAM", "FOOTER_H", "FOOTER_Y", "GOLD",
           "HEIGHT", "LABEL_W", "LABEL_X", "LANE_H", "MARGIN", "NET", "NET_H", "NET_LINE", "NET_Y",
           "OWNERS", "PILL", "RING_A", "RING_B", "RISK", "RIVER_H", "RIVER_Y", "SAFE", "SHADOW",
           "SS", "STONE", "STONE_DARK", "STRIP", "TEXT", "TIP", "TITLE_Y", "WATER", "WATER2",
           "WATER_X", "WAVE", "WAVE0_X", "WAVE_DX", "WAVE_LABEL_Y", "WEIGHT", "WIDTH", "Sheet",
           "alt_text", "background", "background_p", "boat_sprite", "card_x", "die_sprite", "draw",
           "figure_sprite", "fish_sprite", "hull_sprite", "ink_on", "lane_top", "palette",
           "prepare", "render", "ring_sprite", "stone_sprite", "wave_x", "weights_sprite"]

register(GameRenderer(game="krasserfall", board=render, prepare=prepare, alt_text=alt_text))
