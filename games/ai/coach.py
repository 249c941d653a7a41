"""Hints: the move the search would play from a seat's own view, and why, for a player to learn.

:func:`hint` runs the same search a bot at the ``normal`` level runs, from what ``player``
sees, and says what it found in words a player reads:

* ``label``: the move as autocomplete names it, with what it does now in the rules' terms
  (Aqualin "you +3, them -1", Aqua "GOR habitat: sea turtle +3", Kraqua "unprotected");
* ``chance``: the search's estimate, in [0, 1], that the seat wins (in a cooperative game:
  that the team escapes) after that move, and the same for the next-best move it tried, read
  as the game reads a chance (:meth:`Policy.said_chance`: Aqua's and Kahuna's search values
  rank moves well but are far too sure early);
* ``preview``: the seat's view with the move shown on the board, to draw.

Everything comes from the seat's information set only. The search starts from the policy's
``canonical`` state; the label is read in that state; the preview plays the move in one world
drawn from it and keeps only the parts of that world's view the move decides by itself
(:attr:`games.ai.policy.Policy.preview_keys`). A chance outcome or a hidden card the move
would reveal is left as the seat sees it now. So two states the seat cannot tell apart give
the same hint, which the tests prove with every game's ``resample``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import AnyGame
from ..errors import NotYourTurn
from .levels import LevelName
from .mcts import search
from .registry import policy_for

#: Hints search as a normal bot does: the issue's "the normal level's strength".
HINT_LEVEL = LevelName.NORMAL


@dataclass(frozen=True)
class Hint:
    """What the search advises ``player`` to play now."""

    player: str
    move: str
    #: The move as the game's autocomplete names it (value and what it does now).
    label: Any
    #: Estimated chance (0..1) of winning, or of the team's escape, after ``move``.
    chance: float
    #: The next-best move the search tried, its label and chance (None: it had no other).
    runner_up: tuple[str, Any, float] | None
    #: The seat's view with ``move`` shown on the board.
    preview: Mapping[str, Any]
    iterations: int = field(default=0, compare=False)
    seconds: float = field(default=0.0, compare=False)


def label_of(game: AnyGame, state: Any, player: str, move: str) -> Any:
    """The autocomplete label of ``move`` (the move itself where the game offers none)."""
    for value, label in game.suggest(state, player, move, 50):
        if value == move:
            return label
    return move


def preview(game: AnyGame, state: Any, player: str, move: str, seed: int) -> dict[str, Any]:
    """The public view of ``state`` with ``move`` shown: the move is played in one world the
    seat cannot tell from ``state`` and only the view's keys the move alone decides are taken
    from that world (the rest, such as the next tile drawn, stays as the seat sees it)."""
    pol = policy_for(game)
    before = dict(game.view(state, None))
    world = game.resample(pol.canonical(game, state, player), player, seed)
    after = game.view(game.apply(world, player, move), None)
    for key in pol.preview_keys:
        if key in after:
            before[key] = after[key]
        else:
            before.pop(key, None)
    if isinstance(before.get("last"), dict) and "last" in pol.preview_keys:
        # a move shown, not made: the picture says so instead of "Last:"
        before["last"] = {**before["last"], "shown": True}
    return before


def hint(game: AnyGame, state: Any, players: Sequence[str], seed: int,
         level: str = HINT_LEVEL, *, iterations: int | None = None) -> Hint:
    """The move the search advises, for one seat or (Kraqua) seats that see the same things.

    ``seed`` must come from what every seat knows (a game id and version, say), never from
    the game's own seed: the search's answer then depends only on the seat's view.
    """
    acting = [p for p in players if p in game.waiting_for(state)]
    if not acting:
        raise NotYourTurn("it is not your turn, so there is nothing to hint")
    choice = search(game, state, acting, level, seed, iterations=iterations)
    if choice.move is None:  # only when every seat may wait: none of ``acting`` must act
        raise NotYourTurn("nothing to play now")
    pol = policy_for(game)
    root = pol.canonical(game, state, choice.player)
    others = sorted(((v, m) for m, v in choice.values.items() if m != choice.move and m != "(wait)"),
                    reverse=True)
    runner_up = None
    if others:
        value, move = others[0]
        runner_up = (move, label_of(game, root, choice.player, move),
                     pol.said_chance(game, root, value))
    return Hint(player=choice.player, move=choice.move,
                label=label_of(game, root, choice.player, choice.move),
                chance=pol.said_chance(game, root, choice.value), runner_up=runner_up,
                preview=preview(game, state, choice.player, choice.move, seed),
                iterations=choice.iterations, seconds=choice.seconds)
