"""Games outside a server (a group DM with the user-installed app): rights, settings, language."""

from __future__ import annotations

import pytest

from bot.refusals import NotAllowed, ServiceError
from bot.i18n import tr
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store

from .conftest import BOB, CAROL, GUILD, PLACE, FakeClock, deliver_all

CHAT = Place(guild_id=None, channel_id=880)
OTHER_CHAT = Place(guild_id=None, channel_id=881)
DANA = Actor(user_id=404, name="Dana")  # no permissions anywhere (there are none outside servers)


async def started(service: GameService, place: Place = CHAT, game: str = "kahuna") -> int:
    outcome = await service.lobby.new_game(DANA, place, game)
    await service.lobby.join(BOB, place)
    await service.lobby.start(DANA, place)
    assert outcome.game_id is not None
    return outcome.game_id


async def test_anyone_opens_and_the_players_moderate(service: GameService) -> None:
    await started(service)
    with pytest.raises(NotAllowed, match="a seat in the game"):
        await service.play.skip(CAROL, CHAT)  # in the chat, not in the game
    with pytest.raises(NotAllowed):
        await service.play.kick(CAROL, CHAT, BOB.user_id, "Bob")
    outcome = await service.play.skip(BOB, CHAT)  # a player passes the other's (or their own) turn
    assert outcome.posts
    outcome = await service.play.kick(BOB, CHAT, DANA.user_id, "Dana")  # and may remove a player
    row = await service.store.games.latest_game(CHAT.channel_id)
    assert row.status == "aborted"  # a player can't win by kicking: no result, as in a server


async def test_in_a_server_players_are_no_moderators(service: GameService) -> None:
    await service.lobby.new_game(Actor(101, "Alice", manage_channels=True), PLACE, "aqualin")
    with pytest.raises(NotAllowed, match="Opening a game"):
        await service.lobby.new_game(DANA, Place(guild_id=GUILD, channel_id=701), "aqualin")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(Actor(101, "Alice", manage_channels=True), PLACE)
    with pytest.raises(NotAllowed, match="Manage Channels"):
        await service.play.skip(BOB, PLACE)


async def test_a_lobby_player_may_start_and_add_bots(service: GameService) -> None:
    await service.lobby.new_game(DANA, CHAT, "aqualin")
    await service.lobby.join(BOB, CHAT)
    with pytest.raises(NotAllowed):
        await service.bots.add_bot(CAROL, CHAT)
    await service.lobby.leave(BOB, CHAT)
    await service.bots.add_bot(DANA, CHAT)
    await service.bots.remove_bot(DANA, CHAT)
    await service.lobby.join(BOB, CHAT)
    outcome = await service.lobby.start(BOB, CHAT)  # not the host, but seated
    assert outcome.posts


async def test_settings_belong_to_the_chat(service: GameService, clock: FakeClock) -> None:
    outcome = await service.settings.configure(CAROL, CHAT, reminder="1h", deadline="1d", on_deadline="skip",
                                      language="de", auto_forced=False)
    assert "settings of this chat" in tr(outcome.reply, "en")
    here = await service.ground.settings_for(CHAT)
    assert (here.reminder_seconds, here.deadline_seconds, here.deadline_action) == (3600, 86400, "skip")
    assert here.language == "de" and not here.auto_forced
    assert (await service.ground.settings_for(OTHER_CHAT)).reminder_seconds == 12 * 3600  # another chat
    assert (await service.store.settings.guild(GUILD)).reminder_seconds == 12 * 3600
    with pytest.raises(ServiceError, match="no roles"):
        await service.settings.configure(CAROL, CHAT, who_starts="everyone")
    with pytest.raises(ServiceError, match="no roles"):
        await service.settings.configure(CAROL, CHAT, manager_role=5)
    shown = await service.settings.show_settings(CAROL, CHAT)
    assert "Reminders: every 1 h" in tr(shown.reply, "en")
    # A game there runs on the chat's timers: the reminder after an hour.
    await started(service)
    await deliver_all(service)
    timers = await service.store.timers.of_game((await service.store.games.active_game(CHAT.channel_id)).id)
    reminder = next(t for t in timers if t.kind == "reminder")
    assert reminder.due_at == pytest.approx(clock() + 3600)


async def test_language_outside_a_server(service: GameService) -> None:
    assert await service.settings.channel_language(None, "de", channel_id=CHAT.channel_id) == "de"
    assert await service.settings.channel_language(None, channel_id=CHAT.channel_id) == "de"  # remembered
    assert await service.settings.channel_language(None, "da", channel_id=CHAT.channel_id) == "da"
    assert await service.settings.channel_language(None, channel_id=OTHER_CHAT.channel_id) == "en"
    await service.settings.configure(CAROL, CHAT, language="de")  # the chat's choice wins
    assert await service.settings.channel_language(None, "da", channel_id=CHAT.channel_id) == "de"


async def test_channel_settings_survive_a_restart(db_url: str, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock)
    await service.settings.configure(CAROL, CHAT, reminder="2h", bot_takeover=True)
    await store.close()
    store = await Store.open(db_url)
    try:
        settings = await store.settings.channel(CHAT.channel_id)
        assert settings.reminder_seconds == 7200 and settings.bot_takeover is True
    finally:
        await store.close()
