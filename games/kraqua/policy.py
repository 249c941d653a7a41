"""A sensible greedy team for Kraqua: ranks ``suggest`` and plays the balance simulation.

It reads only what everybody sees (fish, rows, hands, shells, gems, revealed gates, the size
of the stack): :class:`Board` copies exactly that out of the state, so the stack order, the
gates still face down and the RNG cannot influence a choice (``resample`` leaves it unchanged).

How it plays. The team plans the rest of the current round together, as the rules allow (any
seat may go first; every hand is public): a small beam search over (seat, row to lay, move,
special field) for every seat that still has to play, dice taken at their expectation (a fish
left unprotected costs one gem, the colour is an expected harm). At the end of the round the
plan simulates the draws (with an empty stack each seat takes the rear tile that uncovers the
least), Kraqua's theft and the board change, and scores the position with :func:`value`:

* ``log P(survive)``: the cave may take ``cave_limit - cave - 1`` more gems; the future thefts
  are estimated from the fishes' remaining way, the fish standing open now and the reef ahead
  of them (a normal approximation with extra spread).
* ``log P(hideout)``: every needed gem not yet hidden needs a dolphin landing with a shell.
  Each fish still before a dolphin field is a chance; a fish one move from a free dolphin field
  is a much better one, and better still when a seat can play that animal (its tile, or a shell
  move with its chip, or the jellyfish). A needed gem whose colour is gone from the chest
  needs a shark landing first. Shells short of the missing gems scale the chance down.
* a little for spare shells and for progress (tie-breakers).

So the team parks fish in front of dolphin fields while gems are missing, keeps a shell for
the dolphin, carries gems back with the shark (only while the cave holds a needed gem, as the
engine allows), brings stragglers up before the reef behind is taken away, lays where a pair of
tiles closes, passes gates in order and, at the end of a round, moves the fish that would
otherwise be robbed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

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
    SPOT_RANGE,
    TILES,
    field_name,
    special,
    tile_animal,
)
from ..text import Text, translator
from .game import (
    Tile,
    COLOUR_WORDS,
    MAX_SHELLS,
    KraquaState,
    gate_of,
    needed,
    parse_move,
    rear_spot,
    tile_text,
)

if TYPE_CHECKING:
    from .game import Kraqua

_ = translator("kraqua")
#: The special field a move ends on, as a word in a label.
SPECIAL_WORDS = {"shell": _("shell"), "dolphin": _("dolphin"), "shark": _("shark")}

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

_CELLS = {(n, s): TILES[n][s][1] for n in TILES for s in SIDES}
_ANIMAL = {(n, s): TILES[n][s][0] for n in TILES for s in SIDES}
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
        return (_items(self.fish), _items(self.rows["i"]), _items(self.rows["o"]),
                _items(self.fronts), self.shells, self.cave_n, _items(self.hide), self.played,
                _items(self.hands), self.revealed, self.over)


def _items(d: dict[Any, Any]) -> tuple[tuple[Any, Any], ...]:
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
    if ti is None or _CELLS[ti][cell] != "#":
        return False
    to = b.rows["o"].get(spot)
    return to is not None and _CELLS[to][cell] == "#"


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


def next_spot(b: Board, row: str) -> int | None:
    low, high = SPOT_RANGE[b.revealed]
    spot = max(b.fronts[row] + 1, low)
    return spot if spot <= high else None


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
    (a, b): tuple(k for k in range(3) if _CELLS[a][k] == "#" and _CELLS[b][k] == "#")
    for a in _CELLS for b in _CELLS}


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
        elif tile is not None and _ANIMAL[tile] == animal:
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


def _best_gem(b: Board) -> str:
    options = [c for c in GEM_COLOURS if b.chest[c] > 0]
    return min(options, key=lambda c: (gem_harm(b, c), -b.chest[c]))


def best_gem(s: KraquaState) -> str:
    """The gem the team gives Kraqua when it may choose: harmless and plentiful."""
    return _best_gem(board_of(s))


def shark_usable(b: Board) -> bool:
    """The engine's rule: the cave holds a gem of a colour the hideout still needs. Only the
    gems known to be in the cave count (the plan's own expected thefts have no colour)."""
    return any(b.cave[c] > 0 and b.hide[c] == 0 for c in b.need)


def _theft(b: Board, seahorse: bool = False) -> None:
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


# ----- planning a round -------------------------------------------------------------------------


Action = tuple[str, "str | None", str, str]  # (seat, row to lay or None, move, special choice)


def _moves(b: Board, seat: str) -> list[tuple[str, str, str]]:
    """(move, fish, animal) for ``seat``'s hand; the move step's options of the engine."""
    tile = b.hands[seat]
    assert tile is not None and tile != UNKNOWN
    animal = _ANIMAL[tile]
    out = [(f"fish {c}", c, animal) for c in FISH if dest(b, c, animal) is not None]
    free = bool(out)
    if b.shells >= 1:
        chip = b.chips[seat]
        letter = next(k for k, v in ANIMALS.items() if v == chip)
        if letter != animal:
            out += [(f"shell {c}", c, letter) for c in FISH if dest(b, c, letter) is not None]
        if chip == "jellyfish":
            for a in ANIMALS:
                if a not in (animal, letter):
                    out += [(f"jelly {c} {a}", c, a) for c in FISH if dest(b, c, a) is not None]
    if not free:
        out.append(("skip", "", ""))
    return out


def _pay(b: Board, seat: str) -> None:
    b.shells -= 0.5 if b.chips[seat] == "crab" else 1.0


def _specials(b: Board, seat: str, pos: int) -> list[tuple[str, Board]]:
    """The special-field choices after a move to ``pos``: (choice, board after it)."""
    kind = special(pos)
    if kind == "shell":
        b.shells = min(MAX_SHELLS, b.shells + 1)
        return [("", b)]
    if kind == "dolphin" and b.shells >= 1 and any(b.chest.values()):
        wanted = [c for c in b.need if b.hide[c] == 0 and b.chest[c] > 0]
        if wanted:
            colour = min(wanted, key=lambda c: (b.chest[c], GEM_COLOURS.index(c)))
            t = b.clone()
            t.chest[colour] -= 1
            t.hide[colour] += 1
            _pay(t, seat)
            return [(f"dolphin {colour}", t), ("pass", b)]
    if kind == "shark" and b.shells >= 1 and shark_usable(b):
        colours = [c for c in GEM_COLOURS if b.cave[c] > 0]
        t = b.clone()
        t.cave_n -= 1
        colour = min(colours, key=lambda c: (
            -(c in b.need and b.hide[c] == 0 and b.chest[c] == 0), -b.cave[c]))
        t.cave = dict(t.cave)
        t.cave[colour] -= 1
        t.chest[colour] += 1
        _pay(t, seat)
        return [(f"shark {colour}", t), ("pass", b)]
    return [("", b)]


def _turn(b: Board, seat: str) -> list[tuple[Action, Board]]:
    """Every way ``seat`` can play its turn from ``b`` (laying first unless already laid)."""
    tile = b.hands[seat]
    assert tile is not None
    if b.current == seat and b.laid:
        rows: list[str | None] = [None]
    else:
        rows = [r for r in ROWS if next_spot(b, r) is not None] or [None]
    out: list[tuple[Action, Board]] = []
    moves = _moves(b, seat)
    for row in rows:
        base = b.clone()
        if row is not None:
            spot = next_spot(base, row)
            assert spot is not None
            base.rows[row][spot] = tile
            base.fronts[row] = spot
        base.hands[seat] = None
        base.played = b.played | {seat}
        base.last_mover = seat
        base.current = None
        base.laid = False
        for move, colour, animal in moves:
            t = base.clone()
            if move == "skip":
                out.append(((seat, row, move, ""), t))
                continue
            start = t.fish[colour]
            to = dest(t, colour, animal)
            assert to is not None
            if not move.startswith("fish"):
                _pay(t, seat)
            gate = t.revealed - 1
            if start <= GATE_AFTER[gate] < to:
                t.passed[gate].append(colour)
            t.fish[colour] = to
            if not protected(t, to):
                _theft(t, t.chips[seat] == "seahorse")
                if t.over:
                    out.append(((seat, row, move, ""), t))
                    continue
            if all(p > 40 for p in t.fish.values()):
                t.over = "won" if all(t.hide[c] for c in t.need) else "almost"
                out.append(((seat, row, move, ""), t))
                continue
            for choice, after in _specials(t, seat, to):
                out.append(((seat, row, move, choice), after))
    return out


def _take_cost(b: Board, row: str) -> tuple[int, int, int]:
    spot = min(b.rows[row])
    t = b.clone()
    tile = t.rows[row].pop(spot)
    open_fish = sum(1 for c in FISH if not protected(t, t.fish[c]))
    rear = min(t.fish.values())
    lost = sum(1 for f in range(3 * spot + 2, 3 * spot + 5)
               if f >= rear and protected(b, f) and not protected(t, f))
    return open_fish, lost, -_CELLS[tile].count("#")


def take_row(b: Board) -> str | None:
    """The row whose rear tile the team takes: uncover the fewest fish, keep the reef ahead."""
    rows = [r for r in ROWS if b.rows[r]]
    if not rows:
        return None
    return min(rows, key=lambda r: _take_cost(b, r))


def _round_end(b: Board) -> Board:
    """Draws, Kraqua's theft and the board change, as the plan expects them."""
    t = b.clone()
    if t.last_mover is None:
        return t
    i = t.players.index(t.last_mover)
    for p in t.players[i:] + t.players[:i]:
        if t.stack_n > 0:
            t.stack_n -= 1
            t.hands[p] = UNKNOWN
            continue
        row = take_row(t)
        if row is None:
            t.hands[p] = None
            continue
        t.hands[p] = t.rows[row].pop(min(t.rows[row]))
    for c in FISH:
        if not protected(t, t.fish[c]):
            _theft(t)
            if t.over:
                return t
    gate = t.revealed - 1
    if len(t.passed[gate]) == 3 and t.revealed < 3:
        if t.revealed == 1:
            t.stack_n = 0
        else:
            for r in ROWS:
                for spot in [k for k in t.rows[r] if k <= 8]:
                    del t.rows[r][spot]
        t.revealed += 1
        t.passed.append([])
        t.order = ("?", "?", "?")  # the next gate is face down until now: any order
    t.played = frozenset()
    if all(h is None for h in t.hands.values()):
        t.over = "lost"
    return t


def _todo(b: Board) -> list[str]:
    if b.current is not None:
        return [b.current]
    return [p for p in b.players if p not in b.played and b.hands.get(p) is not None]


def plan(b: Board, first: Iterable[Action] | None = None) -> dict[Action, float]:
    """Score the first actions of the round's best plans (beam search to the round's end).

    ``first`` limits the first action to those given (all are scored); otherwise the best
    first actions found are returned with their plan's score.
    """
    wanted = set(first) if first is not None else None
    frontier: list[tuple[float, Action | None, Board]] = [(0.0, None, b)]
    finished: dict[Action, float] = {}
    depth = 0
    while frontier:
        children: dict[tuple[Any, ...], tuple[float, Action | None, Board]] = {}
        for _cost, head, node in frontier:
            seats = _todo(node)
            for seat in seats:
                for action, after in _turn(node, seat):
                    root = action if head is None else head
                    if depth == 0 and wanted is not None and action not in wanted:
                        continue
                    done = after.over or not _todo(after)
                    if done:
                        end = after if after.over else _round_end(after)
                        score = value(end)
                        if score > finished.get(root, -math.inf):
                            finished[root] = score
                        continue
                    score = value(after)
                    key = (root if depth == 0 else None, after.key())
                    if key not in children or children[key][0] < score:
                        children[key] = (score, root, after)
        ranked = sorted(children.values(), key=lambda x: -x[0])
        if depth == 0 and wanted is not None:
            # keep the best continuation of every wanted first action
            best: dict[Action, tuple[float, Action | None, Board]] = {}
            for item in ranked:
                assert item[1] is not None
                best.setdefault(item[1], item)
            frontier = list(best.values())
        else:
            frontier = ranked[:BEAM]
        depth += 1
    return finished


_CACHE: dict[tuple[Any, ...], dict[Action, float]] = {}


def clear_cache() -> None:
    """Forget remembered plans (they are keyed by the public picture only)."""
    _CACHE.clear()


def _plan_cached(b: Board) -> dict[Action, float]:
    key = b.key() + (b.current, b.laid, b.last_mover, b.stack_n, _items(b.chest),
                     _items(b.cave), _items(b.chips), b.players, b.need,
                     b.cave_limit, b.order, tuple(map(tuple, b.passed)))
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        got = plan(b)
        _CACHE[key] = got
    return got


def outlook(s: KraquaState) -> float:
    """Roughly log P(win) of ``s`` when the team plays its best plan for the rest of the
    round (:func:`value` where no plan applies: mid-turn, at the round's end, game over)."""
    b = board_of(s)
    if b.over or s.phase != "turn" or s.current is not None or not _todo(b):
        return value(b)
    return max(_plan_cached(b).values(), default=value(b))


def best_action(s: KraquaState) -> Action:
    b = board_of(s)
    scores = _plan_cached(b)
    return max(scores, key=lambda a: (scores[a], _tiebreak(a)))


def _tiebreak(a: Action) -> tuple[int, str]:
    seat, row, move, _rest = a
    return (0 if move == "skip" else 1, f"{row}{move}{seat}")


# ----- the team's choices ----------------------------------------------------------------------


def choose_seat(game: Kraqua, s: KraquaState) -> str:
    """Which of the seats that may act should go now."""
    acting = sorted(game.to_act(s), key=s.players.index)
    if len(acting) == 1 or s.current is not None or s.phase != "turn":
        return acting[0]
    return best_action(s)[0]


def choose(game: Kraqua, s: KraquaState, seat: str) -> str:
    """The greedy team's move for ``seat`` now."""
    step = game.step_of(s, seat)
    moves = game.legal_moves(s, seat)
    if step in ("lay", "move"):
        b = board_of(s)
        scores = {}
        if s.current is None:
            scores = {a: v for a, v in _plan_cached(b).items() if a[0] == seat}
            b.current = seat
        if not scores:
            scores = _plan_cached(b)
        _seat, row, move, _rest = max(scores, key=lambda a: (scores[a], _tiebreak(a)))
        return f"lay {row}" if step == "lay" else move
    b = board_of(s)
    if step == "reroll":
        assert s.roll is not None
        expected = sum(gem_harm(b, c) for c in GEM_COLOURS) / len(GEM_COLOURS)
        return "reroll" if gem_harm(b, s.roll) > expected else "keep"
    if step == "gem":
        return f"gem {_best_gem(b)}"
    if step == "special":
        return _special_choice(s, b, seat, moves)
    if step == "draw":
        if moves == ["draw"]:
            return "draw"
        assert s.drawing is not None
        return f"draw {_best_side(b, seat, s.drawing)}"
    row = take_row(b)
    assert row is not None
    if s.chips[seat] == "turtle":
        tile = b.rows[row][min(b.rows[row])]
        return f"take {row} {_best_side(b, seat, tile[0])}"
    return f"take {row}"


def _special_choice(s: KraquaState, b: Board, seat: str, moves: list[str]) -> str:
    assert s.moved is not None
    b.hands[seat] = None
    b.played = b.played | {seat}
    b.current = None
    options = _specials(b.clone(), seat, s.fish[s.moved])
    best = max(options, key=lambda o: value(o[1]))[0]
    return best if best in moves else "pass"


def _best_side(b: Board, seat: str, number: int) -> str:
    """The turtle's side: the one whose best turn next round is worth most."""
    def worth(side: str) -> tuple[float, int]:
        t = b.clone()
        t.hands[seat] = (number, side)
        t.played = frozenset(p for p in t.players if p != seat)
        t.current = None
        best = max(value(after) for _step, after in _turn(t, seat))
        return best, _CELLS[(number, side)].count("#")
    return max(SIDES, key=worth)


# ----- suggestions -----------------------------------------------------------------------------


def _first_actions(s: KraquaState, seat: str, b: Board) -> dict[Action, float]:
    if s.current is None:
        b.current = seat
    actions = [a for a, _after in _turn(b, seat)]
    return plan(b, actions)


def rank_moves(game: Kraqua, s: KraquaState, seat: str, moves: list[str]
               ) -> list[tuple[str, Text]]:
    """``moves`` with short labels, the greedy team's favourite first."""
    step = game.step_of(s, seat)
    favourite = choose(game, s, seat) if moves else None
    score: dict[str, float] = {}
    if step in ("lay", "move"):
        b = board_of(s)
        for (_seat, row, move, _rest), v in _first_actions(s, seat, b).items():
            key = f"lay {row}" if step == "lay" else move
            score[key] = max(score.get(key, -math.inf), v)
    ranked = sorted(range(len(moves)), key=lambda i: (
        moves[i] != favourite, -score.get(moves[i], 0.0), i))
    return [(moves[i], label(game, s, seat, moves[i], step)) for i in ranked]


def label(game: Kraqua, s: KraquaState, seat: str, move: str, step: str | None) -> Text:
    """What ``move`` does, in a few words (cheap: no planning)."""
    if step == "lay":
        b = board_of(s)
        row = parse_move(move).row or "i"
        return _("{move} · spot {spot}", move=move, spot=next_spot(b, row))
    if step != "move":
        return _step_label(s, move)
    m = parse_move(move)
    if m.kind == "skip":
        return _("skip · no fish can move with your tile")
    b = board_of(s)
    tile = b.hands[seat]
    assert tile is not None and m.fish is not None
    letter = next(k for k, v in ANIMALS.items() if v == b.chips[seat])
    animal = {"fish": tile_animal(*tile), "shell": letter}.get(m.kind, m.animal)
    assert animal is not None
    to = dest(b, m.fish, animal)
    if to is None:
        return _("{move} · {why}", move=move, why=_("this fish cannot move"))
    path = dict(move=move, src=field_name(b.fish[m.fish]), dst=field_name(to))
    label = (_("{move} · {src} → {dst} · safe", **path) if protected(b, to)
             else _("{move} · {src} → {dst} · unprotected", **path))
    extra = special(to)
    if extra:
        label = _("{a} · {b}", a=label, b=SPECIAL_WORDS[extra])
    if m.kind != "fish":
        label = _("{a} · {b}", a=label, b=_("1 shell"))
    return label


def _step_label(s: KraquaState, move: str) -> Text:
    """What a move of the other steps (die, gem, special field, draw) does, in a few words."""
    m = parse_move(move)
    if m.kind == "reroll":
        return _("{move} · roll once more (the last roll counts)", move=move)
    if m.kind == "keep":
        return _("{move} · the roll stays {colour}", move=move,
                 colour=COLOUR_WORDS.get(s.roll or "", "?"))
    if m.kind == "gem":
        assert m.gem is not None
        return _("{move} · to Kraqua's cave ({n} in the chest)", move=move,
                 n=s.gems["chest"][m.gem])
    if m.kind == "dolphin":
        return _("{move} · from the chest to the hideout", move=move)
    if m.kind == "shark":
        return _("{move} · from the cave back to the chest", move=move)
    if m.kind == "pass":
        return _("{move} · keep the shell", move=move)
    if m.kind == "draw":
        if m.side is None or s.drawing is None:
            return _("{move} · the top tile, a random side", move=move)
        return _("{move} · {tile}", move=move, tile=tile_text((s.drawing, m.side)))
    assert m.kind == "take" and m.row is not None
    spot = rear_spot(s, m.row)
    if spot is None:
        return _("{move} · the rearmost tile", move=move)
    number, side = s.rows[m.row][spot]
    return _("{move} · {tile}", move=move, tile=tile_text((number, m.side or side)))
