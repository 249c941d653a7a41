"""Pause and vacation through the service, with the fake clock, on both databases."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

import games
from games import BadOptions
from bot.refusals import NotAllowed, ServiceError
from bot.messages import Actor, Place
from bot.service import GameService
from bot.service.pause import parse_until
from bot.service.paused import moment
from bot.store import Store

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, FakeClock, change_behind, deliver_all

HOUR = 3600.0
DAY = 86400.0
#: The same people without moderator rights (the pause then needs everyone's agreement).
ALICE_PLAYER = Actor(user_id=ALICE.user_id, name="Alice")
DAVE = Actor(user_id=404, name="Dave")
OTHER = Place(guild_id=GUILD, channel_id=701)


async def aqualin(service: GameService, place: Place = PLACE, options: str = "role=host-colour",
                  first_move: bool = False) -> int:
    """Alice and Bob's started Aqualin game (Alice to move; with ``first_move`` she has moved
    and Bob is to move), its messages delivered so the turn clocks run."""
    out = await service.lobby.new_game(ALICE, place, "aqualin", options)
    await service.lobby.join(BOB, place)
    await service.lobby.start(ALICE, place)
    if first_move:
        await service.play.move(ALICE, place, "a1")
    await deliver_all(service)
    return out.game_id


def day(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d")


def texts(fired) -> list[str]:
    return [str(p.text) for _place, outcome in fired for p in outcome.posts]


async def due_in(service: GameService, game_id: int, kind: str = "reminder") -> float:
    """Seconds until the game's next timer of ``kind`` (a ladder has several reminders)."""
    return min(t.due_at for t in await service.store.timers.of_game(game_id) if t.kind == kind) - service.clock()


# ----- pause and resume ------------------------------------------------------------------------


async def test_a_paused_game_fires_nothing_and_resume_shifts_its_timers(
        service: GameService, clock: FakeClock) -> None:
    game_id = await aqualin(service, options="role=host-colour deadline=1d on-deadline=skip")
    clock.advance(5 * HOUR)
    out = await service.pauses.pause(ALICE, PLACE, "dinner")
    [post] = out.posts
    assert f"Paused by **Alice** since {moment(clock())}: dinner" in str(post.text)
    assert not post.mention  # nobody is pinged for a pause
    paused_at = clock()

    clock.advance(30 * DAY)  # far past the reminder (12 h) and the deadline (1 d)
    assert await service.timers.fire_due() == []
    assert await service.timers.next_due() is None  # nothing to wake up for

    with pytest.raises(ServiceError, match="paused, so no moves"):
        await service.play.move(ALICE, PLACE, "a1")
    status = str((await service.looking.status(BOB, PLACE)).reply)
    assert f"Paused by **Alice** since {moment(paused_at)}: dinner" in status
    assert "Deadline for **Alice** in 19 h" in status  # stopped where it was

    out = await service.pauses.resume(ALICE, PLACE)
    assert "goes on after a pause of 30 d" in str(out.posts[0].text)
    assert out.posts[0].mention == (ALICE.user_id,)  # the one to act hears of it
    assert await due_in(service, game_id) == pytest.approx(7 * HOUR)  # 12 h - the 5 h before
    assert await due_in(service, game_id, "deadline") == pytest.approx(19 * HOUR)
    assert await service.timers.fire_due() == []  # no flood after a long pause
    clock.advance(7 * HOUR - 60)
    assert await service.timers.fire_due() == []
    clock.advance(60)
    [reminder] = texts(await service.timers.fire_due())
    assert "waiting for 12 h" in reminder  # the pause does not count as waiting
    clock.advance(12 * HOUR)
    fired = texts(await service.timers.fire_due())
    assert any("deadline has passed (waiting for 1 d)" in t for t in fired), fired  # once
    assert await service.timers.fire_due() == []


async def test_moves_buttons_and_bots_wait_and_go_on_after_the_pause(service: GameService) -> None:
    """A move before the pause, clicked after it, still counts (the pause leaves the version)."""
    game_id = await aqualin(service)
    row = await service.store.games.get(game_id)
    await service.pauses.pause(ALICE, PLACE)
    for refused in (service.play.move(ALICE, PLACE, "a1", game_id=game_id, version=row.version),
                    service.play.skip(ALICE, PLACE), service.play.undo(ALICE, PLACE)):
        with pytest.raises(ServiceError, match="paused"):
            await refused
    await service.pauses.resume(ALICE, PLACE)
    out = await service.play.move(ALICE, PLACE, "a1", game_id=game_id, version=row.version)
    assert "Played `a1`" in str(out.reply)


async def test_pause_needs_a_moderator_or_every_player(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "krasserfall", "")
    game_id = out.game_id
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(CAROL, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)

    with pytest.raises(NotAllowed, match="needs a moderator, or all of its players"):
        await service.pauses.pause(DAVE, PLACE)
    asked = await service.pauses.pause(BOB, PLACE, "a trip")
    [question] = asked.posts
    assert "Bob** would like to pause the game: a trip" in str(question.text)
    assert set(question.mention) == {ALICE.user_id, CAROL.user_id}
    [button] = question.asks
    assert (button.game_id, button.action) == (game_id, "pause")
    assert "Waiting for **Alice** and **Carol**" in str(asked.reply)
    with pytest.raises(ServiceError, match="agreed already"):
        await service.pauses.pause(BOB, PLACE)

    noted = await service.pauses.pause(CAROL, PLACE, game_id=game_id)  # the button
    assert not noted.posts and "Still waiting for **Alice**" in str(noted.reply)
    assert (await service.store.games.get(game_id)).paused_at is None
    with pytest.raises(ServiceError, match="game that is over"):  # a button of another game
        await service.pauses.pause(ALICE_PLAYER, PLACE, game_id=game_id + 1)

    done = await service.pauses.pause(ALICE_PLAYER, PLACE, game_id=game_id)  # the last one
    row = await service.store.games.get(game_id)
    assert (row.paused_by, row.pause_reason) == (BOB.user_id, "a trip")  # the asker's
    assert "Paused by **Bob**" in str(done.posts[0].text)
    with pytest.raises(ServiceError, match="paused already"):
        await service.pauses.pause(CAROL, PLACE, game_id=game_id)  # a late click

    # Resuming: the same, the other way round.
    asked = await service.pauses.resume(CAROL, PLACE)
    assert "would like to go on" in str(asked.posts[0].text)
    assert asked.posts[0].asks[0].action == "resume"
    await service.pauses.resume(BOB, PLACE, game_id=game_id)
    assert (await service.store.games.get(game_id)).paused_at is not None
    done = await service.pauses.resume(ALICE_PLAYER, PLACE, game_id=game_id)
    assert "goes on" in str(done.posts[0].text)
    assert (await service.store.games.get(game_id)).paused_at is None
    assert await service.store.pauses.votes(game_id, "resume") == []


async def test_a_player_alone_with_bots_pauses_at_once(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    await service.pauses.pause(ALICE_PLAYER, PLACE)
    row = await service.store.games.get(out.game_id)
    assert row.paused_at is not None
    assert not await service.bots.bot_to_act(PLACE) and await service.bots.bot_turn(PLACE) is None
    out = await service.pauses.resume(ALICE_PLAYER, PLACE)
    assert "goes on" in str(out.posts[0].text)
    if await service.bots.bot_to_act(PLACE):  # the bot's turn: it plays on
        assert await service.bots.bot_turn(PLACE) is not None


async def test_lobby_and_board_texts_show_the_pause(service: GameService, clock: FakeClock) -> None:
    game_id = await aqualin(service)
    await service.narrator.remember_message(game_id, "lobby", 555)
    out = await service.pauses.pause(ALICE, PLACE, "tea")
    line = f"Paused by **Alice** since {moment(clock())}: tea"
    assert line in str(out.lobby_edit.text) and line in str((await service.lobby.lobby_card(game_id)).text)
    assert line in str((await service.looking.board(BOB, PLACE)).reply)
    await service.pauses.resume(ALICE, PLACE)
    assert "Paused" not in str((await service.lobby.lobby_card(game_id)).text)


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
async def test_every_game_pauses_and_goes_on(service: GameService, game_id: str) -> None:
    await service.lobby.new_game(ALICE, PLACE, game_id, "")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await deliver_all(service)
    row = await service.store.games.active_game(PLACE.channel_id)
    game = games.REGISTRY[game_id]
    state = game.load(row.state)
    player = sorted(game.waiting_for(state))[0]
    actor = {str(ALICE.user_id): ALICE, str(BOB.user_id): BOB}[player.split("#")[0]]
    move = game.legal_moves(state, player)[0]
    await service.pauses.pause(ALICE, PLACE)
    with pytest.raises(ServiceError, match="paused"):
        await service.play.move(actor, PLACE, move)
    await service.pauses.resume(ALICE, PLACE)
    await service.play.move(actor, PLACE, move)
    assert (await service.store.games.get(row.id)).version > row.version


async def test_a_paused_game_stays_paused_after_a_restart(db_url: str, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 12345)
    game_id = await aqualin(service)
    await service.pauses.pause(ALICE, PLACE, "maintenance")
    service.close()
    await store.close()

    clock.advance(3 * DAY)
    store = await Store.open(db_url)  # a new process on the same database
    service = GameService(store, clock=clock, new_seed=lambda: 12345)
    try:
        assert await service.timers.fire_due() == []
        row = await store.games.get(game_id)
        assert (row.paused_by, row.pause_reason) == (ALICE.user_id, "maintenance")
        with pytest.raises(ServiceError, match="paused"):
            await service.play.move(ALICE, PLACE, "a1")
        await service.pauses.resume(ALICE, PLACE)
        assert await due_in(service, game_id) == pytest.approx(12 * HOUR)
    finally:
        service.close()
        await store.close()


# ----- away ------------------------------------------------------------------------------------


async def test_away_holds_a_players_timers_in_all_their_games(
        service: GameService, clock: FakeClock, store: Store) -> None:
    one = await aqualin(service, PLACE, first_move=True)
    two = await aqualin(service, OTHER, first_move=True)  # Bob is to move in both
    clock.advance(2 * HOUR)
    out = await service.pauses.away(BOB, PLACE, "3d")
    until = clock() + 3 * DAY
    said = [str(p.text) for p in out.posts]
    assert said == [f"🌴 **Bob** is away until {moment(until)}: their reminders and deadlines wait "
                    "until then."] * 2
    assert "in your 2 games" in str(out.reply)
    for game_id in (one, two):  # told once in each game's channel, in the same transaction
        rows = [r for r in await store.outbox.rows(game_id) if "is away until" in str(r["body"])]
        assert len(rows) == 1
    assert f"**Bob** is away until {moment(until)}" in str((await service.looking.status(ALICE, PLACE)).reply)

    clock.advance(2 * DAY)
    assert await service.timers.fire_due() == []  # Bob's reminders wait (12 h were due)
    assert await service.timers.next_due() == pytest.approx(until)  # woken up for his return

    clock.advance(DAY)  # the date comes: back by itself, no command
    fired = await service.timers.fire_due()
    assert sorted(place.channel_id for place, _o in fired) == [PLACE.channel_id, OTHER.channel_id]
    assert texts(fired) == ["👋 **Bob** is back: their reminders and deadlines run again."] * 2
    assert await store.pauses.away(BOB.user_id) is None
    assert await service.timers.fire_due() == []  # told once
    for game_id in (one, two):  # 12 h - the 2 h before - the away's first hour (his turn ran)
        assert await due_in(service, game_id) == pytest.approx(9 * HOUR)
    clock.advance(9 * HOUR)
    fired = texts(await service.timers.fire_due())
    assert len(fired) == 2 and all("waiting for 12 h" in t for t in fired)


async def test_an_away_that_ended_while_the_bot_was_down_counts_up_to_its_date(
        service: GameService, clock: FakeClock) -> None:
    game_id = await aqualin(service, first_move=True)
    clock.advance(2 * HOUR)
    await service.pauses.away(BOB, PLACE, "1d")
    clock.advance(DAY + 20 * HOUR)  # nobody looked at the timers until now
    fired = texts(await service.timers.fire_due())
    # Back at the date: the 9 h Bob had left ran out while the bot was down; it fires once,
    # and his wait is the 2 h before, the away's first hour (his turn was running) and the
    # 20 h since the date.
    assert fired == ["👋 **Bob** is back: their reminders and deadlines run again.",
                     fired[1]] and "waiting for 23 h" in fired[1]
    assert await service.timers.fire_due() == []
    assert await due_in(service, game_id) == pytest.approx(12 * HOUR)


async def test_a_move_or_until_off_ends_the_away(service: GameService, clock: FakeClock) -> None:
    one = await aqualin(service, PLACE, first_move=True)
    two = await aqualin(service, OTHER, first_move=True)
    clock.advance(HOUR)
    await service.pauses.away(BOB, PLACE, day(clock() + 20 * DAY))
    clock.advance(DAY)
    out = await service.play.move(BOB, PLACE, "b2")
    assert "👋 **Bob** is back" in str(out.posts[-1].text)  # here; the other channel too
    assert await service.store.pauses.away(BOB.user_id) is None
    assert await due_in(service, two) == pytest.approx(10 * HOUR)  # 12 h - 1 h - the first hour away
    assert [t.player_id for t in await service.store.timers.of_game(one)] == [str(ALICE.user_id)]

    await service.pauses.away(BOB, PLACE, "1w")
    later = day(clock() + 9 * DAY)  # within the 30 days' allowance: 20 booked, 7, then this
    out = await service.pauses.away(BOB, PLACE, f"{later} 18:00")  # a new date: said once more
    assert all(f"away until {later} 18:00 UTC now" in str(p.text) for p in out.posts)
    out = await service.pauses.away(BOB, PLACE, "off")
    assert "Welcome back" in str(out.reply) and len(out.posts) == 2
    with pytest.raises(ServiceError, match="aren't away"):
        await service.pauses.away(BOB, PLACE, "off")


async def test_a_pause_while_away_counts_the_held_time_once(
        service: GameService, clock: FakeClock) -> None:
    game_id = await aqualin(service, first_move=True)  # Bob's reminder: in 12 h
    clock.advance(2 * HOUR)
    await service.pauses.away(BOB, PLACE, "1d")  # held from here
    clock.advance(2 * HOUR)
    await service.pauses.pause(ALICE, PLACE)
    clock.advance(DAY)
    assert texts(await service.timers.fire_due()) == [
        "👋 **Bob** is back: their reminders and deadlines run again."]  # still paused: held
    clock.advance(4 * HOUR)
    await service.pauses.resume(ALICE, PLACE)
    # 12 h - the 2 h before - the away's first hour; the pause held nothing more.
    assert await due_in(service, game_id) == pytest.approx(9 * HOUR)


async def test_new_timers_during_a_hold_start_when_it_ends(service: GameService,
                                                          clock: FakeClock) -> None:
    """Bob is away when his turn comes: his clock starts when he is back, not before."""
    game_id = await aqualin(service)
    await service.pauses.away(BOB, PLACE, "2d")
    clock.advance(HOUR)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    clock.advance(2 * DAY)  # back an hour ago, at the date
    assert len(texts(await service.timers.fire_due())) == 1  # only "Bob is back"
    assert await due_in(service, game_id) == pytest.approx(11 * HOUR)


# ----- reading dates ---------------------------------------------------------------------------


def test_until_takes_durations_and_utc_dates() -> None:
    now = datetime(2026, 12, 1, 14, 0, tzinfo=timezone.utc).timestamp()

    def at(*when: int) -> float:
        return datetime(*when, tzinfo=timezone.utc).timestamp()

    assert parse_until("3d", now) == now + 3 * DAY
    assert parse_until("1d 12h", now) == now + 36 * HOUR
    assert parse_until("2026-12-24", now) == at(2026, 12, 24)
    assert parse_until("24.12.2026", now) == at(2026, 12, 24)
    assert parse_until("2026-12-24 18:30", now) == at(2026, 12, 24, 18, 30)
    assert parse_until("2026-12-24T18:30 UTC", now) == at(2026, 12, 24, 18, 30)
    assert parse_until("off", now) is None and parse_until("back", now) is None
    for bad, why in (("soon", "neither a date nor a duration"), ("2026-02-30", "not a date"),
                     ("2026-11-30", "has passed"), ("2027-06-01", "60 days"),
                     ("1m", "at least 5 minutes, so '1m' is too short"),
                     ("100d", "at most 60 days, so '100d' is too long")):
        with pytest.raises(ServiceError, match=why):
            parse_until(bad, now)


async def test_the_held_time_is_stored_not_remembered(service: GameService, store: Store,
                                                      clock: FakeClock) -> None:
    """A timer written behind the bot's back while the game is paused is held as well."""
    game_id = await aqualin(service)
    await service.pauses.pause(ALICE, PLACE)
    await change_behind(store, "UPDATE timers SET due_at = ? WHERE game_id = ?", (clock() - 1, game_id))
    assert await service.timers.fire_due() == []


async def test_a_reminder_that_fires_as_the_game_is_paused_comes_back_held(
        service: GameService, store: Store, clock: FakeClock) -> None:
    """Another process claimed a reminder just before the pause: its next one is held from
    the moment it was written, and shifted by the pause after that, not by the whole wait."""
    game_id = await aqualin(service)
    clock.advance(12 * HOUR)
    [timer] = await store.timers.claim(owner="other", now=clock(), lease=60)
    await service.pauses.pause(ALICE, PLACE)
    assert await store.timers.fire(timer, again_at=clock() + 12 * HOUR, now=clock())
    clock.advance(DAY)
    await service.pauses.resume(ALICE, PLACE)
    assert await due_in(service, game_id) == pytest.approx(12 * HOUR)


async def test_a_button_under_a_settled_question_changes_nothing(service: GameService) -> None:
    game_id = await aqualin(service)
    await service.pauses.pause(BOB, PLACE, "fog")
    await service.pauses.pause(ALICE, PLACE, game_id=game_id)  # a moderator's click decides it at once
    row = await service.store.games.get(game_id)
    assert (row.paused_by, row.pause_reason) == (ALICE.user_id, "fog")  # the question's reason
    await service.pauses.resume(ALICE, PLACE)
    for clicker in (ALICE, ALICE_PLAYER, BOB):  # the old Agree button, after the pause ended
        with pytest.raises(ServiceError, match="settled already; `/game pause` asks again"):
            await service.pauses.pause(clicker, PLACE, game_id=game_id)
    assert (await service.store.games.get(game_id)).paused_at is None


async def test_away_asked_on_another_server_posts_nothing_there(
        service: GameService, store: Store) -> None:
    """Bob's games are all on one server; he goes away from another one. His games' channels
    are told through their stored rows, and the answer itself posts nothing where he asked."""
    game_id = await aqualin(service, PLACE, first_move=True)
    elsewhere = Place(guild_id=GUILD + 1, channel_id=7777)
    out = await service.pauses.away(BOB, elsewhere, "3d")
    assert out.posts == [] and out.outbox == ()
    assert "in your 1 game" in str(out.reply) or "your game" in str(out.reply)
    assert [r for r in await store.outbox.rows(game_id, pending=True) if "is away until" in str(r["body"])]


async def test_quick_changes_of_away_are_posted_once_an_hour(service: GameService, clock: FakeClock) -> None:
    await aqualin(service, PLACE, first_move=True)
    await aqualin(service, OTHER, first_move=True)
    posted = []
    for n in range(12):  # away, a new date, back, away again ... within minutes
        if n % 3 == 2:
            out = await service.pauses.away(BOB, PLACE, "off")
        else:
            out = await service.pauses.away(BOB, PLACE, f"{n + 1}d")
        posted += [str(p.text) for p in out.posts]
        assert out.reply  # the player is always told how it stands
        clock.advance(60)
    # One away and its return in each of the two games, not twelve posts in each.
    assert len([p for p in posted if "is away until" in p]) == 2
    assert len([p for p in posted if "is back" in p]) == 2
    assert await service.store.pauses.away(BOB.user_id) is None
    clock.advance(HOUR)
    out = await service.pauses.away(BOB, PLACE, "1d")
    assert any("is away until" in str(p.text) for p in out.posts)  # an hour later: told again


# ----- the away allowance and the first hour ------------------------------------------------


async def test_away_comes_from_an_allowance_that_an_early_return_does_not_refund(
        service: GameService, clock: FakeClock) -> None:
    """Three 60-day aways in a row once kept Bob's opponent waiting for half a year. Away
    comes from 30 days in any 365 now, booked when asked for."""
    await aqualin(service, first_move=True)
    with pytest.raises(ServiceError, match=r"You have 30 d of away left \(30 d in any 365 days\)"):
        await service.pauses.away(BOB, PLACE, "60d")
    out = await service.pauses.away(BOB, PLACE, "20d")
    assert "Away time left: 10 d of 30 d in any 365 days." in str(out.reply)
    clock.advance(DAY)
    await service.pauses.away(BOB, PLACE, "off")  # back after one day: the 20 stay booked
    with pytest.raises(ServiceError, match="You have 10 d of away left"):
        await service.pauses.away(BOB, PLACE, "11d")
    await service.pauses.away(BOB, PLACE, "1w")
    out = await service.pauses.away(BOB, PLACE, "10d")  # a later date books only the extra 3 d
    assert "Away time left: less than a minute of 30 d" in str(out.reply)
    await service.pauses.away(BOB, PLACE, "off")
    with pytest.raises(ServiceError, match="You have no away time left"):
        await service.pauses.away(BOB, PLACE, "1h")
    clock.advance(385 * DAY)  # a year after the booked days (up to day 21), they are free again
    assert "Away time left: 28 d of 30 d" in str((await service.pauses.away(BOB, PLACE, "2d")).reply)


async def test_the_smallest_allowance_of_a_players_servers_applies(
        service: GameService, clock: FakeClock, store: Store) -> None:
    """An away holds every game at once, so a server of one's own with a year of away frees
    nobody from a strict one; the profile says what is left."""
    await aqualin(service, PLACE, first_move=True)
    mine = Place(guild_id=GUILD + 5, channel_id=9090)
    await service.settings.configure(Actor(user_id=BOB.user_id, name="Bob", manage_channels=True),
                                     mine, away_days="365")
    out = await service.settings.configure(ALICE, PLACE, away_days="5")
    assert "Away allowance: 5 days in any 365 per person" in str(out.reply)
    with pytest.raises(ServiceError, match=r"You have 5 d of away left \(5 d in any 365 days\)"):
        await service.pauses.away(BOB, mine, "6d")
    await service.pauses.away(BOB, mine, "2d")
    profile = str((await service.ratings.profile(BOB, PLACE)).reply)
    assert "🌴 Away until" in profile and "Away time left: 3 d of 5 d in any 365 days." in profile
    with pytest.raises(BadOptions, match="away_days is a number of days from 0 to 365"):
        await service.settings.configure(ALICE, PLACE, away_days="lots")
    await service.pauses.away(BOB, mine, "off")
    await service.settings.configure(ALICE, PLACE, away_days="0")
    with pytest.raises(ServiceError, match=r"Away is switched off where you play \(`away_days: 0`\)"):
        await service.pauses.away(BOB, mine, "1d")
    await service.play.resign(BOB, PLACE)  # in no game of that server any more: his own rules
    out = await service.pauses.away(BOB, mine, "40d")
    assert "Away time left: 323 d of 365 d" in str(out.reply)


async def test_an_away_in_ones_own_turn_holds_the_turn_only_after_an_hour(
        service: GameService, clock: FakeClock) -> None:
    """Away is no free pause of one's own clock: Bob's running turn goes on for an hour (a
    reminder due then still comes); a turn that begins while he is away is held at once."""
    game_id = await aqualin(service, first_move=True, options="role=host-colour reminder=1h")
    clock.advance(30 * 60)
    await service.pauses.away(BOB, PLACE, "1d")
    clock.advance(30 * 60)
    assert len(texts(await service.timers.fire_due())) == 1  # the reminder, in the first hour
    clock.advance(5 * HOUR)
    assert texts(await service.timers.fire_due()) == []  # held since the hour passed
    await service.pauses.away(BOB, PLACE, "off")
    # The reminder came back at 1 h, due 1 h later; held 30 min after that, so 30 min remain.
    assert await due_in(service, game_id) == pytest.approx(30 * 60)
    other = await aqualin(service, OTHER, options="role=host-colour reminder=1h")  # Alice to move
    await service.pauses.away(BOB, PLACE, "1d")
    await service.play.move(ALICE, OTHER, "a1")
    await deliver_all(service)  # Bob's turn there begins while he is away: held at once
    clock.advance(3 * HOUR)
    assert all("Bob" not in t and "<@202>" not in t for t in texts(await service.timers.fire_due()))
    await service.pauses.away(BOB, PLACE, "off")
    assert await due_in(service, other) == pytest.approx(HOUR)


async def test_an_away_booked_where_more_is_allowed_does_not_hold_a_game_of_a_stricter_server(
        service: GameService, clock: FakeClock) -> None:
    """Booked with nothing running (so only the asker's own server's 60 days applied), an
    away would otherwise hold every game joined afterwards on a server that allows 5."""
    mine = Place(guild_id=GUILD + 5, channel_id=9090)
    await service.settings.configure(Actor(user_id=BOB.user_id, name="Bob", manage_channels=True),
                                     mine, away_days="365")
    await service.settings.configure(ALICE, PLACE, away_days="5")
    await service.pauses.away(BOB, mine, "50d")
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    with pytest.raises(ServiceError, match=r"away for longer than this server allows \(5 d in any 365"):
        await service.lobby.join(BOB, PLACE)
    host = Actor(user_id=BOB.user_id, name="Bob", manage_channels=True)
    with pytest.raises(ServiceError, match="away for longer than this server allows"):
        await service.lobby.new_game(host, OTHER, "aqualin")  # nor as the host of a new one
    await service.pauses.away(BOB, mine, "off")  # back: he may play here again
    assert "You joined" in str((await service.lobby.join(BOB, PLACE)).reply)
