"""Where a tile and a large animal may go: the legality questions asked of a state.

Below the engine so that the engine's rules, the autocomplete (``advice``) and the AI ask
the same questions without importing the ``Game`` class.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..text import Text, translator
from .geometry import (
    DIR_INDEX,
    DIRS,
    MATE_OFFSETS,
    Pos,
    neighbours,
    placements_through,
    reading_key,
    tile_sites,
)
from .material import HOT, SHAPES, TWO_OF, rotations
from .scoring import habitat_colour
from .state import Animal, AquaState, pos_key

_ = translator("aqua")


def frontier(tiles: Mapping[Pos, str]) -> list[Pos]:
    """Empty positions sharing an edge with the area, in reading order."""
    found = {n for pos in tiles for n in neighbours(pos) if n not in tiles}
    return sorted(found, key=reading_key)


def wanted_colours(tiles: Mapping[Pos, str], pos: Pos) -> tuple[str, str, str]:
    """For a tile put at ``pos``: per direction, the colours its coral would touch across the rim."""
    out = []
    q, r = pos
    for d in DIRS:
        found = ""
        for dq, dr, e in MATE_OFFSETS[d]:
            colours = tiles.get((q + dq, r + dr))
            if colours is not None:
                c = colours[DIR_INDEX[e]]
                if c != HOT:
                    found += c
        out.append(found)
    return out[0], out[1], out[2]


def connects(colours: str, wanted: Sequence[str]) -> bool:
    return colours[0] in wanted[0] or colours[1] in wanted[1] or colours[2] in wanted[2]


def take_options(state: AquaState, player: str) -> tuple[bool, list[tuple[int, Pos, int]]]:
    """(colour condition waived?, every legal (slot, position, rotation)), in canonical order."""
    tiles = state.tiles[player]
    spots = [(pos, wanted_colours(tiles, pos)) for pos in frontier(tiles)]
    found: list[tuple[int, Pos, int]] = []
    for slot, code in enumerate(state.market, 1):
        turns = rotations(code)
        for pos, wanted in spots:
            for rot in range(3):
                if connects(turns[rot], wanted):
                    found.append((slot, pos, rot))
    if found or not spots:
        return False, found
    return True, [(slot, pos, rot) for slot in range(1, len(state.market) + 1)
                  for pos, _ in spots for rot in range(3)]


def new_habitats(tiles: Mapping[Pos, str], pos: Pos) -> list[tuple[Pos, str]]:
    """Sites completed as habitats by the tile at ``pos`` (in N, SE, SW order), with colours."""
    out = []
    for site in tile_sites(pos):
        colour = habitat_colour(tiles, site)
        if colour is not None:
            out.append((site, colour))
    return out


def habitat_sites(tiles: Mapping[Pos, str]) -> list[Pos]:
    """Every habitat site of an area (with or without an animal), in reading order."""
    sites = {s for pos in tiles for s in tile_sites(pos)}
    return sorted((s for s in sites if habitat_colour(tiles, s) is not None), key=reading_key)


def large_options(state: AquaState, player: str) -> list[tuple[str, tuple[Pos, ...]]]:
    """Legal large-animal placements now: (shape, sites in reading order)."""
    if not state.fresh:
        return []
    animals = state.animals[player]
    out: list[tuple[str, tuple[Pos, ...]]] = []
    for shape in SHAPES:
        if not state.large_stacks[shape]:
            continue
        seen: set[tuple[Pos, ...]] = set()
        for site in state.fresh:
            for sites in placements_through(shape, site):
                if sites in seen:
                    continue
                seen.add(sites)
                if _large_fault(animals, sites) is None:
                    out.append((shape, tuple(sorted(sites, key=reading_key))))
    return out


def large_problem(animals: Mapping[Pos, Animal], sites: Sequence[Pos]) -> Text | None:
    """Why a large animal cannot lie on ``sites`` (conditions 2 and 3), or None."""
    fault = _large_fault(animals, sites)
    if fault is None:
        return None
    kind, what = fault
    if kind == "empty":
        return _("site {site} holds no small animal", site=pos_key(what))
    if kind == "covered":
        return _("the small animal on {site} is covered already", site=pos_key(what))
    return _("{two} would lie under it: the small animals must all be different species",
             two=TWO_OF[what])


def _large_fault(animals: Mapping[Pos, Animal], sites: Sequence[Pos]) -> tuple[str, Any] | None:
    """:func:`large_problem`'s reason as (kind, site or species), without the words (the
    move list asks it of every shape through every fresh site)."""
    species = []
    for site in sites:
        animal = animals.get(site)
        if animal is None:
            return "empty", site
        if animal[2]:
            return "covered", site
        species.append(animal[0])
    for s in species:
        if species.count(s) > 1:
            return "twice", s
    return None
