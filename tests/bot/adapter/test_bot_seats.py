"""Bot seats through the real command tree: bots-only games and humans against bots."""

from __future__ import annotations

import pytest

import games
from bot.service import bots as bot_service

from .fake_discord import CHANNEL_ID, MOD_PERMISSIONS, Harness, User
from .test_commands import channel_posts, reply_text

HOST = User(101, "Host", permissions=MOD_PERMISSIONS)

pytestmark = pytest.mark.slow  # bots play whole games


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real search with a tiny budget, so whole games fit in a test run."""
    from games.ai import choose_turn

    def think(game_id: str, dumped: str, players: list[str], level: str,
              seed: int) -> tuple[str, str] | None:
        game = games.REGISTRY[game_id]
        return choose_turn(game, game.load(dumped), players, level, seed=seed, iterations=3,
                           time_limit=0.2)

    monkeypatch.setattr(bot_service, "think", think)


def never_pings_a_bot(posts) -> bool:
    return all("0" not in [str(u) for u in p.body["allowed_mentions"].get("users", [])]
               for p in posts)


@pytest.mark.parametrize("game_id, bots", [("aqualin", 2), ("kahuna", 2), ("aqua", 2),
                                           ("kraqua", 3), ("krasserfall", 3)])
async def test_bots_alone_play_to_the_end(harness: Harness, game_id: str, bots: int) -> None:
    h = harness
    await h.command(HOST, "game", "new", game=game_id)
    await h.command(HOST, "game", "leave")  # the host only hosts
    for i in range(bots):
        level = ("easy", "normal", "hard")[i % 3]
        assert "took a seat" in reply_text(await h.command(HOST, "game", "addbot", level=level))
    sent = await h.command(HOST, "game", "start")  # the bots play it all out from here
    assert "started" in reply_text(sent)
    row = await h.client.service.store.games.latest_game(CHANNEL_ID)
    assert row.status == "finished" and row.result is not None
    posts = channel_posts(sent)
    assert len(posts) > 3 and "Game over" in posts[-1].content
    assert never_pings_a_bot(posts)


@pytest.mark.parametrize("game_id, bots", [("aqualin", 1), ("kahuna", 1), ("aqua", 1),
                                           ("kraqua", 1), ("krasserfall", 2)])
async def test_a_human_against_bots(harness: Harness, game_id: str, bots: int) -> None:
    """The human moves with ``/move`` (its first suggestion); the bots answer on their own."""
    h = harness
    await h.command(HOST, "game", "new", game=game_id)
    row = await h.client.service.store.games.active_game(CHANNEL_ID)
    for _ in range(bots):  # the lobby button
        sent = await h.click(HOST, f"lobby:addbot:{row.id}", row.lobby_message_id)
        assert "took a seat" in reply_text(sent)
    await h.command(HOST, "game", "start")
    game = games.REGISTRY[game_id]
    for _ in range(400):
        row = await h.client.service.store.games.latest_game(CHANNEL_ID)
        if row.status == "finished":
            break
        seats = await h.client.service.store.games.seats(row.id)
        bots_ = {s.player_id for s in seats if s.bot_level}
        waiting = game.waiting_for(game.load(row.state))
        assert waiting and not waiting & bots_  # the bots have answered already
        move = (await h.autocomplete(HOST, "move", "action", ""))[0]["value"]
        sent = await h.command(HOST, "move", action=move)
        assert (await h.client.service.store.games.latest_game(CHANNEL_ID)).version > row.version, \
            reply_text(sent)  # the move was taken
        assert never_pings_a_bot(channel_posts(sent))
    assert row.status == "finished" and row.result is not None
