"""End to end: one running game's row is damaged by hand while the bot is down.

After a restart the real process must carry on: the damaged channel gets a clear sentence
and a moderator's way out, every other channel plays on, and nothing logs a traceback.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

import games
from bot.store import migrations

from .conftest import BOTH_BACKENDS, BotProcess
from .emulator import GUILD_ID, Emulator
from .test_bot_e2e import confirm, last_public, open_and_start, play_turn, reply_text

DAMAGE = {"unknown-game": ("game", "chess"), "corrupt-state": ("state", "{not json")}


@BOTH_BACKENDS
@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_a_damaged_row_is_parked_and_the_rest_plays_on(emulator: Emulator, bot: BotProcess,
                                                             damage: str) -> None:
    broken_channel = emulator.add_channel()
    other_channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    players = {alice.id: alice, bob.id: bob}
    await bot.start()
    await open_and_start(emulator, broken_channel, alice, bob)
    await open_and_start(emulator, other_channel, alice, bob)
    await play_turn(emulator, other_channel, players)

    await bot.stop()
    column, value = DAMAGE[damage]
    [(broken_id,)] = bot.sql("SELECT id FROM games WHERE channel_id = ?", (broken_channel,))
    bot.sql(f"UPDATE games SET {column} = ? WHERE id = ?", (value, broken_id))
    await bot.start()

    # Players in the damaged channel get one clear sentence, whatever they try.
    for user, command, options in ((alice, "move", {"action": "a1"}), (bob, "game board", {}),
                                   (bob, "game status", {}), (bob, "game join", {}),
                                   (bob, "game abort", {"reason": "stuck"})):
        text = reply_text(await emulator.slash(user, command, broken_channel, **options))
        assert "can't be loaded" in text and "`/game abort`" in text, (command, text)
        assert "I don't know a game" not in text
    choices = await emulator.autocomplete(alice, "move", broken_channel, "action", "a")
    assert "can't be loaded" in choices[0]["name"]

    # A moderator ends it and opens a new game there.
    asked = await emulator.slash(alice, "game abort", broken_channel, reason="damaged row")
    assert "Abort this" in reply_text(asked)
    assert await confirm(emulator, alice, asked) == "The game was aborted."
    assert "damaged row" in last_public(emulator, broken_channel).content
    opened = await emulator.slash(alice, "game new", broken_channel, game="aqualin")
    assert "lobby is open" in reply_text(opened)

    # The other channel was never affected.
    await play_turn(emulator, other_channel, players)

    logs = bot.logs()
    assert "Traceback" not in logs
    parked = [line for line in logs.splitlines() if f"game {broken_id} (running" in line]
    assert len(parked) == 1 and "parked" in parked[0], logs[-3000:]


def timers_of(bot: BotProcess, game_id: int) -> list[tuple[str, str]]:
    return bot.sql("SELECT kind, player_id FROM timers WHERE game_id = ?", (game_id,))


async def test_a_database_from_schema_1_gets_its_timers_and_plays_on(emulator: Emulator,
                                                                      bot: BotProcess) -> None:
    """Timers came with migration 2: a game running since schema 1 had none until someone moved.
    SQLite only: PostgreSQL's first schema already had timers."""
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    game = games.REGISTRY["aqualin"]
    players = [str(alice.id), str(bob.id)]
    state = game.setup(players, game.resolve_options({"role": "host-colour"}), 7)
    number, _name, sql = migrations()[0]
    db = sqlite3.connect(bot.workdir / "bot.sqlite3")
    db.executescript(f"{sql}\nPRAGMA user_version = {number};")
    with db:
        db.execute("INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, host_id,"
                   " state, version, created_at, updated_at) VALUES (1, ?, ?, 'aqualin', ?, 7,"
                   " 'running', ?, ?, 1, 0, 0)",
                   (GUILD_ID, channel, json.dumps(game.resolve_options({"role": "host-colour"})),
                    alice.id, game.dump(state)))
        for position, user in enumerate((alice, bob)):
            db.execute("INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at)"
                       " VALUES (1, ?, ?, ?, ?, 0)", (position, user.id, str(user.id), user.name))
    db.close()

    await bot.start()
    [waiting] = game.waiting_for(state)
    await emulator.until(lambda: timers_of(bot, 1) == [("reminder", waiting)], what="the armed reminder")
    mover = alice if waiting == str(alice.id) else bob
    move = (await emulator.autocomplete(mover, "move", channel, "action", ""))[0]["value"]
    assert reply_text(await emulator.slash(mover, "move", channel, action=move)) == f"Played `{move}`."
    [(kind, player)] = timers_of(bot, 1)  # the reminder moved on to the next player
    assert kind == "reminder" and player != waiting
    assert "Traceback" not in bot.logs()
