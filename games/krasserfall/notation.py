"""Krasserfall move notation: one place reads moves, one place prints them.

``roll`` · ``push`` · ``push red`` · ``push half`` · ``push red half`` ·
``move 2:big red>blue`` · ``ring blue`` · ``place small green`` · ``ring-start red`` ·
``stone red boat`` / ``stone red strip``. Players are seat numbers 1-4 in notation.
Input is case-insensitive; spaces around ``:`` and ``>`` and runs of spaces are ignored,
and ``->`` or ``→`` may stand for ``>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..aliases import english
from ..errors import InvalidMove
from ..text import translator
from .model import LANES, SIZES

_ = translator("krasserfall")

KINDS = ("roll", "push", "move", "ring", "place", "ring-start", "stone")
PLACES = ("boat", "strip")
HELP = _("moves are: roll, push, push red, move 2:big red>blue, ring blue, place big red, "
         "ring-start red, stone red boat")


@dataclass(frozen=True)
class Move:
    """A parsed move; which fields are used depends on ``kind``."""

    kind: str
    boat: str | None = None  # push, ring, ring-start, place, stone: the boat; move: from
    target: str | None = None  # move: the boat the figure goes to
    seat: int | None = None  # move: the figure's owner, 1-based as written
    size: str | None = None  # move, place
    half: bool = False  # push half (thrill option)
    where: str | None = None  # stone: "boat" or "strip"

    def __str__(self) -> str:
        return format_move(self)


def quote(text: str, limit: int = 24) -> str:
    """Bad input as quoted in an error: one line, short."""
    flat = " ".join(str(text).split()) or "(nothing)"
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _clean(text: str) -> str:
    text = " ".join(text.lower().split())
    text = text.replace("→", ">").replace("->", ">").replace("–", "-")
    text = re.sub(r"\s*:\s*", ":", text)
    text = re.sub(r"\s*>\s*", ">", text)
    return re.sub(r"^ring (start)\b", "ring-start", text)


def _boat(token: str) -> str:
    if token in LANES:
        return token
    raise InvalidMove(_("'{text}' is not a boat: name red, yellow, green or blue",
                        text=quote(token)))


def _size(token: str) -> str:
    if token in SIZES:
        return token
    raise InvalidMove(_("'{text}' is not a figure size: write big or small", text=quote(token)))


def parse_move(text: object) -> Move:
    """Read a move (syntax only); raise ``InvalidMove`` naming the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    cleaned = _clean(english("krasserfall", text))  # German and Danish words as well
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=HELP))
    tokens = cleaned.split(" ")
    kind, args = tokens[0], tokens[1:]
    if kind not in KINDS or len(args) > 3:
        raise InvalidMove(_("could not read '{text}': {help}", text=quote(text), help=HELP))
    shown = quote(text)
    if kind == "roll":
        if args:
            raise InvalidMove(_("'{text}': write just roll", text=shown))
        return Move("roll")
    if kind == "push":
        boats = [a for a in args if a in LANES]
        halves = [a for a in args if a == "half"]
        if len(args) != len(boats) + len(halves) or len(boats) > 1 or len(halves) > 1:
            raise InvalidMove(_("could not read '{text}': write push, push red, push half "
                                "or push red half", text=shown))
        return Move("push", boat=boats[0] if boats else None, half=bool(halves))
    if kind == "move":
        m = re.fullmatch(r"([1-4]):([a-z]+) ([a-z]+)>([a-z]+)", " ".join(args))
        if not m:
            raise InvalidMove(_("could not read '{text}': write it like move 2:big red>blue "
                                "(seat 1-4, big or small, from>to)", text=shown))
        seat, size, src, dst = m.groups()
        move = Move("move", boat=_boat(src), target=_boat(dst), seat=int(seat), size=_size(size))
        if move.boat == move.target:
            raise InvalidMove(_("'{text}' moves a figure to the boat it is in: pick another boat",
                                text=shown))
        return move
    if kind in ("ring", "ring-start"):
        if len(args) != 1:
            raise InvalidMove(_("could not read '{text}': write {kind} and a boat, like "
                                "{kind} blue", text=shown, kind=kind))
        return Move(kind, boat=_boat(args[0]))
    if kind == "place":
        if len(args) != 2:
            raise InvalidMove(_("could not read '{text}': write it like place big red", text=shown))
        return Move("place", size=_size(args[0]), boat=_boat(args[1]))
    # stone
    if len(args) != 2:
        raise InvalidMove(_("could not read '{text}': write stone red boat or stone red strip",
                            text=shown))
    if args[1] not in PLACES:
        raise InvalidMove(_("'{text}' is not where a stone goes: write boat or strip",
                            text=quote(args[1])))
    return Move("stone", boat=_boat(args[0]), where=args[1])


def format_move(move: Move) -> str:
    """The canonical string of ``move``."""
    if move.kind == "roll":
        return "roll"
    if move.kind == "push":
        return " ".join(["push", *([move.boat] if move.boat else []),
                         *(["half"] if move.half else [])])
    if move.kind == "move":
        return f"move {move.seat}:{move.size} {move.boat}>{move.target}"
    if move.kind in ("ring", "ring-start"):
        return f"{move.kind} {move.boat}"
    if move.kind == "place":
        return f"place {move.size} {move.boat}"
    if move.kind == "stone":
        return f"stone {move.boat} {move.where}"
    raise ValueError(f"unknown move kind {move.kind!r}")
