"""Kahuna images from views (``games.kahuna``, where the rules are).

``render`` draws the public board: the two players (score, stones, bridges, cards in hand,
whose turn), the island map as on the published board, then the round and scorings, the
open cards, the deck and the discards, and the last turn in words. The last turn's changes
are highlighted on the map: new bridges glow white, removed ones are left as a ghost with a
cross, taken stones get a white halo and lost stones a broken ring.

``render_hand`` draws a player's private hand from their own view: each card, and what it
could do on the board now (the lines it could bridge, the removals it could join).

``alt_text`` says the picture in words for screen readers: a :class:`~games.text.Text` of the
``kahuna`` domain, so it reaches the reader in their language. Text drawn into the images
stays English.

The map is the published one, scaled: 12 sand islands, their names and line counts (the
ticks under the name, as on the cards), 27 lines. Two lines pass another island on the real
board (COCO-KAHU west of GOLA, ALOA-HUNA east of DUDA); they are drawn as curves around it, so
no two lines cross. Seat 1 plays orange, seat 2 sky blue (apart for colour-blind eyes too),
and every stone carries its seat number.

Static art (sea, islands, empty lines, cards) is cached as palette images; a render pastes
cached sprites for bridges and stones (pre-blended over the background, pasted through
their masks) and draws its text on small RGB patches (see ``renderers.common``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.kahuna import ISLANDS, LINES, LINES_OF, POSITIONS, hand_options
from games.text import Text, join, plural, translator

from .registry import GameRenderer, register
from .common import (
    ALT_LIMIT,
    ELLIPSIS,
    RGB,
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
    text_patch,
    text_width,
    ui_pairs,
)

_ = translator("kahuna")
_n = plural(_)

# ----- palette ---------------------------------------------------------------------------------

BG: RGB = (9, 30, 44)  # deep sea around the panels
SEA: RGB = (16, 62, 84)
SEA_LIGHT: RGB = (24, 80, 104)
CARD: RGB = (19, 44, 64)
CARD_EDGE: RGB = (40, 78, 104)
TEXT: RGB = (236, 242, 247)
DIM: RGB = (150, 180, 200)
SAND: RGB = (238, 216, 164)
SAND_RIM: RGB = (176, 140, 86)
INK: RGB = (64, 42, 22)
ROPE: RGB = (92, 134, 150)  # an empty line
HILITE: RGB = (255, 255, 255)
SHADOW: RGB = (4, 12, 20)
ACCENT: RGB = (120, 232, 160)  # whose turn (apart from both player colours)
GOLD: RGB = (255, 200, 70)
RED: RGB = (226, 60, 60)  # the marked island on a card
CARD_FACE: RGB = (250, 240, 214)
CARD_BACK: RGB = (28, 96, 110)

#: Seat 1 orange, seat 2 sky blue; the dark shade outlines planks and stones.
PLAYER: tuple[RGB, RGB] = ((255, 138, 40), (92, 196, 255))
PLAYER_DARK: tuple[RGB, RGB] = ((120, 52, 6), (16, 70, 120))


@lru_cache(maxsize=1)
def palette() -> Palette:
    keys = [BG, SEA, SEA_LIGHT, CARD, CARD_EDGE, TEXT, DIM, SAND, SAND_RIM, INK, ROPE, HILITE,
            SHADOW, ACCENT, GOLD, RED, CARD_FACE, CARD_BACK, *PLAYER, *PLAYER_DARK]
    pairs = ui_pairs(BG, CARD, CARD_EDGE, TEXT, DIM, ACCENT, GOLD) + [
        (SEA, BG), (SAND, SEA), (SAND_RIM, SEA), (SAND_RIM, SAND), (INK, SAND), (ROPE, SEA),
        (HILITE, SEA), (SHADOW, SEA), (CARD, ACCENT), (CARD, GOLD), (INK, CARD_FACE),
        (RED, CARD_FACE), (CARD_FACE, CARD), (SAND_RIM, CARD_FACE), (CARD_BACK, CARD),
        (TEXT, CARD_BACK), (HILITE, SAND_RIM), (SEA_LIGHT, SEA), (RED, HILITE),
    ]
    for c, d in zip(PLAYER, PLAYER_DARK):
        pairs += [(c, d), (d, SEA), (c, SEA), (c, CARD), (d, CARD), (c, SAND_RIM), (d, HILITE),
                  (INK, c), (c, HILITE), (d, SAND_RIM)]
    return Palette(keys, pairs, steps=4)


# ----- geometry --------------------------------------------------------------------------------

WIDTH = 1000
MARGIN = 20
SS = 3  # supersampling for anti-aliased shapes
HEADER_H = 158
CARD_Y, CARD_H = 18, 126
MAP_Y = HEADER_H
SCALE = 1.5
MAP_H = 740
ISLAND_R = 44
RIM_GAP = 10  # bridges start this far outside an island's rim
BADGE = 40  # a stone's seat badge sits this far right of and above the island's centre
PLANK = 15  # bridge width
FOOTER_Y = MAP_Y + MAP_H
FOOTER_H = 372
HEIGHT = FOOTER_Y + FOOTER_H + MARGIN
OPEN_W, OPEN_H = 122, 162  # an open card in the footer
NAME_SIZE = 32
STATUS_SIZE = 26
SMALL = 22

_MIN_X = min(x for x, _ in POSITIONS.values())
_MIN_Y = min(y for _, y in POSITIONS.values())


def island_centre(island: str) -> tuple[float, float]:
    """Pixel centre of ``island`` on the board image."""
    x, y = POSITIONS[island]
    return 100 + (x - _MIN_X) * SCALE, MAP_Y + 68 + (y - _MIN_Y) * SCALE


#: Lines drawn as curves: line -> (island, offset). The curve passes through that island's
#: centre plus the offset, i.e. beside it. COCO-KAHU goes round GOLA on the west, so it crosses
#: neither GOLA-JOJO nor FAAA-GOLA; ALOA-HUNA swings east, clear of DUDA.
_BENDS: dict[str, tuple[str, tuple[float, float]]] = {
    "COCO-KAHU": ("GOLA", (-80.0, 4.0)),
    "ALOA-HUNA": ("DUDA", (84.0, 0.0)),
}


@lru_cache(maxsize=None)
def line_path(line: str) -> tuple[tuple[float, float], ...]:
    """Points of ``line`` from rim to rim: a straight segment, or a quadratic Bézier whose
    middle passes beside a third island (see ``_BENDS``)."""
    a, b = line.split("-")
    pa, pb = island_centre(a), island_centre(b)
    if line in _BENDS:
        avoid, (dx, dy) = _BENDS[line]
        cx, cy = island_centre(avoid)
        target = (cx + dx, cy + dy)
        # B(1/2) = (pa + pb)/4 + ctrl/2, so this control point puts the middle on target
        ctrl = (2 * target[0] - (pa[0] + pb[0]) / 2, 2 * target[1] - (pa[1] + pb[1]) / 2)
        pts = [((1 - t) ** 2 * pa[0] + 2 * (1 - t) * t * ctrl[0] + t * t * pb[0],
                (1 - t) ** 2 * pa[1] + 2 * (1 - t) * t * ctrl[1] + t * t * pb[1])
               for t in (i / 64 for i in range(65))]
    else:
        pts = [pa, pb]
    reach = ISLAND_R + RIM_GAP
    return tuple(_clip(_clip(pts, pa, reach)[::-1], pb, reach)[::-1])


def _clip(pts: list[tuple[float, float]], centre: tuple[float, float], radius: float
          ) -> list[tuple[float, float]]:
    """Cut the start of a polyline where it leaves the circle around ``centre``."""
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        d0 = math.hypot(x0 - centre[0], y0 - centre[1])
        d1 = math.hypot(x1 - centre[0], y1 - centre[1])
        if d1 >= radius:
            # distance from the centre grows linearly along a segment leaving it (exact for a
            # straight line from the centre, close enough on the fine polyline of a curve)
            t = 0.0 if d0 >= radius else (radius - d0) / max(d1 - d0, 1e-9)
            start = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            return [start, *pts[i + 1:]]
    return pts[-1:]


def _midpoint(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """The point halfway along a polyline and the direction there (radians)."""
    lengths = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    half = sum(lengths) / 2
    for i, seg in enumerate(lengths):
        if half <= seg:
            t = half / seg if seg else 0
            (x0, y0), (x1, y1) = pts[i], pts[i + 1]
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)
        half -= seg
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    return x1, y1, math.atan2(y1 - y0, x1 - x0)


def _bbox(pts: Sequence[tuple[float, float]], pad: float) -> tuple[int, int, int, int]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad),
            math.ceil(max(ys) + pad))


# ----- view checks -----------------------------------------------------------------------------


def _seat(view: Mapping[str, Any], player: Any) -> int:
    """0 or 1: the seat of ``player`` in the view (its colour)."""
    players = list(view.get("players") or [])
    if player not in players[:2]:
        raise ValueError(f"not a player of this Kahuna game: {player!r}")
    return players.index(player)


def _check_line(line: Any) -> str:
    if line not in LINES:
        raise ValueError(f"not a Kahuna line: {line!r}")
    return str(line)


def _check_island(island: Any) -> str:
    if island not in ISLANDS:
        raise ValueError(f"not a Kahuna island: {island!r}")
    return str(island)


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


def prepare() -> None:
    """Build the cached art now rather than during the first player's render (about 1.5 s)."""
    background_p()
    for line in LINES:
        for seat in (0, 1):
            for style in ("plain", "new", "ghost"):
                bridge_sprite(line, seat, style)
    for island in ISLANDS:
        for seat in (0, 1):
            for style in ("plain", "new", "lost"):
                stone_sprite(island, seat, style)
        card_face(island, OPEN_W, OPEN_H, CARD)
        card_face(island, HAND_CARD_W, HAND_CARD_H, CARD)
    card_back(OPEN_W, OPEN_H, CARD)
    empty_slot(OPEN_W, OPEN_H)
    for depth in range(5):
        discard_pile(depth)
    from games import REGISTRY  # a first render fills the palette conversions of the panels

    game = REGISTRY["kahuna"]
    start = game.setup(["1", "2"], {}, 0)
    draw(game.view(start, None), {})
    draw(game.view(game.resign(start, "1"), None), {})


# ----- the board -------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str]) -> bytes:
    """PNG bytes of the board for ``view`` (a Kahuna view; only public keys are read)."""
    return encode_png(draw(view, names))


def _focus(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The turn whose changes are highlighted: the one in progress, else the last one."""
    return view.get("current") or view.get("last") or None


def draw(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    canvas = background_p().copy()
    focus = _focus(view)
    new_lines: set[str] = set()
    new_stones: set[str] = set()
    ghosts: list[tuple[str, int]] = []
    lost: list[tuple[str, int]] = []
    if focus:
        mover = _seat(view, focus.get("player"))
        new_lines = {_check_line(x) for x in focus.get("placed") or []}
        new_stones = {_check_island(x) for x in focus.get("taken") or []}
        bridges_now = view.get("bridges") or {}
        stones_now = view.get("stones") or {}
        ghosts = [(_check_line(x), 1 - mover) for x in focus.get("removed") or []
                  if x not in bridges_now]
        lost = [(_check_island(x), 1 - mover) for x in focus.get("lost") or []
                if x not in stones_now]
    for line, seat in ghosts:
        patch, mask, xy = bridge_sprite(line, seat, "ghost")
        canvas.paste(patch, xy, mask)
    bridges: Mapping[str, str] = view.get("bridges") or {}
    for line in sorted(bridges, key=lambda x: (x in new_lines, x)):  # new ones on top
        seat = _seat(view, bridges[line])
        style = "new" if line in new_lines else "plain"
        patch, mask, xy = bridge_sprite(_check_line(line), seat, style)
        canvas.paste(patch, xy, mask)
    for island, seat in lost:
        patch, mask, xy = stone_sprite(island, seat, "lost")
        canvas.paste(patch, xy, mask)
    stones: Mapping[str, str] = view.get("stones") or {}
    for island in sorted(stones):
        seat = _seat(view, stones[island])
        style = "new" if island in new_stones else "plain"
        patch, mask, xy = stone_sprite(_check_island(island), seat, style)
        canvas.paste(patch, xy, mask)
    _header(Ink(canvas), view, names)
    _footer(Ink(canvas, 0, FOOTER_Y), view, names)
    return canvas


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _name(view: Mapping[str, Any], names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0) -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke)


# ----- drawing on the palette canvas -----------------------------------------------------------
# Header and footer are drawn straight onto the palette image: cached pieces are converted
# once, and text becomes a cached sprite pre-blended on the colour it lies on. A render then
# quantizes nothing but the few strings it has never drawn before.


_AS_P: dict[int, tuple[Image.Image, Image.Image]] = {}


def as_p(image: Image.Image) -> Image.Image:
    """A cached RGB piece (panel, card, icon) mapped onto the palette, once.

    Keyed by identity (images are not hashable); the pieces come from lru caches, so the same
    piece is the same object. The entry keeps its source alive, so an id is never reused
    while its entry exists.
    """
    entry = _AS_P.get(id(image))
    if entry is not None and entry[0] is image:
        return entry[1]
    if len(_AS_P) > 512:
        _AS_P.clear()
    converted = palette().to_p(image)
    _AS_P[id(image)] = (image, converted)
    return converted



class Ink:
    """Pastes cached pieces and text onto a palette canvas, at an offset (a panel's origin)."""

    def __init__(self, canvas: Image.Image, ox: int = 0, oy: int = 0) -> None:
        self.canvas, self.ox, self.oy = canvas, ox, oy

    def paste(self, piece: Image.Image, xy: tuple[float, float]) -> None:
        self.canvas.paste(as_p(piece), (round(xy[0]) + self.ox, round(xy[1]) + self.oy))

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, ground: RGB,
             anchor: str = "la", stroke: int = 0) -> tuple[int, int, int, int]:
        """Like ``draw_text``; returns the box in the panel's coordinates."""
        patch, mask, (dx, dy) = text_patch(palette(), text, size, fill, ground, anchor, stroke)
        x, y = round(xy[0]) + dx, round(xy[1]) + dy
        self.canvas.paste(patch, (x + self.ox, y + self.oy), mask)
        return x, y, x + patch.width, y + patch.height


def _header(ink: Ink, view: Mapping[str, Any], names: Mapping[str, str]) -> None:
    """Both players: name, colour, points; stones, bridges and cards; whose turn."""
    players = list(view.get("players") or [])[:2]
    scores: Mapping[str, int] = view.get("scores") or {}
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    to_act = set(view.get("to_act") or [])
    hands: Mapping[str, int] = view.get("hands") or {}
    left: Mapping[str, int] = view.get("bridges_left") or {}
    stones: Mapping[str, str] = view.get("stones") or {}
    card_w = (WIDTH - 2 * MARGIN - 16) // 2
    for i, player in enumerate(players):
        x = MARGIN + i * (card_w + 16)
        active = player in to_act and not result
        won = player in winners
        edge, edge_w = (ACCENT, 4) if active else (GOLD, 4) if won else (CARD_EDGE, 2)
        ink.paste(panel((card_w, CARD_H), CARD, edge, edge_w, BG, scale=SS), (x, CARD_Y))
        ink.paste(icon("plank", i, 34, CARD), (x + 18, CARD_Y + 18))
        score = str(scores.get(player, 0))
        score_w = text_width(score, 56, 1)
        name_w = card_w - 90 - max(score_w, 60)
        name = _name(view, names, player, NAME_SIZE, name_w, 1)
        ink.text((x + 60, CARD_Y + 20), name, NAME_SIZE, TEXT, CARD, stroke=1)
        ink.text((x + card_w - 22, CARD_Y + 34), "POINT" if score == "1" else "POINTS", 16, DIM,
                 CARD, anchor="rs")
        ink.text((x + card_w - 22, CARD_Y + 62), score, 56, GOLD if won else TEXT, CARD,
                 anchor="rm", stroke=1)
        # stones, bridges on the board, cards in hand
        n_stones = sum(1 for p in stones.values() if p == player)
        n_bridges = 25 - int(left.get(player, 25))
        n_cards = int(hands.get(player, 0))
        y = CARD_Y + 100
        cx = x + 18
        for kind, value, word in (("stone", n_stones, "stone"), ("plank", n_bridges, "bridge"),
                                  ("card", n_cards, "card")):
            ink.paste(icon(kind, i, 24, CARD), (cx, y - 12))
            cx += 29
            text = f"{value} {word}{'' if value == 1 else 's'}"
            ink.text((cx, y), text, 21, TEXT, CARD, anchor="lm")
            cx += text_width(text, 21) + 14
        tag = None
        if active:
            phase = view.get("phase")
            tag = pill("LAST TURN" if phase == "last" else "HANDICAP" if phase == "handicap"
                       else "TO MOVE", ACCENT, CARD, BG, scale=SS)
        elif won:
            tag = pill("DRAW" if len(winners) > 1 else "WINNER", GOLD, CARD, BG, scale=SS)
        if tag is not None:
            ink.paste(tag, (x + card_w - tag.width - 18, CARD_Y - 14))


def _status(view: Mapping[str, Any]) -> list[str]:
    """The status line in pieces that recur from render to render."""
    rnd = int(view.get("round") or 1)
    phase = view.get("phase")
    if view.get("result"):
        return ["Game over", f"round {rnd} of 3"]
    if phase == "handicap":
        left = int(view.get("handicap_left") or 0)
        return ["Handicap", f"{left} free bridge{'' if left == 1 else 's'} to place"]
    if phase == "last":
        return ["Round 3 of 3", f"last turns: {int(view.get('last_turns') or 0)} to go"]
    return [f"Round {rnd} of 3", f"turn {int(view.get('turn') or 0) + 1}"]


@lru_cache(maxsize=1)
def footer_base() -> Image.Image:
    """The footer's panel (RGB); mapped onto the palette once by ``as_p``."""
    im = Image.new("RGB", (WIDTH, FOOTER_H), BG)
    im.paste(panel((WIDTH - 2 * MARGIN, FOOTER_H), CARD, CARD_EDGE, 2, BG, scale=SS), (MARGIN, 0))
    return im


def _footer(ink: Ink, view: Mapping[str, Any], names: Mapping[str, str]) -> None:
    """Round and scorings; the open cards, deck and discards (or the result); the last turn."""
    ink.paste(footer_base(), (0, 0))
    left, right = MARGIN + 24, WIDTH - MARGIN - 24
    x = left
    for k, piece in enumerate(_status(view)):
        if k:
            x = ink.text((x + 12, 42), "·", STATUS_SIZE, DIM, CARD, anchor="ls")[2] + 12
        x = ink.text((x, 42), piece, STATUS_SIZE, TEXT, CARD, anchor="ls", stroke=1)[2]
    _scoring_chips(ink, view, right, 42)
    body_y = 66
    if view.get("result"):
        _draw_result(ink, view, names, (left, body_y, right, body_y + OPEN_H + 30))
    else:
        _draw_cards(ink, view, (left, body_y))
    _draw_turn(ink, view, names, (left, body_y + OPEN_H + 40, right, FOOTER_H - 12))


def _scoring_chips(ink: Ink, view: Mapping[str, Any], right: int, baseline: int) -> None:
    """One chip per scoring so far: "R1 +1" in the scorer's colour, grey for a tie."""
    players = list(view.get("players") or [])
    x = right
    for scoring in reversed(list(view.get("scorings") or [])):
        points = scoring.get("points") or {}
        gained = [(p, n) for p, n in points.items() if n]
        label = f"R{scoring.get('round')} " + (f"+{gained[0][1]}" if gained else "tie")
        colour = PLAYER[players.index(gained[0][0])] if gained and gained[0][0] in players \
            else DIM
        width = text_width(label, SMALL, 1) + 24
        ink.paste(panel((width, 34), CARD, colour, 3, CARD, radius=17, scale=SS), (x - width, baseline - 26))
        ink.text((x - width / 2, baseline - 9), label, SMALL, colour, CARD, anchor="mm",
                 stroke=1)
        x -= width + 10
    if x != right:
        ink.text((x - 4, baseline), "Scorings:", SMALL, DIM, CARD, anchor="rs")


def _draw_cards(ink: Ink, view: Mapping[str, Any], at: tuple[int, int]) -> None:
    """The open cards, the deck (with its count) and the discard pile, each labelled."""
    x, y = at
    label_y, cards_y = y + 16, y + 30
    open_cards = [_check_island(c) for c in view.get("open") or []]
    ink.text((x, label_y), "OPEN CARDS", SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    for slot in range(3):
        if slot < len(open_cards):
            ink.paste(card_face(open_cards[slot], OPEN_W, OPEN_H, CARD), (x, cards_y))
        else:
            ink.paste(empty_slot(OPEN_W, OPEN_H), (x, cards_y))
        x += OPEN_W + 12
    x += 22
    deck = int(view.get("deck") or 0)
    ink.text((x, label_y), "DECK", SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    if deck:
        ink.paste(card_back(OPEN_W, OPEN_H, CARD), (x, cards_y))
        ink.text((x + OPEN_W / 2, cards_y + OPEN_H / 2), str(deck), 52, TEXT, CARD_BACK,
                 anchor="mm", stroke=2)
    else:
        ink.paste(empty_slot(OPEN_W, OPEN_H), (x, cards_y))
        ink.text((x + OPEN_W / 2, cards_y + OPEN_H / 2), "empty", SMALL, DIM, CARD, anchor="mm")
    x += OPEN_W + 34
    discard = int(view.get("discard") or 0)
    tucked = int(view.get("tucked") or 0)
    ink.text((x, label_y), "DISCARDS", SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    ink.paste(discard_pile(min(discard, 4)), (x, cards_y))
    ground = DISCARD_FACE if discard else CARD
    ink.text((x + OPEN_W / 2 + 6, cards_y + OPEN_H / 2 - 6), str(discard), 44,
             INK if discard else DIM, ground, anchor="mm", stroke=1)
    if tucked:
        ink.text((x + OPEN_W / 2 + 6, cards_y + OPEN_H / 2 + 30), f"{tucked} face down", 18, INK,
                 DISCARD_FACE, anchor="mm")
    if view.get("variant") == "open-draws":
        _draw_face_up(ink, view, (x + OPEN_W + 40, label_y))


def _draw_face_up(ink: Ink, view: Mapping[str, Any], at: tuple[int, int]) -> None:
    """Open-draws: the drawn open cards lying face up in front of each player."""
    x, y = at
    ink.text((x, y), "FACE UP", SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    displayed: Mapping[str, Sequence[str]] = view.get("displayed") or {}
    for seat, player in enumerate(list(view.get("players") or [])[:2]):
        cards = [_check_island(c) for c in displayed.get(player) or []]
        top = y + 24 + seat * 78
        ink.paste(icon("plank", seat, 24, CARD), (x, top))
        rows = [cards[k:k + 2] for k in range(0, len(cards), 2)] or [["none"]]
        for i, row in enumerate(rows[:3]):
            ink.text((x + 32, top + 19 + i * 24), " ".join(row), 19, TEXT if cards else DIM,
                     CARD, anchor="ls", stroke=1 if cards else 0)


@lru_cache(maxsize=4)
def empty_slot(w: int, h: int) -> Image.Image:
    """Where a card is missing: a dashed outline."""
    im, d = supersampled((w, h), SS, CARD)
    pts = [(6, 6), (w - 6, 6), (w - 6, h - 6), (6, h - 6), (6, 6)]
    _dashed(d, pts, CARD_EDGE, 2.5, 10, 8, SS)
    return shrink(im, SS)


DISCARD_FACE: RGB = mix(CARD_FACE, SAND, 0.5)


@lru_cache(maxsize=8)
def discard_pile(depth: int) -> Image.Image:
    """A small fanned stack of face-up cards, ``depth`` deep (0: an empty slot)."""
    if depth == 0:
        return empty_slot(OPEN_W + 14, OPEN_H)
    im = Image.new("RGB", (OPEN_W + 14, OPEN_H), CARD)
    layer, d = supersampled((OPEN_W + 14, OPEN_H), SS, (0, 0, 0, 0), "RGBA")
    for k in range(depth):
        ox = (depth - 1 - k) * 4
        oy = k * 2
        box = (ox * SS, oy * SS, (ox + OPEN_W) * SS - 1, (OPEN_H - 2 * (depth - 1) + oy) * SS - 1)
        d.rounded_rectangle(box, radius=12 * SS, fill=SAND_RIM + (255,))
        d.rounded_rectangle((box[0] + 2 * SS, box[1] + 2 * SS, box[2] - 2 * SS, box[3] - 2 * SS),
                            radius=10 * SS, fill=DISCARD_FACE + (255,))
    layer = shrink(layer, SS)
    im.paste(layer, (0, 0), layer)
    return im


Chunk = tuple[str, RGB, int]  # text, colour, stroke


def _turn_lines(view: Mapping[str, Any], names: Mapping[str, str]) -> list[list[Chunk]]:
    """The highlighted turn in words: who and which moves, then what they did.

    Lines come in chunks (a move, an effect) that recur from one render to the next, so their
    text sprites are mostly cached: a long unique line would be drawn afresh every time.
    """
    focus = _focus(view)
    if not focus:
        return [[("No moves yet.", TEXT, 1)]]
    player = focus.get("player")
    players = list(view.get("players") or [])
    other = next((p for p in players if p != player), None)
    who = _name(view, names, str(player), STATUS_SIZE, 300)
    them = _name(view, names, str(other), STATUS_SIZE, 300) if other else "?"
    doing = "Handicap" if focus.get("turn") == 0 else (
        "This turn" if view.get("current") else "Last turn")
    first: list[Chunk] = [(f"{doing} ({who}): ", TEXT, 1)]
    for i, move in enumerate(focus.get("moves") or []):
        first.append((("· " if i else "") + f"{move} ", TEXT, 0))
    effects: list[str] = []
    if focus.get("taken"):
        effects.append(f"{who} took " + " and ".join(focus["taken"]))
    losses = []
    removed = list(focus.get("removed") or [])
    if removed:
        losses.append(("bridges " if len(removed) > 1 else "bridge ") + ", ".join(removed))
    lost = list(focus.get("lost") or [])
    if lost:
        losses.append(("the stones on " if len(lost) > 1 else "the stone on ")
                      + " and ".join(lost))
    if losses:
        effects.append(f"{them} lost " + " and ".join(losses))
    scoring = focus.get("scoring")
    if scoring:
        stones = scoring.get("stones") or {}
        counts = " : ".join(str(stones.get(p, 0)) for p in players)
        effects.append(f"scoring {scoring.get('round')}: stones {counts}")
    if focus.get("last_turns"):
        effects.append("the cards ran out a 3rd time: one last turn each")
    if focus.get("early_end"):
        effects.append("no bridge left: early end")
    lines = [first]
    if effects:
        lines.append([(e + ("; " if i < len(effects) - 1 else ""), DIM, 0)
                      for i, e in enumerate(effects)])
    return lines


def _draw_chunks(ink: Ink, x: float, y: float, chunks: Sequence[Chunk], size: int,
                 max_x: float) -> None:
    """Draw chunks one after another on a baseline; "..." where the room runs out."""
    for i, (text, colour, stroke) in enumerate(chunks):
        width = text_width(text.rstrip(), size, stroke)
        need = width + (text_width(ELLIPSIS, size) if i < len(chunks) - 1 else 0)
        if x + need > max_x:
            room = max(int(max_x - x), 1)
            ink.text((x, y), fit_text(text.rstrip() + ELLIPSIS, size, room, stroke), size,
                     colour, CARD, anchor="ls", stroke=stroke)
            return
        ink.text((x, y), text.rstrip(), size, colour, CARD, anchor="ls", stroke=stroke)
        x += text_width(text, size, stroke)


def _draw_turn(ink: Ink, view: Mapping[str, Any], names: Mapping[str, str],
               box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _y1 = box
    for i, chunks in enumerate(_turn_lines(view, names)[:2]):
        _draw_chunks(ink, x0, y0 + 26 + i * 36, chunks, 24, x1)


def _draw_result(ink: Ink, view: Mapping[str, Any], names: Mapping[str, str],
                 box: tuple[int, int, int, int]) -> None:
    result = view["result"]
    x0, y0, x1, _y1 = box
    width = x1 - x0
    winners = list(result.get("winners") or [])
    players = list(view.get("players") or [])
    scores: Mapping[str, int] = result.get("scores") or view.get("scores") or {}
    detail = result.get("detail") or {}
    if len(winners) == 1:
        headline = f"{_name(view, names, winners[0], 48, width - 120, 1)} wins!"
    else:
        headline = "Draw!"
    ink.text((x0, y0 + 52), headline, 48, GOLD, CARD, anchor="ls", stroke=1)
    points = ", ".join(f"{_name(view, names, p, 26, 260)}: {scores.get(p, 0)}" for p in players)
    reason = result.get("reason")
    if reason == "resigned":
        quitter = detail.get("resigned")
        who = _name(view, names, quitter, 26, 300) if quitter in players else "A player"
        why = f"{who} resigned  ·  {points}"
    elif reason == "early end":
        bare = list(detail.get("bare") or [])
        if len(bare) == 1 and bare[0] in players:
            why = f"{_name(view, names, bare[0], 26, 300)} has no bridge left  ·  {points}"
        else:
            why = f"nobody has a bridge left  ·  {points}"
    else:
        tiebreak = detail.get("tiebreak")
        extra = {"third scoring": "  ·  tie broken by the final scoring",
                 "bridges": "  ·  tie broken by more bridges"}.get(str(tiebreak), "")
        why = f"final points: {points}{extra}"
    ink.text((x0, y0 + 96), fit_text(why, 26, width), 26, TEXT, CARD, anchor="ls")
    stones = detail.get("stones") or {}
    bridges = detail.get("bridges") or {}
    line = "   ".join(
        f"{_name(view, names, p, 24, 260)}: {_plural(int(stones.get(p, 0)), 'stone')}, "
        f"{_plural(int(bridges.get(p, 0)), 'bridge')}" for p in players)
    ink.text((x0, y0 + 136), fit_text(line, 24, width), 24, DIM, CARD, anchor="ls")


# ----- the private hand ------------------------------------------------------------------------

HAND_W = 1000
HAND_CARD_W, HAND_CARD_H = 168, 224
HAND_GAP = 18
HAND_TOP = 118
HAND_LIST_Y = HAND_TOP + HAND_CARD_H + 22
ROW_H = 29
MAX_ROWS = 9  # option lines under a card (a card touches at most 6 lines)

Row = tuple[str, str, RGB, bool]  # main text, note, note colour, is a heading


def render_hand(view: Mapping[str, Any], names: Mapping[str, str]) -> bytes:
    """PNG of a player's hand for their own view: every card and what it could do now."""
    return encode_png(draw_hand(view, names))


def draw_hand(view: Mapping[str, Any], names: Mapping[str, str]) -> Image.Image:
    """The owner's cards, each with the lines it could bridge (and what that would take) and
    the removals it could join, on the board as it is now."""
    viewer = view.get("viewer")
    if viewer is None or "hand" not in view:
        raise ValueError("render_hand needs the owner's view (with viewer and hand)")
    hand = [_check_island(c) for c in view.get("hand") or []]
    seat = _seat(view, viewer)
    options = hand_options(view)
    rows = {card: _card_rows(view, card, options.get(card) or {}) for card in set(hand)}
    n_rows = min(MAX_ROWS, max((len(r) for r in rows.values()), default=1))
    height = HAND_LIST_Y + n_rows * ROW_H + 74
    im = Image.new("RGB", (HAND_W, height), BG)
    card = panel((HAND_W - 2 * MARGIN, height - 2 * MARGIN), CARD, CARD_EDGE, 2, BG, scale=SS)
    im.paste(card, (MARGIN, MARGIN))
    left = MARGIN + 24
    im.paste(icon("plank", seat, 34, CARD), (left, MARGIN + 22))
    name = _name(view, names, str(viewer), NAME_SIZE, 520, 1)
    draw_text(im, (left + 44, MARGIN + 22), f"Your hand, {name}", NAME_SIZE, TEXT, anchor="la",
              stroke=1)
    yours = viewer in (view.get("to_act") or [])
    phase = view.get("phase")
    if view.get("result"):
        status = "The game is over."
    elif not yours:
        status = "Not your turn: what each card could do on the board as it is now."
    elif phase == "handicap":
        status = "Your handicap first: free bridges without cards (/move free X-Y)."
    elif phase == "last":
        status = "Your last turn: play what you like, then /move end."
    else:
        status = "Your turn: what each card can do now."
    draw_text(im, (left, MARGIN + 84), fit_text(status, SMALL, HAND_W - 2 * left), SMALL,
              ACCENT if yours and not view.get("result") else DIM, anchor="ls")
    info = f"Round {int(view.get('round') or 1)}  ·  {len(hand)} of 5 cards"
    draw_text(im, (HAND_W - left, MARGIN + 84), info, SMALL, DIM, anchor="rs")
    if not hand:
        draw_text(im, (HAND_W / 2, HAND_TOP + HAND_CARD_H / 2), "No cards in your hand", 34,
                  DIM, anchor="mm", stroke=1)
    shown = list((view.get("displayed") or {}).get(viewer) or [])
    span = len(hand) * HAND_CARD_W + (len(hand) - 1) * HAND_GAP
    x = (HAND_W - span) // 2
    for card in hand:
        im.paste(card_face(card, HAND_CARD_W, HAND_CARD_H, CARD), (x, HAND_TOP))
        if card in shown:
            shown.remove(card)
            tag = pill("FACE UP", GOLD, CARD, CARD, scale=SS)
            im.paste(tag, (x + (HAND_CARD_W - tag.width) // 2, HAND_TOP + HAND_CARD_H - 14))
        for i, (text, note, colour, heading) in enumerate(rows[card][:n_rows]):
            y = HAND_LIST_Y + 20 + i * ROW_H
            size = SMALL - 2 if heading else SMALL
            shown_text = fit_text(text, size, HAND_CARD_W)
            end = draw_text(im, (x + (0 if heading else 10), y), shown_text, size,
                            DIM if heading else TEXT, anchor="ls", stroke=0 if heading else 1)
            if note:
                room = x + HAND_CARD_W + HAND_GAP - 6 - end[2] - 6
                draw_text(im, (end[2] + 6, y), fit_text(note, 17, max(room, 20)), 17, colour,
                          anchor="ls", stroke=1)
        x += HAND_CARD_W + HAND_GAP
    left_count = int((view.get("bridges_left") or {}).get(viewer, 0))
    foot = f"Bridges left: {left_count}  ·  gold: the islands a bridge would take"
    draw_text(im, (left, height - MARGIN - 20), foot, 18, DIM, anchor="ls")
    return palette().to_p(im)


def _card_rows(view: Mapping[str, Any], card: str, options: Mapping[str, Sequence[str]]
               ) -> list[Row]:
    """Under a card: "bridge to" and the far ends of its free lines (with the islands that
    bridge would take), then "remove" and the opponent bridges it can help remove."""
    from games.kahuna.game import place_bridge

    viewer = str(view["viewer"])
    opponent = next(p for p in view["players"] if p != viewer)
    rows: list[Row] = []
    lines = list(options.get("bridges") or [])
    if lines:
        rows.append(("bridge to", "", DIM, True))
    for line in lines:
        a, b = line.split("-")
        far = b if a == card else a
        bridges, stones = dict(view["bridges"]), dict(view["stones"])
        taken = place_bridge(bridges, stones, viewer, opponent, line).get("taken", [])
        rows.append((far, ("takes " + "+".join(taken)) if taken else "", GOLD, False))
    removals = list(options.get("removals") or [])
    if removals:
        rows.append(("remove", "", DIM, True))
    seen = set()
    for move in removals:
        parts = move.split()
        line, pair = parts[1], parts[2:4]
        partner = pair[1] if pair[0] == card else pair[0]
        if (line, partner) in seen:
            continue
        seen.add((line, partner))
        rows.append((line, f"w/ {partner}", DIM, False))
    if not rows:
        rows.append(("no play now", "", DIM, True))
    return rows


# ----- alt text --------------------------------------------------------------------------------
# The one string of this module a player reads in their language: the image in words for
# screen readers. Text drawn into the images stays English.

#: The seat colours, as the board shows them.
SEAT_WORDS = (_("orange"), _("blue"))


def _alt_name(names: Mapping[str, str], player: str) -> str:
    return " ".join(str(names.get(player) or player).split())[:32]


def _alt_move(move: str) -> Any:
    """A move of the view's ``moves`` list: notation stays, "tuck 2 cards" is words."""
    parts = move.split(" ")
    if len(parts) == 3 and parts[0] == "tuck" and parts[1].isdigit():
        return _n("tuck {n} card", "tuck {n} cards", int(parts[1]))
    return move


def _sentences(parts: list[Text]) -> Text:
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} {b}", a=text, b=part)
    return text


def _listing(items: list[Any]) -> Any:
    """``a, b, c`` (a list of moves: no "and", as in the notation)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{a}, {b}", a=text, b=item)
    return text


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The board image in words (whose hand, round, each player's material, whose turn, the
    last moves), under Discord's 1024 characters."""
    players = list(view["players"])
    stones, bridges = view["stones"], view["bridges"]
    parts: list[Text] = [_("Kahuna board, round {round} of 3.", round=view["round"])]
    for seat, p in enumerate(players):
        mine = sorted(i for i, q in stones.items() if q == p)
        lines = sorted(line for line, q in bridges.items() if q == p)
        parts.append(_("{name} ({colour}): {points}, {cards}, stones on {stones}, bridges "
                       "{bridges}.", name=_alt_name(names, p), colour=SEAT_WORDS[seat],
                       points=_n("{n} point", "{n} points", view["scores"][p]),
                       cards=_n("{n} card", "{n} cards", view["hands"][p]),
                       stones=", ".join(mine) or _("no island"),
                       bridges=" ".join(lines) or _("none")))
    result = view.get("result")
    if result:
        winners = [_alt_name(names, p) for p in result["winners"]]
        parts.append(_("Game over: {names} draw.", names=join(winners)) if len(winners) > 1
                     else _("Game over: {name} wins.", name=winners[0]))
    else:
        parts.append(_("{names} to act. Open cards: {cards}; deck {deck}.",
                       names=", ".join(_alt_name(names, p) for p in view["to_act"]),
                       cards=", ".join(view["open"]) or _("none"), deck=view["deck"]))
    focus = view.get("current") or view.get("last")
    moves = None
    if focus:
        moves = _("Last moves by {name}: {moves}.", name=_alt_name(names, focus["player"]),
                  moves=_listing([_alt_move(m) for m in focus["moves"]]))
        parts.append(moves)
    if "hand" in view:  # the owner's own view (the private hand image)
        parts.insert(0, _("Your hand: {cards}.", cards=", ".join(view["hand"]) or _("no cards")))
    text = _sentences(parts)
    if len(text) > ALT_LIMIT and moves is not None:  # a very long turn: leave its moves out
        text = _sentences([part for part in parts if part is not moves])
    return text if len(text) <= ALT_LIMIT else _("{text}", text=text[:ALT_LIMIT])



register(GameRenderer(game="kahuna", board=render, prepare=prepare, alt_text=alt_text, hand=render_hand))
