"""Aqua geometry: hexagonal tiles cut into three rhombi, and the hexagonal sites they form.

The coordinates, as the bot's Aqua rules define them:

* Tiles are pointy-top hexagons on an axial grid ``(q, r)``, ``r`` growing downwards.
  Neighbours: ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r−1)``, ``(q−1, r+1)``.
* A tile is cut into three rhombi, its **corals**, pointing to its ``N``, ``SE`` and ``SW``
  corners. A coral is written ``(q, r, d)``.
* **Site** ``(a, b)`` is the N corner of tile ``(a, b)``; its corals are ``(a, b, N)``,
  ``(a, b−1, SE)`` and ``(a+1, b−1, SW)``. Sites form a hex grid with the tile offsets.

Why it works: the three rhombi pointing into one corner meet at 120° each and make a
hexagon as large as a tile, centred on that corner. Every coral lies in exactly one tile and
one site, the side of a tile's rim is the outer side of one coral, and across that side lies
a coral of the same site. So two corals share a side exactly when they share a tile or a site,
and each coral has four side neighbours: two in its tile, two in its site.

Large animals lie on sites. Their shapes are sets of site offsets, compared up to
translation, the six rotations and mirroring.

Pure functions over tuples; the small caches only remember results of pure functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Pos = tuple[int, int]  # a tile position or a site
Coral = tuple[int, int, str]  # (q, r, direction)

DIRS: tuple[str, str, str] = ("N", "SE", "SW")
DIR_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIRS)}

#: The six neighbour offsets of tiles (and of sites): E, W, SE, NW, NE, SW.
OFFSETS: tuple[Pos, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The six tile positions (or sites) sharing an edge with ``pos``."""
    q, r = pos
    return tuple((q + dq, r + dr) for dq, dr in OFFSETS)


def distance(a: Pos, b: Pos) -> int:
    """Steps between two positions of the hex grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ----- corals and sites -------------------------------------------------------------------------


def site_of(coral: Coral) -> Pos:
    """The site a coral points into: N → (q, r), SE → (q, r+1), SW → (q−1, r+1)."""
    q, r, d = coral
    if d == "N":
        return (q, r)
    if d == "SE":
        return (q, r + 1)
    if d == "SW":
        return (q - 1, r + 1)
    raise ValueError(f"not a coral direction: {d!r}")


def site_corals(site: Pos) -> tuple[Coral, Coral, Coral]:
    """The three corals forming site ``(a, b)``."""
    a, b = site
    return ((a, b, "N"), (a, b - 1, "SE"), (a + 1, b - 1, "SW"))


def site_tiles(site: Pos) -> tuple[Pos, Pos, Pos]:
    """The three tiles meeting at site ``(a, b)`` (in the order of :func:`site_corals`)."""
    a, b = site
    return ((a, b), (a, b - 1), (a + 1, b - 1))


def tile_sites(pos: Pos) -> tuple[Pos, Pos, Pos]:
    """The sites of a tile's N, SE and SW corals."""
    q, r = pos
    return ((q, r), (q, r + 1), (q - 1, r + 1))


def tile_corals(pos: Pos) -> tuple[Coral, Coral, Coral]:
    q, r = pos
    return ((q, r, "N"), (q, r, "SE"), (q, r, "SW"))


def site_mates(coral: Coral) -> tuple[Coral, Coral]:
    """The two other corals of the coral's site: its side neighbours on other tiles."""
    others = [c for c in site_corals(site_of(coral)) if c != coral]
    return others[0], others[1]


def coral_neighbours(coral: Coral) -> tuple[Coral, Coral, Coral, Coral]:
    """The four corals sharing a side with ``coral``: two in its tile, two in its site."""
    q, r, d = coral
    in_tile = [(q, r, e) for e in DIRS if e != d]
    a, b = site_mates(coral)
    return in_tile[0], in_tile[1], a, b


def site_border(site: Pos) -> tuple[Coral, ...]:
    """The six corals a small animal on ``site`` borders: the other corals of its three tiles.

    For site (0, 0) these are, in order, the six coloured corals of a hot-spot start tile.
    """
    own = set(site_corals(site))
    return tuple(c for pos in site_tiles(site) for c in tile_corals(pos) if c not in own)


# Precomputed per direction: the (tile offset, direction) pairs of the two site mates,
# so the placement check needs no tuple building in its inner loop.
MATE_OFFSETS: dict[str, tuple[tuple[int, int, str], tuple[int, int, str]]] = {
    d: tuple((c[0], c[1], c[2]) for c in site_mates((0, 0, d)))  # type: ignore[misc]
    for d in DIRS
}


# ----- shapes of large animals ------------------------------------------------------------------


def rotate(pos: Pos) -> Pos:
    """Turn an offset by 60° about the origin (axial coordinates)."""
    q, r = pos
    return (-r, q + r)


def mirror(pos: Pos) -> Pos:
    """Reflect an offset (swaps the axes; keeps the neighbour set)."""
    q, r = pos
    return (r, q)


def normalise(sites: Iterable[Pos]) -> tuple[Pos, ...]:
    """Sites translated so that the first in reading order is at the origin, then sorted."""
    ordered = sorted(sites, key=reading_key)
    if not ordered:
        return ()
    q0, r0 = ordered[0]
    return tuple((q - q0, r - r0) for q, r in ordered)


def reading_key(pos: Pos) -> tuple[int, int]:
    """Top row first, then left to right (by pixel x within a row)."""
    q, r = pos
    return (r, q)


#: The base shape of each large animal, as site offsets.
BASE_SHAPES: dict[str, tuple[Pos, ...]] = {
    "pair": ((0, 0), (1, 0)),
    "line": ((0, 0), (1, 0), (2, 0)),
    "arc": ((0, 0), (1, 0), (1, 1)),  # 120° bend at (1, 0)
    "triangle": ((0, 0), (1, 0), (0, 1)),
    "diamond": ((0, 0), (1, 0), (0, 1), (1, 1)),  # two triangles sharing (1,0)-(0,1)
}


@lru_cache(maxsize=None)
def orientations(shape: str) -> tuple[tuple[Pos, ...], ...]:
    """Every distinct placement pattern of ``shape`` under rotation and mirroring (normalised)."""
    found: list[tuple[Pos, ...]] = []
    cells = list(BASE_SHAPES[shape])
    for flip in (False, True):
        pts = [mirror(p) for p in cells] if flip else list(cells)
        for _ in range(6):
            pts = [rotate(p) for p in pts]
            norm = normalise(pts)
            if norm not in found:
                found.append(norm)
    return tuple(found)


@lru_cache(maxsize=None)
def _shape_index() -> dict[tuple[Pos, ...], str]:
    return {o: shape for shape in BASE_SHAPES for o in orientations(shape)}


def shape_of(sites: Iterable[Pos]) -> str | None:
    """The large-animal shape these sites form, or None if they form none."""
    return _shape_index().get(normalise(sites))


def placements_through(shape: str, site: Pos) -> list[tuple[Pos, ...]]:
    """Every placement of ``shape`` that covers ``site`` (sites in reading order)."""
    out: list[tuple[Pos, ...]] = []
    for pattern in orientations(shape):
        for anchor in pattern:
            dq, dr = site[0] - anchor[0], site[1] - anchor[1]
            placed = tuple((q + dq, r + dr) for q, r in pattern)
            if placed not in out:
                out.append(placed)
    return out


def in_a_row(a: Pos, b: Pos, c: Pos) -> bool:
    """Whether three sites form a straight row of neighbours (``a``-``b``-``c`` in order)."""
    d1 = (b[0] - a[0], b[1] - a[1])
    d2 = (c[0] - b[0], c[1] - b[1])
    return d1 == d2 and d1 in OFFSETS


# ----- pixels (for renderers) -------------------------------------------------------------------

SQRT3 = 3 ** 0.5


def tile_centre(pos: Pos, size: float) -> tuple[float, float]:
    """Pixel centre of tile ``pos`` for hexagons of circumradius ``size`` (y grows down)."""
    q, r = pos
    return (SQRT3 * size * (q + r / 2), 1.5 * size * r)


def site_centre(site: Pos, size: float) -> tuple[float, float]:
    """Pixel centre of a site: the N corner of the tile with the same coordinates."""
    x, y = tile_centre(site, size)
    return (x, y - size)


#: Unit corner vectors of a pointy-top hexagon (y down), by name.
CORNERS: dict[str, tuple[float, float]] = {
    "N": (0.0, -1.0), "NE": (SQRT3 / 2, -0.5), "SE": (SQRT3 / 2, 0.5),
    "S": (0.0, 1.0), "SW": (-SQRT3 / 2, 0.5), "NW": (-SQRT3 / 2, -0.5),
}
#: The rhombus of each coral: the tile centre and three corners, its tip in the middle.
RHOMBUS: dict[str, tuple[str, str, str]] = {
    "N": ("NW", "N", "NE"), "SE": ("NE", "SE", "S"), "SW": ("S", "SW", "NW"),
}


def coral_polygon(pos: Pos, d: str, size: float) -> list[tuple[float, float]]:
    """Pixel corners of one coral: centre, then the three rim corners of its rhombus."""
    cx, cy = tile_centre(pos, size)
    pts = [(cx, cy)]
    for corner in RHOMBUS[d]:
        ux, uy = CORNERS[corner]
        pts.append((cx + ux * size, cy + uy * size))
    return pts
