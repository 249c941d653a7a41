"""A tiny seeded PRNG whose whole state is one integer.

Python's ``random.Random`` state is 625 words; ours fits in a JSON number, so it
can live inside a game state and a game replays exactly from its seed and move log.
Algorithm: SplitMix64 (Steele, Lea, Flood 2014), good enough for shuffles and dice.
"""

from __future__ import annotations

import hashlib
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_to_int(seed: int | str) -> int:
    """Turn a user-facing seed (int or text) into a 64-bit start state, stably across runs."""
    if isinstance(seed, bool):
        raise TypeError("seed must be an int or a str")
    if isinstance(seed, int):
        return seed & _MASK
    digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class Rng:
    """Mutable view on an integer RNG state; read ``.state`` back into the game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def die(self, sides: int = 6) -> int:
        return self.randbelow(sides) + 1
