"""Krasserfall move notation: one place reads moves, one place prints them.

``roll`` · ``push`` · ``push red`` · ``push half`` · ``push red half`` ·
``move 2:big red>blue`` · ``ring blue`` · ``place small green`` · ``ring-start red`` ·
``stone red boat`` / ``stone red strip``. Players are seat numbers 1-4 in notation.
Input is case-insensitive; spaces around ``:`` and ``>`` and runs of spaces are ignored,
and ``->`` or ``→`` may stand for ``>``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Union

from ..errors import InvalidMove
from ..notation import Aliases, clean, quote
from ..text import Notation, translator
from .state import LANES, SIZES, Kind, Where

_ = translator("krasserfall")

KINDS = ("roll", "push", "move", "ring", "place", "ring-start", "stone")
PLACES = ("boat", "strip")
HELP = _("moves are: roll, push, push red, move 2:big red>blue, ring blue, place big red, "
         "ring-start red, stone red boat")


class _Move:
    """What every move shares: its kind, and ``str(move)``, the one place that prints moves."""

    kind: ClassVar[Kind]

    def __str__(self) -> str:
        """The canonical string of the move."""
        if isinstance(self, Roll):
            return "roll"
        if isinstance(self, Push):
            return " ".join(["push", *([self.boat] if self.boat else []),
                             *(["half"] if self.half else [])])
        if isinstance(self, MoveFigure):
            return f"move {self.seat}:{self.size} {self.source}>{self.target}"
        if isinstance(self, (MoveRing, RingStart)):
            return f"{self.kind} {self.boat}"
        if isinstance(self, Place):
            return f"place {self.size} {self.boat}"
        if isinstance(self, Stone):
            return f"stone {self.boat} {self.where}"
        raise ValueError(f"unknown move {self!r}")


@dataclass(frozen=True)
class Roll(_Move):
    """``roll``: throw the die."""

    kind: ClassVar[Kind] = Kind.ROLL


@dataclass(frozen=True)
class Push(_Move):
    """``push``, ``push red``, ``push half``, ``push red half``: carry out a colour face."""

    boat: str | None = None  # None: the boat the die fixes
    half: bool = False  # half a wave (option push=thrill)
    kind: ClassVar[Kind] = Kind.PUSH


@dataclass(frozen=True)
class MoveFigure(_Move):
    """``move 2:big red>blue``: the figure face moves seat 2's big figure from red to blue."""

    seat: int  # the figure's owner, 1-based as written
    size: str
    source: str
    target: str
    kind: ClassVar[Kind] = Kind.MOVE


@dataclass(frozen=True)
class MoveRing(_Move):
    """``ring blue``: the ring face moves the life ring to blue."""

    boat: str
    kind: ClassVar[Kind] = Kind.RING


@dataclass(frozen=True)
class Place(_Move):
    """``place big red``: put a figure into a boat at the start of a round."""

    size: str
    boat: str
    kind: ClassVar[Kind] = Kind.PLACE


@dataclass(frozen=True)
class RingStart(_Move):
    """``ring-start red``: the start player puts the life ring on a boat."""

    boat: str
    kind: ClassVar[Kind] = Kind.RING_START


@dataclass(frozen=True)
class Stone(_Move):
    """``stone red boat`` / ``stone red strip``: the stone holder's one stone of the round."""

    boat: str
    where: Where
    kind: ClassVar[Kind] = Kind.STONE


#: A parsed move: one small value type per kind.
Move = Union[Roll, Push, MoveFigure, MoveRing, Place, RingStart, Stone]


#: Krasserfall's own step after the shared cleaning: ``ring start`` reads as ``ring-start``.
RING_START = re.compile(r"^ring (start)\b")


def _boat(token: str) -> str:
    if token in LANES:
        return token
    raise InvalidMove(_("'{text}' is not a boat: name red, yellow, green or blue",
                        text=quote(token)))


def _size(token: str) -> str:
    if token in SIZES:
        return token
    raise InvalidMove(_("'{text}' is not a figure size: write big or small", text=quote(token)))


#: The German and Danish words of the moves -> the English ones (lower case).
ALIASES = Aliases({
    "de": {"würfeln": "roll", "schieben": "push", "umsetzen": "move",
           "rettungsring": "ring", "setzen": "place", "stein": "stone", "rot": "red",
           "gelb": "yellow", "grün": "green", "blau": "blue", "groß": "big", "gross": "big",
           "klein": "small",
           "halb": "half", "boot": "boat", "streifen": "strip"},
    "da": {"slå": "roll", "skub": "push", "flyt": "move", "krans": "ring",
           "redningskrans": "ring", "sæt": "place", "sten": "stone", "rød": "red",
           "gul": "yellow", "grøn": "green", "blå": "blue", "stor": "big", "lille": "small",
           "halv": "half", "båd": "boat", "strimmel": "strip", "strimlen": "strip"},
})


def parse_move(text: object) -> Move:
    """Read a move (syntax only); raise ``InvalidMove`` naming the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    # German and Danish words as well; ``:`` and ``>`` tight, arrows read as ``>``
    cleaned = RING_START.sub("ring-start", clean(ALIASES.english(text), tight=":>",
                                                 arrow=">"))
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
        return Roll()
    if kind == "push":
        boats = [a for a in args if a in LANES]
        halves = [a for a in args if a == "half"]
        if len(args) != len(boats) + len(halves) or len(boats) > 1 or len(halves) > 1:
            raise InvalidMove(_("could not read '{text}': write push, push red, push half "
                                "or push red half", text=shown))
        return Push(boat=boats[0] if boats else None, half=bool(halves))
    if kind == "move":
        m = re.fullmatch(r"([1-4]):([a-z]+) ([a-z]+)>([a-z]+)", " ".join(args))
        if not m:
            raise InvalidMove(_("could not read '{text}': write it like move 2:big red>blue "
                                "(seat 1-4, big or small, from>to)", text=shown))
        seat, size, src, dst = m.groups()
        move = MoveFigure(seat=int(seat), size=_size(size), source=_boat(src), target=_boat(dst))
        if move.source == move.target:
            raise InvalidMove(_("'{text}' moves a figure to the boat it is in: pick another boat",
                                text=shown))
        return move
    if kind in ("ring", "ring-start"):
        if len(args) != 1:
            raise InvalidMove(_("could not read '{text}': name a boat, like `{example}`",
                                text=shown, example=Notation("krasserfall", f"{kind} blue")))
        return MoveRing(_boat(args[0])) if kind == "ring" else RingStart(_boat(args[0]))
    if kind == "place":
        if len(args) != 2:
            raise InvalidMove(_("could not read '{text}': write it like place big red", text=shown))
        return Place(size=_size(args[0]), boat=_boat(args[1]))
    # stone
    if len(args) != 2:
        raise InvalidMove(_("could not read '{text}': write stone red boat or stone red strip",
                            text=shown))
    if args[1] not in PLACES:
        raise InvalidMove(_("'{text}' is not where a stone goes: write boat or strip",
                            text=quote(args[1])))
    return Stone(boat=_boat(args[0]), where=Where(args[1]))


#: The canonical string of a move, ``str(move)``: the same function, called without ``str``'s
#: dispatch where ``legal_moves`` prints a great many.
format_move: Callable[[Move], str] = _Move.__str__
