"""Aqualin's moves as values, read from and written as text: the one place for both.

A move is a placement (``d4``; classic: with the market tile, ``BT d4``), optionally after a
shift (seed rules: one step, ``b2-c3 d4``) or a slide (classic: along a row or column,
``b2-b5 BT d4``). In the seed rules a move may name the drawn tile (``BF d4``); the
canonical form leaves it out. ``parse(format_move(m)) == m`` for every move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InvalidMove
from ..notation import Aliases, clean, quote
from ..text import Text, translator
from .state import COLOURS, FILES, RANKS, SPECIES, Rules
from .words import tile_name

_ = translator("aqualin")


class _Move:
    """What both moves share: the square and tile placed, and ``str(move)``, the one place that
    prints moves."""

    square: str
    tile: str | None

    @property
    def shift(self) -> tuple[str, str] | None:
        """The shift first, if any (:class:`Place` has none)."""
        return None

    def __str__(self) -> str:
        """The canonical text: the shift, the tile (if named), the square."""
        parts = []
        if self.shift:
            parts.append(f"{self.shift[0]}-{self.shift[1]}")
        if self.tile:
            parts.append(self.tile)
        parts.append(self.square)
        return " ".join(parts)


@dataclass(frozen=True)
class Place(_Move):
    """A tile onto an empty square: the drawn one (seed) or ``tile`` from the market (classic)."""

    square: str
    tile: str | None = None


@dataclass(frozen=True)
class ShiftPlace(_Move):
    """A tile shifted (seed) or slid (classic) from ``src`` to ``dst`` first, then placed."""

    src: str
    dst: str
    square: str
    tile: str | None = None

    @property
    def shift(self) -> tuple[str, str]:
        return self.src, self.dst


AqualinMove = Place | ShiftPlace


def make_move(square: str, shift: tuple[str, str] | None = None,
              tile: str | None = None) -> AqualinMove:
    """The move of its kind: a placement, after ``shift`` if there is one."""
    if shift is None:
        return Place(square, tile)
    return ShiftPlace(shift[0], shift[1], square, tile)


#: The canonical text of a move, ``str(move)``: the same function, called without ``str``'s
#: dispatch where ``legal_moves`` prints a great many.
format_move: Callable[[AqualinMove], str] = _Move.__str__


#: The syntax in general, for a move read without a position (``normalize_move``); a move
#: played in a game is answered with examples that are legal there (:class:`Examples`).
MOVE_HELP = _("write a square like d4, or a shift and a square like b2-c3 d4")


@dataclass(frozen=True)
class Examples:
    """Moves that are legal now, to show the syntax with: in the turn prompt and in errors.

    ``place`` plays the drawn tile (seed) or a market tile (classic) on an empty square near
    the middle; ``shifted`` shifts (slides) a tile first, None when no tile can move (an empty
    board, the first classic turn).
    """

    rules: Rules
    place: AqualinMove
    shifted: AqualinMove | None
    tile: str

    @property
    def help(self) -> Text:
        """How to write a move, shown with these examples."""
        if self.rules == Rules.SEED:
            if self.shifted is None:
                return _("write a square like {move}", move=str(self.place))
            return _("write a square like {move}, or a shift and a square like {shifted}",
                     move=str(self.place), shifted=str(self.shifted))
        if self.shifted is None:
            return _("write a market tile and a square like {move}", move=str(self.place))
        return _("write a market tile and a square like {move}, or a slide first like {shifted}",
                 move=str(self.place), shifted=str(self.shifted))

    @property
    def shift(self) -> str:
        """The example shift alone (``c3-d4``); only asked for when there is one."""
        assert self.shifted is not None and self.shifted.shift is not None
        return "-".join(self.shifted.shift)


def _aqualin_tiles() -> dict[str, dict[str, str]]:
    """Every Aqualin tile by its German and Danish name -> its letters (``BT``)."""
    colours = {"R": ("rot", "rød"), "Y": ("gelb", "gul"), "G": ("grün", "grøn"),
               "B": ("blau", "blå"), "P": ("rosa", "lyserød"), "V": ("lila", "lilla")}
    # German adjectives take the species' gender (die Krabbe, der Fisch, das Seepferdchen);
    # rosa and lila stay as they are. Danish species are all common gender: no ending.
    species = {"C": ("krabbe", "e", "krabbe"), "F": ("fisch", "er", "fisk"),
               "J": ("qualle", "e", "vandmand"), "H": ("seepferdchen", "es", "søhest"),
               "S": ("seestern", "er", "søstjerne"), "T": ("schildkröte", "e", "skildpadde")}
    de: dict[str, str] = {}
    da: dict[str, str] = {}
    for c, (colour_de, colour_da) in colours.items():
        for k, (animal_de, ending, animal_da) in species.items():
            adjective = colour_de if colour_de in ("rosa", "lila") else colour_de + ending
            de[f"{adjective} {animal_de}"] = de[f"{animal_de} {colour_de}"] = c + k
            da[f"{colour_da} {animal_da}"] = c + k
    return {"de": de, "da": da}


#: German and Danish names of the tiles (``blaue Schildkröte d4`` for ``BT d4``).
ALIASES = Aliases(_aqualin_tiles())


def parse(text: str, examples: Examples | None = None) -> AqualinMove:
    """``text`` read as a move; an error shows ``examples`` (legal in the game at hand)
    or, without them, the syntax in general."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    how = examples.help if examples else MOVE_HELP
    slide = examples is not None and examples.rules == Rules.CLASSIC
    cleaned = clean(ALIASES.english(text))  # German and Danish tile names as well
    shown = quote(text)
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=how))
    tokens = cleaned.split(" ")
    if len(tokens) > 3:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=how))
    shift = None
    tile = None
    if "-" in tokens[0]:
        ends = tokens.pop(0).split("-")
        if len(ends) != 2 or not all(ends):
            if examples is not None and examples.shifted is None:
                raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=how))
            example = examples.shift if examples else "b2-c3"
            raise InvalidMove(
                _("could not read the slide in '{text}': write it like {shift}", text=shown,
                  shift=example) if slide else
                _("could not read the shift in '{text}': write it like {shift}", text=shown,
                  shift=example))
        shift = (_parse_square(ends[0], how), _parse_square(ends[1], how))
    if len(tokens) == 2 and _is_square(tokens[0]) and examples is not None:
        # two squares (`d4 e5`): "'d4' is not a tile" spoke of tiles the standard rules never name
        if examples.rules == Rules.SEED:
            raise InvalidMove(_("'{text}' names two squares: in this game you never name a tile "
                                "(the one drawn for you goes on the square you name), and a shift "
                                "joins its two squares with a dash; {help}", text=shown, help=how))
        raise InvalidMove(_("'{text}' names two squares: a move names a market tile, then the "
                            "square; {help}", text=shown, help=how))
    if len(tokens) == 2:
        tile = _parse_tile(tokens.pop(0), examples)
    if len(tokens) != 1:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=how))
    if "-" in tokens[0]:
        raise InvalidMove(
            _("'{text}' has a slide but no square to place on: {help}", text=shown, help=how)
            if slide else
            _("'{text}' has a shift but no square to place on: {help}", text=shown, help=how))
    return make_move(_parse_square(tokens[0], how), shift, tile)


def read_canonical(text: str) -> AqualinMove:
    """A move as ``format_move`` wrote it (``legal_moves``' own texts), read without the
    checks and the aliases ``parse`` applies to what players type: rating thousands of legal
    moves for autocomplete stays cheap."""
    tokens = text.split(" ")
    square = tokens.pop()
    tile = tokens.pop() if tokens and "-" not in tokens[-1] else None
    if not tokens:
        return Place(square, tile)
    src, dst = tokens[0].split("-")
    return ShiftPlace(src, dst, square, tile)


def _is_square(token: str) -> bool:
    return len(token) == 2 and token[0] in FILES and token[1] in RANKS


def _parse_square(token: str, how: Text) -> str:
    if len(token) == 2 and token[0] in FILES and token[1] in RANKS:
        return token
    if re.fullmatch(r"[a-z][0-9]+", token):
        raise InvalidMove(_("{square} is not a square: files are a–f and ranks 1–6",
                            square=quote(token)))
    raise InvalidMove(_("'{text}' is not a square: {help}", text=quote(token), help=how))


def _parse_tile(token: str, examples: Examples | None) -> str:
    tile = token.upper()
    if len(tile) == 2 and tile[0] in COLOURS and tile[1] in SPECIES:
        return tile
    example = examples.tile if examples else "BT"
    raise InvalidMove(_(
        "'{text}' is not a tile: a colour letter (R Y G B P V) and a species letter "
        "(C F J H S T), like {tile} for {name}", text=quote(token), tile=example,
        name=tile_name(example)))
