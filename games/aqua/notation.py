"""Aqua's moves: one frozen dataclass per kind, read and printed in this one place.

``take 2 at 1,-2 rot 1`` is canonical (``rot 0`` is printed); input may leave out ``at`` and
``rot 0``, write ``r1``, put brackets round the position, spaces round the comma, or a
typographic minus. ``skip``/``pass`` are read as ``done``, ``take snail`` as ``snail``.
``parse_move(format_move(m)) == m`` for every move (``tests/games/test_aqua_notation.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Union

from ..errors import InvalidMove
from ..notation import Aliases, clean, quote
from ..text import translator
from .geometry import Pos, reading_key
from .material import SHAPE_A, SHAPE_SIZE
from .state import parse_key, pos_key

_ = translator("aqua")


class MoveKind(StrEnum):
    """The first word of each kind of move (and ``last["kind"]`` of a tile or the snail)."""

    TAKE = "take"
    SNAIL = "snail"
    LARGE = "large"
    DONE = "done"


@dataclass(frozen=True)
class Take:
    """Take market ``slot`` (1-based) and place it at ``pos`` turned by ``rot`` (0–2)."""

    slot: int
    pos: Pos
    rot: int = 0

    def __str__(self) -> str:
        return f"{MoveKind.TAKE} {self.slot} at {pos_key(self.pos)} rot {self.rot}"


@dataclass(frozen=True)
class Snail:
    """Take the sea snail instead of a tile: play last this round, first the next."""

    def __str__(self) -> str:
        return MoveKind.SNAIL.value


@dataclass(frozen=True)
class Large:
    """Place the top large animal of ``shape`` on ``sites`` (kept in reading order)."""

    shape: str
    sites: tuple[Pos, ...]
    side: str | None = None

    def __str__(self) -> str:
        text = f"{MoveKind.LARGE} {self.shape} " + " ".join(pos_key(s) for s in self.sites)
        return text + (f" side {self.side}" if self.side else "")


@dataclass(frozen=True)
class Done:
    """End the turn without a large animal."""

    def __str__(self) -> str:
        return MoveKind.DONE.value


AquaMove = Union[Take, Snail, Large, Done]

_NUM = r"-?[0-9]{1,3}"
_TAKE = re.compile(rf"take ([0-9]{{1,2}})(?: at)? ({_NUM}),({_NUM})"
                   r"(?: (?:rotation|rot|r)? ?([0-9]{1,2}))?", re.ASCII)
_LARGE = re.compile(rf"large ([a-z]+)((?: {_NUM},{_NUM})+)(?: (?:side )?([ab]))?", re.ASCII)
_SNAIL = re.compile(r"(?:take )?(?:the )?(?:sea )?snail", re.ASCII)
_DONE = re.compile(r"done|skip|pass|no large", re.ASCII)
_HELP = _("write e.g. `take 1 at 0,1 rot 0`, `snail`, `large pair 0,1 1,1` or `done`")


def clean_move(text: str) -> str:
    """Lower case, one space between words, ``-`` for dashes, no spaces or brackets at commas."""
    return clean(text, tight=",", drop="()[]")


def format_move(move: AquaMove) -> str:
    """The canonical spelling of ``move``."""
    return str(move)


#: The German and Danish words of the moves -> the English ones (lower case).
ALIASES = Aliases({
    "de": {"nimm": "take", "nehmen": "take", "auf": "at", "dreh": "rot", "drehung": "rot",
           "groß": "large", "gross": "large",
           "fertig": "done",
           "schnecke": "snail", "meeresschnecke": "snail", "paar": "pair", "linie": "line",
           "bogen": "arc", "dreieck": "triangle", "raute": "diamond", "seite": "side"},
    "da": {"tag": "take", "på": "at", "drej": "rot", "drejning": "rot", "stor": "large", "færdig": "done", "snegl": "snail",
           "havsnegl": "snail", "par": "pair", "linje": "line", "bue": "arc",
           "trekant": "triangle", "rombe": "diamond"},
})


def parse_move(text: Any) -> AquaMove:
    """Read a move (syntax only); raise ``InvalidMove`` naming the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    cleaned = clean_move(ALIASES.english(text))  # German and Danish words as well
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=_HELP))
    shown = quote(text)
    if cleaned.startswith("take") and "snail" not in cleaned:
        m = _TAKE.fullmatch(cleaned)
        if not m:
            raise InvalidMove(_("could not read '{text}': write it like `take 2 at 1,-2 rot 1`",
                                text=shown))
        slot = int(m[1])
        if slot < 1:
            raise InvalidMove(_("no market slot {slot}: slots are numbered from 1", slot=slot))
        rot = int(m[4]) if m[4] is not None else 0
        if rot > 2:
            raise InvalidMove(_("no rotation {rot}: write rot 0, rot 1 or rot 2", rot=rot))
        return Take(slot, (int(m[2]), int(m[3])), rot)
    if cleaned.startswith("large"):
        m = _LARGE.fullmatch(cleaned)
        if not m:
            raise InvalidMove(_("could not read '{text}': write it like `large pair 0,1 1,1`",
                                text=shown))
        shape = m[1]
        if shape not in SHAPE_SIZE:
            raise InvalidMove(_("'{text}' is not a shape: use pair, line, arc, triangle or diamond",
                                text=quote(shape)))
        sites = [parse_key(t) for t in m[2].split()]
        if len(set(sites)) != len(sites):
            raise InvalidMove(_("'{text}' names a site twice: name each site once", text=shown))
        if len(sites) != SHAPE_SIZE[shape]:
            raise InvalidMove(_("{shape} covers {size} sites, not {count}", shape=SHAPE_A[shape],
                                size=SHAPE_SIZE[shape], count=len(sites)))
        side = m[3].upper() if m[3] else None
        return Large(shape, tuple(sorted(sites, key=reading_key)), side)
    if _SNAIL.fullmatch(cleaned):
        return Snail()
    if _DONE.fullmatch(cleaned):
        return Done()
    raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=_HELP))
