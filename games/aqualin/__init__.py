"""Aqualin (2 players): tiles of six colours and six species, grouped on a 6×6 board.

The package's modules, in the order they build on each other: ``state`` (the vocabularies,
tiles, squares and the state), ``scoring`` (groups and points), ``view`` (the view's keys),
``words`` (the texts players read), ``notation`` (moves as values, parsed and written),
``suggest`` (autocomplete), ``engine`` (the rules; it registers the game). The rules as the
bot plays them are in ``engine``'s docstring and in docs/rules/aqualin.md.
"""

from __future__ import annotations

from .engine import Aqualin
from .notation import AqualinMove, Examples, Place, ShiftPlace, format_move, make_move, parse
from .scoring import GroupIndex, group_points, groups, largest_group, score
from .state import (
    COLOURS, FILES, KING_NEIGHBOURS, MARKET_SIZE, ORTHO_NEIGHBOURS, RANKS, ROLES, SPECIES,
    SQUARES, TILES, AqualinState, LastMove, Role, Rules, Seating)
from .suggest import SUGGEST_CAP, AqualinSuggestions, Rated
from .view import AqualinView
from .words import COLOUR_WORDS, ROLE_WORDS, SPECIES_WORDS, tile_name

__all__ = [
    "COLOURS", "COLOUR_WORDS", "FILES", "KING_NEIGHBOURS", "MARKET_SIZE", "ORTHO_NEIGHBOURS",
    "RANKS", "ROLES", "ROLE_WORDS", "SPECIES", "SPECIES_WORDS", "SQUARES", "SUGGEST_CAP",
    "TILES", "Aqualin", "AqualinMove", "AqualinState", "AqualinSuggestions", "AqualinView",
    "Examples", "GroupIndex", "LastMove", "Place", "Rated", "Role", "Rules", "Seating",
    "ShiftPlace", "format_move", "group_points", "groups", "largest_group", "make_move",
    "parse", "score", "tile_name",
]
