"""Kahuna images from views (``games.kahuna``, where the rules are).

``render`` draws the public board: the two players (score, stones, bridges, cards in hand,
whose turn), the island map as on the published board, then the round and scorings, the
open cards, the deck and the discards, and the last turn in words. The last turn's changes
are highlighted on the map: new bridges glow white, removed ones are left as a ghost with a
cross, taken stones get a white halo and lost stones a broken ring.

``render_hand`` draws a player's private hand from their own view: each card, and what it
could do on the board now (the lines it could bridge, the removals it could join).

``alt_text`` says the picture in words for screen readers: a :class:`~games.text.Text` of the
``kahuna`` domain, so it reaches the reader in their language, as the images' words do.

The map is the published one, scaled: 12 sand islands, their names and line counts (the
ticks under the name, as on the cards), 27 lines. Two lines pass another island on the real
board (COCO-KAHU west of GOLA, ALOA-HUNA east of DUDA); they are drawn as curves around it, so
no two lines cross. Seat 1 plays orange, seat 2 sky blue (apart for colour-blind eyes too),
and every stone carries its seat number.

Static art (sea, islands, empty lines, cards) is cached as palette images; a render pastes
cached sprites for bridges and stones (pre-blended over the background, pasted through
their masks) and draws its text on small RGB patches (see ``renderers.common``).

The package's modules, in the order they build on each other: ``style`` (colours, map
geometry, view checks), ``art`` (cached sprites), ``board`` (the public picture), ``hand``
(a player's private picture), ``alt`` (the alt text).
"""

from __future__ import annotations

from ..registry import GameRenderer
from .style import (
    CARD_FACE, DIM, GOLD, HAND_CARD_W, HILITE, ISLAND_R, PLANK, PLAYER, SAND, island_centre,
    line_path)
from .board import draw, prepare, render
from .hand import HAND_GAP, HAND_TOP, HAND_W, draw_hand, render_hand
from .alt import alt_text

__all__ = ["CARD_FACE", "DIM", "GOLD", "HAND_CARD_W", "HAND_GAP", "HAND_TOP", "HAND_W", "HILITE",
           "ISLAND_R", "PLANK", "PLAYER", "SAND", "alt_text", "draw", "draw_hand", "island_centre",
           "line_path", "prepare", "render", "render_hand"]

#: What the bot draws for kahuna: the game's registration (games/kahuna/engine.py) names it.
RECORD = GameRenderer(game="kahuna", board=render, prepare=prepare, alt_text=alt_text,
                      hand=render_hand)
