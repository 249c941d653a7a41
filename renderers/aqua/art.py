"""Aqua's cached art: tiles, wells, tokens, habitats, pills and panels, baked onto the palette."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.aqua import geometry as geo
from games.aqua.material import COLOUR_OF, HOT

from ..aqualin.glyphs import GLYPHS
from ..common import RGB, carry, frame, note, shrink, supersampled, text_mask, text_patch
from .style import (
    ACCENT, BG, CARD, COLOURS, DARK, DIM, FADED, FAINT, GOLD, HILITE, HOT_CORE, HOT_DARK, HOT_GLOW,
    LEGAL, LIGHT, SHADOW, SQ3, SS, TEXT, TOKEN, WELL, WELL_EDGE, ink, palette)

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
    at = (round(xy[0]) + dx, round(xy[1]) + dy)
    canvas.paste(sprite, at)
    carry(sprite, canvas, at)


def overlay(canvas: Image.Image, art: Image.Image, xy: tuple[float, float]) -> None:
    """Alpha-blend RGBA ``art`` over whatever lies there (for the few pieces on mixed ground)."""
    x, y = round(xy[0]), round(xy[1])
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(canvas.width, x + art.width), min(canvas.height, y + art.height)
    if x1 <= x0 or y1 <= y0:
        return
    if (x0, y0, x1, y1) != (x, y, x + art.width, y + art.height):
        words = art
        art = art.crop((x0 - x, y0 - y, x1 - x, y1 - y))
        art.info = {}  # the crop's words are the whole piece's, carried from where it lies
        carry(words, canvas, (x, y))
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
    box = ((w - mask.width) // 2, (h - mask.height) // 2,
           (w - mask.width) // 2 + mask.width, (h - mask.height) // 2 + mask.height)
    im.paste(TEXT, box, mask)
    note(im, box, text)
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
    # RGB colours: on an RGBA image PIL draws them opaque (the glyphs take RGB)
    GLYPHS[species](ImageDraw.Draw(glyph), (round(g0), round(g0), round(g1), round(g1)),
                    colour, TOKEN)
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
    note(art, (x, y, x + mask.width, y + mask.height), text)
    frame(art, (0, 0, w, h))
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
    frame(canvas, box)
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
