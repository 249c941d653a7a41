"""The review check's continuations: what the mover could not see is dealt again per
continuation, the same deal for both moves, and nothing the mover saw changes."""

from __future__ import annotations

from typing import Any

import pytest

from games import REGISTRY
from tools.sim.review_check import continuation_world


def _mid_game() -> tuple[object, object, str]:
    game = REGISTRY["kahuna"]
    state = game.setup(["a", "b"], {}, 7)
    for _ in range(6):
        player = sorted(game.to_act(state))[0]
        state = game.apply(state, player, game.legal_moves(state, player)[0])
    return game, state, sorted(game.to_act(state))[0]


def test_a_redrawn_world_keeps_what_the_mover_sees_and_deals_the_rest_again() -> None:
    game, state, mover = _mid_game()
    one = continuation_world(game, state, mover, "w1:5:0", True)
    assert game.dump(continuation_world(game, state, mover, "w1:5:0", True)) == game.dump(one)
    assert game.view(one, mover) == game.view(state, mover)
    others = [continuation_world(game, state, mover, f"w1:5:{c}", True) for c in range(1, 6)]
    assert any(game.dump(w) != game.dump(state) for w in others)  # the unseen differ
    assert len({game.dump(w) for w in others}) > 1


def test_a_fixed_world_is_the_game_itself() -> None:
    game, state, mover = _mid_game()
    assert continuation_world(game, state, mover, "w1:5:0", False) is state


def test_a_kraqua_team_plays_on_deciding_together_which_seat_acts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As the bot's own seats of a team do (``choose_turn``), not the first seat by name."""
    from tools.sim import review_check

    asked: list[list[str]] = []

    def team(game: Any, state: Any, players: list[str], level: str, *, seed: int,
             iterations: int) -> tuple[str, str]:
        asked.append(list(players))
        seat = players[-1]  # not the first by name
        return seat, game.legal_moves(state, seat)[0]

    def one_seat(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("a team's seat was asked alone")

    monkeypatch.setattr(review_check, "choose_turn", team)
    monkeypatch.setattr(review_check, "choose_move", one_seat)
    game = REGISTRY["kraqua"]
    state = game.setup(["p0", "p1"], {}, 3)
    final = review_check._play_on(game, state, 1)
    assert game.result(final) is not None
    assert asked[0] == ["p0", "p1"]
