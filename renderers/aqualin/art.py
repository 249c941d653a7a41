"""Aqualin's cached art: tiles, the empty board, rings, arrows and icons."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from ..common import RGB, draw_text, shrink, supersampled
from .glyphs import GLYPHS
from .style import (
    BG, BOARD, BOARD_X, BOARD_Y, CARD, CELL, COLOURS, DIM, DRAWN_SIZE, FILES, FRAME, FRAME_PAD,
    HILITE, LABEL_SIZE, MARKET_SIZE, RANKS, RULES, SHADOW, SPECIES_NAMES, SS, TILE_BG, TILE_INSET,
    WELL, WELL_TEXT, WIDTH, height, palette, square_centre, square_origin)

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
