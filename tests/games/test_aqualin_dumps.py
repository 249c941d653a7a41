"""Stored Aqualin states stay byte-identical: old dumps load and dump back unchanged.

The files in ``tests/data/dumps/aqualin/`` were written by the engine as it was before its
vocabularies became ``StrEnum`` and its moves dataclasses (issue 19), from seeded random
playouts of both rule sets, mid-game and at the end (a resignation too). Each holds the
set-up, the moves played, the dump and the public view; a database written by any earlier version must read
the same today. Regenerate them only for a deliberate format change:
``PYTHONPATH=. python -m tests.games.test_aqualin_dumps``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games import REGISTRY
from tests.games.helpers import assert_every_case_stored, each_record, read_record, replay_record

GAME = REGISTRY["aqualin"]
DIR = Path(__file__).resolve().parent.parent / "data" / "dumps" / "aqualin"
PLAYERS = ["111", "222"]

#: (file name, rules, role, seed, moves to play; None: to the end, -1: resign at move 7)
CASES = [
    ("seed-1-mid", "seed", "random", 1, 12),
    ("seed-1-final", "seed", "random", 1, None),
    ("seed-2-final", "seed", "host-colour", 2, None),
    ("seed-3-start", "seed", "host-species", 3, 0),
    ("classic-1-mid", "classic", "random", 1, 15),
    ("classic-1-final", "classic", "random", 1, None),
    ("classic-2-final", "classic", "host-species", 2, None),
    ("classic-3-resigned", "classic", "host-colour", 3, -1),
]


def _play(rules: str, role: str, seed: int, count: int | None) -> dict[str, Any]:
    """A seeded random playout and its dump, as the data files store them."""
    options = {"rules": rules, "role": role}
    state = GAME.setup(PLAYERS, options, seed)
    rng = random.Random(seed)
    moves: list[list[str]] = []
    resign = None
    if count == -1:
        count, resign = 7, True
    while GAME.result(state) is None and (count is None or len(moves) < count):
        (player,) = GAME.to_act(state)
        move = rng.choice(GAME.legal_moves(state, player))
        moves.append([player, move])
        state = GAME.apply(state, player, move)
    if resign:
        (player,) = GAME.to_act(state)
        moves.append([player, "resign"])
        state = GAME.resign(state, player)
    return {"players": PLAYERS, "options": options, "seed": seed, "moves": moves,
            "dump": GAME.dump(state), "view": _view(state)}


def _view(state: Any) -> str:
    """The public view as JSON (the outbox stores views for the renderer)."""
    return json.dumps(GAME.view(state, None), sort_keys=True, ensure_ascii=False)


def test_every_case_is_stored() -> None:
    assert_every_case_stored(DIR, CASES)


@each_record(DIR)
def test_old_dump_loads_and_dumps_back_byte_identically(path: Path) -> None:
    data = read_record(path)
    state = GAME.load(data["dump"])
    assert GAME.dump(state) == data["dump"]
    assert GAME.dump(GAME.load(GAME.dump(state))) == data["dump"]


@each_record(DIR)
def test_replaying_the_recorded_moves_gives_the_same_dump(path: Path) -> None:
    data = read_record(path)
    assert GAME.dump(replay_record(GAME, data)) == data["dump"]
    assert _view(replay_record(GAME, data)) == _view(GAME.load(data["dump"])) == data["view"]
    # The loaded state plays on exactly as the replayed one does.
    replayed, loaded = replay_record(GAME, data), GAME.load(data["dump"])
    if GAME.result(loaded) is None:
        (player,) = GAME.to_act(loaded)
        move = GAME.legal_moves(loaded, player)[-1]
        assert GAME.dump(GAME.apply(loaded, player, move)) == \
            GAME.dump(GAME.apply(replayed, player, move))


def write() -> None:
    """Write the data files from the current engine (see the module docstring)."""
    DIR.mkdir(parents=True, exist_ok=True)
    for name, rules, role, seed, count in CASES:
        data = _play(rules, role, seed, count)
        (DIR / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
