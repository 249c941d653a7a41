"""The seeded RNG inside game states (``games/rng.py``): SplitMix64 with one int of state."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rng import Rng, seed_to_int

MASK = (1 << 64) - 1


def test_known_answers_of_splitmix64() -> None:
    # Reference outputs of SplitMix64 (Steele, Lea, Flood 2014) from state 0.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_same_seed_same_sequence_different_seed_different_sequence() -> None:
    a, b, c = Rng(42), Rng(42), Rng(43)
    seq_a = [a.next64() for _ in range(100)]
    assert seq_a == [b.next64() for _ in range(100)]
    assert seq_a != [c.next64() for _ in range(100)]
    assert len(set(seq_a)) == 100


def test_the_state_is_one_json_int_that_resumes_the_sequence() -> None:
    rng = Rng(7)
    for _ in range(10):
        rng.randbelow(1000)
    assert type(rng.state) is int and 0 <= rng.state <= MASK
    saved = json.loads(json.dumps({"rng": rng.state}))["rng"]
    resumed = Rng(saved)
    assert [rng.next64() for _ in range(20)] == [resumed.next64() for _ in range(20)]
    assert not hasattr(rng, "__dict__")  # nothing else hides in the object


@pytest.mark.parametrize("state", [-1, 1 << 64, (1 << 80) + 5, MASK])
def test_any_int_state_is_reduced_to_64_bits(state: int) -> None:
    assert Rng(state).state == state & MASK
    assert Rng(state).next64() == Rng(state & MASK).next64()


@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=1, max_value=10**6))
@settings(max_examples=200)
def test_randbelow_range(state: int, n: int) -> None:
    rng = Rng(state)
    for _ in range(5):
        value = rng.randbelow(n)
        assert type(value) is int and 0 <= value < n
        assert 0 <= rng.state <= MASK


def test_randbelow_one_and_huge() -> None:
    rng = Rng(3)
    assert all(rng.randbelow(1) == 0 for _ in range(50))
    big = 1 << 63
    assert all(0 <= rng.randbelow(big) < big for _ in range(50))
    n = (1 << 64) - 1  # rejection sampling must still terminate
    assert 0 <= rng.randbelow(n) < n


@pytest.mark.parametrize("n", [0, -1, -100])
def test_randbelow_needs_a_positive_bound(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).randbelow(n)


@pytest.mark.parametrize("n", [2, 6, 7, 36])
def test_randbelow_is_roughly_uniform(n: int) -> None:
    rng = Rng(12345)
    draws = 6000 * n
    counts = Counter(rng.randbelow(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    expected = draws / n
    chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(n))
    # generous bound: the 99.9% quantile of chi-square with n-1 degrees of freedom is
    # below 3*(n-1) + 20 for these n; a biased generator blows far past it
    assert chi2 < 3 * (n - 1) + 20, (chi2, counts)


def test_die_and_choice() -> None:
    rng = Rng(99)
    rolls = [rng.die() for _ in range(3000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(1 <= rng.die(20) <= 20 for _ in range(200))
    items = ["a", "b", "c"]
    picks = {rng.choice(items) for _ in range(200)}
    assert picks == set(items)
    with pytest.raises((ValueError, IndexError)):
        rng.choice([])


@given(st.integers(min_value=0, max_value=MASK), st.lists(st.integers(), max_size=50))
@settings(max_examples=200)
def test_shuffle_is_a_permutation(state: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(state).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    again = list(items)
    Rng(state).shuffle(again)
    assert again == shuffled  # deterministic


def test_shuffle_reaches_every_permutation_of_three_evenly() -> None:
    rng = Rng(2)
    counts = Counter()
    for _ in range(6000):
        items = [1, 2, 3]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_shuffle_of_36_tiles_differs_by_seed() -> None:
    orders = set()
    for seed in range(20):
        tiles = list(range(36))
        Rng(seed).shuffle(tiles)
        orders.add(tuple(tiles))
    assert len(orders) == 20


def test_seed_to_int_is_stable() -> None:
    assert seed_to_int(0) == 0
    assert seed_to_int(12345) == 12345
    assert seed_to_int(-1) == MASK
    assert seed_to_int((1 << 64) + 3) == 3
    text = "channel-42 game 7"
    expected = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
    assert seed_to_int(text) == expected  # the same across runs and machines
    assert seed_to_int("abc") != seed_to_int("abd")
    assert seed_to_int("🐟") == seed_to_int("🐟")
    assert 0 <= seed_to_int("anything") <= MASK


@pytest.mark.parametrize("bad", [True, False])
def test_seed_to_int_refuses_bools(bad: bool) -> None:
    with pytest.raises(TypeError):
        seed_to_int(bad)
