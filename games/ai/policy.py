"""What the search needs to know about a game beyond the engine contract, and the defaults.

A :class:`Policy` answers these questions for the search in :mod:`games.ai.mcts`:

* ``canonical``: the state with everything ``player`` cannot see put in a fixed order, so that
  ``game.resample`` of it depends only on what the seat sees (the bot can then provably not
  use hidden information: two states the seat cannot tell apart give the same search);
* ``actors`` / ``must_act``: whose decisions the tree models in a state where several players
  may act (a cooperative team, an out-of-turn stone);
* ``candidates``: the few moves worth searching at a decision, best first (``root_candidates``
  once per search, may be thorough; ``candidate_key`` lets the search cache the others);
* ``playout_move``: a cheap move to play out a position a few plies;
* ``evaluate`` / ``outcome``: each player's reward in [0, 1], estimated or final;
* ``flat_choice``: optionally, the whole root decision without a tree (Kraqua: every option
  judged on the same sampled worlds).

The defaults work for any registered game (uniform playouts, neutral evaluation); the
per-game modules subclass them with real knowledge.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import AnyGame
from ..rng import Rng
from .levels import Level

Rewards = dict[str, float]


class Policy:
    """Game knowledge for the search. Stateless: one instance serves every search."""

    #: reward of a won / drawn / lost cooperative game (outcome "won", "almost", "lost")
    coop_rewards: Mapping[str, float] = {"won": 1.0, "almost": 0.35, "lost": 0.0}
    #: This game's iteration budget per level name. One iteration costs very different
    #: amounts in different games (an Aqualin decision offers hundreds of moves, a Kraqua one
    #: a handful), so each game sizes its own; a level without an entry uses the level's.
    iterations: Mapping[str, int] = {}
    #: Per level name: small integer knobs of this game's search (``width``, ``depth``,
    #: ``inner_width``) that differ from the level's.
    knobs: Mapping[str, Mapping[str, int]] = {}
    #: The view's keys a move alone decides (the board it changes, its ``last``), which a hint's
    #: picture takes from the position after the move (:mod:`games.ai.coach`); the rest, such
    #: as a tile drawn or a die rolled after it, stays as the seat sees it now.
    preview_keys: tuple[str, ...] = ()
    #: How many plies a review plays each compared world on before :meth:`chances` scores it
    #: (None: the normal level's playout depth), where the review check found a farther look
    #: names real mistakes (``python -m tools.sim.review_check GAME --depth N``).
    review_depth: int | None = None

    def budget(self, level: Level) -> int:
        """The iterations a search at ``level`` runs for this game."""
        return self.iterations.get(level.name, level.iterations)

    def knob(self, level: Level, name: str, default: int) -> int:
        tried = dict(level.extra)  # a variant being measured (``tools.sim.strength``)
        if name in tried:
            return tried[name]
        base = level.name.partition("+")[0]  # a variant keeps the rest of its level's knobs
        return self.knobs.get(base, {}).get(name, default)

    def for_root(self, game: AnyGame, state: Any, player: str) -> Policy:
        """The policy for one search from ``state`` (default: this one). A game whose
        evaluation is relative to the starting position returns a bound copy."""
        return self

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        """``state`` with the hidden parts in a fixed order (default: as it is)."""
        return state

    def must_act(self, game: AnyGame, state: Any, player: str) -> bool:
        """False when ``player`` may act now but need not (then waiting is an option)."""
        return True

    def actors(self, game: AnyGame, state: Any) -> list[str]:
        """The players whose moves a tree node offers (default: everyone in ``to_act``)."""
        acting = game.to_act(state)
        return [p for p in game.players(state) if p in acting]

    def order_actors(self, game: AnyGame, state: Any, players: list[str]) -> list[str]:
        """Several players may act: whose moves the tree should try first (default: as
        given). Children are admitted in candidate order, so this is a prior."""
        return players

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        """At most ``width`` moves worth searching, best first (default: a random sample)."""
        moves = game.legal_moves(state, player)
        if len(moves) <= width:
            return moves
        moves = list(moves)
        rng.shuffle(moves)
        return moves[:width]

    def root_candidates(self, game: AnyGame, state: Any, player: str, width: int,
                        rng: Rng) -> list[str]:
        """The candidates at the root, computed once per search: may be more thorough."""
        return self.candidates(game, state, player, width, rng)

    def candidate_key(self, game: AnyGame, state: Any, player: str) -> Any:
        """A hashable summary of everything ``candidates`` reads, or None (no caching).

        The search then reuses a node's candidates for every sampled world with the same key.
        """
        return None

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        """One cheap (player, move) to continue a playout, or None to stop and evaluate."""
        actors = self.actors(game, state)
        if not actors:
            return None
        player = actors[rng.randbelow(len(actors))]
        moves = game.legal_moves(state, player)
        if not moves:
            return None
        return player, moves[rng.randbelow(len(moves))]

    def flat_choice(self, game: AnyGame, state: Any, observer: str, options: list[Any],
                    level: Any, rng: Rng, iterations: int,
                    deadline: float | None) -> Any | None:
        """A game whose root options are few and whose evaluation is a lookahead of its own
        may judge every option on the same sampled worlds instead of growing a tree (a
        ``Choice``); default None: grow the tree."""
        return None

    def review_chances(self, game: AnyGame, state: Any, player: str,
                       played: str) -> dict[str, float] | None:
        """A game with a better judge of single moves than sampled playouts may bring it to the
        review (:mod:`games.ai.review`): ``player``'s chance (0..1) after ``played`` and after
        each of the moves it rates best, from ``state`` as that player sees it (the canonical
        state). Deterministic: the same position gives the same chances. Default None: the review
        compares the search's moves on sampled worlds."""
        return None

    def chances(self, game: AnyGame, state: Any) -> Rewards:
        """Each player's chance (0..1) of winning from an unfinished position, as a review says
        it (:mod:`games.ai.review`). Default: the evaluation. A game whose evaluation ranks
        positions well but is no chance (too sure early, or Kraqua's planner outlook, too
        glum) maps its estimate to how often such positions were won in played games."""
        return self.evaluate(game, state)

    def said_chance(self, game: AnyGame, state: Any, value: float) -> float:
        """A search's value of a move from ``state`` as the chance a hint says (default: the
        value). A game whose :meth:`chances` reads its estimate at a wider scale than the
        search's (Aqua, Kahuna) reads the value at that scale too (:func:`widened`)."""
        return value

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        """Rewards of an unfinished position (default: nobody is ahead)."""
        players = game.players(state)
        return {p: 1.0 / len(players) if len(players) > 2 else 0.5 for p in players}

    def outcome(self, game: AnyGame, state: Any) -> Rewards:
        """Rewards of a finished game: a win shared among the winners, or the team outcome."""
        result = game.result(state)
        assert result is not None
        return self.shares(game, state, result)

    def shares(self, game: AnyGame, state: Any, result: Any) -> Rewards:
        """:meth:`outcome` from the finished game's ``result``, for a policy that read it
        already (scoring a finished table can be the dearest step of a playout)."""
        players = game.players(state)
        if result.outcome is not None:  # cooperative: the whole team shares one outcome
            value = self.coop_rewards.get(result.outcome, 0.0)
            return {p: value for p in players}
        winners = set(result.winners)
        share = 1.0 / len(winners) if winners else 0.0
        return {p: (share if p in winners else 0.0) for p in players}


# ----- helpers the game policies share ----------------------------------------------------------


def logistic(x: float) -> float:
    """A score margin (in "about one good move" units) as a probability of winning."""
    if x >= 30:
        return 1.0
    if x <= -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def widened(p: float, ratio: float, players: int = 2) -> float:
    """A chance ``p`` read off a logistic (or soft-max) estimate, as the same estimate reads at
    a scale ``1 / ratio`` times as wide: its log-odds against an even share times ``ratio``
    (exact for two players, and for more when the others stand level)."""
    if not 0.0 < p < 1.0:
        return p  # a decided game stays decided
    even = math.log(1.0 / (players - 1))
    return logistic(even + (math.log(p / (1.0 - p)) - even) * ratio)


def two_player_rewards(players: Sequence[str], margin: float, scale: float) -> Rewards:
    """Rewards from ``margin`` = estimated lead of ``players[0]`` over ``players[1]``."""
    p = logistic(margin / scale)
    return {players[0]: p, players[1]: 1.0 - p}


def share_rewards(estimates: Mapping[str, float], scale: float) -> Rewards:
    """Multi-player rewards: a soft-max share of the estimated scores (sums to 1)."""
    top = max(estimates.values())
    weights = {p: math.exp((v - top) / scale) for p, v in estimates.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def estimate_rewards(estimates: Mapping[str, float], scale: float) -> Rewards:
    """Rewards from per-player score estimates: logistic of the lead for two players, else a
    soft-max share; a single player gets a logistic of the score itself around ``scale``."""
    players = list(estimates)
    if len(players) == 1:
        (p,) = players
        return {p: logistic(estimates[p] / scale)}
    if len(players) == 2:
        a, b = players
        return two_player_rewards(players, estimates[a] - estimates[b], scale)
    return share_rewards(estimates, scale)
