"""Aqua board image from the public view (``games.aqua``; rules in shared/rules/aqua.md).

Layout, top to bottom: the players (name, score, hot spot, whose turn), the market (slot
numbers, tiles, the sea snail), one player's coral area, then the large animals left, the
ecosystems in play and the small-animal stacks (or the final scores once the game is over).

The area is drawn to scale from the engine's own hex geometry, cropped to the tiles and the
free positions around them, and scaled so that it fits the width. Every free position carries
its ``q,r`` (bright where a market tile can go this turn) and every habitat its ``a,b``, so a
player can type a move from the picture alone. Corals carry their colour letter for
colour-blind players.

Speed: tiles, wells, tokens and icons are drawn once, anti-aliased, and cached per hex size
(sizes are rounded to even pixels so that the caches hit). A render pastes them onto an RGB
canvas with their alpha, draws a little text, and maps the result once onto a fixed palette
(``renderers.common``) so that the PNG is one byte per pixel.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.aqua import geometry as geo
from games.aqua.material import (
    COLOUR_OF,
    ECOSYSTEMS,
    HOT,
    LARGE_ANIMALS,
    LARGE_VALUES,
    SPECIES as SPECIES_NAMES,
    TILE_SET,
)

from .aqualin import GLYPHS
from .common import (
    RGB,
    Palette,
    display_name,
    draw_text,
    encode_png,
    fit_text,
    mix,
    shrink,
    supersampled,
    text_width,
)

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
WELL: RGB = (18, 44, 64)
WELL_EDGE: RGB = (44, 82, 108)
LEGAL: RGB = (16, 66, 78)
SEAM: RGB = (14, 26, 40)
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
DARK: dict[str, RGB] = {c: mix(v, SEAM, 0.55) for c, v in COLOURS.items()}
FADED: dict[str, RGB] = {c: mix(v, TOKEN, 0.55) for c, v in COLOURS.items()}


@lru_cache(maxsize=1)
def palette() -> Palette:
    """Every colour this renderer draws, plus the blends its anti-aliased edges produce."""
    keys = [BG, CARD, CARD_EDGE, TEXT, DIM, FAINT, ACCENT, GOLD, HILITE, SHADOW, WELL, WELL_EDGE,
            LEGAL, SEAM, TOKEN, HOT_DARK, HOT_GLOW, HOT_CORE, *COLOURS.values(), *LIGHT.values(),
            *DARK.values(), *FADED.values()]
    pairs: list[tuple[RGB, RGB]] = [
        (TEXT, BG), (TEXT, CARD), (DIM, BG), (DIM, CARD), (ACCENT, CARD), (ACCENT, BG),
        (GOLD, CARD), (GOLD, BG), (GOLD, TOKEN), (TEXT, TOKEN), (DIM, TOKEN), (CARD, BG),
        (CARD_EDGE, CARD), (CARD_EDGE, BG), (WELL, BG), (WELL_EDGE, WELL), (WELL_EDGE, BG),
        (ACCENT, LEGAL), (TEXT, LEGAL), (DIM, WELL), (FAINT, WELL), (LEGAL, BG), (TOKEN, BG),
        (HOT_GLOW, HOT_DARK), (HOT_CORE, HOT_GLOW), (HOT_DARK, BG), (HOT_DARK, SEAM),
        (SHADOW, GOLD), (HILITE, BG), (HILITE, SHADOW), (TOKEN, CARD), (ACCENT, TOKEN),
        (FAINT, CARD), (SEAM, BG),
    ]
    for c in COLOURS:
        pairs += [(COLOURS[c], BG), (COLOURS[c], SEAM), (COLOURS[c], TOKEN), (COLOURS[c], DARK[c]),
                  (COLOURS[c], LIGHT[c]), (COLOURS[c], SHADOW), (FADED[c], TOKEN),
                  (COLOURS[c], CARD)]
    return Palette(keys, pairs, steps=3)


# ----- layout ----------------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling of cached art
HEADER_H = 176
MARKET_H = 224
AREA_TITLE_H = 96
AREA_PAD = 18
MAX_HEX = 62  # hex circumradius in px for small areas (MIN_HEX + a multiple of 4)
MIN_HEX = 34
AREA_MAX_H = 1000  # beyond this the image grows rather than shrink the hexes further
FOOTER_H = 420
MARKET_HEX = 50
SHAPES = tuple(LARGE_VALUES)
SPECIES = tuple(SPECIES_NAMES)  # C S F T J H
SQ3 = math.sqrt(3)


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


# ----- cached art ------------------------------------------------------------------------------


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + ux * r, cy + uy * r) for ux, uy in (geo.CORNERS[k] for k in
                                                      ("N", "NE", "SE", "S", "SW", "NW"))]


def _sprite_box(size: int) -> tuple[int, int]:
    return math.ceil(SQ3 * size) + 4, 2 * size + 4


#: Hex sizes the area may use: few, so that every size's art is cached (see ``prepare``).
HEX_SIZES: tuple[int, ...] = tuple(range(MIN_HEX, MAX_HEX + 1, 4))
Sprite = tuple[Image.Image, Image.Image, tuple[int, int]]  # RGB, alpha, offset from the centre


@lru_cache(maxsize=512)
def rhombus_sprite(colour: str, direction: str, size: int) -> Sprite:
    """One coral: a rhombus with polyps and its colour letter (or a dark hot-spot coral).

    It is inset a little from its tile's rim and seams, so the ground shows through as thin
    seams between corals and a wider gap between tiles.
    """
    corners = [(0.0, 0.0)] + [geo.CORNERS[k] for k in geo.RHOMBUS[direction]]
    pts = [(x * size, y * size) for x, y in corners]
    x0, y0 = math.floor(min(p[0] for p in pts)) - 1, math.floor(min(p[1] for p in pts)) - 1
    x1, y1 = math.ceil(max(p[0] for p in pts)) + 1, math.ceil(max(p[1] for p in pts)) + 1
    w, h = x1 - x0, y1 - y0
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    # shrink towards the rhombus's own centre: 0.8 px seams, 1.6 px rim gap
    cx = sum(p[0] for p in pts) / 4
    cy = sum(p[1] for p in pts) / 4
    inset = 1.0 - 1.7 / (size * 0.5)
    local = [((cx + (x - cx) * inset - x0) * SS, (cy + (y - cy) * inset - y0) * SS)
             for x, y in pts]
    fill = HOT_DARK if colour == HOT else COLOURS[colour]
    d.polygon(local, fill=fill + (255,))
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
    out = shrink(im, SS)
    rgb = out.convert("RGB")
    if colour != HOT:
        letter = max(11, round(size * 0.27))
        lx = (local[0][0] + (local[2][0] - local[0][0]) * 0.36) / SS
        ly = (local[0][1] + (local[2][1] - local[0][1]) * 0.36) / SS
        draw_text(rgb, (lx, ly), colour, letter, DARK[colour], anchor="mm", stroke=0)
    return rgb, out.getchannel("A"), (x0, y0)


def paste_tile(canvas: Image.Image, colours: str, size: int, centre: tuple[float, float]) -> None:
    """A tile: its three corals, pasted around the (rounded) centre."""
    cx, cy = round(centre[0]), round(centre[1])
    for i, direction in enumerate(geo.DIRS):
        rgb, alpha, (dx, dy) = rhombus_sprite(colours[i], direction, size)
        canvas.paste(rgb, (cx + dx, cy + dy), alpha)


@lru_cache(maxsize=128)
def tile_image(colours: str, size: int) -> tuple[Image.Image, Image.Image]:
    """A whole tile as one sprite (the market shows a few at one size)."""
    w, h = _sprite_box(size)
    rgb = Image.new("RGB", (w, h), (0, 0, 0))
    alpha = Image.new("L", (w, h), 0)
    for i, direction in enumerate(geo.DIRS):
        part, mask, (dx, dy) = rhombus_sprite(colours[i], direction, size)
        rgb.paste(part, (w // 2 + dx, h // 2 + dy), mask)
        alpha.paste(mask, (w // 2 + dx, h // 2 + dy), mask)
    return rgb, alpha


@lru_cache(maxsize=64)
def well_sprite(size: int, legal: bool) -> tuple[Image.Image, Image.Image]:
    """An empty position next to the area (bright rim where a market tile can go now)."""
    w, h = _sprite_box(size)
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    cx, cy = w * SS / 2, h * SS / 2
    edge, fill = (ACCENT, LEGAL) if legal else (WELL_EDGE, WELL)
    d.polygon(_hex_points(cx, cy, (size - 4) * SS), fill=edge + (255,))
    rim = (2.5 if legal else 1.5) * SS
    d.polygon(_hex_points(cx, cy, (size - 4) * SS - rim * 1.16), fill=fill + (255,))
    out = shrink(im, SS)
    return out.convert("RGB"), out.getchannel("A")


@lru_cache(maxsize=64)
def ring_sprite(size: int, colour: RGB, width: float) -> Image.Image:
    """An RGBA hexagonal ring around a tile (the last placement)."""
    w, h = _sprite_box(size + 6)
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    cx, cy = w * SS / 2, h * SS / 2
    d.polygon(_hex_points(cx, cy, (size + 3) * SS), outline=SHADOW + (255,),
              width=round((width + 3) * SS))
    d.polygon(_hex_points(cx, cy, (size + 1.5) * SS), outline=colour + (255,),
              width=round(width * SS))
    return shrink(im, SS)


@lru_cache(maxsize=32)
def hot_sprite(size: int) -> Image.Image:
    """The hot spot: a glowing vent over the three hot corals of site (0, 0)."""
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
    return shrink(im, SS)


@lru_cache(maxsize=512)
def token_sprite(species: str, points: int, covered: bool, size: int) -> Image.Image:
    """A small animal: round token with the species glyph in its coral colour, points badge."""
    colour_letter = COLOUR_OF[species]
    colour = FADED[colour_letter] if covered else COLOURS[colour_letter]
    dim = round(size * 0.96)
    im, d = supersampled((dim, dim), SS, (0, 0, 0, 0), "RGBA")
    s = dim * SS
    pad = 0.06 * s
    d.ellipse((pad, pad, s - pad, s - pad), fill=SHADOW + (255,))
    rim = 0.09 * s
    d.ellipse((pad + 0.02 * s, pad + 0.02 * s, s - pad - 0.02 * s, s - pad - 0.02 * s),
              fill=colour + (255,))
    d.ellipse((pad + rim, pad + rim, s - pad - rim, s - pad - rim), fill=TOKEN + (255,))
    g0, g1 = 0.25 * s, 0.75 * s
    glyph = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    GLYPHS[species](ImageDraw.Draw(glyph), (round(g0), round(g0), round(g1), round(g1)),
                    colour + (255,), TOKEN + (255,))
    im.alpha_composite(glyph)
    if points > 0:
        br = 0.17 * s
        bx, by = s - br - 0.02 * s, s - br - 0.04 * s
        badge = (GOLD if points >= 3 else DIM) if not covered else FAINT
        d = ImageDraw.Draw(im)
        d.ellipse((bx - br - 0.03 * s, by - br - 0.03 * s, bx + br + 0.03 * s, by + br + 0.03 * s),
                  fill=SHADOW + (255,))
        d.ellipse((bx - br, by - br, bx + br, by + br), fill=badge + (255,))
    out = shrink(im, SS)
    if points > 0:
        bx, by = (s - 0.19 * s) / SS, (s - 0.21 * s) / SS
        draw_text(out, (bx, by + 0.5), str(points), max(11, round(dim * 0.26)), SHADOW,
                  anchor="mm", stroke=0)
    return out


@lru_cache(maxsize=64)
def empty_habitat_sprite(colour: str, size: int) -> Image.Image:
    """A habitat whose stack was empty: a hollow ring, no animal."""
    dim = round(size * 0.7)
    im, d = supersampled((dim, dim), SS, (0, 0, 0, 0), "RGBA")
    s = dim * SS
    d.ellipse((0.08 * s, 0.08 * s, 0.92 * s, 0.92 * s), outline=SHADOW + (255,),
              width=round(0.16 * s))
    d.ellipse((0.12 * s, 0.12 * s, 0.88 * s, 0.88 * s), outline=COLOURS[colour] + (255,),
              width=round(0.08 * s))
    return shrink(im, SS)


@lru_cache(maxsize=64)
def _corner(radius: int, fill: RGB, edge: RGB, edge_width: int, ground: RGB) -> Image.Image:
    """The top-left corner of a rounded panel, anti-aliased, on ``ground``."""
    im, d = supersampled((radius, radius), SS, ground)
    r = radius * SS
    d.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=edge)
    e = edge_width * SS
    d.ellipse((e, e, 2 * r - 1 - e, 2 * r - 1 - e), fill=fill)
    return shrink(im, SS)


def panel(canvas: Image.Image, box: tuple[int, int, int, int], fill: RGB, edge: RGB,
          edge_width: int, radius: int = 16, ground: RGB = BG) -> None:
    """A rounded panel drawn straight onto the canvas: rectangles plus four cached corners."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    r, e = radius, edge_width
    d.rectangle((x0 + e, y0 + e, x1 - e - 1, y1 - e - 1), fill=fill)
    d.rectangle((x0 + r, y0, x1 - r - 1, y0 + e - 1), fill=edge)  # top
    d.rectangle((x0 + r, y1 - e, x1 - r - 1, y1 - 1), fill=edge)  # bottom
    d.rectangle((x0, y0 + r, x0 + e - 1, y1 - r - 1), fill=edge)  # left
    d.rectangle((x1 - e, y0 + r, x1 - 1, y1 - r - 1), fill=edge)  # right
    corner = _corner(r, fill, edge, e, ground)
    canvas.paste(corner, (x0, y0))
    canvas.paste(corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT), (x1 - r, y0))
    canvas.paste(corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM), (x0, y1 - r))
    canvas.paste(corner.transpose(Image.Transpose.ROTATE_180), (x1 - r, y1 - r))


def _paste(canvas: Image.Image, sprite: tuple[Image.Image, Image.Image] | Image.Image,
           xy: tuple[float, float]) -> None:
    """Paste a cached sprite with its alpha, top-left at ``xy``."""
    x, y = round(xy[0]), round(xy[1])
    if isinstance(sprite, tuple):
        rgb, alpha = sprite
        canvas.paste(rgb, (x, y), alpha)
    else:
        canvas.paste(sprite, (x, y), sprite)


def _paste_centred(canvas: Image.Image, sprite: tuple[Image.Image, Image.Image] | Image.Image,
                   centre: tuple[float, float]) -> None:
    size = sprite[0].size if isinstance(sprite, tuple) else sprite.size
    _paste(canvas, sprite, (centre[0] - size[0] / 2, centre[1] - size[1] / 2))


@lru_cache(maxsize=32)
def pill(text: str, size: int, fill: RGB, ink: RGB) -> Image.Image:
    """A small rounded label (RGBA)."""
    w = text_width(text, size, 1) + size + 4
    h = size + 14
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=h * SS // 2, fill=fill + (255,))
    out = shrink(im, SS)
    rgb = out.convert("RGB")
    draw_text(rgb, (w / 2, h / 2), text, size, ink, anchor="mm", stroke=1)
    out = rgb.convert("RGBA")
    out.putalpha(shrink(im, SS).getchannel("A"))
    return out


@lru_cache(maxsize=16)
def snail_sprite(size: int) -> Image.Image:
    """The sea snail token: a spiral shell on a soft body."""
    w, h = round(size * 1.5), size
    im, d = supersampled((w, h), SS, (0, 0, 0, 0), "RGBA")
    s = size * SS
    body = (TEXT[0], TEXT[1], TEXT[2], 255)
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
    return shrink(im, SS)


@lru_cache(maxsize=64)
def shape_icon(shape: str, size: int, colour: RGB) -> Image.Image:
    """The outline of a large animal's shape as a little cluster of hexagons."""
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
    return shrink(im, SS)


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None) -> bytes:
    """PNG bytes: the market and one player's area (the active player's unless ``focus``)."""
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


class AreaLayout:
    """Where a player's area goes: hex size, pixel origin of tile (0, 0), the region's size."""

    def __init__(self, tiles: Sequence[tuple[int, int]], frontier: Sequence[tuple[int, int]],
                 width: int) -> None:
        cells = list(tiles) + list(frontier)
        xs = [geo.tile_centre(p, 1.0)[0] for p in cells]
        ys = [geo.tile_centre(p, 1.0)[1] for p in cells]
        self.min_x, self.min_y = min(xs) - SQ3 / 2, min(ys) - 1
        units_w = max(xs) - min(xs) + SQ3
        units_h = max(ys) - min(ys) + 2
        size = min(MAX_HEX, width / units_w, AREA_MAX_H / units_h)
        size = max(MIN_HEX, min(size, width / units_w))
        # one of a few sizes, so that the sprite caches hit
        self.size = max([h for h in HEX_SIZES if h <= size] or [HEX_SIZES[0]])
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


def _area_layout(area: Mapping[str, Any], over: bool = False) -> AreaLayout:
    tiles = [_pos(k) for k in area.get("tiles") or {}]
    frontier = [] if over else [_pos(k) for k in area.get("frontier") or []]
    if not tiles:
        tiles = [(0, 0)]
    return AreaLayout(tiles, frontier, WIDTH - 2 * MARGIN - 2 * AREA_PAD)


def _footer_height(view: Mapping[str, Any]) -> int:
    if view.get("result"):
        return 176 + 46 * len(view.get("players") or [])
    return FOOTER_H


def _market_height(view: Mapping[str, Any]) -> int:
    return 0 if view.get("result") else MARKET_H


def draw(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None
         ) -> Image.Image:
    """The picture as a palette image (``render`` encodes it); reads ``view`` only."""
    who = focus_player(view, focus)
    areas = view.get("areas") or {}
    area = areas.get(who) or {}
    over = bool(view.get("result"))
    layout = _area_layout(area, over)
    area_top = HEADER_H + _market_height(view)
    area_h = AREA_TITLE_H + layout.height + 2 * AREA_PAD
    footer_top = area_top + area_h + 14
    height = footer_top + _footer_height(view) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(canvas, view, names, who)
    if not over:
        _draw_market(canvas, view, names)
    _draw_area(canvas, view, names, who, area, layout, area_top, area_h)
    if over:
        _draw_result(canvas, view, names, footer_top)
    else:
        _draw_footer(canvas, view, who, footer_top)
    return palette().to_p(canvas)


def _seat_label(view: Mapping[str, Any], player: str) -> str:
    players = list(view.get("players") or [])
    return f"Player {players.index(player) + 1}" if player in players else "Player"


def _name(view: Mapping[str, Any], names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0) -> str:
    return display_name(names, player, size, max_width, _seat_label(view, player), stroke)


def _total(view: Mapping[str, Any], player: str) -> int:
    score = (view.get("scores") or {}).get(player) or {}
    return int(score.get("total", 0))


# ----- header ----------------------------------------------------------------------------------


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
                 who: str) -> None:
    """Title, round and deck; one card per player: name, score, animals, the snail."""
    players = [str(p) for p in view.get("players") or []]
    result = view.get("result")
    rnd = int(view.get("round") or 1)
    rounds = int(view.get("rounds") or 17)
    draw_text(canvas, (MARGIN + 4, 44), "AQUA", 40, ACCENT, anchor="ls", stroke=1)
    status = "Game over" if result else f"Round {rnd} of {rounds}"
    x = MARGIN + 4 + text_width("AQUA", 40, 1) + 20
    draw_text(canvas, (x, 44), status, 28, TEXT, anchor="ls", stroke=1)
    x += text_width(status, 28, 1) + 20
    info = [f"{int(view.get('deck') or 0)} tiles in the deck"]
    if (view.get("options") or {}).get("ecosystems") == "family":
        info.append("family game")
    if view.get("solo"):
        info.append("solo")
    draw_text(canvas, (x, 44), "  ·  ".join(info), 22, DIM, anchor="ls")
    to_act = set(view.get("to_act") or [])
    winners = set((result or {}).get("winners") or [])
    n = max(1, len(players))
    gap = 12
    card_w = (WIDTH - 2 * MARGIN - gap * (n - 1)) // n if n > 1 else 460
    card_h = 92
    y = 68
    for i, p in enumerate(players):
        cx = MARGIN + i * (card_w + gap)
        active = p in to_act and not result
        won = p in winners
        edge, edge_w = (ACCENT, 3) if active else (GOLD, 3) if won else (CARD_EDGE, 2)
        panel(canvas, (cx, y, cx + card_w, y + card_h), CARD, edge, edge_w)
        total = str(_total(view, p))
        score_w = text_width(total, 42, 1)
        name = _name(view, names, p, 26, card_w - 40 - score_w, 1)
        draw_text(canvas, (cx + 16, y + 42), name, 26, TEXT, anchor="ls", stroke=1)
        draw_text(canvas, (cx + card_w - 14, y + 48), total, 42, GOLD if won else TEXT,
                  anchor="rs", stroke=1)
        area = (view.get("areas") or {}).get(p) or {}
        count = len(area.get("animals") or {})
        big = len(area.get("large") or [])
        line = f"{count} small, {big} large"
        room = card_w - 30
        if view.get("snail") == p:
            sprite = snail_sprite(24)
            _paste(canvas, sprite, (cx + card_w - sprite.width - 12, y + card_h - 34))
            room -= sprite.width + 8
        draw_text(canvas, (cx + 16, y + 76), fit_text(line, 19, room), 19, DIM, anchor="ls")
        tag = None
        if active:
            tag = pill("TO MOVE", 16, ACCENT, CARD)
        elif won:
            tag = pill("WINNER" if len(winners) == 1 else "SHARED WIN", 16, GOLD, CARD)
        elif p in (view.get("resigned") or []):
            tag = pill("RESIGNED", 16, FAINT, CARD)
        if tag is not None:
            _paste(canvas, tag, (cx + 12, y - tag.height // 2))
        if p == who and n > 1:  # the area shown below
            d = ImageDraw.Draw(canvas)
            d.rectangle((cx + 16, y + card_h - 7, cx + card_w - 16, y + card_h - 4),
                        fill=ACCENT if active else DIM)


# ----- market ----------------------------------------------------------------------------------


def _draw_market(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str]) -> None:
    """The market tiles at rotation 0 with their slot numbers, and the snail if it is there."""
    top = HEADER_H
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + MARKET_H - 14), CARD, CARD_EDGE, 2)
    market = [_code(t) for t in view.get("market") or []]
    draw_text(canvas, (MARGIN + 20, top + 36), "MARKET", 24, DIM, anchor="ls", stroke=1)
    hint = ("shown at rot 0; rot 1 and rot 2 turn a tile clockwise" if market
            else "empty until the next round")
    draw_text(canvas, (MARGIN + 20 + text_width("MARKET", 24, 1) + 14, top + 36), hint, 20,
              FAINT, anchor="ls")
    snail = view.get("snail")
    slot_w = 150
    n = len(market) + (1 if snail == "market" else 0)
    start = MARGIN + (WIDTH - 2 * MARGIN - n * slot_w) // 2
    cy = top + 112
    for i, code in enumerate(market):
        cx = start + i * slot_w + slot_w / 2
        _paste_centred(canvas, tile_image(code, MARKET_HEX), (cx, cy))
        badge = pill(str(i + 1), 22, ACCENT, CARD)
        _paste_centred(canvas, badge, (cx - MARKET_HEX * 0.95, cy - MARKET_HEX * 0.85))
        draw_text(canvas, (cx, cy + MARKET_HEX + 30), code, 22, TEXT, anchor="ms", stroke=1)
    if snail == "market":
        cx = start + len(market) * slot_w + slot_w / 2
        _paste_centred(canvas, snail_sprite(44), (cx, cy - 6))
        draw_text(canvas, (cx, cy + MARKET_HEX + 30), "snail", 22, GOLD, anchor="ms", stroke=1)
    elif snail:
        who = _name(view, names, str(snail), 20, 260)
        draw_text(canvas, (WIDTH - MARGIN - 20, top + MARKET_H - 34), f"snail taken: {who}", 20,
                  GOLD, anchor="rs")


# ----- area ------------------------------------------------------------------------------------


def _draw_area(canvas: Image.Image, view: Mapping[str, Any], names: Mapping[str, str],
               who: str, area: Mapping[str, Any], layout: AreaLayout, top: int,
               height: int) -> None:
    """One player's tiles, free positions, animals and large animals, with coordinates."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + height), CARD, CARD_EDGE, 2)
    active = view.get("active")
    phase = view.get("phase")
    over = bool(view.get("result"))
    name = _name(view, names, who, 28, 380, 1)
    title = f"{name}'s area  ·  hot spot {area.get('hot_spot', '?')}"
    draw_text(canvas, (MARGIN + 20, top + 40), fit_text(title, 28, 520, 1), 28, TEXT,
              anchor="ls", stroke=1)
    score = (view.get("scores") or {}).get(who) or {}
    eco = sum(int(v) for v in (score.get("ecosystems") or {}).values())
    parts = [f"large {score.get('large', 0)}", f"small {score.get('small', 0)}"]
    if (view.get("options") or {}).get("ecosystems") != "family":
        parts += [f"reefs {score.get('reefs', 0)}", f"eco {eco}"]
    line = "  ·  ".join(parts) + f"  =  {score.get('total', 0)}"
    draw_text(canvas, (WIDTH - MARGIN - 20, top + 40), line, 22, DIM, anchor="rs")
    if over:
        hint = "Final area: a,b under each animal names its site"
    elif who == active and phase == "take":
        hint = "Bright q,r: a market tile fits there now  ·  /move take SLOT at Q,R rot 0-2"
    elif who == active and phase == "large":
        options = [str(o) for o in view.get("large_options") or []]
        example = options[0] if options else "large SHAPE a,b ..."
        more = f" (or {len(options) - 1} more)" if len(options) > 1 else ""
        hint = f"Large animal: /move {example}{more}  or  /move done"
    else:
        hint = "q,r on free positions; a,b under each animal names its site"
    draw_text(canvas, (MARGIN + 20, top + 76), fit_text(hint, 21, WIDTH - 2 * MARGIN - 40), 21,
              ACCENT if who == active and not over else FAINT, anchor="ls")
    left = MARGIN + AREA_PAD + (WIDTH - 2 * MARGIN - 2 * AREA_PAD - layout.width) / 2
    layout.place(left, top + AREA_TITLE_H + AREA_PAD)
    size = layout.size
    tiles = {_pos(k): _colours(v) for k, v in (area.get("tiles") or {}).items()}
    frontier = [] if over else [_pos(k) for k in area.get("frontier") or []]
    legal = {_pos(k) for k in view.get("legal_positions") or []} if who == active else set()
    label_size = max(15, round(size * 0.36))
    for pos in frontier:
        _paste_centred(canvas, well_sprite(size, pos in legal), layout.tile(pos))
    for pos in sorted(tiles, key=geo.reading_key):
        paste_tile(canvas, tiles[pos], size, layout.tile(pos))
    for pos in frontier:
        x, y = layout.tile(pos)
        draw_text(canvas, (x, y), f"{pos[0]},{pos[1]}", label_size,
                  TEXT if pos in legal else FAINT, anchor="mm", stroke=1 if pos in legal else 0)
    if any(HOT in c for c in tiles.values()):
        _paste_centred(canvas, hot_sprite(size), layout.site((0, 0)))
    last = view.get("last") or {}
    if last.get("player") == who and last.get("kind") == "take" and last.get("pos"):
        lp = _pos(last["pos"])
        if lp in tiles and not over:
            _paste_centred(canvas, ring_sprite(size, HILITE, 3), layout.tile(lp))
    animals = area.get("animals") or {}
    fresh = set(view.get("placed_this_turn") or []) if who == active else set()
    for key in area.get("habitats") or []:
        if key in animals:
            continue
        site = _pos(key)
        colours = {tiles.get(t, "???")[i] for t, i in zip(geo.site_tiles(site), (0, 1, 2))}
        colour = next(iter(colours)) if len(colours) == 1 else None
        if colour in COLOURS:
            _paste_centred(canvas, empty_habitat_sprite(colour, size), layout.site(site))
    d = ImageDraw.Draw(canvas)
    for key in sorted(animals, key=lambda k: geo.reading_key(_pos(k))):
        species, points, covered = _animal(animals[key])
        x, y = layout.site(_pos(key))
        if key in fresh:
            r = size * 0.54
            d.ellipse((x - r, y - r, x + r, y + r), fill=HILITE)
        _paste_centred(canvas, token_sprite(species, points, covered, size), (x, y))
    covered_sites: set[str] = set()
    for big in area.get("large") or []:
        covered_sites |= set(big.get("sites") or [])
        _draw_large_outline(canvas, big, layout)
    for key in area.get("habitats") or []:
        if key in covered_sites:
            continue  # never needed in a move again: the large animal's name goes there
        x, y = layout.site(_pos(key))
        box_w = text_width(key, label_size - 2, 1) + 10
        ly = y + size * 0.56
        d.rounded_rectangle((x - box_w / 2, ly - label_size * 0.55, x + box_w / 2,
                             ly + label_size * 0.55), radius=6, fill=TOKEN)
        draw_text(canvas, (x, ly), key, label_size - 2, TEXT, anchor="mm", stroke=1)
    for big in area.get("large") or []:
        _draw_large_label(canvas, big, layout)


def _animal(value: Any) -> tuple[str, int, bool]:
    if (isinstance(value, (list, tuple)) and len(value) == 3 and value[0] in SPECIES_NAMES):
        return str(value[0]), int(value[1]), bool(value[2])
    raise ValueError(f"not an Aqua small animal: {value!r}")


def _large_sites(big: Mapping[str, Any]) -> list[tuple[int, int]]:
    return [_pos(s) for s in big.get("sites") or []]


def _draw_large_outline(canvas: Image.Image, big: Mapping[str, Any], layout: AreaLayout) -> None:
    """A gold band around the sites a large animal covers."""
    sites = _large_sites(big)
    if not sites:
        return
    size = layout.size
    pts = [layout.site(s) for s in sites]
    r = size * 0.55
    pad = r + 10
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    x1, y1 = max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad
    w, h = math.ceil(x1 - x0), math.ceil(y1 - y0)
    k = 2

    def blob(radius: float) -> Image.Image:
        mask = Image.new("L", (w * k, h * k), 0)
        d = ImageDraw.Draw(mask)
        local = [((px - x0) * k, (py - y0) * k) for px, py in pts]
        for i, (ax, ay) in enumerate(local):
            d.ellipse((ax - radius * k, ay - radius * k, ax + radius * k, ay + radius * k),
                      fill=255)
            for j in range(i + 1, len(local)):
                if sites[j] in geo.neighbours(sites[i]):
                    bx, by = local[j]
                    d.line([(ax, ay), (bx, by)], fill=255, width=round(2 * radius * k))
        return mask.reduce(k)

    outer = blob(r + 6)
    ring = ImageChops.subtract(outer, blob(r))
    shadow = ImageChops.subtract(blob(r + 8), outer)
    origin = (round(x0), round(y0))
    canvas.paste(SHADOW, (*origin, origin[0] + w, origin[1] + h), shadow)
    canvas.paste(GOLD, (*origin, origin[0] + w, origin[1] + h), ring)


def _draw_large_label(canvas: Image.Image, big: Mapping[str, Any], layout: AreaLayout) -> None:
    """The large animal's name and points, below its lowest site (where a site label was)."""
    sites = _large_sites(big)
    if not sites:
        return
    size = layout.size
    shape = str(big.get("shape", ""))
    animal = big.get("animal") or LARGE_ANIMALS.get(shape, {}).get(str(big.get("side", "A")), "")
    label = f"{animal} {big.get('points', '')}".strip()
    tag = pill(label, max(14, round(size * 0.3)), GOLD, TOKEN)
    low = max(sites, key=lambda s: (layout.site(s)[1], -layout.site(s)[0]))
    x, y = layout.site(low)
    _paste_centred(canvas, tag, (x, y + size * 0.46 + tag.height / 2 - 2))


# ----- footer ----------------------------------------------------------------------------------


def _draw_footer(canvas: Image.Image, view: Mapping[str, Any], who: str, top: int) -> None:
    """Large animals left (shape, values), small animals left, the ecosystems in play."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + FOOTER_H), CARD, CARD_EDGE, 2)
    x0 = MARGIN + 20
    draw_text(canvas, (x0, top + 36), "LARGE ANIMALS", 22, DIM, anchor="ls", stroke=1)
    draw_text(canvas, (x0 + text_width("LARGE ANIMALS", 22, 1) + 14, top + 36),
              "cover small animals of different species, one new this turn", 20, FAINT,
              anchor="ls")
    stacks = view.get("large_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SHAPES)
    for i, shape in enumerate(SHAPES):
        cx = x0 + i * col_w
        values = list(stacks.get(shape) or [])
        colour = GOLD if values else FAINT
        icon = shape_icon(shape, 40, colour)
        _paste(canvas, icon, (cx, top + 52 + (40 - icon.height) // 2))
        tx = cx + icon.width + 10
        draw_text(canvas, (tx, top + 70), shape, 20, TEXT if values else FAINT, anchor="ls",
                  stroke=1)
        shown = " ".join(str(v) for v in values) if values else "none left"
        draw_text(canvas, (tx, top + 94), shown, 20, GOLD if values else FAINT, anchor="ls")
    y = top + 140
    draw_text(canvas, (x0, y), "SMALL ANIMALS LEFT", 22, DIM, anchor="ls", stroke=1)
    small = view.get("small_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SPECIES)
    for i, species in enumerate(SPECIES):
        cx = x0 + i * col_w
        left = int(small.get(species, 0))
        value = 3 if left > 8 else 2 if left else 0
        _paste(canvas, token_sprite(species, value, left == 0, 44), (cx - 2, y + 10))
        draw_text(canvas, (cx + 46, y + 34), f"{left} left", 20, TEXT if left else FAINT,
                  anchor="ls")
        draw_text(canvas, (cx + 46, y + 56), SPECIES_NAMES[species], 18, DIM, anchor="ls")
    y = top + 236
    ecosystems = [e for e in view.get("ecosystems") or [] if e in ECOSYSTEMS]
    mode = (view.get("options") or {}).get("ecosystems")
    draw_text(canvas, (x0, y), "ECOSYSTEMS", 22, DIM, anchor="ls", stroke=1)
    label = ("points for the area shown, if the game ended now" if ecosystems
             else "none: family game, only animals score" if mode == "family" else "none")
    draw_text(canvas, (x0 + text_width("ECOSYSTEMS", 22, 1) + 14, y), label, 20, FAINT,
              anchor="ls")
    mine = ((view.get("scores") or {}).get(who) or {}).get("ecosystems") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // 2
    for i, eid in enumerate(ecosystems[:6]):
        cx = x0 + (i % 2) * (col_w + 10)
        cy = y + 34 + (i // 2) * 52
        points = int(mine.get(eid, 0))
        name, rule = ECOSYSTEMS[eid]
        draw_text(canvas, (cx, cy), f"{eid} {name}", 20, GOLD if points else TEXT, anchor="ls",
                  stroke=1)
        draw_text(canvas, (cx + col_w - 24, cy), f"+{points}" if points else "0", 22,
                  GOLD if points else FAINT, anchor="rs", stroke=1)
        draw_text(canvas, (cx, cy + 22), fit_text(rule, 18, col_w - 30), 18, DIM, anchor="ls")


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
        why = ""
        if result.get("reason") == "resigned":
            quitters = ", ".join(_name(view, names, p, 22, 200) for p in view.get("resigned") or [])
            why = f"ended early: {quitters} resigned"
        elif len(totals) > 1 and totals[0] == totals[1]:
            tied = [p for p in players if _total(view, p) == totals[0]]
            shown = ", ".join(f"{_name(view, names, p, 22, 160)} {counts.get(p, '?')}"
                              for p in tied)
            why = f"tie on {totals[0]} points, broken by small animals: {shown}"
    draw_text(canvas, (x0, top + 56), fit_text(headline, 40, WIDTH - 2 * MARGIN - 48, 1), 40,
              GOLD, anchor="ls", stroke=1)
    if why:
        draw_text(canvas, (x0, top + 92), fit_text(why, 21, WIDTH - 2 * MARGIN - 48), 21, DIM,
                  anchor="ls")
    cols = [("large", 430), ("small", 530), ("reefs", 630), ("eco", 720), ("animals", 830),
            ("total", 930)]
    y = top + 136
    for label, x in cols:
        draw_text(canvas, (x, y), label, 20, DIM, anchor="rs", stroke=1)
    scores = view.get("scores") or {}
    ranked = sorted(players, key=lambda p: (-_total(view, p), -int(counts.get(p, 0))))
    for i, p in enumerate(ranked):
        y = top + 136 + 46 * (i + 1)
        s = scores.get(p) or {}
        eco = sum(int(v) for v in (s.get("ecosystems") or {}).values())
        colour = GOLD if p in winners else TEXT
        draw_text(canvas, (x0, y), _name(view, names, p, 26, 330, 1), 26, colour, anchor="ls",
                  stroke=1)
        values = [s.get("large", 0), s.get("small", 0), s.get("reefs", 0), eco,
                  counts.get(p, 0), s.get("total", 0)]
        for (label, x), v in zip(cols, values):
            draw_text(canvas, (x, y), str(v), 26, colour if label == "total" else TEXT,
                      anchor="rs", stroke=1 if label == "total" else 0)


# ----- warm-up ---------------------------------------------------------------------------------


def prepare() -> None:
    """Build the art every board needs (market tiles, tokens, icons) before the first render."""
    palette()
    from games.aqua.material import TILES
    for code in TILES:
        tile_image(code, MARKET_HEX)
    for species in SPECIES:
        for points in (0, 2, 3):
            token_sprite(species, points, False, 44)
    for shape in SHAPES:
        shape_icon(shape, 40, GOLD)
        shape_icon(shape, 40, FAINT)
    snail_sprite(22)
    snail_sprite(44)
    for size in HEX_SIZES:
        for colour in (*COLOURS, HOT):
            for direction in geo.DIRS:
                rhombus_sprite(colour, direction, size)
        well_sprite(size, True)
        well_sprite(size, False)
        hot_sprite(size)
        ring_sprite(size, HILITE, 3)
        for species in SPECIES:
            for points in (2, 3):
                token_sprite(species, points, False, size)


# ----- alt text --------------------------------------------------------------------------------

ALT_LIMIT = 1024


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The channel image in words: round, whose turn, scores, market, the area shown."""

    def name(p: Any) -> str:
        return " ".join(str(names.get(str(p)) or p).split())[:32]

    players = [str(p) for p in view.get("players") or []]
    who = focus_player(view, None)
    result = view.get("result")
    parts = []
    if result:
        winners = [name(w) for w in result.get("winners") or []]
        if view.get("solo"):
            rating = (result.get("detail") or {}).get("rating")
            parts.append(f"Aqua, game over: {_total(view, who)} points, {rating}.")
        else:
            parts.append("Aqua, game over: " + (" and ".join(winners) + " share the win."
                                                if len(winners) > 1 else
                                                f"{winners[0]} wins." if winners else "no winner."))
    else:
        step = ("may place a large animal or pass" if view.get("phase") == "large"
                else "to take a market tile")
        parts.append(f"Aqua, round {view.get('round')} of {view.get('rounds', 17)}: "
                     f"{name(view.get('active'))} {step}.")
    parts.append("Scores: " + ", ".join(f"{name(p)} {_total(view, p)}" for p in players) + ".")
    market = list(view.get("market") or [])
    if market and not result:
        tiles = "; ".join(f"{i} {'-'.join(COLOUR_WORDS[c] for c in code)}"
                          for i, code in enumerate(market, 1))
        parts.append(f"Market: {tiles}.")
    snail = view.get("snail")
    if snail == "market":
        parts.append("The sea snail is in the market.")
    elif snail:
        parts.append(f"{name(snail)} has the sea snail.")
    area = (view.get("areas") or {}).get(who) or {}
    animals = area.get("animals") or {}
    shown = ", ".join(f"{SPECIES_NAMES[a[0]]} {a[1]} at {k}" + (" (covered)" if a[2] else "")
                      for k, a in animals.items())
    parts.append(f"{name(who)}'s area: {len(area.get('tiles') or {})} tiles"
                 + (f"; small animals: {shown}" if shown else "; no animals yet") + ".")
    for big in area.get("large") or []:
        parts.append(f"{big.get('animal', big.get('shape'))} {big.get('points')} on "
                     f"{' '.join(big.get('sites') or [])}.")
    legal = list(view.get("legal_positions") or [])
    if legal and who == view.get("active"):
        parts.append("A tile fits at: " + " ".join(legal) + ".")
    text = " ".join(parts)
    return text if len(text) <= ALT_LIMIT else text[:ALT_LIMIT - 3] + "..."


COLOUR_WORDS = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue",
                "P": "purple"}
