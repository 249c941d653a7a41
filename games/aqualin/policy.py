"""Aqualin for the search: group potential, pruned candidates, placement-only playouts.

A board is read once into a 36-cell list; groups are labelled per attribute, after which the
worth of putting a tile on a square is four lookups (the groups it would join). Knowledge:

* **Evaluation** (:func:`estimate`): each role's score now plus its *group potential*: for
  every attribute value still to come (tiles not yet on the board), the best empty squares it
  could go to, worth the points it would add there (growing a group, or joining several), the
  best as many squares as tiles are left, at half weight (the other player places half the
  tiles, and blocks). The margin of the two estimates becomes a win chance (logistic).
* **Candidates**: every placement without a shift is rated by the immediate gain for the
  mover minus the gain for the other role; the best shifts (rated the same way) are combined
  with their best placements. The search sees the best ``width`` of those, never the whole
  list (up to ~1300 moves in the seed rules, ~11000 in the classic rules).
* **Playouts** place the tile (seed: the drawn one; classic: a market tile) on the best of a
  few sampled squares, no shifts: cheap and not blind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import KING_NEIGHBOURS, ORTHO_NEIGHBOURS, SQUARES, AqualinState, Role, Rules
from ..base import AnyGame
from ..rng import Rng
from ..ai.policy import Policy, Rewards, logistic

INDEX = {sq: i for i, sq in enumerate(SQUARES)}
ORTHO: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in ORTHO_NEIGHBOURS[sq])
                                           for sq in SQUARES)
KING: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in KING_NEIGHBOURS[sq])
                                          for sq in SQUARES)
ATTR = {role: role.letter for role in Role}  # the tile letter each role scores by
#: weight of the group potential against points on the board
POTENTIAL = 0.5
#: logistic scale of a margin in points
SCALE = 4.0
#: playout: squares sampled per placement
SAMPLES = 6
#: root: at most this many moves are rated by the full estimate (classic rules: ~11000 legal)
ROOT_PREFILTER = 2000

Cells = list[str | None]  # 36 entries: a tile code ("BT") or None


def cells_of(board: dict[str, str]) -> Cells:
    cells: Cells = [None] * 36
    for sq, tile in board.items():
        cells[INDEX[sq]] = tile
    return cells


def labels(cells: Cells, a: int) -> tuple[list[int], list[int]]:
    """Group label of each cell for attribute ``a`` (-1: empty) and each group's size."""
    lab = [-1] * 36
    sizes: list[int] = []
    for i in range(36):
        t = cells[i]
        if t is None or lab[i] >= 0:
            continue
        v = t[a]
        g = len(sizes)
        lab[i] = g
        stack = [i]
        n = 0
        while stack:
            j = stack.pop()
            n += 1
            for k in ORTHO[j]:
                u = cells[k]
                if u is not None and lab[k] < 0 and u[a] == v:
                    lab[k] = g
                    stack.append(k)
        sizes.append(n)
    return lab, sizes


def points(sizes: Sequence[int]) -> int:
    return sum(n * (n - 1) // 2 for n in sizes)


def gain(cells: Cells, lab: list[int], sizes: list[int], a: int, value: str, e: int) -> int:
    """Points attribute ``a`` gains when a tile with ``value`` goes on empty cell ``e``."""
    seen = -1
    seen2 = -1
    total = 0
    old = 0
    for k in ORTHO[e]:
        u = cells[k]
        if u is not None and u[a] == value:
            g = lab[k]
            if g == seen or g == seen2:
                continue
            if seen < 0:
                seen = g
            elif seen2 < 0:
                seen2 = g
            else:  # a third distinct group: rare, fall back to a set
                return _gain_slow(cells, lab, sizes, a, value, e)
            n = sizes[g]
            total += n
            old += n * (n - 1) // 2
    return (total + 1) * total // 2 - old


def _gain_slow(cells: Cells, lab: list[int], sizes: list[int], a: int, value: str, e: int) -> int:
    groups = {lab[k] for k in ORTHO[e] if (c := cells[k]) is not None and c[a] == value}
    total = sum(sizes[g] for g in groups)
    return (total + 1) * total // 2 - sum(sizes[g] * (sizes[g] - 1) // 2 for g in groups)


def potential(cells: Cells, lab: list[int], sizes: list[int], a: int,
              left: dict[str, int]) -> float:
    """What the values still to come could add to attribute ``a``'s groups (see module doc)."""
    best: dict[str, list[int]] = {}
    for e in range(36):
        if cells[e] is not None:
            continue
        seen: set[str] = set()
        for k in ORTHO[e]:
            u = cells[k]
            if u is None:
                continue
            v = u[a]
            if v in seen or not left.get(v):
                continue
            seen.add(v)
            best.setdefault(v, []).append(gain(cells, lab, sizes, a, v, e))
    total = 0.0
    for v, gains in best.items():
        gains.sort(reverse=True)
        total += sum(gains[:left[v]])
    return total


def remaining(cells: Cells) -> tuple[dict[str, int], dict[str, int]]:
    """Tiles of each colour and each species not on the board yet."""
    colours = dict.fromkeys("RYGBPV", 6)
    species = dict.fromkeys("CFJHST", 6)
    for t in cells:
        if t is not None:
            colours[t[0]] -= 1
            species[t[1]] -= 1
    return colours, species


def estimate(cells: Cells) -> tuple[float, float]:
    """Estimated final points of the colour role and the species role."""
    left = remaining(cells)
    out = []
    for a in (0, 1):
        lab, sizes = labels(cells, a)
        out.append(points(sizes) + POTENTIAL * potential(cells, lab, sizes, a, left[a]))
    return out[0], out[1]


def scores(cells: Cells) -> tuple[int, int]:
    return points(labels(cells, 0)[1]), points(labels(cells, 1)[1])


# ----- moves -------------------------------------------------------------------------------------


def _shifts(state: AqualinState, cells: Cells) -> list[tuple[int, int]]:
    """Every legal shift (seed) or slide (classic) as (from, to) cell indices."""
    out: list[tuple[int, int]] = []
    if state.rules == Rules.SEED:
        for i in range(36):
            if cells[i] is not None:
                out.extend((i, j) for j in KING[i] if cells[j] is None)
        return out
    if state.turn == 0:
        return out
    for i in range(36):
        if cells[i] is None:
            continue
        x, y = i % 6, i // 6
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cx, cy = x + dx, y + dy
            while 0 <= cx < 6 and 0 <= cy < 6 and cells[cy * 6 + cx] is None:
                out.append((i, cy * 6 + cx))
                cx, cy = cx + dx, cy + dy
    return out


def _tiles(state: AqualinState) -> list[str]:
    if state.rules == Rules.SEED:
        return [state.drawn] if state.drawn else []
    return sorted(set(state.market))


def _text(shift: tuple[int, int] | None, tile: str | None, e: int) -> str:
    parts = []
    if shift is not None:
        parts.append(f"{SQUARES[shift[0]]}-{SQUARES[shift[1]]}")
    if tile is not None:
        parts.append(tile)
    parts.append(SQUARES[e])
    return " ".join(parts)


def rated_placements(cells: Cells, tiles: Sequence[str], me: int, classic: bool,
                     exclude: int = -1) -> list[tuple[int, str, int]]:
    """(gain for role ``me`` minus gain for the other role, tile, cell) of every placement."""
    them = 1 - me
    lab_me, sz_me = labels(cells, me)
    lab_th, sz_th = labels(cells, them)
    out = []
    for t in tiles:
        for e in range(36):
            if cells[e] is not None or e == exclude:
                continue
            g = (gain(cells, lab_me, sz_me, me, t[me], e)
                 - gain(cells, lab_th, sz_th, them, t[them], e))
            out.append((g, t, e))
    return out


def all_rated(state: AqualinState, me: int) -> list[tuple[int, str]]:
    """Every legal move with its immediate score difference for role ``me`` (for greedy play).

    Exact: the difference of both roles' scores after the move minus before.
    """
    cells = cells_of(state.board)
    classic = state.rules == Rules.CLASSIC
    tiles = _tiles(state)
    base = scores(cells)
    base_diff = base[me] - base[1 - me]
    out = [(g, _text(None, t if classic else None, e))
           for g, t, e in rated_placements(cells, tiles, me, classic)]
    for src, dst in _shifts(state, cells):
        moved = list(cells)
        moved[dst], moved[src] = moved[src], None
        after = scores(moved)
        shift_gain = after[me] - after[1 - me] - base_diff
        for g, t, e in rated_placements(moved, tiles, me, classic, exclude=dst):
            out.append((shift_gain + g, _text((src, dst), t if classic else None, e)))
    return out


def _shift_guess(cells: Cells, me: int, src: int, dst: int) -> int:
    """A quick guess of what shifting ``src`` to ``dst`` gains for role ``me`` against the
    other role: the neighbours of the same value it leaves and the ones it reaches."""
    t = cells[src]
    assert t is not None, "only a tile shifts"
    out = 0
    for a, sign in ((me, 1), (1 - me, -1)):
        v = t[a]
        before = sum(1 for k in ORTHO[src] if (c := cells[k]) is not None and c[a] == v)
        after = sum(1 for k in ORTHO[dst] if k != src and (c := cells[k]) is not None
                    and c[a] == v)
        out += sign * (after - before)
    return out


# ----- the policy ------------------------------------------------------------------------------


class AqualinPolicy(Policy):
    """See the module docstring."""

    iterations = {"easy": 40, "normal": 250, "hard": 800}

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        # Nobody sees the supply: any fixed order will do (resample shuffles it).
        new = state.copy()
        new.supply = sorted(new.supply)
        return new

    def chance_key(self, game: AnyGame, state: Any) -> Any:
        # Seed rules: the tile drawn for the player to move; classic: the refilled market.
        return state.drawn if state.rules == Rules.SEED else tuple(sorted(state.market))

    def candidate_key(self, game: AnyGame, state: Any, player: str) -> Any:
        cells = cells_of(state.board)
        return (tuple(cells), state.drawn, tuple(sorted(state.market)), state.roles[player])

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        """Cheap: placements by immediate gain difference, plus the best shifts that gain
        on their own (each with its best placement)."""
        me = ATTR[state.roles[player]]
        cells = cells_of(state.board)
        classic = state.rules == Rules.CLASSIC
        tiles = _tiles(state)
        if not tiles:
            return game.legal_moves(state, player)
        plain = rated_placements(cells, tiles, me, classic)
        plain.sort(key=lambda x: -x[0])
        out = [(g, _text(None, t if classic else None, e)) for g, t, e in plain[:width]]
        base = scores(cells)
        base_diff = base[me] - base[1 - me]
        shifts = []
        for src, dst in _shifts(state, cells):
            g = _shift_guess(cells, me, src, dst)
            if g > 0:
                shifts.append((g, src, dst))
        shifts.sort(key=lambda x: -x[0])
        for _, src, dst in shifts[:2]:
            moved = list(cells)
            moved[dst], moved[src] = moved[src], None
            after = scores(moved)
            g0 = after[me] - after[1 - me] - base_diff
            options = rated_placements(moved, tiles, me, classic, exclude=dst)
            g, t, e = max(options, key=lambda x: x[0])
            out.append((g0 + g, _text((src, dst), t if classic else None, e)))
        out.sort(key=lambda x: -x[0])
        return [text for _, text in out[:width]]

    def root_candidates(self, game: AnyGame, state: Any, player: str, width: int,
                        rng: Rng) -> list[str]:
        """Thorough: every legal move rated by the full estimate (score and potential of
        both roles); in the classic rules only the best ``ROOT_PREFILTER`` by immediate gain
        (and every plain placement) are rated so."""
        me = ATTR[state.roles[player]]
        cells = cells_of(state.board)
        classic = state.rules == Rules.CLASSIC
        tiles = _tiles(state)
        if not tiles:
            return game.legal_moves(state, player)[:width]
        moves: list[tuple[int, tuple[int, int] | None, str, int]] = []
        for g, t, e in rated_placements(cells, tiles, me, classic):
            moves.append((g, None, t, e))
        base = scores(cells)
        base_diff = base[me] - base[1 - me]
        shifted: dict[tuple[int, int], Cells] = {}
        for src, dst in _shifts(state, cells):
            moved = list(cells)
            moved[dst], moved[src] = moved[src], None
            shifted[(src, dst)] = moved
            after = scores(moved)
            g0 = after[me] - after[1 - me] - base_diff
            for g, t, e in rated_placements(moved, tiles, me, classic, exclude=dst):
                moves.append((g0 + g, (src, dst), t, e))
        if len(moves) > ROOT_PREFILTER:
            plain = [m for m in moves if m[1] is None]
            shifts = sorted((m for m in moves if m[1] is not None), key=lambda m: -m[0])
            moves = plain + shifts[:ROOT_PREFILTER - len(plain)]
        scored = []
        for _, shift, t, e in moves:
            placed = list(cells if shift is None else shifted[shift])
            placed[e] = t
            scored.append((self._score(placed, me), _text(shift, t if classic else None, e)))
        scored.sort(key=lambda x: -x[0])
        return [text for _, text in scored[:width]]

    @staticmethod
    def _score(cells: Cells, me: int) -> float:
        est = estimate(cells)
        return est[me] - est[1 - me]

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        if state.over:
            return None
        player = state.active
        me = ATTR[state.roles[player]]
        them = 1 - me
        cells = cells_of(state.board)
        empties = [i for i in range(36) if cells[i] is None]
        classic = state.rules == Rules.CLASSIC
        tiles = _tiles(state)
        lab_me, sz_me = labels(cells, me)
        lab_th, sz_th = labels(cells, them)
        best = None
        best_g = -1 << 30
        for _ in range(SAMPLES):
            e = empties[rng.randbelow(len(empties))]
            t = tiles[rng.randbelow(len(tiles))]
            g = (gain(cells, lab_me, sz_me, me, t[me], e)
                 - gain(cells, lab_th, sz_th, them, t[them], e))
            if g > best_g:
                best, best_g = (t, e), g
        assert best is not None
        return player, _text(None, best[0] if classic else None, best[1])

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        est = estimate(cells_of(state.board))
        colour, species = state.order
        return {colour: logistic((est[0] - est[1]) / SCALE),
                species: logistic((est[1] - est[0]) / SCALE)}

    def outcome(self, game: AnyGame, state: Any) -> Rewards:
        base = super().outcome(game, state)
        if len(base) != 2 or state.resigned is not None:
            return base
        colour, species = state.order
        sc = scores(cells_of(state.board))
        margin = logistic((sc[0] - sc[1]) / SCALE)
        return {colour: 0.9 * base[colour] + 0.1 * margin,
                species: 0.9 * base[species] + 0.1 * (1 - margin)}


def greedy_move(game: AnyGame, state: Any, player: str, rng: Rng) -> str:
    """The one-ply greedy baseline: the legal move with the best immediate score difference
    (ties broken at random)."""
    me = ATTR[state.roles[player]]
    rated = all_rated(state, me)
    top = max(g for g, _ in rated)
    best = [m for g, m in rated if g == top]
    return best[rng.randbelow(len(best))]

