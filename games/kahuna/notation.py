"""Kahuna move notation: the moves as values, the one parser and the one printer.

A move is a small frozen dataclass of its kind (:class:`Bridge`, :class:`Remove`, ...), and
``parse_move(format_move(m)) == m`` for every move. Parsing checks syntax and the fixed map only
(is it a word we know, an island, a line); whether the move can be played now is the engine's
business. Input is case-insensitive, tolerant of extra spaces and of spaces around the dash, and
an island may be written by any prefix of its name (the twelve names start with the twelve
letters A to L, so ``h`` is HUNA). Lines may be given in either order; the printed form is
canonical.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Union

from ..errors import InvalidMove
from ..notation import Aliases, clean, quote
from ..text import NotationWord, Text, translator
from .board import HAND_LIMIT, ISLANDS, ends, line_between, neighbours

_ = translator("kahuna")


class Kind(StrEnum):
    """The first word of a move: what kind of action it is."""

    BRIDGE = "bridge"
    REMOVE = "remove"
    TUCK = "tuck"
    DRAW = "draw"
    PASS = "pass"
    END = "end"
    FREE = "free"


#: Every move word, in the order the help lists them.
KINDS: tuple[Kind, ...] = tuple(Kind)


class _Move:
    """What every move shares: its kind, and ``str(move)``, the one place that prints moves."""

    kind: ClassVar[Kind]

    def __str__(self) -> str:
        """The canonical text of the move."""
        if isinstance(self, Bridge):
            a, b = ends(self.line)
            return f"bridge {self.card}-{b if self.card == a else a}"
        if isinstance(self, Remove):
            return f"remove {self.line} {' '.join(self.cards)}" + (" take" if self.take else "")
        if isinstance(self, Tuck):
            return "tuck " + " ".join(self.cards)
        if isinstance(self, Draw):
            return "draw deck" if self.card is None else f"draw {self.card}"
        if isinstance(self, Free):
            return f"free {self.line}"
        return str(self.kind)  # pass, end


@dataclass(frozen=True)
class Bridge(_Move):
    """Play the ``card`` of one end of ``line`` (canonical, "ELAI-HUNA") and bridge the line."""

    line: str
    card: str
    kind: ClassVar[Kind] = Kind.BRIDGE

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Remove(_Move):
    """Play two ``cards`` (sorted) naming the ends of ``line`` to remove the opponent's bridge
    there; ``take`` (planning variant) puts one's own bridge in its place."""

    line: str
    cards: tuple[str, ...]
    take: bool = False
    kind: ClassVar[Kind] = Kind.REMOVE


@dataclass(frozen=True)
class Tuck(_Move):
    """Tuck ``cards`` (sorted) face down under the discards."""

    cards: tuple[str, ...]
    kind: ClassVar[Kind] = Kind.TUCK


@dataclass(frozen=True)
class Draw(_Move):
    """End the turn drawing the open ``card``, or from the deck (``card`` None)."""

    card: str | None = None
    kind: ClassVar[Kind] = Kind.DRAW

    @property
    def cards(self) -> tuple[str, ...]:
        return () if self.card is None else (self.card,)


@dataclass(frozen=True)
class Pass(_Move):
    """End the turn without drawing."""

    kind: ClassVar[Kind] = Kind.PASS


@dataclass(frozen=True)
class End(_Move):
    """End one's last turn (after the third exhaustion, nobody draws)."""

    kind: ClassVar[Kind] = Kind.END


@dataclass(frozen=True)
class Free(_Move):
    """A handicap bridge on ``line``: no card, before the first regular turn."""

    line: str
    kind: ClassVar[Kind] = Kind.FREE


KahunaMove = Union[Bridge, Remove, Tuck, Draw, Pass, End, Free]


#: The canonical text of a move, ``str(move)``: the same function, called without ``str``'s
#: dispatch where ``legal_moves`` prints a great many.
format_move: Callable[[KahunaMove], str] = _Move.__str__


# ----- parsing ----------------------------------------------------------------------------------

HELP = _("write e.g. bridge HUNA-ELAI, remove ELAI-HUNA ELAI HUNA, tuck KAHU, draw deck or pass")
_ISLAND_HELP = _("islands are {islands}", islands=" ".join(ISLANDS))


def island(token: str) -> str:
    """``h``, ``hu``, ``HUNA`` -> ``HUNA``; anything else raises ``InvalidMove``."""
    if 1 <= len(token) <= 4 and token.isascii() and token.isalpha():
        for name in ISLANDS:
            if name.lower().startswith(token):
                return name
    raise InvalidMove(_("'{text}' is not an island: {help}", text=quote(token), help=_ISLAND_HELP))


def _line(token: str, whole: str) -> str:
    parts = token.split("-")
    if len(parts) != 2 or not all(parts):
        raise InvalidMove(_("could not read the line in '{text}': write it like ELAI-HUNA",
                            text=quote(whole)))
    a, b = island(parts[0]), island(parts[1])
    line = line_between(a, b)
    if line is None:
        if a == b:
            raise InvalidMove(_("{a}-{b} is not a line: a line joins two different islands",
                                a=a, b=b))
        raise InvalidMove(_("no line joins {a} and {b}: {a}'s lines go to {islands}", a=a, b=b,
                            islands=", ".join(neighbours(a))))
    return line


#: The German and Danish words of the moves -> the English ones (lower case).
ALIASES = Aliases({
    "de": {"stab": "bridge", "frei": "free", "entfernen": "remove", "unterschieben": "tuck",
           "ziehen": "draw", "nehmen": "draw", "passen": "pass", "beenden": "end",
           "ende": "end", "stapel": "deck"},
    "da": {"bro": "bridge", "fri": "free", "fjern": "remove", "skub": "tuck", "tag": "draw",
           "træk": "draw", "pas": "pass", "afslut": "end", "slut": "end", "bunken": "deck",
           "bunke": "deck"},
})


def parse_move(text: object) -> KahunaMove:
    """The move ``text`` names (any case, prefixes of islands, German and Danish words)."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    cleaned = clean(ALIASES.english(text), dash_like="/")
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=HELP))
    verb, *args = cleaned.split(" ")
    shown = quote(text)
    if verb not in KINDS:
        raise InvalidMove(_("'{text}' is not a move: {help}", text=quote(verb), help=HELP))
    kind = Kind(verb)
    if kind in (Kind.PASS, Kind.END):
        if args:
            raise InvalidMove(_("'{text}': {verb} takes nothing after it", text=shown,
                                verb=NotationWord("kahuna", verb)))
        return Pass() if kind is Kind.PASS else End()
    if not args:
        raise InvalidMove(_("'{text}' is missing what to {verb}: {help}", text=shown,
                            verb=NotationWord("kahuna", verb), help=_EXAMPLES[kind]))
    if kind in (Kind.BRIDGE, Kind.FREE):
        if len(args) == 2 and "-" not in args[0] + args[1]:
            args = [f"{args[0]}-{args[1]}"]  # "bridge huna elai" reads as huna-elai
        if len(args) != 1:
            raise InvalidMove(_("could not read '{text}': {help}", text=shown,
                                help=_EXAMPLES[kind]))
        line = _line(args[0], text)
        if kind is Kind.FREE:
            return Free(line)
        return Bridge(line, island(args[0].split("-")[0]))
    if kind is Kind.REMOVE:
        take = bool(args) and args[-1] == "take"
        if take:
            args = args[:-1]
        if len(args) != 3:
            raise InvalidMove(_("could not read '{text}': {help}", text=shown,
                                help=_EXAMPLES[kind]))
        line = _line(args[0], text)
        cards = tuple(sorted(island(t) for t in args[1:]))
        a, b = ends(line)
        wrong = [c for c in cards if c not in (a, b)]
        if wrong:
            raise InvalidMove(_("{card} does not name an end of {line}: remove it with two cards "
                                "of {a} and/or {b}", card=wrong[0], line=line, a=a, b=b))
        return Remove(line, cards, take)
    if kind is Kind.TUCK:
        if len(args) > HAND_LIMIT:
            raise InvalidMove(_("'{text}' names {n} cards: you never hold more than {limit}",
                                text=shown, n=len(args), limit=HAND_LIMIT))
        return Tuck(tuple(sorted(island(t) for t in args)))
    # draw
    if len(args) != 1:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=_EXAMPLES[kind]))
    if args[0] == "deck":
        return Draw()
    try:
        return Draw(island(args[0]))
    except InvalidMove:
        raise InvalidMove(_("'{text}' is neither an island nor deck: {help}",
                            text=quote(args[0]), help=_EXAMPLES[kind])) from None


_EXAMPLES: dict[Kind, Text] = {
    Kind.BRIDGE: _("write the card's island first, then the line's other end, like bridge "
                   "HUNA-ELAI"),
    Kind.FREE: _("write a line like free ALOA-BARI"),
    Kind.REMOVE: _("write the line, then the two cards, like remove ELAI-HUNA ELAI HUNA"),
    Kind.TUCK: _("write the cards to tuck, like tuck HUNA KAHU"),
    Kind.DRAW: _("write draw and an open card's island, or draw deck"),
}
