"""What everyone sees of an Aqualin game: the view ``Aqualin.view`` returns and the board
image is drawn from (``renderers/aqualin``). Everything is public but the supply's order,
so every seat gets the same view."""

from __future__ import annotations

from typing import Any, TypedDict

from .state import LastMove, Role, Rules


class AqualinView(TypedDict):
    """The keys of ``Aqualin.view`` (docs/rules/aqualin.md lists them for contributors)."""

    game: str  # "aqualin"
    rules: Rules
    players: list[str]  # seat order, host first
    order: list[str]  # turn order: the colour player first
    roles: dict[str, Role]
    board: dict[str, str]  # square -> tile
    drawn: str | None  # seed rules: the tile to place now
    market: list[str]  # classic rules: the open tiles
    supply: int  # tiles left face down
    turn: int  # tiles placed so far
    to_act: list[str]
    scores: dict[str, int]
    largest: dict[str, int]  # each player's largest group
    groups: dict[str, list[list[str]]]  # each player's scoring groups, squares in board order
    last: LastMove | None
    over: bool
    result: dict[str, Any] | None  # ``Result.to_dict()``


__all__ = ["AqualinView", "LastMove"]
