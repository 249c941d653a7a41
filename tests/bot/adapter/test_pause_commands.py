"""``/game pause``, ``/game resume``, ``/game away`` and the Agree button, through discord.py."""

from __future__ import annotations

from .conftest import BotFactory
from .fake_discord import CHANNEL_ID, Harness, User, buttons
from .test_commands import (ALICE, BOB, CAROL, assert_safe_mentions, channel_posts, edits, message,
                            open_lobby, reply_text)

DAN = User(404, "Dan", locale="da")


async def started(h: Harness, *players: User) -> int:
    game_id, _lobby = await open_lobby(h)
    for player in players:
        await h.command(player, "game", "join")
    await h.command(ALICE, "game", "start")
    return game_id


async def test_the_commands_are_there_and_localized(harness: Harness) -> None:
    game = harness.client.tree.get_command("game")
    assert [p.name for p in game.get_command("pause").parameters] == ["reason"]
    assert game.get_command("resume").parameters == []
    [until] = game.get_command("away").parameters
    assert until.name == "until" and until.required
    synced = [s for s in harness.fake.sent if s.method == "PUT"][-1].body
    subs = {c["name"]: c for c in next(c for c in synced if c["name"] == "game")["options"]}
    assert subs["pause"]["name_localizations"]["de"] == "pausieren"
    assert subs["resume"]["name_localizations"] == {"de": "fortsetzen", "da": "fortsæt"}
    assert subs["away"]["options"][0]["name_localizations"]["de"] == "bis"


async def test_a_moderator_pauses_and_resumes(harness: Harness) -> None:
    h = harness
    game_id = await started(h, BOB)
    sent = await h.command(ALICE, "game", "pause", reason="server maintenance")
    assert reply_text(sent) == "The game is paused."
    [post] = channel_posts(sent)
    assert "Paused by **Alice**" in post.content and "server maintenance" in post.content
    assert_safe_mentions(post, set())
    [lobby] = edits(sent)  # the lobby message says so too
    assert "Paused by **Alice**" in lobby.content

    sent = await h.command(ALICE, "move", action="a1")
    assert "paused, so no moves" in reply_text(sent) and not channel_posts(sent)
    assert "Paused by **Alice**" in reply_text(await h.command(BOB, "game", "status"))

    sent = await h.command(ALICE, "game", "resume")
    [post] = channel_posts(sent)
    assert "goes on" in post.content
    assert_safe_mentions(post, {ALICE.id})
    assert (await h.client.service.store.games.get(game_id)).paused_at is None


async def test_players_agree_with_the_button_even_after_a_restart(start_bot: BotFactory) -> None:
    h = await start_bot()
    game_id = await started(h, BOB)
    # Alice plays here without moderator rights, so Bob asks her.
    sent = await h.command(BOB, "game", "pause", reason="holidays")
    assert "Waiting for **Alice**" in reply_text(sent)
    [question] = channel_posts(sent)
    assert buttons(question.body) == [f"agree:pause:{game_id}"]
    assert "would like to pause the game: holidays" in question.content
    assert_safe_mentions(question, {ALICE.id})

    h = await start_bot()  # the button survives a restart (the vote lives in the database)
    sent = await h.click(CAROL, f"agree:pause:{game_id}", message(question))
    assert "needs a moderator, or all of its players" in reply_text(sent)
    player_alice = User(ALICE.id, "Alice")  # without Manage Channels
    sent = await h.click(player_alice, f"agree:pause:{game_id}", message(question))
    assert reply_text(sent) == "The game is paused."
    [post] = channel_posts(sent)
    assert "Paused by **Bob**" in post.content and "holidays" in post.content
    sent = await h.click(player_alice, f"agree:pause:{game_id}", message(question))
    assert "paused already" in reply_text(sent)

    sent = await h.command(player_alice, "game", "resume")
    [question] = channel_posts(sent)
    assert buttons(question.body) == [f"agree:resume:{game_id}"]
    sent = await h.click(BOB, f"agree:resume:{game_id}", message(question))
    [post] = channel_posts(sent)
    assert "goes on" in post.content


async def test_away_is_told_in_each_game_and_in_danish(harness: Harness) -> None:
    h = harness
    await started(h, DAN)
    await h.command(ALICE, "game", "new", channel_id=CHANNEL_ID + 1, game="aqualin")
    await h.command(DAN, "game", "join", channel_id=CHANNEL_ID + 1)
    await h.command(ALICE, "game", "start", channel_id=CHANNEL_ID + 1)

    sent = await h.command(DAN, "game", "away", until="3d")
    assert "dine 2 spil" in reply_text(sent)  # Dan's own language
    posts = channel_posts(sent)
    assert sorted(p.path.split("/")[2] for p in posts) == [str(CHANNEL_ID), str(CHANNEL_ID + 1)]
    assert all("**Dan** is away until" in p.content for p in posts)
    sent = await h.command(DAN, "game", "away", until="whenever")
    assert "'whenever' er hverken en dato eller en varighed" in reply_text(sent)
    sent = await h.command(DAN, "game", "away", until="off")
    assert len(channel_posts(sent)) == 2
    assert all("**Dan** is back" in p.content for p in channel_posts(sent))
