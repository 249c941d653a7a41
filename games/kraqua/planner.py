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

The planner's picture of the game and its scores live in :mod:`.plan_board`; this module
plans a round on it and makes the team's choices; the short move labels are :mod:`.words`'.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ..base import Game
from ..text import Text
from .board import ANIMALS, FISH, GATE_AFTER, GEM_COLOURS, ROWS, SIDES, special
from .plan_board import (  # the planner's picture, handed on for the tests and the simulation
    ANIMAL_OF,
    BEAM,
    CELLS,
    UNKNOWN,
    Board,
    best_gem,
    best_gem_on,
    board_of,
    dest,
    gem_harm,
    hideout_chance,
    protected,
    protected_fields,
    shark_usable,
    sorted_items,
    survive_chance,
    take_row,
    theft,
    value,
)
from .state import MAX_SHELLS, KraquaState, Step, next_spot
from .turns import step_of
from .words import label

__all__ = ["Action", "Board", "UNKNOWN", "best_action", "best_gem", "board_of", "choose",
           "choose_seat", "clear_cache", "dest", "gem_harm", "hideout_chance", "next_spot",
           "outlook", "plan", "protected", "protected_fields", "rank_moves", "shark_usable",
           "survive_chance", "take_row", "value"]

#: The engine the team plays (any :class:`~games.base.Game` of Kraqua states: the planner
#: needs only ``to_act`` and ``legal_moves``, so it does not import the engine).
KraquaGame = Game[KraquaState, Any]


# ----- planning a round -------------------------------------------------------------------------


Action = tuple[str, "str | None", str, str]  # (seat, row to lay or None, move, special choice)


def _moves(b: Board, seat: str) -> list[tuple[str, str, str]]:
    """(move, fish, animal) for ``seat``'s hand; the move step's options of the engine."""
    tile = b.hands[seat]
    assert tile is not None and tile != UNKNOWN
    animal = ANIMAL_OF[tile]
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
                theft(t, t.chips[seat] == "seahorse")
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
            theft(t)
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


def _plan_cached(b: Board, seat: str | None = None) -> dict[Action, float]:
    """:func:`plan` of ``b``; with ``seat``, of that seat's own first actions only."""
    key = b.key() + (b.current, b.laid, b.last_mover, b.stack_n, sorted_items(b.chest),
                     sorted_items(b.cave), sorted_items(b.chips), b.players, b.need,
                     b.cave_limit, b.order, tuple(map(tuple, b.passed)), seat)
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        got = plan(b) if seat is None else plan(b, [a for a, _after in _turn(b, seat)])
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


def choose_seat(game: KraquaGame, s: KraquaState) -> str:
    """Which of the seats that may act should go now."""
    acting = sorted(game.to_act(s), key=s.players.index)
    if len(acting) == 1 or s.current is not None or s.phase != "turn":
        return acting[0]
    return best_action(s)[0]


def choose(game: KraquaGame, s: KraquaState, seat: str) -> str:
    """The greedy team's move for ``seat`` now."""
    step = step_of(s, seat)
    moves = game.legal_moves(s, seat)
    if step in (Step.LAY, Step.MOVE):
        b = board_of(s)
        scores = {}
        if s.current is None:
            scores = {a: v for a, v in _plan_cached(b).items() if a[0] == seat}
            b.current = seat
        if not scores:
            scores = _plan_cached(b)
        _seat, row, move, _rest = max(scores, key=lambda a: (scores[a], _tiebreak(a)))
        return f"lay {row}" if step == Step.LAY else move
    b = board_of(s)
    if step == Step.REROLL:
        assert s.roll is not None
        expected = sum(gem_harm(b, c) for c in GEM_COLOURS) / len(GEM_COLOURS)
        return "reroll" if gem_harm(b, s.roll) > expected else "keep"
    if step == Step.GEM:
        return f"gem {best_gem_on(b)}"
    if step == Step.SPECIAL:
        return _special_choice(s, b, seat, moves)
    if step == Step.DRAW:
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
        return best, CELLS[(number, side)].count("#")
    return max(SIDES, key=worth)


# ----- suggestions -----------------------------------------------------------------------------


def _first_actions(s: KraquaState, seat: str, b: Board) -> dict[Action, float]:
    if s.current is None:
        b.current = seat
    return _plan_cached(b, seat)


def rank_moves(game: KraquaGame, s: KraquaState, seat: str, moves: list[str]
               ) -> list[tuple[str, Text]]:
    """``moves`` with short labels, the greedy team's favourite first."""
    step = step_of(s, seat)
    favourite = choose(game, s, seat) if moves else None
    score: dict[str, float] = {}
    if step in (Step.LAY, Step.MOVE):
        b = board_of(s)
        for (_seat, row, move, _rest), v in _first_actions(s, seat, b).items():
            key = f"lay {row}" if step == Step.LAY else move
            score[key] = max(score.get(key, -math.inf), v)
    ranked = sorted(range(len(moves)), key=lambda i: (
        moves[i] != favourite, -score.get(moves[i], 0.0), i))
    return [(moves[i], label(s, seat, moves[i], step)) for i in ranked]
