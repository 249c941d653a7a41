"""A thread per game through the real discord.py code paths: ``/game config threads``,
``/game new thread:``, the thread opened from the lobby message, posts into it, commands in it,
several games in one channel, unarchiving, and the fallback to the channel."""

from __future__ import annotations

import pytest

from bot.adapter.timer_loop import fire_once

from .conftest import BotFactory
from .fake_discord import CHANNEL_ID, Harness, Sent, buttons, synced
from .test_commands import ALICE, BOB, CAROL, channel_posts, edits, message, reply_text
from .test_confirmations import question


def thread_starts(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.template == "/channels/{channel_id}/messages/{message_id}/threads"]


def posts_in(sent: list[Sent], channel_id: int) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path == f"/channels/{channel_id}/messages"]


async def threaded_lobby(h: Harness, game: str = "aqualin", **options: object) -> tuple[int, int]:
    """A lobby opened with ``thread:true``: (game id, its thread's id)."""
    sent = await h.command(ALICE, "game", "new", game=game, thread=True,
                           **({"options": "role=host-colour"} if game == "aqualin" else {}), **options)
    [lobby] = posts_in(sent, CHANNEL_ID)
    [start] = thread_starts(sent)
    assert start.path == f"/channels/{CHANNEL_ID}/messages/{lobby.response['id']}/threads"
    game_id = int(buttons(lobby.body)[0].rsplit(":", 1)[1])
    assert "thread of its own" in reply_text(sent)
    return game_id, int(start.response["id"])


async def test_config_threads_opens_a_thread_named_after_the_game(harness: Harness) -> None:
    h = harness
    reply = reply_text(await h.command(ALICE, "game", "config", threads=True))
    assert "Each new game gets a thread of its own (`threads: true`)." in reply
    sent = await h.command(ALICE, "game", "new", game="kahuna")
    [lobby] = channel_posts(sent)
    assert lobby.path == f"/channels/{CHANNEL_ID}/messages"  # the lobby stays in the channel
    [start] = thread_starts(sent)
    game_id = int(buttons(lobby.body)[0].rsplit(":", 1)[1])
    assert start.body["name"] == f"Kahuna #{game_id}"
    assert start.body["auto_archive_duration"] == 10080
    thread_id = int(start.response["id"])
    assert thread_id == int(lobby.response["id"])  # a thread shares its first message's id
    assert (await h.client.service.store.games.get(game_id)).thread_id == thread_id

    # The per-game override wins over the server's setting, both ways.
    sent = await h.command(ALICE, "game", "new", game="kahuna", thread=False)
    assert channel_posts(sent) and not thread_starts(sent)
    await h.command(ALICE, "game", "config", threads=False)
    sent = await h.command(ALICE, "game", "new", game="kahuna", thread=True)
    assert thread_starts(sent)
    sent = await h.command(ALICE, "game", "new", game="kahuna")  # the server's setting: none
    assert "already has a game of Kahuna" in reply_text(sent) and not thread_starts(sent)


async def test_a_thread_game_plays_in_its_thread_and_ends_with_a_line_in_the_channel(
        harness: Harness) -> None:
    h = harness
    game_id, thread = await threaded_lobby(h)
    # The lobby's buttons (in the channel) and commands in the thread both reach the game.
    sent = await h.click(BOB, f"lobby:join:{game_id}", int(thread))
    [edit] = edits(sent)
    assert edit.path.startswith(f"/channels/{CHANNEL_ID}/messages/") and "Bob" in edit.content
    sent = await h.command(ALICE, "game", "start", channel_id=thread)
    assert not posts_in(sent, CHANNEL_ID)
    [board] = posts_in(sent, thread)
    assert "has started" in board.content and board.files
    assert {s.path for s in edits(sent)} == {f"/channels/{CHANNEL_ID}/messages/{thread}"}  # lobby closed
    sent = await h.command(ALICE, "move", action="c3", channel_id=thread)
    [board] = posts_in(sent, thread)
    assert f"<@{BOB.id}>" in board.content and len(channel_posts(sent)) == 1
    status = reply_text(await h.command(CAROL, "game", "status", channel_id=thread))
    assert f"https://discord.com/channels/900/{thread}/" in status  # the board's link is in the thread

    # The end: the result in the thread, one line with a link in the channel.
    asked = question(await h.command(BOB, "game", "resign", channel_id=thread))
    sent = await h.click(BOB, f"ok:resign:{game_id}:{BOB.id}", message(asked))
    [result] = posts_in(sent, thread)
    assert "Game over" in result.content
    [line] = posts_in(sent, CHANNEL_ID)
    assert line.content == (f"🏁 **Aqualin** #{game_id} is over: **Alice** wins! The game: <#{thread}>")
    assert "\n" not in line.content and line.body["allowed_mentions"]["users"] == []

    # Its replay, asked for in the thread, is posted there; asked for again in the channel,
    # the answer links to it in the thread.
    sent = await h.command(CAROL, "game", "replay", channel_id=thread)
    [replay] = posts_in(sent, thread)
    assert replay.files and not posts_in(sent, CHANNEL_ID)
    again = reply_text(await h.command(ALICE, "game", "replay"))
    assert f"https://discord.com/channels/900/{thread}/{replay.response['id']}" in again


async def test_several_games_in_one_channel_one_per_thread(harness: Harness) -> None:
    h = harness
    first, t1 = await threaded_lobby(h)
    second, t2 = await threaded_lobby(h, game="krasserfall")
    # In the channel it is not clear which game is meant: the threads are named, nothing happens.
    reply = reply_text(await h.command(BOB, "game", "join"))
    assert reply == (f"This channel has several games, each in a thread of its own: <#{t1}> and "
                     f"<#{t2}>. Use the command inside the game's thread.")
    assert "thread" in reply_text(await h.command(BOB, "move", action="c3"))
    assert [s.user_id for s in await h.client.service.store.games.seats(second)] == [ALICE.id]
    # Inside a thread the command acts on that thread's game.
    assert "joined" in reply_text(await h.command(BOB, "game", "join", channel_id=t2))
    assert [s.user_id for s in await h.client.service.store.games.seats(second)] == [ALICE.id, BOB.id]
    assert [s.user_id for s in await h.client.service.store.games.seats(first)] == [ALICE.id]
    # One game may still play in the channel itself, and only one.
    sent = await h.command(ALICE, "game", "new", game="aqua", thread=False)
    assert channel_posts(sent) and not thread_starts(sent)
    assert "already has a game" in reply_text(await h.command(ALICE, "game", "new", game="aqua",
                                                              thread=False))
    # Now the channel's commands are about the game that plays in it.
    assert "Aqua" in reply_text(await h.command(CAROL, "game", "status"))
    # A new game inside a game's thread plays in that thread: no thread in a thread.
    assert "already has a game" in reply_text(await h.command(ALICE, "game", "new", game="aqua",
                                                              channel_id=t1))


async def test_an_archived_thread_is_unarchived_before_the_game_posts(harness: Harness) -> None:
    h = harness
    game_id, thread = await threaded_lobby(h)
    await h.command(BOB, "game", "join", channel_id=thread)
    await h.command(ALICE, "game", "start", channel_id=thread)
    h.fake.threads[thread]["thread_metadata"]["archived"] = True  # a week without a move
    clock_now = h.client.service.clock()
    h.client.service.clock = lambda: clock_now + 13 * 3600  # Alice's reminder is due
    h.fake.take()
    assert await fire_once(h.client) == 1
    sent = h.fake.take()
    wake = [s for s in sent if s.method == "PATCH" and s.template == "/channels/{channel_id}"]
    assert [w.body for w in wake] == [{"archived": False}] and wake[0].path == f"/channels/{thread}"
    [reminder] = posts_in(sent, thread)
    assert sent.index(wake[0]) < sent.index(reminder)
    assert "it's your turn" in reminder.content and f"/{thread}/" in reminder.content
    assert not h.fake.threads[thread]["thread_metadata"]["archived"]


async def test_without_thread_permissions_the_game_falls_back_to_the_channel(harness: Harness) -> None:
    h = harness
    h.fake.no_threads.add(CHANNEL_ID)  # no Create Public Threads here
    sent = await h.command(ALICE, "game", "new", game="aqualin", thread=True)
    lobby, notice = channel_posts(sent)
    assert thread_starts(sent) and lobby.body["components"]
    assert notice.path == f"/channels/{CHANNEL_ID}/messages"
    assert notice.content.startswith("I couldn't open a thread for this game, so it is played here")
    assert "Create Public Threads and Send Messages in Threads" in notice.content
    game_id = int(buttons(lobby.body)[0].rsplit(":", 1)[1])
    assert (await h.client.service.store.games.get(game_id)).thread_id is None
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    [board] = channel_posts(sent)
    assert board.path == f"/channels/{CHANNEL_ID}/messages" and "has started" in board.content


async def test_a_thread_the_bot_may_not_write_in_falls_back_once(harness: Harness) -> None:
    h = harness
    game_id, thread = await threaded_lobby(h)
    await h.command(BOB, "game", "join", channel_id=thread)
    h.fake.read_only_channels.add(thread)  # no Send Messages in Threads
    sent = await h.command(ALICE, "game", "start", channel_id=thread)
    tried, notice, board = channel_posts(sent)
    assert tried.path == f"/channels/{thread}/messages" and tried.response is None
    assert notice.path == board.path == f"/channels/{CHANNEL_ID}/messages"
    assert "Send Messages in Threads" in notice.content and "has started" in board.content
    sent = await h.command(ALICE, "move", action="c3")  # the game plays in the channel now
    [board] = channel_posts(sent)
    assert board.path == f"/channels/{CHANNEL_ID}/messages"


async def test_the_thread_survives_a_restart(start_bot: BotFactory) -> None:
    h = await start_bot()
    game_id, thread = await threaded_lobby(h)
    await h.command(BOB, "game", "join", channel_id=thread)
    await h.client.close()
    h = await start_bot()
    sent = await h.command(ALICE, "game", "start", channel_id=thread)
    [board] = posts_in(sent, thread)
    assert "has started" in board.content
    # With one game in the channel, its commands in the channel reach it too.
    assert "Aqualin" in reply_text(await h.command(CAROL, "game", "status"))


async def test_a_closed_dm_is_told_in_the_thread(harness: Harness) -> None:
    h = harness
    game_id, thread = await threaded_lobby(h, game="kahuna")
    await h.command(BOB, "game", "join", channel_id=thread)
    h.fake.closed_dms.add(BOB.id)
    sent = await h.command(ALICE, "game", "start", channel_id=thread)
    notices = [s for s in posts_in(sent, thread) if "couldn't send you your hand" in s.content]
    assert [n.body["allowed_mentions"]["users"] for n in notices] == [[BOB.id]]
    assert not posts_in(sent, CHANNEL_ID)


@pytest.mark.parametrize(("locale", "words"), [
    ("de", "Ich konnte für dieses Spiel keinen Thread eröffnen"),
    ("da", "Jeg kunne ikke oprette en tråd til dette spil"),
])
async def test_the_fallback_speaks_the_servers_language(harness: Harness, locale: str, words: str) -> None:
    h = harness
    h.guild_locale = locale
    h.fake.no_threads.add(CHANNEL_ID)
    sent = await h.command(ALICE, "game", "new", game="aqua", thread=True)
    _lobby, notice = channel_posts(sent)
    assert notice.content.startswith(words)


async def test_the_options_have_names_in_german_and_danish(start_bot, fake) -> None:
    await start_bot()
    game = synced(fake, "game")
    sub = {o["name"]: {p["name"]: p for p in o.get("options", [])} for o in game["options"]}
    thread, threads = sub["new"]["thread"], sub["config"]["threads"]
    assert thread["name_localizations"] == {"de": "im_thread", "da": "i_tråd"}
    assert threads["name_localizations"] == {"de": "spiele_in_threads", "da": "spil_i_tråde"}
    assert thread["description_localizations"]["de"].startswith("In einem eigenen Thread spielen")
    assert threads["description_localizations"]["da"] == "Giv hvert nyt spil sin egen tråd"


async def test_a_deleted_thread_sends_the_game_back_to_its_channel(harness: Harness) -> None:
    h = harness
    game_id, thread = await threaded_lobby(h)
    await h.command(BOB, "game", "join", channel_id=thread)
    del h.fake.threads[thread]  # a moderator deleted it (the fake answers 404 Unknown Channel)
    sent = await h.command(ALICE, "game", "start")
    notice, board = channel_posts(sent)
    assert notice.path == board.path == f"/channels/{CHANNEL_ID}/messages"
    assert notice.content == f"🧵 The thread of Aqualin #{game_id} was deleted, so the game goes on here in the channel."
    assert "has started" in board.content
    assert (await h.client.service.store.games.get(game_id)).thread_id is None


async def test_a_running_game_whose_thread_is_deleted_gets_a_new_one_when_the_channel_is_taken(
        harness: Harness) -> None:
    """The channel has its own game, so the game of the deleted thread cannot move into the
    channel: it goes on in a new thread (it used to be aborted), and its reminder lands there."""
    from .test_clock_commands import later

    h = harness
    game_id, thread = await threaded_lobby(h)
    await h.command(BOB, "game", "join", channel_id=thread)
    await h.command(ALICE, "game", "start", channel_id=thread)
    sent = await h.command(ALICE, "game", "new", game="aqua", thread=False)
    assert channel_posts(sent) and not thread_starts(sent)  # a lobby that plays in the channel
    del h.fake.threads[thread]  # a moderator deleted it
    later(h, 13 * 3600)  # the first player's reminder is due
    assert await fire_once(h.client) >= 1
    sent = h.fake.take()
    [line] = [s for s in channel_posts(sent) if "was deleted" in s.content]
    assert line.content == f"🧵 The thread of Aqualin #{game_id} was deleted, so the game goes on in a new thread."
    [start] = thread_starts(sent)
    new = int(start.response["id"])
    assert start.path == f"/channels/{CHANNEL_ID}/messages/{line.response['id']}/threads" and new != thread
    row = await h.client.service.store.games.get(game_id)
    assert row.status == "running" and row.thread_id == new
    assert [s for s in posts_in(sent, new) if "your turn" in s.content]  # the reminder
    assert "Aqualin" in reply_text(await h.command(ALICE, "game", "status", channel_id=new))


async def test_every_persistent_button_finds_its_game_inside_the_thread(harness: Harness) -> None:
    """Clicked on messages in the game's thread: the move buttons, Agree (pause), Wait (a clock
    that ran out) and Replay, each reaching the game and nothing else."""
    from .fake_discord import User
    from .test_clock_commands import later

    h = harness
    game_id, thread = await threaded_lobby(h, "kahuna", options="clock=12h+1h on-deadline=skip reminder=off")
    await h.click(BOB, f"lobby:join:{game_id}", int(thread))
    [board] = posts_in(await h.command(ALICE, "game", "start", channel_id=thread), thread)
    # A move button on the board in the thread, pressed by the player to act.
    import games

    def acting() -> str:
        (player,) = games.REGISTRY["kahuna"].to_act(games.REGISTRY["kahuna"].load(row.state))
        return player

    row = await h.client.service.store.games.get(game_id)
    mover = ALICE if acting() == str(ALICE.id) else BOB
    first = next(b for b in buttons(board.body) if b.startswith("m"))
    sent = await h.click(mover, first, message(board))
    assert "can't find" not in reply_text(sent)
    assert len(await h.client.service.store.games.moves(game_id)) == 1 or "Next:" in reply_text(sent)

    # Agree: Bob asks for a pause in the thread; Alice, without moderator rights here, agrees.
    sent = await h.command(BOB, "game", "pause", channel_id=thread)
    [asked] = posts_in(sent, thread)
    sent = await h.click(User(ALICE.id, "Alice"), f"agree:pause:{game_id}", message(asked))
    assert reply_text(sent) == "The game is paused."
    sent = await h.command(ALICE, "game", "resume", channel_id=thread)
    assert "paused" not in reply_text(sent).lower() or "resum" in reply_text(sent).lower()

    # Wait: a bank runs out; the notice is in the thread, and waiting for the player works.
    row = await h.client.service.store.games.get(game_id)
    late = acting()
    later(h, 13 * 3600)
    assert await fire_once(h.client) == 1
    [notice] = posts_in(h.fake.take(), thread)
    assert buttons(notice.body) == [f"wait:{game_id}:{late}"]
    other = ALICE if late == str(BOB.id) else BOB
    sent = await h.click(other, f"wait:{game_id}:{late}", message(notice))
    assert "I can't find" not in reply_text(sent) and "wait" in reply_text(sent).lower()
    later(h, 3 * 24 * 3600)
    assert await fire_once(h.client) == 0  # the skip was called off
    assert [m.kind for m in await h.client.service.store.games.moves(game_id)] != ["skip"]

    # Replay: the game ends in the thread; its result's Replay button answers there.
    asked = question(await h.command(BOB, "game", "resign", channel_id=thread))
    sent = await h.click(BOB, f"ok:resign:{game_id}:{BOB.id}", message(asked))
    [result] = posts_in(sent, thread)
    assert f"replay:{game_id}" in buttons(result.body)
    sent = await h.click(CAROL, f"replay:{game_id}", message(result))
    [replay] = posts_in(sent, thread)
    assert replay.files and not posts_in(sent, CHANNEL_ID)
