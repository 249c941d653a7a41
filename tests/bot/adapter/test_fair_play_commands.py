"""``/game config away_days`` and ``adopt``, and ``/game away`` against the allowance,
through the real command tree."""

from __future__ import annotations

from .fake_discord import CHANNEL_ID, GUILD_ID, Harness
from .test_async_commands import started
from .test_commands import ALICE, BOB, CAROL, assert_safe_mentions, channel_posts, reply_text


async def test_the_server_sets_the_away_allowance_and_away_keeps_to_it(harness: Harness) -> None:
    h = harness
    text = reply_text(await h.command(ALICE, "game", "config", away_days=3))
    assert "Away allowance: 3 days in any 365 per person (`away_days: 3`)" in text
    assert (await h.client.service.store.settings.guild(GUILD_ID)).away_days == 3
    assert "Manage Channels" in reply_text(await h.command(BOB, "game", "config", away_days=300))
    await started(h)
    text = reply_text(await h.command(BOB, "game", "away", until="5d"))
    assert text.startswith("You have 3 d of away left (3 d in any 365 days)")
    text = reply_text(await h.command(BOB, "game", "away", until="2d"))
    assert "Away time left: 1 d of 3 d in any 365 days." in text
    assert "Away time left: 1 d of 3 d" in reply_text(await h.command(BOB, "profile"))


async def test_the_players_adopt_new_settings_together(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(ALICE, "game", "config", deadline="1d")
    sent = await h.command(CAROL, "game", "config", adopt=True)
    assert "Only the players of this game" in reply_text(sent) and not channel_posts(sent)
    sent = await h.command(BOB, "game", "config", adopt=True)
    [asked] = channel_posts(sent)
    assert asked.path == f"/channels/{CHANNEL_ID}/messages"
    assert_safe_mentions(asked, {ALICE.id})  # only the player who has not agreed
    sent = await h.command(ALICE, "game", "config", adopt=True)
    [done] = channel_posts(sent)
    assert done.content.startswith("⚙️ Every player agreed: this game now uses reminder 12 h, deadline 1 d")


async def test_the_new_options_are_registered_with_their_names(harness: Harness) -> None:
    config = harness.client.tree.get_command("game").get_command("config")
    assert {"away_days", "adopt"} <= {p.name for p in config.parameters}
