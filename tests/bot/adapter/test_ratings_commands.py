"""``/profile`` and the ratings in ``/game stats`` through the real command tree."""

from __future__ import annotations

from .fake_discord import Harness, User, localized, sole_option
from .test_async_commands import resign, started
from .test_commands import ALICE, BOB, CAROL, reply_text

HANNA = User(111, "Hanna", locale="de")
MADS = User(222, "Mads", locale="da")


async def test_profile_and_stats_show_ratings(harness: Harness) -> None:
    h = harness
    profile = h.client.tree.get_command("profile")
    assert [(p.name, p.required) for p in profile.parameters] == [("user", False)]
    assert "No finished games" in reply_text(await h.command(CAROL, "profile"))
    await started(h)
    mine = reply_text(await h.command(BOB, "profile"))
    assert "**Bob**'s profile" in mine and "• Aqualin game" in mine  # the running game
    await h.command(ALICE, "move", action="a1")  # each moves once: else it would be unrated
    await h.command(BOB, "move", action="b2")
    await resign(h, BOB)
    sent = await h.command(CAROL, "profile", user=ALICE)
    assert sent[0].body["data"]["flags"] & 64  # only the asker sees it
    text = reply_text(sent)
    assert "**Alice**'s profile" in text
    assert "**Aqualin**: rating 1516 (on all servers 1516), 1 played, 1 won" in text
    assert "No current games." in text
    assert "2. **Bob**: rating 1484" in reply_text(await h.command(CAROL, "game", "stats"))
    german = reply_text(await h.command(HANNA, "profile", user=BOB))
    assert "Profil von **Bob**" in german and "Elo 1484" in german
    danish = reply_text(await h.command(MADS, "profile", user=BOB))
    assert "Profil for **Bob**" in danish and "1 spillet, 0 vundet" in danish


async def test_profile_is_localized_when_synced(start_bot, fake) -> None:
    await start_bot()
    profile = localized(fake, "profile", names={"de": "profil", "da": "profil"},
                        german="Elo-Zahlen")
    sole_option(profile, "user")
