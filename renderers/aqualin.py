"""Aqualin board image from the public view (``games.aqualin``, where the rules are).

Layout, top to bottom: the two players (name, role, score, whose turn), the 6×6 board with
file and rank labels, then the tile to place (seed rules) or the market (classic rules), or
the result once the game is over.

Tiles are dark slate with a coloured rim and a coloured species glyph drawn from Pillow
shapes; the colour letter sits in a corner for colour-blind players. The centre of every
glyph is solid tile colour, so a tile's colour can be read at its centre. Static art is
cached (see ``renderers.common``); a render pastes cached pieces and draws a little text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games import aqualin as engine
from games.text import Text, join, translator

from .registry import GameRenderer, register
from .common import (
    RGB,
    Box,
    Palette,
    draw_text,
    encode_png,
    fit_text,
    panel,
    pill,
    scaled,
    seat_name,
    shrink,
    supersampled,
    text_width,
    ui_pairs,
)

# The notation comes from the engine, so letters and names can never drift apart.
COLOUR_NAMES: Mapping[str, str] = engine.COLOURS  # "R" -> "red"
SPECIES_NAMES: Mapping[str, str] = engine.SPECIES  # "C" -> "crab"
TOTAL_TILES = len(engine.TILES)
FILES, RANKS = engine.FILES, engine.RANKS
tile_name = engine.tile_name  # "BF" -> "blue fish"

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (10, 26, 42)
CARD: RGB = (19, 44, 64)
CARD_EDGE: RGB = (34, 70, 96)
FRAME: RGB = (15, 48, 68)
WELL: RGB = (23, 66, 90)
WELL_TEXT: RGB = (78, 126, 152)
TILE_BG: RGB = (14, 20, 32)
TEXT: RGB = (236, 242, 247)
DIM: RGB = (146, 174, 196)
ACCENT: RGB = (80, 226, 212)  # turquoise: whose turn (kept apart from the six tile colours)
GOLD: RGB = (255, 196, 70)  # the winner
HILITE: RGB = (255, 255, 255)  # the last move
SHADOW: RGB = (3, 8, 16)
SPECIES_LINK: RGB = (214, 226, 236)

#: Tile colours, bright on the dark tile; pink is light and warm, purple dark and cool.
COLOURS: dict[str, RGB] = {
    "R": (240, 72, 86),
    "Y": (255, 208, 60),
    "G": (50, 200, 106),
    "B": (58, 144, 255),
    "P": (255, 140, 206),
    "V": (150, 90, 240),
}


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce."""
    keys = [BG, CARD, CARD_EDGE, FRAME, WELL, WELL_TEXT, TILE_BG, TEXT, DIM, ACCENT, GOLD,
            HILITE, SHADOW, SPECIES_LINK, *COLOURS.values()]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (CARD, ACCENT), (CARD, GOLD), (WELL_TEXT, WELL), (WELL, FRAME), (FRAME, BG),
        (HILITE, FRAME), (HILITE, TILE_BG), (SHADOW, HILITE), (SHADOW, FRAME), (TILE_BG, FRAME),
        (TILE_BG, CARD), (TEXT, TILE_BG),
    ]
    for c in COLOURS.values():
        pairs += [(c, TILE_BG), (c, FRAME), (c, CARD)]
    return Palette(keys, pairs)


# ----- geometry --------------------------------------------------------------------------------

WIDTH = 900
MARGIN = 24
CELL = 116
TILE_INSET = 4  # a tile leaves this much of its square free on each side
BOARD = 6 * CELL
BOARD_X = (WIDTH - BOARD) // 2
HEADER_H = 150
CARD_Y, CARD_H = 20, 120
BOARD_Y = HEADER_H + 36
FRAME_PAD = 12
LABEL_SIZE = 30
STATUS_SIZE = 26  # the footer's status line: still legible at phone width (about 11 px)
FOOTER_Y = BOARD_Y + BOARD + FRAME_PAD + 48
FOOTER_H = {"seed": 184, "classic": 252, "over": 236}  # by rules, or once the game is over
RULES = ("seed", "classic")
FOOTER_BODY_Y = 56  # below the status line
DRAWN_SIZE = FOOTER_H["seed"] - FOOTER_BODY_Y - 18  # the tile to place
MARKET_GAP = 14
MARKET_SIZE = FOOTER_H["classic"] - FOOTER_BODY_Y - 18 - 70  # room for label and codes
SS = 4  # supersampling factor for anti-aliased shapes


def footer_height(rules: str, over: bool) -> int:
    return FOOTER_H["over" if over else rules]


def height(rules: str, over: bool) -> int:
    """Image height: the footer holds the market (classic), the drawn tile, or the result."""
    return FOOTER_Y + footer_height(rules, over) + 20


def square_origin(square: str) -> tuple[int, int]:
    """Top-left pixel of ``square``'s cell; rank 1 is at the bottom."""
    x = FILES.index(square[0])
    y = 5 - RANKS.index(square[1])
    return BOARD_X + x * CELL, BOARD_Y + y * CELL


def square_centre(square: str) -> tuple[int, int]:
    x, y = square_origin(square)
    return x + CELL // 2, y + CELL // 2


def _check_square(square: Any) -> str:
    if not (isinstance(square, str) and len(square) == 2 and square[0] in FILES
            and square[1] in RANKS):
        raise ValueError(f"not an Aqualin square: {square!r}")
    return square


def _check_tile(tile: Any) -> str:
    if not (isinstance(tile, str) and len(tile) == 2 and tile[0] in COLOURS
            and tile[1] in SPECIES_NAMES):
        raise ValueError(f"not an Aqualin tile: {tile!r}")
    return tile


# ----- species glyphs ----------------------------------------------------------------------------
# Each glyph fills a unit box (0..1 both ways) in ``fill`` with details in ``detail``, and
# covers the box centre with solid ``fill``. Silhouettes differ: wide with claws, horizontal,
# dome with tentacles, upright S, five points, oval with flippers.

Glyph = Callable[[ImageDraw.ImageDraw, Box, RGB, RGB], None]


def _u(box: Box, v: float) -> float:
    """A unit length in pixels of ``box``."""
    return (box[2] - box[0]) * v


def _circle(d: ImageDraw.ImageDraw, box: Box, cx: float, cy: float, r: float, fill: RGB) -> None:
    (x, y), = scaled([(cx, cy)], box)
    rr = _u(box, r)
    d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill)


def _ellipse(d: ImageDraw.ImageDraw, box: Box, x0: float, y0: float, x1: float, y1: float,
             fill: RGB | None = None, outline: RGB | None = None, width: float = 0) -> None:
    (a, b), (c, e) = scaled([(x0, y0), (x1, y1)], box)
    d.ellipse((a, b, c, e), fill=fill, outline=outline, width=round(_u(box, width)))


def _poly(d: ImageDraw.ImageDraw, box: Box, pts: Sequence[tuple[float, float]], fill: RGB) -> None:
    d.polygon(scaled(pts, box), fill=fill)


def _line(d: ImageDraw.ImageDraw, box: Box, pts: Sequence[tuple[float, float]], fill: RGB,
          width: float) -> None:
    w = round(_u(box, width))
    d.line(scaled(pts, box), fill=fill, width=w, joint="curve")
    for p in (pts[0], pts[-1]):  # round caps
        _circle(d, box, p[0], p[1], width / 2, fill)


def _mirror(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(1 - x, y) for x, y in pts]


def _spline(points: Sequence[tuple[float, float]], n: int) -> list[tuple[float, float]]:
    """Catmull-Rom curve through ``points``, ``n`` samples per span."""
    pts = [points[0], *points, points[-1]]
    out: list[tuple[float, float]] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(n):
            t = k / n
            out.append(tuple(  # type: ignore[arg-type]
                0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t
                       + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t * t
                       + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t ** 3)
                for j in range(2)))
    out.append(points[-1])
    return out


def _crab(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    legs = [
        [(0.30, 0.56), (0.13, 0.50), (0.05, 0.60)],
        [(0.29, 0.65), (0.11, 0.66), (0.05, 0.78)],
        [(0.32, 0.73), (0.17, 0.81), (0.14, 0.93)],
    ]
    for leg in legs:
        _line(d, box, leg, fill, 0.055)
        _line(d, box, _mirror(leg), fill, 0.055)
    arm = [(0.38, 0.50), (0.27, 0.40), (0.23, 0.30)]
    _line(d, box, arm, fill, 0.075)
    _line(d, box, _mirror(arm), fill, 0.075)
    for cx, start in ((0.21, 255), (0.79, 235)):
        _circle(d, box, cx, 0.22, 0.135, fill)
        (x, y), = scaled([(cx, 0.22)], box)
        r = _u(box, 0.15)
        d.pieslice((x - r, y - r, x + r, y + r), start, start + 50, fill=detail)  # the pincer
    _ellipse(d, box, 0.18, 0.40, 0.82, 0.82, fill=fill)
    for sx in (0.42, 0.58):  # eye stalks
        _line(d, box, [(sx, 0.46), (sx + (sx - 0.5) * 0.3, 0.33)], fill, 0.045)
        _circle(d, box, sx + (sx - 0.5) * 0.3, 0.32, 0.055, fill)
        _circle(d, box, sx + (sx - 0.5) * 0.3, 0.32, 0.026, detail)
    _line(d, box, [(0.40, 0.66), (0.50, 0.70), (0.60, 0.66)], detail, 0.03)


def _fish(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    _poly(d, box, [(0.62, 0.50), (0.95, 0.22), (0.87, 0.50), (0.95, 0.78)], fill)
    _poly(d, box, [(0.30, 0.30), (0.50, 0.11), (0.62, 0.33)], fill)  # dorsal fin
    _poly(d, box, [(0.42, 0.68), (0.52, 0.85), (0.60, 0.68)], fill)  # belly fin
    _ellipse(d, box, 0.04, 0.24, 0.76, 0.76, fill=fill)
    _circle(d, box, 0.21, 0.44, 0.058, detail)
    (x0, y0), (x1, y1) = scaled([(0.20, 0.32), (0.40, 0.68)], box)
    d.arc((x0, y0, x1, y1), 300, 60, fill=detail, width=round(_u(box, 0.035)))


def _jellyfish(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    for i, x in enumerate((0.27, 0.42, 0.58, 0.73)):
        amp = 0.045 if i % 2 else -0.045
        pts = [(x + amp * math.sin(k / 8 * 2 * math.pi), 0.56 + 0.40 * k / 8) for k in range(9)]
        _line(d, box, pts, fill, 0.055)
    (x0, y0), (x1, y1) = scaled([(0.12, 0.08), (0.88, 1.02)], box)
    d.chord((x0, y0, x1, y1), 180, 360, fill=fill)
    for x in (0.19, 0.34, 0.50, 0.66, 0.81):  # frilled rim
        _circle(d, box, x, 0.55, 0.075, fill)
    (x0, y0), (x1, y1) = scaled([(0.24, 0.18), (0.76, 0.80)], box)
    d.arc((x0, y0, x1, y1), 200, 250, fill=detail, width=round(_u(box, 0.04)))
    _circle(d, box, 0.36, 0.40, 0.035, detail)
    _circle(d, box, 0.64, 0.40, 0.035, detail)


def _seahorse(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    spine = [(0.56, 0.20), (0.52, 0.32), (0.43, 0.48), (0.48, 0.64), (0.60, 0.76),
             (0.58, 0.90), (0.46, 0.93), (0.42, 0.84), (0.49, 0.80)]
    radii = [0.11, 0.11, 0.16, 0.15, 0.09, 0.06, 0.045, 0.035, 0.03]
    n = 12
    path = _spline(spine, n)
    for i, (x, y) in enumerate(path):
        seg, t = divmod(i, n)
        r0 = radii[min(seg, len(radii) - 1)]
        r1 = radii[min(seg + 1, len(radii) - 1)]
        _circle(d, box, x, y, r0 + (r1 - r0) * t / n, fill)
    _poly(d, box, [(0.58, 0.42), (0.70, 0.43), (0.78, 0.50), (0.76, 0.60), (0.58, 0.62)],
          fill)  # fin
    _poly(d, box, [(0.48, 0.12), (0.16, 0.18), (0.14, 0.27), (0.48, 0.25)], fill)  # snout
    _ellipse(d, box, 0.40, 0.05, 0.68, 0.29, fill=fill)
    _poly(d, box, [(0.52, 0.08), (0.60, -0.02), (0.66, 0.10)], fill)  # crown
    _circle(d, box, 0.52, 0.15, 0.035, detail)
    for y in (0.49, 0.56):
        _line(d, box, [(0.62, y), (0.72, y + 0.01)], detail, 0.022)
    for y in (0.36, 0.44, 0.52):
        _line(d, box, [(0.34 + (y - 0.36) * 0.2, y), (0.40 + (y - 0.36) * 0.2, y + 0.01)],
              detail, 0.025)


def _starfish(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    cx, cy, outer, inner = 0.5, 0.54, 0.47, 0.21
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        r = outer if k % 2 == 0 else inner
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    _poly(d, box, pts, fill)
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        _circle(d, box, cx + (outer - 0.05) * math.cos(a), cy + (outer - 0.05) * math.sin(a),
                0.05, fill)
        for dist, r in ((0.18, 0.03), (0.29, 0.025)):
            _circle(d, box, cx + dist * math.cos(a), cy + dist * math.sin(a), r, detail)


def _turtle(d: ImageDraw.ImageDraw, box: Box, fill: RGB, detail: RGB) -> None:
    front = [(0.34, 0.34), (0.14, 0.20), (0.04, 0.26), (0.10, 0.36), (0.30, 0.46)]
    back = [(0.34, 0.70), (0.18, 0.82), (0.22, 0.92), (0.34, 0.88), (0.42, 0.78)]
    for flipper in (front, back):
        _poly(d, box, flipper, fill)
        _poly(d, box, _mirror(flipper), fill)
    _ellipse(d, box, 0.39, 0.02, 0.61, 0.26, fill=fill)  # head
    _poly(d, box, [(0.45, 0.84), (0.55, 0.84), (0.50, 0.98)], fill)  # tail
    _ellipse(d, box, 0.20, 0.17, 0.80, 0.88, fill=fill)  # shell
    _circle(d, box, 0.45, 0.10, 0.025, detail)
    _circle(d, box, 0.55, 0.10, 0.025, detail)
    cx, cy, r = 0.5, 0.525, 0.13
    hexagon = [(cx + r * math.cos(math.pi / 6 + k * math.pi / 3),
                cy + r * math.sin(math.pi / 6 + k * math.pi / 3) * 1.1) for k in range(7)]
    _line(d, box, hexagon, detail, 0.03)
    for k in range(6):
        a = math.pi / 6 + k * math.pi / 3
        _line(d, box, [(cx + r * math.cos(a), cy + r * math.sin(a) * 1.1),
                       (cx + 0.26 * math.cos(a), cy + 0.32 * math.sin(a))], detail, 0.03)


GLYPHS: dict[str, Glyph] = {
    "C": _crab, "F": _fish, "J": _jellyfish, "H": _seahorse, "S": _starfish, "T": _turtle,
}


# ----- cached art ------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def tile_rgb(tile: str, size: int, ground: RGB) -> Image.Image:
    """One tile as an RGB square of ``size`` px on ``ground`` (drawn once, anti-aliased)."""
    colour = COLOURS[tile[0]]
    im, d = supersampled((size, size), SS, ground)
    s = size * SS
    inset = round(size * TILE_INSET / CELL) * SS
    rim = max(2, round(size * 4 / CELL)) * SS
    d.rounded_rectangle((inset, inset, s - inset - 1, s - inset - 1), radius=round(s * 0.14),
                        fill=colour)
    d.rounded_rectangle((inset + rim, inset + rim, s - inset - rim - 1, s - inset - rim - 1),
                        radius=round(s * 0.14) - rim, fill=TILE_BG)
    g0 = round(s * 0.17)
    g1 = s - round(s * 0.15)
    GLYPHS[tile[1]](d, (g0 + round(s * 0.01), g0, g1 + round(s * 0.01), g1), colour, TILE_BG)
    out = shrink(im, SS)
    letter = max(12, round(size * 0.19))
    draw_text(out, (size * 0.115, size * 0.09), tile[0], letter, colour, anchor="la", stroke=0)
    return out


@lru_cache(maxsize=64)
def tile_p(tile: str) -> Image.Image:
    """A board tile already mapped onto the palette: a render just pastes it."""
    return palette().to_p(tile_rgb(tile, CELL, FRAME))


@lru_cache(maxsize=16)
def mini_glyph(species: str, size: int, fill: RGB, ground: RGB) -> Image.Image:
    """A small species icon, for the species player's role line."""
    im, d = supersampled((size, size), SS, ground)
    GLYPHS[species](d, (0, 0, size * SS, size * SS), fill, ground)
    return shrink(im, SS)



@lru_cache(maxsize=4)
def background(rules: str, over: bool) -> Image.Image:
    """Everything that never changes: ground, board frame, empty squares, labels."""
    w, h = WIDTH, height(rules, over)
    pal = palette()
    im, d = supersampled((w, h), 2, BG)
    f0 = (BOARD_X - FRAME_PAD) * 2, (BOARD_Y - FRAME_PAD) * 2
    f1 = (BOARD_X + BOARD + FRAME_PAD) * 2, (BOARD_Y + BOARD + FRAME_PAD) * 2
    d.rounded_rectangle((*f0, f1[0] - 1, f1[1] - 1), radius=40, fill=FRAME)
    for f in FILES:
        for r in RANKS:
            x, y = square_origin(f + r)
            i = TILE_INSET + 3
            d.rounded_rectangle(((x + i) * 2, (y + i) * 2, (x + CELL - i) * 2 - 1,
                                 (y + CELL - i) * 2 - 1), radius=24, fill=WELL)
    im = shrink(im, 2)
    for f in FILES:
        for r in RANKS:
            cx, cy = square_centre(f + r)
            draw_text(im, (cx, cy), f + r, 26, WELL_TEXT, anchor="mm")
    for i, f in enumerate(FILES):
        cx = BOARD_X + i * CELL + CELL // 2
        draw_text(im, (cx, BOARD_Y + BOARD + FRAME_PAD + 24), f, LABEL_SIZE, DIM, anchor="mm",
                  stroke=1)
    for i, r in enumerate(reversed(RANKS)):
        cy = BOARD_Y + i * CELL + CELL // 2
        for cx in (BOARD_X - FRAME_PAD - 22, BOARD_X + BOARD + FRAME_PAD + 22):
            draw_text(im, (cx, cy), r, LABEL_SIZE, DIM, anchor="mm", stroke=1)
    return pal.to_p(im)


@lru_cache(maxsize=4)
def ring(width: int, colour: RGB) -> Image.Image:
    """An RGBA outline around one cell: marks the square where the last tile went."""
    pad = 4
    size = CELL + 2 * pad
    im, d = supersampled((size, size), SS, (0, 0, 0, 0), "RGBA")
    o = (pad - 2) * SS
    d.rounded_rectangle((o, o, size * SS - o - 1, size * SS - o - 1), radius=22 * SS,
                        outline=SHADOW + (255,), width=(width + 4) * SS)
    o += 2 * SS
    d.rounded_rectangle((o, o, size * SS - o - 1, size * SS - o - 1), radius=20 * SS,
                        outline=colour + (255,), width=width * SS)
    return shrink(im, SS)


@lru_cache(maxsize=128)
def arrow(dx: int, dy: int, covered: bool) -> Image.Image:
    """An RGBA arrow for a shift or slide of (dx, dy) cells; the sprite spans both cells.

    From an empty start cell it runs from near the centre to the moved tile's rim. When a tile
    now lies on the start cell (``covered``: the new tile went where the old one left), it runs
    from that cell's edge instead; for a single step that leaves no room, so a short arrow
    straddles the shared edge, leaving both tiles readable.
    """
    w = (abs(dx) + 1) * CELL
    h = (abs(dy) + 1) * CELL
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    cx = CELL / 2 if dx >= 0 else w - CELL / 2  # centre of the start cell
    cy = CELL / 2 if dy >= 0 else h - CELL / 2
    length = math.hypot(dx, dy) * CELL
    ux, uy = dx * CELL / length, dy * CELL / length
    edge = CELL * (0.5 if dx == 0 or dy == 0 else 0.62)  # centre to rim along the arrow
    start = edge - 6 if covered else CELL * 0.12
    reach = length - edge + 10
    if reach - start < 64:  # straddle the shared edge
        mid = edge + (length - 2 * edge) / 2
        start, reach = mid - 24, mid + 28
    head = 25
    px, py = -uy, ux
    sx, sy = cx + ux * start, cy + uy * start
    ex, ey = cx + ux * reach, cy + uy * reach
    bx, by = ex - ux * head, ey - uy * head
    for colour, grow in ((SHADOW, 4), (HILITE, 0)):
        c = colour + (255,)
        shaft = 5 + grow
        d.line([(sx * SS, sy * SS), (bx * SS, by * SS)], fill=c, width=shaft * 2 * SS)
        r = shaft * SS
        d.ellipse((sx * SS - r, sy * SS - r, sx * SS + r, sy * SS + r), fill=c)
        hw = 17 + grow
        tip = (ex + ux * grow * 1.5, ey + uy * grow * 1.5)
        d.polygon([(tip[0] * SS, tip[1] * SS),
                   ((bx - ux * grow + px * hw) * SS, (by - uy * grow + py * hw) * SS),
                   ((bx - ux * grow - px * hw) * SS, (by - uy * grow - py * hw) * SS)], fill=c)
    return shrink(im, SS)


@lru_cache(maxsize=8)
def colour_dots(size: int, ground: RGB) -> Image.Image:
    """The six colours in a row: the colour player's role badge."""
    gap = size // 3
    im, d = supersampled((6 * size + 5 * gap, size), SS, ground)
    for i, c in enumerate(COLOURS.values()):
        x = i * (size + gap) * SS
        d.ellipse((x, 0, x + size * SS - 1, size * SS - 1), fill=c)
    return shrink(im, SS)


@lru_cache(maxsize=8)
def species_row(size: int, fill: RGB, ground: RGB) -> Image.Image:
    """The six species in a row: the species player's role badge."""
    gap = size // 6
    im = Image.new("RGB", (6 * size + 5 * gap, size), ground)
    for i, s in enumerate(SPECIES_NAMES):
        im.paste(mini_glyph(s, size, fill, ground), (i * (size + gap), 0))
    return im


def prepare() -> None:
    """Build the cached art now (about 0.1 s) rather than during the first player's render."""
    for rules in RULES:
        for over in (False, True):
            background(rules, over)
    for colour in COLOURS:
        for species in SPECIES_NAMES:
            tile_p(colour + species)
            tile_rgb(colour + species, DRAWN_SIZE, CARD)
            tile_rgb(colour + species, MARKET_SIZE, CARD)


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str]) -> bytes:
    """PNG bytes of the board for ``view`` (a public Aqualin view)."""
    return encode_png(draw(view, names))


def draw(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    """The board as a palette image (``render`` encodes it); reads ``view`` only."""
    rules = view.get("rules", "seed")
    if rules not in RULES:
        raise ValueError(f"unknown Aqualin rules {rules!r}")
    canvas = background(rules, bool(view.get("result"))).copy()
    board: Mapping[str, str] = view.get("board") or {}
    for square in sorted(board):
        canvas.paste(tile_p(_check_tile(board[square])), square_origin(_check_square(square)))
    _draw_links(canvas, view)
    _draw_last_move(canvas, view)
    canvas.paste(_header(view, names), (0, 0))
    canvas.paste(_footer(view, names), (0, FOOTER_Y))
    return canvas



def _name(view: Mapping[str, Any], names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0) -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke)


def _draw_links(canvas: Image.Image, view: Mapping[str, Any]) -> None:
    """Scoring groups, subtly: small bridges join neighbours of one group across the gap.

    Colour groups get a bridge in their colour on one side of the shared edge, species groups
    a pale one on the other side, so both players can read their groups at once.
    """
    board: Mapping[str, str] = view.get("board") or {}
    roles: Mapping[str, str] = view.get("roles") or {}
    groups: Mapping[str, Sequence[Sequence[str]]] = view.get("groups") or {}
    pal = palette()
    d = ImageDraw.Draw(canvas)
    half, span = 7, 11  # bridge half-thickness across the gap, half-length along the edge
    for player, player_groups in sorted(groups.items()):
        role = roles.get(player)
        for group in player_groups:
            members = set(group)
            for sq in sorted(members):
                if sq not in board:
                    continue
                x, y = FILES.index(sq[0]), RANKS.index(sq[1])
                for nx, ny in ((x + 1, y), (x, y + 1)):
                    if nx > 5 or ny > 5:
                        continue
                    other = FILES[nx] + RANKS[ny]
                    if other not in members or other not in board:
                        continue
                    if role == "colour":
                        colour, offset = COLOURS[board[sq][0]], -30
                    else:
                        colour, offset = SPECIES_LINK, 30
                    index = pal.index(colour)
                    cx, cy = square_centre(sq)
                    if nx != x:  # neighbour to the right: vertical bridge on the shared edge
                        ex, ey = cx + CELL // 2, cy + offset
                        d.rectangle((ex - half, ey - span, ex + half - 1, ey + span - 1),
                                    fill=index)
                    else:  # neighbour above (higher rank is further up)
                        ex, ey = cx + offset, cy - CELL // 2
                        d.rectangle((ex - span, ey - half, ex + span - 1, ey + half - 1),
                                    fill=index)


def _draw_last_move(canvas: Image.Image, view: Mapping[str, Any]) -> None:
    """Ring the square of the last placement (and thinly the shifted tile); arrow the shift.

    The arrow goes on top so that the rings never cut it.
    """
    last = view.get("last")
    if not last:
        return
    pal = palette()
    square = last.get("square")
    if square:
        x, y = square_origin(_check_square(square))
        pal.overlay(canvas, ring(5, HILITE), (x - 4, y - 4))
    shift = last.get("shift")
    if not shift:
        return
    a, b = _check_square(shift[0]), _check_square(shift[1])
    ax, ay = FILES.index(a[0]), 5 - RANKS.index(a[1])
    bx, by = FILES.index(b[0]), 5 - RANKS.index(b[1])
    if (ax, ay) == (bx, by):
        return
    x, y = square_origin(b)
    pal.overlay(canvas, ring(2, HILITE), (x - 4, y - 4))
    sprite = arrow(bx - ax, by - ay, a in (view.get("board") or {}))
    pal.overlay(canvas, sprite, (BOARD_X + min(ax, bx) * CELL, BOARD_Y + min(ay, by) * CELL))


def _header(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    """The two players: name, role badge, score; whose turn; the winner at the end."""
    im = Image.new("RGB", (WIDTH, HEADER_H), BG)
    order = list(view.get("order") or view.get("players") or [])[:2]
    roles: Mapping[str, str] = view.get("roles") or {}
    scores: Mapping[str, int] = view.get("scores") or {}
    to_act = set(view.get("to_act") or [])
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    draw_game = bool(result) and len(winners) > 1
    card_w = (WIDTH - 2 * MARGIN - 16) // 2
    for i, player in enumerate(order):
        x = MARGIN + i * (card_w + 16)
        active = player in to_act and not result
        won = player in winners
        edge, edge_w = (ACCENT, 4) if active else (GOLD, 4) if won else (CARD_EDGE, 2)
        im.paste(panel((card_w, CARD_H), CARD, edge, edge_w, BG), (x, CARD_Y))
        score = str(scores.get(player, 0))
        score_w = text_width(score, 64, 1)
        name_w = card_w - 48 - max(score_w, 60)
        name = _name(view, names, player, 34, name_w, 1)
        draw_text(im, (x + 22, CARD_Y + 22), name, 34, TEXT, anchor="la", stroke=1)
        role = roles.get(player, "")
        draw_text(im, (x + 22, CARD_Y + 90), role.upper() or "?", 20, DIM, anchor="ls", stroke=1)
        badge_x = x + 22 + text_width(role.upper(), 20, 1) + 12
        badge = colour_dots(19, CARD) if role == "colour" else species_row(26, TEXT, CARD) \
            if role == "species" else None
        if badge is not None:
            im.paste(badge, (badge_x, CARD_Y + 90 - 7 - badge.height // 2 - 1))
        draw_text(im, (x + card_w - 22, CARD_Y + CARD_H // 2 + 2), score, 64,
                  GOLD if won else TEXT, anchor="rm", stroke=1)
        tag = None
        if active:
            tag = pill("TO MOVE", ACCENT, CARD, BG)
        elif won:
            tag = pill("DRAW" if draw_game else "WINNER", GOLD, CARD, BG)
        if tag is not None:
            im.paste(tag, (x + card_w - tag.width - 18, CARD_Y - 14))  # astride the top edge
    return palette().to_p(im)


def _last_move_text(view: Mapping[str, Any], names: Mapping[str, str], max_width: int) -> str:
    """"Last: Marina  e3-e4, GH on e3": the shift, then the tile and where it went.

    The move always shows in full; a long name is shortened to make room for it.
    """
    last = view.get("last")
    if not last:
        return ""
    parts = []
    shift = last.get("shift")
    if shift:
        parts.append(f"{shift[0]}-{shift[1]}")
    tile, square = last.get("tile"), last.get("square")
    if tile and square:
        parts.append(f"{tile} on {square}")
    elif square:
        parts.append(str(square))
    move = "  " + ", ".join(parts)
    room = min(220, max_width - text_width("Last: " + move, STATUS_SIZE))
    if room < 60:
        return fit_text("Last:" + move, STATUS_SIZE, max_width)
    who = _name(view, names, str(last.get("player", "")), STATUS_SIZE, room)
    return f"Last: {who}{move}"


def _footer(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    """Turn, supply and the last move; then the tile to place, the market, or the result."""
    rules = view.get("rules", "seed")
    result = view.get("result")
    h = footer_height(rules, bool(result))
    w = WIDTH - 2 * MARGIN
    im = Image.new("RGB", (WIDTH, h), BG)
    im.paste(panel((w, h), CARD, CARD_EDGE, 2, BG), (MARGIN, 0))
    left, right = MARGIN + 24, WIDTH - MARGIN - 24
    turn = int(view.get("turn") or 0)
    supply = int(view.get("supply") or 0)
    status = (f"Game over  ·  {turn} of {TOTAL_TILES} tiles placed" if result
              else f"Turn {min(turn + 1, TOTAL_TILES)} of {TOTAL_TILES}  ·  {supply} in supply")
    draw_text(im, (left, 38), status, STATUS_SIZE, DIM, anchor="ls")
    last = _last_move_text(view, names, right - left - text_width(status, STATUS_SIZE) - 32)
    if last:
        draw_text(im, (right, 38), last, STATUS_SIZE, DIM, anchor="rs")
    body = (left, FOOTER_BODY_Y, right, h - 18)
    if result:
        _draw_result(im, view, names, body)
    elif rules == "classic":
        _draw_market(im, view, body)
    else:
        _draw_drawn(im, view, body)
    return palette().to_p(im)


def _draw_drawn(im: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    tile = view.get("drawn")
    x0, y0, x1, y1 = box
    size = DRAWN_SIZE
    if not tile:
        draw_text(im, (x0, y0 + size / 2), "No tile drawn", 30, DIM, anchor="lm")
        return
    tile = _check_tile(tile)
    im.paste(tile_rgb(tile, size, CARD), (x0 - 4, y0))
    tx = x0 + size + 18
    draw_text(im, (tx, y0 + 30), "TILE TO PLACE", 22, DIM, anchor="ls", stroke=1)
    draw_text(im, (tx, y0 + 76), tile_name(tile), 40, TEXT, anchor="ls", stroke=1)
    draw_text(im, (tx, y0 + 112), f"{tile}  ·  place it on any empty square", 26, DIM,
              anchor="ls")


def _draw_market(im: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    market = [_check_tile(t) for t in view.get("market") or []]
    x0, y0, x1, y1 = box
    draw_text(im, (x0, y0 + 22), "MARKET", 22, DIM, anchor="ls", stroke=1)
    draw_text(im, (x0 + text_width("MARKET", 22, 1) + 12, y0 + 22),
              "·  take one tile and place it", 22, DIM, anchor="ls")
    if not market:
        draw_text(im, (x0, y0 + 80), "The market is empty", 30, DIM, anchor="lm")
        return
    gap, size = MARKET_GAP, MARKET_SIZE
    span = len(market) * size + (len(market) - 1) * gap
    sx = x0 + (x1 - x0 - span) // 2
    for i, tile in enumerate(market):
        x = sx + i * (size + gap)
        im.paste(tile_rgb(tile, size, CARD), (x, y0 + 34))
        draw_text(im, (x + size / 2, y0 + 34 + size + 8), tile, 26, TEXT, anchor="ma", stroke=1)


def _draw_result(im: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 box: Box) -> None:
    """Who won and why: on points, on the largest group, by resignation, or a draw."""
    result = view["result"]
    x0, y0, x1, y1 = box
    width = x1 - x0
    winners = list(result.get("winners") or [])
    scores: Mapping[str, int] = result.get("scores") or view.get("scores") or {}
    order = list(view.get("order") or view.get("players") or [])
    detail = result.get("detail") or {}
    largest: Mapping[str, int] = detail.get("largest") or view.get("largest") or {}
    losers = [p for p in order if p not in winners]
    if len(winners) == 1:
        headline = f"{_name(view, names, winners[0], 44, width - 120, 1)} wins!"
    elif winners:
        headline = "Draw!"
    else:
        headline = "Game over"
    draw_text(im, (x0, y0 + 58), headline, 44, GOLD, anchor="ls", stroke=1)
    points = [scores.get(p, 0) for p in winners + losers]
    if result.get("reason") == "resigned":
        quitter = detail.get("resigned") or (losers[0] if losers else None)
        who = _name(view, names, quitter, 26, 300) if quitter else "A player"
        why = f"{who} resigned  ·  points " + " : ".join(map(str, points))
    elif len(set(points)) == 1:
        sizes = [largest.get(p, 0) for p in winners + losers]
        if len(winners) > 1:
            why = f"{points[0]} points each, largest group {sizes[0]} each"
        else:
            why = f"{points[0]} points each  ·  largest group {sizes[0]} beats " + \
                ", ".join(map(str, sizes[1:]))
    else:
        why = f"{points[0]} points to " + ", ".join(map(str, points[1:]))
    draw_text(im, (x0, y0 + 100), fit_text(why, 26, width), 26, TEXT, anchor="ls")
    roles: Mapping[str, str] = view.get("roles") or {}
    groups: Mapping[str, Sequence[Sequence[str]]] = view.get("groups") or {}
    for i, player in enumerate(order):
        sizes = sorted((len(g) for g in groups.get(player) or []), reverse=True)
        name = _name(view, names, player, 24, 300)
        shown = ", ".join(map(str, sizes)) if sizes else "none"
        line = (f"{name} ({roles.get(player, '?')}): {scores.get(player, 0)} points"
                f"  ·  groups {shown}")
        draw_text(im, (x0, y0 + 136 + i * 32), fit_text(line, 24, width), 24, DIM, anchor="ls")


# ----- alt text -------------------------------------------------------------------------------

_ = translator("aqualin")


def _who(names: Mapping[str, str], player: str) -> str:
    return " ".join(str(names.get(player) or player).split())[:32]


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The board in words for screen readers: scores, the last move, what comes next, the squares."""
    roles = {"colour": _("colour"), "species": _("species")}
    players = [_("{name} ({role}) {points} points", name=_who(names, p), role=roles[view["roles"][p]],
                 points=view["scores"][p]) for p in view["order"]]
    parts: list[Any] = [_("Aqualin board, {turn} of 36 tiles placed.", turn=view["turn"]),
                        join(players)]
    last = view.get("last")
    if last:
        words = dict(name=_who(names, last["player"]), tile=engine.tile_name(last["tile"]),
                     square=last["square"])
        if last.get("shift"):
            parts.append(_("Last move by {name}: shifted {src} to {dst}, {tile} on {square}.",
                           src=last["shift"][0], dst=last["shift"][1], **words))
        else:
            parts.append(_("Last move by {name}: {tile} on {square}.", **words))
    result = view.get("result")
    if result:
        winners = [_who(names, p) for p in result["winners"]]
        parts.append(_("Game over: {players} draw.", players=join(winners)) if len(winners) > 1
                     else _("Game over: {player} wins.", player=winners[0]))
    elif view.get("drawn"):
        parts.append(_("{players} to place {tile}.", players=join([_who(names, p) for p in view["to_act"]]),
                       tile=engine.tile_name(view["drawn"])))
    elif view.get("market"):
        parts.append(_("{players} to take one of: {tiles}.",
                       players=join([_who(names, p) for p in view["to_act"]]),
                       tiles=join([engine.tile_name(t) for t in view["market"]])))
    rows = [_("rank {rank}: {cells}", rank=rank,
              cells=" ".join(view["board"].get(f + rank, "..") for f in "abcdef")) for rank in "654321"]
    board = rows[0]
    for row in rows[1:]:
        board = _("{a}; {b}", a=board, b=row)
    parts.append(_("Board by rank, files a to f: {rows}.", rows=board))
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} {b}", a=text, b=part)
    return text


register(GameRenderer(game="aqualin", board=render, prepare=prepare, alt_text=alt_text))
