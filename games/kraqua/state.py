"""Kraqua's state and the rules every other module reads: the tuned constants, the named
vocabularies (phases, steps, statuses), the state dataclass, the word tables the rules'
reasons use, and the pure rule helpers (protection, targets, gates, the hideout's needs).

Everything here sits below the engine, the notation, the words and the team planner, so that
none of them has to import another to share these pieces.
"""

from __future__ import annotations

import copy

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from ..text import Text, chain, contextual, translator
from .board import (
    ANIMAL_LETTER,
    FIELD_ANIMAL,
    FISH,
    GATE_AFTER,
    GOAL,
    LAST_FIELD,
    HIDEOUTS,
    PATH_END,
    ROWS,
    SPOT_RANGE,
    gate_order,
    spot_of,
    tile_animal,
    tile_cells,
)

_ = translator("kraqua")
_p = contextual(_)


#: Kraqua wins as soon as the cave holds this many gems (rules page: 8; tuned with the shark
#: rule in place, see the balance notes).
CAVE_LIMIT = 15
#: Gems in the treasure chest at the start, by colour (rules page: blue 5, white 5, green 2,
#: red 2, purple 1, yellow 1; tuned to the same 16 gems, see BALANCE).
GEMS: Mapping[str, int] = {"blue": 6, "white": 6, "green": 1, "red": 1, "purple": 1, "yellow": 1}
MAX_SHELLS = 6

#: level -> (shells at the start, reef tiles in the game)
LEVELS: Mapping[str, tuple[int, tuple[int, ...]]] = {
    "1": (2, tuple(range(1, 13))),
    "2": (1, tuple(range(1, 13))),
    "3": (1, tuple(range(1, 12))),
    "pro": (0, tuple(range(1, 11))),
}

Tile = tuple[int, str]  # (tile number, side shown)


class Phase(StrEnum):
    """Where the round is: seats' turns, the round-end draws, Kraqua's theft, or the end."""

    TURN = "turn"
    DRAW = "draw"
    STEAL = "steal"
    OVER = "over"


class Step(StrEnum):
    """The decision a seat faces (``step_of``); lay … special are the steps of a turn."""

    LAY = "lay"
    MOVE = "move"
    REROLL = "reroll"
    GEM = "gem"
    SPECIAL = "special"
    DRAW = "draw"
    TAKE = "take"


class Status(StrEnum):
    """How the game stands: under way, or won, almost won (no hideout) and lost."""

    RUNNING = "running"
    WON = "won"
    ALMOST = "almost"
    LOST = "lost"



# ----- words (translatable; sentences put them together) ---------------------------------------

#: Animal letter -> its word, as used on its own ("crab", "tile 7A (jellyfish #~#)").
ANIMAL_WORDS: Mapping[str, Text] = {"T": _("turtle"), "S": _("seahorse"), "J": _("jellyfish"),
                                    "C": _("crab")}
#: "with the crab": a phrase of its own, so languages with articles by gender and case get them.
WITH_ANIMAL: Mapping[str, Text] = {"T": _("with the turtle"), "S": _("with the seahorse"),
                                   "J": _("with the jellyfish"), "C": _("with the crab")}
#: Gem colours as words: "Kraqua rolls {colour}", lists like "blue, red, white".
COLOUR_WORDS: Mapping[str, Text] = {"blue": _("blue"), "white": _("white"), "green": _("green"),
                                    "red": _("red"), "purple": _("purple"), "yellow": _("yellow")}
#: A fish named by its colour in a list: "gate 2 (colour): green, red, yellow", "red on 5".
#: German names it by its colour, like on the box ("Grün"); Danish by the definite adjective
#: ("den grønne"), as a bare colour names no fish there.
FISH_COLOURS: Mapping[str, Text] = {
    # i18n: A fish named by its colour in a list (Danish: "den grønne").
    "green": _p("fish", "green"),
    # i18n: A fish named by its colour in a list (Danish: "den røde").
    "red": _p("fish", "red"),
    # i18n: A fish named by its colour in a list (Danish: "den gule").
    "yellow": _p("fish", "yellow"),
}
#: A fish in a sentence: "the red fish" (German names it by its colour, like on the box).
FISH_WORDS: Mapping[str, Text] = {"green": _("the green fish"), "red": _("the red fish"),
                                  "yellow": _("the yellow fish")}
#: Reef rows as words: "inner spot 3", "the outer row".
ROW_WORDS: Mapping[str, Text] = {"i": _("inner"), "o": _("outer")}
#: What a gate sorts the fish by.
CRITERION_WORDS: Mapping[str, Text] = {"hat": _("hat"), "colour": _("colour"), "size": _("size")}


def animal_name(letter: str) -> Text:
    return ANIMAL_WORDS[letter]


def field_word(pos: int) -> Text | str:
    """A field in a sentence: ``S1``, ``7``, ``G2`` in English, as the rules page names them
    (so the English events a state keeps read as before); German "Start 1", "Ziel 2"."""
    if pos <= 0:
        # i18n: A start field (S1-S3) in a sentence ("from S1 to 4"): German "Start 1".
        return _p("start field", "S{n}", n=pos + 3)
    if pos > LAST_FIELD:
        # i18n: A goal field (G1-G3) in a sentence ("from 40 to G3"): German "Ziel 3".
        return _p("goal field", "G{n}", n=pos - LAST_FIELD)
    return str(pos)


def field_label(pos: int) -> Text | str:
    """A start or goal field's short label in the picture: ``S1``, ``G2`` (German ``Z2``)."""
    if pos <= 0:
        # i18n: The label drawn on a start field (S1-S3); two or three letters fit.
        return _p("start field, short", "S{n}", n=pos + 3)
    if pos > LAST_FIELD:
        # i18n: The label drawn on a goal field (G1-G3); two or three letters fit.
        return _p("goal field, short", "G{n}", n=pos - LAST_FIELD)
    return str(pos)


def chip_name(chip: str) -> Text:
    """A chip (stored as the animal's English name) as a word: ``"crab"`` -> crab."""
    return ANIMAL_WORDS[ANIMAL_LETTER[chip]]


def listing(parts: Sequence[Any]) -> Text:
    """``a, b, c``: items joined by commas (the game lists orders and choices that way)."""
    if not parts:
        return _("none")
    return chain(parts, lambda a, b: _("{a}, {b}", a=a, b=b))


def colours(names: Sequence[str]) -> Text:
    """Gems: ``blue, red, white`` in the reader's words."""
    return listing([COLOUR_WORDS[c] for c in names])


def fish_colours(names: Sequence[str]) -> Text:
    """Fish: ``green, red, yellow`` in the reader's words (Danish ``den grønne, den røde``)."""
    return listing([FISH_COLOURS[c] for c in names])


def tile_text(tile: Sequence[Any]) -> Text:
    """``(7, "A")`` -> ``tile 7A (jellyfish #~#)``."""
    number, side = int(tile[0]), str(tile[1])
    name = str(number) + side
    return _("tile {tile} ({animal} {cells})", tile=name,
             animal=animal_name(tile_animal(number, side)), cells=tile_cells(number, side))


# ----- events -----------------------------------------------------------------------------------


class Seat(str):
    """A seat id inside an event sentence: each reader sees a name there (or "them")."""


def said(event: Text) -> dict[str, Any]:
    """An event as kept for every reader (``state.last["said"]``, and the view): the
    sentence's template and parts (:meth:`Text.dump`), each seat as ``{"seat": id}``, so that
    the picture says it in its reader's words and names the seats."""
    data = event.dump()
    data["p"] = {k: {"seat": str(v)} if isinstance(v, Seat) else data["p"][k]
                 for k, v in event.params.items()}
    return data


def heard(data: Mapping[str, Any], seat: Callable[[str], Any]) -> Text:
    """An event kept by :func:`said` as a sentence again, each seat as ``seat(id)`` says it."""
    event = Text.load(data)
    params = {k: seat(str(v["seat"])) if isinstance(v, Mapping) and "seat" in v else v
              for k, v in event.params.items()}
    return Text(event.domain, event.msgid, params, event.plural, event.n)


def is_said(data: Any) -> bool:
    """Whether ``data`` has the form :func:`said` keeps (a stored state is not trusted)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("d"), str) or \
            not isinstance(data.get("m"), str) or not isinstance(data.get("p"), Mapping):
        return False
    if data.get("pl") is not None and not isinstance(data["pl"], str):
        return False
    if data.get("n") is not None and not isinstance(data["n"], int):
        return False
    for v in data["p"].values():
        if isinstance(v, Mapping):
            if "mv" in v:
                if not (isinstance(v.get("g"), str) and isinstance(v["mv"], str)):
                    return False
            elif "seat" in v:
                if not isinstance(v["seat"], str):
                    return False
            elif not is_said(v):
                return False
        elif not isinstance(v, (str, int, float)) or isinstance(v, bool):
            return False
    return True


def copy_last(last: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A copy of ``state.last``: the player, the move, its events in English (``events``) and
    as kept for every reader (``said``, absent from states stored before it was kept)."""
    if last is None:
        return None
    out: dict[str, Any] = {"player": last["player"], "move": last["move"],
                           "events": [list(e) for e in last["events"]]}
    if "said" in last:
        out["said"] = copy.deepcopy(last["said"])  # nested params: no shared containers
    return out


def record(event: Text) -> list[str]:
    """An event as kept in ``state.last`` (and the view): the English sentence with ``{}`` for
    each seat, then the seats, e.g. ``["no tile is left for {}: ...", "bob"]``."""
    seats = [v for v in event.params.values() if isinstance(v, Seat)]
    if not seats:
        return [str(event)]
    blank = {k: "{}" if isinstance(v, Seat) else v for k, v in event.params.items()}
    return [str(event.with_params(blank)), *map(str, seats)]


# ----- state ------------------------------------------------------------------------------------


@dataclass
class KraquaState:
    players: tuple[str, ...]
    level: str
    chips: dict[str, str]  # seat -> chip animal name
    tiles: dict[str, Tile | None]  # seat -> tile in hand
    fish: dict[str, int]  # fish colour -> position (see board.py)
    rows: dict[str, dict[int, Tile]]  # "i"/"o" -> spot -> tile
    fronts: dict[str, int]  # "i"/"o" -> the furthest spot ever laid (0: none yet)
    stack: list[int]  # face down, the top is the last item
    box: list[int]  # tiles out of the game
    shells: int
    gems: dict[str, dict[str, int]]  # place -> colour -> count
    gates: list[tuple[str, bool]]  # (criterion, reversed) for gates 1..3; only revealed ones show
    revealed: int  # gates revealed so far (1..3)
    passed: list[list[str]]  # per revealed gate: fish colours that have passed it, in order
    hideout: int  # index into HIDEOUTS
    rng: int
    cave_limit: int = CAVE_LIMIT
    round: int = 1
    played: list[str] = field(default_factory=list)
    phase: Phase = Phase.TURN
    current: str | None = None  # the seat whose turn is under way
    step: Step | None = None  # within a turn: lay, move, reroll, gem, special
    turn_tile: Tile | None = None  # the tile of the turn under way
    laid: bool = False  # the turn's tile lies in a row (else it goes to the box)
    moved: str | None = None  # the fish moved this turn
    roll: str | None = None  # a die result waiting for the seahorse's reroll or keep
    queue: list[str] = field(default_factory=list)  # round end: seats still to draw
    drawing: int | None = None  # the turtle's drawn tile, side still to choose
    steal: list[str] = field(default_factory=list)  # round end: fish still to be robbed for
    last_mover: str | None = None
    status: Status = Status.RUNNING
    reason: str = ""
    resigned: str | None = None
    last: dict[str, Any] | None = None  # {"player", "move", "events", "said"}: the last move

    def copy(self) -> KraquaState:
        return KraquaState(
            players=self.players,
            level=self.level,
            chips=dict(self.chips),
            tiles=dict(self.tiles),
            fish=dict(self.fish),
            rows={r: dict(spots) for r, spots in self.rows.items()},
            fronts=dict(self.fronts),
            stack=list(self.stack),
            box=list(self.box),
            shells=self.shells,
            gems={p: dict(c) for p, c in self.gems.items()},
            gates=list(self.gates),
            revealed=self.revealed,
            passed=[list(p) for p in self.passed],
            hideout=self.hideout,
            rng=self.rng,
            cave_limit=self.cave_limit,
            round=self.round,
            played=list(self.played),
            phase=self.phase,
            current=self.current,
            step=self.step,
            turn_tile=self.turn_tile,
            laid=self.laid,
            moved=self.moved,
            roll=self.roll,
            queue=list(self.queue),
            drawing=self.drawing,
            steal=list(self.steal),
            last_mover=self.last_mover,
            status=self.status,
            reason=self.reason,
            resigned=self.resigned,
            last=copy_last(self.last),
        )

    @property
    def over(self) -> bool:
        return self.status != Status.RUNNING


# ----- pure rule helpers ------------------------------------------------------------------------


def is_protected(state: KraquaState, pos: int) -> bool:
    """Start fields, fields 1–4 and the goal always; else both spots must show reef there."""
    cover = spot_of(pos)
    if cover is None:
        return True
    spot, cell = cover
    for r in ROWS:
        tile = state.rows[r].get(spot)
        if tile is None or tile_cells(*tile)[cell] != "#":
            return False
    return True


class Reef(Protocol):
    """What :func:`next_spot` reads: a :class:`KraquaState`, or the planner's ``Board``."""

    @property
    def revealed(self) -> int: ...

    @property
    def fronts(self) -> Mapping[str, int]: ...


def next_spot(state: Reef, row: str) -> int | None:
    """Where ``row`` grows next, or None when that spot is not on the revealed board."""
    low, high = SPOT_RANGE[state.revealed]
    spot = max(state.fronts[row] + 1, low)
    return spot if spot <= high else None


def rear_spot(state: KraquaState, row: str) -> int | None:
    return min(state.rows[row]) if state.rows[row] else None


def gate_of(state: KraquaState, index: int) -> tuple[str, ...]:
    criterion, reverse = state.gates[index]
    return gate_order(criterion, reverse)


def target(state: KraquaState, colour: str, animal: str) -> tuple[int | None, Text | str]:
    """Where the ``colour`` fish goes with ``animal``; (None, reason) if it cannot."""
    pos = state.fish[colour]
    fish = FISH_WORDS[colour]
    if pos in GOAL:
        return None, _("{fish} is in the goal already", fish=fish)
    end = PATH_END[state.revealed]
    occupied = set(state.fish.values())
    dest = None
    for q in range(max(pos + 1, 1), end + 1):
        if q not in occupied and (q in GOAL or FIELD_ANIMAL[q] == animal):
            dest = q
            break
    if dest is None:
        if state.revealed == 3:
            return None, _("{fish} has no free {animal} field ahead before the goal", fish=fish,
                           animal=animal_name(animal))
        return None, _("{fish} has no free {animal} field ahead on the revealed path", fish=fish,
                       animal=animal_name(animal))
    gate = state.revealed - 1
    boundary = GATE_AFTER[gate]
    if pos <= boundary < dest:
        order = gate_of(state, gate)
        passed = state.passed[gate]
        nxt = order[len(passed)]
        if colour != nxt:
            return None, _("{fish} may not pass gate {gate} before {other} (order {order}: no "
                           "cutting in line)", fish=fish, gate=gate + 1, other=FISH_WORDS[nxt],
                           order=fish_colours(order))
    return dest, ""


def chip_letter(state: KraquaState, seat: str) -> str:
    return ANIMAL_LETTER[state.chips[seat]]


def free_moves(state: KraquaState, animal: str) -> list[str]:
    """Fish colours that can move with ``animal``."""
    return [c for c in FISH if target(state, c, animal)[0] is not None]


def needed(state: KraquaState) -> tuple[str, ...]:
    return HIDEOUTS[state.hideout]


def still_needed(state: KraquaState) -> tuple[str, ...]:
    """Colours the team still needs: named by the hideout tile and not in the hideout yet (each
    tile names a colour once, so one gem of it there is "in full")."""
    return tuple(c for c in needed(state) if state.gems["hideout"][c] == 0)


def shark_usable(state: KraquaState) -> bool:
    """The shark helps only while Kraqua's cave holds a gem of a colour the team still needs;
    then any gem of the cave may go back (the rules page's step 4)."""
    return any(state.gems["cave"][c] > 0 for c in still_needed(state))


def spot_available(state: KraquaState) -> bool:
    return any(next_spot(state, r) is not None for r in ROWS)
