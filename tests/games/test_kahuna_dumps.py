"""Stored Kahuna states stay readable and byte-identical.

``tests/data/dumps/kahuna/*.json`` are states dumped by the engine before its vocabularies became
``StrEnum``\\ s and its package was reshaped; ``moves/<name>.json`` beside them records the
playout that led there (players, options, seed, moves), and ``views/<name>.json`` its public
and private views. Loading and dumping a stored state must
give back the very same bytes, and replaying its moves must arrive at the same dump: so the
database's rows keep working, and a change in the stored JSON shows up here first.

Regenerate (only when the stored format changes on purpose, with a new ``format_version``):
``PYTHONPATH=$PWD python -m tests.games.test_kahuna_dumps --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY

DUMPS = Path(__file__).resolve().parents[1] / "data" / "dumps" / "kahuna"
PLAYERS = ["111", "222"]

#: name -> (options, where to stop, seed of the set-up and of the random moves). Stops: "mid"
#: (half of a whole game's moves), "final", "resign" (the second seat resigns mid-game),
#: "handicap" (after the first free bridge), "last" (the first state of the last turns).
CASES: dict[str, tuple[dict[str, str], str, int]] = {
    "base-mid": ({"variant": "base"}, "mid", 1),
    "base-final": ({"variant": "base"}, "final", 1),
    "planning-mid": ({"variant": "planning"}, "mid", 3),
    "planning-final": ({"variant": "planning"}, "final", 3),
    "planning-early-end": ({"variant": "planning"}, "final", 2),
    "open-draws-mid": ({"variant": "open-draws"}, "mid", 5),
    "open-draws-last": ({"variant": "open-draws"}, "last", 5),
    "open-draws-final": ({"variant": "open-draws"}, "final", 5),
    "handicap-phase": ({"variant": "base", "handicap": "3", "handicap_seat": "2"}, "handicap", 7),
    "handicap-final": ({"variant": "planning", "handicap": "2", "handicap_seat": "1"}, "final",
                       8),
    "resigned": ({"variant": "open-draws", "handicap": "1"}, "resign", 9),
}


def playout(name: str) -> dict[str, Any]:
    """A random game for ``CASES[name]``: its set-up and the moves played, up to the stop."""
    options, stop, seed = CASES[name]
    game = REGISTRY["kahuna"]
    chooser = random.Random(seed)
    state = game.setup(PLAYERS, options, seed)
    moves: list[list[str]] = []
    while game.result(state) is None:
        if (stop == "handicap" and moves) or (stop == "last" and state.phase == "last"):
            break
        player = sorted(game.to_act(state))[0]
        move = chooser.choice(game.legal_moves(state, player))
        state = game.apply(state, player, move)
        moves.append([player, move])
    if stop in ("mid", "resign"):
        moves = moves[: len(moves) // 2]
    return {"players": PLAYERS, "options": options, "seed": seed, "moves": moves,
            "resign": PLAYERS[1] if stop == "resign" else None}


def replay(record: dict[str, Any]) -> str:
    """The dump at the end of a recorded playout."""
    game = REGISTRY["kahuna"]
    state = game.setup(record["players"], record["options"], record["seed"])
    for player, move in record["moves"]:
        state = game.apply(state, player, move)
    if record["resign"]:
        state = game.resign(state, record["resign"])
    return game.dump(state)


def views(dump: str) -> str:
    """The public view and each player's own view of a dumped state, as JSON."""
    game = REGISTRY["kahuna"]
    state = game.load(dump)
    seen = {"public": game.view(state, None), **{p: game.view(state, p) for p in PLAYERS}}
    return json.dumps(seen, sort_keys=True, ensure_ascii=False, indent=1) + "\n"


def write() -> None:
    for name in CASES:
        record = playout(name)
        dump = replay(record)
        (DUMPS / "moves" / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        (DUMPS / "views" / f"{name}.json").write_text(views(dump), encoding="utf-8")
        (DUMPS / f"{name}.json").write_text(dump, encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_stored_state_loads_and_dumps_back_byte_identically(name: str) -> None:
    game = REGISTRY["kahuna"]
    stored = (DUMPS / f"{name}.json").read_bytes()
    assert game.dump(game.load(stored.decode("utf-8"))).encode("utf-8") == stored


@pytest.mark.parametrize("name", sorted(CASES))
def test_replaying_the_recorded_moves_gives_the_stored_dump(name: str) -> None:
    record = json.loads((DUMPS / "moves" / f"{name}.json").read_text())
    assert replay(record).encode("utf-8") == (DUMPS / f"{name}.json").read_bytes()


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_views_of_a_stored_state_stay_the_same(name: str) -> None:
    """The views go to the renderers and, as JSON, into the outbox: they keep their bytes too."""
    dump = (DUMPS / f"{name}.json").read_text(encoding="utf-8")
    assert views(dump) == (DUMPS / "views" / f"{name}.json").read_text(encoding="utf-8")


def test_the_dumps_cover_every_variant_phase_and_ending() -> None:
    states = [json.loads((DUMPS / f"{name}.json").read_text())["state"] for name in CASES]
    assert {s["variant"] for s in states} == {"base", "planning", "open-draws"}
    assert {s["phase"] for s in states} == {"handicap", "play", "last", "over"}
    assert {s["ended"] for s in states} == {None, "end", "early end", "resigned"}
    assert any(s["shown"]["111"] or s["shown"]["222"] for s in states)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
