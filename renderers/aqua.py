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
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.aqua import geometry as geo
from games.aqua.material import (
    ANIMAL_WORDS,
    COLOUR_OF,
    COLOUR_WORDS,
    ECOSYSTEMS,
    HOT,
    LARGE_ANIMALS,
    LARGE_VALUES,
    RATING_WORDS,
    SHAPE_WORDS,
    SPECIES as SPECIES_NAMES,
    SPECIES_WORDS,
    TILE_SET,
    TILES,
)
from games.text import Text, join, translator

from .aqualin import GLYPHS
from .registry import GameRenderer, register
from .common import (
    RGB,
    Palette,
    encode_png,
    fit_text,
    mix,
    seat_name,
    shrink,
    supersampled,
    text_mask,
    text_patch,
    text_width,
    ui_pairs,
)

_ = translator("aqua")

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (8, 24, 40)
CARD: RGB = (17, 40, 60)
CARD_EDGE: RGB = (36, 72, 98)
TEXT: RGB = (236, 242, 247)
DIM: RGB = (140, 168, 190)
FAINT: RGB = (86, 118, 142)
ACCENT: RGB = (80, 226, 212)  # turquoise: whose turn, where a tile can go
GOLD: RGB = (255, 196, 70)  # large animals, 3-point animals, the winner
HILITE: RGB = (255, 255, 255)
SHADOW: RGB = (2, 8, 16)
WELL: RGB = (22, 50, 72)
WELL_EDGE: RGB = (46, 84, 110)
LEGAL: RGB = (16, 70, 82)
TOKEN: RGB = (12, 22, 36)
HOT_DARK: RGB = (58, 30, 30)
HOT_GLOW: RGB = (255, 112, 56)
HOT_CORE: RGB = (255, 222, 128)

#: Coral colours, far apart and bright on the navy ground.
COLOURS: dict[str, RGB] = {
    "R": (232, 72, 86),
    "O": (255, 146, 50),
    "Y": (246, 212, 60),
    "G": (60, 192, 102),
    "B": (60, 140, 242),
    "P": (168, 98, 236),
}
LIGHT: dict[str, RGB] = {c: mix(v, (255, 255, 255), 0.38) for c, v in COLOURS.items()}
DARK: dict[str, RGB] = {c: mix(v, TOKEN, 0.55) for c, v in COLOURS.items()}
FADED: dict[str, RGB] = {c: mix(v, TOKEN, 0.55) for c, v in COLOURS.items()}


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce."""
    keys = [BG, CARD, CARD_EDGE, TEXT, DIM, FAINT, ACCENT, GOLD, HILITE, SHADOW, WELL, WELL_EDGE,
            LEGAL, TOKEN, HOT_DARK, HOT_GLOW, HOT_CORE, *COLOURS.values(), *LIGHT.values(),
            *DARK.values()]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (GOLD, TOKEN), (TEXT, TOKEN), (DIM, TOKEN), (WELL, CARD), (WELL_EDGE, WELL), (WELL_EDGE, CARD),
        (ACCENT, LEGAL), (TEXT, LEGAL), (FAINT, WELL), (LEGAL, CARD), (TOKEN, CARD),
        (HOT_GLOW, HOT_DARK), (HOT_CORE, HOT_GLOW), (HOT_DARK, CARD), (SHADOW, GOLD),
        (HILITE, CARD), (HILITE, SHADOW), (ACCENT, TOKEN), (FAINT, CARD), (SHADOW, CARD),
        (SHADOW, DIM), (FAINT, TOKEN),
    ]
    for c in COLOURS:
        pairs += [(COLOURS[c], CARD), (COLOURS[c], TOKEN), (COLOURS[c], DARK[c]),
                  (COLOURS[c], LIGHT[c]), (COLOURS[c], SHADOW), (DARK[c], TOKEN),
                  (COLOURS[c], HILITE), (COLOURS[c], GOLD)]
    return Palette(keys, pairs, steps=3)


@lru_cache(maxsize=256)
def ink(colour: RGB) -> int:
    """The palette index of a colour (for rectangles drawn straight onto the canvas)."""
    return palette().index(colour)



# ----- layout constants ------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling of cached art
HEADER_TOP = 68  # the players' cards start here
CARD_H = 92  # a player's card without its thumbnail
THUMB_H = 112  # the thumbnail of a player's area under their card (several players)
THUMB_MAX_HEX = 14
HEADER_H = HEADER_TOP + CARD_H + 16  # the header without thumbnails (solo, game over)
MARKET_H = 224
FULL_W = WIDTH - 2 * MARGIN  # a panel as wide as the picture
HALF_GAP = 16
HALF_W = (FULL_W - HALF_GAP) // 2  # two areas side by side
HALF_MAX_H = 760
MOVED_MAX_H = 400  # the mover's area above the next player's (when too wide to sit beside it)
MIN_SIDE_HEX = 30  # two areas side by side only while their hexes stay this large
AREA_PAD = 18
MAX_HEX = 62  # hex circumradius in px for small areas
MIN_HEX = 34  # the smallest size a tall area shrinks to (beyond it the image grows taller)
TINY_HEX = 22  # the smallest size a very wide area shrinks to (the width is fixed)
AREA_MAX_H = 1000
FOOTER_H = 510
MARKET_HEX = 50
#: Hex sizes the area may use: a few, so that every size's art stays cached.
HEX_SIZES: tuple[int, ...] = tuple(range(TINY_HEX, MAX_HEX + 1, 4))
SHAPES = tuple(LARGE_VALUES)
SPECIES = tuple(SPECIES_NAMES)  # C S F T J H
SQ3 = math.sqrt(3)
LABEL_RADIUS = 7  # ``prepare`` draws the coordinate labels of this many rings around 0,0


# ----- reading the view ------------------------------------------------------------------------


def _pos(text: Any) -> tuple[int, int]:
    """``"q,r"`` from the view; anything else is a broken view."""
    if isinstance(text, str):
        return _parse_pos(text)
    raise ValueError(f"not an Aqua position: {text!r}")


@lru_cache(maxsize=4096)
def _parse_pos(text: str) -> tuple[int, int]:
    if len(text) < 12:
        parts = text.split(",")
        if len(parts) == 2:
            try:
                return int(parts[0]), int(parts[1])
            except ValueError:
                pass
    raise ValueError(f"not an Aqua position: {text!r}")


def _colours(text: Any) -> str:
    if (isinstance(text, str) and len(text) == 3
            and all(c in COLOURS or c == HOT for c in text) and text.count(HOT) <= 1):
        return text
    raise ValueError(f"not an Aqua tile: {text!r}")


def _code(text: Any) -> str:
    if isinstance(text, str) and text in TILE_SET:
        return text
    raise ValueError(f"not an Aqua tile: {text!r}")


def _animal(value: Any) -> tuple[str, int, bool]:
    if isinstance(value, (list, tuple)) and len(value) == 3 and value[0] in SPECIES_NAMES:
        return str(value[0]), int(value[1]), bool(value[2])
    raise ValueError(f"not an Aqua small animal: {value!r}")


# ----- baking: RGBA art onto its ground, as palette sprites ------------------------------------

PSprite = tuple[Image.Image, Image.Image]  # palette image, binary mask ("1")
_BINARY = [0] + [255] * 255


def bake(art: Image.Image, ground: RGB) -> PSprite:
    """RGBA ``art`` composed onto flat ``ground`` and mapped onto the palette, plus its mask."""
    base = Image.new("RGBA", art.size, ground + (255,))
    base.alpha_composite(art)
    return palette().to_p(base.convert("RGB")), art.getchannel("A").point(_BINARY).convert("1")


def put(canvas: Image.Image, sprite: PSprite, xy: tuple[float, float]) -> None:
    """Paste a baked sprite with its top-left corner at ``xy``."""
    image, mask = sprite
    canvas.paste(image, (round(xy[0]), round(xy[1])), mask)


def put_centred(canvas: Image.Image, sprite: PSprite, centre: tuple[float, float]) -> None:
    w, h = sprite[0].size
    put(canvas, sprite, (centre[0] - w / 2, centre[1] - h / 2))


def _text_sprite(text: str, size: int, fg: RGB, bg: RGB, anchor: str, stroke: int
                 ) -> tuple[Image.Image, int, int]:
    patch, _mask, (dx, dy) = text_patch(palette(), text, size, fg, bg, anchor, stroke)
    return patch, dx, dy


def put_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int, fg: RGB,
             bg: RGB, anchor: str = "la", stroke: int = 0) -> None:
    """Anti-aliased text on a flat ``bg`` (cached as a palette patch)."""
    if not text:
        return
    sprite, dx, dy = _text_sprite(text, size, fg, bg, anchor, stroke)
    canvas.paste(sprite, (round(xy[0]) + dx, round(xy[1]) + dy))


def overlay(canvas: Image.Image, art: Image.Image, xy: tuple[float, float]) -> None:
    """Alpha-blend RGBA ``art`` over whatever lies there (for the few pieces on mixed ground)."""
    x, y = round(xy[0]), round(xy[1])
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(canvas.width, x + art.width), min(canvas.height, y + art.height)
    if x1 <= x0 or y1 <= y0:
        return
    if (x0, y0, x1, y1) != (x, y, x + art.width, y + art.height):
        art = art.crop((x0 - x, y0 - y, x1 - x, y1 - y))
    palette().overlay(canvas, art, (x0, y0))


# ----- the art ---------------------------------------------------------------------------------


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + ux * r, cy + uy * r) for ux, uy in (geo.CORNERS[k] for k in
                                                      ("N", "NE", "SE", "S", "SW", "NW"))]


def _hex_box(size: int) -> tuple[int, int]:
    return math.ceil(SQ3 * size) + 4, 2 * size + 4


def _letter(art: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB) -> None:
    """Text straight onto RGBA art (inside an opaque area)."""
    mask, (dx, dy) = text_mask(text, size, "mm", 0)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    art.paste(colour + (255,), (x, y, x + mask.width, y + mask.height), mask)


@lru_cache(maxsize=256)
def rhombus(colour: str, direction: str, size: int) -> tuple[Image.Image, Image.Image, int, int]:
    """One coral on the area panel: palette image, mask, offset from its tile's centre.

    It is inset a little from its tile's rim and seams, so the panel shows through as thin
    seams between corals and a wider gap between tiles. Polyps (light dots) towards the tip,
    the colour letter towards the centre; a hot-spot coral is plain dark.
    """
    corners = [(0.0, 0.0)] + [geo.CORNERS[k] for k in geo.RHOMBUS[direction]]
    pts = [(x * size, y * size) for x, y in corners]
    x0, y0 = math.floor(min(p[0] for p in pts)) - 1, math.floor(min(p[1] for p in pts)) - 1
    x1, y1 = math.ceil(max(p[0] for p in pts)) + 1, math.ceil(max(p[1] for p in pts)) + 1
    im, d = supersampled((x1 - x0, y1 - y0), SS, (0, 0, 0, 0), "RGBA")
    cx = sum(p[0] for p in pts) / 4
    cy = sum(p[1] for p in pts) / 4
    inset = 1.0 - 1.7 / (size * 0.5)
    local = [((cx + (x - cx) * inset - x0) * SS, (cy + (y - cy) * inset - y0) * SS)
             for x, y in pts]
    d.polygon(local, fill=(HOT_DARK if colour == HOT else COLOURS[colour]) + (255,))
    if colour != HOT:
        centre, tip = local[0], local[2]
        side = (local[3][0] - local[1][0], local[3][1] - local[1][1])
        norm = math.hypot(*side) or 1.0
        ux, uy = side[0] / norm, side[1] / norm
        for t, off in ((0.80, 0.0), (0.66, 0.15), (0.66, -0.15)):
            mx = centre[0] + (tip[0] - centre[0]) * t + ux * off * size * SS
            my = centre[1] + (tip[1] - centre[1]) * t + uy * off * size * SS
            rr = size * SS * 0.05
            d.ellipse((mx - rr, my - rr, mx + rr, my + rr), fill=LIGHT[colour] + (255,))
    art = shrink(im, SS)
    if colour != HOT:
        lx = (local[0][0] + (local[2][0] - local[0][0]) * 0.36) / SS
        ly = (local[0][1] + (local[2][1] - local[0][1]) * 0.36) / SS
        _letter(art, (lx, ly), colour, max(11, round(size * 0.27)), DARK[colour])
    image, mask = bake(art, CARD)
    return image, mask, x0, y0


def put_tile(canvas: Image.Image, colours: str, size: int, centre: tuple[float, float]) -> None:
    """A tile: its three corals around the (rounded) centre."""
    cx, cy = round(centre[0]), round(centre[1])
    for i, direction in enumerate(geo.DIRS):
        image, mask, dx, dy = rhombus(colours[i], direction, size)
        canvas.paste(image, (cx + dx, cy + dy), mask)


@lru_cache(maxsize=128)
def market_tile(code: str, size: int) -> PSprite:
    """A whole tile at rotation 0 on the market panel."""
    w, h = _hex_box(size)
    image = palette().canvas((w, h), CARD)
    mask = Image.new("1", (w, h), 0)
    for i, direction in enumerate(geo.DIRS):
        part, part_mask, dx, dy = rhombus(code[i], direction, size)
        image.paste(part, (w // 2 + dx, h // 2 + dy), part_mask)
        mask.paste(part_mask, (w // 2 + dx, h // 2 + dy), part_mask)
    return image, mask


@lru_cache(maxsize=64)
def _well_art(size: int, legal: bool) -> Image.Image:
    w, h = _hex_box(size)
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    cx, cy = w * SS / 2, h * SS / 2
    edge, fill = (ACCENT, LEGAL) if legal else (WELL_EDGE, WELL)
    d.polygon(_hex_points(cx, cy, (size - 4) * SS), fill=edge + (255,))
    rim = (2.5 if legal else 1.5) * SS
    d.polygon(_hex_points(cx, cy, (size - 4) * SS - rim * 1.16), fill=fill + (255,))
    return shrink(im, SS)


@lru_cache(maxsize=64)
def well(size: int, legal: bool) -> PSprite:
    """An empty position next to the area (bright rim where a market tile fits now)."""
    return bake(_well_art(size, legal), CARD)


def label_size(size: int) -> int:
    return max(15, round(size * 0.36))


@lru_cache(maxsize=4096)
def well_label(text: str, size: int, legal: bool) -> tuple[Image.Image, int, int]:
    """The ``q,r`` of a free position, on the well's own colour."""
    fg, bg = (TEXT, LEGAL) if legal else (FAINT, WELL)
    return _text_sprite(text, label_size(size), fg, bg, "mm", 1 if legal else 0)


@lru_cache(maxsize=4096)
def site_label(text: str, size: int) -> Image.Image:
    """The ``q,r`` of a habitat's site: light text on a small dark plate."""
    fsize = label_size(size) - 2
    mask, _ = text_mask(text, fsize, "mm", 1)
    w, h = mask.width + 10, max(mask.height + 6, round(fsize * 1.1))
    im = Image.new("RGB", (w, h), TOKEN)
    im.paste(TEXT, ((w - mask.width) // 2, (h - mask.height) // 2,
                    (w - mask.width) // 2 + mask.width, (h - mask.height) // 2 + mask.height),
             mask)
    return palette().to_p(im)


@lru_cache(maxsize=32)
def hot(size: int) -> PSprite:
    """The hot spot: a glowing vent over the three dark hot-spot corals of site (0, 0)."""
    dim = round(size * 1.3)
    im, d = supersampled((dim, dim), SS, (0, 0, 0, 0), "RGBA")
    c = dim * SS / 2
    for radius, colour in ((0.46, HOT_GLOW), (0.30, HOT_CORE)):
        rr = radius * dim * SS
        d.ellipse((c - rr, c - rr, c + rr, c + rr), fill=colour + (255,))
    for k in range(8):  # rays
        a = k * math.pi / 4 + math.pi / 8
        r0, r1 = 0.50 * dim * SS, 0.64 * dim * SS
        d.line([(c + math.cos(a) * r0, c + math.sin(a) * r0),
                (c + math.cos(a) * r1, c + math.sin(a) * r1)], fill=HOT_GLOW + (255,),
               width=round(dim * 0.05 * SS))
    rr = 0.13 * dim * SS
    d.ellipse((c - rr, c - rr, c + rr, c + rr), fill=HOT_DARK + (255,))
    return bake(shrink(im, SS), HOT_DARK)


@lru_cache(maxsize=256)
def _token_art(species: str, points: int, covered: bool, fresh: bool, size: int) -> Image.Image:
    colour_letter = COLOUR_OF[species]
    colour = FADED[colour_letter] if covered else COLOURS[colour_letter]
    dim = round(size * (1.12 if fresh else 0.96))
    im, d = supersampled((dim, dim), SS, (0, 0, 0, 0), "RGBA")
    s = dim * SS
    m = (dim - round(size * 0.96)) / 2 * SS  # margin of the fresh ring
    if fresh:
        d.ellipse((0, 0, s - 1, s - 1), fill=HILITE + (255,))
    pad = m + 0.06 * size * SS
    t = s - pad
    d.ellipse((pad, pad, t, t), fill=SHADOW + (255,))
    d.ellipse((pad + 0.02 * size * SS, pad + 0.02 * size * SS, t - 0.02 * size * SS,
               t - 0.02 * size * SS), fill=colour + (255,))
    rim = pad + 0.09 * size * SS
    d.ellipse((rim, rim, s - rim, s - rim), fill=TOKEN + (255,))
    g0, g1 = s / 2 - 0.24 * size * SS, s / 2 + 0.24 * size * SS
    glyph = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    GLYPHS[species](ImageDraw.Draw(glyph), (round(g0), round(g0), round(g1), round(g1)),
                    colour + (255,), TOKEN + (255,))
    im.alpha_composite(glyph)
    br = 0.165 * size * SS
    bx, by = s - m - br - 0.02 * size * SS, m + br + 0.04 * size * SS  # top right
    if points > 0:
        badge = FAINT if covered else GOLD if points >= 3 else DIM
        d = ImageDraw.Draw(im)
        g = 0.03 * size * SS
        d.ellipse((bx - br - g, by - br - g, bx + br + g, by + br + g), fill=SHADOW + (255,))
        d.ellipse((bx - br, by - br, bx + br, by + br), fill=badge + (255,))
    art = shrink(im, SS)
    if points > 0:
        _letter(art, (bx / SS, by / SS + 0.5), str(points), max(11, round(size * 0.25)), SHADOW)
    return art


@lru_cache(maxsize=1024)
def token(species: str, points: int, covered: bool, fresh: bool, size: int,
          ground: RGB | None = None) -> PSprite:
    """A small animal: round token, species glyph in its coral colour, points badge.

    It lies on its habitat, whose corals are all the species' colour, so that colour is
    the ground it is baked on (``ground`` overrides it, e.g. the footer panel).
    """
    return bake(_token_art(species, points, covered, fresh, size),
                ground or COLOURS[COLOUR_OF[species]])


@lru_cache(maxsize=64)
def empty_habitat(colour: str, size: int) -> PSprite:
    """A habitat whose stack was empty: a hollow ring, no animal."""
    dim = round(size * 0.7)
    im, d = supersampled((dim, dim), SS, (0, 0, 0, 0), "RGBA")
    s = dim * SS
    d.ellipse((0.08 * s, 0.08 * s, 0.92 * s, 0.92 * s), outline=SHADOW + (255,),
              width=round(0.16 * s))
    d.ellipse((0.12 * s, 0.12 * s, 0.88 * s, 0.88 * s), outline=COLOURS[colour] + (255,),
              width=round(0.08 * s))
    return bake(shrink(im, SS), COLOURS[colour])


@lru_cache(maxsize=64)
def ring(size: int) -> Image.Image:
    """An RGBA hexagonal ring around a tile: where the last tile went."""
    w, h = _hex_box(size + 6)
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    cx, cy = w * SS / 2, h * SS / 2
    d.polygon(_hex_points(cx, cy, (size + 3) * SS), outline=SHADOW + (255,), width=6 * SS)
    d.polygon(_hex_points(cx, cy, (size + 1.5) * SS), outline=HILITE + (255,), width=3 * SS)
    return shrink(im, SS)


@lru_cache(maxsize=64)
def pill(text: str, size: int, fill: RGB, ink_colour: RGB) -> Image.Image:
    """A small rounded RGBA label ("TO MOVE", a large animal's name)."""
    mask, _ = text_mask(text, size, "mm", 1)
    w = mask.width + size + 4
    h = size + 14
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=h * SS // 2, fill=fill + (255,))
    art = shrink(im, SS)
    x, y = (w - mask.width) // 2, (h - mask.height) // 2
    art.paste(ink_colour + (255,), (x, y, x + mask.width, y + mask.height), mask)
    return art


@lru_cache(maxsize=16)
def snail(size: int, ground: RGB) -> PSprite:
    """The sea snail token: a spiral shell on a soft body."""
    w, h = round(size * 1.5), size
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    s = size * SS
    body = TEXT + (255,)
    d.rounded_rectangle((0.05 * s, 0.62 * s, 1.42 * s, 0.92 * s), radius=0.15 * s, fill=body)
    d.line([(1.25 * s, 0.66 * s), (1.38 * s, 0.30 * s)], fill=body, width=round(0.06 * s))
    d.line([(1.18 * s, 0.66 * s), (1.20 * s, 0.32 * s)], fill=body, width=round(0.05 * s))
    d.ellipse((1.33 * s, 0.24 * s, 1.45 * s, 0.36 * s), fill=body)
    d.ellipse((0.12 * s, 0.05 * s, 1.02 * s, 0.88 * s), fill=GOLD + (255,))
    cx, cy = 0.57 * s, 0.47 * s
    pts = []
    for k in range(60):
        t = k / 59 * 2.6 * math.pi
        rr = 0.36 * s * (1 - k / 70)
        pts.append((cx + math.cos(t) * rr * 0.95, cy + math.sin(t) * rr * 0.92))
    d.line(pts[::-1], fill=SHADOW + (255,), width=round(0.05 * s), joint="curve")
    return bake(shrink(im, SS), ground)


@lru_cache(maxsize=32)
def shape_icon(shape: str, size: int, colour: RGB) -> PSprite:
    """A large animal's shape as a little cluster of hexagons, on the footer panel."""
    sites = geo.orientations(shape)[0]
    pts = [geo.site_centre(s, 1.0) for s in sites]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    span_x = max(xs) - min(xs) + SQ3
    span_y = max(ys) - min(ys) + 2
    scale = size / max(span_x, span_y)
    w, h = math.ceil(span_x * scale) + 2, math.ceil(span_y * scale) + 2
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    for x, y in pts:
        cx = (x - min(xs) + SQ3 / 2) * scale * SS + SS
        cy = (y - min(ys) + 1) * scale * SS + SS
        d.polygon(_hex_points(cx, cy, scale * SS * 0.98), fill=colour + (255,))
        d.polygon(_hex_points(cx, cy, scale * SS * 0.70), fill=CARD + (255,))
    return bake(shrink(im, SS), CARD)


@lru_cache(maxsize=64)
def _corner(radius: int, fill: RGB, edge: RGB, edge_width: int, ground: RGB) -> Image.Image:
    """The top-left corner of a rounded panel, anti-aliased on ``ground``, as a palette image."""
    im, d = supersampled((radius, radius), SS, ground)
    r = radius * SS
    d.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=edge)
    e = edge_width * SS
    d.ellipse((e, e, 2 * r - 1 - e, 2 * r - 1 - e), fill=fill)
    return palette().to_p(shrink(im, SS))


@lru_cache(maxsize=64)
def _corners(radius: int, fill: RGB, edge: RGB, edge_width: int, ground: RGB
             ) -> tuple[Image.Image, ...]:
    c = _corner(radius, fill, edge, edge_width, ground)
    t = Image.Transpose
    return (c, c.transpose(t.FLIP_LEFT_RIGHT), c.transpose(t.FLIP_TOP_BOTTOM),
            c.transpose(t.ROTATE_180))


def panel(canvas: Image.Image, box: tuple[int, int, int, int], fill: RGB, edge: RGB,
          edge_width: int, radius: int = 16, ground: RGB = BG) -> None:
    """A rounded panel drawn onto the canvas: rectangles plus four cached corners."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    r, e = radius, edge_width
    d.rectangle((x0 + e, y0 + e, x1 - e - 1, y1 - e - 1), fill=ink(fill))
    d.rectangle((x0 + r, y0, x1 - r - 1, y0 + e - 1), fill=ink(edge))
    d.rectangle((x0 + r, y1 - e, x1 - r - 1, y1 - 1), fill=ink(edge))
    d.rectangle((x0, y0 + r, x0 + e - 1, y1 - r - 1), fill=ink(edge))
    d.rectangle((x1 - e, y0 + r, x1 - 1, y1 - r - 1), fill=ink(edge))
    tl, tr, bl, br = _corners(r, fill, edge, e, ground)
    canvas.paste(tl, (x0, y0))
    canvas.paste(tr, (x1 - r, y0))
    canvas.paste(bl, (x0, y1 - r))
    canvas.paste(br, (x1 - r, y1 - r))


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None) -> bytes:
    """PNG bytes: the market and the areas of :func:`plan` (``focus``: that player's area)."""
    return encode_png(draw(view, names, focus))


def focus_player(view: Mapping[str, Any], focus: str | None) -> str:
    """Whose area to show: ``focus`` if it plays, else the player to act, else the winner."""
    players = [str(p) for p in view.get("players") or []]
    if not players:
        raise ValueError("an Aqua view without players")
    if focus is not None and str(focus) in players:
        return str(focus)
    active = view.get("active")
    if active in players:
        return str(active)
    result = view.get("result") or {}
    winners = [w for w in result.get("winners") or [] if w in players]
    return winners[0] if winners else players[0]


def mover(view: Mapping[str, Any], focus: str | None = None) -> str | None:
    """Who made the move this board follows, when their area is shown beside the next
    player's: only on the plain board of a running game with several players, and only if
    somebody else acts now (a player moving twice in a row gets one area and a note)."""
    players = [str(p) for p in view.get("players") or []]
    if (focus is not None and str(focus) in players) or view.get("result") or len(players) < 2:
        return None
    who = (view.get("last") or {}).get("player")
    if who in players and who != view.get("active"):
        return str(who)
    return None


class AreaLayout:
    """Where a player's area goes: hex size, pixel origin of tile (0, 0), the region's size."""

    def __init__(self, tiles: Sequence[tuple[int, int]], frontier: Sequence[tuple[int, int]],
                 width: int, max_h: int = AREA_MAX_H, size: int | None = None) -> None:
        cells = list(tiles) + list(frontier)
        xs = [geo.tile_centre(p, 1.0)[0] for p in cells]
        ys = [geo.tile_centre(p, 1.0)[1] for p in cells]
        self.min_x, self.min_y = min(xs) - SQ3 / 2, min(ys) - 1
        units_w = max(xs) - min(xs) + SQ3
        units_h = max(ys) - min(ys) + 2
        self.units_w, self.units_h = units_w, units_h
        # the width is fixed; a tall area may make the image taller rather than tiny
        fit = min(width / units_w, max(max_h / units_h, MIN_HEX))
        # the largest of the cached sizes that fits (never below the smallest)
        self.size = size or max([h for h in HEX_SIZES if h <= fit] or [HEX_SIZES[0]])
        self.width = math.ceil(units_w * self.size)
        self.height = math.ceil(units_h * self.size)
        self.ox = 0.0
        self.oy = 0.0

    def place(self, left: float, top: float) -> None:
        self.ox = left - self.min_x * self.size
        self.oy = top - self.min_y * self.size

    def tile(self, pos: tuple[int, int]) -> tuple[float, float]:
        x, y = geo.tile_centre(pos, self.size)
        return self.ox + x, self.oy + y

    def site(self, site: tuple[int, int]) -> tuple[float, float]:
        x, y = geo.site_centre(site, self.size)
        return self.ox + x, self.oy + y


def _area_layout(area: Mapping[str, Any], over: bool = False, width: int = FULL_W,
                 max_h: int = AREA_MAX_H, size: int | None = None) -> AreaLayout:
    """``over``: no free positions (a finished game's area, or the mover's, where nobody
    places a tile now)."""
    tiles = [_pos(k) for k in area.get("tiles") or {}]
    frontier = [] if over else [_pos(k) for k in area.get("frontier") or []]
    if not tiles:
        tiles = [(0, 0)]
    return AreaLayout(tiles, frontier, width - 2 * AREA_PAD, max_h, size)


def _footer_height(view: Mapping[str, Any]) -> int:
    if view.get("result"):
        return 210 + 46 * len(view.get("players") or [])
    return FOOTER_H


def _market_height(view: Mapping[str, Any]) -> int:
    return 0 if view.get("result") else MARKET_H


@dataclass
class Panel:
    """One area on the picture: whose, why (``role``), where, and its title lines."""

    player: str
    role: str  # "next": to act (or asked for); "moved": made the last move; "final": game over
    box: tuple[int, int, int, int]
    layout: AreaLayout
    wells: bool  # free positions drawn (only in the area of the player who places next)
    hints: list[str]

    @property
    def wide(self) -> bool:
        return self.box[2] - self.box[0] >= FULL_W


@dataclass
class Plan:
    """The picture's layout: computed once, drawn by :func:`draw`, read by the tests."""

    thumbs: bool  # every player's area as a thumbnail in their header card
    header_h: int
    areas_top: int
    footer_top: int
    height: int
    panels: list[Panel]


def _side_widths(chosen: Sequence[tuple[str, str, bool]], full: Sequence[AreaLayout]
                 ) -> list[int]:
    """Panel widths for two areas side by side (the mover's and the next player's, or a row
    of finished areas), or [] when they go one above the other.

    The mover's area and the next player's share the width by how wide each is, within
    36–64 %, while both keep hexes of at least ``MIN_SIDE_HEX``; finished areas go two to a
    row at half width while their hexes stay above the smallest size.
    """
    if len(chosen) < 2:
        return []
    room = FULL_W - HALF_GAP
    if chosen[0][1] == "final":
        fits = all(_fits(lay, HALF_W) >= TINY_HEX for lay in full)
        return [HALF_W] * len(chosen) if fits else []
    total = full[0].units_w + full[1].units_w
    share = min(0.64, max(0.36, full[0].units_w / total))
    widths = [round(room * share), room - round(room * share)]
    if all(_fits(lay, wd) >= MIN_SIDE_HEX for lay, wd in zip(full, widths)):
        return widths
    return []


def _fits(layout: AreaLayout, width: int) -> float:
    """The hex size at which ``layout``'s area fills a panel ``width`` wide (or HALF_MAX_H)."""
    return min((width - 2 * AREA_PAD) / layout.units_w, HALF_MAX_H / layout.units_h)


def _title_h(panel_wide: bool, hints: int) -> int:
    first = 76 if panel_wide else 96
    return first + 28 * max(0, hints - 1) + 20 if hints else first - 16


def plan(view: Mapping[str, Any], names: Mapping[str, str] | None = None,
         focus: str | None = None) -> Plan:
    """Which areas the picture shows, and where.

    * A finished game (the plain board): every area, winner first, two to a row.
    * After a move by someone else: the mover's area (what they just placed, in white) beside
      the area of the player to act next; one above the other when the areas have grown too
      wide for half the width.
    * Otherwise (``focus``, solo, the start, a second turn in a row): one area, full width.
    """
    names = names or {}
    players = [str(p) for p in view.get("players") or []]
    areas = view.get("areas") or {}
    over = bool(view.get("result"))
    thumbs = len(players) > 1 and not (over and focus is None)
    header_h = HEADER_TOP + CARD_H + (THUMB_H if thumbs else 0) + 16
    top = header_h + _market_height(view)
    chosen: list[tuple[str, str, bool]] = []  # player, role, wells
    if over and focus is None and len(players) > 1:
        counts = view.get("small_animals") or {}
        ranked = sorted(players, key=lambda p: (-_total(view, p), -int(counts.get(p, 0))))
        chosen = [(p, "final", False) for p in ranked]
    else:
        who = focus_player(view, focus)
        moved = mover(view, focus)
        if moved is not None:
            chosen.append((moved, "moved", False))
        chosen.append((who, "next", not over))
    panels: list[Panel] = []

    def layout_of(p: str, wells: bool, width: int, max_h: int,
                  size: int | None = None) -> AreaLayout:
        return _area_layout(areas.get(p) or {}, not wells, width, max_h, size)

    y = top
    widths = _side_widths(chosen, [layout_of(p, w, FULL_W, AREA_MAX_H) for p, _r, w in chosen])
    if widths:
        # one scale for every area shown, so that they compare at a glance
        common = min(layout_of(p, w, wd, HALF_MAX_H).size
                     for (p, _r, w), wd in zip(chosen, widths))
        for i in range(0, len(chosen), 2):
            row = chosen[i:i + 2]
            row_w = widths[i:i + 2]
            hints = [_area_hints(view, names, p, role, False) for p, role, _w in row]
            title = _title_h(False, max(len(h) for h in hints))
            layouts = [layout_of(p, w, wd, HALF_MAX_H, common)
                       for (p, _r, w), wd in zip(row, row_w)]
            height = title + max(lay.height for lay in layouts) + 2 * AREA_PAD
            x0 = MARGIN if len(row) > 1 else MARGIN + (FULL_W - row_w[0]) // 2
            for (p, role, w), lay, hint, wd in zip(row, layouts, hints, row_w):
                panels.append(Panel(p, role, (x0, y, x0 + wd, y + height), lay, w, hint))
                x0 += wd + HALF_GAP
            y += height + 14
    else:
        for p, role, w in chosen:
            hint = _area_hints(view, names, p, role, True)
            # the mover's area is there to be looked at, not typed from: it stays smaller
            lay = layout_of(p, w, FULL_W, MOVED_MAX_H if role == "moved" else AREA_MAX_H)
            height = _title_h(True, len(hint)) + lay.height + 2 * AREA_PAD
            panels.append(Panel(p, role, (MARGIN, y, MARGIN + FULL_W, y + height), lay, w, hint))
            y += height + 14
    for panel in panels:
        x0, y0, x1, _y1 = panel.box
        left = x0 + AREA_PAD + (x1 - x0 - 2 * AREA_PAD - panel.layout.width) / 2
        panel.layout.place(left, y0 + _title_h(panel.wide, len(panel.hints)) + AREA_PAD)
    footer_top = y
    height = footer_top + _footer_height(view) + MARGIN
    return Plan(thumbs, header_h, top, footer_top, height, panels)


def draw(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None
         ) -> Image.Image:
    """The picture as a palette image (``render`` encodes it); reads ``view`` only."""
    layout = plan(view, names, focus)
    over = bool(view.get("result"))
    canvas = palette().canvas((WIDTH, layout.height), BG)
    _draw_header(canvas, view, names, layout)
    if not over:
        _draw_market(canvas, view, names, layout.header_h)
    for panel in layout.panels:
        _draw_area(canvas, view, names, panel)
    if over:
        _draw_result(canvas, view, names, layout.footer_top)
    else:
        nxt = next(p.player for p in layout.panels if p.role == "next")
        _draw_footer(canvas, view, names, nxt, layout.footer_top)
    return canvas



def _name(view: Mapping[str, Any], names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0) -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke)


def _total(view: Mapping[str, Any], player: str) -> int:
    score = (view.get("scores") or {}).get(player) or {}
    return int(score.get("total", 0))


# ----- header ----------------------------------------------------------------------------------


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 layout: Plan) -> None:
    """Title, round and deck; one card per player: name, score, animals, the snail, and (with
    several players) a thumbnail of their area."""
    players = [str(p) for p in view.get("players") or []]
    result = view.get("result")
    rnd = int(view.get("round") or 1)
    rounds = int(view.get("rounds") or 17)
    put_text(canvas, (MARGIN + 4, 44), "AQUA", 40, ACCENT, BG, "ls", 1)
    status = "Game over" if result else f"Round {rnd} of {rounds}"
    x = MARGIN + 4 + text_width("AQUA", 40, 1) + 20
    put_text(canvas, (x, 44), status, 28, TEXT, BG, "ls", 1)
    x += text_width(status, 28, 1) + 20
    info = [f"{int(view.get('deck') or 0)} tiles in the deck"]
    if (view.get("options") or {}).get("ecosystems") == "family":
        info.append("family game")
    if view.get("solo"):
        info.append("solo")
    put_text(canvas, (x, 44), "  ·  ".join(info), 22, DIM, BG, "ls")
    to_act = set(view.get("to_act") or [])
    winners = set((result or {}).get("winners") or [])
    last = view.get("last") or {}
    for p, box in zip(players, card_boxes(len(players), layout.thumbs)):
        cx, y, x1, y1 = box
        card_w, card_h = x1 - cx, y1 - y
        active = p in to_act and not result
        won = p in winners
        edge, edge_w = (ACCENT, 3) if active else (GOLD, 3) if won else (CARD_EDGE, 2)
        panel(canvas, (cx, y, cx + card_w, y + card_h), CARD, edge, edge_w)
        total = str(_total(view, p))
        score_w = text_width(total, 42, 1)
        name = _name(view, names, p, 26, card_w - 40 - score_w, 1)
        put_text(canvas, (cx + 16, y + 42), name, 26, TEXT, CARD, "ls", 1)
        put_text(canvas, (cx + card_w - 14, y + 48), total, 42, GOLD if won else TEXT, CARD,
                 "rs", 1)
        area = (view.get("areas") or {}).get(p) or {}
        line = f"{len(area.get('animals') or {})} small, {len(area.get('large') or [])} large"
        room = card_w - 30
        if view.get("snail") == p:
            sprite = snail(24, CARD)
            put(canvas, sprite, (cx + card_w - sprite[0].width - 12, y + CARD_H - 34))
            room -= sprite[0].width + 8
        put_text(canvas, (cx + 16, y + 76), fit_text(line, 19, room), 19, DIM, CARD, "ls")
        if layout.thumbs:
            placed = None
            if last.get("player") == p and last.get("kind") == "take" and last.get("pos"):
                placed = _pos(last["pos"])
            _draw_thumb(canvas, area, thumb_box(box), placed)
        tag = None
        if active:
            tag = pill("TO MOVE", 16, ACCENT, CARD)
        elif won:
            tag = pill("WINNER" if len(winners) == 1 else "SHARED WIN", 16, GOLD, CARD)
        elif p in (view.get("resigned") or []):
            tag = pill("RESIGNED", 16, FAINT, CARD)
        if tag is not None:
            overlay(canvas, tag, (cx + 12, y - tag.height // 2))


def card_boxes(players: int, thumbs: bool) -> list[tuple[int, int, int, int]]:
    """The players' cards in the header, in seat order."""
    n = max(1, players)
    gap = 12
    card_w = (WIDTH - 2 * MARGIN - gap * (n - 1)) // n if n > 1 else 460
    card_h = CARD_H + (THUMB_H if thumbs else 0)
    return [(MARGIN + i * (card_w + gap), HEADER_TOP, MARGIN + i * (card_w + gap) + card_w,
             HEADER_TOP + card_h) for i in range(players)]


def thumb_box(card: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Where the thumbnail of the card's player's area goes."""
    x0, y0, x1, y1 = card
    return x0 + 10, y0 + CARD_H - 2, x1 - 10, y1 - 10


def _draw_thumb(canvas: Image.Image, area: Mapping[str, Any], box: tuple[int, int, int, int],
                placed: tuple[int, int] | None) -> None:
    """A player's area in miniature: corals, the hot spot, animals as dots (gold: covered by a
    large animal), the tile just placed outlined in white. Plain polygons: at this size
    anti-aliasing would only blur it."""
    tiles = {_pos(k): _colours(v) for k, v in (area.get("tiles") or {}).items()}
    if not tiles:
        return
    x0, y0, x1, y1 = box
    xs = [geo.tile_centre(p, 1.0)[0] for p in tiles]
    ys = [geo.tile_centre(p, 1.0)[1] for p in tiles]
    units_w = max(xs) - min(xs) + SQ3
    units_h = max(ys) - min(ys) + 2
    size = min((x1 - x0) / units_w, (y1 - y0) / units_h, THUMB_MAX_HEX)
    ox = (x0 + x1) / 2 - (min(xs) + max(xs)) / 2 * size
    oy = (y0 + y1) / 2 - (min(ys) + max(ys)) / 2 * size
    d = ImageDraw.Draw(canvas)
    seam = ink(CARD)
    for pos, colours in tiles.items():
        tx, ty = geo.tile_centre(pos, size)
        cx, cy = ox + tx, oy + ty
        for i, direction in enumerate(geo.DIRS):
            corners = [(0.0, 0.0)] + [geo.CORNERS[k] for k in geo.RHOMBUS[direction]]
            pts = [(cx + ux * size, cy + uy * size) for ux, uy in corners]
            colour = HOT_DARK if colours[i] == HOT else COLOURS[colours[i]]
            d.polygon(pts, fill=ink(colour), outline=seam)
    if any(HOT in c for c in tiles.values()):
        sx, sy = geo.site_centre((0, 0), size)
        r = max(2.0, size * 0.3)
        d.ellipse((ox + sx - r, oy + sy - r, ox + sx + r, oy + sy + r), fill=ink(HOT_GLOW))
    covered = {str(s) for big in area.get("large") or [] for s in big.get("sites") or []}
    for key in area.get("animals") or {}:
        sx, sy = geo.site_centre(_pos(key), size)
        r = max(2.0, size * 0.32)
        d.ellipse((ox + sx - r, oy + sy - r, ox + sx + r, oy + sy + r),
                  fill=ink(GOLD if key in covered else TOKEN))
    if placed is not None and placed in tiles:
        tx, ty = geo.tile_centre(placed, size)
        pts = _hex_points(ox + tx, oy + ty, size)
        d.line([*pts, pts[0]], fill=ink(HILITE), width=2)


# ----- market ----------------------------------------------------------------------------------


def _draw_market(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 top: int) -> None:
    """The market tiles at rotation 0 with their slot numbers, and the snail if it is there."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + MARKET_H - 14), CARD, CARD_EDGE, 2)
    market = [_code(t) for t in view.get("market") or []]
    put_text(canvas, (MARGIN + 20, top + 36), "MARKET", 24, DIM, CARD, "ls", 1)
    hint = ("badge: slot number; tiles shown at rot 0, rot 1 and rot 2 turn them clockwise"
            if market
            else "empty until the next round")
    put_text(canvas, (MARGIN + 20 + text_width("MARKET", 24, 1) + 14, top + 36), hint, 20,
             FAINT, CARD, "ls")
    where = view.get("snail")
    slot_w = 150
    n = len(market) + (1 if where == "market" else 0)
    start = MARGIN + (WIDTH - 2 * MARGIN - n * slot_w) // 2
    cy = top + 112
    for i, code in enumerate(market):
        cx = start + i * slot_w + slot_w / 2
        put_centred(canvas, market_tile(code, MARKET_HEX), (cx, cy))
        put_centred(canvas, slot_badge(i + 1), (cx - MARKET_HEX * 1.02, cy - MARKET_HEX * 0.92))
        put_text(canvas, (cx, cy + MARKET_HEX + 30), code, 22, TEXT, CARD, "ms", 1)
    if where == "market":
        cx = start + len(market) * slot_w + slot_w / 2
        put_centred(canvas, snail(44, CARD), (cx, cy - 6))
        put_text(canvas, (cx, cy + MARKET_HEX + 30), "snail", 22, GOLD, CARD, "ms", 1)
    elif where:
        who = _name(view, names, str(where), 20, 260)
        put_text(canvas, (WIDTH - MARGIN - 20, top + MARKET_H - 34), f"snail taken: {who}", 20,
                 GOLD, CARD, "rs")


@lru_cache(maxsize=16)
def slot_badge(number: int) -> PSprite:
    return bake(pill(str(number), 22, ACCENT, CARD), CARD)


# ----- area ------------------------------------------------------------------------------------


def _just_placed(view: Mapping[str, Any], who: str) -> tuple[set[str], set[str]]:
    """(small-animal sites, large-animal sites) that ``who``'s last finished turn placed, drawn
    in white. Also for a player acting again at once (solo, or last of a round and first of the
    next); in the middle of their turn the engine's ``placed_this_turn`` says it."""
    last = view.get("last") or {}
    if view.get("result") or last.get("player") != who:
        return set(), set()
    if who == view.get("active") and view.get("phase") != "take":
        return set(), set()
    small = {str(h[0]) for h in last.get("habitats") or [] if len(h) == 3 and h[2]}
    big = set((last.get("large") or {}).get("sites") or [])
    return small, {str(s) for s in big}


def _twice(view: Mapping[str, Any], who: str) -> bool:
    """``who`` ended the last round and starts this one: two turns in a row."""
    last = view.get("last") or {}
    return (not view.get("solo") and not view.get("result") and who == view.get("active")
            and last.get("player") == who and view.get("phase") == "take"
            and isinstance(last.get("round"), int) and last["round"] < int(view.get("round") or 0))


def _area_hints(view: Mapping[str, Any], names: Mapping[str, str], who: str, role: str,
                wide: bool) -> list[str]:
    """The lines under an area's title: what it shows, or what to type."""
    if role == "final":
        return []
    phase = view.get("phase")
    last = view.get("last") or {}
    lines: list[str] = []
    if role == "moved":
        if last.get("kind") == "snail":
            lines += ["took the sea snail:", "plays last now, first next round"]
        else:
            small, big = _just_placed(view, who)
            what = [f"tile {last.get('pos', '?')}"]
            what += [f"{len(small)} animal{'s' if len(small) != 1 else ''}"] if small else []
            what += ["a large animal"] if big else []
            if wide:
                return [f"White: just placed ({', '.join(what)})"]
            lines += ["White: just placed", ", ".join(what)]
        return [" ".join(lines)] if wide else lines
    if view.get("result"):
        return ["Final area: q,r under each animal names its site"]
    if _twice(view, who):
        name = _name(view, names, who, 21, 260)
        lines.append(f"{name} played last in round {last['round']}, so starts round "
                     f"{view.get('round')}: two turns in a row. White: the last turn.")
    if who == view.get("active") and phase == "take":
        if wide:
            lines.append("Bright q,r: a market tile fits there now  ·  /move take SLOT at Q,R "
                         "rot 0-2")
        else:
            lines += ["Bright q,r: a market tile fits there now",
                      "/move take SLOT at Q,R rot 0-2"]
    elif who == view.get("active") and phase == "large":
        options = [str(o) for o in view.get("large_options") or []]
        example = options[0] if options else "large SHAPE q,r ..."
        more = f" (or {len(options) - 1} more)" if len(options) > 1 else ""
        lines.append(f"Large animal: /move {example}{more}  or  /move done")
    else:
        lines.append("q,r on free positions; under each animal, q,r names its site")
    return lines


def _draw_area(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
               where: Panel) -> None:
    """One player's tiles, free positions, animals and large animals, with coordinates."""
    who, layout = where.player, where.layout
    area = (view.get("areas") or {}).get(who) or {}
    x0, top, x1, bottom = where.box
    active = view.get("active")
    over = bool(view.get("result"))
    won = who in ((view.get("result") or {}).get("winners") or [])
    edge, edge_w = ((ACCENT, 3) if who == active and not over else (GOLD, 3) if won and over
                    else (CARD_EDGE, 2))
    panel(canvas, (x0, top, x1, bottom), CARD, edge, edge_w)
    inner = x1 - x0 - 40
    score = (view.get("scores") or {}).get(who) or {}
    eco = sum(int(v) for v in (score.get("ecosystems") or {}).values())
    parts = [f"large {score.get('large', 0)}", f"small {score.get('small', 0)}"]
    if (view.get("options") or {}).get("ecosystems") != "family":
        parts += [f"reefs {score.get('reefs', 0)}", f"eco {eco}"]
    hint_colour = ACCENT if who == active and not over else TEXT if where.role == "moved" else FAINT
    if where.wide:
        line = "  ·  ".join(parts) + f"  =  {score.get('total', 0)}"
        put_text(canvas, (x1 - 20, top + 40), line, 22, DIM, CARD, "rs")
        room = inner - text_width(line, 22) - 20
        name = _name(view, names, who, 28, max(120, room - 110), 1)
        put_text(canvas, (x0 + 20, top + 40), fit_text(f"{name}'s area", 28, room, 1), 28, TEXT,
                 CARD, "ls", 1)
        y = top + 76
    else:
        total = str(score.get("total", 0))
        put_text(canvas, (x1 - 18, top + 44), total, 34, GOLD if won else TEXT, CARD, "rs", 1)
        room = inner - text_width(total, 34, 1) - 16
        name = _name(view, names, who, 26, max(100, room - 80), 1)
        put_text(canvas, (x0 + 20, top + 40), fit_text(f"{name}'s area", 26, room, 1), 26, TEXT,
                 CARD, "ls", 1)
        put_text(canvas, (x0 + 20, top + 68), fit_text(" · ".join(parts), 20, inner), 20,
                 DIM, CARD, "ls")
        y = top + 96
    for hint in where.hints:
        put_text(canvas, (x0 + 20, y), fit_text(hint, 20 if not where.wide else 21, inner),
                 20 if not where.wide else 21, hint_colour, CARD, "ls")
        y += 28
    tag = None
    if where.role == "moved":
        tag = pill("LAST MOVE", 16, HILITE, CARD)
    elif who == active and not over and len(view.get("players") or []) > 1:
        tag = pill("TO MOVE", 16, ACCENT, CARD)
    elif won and over and where.role == "final":
        tag = pill("WINNER" if len((view.get("result") or {}).get("winners") or []) == 1
                   else "SHARED WIN", 16, GOLD, CARD)
    if tag is not None:
        overlay(canvas, tag, (x1 - tag.width - 16, top - tag.height // 2))

    size = layout.size
    tiles = {_pos(k): _colours(v) for k, v in (area.get("tiles") or {}).items()}
    frontier = [_pos(k) for k in area.get("frontier") or []] if where.wells else []
    legal = {_pos(k) for k in view.get("legal_positions") or []} if who == active else set()
    for pos in frontier:
        x, y = layout.tile(pos)
        fits = pos in legal
        put_centred(canvas, well(size, fits), (x, y))
        label, dx, dy = well_label(f"{pos[0]},{pos[1]}", size, fits)
        canvas.paste(label, (round(x) + dx, round(y) + dy))
    for pos in sorted(tiles, key=geo.reading_key):
        put_tile(canvas, tiles[pos], size, layout.tile(pos))
    if any(HOT in c for c in tiles.values()):
        put_centred(canvas, hot(size), layout.site((0, 0)))
    last = view.get("last") or {}
    if not over and last.get("player") == who and last.get("kind") == "take" and last.get("pos"):
        spot = _pos(last["pos"])
        if spot in tiles:
            art = ring(size)
            x, y = layout.tile(spot)
            overlay(canvas, art, (x - art.width / 2, y - art.height / 2))

    animals = area.get("animals") or {}
    fresh, fresh_large = _just_placed(view, who)
    if who == active:
        fresh |= set(view.get("placed_this_turn") or [])
    habitats = list(area.get("habitats") or [])
    for key in habitats:
        if key in animals:
            continue
        site = _pos(key)
        colours = {tiles.get(t, "???")[i] for t, i in zip(geo.site_tiles(site), (0, 1, 2))}
        colour = next(iter(colours)) if len(colours) == 1 else None
        if colour in COLOURS:
            put_centred(canvas, empty_habitat(colour, size), layout.site(site))
    for key in sorted(animals, key=lambda k: geo.reading_key(_pos(k))):
        species, points, covered = _animal(animals[key])
        put_centred(canvas, token(species, points, covered, key in fresh, size),
                    layout.site(_pos(key)))
    covered_sites: set[str] = set()
    for big in area.get("large") or []:
        covered_sites |= {str(s) for s in big.get("sites") or []}
        _draw_large_outline(canvas, big, layout)
    if where.role != "final":  # the finished areas are small; no move will name a site again
        for key in habitats:
            if key in covered_sites:
                continue  # never needed in a move again: the large animal's name goes there
            x, y = layout.site(_pos(key))
            plate = site_label(key, size)
            canvas.paste(plate, (round(x - plate.width / 2),
                                 round(y + size * 0.56 - plate.height / 2)))
    for big in area.get("large") or []:
        new = bool(fresh_large) and {str(s) for s in big.get("sites") or []} == fresh_large
        _draw_large_label(canvas, big, layout, new)


def _large_sites(big: Mapping[str, Any]) -> list[tuple[int, int]]:
    return [_pos(s) for s in big.get("sites") or []]


def _draw_large_outline(canvas: Image.Image, big: Mapping[str, Any], layout: AreaLayout) -> None:
    """A gold band around the sites a large animal covers."""
    sites = _large_sites(big)
    if not sites:
        return
    pattern = geo.normalise(sites)
    first = min(sites, key=geo.reading_key)
    art, dx, dy = outline(pattern, layout.size)
    x, y = layout.site(first)
    overlay(canvas, art, (x + dx, y + dy))


@lru_cache(maxsize=128)
def outline(pattern: tuple[tuple[int, int], ...], size: int) -> tuple[Image.Image, float, float]:
    """RGBA gold band around sites ``pattern`` (normalised), and its offset from the first site."""
    pts = [geo.site_centre(s, size) for s in pattern]
    r = size * 0.55
    pad = r + 10
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    x1, y1 = max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad
    w, h = math.ceil(x1 - x0), math.ceil(y1 - y0)
    k = SS

    def blob(radius: float) -> Image.Image:
        mask = Image.new("L", (w * k, h * k), 0)
        d = ImageDraw.Draw(mask)
        local = [((px - x0) * k, (py - y0) * k) for px, py in pts]
        for i, (ax, ay) in enumerate(local):
            d.ellipse((ax - radius * k, ay - radius * k, ax + radius * k, ay + radius * k),
                      fill=255)
            for j in range(i + 1, len(local)):
                if pattern[j] in geo.neighbours(pattern[i]):
                    bx, by = local[j]
                    d.line([(ax, ay), (bx, by)], fill=255, width=round(2 * radius * k))
        return mask.reduce(k)

    inner = blob(r)
    art = Image.new("RGBA", (w, h), SHADOW + (0,))
    art.putalpha(ImageChops.subtract(blob(r + 8), inner))
    art.paste(GOLD + (255,), (0, 0, w, h), ImageChops.subtract(blob(r + 6), inner))
    ox, oy = geo.site_centre(pattern[0], size)
    return art, x0 - ox, y0 - oy


def _draw_large_label(canvas: Image.Image, big: Mapping[str, Any], layout: AreaLayout,
                      new: bool = False) -> None:
    """The large animal's name and points, below its lowest site (where a site label was);
    white when it was placed in the turn just played."""
    sites = _large_sites(big)
    if not sites:
        return
    size = layout.size
    shape = str(big.get("shape", ""))
    animal = big.get("animal") or LARGE_ANIMALS.get(shape, {}).get(str(big.get("side", "A")), "")
    label = f"{animal} {big.get('points', '')}".strip()
    tag = pill(label, max(14, round(size * 0.3)), HILITE if new else GOLD, TOKEN)
    low = max(sites, key=lambda s: (layout.site(s)[1], -layout.site(s)[0]))
    x, y = layout.site(low)
    overlay(canvas, tag, (x - tag.width / 2, y + size * 0.46 - 2))


# ----- footer ----------------------------------------------------------------------------------


def _draw_footer(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 who: str, top: int) -> None:
    """Large animals left (shape, values), small animals left, the ecosystems in play (scored
    for ``who``), and a legend of the marks and numbers on the areas."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + FOOTER_H), CARD, CARD_EDGE, 2)
    x0 = MARGIN + 20
    put_text(canvas, (x0, top + 36), "LARGE ANIMALS", 22, DIM, CARD, "ls", 1)
    put_text(canvas, (x0 + text_width("LARGE ANIMALS", 22, 1) + 14, top + 36),
             "points left, next first; they cover animals of different species, one new",
             20, FAINT, CARD, "ls")
    stacks = view.get("large_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SHAPES)
    for i, shape in enumerate(SHAPES):
        cx = x0 + i * col_w
        values = list(stacks.get(shape) or [])
        icon = shape_icon(shape, 40, GOLD if values else FAINT)
        put(canvas, icon, (cx, top + 52 + (40 - icon[0].height) // 2))
        tx = cx + icon[0].width + 10
        put_text(canvas, (tx, top + 70), shape, 20, TEXT if values else FAINT, CARD, "ls", 1)
        shown = " ".join(str(v) for v in values) if values else "none left"
        put_text(canvas, (tx, top + 94), shown, 20, GOLD if values else FAINT, CARD, "ls")
    y = top + 140
    put_text(canvas, (x0, y), "SMALL ANIMALS LEFT", 22, DIM, CARD, "ls", 1)
    small = view.get("small_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SPECIES)
    for i, species in enumerate(SPECIES):
        cx = x0 + i * col_w
        left = int(small.get(species, 0))
        value = 3 if left > 8 else 2 if left else 0
        put(canvas, token(species, value, left == 0, False, 46, CARD), (cx - 4, y + 8))
        put_text(canvas, (cx + 46, y + 34), f"{left} left", 20, TEXT if left else FAINT, CARD,
                 "ls")
        put_text(canvas, (cx + 46, y + 56), SPECIES_NAMES[species], 18, DIM, CARD, "ls")
    y = top + 236
    ecosystems = [e for e in view.get("ecosystems") or [] if e in ECOSYSTEMS]
    mode = (view.get("options") or {}).get("ecosystems")
    put_text(canvas, (x0, y), "ECOSYSTEMS", 22, DIM, CARD, "ls", 1)
    label = (f"points for {_name(view, names, who, 20, 300)}'s area, if the game ended now"
             if ecosystems else "none: family game, only animals score" if mode == "family"
             else "none")
    room = WIDTH - 2 * MARGIN - 60 - text_width("ECOSYSTEMS", 22, 1)
    put_text(canvas, (x0 + text_width("ECOSYSTEMS", 22, 1) + 14, y), fit_text(label, 20, room),
             20, FAINT, CARD, "ls")
    mine = ((view.get("scores") or {}).get(who) or {}).get("ecosystems") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // 2
    for i, eid in enumerate(ecosystems[:6]):
        cx = x0 + (i % 2) * (col_w + 10)
        cy = y + 34 + (i // 2) * 52
        points = int(mine.get(eid, 0))
        name, rule = ECOSYSTEMS[eid]
        put_text(canvas, (cx, cy), f"{eid} {name}", 20, GOLD if points else TEXT, CARD, "ls", 1)
        put_text(canvas, (cx + col_w - 24, cy), f"+{points}" if points else "0", 22,
                 GOLD if points else FAINT, CARD, "rs", 1)
        put_text(canvas, (cx, cy + 22), fit_text(rule, 18, col_w - 30), 18, DIM, CARD, "ls")
    y = top + FOOTER_H - 84
    for line in LEGEND:
        put_text(canvas, (x0, y), fit_text(line, 19, WIDTH - 2 * MARGIN - 40), 19, DIM, CARD,
                 "ls")
        y += 26


#: What the marks and numbers on an area mean (the rules say the rest).
LEGEND = (
    "q,r on a free hex: where a tile can go  ·  q,r under an animal: its site, the top corner "
    "of tile q,r",
    "Badge on an animal: its points  ·  gold band: a large animal and its points",
    "Glowing vent: the hot spot, where your 3 start tiles meet (no colour)  ·  white: just "
    "placed",
)


def _draw_result(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 top: int) -> None:
    """Who won and the score of everybody, by category."""
    result = view["result"]
    players = [str(p) for p in view.get("players") or []]
    h = _footer_height(view)
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + h), CARD, GOLD, 3)
    x0 = MARGIN + 24
    winners = [w for w in result.get("winners") or [] if w in players]
    detail = result.get("detail") or {}
    counts = detail.get("small_animals") or view.get("small_animals") or {}
    why = ""
    if view.get("solo") and players:
        total = _total(view, players[0])
        headline = ("Resigned" if result.get("outcome") == "lost"
                    else f"{total} points: {detail.get('rating') or ''}")
        why = "solo rating: under 50 tide pool, 50 reef, 70 open ocean, 90 legend"
    else:
        if len(winners) == 1:
            headline = f"{_name(view, names, winners[0], 40, 700, 1)} wins!"
        elif winners:
            headline = "Shared win!"
        else:
            headline = "Game over"
        totals = sorted((_total(view, p) for p in players), reverse=True)
        if result.get("reason") == "resigned":
            quitters = ", ".join(_name(view, names, p, 22, 200) for p in view.get("resigned") or [])
            why = f"ended early: {quitters} resigned"
        elif len(totals) > 1 and totals[0] == totals[1]:
            tied = [p for p in players if _total(view, p) == totals[0]]
            shown = ", ".join(f"{_name(view, names, p, 22, 160)} {counts.get(p, '?')}"
                              for p in tied)
            why = f"tie on {totals[0]} points, broken by small animals: {shown}"
    put_text(canvas, (x0, top + 56), fit_text(headline, 40, WIDTH - 2 * MARGIN - 48, 1), 40,
             GOLD, CARD, "ls", 1)
    if why:
        put_text(canvas, (x0, top + 92), fit_text(why, 21, WIDTH - 2 * MARGIN - 48), 21, DIM,
                 CARD, "ls")
    cols = [("large", 430), ("small", 530), ("reefs", 630), ("eco", 720), ("animals", 830),
            ("total", 930)]
    y = top + 136
    for label, x in cols:
        put_text(canvas, (x, y), label, 20, DIM, CARD, "rs", 1)
    scores = view.get("scores") or {}
    ranked = sorted(players, key=lambda p: (-_total(view, p), -int(counts.get(p, 0))))
    for i, p in enumerate(ranked):
        y = top + 136 + 46 * (i + 1)
        s = scores.get(p) or {}
        eco = sum(int(v) for v in (s.get("ecosystems") or {}).values())
        colour = GOLD if p in winners else TEXT
        put_text(canvas, (x0, y), _name(view, names, p, 26, 330, 1), 26, colour, CARD, "ls", 1)
        values = [s.get("large", 0), s.get("small", 0), s.get("reefs", 0), eco,
                  counts.get(p, 0), s.get("total", 0)]
        for (label, x), v in zip(cols, values):
            put_text(canvas, (x, y), str(v), 26, colour if label == "total" else TEXT, CARD,
                     "rs", 1 if label == "total" else 0)
    note = ("large, small: animal points · reefs: reef points · eco: ecosystems · "
            "animals: small animals owned (the tie-break)")
    put_text(canvas, (x0, top + h - 24), fit_text(note, 18, WIDTH - 2 * MARGIN - 48), 18, DIM,
             CARD, "ls")


# ----- warm-up ---------------------------------------------------------------------------------


def prepare() -> None:
    """Draw the art every board needs now (about a second), not during players' moves."""
    palette()
    for code in TILES:
        market_tile(code, MARKET_HEX)
    for number in range(1, 6):
        slot_badge(number)
    for species in SPECIES:
        for points in (0, 2, 3):
            token(species, points, points == 0, False, 46, CARD)
    for shape in SHAPES:
        shape_icon(shape, 40, GOLD)
        shape_icon(shape, 40, FAINT)
    snail(24, CARD)
    snail(44, CARD)
    near = [(q, r) for q in range(-LABEL_RADIUS, LABEL_RADIUS + 1)
            for r in range(-LABEL_RADIUS, LABEL_RADIUS + 1)
            if geo.distance((q, r), (0, 0)) <= LABEL_RADIUS]
    for size in HEX_SIZES:
        for colour in (*COLOURS, HOT):
            for direction in geo.DIRS:
                rhombus(colour, direction, size)
        for fits in (True, False):
            well(size, fits)
        hot(size)
        for species in SPECIES:
            for points in (2, 3):
                token(species, points, False, False, size)
        for q, r in near:
            text = f"{q},{r}"
            well_label(text, size, True)
            well_label(text, size, False)
            site_label(text, size)


# ----- alt text --------------------------------------------------------------------------------

#: The English alt text stays under this, so that a translation (longer, as a rule) still fits
#: Discord's limit; the bot clips anything longer after translating.
ALT_BUDGET = 850


def _fold(parts: Sequence[Text], pair: Callable[[Text, Text], Text]) -> Text:
    """Parts joined one by one with ``pair`` (a template without words), still translatable."""
    text = parts[0]
    for part in parts[1:]:
        text = pair(text, part)
    return text


def _semicolons(a: Text, b: Text) -> Text:
    return _("{a}; {b}", a=a, b=b)


def _commas(a: Text, b: Text) -> Text:
    return _("{a}, {b}", a=a, b=b)


def _spaces(a: Text, b: Text) -> Text:
    return _("{a} {b}", a=a, b=b)


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The channel image in words: round, whose turn, scores, market, the area shown.

    A translatable :class:`Text`. A big area lists fewer of its animals (and no longer the
    positions where a tile fits), so the text stays short in every language.
    """
    text = _alt_text(view, names, None, True)
    for limit in (24, 12, 6, 0):
        if len(text) <= ALT_BUDGET:
            break
        text = _alt_text(view, names, limit, False)
    return text


def _alt_text(view: Mapping[str, Any], names: Mapping[str, str], animal_limit: int | None,
              with_positions: bool) -> Text:
    def name(p: Any) -> str:
        return " ".join(str(names.get(str(p)) or p).split())[:32]

    players = [str(p) for p in view.get("players") or []]
    who = focus_player(view, None)
    result = view.get("result")
    parts: list[Text] = []
    if result:
        winners = [name(w) for w in result.get("winners") or []]
        if view.get("solo"):
            rating = str((result.get("detail") or {}).get("rating"))
            parts.append(_("Aqua, game over: {points} points, {rating}.",
                           points=_total(view, who), rating=RATING_WORDS.get(rating, rating)))
        elif len(winners) > 1:
            parts.append(_("Aqua, game over: {winners} share the win.", winners=join(winners)))
        elif winners:
            parts.append(_("Aqua, game over: {winner} wins.", winner=winners[0]))
        else:
            parts.append(_("Aqua, game over."))
    else:
        turn = dict(round=view.get("round"), rounds=view.get("rounds", 17),
                    player=name(view.get("active")))
        if view.get("phase") == "large":
            parts.append(_("Aqua, round {round} of {rounds}: {player} may place a large animal "
                           "or pass.", **turn))
        else:
            parts.append(_("Aqua, round {round} of {rounds}: {player} to take a market tile.",
                           **turn))
    parts.append(_("Scores: {scores}.",
                   scores=", ".join(f"{name(p)}: {_total(view, p)}" for p in players)))
    moved = mover(view)
    if moved is not None:  # the picture shows their area beside the next player's
        last = view.get("last") or {}
        if last.get("kind") == "snail":
            parts.append(_("{player} just took the sea snail.", player=name(moved)))
        elif last.get("pos"):
            parts.append(_("{player} just placed a tile at {pos}.", player=name(moved),
                           pos=str(last["pos"])))
    market = list(view.get("market") or [])
    if market and not result:
        tiles = [_("{slot} {first}-{second}-{third}", slot=i,
                   **dict(zip(("first", "second", "third"),
                              (COLOUR_WORDS.get(c, c) for c in code))))
                 for i, code in enumerate(market, 1)]
        parts.append(_("Market: {tiles}.", tiles=_fold(tiles, _semicolons)))
    where = view.get("snail")
    if where == "market":
        parts.append(_("The sea snail is in the market."))
    elif where:
        parts.append(_("{player} has the sea snail.", player=name(where)))
    area = (view.get("areas") or {}).get(who) or {}
    animals = list((area.get("animals") or {}).items())
    shown = []
    for site, (species, points, covered) in animals[:animal_limit]:
        said = dict(species=SPECIES_WORDS.get(species, species), points=points, site=site)
        shown.append(_("{species} {points} at {site} (covered)", **said) if covered
                     else _("{species} {points} at {site}", **said))
    count = dict(player=name(who), tiles=len(area.get("tiles") or {}))
    if not animals:
        parts.append(_("{player}'s area: {tiles} tiles; no animals yet.", **count))
    elif len(shown) == len(animals):
        parts.append(_("{player}'s area: {tiles} tiles; small animals: {animals}.",
                       animals=_fold(shown, _commas), **count))
    elif shown:
        parts.append(_("{player}'s area: {tiles} tiles; {n} small animals, among them "
                       "{animals}.", n=len(animals), animals=_fold(shown, _commas), **count))
    else:
        parts.append(_("{player}'s area: {tiles} tiles; {n} small animals.", n=len(animals),
                       **count))
    for big in area.get("large") or []:
        animal, shape = str(big.get("animal") or ""), str(big.get("shape") or "")
        parts.append(_("{animal} {points} on {sites}.",
                       animal=ANIMAL_WORDS.get(animal) or SHAPE_WORDS.get(shape) or animal,
                       points=big.get("points"), sites=" ".join(big.get("sites") or [])))
    legal = list(view.get("legal_positions") or [])
    if with_positions and legal and who == view.get("active"):
        parts.append(_("A tile fits at: {positions}.", positions=" ".join(legal)))
    return _fold(parts, _spaces)


register(GameRenderer(game="aqua", board=render, prepare=prepare, alt_text=alt_text, focus=True))
