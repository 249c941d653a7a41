"""Kraqua's move notation: one small frozen dataclass per kind of move (the kinds with the same
fields share a base and differ in ``kind``), and the one place that reads (:func:`parse_move`)
and writes (:func:`format_move`) them.

``str(move)`` is the canonical notation (``lay i``, ``fish red``, ``jelly red C``,
``take o A``); ``parse_move(str(m)) == m`` for every move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, Union

from ..errors import InvalidMove
from ..notation import Aliases, clean, quote
from ..text import Notation, Text, translator
from .board import ANIMAL_LETTER, ANIMALS, GEM_COLOURS

_ = translator("kraqua")


class Kind(StrEnum):
    """The first word of a move."""

    LAY = "lay"
    FISH = "fish"
    SHELL = "shell"
    JELLY = "jelly"
    SKIP = "skip"
    REROLL = "reroll"
    KEEP = "keep"
    GEM = "gem"
    DOLPHIN = "dolphin"
    SHARK = "shark"
    PASS = "pass"
    DRAW = "draw"
    TAKE = "take"


KINDS = tuple(Kind)


@dataclass(frozen=True)
class _Move:
    """A move's notation is its kind's word, then its fields that are set, in order."""

    kind: ClassVar[Kind]

    def __str__(self) -> str:
        args = (getattr(self, f.name) for f in fields(self))
        return " ".join([self.kind, *(a for a in args if a is not None)])


@dataclass(frozen=True)
class _Bare(_Move):
    """A move without an argument."""


@dataclass(frozen=True)
class _OneFish(_Move):
    fish: str  # fish colour


@dataclass(frozen=True)
class _OneGem(_Move):
    gem: str  # gem colour


@dataclass(frozen=True)
class Lay(_Move):
    """``lay i``: the turn's tile at the front of the inner (``i``) or outer (``o``) row."""

    row: str
    kind: ClassVar[Kind] = Kind.LAY


class Fish(_OneFish):
    """``fish red``: the fish moves with the tile's animal, for free."""
    kind: ClassVar[Kind] = Kind.FISH


class Shell(_OneFish):
    """``shell red``: a shell pays for the chip's animal."""
    kind: ClassVar[Kind] = Kind.SHELL


@dataclass(frozen=True)
class Jelly(_Move):
    """``jelly red C``: the jellyfish chip pays a shell for any animal (a letter)."""

    fish: str
    animal: str
    kind: ClassVar[Kind] = Kind.JELLY


class Skip(_Bare):
    """``skip``: no fish can move with the tile's animal."""
    kind: ClassVar[Kind] = Kind.SKIP


class Reroll(_Bare):
    """``reroll``: the seahorse rolls Kraqua's die once more."""
    kind: ClassVar[Kind] = Kind.REROLL


class Keep(_Bare):
    """``keep``: the seahorse keeps the roll."""
    kind: ClassVar[Kind] = Kind.KEEP


class Pass(_Bare):
    """``pass``: the special field is declined."""
    kind: ClassVar[Kind] = Kind.PASS


class Gem(_OneGem):
    """``gem blue``: the gem Kraqua takes when the rolled colour is gone."""
    kind: ClassVar[Kind] = Kind.GEM


class Dolphin(_OneGem):
    """``dolphin purple``: a shell hides a gem of the chest in the hideout."""
    kind: ClassVar[Kind] = Kind.DOLPHIN


class Shark(_OneGem):
    """``shark blue``: a shell brings a gem back from the cave."""
    kind: ClassVar[Kind] = Kind.SHARK


@dataclass(frozen=True)
class Draw(_Move):
    """``draw`` (a random side), or the turtle's ``draw A`` / ``draw B``."""

    side: str | None = None
    kind: ClassVar[Kind] = Kind.DRAW


@dataclass(frozen=True)
class Take(_Move):
    """``take i``: the rearmost tile of a row (the turtle names the side: ``take i A``)."""

    row: str
    side: str | None = None
    kind: ClassVar[Kind] = Kind.TAKE


KraquaMove = Union[Lay, Fish, Shell, Jelly, Skip, Reroll, Keep, Gem, Dolphin, Shark, Pass, Draw,
                   Take]


def lay(row: str) -> str:
    return str(Lay(row))


def format_move(move: KraquaMove) -> str:
    """The canonical notation of ``move``."""
    return str(move)


_HELP = _("write e.g. lay i, fish red, shell red, jelly red C, skip, reroll, keep, gem blue, "
          "dolphin blue, shark blue, pass, draw, draw A or take i")
#: A reef row by its word. ``y`` is Danish ``ydre``'s letter (the outer row): an alias it
#: cannot be, since elsewhere in a move it is yellow's letter (``fisk y``), so only the row
#: reads it, and Danish readers see the outer row as ``y`` (:class:`KraquaAliases`).
_ROW_WORDS = {"i": "i", "inner": "i", "in": "i", "o": "o", "outer": "o", "out": "o", "y": "o"}
_FISH_WORDS = {"green": "green", "g": "green", "red": "red", "r": "red", "yellow": "yellow",
               "y": "yellow"}
_GEM_WORDS = {c: c for c in GEM_COLOURS} | {"b": "blue", "w": "white", "g": "green", "r": "red",
                                          "p": "purple", "y": "yellow"}
_ANIMAL_WORDS = {k.lower(): k for k in ANIMALS} | dict(ANIMAL_LETTER)
_SIDE_WORDS = {"a": "A", "b": "B"}
#: The moves without an argument, by their word.
_BARE: Mapping[Kind, KraquaMove] = {Kind.SKIP: Skip(), Kind.REROLL: Reroll(), Kind.KEEP: Keep(),
                                    Kind.PASS: Pass()}
_GEM_KINDS: Mapping[Kind, type[Gem] | type[Dolphin] | type[Shark]] = {
    Kind.GEM: Gem, Kind.DOLPHIN: Dolphin, Kind.SHARK: Shark}


class KraquaAliases(Aliases):
    """Kraqua's words of other languages, and the row letter of a language whose word for the
    outer row does not start with ``o``: Danish shows ``lay o`` as ``læg y`` (``ydre``),
    which the row reads back (:data:`_ROW_WORDS`). German shows both rows as words
    (``legen innen``, ``nehmen außen A``): its letter ``a`` would read as the tile side in
    the same move (``take i A``), and ``o`` is no German word for outer."""

    #: language -> {row letter: the letter or word that language shows}
    ROW_LETTERS: Mapping[str, Mapping[str, str]] = {"da": {"o": "y"},
                                                    "de": {"i": "innen", "o": "außen"}}

    def local(self, text: str, lang: str) -> str:
        letters = self.ROW_LETTERS.get(lang)
        if letters and isinstance(text, str):
            words = text.split(" ")
            if len(words) > 1 and words[0] in (Kind.LAY, Kind.TAKE) and words[1] in letters:
                text = " ".join([words[0], letters[words[1]], *words[2:]])
        return super().local(text, lang)


#: The German and Danish words of the moves -> the English ones (lower case).
ALIASES = KraquaAliases({
    "de": {"legen": "lay", "leg": "lay", "fisch": "fish", "muschel": "shell",
           "qualle": "jelly", "aussetzen": "skip", "neuwurf": "reroll", "behalten": "keep",
           "behalte": "keep", "edelstein": "gem", "delfin": "dolphin", "hai": "shark",
           "neu würfeln": "reroll", "verzichten": "pass", "passen": "pass", "ziehen": "draw",
           "nehmen": "take",
           "innen": "inner", "außen": "outer", "aussen": "outer", "grün": "green",
           "rot": "red", "gelb": "yellow", "blau": "blue", "weiß": "white", "weiss": "white",
           "lila": "purple"},
    "da": {"læg": "lay", "fisk": "fish", "musling": "shell", "vandmand": "jelly",
           "spring over": "skip", "spring": "skip", "slå igen": "reroll", "omslag": "reroll",
           "behold": "keep", "ædelsten": "gem",
           "delfin": "dolphin", "haj": "shark", "pas": "pass", "træk": "draw",
           "tag": "take", "indre": "inner", "ydre": "outer", "grøn": "green", "rød": "red",
           "gul": "yellow", "blå": "blue", "hvid": "white", "lilla": "purple"},
})


def _said(example: str | Text) -> Notation | Text:
    """An example move of a refusal, shown in the reader's words (``legen innen``)."""
    return example if isinstance(example, Text) else Notation("kraqua", example)


def parse_move(text: Any) -> KraquaMove:
    """Read a move (syntax only); raise ``InvalidMove`` that names the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    # German and Danish words as well; dashes and arrows read as "-" (never a move word)
    tokens = clean(ALIASES.english(text), tight="").split()
    if not tokens:
        raise InvalidMove(_("empty move: {help}", help=_HELP))
    args = tokens[1:]
    typed = clean(text, tight="").split()  # the words as typed, to quote back in a refusal
    as_typed = dict(zip(args, typed[1:])) if len(typed) == len(tokens) else {}
    shown = quote(text)
    if tokens[0] not in KINDS:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=_HELP))
    kind = Kind(tokens[0])

    def need(n_min: int, n_max: int, example: str | Text) -> None:
        if not n_min <= len(args) <= n_max:
            raise InvalidMove(_("could not read '{text}': write it like {example}", text=shown,
                                example=_said(example)))

    def word(table: Mapping[str, str], token: str, what: Text, example: str) -> str:
        found = table.get(token)
        if found is None:
            raise InvalidMove(_("'{text}' is not {what}: write it like {example}",
                                text=quote(as_typed.get(token, token)), what=what,
                                example=_said(example)))
        return found

    def row(token: str) -> str:
        found = _ROW_WORDS.get(token)
        if found is None:
            raise InvalidMove(_("'{text}' is not a reef row: write i (inner) or o (outer), "
                                "e.g. `{example}`", text=quote(as_typed.get(token, token)),
                                example=_said(f"{kind} o")))
        return found

    a_fish = _("a fish (green, red, yellow)")
    a_side = _("a tile side (A or B)")

    if kind in _BARE:
        need(0, 0, kind)
        return _BARE[kind]
    if kind == Kind.LAY:
        need(1, 1, _("{a} or {b}", a=_said("lay i"), b=_said("lay o")))
        return Lay(row(args[0]))
    if kind in (Kind.FISH, Kind.SHELL):
        need(1, 1, f"{kind} red")
        fish = word(_FISH_WORDS, args[0], a_fish, f"{kind} red")
        return Fish(fish) if kind == Kind.FISH else Shell(fish)
    if kind == Kind.JELLY:
        need(2, 2, "jelly red C")
        return Jelly(word(_FISH_WORDS, args[0], a_fish, "jelly red C"),
                     word(_ANIMAL_WORDS, args[1], _("an animal (T, S, J, C)"), "jelly red C"))
    if kind in _GEM_KINDS:
        need(1, 1, f"{kind} blue")
        return _GEM_KINDS[kind](word(_GEM_WORDS, args[0], _("a gem colour"), f"{kind} blue"))
    if kind == Kind.DRAW:
        need(0, 1, _("{a} or {b}", a=_said("draw"), b=_said("draw A")))
        side = word(_SIDE_WORDS, args[0], a_side, "draw A") if args else None
        return Draw(side)
    # take
    need(1, 2, _("{a} or {b}", a=_said("take i"), b=_said("take o")))
    taken = row(args[0])
    side = word(_SIDE_WORDS, args[1], a_side, "take i A") if len(args) > 1 else None
    return Take(taken, side)
