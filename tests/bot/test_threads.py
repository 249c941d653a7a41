"""A thread per game, in the service and the store, on both databases: which game a command
in a channel or a thread is about, one active game per thread, the line the channel keeps at
the end, the fallback to the channel, and old databases after the migration."""

from __future__ import annotations

import pytest

import games
from bot.refusals import NoGame, ServiceError
from bot.messages import Place
from bot.store.envelopes import decode_post
from bot.service import GameService
from bot.store import ChannelBusy, Store

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, PLACE, deliver_all, migrated_to

THREAD_1, THREAD_2 = 7001, 7002


def thread(tid: int) -> Place:
    return Place(guild_id=GUILD, channel_id=tid)


async def threaded_game(service: GameService, game: str, tid: int, options: str = "") -> int:
    """A lobby with ``thread:true`` whose thread the adapter opened (as ``tid``)."""
    outcome = await service.lobby.new_game(ALICE, PLACE, game, options, thread=True)
    assert outcome.game_id is not None
    assert await service.threads.thread_wanted(outcome.game_id) == f"{games.REGISTRY[game].title} #{outcome.game_id}"
    await service.threads.thread_opened(outcome.game_id, tid)
    assert await service.threads.thread_wanted(outcome.game_id) is None  # opened once
    return outcome.game_id


async def channel_lines(service: GameService, game_id: int) -> list[dict]:
    """The stored posts of a game that stay in its channel."""
    return [r for r in await service.store.outbox.rows(game_id)
            if r["kind"] == "post" and decode_post(r["body"]).in_channel]


async def test_the_setting_and_the_override(service: GameService) -> None:
    assert not (await service.store.settings.guild(GUILD)).threads  # off by default
    plain = await service.lobby.new_game(ALICE, PLACE, "aqualin", "")
    assert not (await service.store.games.get(plain.game_id)).threaded
    assert await service.threads.thread_wanted(plain.game_id) is None
    await service.lobby.abort(ALICE, PLACE)
    reply = (await service.settings.configure(ALICE, PLACE, threads=True)).reply
    assert "Each new game gets a thread of its own" in str(reply)
    assert (await service.store.settings.guild(GUILD)).threads
    by_setting = await service.lobby.new_game(ALICE, PLACE, "kahuna", "")
    assert (await service.store.games.get(by_setting.game_id)).threaded
    await service.threads.thread_opened(by_setting.game_id, THREAD_1)
    overridden = await service.lobby.new_game(ALICE, PLACE, "aqua", "", thread=False)
    assert not (await service.store.games.get(overridden.game_id)).threaded
    with pytest.raises(ServiceError):  # only one game may play in the channel itself
        await service.lobby.new_game(ALICE, PLACE, "aqua", "", thread=False)
    with pytest.raises(Exception):
        await service.settings.configure(BOB, PLACE, threads=False)  # Manage Channels only
    # No server, no threads (the console).
    outcome = await service.lobby.new_game(ALICE, Place(guild_id=None, channel_id=1), "aqualin", "", thread=True)
    assert not (await service.store.games.get(outcome.game_id)).threaded


async def test_each_thread_has_its_game_and_the_channel_names_them(service: GameService) -> None:
    first = await threaded_game(service, "aqualin", THREAD_1, "role=host-colour")
    second = await threaded_game(service, "krasserfall", THREAD_2)
    with pytest.raises(NoGame) as raised:
        await service.lobby.join(BOB, PLACE)
    assert str(raised.value.args[0]) == (
        f"This channel has several games, each in a thread of its own: <#{THREAD_1}> and "
        f"<#{THREAD_2}>. Use the command inside the game's thread.")
    assert first and second  # the threads' names say "Aqualin #first" and "Krasserfall #second"
    [(note, _value)] = await service.looking.suggest(BOB, PLACE, "")
    assert str(note) == "Several games here: use /move in the game's thread"
    for ask in (service.looking.status(CAROL, PLACE), service.play.move(BOB, PLACE, "c3"), service.history.log(BOB, PLACE, 5)):
        with pytest.raises(NoGame):
            await ask
    await service.lobby.join(BOB, thread(THREAD_1))
    await service.lobby.join(CAROL, thread(THREAD_2))
    assert [s.user_id for s in await service.store.games.seats(first)] == [ALICE.user_id, BOB.user_id]
    assert [s.user_id for s in await service.store.games.seats(second)] == [ALICE.user_id, CAROL.user_id]
    await service.lobby.start(ALICE, thread(THREAD_1))
    with pytest.raises(ServiceError, match="to give up, use `/game resign`"):
        await service.lobby.leave(BOB, thread(THREAD_1))
    await service.play.move(ALICE, thread(THREAD_1), "c3")
    assert (await service.store.games.get(second)).status == "lobby"
    assert (await service.threads.home_of(first)) == thread(THREAD_1)
    hand = await service.looking.hand(ALICE, thread(THREAD_1))  # private words name the thread
    assert f"<#{THREAD_1}>" in str(hand.reply)
    # A new game inside a game's thread opens no thread of its own, and the thread is taken.
    with pytest.raises(ServiceError):
        await service.lobby.new_game(ALICE, thread(THREAD_1), "aqua", "", thread=True)


async def test_one_active_game_per_thread_in_the_database(store: Store) -> None:
    kw = dict(guild_id=1, channel_id=10, game="aqualin", options={}, seed=1, host_id=5,
              host_name="H", now=0.0)
    a = await store.games.create_game(threaded=True, **kw)
    b = await store.games.create_game(threaded=True, **kw)  # several threaded games per channel
    c = await store.games.create_game(**kw)  # and one that plays in the channel itself
    with pytest.raises(ChannelBusy):
        await store.games.create_game(**kw)
    await store.games.set_thread(a.id, 20)
    with pytest.raises(Exception):  # a thread holds one active game
        await store.games.set_thread(b.id, 20)
    await store.games.set_thread(b.id, 21)
    assert [r.id for r in await store.games.active_games(20)] == [a.id]
    assert [r.id for r in await store.games.active_games(10)] == [c.id]  # the one that plays here
    await store.games.end_game(c.id, c.version, status="aborted", reason="test", now=1.0)
    assert [r.id for r in await store.games.active_games(10)] == [a.id, b.id]
    assert await store.games.active_game(10) is None  # not clear which: none is guessed
    assert await store.games.is_thread(21) and not await store.games.is_thread(10)


async def test_the_end_leaves_one_line_in_the_channel(service: GameService) -> None:
    game_id = await threaded_game(service, "aqualin", THREAD_1, "role=host-colour")
    await service.lobby.join(BOB, thread(THREAD_1))
    await service.lobby.start(ALICE, thread(THREAD_1))
    assert not await channel_lines(service, game_id)
    assert await service.threads.thread_summary(game_id) is None  # not over yet
    await service.play.resign(BOB, thread(THREAD_1))
    [line] = await channel_lines(service, game_id)
    assert line["channel_id"] == CHANNEL
    assert str(await service.threads.thread_summary(game_id)) == (
        f"🏁 **Aqualin** #{game_id} is over: **Alice** wins! The game: <#{THREAD_1}>")


async def test_an_aborted_thread_game_says_so_in_the_channel(service: GameService) -> None:
    lobby = await threaded_game(service, "kahuna", THREAD_1)
    await service.lobby.abort(ALICE, thread(THREAD_1))
    assert not await channel_lines(service, lobby)  # a lobby's end shows on the lobby itself
    running = await threaded_game(service, "kahuna", THREAD_2)
    await service.lobby.join(BOB, thread(THREAD_2))
    await service.lobby.start(ALICE, thread(THREAD_2))
    await service.lobby.abort(ALICE, thread(THREAD_2), "rain")
    assert len(await channel_lines(service, running)) == 1
    assert str(await service.threads.thread_summary(running)) == (
        f"🛑 **Kahuna** #{running} was aborted. The game: <#{THREAD_2}>")


async def test_a_refused_thread_leaves_the_game_in_its_channel(service: GameService) -> None:
    outcome = await service.lobby.new_game(ALICE, PLACE, "aqualin", "", thread=True)
    notice = await service.threads.thread_refused(outcome.game_id)
    assert "Create Public Threads and Send Messages in Threads" in str(notice)
    assert (await service.threads.home_of(outcome.game_id)) == PLACE
    await service.lobby.join(BOB, PLACE)  # commands in the channel reach it
    await service.lobby.start(ALICE, PLACE)
    await service.play.resign(BOB, PLACE)
    assert await service.threads.thread_summary(outcome.game_id) is None  # it ended in the channel


async def test_reminders_point_into_the_thread(service: GameService, clock) -> None:
    game_id = await threaded_game(service, "aqualin", THREAD_1, "role=host-colour")
    await service.lobby.join(BOB, thread(THREAD_1))
    await service.lobby.start(ALICE, thread(THREAD_1))
    await deliver_all(service)
    await service.narrator.remember_message(game_id, "board", 555)
    clock.advance(13 * 3600)
    [(place, outcome)] = await service.timers.fire_due()
    assert place == thread(THREAD_1)  # bots and replies look for the game there
    assert f"https://discord.com/channels/{GUILD}/{THREAD_1}/555" in str(outcome.posts[0].text)


async def test_a_database_from_before_threads_keeps_its_games(db_url: str) -> None:
    db = await migrated_to(db_url, 9)  # the schema as the bot before threads left it
    async with db.tx() as tx:
        await tx.execute("INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id,"
                         " created_at, updated_at) VALUES (1, 10, 'aqualin', '{}', 1, 'lobby', 5, 0, 0)")
        await tx.execute("INSERT INTO guild_settings (guild_id, updated_at) VALUES (1, 0)")
    await db.close()
    store = await Store.open(db_url)
    try:
        old = await store.games.active_game(10)
        assert old is not None and not old.threaded and old.thread_id is None
        assert not (await store.settings.guild(1)).threads
        with pytest.raises(ChannelBusy):  # the channel's one-game rule still holds
            await store.games.create_game(guild_id=1, channel_id=10, game="aqualin", options={}, seed=1,
                                    host_id=5, host_name="H", now=0.0)
    finally:
        await store.close()


async def test_games_left_wanting_a_thread_take_their_channels_free_place(db_url: str) -> None:
    """Migration 0021: a refused thread once left its game threaded with no thread. The
    oldest such game of a channel plays in the channel when no game holds that place; the
    rest stay reachable by number. Whoever is away then has that away booked."""
    db = await migrated_to(db_url, 20)  # as a bot of migration 0020 left it
    ids = {}
    async with db.tx() as tx:
        for name, channel, threaded, thread_id in (("stuck", 10, 1, None), ("stuck too", 10, 1, None),
                                                   ("own", 11, 0, None), ("blocked", 11, 1, None),
                                                   ("fine", 12, 1, 4242)):
            ids[name] = await tx.fetchval(
                "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id,"
                " created_at, updated_at, threaded, thread_id) VALUES (1, ?, 'aqualin', '{}', 1,"
                " 'lobby', 5, 0, 0, ?, ?) RETURNING id", (channel, threaded, thread_id))
        await tx.execute("INSERT INTO away (user_id, since, until) VALUES (5, 100, 86500)")
    await db.close()
    store = await Store.open(db_url)
    try:
        rows = {name: await store.games.get(i) for name, i in ids.items()}
        assert {name: (r.threaded, r.thread_id) for name, r in rows.items()} == {
            "stuck": (False, None), "stuck too": (True, None), "own": (False, None),
            "blocked": (True, None), "fine": (True, 4242)}
        assert [r.id for r in await store.games.active_games(10)] == [ids["stuck"]]
        assert await store.pauses.booked(5, now=200) == pytest.approx(86400)
    finally:
        await store.close()


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
async def test_every_game_plays_in_its_thread(service: GameService, game: str) -> None:
    game_id = await threaded_game(service, game, THREAD_1)
    for actor in (BOB, CAROL)[:max(0, games.REGISTRY[game].min_players - 1)]:
        await service.lobby.join(actor, thread(THREAD_1))
    started = await service.lobby.start(ALICE, thread(THREAD_1))
    assert started.game_id == game_id and (await service.threads.home_of(game_id)) == thread(THREAD_1)
    status = await service.looking.status(CAROL, thread(THREAD_1))
    assert started.posts[0].is_board and status.game_id == game_id
    await service.lobby.abort(ALICE, thread(THREAD_1))
    assert str(await service.threads.thread_summary(game_id)).startswith(
        f"🛑 **{games.REGISTRY[game].title}** #{game_id} was aborted.")


async def test_a_refused_thread_never_locks_a_channel_that_has_its_game(service: GameService) -> None:
    """The reproduction of "Fair play" 1: a game plays in the channel, a second one wants a
    thread and Discord refuses it. The second is closed, saying why; the channel's own game
    answers every command, abort included, and a new game can be opened again."""
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    second = await service.lobby.new_game(ALICE, PLACE, "kahuna", "", thread=True)
    # Before its thread is open, the channel's own game is still the one commands reach.
    assert (await service.looking.status(BOB, PLACE)).game_id != second.game_id
    notice = await service.threads.thread_refused(second.game_id)
    assert str(notice) == (
        f"🛑 I couldn't open a thread for Kahuna #{second.game_id}, and this channel already has a "
        f"game played in it, so I closed Kahuna #{second.game_id}. To run several games here, give "
        "me the Create Public Threads and Send Messages in Threads permissions, then open it again.")
    closed = await service.store.games.get(second.game_id)
    assert closed.status == "aborted" and not closed.thread_id
    await service.play.move(ALICE, PLACE, "c3")  # the channel's game plays on
    await service.lobby.ask_abort(ALICE, PLACE)
    await service.lobby.abort(ALICE, PLACE)
    await service.lobby.new_game(ALICE, PLACE, "aqualin")  # and the channel is free again


async def test_the_database_refuses_a_second_game_without_a_thread(store: Store) -> None:
    kw = dict(guild_id=1, channel_id=10, game="aqualin", options={}, seed=1, host_id=5,
              host_name="H", now=0.0)
    own = await store.games.create_game(**kw)
    wanted = await store.games.create_game(threaded=True, **kw)
    assert not await store.games.play_in_channel(wanted.id)  # the channel's place is taken
    assert (await store.games.get(wanted.id)).threaded
    await store.games.end_game(own.id, own.version, status="aborted", reason="test", now=1.0)
    assert await store.games.play_in_channel(wanted.id)  # free now: it takes it
    again = await store.games.get(wanted.id)
    assert not again.threaded and again.thread_id is None
    with pytest.raises(ChannelBusy):
        await store.games.create_game(**kw)


async def test_no_thread_permission_plays_in_the_channel_or_says_what_is_missing(
        service: GameService) -> None:
    first = await service.lobby.new_game(ALICE, PLACE, "aqualin", "", thread=True, threads_allowed=False)
    assert "I can't open threads here" in str(first.reply)
    row = await service.store.games.get(first.game_id)
    assert not row.threaded and await service.threads.thread_wanted(first.game_id) is None
    with pytest.raises(ServiceError, match="I need the Create Public Threads and Send Messages in "
                                           "Threads permissions here"):
        await service.lobby.new_game(ALICE, PLACE, "kahuna", "", thread=True, threads_allowed=False)
    assert [r.id for r in await service.store.games.active_games(CHANNEL)] == [first.game_id]


async def test_abort_reaches_a_game_from_its_thread_its_channel_and_by_number(
        service: GameService) -> None:
    first = await threaded_game(service, "aqualin", THREAD_1)
    second = await threaded_game(service, "kahuna", THREAD_2)
    with pytest.raises(NoGame, match=rf"several games: #{first} and #{second}\. Say which one: "
                                     r"`/game abort game:`"):
        await service.lobby.ask_abort(ALICE, PLACE)
    asked = await service.lobby.ask_abort(ALICE, PLACE, None, second)  # by number, in the channel
    assert asked.game_id == second
    await service.lobby.abort(ALICE, PLACE, "done", game_id=second)  # its confirmation
    assert (await service.store.games.get(second)).status == "aborted"
    with pytest.raises(NoGame, match=f"no open game number {second} in this channel"):
        await service.lobby.ask_abort(ALICE, PLACE, None, second)
    with pytest.raises(NoGame, match="no open game number"):  # another channel's number
        await service.lobby.ask_abort(ALICE, Place(guild_id=GUILD, channel_id=CHANNEL + 5), None, first)
    assert (await service.lobby.ask_abort(ALICE, thread(THREAD_1))).game_id == first  # from its thread
    await service.lobby.abort(ALICE, thread(THREAD_1), game_id=first)
    assert (await service.store.games.get(first)).status == "aborted"


async def test_the_wait_button_works_inside_the_game_thread(service: GameService, clock) -> None:
    """The button is posted in the thread, so it is pressed there: it finds its game, and the
    forfeit it calls off does not go ahead."""
    game_id = await threaded_game(service, "aqualin", THREAD_1,
                                  "role=host-colour clock=12h on-deadline=forfeit reminder=off")
    await service.lobby.join(BOB, thread(THREAD_1))
    await service.lobby.start(ALICE, thread(THREAD_1))
    await deliver_all(service)
    clock.advance(12 * 3600)
    fired = await service.timers.fire_due()
    assert any(o.posts[0].wait is not None for _, o in fired)
    assert [where for where, _ in fired] == [thread(THREAD_1)]
    out = await service.clocks.wait_for(BOB, thread(THREAD_1), game_id, str(ALICE.user_id))
    assert "**Bob** chose to wait for **Alice**" in str(out.posts[0].text)
    clock.advance(5 * 24 * 3600)
    await service.timers.fire_due()
    assert (await service.store.games.get(game_id)).status == "running"  # nobody forfeited
