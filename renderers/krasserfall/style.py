"""Krasserfall's colours, the river's geometry, and the sheet a render draws on."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from games.krasserfall.model import LANES, LAST_WAVE, TIP_RANGE
from games.text import plural, translator

from catalogs import tr
from games.text import Text

from ..common import RGB, Box, Palette, carry, draw_text

_ = translator("krasserfall")
_n = plural(_)

# ----- colours ---------------------------------------------------------------------------------

BG: RGB = (12, 30, 40)
CARD: RGB = (22, 48, 60)
CARD_EDGE: RGB = (40, 78, 94)
TEXT: RGB = (238, 244, 246)
DIM: RGB = (150, 180, 192)
ACCENT: RGB = (80, 230, 200)  # whose turn
GOLD: RGB = (255, 200, 70)  # medals, the winner
WATER: RGB = (34, 104, 142)
WATER2: RGB = (30, 96, 132)  # every other lane
WAVE: RGB = (92, 166, 200)
FOAM: RGB = (228, 244, 250)
DROP: RGB = (16, 52, 74)  # below the edge
STRIP: RGB = (214, 222, 226)
DECK: RGB = (236, 222, 190)
SHADOW: RGB = (6, 14, 20)
RING_A: RGB = (255, 120, 40)  # the life ring: orange and white
RING_B: RGB = (250, 248, 240)
STONE: RGB = (132, 128, 122)
STONE_DARK: RGB = (86, 82, 78)
FISH: RGB = (176, 196, 206)
WEIGHT: RGB = (44, 46, 52)
NET: RGB = (18, 40, 52)
NET_LINE: RGB = (60, 96, 110)
SAFE: RGB = (70, 200, 120)
RISK: RGB = (250, 180, 50)
FALLS: RGB = (240, 70, 70)

TIP = float(TIP_RANGE)  # tipping points lie in [-TIP, +TIP]

#: Boat colours, bright and apart.
BOATS: dict[str, RGB] = {
    "red": (232, 64, 72),
    "yellow": (250, 204, 52),
    "green": (46, 186, 98),
    "blue": (56, 130, 250),
}
#: Owner colours by seat (1-4): none of them is a boat colour, all read on the cream deck.
OWNERS: tuple[RGB, ...] = ((150, 82, 230), (32, 32, 38), (238, 82, 170), (0, 168, 178))


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads on ``colour``."""
    return (20, 20, 24) if sum(colour) > 420 else (250, 250, 250)


@lru_cache(maxsize=1)
def palette() -> Palette:
    keys = [BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD, WATER, WATER2, WAVE, FOAM, DROP, STRIP,
            DECK, SHADOW, RING_A, RING_B, STONE, STONE_DARK, FISH, WEIGHT, NET, NET_LINE, SAFE,
            RISK, FALLS, *BOATS.values(), *OWNERS, (250, 250, 250), (20, 20, 24)]
    pairs: list[tuple[RGB, RGB]] = [
        (TEXT, BG), (TEXT, CARD), (DIM, BG), (DIM, CARD), (ACCENT, CARD), (GOLD, CARD),
        (CARD_EDGE, BG), (CARD, BG), (WAVE, WATER), (WAVE, WATER2), (FOAM, WATER), (FOAM, DROP),
        (DROP, WATER), (STRIP, WATER), (STRIP, DROP), (SHADOW, WATER), (SHADOW, DECK),
        (RING_A, RING_B), (RING_A, DECK), (RING_A, WATER), (STONE, DECK), (STONE, WATER),
        (STONE, STONE_DARK), (FISH, DROP), (WEIGHT, FISH), (WEIGHT, DROP), (NET_LINE, NET),
        (TEXT, NET), (DIM, NET), (SAFE, CARD), (RISK, CARD), (FALLS, CARD), (TEXT, DROP),
        (ACCENT, BG), (GOLD, BG), (TEXT, WATER), (BG, ACCENT), (CARD, GOLD), (CARD, ACCENT),
    ]
    for c in BOATS.values():
        pairs += [(c, WATER), (c, WATER2), (c, DECK), (c, CARD), (c, NET), (c, BG)]
    for c in OWNERS:
        pairs += [(c, DECK), (c, SHADOW), (c, CARD), ((250, 250, 250), c), ((20, 20, 24), c)]
    return Palette(keys, pairs, steps=3)


# ----- geometry --------------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling of sprites
TITLE_Y = 30
CARDS_Y, CARD_H = 58, 104
WAVE_LABEL_Y = 186
RIVER_Y = 200
LANE_H = 118
RIVER_H = 4 * LANE_H
LABEL_X, LABEL_W = MARGIN, 170
WATER_X = LABEL_X + LABEL_W + 8
WAVE0_X = WATER_X + 20
WAVE_DX = 70
BOAT_L, BOAT_W = 116, 94
EDGE_X = WAVE0_X + LAST_WAVE * WAVE_DX + BOAT_L + 10  # just past the bow of a boat at wave 6
DROP_W = 64
FISH_X = EDGE_X + DROP_W
NET_Y = RIVER_Y + RIVER_H + 16
NET_H = 132
FOOTER_Y = NET_Y + NET_H + 16
FOOTER_H = 264  # the roll, the status, the last move, the stone and three rounds' results
HEIGHT = FOOTER_Y + FOOTER_H + 20
DIE = 128
PILL = (18, 30, 24, SS)  # a pill's text size, height, padding and supersampling


class Sheet:
    """The RGB picture being drawn, its words in ``lang``, and the boxes drawn on (only those
    are re-mapped)."""

    def __init__(self, image: Image.Image, lang: str = "en") -> None:
        self.image = image
        self.lang = lang
        self.dirty: list[Box] = []
        self.region: Box | None = None  # while set, marks grow this one box instead

    def mark(self, box: Sequence[float]) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.image.width, x1), min(self.image.height, y1)
        if x1 <= x0 or y1 <= y0:
            return
        if self.region is not None:
            r = self.region
            self.region = (min(r[0], x0), min(r[1], y0), max(r[2], x1), max(r[3], y1))
        else:
            self.dirty.append((x0, y0, x1, y1))

    def begin(self) -> None:
        """Collect the next marks into one box (several small re-mappings cost more)."""
        self.region = (self.image.width, self.image.height, 0, 0)

    def end(self) -> None:
        r, self.region = self.region, None
        if r is not None and r[2] > r[0] and r[3] > r[1]:
            self.dirty.append(r)

    def paste(self, sprite: Image.Image, at: tuple[int, int]) -> None:
        """Paste ``sprite`` (RGBA: alpha-blended) at ``at``."""
        mask = sprite if sprite.mode == "RGBA" else None
        self.image.paste(sprite, at, mask)
        carry(sprite, self.image, at)
        self.mark((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))

    def say(self, text: Text) -> str:
        return tr(text, self.lang)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             stroke: int = 0) -> Box:
        box = draw_text(self.image, xy, text, size, fill, anchor, stroke)
        self.mark(box)
        return box


def lane_top(colour: str) -> int:
    return RIVER_Y + LANES.index(colour) * LANE_H


def wave_x(position: float) -> int:
    return round(WAVE0_X + position * WAVE_DX)
