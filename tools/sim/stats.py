"""Statistics the simulation scripts share."""

from __future__ import annotations

import math
from collections.abc import Iterable


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a rate measured as ``wins`` out of ``n`` (a draw may
    count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def log_loss(pairs: Iterable[tuple[float, float]]) -> float:
    """Mean log-loss of (chance said, outcome) pairs, the outcome 0..1 (a shared win a
    fraction): lower is better, a coin's is log 2."""
    total = 0.0
    n = 0
    for said, seen in pairs:
        p = min(1 - 1e-9, max(1e-9, said))
        total -= seen * math.log(p) + (1 - seen) * math.log(1 - p)
        n += 1
    return total / max(1, n)


def bands(pairs: Iterable[tuple[float, float]], count: int = 5) -> list[tuple[int, float, float]]:
    """(pairs, mean chance said, mean outcome) for each of ``count`` equal bands of the chance
    said that holds any: how well the chances are calibrated."""
    by: dict[int, list[tuple[float, float]]] = {}
    for said, seen in pairs:
        by.setdefault(min(count - 1, int(said * count)), []).append((said, seen))
    return [(len(some), sum(s for s, _ in some) / len(some), sum(o for _, o in some) / len(some))
            for _, some in sorted(by.items())]
