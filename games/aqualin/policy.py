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
* **Hard** grows no tree. ``flat_choice`` hands the decision to
  :mod:`games.aqualin.lookahead`: the best ``LOOKAHEAD_WIDTH`` moves by exact gain, each judged
  by the other player's best reply: in the seed rules to every tile they might draw, in the
  classic rules to the market I leave them plus any refill, with slides of any length. It uses
  the board, the drawn tile and the market, never the supply's order. The tree with this
  evaluation stops gaining from more iterations: 800 against normal's 250 scored 51.5 % over
  100 games (seed rules). The lookahead scored
  75.5 % against normal over 100 games, at about normal's time per move (73.0 % once equal
  worths are told apart by the estimate, so that it does not fill the board in square order). In
  the classic rules the tree at 800 iterations scored 54.0 % against normal; the lookahead
  scored 81.5 % over 100 games, at a p99 of 0.57 s per move (normal: 0.53 s).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .cells import ORTHO, Cells, cells_of, gain, labels, points, shifts, slides
from .state import SQUARES, AqualinState, Role, Rules
from . import lookahead
from ..base import AnyGame
from ..rng import Rng
from ..ai.policy import Policy, Rewards, logistic

ATTR = {role: role.letter for role in Role}  # the tile letter each role scores by
#: weight of the group potential against points on the board
POTENTIAL = 0.5
#: logistic scale of a margin in points
SCALE = 4.0
#: the review's logistic scale of a lookahead margin with the whole board still open: wider than
#: the evaluation's, as measured with tools.sim.review_check (into the games' actual futures, at 4
#: a review claimed 24.0 points of losses where playing on showed 9.3; at 10 it claimed 20.7 and
#: playing on showed 22.5; with the tiles to come drawn again, 19.1 claimed and 19.8 shown over
#: seeds 600-619 and 700-719)
REVIEW_SCALE = 10.0
#: playout: squares sampled per placement
SAMPLES = 6
#: hard's lookahead: how many of the best moves by exact gain it judges
LOOKAHEAD_WIDTH = 40
#: root: at most this many moves are rated by the full estimate (classic rules: ~11000 legal)
ROOT_PREFILTER = 2000

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
    if state.rules == Rules.SEED:
        return shifts(cells)
    return [] if state.turn == 0 else slides(cells)


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


def _each_move(state: AqualinState,
               me: int) -> Iterator[tuple[int, Cells, tuple[int, int] | None, str, int]]:
    """Every legal move with its exact score change for role ``me`` against the other role:
    (gain, the board after the shift, the shift or None, tile, cell placed on)."""
    cells = cells_of(state.board)
    classic = state.rules == Rules.CLASSIC
    tiles = _tiles(state)
    base = scores(cells)
    base_diff = base[me] - base[1 - me]
    for g, t, e in rated_placements(cells, tiles, me, classic):
        yield g, cells, None, t, e
    for src, dst in _shifts(state, cells):
        moved = list(cells)
        moved[dst], moved[src] = moved[src], None
        after = scores(moved)
        shift_gain = after[me] - after[1 - me] - base_diff
        for g, t, e in rated_placements(moved, tiles, me, classic, exclude=dst):
            yield shift_gain + g, moved, (src, dst), t, e


def all_rated(state: AqualinState, me: int) -> list[tuple[int, str]]:
    """Every legal move with its immediate score difference for role ``me`` (for greedy play).

    Exact: the difference of both roles' scores after the move minus before.
    """
    named = state.rules == Rules.CLASSIC
    return [(g, _text(shift, t if named else None, e))
            for g, _, shift, t, e in _each_move(state, me)]


def moves_with_boards(state: AqualinState, me: int) -> list[tuple[int, Cells, str]]:
    """:func:`all_rated` with the board after each move: (gain, cells, text), best gain first
    (for the lookahead, which judges the board each move leaves)."""
    named = state.rules == Rules.CLASSIC
    out: list[tuple[int, Cells, str]] = []
    for g, moved, shift, t, e in _each_move(state, me):
        after = list(moved)
        after[e] = t
        out.append((g, after, _text(shift, t if named else None, e)))
    out.sort(key=lambda m: -m[0])
    return out


def _worth(state: AqualinState, me: int) -> Callable[[Cells, int], float]:
    """Hard's judge of a move for role ``me``: (board after, exact gain) -> the gain minus the
    other player's mean best reply, to the tile they might draw (seed rules) or the market the
    move leaves them (classic; the supply is what neither the board nor the market shows)."""
    cells = cells_of(state.board)
    if state.rules == Rules.SEED:
        tiles = lookahead.unseen(cells, state.drawn)
        return lambda after, gain: lookahead.judge(after, me, gain, tiles)
    market = list(state.market)
    supply = [t for t in lookahead.unseen(cells, None) if t not in market]
    return lambda after, gain: lookahead.judge_market(after, me, gain, market, supply)


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
    #: the tile placed (and shifted): the next drawn or market tile stays unseen
    preview_keys = ("board", "last", "scores", "groups", "largest")
    #: ``lookahead``: from how many empty squares on the level decides by the two-ply
    #: lookahead (:mod:`games.aqualin.lookahead`) instead of the tree (0: never).
    knobs = {"hard": {"lookahead": 36}}

    def flat_choice(self, game: AnyGame, state: Any, observer: str, options: list[Any],
                    level: Any, rng: Rng, iterations: int,
                    deadline: float | None) -> Any | None:
        """Late enough in the game (hard: always): each of the best moves by exact gain is
        judged by the other player's best reply (:mod:`games.aqualin.lookahead`)."""
        from ..ai.mcts import Choice

        start = self.knob(level, "lookahead", 0)
        seed = state.rules == Rules.SEED
        if 36 - len(state.board) > start or (state.drawn is None if seed else not state.market):
            return None
        me = ATTR[state.roles[observer]]
        moves = moves_with_boards(state, me)[:self.knob(level, "lookahead_width", LOOKAHEAD_WIDTH)]
        clock = time.perf_counter
        move, value, judged = lookahead.choose(
            moves, _worth(state, me), lambda: deadline is not None and clock() >= deadline,
            lambda after: self._score(after, me))
        return Choice(observer, move, judged, 0.0, {move: judged}, logistic(value / SCALE))

    def review_chances(self, game: AnyGame, state: Any, player: str,
                       played: str) -> dict[str, float] | None:
        """Hard's judge: the move played and the best ``LOOKAHEAD_WIDTH`` moves by exact gain,
        each worth its gain minus the other player's best reply (:mod:`.lookahead`), from the
        board, the drawn tile and the market only. As a chance: the logistic of the position's
        estimated margin plus that worth (the evaluation's scale), so a move in a decided game
        loses little. Measured with ``python -m tools.sim.review_check aqualin``: the playouts'
        judgement did not predict which move wins when played on (57 % of turning points held);
        this one's preferred move won more often in 76 % of them (68 of 89 over 40 games, the
        tiles to come drawn again for each game played on)."""
        if game.result(state) is not None or (state.drawn is None if state.rules == Rules.SEED
                                              else not state.market):
            return None
        me = ATTR[state.roles[player]]
        every = moves_with_boards(state, me)
        played_board = cells_of(game.apply(state, player, played).board)
        mine = next(((g, b) for g, b, _t in every if b == played_board), None)
        if mine is None:
            return None
        worth = _worth(state, me)
        base = self._score(cells_of(state.board), me)
        out = {text: worth(board, gain) for gain, board, text in every[:LOOKAHEAD_WIDTH]
               if board != played_board}  # the move played under its own name
        out[played] = worth(mine[1], mine[0])
        # What is still open after this move and the reply the lookahead counts: the fewer
        # squares are left, the surer a margin (at the end a point more or less either wins or
        # does not: a step, not a slope).
        left = 36 - len(state.board) - 2
        if left <= 0:
            return {text: 1.0 if base + v > 1e-9 else 0.5 if base + v > -1e-9 else 0.0
                    for text, v in out.items()}
        scale = REVIEW_SCALE * (left / 36) ** 0.5
        return {text: logistic((base + value) / scale) for text, value in out.items()}

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        # Nobody sees the supply: any fixed order will do (resample shuffles it).
        new = state.copy()
        new.supply = sorted(new.supply)
        return new

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

