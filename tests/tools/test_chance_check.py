"""The chance check: one row per position of a seeded game, scored against its outcome."""

from __future__ import annotations

import math

from tools.sim.chance_check import bands, log_loss, one_game


def test_a_game_gives_every_position_the_same_outcome_and_repeats() -> None:
    rows = one_game("kahuna", 3)
    assert len(rows) > 40
    assert len({won for _c, _e, won in rows}) == 1
    assert all(0.0 <= c <= 1.0 and 0.0 <= e <= 1.0 for c, e, _won in rows)
    assert rows[0][0] == 0.5  # nobody is ahead before the first move
    assert one_game("kahuna", 3) == rows  # seeded


def test_the_log_loss_rewards_a_chance_that_knew_and_bands_count_every_position() -> None:
    rows = [(0.9, 0.5, 1.0), (0.8, 0.5, 1.0), (0.2, 0.5, 0.0), (0.1, 0.5, 0.0)]
    assert log_loss(rows, 0) < log_loss(rows, 1) == math.log(2)
    assert sum(n for n, _said, _won in bands(rows)) == len(rows)
    (n, said, won), *_ = bands(rows)
    assert (n, said, won) == (1, 0.1, 0.0)
    n, said, won = bands(rows)[-1]  # 0.8 and 0.9: the top fifth
    assert n == 2 and math.isclose(said, 0.85) and won == 1.0
