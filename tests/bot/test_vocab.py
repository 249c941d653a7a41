"""The named vocabularies (``bot/vocab.py``, levels, result outcomes) store exactly what the
plain strings stored: the same rows, the same JSON, byte for byte, on both backends; and rows
written with plain strings (before the names existed) load as the named members."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from bot.store.envelopes import Envelope, dumps
from bot.store import Store
from bot.vocab import (ACTIVE, DeadlineAction, Delivered, MoveKind, Notify, OutboxKind,
                       StartPolicy, Status)
from games import Result
from games.ai.levels import LEVELS, LevelName
from games.base import ResultOutcome

NAMED = SimpleNamespace(
    running=Status.RUNNING, aborted=Status.ABORTED, role=StartPolicy.ROLE,
    forfeit=DeadlineAction.FORFEIT, dm=Notify.DM, move=MoveKind.MOVE, kick=MoveKind.KICK,
    post=OutboxKind.POST, lobby=OutboxKind.LOBBY, sent=Delivered.SENT,
    fallback=Delivered.FALLBACK, hard=LevelName.HARD, won=ResultOutcome.WON,
)
PLAIN = SimpleNamespace(**{k: str(v.value) for k, v in vars(NAMED).items()})


async def write(store: Store, v: SimpleNamespace, base: int) -> None:
    """One of everything that stores a word: a finished game (with a bot seat, a move and a
    won result), an aborted one, outbox rows (sent and fallback), a server's settings and a
    notice preference. ``base`` keeps the two writers' ids apart."""
    body = {"status": v.running, "levels": [v.hard], v.kick: {"outcome": v.won}}
    row = await store.games.create_game(guild_id=base, channel_id=base + 1, game="aqualin", options={},
                                  seed=1, host_id=base + 5, host_name="H", now=0.0)
    n = row.version
    await store.games.add_seat(row.id, n, user_id=base + 6, player_id="6", name="P", now=1.0)
    await store.games.seat_to_bot(row.id, n + 1, player_id="6", name="Bot", level=v.hard, now=2.0)
    await store.games.start_game(row.id, n + 2, state="{}", now=3.0, order=[str(base + 5), "6"],
                           outbox=[Envelope(f"k{base}a", v.post, base + 1, base, body)])
    result = Result({"5": 1, "6": 0}, ("5",), outcome=v.won).to_dict()
    await store.games.record_move(row.id, n + 3, player_id="5", kind=v.move, move="a1", state="{}",
                            result=result, now=4.0)
    other = await store.games.create_game(guild_id=base, channel_id=base + 1, game="aqualin",
                                    options={}, seed=2, host_id=base + 5, host_name="H", now=5.0)
    await store.games.end_game(other.id, other.version, status=v.aborted, reason="test", now=6.0,
                         outbox=[Envelope(f"k{base}b", v.lobby, base + 1, base, {"kind": v.lobby})])
    claimed = await store.outbox.claim(owner="t", now=7.0, lease=60,
                                       keys=[f"k{base}a", f"k{base}b"])
    assert len(claimed) == 2
    await store.outbox.done(claimed[0], now=8.0, outcome=v.sent, message_id=1)
    await store.outbox.done(claimed[1], now=8.0, outcome=v.fallback)
    await store.settings.update_guild(base, now=9.0, start_policy=v.role, deadline_action=v.forfeit)
    await store.settings.set_notify_pref(base + 6, v.dm, now=10.0)


async def stored(store: Store, base: int) -> list[tuple[Any, ...]]:
    """Every stored word and JSON text the writer left, in order, ids left out."""
    q = store.db.fetch
    rows: list[tuple[Any, ...]] = []
    rows += [tuple(r) for r in await q("SELECT status, result, end_reason FROM games"
                                       " WHERE guild_id = ? ORDER BY id", (base,))]
    rows += [tuple(r) for r in await q("SELECT s.position, s.bot_level FROM seats s JOIN games g"
                                       " ON g.id = s.game_id WHERE g.guild_id = ?"
                                       " ORDER BY s.position", (base,))]
    rows += [tuple(r) for r in await q("SELECT m.kind, m.move FROM moves m JOIN games g"
                                       " ON g.id = m.game_id WHERE g.guild_id = ?", (base,))]
    rows += [tuple(r) for r in await q("SELECT kind, body, outcome FROM outbox WHERE guild_id = ?"
                                       " ORDER BY id", (base,))]
    rows += [tuple(r) for r in await q("SELECT start_policy, deadline_action FROM guild_settings"
                                       " WHERE guild_id = ?", (base,))]
    rows += [tuple(r) for r in await q("SELECT pref FROM notify_prefs WHERE user_id = ?",
                                       (base + 6,))]
    return rows


RESULT = '{"detail": {}, "outcome": "won", "reason": "end", "scores": {"5": 1, "6": 0}, "winners": ["5"]}'
BODY = '{"kick":{"outcome":"won"},"levels":["hard"],"status":"running"}'
#: What the plain strings wrote (the code before the names, run once): the rows must stay these.
EXPECTED = [
    ("finished", RESULT, "end"),
    ("aborted", None, "test"),
    (0, None),  # the aborted game's host
    (0, None),
    (1, "hard"),
    ("move", "a1"),
    ("post", BODY, "sent"),
    ("lobby", '{"kind":"lobby"}', "fallback"),
    ("role", "forfeit"),
    ("dm",),
]


def same_bytes(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
    """Equal, and every text a plain ``str`` (no enum member reached the database)."""
    for ra, rb in zip(a, b, strict=True):
        for x, y in zip(ra, rb, strict=True):
            if type(x) is not type(y) or x != y:
                return False
    return True


async def test_named_words_store_the_rows_the_plain_strings_stored(store: Store) -> None:
    await write(store, NAMED, 1000)
    await write(store, PLAIN, 2000)
    named, plain = await stored(store, 1000), await stored(store, 2000)
    assert named == plain == EXPECTED
    assert same_bytes(named, plain) and same_bytes(named, EXPECTED)


async def test_rows_written_with_plain_strings_load_as_the_named_members(store: Store) -> None:
    """Rows as a database written before the names existed holds them (plain SQL)."""
    await write(store, PLAIN, 3000)
    db = store.db
    game_ids = [r[0] for r in await db.fetch("SELECT id FROM games WHERE guild_id = 3000 ORDER BY id")]
    finished, aborted = [await store.games.get(i) for i in game_ids]
    assert finished is not None and aborted is not None
    assert finished.status is Status.FINISHED and aborted.status is Status.ABORTED
    assert finished.status not in ACTIVE
    assert finished.result is not None
    assert Result.from_dict(finished.result).outcome is ResultOutcome.WON
    [move] = await store.games.moves(finished.id)
    assert move.kind is MoveKind.MOVE
    settings = await store.settings.guild(3000)
    assert settings.start_policy is StartPolicy.ROLE
    assert settings.deadline_action is DeadlineAction.FORFEIT
    assert await store.settings.notify_pref(3006) == Notify.DM
    seats = await store.games.seats(finished.id)
    assert [s.bot_level for s in seats] == [None, LevelName.HARD]
    assert LEVELS[seats[1].bot_level or ""].name is LevelName.HARD  # a plain key finds its level


def test_json_of_the_named_words_is_the_json_of_the_plain_ones() -> None:
    named = {"status": Status.RUNNING, "kinds": list(MoveKind), Notify.BOTH: OutboxKind.DM,
             "result": Result({"a": 2}, (), outcome=ResultOutcome.ALMOST).to_dict()}
    plain = {"status": "running", "kinds": ["move", "forced", "resign", "skip", "forfeit", "kick"],
             "both": "dm",
             "result": {"scores": {"a": 2}, "winners": [], "outcome": "almost", "reason": "end",
                        "detail": {}}}
    assert dumps(named) == dumps(plain)
    assert json.dumps(named) == json.dumps(plain)
    assert json.dumps(named, sort_keys=True) == json.dumps(plain, sort_keys=True)


def test_a_game_passing_the_plain_word_gets_the_member() -> None:
    result = Result({"a": 0}, (), outcome="lost")
    assert result.outcome is ResultOutcome.LOST and result.outcome == "lost"
    assert Result({"a": 0}, ("a",)).outcome is None
