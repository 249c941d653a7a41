"""Kahuna's cached art: the sea and islands, bridges, stones, cards and icons."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.kahuna import ISLANDS, LINES, LINES_OF

from ..common import RGB, draw_text, mix, shrink, supersampled
from .style import (
    BADGE, BG, CARD_BACK, CARD_FACE, HEIGHT, HILITE, INK, ISLAND_R, MAP_H, MAP_Y, MARGIN, PLANK,
    PLAYER, PLAYER_DARK, RED, ROPE, SAND, SAND_RIM, SEA, SEA_LIGHT, SHADOW, SS, TEXT, WIDTH,
    _BENDS, _bbox, _midpoint, island_centre, line_path, palette)

# ----- cached art ------------------------------------------------------------------------------


def _dashed(d: ImageDraw.ImageDraw, pts: Sequence[tuple[float, float]], colour: RGB,
            width: float, dash: float, gap: float, scale: int) -> None:
    """A dashed polyline (dash and gap lengths in px) on a supersampled canvas."""
    walked = 0.0
    on = True
    left = dash
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        seg = math.dist((x0, y0), (x1, y1))
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a = (x0 + (x1 - x0) * pos / seg, y0 + (y1 - y0) * pos / seg)
                b = (x0 + (x1 - x0) * (pos + step) / seg, y0 + (y1 - y0) * (pos + step) / seg)
                d.line([(a[0] * scale, a[1] * scale), (b[0] * scale, b[1] * scale)],
                       fill=colour, width=round(width * scale))
            pos += step
            left -= step
            if left <= 1e-6:
                on = not on
                left = dash if on else gap
        walked += seg


def _ticks(d: ImageDraw.ImageDraw, cx: float, top: float, n: int, colour: RGB, scale: int,
           w: float = 5, h: float = 12, gap: float = 5) -> None:
    """``n`` upright ticks centred on ``cx``: an island's number of lines, as on the cards."""
    span = n * w + (n - 1) * gap
    x = cx - span / 2
    for _ in range(n):
        d.rounded_rectangle((x * scale, top * scale, (x + w) * scale - 1, (top + h) * scale - 1),
                            radius=w * scale / 2, fill=colour)
        x += w + gap


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """Sea, empty lines, islands with names and line counts, the panels' grounds (RGB)."""
    im, d = supersampled((WIDTH, HEIGHT), 2, BG)
    d.rounded_rectangle((MARGIN * 2, MAP_Y * 2, (WIDTH - MARGIN) * 2 - 1,
                         (MAP_Y + MAP_H - 14) * 2 - 1), radius=44, fill=SEA)
    # a little texture: faint swells, drawn once
    for i, (x, y) in enumerate(((170, 260), (720, 250), (300, 820), (820, 770), (520, 560),
                                (860, 420), (130, 640))):
        for k in range(3):
            r = 30 + 16 * k
            d.arc(((x - r) * 2, (y + MAP_Y - 150 - r) * 2, (x + r) * 2, (y + MAP_Y - 150 + r) * 2),
                  200 + 10 * i, 250 + 10 * i, fill=SEA_LIGHT, width=4)
    for line in LINES:
        _dashed(d, line_path(line), ROPE, 3.2, 9, 7, 2)
    for island in ISLANDS:
        cx, cy = island_centre(island)
        r = ISLAND_R
        d.ellipse(((cx - r - 3) * 2, (cy - r - 3) * 2, (cx + r + 3) * 2, (cy + r + 3) * 2),
                  fill=SAND_RIM)
        d.ellipse(((cx - r) * 2, (cy - r) * 2, (cx + r) * 2, (cy + r) * 2), fill=SAND)
        _ticks(d, cx, cy + 8, len(LINES_OF[island]), SAND_RIM, 2)
    im = shrink(im, 2)
    for island in ISLANDS:
        cx, cy = island_centre(island)
        draw_text(im, (cx, cy - 6), island, 24, INK, anchor="ms", stroke=1)
    return im


@lru_cache(maxsize=1)
def background_p() -> Image.Image:
    return palette().to_p(background())


def _sprite(box: tuple[int, int, int, int], paint: Any) -> tuple[Image.Image, Image.Image,
                                                                   tuple[int, int]]:
    """Draw with ``paint(draw, ox, oy)`` (supersampled, RGBA) over the background in ``box``;
    return the palette patch, its mask and where it goes."""
    x0, y0, x1, y1 = box
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(WIDTH, x1), min(HEIGHT, y1)
    layer, d = supersampled((x1 - x0, y1 - y0), SS, (0, 0, 0, 0), "RGBA")
    paint(d, x0, y0)
    layer = shrink(layer, SS)
    ground = background().crop((x0, y0, x1, y1)).convert("RGBA")
    ground.alpha_composite(layer)
    mask = layer.getchannel("A").point(lambda v: 255 if v > 8 else 0)
    return palette().to_p(ground.convert("RGB")), mask, (x0, y0)


def _poly(d: ImageDraw.ImageDraw, pts: Sequence[tuple[float, float]], ox: int, oy: int,
          colour: tuple[int, ...], width: float) -> None:
    """A thick polyline with round caps in supersampled coordinates relative to (ox, oy)."""
    scaled = [((x - ox) * SS, (y - oy) * SS) for x, y in pts]
    d.line(scaled, fill=colour, width=round(width * SS), joint="curve")
    r = width * SS / 2
    for x, y in (scaled[0], scaled[-1]):
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


@lru_cache(maxsize=None)
def bridge_sprite(line: str, seat: int, style: str) -> tuple[Image.Image, Image.Image,
                                                             tuple[int, int]]:
    """A plank on ``line`` in the seat's colour; ``style`` "new" adds a white glow, "ghost" is a
    removed bridge (an outline with a cross)."""
    pts = line_path(line)
    colour, dark = PLAYER[seat], PLAYER_DARK[seat]

    def paint(d: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
        if style == "ghost":
            _poly(d, pts, ox, oy, dark + (255,), PLANK + 4)
            _poly(d, pts, ox, oy, colour + (255,), PLANK)
            _poly(d, pts, ox, oy, SEA + (255,), PLANK - 6)
            mx, my, _ = _midpoint(pts)
            for ang in (math.pi / 4, -math.pi / 4):
                dx, dy = math.cos(ang) * 13, math.sin(ang) * 13
                _poly(d, [(mx - dx, my - dy), (mx + dx, my + dy)], ox, oy, SHADOW + (255,), 9)
                _poly(d, [(mx - dx, my - dy), (mx + dx, my + dy)], ox, oy, HILITE + (255,), 5)
            return
        if style == "new":
            _poly(d, pts, ox, oy, HILITE + (255,), PLANK + 12)
        _poly(d, pts, ox, oy, dark + (255,), PLANK + 4)
        _poly(d, pts, ox, oy, colour + (255,), PLANK)
        # plank seams across the bridge
        total = sum(math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1))
        n = max(2, int(total // 16))
        for k in range(1, n):
            x, y, ang = _along(pts, total * k / n)
            nx, ny = -math.sin(ang) * (PLANK / 2 - 2), math.cos(ang) * (PLANK / 2 - 2)
            d.line([((x - nx - ox) * SS, (y - ny - oy) * SS), ((x + nx - ox) * SS,
                                                               (y + ny - oy) * SS)],
                   fill=dark + (255,), width=round(1.6 * SS))

    return _sprite(_bbox(pts, PLANK + 10), paint)


def _along(pts: Sequence[tuple[float, float]], dist: float) -> tuple[float, float, float]:
    for i in range(len(pts) - 1):
        seg = math.dist(pts[i], pts[i + 1])
        if dist <= seg or i == len(pts) - 2:
            t = dist / seg if seg else 0
            (x0, y0), (x1, y1) = pts[i], pts[i + 1]
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)
        dist -= seg
    raise AssertionError("unreachable")


@lru_cache(maxsize=None)
def stone_sprite(island: str, seat: int, style: str) -> tuple[Image.Image, Image.Image,
                                                              tuple[int, int]]:
    """A player's stone on ``island``: a ring in their colour and a badge with their seat
    number. ``style`` "new" adds a white halo, "lost" leaves a broken ring."""
    cx, cy = island_centre(island)
    colour, dark = PLAYER[seat], PLAYER_DARK[seat]
    r = ISLAND_R

    def circle(d: ImageDraw.ImageDraw, ox: int, oy: int, x: float, y: float, rr: float,
               fill: RGB | None = None, outline: RGB | None = None, width: float = 0) -> None:
        d.ellipse(((x - rr - ox) * SS, (y - rr - oy) * SS, (x + rr - ox) * SS,
                   (y + rr - oy) * SS), fill=fill + (255,) if fill else None,
                  outline=outline + (255,) if outline else None, width=round(width * SS))

    def paint(d: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
        if style == "lost":
            for k in range(12):
                start = k * 30
                box = ((cx - r - 7 - ox) * SS, (cy - r - 7 - oy) * SS, (cx + r + 7 - ox) * SS,
                       (cy + r + 7 - oy) * SS)
                d.arc(box, start, start + 16, fill=colour + (255,), width=6 * SS)
            return
        if style == "new":
            circle(d, ox, oy, cx, cy, r + 14, fill=HILITE)
        circle(d, ox, oy, cx, cy, r + 9, fill=dark)
        circle(d, ox, oy, cx, cy, r + 7, fill=colour)
        circle(d, ox, oy, cx, cy, r - 1, fill=dark)
        circle(d, ox, oy, cx, cy, r - 3, fill=SAND)
        bx, by = cx + BADGE, cy - BADGE
        circle(d, ox, oy, bx, by, 17, fill=dark)
        circle(d, ox, oy, bx, by, 15, fill=colour)

    patch, mask, xy = _sprite((math.floor(cx - r - 18), math.floor(cy - r - 20),
                               math.ceil(cx + r + 24), math.ceil(cy + r + 18)), paint)
    if style == "lost":
        return patch, mask, xy
    # the island's name and ticks again (the ring's inner disc covered them), and the seat
    rgb = patch.convert("RGB")
    layer, d = supersampled(rgb.size, SS, (0, 0, 0, 0), "RGBA")
    _ticks(d, cx - xy[0], cy + 8 - xy[1], len(LINES_OF[island]), SAND_RIM, SS)
    rgb.paste(shrink(layer, SS), (0, 0), shrink(layer, SS))
    draw_text(rgb, (cx - xy[0], cy - 6 - xy[1]), island, 24, INK, anchor="ms", stroke=1)
    draw_text(rgb, (cx + BADGE - xy[0], cy - BADGE - xy[1]), str(seat + 1), 20, INK,
              anchor="mm", stroke=1)
    return palette().to_p(rgb), mask, xy



@lru_cache(maxsize=64)
def card_face(island: str, w: int, h: int, ground: RGB) -> Image.Image:
    """An island card as printed: the name, a small map with the island marked red, and the
    island's line count as ticks."""
    im, d = supersampled((w, h), SS, ground)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=12 * SS, fill=SAND_RIM)
    d.rounded_rectangle((2 * SS, 2 * SS, (w - 2) * SS - 1, (h - 2) * SS - 1), radius=10 * SS,
                        fill=CARD_FACE)
    # the small map: the board's own geometry (curves included), scaled into the card
    centres = {name: island_centre(name) for name in ISLANDS}
    x_lo = min(min(p[0] for p in line_path(line)) for line in LINES) - ISLAND_R
    x_hi = max(c[0] for c in centres.values()) + ISLAND_R
    y_lo = min(c[1] for c in centres.values()) - ISLAND_R
    y_hi = max(c[1] for c in centres.values()) + ISLAND_R
    box_w, box_h = w * 0.84, h * 0.50
    k = min(box_w / (x_hi - x_lo), box_h / (y_hi - y_lo))
    mx0 = (w - (x_hi - x_lo) * k) / 2
    my0 = h * 0.27 + (box_h - (y_hi - y_lo) * k) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return (mx0 + (x - x_lo) * k) * SS, (my0 + (y - y_lo) * k) * SS

    faint = mix(CARD_FACE, SAND_RIM, 0.55)
    for line in LINES:
        a_, b_ = line.split("-")
        pts = [centres[a_], *line_path(line), centres[b_]] if line in _BENDS else \
            [centres[a_], centres[b_]]
        width = max(1, round(w / 80 * SS))
        colour = RED if island in (a_, b_) else faint
        d.line([at(*p) for p in pts], fill=colour, width=width, joint="curve")
    for name in ISLANDS:
        x, y = at(*centres[name])
        rr = (w / 22 if name == island else w / 38) * SS
        d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=RED if name == island else SAND_RIM)
    tick_w = max(3, w // 26)
    _ticks(d, w / 2, h * 0.84, len(LINES_OF[island]), INK, SS, w=tick_w, h=tick_w * 2.2,
           gap=tick_w)
    out = shrink(im, SS)
    size = max(16, round(w * 0.2))
    draw_text(out, (w / 2, h * 0.07), island, size, INK, anchor="mt", stroke=1)
    return out


@lru_cache(maxsize=8)
def card_back(w: int, h: int, ground: RGB) -> Image.Image:
    im, d = supersampled((w, h), SS, ground)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=12 * SS, fill=SAND_RIM)
    d.rounded_rectangle((2 * SS, 2 * SS, (w - 2) * SS - 1, (h - 2) * SS - 1), radius=10 * SS,
                        fill=CARD_BACK)
    for k in range(5):  # waves
        y = (h * (0.2 + 0.15 * k)) * SS
        for x0 in range(-1, 4):
            x = (x0 * w / 3) * SS
            d.arc((x, y - w * SS / 8, x + w * SS / 3, y + w * SS / 8), 200, 340,
                  fill=mix(CARD_BACK, TEXT, 0.25), width=max(1, round(SS * 1.5)))
    return shrink(im, SS)


@lru_cache(maxsize=8)
def icon(kind: str, seat: int, size: int, ground: RGB) -> Image.Image:
    """Small glyphs for the header: a stone, a plank, a card."""
    im, d = supersampled((size, size), SS, ground)
    s = size * SS
    colour, dark = PLAYER[seat], PLAYER_DARK[seat]
    if kind == "stone":
        d.ellipse((0, 0, s - 1, s - 1), fill=dark)
        d.ellipse((s * 0.1, s * 0.1, s * 0.9, s * 0.9), fill=colour)
    elif kind == "plank":
        d.rounded_rectangle((0, s * 0.3, s - 1, s * 0.7), radius=s * 0.1, fill=dark)
        d.rounded_rectangle((s * 0.06, s * 0.36, s * 0.94, s * 0.64), radius=s * 0.08,
                            fill=colour)
    else:
        d.rounded_rectangle((s * 0.18, 0, s * 0.82, s - 1), radius=s * 0.12, fill=SAND_RIM)
        d.rounded_rectangle((s * 0.24, s * 0.06, s * 0.76, s * 0.94), radius=s * 0.1,
                            fill=CARD_FACE)
        d.ellipse((s * 0.42, s * 0.42, s * 0.58, s * 0.58), fill=RED)
    return shrink(im, SS)
