"""German and Danish end to end through the adapter: replies, posts, buttons, commands."""

from __future__ import annotations

from bot.i18n import tr
from bot.service.names import _ as bot_text

from .fake_discord import MOD_PERMISSIONS, Harness, User, synced
from .test_commands import channel_posts, reply_text

HANNA = User(111, "Hanna", permissions=MOD_PERMISSIONS, locale="de")
MADS = User(222, "Mads", locale="da")
EVE = User(333, "Eve")  # English

NO_GAME = bot_text("No game has been played in this channel yet. A moderator can open one with "
                   "`{cmd:game new}`.")


async def test_each_user_gets_replies_in_their_language(harness: Harness) -> None:
    h = harness
    german = reply_text(await h.command(HANNA, "game", "status"))
    danish = reply_text(await h.command(MADS, "game", "status"))
    english = reply_text(await h.command(EVE, "game", "status"))
    assert english == str(NO_GAME)
    assert german == tr(NO_GAME, "de") != english and "Kanal" in german
    assert danish == tr(NO_GAME, "da") != english and "kanal" in danish


async def test_channel_messages_follow_the_server(harness: Harness) -> None:
    h = harness
    h.guild_locale = "da"  # a Danish server
    sent = await h.command(HANNA, "game", "new", game="aqualin", options="role=host-colour")
    [lobby] = channel_posts(sent)
    assert "Spillere" in lobby.content  # the lobby card in Danish ...
    assert "Lobby" not in reply_text(sent) or "offen" in reply_text(sent)  # ... Hanna's reply in German
    labels = [c["label"] for row in lobby.body["components"] for c in row["components"]]
    assert labels == ["Deltag", "Forlad", "Start", "Tilføj en bot"]
    await h.command(MADS, "game", "join")
    sent = await h.command(HANNA, "game", "start")
    [board] = channel_posts(sent)
    assert "din tur" in board.content  # Danish turn prompt, with the game's own words in Danish
    assert "hvid" not in board.content and board.body["attachments"][0]["description"]
    # The server picks German for its channels: posts switch, replies stay personal.
    reply = reply_text(await h.command(HANNA, "game", "config", language="de"))
    assert "Deutsch" in reply
    sent = await h.command(HANNA, "move", action="c3")
    [board] = channel_posts(sent)
    assert "du bist dran" in board.content or "dein Zug" in board.content or "am Zug" in board.content
    assert reply_text(sent) != "Played `c3`."


async def test_autocomplete_and_errors_in_german(harness: Harness) -> None:
    h = harness
    await h.start_game(HANNA, MADS, game="aqualin", options="role=host-colour")
    [waiting] = await h.autocomplete(MADS, "move", "action", "")
    assert "tur" in waiting["name"]  # Danish "det er ikke din tur"
    choices = await h.autocomplete(HANNA, "move", "action", "")
    assert all("du " in c["name"] for c in choices)
    text = reply_text(await h.command(HANNA, "move", action="z9"))
    assert "ist kein Feld" in text and text[0].isupper()


async def test_commands_are_localized_when_synced(start_bot, fake) -> None:
    await start_bot()
    game = synced(fake, "game")
    assert game["name_localizations"]["de"] == "spiel" and game["name_localizations"]["da"] == "spil"
    assert game["description_localizations"]["de"] != game["description"]
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["de"] == "neu"
    assert all(len(v) <= 100 for o in game["options"] for v in o.get("description_localizations", {}).values())
