"""Aqua (1–4 players): coral tiles, habitats, reefs, animals and ecosystems.

A package because the game is big: ``geometry`` (tiles, corals, sites, shapes),
``material`` (the 70 tiles, hot spots, animals, ecosystems), ``scoring`` (reefs,
ecosystems, a player's breakdown), ``engine`` (state, moves, rules, views) and
``advice`` (autocomplete ranking).
"""

from __future__ import annotations

from .engine import Aqua, AquaMove, AquaState, Done, Large, Snail, Take, solo_rating

__all__ = ["Aqua", "AquaMove", "AquaState", "Done", "Large", "Snail", "Take", "solo_rating"]
