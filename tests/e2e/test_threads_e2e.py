"""A thread game end to end: the real bot process opens a thread from the lobby message,
plays the game in it (commands, autocomplete and boards there), wakes the thread when it was
archived, keeps it across a restart, shares the channel with a second threaded game, and
leaves one line with a link in the channel at the end."""

from __future__ import annotations

from .conftest import BotProcess
from .emulator import Emulator
from .test_bot_e2e import assert_png, confirm, last_public, lobby_of, play_turn, reply_text


async def test_a_game_in_its_own_thread(emulator: Emulator, bot: BotProcess) -> None:
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    players = {alice.id: alice, bob.id: bob}
    await bot.start()

    record = await emulator.slash(alice, "game config", channel, threads=True)
    assert "Each new game gets a thread of its own" in reply_text(record)
    record = await emulator.slash(alice, "game new", channel, game="aqualin", options="role=host-colour")
    assert "thread of its own" in reply_text(record)
    lobby, game_id = lobby_of(emulator, channel)
    await emulator.until(lambda: lobby.id in emulator.threads, what="the game's thread")
    thread = lobby.id  # a thread started from a message has that message's id
    assert emulator.threads[thread]["name"] == f"Aqualin #{game_id}"
    assert emulator.threads[thread]["parent_id"] == str(channel)

    # The lobby lives in the channel; the game in the thread.
    record = await emulator.click(bob, lobby, f"lobby:join:{game_id}")
    assert "joined" in reply_text(record)
    record = await emulator.slash(alice, "game start", thread)
    assert "started" in reply_text(record)
    board = last_public(emulator, thread)
    assert_png(board)
    assert board.pinged_users == {alice.id}
    assert lobby.custom_ids() == []  # the lobby in the channel was closed
    await play_turn(emulator, thread, players)

    # A week without a move: the thread is archived, and woken before the next board.
    emulator.archive(thread)
    await play_turn(emulator, thread, players)
    assert ("PATCH", f"/channels/{thread}") in emulator.requests
    assert emulator.archived_posts == 0 and not emulator.threads[thread]["thread_metadata"]["archived"]

    # A restart keeps the game in its thread.
    await bot.stop()
    await bot.start()
    await play_turn(emulator, thread, players)

    # A second game in the same channel gets its own thread; the channel names both.
    record = await emulator.slash(alice, "game new", channel, game="kahuna")
    second_lobby, second = lobby_of(emulator, channel)
    await emulator.until(lambda: second_lobby.id in emulator.threads, what="the second thread")
    record = await emulator.slash(bob, "game join", channel)
    assert reply_text(record) == (
        f"This channel has several games, each in a thread of its own: <#{thread}> and "
        f"<#{second_lobby.id}>. Use the command inside the game's thread.")
    record = await emulator.slash(bob, "game join", second_lobby.id)
    assert "joined" in reply_text(record)

    # The end: the result in the thread, one line with the link in the channel.
    asked = await emulator.slash(bob, "game resign", thread)
    assert await confirm(emulator, bob, asked) == "You resigned."
    await emulator.until(lambda: "Game over" in last_public(emulator, thread).content, what="the result")
    await emulator.until(lambda: "is over" in last_public(emulator, channel).content, what="the line")
    line = last_public(emulator, channel)
    assert line.content == f"🏁 **Aqualin** #{game_id} is over: **Alice** wins! The game: <#{thread}>"
    assert line.pinged_users == set()
    # The channel holds the two lobbies and that line, nothing else.
    assert [m.id for m in emulator.public_messages(channel)] == [lobby.id, second_lobby.id, line.id]
