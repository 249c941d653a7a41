"""Kraqua board image from the public view (``games.kraqua``, where the rules are).

Layout, top to bottom: a header (level, round, status, shells, stack), the winding path in
five lanes (the start reef, the three reef arches of twelve fields with the inner reef row
above and the outer row below each, then the goal), the three gates on the turns between
lanes, and a panel with every seat (chip, tile, played or not), the gems in chest, cave and
hideout, the hideout goal and what happened last.

The track never changes, so the background for each number of revealed gates is drawn once
and cached (fields with their animal glyphs, special-field marks, hidden fields); a render
pastes cached tile strips, fish and badges on a copy and draws a little text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.kraqua import board as kb
from games.kraqua.game import COLOUR_WORDS, CRITERION_WORDS, Kraqua, chip_name, colours, listing
from games.text import Text, translator

from .aqualin import GLYPHS as ANIMAL_GLYPHS
from .registry import GameRenderer, register
from .common import (
    RGB,
    Box,
    Palette,
    draw_text,
    encode_png,
    fit_text,
    seat_name,
    shrink,
    supersampled,
    text_width,
)

# ----- colours ---------------------------------------------------------------------------------

BG: RGB = (9, 30, 52)
DEEP: RGB = (14, 52, 84)  # open water under an unprotected field
TRACK: RGB = (24, 74, 110)
CARD: RGB = (18, 44, 68)
CARD_EDGE: RGB = (40, 84, 116)
TEXT: RGB = (236, 242, 247)
DIM: RGB = (150, 180, 204)
FAINT: RGB = (84, 118, 146)
SAND: RGB = (214, 190, 140)  # a protected field
SAND_DARK: RGB = (150, 124, 84)
REEF: RGB = (232, 128, 104)  # reef cell of a tile
REEF_DARK: RGB = (170, 76, 66)
WATER: RGB = (52, 132, 196)  # water cell of a tile
WATER_LIGHT: RGB = (120, 190, 236)
HIDDEN: RGB = (20, 38, 56)
ACCENT: RGB = (80, 226, 212)
GOLD: RGB = (255, 196, 70)
RED_ALERT: RGB = (240, 90, 90)
SHADOW: RGB = (4, 10, 18)

FISH_RGB: Mapping[str, RGB] = {"green": (70, 200, 90), "red": (236, 70, 70),
                               "yellow": (250, 206, 50)}
GEM_RGB: Mapping[str, RGB] = {
    "blue": (64, 130, 245), "white": (236, 240, 246), "green": (52, 190, 110),
    "red": (226, 60, 72), "purple": (160, 90, 230), "yellow": (250, 200, 46),
}
SPECIAL_RGB: Mapping[str, RGB] = {"shell": (246, 170, 190), "dolphin": (120, 200, 255),
                                  "shark": (180, 190, 200)}
GLYPH_KEY = {"T": "T", "S": "H", "J": "J", "C": "C"}  # our seahorse is Aqualin's "H"
SPOT_FILL: RGB = (20, 62, 94)
HAT: RGB = (30, 30, 36)
SOMBRERO: RGB = (196, 150, 60)
INK_SAND: RGB = (86, 66, 40)
INK_DEEP: RGB = (96, 150, 190)
INK_REEF: RGB = (80, 30, 26)
INK_GOLD: RGB = (96, 64, 10)
GOLD_EDGE: RGB = (190, 140, 40)
CAVE_BAR: RGB = (196, 110, 220)


def _light(c: RGB) -> RGB:
    return (min(255, c[0] + 50), min(255, c[1] + 50), min(255, c[2] + 50))


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce.

    The picture is composed in this palette (one byte per pixel), which encodes about four
    times faster than RGB: cached pieces are mapped once, only small dynamic patches per render.
    """
    keys = [BG, DEEP, TRACK, CARD, CARD_EDGE, TEXT, DIM, FAINT, SAND, SAND_DARK, REEF, REEF_DARK,
            WATER, WATER_LIGHT, HIDDEN, ACCENT, GOLD, RED_ALERT, SHADOW, SPOT_FILL, HAT, SOMBRERO,
            INK_SAND, INK_DEEP, INK_REEF, INK_GOLD, GOLD_EDGE, CAVE_BAR, *FISH_RGB.values(),
            *GEM_RGB.values(), *(_light(c) for c in GEM_RGB.values()), *SPECIAL_RGB.values()]
    pairs: list[tuple[RGB, RGB]] = [
        (TEXT, CARD), (TEXT, BG), (DIM, CARD), (FAINT, CARD), (FAINT, TRACK), (FAINT, HIDDEN),
        (FAINT, SPOT_FILL), (ACCENT, SPOT_FILL), (ACCENT, CARD), (GOLD, CARD), (RED_ALERT, CARD),
        (SAND, TRACK), (DEEP, TRACK), (HIDDEN, TRACK), (INK_SAND, SAND), (INK_DEEP, DEEP),
        (REEF, REEF_DARK), (WATER, REEF_DARK), (WATER_LIGHT, WATER), (INK_REEF, REEF),
        (TEXT, WATER), (REEF_DARK, TRACK), (CARD_EDGE, CARD), (CARD_EDGE, SPOT_FILL),
        (CARD, TRACK), (CARD, BG), (TRACK, BG), (SHADOW, SAND), (SHADOW, DEEP), (SHADOW, GOLD),
        (SHADOW, CARD), (INK_GOLD, GOLD), (GOLD_EDGE, GOLD), (SAND_DARK, SAND), (DIM, BG),
        (CAVE_BAR, DEEP), (RED_ALERT, DEEP), (HAT, SHADOW), (SOMBRERO, SHADOW), (TEXT, TRACK),
    ]
    pairs += [(c, SHADOW) for c in FISH_RGB.values()]
    pairs += [(c, CARD) for c in GEM_RGB.values()]
    pairs += [(c, BG) for c in SPECIAL_RGB.values()]
    return Palette(keys, pairs, steps=3)

# ----- geometry --------------------------------------------------------------------------------

WIDTH = 1000
CELL = 68
LANE_X = (WIDTH - 12 * CELL) // 2  # 92
STRIP = 34  # height of a reef tile strip
GAP = 4
HEADER_H = 100
LANE0_Y = 118  # start fields and the start reef
ARCH_Y = (226, 414, 602)  # top of each arch's inner strip
GOAL_Y = 796
PANEL_Y = 890
SS = 4


def arch_field_y(arch: int) -> int:
    return ARCH_Y[arch] + STRIP + GAP


def field_box(pos: int) -> Box:
    """Pixel box of a path position (``games.kraqua.board`` numbering)."""
    if pos <= 4:  # lane 0, right to left: S1 at column 6 ... field 4 at column 0
        col = 6 - (pos + 2)
        y = LANE0_Y
    elif pos <= 40:
        arch = (pos - 5) // 12
        k = (pos - 5) % 12
        col = k if arch != 1 else 11 - k
        y = arch_field_y(arch)
    else:  # goal lane, right to left
        col = 11 - (pos - 41)
        y = GOAL_Y
    x = LANE_X + col * CELL
    return (x, y, x + CELL, y + CELL)


def spot_box(row: str, spot: int) -> Box:
    """The strip a tile on ``spot`` of ``row`` covers: three cells above or below the fields."""
    first = kb.spot_fields(spot)
    xs = [field_box(f)[0] for f in first]
    x0, x1 = min(xs), max(xs) + CELL
    arch = (spot - 1) // 4
    y = ARCH_Y[arch] if row == "i" else arch_field_y(arch) + CELL + GAP
    return (x0, y, x1, y + STRIP)


HEIGHT = PANEL_Y + 372
PANEL_TOP = 8  # the panel is drawn on its own strip starting PANEL_TOP px above PANEL_Y


# ----- small glyphs ------------------------------------------------------------------------------


def _animal(d: ImageDraw.ImageDraw, letter: str, box: Box, fill: RGB, detail: RGB) -> None:
    ANIMAL_GLYPHS[GLYPH_KEY[letter]](d, box, fill, detail)


@lru_cache(maxsize=64)
def animal_icon(letter: str, size: int, fill: RGB, ground: RGB) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    _animal(d, letter, (0, 0, size * SS, size * SS), fill, ground)
    return shrink(im, SS)


def _shell_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
                line: RGB) -> None:
    d.pieslice((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=fill)
    d.rectangle((cx - r * 0.25, cy, cx + r * 0.25, cy + r * 0.35), fill=fill)
    for k in range(1, 6):
        a = math.pi + k * math.pi / 6
        d.line((cx, cy, cx + r * 0.95 * math.cos(a), cy + r * 0.95 * math.sin(a)), fill=line,
               width=max(1, round(r / 7)))


def _dolphin_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.arc((cx - r, cy - r * 0.7, cx + r, cy + r * 1.1), 200, 340, fill=fill, width=round(r * 0.45))
    d.polygon([(cx - r * 0.1, cy - r * 0.55), (cx + r * 0.2, cy - r * 1.0),
               (cx + r * 0.35, cy - r * 0.45)], fill=fill)
    d.polygon([(cx + r * 0.85, cy - r * 0.1), (cx + r * 1.15, cy - r * 0.45),
               (cx + r * 1.15, cy + r * 0.25)], fill=fill)


def _shark_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
                water: RGB) -> None:
    d.polygon([(cx - r * 0.7, cy + r * 0.35), (cx + r * 0.15, cy - r), (cx + r * 0.7, cy + r * 0.35)],
              fill=fill)
    w = max(2, round(r * 0.25))
    pts = [(cx - r * 1.1 + i * r * 0.22, cy + r * 0.45 + (r * 0.15 if i % 2 else 0)) for i in range(11)]
    d.line(pts, fill=water, width=w, joint="curve")


def _gem(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB | None,
         outline: RGB | None = None, width: int = 0) -> None:
    pts = [(cx, cy - r), (cx + r * 0.85, cy - r * 0.2), (cx, cy + r), (cx - r * 0.85, cy - r * 0.2)]
    d.polygon(pts, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=32)
def gem_icon(colour: str, size: int, ground: RGB, hollow: bool = False) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    c = GEM_RGB[colour]
    s = size * SS
    if hollow:
        _gem(d, s / 2, s / 2, s * 0.42, None, c, max(2, s // 12))
    else:
        _gem(d, s / 2, s / 2, s * 0.42, c)
        d.polygon([(s / 2, s / 2 - s * 0.42), (s / 2 + s * 0.36, s / 2 - s * 0.08),
                   (s / 2, s / 2 - s * 0.02)], fill=tuple(min(255, v + 50) for v in c))
    return shrink(im, SS)


@lru_cache(maxsize=8)
def shell_icon(size: int, ground: RGB, filled: bool) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    s = size * SS
    if filled:
        _shell_icon(d, s / 2, s * 0.62, s * 0.45, SPECIAL_RGB["shell"], ground)
    else:
        r = s * 0.45
        d.pieslice((s / 2 - r, s * 0.62 - r, s / 2 + r, s * 0.62 + r), 180, 360,
                   outline=CARD_EDGE, width=2 * SS)
    return shrink(im, SS)


# ----- fish --------------------------------------------------------------------------------------

FISH_SCALE = {"green": 0.72, "yellow": 0.86, "red": 1.0}


@lru_cache(maxsize=16)
def fish_sprite(colour: str, size: int) -> Image.Image:
    """An RGBA fish wearing its hat, scaled by its size (small, medium, big)."""
    im, d = supersampled((size, size), SS, (0, 0, 0, 0), "RGBA")
    s = size * SS
    scale = FISH_SCALE[colour]
    body = s * scale
    x0 = (s - body) / 2
    y0 = s - body * 0.86 - s * 0.04
    box = (round(x0), round(y0), round(x0 + body), round(y0 + body))
    fill = FISH_RGB[colour] + (255,)
    outline = SHADOW + (255,)
    # outline: the same glyph a little bigger in dark, then the fish
    grow = s * 0.035
    ANIMAL_GLYPHS["F"](d, (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow), outline,
                       outline)
    ANIMAL_GLYPHS["F"](d, box, fill, outline)
    # the hat sits on the head (the fish faces left: head near x 0.25 of its box)
    hx = box[0] + body * 0.28
    top = box[1] + body * 0.27
    hat = (30, 30, 36, 255)
    band = fill
    u = body
    if colour == "red":  # top hat
        d.rectangle((hx - u * 0.14, top - u * 0.34, hx + u * 0.14, top), fill=hat)
        d.rectangle((hx - u * 0.24, top - u * 0.04, hx + u * 0.24, top + u * 0.03), fill=hat)
        d.rectangle((hx - u * 0.14, top - u * 0.1, hx + u * 0.14, top - u * 0.05), fill=band)
    elif colour == "green":  # sombrero
        d.ellipse((hx - u * 0.36, top - u * 0.07, hx + u * 0.36, top + u * 0.06),
                  fill=(196, 150, 60, 255), outline=outline, width=max(1, round(s * 0.01)))
        d.pieslice((hx - u * 0.14, top - u * 0.3, hx + u * 0.14, top + u * 0.1), 180, 360,
                   fill=(196, 150, 60, 255), outline=outline, width=max(1, round(s * 0.01)))
    else:  # bowler
        d.pieslice((hx - u * 0.17, top - u * 0.28, hx + u * 0.17, top + u * 0.06), 180, 360,
                   fill=hat)
        d.rectangle((hx - u * 0.23, top - u * 0.02, hx + u * 0.23, top + u * 0.03), fill=hat)
    return shrink(im, SS)


# ----- cached art --------------------------------------------------------------------------------


def _special_mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float,
                  ground: RGB) -> None:
    if kind == "shell":
        _shell_icon(d, cx, cy + r * 0.2, r, SPECIAL_RGB["shell"], ground)
    elif kind == "dolphin":
        _dolphin_icon(d, cx - r * 0.15, cy + r * 0.1, r * 0.85, SPECIAL_RGB["dolphin"])
    else:
        _shark_icon(d, cx, cy, r, SPECIAL_RGB["shark"], WATER_LIGHT)


@lru_cache(maxsize=256)
def field_sprite(pos: int, protected: bool, hidden: bool) -> Image.Image:
    """One field of the path on its own ground: animal glyph, number, special mark."""
    size = CELL
    im, d = supersampled((size, size), SS, TRACK)
    s = size * SS
    inset = 3 * SS
    if hidden:
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=HIDDEN)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), "?", 30, FAINT, anchor="mm", stroke=1)
        return im
    ground = SAND if protected else DEEP
    ink = (86, 66, 40) if protected else (96, 150, 190)
    d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=ground)
    if pos <= 0:  # start fields
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=SAND,
                            outline=SAND_DARK, width=2 * SS)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), kb.field_name(pos), 22, (86, 66, 40), anchor="mm",
                  stroke=1)
        return im
    if pos > 40:
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=GOLD,
                            outline=(190, 140, 40), width=2 * SS)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), kb.field_name(pos), 24, (96, 64, 10), anchor="mm",
                  stroke=1)
        return im
    g = s * 0.2
    _animal(d, kb.FIELD_ANIMAL[pos], (round(g), round(g + s * 0.04), round(s - g),
                                      round(s - g + s * 0.04)), ink, ground)
    kind = kb.special(pos)
    if kind:
        r = s * 0.13
        cx, cy = s - r - inset - 2 * SS, r + inset + 2 * SS
        d.ellipse((cx - r * 1.25, cy - r * 1.25, cx + r * 1.25, cy + r * 1.25), fill=BG)
        _special_mark(d, kind, cx, cy, r, BG)
    im = shrink(im, SS)
    draw_text(im, (7, 5), str(pos), 15, ink, anchor="la", stroke=0)
    return im


@lru_cache(maxsize=64)
def tile_strip(tile: int, side: str) -> Image.Image:
    """A reef tile as laid along the path: three cells, reef or water, animal and number."""
    animal, cells = kb.TILES[tile][side]
    w, h = 3 * CELL, STRIP
    im, d = supersampled((w, h), SS, TRACK)
    r = 8 * SS
    d.rounded_rectangle((SS, 0, w * SS - SS, h * SS - 1), radius=r, fill=REEF_DARK)
    for k, cell in enumerate(cells):
        x0 = k * CELL * SS + 3 * SS
        x1 = (k + 1) * CELL * SS - 3 * SS
        fill = REEF if cell == "#" else WATER
        d.rounded_rectangle((x0, 3 * SS, x1, h * SS - 3 * SS), radius=6 * SS, fill=fill)
        if cell == "~":
            for j in range(3):
                y = (9 + j * 7) * SS
                pts = [(x0 + i * 6 * SS, y + (2 * SS if i % 2 else 0))
                       for i in range((x1 - x0) // (6 * SS) + 1)]
                d.line(pts, fill=WATER_LIGHT, width=2 * SS)
    im = shrink(im, SS)
    label_ground = REEF if cells[1] == "#" else WATER
    icon = animal_icon(animal, 26, TEXT if cells[1] == "~" else (80, 30, 26), label_ground)
    label = f"{tile}{side}"
    tw = text_width(label, 18, 1)
    x = CELL + (CELL - icon.width - 4 - tw) // 2
    im.paste(icon, (x, 4))
    draw_text(im, (x + icon.width + 4, h / 2), label, 18,
              TEXT if cells[1] == "~" else (80, 30, 26), anchor="lm", stroke=1)
    return im


def _lane_band(d: ImageDraw.ImageDraw, y0: int, y1: int, x0: int, x1: int) -> None:
    d.rounded_rectangle((x0 * 2, y0 * 2, x1 * 2, y1 * 2), radius=24, fill=TRACK)


@lru_cache(maxsize=4)
def background(revealed: int) -> Image.Image:
    """Everything fixed for this many revealed gates: the track, fields, empty spots."""
    w, h = WIDTH, HEIGHT
    im, d = supersampled((w, h), 2, BG)
    end = kb.PATH_END[revealed]
    # the track: lane bands and the turns between them
    lx0, lx1 = LANE_X - 10, LANE_X + 12 * CELL + 10
    _lane_band(d, LANE0_Y - 8, LANE0_Y + CELL + 8, LANE_X - 10, LANE_X + 7 * CELL + 10)
    for arch in range(3):
        _lane_band(d, ARCH_Y[arch] - 6, ARCH_Y[arch] + 2 * STRIP + CELL + 2 * GAP + 6, lx0, lx1)
    _lane_band(d, GOAL_Y - 8, GOAL_Y + CELL + 8, LANE_X + 9 * CELL - 10, lx1)
    turns = [  # (x, from y, to y): left turn 4->5, right 16->17, left 28->29, right 40->G1
        (LANE_X - 46, LANE0_Y + 10, arch_field_y(0) + CELL - 10),
        (LANE_X + 12 * CELL + 10, arch_field_y(0) + 10, arch_field_y(1) + CELL - 10),
        (LANE_X - 46, arch_field_y(1) + 10, arch_field_y(2) + CELL - 10),
        (LANE_X + 12 * CELL + 10, arch_field_y(2) + 10, GOAL_Y + CELL - 10),
    ]
    for x, y0, y1 in turns:
        d.rounded_rectangle((x * 2, y0 * 2, (x + 36) * 2, y1 * 2), radius=30, fill=TRACK)
    # empty reef spots
    for row in kb.ROWS:
        for spot in kb.SPOTS:
            x0, y0, x1, y1 = spot_box(row, spot)
            d.rounded_rectangle(((x0 + 3) * 2, y0 * 2, (x1 - 3) * 2, y1 * 2), radius=14,
                                outline=CARD_EDGE, width=2, fill=(20, 62, 94))
    im = shrink(im, 2)
    # the start reef: always protected
    for f in range(-2, 5):
        im.paste(field_sprite(f, True, False), field_box(f)[:2])
    for f in range(5, 41):
        im.paste(field_sprite(f, False, f > end), field_box(f)[:2])
    for f in kb.GOAL:
        im.paste(field_sprite(f, True, revealed < 3), field_box(f)[:2])
    for row, name in (("i", "inner"), ("o", "outer")):
        for arch in range(3):
            x0, y0, x1, y1 = spot_box(row, 4 * arch + 1)
            for spot in range(4 * arch + 1, 4 * arch + 5):
                bx0, by0, bx1, by1 = spot_box(row, spot)
                draw_text(im, ((bx0 + bx1) / 2, (by0 + by1) / 2), f"{row}{spot}", 16, FAINT,
                          anchor="mm")
    draw_text(im, (LANE_X + 7 * CELL + 24, LANE0_Y + CELL / 2), "START REEF  ·  always safe", 18,
              DIM, anchor="lm")
    draw_text(im, (LANE_X + 9 * CELL - 24, GOAL_Y + CELL / 2), "GOAL  ·  any animal", 18, DIM,
              anchor="rm")
    _draw_legend(im)
    return im


#: The tile notation the texts use (``tile 7A (jellyfish #~#)``, the seats' hands), explained
#: beside the goal lane: each example is drawn as the cells it stands for.
LEGEND_EXAMPLES: tuple[tuple[str, str], ...] = (("###", "reef on all three fields"),
                                                ("#~#", "water in the middle field"))
LEGEND_TITLE = "REEF TILES"
LEGEND_NOTE = "# reef  ·  ~ water  ·  cells in path order"
LEGEND_SAFE = "A field is safe when both tiles beside it show # there."
LEGEND_X, LEGEND_Y = 34, GOAL_Y - 34  # below the third arch, left of the goal label
LEGEND_W = LANE_X + 9 * CELL - 24 - 190 - LEGEND_X  # the room up to the goal label


def _mini_cells(cells: str) -> Image.Image:
    """``#~#`` as three small cells, reef or water, each marked with its character."""
    w, h, gap = 24, 20, 3
    im, d = supersampled((3 * w + 2 * gap, h), SS, BG)
    for k, cell in enumerate(cells):
        x0 = k * (w + gap) * SS
        d.rounded_rectangle((x0, 0, x0 + w * SS, h * SS - 1), radius=5 * SS,
                            fill=REEF if cell == "#" else WATER)
    im = shrink(im, SS)
    for k, cell in enumerate(cells):
        draw_text(im, (k * (w + gap) + w / 2, h / 2 + 1), cell, 16,
                  INK_REEF if cell == "#" else TEXT, anchor="mm")
    return im


def _draw_legend(im: Image.Image) -> None:
    x, y = LEGEND_X, LEGEND_Y
    draw_text(im, (x, y + 8), LEGEND_TITLE, 15, DIM, anchor="lm", stroke=1)
    draw_text(im, (x + 104, y + 8), LEGEND_NOTE, 15, DIM, anchor="lm")
    for k, (cells, meaning) in enumerate(LEGEND_EXAMPLES):
        top = y + 22 + k * 26
        im.paste(_mini_cells(cells), (x, top))
        draw_text(im, (x + 104, top + 10), f"{cells}   {meaning}", 17, TEXT, anchor="lm")
    draw_text(im, (x, y + 84), LEGEND_SAFE, 15, DIM, anchor="lm")


@lru_cache(maxsize=4)
def background_p(revealed: int) -> Image.Image:
    return palette().to_p(background(revealed))


@lru_cache(maxsize=256)
def field_p(pos: int) -> Image.Image:
    """A protected field, mapped onto the palette."""
    return palette().to_p(field_sprite(pos, True, False))


@lru_cache(maxsize=64)
def tile_p(tile: int, side: str) -> Image.Image:
    return palette().to_p(tile_strip(tile, side))


@lru_cache(maxsize=64)
def next_marker(row: str, spot: int) -> Image.Image:
    """The outlined "next i6" spot where a row grows next (P)."""
    x0, y0, x1, y1 = spot_box(row, spot)
    im = Image.new("RGB", (x1 - x0, y1 - y0), TRACK)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((3, 0, im.width - 4, im.height - 1), radius=7, outline=ACCENT, width=2,
                        fill=SPOT_FILL)
    draw_text(im, (im.width / 2, im.height / 2), f"next {row}{spot}", 16, ACCENT, anchor="mm")
    return palette().to_p(im)


@lru_cache(maxsize=256)
def gate_badge_p(number: int, criterion: str | None, order: tuple[str, ...],
                 passed: tuple[str, ...]) -> Image.Image:
    return palette().to_p(gate_badge(number, criterion, order, passed))


def prepare() -> None:
    """Build the cached art now rather than during the first player's render."""
    for revealed in (1, 2, 3):
        background_p(revealed)
    header_base()
    panel_base()
    for tile, sides in kb.TILES.items():
        for side in sides:
            tile_p(tile, side)
    for f in range(5, 41):
        field_p(f)
    for colour in kb.FISH:
        fish_sprite(colour, CELL - 6)


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str]) -> bytes:
    """PNG bytes of the board for ``view`` (a public Kraqua view)."""
    return encode_png(draw(view, names))


def _pos(name: Any) -> int:
    return kb.parse_field(str(name))


def draw(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    revealed = int(view.get("revealed") or len(view.get("gates") or []) or 1)
    if revealed not in (1, 2, 3):
        raise ValueError(f"bad number of revealed gates: {revealed}")
    pal = palette()
    canvas = background_p(revealed).copy()
    protected = {_pos(f) for f in view.get("protected") or []}
    for f in sorted(protected):
        if 5 <= f <= 40:
            canvas.paste(field_p(f), field_box(f)[:2])
    rows: Mapping[str, Mapping[str, Sequence[Any]]] = view.get("rows") or {}
    for row in kb.ROWS:
        for spot, tile in (rows.get(row) or {}).items():
            number, side = int(tile[0]), str(tile[1])
            if number not in kb.TILES or side not in kb.SIDES:
                raise ValueError(f"not a Kraqua tile: {tile!r}")
            canvas.paste(tile_p(number, side), spot_box(row, int(spot))[:2])
    for row, spot in sorted((view.get("next_spots") or {}).items()):
        if spot and row in kb.ROWS and int(spot) in kb.SPOTS:
            canvas.paste(next_marker(row, int(spot)), spot_box(row, int(spot))[:2])
    _draw_gates(canvas, view)
    moved = view.get("moved")
    for colour, where in (view.get("fish") or {}).items():
        if colour not in FISH_RGB:
            raise ValueError(f"not a Kraqua fish: {colour!r}")
        box = field_box(_pos(where))
        patch = canvas.crop(box).convert("RGB")
        if colour == moved:
            ImageDraw.Draw(patch).rounded_rectangle((1, 1, CELL - 2, CELL - 2), radius=10,
                                                    outline=TEXT, width=3)
        sprite = fish_sprite(colour, CELL - 6)
        patch.paste(sprite, (3, 3), sprite)
        canvas.paste(pal.to_p(patch), box[:2])
    header = header_base().copy()
    _draw_header(header, view, names)
    canvas.paste(pal.to_p(header), (0, 0))
    panel = panel_base().copy()
    _draw_panel(panel, view, names)
    canvas.paste(pal.to_p(panel), (0, PANEL_Y - PANEL_TOP))
    return canvas


def _name(view: Mapping[str, Any], names: Mapping[str, str], player: str, size: int,
          width: int, stroke: int = 0) -> str:
    return seat_name(view.get("players") or [], names, player, size, width, stroke, "Seat")


def _draw_gates(canvas: Image.Image, view: Mapping[str, Any]) -> None:
    """A badge on each turn: gate number, criterion, the fish order; passed fish ticked."""
    gates = list(view.get("gates") or [])
    spots = [  # (x centre, y centre) of the badge on the turn after fields 16, 28, 40
        (LANE_X + 12 * CELL + 46, (arch_field_y(0) + arch_field_y(1) + CELL) // 2),
        (LANE_X - 46, (arch_field_y(1) + arch_field_y(2) + CELL) // 2),
        (LANE_X + 12 * CELL + 46, (arch_field_y(2) + GOAL_Y + CELL) // 2),
    ]
    for i, (cx, cy) in enumerate(spots):
        gate = gates[i] if i < len(gates) else None
        canvas.paste(gate_badge_p(
            i + 1, gate["criterion"] if gate else None,
            tuple(gate["order"]) if gate else (),
            tuple(gate["passed"]) if gate else ()), (cx - 40, cy - 86))


@lru_cache(maxsize=128)
def gate_badge(number: int, criterion: str | None, order: tuple[str, ...],
               passed: tuple[str, ...]) -> Image.Image:
    w, h = 80, 172
    im, d = supersampled((w, h), SS, TRACK)
    edge = GOLD if criterion and len(passed) < 3 else CARD_EDGE
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=14 * SS, fill=CARD, outline=edge,
                        width=3 * SS)
    # the arch of the gate
    d.arc((14 * SS, 26 * SS, (w - 14) * SS, 70 * SS), 180, 360, fill=edge, width=5 * SS)
    im = shrink(im, SS)
    draw_text(im, (w / 2, 18), f"GATE {number}", 16, TEXT, anchor="mm", stroke=1)
    if not criterion:
        draw_text(im, (w / 2, 90), "?", 40, FAINT, anchor="mm", stroke=1)
        draw_text(im, (w / 2, 140), "hidden", 16, FAINT, anchor="mm")
        return im
    draw_text(im, (w / 2, 58), criterion, 17, GOLD, anchor="mm", stroke=1)
    for k, colour in enumerate(order):
        y = 82 + k * 30
        sprite = fish_sprite(colour, 30)
        im.paste(sprite, (10, y - 15), sprite)
        draw_text(im, (52, y), f"{k + 1}.", 16, DIM, anchor="mm")
        if colour in passed:
            dd = ImageDraw.Draw(im)
            dd.line([(62, y), (67, y + 6), (76, y - 7)], fill=ACCENT, width=3)
    return im


@lru_cache(maxsize=1)
def header_base() -> Image.Image:
    """The header card with its fixed labels (RGB; a render draws the numbers on a copy)."""
    im = Image.new("RGB", (WIDTH, HEADER_H + 4), BG)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((16, 12, WIDTH - 16, HEADER_H - 4), radius=16, fill=CARD,
                        outline=CARD_EDGE, width=2)
    draw_text(im, (34, 44), "KRAQUA", 38, TEXT, anchor="ls", stroke=1)
    draw_text(im, (300, 44), "SHELLS", 18, DIM, anchor="ls", stroke=1)
    draw_text(im, (530, 44), "KRAQUA'S CAVE", 18, DIM, anchor="ls", stroke=1)
    d.rounded_rectangle((530, 56, 730, 80), radius=8, fill=DEEP)
    return im


@lru_cache(maxsize=1)
def panel_base() -> Image.Image:
    """The panel card with its fixed titles (RGB)."""
    im = Image.new("RGB", (WIDTH, HEIGHT - PANEL_Y + PANEL_TOP), BG)
    d = ImageDraw.Draw(im)
    top = PANEL_TOP
    d.rounded_rectangle((16, top, WIDTH - 16, im.height - 16), radius=16, fill=CARD,
                        outline=CARD_EDGE, width=2)
    draw_text(im, (34, top + 30), "SEATS", 18, DIM, anchor="ls", stroke=1)
    for k, title in enumerate(("CHEST", "CAVE", "HIDEOUT", "HIDEOUT GOAL")):
        draw_text(im, (PANEL_GEMS_X, top + 30 + k * 74), title, 18, DIM, anchor="ls", stroke=1)
    return im


PANEL_GEMS_X = 560


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str]) -> None:
    d = ImageDraw.Draw(canvas)
    level = str(view.get("level", "1"))
    draw_text(canvas, (34, 78), f"level {level}  ·  round {view.get('round', 1)}", 22, DIM,
              anchor="ls")
    status = str(view.get("status", "running"))
    shells = int(view.get("shells") or 0)
    top = int(view.get("max_shells") or 6)
    x = 300
    for k in range(top):
        icon = shell_icon(30, CARD, k < shells)
        canvas.paste(icon, (x + k * 32, 52))
    cave = sum((view.get("gems") or {}).get("cave", {}).values())
    limit = int(view.get("cave_limit") or 8)
    x = 530
    bar_w = 200
    filled = round(bar_w * min(cave, limit) / max(limit, 1))
    if filled:
        d.rounded_rectangle((x, 56, x + max(filled, 16), 80), radius=8,
                            fill=RED_ALERT if cave >= limit - 2 else (196, 110, 220))
    draw_text(canvas, (x + bar_w + 10, 68), f"{cave}/{limit}", 24, TEXT, anchor="lm", stroke=1)
    label = {"running": "PLAYING", "won": "WON!", "almost": "ALMOST WON", "lost": "LOST"}.get(
        status, status.upper())
    colour = {"won": GOLD, "almost": ACCENT, "lost": RED_ALERT}.get(status, DIM)
    draw_text(canvas, (WIDTH - 34, 44), label, 26, colour, anchor="rs", stroke=1)
    draw_text(canvas, (WIDTH - 34, 78),
              f"stack {view.get('stack', 0)}  ·  box {view.get('box', 0)}", 20, DIM, anchor="rs")


def _seat_status(view: Mapping[str, Any], p: str) -> tuple[str, RGB]:
    if view.get("status") != "running":
        return "", DIM
    to_act = set(view.get("to_act") or [])
    step = view.get("step")
    if p in to_act:
        phase = view.get("phase")
        if phase == "draw":
            return "TO DRAW", ACCENT
        if step == "gem":
            return "CHOOSE GEM", ACCENT
        if view.get("current") == p:
            return "PLAYING", ACCENT
        return "MAY PLAY", ACCENT
    if p in (view.get("played") or []):
        return "PLAYED", FAINT
    if (view.get("tiles") or {}).get(p) is None and view.get("phase") == "turn":
        return "NO TILE", FAINT
    return "WAITING", DIM


def _draw_panel(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str]) -> None:
    top = PANEL_TOP
    d = ImageDraw.Draw(canvas)
    players = list(view.get("players") or [])
    # seats
    chips: Mapping[str, str] = view.get("chips") or {}
    bare = _without_chip(view, names)
    tiles: Mapping[str, Any] = view.get("tiles") or {}
    x = 34
    for i, p in enumerate(players):
        y = top + 44 + i * 62
        chip = str(chips.get(p, "turtle"))
        letter = kb.ANIMAL_LETTER.get(chip, "T")
        status, colour = _seat_status(view, p)
        if colour == ACCENT:
            d.rounded_rectangle((x - 8, y - 4, x + 500, y + 56), radius=10, outline=ACCENT, width=2)
        canvas.paste(animal_icon(letter, 48, TEXT, CARD), (x, y + 2))
        draw_text(canvas, (x + 58, y + 22), _name(view, bare, p, 24, 220, 1), 24, TEXT,
                  anchor="ls", stroke=1)
        draw_text(canvas, (x + 58, y + 48), chip, 18, DIM, anchor="ls")
        if status:
            draw_text(canvas, (x + 300, y + 48), status, 16, colour, anchor="ls", stroke=1)
        tile = tiles.get(p)
        tile_x = x + 300
        if tile is None and view.get("current") == p and view.get("turn_tile"):
            tile = view.get("turn_tile")
        if tile is not None:
            number, side = int(tile[0]), str(tile[1])
            animal, cells = kb.TILES[number][side]
            canvas.paste(animal_icon(animal, 26, TEXT, CARD), (tile_x, y))
            draw_text(canvas, (tile_x + 32, y + 20), f"{number}{side} {cells}", 20, TEXT,
                      anchor="ls", stroke=1)
    # gems
    gx = PANEL_GEMS_X
    gems: Mapping[str, Mapping[str, int]] = view.get("gems") or {}
    goal = list(view.get("hideout_goal") or [])
    for k, place in enumerate(("chest", "cave", "hideout")):
        y = top + 30 + k * 74
        counts = gems.get(place) or {}
        for j, colour in enumerate(kb.GEM_COLOURS):
            n = int(counts.get(colour, 0))
            cx = gx + j * 64
            icon = gem_icon(colour, 30, CARD, hollow=n == 0)
            canvas.paste(icon, (cx, y + 10))
            draw_text(canvas, (cx + 34, y + 26), str(n), 22, TEXT if n else FAINT, anchor="lm",
                      stroke=1)
    y = top + 30 + 3 * 74
    hidden = gems.get("hideout") or {}
    for j, colour in enumerate(goal):
        done = int(hidden.get(colour, 0)) > 0
        cx = gx + j * 132
        canvas.paste(gem_icon(colour, 34, CARD, hollow=not done), (cx, y + 8))
        draw_text(canvas, (cx + 40, y + 26), colour + (" ok" if done else ""), 18,
                  ACCENT if done else TEXT, anchor="lm", stroke=1 if done else 0)
    # what is happening
    line = _status_line(view, names)
    draw_text(canvas, (34, canvas.height - 62), fit_text(line, 20, WIDTH - 68), 20, TEXT,
              anchor="ls")
    last = _last_line(view, names)
    if last:
        draw_text(canvas, (34, canvas.height - 32), fit_text(last, 18, WIDTH - 68), 18, DIM,
                  anchor="ls")


def _last_line(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """"Last: Marina laid tile 7A ...; moved the red fish ..." from the view's event list."""
    last = view.get("last")
    if not last:
        return ""
    players = list(view.get("players") or [])
    clean = {p: _name(view, names, p, 18, 200) for p in players}
    events = [[str(x) for x in e] for e in last.get("events") or [] if e]
    text = Kraqua.format_events(events, clean).replace("**", "")
    who = clean.get(str(last.get("player")), "")
    return f"Last: {who} {text}" if who else f"Last: {text}"


def _status_line(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    status = view.get("status")
    gems = view.get("gems") or {}
    if status and status != "running":
        cave = sum((gems.get("cave") or {}).values())
        hidden = sum((gems.get("hideout") or {}).values())
        result = view.get("result") or {}
        why = str((result.get("detail") or {}).get("why", ""))
        lost = {"cave": "Lost: Kraqua's cave is full.", "chest": "Lost: the chest is empty.",
                "tiles": "Lost: no reef tile is left.",
                "resigned": "Lost: the team gave up."}.get(why, "Lost: Kraqua wins.")
        word = {"won": "Won together!", "almost": "Almost won: the hideout is incomplete.",
                "lost": lost}.get(str(status), str(status))
        return f"{word}  Cave {cave}, hideout {hidden}, chest {sum((gems.get('chest') or {}).values())}."
    step = view.get("step")
    roll = view.get("roll")
    if roll:
        return f"Kraqua rolled {roll}: the seahorse keeps it or rolls again."
    if view.get("drawing"):
        return f"The turtle drew tile {view['drawing']} and picks its side."
    if view.get("phase") == "draw":
        return "Round end: every seat draws a tile, the last mover first."
    if step == "gem":
        return "The rolled colour is gone: a gem must be chosen for Kraqua."
    if step == "special":
        return "Special field: pay a shell, or pass."
    acting = [p for p in view.get("to_act") or []]
    if view.get("current"):
        return "Turn under way: lay the tile, then move a fish."
    waiting = ", ".join(_name(view, names, p, 20, 160) for p in acting)
    if len(acting) == 1:
        return f"Round {view.get('round', 1)}: {waiting} to play."
    return f"Round {view.get('round', 1)}: {waiting} may play, in any order."


# ----- alt text ---------------------------------------------------------------------------------
# The image itself is drawn in English (above); the alt text is a Text of the ``kraqua`` domain,
# so each reader's screen reader gets it in their language.

_ = translator("kraqua")
#: English longer than this drops the reef rows, so that longer languages still fit.
ALT_ROOM = 880
STATUS_WORDS = {"running": _("running"), "won": _("won"), "almost": _("almost won"),
                "lost": _("lost")}


def _without_chip(view: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, str]:
    """The seat list writes each seat's chip with its name, so a name that already ends in
    it (the bot's "hana (crab)") goes without it there."""
    chips: Mapping[str, str] = view.get("chips") or {}
    out = dict(names)
    for p, name in names.items():
        tail = f" ({chips.get(p)})"
        if p in chips and str(name).endswith(tail) and len(str(name)) > len(tail):
            out[p] = str(name)[: -len(tail)]
    return out


def _plain(names: Mapping[str, str], player: str) -> str:
    return " ".join(str(names.get(player) or player).split())[:32]


def _chain(parts: Sequence[Any], template: str) -> Text:
    text = parts[0] if isinstance(parts[0], Text) else _("{item}", item=parts[0])
    for part in parts[1:]:
        text = (_("{a}; {b}", a=text, b=part) if template == ";"
                else _("{a} {b}", a=text, b=part))
    return text


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The position in words for screen readers: fish, gems, gates, reef rows, seats."""
    gems = view["gems"]
    count = {place: sum(gems[place].values()) for place in gems}
    status = view["status"]
    fish = listing([_("{colour} on {field}", colour=COLOUR_WORDS[c], field=f)
                    for c, f in view["fish"].items()])
    gates = []
    for g in view["gates"]:
        words = dict(gate=g["gate"], criterion=CRITERION_WORDS.get(g["criterion"], g["criterion"]),
                     order=colours(g["order"]))
        gates.append(_("gate {gate} by {criterion}: {order} (passed: {passed})",
                       passed=colours(g["passed"]), **words) if g["passed"]
                     else _("gate {gate} by {criterion}: {order}", **words))
    head = [_("Kraqua, level {level}, round {round}, {status}.", level=view["level"],
              round=view["round"], status=STATUS_WORDS.get(status, status)),
            _("Fish: {fish}. Cave {cave} of {limit} gems, chest {chest}, hideout {hideout} "
              "(goal: {goal}). Shells {shells}, stack {stack}.", fish=fish, cave=count["cave"],
              limit=view["cave_limit"], chest=count["chest"], hideout=count["hideout"],
              goal=colours(view["hideout_goal"]), shells=view["shells"], stack=view["stack"]),
            _("{gates}.", gates=_chain(gates, ";"))]
    rows = []
    for row in ("i", "o"):
        spots = view["rows"][row]
        laid = [_("{spot}: tile {tile}", spot=k, tile=str(t[0]) + str(t[1]))
                for k, t in spots.items()]
        if row == "i":
            rows.append(_("Inner reef {laid}.", laid=listing(laid)) if laid
                        else _("Inner reef empty."))
        else:
            rows.append(_("Outer reef {laid}.", laid=listing(laid)) if laid
                        else _("Outer reef empty."))
    seats = []
    bare = _without_chip(view, names)
    for p in view["players"]:
        tile = view["tiles"][p]
        words = dict(name=_plain(bare, p), chip=chip_name(view["chips"][p]))
        played = p in view["played"]
        if tile:
            words["tile"] = f"{tile[0]}{tile[1]}"
            seats.append(_("{name} ({chip}, tile {tile}, played)", **words) if played
                         else _("{name} ({chip}, tile {tile})", **words))
        else:
            seats.append(_("{name} ({chip}, played)", **words) if played
                         else _("{name} ({chip})", **words))
    tail = [_("Seats: {seats}.", seats=_chain(seats, ";"))]
    if status == "running":
        tail.append(_("To act: {seats}.",
                      seats=listing([_plain(names, p) for p in view["to_act"]])))
    text = _chain([*head, *rows, *tail], " ")
    if len(text) > ALT_ROOM:
        text = _chain([*head, *tail], " ")
    return text


register(GameRenderer(game="kraqua", board=render, prepare=prepare, alt_text=alt_text))
