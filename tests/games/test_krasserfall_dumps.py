"""Krasserfall's stored JSON stays byte-identical: states dumped by the code of 2026-12-01.

``tests/data/dumps/krasserfall/`` holds states from seeded random playouts (2-4 players, every
option, mid-game and final), each ``<name>.json`` exactly as ``dump`` wrote it before the
package was restructured (issue 19), with ``<name>.moves.json`` beside it: the set-up and the
moves that led there, and ``views/<name>.json``: its public view, written by the same code.
Loading a dump and dumping it again must give the same bytes, replaying the moves must give
them too, and the view must be the stored one, so neither the stored format, the rules nor
what the renderer reads changed.

``python -m tests.games.test_krasserfall_dumps`` wrote the files; do not run it again unless
the format is meant to change (then bump ``format_version`` instead).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY
from tests.games.helpers import replay_record

GAME: Any = REGISTRY["krasserfall"]
DIR = Path(__file__).resolve().parents[1] / "data" / "dumps" / "krasserfall"
NAMES = sorted(p.name.removesuffix(".moves.json") for p in DIR.glob("*.moves.json"))


def test_there_are_dumps() -> None:
    assert len(NAMES) >= 24


@pytest.mark.parametrize("name", NAMES)
def test_a_dump_loads_and_dumps_back_byte_identically(name: str) -> None:
    stored = (DIR / f"{name}.json").read_bytes()
    assert GAME.dump(GAME.load(stored.decode("utf-8"))).encode("utf-8") == stored


@pytest.mark.parametrize("name", NAMES)
def test_replaying_the_moves_gives_the_same_dump(name: str) -> None:
    stored = (DIR / f"{name}.json").read_bytes()
    record = json.loads((DIR / f"{name}.moves.json").read_text(encoding="utf-8"))
    assert GAME.dump(replay_record(GAME, record)).encode("utf-8") == stored


@pytest.mark.parametrize("name", NAMES)
def test_the_view_of_a_dump_is_the_stored_one(name: str) -> None:
    state = GAME.load((DIR / f"{name}.json").read_text(encoding="utf-8"))
    stored = (DIR / "views" / f"{name}.json").read_text(encoding="utf-8")
    assert json.dumps(GAME.view(state, None), sort_keys=True, indent=1, ensure_ascii=False) + "\n" \
        == stored


# ----- how the dumps were made --------------------------------------------------------------


def playout(n: int, options: dict[str, str], seed: int) -> tuple[dict[str, Any], list[Any]]:
    """A random game to its end: every acting player's moves (the stone too) are candidates;
    in games with 3-4 players someone resigns once, at random. Returns the record and the
    state after each move."""
    rnd = random.Random(seed)
    players = ["ann", "bob", "cat", "dan"][:n]
    state = GAME.setup(players, options, seed)
    record: dict[str, Any] = {"players": players, "options": options, "seed": seed, "moves": []}
    states = [state]
    resign_at = rnd.randrange(10, 60) if n > 2 else -1
    while GAME.result(state) is None and len(record["moves"]) < 2000:
        if len(record["moves"]) == resign_at:
            player = rnd.choice([p for i, p in enumerate(state.players) if state.in_play(i)])
            state = GAME.resign(state, player)
            record["moves"].append([player, "resign"])
        else:
            choices = [(p, m) for p in sorted(GAME.to_act(state))
                       for m in GAME.legal_moves(state, p)]
            player, move = rnd.choice(choices)
            state = GAME.apply(state, player, move)
            record["moves"].append([player, move])
        states.append(state)
    return record, states


def write() -> None:
    (DIR / "views").mkdir(parents=True, exist_ok=True)
    seed = 0
    for n in (2, 3, 4):
        for push in ("touch", "thrill"):
            for choice in ("die", "free"):
                seed += 1
                options = {"push": push, "boat-choice": choice}
                record, states = playout(n, options, 1000 + seed)
                mid = random.Random(seed).randrange(len(states) // 4, 3 * len(states) // 4)
                for label, at in (("mid", mid), ("final", len(states) - 1)):
                    name = f"p{n}-{push}-{choice}-{label}"
                    (DIR / f"{name}.json").write_bytes(GAME.dump(states[at]).encode("utf-8"))
                    (DIR / "views" / f"{name}.json").write_text(
                        json.dumps(GAME.view(states[at], None), sort_keys=True, indent=1,
                                   ensure_ascii=False) + "\n", encoding="utf-8")
                    part = dict(record, moves=record["moves"][:at])
                    (DIR / f"{name}.moves.json").write_text(
                        json.dumps(part, indent=None, separators=(",", ":")) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    write()
