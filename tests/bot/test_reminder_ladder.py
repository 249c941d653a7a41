"""Reminders that escalate (``/game config reminders:50%,8h,1h``): points before a deadline or a
chess clock running out, each once per turn; the default at half the time and an hour before
the end; an interval chosen before ladders keeps working; quiet hours move a point forward."""

from __future__ import annotations

import pytest

from bot.i18n import tr
from bot.service import GameService
from bot.store import Store
from bot.timekeeping.reminders import Ladder, ladder_words, parse_ladder, typed
from games import BadOptions

from .conftest import ALICE, BOB, FakeClock, GUILD, PLACE, deliver_all, migrated_to

HOUR = 3600.0
DAY = 24 * HOUR


def test_ladders_are_read_and_counted_down() -> None:
    ladder = parse_ladder("50%, 8h,1h")
    assert ladder == Ladder(shares=(0.5,), left=(8 * 3600, 3600)) and parse_ladder(ladder.spec()) == ladder
    assert ladder.delays(2 * DAY) == [DAY, 40 * HOUR, 47 * HOUR]
    assert ladder.delays(4 * HOUR) == [2 * HOUR, 3 * HOUR]  # 8 h before a 4 h deadline: none
    assert parse_ladder("every 12h") == Ladder(every=12 * 3600) and parse_ladder("off") == Ladder()
    assert parse_ladder("alle 6h").every == 6 * 3600  # as a German types it
    assert tr(ladder_words(ladder), "en") == "at 50 % of the time, 8 h before the end and 1 h before the end"
    for bad in ("soon", "150%", "50%,xyz", "1h,2h,3h,4h,5h,6h,7h", "1s"):
        with pytest.raises(BadOptions):
            parse_ladder(bad)


async def started(service: GameService, options: str) -> int:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", f"role=host-colour {options}")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await service.play.move(ALICE, PLACE, "a1")  # Bob's turn from now
    await deliver_all(service)
    assert out.game_id is not None
    return out.game_id


async def reminders_of(service: GameService, game_id: int) -> list[float]:
    return sorted(t.due_at - service.clock() for t in await service.store.timers.of_game(game_id)
                  if t.kind == "reminder")


async def pings(service: GameService) -> list[str]:
    return [tr(p.text, "en") for _place, o in await service.timers.fire_due() for p in o.posts
            if p.mention == (BOB.user_id,)]


async def test_the_default_reminds_at_half_the_deadline_and_an_hour_before(service: GameService,
                                                                           clock: FakeClock) -> None:
    game_id = await started(service, "deadline=2d")
    assert await reminders_of(service, game_id) == [DAY, 47 * HOUR]
    clock.advance(DAY)
    [first] = await pings(service)
    assert "it's your turn" in first and "Deadline in 1 d" in first
    assert await pings(service) == []  # each point once: no interval behind it
    clock.advance(23 * HOUR)
    [second] = await pings(service)
    assert "Deadline in 1 h" in second
    status = tr((await service.looking.status(BOB, PLACE)).reply, "en")
    assert "Reminders: at 50 % of the time and 1 h before the end" in status


async def test_a_ladder_of_the_server_and_of_one_game(service: GameService, clock: FakeClock) -> None:
    said = tr((await service.settings.configure(ALICE, PLACE, reminders="50%,8h,1h", deadline="2d")).reply, "en")
    assert "Reminders: at 50 % of the time, 8 h before the end and 1 h before the end" in said
    game_id = await started(service, "")
    assert await reminders_of(service, game_id) == [DAY, 40 * HOUR, 47 * HOUR]
    await service.settings.configure(ALICE, PLACE, reminders="off")  # a running game keeps its own
    await service.play.move(BOB, PLACE, "b2")
    await service.play.move(ALICE, PLACE, "c3")
    await deliver_all(service)
    assert await reminders_of(service, game_id) == [DAY, 40 * HOUR, 47 * HOUR]
    await service.lobby.abort(ALICE, PLACE)
    own = await started(service, "reminders=25%,1h deadline=4h")  # the game's own option
    assert await reminders_of(service, own) == [HOUR, 3 * HOUR]
    with pytest.raises(BadOptions, match="reminder ladder"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "reminders=often")


async def test_without_a_deadline_the_interval_reminds_as_before(service: GameService,
                                                                 clock: FakeClock) -> None:
    game_id = await started(service, "")
    assert await reminders_of(service, game_id) == [12 * HOUR]
    clock.advance(12 * HOUR)
    assert len(await pings(service)) == 1
    clock.advance(12 * HOUR)
    assert len(await pings(service)) == 1  # and again


async def test_a_clock_counts_down_its_bank(service: GameService, clock: FakeClock) -> None:
    game_id = await started(service, "clock=1d+1h reminders=2h")
    assert await reminders_of(service, game_id) == [22 * HOUR]


async def test_a_point_in_quiet_hours_that_outlast_the_deadline_comes_before_them(
        service: GameService, clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, quiet="20:00-23:00")  # the clock starts at 08:00 UTC
    game_id = await started(service, "deadline=14h reminders=1h")  # due 22:00 -> 21:00, in the quiet
    assert await reminders_of(service, game_id) == [12 * HOUR - 60]  # 19:59


async def test_points_fire_once_at_their_times_across_a_restart(db_url: str, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    await started(service, "deadline=2d reminders=50%,1h")
    service.close()
    await store.close()  # the bot goes down before the first point ...
    clock.advance(30 * HOUR)  # ... and comes back after it
    store = await Store.open(db_url)
    service = GameService(store, clock=clock)
    try:
        assert len(await pings(service)) == 1  # the overdue point, once
        assert await pings(service) == []
        clock.advance(17 * HOUR)
        [last] = await pings(service)
        assert "Deadline in 1 h" in last
    finally:
        service.close()
        await store.close()


async def test_an_interval_chosen_before_ladders_keeps_reminding(db_url: str) -> None:
    db = await migrated_to(db_url, 23)  # as a bot of migration 0023 left it
    async with db.tx() as tx:
        for guild, seconds in ((GUILD, 6 * 3600), (GUILD + 1, 12 * 3600), (GUILD + 2, None)):
            await tx.execute("INSERT INTO guild_settings (guild_id, reminder_seconds, updated_at)"
                             " VALUES (?, ?, 0)", (guild, seconds))
    await db.close()
    store = await Store.open(db_url)
    try:
        settings = {g: (await store.settings.guild(g)).reminders for g in (GUILD, GUILD + 1, GUILD + 2)}
        assert settings == {GUILD: "every 21600s", GUILD + 1: None, GUILD + 2: "off"}
        service = GameService(store, clock=FakeClock(), new_seed=lambda: 3)
        await service.settings.configure(ALICE, PLACE, deadline="2d")
        game_id = await started(service, "")
        assert await reminders_of(service, game_id) == [6 * HOUR]  # every 6 h, deadline or not
        service.close()
    finally:
        await store.close()


async def test_after_a_long_outage_only_the_latest_due_point_is_said(service: GameService,
                                                                     clock: FakeClock) -> None:
    await started(service, "deadline=2d reminders=25%,50%,1h")
    clock.advance(30 * HOUR)  # 12 h and 24 h passed unseen
    [said] = await pings(service)
    assert "Deadline in 18 h" in said
    assert await pings(service) == []


async def test_a_step_inside_a_turn_whose_deadline_passed_starts_no_new_deadline(
        service: GameService, clock: FakeClock) -> None:
    """Kahuna: the deadline passes (remind), then the player plays a card without ending the
    turn: the turn goes on, and so does its spent deadline: no new one, no refilled clock."""
    from .kahuna_turns import ACTORS, first_of, first_turn

    row, state, player = await first_turn(service, "deadline=1h on-deadline=remind")
    await deliver_all(service)
    clock.advance(HOUR)
    assert [o for _p, o in await service.timers.fire_due()]  # the passed deadline's ping
    assert [t for t in await service.store.timers.of_game(row.id) if t.player_id == player] == []
    await service.play.move(ACTORS[player], PLACE, first_of(state, player, "bridge"))
    await deliver_all(service)
    assert [t.kind for t in await service.store.timers.of_game(row.id) if t.player_id == player] == []


async def test_points_moved_to_one_moment_remind_once(service: GameService, clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, quiet="20:00-23:30")
    game_id = await started(service, "deadline=14h reminders=2h,1h")  # 20:00 and 21:00 -> 19:59
    assert await reminders_of(service, game_id) == [12 * HOUR - 60]


@pytest.mark.parametrize(("lang", "shown"), [("en", "every 12h"), ("de", "alle 12h"), ("da", "hver 12h")])
def test_an_interval_is_shown_as_the_reader_types_it_back(lang: str, shown: str) -> None:
    """The settings showed "(`erinnerungen: every 12h`)" to a German reader."""
    ladder = parse_ladder("every 12h")
    assert tr(typed(ladder), lang) == shown
    assert parse_ladder(shown) == ladder
    assert typed(parse_ladder("50%,1h")) == "50%,1h"
