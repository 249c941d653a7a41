"""``Game.suggestions``: ranked once, filtered per keystroke, exactly what ``suggest`` says.

The bot caches ``suggestions(state, player)`` per game version and answers each keystroke
with ``pick``; a difference from ``suggest`` would show a player other moves, or another
order, than the engine means. Checked on random positions of every game and option
(classic Aqualin included), with what players really type: nothing, prefixes in any case,
extra spaces, other spellings, words from the middle of a move, nonsense.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import REGISTRY, Game

#: (game id, options, players): every game, and each option value that changes the moves.
CASES = [
    ("aqualin", {"rules": "seed"}, 2),
    ("aqualin", {"rules": "classic"}, 2),
    ("kahuna", {}, 2),
    ("aqua", {}, 2),
    ("aqua", {}, 4),
    ("kraqua", {}, 1),
    ("kraqua", {}, 3),
    ("krasserfall", {}, 2),
    ("krasserfall", {}, 4),
]


def positions(game: Game, options: dict[str, str], count: int, seed: int) -> list[Any]:
    """Random games; from each, a few states spread from the start to the end."""
    rnd = random.Random(seed)
    out: list[Any] = []
    for g in range(2):
        state = game.setup([f"p{i}" for i in range(count)], options, seed * 10 + g)
        seen = [state]
        while game.result(state) is None:
            player = rnd.choice(sorted(game.to_act(state)))
            state = game.apply(state, player, rnd.choice(game.legal_moves(state, player)))
            seen.append(state)
        out += [seen[round(k * (len(seen) - 1) / 3)] for k in range(4)]
    return out


def typings(legal: list[str], rnd: random.Random) -> list[str]:
    typed = ["", " ", "zz9 🐟", "1,-2", "take", "A", "d4"]
    for move in rnd.sample(legal, min(len(legal), 4)):
        cut = rnd.randrange(1, len(move) + 1)
        words = move.split()
        typed += [move[:cut], move[:cut].upper(), "  " + move[:cut].replace(" ", "   "), move,
                  words[-1], move.replace("-", " → ")]
    return typed


@pytest.mark.slow
@pytest.mark.parametrize("gid, options, count", CASES,
                         ids=[f"{g}-{'-'.join(o.values()) or 'default'}-{n}p" for g, o, n in CASES])
def test_pick_equals_suggest(gid: str, options: dict[str, str], count: int) -> None:
    game = REGISTRY[gid]
    rnd = random.Random(7)
    checked = 0
    for state in positions(game, options, count, seed=3):
        for player in [*game.players(state), "not-a-player"]:
            ranked = game.suggestions(state, player)
            legal = game.legal_moves(state, player) if player in game.players(state) else []
            for typed in typings(legal, rnd):
                for limit in (25, 2):
                    assert ranked.pick(typed, limit) == game.suggest(state, player, typed, limit), \
                        (gid, player, typed, limit)
                    checked += 1
    assert checked > 50


def test_classic_aqualin_keeps_suggests_cap() -> None:
    """A classic mid-game has more legal moves than ``suggest`` rates; ``pick`` rates the
    same first ones, so the order still matches when nothing narrows the list."""
    game = REGISTRY["aqualin"]
    rnd = random.Random(5)
    state = game.setup(["a", "b"], {"rules": "classic"}, 5)
    most = 0
    while game.result(state) is None:
        player = sorted(game.to_act(state))[0]
        legal = game.legal_moves(state, player)
        if len(legal) > most:
            most, busiest = len(legal), (state, player)
        state = game.apply(state, player, rnd.choice(legal))
    state, player = busiest
    assert most > 2000
    assert game.suggestions(state, player).pick("", 25) == game.suggest(state, player, "", 25)


@pytest.mark.parametrize("rules", ["seed", "classic"])
def test_aqualin_rates_each_move_by_its_real_score(rules: str) -> None:
    """The quick scoring of a placement (groups found once per shifted board) gives the
    score of the board after the move, counted from scratch."""
    from games.aqualin import score
    from games.aqualin.suggest import rate

    game = REGISTRY["aqualin"]
    rnd = random.Random(9)
    for state in positions(game, {"rules": rules}, 2, seed=4):
        for player in game.to_act(state):
            me = state.roles[player]
            them = "species" if me == "colour" else "colour"
            legal = game.legal_moves(state, player)
            for gain, tile, text, square, mine, theirs in rate(
                    state, player, rnd.sample(legal, min(len(legal), 300))):
                after = game.apply(state, player, text)
                assert mine == score(after.board, me) - score(state.board, me), text
                assert theirs == score(after.board, them) - score(state.board, them), text
                assert gain == theirs - mine and after.board[square] == tile
