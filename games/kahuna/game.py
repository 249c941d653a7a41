"""The old home of the Kahuna engine, kept so that ``games.kahuna.game`` still imports.

The engine is :mod:`.engine`; the majority rules are :mod:`.rules`.
"""

from __future__ import annotations

from .engine import Kahuna
from .rules import card_actions, hand_options, place_bridge, remove_bridge, unmarked

__all__ = ["Kahuna", "card_actions", "hand_options", "place_bridge", "remove_bridge", "unmarked"]
