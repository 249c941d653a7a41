"""What every part of the service is built with: the ground it stands on.

A part (the lobby, play, timers, pauses, …) is a dataclass whose fields are what it uses: the
:class:`~bot.service.ground.Ground` first, then the other parts by name (keywords only), so its
constructor is its list of dependencies. No part inherits another, so what a part can reach is
what its fields name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..store import Store
    from .ground import Ground


@dataclass(eq=False, repr=False)
class Part:
    """A part of the service: its store and clock are the ground's."""

    ground: Ground

    @property
    def store(self) -> Store:
        return self.ground.store

    def clock(self) -> float:
        return self.ground.clock()
