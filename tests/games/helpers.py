"""Checks and playouts the per-game tests share, so that each game's file says only what is
its own (the states it builds, the moves it tries, the words it expects)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY, Game, IllegalMove, InvalidMove


def consistent(game: Game, state: Any) -> Any:
    """``state`` as a test helper built it, once it survives a dump and a load unchanged."""
    assert game.load(game.dump(state)) == state, "the helper built an inconsistent state"
    return state


def acting(game: Game, state: Any) -> str:
    """The one player to act (the test fails if there are several or none)."""
    (player,) = game.to_act(state)
    return player


def rejection(game: Game, state: Any, move: str, player: str | None = None,
              kind: type[IllegalMove] = IllegalMove, shorter_than: int | None = None) -> str:
    """Play an illegal move (by the one acting player unless ``player`` is named); return the
    one-line reason, of type ``kind``. The state stays unchanged."""
    before = game.dump(state)
    with pytest.raises(IllegalMove) as info:
        game.apply(state, player or acting(game, state), move)
    assert isinstance(info.value, kind), type(info.value)
    assert game.dump(state) == before
    message = str(info.value)
    assert message.strip() and "\n" not in message
    if shorter_than is not None:
        assert len(message) < shorter_than
    return message


def unreadable(game: Game, text: str, shorter_than: int) -> str:
    """Parse ``text``, which must be refused as an InvalidMove; return the reason, checked to
    be one line of fewer than ``shorter_than`` characters."""
    with pytest.raises(InvalidMove) as info:
        game.parse_move(text)
    message = str(info.value)
    assert "\n" not in message and len(message) < shorter_than
    return message


def random_game(gid: str, n: int, seed: int, steps: int) -> Iterator[Any]:
    """The running states of one random game of ``gid`` (seats p1…pn, default options): at each,
    a random acting seat plays a random legal move. At most ``steps`` states; it stops early
    at the end, or where the chosen seat has no legal move."""
    game = REGISTRY[gid]
    state = game.setup([f"p{i}" for i in range(1, n + 1)], {}, seed)
    chooser = random.Random(f"{gid}/{n}/{seed}")
    for _step in range(steps):
        if game.result(state) is not None:
            return
        yield state
        player = chooser.choice(sorted(game.to_act(state)))
        moves = game.legal_moves(state, player)
        if not moves:
            return
        state = game.apply(state, player, chooser.choice(moves))


# ----- stored dumps (tests/data/dumps) ----------------------------------------------------------


def stored_records(folder: Path) -> list[Path]:
    """A game's stored dump records, one JSON file each, by name."""
    return sorted(folder.glob("*.json"))


def each_record(folder: Path) -> pytest.MarkDecorator:
    """Run a test once for every stored record in ``folder`` (named by the file's stem)."""
    return pytest.mark.parametrize("path", stored_records(folder), ids=lambda p: p.stem)


def read_record(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def replay_record(game: Game, record: dict[str, Any], *, moves: str = "moves",
                  resign: str | None = "resign") -> Any:
    """The state a stored record's set-up (``players``, ``options``, ``seed``) and its list
    of (player, move) under ``moves`` lead to; the move ``resign`` stands for a resignation."""
    state = game.setup(record["players"], record["options"], record["seed"])
    for player, move in record[moves]:
        state = game.resign(state, player) if move == resign else game.apply(state, player, move)
    return state


def assert_every_case_stored(folder: Path, cases: Iterable[tuple[Any, ...]]) -> None:
    """Each case the writer makes (named first in its tuple) has its file, and no file more."""
    assert [p.stem for p in stored_records(folder)] == sorted(name for name, *_rest in cases)
