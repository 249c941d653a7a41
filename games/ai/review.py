"""A review of a finished game: where a person's move lost the most, and their best-judged move.

:func:`review` replays the game from its seed and log. At each decision a person made (bots'
moves and moves with no alternative are not judged) it asks, from that player's information
set at the time (:mod:`games.ai.mcts` starts from the policy's ``canonical`` state):

1. which move the search prefers (the normal level's search, at a smaller budget so that a
   whole game fits in about a minute of one core);
2. how the move played and the preferred one compare: both are played on the *same* sampled
   worlds (common random numbers), each world played on with the game's playout policy and
   then scored as the chance (0..1) that the player wins (Kraqua: that the team escapes).
   That chance is :meth:`Policy.chances`: the evaluation, where a game has not fitted its
   estimate to how often such positions were won (Aqua, Kahuna and Kraqua have; their
   evaluations rank moves well but are far too sure, or in Kraqua far too glum, to be read
   as a chance). The best of the moves compared is picked on one set of worlds and measured
   on another, so that its luck in the first sample is not counted as its worth.
   The preferred move's chance is the chance "before": what the position offered; the played
   move's is the chance "after".

A game with a better judge of single moves brings its own (:meth:`Policy.review_chances`), and
then step 2 is that judge's: Aqualin's is the hard level's two-ply lookahead (the exact score
change minus the other player's best reply), because its playouts did not predict which move
wins when the game is played on (``python -m tools.sim.review_check aqualin``).

The turning points are the decisions with the largest loss (before minus after), at least
:data:`MIN_LOSS`; the best-judged move is the one where the player found the search's move
and it stood out most from the next best. Pure and seeded: the same game and budget give the
same review on any machine; a wall-clock cap is only a safety net (``complete`` says whether
every decision was judged).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..base import AnyGame
from ..errors import GameError
from ..rng import Rng, seed_to_int
from .levels import LEVELS, LevelName
from .mcts import search
from .registry import policy_for

#: Log kinds that take a seat out of the game rather than play a move.
RESIGNING = ("resign", "forfeit", "kick")
#: A loss smaller than this (in chance of winning) is not a turning point: noise, not a mistake
#: (at 5 points, half of Aqualin's turning points did not hold up when played on; see
#: ``python -m tools.sim.review_check``).
MIN_LOSS = 0.10
#: How many turning points a review names at most.
MOST_TURNING = 5
#: Sampled worlds on which the played and the preferred move are compared (twice: once to pick
#: the better move, once to measure it). A two-player Kahuna game, the dearest (its worlds are
#: played on 12 plies), is reviewed in about 50 s of one core when both seats are people's
#: (three games of 109-119 decisions: 50-51 s), half that with one.
WORLDS = 48
#: The review's search budget per decision, as a share of the normal level's.
SEARCH_SHARE = 0.5
#: How far each compared world is played on before the policy's chances score it: None, the
#: game's own ``Policy.review_depth`` or else the normal level's playout depth (measured: played
#: on to the end with the cheap playout policy, Aqualin's turning points held up less often,
#: Aqua's and Kahuna's held up more often at 12 plies than at 4; see tools.sim.review_check).
PLAYOUT_DEPTH: int | None = None


@dataclass(frozen=True)
class Step:
    """One logged change: its kind (``move`` or a resignation), who, the move, and whether a
    person chose it (then it is judged)."""

    kind: str
    player: str
    move: str
    judge: bool = True


@dataclass(frozen=True)
class Judged:
    """One judged decision. ``number`` counts the log's standing moves from 1."""

    number: int
    player: str
    played: str
    preferred: str
    before: float  # the chance with the preferred move
    after: float  # the chance after the move played
    runner_up: float  # the chance of the best other option the search tried (best move)

    @property
    def loss(self) -> float:
        return max(0.0, self.before - self.after)


@dataclass(frozen=True)
class Review:
    judged: tuple[Judged, ...]
    turning: tuple[Judged, ...]
    best: Judged | None
    complete: bool
    seconds: float = field(default=0.0, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the database and the export (``review`` key)."""
        return {"judged": [asdict(j) for j in self.judged],
                "turning": [j.number for j in self.turning],
                "best": self.best.number if self.best is not None else None,
                "complete": self.complete}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        judged = tuple(Judged(**j) for j in data["judged"])
        by_number = {j.number: j for j in judged}
        return cls(judged, tuple(by_number[n] for n in data["turning"]),
                   by_number.get(data["best"]) if data.get("best") is not None else None,
                   bool(data["complete"]))


def compare(game: AnyGame, state: Any, player: str, moves: Sequence[str], seed: int,
            worlds: int | None = None) -> dict[str, float]:
    """Each move's chance for ``player``, judged on the same ``worlds`` sampled from what the
    player sees: after the move, each world is played on with the policy's playouts for the
    normal level's depth, then scored (or the finished game's outcome taken)."""
    pol = policy_for(game)
    worlds = worlds or WORLDS
    normal = LEVELS[LevelName.NORMAL]
    depth = (PLAYOUT_DEPTH if PLAYOUT_DEPTH is not None else pol.review_depth
             or pol.knob(normal, "depth", normal.depth))
    root = pol.canonical(game, state, player)
    pol = pol.for_root(game, root, player)
    totals = dict.fromkeys(moves, 0.0)
    rng = Rng(seed)
    for _ in range(worlds):
        world = game.resample(root, player, rng.next64())
        playout = rng.next64()
        for move in moves:
            after = game.apply(world, player, move)
            totals[move] += _play_on(game, pol, after, depth, Rng(playout))[player]
    return {m: t / worlds for m, t in totals.items()}


def _play_on(game: AnyGame, pol: Any, state: Any, depth: int, rng: Rng) -> dict[str, float]:
    for _ in range(depth):
        if game.result(state) is not None:
            break
        step = pol.playout_move(game, state, rng)
        if step is None:
            break
        state = game.apply(state, step[0], step[1])
    rewards: dict[str, float] = (pol.outcome(game, state) if game.result(state) is not None
                                 else pol.chances(game, state))
    return rewards


def decisions(game: AnyGame, players: Sequence[str], options: dict[str, str], seed: int,
              steps: Sequence[Step]) -> list[tuple[int, Any, Step]]:
    """(move number, state before, step) for every step a person chose among several moves."""
    state = game.setup(list(players), dict(options), seed)
    out = []
    for number, step in enumerate(steps, 1):
        if step.kind in RESIGNING:
            state = game.resign(state, step.player)
            continue
        if step.judge and len(game.legal_moves(state, step.player)) > 1:
            out.append((number, state, step))
        state = game.apply(state, step.player, step.move)
    return out


def review(game: AnyGame, players: Sequence[str], options: dict[str, str], seed: int,
           steps: Sequence[Step], *, seconds: float | None = 55.0,
           progress: Callable[[int, int], None] | None = None,
           search_share: float | None = None, worlds: int | None = None) -> Review:
    """Judge every decision a person made in the game (see the module docstring).

    ``progress(done, total)`` is called after each decision; ``seconds`` caps the whole
    review (None: no cap), which then judges fewer decisions and says it is incomplete.
    """
    started = time.perf_counter()
    todo = decisions(game, players, options, seed, steps)
    judged: list[Judged] = []
    complete = True
    for i, (number, state, step) in enumerate(todo):
        if seconds is not None and time.perf_counter() - started > seconds:
            complete = False
            break
        judged.append(judge(game, state, step, number, seed, search_share, worlds))
        if progress is not None:
            progress(i + 1, len(todo))
    return summarize(judged, complete, time.perf_counter() - started)


def judge_range(game: AnyGame, players: Sequence[str], options: dict[str, str], seed: int,
                steps: Sequence[Step], start: int, stop: int, *,
                search_share: float | None = None, worlds: int | None = None
                ) -> tuple[list[Judged], int]:
    """The decisions ``start``..``stop - 1`` of :func:`decisions` judged, and how many there are
    in all: the bot reviews a game in such slices, to say how far it got between them."""
    todo = decisions(game, players, options, seed, steps)
    return ([judge(game, state, step, number, seed, search_share, worlds)
             for number, state, step in todo[start:stop]], len(todo))


def summarize(judged: Sequence[Judged], complete: bool, seconds: float = 0.0,
              min_loss: float | None = None) -> Review:
    """The turning points (the largest losses, at least :data:`MIN_LOSS`, at most
    :data:`MOST_TURNING`, in the game's order) and the best-judged move of ``judged``."""
    min_loss = MIN_LOSS if min_loss is None else min_loss
    turning = sorted((j for j in judged if j.loss >= min_loss), key=lambda j: (-j.loss, j.number))
    found = [j for j in judged if j.played == j.preferred and j.before - j.runner_up > 0]
    best = max(found, key=lambda j: (j.before - j.runner_up, -j.number)) if found else None
    return Review(tuple(judged), tuple(sorted(turning[:MOST_TURNING], key=lambda j: j.number)),
                  best, complete, seconds)


def judge(game: AnyGame, state: Any, step: Step, number: int, seed: int,
          search_share: float | None = None, worlds: int | None = None) -> Judged:
    """One decision: the search's move from the player's view, then the moves compared (or
    the game's own judge of single moves, :meth:`Policy.review_chances`)."""
    pol = policy_for(game)
    own = pol.review_chances(game, pol.canonical(game, state, step.player), step.player, step.move)
    if own is not None:
        best = max(own, key=lambda m: (own[m], m == step.move))
        rest = [c for m, c in own.items() if m != best]
        return Judged(number=number, player=step.player, played=step.move, preferred=best,
                      before=own[best], after=own[step.move],
                      runner_up=max(rest) if rest else own[best])
    normal = LEVELS[LevelName.NORMAL]
    share = SEARCH_SHARE if search_share is None else search_share
    iterations = max(16, int(policy_for(game).budget(normal) * share))
    seed = seed_to_int(f"review:{seed}:{number}")
    try:
        choice = search(game, state, [step.player], LevelName.NORMAL, seed, iterations=iterations)
    except GameError:
        choice = None
    preferred = step.move if choice is None or choice.move is None else choice.move
    others = [m for m in (choice.values if choice is not None else {})
              if m not in (preferred, step.move, "(wait)")]
    runner = max(others, key=lambda m: choice.values[m]) if others and choice is not None else None
    moves = list(dict.fromkeys([step.move, preferred] + ([runner] if runner else [])))
    # The best of the moves on one set of worlds (the move played wins a tie), then all of them
    # again on fresh worlds: the best of a sample is also its luckiest, so the chances said are
    # measured on worlds that did not choose it.
    chosen = compare(game, state, step.player, moves, seed, worlds)
    preferred = max(moves, key=lambda m: (chosen[m], m == step.move))
    chances = compare(game, state, step.player, moves, seed_to_int(f"{seed}:again"), worlds)
    if chances[step.move] >= chances[preferred]:
        preferred = step.move  # on fresh worlds the move played did as well: no loss to claim
    rest = [chances[m] for m in moves if m != preferred]
    return Judged(number=number, player=step.player, played=step.move, preferred=preferred,
                  before=chances[preferred], after=chances[step.move],
                  runner_up=max(rest) if rest else chances[preferred])
