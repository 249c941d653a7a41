"""The six sea animals as vector glyphs, drawn into any box (Aqua and Kraqua use them too)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from ..common import Colour, Rect, scaled

# ----- species glyphs ----------------------------------------------------------------------------
# Each glyph fills a unit box (0..1 both ways) in ``fill`` with details in ``detail``, and
# covers the box centre with solid ``fill``. Silhouettes differ: wide with claws, horizontal,
# dome with tentacles, upright S, five points, oval with flippers.

#: A glyph: drawn with ``fill`` and ``detail`` into a box of any size (RGB, or RGBA sprites).
Glyph = Callable[[ImageDraw.ImageDraw, Rect, Colour, Colour], None]


def _u(box: Rect, v: float) -> float:
    """A unit length in pixels of ``box``."""
    return (box[2] - box[0]) * v


def _circle(d: ImageDraw.ImageDraw, box: Rect, cx: float, cy: float, r: float, fill: Colour) -> None:
    (x, y), = scaled([(cx, cy)], box)
    rr = _u(box, r)
    d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill)


def _ellipse(d: ImageDraw.ImageDraw, box: Rect, x0: float, y0: float, x1: float, y1: float,
             fill: Colour | None = None, outline: Colour | None = None, width: float = 0) -> None:
    (a, b), (c, e) = scaled([(x0, y0), (x1, y1)], box)
    d.ellipse((a, b, c, e), fill=fill, outline=outline, width=round(_u(box, width)))


def _poly(d: ImageDraw.ImageDraw, box: Rect, pts: Sequence[tuple[float, float]], fill: Colour) -> None:
    d.polygon(scaled(pts, box), fill=fill)


def _line(d: ImageDraw.ImageDraw, box: Rect, pts: Sequence[tuple[float, float]], fill: Colour,
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


def _crab(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
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


def _fish(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
    _poly(d, box, [(0.62, 0.50), (0.95, 0.22), (0.87, 0.50), (0.95, 0.78)], fill)
    _poly(d, box, [(0.30, 0.30), (0.50, 0.11), (0.62, 0.33)], fill)  # dorsal fin
    _poly(d, box, [(0.42, 0.68), (0.52, 0.85), (0.60, 0.68)], fill)  # belly fin
    _ellipse(d, box, 0.04, 0.24, 0.76, 0.76, fill=fill)
    _circle(d, box, 0.21, 0.44, 0.058, detail)
    (x0, y0), (x1, y1) = scaled([(0.20, 0.32), (0.40, 0.68)], box)
    d.arc((x0, y0, x1, y1), 300, 60, fill=detail, width=round(_u(box, 0.035)))


def _jellyfish(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
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


def _seahorse(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
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


def _starfish(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
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


def _turtle(d: ImageDraw.ImageDraw, box: Rect, fill: Colour, detail: Colour) -> None:
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
