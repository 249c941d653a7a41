"""The async-play commands through the real command tree, and the timer loop's delivery."""

from __future__ import annotations

import json

from bot.adapter.timer_loop import fire_once

from .fake_discord import CHANNEL_ID, Harness, Role, User
from .fake_discord import buttons
from .test_commands import (ALICE, BOB, CAROL, assert_safe_mentions, channel_posts, followups, message,
                            open_lobby, reply_text)


async def started(h: Harness) -> None:
    await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")


async def resign(h: Harness, user: User) -> list:
    """``/game resign`` and its Confirm button."""
    [asked] = followups(await h.command(user, "game", "resign"))
    return await h.click(user, buttons(asked.body)[0], message(asked))


async def test_new_commands_are_registered(harness: Harness) -> None:
    subs = {c.name for c in harness.client.tree.get_command("game").commands}
    assert {"undo", "log", "export", "stats", "kick", "skip", "config"} <= subs


async def test_kick_with_a_user_option(harness: Harness) -> None:
    h = harness
    await started(h)
    assert "Removing a player needs" in reply_text(await h.command(BOB, "game", "kick", user=ALICE))
    sent = await h.command(ALICE, "game", "kick", user=BOB)  # Alice plays: no win by kicking
    assert "ended it without a result" in reply_text(sent)
    [post] = channel_posts(sent)
    assert "ended without a result" in post.content and "Game over" not in post.content
    await started(h)
    referee = User(606, "Rita", permissions=ALICE.permissions)  # a moderator without a seat
    sent = await h.command(referee, "game", "kick", user=BOB)
    assert "Removed" in reply_text(sent)
    [post] = channel_posts(sent)
    assert "was removed" in post.content and "Game over" in post.content


async def test_config_with_a_role_and_durations(harness: Harness) -> None:
    h = harness
    games_role = Role(555, "Game masters")
    sent = await h.command(ALICE, "game", "config", manager_role=games_role, reminder="6h",
                           deadline="1d", on_deadline="forfeit")
    text = reply_text(sent)
    assert "Saved" in text and "<@&555>" in text and "6 h" in text and "forfeit" in text
    assert "Manage Channels" in reply_text(await h.command(BOB, "game", "config", reminder="1h"))
    assert "not a reminder interval" in reply_text(await h.command(ALICE, "game", "config", reminder="soon"))
    gm = User(404, "Gina", roles=(555,))
    assert "lobby is open" in reply_text(await h.command(gm, "game", "new", channel_id=CHANNEL_ID + 7,
                                                         game="aqualin"))


async def test_export_log_stats(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(ALICE, "move", action="c3")
    assert "can't be exported" in reply_text(await h.command(CAROL, "game", "export"))  # not yet
    assert "1. **Alice** placed" in reply_text(await h.command(CAROL, "game", "log", count=5))
    await resign(h, BOB)
    sent = await h.command(CAROL, "game", "export")
    reply_text(sent)
    [file_reply] = [f for f in followups(sent) if f.files]
    payload = json.loads(file_reply.files[0][1])
    assert payload["moves"][0]["move"] == "c3" and file_reply.body["flags"] & 64
    assert "1 won (100%)" in reply_text(await h.command(CAROL, "game", "stats"))


async def test_timer_loop_delivers_reminders(harness: Harness) -> None:
    h = harness
    await started(h)
    clock_now = h.client.service.clock()
    h.client.service.clock = lambda: clock_now + 13 * 3600
    h.fake.take()
    assert await fire_once(h.client) == 1
    [post] = channel_posts(h.fake.take())
    assert "it's your turn" in post.content
    assert_safe_mentions(post, {ALICE.id})
    assert await fire_once(h.client) == 0


async def test_replay_button_and_command(harness: Harness) -> None:
    from .fake_discord import buttons

    h = harness
    await started(h)
    await h.command(ALICE, "move", action="c3")
    sent = await resign(h, BOB)
    [final] = channel_posts(sent)
    game_id = final.body['components'][0]['components'][0]['custom_id'].split(':')[1]
    assert buttons(final.body) == [f"replay:{game_id}", f"review:{game_id}"]
    message_id = int(final.response["id"])
    sent = await h.click(CAROL, buttons(final.body)[0], message_id)
    [replay] = channel_posts(sent)
    assert replay.files[0][0].endswith(".gif") and replay.files[0][1][:6] == b"GIF89a"
    assert replay.body["attachments"][0]["description"]
    again = reply_text(await h.command(CAROL, "game", "replay"))
    assert f"/{replay.response['id']}" in again  # linked, not posted twice
    # The Review button: the review is posted in the channel, the asker sees its progress.
    sent = await h.click(BOB, buttons(final.body)[1], message_id)
    [review] = channel_posts(sent)
    assert review.content.startswith(f"📝 **Review of Aqualin game {game_id}**")
    assert any("decisions judged" in (s.body or {}).get("content", "") for s in sent
               if s.method == "PATCH")  # the "thinking" answer, edited as it went
    again = reply_text(await h.command(CAROL, "game", "review"))
    assert f"/{review.response['id']}" in again  # linked, not posted twice


async def test_hint_command_and_button_in_a_teaching_game(harness: Harness, monkeypatch) -> None:
    """``/game hint`` and the Hint button under the turn prompt, through discord.py: the
    answer is ephemeral, with the board image, and only for the player on turn."""
    import games
    from bot.service import hints
    from games.ai.coach import hint

    def quick(game_id, dumped, players, seed):  # the worker's search, smaller
        game = games.REGISTRY[game_id]
        return hint(game, game.load(dumped), players, seed, iterations=20)

    monkeypatch.setattr(hints, "advise", quick)
    h = harness
    await open_lobby(h, "role=host-colour hints=on")
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    board = next(p for p in channel_posts(sent) if p.files)
    [hint_id] = [b for b in buttons(board.body) if b.startswith("hint:")]
    sent = await h.command(ALICE, "game", "hint")
    [answer] = [f for f in followups(sent) if f.files]
    assert "Hint:" in answer.body["content"] and answer.body["flags"] & 64  # only Alice sees it
    assert answer.files[0][1].startswith(b"\x89PNG")
    assert not channel_posts(sent)
    sent = await h.click(BOB, hint_id, int(board.response["id"]))  # not Bob's turn
    assert "isn't your turn" in reply_text(sent)
    sent = await h.click(ALICE, hint_id, int(board.response["id"]))
    assert any("Hint:" in f.body.get("content", "") and f.files for f in followups(sent))


async def test_web_links_under_the_board_and_my_view_only_for_the_presser(harness: Harness) -> None:
    """With the web view on, the board post carries a link button to the game's page, and in a
    game with hands a My view button: it answers only the presser, with a link to their own view."""
    h = harness
    h.client.service.web.base_url = "https://games.example.org"
    await h.command(ALICE, "game", "new", game="kahuna")
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    board = next(p for p in channel_posts(sent) if p.files)
    items = [c for row in board.body["components"] for c in row["components"]]
    links = [c for c in items if c.get("style") == 5]
    assert len(links) == 1 and links[0]["label"] == "Open board" and "custom_id" not in links[0]
    game_id = int(links[0]["url"].split("/")[3])
    assert links[0]["url"].startswith(f"https://games.example.org/{game_id}/p.")
    [mine] = [b for b in buttons(board.body) if b.startswith("myview:")]
    assert mine == f"myview:{game_id}"
    sent = await h.click(ALICE, mine, int(board.response["id"]))
    said = reply_text(sent)
    assert f"https://games.example.org/{game_id}/s." in said and "only for you" in said
    assert all(f.body.get("flags", 0) & 64 for f in followups(sent)) and not channel_posts(sent)
    sent = await h.click(CAROL, mine, int(board.response["id"]))
    assert "not playing" in reply_text(sent) and "/s." not in reply_text(sent)
