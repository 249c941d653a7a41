"""Quiet hours and a time zone per person (``/game notify timezone: quiet:``): no ping and no DM
in those hours, the channel still names them, and what was held back reaches them once,
gathered, when the hours end (and only for games that still wait for them)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.i18n import tr
from bot.messages import Place
from bot.refusals import ServiceError
from bot.service import GameService
from bot.store import Store
from bot.timekeeping.quiet import BadClock, PersonClock, find_zones, read_span, read_zone

from .conftest import ALICE, BOB, PLACE, FakeClock, deliver_all, sent_out

HOUR = 3600.0
#: The fake clock starts at 2027-01-15 08:00 UTC: Bob's quiet hours hold that moment.
QUIET = "07:00-09:00"


def at(text: str, zone: str = "UTC") -> float:
    from zoneinfo import ZoneInfo

    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


# ----- the clock itself ---------------------------------------------------------------------


def test_spans_and_zones_are_read_as_people_write_them() -> None:
    assert read_span("23:00-07:30") == (23 * 60, 7 * 60 + 30)
    assert read_span(" 7 - 9 ") == (420, 540) and read_span("22:00-24:00") == (1320, 0)
    for bad in ("", "25:00-07:00", "07:00-07:00", "7.00-9.00", "soon", "07:60-08:00"):
        with pytest.raises(BadClock):
            read_span(bad)
    assert read_zone("europe/berlin") == "Europe/Berlin" and read_zone("UTC") == "UTC"
    with pytest.raises(BadClock):
        read_zone("Mars/Olympus")
    assert find_zones("berlin")[0] == "Europe/Berlin"
    assert "America/New_York" in find_zones("new_y") and len(find_zones("")) == 25


def test_quiet_hours_run_past_midnight_on_the_persons_own_clock() -> None:
    night = PersonClock(zone="Europe/Berlin", start=23 * 60, end=7 * 60 + 30)
    # 2027-01-15 23:30 in Berlin is 22:30 UTC: quiet until 07:30 Berlin, 06:30 UTC
    assert night.window(at("2027-01-15T22:30:00")) == (at("2027-01-15T22:00:00"), at("2027-01-16T06:30:00"))
    assert night.quiet_until(at("2027-01-16T06:00:00")) == at("2027-01-16T06:30:00")
    assert night.quiet_until(at("2027-01-16T06:30:00")) is None  # its end is not quiet
    assert night.quiet_until(at("2027-01-16T12:00:00")) is None
    # the night the clocks go forward (2027-03-28, 02:00 -> 03:00) is an hour shorter in UTC
    start, end = night.window(at("2027-03-28T01:00:00"))
    assert start == at("2027-03-27T23:00:00", "Europe/Berlin") and end == at("2027-03-28T07:30:00", "Europe/Berlin")
    assert end - start == 7.5 * HOUR
    assert PersonClock().quiet_until(0) is None  # no quiet hours: never quiet
    assert night.local(at("2027-07-01T12:00:00")) == "2027-07-01 14:00 CEST"


# ----- in play ------------------------------------------------------------------------------


async def aqualin(service: GameService, place: Place = PLACE) -> int:
    """Alice (to move first) against Bob, everything delivered."""
    out = await sent_out(service, await service.lobby.new_game(ALICE, place, "aqualin", "role=host-colour"))
    await sent_out(service, await service.lobby.join(BOB, place))
    await sent_out(service, await service.lobby.start(ALICE, place))
    return out.game_id


async def pending(service: GameService) -> list[dict]:
    return await service.store.outbox.rows(pending=True)


async def test_a_turn_in_quiet_hours_names_without_pinging_and_is_told_once_at_their_end(
        service: GameService, clock: FakeClock) -> None:
    said = tr((await service.notices.notify(BOB, PLACE, timezone="UTC", quiet=QUIET)).reply, "en")
    assert "Quiet hours: 07:00-09:00" in said and "Deadlines and clocks keep running" in said
    game_id = await aqualin(service)
    moved = await service.play.move(ALICE, PLACE, "a1")
    [post] = moved.posts
    assert f"<@{BOB.user_id}>" in str(tr(post.text, "en")) and post.mention == ()  # named, not pinged
    assert post.notify == ()
    await deliver_all(service)
    assert await service.timers.next_due() == at("2027-01-15T09:00:00")  # the loop wakes then
    clock.advance(0.5 * HOUR)
    assert await service.timers.fire_due() == []  # still quiet
    clock.advance(0.5 * HOUR)
    [(place, outcome)] = await service.timers.fire_due()
    [told] = outcome.posts
    assert place.channel_id == PLACE.channel_id and told.mention == (BOB.user_id,)
    assert tr(told.text, "en").startswith(f"🌅 <@{BOB.user_id}>, it's your turn in **Aqualin** #{game_id}")
    assert len(outcome.outbox) == 1 and len(await pending(service)) == 1
    assert await service.timers.fire_due() == []  # once
    clock.advance(24 * HOUR)  # and not again the next day
    assert [o for _p, o in await service.timers.fire_due() if "quiet hours" in str(o.posts)] == []


async def test_several_games_come_in_one_dm_and_a_finished_one_not_at_all(
        service: GameService, clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, "dm", quiet=QUIET)
    other = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 1)
    third = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 2)
    first, second, gone = [await aqualin(service, p) for p in (PLACE, other, third)]
    for place in (PLACE, other, third):
        moved = await service.play.move(ALICE, place, "a1")
        assert moved.posts[0].notify == ()  # no DM in quiet hours
    await service.lobby.abort(ALICE, third, "rain")  # no longer waits for Bob
    await deliver_all(service)
    clock.advance(HOUR)
    [(_place, outcome)] = await service.timers.fire_due()
    [dm] = outcome.dms
    text = tr(dm.text, "en")
    assert dm.user_id == BOB.user_id and outcome.posts == []
    assert text.startswith("🌅 Your quiet hours are over. Waiting for you:")
    assert f"**Aqualin** #{first}" in text and f"**Aqualin** #{second}" in text
    assert f"#{gone}" not in text
    assert len(outcome.outbox) == 1


async def test_two_processes_release_it_once(store: Store, clock: FakeClock) -> None:
    one, two = (GameService(store, clock=clock, new_seed=lambda: 12345) for _ in range(2))
    try:
        await one.notices.notify(BOB, PLACE, quiet=QUIET)
        await aqualin(one)
        await one.play.move(ALICE, PLACE, "a1")
        await deliver_all(one)
        clock.advance(HOUR)
        fired = [*await one.timers.fire_due(), *await two.timers.fire_due()]
        assert len(fired) == 1
        rows = [r for r in await store.outbox.rows(pending=True) if "quiet hours" in str(r["body"])]
        assert len(rows) == 1
    finally:
        one.close()
        two.close()


async def test_a_reminder_in_quiet_hours_waits_too(service: GameService, clock: FakeClock) -> None:
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    await service.notices.notify(BOB, PLACE, timezone="UTC", quiet="19:00-21:00")
    clock.advance(12 * HOUR)  # the reminder is due at 20:00: in Bob's quiet hours
    fired = await service.timers.fire_due()
    [post] = [p for _place, o in fired for p in o.posts]
    assert "it's your turn" in tr(post.text, "en") and post.mention == ()
    clock.advance(HOUR)
    [(_place, outcome)] = await service.timers.fire_due()
    assert "a reminder: it's your turn in **Aqualin**" in tr(outcome.posts[0].text, "en")
    assert outcome.posts[0].mention == (BOB.user_id,)


async def test_the_choice_is_shown_checked_and_can_be_switched_off(service: GameService) -> None:
    said = tr((await service.notices.notify(BOB, PLACE, timezone="europe/berlin")).reply, "en")
    assert "Your time zone: Europe/Berlin (it's 09:00 there now)" in said and "No quiet hours" in said
    said = tr((await service.notices.notify(BOB, PLACE, quiet="23:00-07:30")).reply, "en")
    assert "Europe/Berlin" in said and "Quiet hours: 23:00-07:30" in said  # the zone stays
    shown = tr((await service.notices.notify(BOB, PLACE)).reply, "en")
    assert "ping you in the game's channel" in shown and "Quiet hours: 23:00-07:30" in shown
    with pytest.raises(ServiceError, match="time zone 'Mars/Olympus'"):
        await service.notices.notify(BOB, PLACE, timezone="Mars/Olympus")
    with pytest.raises(ServiceError, match="23:00-07:30"):
        await service.notices.notify(BOB, PLACE, quiet="all night")
    said = tr((await service.notices.notify(BOB, PLACE, quiet="off")).reply, "en")
    assert "No quiet hours" in said
    assert (await service.store.quiet.clock(BOB.user_id)) == PersonClock(zone="Europe/Berlin")
    both = tr((await service.notices.notify(BOB, PLACE, "dm", quiet="aus")).reply, "de")
    assert "DM" in both and "Keine Ruhezeit" in both


def test_the_fake_clock_starts_where_these_tests_think() -> None:
    assert datetime.fromtimestamp(FakeClock().now, timezone.utc).isoformat() == "2027-01-15T08:00:00+00:00"


def test_a_warning_comes_before_quiet_hours_that_outlast_the_deadline() -> None:
    night = PersonClock(start=22 * 60, end=8 * 60)  # UTC
    now = at("2027-01-15T12:00:00")
    due = at("2027-01-16T00:00:00")
    # the deadline (03:00) passes in the night: the reminder comes before it, at 21:59
    assert night.warn_at(due, at("2027-01-16T03:00:00"), now) == at("2027-01-15T21:59:00")
    # the deadline outlasts the night: the reminder waits for the morning (held, then told)
    assert night.warn_at(due, at("2027-01-16T12:00:00"), now) == due
    assert night.warn_at(due, None, now) == due  # no deadline: nothing to come before
    assert night.warn_at(at("2027-01-15T13:00:00"), at("2027-01-15T14:00:00"), now) == at("2027-01-15T13:00:00")
    assert night.warn_at(due, at("2027-01-16T03:00:00"), at("2027-01-15T23:00:00")) == due  # too late


async def test_a_reminder_that_would_fall_in_quiet_hours_before_the_deadline_comes_first(
        service: GameService, clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, quiet="19:00-23:00")
    out = await sent_out(service, await service.lobby.new_game(
        ALICE, PLACE, "aqualin", "role=host-colour reminder=12h deadline=14h"))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))
    await service.play.move(ALICE, PLACE, "a1")  # 08:00: Bob's deadline at 22:00, in his quiet hours
    await deliver_all(service)
    [reminder] = [t for t in await service.store.timers.of_game(out.game_id)
                  if t.kind == "reminder" and t.player_id == str(BOB.user_id)]
    assert reminder.due_at == at("2027-01-15T18:59:00")  # not 20:00: before the quiet hours
    clock.advance(11 * HOUR - 30)  # the timer loop looks at least every 30 s
    fired = [p for _place, o in await service.timers.fire_due() for p in o.posts]
    assert [p.mention for p in fired] == [(BOB.user_id,)]  # pinged, before the night


# ----- the daily digest ---------------------------------------------------------------------


async def digests(service: GameService) -> list:
    return [dm for _place, o in await service.timers.fire_due() for dm in o.dms
            if "daily digest" in tr(dm.text, "en")]


async def test_the_digest_comes_once_a_day_with_the_games_that_wait(service: GameService,
                                                                     clock: FakeClock) -> None:
    said = tr((await service.notices.notify(BOB, PLACE, digest="09:00")).reply, "en")
    assert "Daily digest at 09:00 your time" in said
    other = Place(guild_id=PLACE.guild_id, channel_id=PLACE.channel_id + 1)
    first, second = [await aqualin(service, p) for p in (PLACE, other)]
    for place in (PLACE, other):
        await service.play.move(ALICE, place, "a1")
    await deliver_all(service)
    assert await service.timers.next_due() <= at("2027-01-15T09:00:00")
    clock.advance(HOUR)
    [dm] = await digests(service)
    text = tr(dm.text, "en")
    assert dm.user_id == BOB.user_id and text.startswith("📬 Your daily digest: it's your turn in 2 games.")
    assert f"Aqualin #{first}]" in text and f"Aqualin #{second}]" in text and "/turns" in text
    assert await digests(service) == []  # once
    clock.advance(12 * HOUR)
    assert await digests(service) == []
    clock.advance(12 * HOUR)
    [again] = await digests(service)  # the next day
    await deliver_all(service)
    assert "2 games" in tr(again.text, "en")


async def test_no_digest_when_nothing_waits_nor_in_quiet_hours(service: GameService,
                                                               clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, digest="09:00", quiet="08:30-10:00")
    await aqualin(service)  # Alice's turn: nothing waits for Bob
    clock.advance(HOUR)
    assert await digests(service) == []
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    clock.advance(HOUR)  # 10:00: the quiet hours are over, the digest that waited for them comes
    assert len(await digests(service)) == 1


async def test_a_digest_refused_by_closed_dms_stops_until_chosen_again(service: GameService,
                                                                      clock: FakeClock) -> None:
    await service.notices.notify(BOB, PLACE, digest="09:00")
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    clock.advance(HOUR)
    assert len(await digests(service)) == 1
    rows = await service.store.outbox.claim(owner="test", now=clock(), lease=60, limit=100)
    for row in rows:  # Discord refused the DM: the channel was told instead
        await service.store.outbox.done(row, now=clock(), outcome="fallback")
    clock.advance(24 * HOUR)
    assert await digests(service) == []
    assert (await service.store.quiet.clock(BOB.user_id)).digest is None
    said = tr((await service.notices.notify(BOB, PLACE)).reply, "en")
    assert "Daily digest" not in said
    await service.notices.notify(BOB, PLACE, digest="11:00")  # chosen again: it comes again
    clock.advance(2 * HOUR)
    assert len(await digests(service)) == 1


async def test_a_digest_time_is_checked(service: GameService) -> None:
    with pytest.raises(ServiceError, match="08:00"):
        await service.notices.notify(BOB, PLACE, digest="breakfast")
    said = tr((await service.notices.notify(BOB, PLACE, digest="7:30")).reply, "da")
    assert "Daglig oversigt kl. 07:30" in said
    said = tr((await service.notices.notify(BOB, PLACE, digest="off")).reply, "en")
    assert "Daily digest" not in said


async def test_a_release_that_comes_in_quiet_hours_again_waits_for_their_end(
        service: GameService, clock: FakeClock) -> None:
    """The bot was down from the end of one night into the next: what was held comes at the
    end of the new quiet hours, not with a ping in them."""
    await service.notices.notify(BOB, PLACE, quiet=QUIET)
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    clock.advance(24 * HOUR)  # 08:00 the next day: quiet again
    assert [o for _p, o in await service.timers.fire_due() if "quiet hours" in str(o.posts)] == []
    assert await service.store.quiet.next_release() == at("2027-01-16T09:00:00")
    clock.advance(HOUR)
    [told] = [p for _place, o in await service.timers.fire_due() for p in o.posts if "🌅" in tr(p.text, "en")]
    assert told.mention == (BOB.user_id,)


async def test_a_game_from_before_the_marks_is_still_told(service: GameService, clock: FakeClock) -> None:
    from .conftest import change_behind

    game_id = await aqualin(service)
    await service.notices.notify(BOB, PLACE, quiet=QUIET)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    await change_behind(service.store, "UPDATE seats SET turn = -1 WHERE game_id = ?", (game_id,))
    clock.advance(HOUR)
    [(_place, outcome)] = await service.timers.fire_due()
    assert "it's your turn in **Aqualin**" in tr(outcome.posts[0].text, "en")


async def test_one_person_whose_release_fails_holds_nobody_else_up(service: GameService, clock: FakeClock,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    await service.notices.notify(BOB, PLACE, quiet=QUIET)
    await service.notices.notify(ALICE, PLACE, quiet=QUIET)
    await aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    await service.store.quiet.hold(ALICE.user_id, 999, "turn", until=at("2027-01-15T09:00:00"), now=clock())
    real = service.notices._release

    async def broken(user_id: int, release_at: float):  # noqa: ANN202 - as the real one
        if user_id == ALICE.user_id:
            raise RuntimeError("a bug for Alice only")
        return await real(user_id, release_at)

    monkeypatch.setattr(service.notices, "_release", broken)
    clock.advance(HOUR)
    fired = await service.timers.fire_due()
    assert [p.mention for _place, o in fired for p in o.posts] == [(BOB.user_id,)]
    assert await service.store.quiet.next_release() == clock() + 15 * 60  # Alice's, again later


async def test_an_away_date_is_read_on_the_persons_clock(service: GameService) -> None:
    await service.notices.notify(BOB, PLACE, timezone="Europe/Berlin")
    await service.pauses.away(BOB, PLACE, "2027-01-20")
    assert (await service.store.pauses.away(BOB.user_id))[1] == at("2027-01-20T00:00:00", "Europe/Berlin")
    await service.pauses.away(BOB, PLACE, "2027-01-20 18:00 UTC")  # said in UTC: read so
    assert (await service.store.pauses.away(BOB.user_id))[1] == at("2027-01-20T18:00:00")
