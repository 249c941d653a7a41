"""Krasserfall's cached art: boats, figures, rings, stones, fish, dice and the river."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogs import LANGUAGES, tr
from games.krasserfall.model import FACES, LANES, LAST_WAVE

from ..common import draw_text, frame, mix, panel, paste, shrink, supersampled
from .style import (
    BG, BOATS, BOAT_L, BOAT_W, CARD, CARDS_Y, CARD_EDGE, CARD_H, DECK, DIE, DIM, DROP, EDGE_X,
    FISH, FISH_X, FOAM, FOOTER_H, FOOTER_Y, GOLD, HEIGHT, LABEL_W, LABEL_X, LANE_H, MARGIN, NET,
    NET_H, NET_LINE, NET_Y, OWNERS, RING_A, RING_B, RIVER_H, RIVER_Y, SHADOW, SS, STONE,
    STONE_DARK, STRIP, TEXT, TITLE_Y, WATER, WATER2, WATER_X, WAVE, WAVE_LABEL_Y, WEIGHT, WIDTH,
    _, ink_on, lane_top, palette, wave_x)

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
            col: float = i % cols
            row = i // cols
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


@lru_cache(maxsize=12)
def background(n: int = 2, lang: str = "en") -> Image.Image:
    """Everything that never changes: ground, river, waves, edge, waterfall, net, panels, and
    the ``n`` player cards in their plain state; its labels in ``lang``."""
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
    for c in LANES:
        y0 = lane_top(c)
        frame(out, (LABEL_X, y0 + 6, LABEL_X + LABEL_W, y0 + LANE_H - 6))
    frame(out, (MARGIN, NET_Y, WIDTH - MARGIN, NET_Y + NET_H))
    frame(out, (MARGIN, FOOTER_Y, WIDTH - MARGIN, FOOTER_Y + FOOTER_H))
    for k in range(LAST_WAVE + 1):
        draw_text(out, (wave_x(k), WAVE_LABEL_Y), str(k), 20, DIM, anchor="ms", stroke=1)
    draw_text(out, (EDGE_X, WAVE_LABEL_Y), tr(_("EDGE"), lang), 16, FOAM, anchor="ms", stroke=1)
    draw_text(out, (FISH_X + 60, WAVE_LABEL_Y), tr(_("FISH + WEIGHTS"), lang), 16, DIM, anchor="ms",
              stroke=1)
    draw_text(out, (LABEL_X + LABEL_W // 2, WAVE_LABEL_Y), tr(_("PUSH: FALL %"), lang), 16, DIM,
              anchor="ms", stroke=1)
    draw_text(out, (MARGIN + 16, NET_Y + 26), tr(_("NET"), lang), 20, DIM, anchor="ls", stroke=1)
    draw_text(out, (MARGIN + 16, TITLE_Y), "KRASSERFALL", 26, TEXT, anchor="ls", stroke=1)
    fish = fish_sprite()
    for c in LANES:
        out.paste(fish, (FISH_X + 4, lane_top(c) + 10), fish)
    for i in range(n):
        x, w = card_x(i, n)
        paste(out, panel((w, CARD_H), CARD, CARD_EDGE, 2, BG, radius=16, scale=SS), (x, CARDS_Y))
        _card_icons(out, i, x)
    return out


@lru_cache(maxsize=12)
def background_p(n: int = 2, lang: str = "en") -> Image.Image:
    """The background mapped onto the palette: a render only re-maps what it drew on."""
    return palette().to_p(background(n, lang))


def prepare() -> None:
    """Draw the static art and the common sprites now, not in the first player's render."""
    for lang in LANGUAGES:
        for n in range(2, 5):
            background_p(n, lang)
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
