"""Aqua board image from the public view (``games.aqua``, where the rules are).

Layout, top to bottom: the players (name, score, animals, whose turn, the snail and, with
several players, a thumbnail of their area), the market (slot numbers, tiles at rotation 0,
the sea snail), the areas of :func:`plan`, then the large animals left, the small-animal
stacks, the ecosystems in play and a legend (or, at the end, the final scores).

Which areas: after a move, the mover's area (what the turn placed outlined in white) beside
the next player's, so the channel sees what was built and what comes next; at the end every
area; on request (``focus``) one player's. The mover is read from the view's ``last`` move,
so a post, a replay and ``/game board`` show the same picture.

An area is drawn to scale from the engine's own hex geometry, cropped to the tiles and the
free positions around them, and scaled so that it fits its panel. Every free position carries
its ``q,r`` (bright where a market tile fits this turn) and every habitat its ``q,r`` (the
site at the top corner of tile ``q,r``), so a player can type a move from the picture alone.
Corals carry their colour letter for colour-blind players.

Speed: the picture is composed directly in palette ("P") mode, one byte per pixel, like the
other renderers (see ``renderers.common``). Every piece of art is drawn once, anti-aliased,
onto the one flat colour it will lie on (a tile on the panel, a small animal on its habitat,
which is all one colour), mapped onto the palette and cached; a render pastes those pieces
with a binary mask and draws only the few things that lie over mixed ground (large-animal
outlines, tags) as small alpha-blended overlays. Hex sizes are a handful of fixed steps so
the caches hit; ``prepare`` fills them at start-up.

The package's modules, in the order they build on each other: ``style`` (colours, sizes,
reading the view), ``art`` (cached sprites), ``layout`` (what goes where), ``panels`` (the
parts of the picture), ``board`` (the render), ``alt`` (the alt text).
"""

from __future__ import annotations

from ..registry import GameRenderer
from .style import (
    ACCENT, AREA_MAX_H, AREA_PAD, COLOURS, GOLD, HEADER_H, HILITE, HOT_CORE, HOT_GLOW, MARGIN,
    MARKET_HEX, MAX_HEX, MIN_HEX, MIN_SIDE_HEX, TINY_HEX, WIDTH)
from .layout import AreaLayout, Panel, Plan, focus_player, plan
from .panels import card_boxes, thumb_box
from .words import LEGEND
from .board import draw, prepare, render
from .alt import alt_text

__all__ = ["ACCENT", "AREA_MAX_H", "AREA_PAD", "COLOURS", "GOLD", "HEADER_H", "HILITE", "HOT_CORE",
           "HOT_GLOW", "LEGEND", "MARGIN", "MARKET_HEX", "MAX_HEX", "MIN_HEX", "MIN_SIDE_HEX",
           "TINY_HEX", "WIDTH", "AreaLayout", "Panel", "Plan", "alt_text", "card_boxes", "draw",
           "focus_player", "plan", "prepare", "render", "thumb_box"]

#: What the bot draws for aqua: the game's registration (games/aqua/engine.py) names it.
RECORD = GameRenderer(game="aqua", board=render, prepare=prepare, alt_text=alt_text, focus=True)
