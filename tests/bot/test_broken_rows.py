"""One bad row never stops the rest: games whose row can't be loaded are parked, not fatal.

Rows are damaged the way a person with ``sqlite3`` would do it, on the real database file.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import games
from bot.refusals import GameUnavailable, NoGame, ServiceError
from bot.messages import Actor, Place
from bot.service import GameService
from bot.db import SchemaTooNew
from bot.store import Store, migrations
from tests.waiting import PATIENCE

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, FakeClock, change_behind, deliver_all, everyone_moves

HOUR = 3600.0
OTHER = Place(guild_id=GUILD, channel_id=701)
REPO = Path(__file__).resolve().parents[2]


async def start_game(service: GameService, place: Place = PLACE, options: str = "role=host-colour") -> int:
    out = await service.lobby.new_game(ALICE, place, "aqualin", options)
    await service.lobby.join(BOB, place)
    await service.lobby.start(ALICE, place)
    assert out.game_id is not None
    return out.game_id


async def damage(store: Store, game_id: int, column: str, value: str | None) -> None:
    """Edit a row behind the bot's back, as an operator with a database shell would."""
    await change_behind(store, f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))


def parked_lines(caplog: pytest.LogCaptureFixture, game_id: int) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.levelno == logging.WARNING and r.getMessage().startswith(f"game {game_id} ")]


BROKEN = [("game", "chess", "unknown game 'chess'"),
          ("state", "{not json", "its state can't be loaded"),
          ("state", None, "it has no state"),
          ("options", "{not json", "column options is not valid JSON"),
          ("timing", "[1, 2]", "column timing holds list"),
          ("result", "nope", "column result is not valid JSON")]


@pytest.mark.parametrize(("column", "value", "why"), BROKEN,
                         ids=[f"{c}={v}" for c, v, _ in BROKEN])
async def test_a_broken_running_game_is_parked_and_a_moderator_can_replace_it(
        service: GameService, db_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture,
        column: str, value: str | None, why: str) -> None:
    caplog.set_level(logging.INFO)
    broken = await start_game(service)
    await start_game(service, OTHER)
    await damage(service.store, broken, column, value)

    # Every query that lists games still lists both, the damaged one marked as such.
    await change_behind(service.store, "DELETE FROM timers")  # listed by the start-up check
    rows = await service.store.games.running_without_timers()
    assert [r.id for r in rows] == [broken, broken + 1]
    if column in ("options", "timing", "result"):
        assert rows[0].broken is not None and rows[0].broken.startswith(why)
        assert rows[1].broken is None

    # Players get one clear sentence, never "I don't know a game called ..." or a crash.
    for attempt in (service.play.move(ALICE, PLACE, "a1"), service.looking.board(BOB, PLACE),
                    service.looking.status(CAROL, PLACE), service.looking.hand(ALICE, PLACE),
                    service.history.log(ALICE, PLACE), service.play.resign(BOB, PLACE)):
        with pytest.raises(GameUnavailable, match="can't be loaded.*moderator can end it"):
            await attempt
    [choice] = await service.looking.suggest(ALICE, PLACE, "a")
    assert "can't be loaded" in choice[0]
    with pytest.raises(ServiceError) as refused:
        await service.lobby.new_game(ALICE, PLACE, "aqualin")
    assert "I don't know a game" not in str(refused.value)
    with pytest.raises(ServiceError) as refused:
        await service.lobby.abort(BOB, PLACE, "broken")
    assert "I don't know a game" not in str(refused.value)
    assert "Manage Channels" in str(refused.value) or "can't be loaded" in str(refused.value)

    # The moderator ends it without the engine, and the channel is free again.
    aborted = await service.lobby.abort(ALICE, PLACE, "the row was damaged")
    assert aborted.reply == "The game was aborted."
    assert "the row was damaged" in aborted.posts[0].text
    assert (await service.store.games.get(broken)).status == "aborted"  # type: ignore[union-attr]
    fresh = await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    assert fresh.game_id == broken + 2

    # The other channel never noticed.
    assert (await service.play.move(ALICE, OTHER, "a1")).reply == "Played `a1`."

    # Logged once, with its id and why, however often it was touched.
    [line] = parked_lines(caplog, broken)
    assert why in line and "parked" in line


async def test_a_seat_edited_away_from_its_state_parks_the_game(
        service: GameService, caplog: pytest.LogCaptureFixture) -> None:
    """A seat row whose player the stored state does not know (edited by hand): the game is
    parked with one clear sentence, never "Something went wrong" deep inside a move."""
    caplog.set_level(logging.INFO)
    broken = await start_game(service)
    await change_behind(service.store, "UPDATE seats SET player_id = '303' WHERE game_id = ?"
                        " AND user_id = ?", (broken, BOB.user_id))
    for attempt in (service.play.move(ALICE, PLACE, "a1"), service.looking.board(BOB, PLACE),
                    service.looking.status(CAROL, PLACE), service.play.move(ALICE, PLACE, "a1")):
        with pytest.raises(GameUnavailable, match="can't be loaded.*moderator can end it"):
            await attempt
    [line] = parked_lines(caplog, broken)
    assert "no seat holds its player 202" in line
    aborted = await service.lobby.abort(ALICE, PLACE, "seat edited")
    assert aborted.reply == "The game was aborted."


async def test_a_lobby_with_an_unknown_game_can_be_aborted_by_its_host(
        service: GameService, db_path: Path) -> None:
    lobby = (await service.lobby.new_game(ALICE, PLACE, "aqualin")).game_id
    assert lobby is not None
    await damage(service.store, lobby, "game", "chess")
    for attempt in (service.lobby.join(BOB, PLACE), service.lobby.join(BOB, PLACE, lobby),
                    service.lobby.start(ALICE, PLACE, lobby), service.bots.add_bot(ALICE, PLACE, "easy")):
        with pytest.raises(GameUnavailable):
            await attempt
    host = Actor(user_id=ALICE.user_id, name="Alice")  # the host, without moderator rights
    out = await service.lobby.abort(host, PLACE)
    assert out.lobby_edit is None and "couldn't be loaded" in out.posts[0].text
    await service.lobby.new_game(ALICE, PLACE, "aqualin")


async def test_resume_timers_stats_and_replays_skip_the_bad_row(
        service: GameService, db_path: Path, clock: FakeClock,
        caplog: pytest.LogCaptureFixture) -> None:
    broken = await start_game(service)
    await service.lobby.new_game(ALICE, OTHER, "aqualin", "role=host-colour")
    await service.bots.add_bot(ALICE, OTHER, "easy")
    await service.lobby.start(ALICE, OTHER)
    await service.play.move(ALICE, OTHER, "a1")  # now the bot is to act there
    await deliver_all(service)  # the boards went out: the turn clocks run
    await damage(service.store, broken, "game", "chess")

    assert await service.bots.channels_with_bot_turns() == [OTHER]

    # The broken game's reminder is dropped once, not retried every 15 minutes.
    assert len(await service.store.timers.of_game(broken)) == 1
    clock.advance(13 * HOUR)
    assert await service.timers.fire_due() == []
    assert await service.store.timers.of_game(broken) == []
    clock.advance(HOUR)
    assert await service.timers.fire_due() == []

    # A finished game that can't be loaded is left out of the replays, and of the leaderboard
    # once the kept ratings are rebuilt (they counted it when it ended).
    third = Place(guild_id=GUILD, channel_id=702)
    done = await start_game(service, third)
    await everyone_moves(service, third, [ALICE, BOB])
    await service.play.resign(BOB, third)
    assert "**Alice**: rating 1516, 1 played, 1 won" in (await service.ratings.stats(ALICE, PLACE)).reply
    await damage(service.store, done, "result", "{broken")
    rebuilt = await service.store.ratings.rebuild()
    assert rebuilt.games == 0 and len(rebuilt.differences) > 0  # the kept lines had counted it
    board = (await service.ratings.stats(ALICE, PLACE)).reply
    assert board == "No finished games on this server yet."
    with pytest.raises(GameUnavailable, match="That game can't be loaded"):
        await service.history.replay(done)
    with pytest.raises(NoGame, match="can't find a finished game"):
        await service.history.replay_animation(ALICE, third)
    with pytest.raises(GameUnavailable):
        await service.history.replay_animation(ALICE, third, done)
    assert "Games I can run" in (await service.looking.rules(third)).reply
    assert len(parked_lines(caplog, broken)) == 1 and len(parked_lines(caplog, done)) == 1


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    newest = migrations()[-1][0]
    db = sqlite3.connect(db_path)
    db.execute(f"PRAGMA user_version = {newest + 1}")
    db.close()
    with pytest.raises(SchemaTooNew, match=f"schema version {newest + 1}.*up to {newest}"):
        await Store.open(db_path)

    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update({"DISCORD_TOKEN": "x" * 59, "DATABASE_PATH": str(db_path), "PYTHONPATH": str(REPO),
                "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"})
    run = subprocess.run([sys.executable, "-m", "bot"], cwd=db_path.parent, env=env,
                         capture_output=True, text=True, timeout=PATIENCE)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert f"The database is at schema version {newest + 1}" in run.stderr.splitlines()[-1]


async def test_running_games_from_schema_1_get_their_timers(db_path: Path, clock: FakeClock) -> None:
    """Timers arrived with migration 2: games running before it had none until somebody moved."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(db_path)
    number, _name, sql = migrations()[0]
    db.executescript(f"{sql}\nPRAGMA user_version = {number};")
    game = games.REGISTRY["aqualin"]
    players = [str(ALICE.user_id), str(BOB.user_id)]
    state = game.setup(players, game.resolve_options({"role": "host-colour"}), 7)
    now = clock()
    with db:
        for gid, channel, dumped in ((1, PLACE.channel_id, game.dump(state)),
                                     (2, OTHER.channel_id, "{not json")):
            db.execute("INSERT INTO games (id, guild_id, channel_id, game, options, seed, status,"
                       " host_id, state, version, created_at, updated_at) VALUES"
                       " (?, ?, ?, 'aqualin', '{}', 7, 'running', ?, ?, 1, ?, ?)",
                       (gid, GUILD, channel, ALICE.user_id, dumped, now, now))
            for position, actor in enumerate((ALICE, BOB)):
                db.execute("INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           (gid, position, actor.user_id, str(actor.user_id), actor.name, now))
    db.close()

    store = await Store.open(db_path)
    service = GameService(store, clock=clock)
    try:
        assert await store.schema_version() == migrations()[-1][0]
        assert await store.timers.of_game(1) == []
        assert await service.timers.arm_missing_timers() == 1  # the broken game is skipped
        [timer] = await store.timers.of_game(1)
        assert (timer.kind, timer.player_id) == ("reminder", list(game.waiting_for(state))[0])
        assert timer.due_at == now + 12 * HOUR  # the server's default reminder
        assert await service.timers.arm_missing_timers() == 0  # a second start adds nothing
        clock.advance(12 * HOUR)
        [(place, outcome)] = await service.timers.fire_due()
        assert place == PLACE and "it's your turn" in outcome.posts[0].text
    finally:
        service.close()
        await store.close()
