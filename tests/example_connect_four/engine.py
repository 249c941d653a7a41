"""Connect Four: the engine of the second test-only example game (stdlib only, like every engine).

Two players drop discs into a standing grid of seven columns (``a``–``g``, left to right) and
six rows (``1``–``6``, from the bottom): a disc falls to the lowest free square of its
column. Whoever first has four of their discs in a line, across, up or diagonally, wins; a full
grid without one is a draw. The host drops the first disc, unless ``start=guest``.

It is the other kind of game from Fifteen: nothing is left to chance (the seed changes
nothing) and nothing is hidden (every seat sees the public view), as its class line declares.
So it keeps the base class's ``resample`` (the state is its only world) and ``why_not_undo``
(every move may be taken back), and the contract tests check the inverse promises instead:
one game for every seed, no private view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games import register
from games.base import Button, Chance, Game, Information, Option, Result, Traits
from games.errors import IllegalMove, InvalidMove
from games.notation import clean, quote
from games.text import Text, translator

_ = translator("connect_four")  # the catalog domain is the game id: ``locale/`` beside this file

COLUMNS = "abcdefg"
ROWS = 6
#: (column step, row step) of the four directions a line can run in.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
MOVE_HELP = _("name a column, a to g (or 1 to 7), like `d`")


@dataclass(frozen=True)
class Drop:
    """A move: drop a disc into ``column`` (a letter)."""

    column: str


@dataclass(frozen=True)
class ConnectFourState:
    players: tuple[str, ...]
    columns: tuple[tuple[int, ...], ...]  # per column, the seats of its discs from the bottom up
    turn: int                             # the seat to drop next
    last: str | None = None               # the square of the last disc
    resigned: str | None = None

    def seat_at(self, col: int, row: int) -> int | None:
        """The seat whose disc lies in column ``col``, row ``row`` (both from 0), if any."""
        if 0 <= col < len(COLUMNS) and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return None


def square(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def winning_line(state: ConnectFourState) -> tuple[str, ...] | None:
    """The first four in a row through the last disc (only the last disc can have made one)."""
    if state.last is None:
        return None
    col, row = COLUMNS.index(state.last[0]), int(state.last[1:]) - 1
    seat = state.seat_at(col, row)
    for dc, dr in DIRECTIONS:
        line = [(col, row)]
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while state.seat_at(c, r) == seat:
                line.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(line) >= 4:
            return tuple(square(c, r) for c, r in sorted(line)[:4])
    return None


class ConnectFour(Game[ConnectFourState, Drop], id="connect_four", title="Connect Four",
                  players=(2, 2), traits=Traits(Chance.NONE, Information.PERFECT)):
    options = {"start": Option(("host", "guest"), "host", _("who drops the first disc"))}
    summary = _("**Connect Four** (a test game): drop a disc into one of seven columns, e.g. "
                "`{cmd:move} d`; it falls to the lowest free square. Four of your discs in a "
                "line, across, up or diagonally, win. A full grid is a draw.")

    # ----- set-up and notation ---------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> ConnectFourState:
        first = 0 if options["start"] == "host" else 1
        return ConnectFourState(tuple(players), ((),) * len(COLUMNS), first)

    def parse_move(self, text: str) -> Drop:
        """A column by its letter (``d``) or its number (``4``), in any case and spacing."""
        word = clean(text)
        if len(word) == 1 and word in COLUMNS:
            return Drop(word)
        if len(word) == 1 and word in "1234567":
            return Drop(COLUMNS[int(word) - 1])
        raise InvalidMove(_("could not read '{text}': {help}", text=quote(text), help=MOVE_HELP))

    def format_move(self, move: Drop) -> str:
        return move.column

    # ----- play ------------------------------------------------------------------------------

    def legal_moves(self, state: ConnectFourState, player: str) -> list[str]:
        """The columns with room, for the player whose turn it is."""
        room = [c for c, discs in zip(COLUMNS, state.columns) if len(discs) < ROWS]
        return room if player in self.to_act(state) else []

    def to_act(self, state: ConnectFourState) -> frozenset[str]:
        over = self.result(state) is not None
        return frozenset() if over else frozenset({state.players[state.turn]})

    def players(self, state: ConnectFourState) -> tuple[str, ...]:
        return state.players

    def _apply(self, state: ConnectFourState, player: str, move: Drop) -> ConnectFourState:
        col = COLUMNS.index(move.column)
        discs = state.columns[col]
        if len(discs) >= ROWS:
            raise IllegalMove(_("column {column} is full", column=move.column))
        columns = list(state.columns)
        columns[col] = (*discs, state.turn)
        return replace(state, columns=tuple(columns), turn=1 - state.turn,
                       last=square(col, len(discs)))

    def buttons(self, state: ConnectFourState, player: str, path: str = "") -> list[Button]:
        """One button per column that still has room: a click drops the disc."""
        return [Button(c, c) for c in self.legal_moves(state, player)]

    def result(self, state: ConnectFourState) -> Result | None:
        if state.resigned is not None:
            other = next(p for p in state.players if p != state.resigned)
            return Result({p: int(p == other) for p in state.players}, (other,),
                          reason="resigned")
        line = winning_line(state)
        if line is not None:
            winner = state.players[1 - state.turn]  # who dropped the last disc
            return Result({p: int(p == winner) for p in state.players}, (winner,),
                          detail={"line": list(line)})
        if all(len(discs) == ROWS for discs in state.columns):
            return Result({p: 0 for p in state.players}, state.players)
        return None

    def resign(self, state: ConnectFourState, player: str) -> ConnectFourState:
        self.check_can_resign(state, player)
        return replace(state, resigned=player)

    # ----- what players see ------------------------------------------------------------------

    def view(self, state: ConnectFourState, player: str | None = None) -> dict[str, Any]:
        """The whole grid, the same for everyone: there is nothing to hide."""
        result = self.result(state)
        return {
            "game": self.id,
            "players": list(state.players),
            "board": {square(c, r): seat for c, discs in enumerate(state.columns)
                      for r, seat in enumerate(discs)},
            "to_act": sorted(self.to_act(state)),
            "last": state.last,
            "line": list(winning_line(state) or []),
            "result": result.to_dict() if result else None,
        }

    def describe(self, before: ConnectFourState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        column = self.parse_move(move).column
        after = self.apply(before, player, move)
        if winning_line(after) is not None:
            return _("dropped a disc into column {column} and connected four", column=column)
        return _("dropped a disc into column {column}", column=column)

    def prompt(self, state: ConnectFourState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        return _("drop a disc into a column: {help}", help=MOVE_HELP)

    # ----- storage ---------------------------------------------------------------------------

    def _to_json(self, state: ConnectFourState) -> dict[str, Any]:
        return {"players": list(state.players), "columns": [list(c) for c in state.columns],
                "turn": state.turn, "last": state.last, "resigned": state.resigned}

    def _from_json(self, data: dict[str, Any]) -> ConnectFourState:
        columns = tuple(tuple(int(seat) for seat in c) for c in data["columns"])
        if len(columns) != len(COLUMNS) or any(len(c) > ROWS for c in columns):
            raise ValueError("the grid is not 7 columns of at most 6 discs")
        return ConnectFourState(tuple(data["players"]), columns, int(data["turn"]),
                                data["last"], data["resigned"])


#: The one registration: the engine, and where its picture and its bot are.
GAME = register(ConnectFour(), renderer="tests.example_connect_four.board:RECORD",
                policy="tests.example_connect_four.policy:ConnectFourPolicy")
