"""Aqua for the search: the live score, plus habitats one tile away, against the time left.

* **Hidden information** is only the order of the deck (and which tiles went to the box):
  ``canonical`` sorts them, ``resample`` redraws them.
* **Evaluation**: each player's live score (the engine's final scoring applied now: animals,
  reefs, ecosystems; recomputed here with cached coral reaches, several times faster than
  ``Aqua.breakdowns`` and tested equal to it) plus half the worth of the best *near habitats*:
  sites of the player's area with two corals of one colour whose third coral would come from
  a free position, worth the small animal now on top of that colour's stack; only as many as
  the player has turns left count. Two players: the logistic of the margin; more: a soft-max
  share; solo: a curve of the score itself. The chance a review says (``chances``) reads
  the same estimates at a wider scale fitted to played games, narrowing with the rounds left.
* **Candidates**: placements rated by the engine's own autocomplete heuristic
  (``games.aqua.advice.take_score``: habitats made, colour contacts, sites kept open); at the
  root the best of those are re-rated by the full evaluation. The snail, a large animal or
  ``done`` are always among the candidates when legal.
* **Playouts** take the best of four sampled placements by the same heuristic and always
  attract the most valuable large animal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .advice import take_score
from .geometry import DIR_INDEX, Coral, Pos, site_border, site_corals, tile_sites
from .material import HOT, ROUNDS, SPECIES, SPECIES_OF, small_value
from .notation import Large
from .placement import large_options, take_options
from .scoring import ecosystem_points, groups
from .state import Phase
from ..base import AnyGame
from ..rng import Rng
from ..ai.policy import Policy, Rewards, estimate_rewards, logistic, widened

#: weight of a near habitat's animal
NEAR = 0.5
#: logistic scale of a two-player margin, soft-max scale of several
SCALE = 6.0
#: solo: the score that counts as an even chance
SOLO_PAR = 70.0
#: playout: placements sampled per take
SAMPLES = 4
#: the chance a review says: the logistic scale of a two-player margin with the whole game
#: left, narrowing as the square root of the rounds left (a lead late in the game is surer).
#: Fitted to 150 games of normal bots (2,550 round starts): log-loss 0.547, against 0.631 at
#: the search's ``SCALE`` (which ranks moves well but overstates the chance a lead gives) and
#: 0.693 for a coin
CHANCE_SCALE = 24.0
FAST_ECOSYSTEMS = frozenset({"E01", "E02", "E03", "E04", "E05", "E06"})


@lru_cache(maxsize=4096)
def reach(site: Pos) -> tuple[Coral, ...]:
    """The nine corals a small animal on ``site`` lies on or borders."""
    return site_corals(site) + site_border(site)


def total(tiles: Mapping[Pos, str], animals: Mapping[Pos, Sequence[Any]],
          large: Sequence[tuple[str, tuple[Pos, ...], int, str]], ecosystems: Sequence[str],
          family: bool) -> int:
    """A player's score by the final scoring rules (equal to the engine's breakdown total)."""
    large_pts = sum(item[2] for item in large)
    small_pts = sum(int(a[1]) for a in animals.values())
    if family:
        return large_pts + small_pts
    found = groups(tiles)
    owner: dict[Coral, int] = {}
    reef_list: list[tuple[str, Any]] = []
    for colour, members in found:
        if len(members) >= 4:
            gid = len(reef_list)
            reef_list.append((colour, members))
            for c in members:
                owner[c] = gid
    reef_pts = 0
    reef_species: list[set[str]] = [set() for _ in reef_list]
    for site, animal in animals.items():
        touched = {owner[c] for c in reach(site) if c in owner}
        reef_pts += int(animal[1]) * len(touched)
        for gid in touched:
            reef_species[gid].add(animal[0])
    eco = 0
    for e in ecosystems:
        if e in FAST_ECOSYSTEMS:
            n = int(e[1:])
            if n == 1:
                eco += 6 if len({a[0] for a in animals.values()}) == len(SPECIES) else 0
            elif n == 2:
                eco += 6 if any(len(m) >= 12 for _, m in reef_list) else 0
            elif n == 3:
                eco += 5 if len({c for c, _ in reef_list}) >= 3 else 0
            elif n == 4:
                eco += 2 * len(large)
            elif n == 5:
                eco += 5 if len(animals) >= 10 else 0
            else:
                eco += 5 if any(len(s) >= 4 for s in reef_species) else 0
        else:
            large_dicts = [{"shape": s, "sites": list(sites), "points": p}
                           for s, sites, p, _ in large]
            eco += ecosystem_points(e, tiles, animals, large_dicts, reef_list)
    return large_pts + small_pts + reef_pts + eco


def near_habitats(state: Any, player: str) -> list[int]:
    """Worth of each site one tile away from becoming a habitat (best first)."""
    tiles = state.tiles[player]
    stacks = state.stacks
    out: dict[Pos, int] = {}
    for pos in _frontier(tiles):
        for site in tile_sites(pos):
            if site in out:
                continue
            colours = []
            missing = 0
            for q, r, d in site_corals(site):
                placed = tiles.get((q, r))
                if placed is None:
                    missing += 1
                else:
                    colours.append(placed[DIR_INDEX[d]])
            if missing != 1 or len(colours) != 2 or colours[0] != colours[1] or colours[0] == HOT:
                continue
            left = stacks[SPECIES_OF[colours[0]]]
            out[site] = small_value(left) if left else 0
    return sorted(out.values(), reverse=True)


def _frontier(tiles: Mapping[Pos, str]) -> set[Pos]:
    found = set()
    for q, r in tiles:
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = (q + dq, r + dr)
            if n not in tiles:
                found.add(n)
    return found


def turns_left(state: Any, player: str) -> int:
    """Tiles ``player`` still places, this round included if they have not played yet."""
    if state.over:
        return 0
    return int(ROUNDS - state.round + (1 if player in state.queue else 0))


def estimate(state: Any, player: str) -> float:
    score = total(state.tiles[player], state.animals[player], state.large[player],
                  state.ecosystems, state.family)
    near = near_habitats(state, player)[: turns_left(state, player)]
    return score + NEAR * sum(near)


def live_scores(state: Any) -> dict[str, int]:
    return {p: total(state.tiles[p], state.animals[p], state.large[p], state.ecosystems,
                     state.family) for p in state.players}


def _rewards(state: Any, values: Mapping[str, float], scale: float = SCALE) -> Rewards:
    playing = [p for p in state.players if p not in state.resigned]
    if len(state.players) == 1:
        (p,) = state.players
        return {p: logistic((values[p] - SOLO_PAR) / (2 * SCALE))}
    out = {p: 0.0 for p in state.players}
    if not playing:
        return out
    out.update(estimate_rewards({p: values[p] for p in playing}, scale))
    return out


def chance_scale(state: Any) -> float:
    """:data:`CHANCE_SCALE`, narrowed by the rounds left (this one included)."""
    left = max(1, ROUNDS - state.round + 1)
    return CHANCE_SCALE * math.sqrt(left / ROUNDS)


class AquaPolicy(Policy):
    """See the module docstring."""

    iterations = {"easy": 40, "normal": 250, "hard": 750}
    #: the tile placed, the animals it brings in, the score (the market refill stays unseen)
    preview_keys = ("areas", "last", "scores", "small_animals")
    #: easy plays any legal move one time in four: its search alone beat the one-ply greedy
    #: player in 66.5 % of 100 games; with this, 37.5 % (``python -m tools.sim.strength``)
    knobs = {"easy": {"blunder": 25}}
    #: a review plays each compared world on 12 plies, not the normal level's 4: over 20 games
    #: (seeds 800-819) 29 of 35 turning points held, 12.4 points shown for 14.0 claimed, where
    #: at 4 plies (seeds 800-809) 3 of 8 had (``python -m tools.sim.review_check aqua``); a review
    #: costs about the same (a game of 38 decisions: 29.8 s of one core, 28.9 s at 4 plies)
    review_depth = 12

    def canonical(self, game: AnyGame, state: Any, player: str) -> Any:
        new = state.copy()
        pool = sorted(state.deck + state.box)
        new.deck, new.box = pool[:len(state.deck)], pool[len(state.deck):]
        new.rng = 0
        return new

    @staticmethod
    def _takes(state: Any, player: str) -> list[tuple[int, str]]:
        _, options = take_options(state, player)
        cache: dict[Pos, list[list[str]]] = {}
        out = []
        for slot, pos, rot in options:
            score = take_score(state, player, slot, pos, rot, cache)
            out.append((score, f"take {slot} at {pos[0]},{pos[1]} rot {rot}"))
        out.sort(key=lambda x: -x[0])
        return out

    def candidate_key(self, game: AnyGame, state: Any, player: str) -> Any:
        return (tuple(state.market), tuple(sorted(state.tiles[player].items())), state.phase,
                tuple(state.fresh), tuple(sorted(state.animals[player].items())),
                tuple(sorted(state.stacks.items())),
                tuple((k, tuple(v)) for k, v in sorted(state.large_stacks.items())), state.snail,
                len(state.queue))

    def candidates(self, game: AnyGame, state: Any, player: str, width: int, rng: Rng) -> list[str]:
        if state.phase == Phase.LARGE:
            return self._large(game, state, player, width)
        out = [m for _, m in self._takes(state, player)[:width]]
        if game.snail_allowed(state):  # type: ignore[attr-defined]
            out.append("snail")
        return out

    def root_candidates(self, game: AnyGame, state: Any, player: str, width: int,
                        rng: Rng) -> list[str]:
        if state.phase == Phase.LARGE:
            return self._large(game, state, player, width)
        rated = []
        for _, m in self._takes(state, player)[: 3 * width]:
            after = game.apply(state, player, m)
            rated.append((estimate(after, player), m))
        rated.sort(key=lambda x: -x[0])
        out = [m for _, m in rated[:width]]
        if game.snail_allowed(state):  # type: ignore[attr-defined]
            out.append("snail")
        return out

    @staticmethod
    def _large(game: AnyGame, state: Any, player: str, width: int) -> list[str]:
        options = large_options(state, player)
        options.sort(key=lambda o: -state.large_stacks[o[0]][0])
        return [str(Large(shape, sites)) for shape, sites in options[: width - 1]] + ["done"]

    def playout_move(self, game: AnyGame, state: Any, rng: Rng) -> tuple[str, str] | None:
        player = state.active
        if player is None:
            return None
        if state.phase == Phase.LARGE:
            options = large_options(state, player)
            if not options:
                return player, "done"
            shape, sites = max(options, key=lambda o: state.large_stacks[o[0]][0])
            return player, str(Large(shape, sites))
        _, takes = take_options(state, player)
        cache: dict[Pos, list[list[str]]] = {}
        best = None
        top = -1 << 30
        for _ in range(SAMPLES):
            slot, pos, rot = takes[rng.randbelow(len(takes))]
            score = take_score(state, player, slot, pos, rot, cache)
            if score > top:
                best, top = (slot, pos, rot), score
        assert best is not None
        slot, pos, rot = best
        return player, f"take {slot} at {pos[0]},{pos[1]} rot {rot}"

    def evaluate(self, game: AnyGame, state: Any) -> Rewards:
        return _rewards(state, {p: estimate(state, p) for p in state.players})

    def chances(self, game: AnyGame, state: Any) -> Rewards:
        """The same estimates at :func:`chance_scale`."""
        return _rewards(state, {p: estimate(state, p) for p in state.players}, chance_scale(state))

    def said_chance(self, game: AnyGame, state: Any, value: float) -> float:
        """The search's value at :func:`chance_scale`, as :meth:`chances` reads a position."""
        playing = [p for p in state.players if p not in state.resigned]
        if len(state.players) == 1 or len(playing) < 2:
            return value  # solo's chance is read at the search's own scale
        return widened(value, SCALE / chance_scale(state), len(playing))

    def outcome(self, game: AnyGame, state: Any) -> Rewards:
        result = game.result(state)  # scored once: its scores are the final live_scores
        assert result is not None
        shaped = _rewards(state, {p: float(v) for p, v in result.scores.items()})
        if len(state.players) == 1:
            return shaped
        base = self.shares(game, state, result)
        return {p: 0.9 * base[p] + 0.1 * shaped[p] for p in state.players}

