"""The engine contract (:mod:`games.base`), checked for every game in ``games.REGISTRY``.

One generic module in the spirit of OpenSpiel's random-simulation test: it only uses the
public contract, so every game registered later gets these tests for free. Each game is
exercised at every player count and with each value of each of its options once.

Where games differ in kind the checks branch on the traits each declares on its class line
(:class:`games.base.Traits`): a game without chance must give the same game for every seed,
a game with perfect information shows every seat the public view, and in a game with nothing
unseen resample finds the state itself and every move may be taken back. No game is named here.

Engine bugs that are known and reported are listed in ``KNOWN_BUGS`` and run as
``xfail(strict=True)``: once the engine is fixed the test XPASSes, fails, and the entry
must be removed.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import (
    REGISTRY,
    BadOptions,
    Chance,
    CorruptState,
    Game,
    GameError,
    GameOver,
    IllegalMove,
    Information,
    InvalidMove,
    NotYourTurn,
    Option,
    Result,
    Traits,
)
from games.text import Text

GAME_IDS = sorted(REGISTRY)

#: Seeds of the full random playouts (every step is checked).
PLAYOUT_SEEDS = (1, 2, 3)
#: The seed of the trajectories the heavier per-state checks look at.
MAIN_SEED = 1
#: (game id, check) -> reason. Each names a reported engine bug; the test is xfail(strict).
KNOWN_BUGS: dict[tuple[str, str], str] = {}

STRANGER = "not-a-player"
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
FORBIDDEN_PUBLIC_KEY = re.compile(r"^(.*_)?hands?$|^(deck|supply|draw)_?order$|secret", re.I)


# ----- parametrisation --------------------------------------------------------------------------


def option_combos(game: Game) -> list[dict[str, str]]:
    """The defaults, then each non-default value of each option once."""
    combos: list[dict[str, str]] = [{}]
    for name, opt in game.options.items():
        combos.extend({name: value} for value in opt.values if value != opt.default)
    return combos


def player_ids(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def _cases() -> list[tuple[str, int, tuple[tuple[str, str], ...]]]:
    """(game id, player count, options): every count with the defaults, every option value
    at the smallest and the largest player count."""
    out: list[tuple[str, int, tuple[tuple[str, str], ...]]] = []
    for gid in GAME_IDS:
        game = REGISTRY[gid]
        counts = range(game.min_players, game.max_players + 1)
        wanted = [(n, ()) for n in counts]
        for combo in option_combos(game)[1:]:
            for n in sorted({game.min_players, game.max_players}):
                wanted.append((n, tuple(sorted(combo.items()))))
        for n, combo in wanted:
            if (gid, n, combo) not in out:
                out.append((gid, n, combo))
    return out


CASES = _cases()


def _case_id(case: tuple[str, int, tuple[tuple[str, str], ...]]) -> str:
    gid, n, combo = case
    opts = ",".join(f"{k}={v}" for k, v in combo) or "defaults"
    return f"{gid}-{n}p-{opts}"


def _marks(gid: str, bug: str | None) -> list[pytest.MarkDecorator]:
    reason = KNOWN_BUGS.get((gid, bug)) if bug else None
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


def game_params(bug: str | None = None) -> list[Any]:
    return [pytest.param(gid, id=gid, marks=_marks(gid, bug)) for gid in GAME_IDS]


def case_params(bug: str | None = None) -> list[Any]:
    return [pytest.param(*case, id=_case_id(case), marks=_marks(case[0], bug)) for case in CASES]


def playout_params() -> list[Any]:
    """Every case with each seed; beyond the main seed, the playouts are ``slow`` (the quick
    subset plays each case once)."""
    return [
        pytest.param(*case, seed, id=f"{_case_id(case)}-seed{seed}",
                     marks=[pytest.mark.slow] if seed != MAIN_SEED else [])
        for case in CASES
        for seed in PLAYOUT_SEEDS
    ]


# ----- shared trajectories ----------------------------------------------------------------------


class Trajectory:
    """One random game: ``states[i]`` is the state before ``steps[i]`` = (player, move)."""

    def __init__(self, gid: str, n: int, combo: tuple[tuple[str, str], ...], seed: int) -> None:
        self.game: Game = REGISTRY[gid]
        self.players = player_ids(n)
        self.options = dict(combo)
        self.seed = seed
        chooser = random.Random(f"{gid}/{n}/{combo}/{seed}")
        state = self.game.setup(self.players, self.options, seed)
        self.states: list[Any] = [state]
        self.steps: list[tuple[str, str]] = []
        for _ in range(100_000):
            if self.game.result(state) is not None:
                break
            acting = sorted(self.game.to_act(state))
            assert acting, f"to_act is empty but there is no result after {len(self.steps)} moves"
            player = chooser.choice(acting)
            moves = self.game.legal_moves(state, player)
            assert moves, f"{player} must act but has no legal move after {len(self.steps)} moves"
            move = chooser.choice(moves)
            state = self.game.apply(state, player, move)
            self.steps.append((player, move))
            self.states.append(state)
        else:  # pragma: no cover - a game that never ends
            pytest.fail("the game did not end within 100000 moves")

    @property
    def final(self) -> Any:
        return self.states[-1]

    def sample_indices(self) -> list[int]:
        """A few running states: the start, the second turn, the middle, the last turn."""
        last = len(self.steps) - 1
        return sorted({0, min(1, last), last // 2, last})

    def sampled_states(self) -> list[Any]:
        """The states at :meth:`sample_indices`."""
        return [self.states[i] for i in self.sample_indices()]


@functools.lru_cache(maxsize=None)
def trajectory(gid: str, n: int, combo: tuple[tuple[str, str], ...], seed: int = MAIN_SEED
               ) -> Trajectory:
    return Trajectory(gid, n, combo, seed)


@pytest.fixture(name="traj")
def main_trajectory(gid: str, n: int, combo: tuple[tuple[str, str], ...]) -> Trajectory:
    """The main-seed trajectory of a test parametrised by ``gid, n, combo``."""
    return trajectory(gid, n, combo)


def norm(text: str) -> str:
    return " ".join(text.lower().split())


def walk_keys(obj: Any) -> Iterator[str]:
    yield from (key for key, _ in walk_items(obj))


def walk_items(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            yield str(key), value
            yield from walk_items(value)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from walk_items(item)


def is_count(value: Any) -> bool:
    """A number, or a mapping of numbers: how many cards, not which (``hands: {p: 3}``)."""
    if isinstance(value, Mapping):
        return all(is_count(v) for v in value.values())
    return isinstance(value, int) and not isinstance(value, bool)


def assert_rejected(game: Game, state: Any, player: str, move: Any,
                    kind: type[Exception] = IllegalMove) -> IllegalMove:
    """``apply`` refuses with ``kind``, a one-line message, and leaves the state alone."""
    before = game.dump(state)
    with pytest.raises(IllegalMove) as info:
        game.apply(state, player, move)
    assert isinstance(info.value, kind), f"{move!r}: {type(info.value).__name__} is not {kind}"
    message = str(info.value)
    assert message.strip(), f"{move!r}: empty error message"
    assert len(message.splitlines()) == 1, f"{move!r}: message is not one line: {message!r}"
    assert game.dump(state) == before, f"rejecting {move!r} changed the state"
    return info.value


def check_result(game: Game, result: Any, players: list[str]) -> None:
    assert isinstance(result, Result)
    assert isinstance(result.scores, dict)
    assert set(result.scores) <= set(players)
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in result.scores.values())
    assert len(set(result.winners)) == len(result.winners)
    assert set(result.winners) <= set(players), "winners must be players of the game"
    assert result.outcome in (None, "won", "lost", "almost")
    if result.outcome is None:
        assert result.winners, "a competitive game has at least one winner"
    assert isinstance(result.reason, str) and result.reason
    as_dict = result.to_dict()
    assert json.loads(json.dumps(as_dict)) == as_dict
    assert Result.from_dict(as_dict).to_dict() == as_dict
    assert dict(result) == as_dict
    assert result["winners"] == list(result.winners)


# ----- metadata and set-up ----------------------------------------------------------------------


@pytest.mark.parametrize("gid", game_params())
def test_metadata(gid: str) -> None:
    game = REGISTRY[gid]
    assert isinstance(game, Game)
    assert game.id == gid
    assert isinstance(game.title, str) and game.title.strip()
    assert isinstance(game.min_players, int) and isinstance(game.max_players, int)
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.traits, Traits)
    assert game.traits.chance in Chance and game.traits.information in Information
    assert isinstance(game.summary, str) and game.summary.strip()
    assert len(game.summary) < 2000, "the rules summary must fit one Discord message"
    for name, opt in game.options.items():
        assert isinstance(opt, Option)
        assert name == name.strip().lower() and name
        assert opt.values and len(set(opt.values)) == len(opt.values)
        assert all(v == v.strip().lower() and v for v in opt.values), opt.values
        assert opt.default in opt.values, f"default of {name} is not among its values"


def test_registry_holds_distinct_games() -> None:
    assert GAME_IDS, "the registry is empty"
    assert len({id(g) for g in REGISTRY.values()}) == len(REGISTRY)
    assert all(issubclass(e, ValueError) for e in (GameError, BadOptions, IllegalMove,
                                                   InvalidMove, NotYourTurn, GameOver,
                                                   CorruptState))
    assert games.IllegalMove is IllegalMove


@pytest.mark.parametrize("gid", game_params())
def test_setup_rejects_wrong_player_counts(gid: str) -> None:
    game = REGISTRY[gid]
    for n in {0, game.min_players - 1, game.max_players + 1, game.max_players + 5}:
        if n < 0 or game.min_players <= n <= game.max_players:
            continue
        with pytest.raises(BadOptions) as info:
            game.setup(player_ids(n), {}, 1)
        assert isinstance(info.value, ValueError)
        assert str(info.value).strip()
    duplicated = ["same"] * max(2, game.min_players)
    if len(duplicated) <= game.max_players:
        with pytest.raises(BadOptions):
            game.setup(duplicated, {}, 1)


@pytest.mark.parametrize("gid", game_params())
def test_setup_rejects_bad_options(gid: str) -> None:
    game = REGISTRY[gid]
    players = player_ids(game.min_players)
    with pytest.raises(BadOptions) as info:
        game.setup(players, {"no-such-option": "1"}, 1)
    assert isinstance(info.value, ValueError) and "no-such-option" in str(info.value)
    for name in game.options:
        for bad in ("no-such-value", "", None, 12345):
            with pytest.raises(BadOptions) as info:
                game.setup(players, {name: bad}, 1)
            assert isinstance(info.value, ValueError) and str(info.value).strip()


@pytest.mark.parametrize("gid", game_params())
def test_option_values_are_case_insensitive(gid: str) -> None:
    game = REGISTRY[gid]
    players = player_ids(game.min_players)
    for combo in option_combos(game)[1:]:
        shouting = {k.upper(): f"  {v.upper()} " for k, v in combo.items()}
        assert game.dump(game.setup(players, shouting, 7)) == game.dump(
            game.setup(players, combo, 7))
    defaults = {name: opt.default for name, opt in game.options.items()}
    assert game.dump(game.setup(players, defaults, 7)) == game.dump(game.setup(players, None, 7))


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_setup_starts_a_running_game(gid: str, n: int, combo: Any) -> None:
    game = REGISTRY[gid]
    players = player_ids(n)
    state = game.setup(players, dict(combo), 1)
    assert game.result(state) is None
    acting = game.to_act(state)
    assert isinstance(acting, frozenset) and acting
    assert acting <= set(players)


@pytest.mark.parametrize("gid", game_params())
def test_seeds_matter_and_replay(gid: str) -> None:
    """A game with chance draws it from the seed, so seeds give different games; a game
    without chance ignores the seed. Either way one seed always gives the same game."""
    game = REGISTRY[gid]
    for combo in option_combos(game):
        for n in range(game.min_players, game.max_players + 1):
            players = player_ids(n)
            dumps = {game.dump(game.setup(players, combo, seed)) for seed in range(12)}
            if game.traits.chance == Chance.SEEDED:
                assert len(dumps) > 1, f"{combo}, {n} players: twelve seeds gave the same game"
            else:
                assert len(dumps) == 1, f"{combo}, {n} players: the seed changed a game " \
                    "without chance"
            for seed in (0, 99, "text seed", 2**70):
                a = game.setup(players, combo, seed)
                b = game.setup(players, combo, seed)
                assert game.dump(a) == game.dump(b) and a == b


# ----- random playouts --------------------------------------------------------------------------


def _check_running_state(game: Game, state: Any, players: list[str], rnd: random.Random,
                         exhaustive: bool, previous_moves: list[str]) -> dict[str, list[str]]:
    assert game.result(state) is None
    acting = game.to_act(state)
    assert isinstance(acting, frozenset)
    assert acting, "to_act is empty before the end"
    assert acting <= set(players)
    legal: dict[str, list[str]] = {}
    for p in players:
        moves = game.legal_moves(state, p)
        assert isinstance(moves, list) and all(isinstance(m, str) for m in moves)
        assert len(set(moves)) == len(moves), f"duplicate legal moves for {p}"
        if p in acting:
            assert moves, f"{p} is to act but has no legal move"
        else:
            assert moves == [], f"{p} is not to act but has legal moves"
        legal[p] = moves
    assert game.legal_moves(state, STRANGER) == []
    some_player = sorted(acting)[0]
    some_move = legal[some_player][0]
    for p in players:
        if p not in acting:
            assert_rejected(game, state, p, some_move, NotYourTurn)
    assert_rejected(game, state, STRANGER, some_move, NotYourTurn)

    for p in sorted(acting):
        moves = legal[p]
        chosen = moves if exhaustive else rnd.sample(moves, min(len(moves), 25))
        before = game.dump(state)
        for move in chosen:
            after = game.apply(state, p, move)
            assert game.dump(after) != before, f"{move!r} did not change the state"
        if game.dump(state) != before:  # one of them changed the old state: say which
            for move in chosen:
                old = game.load(before)
                game.apply(old, p, move)
                assert game.dump(old) == before, f"apply({move!r}) changed the old state"
        # Canonical strings that are not legal now are refused with IllegalMove.
        now = set(moves)
        stale = [m for m in previous_moves if m not in now]
        for move in rnd.sample(stale, min(len(stale), 5)):
            assert_rejected(game, state, p, move)
    return legal


@pytest.mark.parametrize("gid, n, combo, seed", playout_params())
def test_random_playout(gid: str, n: int, combo: Any, seed: int) -> None:
    """Every step of random games keeps the contract's invariants; the game ends properly."""
    traj = trajectory(gid, n, combo, seed)
    game, players = traj.game, traj.players
    rnd = random.Random(seed)
    previous: list[str] = []
    for i, (state, (player, move)) in enumerate(zip(traj.states, traj.steps)):
        legal = _check_running_state(game, state, players, rnd, exhaustive=i < 2,
                                     previous_moves=previous)
        assert move in legal[player]
        previous = legal[player]

    final = traj.final
    result = game.result(final)
    assert result is not None
    check_result(game, result, players)
    assert game.to_act(final) == frozenset()
    last_move = traj.steps[-1][1] if traj.steps else "x"
    assert game.legal_moves(final, STRANGER) == []
    for p in players:
        assert game.legal_moves(final, p) == []
        assert_rejected(game, final, p, last_move, GameOver)
        assert_rejected(game, final, p, "zz9", GameOver)
        with pytest.raises(IllegalMove):
            game.resign(final, p)


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_replay_gives_the_same_states(traj: Trajectory) -> None:
    game = traj.game
    state = game.setup(traj.players, traj.options, traj.seed)
    assert game.dump(state) == game.dump(traj.states[0])
    for (player, move), expected in zip(traj.steps, traj.states[1:]):
        state = game.apply(state, player, move)
        assert game.dump(state) == game.dump(expected)
        assert state == expected


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_dump_load_round_trip_at_every_step(traj: Trajectory) -> None:
    game = traj.game
    for state in traj.states:
        text = game.dump(state)
        assert isinstance(text, str)
        json.loads(text)  # valid JSON
        loaded = game.load(text)
        assert loaded == state
        assert game.dump(loaded) == text
        assert game.to_act(loaded) == game.to_act(state)
    # a loaded state plays on exactly like the original
    mid = len(traj.steps) // 2
    player, move = traj.steps[mid]
    replayed = game.apply(game.load(game.dump(traj.states[mid])), player, move)
    assert game.dump(replayed) == game.dump(traj.states[mid + 1])


@pytest.mark.parametrize("gid, n, combo", case_params("view-after-load"))
def test_views_survive_dump_load(traj: Trajectory) -> None:
    """A stored and reloaded game looks exactly the same to everybody (same image, same text)."""
    game = traj.game
    for state in traj.states:
        loaded = game.load(game.dump(state))
        for who in [None, *traj.players]:
            assert game.view(loaded, who) == game.view(state, who)
        for p in sorted(game.to_act(state)):
            assert game.legal_moves(loaded, p) == game.legal_moves(state, p)
            assert game.prompt(loaded, p) == game.prompt(state, p)


@pytest.mark.parametrize("gid", game_params())
def test_load_rejects_garbage(gid: str) -> None:
    game = REGISTRY[gid]
    state = game.setup(player_ids(game.min_players), {}, 1)
    payload = json.loads(game.dump(state))
    other = dict(payload, game="not-" + gid)
    future = dict(payload, format=payload.get("format", 0) + 1000)
    broken = dict(payload, state={})
    for text in ("", "not json", "[]", "{}", "null", json.dumps(other), json.dumps(future),
                 json.dumps(broken)):
        with pytest.raises(CorruptState) as info:
            game.load(text)
        assert isinstance(info.value, ValueError)


# ----- move notation ----------------------------------------------------------------------------


def _variants(move: str) -> set[str]:
    spaced = "  " + move.replace(" ", "   ") + "  "
    return {move.upper(), move.lower(), move.swapcase(), spaced, spaced.upper(), f"\t{move} "}


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_legal_moves_are_canonical(traj: Trajectory) -> None:
    game = traj.game
    rnd = random.Random(5)
    for state in traj.sampled_states():
        for player in sorted(game.to_act(state)):
            moves = game.legal_moves(state, player)
            sample = moves if len(moves) <= 400 else rnd.sample(moves, 400)
            for move in sample:
                assert move == move.strip() and "  " not in move
                assert game.normalize_move(move) == move
                parsed = game.parse_move(move)
                assert game.format_move(parsed) == move
                assert game.parse_move(game.format_move(parsed)) == parsed
            for move in rnd.sample(moves, min(len(moves), 6)):
                expected = game.dump(game.apply(state, player, move))
                for variant in _variants(move):
                    assert game.normalize_move(variant) == move, repr(variant)
                    assert game.dump(game.apply(state, player, variant)) == expected, repr(variant)


GARBAGE: list[Any] = [
    "", " ", "   ", "\t", "🐟", "🐟🐟 🐟", "a1 a1 a1 a1", "zz9", "a1 " * 2000,
    "None", "none", "null", "NaN", "0", "-1", "?", "!", "/move", "-", "--", "->", "a1-", "-a1",
    "a0", "a7", "a99", "z1", "1a", "aa", "11", "\x00", "a1\x00", "\u200b", "ａ１", "Ⅰ",
    "'; DROP TABLE games; --", "@everyone", "<@123456789>", "${jndi:x}", "%s%s%s", "\\",
    None, 0, 3.5, b"a1", ["a1"], {"move": "a1"},
]
LONG = ["x" * 5000, "a" + "9" * 5000, "🐟" * 3000, "zz " + "q" * 4000, "a1-" + "b" * 4000 + " d4",
        "d4 " * 3 + "z" * 4000]
MULTILINE = ["zz\nzz zz zz zz", "x\ny-", "a\r\nb", "q\u2028w e r t y", "bad\nmove"]


@functools.lru_cache(maxsize=None)
def _successor_dumps(gid: str, n: int, combo: Any) -> frozenset[str]:
    traj = trajectory(gid, n, combo)
    game, state = traj.game, traj.states[0]
    return frozenset(game.dump(game.apply(state, p, m))
                     for p in game.to_act(state) for m in game.legal_moves(state, p))


def _garbage_check(gid: str, n: int, combo: Any, text: Any, one_line: bool = True,
                   short: bool = True) -> None:
    traj = trajectory(gid, n, combo)
    game, state = traj.game, traj.states[0]
    player = sorted(game.to_act(state))[0]
    before = game.dump(state)
    try:
        after = game.apply(state, player, text)
    except IllegalMove as exc:
        message = str(exc)
        assert message.strip(), f"{text!r}: empty message"
        if one_line:
            assert len(message.splitlines()) == 1, f"{text!r}: {message!r}"
        if short:
            assert len(message) <= 300, f"{str(text)[:30]!r}...: message of {len(message)} chars"
    else:
        # Hypothesis may stumble on a real move: then it must be one of the legal ones.
        assert game.dump(after) in _successor_dumps(gid, n, combo), f"{text!r} was accepted"
    assert game.dump(state) == before


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_garbage_moves_are_rejected(gid: str, n: int, combo: Any, traj: Trajectory) -> None:
    game = traj.game
    for text in GARBAGE:
        _garbage_check(gid, n, combo, text)
        if isinstance(text, str):
            with pytest.raises(InvalidMove):
                game.parse_move(text)
    mid = traj.states[len(traj.steps) // 2]
    player = sorted(game.to_act(mid))[0]
    for text in GARBAGE:
        assert_rejected(game, mid, player, text)


@pytest.mark.parametrize("gid, n, combo", case_params("short-message"))
def test_rejection_of_long_input_is_short(gid: str, n: int, combo: Any) -> None:
    """Error messages go back to Discord (2000 characters at most): quote only a bit."""
    for text in LONG:
        _garbage_check(gid, n, combo, text, short=False)  # right exception type first
    for text in LONG:
        _garbage_check(gid, n, combo, text)


@pytest.mark.parametrize("gid, n, combo", case_params("one-line-message"))
def test_rejection_of_multiline_input_is_one_line(gid: str, n: int, combo: Any) -> None:
    for text in MULTILINE:
        _garbage_check(gid, n, combo, text, one_line=True)


_ONE_LINE_TEXT = st.text(alphabet=st.characters(blacklist_characters=LINE_BREAKS), max_size=60)
_HYPOTHESIS = settings(max_examples=150, deadline=None,
                       suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("gid, n, combo", case_params())
@_HYPOTHESIS
@given(text=_ONE_LINE_TEXT)
def test_random_text_is_rejected_cleanly(gid: str, n: int, combo: Any, text: str) -> None:
    _garbage_check(gid, n, combo, text)


@pytest.mark.parametrize("gid, n, combo", case_params())
@_HYPOTHESIS
@given(text=st.text(max_size=60))
def test_any_text_raises_only_illegal_move(gid: str, n: int, combo: Any, text: str) -> None:
    _garbage_check(gid, n, combo, text, one_line=False)


@pytest.mark.parametrize("gid", game_params())
@_HYPOTHESIS
@given(text=st.text(max_size=40))
def test_parse_is_idempotent(gid: str, text: str) -> None:
    game = REGISTRY[gid]
    try:
        parsed = game.parse_move(text)
    except InvalidMove as exc:
        assert str(exc).strip()
        return
    canonical = game.format_move(parsed)
    assert game.parse_move(canonical) == parsed
    assert game.normalize_move(canonical) == canonical


# ----- hidden information and views -------------------------------------------------------------


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_resample_keeps_what_each_seat_sees(traj: Trajectory) -> None:
    game, players = traj.game, traj.players
    for i in traj.sample_indices() + [len(traj.states) - 1]:
        state = traj.states[i]
        before = game.dump(state)
        public = game.view(state, None)
        for k in range(4):
            other = game.resample(state, None, k)
            assert game.view(other, None) == public
            assert game.load(game.dump(other)) == other
            assert game.dump(game.resample(state, None, k)) == game.dump(other)  # deterministic
            assert game.to_act(other) == game.to_act(state)
            for p in players:
                mine = game.resample(state, p, k)
                assert game.view(mine, p) == game.view(state, p)
                assert game.legal_moves(mine, p) == game.legal_moves(state, p)
                assert game.to_act(mine) == game.to_act(state)
        assert game.dump(state) == before, "resample changed the original state"


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_resample_redraws_hidden_information(gid: str, n: int, combo: Any) -> None:
    """What chance will bring and what is hidden is drawn anew; a game with nothing unseen
    has one world only, the state itself."""
    traj = trajectory(gid, n, combo)
    game = traj.game
    if game.traits.nothing_unseen:
        for state in traj.sampled_states():
            for viewer in (None, *traj.players):
                for k in range(4):
                    assert game.dump(game.resample(state, viewer, k)) == game.dump(state), \
                        "resample changed a game with nothing unseen"
        return
    state = traj.states[0]
    dumps = {game.dump(game.resample(state, None, k)) for k in range(16)}
    assert len(dumps) > 1, "resampling never changed the hidden information"
    for p in traj.players:
        assert len({game.dump(game.resample(state, p, k)) for k in range(16)}) > 1
    # a resampled state is a real game: it plays on to the end
    other = game.resample(traj.states[len(traj.steps) // 2], traj.players[0], 3)
    rnd = random.Random(0)
    while game.result(other) is None:
        p = sorted(game.to_act(other))[0]
        other = game.apply(other, p, rnd.choice(game.legal_moves(other, p)))


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_views_are_json_and_public_view_has_no_secrets(traj: Trajectory) -> None:
    game, players = traj.game, traj.players
    for state in traj.states:
        for who in [None, *players]:
            view = game.view(state, who)
            assert isinstance(view, dict)
            assert json.loads(json.dumps(view)) == view, "the view is not plain JSON"
        bad = [k for k, v in walk_items(game.view(state, None))
               if FORBIDDEN_PUBLIC_KEY.search(k) and not is_count(v)]
        assert not bad, f"public view has secret-looking keys: {bad}"


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_perfect_information_shows_every_seat_the_public_view(traj: Trajectory) -> None:
    """With perfect information no seat sees more than the channel: there is no hand to DM.
    (A game with hidden information may still show everyone the same: Krasserfall's tipping
    points are hidden from all.)"""
    game = traj.game
    if game.traits.information == Information.HIDDEN:
        return
    for i, state in enumerate(traj.states):
        public = game.view(state, None)
        for p in traj.players:
            assert game.view(state, p) == public, f"step {i}: {p} sees more than the public"


def _scribble(obj: Any) -> None:
    """Mutate every container of a view in place."""
    if isinstance(obj, dict):
        for value in list(obj.values()):
            _scribble(value)
        obj["__scribbled__"] = True
    elif isinstance(obj, list):
        for value in list(obj):
            _scribble(value)
        obj.append("__scribbled__")


@pytest.mark.parametrize("gid, n, combo", case_params("view-snapshot"))
def test_views_are_snapshots(traj: Trajectory) -> None:
    """Mutating a returned view (a renderer, a bot) never reaches the state."""
    game = traj.game
    for i, state in enumerate(traj.states):
        before = game.dump(state)
        for who in [None, *traj.players]:
            _scribble(game.view(state, who))
        assert game.dump(state) == before, f"mutating a view changed the state (step {i})"


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_no_global_random(traj: Trajectory, monkeypatch: pytest.MonkeyPatch) -> None:
    """All chance comes from the state's seeded RNG, never from the global ``random``."""
    game = traj.game

    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the engine called the global random module")

    for name in ("random", "randrange", "randint", "choice", "choices", "shuffle", "sample",
                 "getrandbits", "uniform", "seed"):
        monkeypatch.setattr(random, name, forbidden)
    state = game.setup(traj.players, traj.options, traj.seed)
    for player, move in traj.steps[:6]:
        game.suggest(state, player, "", 5)
        game.resample(state, player, 1)
        state = game.apply(state, player, move)
    assert game.dump(state) == game.dump(traj.states[min(6, len(traj.steps))])


# ----- taking a move back -----------------------------------------------------------------------

#: Steps of each trajectory whose undo verdict is checked (spread over the game).
UNDO_STEPS = 12


def exposed(game: Game, before: Any, after: Any, player: str, move: str) -> bool:
    """Whether some world a seat (or the public) cannot rule out makes ``move`` impossible or
    its result look different to them: then playing it told them something, or chance
    decided it. Own samples, independent of the engine's."""
    for viewer in (None, *game.players(before)):
        seen = game.view(after, viewer)
        for k in range(16):
            world = game.resample(before, viewer, f"contract-undo-{k}")
            try:
                other = game.apply(world, player, move)
            except GameError:
                return True
            if game.view(other, viewer) != seen:
                return True
    return False


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_undo_only_what_revealed_nothing(gid: str, traj: Trajectory) -> None:
    """A move may be taken back only if it revealed nothing: not if it is impossible in a
    world someone cannot rule out (the move proves that world wrong), nor if it looks
    different in one. A refusal says why in the game's own words. In a game with nothing
    unseen every move may be taken back; in any other some move of a whole game may not."""
    game = traj.game
    last = len(traj.steps) - 1
    picks = sorted({round(last * k / (UNDO_STEPS - 1)) for k in range(UNDO_STEPS)})
    verdicts = set()
    for i in picks:
        player, move = traj.steps[i]
        before, after = traj.states[i], traj.states[i + 1]
        kept = game.dump(before), game.dump(after)
        reason = game.why_not_undo(before, after, player, move)
        assert (game.dump(before), game.dump(after)) == kept, "the check changed a state"
        assert game.can_undo(before, after, player, move) == (reason is None)
        verdicts.add(reason is None)
        if reason is None:
            assert not exposed(game, before, after, player, move), \
                f"step {i}: `{move}` may be taken back, but it told someone something"
        else:
            assert isinstance(reason, Text) and reason.domain == game.id, \
                f"step {i}: the reason for refusing `{move}` is not in {gid}'s words: {reason!r}"
            assert reason.strip() and "\n" not in reason and len(reason) < 120
    if game.traits.nothing_unseen:
        assert verdicts == {True}, "a move of a game with nothing unseen was refused"
    else:
        assert False in verdicts, "no move was ever refused: nothing in this game is hidden?"


# ----- resign, suggest, words -------------------------------------------------------------------


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_resign(traj: Trajectory) -> None:
    game, players = traj.game, traj.players
    for i in traj.sample_indices():
        state = traj.states[i]
        for p in players:
            before = game.dump(state)
            after = game.resign(state, p)
            assert game.dump(state) == before, "resign changed the old state"
            assert game.load(game.dump(after)) == after
            assert p not in game.to_act(after)
            assert game.legal_moves(after, p) == []
            result = game.result(after)
            if result is not None:
                check_result(game, result, players)
                assert game.to_act(after) == frozenset()
                assert p not in result.winners, "whoever resigns does not win"
                for q in players:
                    assert_rejected(game, after, q, "zz9", GameOver)
                with pytest.raises(IllegalMove):
                    game.resign(after, p)
            else:
                acting = game.to_act(after)
                assert acting and acting <= set(players) - {p}
                rnd = random.Random(i)
                while game.result(after) is None:  # the rest play on without p
                    assert p not in game.to_act(after)
                    q = sorted(game.to_act(after))[0]
                    after = game.apply(after, q, rnd.choice(game.legal_moves(after, q)))
                assert p not in game.result(after).winners
    with pytest.raises(IllegalMove):
        game.resign(traj.states[0], STRANGER)


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_suggest(traj: Trajectory) -> None:
    game = traj.game
    rnd = random.Random(11)
    for state in traj.sampled_states():
        acting = game.to_act(state)
        for p in traj.players:
            legal = game.legal_moves(state, p)
            if p not in acting:
                assert game.suggest(state, p, "", 25) == []
                continue
            typed_list = ["", " "]
            for move in rnd.sample(legal, min(len(legal), 4)):
                cut = rnd.randrange(1, len(move) + 1)
                typed_list += [move[:cut], move[:cut].upper(), move]
            for i, typed in enumerate(typed_list):
                matching = [m for m in legal if norm(m).startswith(norm(typed))]
                # Every text at Discord's 25; the smaller limits on nothing and a first prefix
                # (ranking a Kraqua position takes a tenth of a second: not 42 times a state).
                for limit in (25, 3, 1) if i in (0, 2) else (25,):
                    got = game.suggest(state, p, typed, limit)
                    assert isinstance(got, list)
                    assert len(got) == min(limit, len(matching)), (typed, limit)
                    values = [value for value, _ in got]
                    assert len(set(values)) == len(values)
                    assert set(values) <= set(matching), (typed, values)
                    for value, label in got:
                        assert isinstance(label, str) and label.strip()
                        assert len(value) <= 100 and len(label) <= 100, "Discord choice limit"
            nonsense = "zz9 zz9 zz9 🐟"
            if not any(norm(m).startswith(norm(nonsense)) for m in legal):
                assert game.suggest(state, p, nonsense, 25) == []
        assert game.suggest(state, STRANGER, "", 25) == []
    assert all(game.suggest(traj.final, p, "", 25) == [] for p in traj.players)


@pytest.mark.parametrize("gid, n, combo", case_params())
def test_describe_and_prompt(traj: Trajectory) -> None:
    game = traj.game
    names = {p: f"Name of {p}" for p in traj.players}
    for state, (player, move) in zip(traj.states, traj.steps):
        for text in (game.describe(state, player, move), game.describe(state, player, move, names)):
            assert isinstance(text, str) and text.strip()
            assert len(text) < 1000
        for p in sorted(game.to_act(state)):
            for text in (game.prompt(state, p), game.prompt(state, p, names)):
                assert isinstance(text, str) and text.strip()
                assert len(text.strip().splitlines()) <= 2, "a prompt is one or two lines"
