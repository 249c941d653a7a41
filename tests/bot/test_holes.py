"""Smaller holes: racing ``/game new`` across processes, durations, kicks by a seated moderator."""

from __future__ import annotations

import asyncio

import pytest

from bot.refusals import ServiceError
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import ChannelBusy, GameRow, Store
from bot.store.games_table import GamesTable
from bot.timekeeping.durations import format_duration, parse_duration
from games import BadOptions

from .conftest import ALICE, GUILD, PLACE, FakeClock, change_behind

# ----- two processes racing /game new ----------------------------------------------------------


async def test_two_stores_racing_create_game_one_wins(db_url: str) -> None:
    one, two = await Store.open(db_url), await Store.open(db_url)
    try:
        for channel in range(10, 30):
            kw = dict(guild_id=1, channel_id=channel, game="aqualin", options={}, seed=1,
                      host_name="H", now=0.0)
            results = await asyncio.gather(one.games.create_game(host_id=5, **kw),
                                           two.games.create_game(host_id=6, **kw), return_exceptions=True)
            won = [r for r in results if isinstance(r, GameRow)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], ChannelBusy), results
            assert (await one.games.active_game(channel)).id == won[0].id
    finally:
        await one.close()
        await two.close()


class CheckThenWait(GamesTable):
    """A games table whose first look for an open game returns, then waits for ``gate``: the
    moment between the service's check and its insert, held open for the other process."""

    gate: asyncio.Event

    async def active_games(self, channel_id: int) -> list[GameRow]:
        found = await super().active_games(channel_id)
        if not self.gate.is_set():
            self.checked.set()
            await self.gate.wait()
        return found


async def test_the_loser_of_a_new_game_race_gets_the_friendly_answer(db_url: str) -> None:
    first = await Store.open(db_url)
    second = await Store.open(db_url)
    second.games = waiting = CheckThenWait(second.db, second.outbox, second.timers, second.ratings)
    waiting.gate, waiting.checked = asyncio.Event(), asyncio.Event()
    a = GameService(first, clock=FakeClock(), new_seed=lambda: 1)
    b = GameService(second, clock=FakeClock(), new_seed=lambda: 2)
    try:
        late = asyncio.create_task(b.lobby.new_game(Actor(user_id=202, name="Bob", manage_channels=True),
                                              PLACE_B, "kahuna"))
        await waiting.checked.wait()  # b saw an empty channel...
        won = await a.lobby.new_game(ALICE, PLACE_B, "aqualin")  # ...and a opens a game now
        waiting.gate.set()
        with pytest.raises(ServiceError, match="already has a game of Aqualin"):
            await late
        assert won.game_id == (await first.games.active_game(PLACE_B.channel_id)).id
    finally:
        a.close()
        b.close()
        await first.close()
        await second.close()


PLACE_B = Place(guild_id=GUILD, channel_id=701)


async def test_two_services_racing_new_game_exactly_one_wins(db_url: str) -> None:
    one, two = await Store.open(db_url), await Store.open(db_url)
    a = GameService(one, clock=FakeClock(), new_seed=lambda: 1)
    b = GameService(two, clock=FakeClock(), new_seed=lambda: 2)
    try:
        for channel in range(800, 815):
            place = Place(guild_id=GUILD, channel_id=channel)
            results = await asyncio.gather(a.lobby.new_game(ALICE, place, "aqualin"),
                                           b.lobby.new_game(ALICE, place, "kahuna"), return_exceptions=True)
            lost = [r for r in results if isinstance(r, BaseException)]
            assert len(lost) == 1, results
            assert isinstance(lost[0], ServiceError) and "already has" in str(lost[0]), lost
    finally:
        a.close()
        b.close()
        await one.close()
        await two.close()


# ----- durations -------------------------------------------------------------------------------


async def test_durations_with_spaces_in_new_game_options(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin",
                                 "rules=classic deadline=1d 6h reminder=12h on-deadline=skip")
    row = await service.store.games.get(out.game_id)
    assert row.timing == {"deadline": 30 * 3600, "reminder": 12 * 3600, "on-deadline": "skip"}
    assert row.options["rules"] == "classic"
    assert "deadline: 1 d 6 h" in out.posts[0].text


@pytest.mark.parametrize("options, seconds", [
    ("deadline=1d 6h 30m", 30 * 3600 + 1800),
    ("deadline=1 d", 86400),
    ("deadline=1d, 6h", 30 * 3600),
    ("reminder=2h 30min deadline=2d", 2 * 86400),
])
async def test_a_duration_goes_on_until_the_next_key(service: GameService, options: str,
                                                     seconds: int) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", options)
    row = await service.store.games.get(out.game_id)
    assert row.timing["deadline"] == seconds
    assert row.timing.get("reminder", 2.5 * 3600) == 2.5 * 3600


async def test_a_stray_word_after_a_rule_is_still_refused(service: GameService) -> None:
    with pytest.raises(BadOptions, match="could not read the option '6h'"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "rules=classic 6h")
    with pytest.raises(BadOptions, match="could not read the option 'soon'"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "deadline=1d soon")
    assert await service.store.games.active_game(PLACE.channel_id) is None


@pytest.mark.parametrize("given", ["99999999999d", "1" + "0" * 400 + "s", "1e400s", "9" * 320 + "w",
                                   "-5h", "0h", "0.5m", "61d", "8w 6d"])
async def test_absurd_durations_are_refused_with_a_sentence(service: GameService, given: str) -> None:
    with pytest.raises(BadOptions) as caught:
        await service.lobby.new_game(ALICE, PLACE, "aqualin", f"deadline={given}")
    text = str(caught.value)
    assert "turn deadline" in text and ("between 5 minutes and 60 days" in text or "is not a" in text)
    assert len(text) < 200
    with pytest.raises(BadOptions, match="reminder interval"):
        await service.settings.configure(ALICE, PLACE, reminder=given)
    assert await service.store.games.active_game(PLACE.channel_id) is None


async def test_config_takes_durations_with_spaces(service: GameService) -> None:
    out = await service.settings.configure(ALICE, PLACE, deadline="1d 6h", reminder="6h 30m")
    settings = await service.store.settings.guild(GUILD)
    assert settings.deadline_seconds == 30 * 3600 and settings.reminder_seconds == 6.5 * 3600
    assert "1 d 6 h" in out.reply


def test_format_duration_never_overflows() -> None:
    assert format_duration(float("inf")) == format_duration(1e15) == "11574074074 d 1 h"
    assert format_duration(float("-inf")) == "less than a minute"
    assert format_duration(float("nan")) == "less than a minute"
    assert format_duration(10 ** 30) == format_duration(1e15)
    assert parse_duration("60d") == 60 * 86400 and parse_duration("1d 6h") == 30 * 3600


# ----- a kick by a moderator who plays -----------------------------------------------------------

REF = Actor(user_id=909, name="Ref", manage_channels=True)  # a moderator without a seat
BOB_ = Actor(user_id=202, name="Bob")
CAROL_ = Actor(user_id=303, name="Carol")


async def _start(service: GameService, game: str, *guests: Actor) -> int:
    out = await service.lobby.new_game(ALICE, PLACE, game)
    for guest in guests:
        await service.lobby.join(guest, PLACE)
    await service.lobby.start(ALICE, PLACE)
    return out.game_id


@pytest.mark.parametrize("game", ["aqualin", "kahuna"])
async def test_a_seated_moderator_cannot_win_by_kicking(service: GameService, game: str) -> None:
    game_id = await _start(service, game, BOB_)
    out = await service.play.kick(ALICE, PLACE, BOB_.user_id, "Bob")
    assert "ended it without a result" in str(out.reply)
    [post] = out.posts
    assert "ended without a result" in str(post.text) and "wins" not in str(post.text)
    row = await service.store.games.get(game_id)
    assert row.status == "aborted" and row.result is None and row.end_reason == "/game kick Bob"
    assert [m.kind for m in await service.store.games.moves(game_id)].count("kick") == 0
    stats = str((await service.ratings.stats(ALICE, PLACE)).reply)
    assert "Alice" not in stats  # not counted
    status = str((await service.looking.status(BOB_, PLACE)).reply)
    assert "aborted" in status and "/game kick Bob" in status
    await service.lobby.new_game(ALICE, PLACE, "aqualin")  # the channel is free again


async def test_a_moderator_without_a_seat_still_decides_by_kicking(service: GameService) -> None:
    game_id = await _start(service, "aqualin", BOB_)
    out = await service.play.kick(REF, PLACE, BOB_.user_id, "Bob")
    assert "**Alice** wins" in str(out.posts[0].text)
    row = await service.store.games.get(game_id)
    assert row.status == "finished" and row.result is not None


async def test_a_seated_moderator_kicking_themselves_just_resigns(service: GameService) -> None:
    game_id = await _start(service, "aqualin", BOB_)
    out = await service.play.kick(ALICE, PLACE, ALICE.user_id, "Alice")
    assert "**Bob** wins" in str(out.posts[0].text)
    assert (await service.store.games.get(game_id)).status == "finished"


async def test_in_a_game_that_goes_on_the_kick_only_removes(service: GameService) -> None:
    game_id = await _start(service, "krasserfall", BOB_, CAROL_)
    out = await service.play.kick(ALICE, PLACE, CAROL_.user_id, "Carol")
    assert "was removed" in str(out.posts[0].text)
    row = await service.store.games.get(game_id)
    assert row.status == "running"
    # The next kick would leave Alice alone with the win: it ends the game without a result.
    out = await service.play.kick(ALICE, PLACE, BOB_.user_id, "Bob")
    assert "ended without a result" in str(out.posts[0].text)
    row = await service.store.games.get(game_id)
    assert row.status == "aborted" and row.result is None


# ----- confirmations (the service half; the buttons are in tests/bot/adapter) -------------------


async def test_resign_and_abort_questions_change_nothing(service: GameService) -> None:
    game_id = await _start(service, "aqualin", BOB_)
    version = (await service.store.games.get(game_id)).version
    asked = await service.play.ask_resign(BOB_, PLACE)
    assert str(asked.reply) == "Resign from this Aqualin game? This can't be undone."
    assert asked.game_id == game_id and not asked.posts
    with pytest.raises(ServiceError, match="not playing"):
        await service.play.ask_resign(CAROL_, PLACE)
    asked = await service.lobby.ask_abort(ALICE, PLACE, "  we   stop ")
    assert "Abort this Aqualin game?" in str(asked.reply) and "Reason: we stop" in str(asked.reply)
    with pytest.raises(ServiceError, match="Manage Channels"):
        await service.lobby.ask_abort(BOB_, PLACE)
    row = await service.store.games.get(game_id)
    assert row.status == "running" and row.version == version


async def test_a_confirmation_for_an_earlier_game_does_nothing(service: GameService) -> None:
    first = await _start(service, "aqualin", BOB_)
    await service.lobby.abort(ALICE, PLACE, "restart", game_id=first)
    second = await _start(service, "aqualin", BOB_)
    with pytest.raises(ServiceError, match="earlier game"):
        await service.play.resign(BOB_, PLACE, game_id=first)
    with pytest.raises(ServiceError, match="earlier game"):
        await service.lobby.abort(ALICE, PLACE, "oops", game_id=first)
    assert (await service.store.games.get(second)).status == "running"
    await service.play.resign(BOB_, PLACE, game_id=second)
    assert (await service.store.games.get(second)).status == "finished"


async def test_asking_to_abort_needs_no_engine(service: GameService) -> None:
    game_id = await _start(service, "aqualin", BOB_)
    await change_behind(service.store, "UPDATE games SET game = 'nosuchgame' WHERE id = ?", (game_id,))
    asked = await service.lobby.ask_abort(ALICE, PLACE)
    assert "Abort this nosuchgame game?" in str(asked.reply) and asked.game_id == game_id
