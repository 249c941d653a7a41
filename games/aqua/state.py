"""Aqua's state: what a game holds between two moves, and how it is stored.

The state is public except the deck's order and the box (``Aqua.resample`` redraws them).
``to_json``/``from_json`` are the stored format: the dumps in ``tests/data/dumps/aqua/`` pin
it byte for byte, so the vocabularies below are ``StrEnum``s whose values are the words
stored before they existed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

from .geometry import Pos
from .material import (
    COLOURS,
    ECOSYSTEMS,
    HOT_SPOTS,
    ROUNDS,
    SHAPES,
    SMALL_PER_SPECIES,
    SPECIES,
    TILE_SET,
    TILES,
    canonical,
    hot_spot_tiles,
)


class Phase(StrEnum):
    """The step of the active player's turn (``over`` once the game has ended)."""

    TAKE = "take"  # take a market tile (or the snail)
    LARGE = "large"  # the optional large animal, or ``done``
    OVER = "over"


class Mode(StrEnum):
    """The ``ecosystems`` option: which ecosystem cards score."""

    BASE = "base"  # E01–E06
    ADVANCED = "advanced"  # 6 of 24 at random
    FAMILY = "family"  # no ecosystems or reefs: animals only


#: ``AquaState.snail`` while the sea snail waits in the market.
MARKET = "market"

Animal = tuple[str, int, bool]  # species, points, covered
Placed = tuple[str, tuple[Pos, ...], int, str]  # shape, sites, points, side


def pos_key(pos: Pos) -> str:
    """A position as players write it and the JSON stores it: ``q,r``."""
    return f"{pos[0]},{pos[1]}"


def parse_key(text: str) -> Pos:
    q, r = text.split(",")
    return (int(q), int(r))


@dataclass
class AquaState:
    players: tuple[str, ...]  # seat order
    mode: Mode
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
    snail: str | None = MARKET  # MARKET, a player id, or None (solo)
    round: int = 1
    queue: list[str] = field(default_factory=list)  # still to play this round, active first
    phase: Phase = Phase.TAKE
    fresh: list[Pos] = field(default_factory=list)  # small animals placed this turn
    resigned: list[str] = field(default_factory=list)
    rng: int = 0
    last: dict[str, Any] | None = None

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def active(self) -> str | None:
        return None if self.over or not self.queue else self.queue[0]

    @property
    def family(self) -> bool:
        return self.mode == Mode.FAMILY

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
            last=plain_copy(self.last),
        )


def plain_copy(obj: Any) -> Any:
    """A copy of nested JSON-like data (dicts, lists, tuples of plain values)."""
    if isinstance(obj, dict):
        return {k: plain_copy(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain_copy(v) for v in obj]
    return obj


# ----- the stored format ------------------------------------------------------------------------


def to_json(state: AquaState) -> dict[str, Any]:
    """The state as stored (``Game.dump`` adds the game id and format version)."""
    return {
        "players": list(state.players),
        "mode": str(state.mode),
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
        "phase": str(state.phase),
        "fresh": [list(s) for s in state.fresh],
        "resigned": state.resigned,
        "rng": state.rng,
        "last": state.last,
    }


E = TypeVar("E", bound=StrEnum)


def _member(kind: type[E], value: Any, what: str) -> E:
    """``value`` as a member of ``kind``; a ``ValueError`` naming ``what`` if it is none."""
    text = str(value)
    if text not in {m.value for m in kind}:
        raise ValueError(f"bad {what} {text!r}")
    return kind(text)


def from_json(data: dict[str, Any]) -> AquaState:
    """The stored state, checked (``ValueError``, ``KeyError``, ``TypeError`` when broken)."""
    players = tuple(str(p) for p in data["players"])

    def pos(v: Any) -> Pos:
        q, r = v
        if type(q) is not int or type(r) is not int:
            raise ValueError(f"bad coordinates {v!r}")
        return (q, r)

    state = AquaState(
        players=players,
        mode=_member(Mode, data["mode"], "mode"),
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
        phase=_member(Phase, data["phase"], "phase"),
        fresh=[pos(s) for s in data["fresh"]],
        resigned=[str(p) for p in data["resigned"]],
        rng=int(data["rng"]),
        last=data["last"],
    )
    validate(state)
    return state


def validate(state: AquaState) -> None:
    """Refuse a loaded state whose material does not add up."""
    players = set(state.players)
    if not 1 <= len(players) == len(state.players) <= 4:
        raise ValueError("bad players")
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
    if not set(state.queue) <= players or not set(state.resigned) <= players:
        raise ValueError("bad turn order")
    if (state.phase == Phase.OVER) != (not state.queue):
        raise ValueError("turn order and phase disagree")
    if state.snail not in (None, MARKET, *state.players):
        raise ValueError("bad snail")
    if not 1 <= state.round <= ROUNDS:
        raise ValueError("bad round")
