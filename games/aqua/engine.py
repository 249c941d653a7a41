"""Aqua: grow a coral area from hexagonal tiles, attract small and large animals, score reefs.

The rules as the bot plays them: this docstring and ``summary`` (geometry in :mod:`games.aqua.geometry`, material in
:mod:`games.aqua.material`, scoring in :mod:`games.aqua.scoring`). Readings of our own, where
the published rules leave room:

* **A turn is up to two moves**: ``take …`` (or ``snail``), then, only if a large animal can
  legally be placed, ``large …`` or ``done``. When no large animal fits, the turn ends with the
  tile, so nobody has to type a pointless ``done``.
* **The sea snail** is offered only while another player still has to play this round: the last
  player gets it at the end of the round anyway, so taking it would change nothing, and a
  ``snail`` typed by the last player is refused with that reason (a decision of the rules page).
  Solo has no snail: ``snail`` is refused with that reason, and the view shows ``snail: null``
  for the whole game.
* **Market slots** are numbered 1.. in the current market; when a tile is taken the later
  tiles move up one slot, and a refill appends new tiles at the end (the untaken tile stays
  first). Solo: after the turn the two tiles left are discarded and 3 new ones are turned up.
* **The colour condition** looks at the corals that share a side with the new tile's corals
  across its rim (the other two corals of each of its three sites); a hot-spot coral has no
  colour. If no market tile fits anywhere in any rotation, any placement next to the area is
  allowed that turn (the rules page's decision).
* **Two or three habitats** from one tile take their animals one after the other (N, SE, SW
  coral order), so the second may be worth less than the first if the stack crosses from
  3-point to 2-point animals. A habitat formed when its stack is empty stays empty forever.
* **Large animals**: the sites named must form the shape exactly (rotations and mirror images
  allowed), every site must hold an uncovered small animal, all of different species, and at
  least one of them placed this turn. The side (``side A``/``side B``) only names the animal
  shown; it defaults to A and is not part of the canonical move. Site lists are printed in
  reading order (top row first, then left to right), whatever order was typed.
* **Reefs**: a small animal counts for a reef if any of the nine corals it lies on or borders
  belongs to the reef; "bordered by" in E06 uses the same relation.
* **Ecosystems**: E07 counts each adjacent same-species pair once; E09 needs three small
  animals on three consecutive sites of one straight line; E11 counts small animals on sites
  at most 2 steps from site (0, 0); covered small animals count everywhere.
* **Scores in the view** are live: the same breakdown as the final scoring, so players can
  see where they stand (everything it uses is public). Ties: more small animals wins, else
  the tied players share the win.
* **Solo**: the result lists the player as winner (outcome ``None``) with the rating in
  ``result.detail["rating"]``; resigning a solo game ends it as ``lost``.
* **Resigning** (2+ players): the player's area stays but they can never win; their turns are
  skipped, the market is refilled to (players still in) + 1, and the game ends after round 17
  as usual, or at once when fewer than two players are left (the last one wins).
* **Hidden information**: only the order of the face-down deck (and which tiles went to the
  box). The view shows the deck's size; ``resample`` redraws deck and box from the unseen tiles.
* **Examples**: the arc of the notation is ``large arc 0,1 1,1 1,2 side B`` (a 120° bend at
  1,1); ``0,1 1,1 1,0`` would be three mutually adjacent sites, refused as "a triangle, not an
  arc". Every move example in the summary, the help and error texts and their translations is
  parsed and checked against its shape by a test (``tests/games/test_aqua_examples.py``).
* **Notation**: ``take 2 at 1,-2 rot 1`` is canonical (``rot 0`` is printed); input may leave
  out ``at`` and ``rot 0``, write ``r1``, put brackets round the position, spaces round the
  comma, or a typographic minus. ``skip``/``pass`` are read as ``done``, ``take snail`` as
  ``snail``.
* **Large animals left** are public (the stacks are face up, highest on top); with 2–3
  players the lowest of each shape is out from the start (1 and 4 players keep all 15).
  The two sides' animals are this adaptation's names: pair dolphin/octopus, line
  shark/swordfish, arc manta ray/moray eel, triangle sea lion/sunfish, diamond whale/orca.
* **The end**: after round 17 (the deck is then empty) the view keeps ``round`` 17; the sea
  snail stays with whoever held it last. Round 1's starting seat and the hot spots are dealt
  from the seed.
* **Buttons**: ``Aqua.choices`` groups the legal moves by market slot, then position (best
  first), then rotation, for a bot that offers clicks instead of typing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Union

from ..aliases import english
from ..base import Button, Game, Option, Result, Suggestions
from ..errors import GameOver, IllegalMove, InvalidMove
from ..rng import Rng, seed_to_int
from ..text import Text, plural, translator
from .geometry import (
    DIR_INDEX,
    DIRS,
    MATE_OFFSETS,
    Pos,
    neighbours,
    placements_through,
    reading_key,
    shape_of,
    tile_sites,
)
from .material import (
    ANIMAL_A,
    BASE_ECOSYSTEMS,
    COLOURS,
    ECOSYSTEMS,
    HOT,
    HOT_SPOTS,
    LARGE_ANIMALS,
    LARGE_VALUES,
    NONE_LEFT,
    RATING_WORDS,
    ROUNDS,
    SHAPE_A,
    SHAPE_SIZE,
    SHAPE_WORDS,
    SMALL_PER_SPECIES,
    SPECIES,
    SPECIES_OF,
    SPECIES_WORDS,
    TILE_SET,
    TILES,
    TWO_OF,
    canonical,
    hot_spot_tiles,
    placed,
    rotations,
    small_value,
)
from .scoring import breakdown, habitat_colour
from ..registry import register

_ = translator("aqua")
_n = plural(_)
SHAPES: tuple[str, ...] = tuple(LARGE_VALUES)
SOLO_MARKET = 3
SOLO_DECK = 51
RATINGS: tuple[tuple[int, str], ...] = ((90, "legend"), (70, "open ocean"), (50, "reef"),
                                        (0, "tide pool"))

Animal = tuple[str, int, bool]  # species, points, covered
Placed = tuple[str, tuple[Pos, ...], int, str]  # shape, sites, points, side


def solo_rating(total: int) -> str:
    """The solo score table: < 50 tide pool, 50–69 reef, 70–89 open ocean, ≥ 90 legend."""
    return next(name for floor, name in RATINGS if total >= floor)


def pos_key(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def parse_key(text: str) -> Pos:
    q, r = text.split(",")
    return (int(q), int(r))


# ----- moves ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take market ``slot`` (1-based) and place it at ``pos`` turned by ``rot`` (0–2)."""

    slot: int
    pos: Pos
    rot: int = 0

    def __str__(self) -> str:
        return f"take {self.slot} at {pos_key(self.pos)} rot {self.rot}"


@dataclass(frozen=True)
class Snail:
    def __str__(self) -> str:
        return "snail"


@dataclass(frozen=True)
class Large:
    """Place the top large animal of ``shape`` on ``sites`` (kept in reading order)."""

    shape: str
    sites: tuple[Pos, ...]
    side: str | None = None

    def __str__(self) -> str:
        text = f"large {self.shape} " + " ".join(pos_key(s) for s in self.sites)
        return text + (f" side {self.side}" if self.side else "")


@dataclass(frozen=True)
class Done:
    def __str__(self) -> str:
        return "done"


AquaMove = Union[Take, Snail, Large, Done]


# ----- state ------------------------------------------------------------------------------------


@dataclass
class AquaState:
    players: tuple[str, ...]  # seat order
    mode: str  # "base" | "advanced" | "family"
    ecosystems: tuple[str, ...]
    hot: dict[str, int]  # player -> hot-spot tile number
    tiles: dict[str, dict[Pos, str]]  # player -> position -> colours at N, SE, SW
    animals: dict[str, dict[Pos, Animal]]  # player -> site -> small animal
    large: dict[str, list[Placed]]  # player -> large animals in the order placed
    stacks: dict[str, int]  # species -> small animals left
    large_stacks: dict[str, list[int]]  # shape -> values left, the top first
    market: list[str]
    deck: list[str] = field(default_factory=list)  # face down; the top is the last item
    box: list[str] = field(default_factory=list)  # out of the game, unseen
    discards: list[str] = field(default_factory=list)  # solo: seen, out of the game
    snail: str | None = "market"  # "market", a player id, or None (solo)
    round: int = 1
    queue: list[str] = field(default_factory=list)  # still to play this round, active first
    phase: str = "take"  # "take" | "large" | "over"
    fresh: list[Pos] = field(default_factory=list)  # small animals placed this turn
    resigned: list[str] = field(default_factory=list)
    rng: int = 0
    last: dict[str, Any] | None = None

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def active(self) -> str | None:
        return None if self.over or not self.queue else self.queue[0]

    @property
    def family(self) -> bool:
        return self.mode == "family"

    def in_game(self) -> list[str]:
        """Players who have not resigned, in seat order."""
        return [p for p in self.players if p not in self.resigned]

    def copy(self) -> AquaState:
        return replace(
            self,
            hot=dict(self.hot),
            tiles={p: dict(v) for p, v in self.tiles.items()},
            animals={p: dict(v) for p, v in self.animals.items()},
            large={p: list(v) for p, v in self.large.items()},
            stacks=dict(self.stacks),
            large_stacks={s: list(v) for s, v in self.large_stacks.items()},
            market=list(self.market),
            deck=list(self.deck),
            box=list(self.box),
            discards=list(self.discards),
            queue=list(self.queue),
            fresh=list(self.fresh),
            resigned=list(self.resigned),
            last=_deep(self.last),
        )


def _deep(obj: Any) -> Any:
    """A copy of nested JSON-like data (dicts, lists, tuples of plain values)."""
    if isinstance(obj, dict):
        return {k: _deep(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_deep(v) for v in obj]
    return obj


# ----- placement --------------------------------------------------------------------------------


def frontier(tiles: Mapping[Pos, str]) -> list[Pos]:
    """Empty positions sharing an edge with the area, in reading order."""
    found = {n for pos in tiles for n in neighbours(pos) if n not in tiles}
    return sorted(found, key=reading_key)


def wanted_colours(tiles: Mapping[Pos, str], pos: Pos) -> tuple[str, str, str]:
    """For a tile put at ``pos``: per direction, the colours its coral would touch across the rim."""
    out = []
    q, r = pos
    for d in DIRS:
        found = ""
        for dq, dr, e in MATE_OFFSETS[d]:
            colours = tiles.get((q + dq, r + dr))
            if colours is not None:
                c = colours[DIR_INDEX[e]]
                if c != HOT:
                    found += c
        out.append(found)
    return out[0], out[1], out[2]


def connects(colours: str, wanted: Sequence[str]) -> bool:
    return colours[0] in wanted[0] or colours[1] in wanted[1] or colours[2] in wanted[2]


def take_options(state: AquaState, player: str) -> tuple[bool, list[tuple[int, Pos, int]]]:
    """(colour condition waived?, every legal (slot, position, rotation)), in canonical order."""
    tiles = state.tiles[player]
    spots = [(pos, wanted_colours(tiles, pos)) for pos in frontier(tiles)]
    found: list[tuple[int, Pos, int]] = []
    for slot, code in enumerate(state.market, 1):
        turns = rotations(code)
        for pos, wanted in spots:
            for rot in range(3):
                if connects(turns[rot], wanted):
                    found.append((slot, pos, rot))
    if found or not spots:
        return False, found
    return True, [(slot, pos, rot) for slot in range(1, len(state.market) + 1)
                  for pos, _ in spots for rot in range(3)]


def new_habitats(tiles: Mapping[Pos, str], pos: Pos) -> list[tuple[Pos, str]]:
    """Sites completed as habitats by the tile at ``pos`` (in N, SE, SW order), with colours."""
    out = []
    for site in tile_sites(pos):
        colour = habitat_colour(tiles, site)
        if colour is not None:
            out.append((site, colour))
    return out


def large_options(state: AquaState, player: str) -> list[tuple[str, tuple[Pos, ...]]]:
    """Legal large-animal placements now: (shape, sites in reading order)."""
    if not state.fresh:
        return []
    animals = state.animals[player]
    out: list[tuple[str, tuple[Pos, ...]]] = []
    for shape in SHAPES:
        if not state.large_stacks[shape]:
            continue
        seen: set[tuple[Pos, ...]] = set()
        for site in state.fresh:
            for sites in placements_through(shape, site):
                if sites in seen:
                    continue
                seen.add(sites)
                if _large_problem(animals, sites) is None:
                    out.append((shape, tuple(sorted(sites, key=reading_key))))
    return out


def _large_problem(animals: Mapping[Pos, Animal], sites: Sequence[Pos]) -> Text | None:
    """Why a large animal cannot lie on ``sites`` (conditions 2 and 3), or None."""
    species = []
    for site in sites:
        animal = animals.get(site)
        if animal is None:
            return _("site {site} holds no small animal", site=pos_key(site))
        if animal[2]:
            return _("the small animal on {site} is covered already", site=pos_key(site))
        species.append(animal[0])
    for s in species:
        if species.count(s) > 1:
            return _("{two} would lie under it: the small animals must all be different species",
                     two=TWO_OF[s])
    return None


# ----- notation ---------------------------------------------------------------------------------

_NUM = r"-?[0-9]{1,3}"
_TAKE = re.compile(rf"take ([0-9]{{1,2}})(?: at)? ({_NUM}),({_NUM})"
                   r"(?: (?:rotation|rot|r)? ?([0-9]{1,2}))?", re.ASCII)
_LARGE = re.compile(rf"large ([a-z]+)((?: {_NUM},{_NUM})+)(?: (?:side )?([ab]))?", re.ASCII)
_SNAIL = re.compile(r"(?:take )?(?:the )?(?:sea )?snail", re.ASCII)
_DONE = re.compile(r"done|skip|pass|no large", re.ASCII)
_HELP = _("write e.g. `take 1 at 0,1 rot 0`, `snail`, `large pair 0,1 1,1` or `done`")


def _clean(text: str) -> str:
    """Lower case, one space between words, ``-`` for dashes, no spaces or brackets at commas."""
    for dash in ("−", "–", "—", "‐", "‑"):
        text = text.replace(dash, "-")
    text = re.sub(r"[()\[\]]", " ", text.lower())
    text = " ".join(text.split())
    return re.sub(r" ?, ?", ",", text)


def _quote(text: str, limit: int = 24) -> str:
    flat = " ".join(str(text).split()) or "(nothing)"
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_move(text: Any) -> AquaMove:
    """Read a move (syntax only); raise ``InvalidMove`` naming the text."""
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    cleaned = _clean(english("aqua", text))  # German and Danish words as well
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=_HELP))
    shown = _quote(text)
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
                                text=_quote(shape)))
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


# ----- the game ---------------------------------------------------------------------------------


class Aqua(Game[AquaState, AquaMove]):
    id = "aqua"
    title = "Aqua"
    min_players = 1
    max_players = 4
    options = {
        "ecosystems": Option(("base", "advanced", "family"), "base",
                             _("base: E01–E06; advanced: 6 of 24 at random; family: no "
                               "ecosystems or reefs, animals only")),
    }
    summary = _(
        "**Aqua** — 1–4 players, 17 rounds. Grow a coral area from hexagonal tiles, each cut "
        "into three coral rhombi (R red, O orange, Y yellow, G green, B blue, P purple).\n"
        "**Your turn:** take a market tile and place it next to your area, in any rotation, so "
        "that one of its corals touches a coral of the same colour side to side: "
        "`{cmd:move} take 2 at 1,-2 rot 1` (slot, position q,r, rotation 0–2). Positions are "
        "written on the board image.\n"
        "**Coordinates:** `q,r` names a tile position and also the site at that tile's top "
        "corner, where an animal sits. Site 0,0 is your hot spot, where your 3 start tiles "
        "meet: its corals have no colour.\n"
        "**Habitats:** three corals of one colour meeting at a corner (a site) form a habitat: "
        "its small animal comes at once (R crab, O starfish, Y clownfish, G turtle, B jellyfish, "
        "P seahorse; the first 4 of each are worth 3, then 2).\n"
        "**Large animals** (optional, once per turn): cover uncovered small animals of all "
        "different species, at least one placed this turn, in the shape of a pair, line, arc, "
        "triangle or diamond: `{cmd:move} large pair 0,1 1,1` or `{cmd:move} done`.\n"
        "**Sea snail:** `{cmd:move} snail` instead of a tile: you play last this round and first "
        "next round. If nobody takes it, the round's last player gets it and so plays twice "
        "in a row.\n"
        "**Scoring:** large and small animals; each reef (4+ side-connected corals of one "
        "colour) scores every small animal on or next to it; ecosystems in play. Tie: more "
        "small animals. Option `ecosystems=base|advanced|family` (family: animals only). "
        "Solo: 51 tiles, market of 3; rating <50 tide pool, 50+ reef, 70+ open ocean, "
        "90+ legend."
    )

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> AquaState:
        rng = Rng(seed)
        n = len(players)
        solo = n == 1
        pool = list(TILES)
        rng.shuffle(pool)
        size = SOLO_DECK if solo else 17 * n + 1
        deck, box = pool[:size], sorted(pool[size:])
        spots = list(HOT_SPOTS)
        rng.shuffle(spots)
        hot = {p: spots[i] for i, p in enumerate(players)}
        mode = options["ecosystems"]
        if mode == "base":
            ecosystems: tuple[str, ...] = BASE_ECOSYSTEMS
        elif mode == "advanced":
            ids = list(ECOSYSTEMS)
            rng.shuffle(ids)
            ecosystems = tuple(sorted(ids[:6]))
        else:
            ecosystems = ()
        keep = 2 if n in (2, 3) else 3  # 2–3 players: the lowest of each stack goes
        start = rng.randbelow(n)
        market_size = SOLO_MARKET if solo else n + 1
        market = [deck.pop() for _i in range(market_size)]
        return AquaState(
            players=tuple(players),
            mode=mode,
            ecosystems=ecosystems,
            hot=hot,
            tiles={p: hot_spot_tiles(hot[p]) for p in players},
            animals={p: {} for p in players},
            large={p: [] for p in players},
            stacks={s: SMALL_PER_SPECIES for s in SPECIES},
            large_stacks={s: list(v[:keep]) for s, v in LARGE_VALUES.items()},
            market=market,
            deck=deck,
            box=box,
            snail=None if solo else "market",
            round=1,
            queue=list(players[start:] + players[:start]),
            rng=rng.state,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: AquaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: AquaState) -> frozenset[str]:
        active = state.active
        return frozenset() if active is None else frozenset({active})

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> AquaMove:
        return parse_move(text)

    def format_move(self, move: AquaMove) -> str:
        return str(move)

    # ----- legal moves ----------------------------------------------------------------------

    def snail_allowed(self, state: AquaState) -> bool:
        return (not state.solo and state.phase == "take" and state.snail == "market"
                and len(state.queue) > 1)

    def legal_moves(self, state: AquaState, player: str) -> list[str]:
        if state.over or str(player) != state.active:
            return []
        if state.phase == "large":
            moves = [str(Large(shape, sites)) for shape, sites in large_options(state, player)]
            return moves + ["done"]
        _waived, options = take_options(state, player)
        moves = [f"take {slot} at {pos[0]},{pos[1]} rot {rot}" for slot, pos, rot in options]
        if self.snail_allowed(state):
            moves.append("snail")
        return moves

    # ----- rules ----------------------------------------------------------------------------

    def _apply(self, state: AquaState, player: str, move: AquaMove) -> AquaState:
        if isinstance(move, Take):
            return self._take(state, player, move)
        if isinstance(move, Snail):
            return self._snail(state, player)
        if isinstance(move, Large):
            return self._large(state, player, move)
        return self._done(state, player)

    def _take(self, state: AquaState, player: str, move: Take) -> AquaState:
        if state.phase == "large":
            raise IllegalMove(_("you placed your tile already: attract a large animal "
                                "(`large …`) or end your turn with `done`"))
        if move.slot > len(state.market):
            raise IllegalMove(_n("there is no slot {slot}: the market holds {n} tile (slot 1)",
                                 "there is no slot {slot}: the market holds {n} tiles (slots 1–{n})",
                                 len(state.market), slot=move.slot))
        tiles = state.tiles[player]
        pos = move.pos
        where = pos_key(pos)
        if pos in tiles:
            raise IllegalMove(_("{pos} already holds a tile: choose an empty position next to "
                                "your area", pos=where))
        if not any(n in tiles for n in neighbours(pos)):
            raise IllegalMove(_("{pos} does not touch your area: place the tile next to one of "
                                "your tiles", pos=where))
        code = state.market[move.slot - 1]
        colours = placed(code, move.rot)
        waived = False
        if not connects(colours, wanted_colours(tiles, pos)):
            waived, _options = take_options(state, player)
            if not waived:
                raise IllegalMove(_(
                    "{tile} at {pos} rot {rot} touches no coral of its own colour: turn it or "
                    "choose another position", tile=code, pos=where, rot=move.rot))
        new = state.copy()
        area = new.tiles[player]
        area[pos] = colours
        new.market.pop(move.slot - 1)
        habitats = []
        animals = new.animals[player]
        for site, colour in new_habitats(area, pos):
            species = SPECIES_OF[colour]
            left = new.stacks[species]
            if left > 0:
                value = small_value(left)
                new.stacks[species] = left - 1
                animals[site] = (species, value, False)
                new.fresh.append(site)
            else:
                value = 0
            habitats.append([pos_key(site), species, value])
        new.last = {"player": player, "move": str(move), "kind": "take", "tile": code,
                    "pos": pos_key(pos), "rot": move.rot, "habitats": habitats,
                    "waived": waived, "round": state.round}
        if large_options(new, player):
            new.phase = "large"
            return new
        self._end_turn(new)
        return new

    def _snail(self, state: AquaState, player: str) -> AquaState:
        if state.solo:
            raise IllegalMove(_("there is no sea snail in a solo game: take a market tile"))
        if state.phase != "take":
            raise IllegalMove(_("you placed a tile this turn already: the snail is taken "
                                "instead of a tile"))
        if state.snail != "market":
            raise IllegalMove(_("the sea snail is not in the market this round: take a tile"))
        if len(state.queue) <= 1:
            raise IllegalMove(_("you play last this round and get the snail anyway: take a "
                                "tile"))
        new = state.copy()
        new.snail = player
        new.queue = new.queue[1:] + [player]
        new.last = {"player": player, "move": "snail", "kind": "snail", "round": state.round}
        return new

    def _large(self, state: AquaState, player: str, move: Large) -> AquaState:
        if state.phase != "large":
            raise IllegalMove(_("take and place a tile first: a large animal can only come "
                                "after a new small animal"))
        if not state.large_stacks[move.shape]:
            raise IllegalMove(_("no {shape} is left: choose another shape or `done`",
                                shape=SHAPE_WORDS[move.shape]))
        sites = move.sites
        shape = shape_of(sites)
        listed = " ".join(pos_key(s) for s in sites)
        if shape is None:
            raise IllegalMove(_("{sites} form no large-animal shape, not {shape}: name sites in "
                                "the shape of {shape}", sites=listed, shape=SHAPE_A[move.shape]))
        if shape != move.shape:
            raise IllegalMove(_("{sites} form {what}, not {shape}: name sites in the shape of "
                                "{shape}", sites=listed, what=SHAPE_A[shape],
                                shape=SHAPE_A[move.shape]))
        animals = state.animals[player]
        problem = _large_problem(animals, sites)
        if problem is not None:
            raise IllegalMove(problem)
        if not any(s in state.fresh for s in sites):
            raise IllegalMove(_("none of those small animals came this turn: cover at least "
                                "one placed this turn"))
        new = state.copy()
        points = new.large_stacks[move.shape].pop(0)
        side = move.side or "A"
        new.large[player].append((move.shape, sites, points, side))
        area = new.animals[player]
        for s in sites:
            species, value, _covered = area[s]
            area[s] = (species, value, True)
        last = dict(new.last or {})
        last.update({"player": player, "large": {"shape": move.shape, "sites": [
            pos_key(s) for s in sites], "points": points, "side": side}})
        new.last = last
        self._end_turn(new)
        return new

    def _done(self, state: AquaState, player: str) -> AquaState:
        if state.phase != "large":
            raise IllegalMove(_("there is nothing to skip: take a market tile first "
                                "(`done` ends the optional large-animal step)"))
        new = state.copy()
        self._end_turn(new)
        return new

    # ----- turn and round ------------------------------------------------------------------

    def _end_turn(self, new: AquaState) -> None:
        """The active player's turn is over: next player, or the next round, or the end."""
        player = new.queue.pop(0)
        new.phase = "take"
        new.fresh = []
        if new.solo:
            new.discards.extend(new.market)
            new.market = []
        if not new.queue:
            self._end_round(new, player)

    def _end_round(self, new: AquaState, last_player: str) -> None:
        holder = last_player if new.snail in (None, "market") else new.snail
        if not new.solo:
            new.snail = holder
        playing = new.in_game()
        need = (SOLO_MARKET if new.solo else len(playing) + 1) - len(new.market)
        if new.round >= ROUNDS or not playing or need > len(new.deck):
            new.phase = "over"
            new.queue = []
            return
        new.round += 1
        for _i in range(max(0, need)):
            new.market.append(new.deck.pop())
        seat = new.players.index(holder)
        order = [new.players[(seat + i) % len(new.players)] for i in range(len(new.players))]
        new.queue = [p for p in order if p in playing]
        if not new.solo:
            new.snail = "market"

    # ----- end ------------------------------------------------------------------------------

    def breakdowns(self, state: AquaState) -> dict[str, dict[str, Any]]:
        return {p: breakdown(state.tiles[p], state.animals[p], self._large_dicts(state, p),
                             state.ecosystems, state.family) for p in state.players}

    @staticmethod
    def _large_dicts(state: AquaState, player: str) -> list[dict[str, Any]]:
        return [{"shape": shape, "sites": [pos_key(s) for s in sites], "points": points,
                 "side": side, "animal": LARGE_ANIMALS[shape][side]}
                for shape, sites, points, side in state.large[player]]

    def result(self, state: AquaState) -> Result | None:
        if not state.over:
            return None
        parts = self.breakdowns(state)
        scores = {p: parts[p]["total"] for p in state.players}
        counts = {p: len(state.animals[p]) for p in state.players}
        detail: dict[str, Any] = {"breakdown": parts, "small_animals": counts}
        if state.resigned:
            detail["resigned"] = state.resigned[0] if len(state.resigned) == 1 else None
            detail["resigned_players"] = list(state.resigned)
        playing = state.in_game()
        early = (not playing) or (not state.solo and len(playing) < 2)
        reason = "resigned" if early else "end"
        if state.solo:
            (player,) = state.players
            detail["rating"] = solo_rating(scores[player])
            if not playing:
                return Result(scores, (), outcome="lost", reason=reason, detail=detail)
            return Result(scores, (player,), reason=reason, detail=detail)
        best = max((scores[p], counts[p]) for p in playing)
        winners = tuple(p for p in playing if (scores[p], counts[p]) == best)
        return Result(scores, winners, reason=reason, detail=detail)

    def why_not_undo(self, before: AquaState, after: AquaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """The deck is all that is hidden: what a move reveals is a tile drawn from it into
        the market."""
        if not self.reveals(before, after, player, move, samples):
            return None
        return _("a new tile was drawn into the market")

    def resign(self, state: AquaState, player: str) -> AquaState:
        if state.over:
            raise GameOver(_("the game is over already"))
        player = str(player)
        if player not in state.players:
            raise IllegalMove(_("{player} is not playing in this game", player=player))
        if player in state.resigned:
            raise IllegalMove(_("you have resigned already"))
        new = state.copy()
        new.resigned.append(player)
        playing = new.in_game()
        if not playing or (not new.solo and len(playing) < 2):
            new.phase = "over"
            new.queue = []
            new.fresh = []
            return new
        if player in new.queue:
            if new.queue[0] == player:
                new.phase = "take"
                new.fresh = []
            new.queue.remove(player)
            if not new.queue:
                self._end_round(new, player)
        return new

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: AquaState, player: str | None = None) -> dict[str, Any]:
        result = self.result(state)
        active = state.active
        areas = {}
        for p in state.players:
            tiles = state.tiles[p]
            areas[p] = {
                "tiles": {pos_key(pos): c for pos, c in tiles.items()},
                "animals": {pos_key(s): [a[0], a[1], a[2]] for s, a in state.animals[p].items()},
                "large": self._large_dicts(state, p),
                "hot_spot": state.hot[p],
                "frontier": [pos_key(pos) for pos in frontier(tiles)],
                "habitats": [pos_key(s) for s in self._habitat_sites(tiles)],
            }
        legal_positions: list[str] = []
        waived = False
        if active is not None and state.phase == "take":
            waived, options = take_options(state, active)
            seen: dict[str, None] = {}
            for _slot, pos, _rot in options:
                seen[pos_key(pos)] = None
            legal_positions = sorted(seen, key=lambda k: reading_key(parse_key(k)))
        return {
            "game": self.id,
            "players": list(state.players),
            "options": {"ecosystems": state.mode},
            "solo": state.solo,
            "areas": areas,
            "market": list(state.market),
            "snail": state.snail,
            "round": state.round,
            "rounds": ROUNDS,
            "ecosystems": list(state.ecosystems),
            "scores": self.breakdowns(state),
            "small_animals": {p: len(state.animals[p]) for p in state.players},
            "to_act": sorted(self.to_act(state)),
            "active": active,
            "phase": state.phase,
            "queue": list(state.queue),
            "deck": len(state.deck),
            "discarded": len(state.discards),
            "small_stacks": {s: state.stacks[s] for s in SPECIES},
            "large_stacks": {s: list(v) for s, v in state.large_stacks.items()},
            "placed_this_turn": [pos_key(s) for s in state.fresh],
            "legal_positions": legal_positions,
            "waived": waived,
            "large_options": ([str(Large(shape, sites)) for shape, sites in
                               large_options(state, active)]
                              if active is not None and state.phase == "large" else []),
            "resigned": list(state.resigned),
            "last": _deep(state.last),
            "over": state.over,
            "result": result.to_dict() if result else None,
        }

    @staticmethod
    def _habitat_sites(tiles: Mapping[Pos, str]) -> list[Pos]:
        """Every habitat site of an area (with or without an animal), in reading order."""
        sites = {s for pos in tiles for s in tile_sites(pos)}
        return sorted((s for s in sites if habitat_colour(tiles, s) is not None),
                      key=reading_key)

    def resample(self, state: AquaState, player: str | None, seed: int | str) -> AquaState:
        # Only the deck order and the box are unseen; everything else is public.
        new = state.copy()
        rng = Rng(seed_to_int(seed))
        pool = new.deck + new.box
        rng.shuffle(pool)
        new.deck = pool[:len(state.deck)]
        new.box = sorted(pool[len(state.deck):])
        new.rng = rng.state
        return new

    # ----- words ----------------------------------------------------------------------------

    def describe(self, before: AquaState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        names = names or {}
        try:
            parsed = self.parse_move(move)
            after = self._apply(before, player, parsed)
        except IllegalMove:
            return _("played `{move}`", move=_quote(move, 60))
        last = after.last or {}
        if isinstance(parsed, Snail):
            text = _("took the sea snail: plays last this round and first next round")
        elif isinstance(parsed, Take):
            text = _("took {tile} (slot {slot}) and placed it at {pos}, rotation {rot}",
                     tile=last.get("tile"), slot=parsed.slot, pos=pos_key(parsed.pos),
                     rot=parsed.rot)
            if last.get("waived"):
                text = _("{text} (no tile could touch its colour, so any spot was allowed)",
                         text=text)
            for site, species, value in last.get("habitats", []):
                if value:
                    text = _("{text}; habitat {site}: {species} ({value})", text=text, site=site,
                             species=SPECIES_WORDS[species], value=value)
                else:
                    text = _("{text}; habitat {site} stays empty ({none_left})", text=text,
                             site=site, none_left=NONE_LEFT[species])
        elif isinstance(parsed, Large):
            info = last.get("large") or {}
            side = info.get("side", "A")
            text = _("attracted {animal} ({shape}, {points} points) onto {sites}",
                     animal=ANIMAL_A[LARGE_ANIMALS[parsed.shape][side]],
                     shape=SHAPE_WORDS[parsed.shape], points=info.get("points"),
                     sites=" ".join(info.get("sites", [])))
        else:
            text = _("attracted no large animal")
        if after.over:
            text = _("{text} — the game is over", text=text)
        elif after.round != before.round:
            starter = after.queue[0]
            who = " ".join(str(names.get(starter, starter)).split())[:40]
            text = _("{text} — round {round} begins, {who} starts", text=text, round=after.round,
                     who=who)
        return text

    def prompt(self, state: AquaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        if state.over:
            return _("the game is over.")
        if player != state.active:
            who = state.active or "?"
            return _("wait for {who} to play.", who=(names or {}).get(who, who))
        if state.phase == "large":
            options = large_options(state, player)
            example = str(Large(*options[0])) if options else "large pair 0,1 1,1"
            return _("you may attract a large animal: `{cmd:move} {example}` (shape and sites), or end "
                     "your turn with `{cmd:move} done`.", example=example)
        example = "take 1 at 0,1 rot 0"
        found = self.suggest(state, player, "", 1)
        if found:
            example = found[0][0]
        if self.snail_allowed(state):
            return _("round {round}/{rounds}: take a market tile and place it next to your area: "
                     "`{cmd:move} {example}` (slot, position q,r, rotation 0–2). Or `{cmd:move} snail`: "
                     "play last now, first next round.", round=state.round, rounds=ROUNDS,
                     example=example)
        return _("round {round}/{rounds}: take a market tile and place it next to your area: "
                 "`{cmd:move} {example}` (slot, position q,r, rotation 0–2).", round=state.round,
                 rounds=ROUNDS, example=example)

    def suggest(self, state: AquaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        """Legal moves matching ``typed``; the best placement of each market slot first."""
        from .advice import suggest as _suggest  # local: advice imports this module
        return _suggest(self, state, player, typed, limit)

    def suggestions(self, state: AquaState, player: str) -> Suggestions:
        from .advice import AquaSuggestions
        return AquaSuggestions(self, state, player)

    def choices(self, state: AquaState, player: str) -> dict[str, Any]:
        """Legal moves grouped for buttons: market slot, then position (best first), then
        rotation; or the large-animal placements and ``done``. Empty if ``player`` can't act.

        ``{"phase": "take", "slots": [{"slot": 1, "tile": "BGR", "positions": {"1,-2": [0, 2]}}],
        "snail": True}`` or ``{"phase": "large", "large": ["large pair 0,1 1,1"], "done": True}``;
        the move is ``take {slot} at {position} rot {rotation}``.
        """
        from .advice import choices as _choices
        return _choices(self, state, player)

    # ----- what the bot offers ---------------------------------------------------------------

    def buttons(self, state: AquaState, player: str, path: str = "") -> list[Button]:
        """A menu so nobody types coordinates: market slot, then position (best first), then
        rotation; in the large-animal step the legal placements and Done."""
        offer = self.choices(state, player)
        if not offer:
            return []
        if offer["phase"] == "large":
            out = []
            for m in offer["large"][:24]:  # canonical moves: ``large {shape} {sites}``
                _large, shape, sites = m.split(" ", 2)
                out.append(Button(_("Large {shape} {sites}", shape=SHAPE_WORDS[shape],
                                    sites=sites), m))
            return [*out, Button(_("Done"), "done")]
        slots = {str(s["slot"]): s for s in offer["slots"]}
        if not path:
            out = [Button(_("Tile {slot}: {tile}", slot=k, tile=s["tile"]), path=k)
                   for k, s in slots.items()]
            if offer["snail"]:
                out.append(Button(_("Take the sea snail"), "snail"))
            return out
        slot, _at, key = path.partition("@")
        if slot not in slots:
            return []
        tile = slots[slot]["tile"]
        positions = slots[slot]["positions"]
        if not key:
            out = []
            for pos, rots in list(positions.items())[:25]:
                if len(rots) == 1:
                    out.append(Button(_("at {pos}", pos=pos),
                                      f"take {slot} at {pos} rot {rots[0]}"))
                else:
                    out.append(Button(_("at {pos} …", pos=pos), path=f"{slot}@{pos}"))
            return out
        return [Button(_("rot {rot}: N {n} SE {se} SW {sw}", rot=rot,
                         **dict(zip(("n", "se", "sw"), placed(tile, rot)))),
                       f"take {slot} at {key} rot {rot}") for rot in positions.get(key, [])]

    def turn_complete(self, before: AquaState, after: AquaState, player: str) -> bool:
        """Taking a tile that opens the large-animal step is told only to the player."""
        return not (after.phase == "large" and after.active == player)

    def pass_move(self, state: AquaState, player: str) -> str | None:
        """Skipping the optional large animal (``done``); a tile must always be taken."""
        return "done" if state.phase == "large" and state.active == player else None

    def result_lines(self, result: Result, names: Mapping[str, str]) -> list[Text]:
        lines = []
        for player, part in result.detail.get("breakdown", {}).items():
            words = dict(name=names.get(player, player), large=part["large"],
                         small=part["small"], reefs=part["reefs"],
                         ecosystems=sum(part["ecosystems"].values()), total=part["total"])
            eco = ", ".join(f"{k} {v}" for k, v in part["ecosystems"].items() if v)
            if eco:
                lines.append(_("**{name}**: large {large} · small {small} · reefs {reefs} · "
                               "ecosystems {ecosystems} ({detail}) = {total}", detail=eco,
                               **words))
            else:
                lines.append(_("**{name}**: large {large} · small {small} · reefs {reefs} · "
                               "ecosystems {ecosystems} = {total}", **words))
        rating = result.detail.get("rating")
        if rating:
            lines.append(_("Solo rating: **{rating}**.", rating=RATING_WORDS.get(rating, rating)))
        return lines

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: AquaState) -> dict[str, Any]:
        return {
            "players": list(state.players),
            "mode": state.mode,
            "ecosystems": list(state.ecosystems),
            "hot": state.hot,
            "tiles": {p: {pos_key(k): v for k, v in t.items()} for p, t in state.tiles.items()},
            "animals": {p: {pos_key(k): list(v) for k, v in a.items()}
                        for p, a in state.animals.items()},
            "large": {p: [[shape, [list(s) for s in sites], points, side]
                           for shape, sites, points, side in v]
                      for p, v in state.large.items()},
            "stacks": state.stacks,
            "large_stacks": state.large_stacks,
            "market": state.market,
            "deck": state.deck,
            "box": state.box,
            "discards": state.discards,
            "snail": state.snail,
            "round": state.round,
            "queue": state.queue,
            "phase": state.phase,
            "fresh": [list(s) for s in state.fresh],
            "resigned": state.resigned,
            "rng": state.rng,
            "last": state.last,
        }

    def _from_json(self, data: dict[str, Any]) -> AquaState:
        players = tuple(str(p) for p in data["players"])

        def pos(v: Any) -> Pos:
            q, r = v
            if type(q) is not int or type(r) is not int:
                raise ValueError(f"bad coordinates {v!r}")
            return (q, r)

        state = AquaState(
            players=players,
            mode=str(data["mode"]),
            ecosystems=tuple(str(e) for e in data["ecosystems"]),
            hot={str(p): int(n) for p, n in data["hot"].items()},
            tiles={p: {parse_key(k): str(v) for k, v in data["tiles"][p].items()}
                   for p in players},
            animals={p: {parse_key(k): (str(v[0]), int(v[1]), bool(v[2]))
                         for k, v in data["animals"][p].items()} for p in players},
            large={p: [(str(shape), tuple(pos(s) for s in sites), int(points), str(side))
                       for shape, sites, points, side in data["large"][p]] for p in players},
            stacks={str(s): int(n) for s, n in data["stacks"].items()},
            large_stacks={str(s): [int(x) for x in v] for s, v in data["large_stacks"].items()},
            market=[str(t) for t in data["market"]],
            deck=[str(t) for t in data["deck"]],
            box=[str(t) for t in data["box"]],
            discards=[str(t) for t in data["discards"]],
            snail=None if data["snail"] is None else str(data["snail"]),
            round=int(data["round"]),
            queue=[str(p) for p in data["queue"]],
            phase=str(data["phase"]),
            fresh=[pos(s) for s in data["fresh"]],
            resigned=[str(p) for p in data["resigned"]],
            rng=int(data["rng"]),
            last=data["last"],
        )
        self._validate(state)
        return state

    @staticmethod
    def _validate(state: AquaState) -> None:
        """Refuse a loaded state whose material does not add up."""
        players = set(state.players)
        if not 1 <= len(players) == len(state.players) <= 4:
            raise ValueError("bad players")
        if state.mode not in ("base", "advanced", "family"):
            raise ValueError(f"bad mode {state.mode!r}")
        if any(e not in ECOSYSTEMS for e in state.ecosystems):
            raise ValueError("unknown ecosystem")
        if set(state.hot) != players or any(n not in HOT_SPOTS for n in state.hot.values()):
            raise ValueError("bad hot spots")
        placed_codes = []
        for p in state.players:
            hot = hot_spot_tiles(state.hot[p])
            for at, colours in state.tiles[p].items():
                if at in hot:
                    if colours != hot[at]:
                        raise ValueError("a hot-spot tile changed")
                    continue
                if len(colours) != 3 or any(c not in COLOURS for c in colours):
                    raise ValueError(f"bad tile colours {colours!r}")
                placed_codes.append(canonical(colours))
            if not set(hot) <= set(state.tiles[p]):
                raise ValueError("a hot-spot tile is missing")
        every = placed_codes + state.market + state.deck + state.box + state.discards
        if sorted(every) != sorted(TILES) or not set(every) <= TILE_SET:
            raise ValueError("the coral tiles do not add up to the 70 tiles")
        for s in SPECIES:
            on_board = sum(1 for p in state.players for a in state.animals[p].values()
                           if a[0] == s)
            if state.stacks.get(s, -1) + on_board != SMALL_PER_SPECIES:
                raise ValueError("the small animals do not add up")
        if set(state.large_stacks) != set(SHAPES):
            raise ValueError("bad large-animal stacks")
        if state.phase not in ("take", "large", "over"):
            raise ValueError(f"bad phase {state.phase!r}")
        if not set(state.queue) <= players or not set(state.resigned) <= players:
            raise ValueError("bad turn order")
        if (state.phase == "over") != (not state.queue):
            raise ValueError("turn order and phase disagree")
        if state.snail not in (None, "market", *state.players):
            raise ValueError("bad snail")
        if not 1 <= state.round <= ROUNDS:
            raise ValueError("bad round")


register(Aqua())
