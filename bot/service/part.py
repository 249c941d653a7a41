"""What every part of the service is built with: the ground it stands on.

A part (the lobby, play, timers, pauses, …) gets the :class:`~bot.service.base.Ground` and the
other parts it uses in its constructor; no part inherits another, so what a part can reach is
what its constructor names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..store import Store
    from .base import Ground


class Part:
    """A part of the service: its store and clock are the ground's."""

    def __init__(self, ground: Ground) -> None:
        self.ground = ground

    @property
    def store(self) -> Store:
        return self.ground.store

    def clock(self) -> float:
        return self.ground.clock()
