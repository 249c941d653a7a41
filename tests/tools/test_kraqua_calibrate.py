"""Kraqua's calibration script: its regression finds known coefficients, and its rows are
turn boundaries played on to an escape or not."""

from __future__ import annotations

import math

from games.rng import Rng
from tools.sim.kraqua_calibrate import fit, log_loss, one_game


def test_the_fit_recovers_the_coefficients_that_made_the_data() -> None:
    true = (1.5, 0.4, -0.1, 0.2)
    rng = Rng(11)
    rows = []
    for _ in range(3000):
        v = -8.0 * rng.randbelow(10_000) / 10_000
        r = 1 + rng.randbelow(16)
        z = true[0] + true[1] * v + true[2] * r + true[3] * v * r
        p = 1.0 / (1.0 + math.exp(-z))
        rows.append((v, r, 1 if rng.randbelow(10_000) < p * 10_000 else 0))
    got = fit(rows)
    for want, found in zip(true, got):
        assert abs(want - found) < 0.25 * max(1.0, abs(want))
    rate = sum(y for _v, _r, y in rows) / len(rows)
    assert log_loss(rows, lambda v, r: 1 / (1 + math.exp(-(got[0] + got[1] * v + got[2] * r
                                                           + got[3] * v * r)))) < \
        log_loss(rows, lambda v, r: rate)


def test_a_game_gives_one_row_per_turn_boundary() -> None:
    rows = one_game(4)
    assert rows and {y for _v, _r, y in rows} <= {0, 1}
    rounds = [r for _v, r, _y in rows]
    assert rounds == sorted(rounds) and rounds[0] == 1
    assert one_game(4) == rows  # seeded
