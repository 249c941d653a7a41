"""Aqualin: two players build groups on a 6×6 board, one by colour, one by species.

The rules as the bot plays them are in this docstring and in ``summary`` (``/game rules``).
Readings of our own, where the published rules leave room:

* The host is the first seat; ``role=host-colour`` gives the first seat the colour role.
  The colour player moves first whatever the seat order.
* In the ``seed`` rules a move may name the drawn tile (``BF d4``); it must then be the
  drawn tile. The canonical form leaves it out.
* In the ``classic`` rules the slide is refused on the very first turn of the game even
  though the board is empty then anyway, so the message is about the rule, not the board.
* A draw (equal score and equal largest group) lists both players as winners.
* Resigning ends the game at once; the other player wins, scores are the board's scores.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .aliases import english
from .base import Game, Option, Result, Suggestions
from .errors import GameOver, IllegalMove, InvalidMove
from .rng import Rng, seed_to_int
from .text import Text, translator
from .registry import register

_ = translator("aqualin")

FILES = "abcdef"
RANKS = "123456"
SQUARES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "pink", "V": "purple"}
SPECIES = {"C": "crab", "F": "fish", "J": "jellyfish", "H": "seahorse", "S": "starfish", "T": "turtle"}
#: The same words, translatable (a sentence puts them together as "{colour} {species}").
COLOUR_WORDS = {"R": _("red"), "Y": _("yellow"), "G": _("green"), "B": _("blue"), "P": _("pink"),
                "V": _("purple")}
SPECIES_WORDS = {"C": _("crab"), "F": _("fish"), "J": _("jellyfish"), "H": _("seahorse"),
                 "S": _("starfish"), "T": _("turtle")}
ROLE_WORDS = {"colour": _("colour"), "species": _("species")}
TILES: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SPECIES)
MARKET_SIZE = 6
ROLES = ("colour", "species")


def _coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), RANKS.index(square[1])


def _square(x: int, y: int) -> str | None:
    if 0 <= x < 6 and 0 <= y < 6:
        return FILES[x] + RANKS[y]
    return None


_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_KING = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
ORTHO_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(n for dx, dy in _ORTHO if (n := _square(_coords(sq)[0] + dx, _coords(sq)[1] + dy)))
    for sq in SQUARES
}
KING_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(n for dx, dy in _KING if (n := _square(_coords(sq)[0] + dx, _coords(sq)[1] + dy)))
    for sq in SQUARES
}


def tile_name(tile: str) -> Text:
    """``BF`` -> ``blue fish``."""
    return _("{colour} {species}", colour=COLOUR_WORDS[tile[0]], species=SPECIES_WORDS[tile[1]])


@dataclass(frozen=True)
class AqualinMove:
    """Optional shift (from, to), optional tile (classic: the market tile), target square."""

    square: str
    shift: tuple[str, str] | None = None
    tile: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.shift:
            parts.append(f"{self.shift[0]}-{self.shift[1]}")
        if self.tile:
            parts.append(self.tile)
        parts.append(self.square)
        return " ".join(parts)


@dataclass
class AqualinState:
    players: tuple[str, ...]  # seat order, host first
    roles: dict[str, str]  # player -> "colour" | "species"
    rules: str  # "seed" | "classic"
    board: dict[str, str] = field(default_factory=dict)  # square -> tile
    supply: list[str] = field(default_factory=list)  # face down; the top is the last item
    drawn: str | None = None  # seed rules: the tile to place this turn
    market: list[str] = field(default_factory=list)  # classic rules: open tiles
    turn: int = 0  # tiles placed so far
    last: dict[str, Any] | None = None  # the last move, for highlighting
    resigned: str | None = None

    @property
    def order(self) -> tuple[str, str]:
        """Turn order: the colour player first."""
        colour = next(p for p in self.players if self.roles[p] == "colour")
        species = next(p for p in self.players if self.roles[p] == "species")
        return colour, species

    @property
    def active(self) -> str:
        return self.order[self.turn % 2]

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.turn >= len(TILES)

    def copy(self) -> AqualinState:
        return replace(
            self,
            roles=dict(self.roles),
            board=dict(self.board),
            supply=list(self.supply),
            market=list(self.market),
            last=copy.deepcopy(self.last),
        )


# ----- scoring -------------------------------------------------------------------------------


def groups(board: Mapping[str, str], role: str) -> list[list[str]]:
    """Maximal orthogonally connected sets (size >= 2) sharing the role's attribute."""
    index = 0 if role == "colour" else 1
    seen: set[str] = set()
    found: list[list[str]] = []
    for start in SQUARES:  # board order, so equal boards give equal lists whatever dict order
        if start in seen or start not in board:
            continue
        key = board[start][index]
        seen.add(start)
        group = [start]
        stack = [start]
        while stack:
            sq = stack.pop()
            for n in ORTHO_NEIGHBOURS[sq]:
                if n not in seen and n in board and board[n][index] == key:
                    seen.add(n)
                    group.append(n)
                    stack.append(n)
        if len(group) >= 2:
            found.append(sorted(group, key=SQUARES.index))
    return found


def group_points(n: int) -> int:
    return n * (n - 1) // 2


def score(board: Mapping[str, str], role: str) -> int:
    return sum(group_points(len(g)) for g in groups(board, role))


class _Groups:
    """A board's groups for one role (single tiles too), to score a placement quickly:
    ``score_with(square, tile) == score(board | {square: tile}, role)`` for an empty square."""

    def __init__(self, board: Mapping[str, str], role: str) -> None:
        self.board = board
        self.index = 0 if role == "colour" else 1
        self.group_of: dict[str, int] = {}
        self.sizes: list[int] = []
        for start in SQUARES:
            if start in self.group_of or start not in board:
                continue
            key = board[start][self.index]
            number = len(self.sizes)
            self.group_of[start] = number
            stack, size = [start], 1
            while stack:
                sq = stack.pop()
                for n in ORTHO_NEIGHBOURS[sq]:
                    if n not in self.group_of and n in board and board[n][self.index] == key:
                        self.group_of[n] = number
                        stack.append(n)
                        size += 1
            self.sizes.append(size)
        self.total = sum(group_points(n) for n in self.sizes)

    def score_with(self, square: str, tile: str) -> int:
        key = tile[self.index]
        joined = {self.group_of[n] for n in ORTHO_NEIGHBOURS[square]
                  if n in self.board and self.board[n][self.index] == key}
        sizes = [self.sizes[g] for g in joined]
        return self.total - sum(group_points(n) for n in sizes) + group_points(1 + sum(sizes))


def largest_group(board: Mapping[str, str], role: str) -> int:
    return max((len(g) for g in groups(board, role)), default=0)


def _central(square: str) -> tuple[int, int]:
    """Squares ordered from d4 outwards (d4 is the rules' example square)."""
    x, y = _coords(square)
    return (x - 3) ** 2 + (y - 3) ** 2, SQUARES.index(square)


def _distance(src: str, dst: str) -> int:
    (x0, y0), (x1, y1) = _coords(src), _coords(dst)
    return max(abs(x1 - x0), abs(y1 - y0))


# ----- the game ------------------------------------------------------------------------------

def _clean(text: str) -> str:
    """Lower case, one space between words, arrows and dashes as ``-`` without spaces."""
    text = text.strip().lower().replace("→", "-").replace("->", "-").replace("–", "-")
    return re.sub(r"\s*-\s*", "-", " ".join(text.split()))


def _quote(text: str, limit: int = 24) -> str:
    """Bad input as quoted in an error: one line, short."""
    flat = " ".join(str(text).split()) or "(nothing)"
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


#: The syntax in general, for a move read without a position (``normalize_move``); a move
#: played in a game is answered with examples that are legal there (:class:`Examples`).
_MOVE_HELP = _("write a square like d4, or a shift and a square like b2-c3 d4")


@dataclass(frozen=True)
class Examples:
    """Moves that are legal now, to show the syntax with: in the turn prompt and in errors.

    ``place`` plays the drawn tile (seed) or a market tile (classic) on an empty square near
    the middle; ``shifted`` shifts (slides) a tile first, None when no tile can move (an empty
    board, the first classic turn).
    """

    rules: str
    place: AqualinMove
    shifted: AqualinMove | None
    tile: str

    @property
    def help(self) -> Text:
        """How to write a move, shown with these examples."""
        if self.rules == "seed":
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


class Aqualin(Game[AqualinState, AqualinMove]):
    id = "aqualin"
    title = "Aqualin"
    min_players = 2
    max_players = 2
    options = {
        "rules": Option(("seed", "classic"), "seed",
                        _("seed: draw a tile, shift one step; classic: open market of six, slide")),
        "role": Option(("random", "host-colour", "host-species"), "random",
                       _("who scores by colour (the colour player moves first)")),
    }
    summary = _(
        "**Aqualin** — 2 players, 36 tiles (6 colours × 6 species) on a 6×6 board.\n"
        "One player scores groups of the same **colour**, the other groups of the same "
        "**species**. The colour player starts.\n"
        "**Your turn:** the top tile of the supply is drawn for you. You may first shift any "
        "tile one step (8 directions) onto an empty square, then place the drawn tile on any "
        "empty square. `{cmd:move} d4` or `{cmd:move} b2-c3 d4`.\n"
        "**Classic rules** (`rules=classic`): six open tiles form a market; you may first slide "
        "a tile any distance along its row or column (no jumping, not on the first turn), then "
        "take a market tile and place it. `{cmd:move} BT d4` or `{cmd:move} b2-b5 BT d4`.\n"
        "**Scoring** when the board is full: each orthogonally connected group of n ≥ 2 tiles "
        "scores n·(n−1)/2 (2→1, 3→3, 4→6, 5→10, 6→15). Tie: the larger biggest group wins.\n"
        "Tiles: colours R red, Y yellow, G green, B blue, P pink, V purple; species C crab, "
        "F fish, J jellyfish, H seahorse, S starfish, T turtle (BT = blue turtle)."
    )

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> AqualinState:
        rng = Rng(seed)
        role = options["role"]
        if role == "random":
            host_colour = rng.randbelow(2) == 0
        else:
            host_colour = role == "host-colour"
        roles = {players[0]: "colour" if host_colour else "species",
                 players[1]: "species" if host_colour else "colour"}
        supply = list(TILES)
        rng.shuffle(supply)
        state = AqualinState(players=tuple(players), roles=roles, rules=options["rules"],
                             supply=supply)
        self._refill(state)
        return state

    @staticmethod
    def _refill(state: AqualinState) -> None:
        """Seed rules: draw the next tile; classic: top the market up to six."""
        if state.rules == "seed":
            state.drawn = state.supply.pop() if state.supply else None
        else:
            while len(state.market) < MARKET_SIZE and state.supply:
                state.market.append(state.supply.pop())

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: AqualinState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: AqualinState) -> frozenset[str]:
        return frozenset() if state.over else frozenset({state.active})

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> AqualinMove:
        return self._parse(text, None)

    def _parse(self, text: str, examples: Examples | None) -> AqualinMove:
        """``text`` read as a move; an error shows ``examples`` (legal in the game at hand)
        or, without them, the syntax in general."""
        if not isinstance(text, str):
            raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
        how = examples.help if examples else _MOVE_HELP
        slide = examples is not None and examples.rules == "classic"
        cleaned = _clean(english("aqualin", text))  # German and Danish tile names as well
        shown = _quote(text)
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
            shift = (self._parse_square(ends[0], how), self._parse_square(ends[1], how))
        if len(tokens) == 2:
            tile = self._parse_tile(tokens.pop(0), examples)
        if len(tokens) != 1:
            raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=how))
        if "-" in tokens[0]:
            raise InvalidMove(
                _("'{text}' has a slide but no square to place on: {help}", text=shown, help=how)
                if slide else
                _("'{text}' has a shift but no square to place on: {help}", text=shown, help=how))
        return AqualinMove(square=self._parse_square(tokens[0], how), shift=shift, tile=tile)

    @staticmethod
    def _parse_square(token: str, how: Text) -> str:
        if len(token) == 2 and token[0] in FILES and token[1] in RANKS:
            return token
        if re.fullmatch(r"[a-z][0-9]+", token):
            raise InvalidMove(_("{square} is not a square: files are a–f and ranks 1–6",
                                square=_quote(token)))
        raise InvalidMove(_("'{text}' is not a square: {help}", text=_quote(token), help=how))

    @staticmethod
    def _parse_tile(token: str, examples: Examples | None) -> str:
        tile = token.upper()
        if len(tile) == 2 and tile[0] in COLOURS and tile[1] in SPECIES:
            return tile
        example = examples.tile if examples else "BT"
        raise InvalidMove(_(
            "'{text}' is not a tile: a colour letter (R Y G B P V) and a species letter "
            "(C F J H S T), like {tile} for {name}", text=_quote(token), tile=example,
            name=tile_name(example)))

    def format_move(self, move: AqualinMove) -> str:
        return str(move)

    # ----- rules ----------------------------------------------------------------------------

    def apply(self, state: AqualinState, player: str, move: str) -> AqualinState:
        """As every game does, but a move that cannot be read is answered in the syntax of
        the game's rules, with examples that are legal on its board."""
        self.check_can_act(state, player)
        try:
            parsed = self.parse_move(move)
        except InvalidMove:
            self._parse(move, self.examples(state))  # the same error, worded for this game
            raise
        return self._apply(state, str(player), parsed)

    def examples(self, state: AqualinState) -> Examples:
        """Legal moves to show the syntax with; cheap, but only asked for when words need it."""
        board = state.board
        seed = state.rules == "seed"
        tile = (state.drawn if seed else next(iter(state.market), None)) or "BT"
        named = None if seed else tile
        empties = sorted((sq for sq in SQUARES if sq not in board), key=_central)
        place = AqualinMove(empties[0] if empties else "d4", None, named)
        shifts = self._shifts(state)
        if not shifts:
            return Examples(state.rules, place, None, tile)
        if seed:  # a tile near the middle
            src, dst = min(shifts, key=lambda s: (_central(s[0]), _central(s[1])))
        else:  # the longest slide: a slide may go any distance
            src, dst = min(shifts, key=lambda s: (-_distance(*s), _central(s[0])))
        # any empty square but the one shifted onto; the freed square only as the last resort
        square = next((sq for sq in empties if sq != dst), src)
        return Examples(state.rules, place, AqualinMove(square, (src, dst), named), tile)

    def _apply(self, state: AqualinState, player: str, move: AqualinMove) -> AqualinState:
        tile = self._tile_for(state, move)
        board = dict(state.board)
        if move.shift:
            self._check_shift(state, move.shift)
            src, dst = move.shift
            board[dst] = board.pop(src)
        if move.square in board:
            if move.shift and move.shift[1] == move.square:
                raise IllegalMove(_("{square} is occupied (you just shifted a tile there): place on "
                                    "an empty square", square=move.square))
            raise IllegalMove(_("{square} is occupied: place on an empty square", square=move.square))
        board[move.square] = tile
        new = state.copy()
        new.board = board
        if state.rules == "seed":
            new.drawn = None
        else:
            new.market.remove(tile)
        new.turn += 1
        new.last = {
            "player": player,
            "move": str(move),
            "tile": tile,
            "square": move.square,
            "shift": list(move.shift) if move.shift else None,
        }
        self._refill(new)
        return new

    def _tile_for(self, state: AqualinState, move: AqualinMove) -> str:
        if state.rules == "seed":
            assert state.drawn is not None
            if move.tile and move.tile != state.drawn:
                square = (move.square if move.square not in state.board
                          else self.examples(state).place.square)
                raise IllegalMove(_("you must place the drawn tile {drawn}, not {tile}: write just "
                                    "the square, like {square}", drawn=state.drawn, tile=move.tile,
                                    square=square))
            return state.drawn
        if move.tile is None:
            raise IllegalMove(_("name the market tile to take ({market}): {help}",
                                market=", ".join(state.market), help=self.examples(state).help))
        if move.tile not in state.market:
            raise IllegalMove(_("{tile} is not in the market (market: {market})", tile=move.tile,
                                market=", ".join(state.market)))
        return move.tile

    def _check_shift(self, state: AqualinState, shift: tuple[str, str]) -> None:
        src, dst = shift
        seed = state.rules == "seed"
        if not seed and state.turn == 0:
            raise IllegalMove(_("no slide on the very first turn of the game: just take a tile and "
                                "place it, like {move}", move=str(self.examples(state).place)))
        if src not in state.board:
            raise IllegalMove(_("there is no tile on {square} to shift", square=src) if seed
                              else _("there is no tile on {square} to slide", square=src))
        if src == dst:
            raise IllegalMove(_("{src}-{dst} does not move the tile: leave the shift out instead",
                                src=src, dst=dst) if seed else
                              _("{src}-{dst} does not move the tile: leave the slide out instead",
                                src=src, dst=dst))
        if dst in state.board:
            raise IllegalMove(_("{square} is occupied: a tile can only shift onto an empty square",
                                square=dst) if seed else
                              _("{square} is occupied: a tile can only slide onto an empty square",
                                square=dst))
        (x0, y0), (x1, y1) = _coords(src), _coords(dst)
        if state.rules == "seed":
            if max(abs(x1 - x0), abs(y1 - y0)) > 1:
                raise IllegalMove(_("{src}-{dst} is more than one step: shift one square in any of "
                                    "the 8 directions", src=src, dst=dst))
            return
        if x0 != x1 and y0 != y1:
            raise IllegalMove(_("{src}-{dst} is not along a row or column: a slide goes straight",
                                src=src, dst=dst))
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        x, y = x0 + dx, y0 + dy
        while (x, y) != (x1, y1):
            between = _square(x, y)
            if between in state.board:
                raise IllegalMove(_("{src}-{dst} passes over {square}: a slide cannot jump tiles",
                                    src=src, dst=dst, square=between))
            x, y = x + dx, y + dy

    def _shifts(self, state: AqualinState) -> list[tuple[str, str]]:
        board = state.board
        out: list[tuple[str, str]] = []
        if state.rules == "seed":
            for src in SQUARES:
                if src in board:
                    out.extend((src, dst) for dst in KING_NEIGHBOURS[src] if dst not in board)
            return out
        if state.turn == 0:
            return out
        for src in SQUARES:
            if src not in board:
                continue
            x0, y0 = _coords(src)
            for dx, dy in _ORTHO:
                x, y = x0 + dx, y0 + dy
                while (dst := _square(x, y)) is not None and dst not in board:
                    out.append((src, dst))
                    x, y = x + dx, y + dy
        return out

    def legal_moves(self, state: AqualinState, player: str) -> list[str]:
        if state.over or str(player) != state.active:
            return []
        tiles = [None] if state.rules == "seed" else list(state.market)
        empties = [sq for sq in SQUARES if sq not in state.board]
        moves = [str(AqualinMove(sq, None, t)) for t in tiles for sq in empties]
        for src, dst in self._shifts(state):
            targets = [sq for sq in SQUARES if sq == src or (sq not in state.board and sq != dst)]
            moves.extend(str(AqualinMove(sq, (src, dst), t)) for t in tiles for sq in targets)
        return moves

    # ----- end ------------------------------------------------------------------------------

    def scores(self, state: AqualinState) -> dict[str, int]:
        return {p: score(state.board, state.roles[p]) for p in state.players}

    def result(self, state: AqualinState) -> Result | None:
        if not state.over:
            return None
        scores = self.scores(state)
        largest = {p: largest_group(state.board, state.roles[p]) for p in state.players}
        detail = {"largest": largest}
        if state.resigned is not None:
            winners = tuple(p for p in state.players if p != state.resigned)
            return Result(scores, winners, reason="resigned",
                          detail={**detail, "resigned": state.resigned})
        best = max((scores[p], largest[p]) for p in state.players)
        winners = tuple(p for p in state.order if (scores[p], largest[p]) == best)
        return Result(scores, winners, detail=detail)

    def resign(self, state: AqualinState, player: str) -> AqualinState:
        if state.over:
            raise GameOver(_("the game is over already"))
        if player not in state.players:
            raise IllegalMove(_("{player} is not playing in this game", player=player))
        new = state.copy()
        new.resigned = player
        return new

    def why_not_undo(self, before: AqualinState, after: AqualinState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Every move draws the next tile (or tops up the market) from the hidden supply,
        until the supply is empty."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if before.rules == "classic":
            return _("the next tile was drawn into the market")
        return _("the next tile was drawn")

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: AqualinState, player: str | None = None) -> dict[str, Any]:
        result = self.result(state)
        return {
            "game": self.id,
            "rules": state.rules,
            "players": list(state.players),
            "order": list(state.order),
            "roles": dict(state.roles),
            "board": dict(state.board),
            "drawn": state.drawn,
            "market": list(state.market),
            "supply": len(state.supply),
            "turn": state.turn,
            "to_act": sorted(self.to_act(state)),
            "scores": self.scores(state),
            "largest": {p: largest_group(state.board, state.roles[p]) for p in state.players},
            "groups": {p: groups(state.board, state.roles[p]) for p in state.players},
            "last": copy.deepcopy(state.last),
            "over": state.over,
            "result": result.to_dict() if result else None,
        }

    def resample(self, state: AqualinState, player: str | None, seed: int | str) -> AqualinState:
        # Nobody sees the supply order; everything else is public.
        new = state.copy()
        Rng(seed_to_int(seed)).shuffle(new.supply)
        return new

    # ----- words ----------------------------------------------------------------------------

    def describe(self, before: AqualinState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        m = self.parse_move(move)
        tile = self._tile_for(before, m)
        words = dict(name=tile_name(tile), tile=tile, square=m.square)
        if before.rules == "classic":
            text = _("took **{name}** ({tile}) from the market and placed it on **{square}**", **words)
        else:
            text = _("placed **{name}** ({tile}) on **{square}**", **words)
        if m.shift:
            shift = dict(moved=before.board.get(m.shift[0], "?"), src=m.shift[0], dst=m.shift[1],
                         then=text)
            text = (_("shifted {moved} {src}→{dst}, then {then}", **shift) if before.rules == "seed"
                    else _("slid {moved} {src}→{dst}, then {then}", **shift))
        return text

    def prompt(self, state: AqualinState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        if state.over:
            return _("the game is over.")
        role = ROLE_WORDS.get(state.roles.get(player, ""), "?")
        ex = self.examples(state)  # legal now: no shift on an empty board, d4 only if empty
        move, shifted = str(ex.place), str(ex.shifted) if ex.shifted else None
        if state.rules == "seed":
            tile = state.drawn or "?"
            if shifted is None:
                return _("you score by **{role}**. Place **{name}** ({tile}): `{cmd:move} {move}`.",
                         role=role, name=tile_name(tile), tile=tile, move=move)
            return _("you score by **{role}**. Place **{name}** ({tile}): `{cmd:move} {move}`, or shift a "
                     "tile one step first: `{cmd:move} {shifted}`.", role=role, name=tile_name(tile),
                     tile=tile, move=move, shifted=shifted)
        if shifted is None:
            return _("you score by **{role}**. Take a market tile and place it: `{cmd:move} {move}`.",
                     role=role, move=move)
        return _("you score by **{role}**. Take a market tile and place it: `{cmd:move} {move}`, "
                 "or slide first: `{cmd:move} {shifted}`.", role=role, move=move, shifted=shifted)

    def suggest(self, state: AqualinState, player: str, typed: str,
                limit: int = 25) -> Sequence[tuple[str, str]]:
        """Legal moves matching ``typed``, best immediate gain for the mover first."""
        words = _clean(typed)
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(words)]
        # Score a bounded number of candidates (placements come first in legal_moves) so
        # autocomplete answers well inside Discord's 3 s even in a busy classic mid-game.
        return _order(self._rate(state, player, moves[:SUGGEST_CAP]), limit)

    def suggestions(self, state: AqualinState, player: str) -> AqualinSuggestions:
        """Every legal move rated once; the order depends on which moves match (the tiles
        alternate), so ``pick`` orders the matching ones again, cheaply."""
        return AqualinSuggestions(self._rate(state, player, self.legal_moves(state, player)))

    def _rate(self, state: AqualinState, player: str, moves: list[str]) -> list[Rated]:
        """(their gain minus mine, tile, move, square, mine, theirs) per move, in the order
        given: plain values, so that thousands of them stay cheap to keep (labels are
        written only for the moves shown)."""
        if not moves:
            return []
        me = state.roles[player]
        them = "species" if me == "colour" else "colour"
        base_me, base_them = score(state.board, me), score(state.board, them)
        # A classic turn has thousands of moves but few shifts: the groups of each shifted
        # board are found once, and each placement only looks at the square's neighbours.
        shifted: dict[tuple[str, str] | None, tuple[_Groups, _Groups]] = {}
        rated = []
        for text in moves:
            m = self.parse_move(text)
            parts = shifted.get(m.shift)
            if parts is None:
                board = dict(state.board)
                if m.shift:
                    board[m.shift[1]] = board.pop(m.shift[0])
                parts = shifted[m.shift] = (_Groups(board, me), _Groups(board, them))
            tile = m.tile or state.drawn
            assert tile is not None
            mine = parts[0].score_with(m.square, tile) - base_me
            theirs = parts[1].score_with(m.square, tile) - base_them
            rated.append((theirs - mine, tile, text, m.square, mine, theirs))
        return rated

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: AqualinState) -> dict[str, Any]:
        return {
            "players": list(state.players),
            "roles": state.roles,
            "rules": state.rules,
            "board": state.board,
            "supply": state.supply,
            "drawn": state.drawn,
            "market": state.market,
            "turn": state.turn,
            "last": state.last,
            "resigned": state.resigned,
        }

    def _from_json(self, data: dict[str, Any]) -> AqualinState:
        state = AqualinState(
            players=tuple(data["players"]),
            roles=dict(data["roles"]),
            rules=data["rules"],
            board=dict(data["board"]),
            supply=list(data["supply"]),
            drawn=data["drawn"],
            market=list(data["market"]),
            turn=int(data["turn"]),
            last=data["last"],
            resigned=data["resigned"],
        )
        tiles = list(state.board.values()) + state.supply + state.market
        if state.drawn:
            tiles.append(state.drawn)
        if sorted(tiles) != sorted(TILES) or set(state.roles.values()) != set(ROLES):
            raise ValueError("tiles or roles do not add up")
        return state



#: A rated move: (their gain minus mine, tile, move, square, my gain, their gain).
Rated = tuple[int, str, str, str, int, int]

#: How many matching moves ``suggest`` rates at most (the first ones of ``legal_moves``).
SUGGEST_CAP = 2000


def _order(rated: list[Rated], limit: int) -> list[tuple[str, Text]]:
    """Best gain first; among equal gains, alternate between tiles so every market tile shows."""
    seen: dict[str, int] = {}
    ranked = []
    for i, entry in enumerate(rated):
        tile = entry[1]
        ranked.append((entry[0], seen.get(tile, 0), i, entry))
        seen[tile] = seen.get(tile, 0) + 1
    ranked.sort(key=lambda r: r[:3])
    return [(entry[2], _label(entry)) for *_rank, entry in ranked[:limit]]


def _label(entry: Rated) -> Text:
    _gain, tile, text, square, mine, theirs = entry
    return _("{move}  ·  {name} → {square}  ·  you {mine}, them {theirs}", move=text,
             name=tile_name(tile), square=square, mine=f"{mine:+d}", theirs=f"{theirs:+d}")


class AqualinSuggestions(Suggestions):
    """Every legal move rated; ``pick`` keeps the matching ones (the first ``SUGGEST_CAP``,
    as ``suggest`` does) and orders them as ``suggest`` would."""

    def __init__(self, rated: list[Rated]) -> None:
        super().__init__([])  # ``entries`` would cost a label per move: ``pick`` is the way in
        self.rated = rated

    def pick(self, typed: str, limit: int = 25) -> list[tuple[str, Any]]:
        words = _clean(typed)
        matching = [r for r in self.rated if r[2].lower().startswith(words)]
        return _order(matching[:SUGGEST_CAP], limit)


register(Aqualin())
