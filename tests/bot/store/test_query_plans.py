"""Every query the store makes on the command path, the ticks and delivery uses an index: none
reads the whole of ``games``, ``seats``, ``moves``, ``outbox`` or ``timers``, whose rows grow with history.

A session plays through the real service and pipeline with the database recorded, then each
statement it made is explained with its own parameters: ``EXPLAIN QUERY PLAN`` on SQLite,
``EXPLAIN (FORMAT JSON)`` on PostgreSQL with sequential scans priced out (on a tiny table the
planner would otherwise pick one whatever the indexes). A scan of a partial index counts as
indexed: such an index holds only live rows (pending outbox rows, active games). So does a
walk along an index in a statement with ``LIMIT`` (the earliest timer, the newest game): it
stops at the first rows that qualify; but not a subplan below the limit, which PostgreSQL may
build in full (a hashed ``NOT EXISTS``).
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.db.database import Params, Row, Tx
from bot.delivery.pipeline import Pipeline
from bot.delivery.recorder import Recorder
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store

from ..conftest import ALICE, BOB, PLACE, FakeClock, change_behind

GROWING = {"games", "moves", "outbox", "timers", "seats", "held_notices", "person_clocks"}
KEYWORDS = {"where", "on", "join", "left", "inner", "set", "order", "group", "limit", "values",
            "and", "or", "union", "select"}


class Recording:
    """The store's database, remembering each statement and its parameters."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self.seen: dict[str, Params] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def note(self, sql: str, params: Params) -> None:
        self.seen.setdefault(sql, params)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        self.note(sql, params)
        return await self._db.fetch(sql, params)

    async def fetchrow(self, sql: str, params: Params = ()) -> Row | None:
        self.note(sql, params)
        return await self._db.fetchrow(sql, params)

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[Tx]:
        async with self._db.tx() as tx:
            yield _RecordingTx(tx, self)


class _RecordingTx(Tx):
    def __init__(self, tx: Tx, recording: Recording) -> None:
        self._tx = tx
        self._recording = recording

    async def execute(self, sql: str, params: Params = ()) -> int:
        self._recording.note(sql, params)
        return await self._tx.execute(sql, params)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        self._recording.note(sql, params)
        return await self._tx.fetch(sql, params)

    async def serialize(self, name: str) -> None:
        await self._tx.serialize(name)


async def session(service: GameService, clock: FakeClock) -> None:
    """What a channel does over a game: lobby, seats, moves, looks, timers, a pause, a bot, the
    outbox loop, a finished game, and what a bot process does at start-up."""
    carol = Actor(user_id=303, name="Carol", manage_channels=True)
    other = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 1)
    sender = Recorder()
    pipe = Pipeline(service, sender)

    async def run(outcome: Any, place: Place = PLACE, asker: Actor | None = None) -> None:
        answer = sender.answer(place.channel_id, asker.user_id) if asker else None
        await pipe.deliver(outcome, place, answer)

    await service.notices.notify(BOB, PLACE, quiet="07:00-09:00")  # the clock starts at 08:00
    await run(await service.lobby.new_game(ALICE, PLACE, "kahuna", "reminder=1h deadline=3h"), asker=ALICE)
    await run(await service.lobby.join(BOB, PLACE), asker=BOB)
    await run(await service.lobby.start(ALICE, PLACE), asker=ALICE)
    for actor in (ALICE, BOB):
        await service.looking.status(actor, PLACE)
        await service.looking.board(actor, PLACE, None)
        await service.looking.hand(actor, PLACE)
        await service.looking.suggest(actor, PLACE, "")
        await service.history.log(actor, PLACE, 10)
    row = await service.store.games.active_game(PLACE.channel_id)
    assert row is not None
    for actor in (ALICE, BOB):  # every game of theirs, on every server, and a look at one
        await service.turns.turns(actor, other)
        await service.turns.look(actor, other, row.id)
    await change_behind(service.store, "UPDATE seats SET turn = -1 WHERE game_id = ?", (row.id,))
    await service.turns.turns(ALICE, other)  # a game from before the marks
    game = service.ground.engine(row.game)
    for _ in range(6):  # a few turns, as the players' own view offers them
        row = await service.store.games.active_game(PLACE.channel_id)
        assert row is not None and row.state is not None
        state = game.load(row.state)
        if game.result(state) is not None:
            break
        player = sorted(game.to_act(state))[0]
        actor = ALICE if player == str(ALICE.user_id) else BOB
        await run(await service.play.move(actor, PLACE, game.legal_moves(state, player)[0]), asker=actor)
    await run(await service.pauses.pause(ALICE, PLACE, "tea"), asker=ALICE)
    await run(await service.pauses.resume(ALICE, PLACE), asker=ALICE)
    await run(await service.pauses.away(BOB, PLACE, "1h"), asker=BOB)
    clock.advance(4 * 3600)  # reminders, a deadline, Bob's return, the end of his quiet hours
    for place, outcome in await service.timers.fire_due():
        await run(outcome, place)
    await pipe.sweep(grace=0)
    await service.store.timers.next_due(service.clock())
    await service.store.pauses.next_return()
    # A second channel: a bot game that ends.
    await run(await service.lobby.new_game(carol, other, "aqualin", ""), other, carol)
    await run(await service.bots.add_bot(carol, other, "easy"), other, carol)
    await run(await service.lobby.start(carol, other), other, carol)
    await service.bots.channels_with_bot_turns()
    for _ in range(3):
        turn = await service.bots.bot_turn(other)
        if turn is not None:
            await run(turn, other)
    await run(await service.play.resign(carol, other), other, carol)
    await service.history.replay_animation(carol, other, None)
    await service.ratings.stats(carol, other, None)
    await service.ratings.profile(carol, other, None, None)
    await run(await service.lobby.abort(ALICE, PLACE, "done"), asker=ALICE)
    await pipe.sweep(grace=0)
    await service.store.games.running_without_timers()
    await service.store.games.bot_turn_games()
    await service.store.outbox.claimants()
    await pipe.prune()
    # A start-up after downtime, in a process that runs one shard of two.
    service.downtime.shard_count, service.downtime.shard_ids = 2, (0,)
    await service.downtime.beat(force=True)
    clock.advance(3600)
    await service.downtime.hold_after_downtime()
    await service.timers.fire_due()  # its timers only
    await service.timers.next_due()


def aliases(sql: str) -> dict[str, str]:
    """Name in a plan -> table: ``FROM outbox o`` shows as ``o``."""
    found: dict[str, str] = {}
    for table, alias in re.findall(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?", sql, re.I):
        found[table] = table
        if alias and alias.lower() not in KEYWORDS:
            found[alias] = table
    return found


def limited(sql: str) -> bool:
    return re.search(r"\bLIMIT\b", sql, re.I) is not None


async def sqlite_scans(store: Store, sql: str, params: Params) -> list[str]:
    partial = {r["name"] for r in await store.db.fetch(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'")}
    names = aliases(sql)
    async with store.db.tx() as tx:
        plan = await tx.fetch("EXPLAIN QUERY PLAN " + sql, params)
    scans = []
    for step in plan:
        detail = str(step["detail"])
        match = re.match(r"SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?", detail)
        if match and names.get(match[1], match[1]) in GROWING and match[2] not in partial \
                and not (match[2] and limited(sql)):
            scans.append(detail)
    return scans


async def postgres_scans(store: Store, sql: str, params: Params) -> list[str]:
    partial = {r["indexname"] for r in await store.db.fetch(
        "SELECT indexname FROM pg_indexes WHERE indexdef LIKE '% WHERE %'")}
    async with store.db.tx() as tx:
        await tx.execute("SET LOCAL enable_seqscan = off")
        plan = await tx.fetch("EXPLAIN (FORMAT JSON) " + sql, params)
    raw = plan[0][0]
    tree = json.loads(raw) if isinstance(raw, str) else raw
    scans: list[str] = []

    def walk(node: dict[str, Any], under_limit: bool) -> None:
        relation = node.get("Relation Name")
        kind = node.get("Node Type", "")
        # A limit stops the rows it reads, not a subplan's: a hashed one is built in full.
        under_limit = (under_limit or kind == "Limit") and node.get("Parent Relationship") not in (
            "SubPlan", "InitPlan")
        if relation in GROWING:
            if kind == "Seq Scan":
                scans.append(f"Seq Scan on {relation}")
            elif kind in ("Index Scan", "Index Only Scan") and "Index Cond" not in node \
                    and node.get("Index Name") not in partial and not under_limit:
                scans.append(f"{kind} of all of {node.get('Index Name')} on {relation}")
        for child in node.get("Plans", ()):
            walk(child, under_limit)

    walk(tree[0]["Plan"], False)
    return scans


async def test_no_statement_reads_a_whole_growing_table(service: GameService, store: Store,
                                                        clock: FakeClock) -> None:
    recording = Recording(store.db)
    store.use(recording)  # type: ignore[arg-type]
    await session(service, clock)
    store.use(recording._db)
    statements = {sql: params for sql, params in recording.seen.items()
                  if not sql.lstrip().upper().startswith(("INSERT", "SET", "BEGIN", "COMMIT"))
                  and set(aliases(sql).values()) & GROWING}
    assert len(statements) > 40  # the session reached the store's queries
    seen = " ".join(recording.seen)
    assert "DELETE FROM held_notices" in seen  # the session released notices held by quiet hours
    assert "s.turn IS NOT NULL" in seen
    explain = postgres_scans if store.db.dialect == "postgres" else sqlite_scans
    bad = {}
    for sql, params in statements.items():
        scans = await explain(store, sql, params)
        if scans:
            bad[sql] = scans
    assert not bad, "statements that read a whole table:\n" + "\n".join(
        f"{scans}: {' '.join(sql.split())}" for sql, scans in bad.items())
