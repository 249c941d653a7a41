"""Bots in the channel and Kahuna's hand DMs through real discord.py: what is posted, who is
pinged (``allowed_mentions``), and which DM is edited instead of sent again."""

from __future__ import annotations

import re

import discord
import pytest
from discord.http import Route

import games
from bot.service import bots as bot_service

from .fake_discord import CHANNEL_ID, Harness, Sent, _Response
from .test_commands import ALICE, BOB, assert_safe_mentions, channel_posts, followups, reply_text

KAHUNA = games.REGISTRY["kahuna"]


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.ai import choose_turn

    def think(game_id: str, dumped: str, players: list[str], level: str,
              seed: int) -> tuple[str, str] | None:
        game = games.REGISTRY[game_id]
        return choose_turn(game, game.load(dumped), players, level, seed=seed, iterations=3)

    monkeypatch.setattr(bot_service, "think", think)


def public(sent: list[Sent]) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path == f"/channels/{CHANNEL_ID}/messages"]


def dm_posts(sent: list[Sent]) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path.startswith("/channels/5")]


def dm_edits(sent: list[Sent]) -> list[Sent]:
    return [s for s in sent if s.method == "PATCH" and s.path.startswith("/channels/5")]


def pinged(post: Sent) -> set[int]:
    return {int(u) for u in post.body["allowed_mentions"].get("users", [])}


async def test_a_move_against_a_bot_pings_the_human_once_and_never_prompts_the_bot(
        harness: Harness) -> None:
    h = harness
    await h.command(ALICE, "game", "new", game="aqualin", options="role=host-colour")
    await h.command(ALICE, "game", "addbot", level="hard")
    await h.command(ALICE, "game", "start")
    move = (await h.autocomplete(ALICE, "move", "action", ""))[0]["value"]
    sent = await h.command(ALICE, "move", action=move)  # the bot answers in the same dispatch
    mine, answer = public(sent)
    assert "🤖 Hard bot** is thinking…" in mine.content and "/move" not in mine.content
    assert_safe_mentions(mine, set())
    assert answer.content.startswith("**🤖 Hard bot** ") and answer.files
    assert f"<@{ALICE.id}>, your turn" in answer.content
    assert_safe_mentions(answer, {ALICE.id})


async def test_two_bots_start_a_cooperative_game_with_one_ping(harness: Harness) -> None:
    """Kraqua with one human and two bots: the start pings the human, the bots' turns come in
    one post that names her without pinging her again."""
    h = harness
    await h.command(ALICE, "game", "new", game="kraqua")
    for _ in range(2):
        await h.command(ALICE, "game", "addbot", level="easy")
    sent = await h.command(ALICE, "game", "start")
    start, bots = public(sent)
    assert_safe_mentions(start, {ALICE.id})
    assert "are thinking…" in start.content and "Easy bot**, your turn" not in start.content
    assert all(line.startswith("**🤖 Easy bot") for line in bots.content.splitlines()[:2])
    assert_safe_mentions(bots, set())
    assert re.search(r"\*\*Alice \((turtle|seahorse|jellyfish|crab)\)\*\*, your turn", bots.content)
    assert sum(ALICE.id in pinged(p) for p in public(sent)) == 1


def step_of_turn(state, player: str) -> str | None:
    """A Kahuna action that leaves the turn going (a bridge, a tuck ...)."""
    for move in KAHUNA.legal_moves(state, player):
        if not KAHUNA.turn_complete(state, KAHUNA.apply(state, player, move), player):
            return move
    return None


async def kahuna_until_a_step(h: Harness) -> tuple[object, str, dict[str, int]]:
    """A Kahuna game between Alice and Bob, played on until the player to act can take an
    action inside their turn. Returns (that player, the action, their hand DM's message id)."""
    sent = await h.command(ALICE, "game", "new", game="kahuna")
    await h.command(BOB, "game", "join")
    sent = await h.command(ALICE, "game", "start")
    dm_ids = {int(p.path.split("/")[2]) - 5_000_000: int(p.response["id"]) for p in dm_posts(sent)
              if p.response}
    actors = {str(ALICE.id): ALICE, str(BOB.id): BOB}
    for _ in range(20):
        row = await h.client.service.store.games.latest_game(CHANNEL_ID)
        state = KAHUNA.load(row.state)
        (player,) = KAHUNA.to_act(state)
        step = step_of_turn(state, player)
        if step is not None:
            return actors[player], step, dm_ids
        sent = await h.command(actors[player], "move", action=KAHUNA.pass_move(state, player))
        dm_ids.update({int(p.path.split("/")[2]) - 5_000_000: int(p.response["id"])
                       for p in dm_posts(sent) if p.response})
    raise AssertionError("no action inside a turn came up")


async def test_kahuna_edits_the_hand_dm_after_each_action(harness: Harness) -> None:
    h = harness
    mover, step, dm_ids = await kahuna_until_a_step(h)
    sent = await h.command(mover, "move", action=step)
    assert reply_text(sent).startswith("Done:")
    assert not dm_posts(sent)  # no new DM ...
    [edit] = dm_edits(sent)  # ... the last one shows the hand as it is now
    assert edit.path == f"/channels/{5_000_000 + mover.id}/messages/{dm_ids[mover.id]}"
    assert edit.files and edit.files[0][1].startswith(b"\x89PNG")
    assert "It's your turn" in edit.content
    row = await h.client.service.store.games.latest_game(CHANNEL_ID)
    [dm_row] = [r for r in await h.client.service.store.outbox.rows(row.id) if r["kind"] == "dm"][-1:]
    assert dm_row["outcome"] == "sent" and dm_row["message_id"] == dm_ids[mover.id]


async def test_a_deleted_hand_dm_is_sent_again(harness: Harness,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    mover, step, _ids = await kahuna_until_a_step(h)
    respond = h.fake._respond

    def gone(route, body, files, params):
        if route.method == "PATCH" and "/channels/5" in route.url:
            path = route.url[len(Route.BASE):]
            h.fake.sent.append(Sent(route.method, path, route.path, body, files, params))
            raise discord.NotFound(_Response(404, "Not Found"), {"code": 10008,
                                                                 "message": "Unknown Message"})
        return respond(route, body, files, params)

    monkeypatch.setattr(h.fake, "_respond", gone)
    sent = await h.command(mover, "move", action=step)
    assert len(dm_edits(sent)) == 1  # tried ...
    [dm] = dm_posts(sent)  # ... then sent anew
    assert dm.path == f"/channels/{5_000_000 + mover.id}/messages" and dm.files


async def test_closed_dms_are_told_once_not_after_every_action(harness: Harness) -> None:
    h = harness
    h.fake.closed_dms.update({ALICE.id, BOB.id})
    mover, step, _ids = await kahuna_until_a_step(h)
    sent = await h.command(mover, "move", action=step)
    assert not dm_posts(sent) and not dm_edits(sent)  # no DM tried again after each action
    assert not public(sent)  # the channel heard about the closed DMs at the start already
    private = [f for f in followups(sent) if (f.body.get("flags") or 0) & 64]
    assert any("couldn't send you a DM" in f.content for f in private)  # the mover sees the hand


async def test_bots_pause_only_after_something_the_channel_can_read(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pause lets people read a post before the bots answer; a bot move nobody sees yet
    (or a step inside a bot's turn) is followed by the next one at once."""
    import asyncio

    h = harness
    h.client.bots.pause = 0.123
    paused: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, *args, **kwargs):
        if delay == 0.123:
            paused.append(delay)
            delay = 0
        return await real_sleep(delay, *args, **kwargs)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    await h.command(ALICE, "game", "new", game="kraqua")
    for _ in range(2):
        await h.command(ALICE, "game", "addbot", level="easy")
    sent = await h.command(ALICE, "game", "start")  # two bots, two steps each, one post
    assert len(public(sent)) == 2
    assert paused == [0.123]  # once, after the start post
