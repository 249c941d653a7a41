"""Aqua scoring: reefs, the animals they score, the ecosystems, a player's breakdown.

An area is three plain mappings: ``tiles`` (position -> colours at N, SE, SW, ``*`` for a
hot-spot coral), ``animals`` (site -> (species, points, covered)) and ``large`` (a list of
placed large animals with ``shape``, ``sites`` and ``points``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from .geometry import (
    DIR_INDEX,
    DIRS,
    Coral,
    Pos,
    coral_neighbours,
    distance,
    in_a_row,
    neighbours,
    site_border,
    site_corals,
)
from .material import COLOURS, HOT, HOT_SITE, SPECIES, SPECIES_OF

Tiles = Mapping[Pos, str]
Animals = Mapping[Pos, Sequence[Any]]  # site -> (species, points, covered)

REEF_MIN = 4


def colour_at(tiles: Tiles, coral: Coral) -> str | None:
    """The colour of a coral in the area (None if its tile is missing; ``*`` on a hot spot)."""
    colours = tiles.get((coral[0], coral[1]))
    return None if colours is None else colours[DIR_INDEX[coral[2]]]


#: Per direction: the four side neighbours as (dq, dr, direction, index of that direction).
_SIDES: dict[str, tuple[tuple[int, int, str, int], ...]] = {
    d: tuple((c[0], c[1], c[2], DIR_INDEX[c[2]]) for c in coral_neighbours((0, 0, d)))
    for d in DIRS
}


def groups(tiles: Tiles) -> list[tuple[str, tuple[Coral, ...]]]:
    """Every side-connected one-colour group of corals (any size), in a stable order."""
    seen: set[Coral] = set()
    found: list[tuple[str, tuple[Coral, ...]]] = []
    for pos in sorted(tiles, key=lambda p: (p[1], p[0])):
        for i, d in enumerate(DIRS):
            start = (pos[0], pos[1], d)
            colour = tiles[pos][i]
            if start in seen or colour == HOT:
                continue
            seen.add(start)
            members = [start]
            stack = [start]
            while stack:
                q, r, e = stack.pop()
                for dq, dr, f, k in _SIDES[e]:
                    other = tiles.get((q + dq, r + dr))
                    if other is not None and other[k] == colour:
                        n = (q + dq, r + dr, f)
                        if n not in seen:
                            seen.add(n)
                            members.append(n)
                            stack.append(n)
            found.append((colour, tuple(sorted(members, key=lambda c: (c[1], c[0], c[2])))))
    return found


def reefs(tiles: Tiles) -> list[tuple[str, tuple[Coral, ...]]]:
    """The reefs: side-connected one-colour groups of at least four corals."""
    return [(c, g) for c, g in groups(tiles) if len(g) >= REEF_MIN]


def animal_reach(site: Pos) -> frozenset[Coral]:
    """The corals a small animal on ``site`` lies on or borders (3 + 6)."""
    return frozenset(site_corals(site)) | frozenset(site_border(site))


def reef_animals(reef: Iterable[Coral], animals: Animals) -> list[Pos]:
    """Sites of the small animals that lie on or border ``reef``."""
    members = set(reef)
    return sorted((s for s in animals if animal_reach(s) & members),
                  key=lambda p: (p[1], p[0]))


def reef_score(reef: Iterable[Coral], animals: Animals) -> int:
    return sum(int(animals[s][1]) for s in reef_animals(reef, animals))


def colour_counts(tiles: Tiles) -> dict[str, int]:
    counts = {c: 0 for c in COLOURS}
    for colours in tiles.values():
        for c in colours:
            if c in counts:
                counts[c] += 1
    return counts


def ecosystem_points(eco: str, tiles: Tiles, animals: Animals,
                     large: Sequence[Mapping[str, Any]],
                     found_reefs: Sequence[tuple[str, tuple[Coral, ...]]] | None = None) -> int:
    """Points of ecosystem ``eco`` for this area at the end (0 when its condition fails)."""
    rf = reefs(tiles) if found_reefs is None else found_reefs
    species = [a[0] for a in animals.values()]
    n = int(eco[1:])
    if n == 1:
        return 6 if set(species) >= set(SPECIES) else 0
    if n == 2:
        return 6 if any(len(g) >= 12 for _, g in rf) else 0
    if n == 3:
        return 5 if len({c for c, _ in rf}) >= 3 else 0
    if n == 4:
        return 2 * len(large)
    if n == 5:
        return 5 if len(species) >= 10 else 0
    if n == 6:
        for _, g in rf:
            if len({animals[s][0] for s in reef_animals(g, animals)}) >= 4:
                return 5
        return 0
    if n == 7:
        pairs = 0
        for site, a in animals.items():
            for other in neighbours(site):
                b = animals.get(other)
                if b is not None and b[0] == a[0] and other > site:
                    pairs += 1
        return pairs
    if n == 8:
        return sum(1 for v in colour_counts(tiles).values() if v >= 10)
    if n == 9:
        for site in animals:
            for dq, dr in ((1, 0), (0, 1), (1, -1)):
                b = (site[0] + dq, site[1] + dr)
                c = (b[0] + dq, b[1] + dr)
                if b in animals and c in animals and in_a_row(site, b, c):
                    return 4
        return 0
    if n == 10:
        return 2 * sum(1 for _, g in rf if len(g) >= 6)
    if n == 11:
        return sum(1 for s in animals if distance(s, HOT_SITE) <= 2)
    if n == 12:
        return 3 * sum(1 for a in large if len(a["sites"]) == 4)
    if 13 <= n <= 18:
        colour = "ROYGBP"[n - 13]
        return 4 if any(c == colour and len(g) >= 7 for c, g in rf) else 0
    if 19 <= n <= 24:
        want = "CSFTJH"[n - 19]
        return 4 if species.count(want) >= 3 else 0
    raise ValueError(f"unknown ecosystem {eco!r}")


class Breakdown(TypedDict):
    """A player's score by part (the view's ``scores`` and the result's ``breakdown``)."""

    large: int
    small: int
    reefs: int
    ecosystems: dict[str, int]  # ecosystem id -> points, for each one in play
    total: int


def breakdown(tiles: Tiles, animals: Animals, large: Sequence[Mapping[str, Any]],
              ecosystems: Sequence[str], family: bool) -> Breakdown:
    """A player's score: ``large``, ``small``, ``reefs``, ``ecosystems`` {id: points}, ``total``.

    The family variant scores only the animals (reefs 0, no ecosystems).
    """
    large_pts = sum(int(a["points"]) for a in large)
    small_pts = sum(int(a[1]) for a in animals.values())
    if family:
        reef_pts = 0
        eco: dict[str, int] = {}
    else:
        rf = reefs(tiles)
        reef_pts = sum(reef_score(g, animals) for _, g in rf)
        eco = {e: ecosystem_points(e, tiles, animals, large, rf) for e in ecosystems}
    total = large_pts + small_pts + reef_pts + sum(eco.values())
    return {"large": large_pts, "small": small_pts, "reefs": reef_pts, "ecosystems": eco,
            "total": total}


def habitat_colour(tiles: Tiles, site: Pos) -> str | None:
    """The colour of a habitat on ``site`` (all three corals present and alike), else None."""
    colours = {colour_at(tiles, c) for c in site_corals(site)}
    if len(colours) == 1:
        (c,) = colours
        if c is not None and c != HOT:
            return c
    return None


def species_for(colour: str) -> str:
    return SPECIES_OF[colour]
