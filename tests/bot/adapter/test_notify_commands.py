"""``/game notify`` through the real command tree, and turn notices through the real outbox
deliverer: who is pinged (``allowed_mentions``), the DM with its link to the board just posted,
and a DM Discord refuses (50007) falling back to the channel once."""

from __future__ import annotations

from bot.adapter.timer_loop import fire_once

from .fake_discord import CHANNEL_ID, GUILD_ID, Harness, Sent, User, localized
from .test_commands import ALICE, BOB, assert_safe_mentions, channel_posts, open_lobby, reply_text

DM_CHANNEL = 5_000_000  # + the user id: the fake Discord's DM channels


def public(sent: list[Sent]) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path == f"/channels/{CHANNEL_ID}/messages"]


def dms_to(sent: list[Sent], user: User) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path == f"/channels/{DM_CHANNEL + user.id}/messages"]


async def started(h: Harness) -> None:
    """Aqualin, Alice to move first against Bob."""
    await open_lobby(h)
    await h.command(BOB, "game", "join")
    await h.command(ALICE, "game", "start")


async def test_the_command_is_localized_with_its_choices(start_bot, fake) -> None:
    await start_bot()
    notify = localized(fake, "game", "notify",
                       names={"de": "benachrichtigung", "da": "notifikationer"},
                       german="Wie ich dir sage")
    where, timezone, quiet, digest = notify["options"]
    assert digest["name"] == "digest" and digest["name_localizations"] == {"de": "tagesübersicht",
                                                                         "da": "oversigt"}
    assert where["name"] == "where" and not where.get("required")
    assert where["name_localizations"] == {"de": "wo", "da": "hvor"}
    assert timezone["name"] == "timezone" and timezone["autocomplete"] and not timezone.get("required")
    assert timezone["name_localizations"] == {"de": "zeitzone", "da": "tidszone"}
    assert quiet["name"] == "quiet" and quiet["name_localizations"] == {"de": "ruhezeit", "da": "stilletid"}
    assert [c["value"] for c in where["choices"]] == ["channel", "dm", "both", "off"]
    dm = where["choices"][1]
    assert dm["name_localizations"]["de"].startswith("DM: schick mir")
    assert dm["name_localizations"]["da"].startswith("DM: send mig")
    assert all(len(n) <= 100 for c in where["choices"] for n in c["name_localizations"].values())


async def test_choosing_replies_privately_and_is_stored(harness: Harness) -> None:
    h = harness
    text = reply_text(await h.command(BOB, "game", "notify", where="dm"))
    assert "I'll send you a DM with a link to the board" in text and "all your games" in text
    assert await h.client.service.store.settings.notify_pref(BOB.id) == "dm"
    text = reply_text(await h.command(BOB, "game", "notify"))  # without a choice: shows it
    assert "send you a DM" in text and "/game notify" in text
    german = User(404, "Hanna", locale="de")
    text = reply_text(await h.command(german, "game", "notify", where="off"))
    assert text.startswith("🔕 Ich pinge dich nicht")


async def test_dm_alone_names_without_pinging_and_sends_a_link_to_the_board(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(BOB, "game", "notify", where="dm")
    sent = await h.command(ALICE, "move", action="c3")
    [board] = public(sent)
    assert "<@202>, your turn" in board.content
    assert_safe_mentions(board, set())  # named, not pinged
    [dm] = dms_to(sent, BOB)
    board_id = board.response["id"]
    link = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board_id}"
    assert dm.content == f"🎲 It's your turn in **Aqualin**: {link}"
    assert sent.index(dm) > sent.index(board)  # the board is there before the DM links to it
    assert not dms_to(sent, ALICE)  # the mover is told nothing


async def test_both_pings_and_dms_and_off_does_neither(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(BOB, "game", "notify", where="both")
    await h.command(ALICE, "game", "notify", where="off")
    sent = await h.command(ALICE, "move", action="c3")
    [board] = public(sent)
    assert_safe_mentions(board, {BOB.id})
    assert len(dms_to(sent, BOB)) == 1
    sent = await h.command(BOB, "move", action="d4")
    [board] = public(sent)
    assert "<@101>, your turn" in board.content
    assert_safe_mentions(board, set())
    assert not dms_to(sent, ALICE) and not dms_to(sent, BOB)


async def test_a_reminder_by_dm(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(ALICE, "game", "notify", where="dm")
    now = h.client.service.clock()
    h.client.service.clock = lambda: now + 13 * 3600
    h.fake.take()
    assert await fire_once(h.client) == 1
    sent = h.fake.take()
    [post] = public(sent)
    assert "<@101>, it's your turn" in post.content
    assert_safe_mentions(post, set())
    [dm] = dms_to(sent, ALICE)
    assert dm.content.startswith("⏰ Reminder: it's your turn in **Aqualin** (waiting for 13 h): "
                                 f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/")


async def test_closed_dms_fall_back_to_the_channel_once(harness: Harness) -> None:
    h = harness
    await started(h)
    await h.command(BOB, "game", "notify", where="dm")
    h.fake.closed_dms.add(BOB.id)  # Discord answers 50007 Cannot send messages to this user
    sent = await h.command(ALICE, "move", action="c3")
    board, hint = public(sent)
    assert_safe_mentions(board, set())
    assert hint.content.startswith("📬 <@202>, I couldn't DM you") and "/game notify" in hint.content
    assert_safe_mentions(hint, {BOB.id})  # the hint pings him instead
    assert [s.method for s in sent if s.path == f"/channels/{DM_CHANNEL + BOB.id}/messages"] == ["POST"]
    rows = [r for r in await h.client.service.store.outbox.rows() if r["kind"] == "dm"]
    assert [(r["user_id"], r["outcome"]) for r in rows] == [(BOB.id, "fallback")]

    # The next turns: pinged in the channel, no DM tried, no hint again.
    for _ in range(2):
        await h.command(BOB, "move", action="d4" if _ == 0 else "d5")
        sent = await h.command(ALICE, "move", action="c4" if _ == 0 else "c5")
        [board] = public(sent)
        assert_safe_mentions(board, {BOB.id})
        assert not dms_to(sent, BOB)

    # He opens his DMs and chooses again: DMs are tried again, and arrive.
    h.fake.closed_dms.discard(BOB.id)
    h.client.service.clock = lambda now=h.client.service.clock(): now + 60
    await h.command(BOB, "game", "notify", where="dm")
    await h.command(BOB, "move", action="d6")
    sent = await h.command(ALICE, "move", action="c6")
    [board] = public(sent)
    assert_safe_mentions(board, set())
    assert len(dms_to(sent, BOB)) == 1


async def test_a_closed_dm_in_german_says_so_in_german(harness: Harness) -> None:
    h = harness
    h.guild_locale = "de"
    await started(h)
    await h.command(BOB, "game", "notify", where="both")
    h.fake.closed_dms.add(BOB.id)
    sent = await h.command(ALICE, "move", action="c3")
    board, hint = public(sent)
    assert_safe_mentions(board, {BOB.id})  # both: the ping stays
    assert hint.content.startswith("📬 <@202>, ich konnte dir keine DM schicken")
