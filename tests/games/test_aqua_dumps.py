"""Aqua's stored JSON stays byte-identical: dumps written by the code of before issue 19.

Each file in ``tests/data/dumps/aqua/`` holds a random playout (players, options, seed, the
moves and resignations in order) and the ``dump`` of the state it reached, mid-game or final,
as the bot stored it, plus that state's public view. The test loads each dump and dumps it
again (the same bytes), and replays the moves from the set-up (the same bytes, the same view),
so a change of the state classes, the vocabularies (``StrEnum``) or the view shows up here.

The files were made once with ``python -m tests.games.test_aqua_dumps`` before the package
was restructured; run it again only on purpose (a new format means a new ``format_version``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games import REGISTRY
from tests.games.helpers import assert_every_case_stored, each_record, read_record, replay_record

GAME: Any = REGISTRY["aqua"]
FOLDER = Path(__file__).resolve().parents[1] / "data" / "dumps" / "aqua"
#: (name, players, options, seed, stop after this many actions or None for the end, resign)
CASES: list[tuple[str, int, dict[str, str], int, int | None, tuple[int, str] | None]] = [
    ("solo-base-mid", 1, {"ecosystems": "base"}, 3, 9, None),
    ("solo-advanced-final", 1, {"ecosystems": "advanced"}, 4, None, None),
    ("solo-family-resigned", 1, {"ecosystems": "family"}, 5, None, (6, "p1")),
    ("2p-base-mid", 2, {"ecosystems": "base"}, 11, 12, None),
    ("2p-base-final", 2, {"ecosystems": "base"}, 12, None, None),
    ("2p-advanced-final", 2, {"ecosystems": "advanced"}, 13, None, None),
    ("3p-advanced-mid", 3, {"ecosystems": "advanced"}, 21, 25, None),
    ("3p-base-resign-final", 3, {"ecosystems": "base"}, 22, None, (17, "p2")),
    ("4p-family-mid", 4, {"ecosystems": "family"}, 31, 30, None),
    ("4p-base-final", 4, {"ecosystems": "base"}, 32, None, None),
    ("4p-advanced-final", 4, {"ecosystems": "advanced"}, 33, None, None),
]


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def playout(players: int, options: dict[str, str], seed: int, stop: int | None,
            resign: tuple[int, str] | None) -> dict[str, Any]:
    """A random playout (seeded): every action, and the dump and view where it stopped.
    Mid-game playouts stop at the first large-animal step from ``stop`` on, if one comes
    within a few moves, so that ``fresh`` is stored too."""
    ids = [f"p{i}" for i in range(1, players + 1)]
    rnd = random.Random(seed)
    state = GAME.setup(ids, options, seed)
    actions: list[tuple[str, str | None]] = []
    while GAME.result(state) is None:
        if stop is not None and len(actions) >= stop and (
                state.phase == "large" or len(actions) >= stop + 6):
            break
        if resign is not None and len(actions) == resign[0]:
            state = GAME.resign(state, resign[1])
            actions.append((resign[1], None))
            continue
        (player,) = GAME.to_act(state)
        move = rnd.choice(GAME.legal_moves(state, player))
        state = GAME.apply(state, player, move)
        actions.append((player, move))
    return {"players": ids, "options": options, "seed": seed, "actions": actions,
            "dump": GAME.dump(state), "view": GAME.view(state, None)}


def test_the_dumps_are_there() -> None:
    assert_every_case_stored(FOLDER, CASES)


@each_record(FOLDER)
def test_a_dump_loads_and_dumps_back_byte_identically(path: Path) -> None:
    case = read_record(path)
    assert GAME.dump(GAME.load(case["dump"])) == case["dump"]


@each_record(FOLDER)
def test_replaying_the_moves_gives_the_same_dump_and_view(path: Path) -> None:
    case = read_record(path)
    state = replay_record(GAME, case, moves="actions", resign=None)  # None: a resignation
    assert GAME.dump(state) == case["dump"]
    assert _json(GAME.view(state, None)) == _json(case["view"])
    assert _json(GAME.view(GAME.load(case["dump"]), None)) == _json(case["view"])


def main() -> None:
    """Write the dump files (on purpose only: see the module's docstring)."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, players, options, seed, stop, resign in CASES:
        case = playout(players, options, seed, stop, resign)
        (FOLDER / f"{name}.json").write_text(_json(case) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
