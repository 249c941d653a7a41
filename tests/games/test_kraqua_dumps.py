"""Stored Kraqua states stay byte-identical (issue 19: the vocabularies became ``StrEnum``s).

``tests/data/dumps/kraqua/*.json`` were written from random playouts by the code before the
restructuring (``python -m tests.games.test_kraqua_dumps`` writes them again): 2–4 seats, every
level, one mid-game and one final state each. Each file keeps the set-up, the moves and the dump.
Loading a dump and dumping it again gives the same bytes, and replaying the moves from the set-up
gives the same dump: the JSON the store holds today reads and writes exactly as before (a state
keeps one thing more since: its last move's events for every reader, ``last.said``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.kraqua import LEVELS, Kraqua
from games.kraqua.state import heard
from tests.games.helpers import replay_record

HERE = Path(__file__).resolve().parents[1] / "data" / "dumps" / "kraqua"
FILES = sorted(HERE.glob("*.json"))
GAME = Kraqua()


def playout(seats: int, level: str, seed: int, stop: int | None, team: bool = False,
            resign: bool = False) -> dict[str, Any]:
    """A random game (or the planner's team): ``stop`` moves (mid-game) or to the end
    (``None``); ``resign`` gives up after the ``stop`` moves."""
    from games.kraqua import planner

    rnd = random.Random(seed)
    players = [f"p{i + 1}" for i in range(seats)]
    options = {"level": level}
    state = GAME.setup(players, options, seed=seed)
    moves: list[list[str]] = []
    while not state.over and (stop is None or len(moves) < stop):
        if team:
            seat = planner.choose_seat(GAME, state)
            move = planner.choose(GAME, state, seat)
        else:
            seat = rnd.choice(sorted(GAME.to_act(state)))
            move = rnd.choice(GAME.legal_moves(state, seat))
        state = GAME.apply(state, seat, move)
        moves.append([seat, move])
    if resign:
        state = GAME.resign(state, players[-1])
        moves.append([players[-1], "resign"])
    return {"players": players, "options": options, "seed": seed, "moves": moves,
            "dump": GAME.dump(state)}


def test_there_are_dumps_of_every_level_and_seat_count() -> None:
    records = [_read(path) for path in FILES]
    seen = {(len(r["players"]), r["options"]["level"]) for r in records}
    assert seen == {(n, level) for n in (2, 3, 4) for level in LEVELS}
    statuses = {json.loads(r["dump"])["state"]["status"] for r in records}
    assert statuses >= {"running", "won", "lost"}


def _read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_stored_state_loads_and_dumps_byte_identically(path: Path) -> None:
    record = _read(path)
    assert GAME.dump(GAME.load(record["dump"])) == record["dump"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_replaying_the_moves_gives_the_same_dump(path: Path) -> None:
    """The same dump, but for what a state keeps since: the last move's events as every
    reader's language says them (``last.said``; the dumps were written before, and a state
    stored without them loads as it is, above)."""
    record = _read(path)
    state = replay_record(GAME, record)
    assert state.last is not None and state.last.get("said")
    said = [heard(e, str) for e in state.last["said"]]
    assert ["; ".join(str(e) for e in said)] == \
        ["; ".join(e[0].replace("{}", "{seat}").format(seat=next(iter(e[1:]), "")) for e in
                   state.last["events"])]
    again = json.loads(GAME.dump(state))
    del again["state"]["last"]["said"]
    assert json.dumps(again, sort_keys=True) == json.dumps(json.loads(record["dump"]),
                                                           sort_keys=True)


def main() -> None:
    """Write the dumps (run once, before a change to the state's JSON)."""
    HERE.mkdir(parents=True, exist_ok=True)
    seed = 1900
    for seats in (2, 3, 4):
        for level in LEVELS:
            for name, stop in (("mid", 23 + 7 * seats), ("final", None)):
                seed += 1
                record = playout(seats, level, seed, stop)
                _write(f"{seats}seats-level{level}-{name}", record)
        seed += 1
        _write(f"{seats}seats-team-final", playout(seats, "1", seed, None, team=True))
    _write("3seats-level2-resigned", playout(3, "2", seed + 1, 30, resign=True))


def _write(name: str, record: dict[str, Any]) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
