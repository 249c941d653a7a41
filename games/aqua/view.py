"""The keys of Aqua's view: what ``Aqua.view`` returns and the renderers read.

Everything in Aqua is public except the deck's order and the box, which no view shows: so
there are no private keys, and ``view(state, player)`` is the same for every ``player`` and
for ``None``. A view may have been stored as JSON on its way to a renderer, so the types here
are JSON's: ``phase`` is a :class:`~games.aqua.state.Phase` value as a plain string,
positions and sites are ``"q,r"`` strings.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .scoring import Breakdown


class LargeView(TypedDict):
    """A large animal in an area."""

    shape: str  # pair, line, arc, triangle, diamond
    sites: list[str]  # in reading order
    points: int
    side: str  # "A" or "B"
    animal: str  # the animal on that side (material.LARGE_ANIMALS)


class AreaView(TypedDict):
    """One player's coral area."""

    tiles: dict[str, str]  # position -> colours at N, SE, SW ("*" on the hot spot)
    animals: dict[str, list[Any]]  # site -> [species, points, covered]
    large: list[LargeView]  # in the order placed
    hot_spot: int  # the hot-spot tile's number
    frontier: list[str]  # empty positions next to the area, in reading order
    habitats: list[str]  # every habitat site (with or without an animal), in reading order


class AquaView(TypedDict):
    """The whole view (public: see the module's docstring)."""

    game: str  # "aqua"
    players: list[str]  # seat order
    options: dict[str, str]  # {"ecosystems": a Mode value}
    solo: bool
    areas: dict[str, AreaView]  # player -> area
    market: list[str]  # tile codes, slot 1 first
    snail: str | None  # "market", the player holding it, or None (solo)
    round: int
    rounds: int
    ecosystems: list[str]  # the ecosystem ids in play
    scores: dict[str, Breakdown]  # live, as the final scoring would count now
    small_animals: dict[str, int]  # player -> small animals in the area (the tie-break)
    to_act: list[str]
    active: str | None
    phase: str  # a Phase value: "take", "large" or "over"
    queue: list[str]  # still to play this round, the active player first
    deck: int  # tiles left face down
    discarded: int  # solo: tiles discarded from the market
    small_stacks: dict[str, int]  # species -> small animals left
    large_stacks: dict[str, list[int]]  # shape -> the values left, the top first
    placed_this_turn: list[str]  # sites whose small animal came this turn
    legal_positions: list[str]  # where a market tile fits now ("take" step)
    waived: bool  # the colour condition is waived this turn (no tile fits anywhere)
    large_options: list[str]  # the legal large-animal moves ("large" step)
    resigned: list[str]
    last: dict[str, Any] | None  # the last move: player, move, kind, tile, habitats, large …
    over: bool
    result: dict[str, Any] | None  # ``Result.to_dict()`` once the game is over
