"""The team planner's picture of the game: :class:`Board` (what everybody sees, cheap to copy),
the rules mirrored on it, and :func:`value`, the worth of a position (roughly log P(win)).

:mod:`.planner` plans a round on these boards; :mod:`.words` labels moves with them. The
weights below are the planner's tuning (see the balance notes in the package docstring).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .board import (
    ANIMALS,
    DOLPHIN_FIELDS,
    FIELD_ANIMAL,
    FISH,
    GATE_AFTER,
    GEM_COLOURS,
    PATH_END,
    ROWS,
    SHARK_FIELDS,
    SHELL_FIELDS,
    SIDES,
    TILES,
)
from .state import KraquaState, Tile, gate_of, needed


# ----- weights (log-probability units) ---------------------------------------------------------

#: expected future thefts per field a fish still has to travel to the goal
PER_FIELD = 0.25
#: expected extra thefts for a fish standing unprotected now
OPEN_FISH = 0.9
#: fewer thefts expected per protected field in the 8 fields ahead of a fish
COVER_AHEAD = 0.1
#: expected extra thefts for a fish the next round's draws would leave unprotected
TAKE_RISK = 0.0
#: spread of the future thefts: variance = SPREAD * mean + SPREAD0
SPREAD, SPREAD0 = 2.0, 1.0
#: chance that a fish still far before a dolphin field ends on it with a shell to spare
Q_FAR = 0.30
#: chance for a fish one move before a free dolphin field when that move is to be had
Q_READY = 0.95
#: the same for a shark field (only when a needed colour is gone from the chest)
Q_SHARK_FAR = 0.25
#: future shells expected per shell field still ahead of a fish
SHELL_AHEAD = 0.12
#: worth of a shell beyond the hideout's needs, and of a field of progress
SHELL_SPARE = 0.01
PROGRESS = 0.002
#: a fish that has to wait at the gate for a fish behind it
BLOCKED = 0.01
#: floor of the hideout chance, so that "almost won" still beats "lost"
EPS = 0.01
LOST = -60.0
#: plans kept per depth of the round's beam search
BEAM = 6

UNKNOWN = (0, "?")  # a tile still to be drawn from the stack: its animal is a 1-in-4 guess

#: A tile's cells and its animal, by (number, side): the planner looks them up often.
CELLS = {(n, s): TILES[n][s][1] for n in TILES for s in SIDES}
ANIMAL_OF = {(n, s): TILES[n][s][0] for n in TILES for s in SIDES}
_DOLPHINS = tuple(sorted(DOLPHIN_FIELDS))
_SHARKS = tuple(sorted(SHARK_FIELDS))
_SHELLS = tuple(sorted(SHELL_FIELDS))


# ----- the public picture -----------------------------------------------------------------------


class Board:
    """What everybody sees, in a form cheap to copy and change while planning."""

    __slots__ = ("players", "chips", "hands", "fish", "rows", "fronts", "revealed", "passed",
                 "order", "shells", "chest", "cave", "hide", "cave_n", "cave_limit", "need",
                 "stack_n", "played", "last_mover", "current", "laid", "over", "hide_factor")

    players: tuple[str, ...]
    chips: dict[str, str]
    hands: dict[str, Tile | None]
    fish: dict[str, int]
    rows: dict[str, dict[int, Tile]]
    fronts: dict[str, int]
    revealed: int
    passed: list[list[str]]
    order: tuple[str, ...]
    shells: float
    chest: dict[str, int]
    cave: dict[str, int]
    hide: dict[str, int]
    cave_n: int
    cave_limit: int
    need: tuple[str, ...]
    stack_n: int
    played: frozenset[str]
    last_mover: str | None
    current: str | None
    laid: bool
    over: str
    hide_factor: float

    def clone(self) -> Board:
        b = Board.__new__(Board)
        b.players = self.players
        b.chips = self.chips
        b.hands = dict(self.hands)
        b.fish = dict(self.fish)
        b.rows = {"i": dict(self.rows["i"]), "o": dict(self.rows["o"])}
        b.fronts = dict(self.fronts)
        b.revealed = self.revealed
        b.passed = [list(p) for p in self.passed]
        b.order = self.order
        b.shells = self.shells
        b.chest = dict(self.chest)
        b.cave = self.cave
        b.hide = dict(self.hide)
        b.cave_n = self.cave_n
        b.cave_limit = self.cave_limit
        b.need = self.need
        b.stack_n = self.stack_n
        b.played = self.played
        b.last_mover = self.last_mover
        b.current = self.current
        b.laid = self.laid
        b.over = self.over
        b.hide_factor = self.hide_factor
        return b

    def key(self) -> tuple[Any, ...]:
        """The board as a hashable value. Dicts enter as sorted items: a loaded state's dicts
        may list the same keys in another order than a fresh one's."""
        return (sorted_items(self.fish), sorted_items(self.rows["i"]),
                sorted_items(self.rows["o"]), sorted_items(self.fronts), self.shells, self.cave_n,
                sorted_items(self.hide), self.played, sorted_items(self.hands), self.revealed,
                self.over)


def sorted_items(d: dict[Any, Any]) -> tuple[tuple[Any, Any], ...]:
    """A dict as a hashable value, whatever order its keys were inserted in."""
    return tuple(sorted(d.items(), key=lambda kv: str(kv[0])))


def board_of(s: KraquaState) -> Board:
    """The public part of ``s`` (never the stack order, the hidden gates or the RNG)."""
    b = Board.__new__(Board)
    b.players = s.players
    b.chips = dict(s.chips)
    b.hands = dict(s.tiles)
    if s.current is not None and s.turn_tile is not None:
        b.hands[s.current] = s.turn_tile
    b.fish = dict(s.fish)
    b.rows = {r: dict(s.rows[r]) for r in ROWS}
    b.fronts = dict(s.fronts)
    b.revealed = s.revealed
    b.passed = [list(p) for p in s.passed]
    b.order = gate_of(s, s.revealed - 1)
    b.shells = float(s.shells)
    b.chest = dict(s.gems["chest"])
    b.cave = dict(s.gems["cave"])
    b.hide = dict(s.gems["hideout"])
    b.cave_n = sum(s.gems["cave"].values())
    b.cave_limit = s.cave_limit
    b.need = needed(s)
    b.stack_n = len(s.stack)
    b.played = frozenset(s.played)
    b.last_mover = s.last_mover
    b.current = s.current
    b.laid = s.laid
    b.over = s.status if s.over else ""
    b.hide_factor = 1.0
    return b


# ----- rules on the board (mirrors of the engine's helpers, tested against them) ---------------


def protected(b: Board, f: int) -> bool:
    if f < 5 or f > 40:
        return True
    spot, cell = divmod(f - 2, 3)
    ti = b.rows["i"].get(spot)
    if ti is None or CELLS[ti][cell] != "#":
        return False
    to = b.rows["o"].get(spot)
    return to is not None and CELLS[to][cell] == "#"


def dest(b: Board, colour: str, animal: str) -> int | None:
    """Where ``colour`` goes with ``animal`` (the engine's ``target``), or None."""
    pos = b.fish[colour]
    if pos > 40:
        return None
    end = PATH_END[b.revealed]
    occupied = b.fish.values()
    found = None
    for q in range(max(pos + 1, 1), end + 1):
        if q in occupied:
            continue
        if q > 40 or FIELD_ANIMAL[q] == animal:
            found = q
            break
    if found is None:
        return None
    gate = b.revealed - 1
    if pos <= GATE_AFTER[gate] < found and b.order[len(b.passed[gate])] != colour:
        return None
    return found


# ----- the value of a position -----------------------------------------------------------------


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _after_takes(b: Board) -> Board | None:
    """The board once the next round's draws have taken rear tiles (None: the stack suffices)."""
    takes = len(b.players) - b.stack_n
    if takes <= 0:
        return None
    t = b.clone()
    for _take in range(takes):
        row = take_row(t)
        if row is None:
            break
        del t.rows[row][min(t.rows[row])]
    return t


_PAIR: dict[tuple[tuple[int, str], tuple[int, str]], tuple[int, ...]] = {
    (a, b): tuple(k for k in range(3) if CELLS[a][k] == "#" and CELLS[b][k] == "#")
    for a in CELLS for b in CELLS}


def protected_fields(b: Board) -> set[int]:
    """The fields 5-40 both rows protect."""
    inner, outer = b.rows["i"], b.rows["o"]
    out = set()
    for spot, tile in inner.items():
        other = outer.get(spot)
        if other is not None:
            for k in _PAIR[tile, other]:
                out.add(3 * spot + 2 + k)
    return out


def future_thefts(b: Board) -> float:
    """Expected gems Kraqua still takes before the fish are home."""
    mu = 0.0
    end = min(PATH_END[b.revealed], 40)
    prot = protected_fields(b)
    later = _after_takes(b) if TAKE_RISK else None
    if later is not None:
        mu += TAKE_RISK * sum(1 for c in FISH if b.fish[c] <= 40
                              and not protected(later, b.fish[c]))
    for c in FISH:
        pos = b.fish[c]
        if pos > 40:
            continue
        mu += PER_FIELD * (41 - max(pos, 0))
        if pos >= 5 and pos not in prot:
            mu += OPEN_FISH
        ahead = 0
        for f in range(max(pos + 1, 5), min(pos + 8, end) + 1):
            if f in prot:
                ahead += 1
        mu -= COVER_AHEAD * ahead
    return max(mu, 0.0)


def survive_chance(b: Board) -> float:
    room = b.cave_limit - b.cave_n - 0.5  # thefts that still leave the game running, +- half
    mu = future_thefts(b)
    sigma = math.sqrt(SPREAD * mu + SPREAD0)
    return _normal_cdf((room - mu) / sigma)


def _at_least(chances: Iterable[float], k: int) -> float:
    """P(at least k successes) of independent tries."""
    dist = [1.0] + [0.0] * k  # dist[j]: P(j successes), j == k meaning "k or more"
    for q in chances:
        for j in range(k, 0, -1):
            dist[j] = dist[j] * (1 - q) + dist[j - 1] * q if j < k else dist[j] + dist[j - 1] * q
        dist[0] *= 1 - q
    return dist[k]


def _can_play(b: Board, animal: str, spare: float) -> float:
    """Chance that a seat still to play (this round, else next round) moves with ``animal``."""
    todo = [p for p in b.players if p not in b.played and b.hands.get(p) is not None]
    if not todo:  # everyone has played: the next round's hands
        todo = [p for p in b.players if b.hands.get(p) is not None]
    miss = 1.0
    for p in todo:
        tile = b.hands[p]
        if b.shells >= spare + 1 and (b.chips[p] == "jellyfish"
                                      or ANIMALS.get(animal) == b.chips[p]):
            return 1.0
        if tile == UNKNOWN:
            miss *= 0.75
        elif tile is not None and ANIMAL_OF[tile] == animal:
            return 1.0
    return 1.0 - miss


def _chances(b: Board, fields: tuple[int, ...], far: float, spare: float) -> list[float]:
    out = []
    for c in FISH:
        pos = b.fish[c]
        if pos > 40:
            continue
        for d in fields:
            if d <= pos:
                continue
            if d in b.fish.values():
                out.append(far * 0.5)
                continue
            q = far
            a = FIELD_ANIMAL[d]
            if dest(b, c, a) == d:
                q = far + (Q_READY - far) * _can_play(b, a, spare)
            out.append(q)
    return out


def hideout_chance(b: Board) -> float:
    missing = [c for c in b.need if b.hide[c] == 0]
    if not missing:
        return 1.0
    k = len(missing)
    p = _at_least(_chances(b, _DOLPHINS, Q_FAR, 1), k)
    supply = b.shells + SHELL_AHEAD * sum(
        1 for c in FISH for f in _SHELLS if b.fish[c] < f)
    if supply < k:
        p *= max(supply, 0.0) / k
    gone = sum(1 for c in missing if b.chest[c] == 0)
    if gone:
        p *= _at_least(_chances(b, _SHARKS, Q_SHARK_FAR, 1), gone)
    return p * b.hide_factor


def value(b: Board) -> float:
    """Worth of a position for the team, roughly log P(win)."""
    if b.over == "lost":
        return LOST + 0.1 * sum(min(p, 41) for p in b.fish.values())
    hide = hideout_chance(b)
    if b.over:
        return math.log(hide + EPS) if b.over == "almost" else 0.0
    surv = max(survive_chance(b), 1e-12)
    missing = sum(1 for c in b.need if b.hide[c] == 0)
    v = math.log(surv) + math.log(hide + EPS)
    v += SHELL_SPARE * min(max(b.shells - missing, 0), 4)
    v += PROGRESS * sum(min(p, 41) for p in b.fish.values())
    gate = b.revealed - 1
    passed = b.passed[gate]
    if len(passed) < 3 and b.order[0] != "?":
        nxt = b.order[len(passed)]
        for c in FISH:
            if c != nxt and c not in passed and b.fish[c] > b.fish[nxt]:
                v -= BLOCKED
    return v


# ----- gems -------------------------------------------------------------------------------------


def gem_harm(b: Board, colour: str) -> float:
    """How much a ``colour`` gem going to the cave hurts the hideout (0 = harmless)."""
    if b.chest[colour] == 0:
        left = [c for c in GEM_COLOURS if b.chest[c] > 0]
        return min(gem_harm(b, c) for c in left) if left else 0.0
    if colour in b.need and b.hide[colour] == 0:
        return {1: 0.6, 2: 0.1}.get(b.chest[colour], 0.02)
    return 0.0


def best_gem_on(b: Board) -> str:
    """:func:`best_gem` on the planner's board."""
    options = [c for c in GEM_COLOURS if b.chest[c] > 0]
    return min(options, key=lambda c: (gem_harm(b, c), -b.chest[c]))


def best_gem(s: KraquaState) -> str:
    """The gem the team gives Kraqua when it may choose: harmless and plentiful."""
    return best_gem_on(board_of(s))


def shark_usable(b: Board) -> bool:
    """The engine's rule: the cave holds a gem of a colour the hideout still needs. Only the
    gems known to be in the cave count (the plan's own expected thefts have no colour)."""
    return any(b.cave[c] > 0 and b.hide[c] == 0 for c in b.need)


def theft(b: Board, seahorse: bool = False) -> None:
    """One expected theft: a gem to the cave, its colour an expected harm."""
    b.cave_n += 1
    if b.cave_n >= b.cave_limit or sum(b.chest.values()) == 0:
        b.over = "lost"
        return
    harms = [gem_harm(b, c) for c in GEM_COLOURS]
    if seahorse:
        mean = sum(harms) / len(harms)
        harms = [min(h, mean) for h in harms]
    expected = sum(harms) / len(harms)
    if expected:
        b.hide_factor *= 1 - expected


# ----- the round's end ----------------------------------------------------------------------------


def _take_cost(b: Board, row: str) -> tuple[int, int, int]:
    spot = min(b.rows[row])
    t = b.clone()
    tile = t.rows[row].pop(spot)
    open_fish = sum(1 for c in FISH if not protected(t, t.fish[c]))
    rear = min(t.fish.values())
    lost = sum(1 for f in range(3 * spot + 2, 3 * spot + 5)
               if f >= rear and protected(b, f) and not protected(t, f))
    return open_fish, lost, -CELLS[tile].count("#")


def take_row(b: Board) -> str | None:
    """The row whose rear tile the team takes: uncover the fewest fish, keep the reef ahead."""
    rows = [r for r in ROWS if b.rows[r]]
    if not rows:
        return None
    return min(rows, key=lambda r: _take_cost(b, r))
