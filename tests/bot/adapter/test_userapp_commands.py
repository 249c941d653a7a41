"""The app installed by users: games in a group DM (no server) through the real command tree.

A user-installed app can't post in a group DM on its own, so the fake Discord refuses any
channel post there; everything must go out as answers to the players' interactions, and what
has no interaction to answer (reminders, deadlines) by DM.
"""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.messages import Actor, Place

from .conftest import BotFactory
from .fake_discord import APP_ID, CHANNEL_ID, GUILD_ID, FakeDiscord, Harness, Sent, User, buttons
from .test_commands import ALICE, BOB, EPHEMERAL, callbacks, channel_posts, followups, reply_text

GROUP_DM = 880
CAROL = User(303, "Carol", locale="de")
WAIT = 3600.0  # a reminder after an hour (set per chat with /game config)


class GroupDM(Harness):
    """Interactions from a group DM with the app installed by the user who acts."""

    def _base(self, user: User, kind: int, data: dict[str, Any], *, channel_id: int = CHANNEL_ID,
              message: dict[str, Any] | None = None) -> dict[str, Any]:
        channel_id = GROUP_DM if channel_id == CHANNEL_ID else channel_id
        payload = super()._base(user, kind, data, channel_id=channel_id, message=message)
        for key in ("guild_id", "member", "guild_locale"):
            del payload[key]
        payload["user"] = user.payload()
        payload["channel"] = {"id": str(channel_id), "type": 3, "name": None, "icon": None,
                              "owner_id": str(ALICE.id), "last_message_id": None,
                              "recipients": [u.payload() for u in (ALICE, BOB, CAROL) if u != user]}
        payload["context"] = 2  # PRIVATE_CHANNEL
        payload["authorizing_integration_owners"] = {"1": str(user.id)}  # the user's own install
        payload["app_permissions"] = "0"
        return payload


@pytest.fixture
async def dm(start_bot: BotFactory, fake: FakeDiscord) -> GroupDM:
    h = await start_bot()
    fake.read_only_channels.add(GROUP_DM)  # as Discord: the app is no member of the group DM
    return GroupDM(h.client, fake)


def public(sent: list[Sent]) -> list[Sent]:
    """What everyone in the group DM sees: the non-ephemeral followups."""
    return [f for f in followups(sent) if not (f.body.get("flags") or 0) & EPHEMERAL]


def dms(sent: list[Sent], user: User) -> list[Sent]:
    return [s for s in channel_posts(sent) if s.path == f"/channels/{FakeDiscord._dm_channel(user.id)}/messages"]


def nothing_posted_in_the_group(sent: list[Sent]) -> None:
    assert [s for s in sent if s.path.startswith(f"/channels/{GROUP_DM}")] == []


async def to_act(h: GroupDM) -> User:
    """Who is to act in the group DM's game (Alice or Bob)."""
    row = await h.client.service.store.games.active_game(GROUP_DM)
    game = games.REGISTRY[row.game]
    (player,) = game.to_act(game.load(row.state))
    seat = next(s for s in await h.client.service.store.games.seats(row.id) if s.player_id == player)
    return ALICE if seat.user_id == ALICE.id else BOB


async def lobby(h: GroupDM, game: str = "aqualin", options: str | None = None) -> tuple[int, dict]:
    sent = await h.command(ALICE, "game", "new", game=game, **({"options": options} if options else {}))
    nothing_posted_in_the_group(sent)
    [card] = public(sent)
    game_id = int(buttons(card.body)[0].rsplit(":", 1)[1])
    return game_id, card.response


# ----- the commands are installable by users and usable in DMs and group DMs -----------------


async def test_synced_commands_are_user_installable_everywhere(start_bot: BotFactory,
                                                               fake: FakeDiscord) -> None:
    await start_bot()
    [put] = [s for s in fake.sent if s.method == "PUT"]
    assert put.template == "/applications/{application_id}/commands"
    for command in put.body:
        assert command["integration_types"] == [0, 1], command["name"]  # GUILD_INSTALL, USER_INSTALL
        assert command["contexts"] == [0, 1, 2], command["name"]  # GUILD, BOT_DM, PRIVATE_CHANNEL
    assert fake.spec.check("PUT", f"/applications/{APP_ID}/commands", put.body) == []
    # The spec knows the fields (a misspelt key or a value out of range would be reported).
    bad = [{**put.body[0], "contexts": [3]}]
    assert fake.spec.check("PUT", f"/applications/{APP_ID}/commands", bad)


# ----- a group DM game, played to the end by two users ----------------------------------------


async def test_a_group_dm_game_to_the_end_through_answers_only(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h)  # no server: anyone may open a game
    sent = await h.click(BOB, f"lobby:join:{game_id}", card)
    nothing_posted_in_the_group(sent)
    assert "joined" in reply_text(sent)
    [shown] = public(sent)  # the lobby can't be edited from another interaction: shown anew
    assert "Bob" in shown.content and f"lobby:start:{game_id}" in buttons(shown.body)
    sent = await h.click(BOB, f"lobby:start:{game_id}", shown.response)  # a player may start it
    nothing_posted_in_the_group(sent)
    [board] = public(sent)
    [first] = board.body["allowed_mentions"]["users"]  # the player to begin, pinged
    assert board.files and f"<@{first}>, your turn" in board.content

    actors = {"101": ALICE, "202": BOB}
    game = games.REGISTRY["aqualin"]
    for turn in range(36):
        row = await h.client.service.store.games.active_game(GROUP_DM)
        assert row.guild_id is None
        (player,) = game.to_act(game.load(row.state))
        choice = (await h.autocomplete(actors[player], "move", "action", ""))[0]["value"]
        sent = await h.command(actors[player], "move", action=choice)
        nothing_posted_in_the_group(sent)
        assert reply_text(sent) == f"Played `{choice}`."
        [post] = public(sent)  # the turn ping is the answer to the previous mover's command
        assert post.files
        if turn < 35:
            other = "<@202>" if player == "101" else "<@101>"
            assert f"{other}, your turn" in post.content
    assert "Game over" in post.content
    row = await h.client.service.store.games.latest_game(GROUP_DM)
    assert row.status == "finished" and row.board_message_id == int(post.response["id"])
    pending = await h.client.service.store.outbox.rows(pending=True)
    assert pending == []  # every row went out through an answer
    assert h.fake.violations == []


async def test_buttons_play_in_a_group_dm(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h, "kahuna")
    await h.click(BOB, f"lobby:join:{game_id}", card)
    sent = await h.command(ALICE, "game", "start")
    [board] = public(sent)
    assert dms(sent, ALICE) and dms(sent, BOB)  # hands by DM, as in a server
    move = next(b for b in buttons(board.body) if b.startswith(("mv:", "mn:")))
    sent = await h.click(ALICE, move, board.response)
    nothing_posted_in_the_group(sent)
    assert callbacks(sent) and not [s for s in sent if s.template.startswith("/channels/{channel_id}/messages/")]


async def test_a_bot_seat_moves_and_the_human_hears_by_dm(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h)
    await h.command(ALICE, "game", "addbot", level="easy")
    sent = await h.command(ALICE, "game", "start")
    nothing_posted_in_the_group(sent)
    if await to_act(h) is not ALICE:  # the bot began: its move came by DM after the start
        assert dms(sent, ALICE)
    choice = (await h.autocomplete(ALICE, "move", "action", ""))[0]["value"]
    sent = await h.command(ALICE, "move", action=choice)  # the bot answers in the background
    nothing_posted_in_the_group(sent)
    [mine] = public(sent)  # Alice's move, shown in the group as the answer to her command
    assert "thinking" in mine.content
    [news] = dms(sent, ALICE)  # the bot's move: nobody's command to answer, so a DM
    assert news.files and "<@101>, your turn" in news.content
    assert f"https://discord.com/channels/@me/{GROUP_DM}" in news.content


async def test_closed_dms_are_told_through_the_answer(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h, "kahuna")
    await h.click(BOB, f"lobby:join:{game_id}", card)
    h.fake.closed_dms.add(BOB.id)
    sent = await h.command(ALICE, "game", "start")
    nothing_posted_in_the_group(sent)
    notice = [f for f in public(sent) if f.content.startswith("📬 <@202>")]
    assert len(notice) == 1 and [int(u) for u in notice[0].body["allowed_mentions"]["users"]] == [202]


# ----- moderators, settings and language outside a server -------------------------------------


async def test_players_moderate_and_others_do_not(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h, "kahuna")  # a game with a pass
    await h.click(BOB, f"lobby:join:{game_id}", card)
    await h.command(ALICE, "game", "start")
    sent = await h.command(CAROL, "game", "skip")  # in the chat, but not playing (German Discord)
    assert "Platz im Spiel" in reply_text(sent)
    assert public(sent) == []
    waiting = await to_act(h)
    other = BOB if waiting is ALICE else ALICE
    sent = await h.command(other, "game", "skip")  # a player: may pass the other's turn
    nothing_posted_in_the_group(sent)
    [post] = public(sent)
    assert f"<@{other.id}>, your turn" in post.content


async def test_config_in_a_group_dm_changes_that_chat(dm: GroupDM) -> None:
    h = dm
    sent = await h.command(BOB, "game", "config", reminder="1h", language="da")  # no permission needed
    text = reply_text(sent)
    assert text.startswith("Saved.") and "settings of this chat" in text  # Bob reads English
    store = h.client.service.store
    assert (await store.settings.channel(GROUP_DM)).reminder_seconds == 3600
    assert (await store.settings.channel(GROUP_DM)).language == "da"
    assert (await store.settings.guild(GUILD_ID)).reminder_seconds == 12 * 3600  # servers untouched
    sent = await h.command(BOB, "game", "config", who_starts="everyone")
    assert "roles" in reply_text(sent)
    game_id, card = await lobby(h)
    assert "Deltag" in str(card["components"])  # the chat's language (Danish) on the buttons


async def test_language_follows_the_asker_without_a_setting(dm: GroupDM) -> None:
    h = dm
    game_id, card = await lobby(h)
    sent = await h.click(CAROL, f"lobby:join:{game_id}", card)  # Carol's Discord speaks German
    [shown] = public(sent)
    assert "Carol" in shown.content and "Beitreten" in str(shown.body["components"])


async def test_reminders_go_by_dm_in_a_group_dm(dm: GroupDM) -> None:
    h = dm
    clock = [1_000_000.0]
    h.client.service.clock = lambda: clock[0]
    await h.command(ALICE, "game", "config", reminder="1h")
    game_id, card = await lobby(h)
    await h.click(BOB, f"lobby:join:{game_id}", card)
    await h.command(ALICE, "game", "start")
    clock[0] += WAIT + 1
    h.fake.take()
    from bot.adapter.timer_loop import fire_once

    assert await fire_once(h.client) == 1
    sent = h.fake.take()
    nothing_posted_in_the_group(sent)
    [reminder] = dms(sent, await to_act(h))  # the player whose turn it is, by DM
    assert f"https://discord.com/channels/@me/{GROUP_DM}" in reminder.content
    assert "your turn" in reminder.content
    assert await h.client.service.store.outbox.rows(pending=True) == []


async def test_a_row_without_an_interaction_goes_by_dm(dm: GroupDM) -> None:
    """A row of a group DM the outbox loop sends later (its process died): by DM, never posted."""
    h = dm
    game_id, card = await lobby(h)
    await h.click(BOB, f"lobby:join:{game_id}", card)
    service = h.client.service
    outcome = await service.lobby.start(Actor(ALICE.id, "Alice"), Place(guild_id=None, channel_id=GROUP_DM))  # not delivered
    assert outcome.outbox
    service.clock = lambda: 10**10  # long after: the loop takes it over
    h.fake.take()
    await h.client.pipeline.sweep()
    sent = h.fake.take()
    nothing_posted_in_the_group(sent)
    [board] = dms(sent, await to_act(h))
    assert board.files and "your turn" in board.content and not board.body.get("components")


# ----- a server game is unchanged ---------------------------------------------------------------


async def test_a_server_game_still_posts_in_its_channel(harness: Harness) -> None:
    h = harness
    sent = await h.command(ALICE, "game", "new", game="aqualin")
    [card] = channel_posts(sent)
    game_id = int(buttons(card.body)[0].rsplit(":", 1)[1])
    sent = await h.click(BOB, f"lobby:join:{game_id}", int(card.response["id"]))
    assert [s.method for s in sent if s.template == "/channels/{channel_id}/messages/{message_id}"] == ["PATCH"]
    sent = await h.command(BOB, "game", "skip")  # a player is no moderator in a server
    assert "Manage Channels" in reply_text(sent)
    sent = await h.command(ALICE, "game", "start")
    [board] = channel_posts(sent)
    assert board.path == f"/channels/{CHANNEL_ID}/messages" and public(sent) == []


async def test_a_player_who_never_chose_hears_of_each_turn_once(dm: GroupDM) -> None:
    """Outside a server the default is the ping of the answer, or the post itself by DM where
    there is nothing to answer: never a second DM saying the same."""
    h = dm
    service = h.client.service
    assert service.notices.notify_default(None) == service.notices.notify_default(GUILD_ID) == "channel"
    game_id, card = await lobby(h)
    await h.click(BOB, f"lobby:join:{game_id}", card)
    sent = await h.command(ALICE, "game", "start")
    waiting = await to_act(h)
    [board] = public(sent)
    assert f"<@{waiting.id}>" in board.content
    assert [int(u) for u in board.body["allowed_mentions"]["users"]] == [waiting.id]
    assert dms(sent, waiting) == []


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
async def test_every_game_starts_and_moves_in_a_group_dm(dm: GroupDM, game_id: str) -> None:
    h = dm
    number, card = await lobby(h, game_id)
    await h.click(BOB, f"lobby:join:{number}", card)
    sent = await h.command(ALICE, "game", "start")
    nothing_posted_in_the_group(sent)
    [board] = public(sent)
    assert board.files
    users = {101: ALICE, 202: BOB}
    for _ in range(3):
        row = await h.client.service.store.games.active_game(GROUP_DM)
        if row is None:
            break
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        seats = {s.player_id: s.user_id for s in await h.client.service.store.games.seats(row.id)}
        player = sorted(game.to_act(state))[0]
        choice = (await h.autocomplete(users[seats[player]], "move", "action", ""))[0]["value"]
        sent = await h.command(users[seats[player]], "move", action=choice)
        nothing_posted_in_the_group(sent)
        said = reply_text(sent)  # a step inside a turn is told only to the mover
        assert said.startswith(("Played", "Done")) and "went wrong" not in said, said


class UserInstallInAServer(Harness):
    """A server that did not add the bot, where a member uses their own install of the app."""

    def _base(self, user: User, kind: int, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        payload = super()._base(user, kind, data, **kwargs)
        payload["authorizing_integration_owners"] = {"1": str(user.id)}
        return payload


async def test_a_server_without_the_bot_is_told_to_add_it(start_bot: BotFactory,
                                                          fake: FakeDiscord) -> None:
    h = await start_bot()
    there = UserInstallInAServer(h.client, fake)
    sent = await there.command(ALICE, "game", "new", game="aqualin")
    [answer] = callbacks(sent)
    assert answer.body["type"] == 4 and answer.body["data"]["flags"] & EPHEMERAL
    assert "add me" in answer.body["data"]["content"]
    assert channel_posts(sent) == [] and await h.client.service.store.games.active_game(CHANNEL_ID) is None
