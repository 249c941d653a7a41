"""Kraqua rules engine (state, moves, legality, flow); see the package docstring for readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..aliases import english
from ..base import Button, Game, Option, Result
from ..errors import GameOver, IllegalMove, InvalidMove
from ..rng import Rng, seed_to_int
from ..text import Text, plural, translator
from .board import (
    ANIMAL_LETTER,
    ANIMALS,
    CHIPS,
    CRITERIA,
    FIELD_ANIMAL,
    FISH,
    GATE_AFTER,
    GEM_COLOURS,
    GOAL,
    HIDEOUTS,
    PATH_END,
    PLACES,
    ROWS,
    SIDES,
    SPOT_RANGE,
    START,
    TILES,
    field_name,
    gate_order,
    special,
    spot_of,
    tile_animal,
    tile_cells,
)
from ..registry import register

_ = translator("kraqua")
_n = plural(_)

# ----- tuned constants (see the balance notes in the package docstring) ----------------------

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

# Which moves each step of the game accepts.
STEP_KINDS: Mapping[str, frozenset[str]] = {
    "lay": frozenset({"lay"}),
    "move": frozenset({"fish", "shell", "jelly", "skip"}),
    "reroll": frozenset({"reroll", "keep"}),
    "gem": frozenset({"gem"}),
    "special": frozenset({"dolphin", "shark", "pass"}),
    "draw": frozenset({"draw"}),
    "take": frozenset({"take"}),
}
KINDS = ("lay", "fish", "shell", "jelly", "skip", "reroll", "keep", "gem", "dolphin", "shark",
         "pass", "draw", "take")


# ----- words (translatable; sentences put them together) ---------------------------------------

#: Animal letter -> its word, as used on its own ("crab", "tile 7A (jellyfish #~#)").
ANIMAL_WORDS: Mapping[str, Text] = {"T": _("turtle"), "S": _("seahorse"), "J": _("jellyfish"),
                                    "C": _("crab")}
#: "with the crab": a phrase of its own, so languages with articles by gender and case get them.
WITH_ANIMAL: Mapping[str, Text] = {"T": _("with the turtle"), "S": _("with the seahorse"),
                                   "J": _("with the jellyfish"), "C": _("with the crab")}
#: Gem (and fish) colours as words: "Kraqua rolls {colour}", lists like "green, red, yellow".
COLOUR_WORDS: Mapping[str, Text] = {"blue": _("blue"), "white": _("white"), "green": _("green"),
                                    "red": _("red"), "purple": _("purple"), "yellow": _("yellow")}
#: A fish in a sentence: "the red fish" (German names it by its colour, like on the box).
FISH_WORDS: Mapping[str, Text] = {"green": _("the green fish"), "red": _("the red fish"),
                                  "yellow": _("the yellow fish")}
#: Reef rows as words: "inner spot 3", "the outer row".
ROW_WORDS: Mapping[str, Text] = {"i": _("inner"), "o": _("outer")}
#: What a gate sorts the fish by.
CRITERION_WORDS: Mapping[str, Text] = {"hat": _("hat"), "colour": _("colour"), "size": _("size")}


def animal_name(letter: str) -> Text:
    return ANIMAL_WORDS[letter]


def chip_name(chip: str) -> Text:
    """A chip (stored as the animal's English name) as a word: ``"crab"`` -> crab."""
    return ANIMAL_WORDS[ANIMAL_LETTER[chip]]


def listing(parts: Sequence[Any]) -> Text:
    """``a, b, c``: items joined by commas (the game lists orders and choices that way)."""
    if not parts:
        return _("none")
    text = _("{item}", item=parts[0])
    for part in parts[1:]:
        text = _("{a}, {b}", a=text, b=part)
    return text


def colours(names: Sequence[str]) -> Text:
    """``green, red, yellow`` in the reader's words."""
    return listing([COLOUR_WORDS[c] for c in names])


def tile_text(tile: Sequence[Any]) -> Text:
    """``(7, "A")`` -> ``tile 7A (jellyfish #~#)``."""
    number, side = int(tile[0]), str(tile[1])
    name = str(number) + side
    return _("tile {tile} ({animal} {cells})", tile=name,
             animal=animal_name(tile_animal(number, side)), cells=tile_cells(number, side))


# ----- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KraquaMove:
    """One step of the game; ``kind`` is the first word of the notation."""

    kind: str
    fish: str | None = None  # fish colour
    animal: str | None = None  # animal letter (jelly)
    gem: str | None = None  # gem colour (gem, dolphin, shark)
    row: str | None = None  # "i" / "o" (lay, take)
    side: str | None = None  # "A" / "B" (turtle's draw and take)

    def __str__(self) -> str:
        k = self.kind
        if k == "lay":
            return f"lay {self.row}"
        if k in ("fish", "shell"):
            return f"{k} {self.fish}"
        if k == "jelly":
            return f"jelly {self.fish} {self.animal}"
        if k in ("gem", "dolphin", "shark"):
            return f"{k} {self.gem}"
        if k == "draw":
            return "draw" if self.side is None else f"draw {self.side}"
        if k == "take":
            return f"take {self.row}" if self.side is None else f"take {self.row} {self.side}"
        return k

    def spelled(self, kind: str, **changes: Any) -> str:
        """This move's notation as another kind (``fish red`` -> ``shell red``)."""
        return str(replace(self, kind=kind, **changes))


def lay(row: str) -> str:
    return str(KraquaMove("lay", row=row))


_HELP = _("write e.g. lay i, fish red, shell red, jelly red C, skip, reroll, keep, gem blue, "
          "dolphin blue, shark blue, pass, draw, draw A or take i")
_ROW_WORDS = {"i": "i", "inner": "i", "in": "i", "o": "o", "outer": "o", "out": "o"}
_FISH_WORDS = {"green": "green", "g": "green", "red": "red", "r": "red", "yellow": "yellow",
               "y": "yellow"}
_GEM_WORDS = {c: c for c in GEM_COLOURS} | {"b": "blue", "w": "white", "g": "green", "r": "red",
                                          "p": "purple", "y": "yellow"}
_ANIMAL_WORDS = {k.lower(): k for k in ANIMALS} | dict(ANIMAL_LETTER)
_SIDE_WORDS = {"a": "A", "b": "B"}


def _quote(text: Any, limit: int = 24) -> str:
    """Bad input as quoted in an error: one line, short."""
    flat = " ".join(str(text).split()) or "(nothing)"
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_move(text: Any) -> KraquaMove:
    """Read a move (syntax only); raise ``InvalidMove`` that names the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    tokens = english("kraqua", text).strip().lower().split()  # German and Danish words as well
    if not tokens:
        raise InvalidMove(_("empty move: {help}", help=_HELP))
    kind, args = tokens[0], tokens[1:]
    shown = _quote(text)
    if kind not in KINDS:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=_HELP))

    def need(n_min: int, n_max: int, example: str | Text) -> None:
        if not n_min <= len(args) <= n_max:
            raise InvalidMove(_("could not read '{text}': write it like {example}", text=shown,
                                example=example))

    def word(table: Mapping[str, str], token: str, what: Text, example: str) -> str:
        found = table.get(token)
        if found is None:
            raise InvalidMove(_("'{text}' is not {what}: write it like {example}",
                                text=_quote(token), what=what, example=example))
        return found

    a_row = _("a reef row (i or o)")
    a_fish = _("a fish (green, red, yellow)")
    a_side = _("a tile side (A or B)")

    if kind in ("skip", "reroll", "keep", "pass"):
        need(0, 0, kind)
        return KraquaMove(kind)
    if kind == "lay":
        need(1, 1, _("{a} or {b}", a="lay i", b="lay o"))
        return KraquaMove(kind, row=word(_ROW_WORDS, args[0], a_row, "lay i"))
    if kind in ("fish", "shell"):
        need(1, 1, f"{kind} red")
        return KraquaMove(kind, fish=word(_FISH_WORDS, args[0], a_fish, f"{kind} red"))
    if kind == "jelly":
        need(2, 2, "jelly red C")
        return KraquaMove(kind, fish=word(_FISH_WORDS, args[0], a_fish, "jelly red C"),
                          animal=word(_ANIMAL_WORDS, args[1], _("an animal (T, S, J, C)"),
                                      "jelly red C"))
    if kind in ("gem", "dolphin", "shark"):
        need(1, 1, f"{kind} blue")
        return KraquaMove(kind, gem=word(_GEM_WORDS, args[0], _("a gem colour"), f"{kind} blue"))
    if kind == "draw":
        need(0, 1, _("{a} or {b}", a="draw", b="draw A"))
        side = word(_SIDE_WORDS, args[0], a_side, "draw A") if args else None
        return KraquaMove(kind, side=side)
    # take
    need(1, 2, _("{a} or {b}", a="take i", b="take o"))
    row = word(_ROW_WORDS, args[0], a_row, "take i")
    side = word(_SIDE_WORDS, args[1], a_side, "take i A") if len(args) > 1 else None
    return KraquaMove(kind, row=row, side=side)


# ----- events -----------------------------------------------------------------------------------


class Seat(str):
    """A seat id inside an event sentence: each reader sees a name there (or "them")."""


def record(event: Text) -> list[str]:
    """An event as kept in ``state.last`` (and the view): the English sentence with ``{}`` for
    each seat, then the seats, e.g. ``["no tile is left for {}: ...", "bob"]``."""
    seats = [v for v in event.params.values() if isinstance(v, Seat)]
    if not seats:
        return [str(event)]
    blank = {k: "{}" if isinstance(v, Seat) else v for k, v in event.params.items()}
    return [str(Text(event.domain, event.msgid, blank, event.plural, event.n)), *map(str, seats)]


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
    phase: str = "turn"  # "turn" | "draw" | "steal" | "over"
    current: str | None = None  # the seat whose turn is under way
    step: str | None = None  # within a turn: lay, move, reroll, gem, special
    turn_tile: Tile | None = None  # the tile of the turn under way
    laid: bool = False  # the turn's tile lies in a row (else it goes to the box)
    moved: str | None = None  # the fish moved this turn
    roll: str | None = None  # a die result waiting for the seahorse's reroll or keep
    queue: list[str] = field(default_factory=list)  # round end: seats still to draw
    drawing: int | None = None  # the turtle's drawn tile, side still to choose
    steal: list[str] = field(default_factory=list)  # round end: fish still to be robbed for
    last_mover: str | None = None
    status: str = "running"  # running | won | almost | lost
    reason: str = ""
    resigned: str | None = None
    last: dict[str, Any] | None = None  # {"player", "move", "events"}: what the last move did

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
            last=None if self.last is None else {
                "player": self.last["player"], "move": self.last["move"],
                "events": [list(e) for e in self.last["events"]]},
        )

    @property
    def over(self) -> bool:
        return self.status != "running"


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


def next_spot(state: KraquaState, row: str) -> int | None:
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
                           order=colours(order))
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


# ----- the game -----------------------------------------------------------------------------------


class Kraqua(Game[KraquaState, KraquaMove]):
    id = "kraqua"
    title = "Kraqua"
    min_players = 1
    max_players = 4
    options = {
        "level": Option(("1", "2", "3", "pro"), "1",
                        _("1: 2 shells, 12 tiles; 2: 1 shell; 3: 1 shell, 11 tiles; "
                          "pro: 0 shells, 10 tiles")),
    }
    summary = _(
        "**Kraqua** — 1–4 seats, cooperative: bring the three fish (green, red, yellow) from the "
        "start through three magic gates into the goal before Kraqua the octopus steals "
        "{limit} gems.\n"
        "**Tiles:** `7A #~#` is tile 7, side A: its three cells along the path, `#` reef, `~` "
        "water (`###` all reef, `#~#` water in the middle). A field is protected when the tiles "
        "on both sides show `#` there.\n"
        "**Rounds:** every seat with a reef tile plays once per round, in any order. A turn:\n"
        "1. `lay i` / `lay o`: lay your tile at the front of the inner or outer reef row.\n"
        "2. `fish red`: move a fish to the next free field with your tile's animal. "
        "`shell red`: pay a shell and use your chip's animal. Jellyfish chip: `jelly red C`, "
        "pay a shell and pick any animal. `skip` if nothing can move.\n"
        "3. A fish that ends unprotected is robbed: the die sends a gem from the chest to the "
        "cave (`gem blue` picks one when the colour is gone).\n"
        "4. Shell field: +1 shell (max 6). Dolphin: `dolphin purple` pays a shell to hide a gem. "
        "Shark, only while the cave holds a gem the hideout still needs: `shark blue` pays a "
        "shell to bring a cave gem back. `pass` declines.\n"
        "**Round end:** everyone draws (`draw`; empty stack: `take i`/`take o`, the rearmost "
        "tile of a row, also its only one), then Kraqua robs every unprotected fish.\n"
        "**Gates:** fish pass each gate in its order (hat, colour or size), no cutting in line. "
        "After gate 1 the stack is lost, the path grows to 40; after gate 2 the tiles on "
        "spots 1–8 are lost, the goal opens.\n"
        "**Chips:** seahorse `reroll`/`keep`; crab: a paid shell may flip back; turtle picks "
        "the side of drawn tiles (`draw A`); jellyfish: free choice.\n"
        "**End:** all fish in the goal: won if the hideout holds its gems, else almost won.",
        limit=CAVE_LIMIT)

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> KraquaState:
        rng = Rng(seed)
        shells, tiles = LEVELS[options["level"]]
        chips = list(CHIPS)
        rng.shuffle(chips)
        stack = list(tiles)
        rng.shuffle(stack)
        criteria = list(CRITERIA)
        rng.shuffle(criteria)
        gates = [(c, rng.randbelow(2) == 1) for c in criteria]
        hideout = rng.randbelow(len(HIDEOUTS))
        hands: dict[str, Tile | None] = {}
        for p in players:
            number = stack.pop()
            hands[p] = (number, SIDES[rng.randbelow(2)])
        return KraquaState(
            players=tuple(players),
            level=options["level"],
            chips={p: chips[i] for i, p in enumerate(players)},
            tiles=hands,
            fish={c: START[i] for i, c in enumerate(FISH)},
            rows={r: {} for r in ROWS},
            fronts={r: 0 for r in ROWS},
            stack=stack,
            box=[],
            shells=shells,
            gems={"chest": dict(GEMS), "cave": {c: 0 for c in GEM_COLOURS},
                  "hideout": {c: 0 for c in GEM_COLOURS}},
            gates=gates,
            revealed=1,
            passed=[[]],
            hideout=hideout,
            rng=rng.state,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: KraquaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: KraquaState) -> frozenset[str]:
        if state.over:
            return frozenset()
        if state.phase == "turn":
            if state.current is not None:
                return frozenset({state.current})
            return frozenset(p for p in state.players
                             if state.tiles[p] is not None and p not in state.played)
        if state.phase == "draw":
            return frozenset({state.queue[0]})
        if state.phase == "steal":
            assert state.last_mover is not None
            return frozenset({state.last_mover})
        return frozenset()

    def step_of(self, state: KraquaState, player: str) -> str | None:
        """The kind of decision ``player`` faces now (None if they may not act)."""
        if player not in self.to_act(state):
            return None
        if state.phase == "turn":
            if state.current == player:
                return state.step
            return "lay" if spot_available(state) else "move"
        if state.phase == "draw":
            return "draw" if state.stack or state.drawing is not None else "take"
        return "gem"

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> KraquaMove:
        return parse_move(text)

    def format_move(self, move: KraquaMove) -> str:
        return str(move)

    # ----- legal moves ----------------------------------------------------------------------

    def legal_moves(self, state: KraquaState, player: str) -> list[str]:
        step = self.step_of(state, str(player))
        if step is None:
            return []
        player = str(player)
        if step == "lay":
            return [f"lay {r}" for r in ROWS if next_spot(state, r) is not None]
        if step == "move":
            return self._move_options(state, player)
        if step == "reroll":
            return ["reroll", "keep"]
        if step == "gem":
            return [f"gem {c}" for c in GEM_COLOURS if state.gems["chest"][c] > 0]
        if step == "special":
            kind = special(state.fish[state.moved]) if state.moved else None
            if kind == "dolphin":
                return [f"dolphin {c}" for c in GEM_COLOURS if state.gems["chest"][c] > 0] + ["pass"]
            if not shark_usable(state):
                return ["pass"]  # only a state saved under the old rule stops here
            return [f"shark {c}" for c in GEM_COLOURS if state.gems["cave"][c] > 0] + ["pass"]
        turtle = state.chips[player] == "turtle"
        if step == "draw":
            return ["draw A", "draw B"] if turtle else ["draw"]
        out = []
        for r in ROWS:
            if state.rows[r]:
                out += [f"take {r} A", f"take {r} B"] if turtle else [f"take {r}"]
        return out

    def _turn_tile(self, state: KraquaState, player: str) -> Tile:
        if state.current == player and state.turn_tile is not None:
            return state.turn_tile
        tile = state.tiles[player]
        assert tile is not None
        return tile

    def _move_options(self, state: KraquaState, player: str) -> list[str]:
        animal = tile_animal(*self._turn_tile(state, player))
        moves = [f"fish {c}" for c in free_moves(state, animal)]
        free = bool(moves)
        if state.shells > 0:
            chip = chip_letter(state, player)
            if chip != animal:
                moves += [f"shell {c}" for c in free_moves(state, chip)]
            if state.chips[player] == "jellyfish":
                for a in ANIMALS:
                    if a not in (animal, chip):
                        moves += [f"jelly {c} {a}" for c in free_moves(state, a)]
        if not free:
            moves.append("skip")
        return moves

    # ----- applying moves -------------------------------------------------------------------

    def _apply(self, state: KraquaState, player: str, move: KraquaMove) -> KraquaState:
        return self._play(state, player, move)[0]

    def _play(self, state: KraquaState, player: str, move: KraquaMove
              ) -> tuple[KraquaState, list[Text]]:
        """The state after ``move`` and what happened, as sentences (seats as :class:`Seat`)."""
        step = self.step_of(state, player)
        assert step is not None  # check_can_act ran first
        if move.kind not in STEP_KINDS[step]:
            raise IllegalMove(_("{move} is not possible now: {hint}", move=str(move),
                                hint=self._hint(state, player, step)))
        new = state.copy()
        events: list[Text] = []
        rng = Rng(new.rng)
        if new.phase == "turn" and new.current is None:
            new.current = player
            new.step = step
            new.turn_tile = new.tiles[player]
            new.laid = False
        handler = getattr(self, f"_do_{move.kind}")
        handler(new, player, move, rng, events)
        new.rng = rng.state
        self._advance(new, rng, events)
        new.rng = rng.state
        new.last = {"player": player, "move": str(move), "events": [record(e) for e in events]}
        return new, events

    def _hint(self, state: KraquaState, player: str, step: str) -> Text:
        moves = self.legal_moves(state, player)
        shown = ", ".join(moves[:4]) + (", …" if len(moves) > 4 else "")
        what = {
            "lay": _("lay your tile first"),
            "move": _("move a fish"),
            "reroll": _("reroll or keep the die"),
            "gem": _("choose the gem Kraqua takes"),
            "special": _("use the special field or pass"),
            "draw": _("draw a reef tile"),
            "take": _("the stack is empty: take the rearmost tile of a row"),
        }[step]
        return _("{what} ({moves})", what=what, moves=shown)

    # each _do_* checks legality against the already-copied state and changes it in place

    def _do_lay(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                ev: list[Text]) -> None:
        assert m.row is not None
        spot = next_spot(s, m.row)
        if spot is None:
            other = [r for r in ROWS if next_spot(s, r) is not None]
            words = dict(row=ROW_WORDS[m.row], front=s.fronts[m.row])
            if other:
                raise IllegalMove(_("the {row} row has no free spot on the revealed board (front "
                                    "at spot {front}): {move}", move=lay(other[0]), **words))
            raise IllegalMove(_("the {row} row has no free spot on the revealed board (front at "
                                "spot {front})", **words))
        tile = s.turn_tile
        assert tile is not None
        s.rows[m.row][spot] = tile
        s.fronts[m.row] = spot
        s.tiles[player] = None
        s.laid = True
        s.step = "move"
        ev.append(_("laid {tile} on {row} spot {spot}", tile=tile_text(tile), row=ROW_WORDS[m.row],
                    spot=spot))

    def _do_fish(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        animal = tile_animal(*self._turn_tile(s, player))
        self._move_fish(s, player, m, animal, False, rng, ev)

    def _do_shell(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                  ev: list[Text]) -> None:
        chip = chip_letter(s, player)
        animal = tile_animal(*self._turn_tile(s, player))
        if chip == animal:
            raise IllegalMove(_("your chip shows the tile's animal ({animal}): move for free with "
                                "{move}", animal=animal_name(chip), move=m.spelled("fish")))
        self._move_fish(s, player, m, chip, True, rng, ev)

    def _do_jelly(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                  ev: list[Text]) -> None:
        if s.chips[player] != "jellyfish":
            raise IllegalMove(_("only the jellyfish chip may choose the animal (yours is the "
                                "{chip}): write {fish} or {shell}", chip=chip_name(s.chips[player]),
                                fish=m.spelled("fish"), shell=m.spelled("shell")))
        assert m.animal is not None
        animal = tile_animal(*self._turn_tile(s, player))
        if m.animal == animal:
            raise IllegalMove(_("{animal} is your tile's animal: move for free with {move}",
                                animal=animal_name(animal), move=m.spelled("fish")))
        if m.animal == "J":
            raise IllegalMove(_("the jellyfish is your chip's animal: write {move}",
                                move=m.spelled("shell")))
        self._move_fish(s, player, m, m.animal, True, rng, ev)

    def _do_skip(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        animal = tile_animal(*self._turn_tile(s, player))
        movable = free_moves(s, animal)
        if movable:
            raise IllegalMove(_("a fish can move {by}, so you must move one: {move}",
                                by=WITH_ANIMAL[animal],
                                move=str(KraquaMove("fish", fish=movable[0]))))
        ev.append(_("could not move a fish {by}", by=WITH_ANIMAL[animal]))
        self._end_turn(s, player, ev)

    def _move_fish(self, s: KraquaState, player: str, m: KraquaMove, animal: str, pays: bool,
                   rng: Rng, ev: list[Text]) -> None:
        assert m.fish is not None
        if pays and s.shells < 1:
            raise IllegalMove(_("the team has no shell to pay for {move}: move with your tile "
                                "(fish …) instead", move=str(m)))
        dest, why = target(s, m.fish, animal)
        if dest is None:
            raise IllegalMove(why)
        start = s.fish[m.fish]
        gate = s.revealed - 1
        s.fish[m.fish] = dest
        s.moved = m.fish
        how = WITH_ANIMAL[animal]
        if m.kind == "shell":
            how = _("{by} (shell move)", by=how)
        elif m.kind == "jelly":
            how = _("{by} (jellyfish, a shell)", by=how)
        words = dict(fish=FISH_WORDS[m.fish], by=how, src=field_name(start), dst=field_name(dest))
        if start <= GATE_AFTER[gate] < dest:
            s.passed[gate].append(m.fish)
            ev.append(_("moved {fish} {by} from {src} to {dst}, through gate {gate}",
                        gate=gate + 1, **words))
        else:
            ev.append(_("moved {fish} {by} from {src} to {dst}", **words))
        if pays:
            self._pay_shell(s, player, rng, ev)
        if is_protected(s, dest):
            ev.append(_("it is protected"))
            self._after_check(s, player, ev)
            return
        colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
        if s.chips[player] == "seahorse":
            s.roll = colour
            s.step = "reroll"
            ev.append(_("it is unprotected: Kraqua rolls {colour}", colour=COLOUR_WORDS[colour]))
            return
        ev.append(_("it is unprotected: Kraqua rolls {colour}", colour=COLOUR_WORDS[colour]))
        if self._rob(s, colour, ev):
            self._after_check(s, player, ev)

    def _pay_shell(self, s: KraquaState, player: str, rng: Rng, ev: list[Text]) -> None:
        s.shells -= 1
        if s.chips[player] == "crab":
            if rng.randbelow(2) == 0:
                s.shells += 1
                ev.append(_("the crab flips the shell: it lands shell up and stays"))
            else:
                ev.append(_("the crab flips the shell: water side, it is gone"))

    def _rob(self, s: KraquaState, colour: str, ev: list[Text]) -> bool:
        """Move a ``colour`` gem to the cave; False if the game ended or a choice is due."""
        chest = s.gems["chest"]
        if sum(chest.values()) == 0:
            self._finish(s, "lost", "chest")
            ev.append(_("the chest is empty: Kraqua has everything. The game is lost"))
            return False
        if chest[colour] == 0:
            s.step = "gem"
            ev.append(_("no {colour} gem left in the chest: a gem must be chosen",
                        colour=COLOUR_WORDS[colour]))
            return False
        self._to_cave(s, colour, ev)
        return not s.over

    def _to_cave(self, s: KraquaState, colour: str, ev: list[Text]) -> None:
        s.gems["chest"][colour] -= 1
        s.gems["cave"][colour] += 1
        cave = sum(s.gems["cave"].values())
        ev.append(_("a {colour} gem goes to Kraqua's cave ({cave}/{limit})",
                    colour=COLOUR_WORDS[colour], cave=cave, limit=s.cave_limit))
        if cave >= s.cave_limit:
            self._finish(s, "lost", "cave")
            ev.append(_("Kraqua's cave is full: the game is lost"))

    def _do_reroll(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                   ev: list[Text]) -> None:
        colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
        s.roll = None
        ev.append(_("the seahorse rolls again: {colour}", colour=COLOUR_WORDS[colour]))
        if self._rob(s, colour, ev):
            self._after_check(s, player, ev)

    def _do_keep(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        colour = s.roll
        assert colour is not None
        s.roll = None
        ev.append(_("keeps {colour}", colour=COLOUR_WORDS[colour]))
        if self._rob(s, colour, ev):
            self._after_check(s, player, ev)

    def _do_gem(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                ev: list[Text]) -> None:
        assert m.gem is not None
        if s.gems["chest"][m.gem] == 0:
            left = [c for c in GEM_COLOURS if s.gems["chest"][c] > 0]
            raise IllegalMove(_("there is no {colour} gem in the chest: choose one of {left}",
                                colour=COLOUR_WORDS[m.gem], left=colours(left)))
        ev.append(_("chose {colour} for Kraqua", colour=COLOUR_WORDS[m.gem]))
        self._to_cave(s, m.gem, ev)
        if s.over:
            return
        if s.phase == "steal":
            s.step = None
            s.steal.pop(0)
        else:
            self._after_check(s, player, ev)

    def _after_check(self, s: KraquaState, player: str, ev: list[Text]) -> None:
        """Step 4, the special field the moved fish ended on, then the end of the turn."""
        assert s.moved is not None
        kind = special(s.fish[s.moved])
        if kind == "shell":
            if s.shells < MAX_SHELLS:
                s.shells += 1
                ev.append(_("shell field: the team gains a shell ({shells})", shells=s.shells))
            else:
                ev.append(_("shell field, but the team holds {max} shells already", max=MAX_SHELLS))
        elif kind == "dolphin" and s.shells > 0 and sum(s.gems["chest"].values()) > 0:
            s.step = "special"
            ev.append(_("dolphin field: a shell may hide a gem"))
            return
        elif kind == "shark" and s.shells > 0 and shark_usable(s):
            s.step = "special"
            ev.append(_("shark field: a shell may win a gem back"))
            return
        elif kind == "shark" and s.shells > 0 and sum(s.gems["cave"].values()) > 0:
            ev.append(_("shark field, but Kraqua's cave holds no gem the hideout still needs "
                        "({needs})", needs=colours(still_needed(s))))
        self._end_turn(s, player, ev)

    def _special_kind(self, s: KraquaState, m: KraquaMove) -> None:
        kind = special(s.fish[s.moved]) if s.moved else None
        if m.kind != kind:
            fish = FISH_WORDS.get(s.moved or "", "?")
            if kind == "dolphin":
                raise IllegalMove(_("{fish} is on a dolphin field, not a shark field: write "
                                    "dolphin <colour> or pass", fish=fish))
            raise IllegalMove(_("{fish} is on a shark field, not a dolphin field: write "
                                "shark <colour> or pass", fish=fish))

    def _do_dolphin(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                    ev: list[Text]) -> None:
        self._special_kind(s, m)
        assert m.gem is not None
        if s.gems["chest"][m.gem] == 0:
            left = [c for c in GEM_COLOURS if s.gems["chest"][c] > 0]
            raise IllegalMove(_("there is no {colour} gem in the chest to hide: choose one of "
                                "{left}", colour=COLOUR_WORDS[m.gem], left=colours(left)))
        s.gems["chest"][m.gem] -= 1
        s.gems["hideout"][m.gem] += 1
        ev.append(_("the dolphin takes a {colour} gem to the hideout", colour=COLOUR_WORDS[m.gem]))
        self._pay_shell(s, player, rng, ev)
        self._end_turn(s, player, ev)

    def _do_shark(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                  ev: list[Text]) -> None:
        self._special_kind(s, m)
        assert m.gem is not None
        if not shark_usable(s):
            raise IllegalMove(_("{move} is refused: the shark helps only while Kraqua's cave holds "
                                "a gem the hideout still needs ({needs}); write pass",
                                move=str(m), needs=colours(still_needed(s))))
        if s.gems["cave"][m.gem] == 0:
            left = [c for c in GEM_COLOURS if s.gems["cave"][c] > 0]
            raise IllegalMove(_("there is no {colour} gem in the cave: choose one of {left}",
                                colour=COLOUR_WORDS[m.gem], left=colours(left)))
        s.gems["cave"][m.gem] -= 1
        s.gems["chest"][m.gem] += 1
        ev.append(_("the shark brings a {colour} gem back from the cave to the chest",
                    colour=COLOUR_WORDS[m.gem]))
        self._pay_shell(s, player, rng, ev)
        self._end_turn(s, player, ev)

    def _do_pass(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        ev.append(_("passed on the special field"))
        self._end_turn(s, player, ev)

    def _end_turn(self, s: KraquaState, player: str, ev: list[Text]) -> None:
        if not s.laid and s.turn_tile is not None:
            s.box.append(s.turn_tile[0])
            s.tiles[player] = None
            ev.append(_("no reef spot was free: tile {tile} goes to the box", tile=s.turn_tile[0]))
        s.played.append(player)
        s.last_mover = player
        s.current = None
        s.step = None
        s.turn_tile = None
        s.laid = False
        s.moved = None
        s.roll = None
        if all(pos in GOAL for pos in s.fish.values()):
            self._finish(s, "won" if self._hidden_all(s) else "almost", "goal")
            ev.append(_("all three fish are in the goal"))  # the sentence ends with the move
            return
        if all(t is None for t in s.tiles.values()):
            self._round_end(s, ev)

    def _hidden_all(self, s: KraquaState) -> bool:
        return all(s.gems["hideout"][c] > 0 for c in needed(s))

    # ----- round end ------------------------------------------------------------------------

    def _round_end(self, s: KraquaState, ev: list[Text]) -> None:
        assert s.last_mover is not None
        i = s.players.index(s.last_mover)
        s.phase = "draw"
        s.queue = list(s.players[i:] + s.players[:i])
        ev.append(_("round {round} is over: everyone draws a tile, the last mover first",
                    round=s.round))

    def _do_draw(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        turtle = s.chips[player] == "turtle"
        if turtle and m.side is None:
            raise IllegalMove(_("you hold the turtle: choose the side of tile {tile}, {a} or {b}",
                                tile=s.drawing, a="draw A", b="draw B"))
        if not turtle and m.side is not None:
            raise IllegalMove(_("only the turtle chooses the side of a drawn tile: write {move}",
                                move="draw"))
        if turtle:
            assert s.drawing is not None and m.side is not None
            tile: Tile = (s.drawing, m.side)
            s.drawing = None
        else:
            tile = (s.stack.pop(), SIDES[rng.randbelow(2)])
        s.tiles[player] = tile
        s.queue.pop(0)
        ev.append(_("drew {tile}", tile=tile_text(tile)))

    def _do_take(self, s: KraquaState, player: str, m: KraquaMove, rng: Rng,
                 ev: list[Text]) -> None:
        assert m.row is not None
        turtle = s.chips[player] == "turtle"
        spot = rear_spot(s, m.row)
        if spot is None:
            other = [r for r in ROWS if s.rows[r]]
            if other:
                raise IllegalMove(_("the {row} row is empty: {move}", row=ROW_WORDS[m.row],
                                    move=str(KraquaMove("take", row=other[0]))))
            raise IllegalMove(_("the {row} row is empty", row=ROW_WORDS[m.row]))
        if turtle and m.side is None:
            raise IllegalMove(_("you hold the turtle: choose the side too, {a} or {b}",
                                a=m.spelled("take", side="A"), b=m.spelled("take", side="B")))
        if not turtle and m.side is not None:
            raise IllegalMove(_("only the turtle may turn a taken tile: write {move}",
                                move=m.spelled("take", side=None)))
        number, side = s.rows[m.row].pop(spot)
        tile: Tile = (number, m.side or side)
        s.tiles[player] = tile
        s.queue.pop(0)
        ev.append(_("took the rearmost tile of the {row} row (spot {spot}): {tile}",
                    row=ROW_WORDS[m.row], spot=spot, tile=tile_text(tile)))

    def _advance(self, s: KraquaState, rng: Rng, ev: list[Text]) -> None:
        """Run everything that needs no decision: sit-outs, Kraqua's theft, board changes."""
        while not s.over:
            if s.phase == "draw":
                if not s.queue:
                    s.phase = "steal"
                    s.steal = [c for c in FISH if not is_protected(s, s.fish[c])]
                    if s.steal:
                        ev.append(_n("Kraqua robs {n} unprotected fish: {fish}",
                                     "Kraqua robs {n} unprotected fish: {fish}", len(s.steal),
                                     fish=colours(s.steal)))
                    continue
                head = s.queue[0]
                if s.stack:
                    if s.chips[head] == "turtle" and s.drawing is None:
                        s.drawing = s.stack.pop()
                        ev.append(_("the turtle draws tile {tile} and picks its side",
                                    tile=s.drawing))
                    return
                if s.drawing is not None or any(s.rows[r] for r in ROWS):
                    return
                s.queue.pop(0)
                ev.append(_("no tile is left for {seat}: they sit out the next round",
                            seat=Seat(head)))
                continue
            if s.phase == "steal":
                if s.step == "gem":
                    return
                if s.steal:
                    colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
                    ev.append(_("Kraqua's die shows {colour}", colour=COLOUR_WORDS[colour]))
                    if self._rob(s, colour, ev):
                        s.steal.pop(0)
                    elif s.step == "gem":
                        ev.append(_("the last mover chooses the gem"))
                    continue
                self._board_change(s, ev)
                self._new_round(s, ev)
            return

    def _board_change(self, s: KraquaState, ev: list[Text]) -> None:
        gate = s.revealed - 1
        if len(s.passed[gate]) < len(FISH) or s.revealed >= 3:
            return
        if s.revealed == 1:
            lost = len(s.stack)
            s.box.extend(s.stack)
            s.stack = []
            ev.append(_n("all fish passed gate 1: the board unfolds to field 40 and gate 2 "
                         "shows; {n} tile of the stack is lost",
                         "all fish passed gate 1: the board unfolds to field 40 and gate 2 "
                         "shows; {n} tiles of the stack are lost", lost))
        else:
            lost = 0
            for r in ROWS:
                for spot in [k for k in s.rows[r] if k <= 8]:
                    s.box.append(s.rows[r].pop(spot)[0])
                    lost += 1
            ev.append(_n("all fish passed gate 2: the board folds, the goal and gate 3 show; "
                         "{n} tile on spots 1-8 is lost",
                         "all fish passed gate 2: the board folds, the goal and gate 3 show; "
                         "{n} tiles on spots 1-8 are lost", lost))
        s.revealed += 1
        s.passed.append([])
        criterion, reverse = s.gates[s.revealed - 1]
        ev.append(_("gate {gate} ({criterion}): {order}", gate=s.revealed,
                    criterion=CRITERION_WORDS[criterion], order=colours(gate_of(s, s.revealed - 1))))

    def _new_round(self, s: KraquaState, ev: list[Text]) -> None:
        s.phase = "turn"
        s.step = None
        s.steal = []
        s.played = []
        s.round += 1
        if all(t is None for t in s.tiles.values()):
            self._finish(s, "lost", "tiles")
            ev.append(_("no seat holds a reef tile any more: the fish are stuck. The game is lost"))
            return
        ev.append(_("round {round} begins", round=s.round))

    def _finish(self, s: KraquaState, status: str, reason: str) -> None:
        s.status = status
        s.reason = reason
        s.phase = "over"
        s.current = None
        s.step = None
        s.queue = []
        s.steal = []
        s.roll = None

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KraquaState) -> Result | None:
        if not state.over:
            return None
        kept = sum(state.gems["chest"].values()) + sum(state.gems["hideout"].values())
        scores = {p: kept for p in state.players}
        winners = state.players if state.status == "won" else ()
        detail: dict[str, Any] = {
            "gems": {place: dict(c) for place, c in state.gems.items()},
            "hideout_goal": list(needed(state)),
            "missing": [c for c in needed(state) if state.gems["hideout"][c] == 0],
            "cave": sum(state.gems["cave"].values()),
            "cave_limit": state.cave_limit,
            "rounds": state.round,
            "level": state.level,
            "why": state.reason,
        }
        if state.resigned is not None:
            detail["resigned"] = state.resigned
            return Result(scores, (), outcome="lost", reason="resigned", detail=detail)
        return Result(scores, tuple(winners), outcome=state.status, reason="end", detail=detail)

    # ----- what the bot offers ---------------------------------------------------------------

    multi_seat = True  # one person may hold several seats of the team

    def buttons(self, state: KraquaState, player: str, path: str = "") -> list[Button]:
        """The legal steps of the turn, labelled like the autocomplete.

        Unlike autocomplete they are not ranked by the team's planner: buttons are drawn
        for every seat after every move, so they must stay cheap (the planner is ~80 ms).
        """
        if path:
            return []
        from .policy import label  # local: the policy module imports this one

        step = self.step_of(state, player)
        return [Button(label(self, state, player, move, step), move)
                for move in self.legal_moves(state, player)[:25]]

    def turn_complete(self, before: KraquaState, after: KraquaState, player: str) -> bool:
        """A seat's turn (lay, move, re-roll, colour, special field) reaches the channel once
        it is over; so does the turtle's side choice after its draw."""
        if after.phase == "turn" and after.current == player:
            return False
        return not (after.phase == "draw" and after.drawing is not None
                    and after.queue and after.queue[0] == player)

    def seat_tag(self, state: KraquaState, player: str) -> Text | None:
        """Seats are told apart by their chip's animal: "hana (seahorse)"."""
        chip = state.chips.get(player)
        return chip_name(chip) if chip else None

    def auto_move(self, state: KraquaState, player: str) -> str | None:
        """A single option plays itself, but never a draw or a re-roll: what they show is the
        player's to uncover when they choose."""
        move = super().auto_move(state, player)
        if move is None or move.split()[0] in ("draw", "reroll"):
            return None
        return move

    def pass_move(self, state: KraquaState, player: str) -> str | None:
        """Declining what can be declined: a special field, a re-roll, a move that can't be made."""
        legal = self.legal_moves(state, player)
        return next((m for m in ("pass", "keep", "skip") if m in legal), None)

    def result_lines(self, result: Result, names: Mapping[str, str]) -> list[Text]:
        d = result.detail
        if "gems" not in d:
            return []
        count = {place: sum(c.values()) for place, c in d["gems"].items()}
        lines = [_n("Gems: chest {chest} · Kraqua's cave {cave}/{limit} · hideout {hideout} "
                    "(goal: {goal}) · after {n} round.",
                    "Gems: chest {chest} · Kraqua's cave {cave}/{limit} · hideout {hideout} "
                    "(goal: {goal}) · after {n} rounds.", d["rounds"], chest=count["chest"],
                    cave=d["cave"], limit=d["cave_limit"], hideout=count["hideout"],
                    goal=colours(d["hideout_goal"]))]
        if d.get("missing") and result.outcome != "won":
            lines.append(_("Missing in the hideout: {gems}.", gems=colours(d["missing"])))
        return lines

    def why_not_undo(self, before: KraquaState, after: KraquaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Chance here is a drawn tile, a gate turned over, or the dice."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if len(after.stack) < len(before.stack):
            return _("a tile was drawn from the stack")
        if after.revealed > before.revealed:
            return _("a new gate was turned over")
        return _("the dice decided it")

    def resign(self, state: KraquaState, player: str) -> KraquaState:
        """The team gives up together: a cooperative game ends lost for every seat."""
        if state.over:
            raise GameOver(_("the game is over already"))
        if player not in state.players:
            raise IllegalMove(_("{player} is not playing in this game", player=player))
        new = state.copy()
        self._finish(new, "lost", "resigned")
        new.resigned = player
        new.last = {"player": player, "move": "resign",
                    "events": [record(_("gave up for the team"))]}
        return new

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: KraquaState, player: str | None = None) -> dict[str, Any]:
        result = self.result(state)
        gates = []
        for i in range(state.revealed):
            criterion, reverse = state.gates[i]
            gates.append({"gate": i + 1, "criterion": criterion,
                          "order": list(gate_of(state, i)), "passed": list(state.passed[i]),
                          "after": GATE_AFTER[i]})
        end = PATH_END[state.revealed]
        protected = [field_name(f) for f in range(1, min(end, 40) + 1) if is_protected(state, f)]
        return {
            "game": self.id,
            "level": state.level,
            "players": list(state.players),
            "chips": dict(state.chips),
            "tiles": {p: (list(t) if t is not None else None) for p, t in state.tiles.items()},
            "fish": {c: field_name(pos) for c, pos in state.fish.items()},
            "rows": {r: {str(k): list(t) for k, t in sorted(spots.items())}
                     for r, spots in state.rows.items()},
            "fronts": dict(state.fronts),
            "next_spots": {r: next_spot(state, r) for r in ROWS},
            "shells": state.shells,
            "max_shells": MAX_SHELLS,
            "gems": {place: dict(state.gems[place]) for place in PLACES},
            "cave_limit": state.cave_limit,
            "hideout_goal": list(needed(state)),
            "gates": gates,
            "revealed": state.revealed,
            "path_end": field_name(end),
            "protected": protected,
            "stack": len(state.stack),
            "box": len(state.box),
            "round": state.round,
            "played": [p for p in state.players if p in state.played],
            "to_act": sorted(self.to_act(state), key=state.players.index),
            "phase": state.phase,
            "current": state.current,
            "step": state.step,
            "turn_tile": list(state.turn_tile) if state.turn_tile is not None else None,
            "moved": state.moved,
            "roll": state.roll,
            "drawing": state.drawing,
            "draw_queue": list(state.queue),
            "last_mover": state.last_mover,
            "last": None if state.last is None else {
                "player": state.last["player"], "move": state.last["move"],
                "events": [list(e) for e in state.last["events"]]},
            "status": state.status,
            "result": result.to_dict() if result else None,
        }

    def resample(self, state: KraquaState, player: str | None, seed: int | str) -> KraquaState:
        """Redraw what nobody sees: the stack order, the gates still face down, future dice."""
        new = state.copy()
        rng = Rng(seed_to_int(seed) ^ 0x5DEECE66D)
        rng.shuffle(new.stack)
        hidden = [c for c, _rev in new.gates[new.revealed:]]
        rng.shuffle(hidden)
        new.gates = new.gates[:new.revealed] + [(c, rng.randbelow(2) == 1) for c in hidden]
        new.rng = rng.next64()
        return new

    # ----- words ----------------------------------------------------------------------------

    @staticmethod
    def format_events(events: Sequence[Sequence[str]], names: Mapping[str, str] | None,
                      mover: str | None = None) -> str:
        """Recorded events (``state.last``) as one English sentence, for the image; seats by
        name, the mover as "them". :meth:`describe` says the same in the reader's language."""
        names = names or {}
        parts = []
        for event in events:
            template, seats = event[0], list(event[1:])
            pieces = template.split("{}")
            text = pieces[0]
            for k, piece in enumerate(pieces[1:]):
                seat = seats[k] if k < len(seats) else "?"
                who = "them" if seat == mover else f"**{names.get(seat, seat)}**"
                text += who + piece
            parts.append(text)
        return "; ".join(parts)

    @staticmethod
    def say_events(events: Sequence[Text], names: Mapping[str, str] | None,
                   mover: str | None = None) -> Text | None:
        """Events as one sentence; seats by name, the mover as "them" (the bot names them)."""
        names = names or {}
        text: Text | None = None
        for event in events:
            if any(isinstance(v, Seat) for v in event.params.values()):
                params = {k: (_("them") if v == mover else _("**{name}**", name=names.get(v, v)))
                          if isinstance(v, Seat) else v for k, v in event.params.items()}
                event = Text(event.domain, event.msgid, params, event.plural, event.n)
            text = event if text is None else _("{a}; {b}", a=text, b=event)
        return text

    def describe(self, before: KraquaState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        try:
            self.check_can_act(before, player)
            after, events = self._play(before, str(player), self.parse_move(move))
        except IllegalMove:
            return _("played {move}", move=self.normalize_move(move))
        assert after.last is not None
        return self.say_events(events, names, str(player)) or _("played {move}",
                                                               move=after.last["move"])

    def prompt(self, state: KraquaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        step = self.step_of(state, player)
        if step is None:
            return _("the game is over.") if state.over else _("wait for the others.")
        moves = self.legal_moves(state, player)
        ex = moves[0]
        if step == "lay":
            tile = self._turn_tile(state, player)
            rows = (_("`{cmd:move} {a}` or `{cmd:move} {b}`", a=moves[0], b=moves[1]) if len(moves) > 1
                    else _("`{cmd:move} {a}`", a=ex))
            lay = _("Lay your {tile} at the front of a reef row: {rows}; then move a fish {by}.",
                    tile=tile_text(tile), rows=rows, by=WITH_ANIMAL[tile_animal(*tile)])
            if len(self.to_act(state)) > 1:
                return _("any seat that has not played may go first. {then}", then=lay)
            return lay
        if step == "move":
            tile = self._turn_tile(state, player)
            letter = tile_animal(*tile)
            if "skip" in moves:
                if len(moves) > 1:
                    return _("no fish can move {by}: `{cmd:move} skip`, or pay a shell: `{cmd:move} {move}`.",
                             by=WITH_ANIMAL[letter], move=moves[0])
                return _("no fish can move {by}: `{cmd:move} skip`.", by=WITH_ANIMAL[letter])
            return _("move a fish to its next free {animal} field: `{cmd:move} {move}` (shells: "
                     "{shells}; `{cmd:move} shell …` uses your chip's animal).",
                     animal=animal_name(letter), move=ex, shells=state.shells)
        if step == "reroll":
            return _("Kraqua rolled **{colour}**: keep it with `{cmd:move} keep` or roll once more with "
                     "`{cmd:move} reroll` (the last roll counts).",
                     colour=COLOUR_WORDS.get(state.roll or "", "?"))
        if step == "gem":
            return _("the rolled colour is gone from the chest: choose Kraqua's gem, e.g. "
                     "`{cmd:move} {move}`.", move=ex)
        if step == "special":
            if state.moved and special(state.fish[state.moved]) == "dolphin":
                return _("dolphin field: pay a shell to hide a gem from the chest (`{cmd:move} {move}`) "
                         "or `{cmd:move} pass`.", move=ex)
            return _("shark field: pay a shell to bring a gem back from the cave (`{cmd:move} {move}`) "
                     "or `{cmd:move} pass`.", move=ex)
        if step == "draw":
            if state.chips[player] == "turtle" and state.drawing is not None:
                a, b = (tile_text((state.drawing, side)) for side in SIDES)
                return _("you drew tile {tile}: choose its side, `{cmd:move} draw A` ({a}) or "
                         "`{cmd:move} draw B` ({b}).", tile=state.drawing, a=a, b=b)
            return _("draw a reef tile for the next round: `{cmd:move} draw`.")
        return _("the stack is empty: take the rearmost tile of a reef row, e.g. `{cmd:move} {move}`.",
                 move=ex)

    def suggest(self, state: KraquaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, Text | str]]:
        from .policy import rank_moves  # local import: policy builds on this module

        words = " ".join(str(typed).lower().split())
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(words)]
        if not moves:
            return []
        ranked = rank_moves(self, state, player, moves)
        # Discord allows 100 characters; the labels are built short, the move is the fallback.
        return [(m, label if len(label) <= 100 else m) for m, label in ranked[:limit]]

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: KraquaState) -> dict[str, Any]:
        return {
            "players": list(state.players),
            "level": state.level,
            "chips": state.chips,
            "tiles": {p: (list(t) if t else None) for p, t in state.tiles.items()},
            "fish": state.fish,
            "rows": {r: {str(k): list(t) for k, t in spots.items()}
                     for r, spots in state.rows.items()},
            "fronts": state.fronts,
            "stack": state.stack,
            "box": state.box,
            "shells": state.shells,
            "gems": state.gems,
            "gates": [[c, r] for c, r in state.gates],
            "revealed": state.revealed,
            "passed": state.passed,
            "hideout": state.hideout,
            "rng": state.rng,
            "cave_limit": state.cave_limit,
            "round": state.round,
            "played": state.played,
            "phase": state.phase,
            "current": state.current,
            "step": state.step,
            "turn_tile": list(state.turn_tile) if state.turn_tile else None,
            "laid": state.laid,
            "moved": state.moved,
            "roll": state.roll,
            "queue": state.queue,
            "drawing": state.drawing,
            "steal": state.steal,
            "last_mover": state.last_mover,
            "status": state.status,
            "reason": state.reason,
            "resigned": state.resigned,
            "last": state.last,
        }

    def _from_json(self, d: dict[str, Any]) -> KraquaState:
        def tile(v: Any) -> Tile | None:
            if v is None:
                return None
            number, side = v
            if int(number) not in TILES or side not in SIDES:
                raise ValueError(f"bad tile {v!r}")
            return (int(number), str(side))

        players = tuple(str(p) for p in d["players"])
        if not 1 <= len(players) <= 4 or len(set(players)) != len(players):
            raise ValueError("bad players")
        level = str(d["level"])
        if level not in LEVELS:
            raise ValueError(f"bad level {level!r}")
        last = d["last"]
        state = KraquaState(
            players=players,
            level=level,
            chips={str(p): str(c) for p, c in d["chips"].items()},
            tiles={str(p): tile(t) for p, t in d["tiles"].items()},
            fish={str(c): int(v) for c, v in d["fish"].items()},
            rows={str(r): {int(k): tile(t) for k, t in spots.items()}  # type: ignore[misc]
                  for r, spots in d["rows"].items()},
            fronts={str(r): int(v) for r, v in d["fronts"].items()},
            stack=[int(t) for t in d["stack"]],
            box=[int(t) for t in d["box"]],
            shells=int(d["shells"]),
            gems={str(p): {str(c): int(n) for c, n in cs.items()} for p, cs in d["gems"].items()},
            gates=[(str(c), bool(r)) for c, r in d["gates"]],
            revealed=int(d["revealed"]),
            passed=[[str(c) for c in p] for p in d["passed"]],
            hideout=int(d["hideout"]),
            rng=int(d["rng"]),
            cave_limit=int(d["cave_limit"]),
            round=int(d["round"]),
            played=[str(p) for p in d["played"]],
            phase=str(d["phase"]),
            current=None if d["current"] is None else str(d["current"]),
            step=None if d["step"] is None else str(d["step"]),
            turn_tile=tile(d["turn_tile"]),
            laid=bool(d["laid"]),
            moved=None if d["moved"] is None else str(d["moved"]),
            roll=None if d["roll"] is None else str(d["roll"]),
            queue=[str(p) for p in d["queue"]],
            drawing=None if d["drawing"] is None else int(d["drawing"]),
            steal=[str(c) for c in d["steal"]],
            last_mover=None if d["last_mover"] is None else str(d["last_mover"]),
            status=str(d["status"]),
            reason=str(d["reason"]),
            resigned=None if d["resigned"] is None else str(d["resigned"]),
            last=None if last is None else {
                "player": str(last["player"]), "move": str(last["move"]),
                "events": [[str(x) for x in e] for e in last["events"]]},
        )
        self._validate(state)
        return state

    @staticmethod
    def _validate(s: KraquaState) -> None:
        seats = set(s.players)
        if set(s.chips) != seats or set(s.tiles) != seats:
            raise ValueError("chips or tiles do not match the seats")
        if len(set(s.chips.values())) != len(s.chips) or not set(s.chips.values()) <= set(CHIPS):
            raise ValueError("bad chips")
        if set(s.fish) != set(FISH) or len(set(s.fish.values())) != 3:
            raise ValueError("bad fish")
        if set(s.rows) != set(ROWS) or set(s.fronts) != set(ROWS):
            raise ValueError("bad rows")
        if set(s.gems) != set(PLACES) or any(set(c) != set(GEM_COLOURS) for c in s.gems.values()):
            raise ValueError("bad gems")
        if any(n < 0 for c in s.gems.values() for n in c.values()):
            raise ValueError("negative gem count")
        for colour in GEM_COLOURS:
            if sum(s.gems[p][colour] for p in PLACES) != GEMS[colour]:
                raise ValueError(f"{colour} gems do not add up")
        if sorted(c for c, _rev in s.gates) != sorted(CRITERIA) or not 1 <= s.revealed <= 3:
            raise ValueError("bad gates")
        if len(s.passed) != s.revealed:
            raise ValueError("bad passed list")
        if not 0 <= s.hideout < len(HIDEOUTS) or not 0 <= s.shells <= MAX_SHELLS:
            raise ValueError("bad hideout or shells")
        if s.phase not in ("turn", "draw", "steal", "over"):
            raise ValueError("bad phase")
        if s.status not in ("running", "won", "almost", "lost"):
            raise ValueError("bad status")
        held = [t[0] for t in s.tiles.values() if t is not None]
        laid = [t[0] for spots in s.rows.values() for t in spots.values()]
        drawing = [s.drawing] if s.drawing is not None else []
        if sorted(held + laid + s.stack + s.box + drawing) != sorted(LEVELS[s.level][1]):
            raise ValueError("reef tiles do not add up")
        for p in s.played + s.queue + [x for x in (s.current, s.last_mover, s.resigned) if x]:
            if p not in seats:
                raise ValueError(f"unknown seat {p!r}")


register(Kraqua())
