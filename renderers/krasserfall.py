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
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.krasserfall.model import (
    BOAT_WORDS,
    FACES,
    LANES,
    LAST_WAVE,
    SIZE_WORDS,
    TIP_RANGE,
    commas,
    number,
)
from games.text import Text, join, plural, translator

from .registry import GameRenderer, register
from .common import (
    RGB,
    Box,
    Palette,
    draw_text,
    encode_png,
    fit_text,
    mix,
    panel,
    pill,
    seat_name,
    shrink,
    supersampled,
    text_width,
)

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
FOOTER_H = 196
HEIGHT = FOOTER_Y + FOOTER_H + 20
DIE = 128
PILL = (18, 30, 24, SS)  # a pill's text size, height, padding and supersampling


class Sheet:
    """The RGB picture being drawn, and the boxes drawn on (only those are re-mapped)."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
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
        self.mark((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la",
             stroke: int = 0) -> Box:
        box = draw_text(self.image, xy, text, size, fill, anchor, stroke)
        self.mark(box)
        return box


def lane_top(colour: str) -> int:
    return RIVER_Y + LANES.index(colour) * LANE_H


def wave_x(position: float) -> int:
    return round(WAVE0_X + position * WAVE_DX)


# ----- sprites ---------------------------------------------------------------------------------


def _hull(w: float, h: float, inset: float) -> list[tuple[float, float]]:
    """The outline of a boat seen from above, stern left, bow right, inside a w x h box."""
    pts = []
    body = w * 0.68
    for k in range(0, 11):  # rounded stern corners and straight sides to the bow curve
        t = k / 10
        pts.append((inset + body * t, inset + h * 0.06 * (1 - t) ** 2))
    for k in range(1, 16):  # the bow: a smooth point
        a = k / 16 * math.pi / 2
        x = inset + body + (w - 2 * inset - body) * math.sin(a)
        y = inset + (h / 2 - inset) * (1 - math.cos(a))
        pts.append((x, y))
    lower = [(x, h - y) for x, y in reversed(pts)]
    return pts + lower[1:]


@lru_cache(maxsize=256)
def figure_sprite(seat: int, size: str, radius: int) -> Image.Image:
    """A figure from above: a disc in the owner's colour with its seat number."""
    colour = OWNERS[seat % len(OWNERS)]
    pad = 3
    d2 = 2 * (radius + pad)
    im, d = supersampled((d2, d2), SS, (0, 0, 0, 0), "RGBA")
    c = (radius + pad) * SS
    r = radius * SS
    d.ellipse((c - r - 2 * SS, c - r - SS, c + r + 2 * SS, c + r + 3 * SS), fill=SHADOW + (110,))
    d.ellipse((c - r, c - r, c + r, c + r), fill=(250, 250, 250, 255) if size == "big"
              else SHADOW + (255,))
    inner = r - (max(3, radius // 4) * SS if size == "big" else SS * 1.5)
    d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=colour + (255,))
    out = shrink(im, SS)
    font_size = max(10, round(radius * (1.25 if size == "big" else 1.35)))
    draw_text(out, (d2 / 2, d2 / 2 + 1), str(seat + 1), font_size, ink_on(colour), anchor="mm",
              stroke=1 if size == "big" else 0)
    return out


@lru_cache(maxsize=16)
def ring_sprite(radius: int) -> Image.Image:
    """The life ring: orange and white segments."""
    size = 2 * radius + 4
    im, d = supersampled((size, size), SS, (0, 0, 0, 0), "RGBA")
    c, r = size * SS / 2, radius * SS
    box = (c - r, c - r, c + r, c + r)
    d.ellipse((c - r, c - r + 2 * SS, c + r, c + r + 2 * SS), fill=SHADOW + (120,))
    for k in range(8):
        d.pieslice(box, k * 45 - 90, k * 45 - 45, fill=(RING_A if k % 2 == 0 else RING_B) + (255,))
    hole = r * 0.5
    d.ellipse((c - hole, c - hole, c + hole, c + hole), fill=(0, 0, 0, 0))
    return shrink(im, SS)


@lru_cache(maxsize=16)
def stone_sprite(radius: int) -> Image.Image:
    """The stone: a grey pebble with a highlight."""
    size = 2 * radius + 6
    im, d = supersampled((size, size), SS, (0, 0, 0, 0), "RGBA")
    r = radius * SS
    c = size * SS / 2
    d.ellipse((c - r * 1.1, c - r * 0.8 + 3 * SS, c + r * 1.1, c + r * 0.8 + 3 * SS),
              fill=SHADOW + (120,))
    pts = [(c + r * 1.1 * math.cos(a) * (1 + 0.08 * math.sin(3 * a)),
            c + r * 0.85 * math.sin(a) * (1 + 0.08 * math.cos(2 * a)))
           for a in (k / 24 * 2 * math.pi for k in range(24))]
    d.polygon(pts, fill=STONE_DARK + (255,))
    d.polygon([(c + (x - c) * 0.82 - r * 0.08, c + (y - c) * 0.78 - r * 0.1) for x, y in pts],
              fill=STONE + (255,))
    d.ellipse((c - r * 0.5, c - r * 0.55, c - r * 0.1, c - r * 0.3), fill=(180, 176, 170, 255))
    return shrink(im, SS)


def _figure_layout(count: int) -> tuple[int, int]:
    """Columns and rows for ``count`` figures on a deck."""
    if count <= 2:
        return count, 1
    if count <= 6:
        return (count + 1) // 2, 2
    if count <= 9:
        return 3, 3
    return 4, 3


@lru_cache(maxsize=16)
def hull_sprite(colour: str, scale: float = 1.0) -> Image.Image:
    """An empty boat as RGBA: hull in the boat colour, cream deck, shadow (drawn once)."""
    w, h = round(BOAT_L * scale), round(BOAT_W * scale)
    pad = round(12 * scale)
    W, H = w + 2 * pad, h + 2 * pad
    im, d = supersampled((W, H), SS, (0, 0, 0, 0), "RGBA")
    hull = [((x + pad) * SS, (y + pad) * SS) for x, y in _hull(w, h, 0)]
    shadow = [(x + 3 * SS, y + 4 * SS) for x, y in hull]
    d.polygon(shadow, fill=SHADOW + (110,))
    d.polygon(hull, fill=BOATS[colour] + (255,))
    rim = 7 * scale
    deck = [((x + pad) * SS, (y + pad) * SS) for x, y in _hull(w, h, rim)]
    deck = [(x, y) for x, y in deck]
    d.polygon(_shrink_poly(deck, rim * SS, ((w / 2 + pad) * SS, (h / 2 + pad) * SS)),
              fill=DECK + (255,))
    return shrink(im, SS)


@lru_cache(maxsize=512)
def boat_sprite(colour: str, figures: tuple[tuple[int, str], ...], ring: bool, stone: bool,
                scale: float = 1.0) -> Image.Image:
    """A boat with its load, as RGBA: the cached hull, then figures, ring and stone on it."""
    w, h = round(BOAT_L * scale), round(BOAT_W * scale)
    pad = round(12 * scale)
    out = hull_sprite(colour, scale).copy()
    # figures on the deck, in rows
    n = len(figures)
    if n:
        cols, rows = _figure_layout(n)
        x0, x1 = pad + w * 0.06, pad + w * (0.7 if stone else 0.8)
        y0, y1 = pad + h * 0.12, pad + h * 0.88
        cw, rh = (x1 - x0) / cols, (y1 - y0) / rows
        big = min(17 * scale, min(cw, rh) / 2)
        for i, (seat, size) in enumerate(figures):
            col, row = i % cols, i // cols
            if row == rows - 1 and n % cols:  # centre a short last row
                col += (cols - n % cols) / 2
            cx, cy = x0 + cw * (col + 0.5), y0 + rh * (row + 0.5)
            radius = round(big if size == "big" else big * 0.7)
            sprite = figure_sprite(seat, size, radius)
            out.alpha_composite(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)))
    if stone:
        sprite = stone_sprite(round(12 * scale))
        out.alpha_composite(sprite, (round(pad + w * 0.8 - sprite.width / 2),
                                     round(pad + h / 2 - sprite.height / 2)))
    if ring:
        sprite = ring_sprite(round(17 * scale))
        out.alpha_composite(sprite, (0, 0))
    return out


def _shrink_poly(pts: Sequence[tuple[float, float]], by: float,
                 centre: tuple[float, float]) -> list[tuple[float, float]]:
    """Points pulled towards ``centre`` (a cheap inset for a convex outline)."""
    cx, cy = centre
    out = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        dist = math.hypot(dx, dy) or 1
        f = max(0.0, (dist - by) / dist)
        out.append((cx + dx * f, cy + dy * f))
    return out


FISH_W, FISH_H = WIDTH - FISH_X - MARGIN - 4, LANE_H - 20


@lru_cache(maxsize=1)
def fish_sprite() -> Image.Image:
    """The fish hanging below the edge (static: part of the background)."""
    w, h = FISH_W, FISH_H
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    s = SS
    cx, cy = w * 0.42 * s, h * 0.36 * s
    d.polygon([(cx + 30 * s, cy), (cx + 48 * s, cy - 14 * s), (cx + 48 * s, cy + 14 * s)],
              fill=FISH + (255,))
    d.ellipse((cx - 34 * s, cy - 16 * s, cx + 34 * s, cy + 16 * s), fill=FISH + (255,))
    d.ellipse((cx - 24 * s, cy - 6 * s, cx - 16 * s, cy + 2 * s), fill=DROP + (255,))
    d.line([(0, cy), (cx - 34 * s, cy)], fill=STRIP + (255,), width=4 * s)
    return shrink(im, SS)


@lru_cache(maxsize=16)
def weights_sprite(weights: int) -> Image.Image:
    """The weights on a fish: dark discs hanging from its belly."""
    w, h = FISH_W, FISH_H
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    dd = ImageDraw.Draw(out)
    fx, fy = round(w * 0.42), round(h * 0.36)
    row = min(weights, 4)
    for i in range(weights):
        x = fx + (i % 4 - (row - 1) / 2) * 20
        y = fy + 30 + (i // 4) * 20
        dd.line([(x, fy + 10), (x, y)], fill=STRIP + (255,), width=2)
        dd.ellipse((x - 10, y - 9, x + 10, y + 9), fill=WEIGHT + (255,), outline=FISH + (255,),
                   width=2)
        dd.ellipse((x - 5, y - 5, x - 1, y - 2), fill=(110, 112, 120, 255))
    return out



@lru_cache(maxsize=16)
def die_sprite(face: str | None) -> Image.Image:
    """The die showing ``face`` (None: not rolled yet)."""
    im, d = supersampled((DIE, DIE), SS, CARD)
    e = DIE * SS
    d.rounded_rectangle((4 * SS, 6 * SS, e - 1, e - 1), radius=24 * SS, fill=SHADOW)
    d.rounded_rectangle((0, 0, e - 5 * SS, e - 7 * SS), radius=24 * SS, fill=(246, 246, 240))
    c = (e - 5 * SS) / 2
    if face in BOATS:
        r = 34 * SS
        d.rounded_rectangle((c - r, c - r, c + r, c + r), radius=12 * SS, fill=BOATS[face])
    elif face == "figure":
        colour = (70, 70, 80)
        d.ellipse((c - 14 * SS, c - 40 * SS, c + 14 * SS, c - 12 * SS), fill=colour)
        d.polygon([(c - 30 * SS, c + 38 * SS), (c - 16 * SS, c - 8 * SS), (c + 16 * SS, c - 8 * SS),
                   (c + 30 * SS, c + 38 * SS)], fill=colour)
        d.polygon([(c + 24 * SS, c - 2 * SS), (c + 44 * SS, c + 8 * SS), (c + 24 * SS, c + 18 * SS)],
                  fill=colour)  # fleeing: an arrow
    elif face == "ring":
        r, hole = 38 * SS, 19 * SS
        box = (c - r, c - r, c + r, c + r)
        for k in range(8):
            d.pieslice(box, k * 45 - 90, k * 45 - 45, fill=RING_A if k % 2 == 0 else (210, 210, 204))
        d.ellipse((c - hole, c - hole, c + hole, c + hole), fill=(246, 246, 240))
    out = shrink(im, SS)
    if face is None:
        draw_text(out, ((DIE - 5) / 2, (DIE - 7) / 2), "?", 56, (170, 170, 165), anchor="mm",
                  stroke=1)
    return out


def card_x(i: int, n: int) -> tuple[int, int]:
    """Left edge and width of player ``i``'s card among ``n``."""
    gap = 12
    w = (WIDTH - 2 * MARGIN - (n - 1) * gap) // n
    return MARGIN + i * (w + gap), w


@lru_cache(maxsize=4)
def background(n: int = 2) -> Image.Image:
    """Everything that never changes: ground, river, waves, edge, waterfall, net, panels, and
    the ``n`` player cards in their plain state."""
    im, d = supersampled((WIDTH, HEIGHT), 2, BG)
    s = 2
    # the river
    for i, c in enumerate(LANES):
        y0 = lane_top(c)
        d.rectangle((WATER_X * s, y0 * s, EDGE_X * s, (y0 + LANE_H) * s - 1),
                    fill=WATER if i % 2 == 0 else WATER2)
    d.rectangle((EDGE_X * s, RIVER_Y * s, FISH_X * s, (RIVER_Y + RIVER_H) * s), fill=DROP)
    d.rectangle((FISH_X * s, RIVER_Y * s, (WIDTH - MARGIN) * s, (RIVER_Y + RIVER_H) * s),
                fill=mix(DROP, BG, 0.5))
    # wave marks: wavy lines across each lane
    for k in range(LAST_WAVE + 1):
        x = wave_x(k)
        pts = []
        for j in range(0, RIVER_H + 1, 4):
            pts.append(((x + 4 * math.sin(j / 12)) * s, (RIVER_Y + j) * s))
        d.line(pts, fill=WAVE, width=3 * s)
    # half waves: dotted
    for k in range(LAST_WAVE):
        x = wave_x(k + 0.5)
        for j in range(6, RIVER_H, 18):
            d.ellipse(((x - 1.5) * s, (RIVER_Y + j) * s, (x + 1.5) * s, (RIVER_Y + j + 3) * s),
                      fill=mix(WAVE, WATER, 0.4))
    # the edge: foam
    for j in range(0, RIVER_H, 9):
        r = 5 + (j * 7 % 5)
        y = RIVER_Y + j + 4
        d.ellipse(((EDGE_X - r) * s, (y - r) * s, (EDGE_X + r) * s, (y + r) * s), fill=FOAM)
    for j in range(0, RIVER_H, 13):  # spray below the edge
        x = EDGE_X + 8 + (j * 13 % 26)
        y = RIVER_Y + j + 6
        d.line([(x * s, y * s), ((x + 6) * s, (y + 4) * s)], fill=mix(FOAM, DROP, 0.5), width=2 * s)
    # lane labels' panels
    for c in LANES:
        y0 = lane_top(c)
        d.rounded_rectangle((LABEL_X * s, (y0 + 6) * s, (LABEL_X + LABEL_W) * s,
                             (y0 + LANE_H - 6) * s), radius=14 * s, fill=CARD)
    # the net
    net_w, net_h = (WIDTH - 2 * MARGIN) * s, NET_H * s
    mesh = Image.new("RGB", (net_w, net_h), NET)
    md = ImageDraw.Draw(mesh)
    for x in range(-net_h, net_w + net_h, 26 * s):
        md.line([(x, 0), (x + net_h, net_h)], fill=NET_LINE, width=s)
        md.line([(x + net_h, 0), (x, net_h)], fill=NET_LINE, width=s)
    mask = Image.new("L", (net_w, net_h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, net_w - 1, net_h - 1), radius=16 * s, fill=255)
    im.paste(mesh, (MARGIN * s, NET_Y * s), mask)
    d.rounded_rectangle((MARGIN * s, FOOTER_Y * s, (WIDTH - MARGIN) * s,
                         (FOOTER_Y + FOOTER_H) * s), radius=16 * s, fill=CARD)
    out = shrink(im, 2)
    for k in range(LAST_WAVE + 1):
        draw_text(out, (wave_x(k), WAVE_LABEL_Y), str(k), 20, DIM, anchor="ms", stroke=1)
    draw_text(out, (EDGE_X, WAVE_LABEL_Y), "EDGE", 16, FOAM, anchor="ms", stroke=1)
    draw_text(out, (FISH_X + 60, WAVE_LABEL_Y), "FISH + WEIGHTS", 16, DIM, anchor="ms", stroke=1)
    draw_text(out, (LABEL_X + LABEL_W // 2, WAVE_LABEL_Y), "PUSH: FALL %", 16, DIM, anchor="ms",
              stroke=1)
    draw_text(out, (MARGIN + 16, NET_Y + 26), "NET", 20, DIM, anchor="ls", stroke=1)
    draw_text(out, (MARGIN + 16, TITLE_Y), "KRASSERFALL", 26, TEXT, anchor="ls", stroke=1)
    fish = fish_sprite()
    for c in LANES:
        out.paste(fish, (FISH_X + 4, lane_top(c) + 10), fish)
    for i in range(n):
        x, w = card_x(i, n)
        out.paste(panel((w, CARD_H), CARD, CARD_EDGE, 2, BG, radius=16, scale=SS), (x, CARDS_Y))
        _card_icons(out, i, x)
    return out


@lru_cache(maxsize=4)
def background_p(n: int = 2) -> Image.Image:
    """The background mapped onto the palette: a render only re-maps what it drew on."""
    return palette().to_p(background(n))


def prepare() -> None:
    """Draw the static art and the common sprites now, not in the first player's render."""
    for n in range(2, 5):
        background_p(n)
    for face in (None, *FACES):
        die_sprite(face)
    for seat in range(4):
        for size in ("big", "small"):
            figure_sprite(seat, size, 13 if size == "big" else 10)
    for c in LANES:
        for scale in (1.0, 0.85):
            hull_sprite(c, scale)
    for k in range(6, 19):
        ring_sprite(k)
        stone_sprite(k)
    for w in range(1, 7):
        weights_sprite(w)


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str]) -> bytes:
    """PNG bytes of the board for ``view`` (a public Krasserfall view)."""
    return encode_png(draw(view, names))


def draw(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    """The board as a palette image (``render`` encodes it); reads ``view`` only."""
    players = [str(p) for p in view.get("players") or []]
    seats = {p: i for i, p in enumerate(players)}
    boats = view.get("boats") or {}
    for c in LANES:
        if c not in boats:
            raise ValueError(f"the view has no {c} boat")
    n = min(max(len(players), 1), 4)
    sheet = Sheet(background(n).copy())
    _draw_header(sheet, view, names, players)
    for c in LANES:
        _draw_lane(sheet, c, boats[c], seats, view.get("phase") in ("roll", "act"))
    _draw_net(sheet, view, seats)
    sheet.begin()
    _draw_footer(sheet, view, names, players)
    sheet.end()
    # Only the drawn-on boxes are mapped onto the palette; the rest is the cached background.
    out = background_p(n).copy()
    pal = palette()
    for box in sheet.dirty:
        out.paste(pal.to_p(sheet.image.crop(box)), box[:2])
    return out


def _seat_of(seats: Mapping[str, int], player: Any) -> int:
    if player not in seats:
        raise ValueError(f"a figure belongs to {player!r}, who is not playing")
    return seats[player]


def _figures(boat: Mapping[str, Any], seats: Mapping[str, int]) -> tuple[tuple[int, str], ...]:
    out = []
    for owner, size in boat.get("figures") or []:
        if size not in ("big", "small"):
            raise ValueError(f"not a figure size: {size!r}")
        out.append((_seat_of(seats, owner), size))
    return tuple(out)


def _name(names: Mapping[str, str], players: Sequence[str], player: str, size: int,
          width: int, stroke: int = 0) -> str:
    return seat_name(players, names, player, size, width, stroke)


def _number(value: Any) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+.1f}"
    return f"{int(value):+d}"


def _draw_lane(sheet: Sheet, colour: str, boat: Mapping[str, Any],
               seats: Mapping[str, int], floating: bool) -> None:
    """One lane: the label with the danger gauge (and, once the boats float, the chance that a
    push makes this boat fall), the weights, the strip and the boat."""
    canvas = sheet.image
    y0 = lane_top(colour)
    sheet.mark((LABEL_X, y0, LABEL_X + LABEL_W, y0 + LANE_H))
    cy = y0 + LANE_H // 2
    fallen = bool(boat.get("fallen"))
    # the label: colour name, the chance that a push makes it fall, the gauge, the numbers
    draw_text(canvas, (LABEL_X + 12, y0 + 34), colour.upper(), 22, BOATS[colour], anchor="ls",
              stroke=1)
    if fallen:
        draw_text(canvas, (LABEL_X + 12, y0 + 72), "in the net", 22, DIM, anchor="ls")
    else:
        danger = float(boat.get("danger", 0))
        safe = float(boat.get("safe", -TIP))
        risk = boat.get("push_risk")
        if floating and risk is not None:
            draw_text(canvas, (LABEL_X + LABEL_W - 12, y0 + 35), f"{risk} %", 26,
                      _risk_colour(int(risk)), anchor="rs", stroke=1)
        _danger_bar(canvas, (LABEL_X + 12, y0 + 46, LABEL_X + LABEL_W - 12, y0 + 62), danger, safe)
        draw_text(canvas, (LABEL_X + 12, y0 + 84),
                  f"danger {_number(danger)}  safe {_number(safe)}", 16, TEXT, anchor="ls")
        draw_text(canvas, (LABEL_X + 12, y0 + 104),
                  f"pull {boat.get('pull', '?')} / hold {boat.get('hold', '?')}", 16, DIM,
                  anchor="ls")
    # the fish with its weights
    weights = int(boat.get("weights") or 0)
    if weights:
        sheet.paste(weights_sprite(min(weights, 8)), (FISH_X + 4, y0 + 10))
        sheet.text((WIDTH - MARGIN - 8, y0 + 96), f"x{weights}", 20, TEXT, anchor="rs", stroke=1)
    if fallen:
        return
    pos = float(boat.get("position") or 0)
    x = wave_x(min(pos, LAST_WAVE + 0.5))
    d = ImageDraw.Draw(canvas)
    # the strip from the bow over the edge to the fish
    if x + BOAT_L - 6 < FISH_X + 8:
        d.rectangle((x + BOAT_L - 6, cy - 2, FISH_X + 8, cy + 2), fill=STRIP)
        sheet.mark((x + BOAT_L - 6, cy - 2, FISH_X + 9, cy + 3))
    if boat.get("stone") == "strip":
        sprite = stone_sprite(15)
        sx = (x + BOAT_L + EDGE_X) / 2 if x + BOAT_L + 30 < EDGE_X else EDGE_X - 10
        sheet.paste(sprite, (round(sx - sprite.width / 2), cy - sprite.height // 2))
    sprite = boat_sprite(colour, _figures(boat, seats), bool(boat.get("ring")),
                         boat.get("stone") == "boat")
    pad = (sprite.height - BOAT_W) // 2
    sheet.paste(sprite, (x - pad, cy - sprite.height // 2))


def _risk_colour(risk: int) -> RGB:
    return SAFE if risk == 0 else RISK if risk < 50 else FALLS


def _danger_bar(canvas: Image.Image, box: tuple[int, int, int, int], danger: float,
                safe: float) -> None:
    """A gauge of the danger from -6 to +6. Below the known safe level it is green (the boat
    cannot tip there), from there to +4 it runs from amber to red (the hidden tipping point
    lies somewhere in it), beyond +4 it is red; the white mark is the boat's danger."""
    x0, y0, x1, y1 = box
    lo, hi = -6.0, 6.0
    d = ImageDraw.Draw(canvas)

    def at(v: float) -> float:
        return x0 + (min(max(v, lo), hi) - lo) / (hi - lo) * (x1 - x0)

    d.rounded_rectangle((x0, y0, x1, y1), radius=(y1 - y0) // 2, fill=mix(CARD, BG, 0.5))
    top = max(safe, -TIP)
    d.rectangle((x0 + 4, y0 + 4, at(top), y1 - 4), fill=SAFE)
    steps = 12
    for k in range(steps):
        a = top + (TIP - top) * k / steps
        b = top + (TIP - top) * (k + 1) / steps
        d.rectangle((at(a), y0 + 4, at(b), y1 - 4), fill=mix(FALLS, RISK, (k + 0.5) / steps))
    d.rectangle((at(TIP), y0 + 4, x1 - 4, y1 - 4), fill=mix(FALLS, CARD, 0.6))
    mx = at(danger)
    d.polygon([(mx - 6, y0 - 6), (mx + 6, y0 - 6), (mx, y0 + 3)], fill=TEXT)
    d.line([(mx, y0), (mx, y1)], fill=TEXT, width=2)


def _draw_header(sheet: Sheet, view: Mapping[str, Any], names: Mapping[str, str],
                 players: list[str]) -> None:
    """Round and turn, then one card per player."""
    goal = int(view.get("medals_to_end") or 6)
    status = (f"Round {view.get('round', 1)}  ·  turn {view.get('turn', 0)}  ·  "
              f"first to {goal} medals ends it")
    sheet.text((WIDTH - MARGIN - 8, TITLE_Y), status, 20, DIM, anchor="rs")
    n = min(max(1, len(players)), 4)
    for i in range(n):
        sheet.begin()
        _draw_card(sheet, view, names, players, i, n)
        sheet.end()


def _draw_card(sheet: Sheet, view: Mapping[str, Any], names: Mapping[str, str],
               players: list[str], i: int, n: int) -> None:
    """Name, medals, the stone, what is left to place, whose turn, the winner."""
    p = players[i]
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    resigned = set(view.get("resigned") or [])
    phase = view.get("phase")
    x, card_w = card_x(i, n)
    is_active = p == view.get("active") and not result
    won = p in winners
    if is_active or won:  # the plain card is in the background
        sheet.paste(panel((card_w, CARD_H), CARD, ACCENT if is_active else GOLD, 4, BG, 16, SS),
                    (x, CARDS_Y))
        _card_icons(sheet.image, i, x)
    name = _name(names, players, p, 24, card_w - 70, 1)
    sheet.text((x + 56, CARDS_Y + 36), name, 24, TEXT if p not in resigned else DIM,
               anchor="ls", stroke=1)
    m = str(int((view.get("medals") or {}).get(p, 0)))
    sheet.text((x + 50, CARDS_Y + 82), m, 30, GOLD, anchor="ls", stroke=1)
    info_x = x + 56 + text_width(m, 30, 1) + 6
    left = (view.get("unplaced") or {}).get(p) or {}
    extra = ""
    if p in resigned:
        extra = "resigned"
    elif phase in ("ring-start", "place") and sum(left.values()):
        words = ", ".join(f"{k} {size}" for size, k in left.items() if k)
        extra = f"to place: {words}"
        if text_width(extra, 18) > x + card_w - 10 - info_x - (32 if p == view.get(
                "stone_holder") else 0):
            extra = " ".join(f"{k}{size[0].upper()}" for size, k in left.items() if k)
    if p == view.get("stone_holder"):
        stone = stone_sprite(11)
        sheet.paste(stone, (info_x, CARDS_Y + 58))
        info_x += stone.width + 4
        if not extra:
            extra = "placed" if view.get("stone_placed") else "stone ready"
    if extra:
        room = x + card_w - 10 - info_x
        sheet.text((info_x, CARDS_Y + 80), fit_text(extra, 18, max(20, room)), 18, DIM,
                   anchor="ls")
    tag = None
    if is_active:
        tag = pill({"ring-start": "RING", "place": "PLACING", "roll": "TO ROLL",
                    "act": "TO MOVE"}.get(str(phase), "TO ACT"), ACCENT, CARD, BG, *PILL)
    elif p in set(view.get("to_act") or []) and not result:
        tag = pill("STONE", ACCENT, CARD, BG, *PILL)
    elif won:
        tag = pill("SHARED WIN" if len(winners) > 1 else "WINNER", GOLD, CARD, BG, *PILL)
    if tag is not None:
        sheet.paste(tag, (x + card_w - tag.width - 10, CARDS_Y - 12))


def _card_icons(image: Image.Image, seat: int, x: int) -> None:
    """The owner token and the medal icon of a player card."""
    token = figure_sprite(seat, "big", 16)
    image.paste(token, (x + 12, CARDS_Y + 14), token)
    _medal(image, (x + 30, CARDS_Y + 72))


def _medal(canvas: Image.Image, centre: tuple[int, int]) -> None:
    d = ImageDraw.Draw(canvas)
    x, y = centre
    d.polygon([(x - 9, y - 16), (x - 2, y - 16), (x + 2, y - 4), (x - 5, y - 4)], fill=BOATS["blue"])
    d.polygon([(x + 9, y - 16), (x + 2, y - 16), (x - 2, y - 4), (x + 5, y - 4)], fill=BOATS["red"])
    d.ellipse((x - 10, y - 8, x + 10, y + 12), fill=GOLD, outline=mix(GOLD, SHADOW, 0.4))


def _draw_net(sheet: Sheet, view: Mapping[str, Any], seats: Mapping[str, int]) -> None:
    """The boats that fell this round, in falling order."""
    boats = view.get("boats") or {}
    net = [c for c in view.get("net") or [] if c in LANES]
    x = MARGIN + 70
    if not net:
        sheet.text((x + 10, NET_Y + NET_H // 2 + 8), "no boat has fallen this round", 22, DIM,
                   anchor="lm")
        return
    for c in net:
        b = boats.get(c) or {}
        sprite = boat_sprite(c, _figures(b, seats), bool(b.get("ring")), b.get("stone") == "boat",
                             0.85)
        sheet.paste(sprite, (x, NET_Y + (NET_H - sprite.height) // 2 + 4))
        if b.get("stone") == "strip":
            sheet.paste(stone_sprite(10), (x + sprite.width - 14, NET_Y + 10))
        x += sprite.width + 24


def _status(view: Mapping[str, Any], names: Mapping[str, str], players: list[str]) -> Text:
    """Who does what now (drawn in English into the image; translated in the alt text)."""
    result = view.get("result")
    if result:
        winners = list(result.get("winners") or [])
        scores = result.get("scores") or {}
        if len(winners) == 1:
            w = _name(names, players, winners[0], 30, 500)
            if result.get("reason") == "resigned":
                return _("{player} wins (the others resigned)!", player=w)
            return _n("{player} wins with {n} medal!", "{player} wins with {n} medals!",
                      scores.get(winners[0], 0), player=w)
        if winners:
            return _("Shared win: {players}", players=_ampersands(
                [_name(names, players, w, 30, 200) for w in winners]))
        return _("Game over")
    active = view.get("active")
    who = _name(names, players, str(active), 30, 260) if active else "?"
    phase = view.get("phase")
    face = view.get("face")
    if phase == "ring-start":
        return _("{player} puts the life ring on a boat", player=who)
    if phase == "place":
        return _("{player} places a figure", player=who)
    if phase == "roll":
        return _("{player} to roll", player=who)
    if face in LANES:
        boat = (view.get("boats") or {}).get(face) or {}
        if (view.get("options") or {}).get("boat-choice") == "free":
            return _("{player} pushes a boat (free choice)", player=who)
        if boat.get("fallen"):
            return _("{player} pushes the boat furthest back", player=who)
        return _("{player} pushes {boat}", player=who, boat=BOAT_WORDS[face])
    if face == "ring":
        return _("{player} moves the ring or a figure", player=who)
    return _("{player} moves a figure", player=who)


def _ampersands(parts: list[str]) -> Text:
    text = _("{player}", player=parts[0])
    for part in parts[1:]:
        text = _("{first} & {second}", first=text, second=part)
    return text


def _last_line(view: Mapping[str, Any], names: Mapping[str, str], players: list[str]) -> str:
    last = view.get("last")
    if not last:
        return ""
    who = _name(names, players, str(last.get("player", "")), 22, 200)
    kind, boat = last.get("kind"), last.get("boat")
    if kind == "roll":
        did = f"rolled {last.get('face')}" + (", nothing to move" if last.get("nothing") else "")
    elif kind == "push":
        did = f"pushed {boat} to wave {last.get('position')}"
    elif kind == "move":
        owner = last.get("owner")
        seat = players.index(owner) + 1 if owner in players else "?"
        did = f"moved {seat}:{last.get('size')} {last.get('from')} > {boat}"
    elif kind == "ring":
        did = f"moved the ring {last.get('from')} > {boat}"
    elif kind == "ring-start":
        did = f"put the ring on {boat}"
    elif kind == "place":
        did = f"placed {last.get('size')} in {boat}"
    elif kind == "stone":
        did = f"put the stone {'in' if last.get('where') == 'boat' else 'on the strip of'} {boat}"
    elif kind == "resign":
        did = "resigned"
    else:
        did = str(last.get("move", ""))
    text = f"Last: {who} {did}"
    falls = [c for c in last.get("falls") or [] if c in LANES]
    if falls:
        text += "  ·  fell: " + ", ".join(falls)
    end = last.get("round_end")
    if end:
        text += f"  ·  {end.get('boat')} won round {end.get('round')}"
    return text


def _draw_footer(sheet: Sheet, view: Mapping[str, Any], names: Mapping[str, str],
                 players: list[str]) -> None:
    face = view.get("die")
    if face is not None and face not in FACES:
        raise ValueError(f"not a die face: {face!r}")
    left = MARGIN + 20
    sheet.paste(die_sprite(face), (left, FOOTER_Y + (FOOTER_H - DIE) // 2))
    tx = left + DIE + 24
    width = WIDTH - MARGIN - 20 - tx
    label = "NOT ROLLED YET" if face is None else f"ROLLED: {face.upper()}"
    sheet.text((tx, FOOTER_Y + 36), label, 18, DIM, anchor="ls", stroke=1)
    status = str(_status(view, names, players))  # the image stays English
    sheet.text((tx, FOOTER_Y + 76), fit_text(status, 32, width, 1), 32,
              GOLD if view.get("result") else TEXT, anchor="ls", stroke=1)
    y = FOOTER_Y + 110
    last = _last_line(view, names, players)
    if last:
        sheet.text((tx, y), fit_text(last, 21, width), 21, DIM, anchor="ls")
        y += 30
    holder = view.get("stone_holder")
    if holder:
        where = next(((c, b.get("stone")) for c, b in (view.get("boats") or {}).items()
                      if b.get("stone")), None)
        hn = _name(names, players, str(holder), 21, 220)
        if where:
            spot = "in the boat" if where[1] == "boat" else "on the strip"
            stone = f"Stone: {hn} put it on {where[0]}, {spot}"
        else:
            stone = f"Stone: {hn} may place it any time this round"
        sheet.text((tx, y), fit_text(stone, 21, width), 21, DIM, anchor="ls")
        y += 30
    history = view.get("history") or []
    if history:
        parts = []
        for h in history:
            gains = ", ".join(f"{_name(names, players, p, 21, 120)} +{g}"
                              for p, g in (h.get("medals") or {}).items()) or "no medals"
            parts.append(f"R{h.get('round')} {h.get('boat')}: {gains}")
        for row in _pack(parts, width, (FOOTER_Y + FOOTER_H - 14 - y) // 28 + 1):
            sheet.text((tx, y), row, 21, DIM, anchor="ls")
            y += 28


def _pack(parts: list[str], width: int, rows: int) -> list[str]:
    """``parts`` joined by dots into at most ``rows`` lines of ``width`` px (the last one cut
    with "..." only if even that is not enough): the rounds' results stay readable."""
    out: list[str] = []
    for part in parts:
        joined = f"{out[-1]}  ·  {part}" if out else part
        if out and text_width(joined, 21) <= width:
            out[-1] = joined
        elif len(out) < rows:
            out.append(part)
        else:
            out[-1] = joined
    return [fit_text(row, 21, width) for row in out]


# ----- alt text --------------------------------------------------------------------------------


#: Boat names at the start of a sentence.
BOAT_TITLES: dict[str, Text] = {"red": _("Red"), "yellow": _("Yellow"), "green": _("Green"),
                                "blue": _("Blue")}
DIE_WORDS: dict[str, Text] = {**BOAT_WORDS, "figure": _("figure"), "ring": _("ring")}


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The position in words for screen readers (Discord allows 1024 characters: names are
    cut to 32 characters, so even four players and twelve figures stay well under it)."""
    players = [str(p) for p in view.get("players") or []]

    def who(p: Any) -> str:
        return " ".join(str(names.get(p) or p).split())[:32]

    medals = view.get("medals") or {}
    parts = [_("Krasserfall, round {round}. Medals: {medals}.", round=view.get("round"),
               medals=commas([_("{player}: {medals}", player=who(p), medals=medals.get(p, 0))
                              for p in players]) if players else "")]
    result = view.get("result")
    if result:
        winners = [who(p) for p in result.get("winners") or []]
        if len(winners) > 1:
            parts.append(_("Game over: {players} share the win.", players=join(winners)))
        elif winners:
            parts.append(_("Game over: {player} wins.", player=winners[0]))
        else:
            parts.append(_("Game over: nobody wins."))
    else:
        parts.append(_("{status}.", status=_status(view, {p: who(p) for p in players}, players)))
        if view.get("die"):
            parts.append(_("Die: {face}.", face=DIE_WORDS.get(view["die"], view["die"])))
    holder = view.get("stone_holder")
    if holder and not result:
        parts.append(_("{player} holds the stone (placed).", player=who(holder))
                     if view.get("stone_placed") else
                     _("{player} holds the stone (not placed yet).", player=who(holder)))
    for c in LANES:
        b = (view.get("boats") or {}).get(c) or {}
        figures = [_("{player} {size}", player=who(o), size=SIZE_WORDS.get(s, s))
                   for o, s in b.get("figures") or []]
        extra: list[Text] = []
        if b.get("ring"):
            extra.append(_("ring"))
        if b.get("stone"):
            extra.append(_("stone boat") if b.get("stone") == "boat" else _("stone strip"))
        if b.get("weights"):
            extra.append(_n("{n} weight", "{n} weights", int(b["weights"])))
        where = (_("in the net") if b.get("fallen") else
                 _("wave {wave}, danger {danger}", wave=number(b.get("position")),
                   danger=number(_number(b.get("danger", 0)))))
        loaded = commas(figures) if figures else _("no figures")
        if extra:
            parts.append(_("{boat}: {where}; {figures}; {extra}.", boat=BOAT_TITLES[c], where=where,
                           figures=loaded, extra=commas(extra)))
        else:
            parts.append(_("{boat}: {where}; {figures}.", boat=BOAT_TITLES[c], where=where,
                           figures=loaded))
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} {second}", first=text, second=part)
    return text


register(GameRenderer(game="krasserfall", board=render, prepare=prepare, alt_text=alt_text))
