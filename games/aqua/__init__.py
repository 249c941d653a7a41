"""Aqua (1–4 players): coral tiles, habitats, reefs, animals and ecosystems.

The shape every game has: ``state`` (the state, its vocabularies and stored format),
``notation`` (the moves, read and printed), ``engine`` (the ``Game``: rules, views, result)
and ``words`` (what players read), with ``view`` (the keys of the view); and Aqua's helpers: ``geometry`` (tiles, corals, sites,
shapes), ``material`` (the 70 tiles, hot spots, animals, ecosystems), ``placement`` (where a
tile or a large animal may go), ``scoring`` (reefs, ecosystems, a player's breakdown) and
``advice`` (autocomplete ranking).
"""

from __future__ import annotations

from .engine import Aqua, solo_rating
from .notation import AquaMove, Done, Large, MoveKind, Snail, Take, format_move, parse_move
from .state import AquaState, Mode, Phase
from .view import AquaView, AreaView, LargeView

__all__ = ["Aqua", "AquaMove", "AquaState", "AquaView", "AreaView", "Done", "Large", "LargeView",
           "Mode", "MoveKind", "Phase", "Snail", "Take", "format_move", "parse_move", "solo_rating"]
