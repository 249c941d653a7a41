"""Bot players for every registered game: information-set Monte Carlo tree search.

``choose_move(game, state, player, level, seed)`` returns the move a bot in ``player``'s seat
plays now; ``choose_turn`` does the same for several seats of one team (Kraqua). Pure: no I/O,
no global ``random``; a clock is read only for the level's time limit. With an explicit
``iterations`` budget and no ``time_limit`` the answer depends only on the arguments.

**The algorithm** (:mod:`games.ai.mcts`): single-observer ISMCTS. Each iteration draws one
world the seat cannot tell apart from the real one (``game.resample`` of a ``canonical``
state in which the hidden parts are put in a fixed order, so the search provably depends only
on the seat's view), walks down the tree with UCB1 over the moves legal in that world
(availability counts), adds one node, plays a few plies with a cheap playout policy and
scores the position with a game-specific evaluation as a reward in [0, 1] per player. Moves
are always played by the engine's own ``apply``. Each player maximises their own reward
(max^n); a cooperative team shares one. Multi-step turns are several moves of one player;
chance lives in the state's RNG, which every world redraws. The most visited root move wins.

**Game knowledge** (:mod:`games.ai.policy`, and each game's own ``games/<id>/policy.py``):
the candidate moves a decision offers the tree (top ``width`` by a quick heuristic: the full
lists run to ~1300 moves in Aqualin and ~11000 in classic Aqualin), the playout policy and the
evaluation:

* Aqualin (:mod:`games.aqualin.policy`): groups now plus *group potential* (the best squares
  each value still to come could join); candidates combine placements with the best shifts;
  playouts place on the best of a few sampled squares. ``hard`` grows no tree:
  :mod:`games.aqualin.lookahead` judges its best moves by the exact score change minus the
  other player's best reply (every shift or slide and placement) to each tile they might draw
  (seed rules) or take from the market (classic).
* Kahuna (:mod:`games.kahuna.policy`): a margin in points from scores, stones (and the next
  scoring), islands in the making, guarded stones, bridges and useful cards.
* Aqua (:mod:`games.aqua.policy`): the live score plus habitats one tile away, as many as turns
  are left; candidates from the engine's placement heuristic.
* Kraqua (:mod:`games.kraqua.policy`): the team planner's moves, checked option by option on
  the same sampled dice (a flat Monte Carlo, the tree's depth-one case); the team picks
  which seat starts.
* Krasserfall (:mod:`games.krasserfall.policy`): medals plus medals expected from boats afloat
  (their public danger); the stone holder may wait out of turn (``choose_move`` → ``None``).
* Any other game gets the generic policy: random candidates and playouts, neutral evaluation.

**Registration** (:mod:`games.ai.registry`): a game's registration names its policy class
(``register(Game(), policy="games.<id>.policy:ItsPolicy")``), which is imported the first
time a bot plays that game.

**Levels** (:mod:`games.ai.levels`): ``easy``, ``normal``, ``hard`` differ in iterations,
time limit, candidate width, playout depth and, for ``easy``, a final pick drawn by visits
instead of the best. A game may also give a level a different search through its policy's
``knobs`` (Aqualin's ``hard`` lookahead). A policy sizes its own game's iterations per level
(``Policy.iterations``), beside its code.

**Thread safety**: a search keeps all its state in local variables; the module-level caches
(policy instances, Aqua coral reaches) hold only pure results. Searches may run in parallel
threads, but being pure Python they hold the GIL: run them in a process pool (or one worker
thread) so the event loop never waits on one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import AnyGame
from .levels import DEFAULT_LEVEL, LEVELS, Level
from .policy import Policy
from .mcts import Choice, search
from .registry import policy_for, register_policy

def choose_move(game: AnyGame, state: Any, player: str, level: str | Level = DEFAULT_LEVEL,
                seed: int | str = 0, *, time_limit: float | None = None,
                iterations: int | None = None) -> str | None:
    """The move the bot in ``player``'s seat plays now (canonical, legal).

    ``player`` must be in ``game.to_act(state)``. The answer is ``None`` only when the seat may
    act but need not and would rather wait (Krasserfall's stone holder during another player's
    turn); otherwise it is always a move. The search sees only what the seat sees.
    """
    return search(game, state, [player], level, seed, time_limit=time_limit,
                  iterations=iterations).move


def choose_turn(game: AnyGame, state: Any, players: Sequence[str],
                level: str | Level = DEFAULT_LEVEL, seed: int | str = 0, *,
                time_limit: float | None = None,
                iterations: int | None = None) -> tuple[str, str] | None:
    """For several bot seats that see the same things (a Kraqua team): which of them acts
    now, and with which move. ``None`` when none of them needs to act and all prefer to wait.
    """
    choice = search(game, state, players, level, seed, time_limit=time_limit,
                    iterations=iterations)
    return None if choice.move is None else (choice.player, choice.move)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Choice", "Level", "Policy", "choose_move", "choose_turn",
           "policy_for", "register_policy", "search"]
