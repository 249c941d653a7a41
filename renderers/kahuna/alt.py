"""The board in words for screen readers (translated by the bot)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.kahuna import KahunaView
from games.text import Notation, Text, join

from ..common import ALT_LIMIT, alt_name
from .style import _, _n

# ----- alt text --------------------------------------------------------------------------------
# The image in words for screen readers, in the reader's language.

#: The seat colours, as the board shows them.
SEAT_WORDS = (_("orange"), _("blue"))


def move_said(move: str) -> Text | Notation:
    """A move of the view's ``moves`` list in the reader's words: "tuck 2 cards" (the view
    hides which), else the move (``ziehen stapel``). The board draws the same words."""
    parts = move.split(" ")
    if len(parts) == 3 and parts[0] == "tuck" and parts[1].isdigit():
        return _n("tuck {n} card", "tuck {n} cards", int(parts[1]))
    return Notation("kahuna", move)


def _sentences(parts: list[Text]) -> Text:
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} {b}", a=text, b=part)
    return text


def _listing(items: list[Any]) -> Any:
    """``a, b, c`` (a list of moves: no "and", as in the notation)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{a}, {b}", a=text, b=item)
    return text


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The board image in words (whose hand, round, each player's material, whose turn, the
    last moves), under Discord's 1024 characters."""
    board = cast(KahunaView, view)  # the registry hands any view; this is a Kahuna one
    players = list(board["players"])
    stones, bridges = board["stones"], board["bridges"]
    parts: list[Text] = [_("Kahuna board, round {round} of 3.", round=board["round"])]
    for seat, p in enumerate(players):
        mine = sorted(i for i, q in stones.items() if q == p)
        lines = sorted(line for line, q in bridges.items() if q == p)
        parts.append(_("{name} ({colour}): {points}, {cards}, stones on {stones}, bridges "
                       "{bridges}.", name=alt_name(names, p), colour=SEAT_WORDS[seat],
                       points=_n("{n} point", "{n} points", board["scores"][p]),
                       cards=_n("{n} card", "{n} cards", board["hands"][p]),
                       stones=", ".join(mine) or _("no island"),
                       bridges=" ".join(lines) or _("none")))
    result = board.get("result")
    if result:
        winners = [alt_name(names, p) for p in result["winners"]]
        parts.append(_("Game over: {names} draw.", names=join(winners)) if len(winners) > 1
                     else _("Game over: {name} wins.", name=winners[0]))
    else:
        parts.append(_("{names} to act. Open cards: {cards}; deck {deck}.",
                       names=", ".join(alt_name(names, p) for p in board["to_act"]),
                       cards=", ".join(board["open"]) or _("none"), deck=board["deck"]))
    focus = board.get("current") or board.get("last")
    moves = None
    if focus:
        moves = _("Last moves by {name}: {moves}.", name=alt_name(names, focus["player"]),
                  moves=_listing([move_said(m) for m in focus["moves"]]))
        parts.append(moves)
    hand = view.get("hand")
    if hand is not None:  # the owner's own view (the private hand image)
        parts.insert(0, _("Your hand: {cards}.", cards=", ".join(hand) or _("no cards")))
    text = _sentences(parts)
    if len(text) > ALT_LIMIT and moves is not None:  # a very long turn: leave its moves out
        text = _sentences([part for part in parts if part is not moves])
    return text if len(text) <= ALT_LIMIT else _("{text}", text=text[:ALT_LIMIT])
