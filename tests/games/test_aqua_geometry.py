"""Aqua geometry on its own: coordinates from ``games.aqua.geometry``, checked by hand and in pixels.

The pixel checks recompute the hexagons here from first principles (pointy-top, axial,
``r`` downwards) and confirm that the combinatorial rules of the geometry module (side
neighbours, sites, borders, shapes) are what the drawing shows: corals that share a side
share two corners, corals that only touch at a corner share one.
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from games.aqua import geometry as g

# ----- hand-checked coordinates -----------------------------------------------------------------


def test_tile_neighbours() -> None:
    assert set(g.neighbours((0, 0))) == {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert set(g.neighbours((2, -3))) == {(3, -3), (1, -3), (2, -2), (2, -4), (3, -4), (1, -2)}
    assert g.distance((0, 0), (2, -1)) == 2
    assert g.distance((0, 0), (1, 1)) == 2
    assert g.distance((-1, 2), (-1, 2)) == 0


def test_corals_of_a_site() -> None:
    assert g.site_corals((0, 0)) == ((0, 0, "N"), (0, -1, "SE"), (1, -1, "SW"))
    assert g.site_corals((2, 1)) == ((2, 1, "N"), (2, 0, "SE"), (3, 0, "SW"))
    assert g.site_tiles((2, 1)) == ((2, 1), (2, 0), (3, 0))


def test_site_of_each_coral() -> None:
    assert g.site_of((0, 0, "N")) == (0, 0)
    assert g.site_of((0, 0, "SE")) == (0, 1)
    assert g.site_of((0, 0, "SW")) == (-1, 1)
    assert g.tile_sites((3, -2)) == ((3, -2), (3, -1), (2, -1))
    for site in [(0, 0), (4, -1), (-2, 3)]:
        for coral in g.site_corals(site):
            assert g.site_of(coral) == site


def test_four_side_neighbours_of_a_coral() -> None:
    assert set(g.coral_neighbours((0, 0, "N"))) == {
        (0, 0, "SE"), (0, 0, "SW"), (0, -1, "SE"), (1, -1, "SW")}
    assert set(g.coral_neighbours((0, 0, "SE"))) == {
        (0, 0, "N"), (0, 0, "SW"), (0, 1, "N"), (1, 0, "SW")}
    assert set(g.coral_neighbours((0, 0, "SW"))) == {
        (0, 0, "N"), (0, 0, "SE"), (-1, 1, "N"), (-1, 0, "SE")}
    # symmetric, always four, never itself
    for q in range(-2, 3):
        for r in range(-2, 3):
            for d in g.DIRS:
                coral = (q, r, d)
                ns = g.coral_neighbours(coral)
                assert len(set(ns)) == 4 and coral not in ns
                for n in ns:
                    assert coral in g.coral_neighbours(n)


def test_six_corals_bordering_a_site() -> None:
    # Site (0, 0): exactly the six coloured corals of a hot-spot start tile, in the page's order.
    assert g.site_border((0, 0)) == ((0, 0, "SE"), (0, 0, "SW"), (0, -1, "N"), (0, -1, "SW"),
                                     (1, -1, "N"), (1, -1, "SE"))
    assert set(g.site_border((3, 1))) == {(3, 1, "SE"), (3, 1, "SW"), (3, 0, "N"), (3, 0, "SW"),
                                          (4, 0, "N"), (4, 0, "SE")}
    # each bordering coral shares a side with one of the site's own corals
    own = set(g.site_corals((3, 1)))
    for coral in g.site_border((3, 1)):
        assert own & set(g.coral_neighbours(coral))


def test_site_adjacency() -> None:
    assert set(g.neighbours((0, 0))) >= {(1, 0), (0, 1), (1, -1)}
    # adjacent sites share two corals' side: some coral of one borders the other
    for n in g.neighbours((2, 1)):
        assert set(g.site_border((2, 1))) & set(g.site_corals(n))


# ----- shapes of large animals ------------------------------------------------------------------


@pytest.mark.parametrize("shape, count", [("pair", 3), ("line", 3), ("arc", 6), ("triangle", 2),
                                          ("diamond", 3)])
def test_orientation_counts(shape: str, count: int) -> None:
    assert len(g.orientations(shape)) == count


@pytest.mark.parametrize("sites, shape", [
    ([(0, 0), (1, 0)], "pair"),
    ([(0, 0), (0, 1)], "pair"),
    ([(5, 5), (6, 4)], "pair"),
    ([(0, 0), (1, 0), (2, 0)], "line"),
    ([(0, 0), (0, 1), (0, 2)], "line"),
    ([(0, 0), (1, -1), (2, -2)], "line"),
    ([(0, 0), (1, 0), (1, 1)], "arc"),
    ([(0, 0), (1, 0), (2, -1)], "arc"),  # the mirror image
    ([(1, 0), (0, 1), (2, 0)], "arc"),
    ([(0, 1), (1, 1), (1, 0)], "triangle"),  # the rules page's old, wrong "arc" example
    ([(0, 1), (1, 1), (1, 2)], "arc"),  # the rules page's arc example
    ([(0, 0), (1, 0), (0, 1)], "triangle"),
    ([(0, 0), (1, 0), (0, 1), (1, 1)], "diamond"),
    ([(0, 0), (1, 0), (1, -1), (2, -1)], "diamond"),
    ([(0, 0), (0, 1), (-1, 1), (1, 0)], "diamond"),
    ([(0, 0), (2, 0)], None),
    ([(0, 0), (1, 0), (2, 0), (3, 0)], None),
    ([(0, 0), (1, 0), (-1, 1), (0, -1)], None),  # three arms around (0, 0)
    ([(0, 0), (1, 1), (2, 2)], None),
])
def test_shape_of(sites: list[tuple[int, int]], shape: str | None) -> None:
    assert g.shape_of(sites) == shape
    assert g.shape_of(reversed(sites)) == shape
    moved = [(q + 7, r - 3) for q, r in sites]
    assert g.shape_of(moved) == shape


def test_placements_through_cover_the_site() -> None:
    for shape in g.BASE_SHAPES:
        found = g.placements_through(shape, (2, 3))
        assert found and all((2, 3) in p for p in found)
        assert all(g.shape_of(p) == shape for p in found)
        assert len(set(found)) == len(found)
    assert len(g.placements_through("pair", (0, 0))) == 6
    assert len(g.placements_through("triangle", (0, 0))) == 6
    assert len(g.placements_through("line", (0, 0))) == 9


def test_in_a_row() -> None:
    assert g.in_a_row((0, 0), (1, 0), (2, 0))
    assert g.in_a_row((0, 2), (0, 1), (0, 0))
    assert not g.in_a_row((0, 0), (1, 0), (1, 1))
    assert not g.in_a_row((0, 0), (2, 0), (4, 0))


# ----- pixels: the combinatorics are what the drawing shows ---------------------------------


def _centre(q: int, r: int) -> tuple[float, float]:
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def _corner(q: int, r: int, angle_deg: float) -> tuple[float, float]:
    x, y = _centre(q, r)
    a = math.radians(angle_deg)
    return (round(x + math.cos(a), 6), round(y - math.sin(a), 6))  # y grows down


# Pointy top: N is at 90°, NE 30°, SE −30°, S −90°, SW 210°, NW 150°.
_ANGLES = {"N": 90, "NE": 30, "SE": -30, "S": -90, "SW": 210, "NW": 150}
_RHOMBI = {"N": ("NW", "N", "NE"), "SE": ("NE", "SE", "S"), "SW": ("S", "SW", "NW")}


def _coral_points(coral: tuple[int, int, str]) -> set[tuple[float, float]]:
    q, r, d = coral
    x, y = _centre(q, r)
    pts = {(round(x, 6), round(y, 6))}
    pts |= {_corner(q, r, _ANGLES[c]) for c in _RHOMBI[d]}
    return pts


def _all_corals(radius: int = 3) -> list[tuple[int, int, str]]:
    return [(q, r, d) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q + r) <= radius for d in g.DIRS]


def test_side_contact_is_two_shared_corners() -> None:
    corals = _all_corals()
    points = {c: _coral_points(c) for c in corals}
    for a, b in combinations(corals, 2):
        shared = len(points[a] & points[b])
        sides = b in g.coral_neighbours(a)
        assert sides == (shared >= 2), (a, b, shared)


def test_site_centre_is_the_corner_where_its_corals_meet() -> None:
    for site in [(0, 0), (2, -1), (-1, 3)]:
        corals = g.site_corals(site)
        common = set.intersection(*(_coral_points(c) for c in corals))
        assert len(common) == 1
        (x, y), = common
        sx, sy = g.site_centre(site, 1.0)
        assert math.isclose(x, sx, abs_tol=1e-6) and math.isclose(y, sy, abs_tol=1e-6)
        # and it is the N corner of tile (a, b)
        assert (x, y) == _corner(site[0], site[1], 90)


def test_module_polygons_match() -> None:
    for coral in [(0, 0, "N"), (1, -2, "SE"), (-3, 1, "SW")]:
        pts = {(round(x, 6), round(y, 6)) for x, y in g.coral_polygon(coral[:2], coral[2], 1.0)}
        assert pts == _coral_points(coral)


def test_corner_contact_between_tiles_is_not_a_side() -> None:
    # (0,0,N) and (1,0,N) touch at (0,0)'s NE corner only.
    a, b = (0, 0, "N"), (1, 0, "N")
    assert len(_coral_points(a) & _coral_points(b)) == 1
    assert b not in g.coral_neighbours(a)


def test_site_adjacency_in_pixels() -> None:
    for n in g.neighbours((1, 1)):
        ax, ay = g.site_centre((1, 1), 1.0)
        bx, by = g.site_centre(n, 1.0)
        assert math.isclose(math.hypot(ax - bx, ay - by), math.sqrt(3))


def test_arc_is_a_120_degree_bend_in_pixels() -> None:
    for pattern in g.orientations("arc"):
        ends = [p for p in pattern if sum(1 for o in pattern if o != p and o in g.neighbours(p)) == 1]
        (mid,) = [p for p in pattern if p not in ends]
        mx, my = g.site_centre(mid, 1.0)
        vecs = [(g.site_centre(e, 1.0)[0] - mx, g.site_centre(e, 1.0)[1] - my) for e in ends]
        cos = (vecs[0][0] * vecs[1][0] + vecs[0][1] * vecs[1][1]) / 3
        assert math.isclose(math.degrees(math.acos(cos)), 120, abs_tol=1e-6)
    for pattern in g.orientations("line"):
        (x0, y0), (x1, y1), (x2, y2) = (g.site_centre(p, 1.0) for p in pattern)
        assert math.isclose((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0), 0, abs_tol=1e-9)
