"""``/turns`` through the real command tree: installable by users, answered only to the asker
wherever they ask (a server the bot is not in too), with a look button per game."""

from __future__ import annotations

import re

from .conftest import BotFactory
from .fake_discord import APP_ID, CHANNEL_ID, FakeDiscord, buttons, localized
from .test_commands import ALICE, BOB, CAROL, EPHEMERAL, callbacks, channel_posts, followups
from .test_userapp_commands import GROUP_DM, GroupDM, UserInstallInAServer


def private(sent):  # noqa: ANN001, ANN201 - the fake's records
    return [f for f in followups(sent) if (f.body.get("flags") or 0) & EPHEMERAL]


async def test_the_command_is_synced_for_users_everywhere_in_three_languages(
        start_bot: BotFactory, fake: FakeDiscord) -> None:
    await start_bot()
    turns = localized(fake, "turns", names={"de": "züge", "da": "ture"}, german="Alle Spiele")
    assert turns["integration_types"] == [0, 1] and turns["contexts"] == [0, 1, 2]
    assert not turns.get("options")
    assert fake.spec.check("PUT", f"/applications/{APP_ID}/commands",
                           [c for s in fake.sent if s.method == "PUT" for c in s.body]) == []


async def test_games_in_a_server_and_a_group_dm_and_a_look_at_each(start_bot: BotFactory,
                                                                   fake: FakeDiscord) -> None:
    h = await start_bot()
    await h.start_game(ALICE, BOB, game="kahuna")  # the server's channel
    group = GroupDM(h.client, fake)
    fake.read_only_channels.add(GROUP_DM)
    await group.start_game(ALICE, BOB, game="aqualin", options="role=host-colour")
    service = h.client.service
    server_game = (await service.store.games.active_game(CHANNEL_ID)).id
    chat_game = (await service.store.games.active_game(GROUP_DM)).id
    # Asked in a server where only Alice installed the app: it answers there all the same.
    there = UserInstallInAServer(h.client, fake)
    for asker in (h, group, there):
        sent = await asker.command(ALICE, "turns")
        [defer] = callbacks(sent)
        assert defer.body["type"] == 5 and defer.body["data"]["flags"] & EPHEMERAL
        assert channel_posts(sent) == [] and len(followups(sent)) == len(private(sent)) >= 1
        text = "\n".join(f.content for f in private(sent))
        assert {int(n) for n in re.findall(r"#(\d+)\]", text)} == {server_game, chat_game}
        assert "group DM" in text and f"<#{CHANNEL_ID}>" in text
        ids = buttons(private(sent)[0].body)
        assert sorted(ids) == sorted([f"look:{server_game}", f"look:{chat_game}"])
    reply = private(sent)[0].response
    sent = await there.click(BOB, f"look:{server_game}", reply)  # Bob sees his own seat's view
    answers = private(sent)
    assert channel_posts(sent) == [] and len(answers) == 2  # the board, then the hand
    assert [name for a in answers for name, _data in a.files] == [
        f"kahuna-{server_game}-m0.png", f"kahuna-{server_game}-hand.png"]
    sent = await h.click(CAROL, f"look:{server_game}", reply)  # a button that reached someone else
    [answer] = private(sent)
    assert "no seat in game" in answer.content and not answer.files


async def test_a_hand_dm_in_quiet_hours_comes_silently(start_bot: BotFactory, fake: FakeDiscord) -> None:
    """Quiet hours: the Kahuna hand still arrives (it is the player's to see), as an @silent
    message that makes no sound, a flag Discord's spec knows."""
    h = await start_bot()
    await h.command(BOB, "game", "notify", quiet="00:00-23:59")
    sent = await h.start_game(ALICE, BOB, game="kahuna")
    dms = {s.path: s for s in sent if s.method == "POST" and s.template == "/channels/{channel_id}/messages"
           and s.path != f"/channels/{CHANNEL_ID}/messages"}
    flags = sorted((s.body.get("flags") or 0) & 4096 for s in dms.values())
    assert flags == [0, 4096]  # Alice's hand rings, Bob's is silent
