"""The real discord.py command tree, buttons and sends, against the fake Discord."""

from __future__ import annotations

import copy
import logging
import re

import pytest

import games

from .fake_discord import CHANNEL_ID, MOD_PERMISSIONS, Harness, Sent, User, buttons

ALICE = User(101, "Alice", permissions=MOD_PERMISSIONS)
BOB = User(202, "Bob")
CAROL = User(303, "Carol")
EPHEMERAL = 64


def callbacks(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.template.endswith("/callback")]


def followups(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.template == "/webhooks/{webhook_id}/{webhook_token}"]


def channel_posts(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.method == "POST" and s.template == "/channels/{channel_id}/messages"]


def edits(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.method == "PATCH" and s.template == "/channels/{channel_id}/messages/{message_id}"]


def ephemeral(sent: list[Sent]) -> Sent:
    """The first private followup."""
    return next(f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL)


def message(sent: Sent) -> dict | int:
    """A posted message as a client saw it (with its components), else its id."""
    return sent.response if sent.response and "components" in sent.response else int(sent.response["id"])


def reply_text(sent: list[Sent]) -> str:
    """The ephemeral answer: deferred first, then exactly one ephemeral followup."""
    [defer] = callbacks(sent)
    assert defer.body["type"] == 5 and defer.body["data"]["flags"] & EPHEMERAL
    private = [f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL]
    assert len(private) == 1, sent
    return private[0].content


def after_move(sent: list[Sent]) -> tuple[Sent | None, Sent | None]:
    """What a move sent: (the new board, None) when the turn ended, else (None, the private
    follow-up of a turn that goes on, whose reply starts with "Done:")."""
    text = reply_text(sent)
    public = [p for p in channel_posts(sent) if p.files]
    if public:
        return public[-1], None
    assert text.startswith("Done:"), text
    return None, ephemeral(sent)


def assert_safe_mentions(post: Sent, users: set[int]) -> None:
    allowed = post.body["allowed_mentions"]
    assert allowed.get("parse") == []  # never @everyone/@here or roles by parsing
    assert {int(u) for u in allowed.get("users", [])} == users
    assert not allowed.get("roles")


async def open_lobby(h: Harness, options: str = "role=host-colour") -> tuple[int, int]:
    sent = await h.command(ALICE, "game", "new", game="aqualin", options=options)
    [post] = channel_posts(sent)
    ids = buttons(post.body)
    game_id = int(ids[0].rsplit(":", 1)[1])
    return game_id, int(post.response["id"])


async def test_command_tree_has_the_agreed_names(harness: Harness) -> None:
    tree = harness.client.tree
    game = tree.get_command("game")
    subs = {c.name for c in game.commands}
    assert {"new", "join", "leave", "start", "board", "hand", "rules", "status", "abort",
            "resign"} <= subs
    new = game.get_command("new")
    assert [p.name for p in new.parameters] == ["game", "options", "thread"]
    assert {c.value for c in new.parameters[0].choices} == set(games.REGISTRY)
    move = tree.get_command("move")
    action, seat = move.parameters
    assert action.name == "action" and action.autocomplete and action.required
    assert seat.name == "seat" and not seat.required  # for players holding several seats


async def test_a_full_game_through_discord(harness: Harness) -> None:
    h = harness
    game_id, lobby_id = await open_lobby(h)

    # Bob joins with the lobby button: the lobby message is edited in place.
    sent = await h.click(BOB, f"lobby:join:{game_id}", lobby_id)
    assert "joined" in reply_text(sent)
    [edit] = edits(sent)
    assert "Bob" in edit.content and buttons(edit.body)

    # Alice (host) starts: a board image, only Alice pinged, the lobby buttons removed.
    sent = await h.click(ALICE, f"lobby:start:{game_id}", lobby_id)
    assert "started" in reply_text(sent)
    [board] = channel_posts(sent)
    assert board.files and board.files[0][1].startswith(b"\x89PNG")
    assert board.body["attachments"][0]["description"]
    assert "<@101>, your turn" in board.content
    assert_safe_mentions(board, {101})
    [edit] = edits(sent)
    assert buttons(edit.body) == []

    # Autocomplete: Bob is told to wait, Alice gets legal moves filtered by what she typed.
    [only] = await h.autocomplete(BOB, "move", "action", "")
    assert "not your turn" in only["name"]
    choices = await h.autocomplete(ALICE, "move", "action", "d")
    assert 1 <= len(choices) <= 25 and all(c["value"].startswith("d") for c in choices)

    # Moves until the end; every board pings exactly the next player.
    actors = {"101": ALICE, "202": BOB}
    game = games.REGISTRY["aqualin"]
    for turn in range(36):
        row = await h.client.service.store.games.active_game(CHANNEL_ID)
        state = game.load(row.state)
        (player,) = game.to_act(state)
        choice = (await h.autocomplete(actors[player], "move", "action", ""))[0]["value"]
        sent = await h.command(actors[player], "move", action=choice)
        assert reply_text(sent) == f"Played `{choice}`."
        [post] = channel_posts(sent)
        if turn < 35:
            nxt = actors["202" if player == "101" else "101"]
            assert_safe_mentions(post, {nxt.id})
            assert f"<@{nxt.id}>, your turn" in post.content
    assert "Game over" in post.content and "Scores" in post.content
    assert_safe_mentions(post, {101, 202})
    row = await h.client.service.store.games.latest_game(CHANNEL_ID)
    assert row.status == "finished"


async def test_wrong_input_gets_an_ephemeral_answer_and_no_post(harness: Harness) -> None:
    h = harness
    game_id, lobby_id = await open_lobby(h)
    stale_lobby = copy.deepcopy(h.fake.messages[lobby_id])
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")

    for user, text, expected in [
        (BOB, "a1", "not your turn"),
        (CAROL, "a1", "not playing"),
        (ALICE, "g9", "g9 is not a square"),
        (ALICE, "a1 a1 a1 a1 a1", "could not read"),
        (ALICE, "b2-c3 d4", "no tile on b2"),
    ]:
        sent = await h.command(user, "move", action=text)
        assert expected in reply_text(sent), (text, reply_text(sent))
        assert channel_posts(sent) == []
    # A stale lobby button after the start (a client still showing the old lobby message).
    sent = await h.click(CAROL, f"lobby:join:{game_id}", stale_lobby)
    assert "already started" in reply_text(sent)
    # Only moderators open games.
    sent = await h.command(BOB, "game", "new", channel_id=CHANNEL_ID + 1, game="aqualin")
    assert "Manage Channels" in reply_text(sent) and channel_posts(sent) == []


async def test_restart_keeps_buttons_and_games(start_bot, fake) -> None:
    first = await start_bot()
    game_id, lobby_id = await open_lobby(first)
    await first.click(BOB, f"lobby:join:{game_id}", lobby_id)

    second = await start_bot()  # a new process on the same database
    sent = await second.click(ALICE, f"lobby:start:{game_id}", lobby_id)
    assert "started" in reply_text(sent)
    sent = await second.command(ALICE, "move", action="c3")
    [post] = channel_posts(sent)
    assert "<@202>, your turn" in post.content


async def test_commands_are_synced_once(start_bot, fake) -> None:
    await start_bot()
    puts = [s for s in fake.sent if s.method == "PUT"]
    assert len(puts) == 1
    names = {c["name"] for c in puts[0].body}
    assert names == {"game", "move", "turns", "profile"}
    fake.take()
    await start_bot()  # unchanged commands: no second sync
    assert [s for s in fake.sent if s.method == "PUT"] == []


async def test_board_falls_back_to_the_interaction_without_channel_rights(harness: Harness) -> None:
    h = harness
    await open_lobby(h)
    await h.command(BOB, "game", "join")
    h.fake.read_only_channels.add(CHANNEL_ID)
    sent = await h.command(ALICE, "game", "start")
    public = [f for f in followups(sent) if not (f.body.get("flags") or 0) & EPHEMERAL]
    [board] = public
    assert board.files and "<@101>, your turn" in board.content
    assert_safe_mentions(board, {101})


async def test_unexpected_errors_are_logged_and_explained(harness: Harness, monkeypatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    async def explode(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(harness.client.service.looking, "status", explode)
    with caplog.at_level(logging.ERROR):
        sent = await harness.command(ALICE, "game", "status")
    assert "went wrong" in reply_text(sent)
    assert any("kaboom" in (r.exc_text or "") or r.exc_info for r in caplog.records)


async def test_rules_and_status_and_board(harness: Harness) -> None:
    h = harness
    sent = await h.command(CAROL, "game", "rules", game="aqualin")
    assert "n·(n−1)/2" in reply_text(sent)
    await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")
    sent = await h.command(CAROL, "game", "board")
    ephemeral = [f for f in followups(sent) if f.files]
    assert ephemeral and ephemeral[0].body["flags"] & EPHEMERAL
    text = reply_text(await h.command(CAROL, "game", "status"))
    assert re.search(r"discord\.com/channels/\d+/\d+/\d+", text)


async def test_closed_dms_are_explained_and_the_content_shown_privately(harness: Harness) -> None:
    h = harness
    await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")
    sent = await h.command(ALICE, "game", "hand", dm=True)  # open DMs: a DM is sent
    dm_posts = [s for s in channel_posts(sent) if s.path.startswith("/channels/5")]
    assert len(dm_posts) == 1 and "your turn" in dm_posts[0].content
    h.fake.closed_dms.add(BOB.id)
    sent = await h.command(BOB, "game", "hand", dm=True)
    ephemeral = [f for f in followups(sent) if f.body.get("flags", 0) & EPHEMERAL]
    assert len(ephemeral) == 2
    assert "couldn't send you a DM" in ephemeral[1].content and "not your turn" in ephemeral[1].content
    assert [s for s in channel_posts(sent) if not s.path.startswith("/channels/5")] == []
