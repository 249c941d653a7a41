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

from ..registry import GameRenderer, register
from .style import (
    ACCENT,
    ARCH_Y,
    BG,
    CARD,
    CARD_EDGE,
    CAVE_BAR,
    CELL,
    DEEP,
    DIM,
    FAINT,
    FISH_RGB,
    GAP,
    GEM_RGB,
    GLYPH_KEY,
    GOAL_Y,
    GOLD,
    GOLD_EDGE,
    HAT,
    HEADER_H,
    HEIGHT,
    HIDDEN,
    INK_DEEP,
    INK_GOLD,
    INK_REEF,
    INK_SAND,
    LANE0_Y,
    LANE_X,
    PANEL_TOP,
    PANEL_Y,
    RED_ALERT,
    REEF,
    REEF_DARK,
    SAND,
    SAND_DARK,
    SHADOW,
    SOMBRERO,
    SPECIAL_RGB,
    SPOT_FILL,
    SS,
    STRIP,
    TEXT,
    TRACK,
    WATER,
    WATER_LIGHT,
    WIDTH,
    arch_field_y,
    field_box,
    palette,
    spot_box,
)
from .art import (
    FISH_SCALE,
    LEGEND_EXAMPLES,
    LEGEND_NOTE,
    LEGEND_SAFE,
    LEGEND_TITLE,
    LEGEND_W,
    LEGEND_X,
    LEGEND_Y,
    animal_icon,
    background,
    background_p,
    field_p,
    field_sprite,
    fish_sprite,
    gate_badge,
    gate_badge_p,
    gem_icon,
    next_marker,
    shell_icon,
    tile_p,
    tile_strip,
)
from .board import PANEL_GEMS_X, draw, header_base, panel_base, prepare, render
from .alt import ALT_ROOM, STATUS_WORDS, alt_text

__all__ = ["ACCENT", "ALT_ROOM", "ARCH_Y", "BG", "CARD", "CARD_EDGE", "CAVE_BAR", "CELL", "DEEP",
           "DIM", "FAINT", "FISH_RGB", "FISH_SCALE", "GAP", "GEM_RGB", "GLYPH_KEY", "GOAL_Y",
           "GOLD", "GOLD_EDGE", "HAT", "HEADER_H", "HEIGHT", "HIDDEN", "INK_DEEP", "INK_GOLD",
           "INK_REEF", "INK_SAND", "LANE0_Y", "LANE_X", "LEGEND_EXAMPLES", "LEGEND_NOTE",
           "LEGEND_SAFE", "LEGEND_TITLE", "LEGEND_W", "LEGEND_X", "LEGEND_Y", "PANEL_GEMS_X",
           "PANEL_TOP", "PANEL_Y", "RED_ALERT", "REEF", "REEF_DARK", "SAND", "SAND_DARK", "SHADOW",
           "SOMBRERO", "SPECIAL_RGB", "SPOT_FILL", "SS", "STATUS_WORDS", "STRIP", "TEXT", "TRACK",
           "WATER", "WATER_LIGHT", "WIDTH", "alt_text", "animal_icon", "arch_field_y",
           "background", "background_p", "draw", "field_box", "field_p", "field_sprite",
           "fish_sprite", "gate_badge", "gate_badge_p", "gem_icon", "header_base", "next_marker",
           "palette", "panel_base", "prepare", "render", "shell_icon", "spot_box", "tile_p",
           "tile_strip"]

register(GameRenderer(game="kraqua", board=render, prepare=prepare, alt_text=alt_text))
