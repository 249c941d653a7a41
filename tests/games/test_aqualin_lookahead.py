"""Aqualin's two-ply lookahead (``hard``, seed rules): exact replies, the engine's answer,
blind to the supply.

The reference answers here are worked out move by move through the engine's own ``apply`` and
scoring, so the fast per-value counting in :mod:`games.aqualin.lookahead` is checked against
the rules, not against itself.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from games import REGISTRY
from games.ai import LEVELS, search
from games.aqualin import score
from games.aqualin.lookahead import best_replies, judge_market, unseen
from games.aqualin.cells import cells_of
from games.aqualin.policy import ATTR, moves_with_boards
from games.aqualin.state import AqualinState

GAME = REGISTRY["aqualin"]


def played(seed: int, plies: int) -> AqualinState:
    """A seed-rules game after ``plies`` random moves."""
    rnd = random.Random(seed)
    state = GAME.setup(["p1", "p2"], {}, seed)
    for _ in range(plies):
        p = state.active
        state = GAME.apply(state, p, rnd.choice(GAME.legal_moves(state, p)))
    return state


def lead(state: AqualinState, player: str) -> int:
    other = next(p for p in state.players if p != player)
    return score(state.board, state.roles[player]) - score(state.board, state.roles[other])


def with_drawn(state: AqualinState, tile: str) -> AqualinState:
    return dataclasses.replace(state.copy(), drawn=tile)


def best_reply_by_engine(state: AqualinState, player: str) -> int:
    """The most ``player`` can gain over the other role with one legal move, by the engine."""
    before = lead(state, player)
    return max(lead(GAME.apply(state, player, m), player) - before
               for m in GAME.legal_moves(state, player))


def test_every_tile_s_best_reply_is_the_engine_s_best_move() -> None:
    for seed, plies in ((1, 9), (2, 20), (3, 29)):
        state = played(seed, plies)
        mover = state.active
        cells = cells_of(state.board)
        tiles = unseen(cells, None)
        fast = best_replies(cells, ATTR[state.roles[mover]], tiles)
        for tile, got in random.Random(seed).sample(list(zip(tiles, fast)), 6):
            assert got == best_reply_by_engine(with_drawn(state, tile), mover), (seed, tile)


def test_unseen_tiles_are_those_off_the_board_and_out_of_hand() -> None:
    state = played(4, 12)
    tiles = unseen(cells_of(state.board), state.drawn)
    assert len(tiles) == 36 - 12 - 1
    assert state.drawn not in tiles and not set(tiles) & set(state.board.values())
    assert sorted(tiles) == sorted(state.supply)  # the supply, in an order nobody can know


def test_moves_with_boards_are_every_legal_move_with_its_exact_gain() -> None:
    state = played(5, 15)
    me = ATTR[state.roles[state.active]]
    rated = moves_with_boards(state, me)
    assert sorted(m for _, _, m in rated) == sorted(GAME.legal_moves(state, state.active))
    assert [g for g, _, _ in rated] == sorted((g for g, _, _ in rated), reverse=True)
    for g, cells, m in random.Random(5).sample(rated, 12):
        after = GAME.apply(state, state.active, m)
        assert cells == cells_of(after.board)
        assert lead(after, state.active) - lead(state, state.active) == g


def worth_by_engine(state: AqualinState) -> dict[str, tuple[float, int]]:
    """Each legal move of the mover: (its gain minus the other player's mean best answer over
    every tile they might draw, its gain), worked out through the engine."""
    me, other = state.active, next(p for p in state.players if p != state.active)
    worth: dict[str, tuple[float, int]] = {}
    for move in GAME.legal_moves(state, me):
        after = GAME.apply(state, me, move)
        gained = lead(after, me) - lead(state, me)
        replies = [best_reply_by_engine(with_drawn(after, t), other) for t in after.supply]
        worth[move] = (gained - sum(replies) / len(replies), gained)
    return worth


#: hard, judging every legal move (not only the best 40 by gain), to compare with the engine
EVERY_MOVE = dataclasses.replace(LEVELS["hard"], name="hard+wide",
                                 extra=(("lookahead_width", 10_000),))


def test_hard_plays_the_move_with_the_best_gain_after_the_mean_best_reply() -> None:
    state = played(6, 31)  # five squares left: the mover places, then two more turns each
    worth = worth_by_engine(state)
    chosen = search(GAME, state, [state.active], EVERY_MOVE, seed=1).move
    assert chosen is not None
    assert worth[chosen][0] == max(w for w, _ in worth.values())
    assert min(w for w, _ in worth.values()) < worth[chosen][0]  # the choice mattered


def test_hard_passes_up_a_gain_that_hands_the_other_player_more() -> None:
    """On this board the move that gains most at once (4 points) leaves the other player an
    answer worth over 8 on average; hard gains less and leaves them far less."""
    state = played(22, 31)
    worth = worth_by_engine(state)
    top = max(g for _, g in worth.values())
    greedy = {m for m, (_, g) in worth.items() if g == top}
    chosen = search(GAME, state, [state.active], "hard", seed=1).move
    assert chosen is not None and chosen not in greedy
    assert worth[chosen][0] > max(worth[m][0] for m in greedy) + 3


def test_hard_is_blind_to_the_order_of_the_supply() -> None:
    state = played(7, 14)
    me = state.active
    ref = search(GAME, state, [me], "hard", seed=3)
    for k in range(3):
        other: Any = GAME.resample(state, me, f"peek-{k}")
        assert other.supply != state.supply
        got = search(GAME, other, [me], "hard", seed=3)
        assert (got.move, got.visits) == (ref.move, ref.visits)


# ----- the classic rules: slides of any length, the other player picks from the market ---------


def played_classic(seed: int, plies: int) -> AqualinState:
    """A classic-rules game after ``plies`` random moves."""
    rnd = random.Random(seed)
    state = GAME.setup(["p1", "p2"], {"rules": "classic"}, seed)
    for _ in range(plies):
        p = state.active
        state = GAME.apply(state, p, rnd.choice(GAME.legal_moves(state, p)))
    return state


def best_pick_by_engine(state: AqualinState, player: str, market: list[str]) -> int:
    """The most ``player`` can gain over the other role with one legal move (a slide or not,
    then any tile of ``market``), by the engine."""
    return best_reply_by_engine(dataclasses.replace(state.copy(), market=list(market)), player)


def test_every_tile_s_best_reply_with_a_slide_is_the_engine_s_best_move() -> None:
    for seed, plies in ((11, 8), (12, 19)):
        state = played_classic(seed, plies)
        mover = state.active
        cells = cells_of(state.board)
        tiles = unseen(cells, None)
        fast = best_replies(cells, ATTR[state.roles[mover]], tiles, slides=True)
        for tile, got in random.Random(seed).sample(list(zip(tiles, fast)), 4):
            assert got == best_pick_by_engine(state, mover, [tile]), (seed, tile)


def test_a_classic_move_is_worth_its_gain_minus_the_best_market_pick_after_any_refill() -> None:
    """Eight tiles left: six in the market, two in the supply. After my move the other player
    picks from the five I left plus one refill, either supply tile as likely."""
    state = played_classic(13, 28)
    me, other = state.active, next(p for p in state.players if p != state.active)
    assert len(state.market) == 6 and len(state.supply) == 2
    role = ATTR[state.roles[me]]
    market = list(state.market)
    supply = sorted(state.supply)  # what nobody sees, in an order nobody can know
    for move in random.Random(13).sample(GAME.legal_moves(state, me), 3):
        after = GAME.apply(state, me, move)
        gained = lead(after, me) - lead(state, me)
        known = [t for t in market if t not in after.board.values()]
        picks = [best_pick_by_engine(after, other, known + [r]) for r in supply]
        by_engine = gained - sum(picks) / len(picks)
        fast = judge_market(cells_of(after.board), role, gained, market, supply)
        assert abs(fast - by_engine) < 1e-9, (move, fast, by_engine)


def test_hard_decides_classic_games_by_the_lookahead_blind_to_the_supply() -> None:
    state = played_classic(14, 15)
    me = state.active
    ref = search(GAME, state, [me], "hard", seed=3)
    assert ref.move is not None and list(ref.visits) == [ref.move]  # judged, not a tree
    for k in range(3):
        peek: Any = GAME.resample(state, me, f"peek-{k}")
        assert peek.supply != state.supply
        got = search(GAME, peek, [me], "hard", seed=3)
        assert (got.move, got.visits) == (ref.move, ref.visits)
