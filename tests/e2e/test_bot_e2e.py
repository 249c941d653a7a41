"""End to end: the real bot process against the Discord API emulator, over loopback.

Every REST request the bot sends is validated against Discord's OpenAPI spec by the
emulator (the ``emulator`` fixture fails the test on any violation), and the ``bot`` fixture
fails it when the bot logged an error. Tests that do not restart the bot share the module's
process (``shared``): each plays in channels of its own and reads only those.
"""

from __future__ import annotations

import asyncio
import copy
import io
import random
import re
import string
import time

import aiohttp
from PIL import Image

from .conftest import BOTH_BACKENDS, SHARED_ON_BOTH_BACKENDS, BotProcess
from .emulator import ACK_DEADLINE, APP_ID, Emulator, Interaction, Message, User

MENTION = re.compile(r"<@!?(\d+)>")


# ----- helpers -------------------------------------------------------------------------------


def reply_text(record: Interaction) -> str:
    """The ephemeral answer to an interaction (it must exist and be ephemeral)."""
    assert record.acked_at is not None, f"never acknowledged: {record.payload['data']}"
    assert record.reply is not None, "no reply"
    assert record.reply.ephemeral, f"the reply was public: {record.reply.content!r}"
    return record.reply.content


def last_public(emu: Emulator, channel: int) -> Message:
    return emu.public_messages(channel)[-1]


def assert_png(message: Message) -> None:
    [attachment] = message.attachments
    assert attachment["filename"].endswith(".png")
    assert attachment["description"], "board images carry alt text"
    image = Image.open(io.BytesIO(attachment["data"]))
    image.load()
    assert image.format == "PNG" and image.width >= 800


def lobby_of(emu: Emulator, channel: int) -> tuple[Message, int]:
    lobby = next(m for m in reversed(emu.public_messages(channel)) if m.custom_ids())
    game_id = int(lobby.custom_ids()[0].rsplit(":", 1)[1])
    return lobby, game_id


async def seated(emu: Emulator, bot: BotProcess) -> tuple[int, User, User, dict[int, User]]:
    """A new channel, Alice (a moderator) and Bob, the bot running and their Aqualin game
    started: (channel, alice, bob, players by id)."""
    channel = emu.add_channel()
    alice = emu.add_user("Alice", moderator=True)
    bob = emu.add_user("Bob")
    await bot.ensure_started()
    await open_and_start(emu, channel, alice, bob)
    return channel, alice, bob, {alice.id: alice, bob.id: bob}


async def three_of_us(emu: Emulator, bot: BotProcess) -> tuple[int, User, User, User]:
    """A new channel, Alice (a moderator), Bob and Carol, and the bot running."""
    channel = emu.add_channel()
    alice = emu.add_user("Alice", moderator=True)
    bob = emu.add_user("Bob")
    carol = emu.add_user("Carol")
    await bot.ensure_started()
    return channel, alice, bob, carol


async def start_by_buttons(emu: Emulator, channel: int, host: User, guest: User, game: str) -> None:
    """``/game new`` of ``game``, the guest's Join button, the host's Start button (without
    the checks of :func:`open_and_start` on the way)."""
    await emu.slash(host, "game new", channel, game=game)
    lobby, game_id = lobby_of(emu, channel)
    await emu.click(guest, lobby, f"lobby:join:{game_id}")
    await emu.click(host, lobby, f"lobby:start:{game_id}")


async def open_and_start(emu: Emulator, channel: int, host: User, guest: User) -> None:
    """``/game new``, the Join button, the Start button; Aqualin with the host as colour."""
    record = await emu.slash(host, "game new", channel, game="aqualin", options="role=host-colour")
    assert "lobby is open" in reply_text(record)
    lobby, game_id = lobby_of(emu, channel)
    assert lobby.custom_ids() == [f"lobby:join:{game_id}", f"lobby:leave:{game_id}",
                                  f"lobby:start:{game_id}", f"lobby:addbot:{game_id}"]
    assert lobby.pinged_users == set()
    record = await emu.click(guest, lobby, f"lobby:join:{game_id}")
    assert "joined" in reply_text(record)
    assert guest.name in lobby.content  # the lobby message was edited in place
    record = await emu.click(host, lobby, f"lobby:start:{game_id}")
    assert "started" in reply_text(record)
    assert lobby.custom_ids() == []  # buttons removed once started
    board = last_public(emu, channel)
    assert_png(board)
    assert board.pinged_users == {host.id}


async def play_turn(emu: Emulator, channel: int, players: dict[int, User]) -> Message:
    """The pinged player asks autocomplete, plays its first suggestion; returns the new board."""
    board = last_public(emu, channel)
    (current_id,) = board.pinged_users
    current = players[current_id]
    choices = await emu.autocomplete(current, "move", channel, "action", "")
    assert 1 <= len(choices) <= 25
    move = choices[0]["value"]
    record = await emu.slash(current, "move", channel, action=move)
    assert reply_text(record) == f"Played `{move}`."
    new_board = last_public(emu, channel)
    assert new_board is not board
    assert_png(new_board)
    return new_board


async def confirm(emu: Emulator, user: User, asked: Interaction) -> str:
    """Press Confirm under the question ``/game resign`` or ``/game abort`` asked first; the
    private answer that follows."""
    question = asked.reply
    assert question is not None and question.ephemeral and len(question.custom_ids()) == 2
    record = await emu.click(user, question, question.custom_ids()[0])
    assert record.callback is not None and record.callback["type"] == 7  # the buttons go
    assert question.custom_ids() == []
    await emu.until(lambda: any(m.ephemeral for m in record.followups), what="the answer")
    return next(m.content for m in record.followups if m.ephemeral)


def moves_in_db(bot: BotProcess, *channels: int) -> list[tuple[int, int, str]]:
    """Every stored move (game, number, move), or those of games in ``channels``."""
    if not channels:
        return bot.sql("SELECT game_id, n, move FROM moves ORDER BY game_id, n")
    marks = ", ".join("?" * len(channels))
    return bot.sql("SELECT m.game_id, m.n, m.move FROM moves m JOIN games g ON g.id = m.game_id"
                   f" WHERE g.channel_id IN ({marks}) ORDER BY m.game_id, m.n", channels)


# ----- scenarios -----------------------------------------------------------------------------


async def test_startup_logs_in_syncs_and_gets_ready(emulator: Emulator, bot: BotProcess) -> None:
    emulator.add_channel()
    await bot.start()
    assert ("GET", "/users/@me") in emulator.requests
    assert emulator.command_syncs == 1
    assert {c["name"] for c in emulator.commands} == {"game", "move", "turns", "profile"}
    game = next(c for c in emulator.commands if c["name"] == "game")
    assert {o["name"] for o in game["options"]} >= {"new", "join", "leave", "start", "board", "hand",
                                                    "rules", "status", "abort", "resign", "hint",
                                                    "review"}
    assert len(game["options"]) <= 25  # Discord's most subcommands in a group
    assert emulator.identifies == 1 and bot.alive


@SHARED_ON_BOTH_BACKENDS
async def test_a_complete_aqualin_game(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared  # started warmed up, as in production
    channel, alice, bob, players = await seated(emulator, bot)
    for turn in range(36):
        board = await play_turn(emulator, channel, players)
        if turn < 35:
            (pinged,) = board.pinged_users
            assert f"<@{pinged}>, your turn" in board.content
            assert set(map(int, MENTION.findall(board.content))) == {pinged}  # only them
    assert "Game over" in board.content and "Scores" in board.content
    assert board.pinged_users == {alice.id, bob.id}
    assert not any(m.pinged_everyone for m in emulator.messages.values())
    # Anyone may look at the final board afterwards, privately.
    look = await emulator.slash(bob, "game board", channel)
    assert "finished" in reply_text(look) and look.reply.attachments


async def test_closed_dms_are_explained_privately(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob", dms_open=False)
    await open_and_start(emulator, channel, alice, bob)
    record = await emulator.slash(alice, "game hand", channel, dm=True)
    assert "your turn" in reply_text(record)
    [dm] = emulator.dms_to(alice)
    assert "your turn" in dm.content
    before = len(emulator.public_messages(channel))
    record = await emulator.slash(bob, "game hand", channel, dm=True)
    assert "not your turn" in reply_text(record)
    await emulator.until(lambda: record.followups, what="the closed-DM explanation")
    [explained] = record.followups
    assert explained.ephemeral and "couldn't send you a DM" in explained.content
    assert "not your turn" in explained.content  # the content, only for them
    assert emulator.dms_to(bob) == [] and len(emulator.public_messages(channel)) == before
    assert bot.alive


@BOTH_BACKENDS
async def test_sigkill_mid_game_then_restart(emulator: Emulator, bot: BotProcess) -> None:
    game_channel = emulator.add_channel()
    lobby_channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    carol = emulator.add_user("Carol", moderator=True)
    dave = emulator.add_user("Dave")
    players = {alice.id: alice, bob.id: bob}
    await bot.start()
    await open_and_start(emulator, game_channel, alice, bob)
    for _ in range(3):
        await play_turn(emulator, game_channel, players)
    await emulator.slash(carol, "game new", lobby_channel, game="aqualin", options="rules=classic")
    lobby, game_id = lobby_of(emulator, lobby_channel)

    await bot.kill()
    assert not bot.alive
    await bot.start()  # same database file
    assert emulator.identifies == 2
    assert emulator.command_syncs == 1  # the commands did not change: no second sync

    for _ in range(3):  # the game goes on where it was
        await play_turn(emulator, game_channel, players)
    assert len(moves_in_db(bot)) == 6
    # Buttons on a message sent before the kill still work.
    joined = await emulator.click(dave, lobby, f"lobby:join:{game_id}")
    assert "joined" in reply_text(joined)
    started = await emulator.click(carol, lobby, f"lobby:start:{game_id}")
    assert "started" in reply_text(started)
    assert_png(last_public(emulator, lobby_channel))


@SHARED_ON_BOTH_BACKENDS
async def test_racing_interactions_apply_once(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel, alice, bob, carol = await three_of_us(emulator, bot)
    # Two Start clicks at once.
    await emulator.slash(alice, "game new", channel, game="aqualin", options="role=host-colour")
    lobby, game_id = lobby_of(emulator, channel)
    await emulator.click(bob, lobby, f"lobby:join:{game_id}")
    stale = copy.deepcopy(lobby)
    first = await emulator.click(alice, lobby, f"lobby:start:{game_id}", wait=False)
    second = await emulator.click(alice, stale, f"lobby:start:{game_id}", wait=False)
    replies = sorted([reply_text(await emulator.finish(first)), reply_text(await emulator.finish(second))])
    assert replies[0] == "The game has started." and "already started" in replies[1]
    boards = [m for m in emulator.public_messages(channel) if m.attachments]
    assert len(boards) == 1
    # The same move twice at once, and a third player's join click racing a move.
    moves = [await emulator.slash(alice, "move", channel, wait=False, action="c3") for _ in range(2)]
    late_join = await emulator.click(carol, stale, f"lobby:join:{game_id}", wait=False)
    texts = [reply_text(await emulator.finish(r)) for r in moves]
    [loser] = [t for t in texts if t != "Played `c3`."]  # exactly one was played
    assert "not your turn" in loser or "at the same moment" in loser
    assert "already started" in reply_text(await emulator.finish(late_join))
    assert [m for _, _, m in moves_in_db(bot, channel)] == ["c3"]
    assert len([m for m in emulator.public_messages(channel) if m.attachments]) == 2


async def test_permissions_are_refused_privately(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel, alice, bob, carol = await three_of_us(emulator, bot)
    await open_and_start(emulator, channel, alice, bob)
    before = len(emulator.public_messages(channel))
    assert "not playing" in reply_text(await emulator.slash(carol, "move", channel, action="a1"))
    assert "Manage Channels" in reply_text(await emulator.slash(bob, "game abort", channel, reason="no"))
    assert "Manage Channels" in reply_text(await emulator.slash(carol, "game new", emulator.add_channel(),
                                                               game="aqualin"))
    assert "not your turn" in reply_text(await emulator.slash(bob, "move", channel, action="a1"))
    assert len(emulator.public_messages(channel)) == before
    asked = await emulator.slash(alice, "game abort", channel, reason="testing")
    assert "aborted" in await confirm(emulator, alice, asked)
    assert "testing" in last_public(emulator, channel).content


async def test_rate_limits_are_respected(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel, alice, bob, players = await seated(emulator, bot)
    limited = emulator.rate_limited
    emulator.rate_limit_next["post"] = 1  # the next channel message gets one 429 first
    await play_turn(emulator, channel, {alice.id: alice, bob.id: bob})
    assert emulator.rate_limited == limited + 1
    assert len([m for m in emulator.public_messages(channel) if m.attachments]) == 2


@SHARED_ON_BOTH_BACKENDS
async def test_load_50_channels(shared: BotProcess) -> None:
    """50 tables at once: every interaction is answered, without an error, and every move is
    stored once. (How quickly: ``python -m tools.bench --only interactions``.)"""
    emulator, bot = shared.emulator, shared
    pairs = [(emulator.add_channel(), emulator.add_user(f"Host{i}", moderator=True),
              emulator.add_user(f"Guest{i}")) for i in range(50)]
    before = set(emulator.interactions)

    async def table(channel: int, host: User, guest: User) -> None:
        await open_and_start(emulator, channel, host, guest)
        for _ in range(3):
            await play_turn(emulator, channel, {host.id: host, guest.id: guest})

    await asyncio.gather(*(table(*p) for p in pairs))
    ours = [r for i, r in emulator.interactions.items() if i not in before]
    assert len(ours) == 50 * (3 + 3 * 2)  # new, join, start; autocomplete and move per turn
    assert all(r.acked_at is not None and not r.errors for r in ours)
    assert len(moves_in_db(bot, *(channel for channel, _, _ in pairs))) == 150


async def test_bad_input_gets_clear_replies(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel = emulator.add_channel()
    options_channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob")
    await open_and_start(emulator, channel, alice, bob)
    rnd = random.Random(20261130)
    alphabet = string.printable + "äöü→–—@#*_~`|<>🐟🦀\u200b"

    def garbage() -> str:
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 100))).strip() or "?"

    async def batch(records: list[Interaction]) -> list[str]:
        return [reply_text(await emulator.finish(r)) for r in records]

    texts: list[str] = []
    for _ in range(10):  # 250 random moves, 25 at a time
        texts += await batch([await emulator.slash(alice, "move", channel, wait=False, action=garbage())
                              for _ in range(25)])
    keys = ["rules", "role", "Rules", "colour", "x", "", "=", "rules=", "=seed"]
    values = ["seed", "classic", "CLASSIC", "random", "host-colour", "nope", "1", "", "🐟"]
    for _ in range(4):  # 100 random option strings, one at a time (a good one opens a lobby)
        for _ in range(25):
            option = " ".join(f"{rnd.choice(keys)}={rnd.choice(values)}" for _ in range(rnd.randint(1, 3)))
            record = await emulator.slash(alice, "game new", options_channel, game="aqualin", options=option)
            texts.append(reply_text(record))
            if "lobby is open" in texts[-1]:
                asked = await emulator.slash(alice, "game abort", options_channel)
                assert "aborted" in await confirm(emulator, alice, asked)
    assert len(texts) == 350 and all(t.strip() for t in texts)
    assert not any("went wrong" in t for t in texts)
    assert any("not a square" in t or "could not read" in t for t in texts)
    assert any("option" in t for t in texts)
    assert moves_in_db(bot, channel, options_channel) == []  # nothing random was ever played
    await play_turn(emulator, channel, {alice.id: alice, bob.id: bob})  # still works
    assert bot.alive


async def test_emulator_enforces_discord_rules(emulator: Emulator) -> None:
    """Without the bot: late and double acknowledgements fail as they do on Discord."""
    emulator.ack_deadline = ACK_DEADLINE  # Discord's rule (the tests' emulator is patient)
    user = emulator.add_user("Eve")
    channel = emulator.add_channel()
    record = emulator._interaction(user, 2, {"id": "1", "name": "x", "type": 1}, channel)
    record.sent_at = time.monotonic() - 3.5
    url = f"{emulator.api_base}/interactions/{record.id}/{record.token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"type": 5, "data": {"flags": 64}}) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10062
        fresh = emulator._interaction(user, 2, {"id": "1", "name": "x", "type": 1}, channel)
        fresh.sent_at = time.monotonic()
        url = f"{emulator.api_base}/interactions/{fresh.id}/{fresh.token}/callback"
        async with http.post(url, json={"type": 5, "data": {"flags": 64}}) as resp:
            assert resp.status == 204
        async with http.post(url, json={"type": 5, "data": {"flags": 64}}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        dm_channel = emulator._h_open_dm(None, {}, {"recipient_id": str(user.id)}, [])["id"]
        user.dms_open = False
        headers = {"Authorization": "Bot emulated-bot-token"}
        async with http.post(f"{emulator.api_base}/channels/{dm_channel}/messages",
                             json={"content": "hi"}, headers=headers) as resp:
            assert resp.status == 403 and (await resp.json())["code"] == 50007
        async with http.post(f"{emulator.api_base}/channels/{channel}/messages",
                             json={"content": "x" * 2001}, headers=headers) as resp:
            assert resp.status == 200
    assert any("2000" in v for v in emulator.violations)  # the spec check caught it
    emulator.violations.clear()
    assert APP_ID


async def test_kahuna_hands_by_dm_and_closed_dms(shared: BotProcess) -> None:
    emulator, bot = shared.emulator, shared
    channel = emulator.add_channel()
    alice = emulator.add_user("Alice", moderator=True)
    bob = emulator.add_user("Bob", dms_open=False)
    users = {alice.id: alice, bob.id: bob}
    await start_by_buttons(emulator, channel, alice, bob, "kahuna")
    [alice_dm] = emulator.dms_to(alice)
    assert alice_dm.attachments and alice_dm.attachments[0]["data"].startswith(b"\x89PNG")
    notice = next(m for m in emulator.public_messages(channel) if "couldn't send you your hand" in m.content)
    assert notice.pinged_users == {bob.id} and not notice.attachments  # no secrets in the channel
    board = next(m for m in reversed(emulator.public_messages(channel)) if m.attachments)
    for _ in range(400):  # the whole game, whoever is to act
        if "Game over" in board.content:
            break
        (current_id,) = board.pinged_users
        current = users[current_id]
        move = (await emulator.autocomplete(current, "move", channel, "action", ""))[0]["value"]
        record = await emulator.slash(current, "move", channel, action=move)
        reply_text(record)
        if current is bob and move.split()[0] in ("bridge", "remove", "tuck", "draw"):
            await emulator.until(lambda: record.followups, what="Bob's hand, privately")
            assert any("couldn't send you a DM" in f.content and f.ephemeral for f in record.followups)
        new = [m for m in emulator.public_messages(channel) if m.attachments]
        board = new[-1]
    assert "Game over" in board.content and board.pinged_users == {alice.id, bob.id}
    # one DM for Alice, edited after each of her actions: it shows her hand as it is now
    [alice_dm] = emulator.dms_to(alice)
    assert alice_dm.edits >= 2 and "The game is over." in alice_dm.content
    assert len(alice_dm.attachments) == 1 and alice_dm.attachments[0]["data"].startswith(b"\x89PNG")
    assert emulator.dms_to(bob) == [] and bot.alive
