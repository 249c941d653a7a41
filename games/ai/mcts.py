"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

One tree is grown for the searching seat. Its nodes are sequences of (player, move) from the
position the seat sees; every iteration

1. **determinizes**: ``game.resample`` draws one world the seat cannot tell apart from the real
   one (other hands, deck order, future dice all redrawn), starting from the policy's
   ``canonical`` state, which depends only on the seat's view;
2. **selects** down the tree with UCB1, counting for every child how often it was *available*
   (its move legal in the sampled world), since what the others can do differs between worlds;
3. **expands** the first untried candidate (candidates come best first from the game's
   heuristic; progressive widening lets more in as a node is visited more);
4. **plays out** a few plies with the game's cheap playout policy, then **evaluates** the
   position (or scores the finished game) as one reward in [0, 1] per player;
5. **backs up**: each node adds the reward of the player who chose its move, so every player
   maximises their own reward (two-player zero-sum, multi-player max^n, a team shares one).

The search stops early once the most visited root move cannot be overtaken by the
iterations left (the answer is then the same as with the full budget; not for ``easy``,
whose answer is drawn by visits).

The engine's own ``apply`` plays every move, so the tree can never hold an illegal one. The
answer is the most visited move at the root (``easy`` samples by visits instead).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import AnyGame
from ..errors import GameError, GameOver, NotYourTurn
from ..rng import Rng, seed_to_int
from .levels import DEFAULT_LEVEL, LEVELS, Level
from .policy import Policy, Rewards
from .registry import policy_for

Key = tuple[str, "str | None"]  # (player, move); move None = wait (no move now)


@dataclass
class Choice:
    """What a search decided, and how sure it was (for logs, benchmarks and tests)."""

    player: str
    move: str | None  # None: the player need not act now and prefers to wait
    iterations: int
    seconds: float
    #: root options -> visits (waiting is listed as ``"(wait)"``)
    visits: dict[str, int] = field(default_factory=dict)
    #: the chosen option's mean reward for its player, in [0, 1]
    value: float = 0.5
    #: root options -> their mean reward for the player who would choose them (hints name
    #: the runner-up with it)
    values: dict[str, float] = field(default_factory=dict)


class _Node:
    __slots__ = ("player", "children", "n", "w", "avail", "cache")

    def __init__(self, player: str | None) -> None:
        self.player = player  # who chose the move leading here (None at the root)
        self.children: dict[Key, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.cache: dict[Any, list[Key]] | None = None  # candidate key -> candidates


def _widen(n: int) -> int:
    """Progressive widening: how many children a node of ``n`` visits may have."""
    return max(2, math.ceil(2.0 * math.sqrt(n + 1)))


def resolve_level(level: str | Level) -> Level:
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}") from None


def search(game: AnyGame, state: Any, players: Sequence[str], level: str | Level = DEFAULT_LEVEL,
           seed: int | str = 0, *, time_limit: float | None = None,
           iterations: int | None = None, policy: Policy | None = None) -> Choice:
    """Search a move for one of ``players`` (one seat, or seats that see the same things).

    Budget: explicit ``iterations`` and/or ``time_limit`` (whichever runs out first); with
    neither, the level's iteration budget for this game, capped by the level's time limit.
    With an iteration budget and no time limit the answer depends only on the arguments.
    """
    lv = resolve_level(level)
    pol = policy or policy_for(game)
    if game.result(state) is not None:
        raise GameOver("the game is over: no more moves")
    to_act = game.to_act(state)
    acting = [str(p) for p in players if str(p) in to_act]
    if not acting:
        waiting = ", ".join(sorted(to_act))
        raise NotYourTurn(f"{', '.join(map(str, players))} may not act now "
                          f"(waiting for {waiting})")
    observer = acting[0]
    for other in acting[1:]:
        if game.view(state, other) != game.view(state, observer):
            raise ValueError("seats searched together must see the same things")
    if iterations is not None and iterations < 1:
        raise ValueError(f"a search needs at least one iteration, not {iterations}")
    if iterations is None and time_limit is None:
        iterations, time_limit = pol.budget(lv), lv.time_limit
    elif iterations is None:
        iterations = 1 << 30
    rng = Rng(seed_to_int(seed))
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit

    width = pol.knob(lv, "width", lv.width)
    root_state = pol.canonical(game, state, observer)
    pol = pol.for_root(game, root_state, observer)
    root_keys: list[Key] = []
    if len(acting) > 1:
        acting = pol.order_actors(game, root_state, acting)
    for p in acting:
        root_keys += [(p, m) for m in pol.root_candidates(game, root_state, p, width, rng)]
    if not any(pol.must_act(game, root_state, p) for p in acting):
        root_keys.append((observer, None))
    if not root_keys:
        raise NotYourTurn(f"{observer} has no move now")
    if len(root_keys) == 1:
        p, m = root_keys[0]
        return Choice(p, m, 0, time.perf_counter() - started, {_label(m): 0})
    flat: Choice | None = pol.flat_choice(game, root_state, observer, root_keys, lv, rng, iterations, deadline)
    if flat is not None:
        flat.seconds = time.perf_counter() - started
        return _blunder(game, root_state, flat, pol.knob(lv, "blunder", 0), rng)

    depth = pol.knob(lv, "depth", lv.depth)
    inner_width = pol.knob(lv, "inner_width", max(3, lv.width // 2))
    settle = lv.temperature == 0  # sampling by visits needs the full count
    root = _Node(None)
    c = lv.exploration
    over = _Over(game)
    done = 0
    while done < iterations:
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        if settle and done % _CHECK == 0 and _decided(root, len(root_keys), done, iterations,
                                                      started, deadline):
            break
        done += 1
        world = game.resample(root_state, observer, rng.next64())
        node = root
        path: list[_Node] = []
        while over(world) is None:
            cached = None
            if node is root:
                keys = root_keys
            else:
                keys, cached = _inner_keys(game, pol, world, node, inner_width, rng)
                if not keys:
                    break
            children = node.children
            best: _Node | None = None
            best_key: Key | None = None
            best_score = -1.0
            fresh: Key | None = None
            for key in keys:
                child = children.get(key)
                if child is None:
                    if fresh is None:
                        fresh = key
                    continue
                child.avail += 1
                score = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n)
                if score > best_score:
                    best, best_key, best_score = child, key, score
            expand = fresh is not None and (best is None or len(children) < _widen(node.n))
            chosen = fresh if expand else best_key
            assert chosen is not None
            key = chosen
            try:
                world = _play(game, world, key)
            except GameError:
                if cached is None:  # a root move illegal in a world the seat cannot tell apart
                    raise
                assert node.cache is not None  # a key that missed something: forget, redo
                del node.cache[cached]
                continue
            if expand:
                child = _Node(key[0])
                children[key] = child
                path.append(child)
                break
            assert best is not None
            path.append(best)
            node = best
        rewards = _rollout(game, pol, world, depth, rng, over)
        root.n += 1
        for nd in path:
            nd.n += 1
            nd.w += rewards.get(nd.player or "", 0.0)

    choice = _decide(root, root_keys, lv, rng, done, time.perf_counter() - started)
    return _blunder(game, root_state, choice, pol.knob(lv, "blunder", 0), rng)


def _blunder(game: AnyGame, state: Any, choice: Choice, percent: int, rng: Rng) -> Choice:
    """With ``percent`` chance, any legal move of the chooser instead of the search's: the
    level's knob that keeps ``easy`` beatable in games where even its small search would beat
    a one-ply greedy player (the move is drawn from the search's own seeded RNG, so it repeats)."""
    if percent <= 0 or choice.move is None or rng.randbelow(100) >= percent:
        return choice
    moves = game.legal_moves(state, choice.player)
    move = moves[rng.randbelow(len(moves))]
    return Choice(choice.player, move, choice.iterations, choice.seconds, choice.visits, 0.0)


_CHECK = 16  # iterations between checks whether the answer is settled


def _decided(root: _Node, options: int, done: int, iterations: int, started: float,
             deadline: float | None) -> bool:
    """Whether the most visited root option can no longer be overtaken in the budget left.

    Counted in iterations, so the answer is the same whether the search stops early or not
    (with a clock, the iterations left are estimated from the pace so far).
    """
    left = iterations - done
    if deadline is not None:
        now = time.perf_counter()
        left = min(left, int((deadline - now) / max(now - started, 1e-9) * done) + 1)
    visits = sorted((nd.n for nd in root.children.values()), reverse=True)
    if len(visits) < options:
        visits.append(0)
    if len(visits) < 2:
        return False
    return visits[0] - visits[1] > left


def _inner_keys(game: AnyGame, pol: Policy, world: Any, node: _Node, width: int,
                rng: Rng) -> tuple[list[Key], Any]:
    """The candidates of a node below the root in this world, and the cache key they were
    found under (None when computed now). Cached by the policy's ``candidate_key``."""
    actors = pol.actors(game, world)
    if len(actors) > 1:
        actors = pol.order_actors(game, world, actors)
    cache_key = tuple(pol.candidate_key(game, world, p) for p in actors)
    use_cache = bool(cache_key) and None not in cache_key
    if use_cache:
        if node.cache is None:
            node.cache = {}
        found = node.cache.get(cache_key)
        if found is not None:
            return found, cache_key
    keys: list[Key] = []
    for p in actors:
        keys += [(p, m) for m in pol.candidates(game, world, p, width, rng)]
    if use_cache:
        assert node.cache is not None
        node.cache[cache_key] = keys
    return keys, None


def _play(game: AnyGame, world: Any, key: Key) -> Any:
    player, move = key
    return world if move is None else game.apply(world, player, move)


class _Over:
    """``game.result``, asked again of the same world object without scoring it twice (a
    finished world is checked by the tree walk and the playout in turn, and some games score
    the whole table to answer). Worlds are never changed once made, so identity is enough."""

    __slots__ = ("game", "world", "result")

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.world: Any = None
        self.result: Any = None

    def __call__(self, world: Any) -> Any:
        if world is not self.world:
            self.world, self.result = world, self.game.result(world)
        return self.result


def _rollout(game: AnyGame, pol: Policy, world: Any, depth: int, rng: Rng,
             over: _Over) -> Rewards:
    for _ in range(depth):
        if over(world) is not None:
            break
        step = pol.playout_move(game, world, rng)
        if step is None:
            break
        world = game.apply(world, step[0], step[1])
    if over(world) is not None:
        return pol.outcome(game, world)
    return pol.evaluate(game, world)


def _label(move: str | None) -> str:
    return "(wait)" if move is None else move


def _decide(root: _Node, keys: list[Key], lv: Level, rng: Rng, done: int,
            seconds: float) -> Choice:
    tried = [(k, root.children[k]) for k in keys if k in root.children]
    visits = {_label(k[1]): nd.n for k, nd in tried}
    if lv.temperature > 0:
        weights = [nd.n ** (1.0 / lv.temperature) for _, nd in tried]
        pick = rng.randbelow(1 << 30) / float(1 << 30) * sum(weights)
        for (key, nd), w in zip(tried, weights):
            pick -= w
            if pick < 0:
                break
    else:
        key, nd = max(tried, key=lambda kv: (kv[1].n, kv[1].w / kv[1].n))
    values = {_label(k[1]): nd.w / nd.n for k, nd in tried if nd.n}
    return Choice(key[0], key[1], done, seconds, visits, nd.w / nd.n if nd.n else 0.5, values)
