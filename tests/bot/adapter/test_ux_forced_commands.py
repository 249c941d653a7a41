"""``/game config auto_forced`` through the real command tree."""

from __future__ import annotations

from .fake_discord import GUILD_ID, Harness
from .test_commands import ALICE, BOB, reply_text


async def test_config_auto_forced(harness: Harness) -> None:
    h = harness
    shown = reply_text(await h.command(ALICE, "game", "config"))
    assert "only possible move plays itself (`auto_forced: true`)" in shown
    text = reply_text(await h.command(ALICE, "game", "config", auto_forced=False))
    assert "Saved" in text and "waits for them (`auto_forced: false`)" in text
    assert not (await h.client.service.store.settings.guild(GUILD_ID)).auto_forced
    assert "Manage Channels" in reply_text(await h.command(BOB, "game", "config", auto_forced=True))
    text = reply_text(await h.command(ALICE, "game", "config", auto_forced=True))
    assert "plays itself (`auto_forced: true`)" in text
    assert (await h.client.service.store.settings.guild(GUILD_ID)).auto_forced


async def test_the_option_is_registered(harness: Harness) -> None:
    config = harness.client.tree.get_command("game").get_command("config")
    assert "auto_forced" in {p.name for p in config.parameters}
