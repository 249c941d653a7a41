"""Chess clocks (``clock=3d+1d``): banks, the increment and its cap, simultaneous turns, a
bank that runs out, the Wait button, restarts, and what a pause has to shift."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

import games
from bot.timekeeping.chess_clock import clock_words, grace, parse_clock
from bot.refusals import NotAllowed, ServiceError
from bot.i18n import tr
from bot.messages import Actor
from bot.service import GameService
from bot.service.clocks import clock_faces
from bot.store import Store
from games import BadOptions

from .conftest import ALICE, BOB, CAROL, PLACE, FakeClock, change_behind, deliver_all, delivered, sent_out

HOUR = 3600.0
DAY = 86400.0
RITA = Actor(user_id=606, name="Rita")  # seated nowhere, no rights


async def start(service: GameService, game: str = "aqualin", options: str = "clock=3d+1d",
                players: tuple[Actor, ...] = (ALICE, BOB)) -> int:
    """A started game whose messages were delivered (the clocks start at delivery)."""
    out = await sent_out(service, await service.lobby.new_game(players[0], PLACE, game, options))
    for p in players[1:]:
        await sent_out(service, await service.lobby.join(p, PLACE))
    await sent_out(service, await service.lobby.start(players[0], PLACE))
    return out.game_id


async def loaded(service: GameService, game_id: int):
    row = await service.store.games.get(game_id)
    game = games.REGISTRY[row.game]
    return row, game, game.load(row.state)


async def banks(service: GameService, game_id: int) -> dict[str, float]:
    """Every human's bank now, as /game status and the board header show it."""
    row, game, state = await loaded(service, game_id)
    faces = await clock_faces(service.store, row, game, state, await service.store.games.seats(game_id),
                              service.clock())
    return {f.player: f.left for f in faces}


async def deadline(service: GameService, game_id: int, player: str):
    return next(t for t in await service.store.timers.of_game(game_id)
                if t.kind == "deadline" and t.player_id == player)


async def move(service: GameService, actor: Actor, text: str):
    out = await service.play.move(actor, PLACE, text)
    await deliver_all(service)
    return out


async def legal(service: GameService, game_id: int, player: str) -> str:
    _row, game, state = await loaded(service, game_id)
    return game.legal_moves(state, player)[0]


A, B = str(ALICE.user_id), str(BOB.user_id)


# ----- the option -----------------------------------------------------------------------------


def test_clock_values() -> None:
    assert parse_clock("3d+1d") == (3 * 86400, 86400)
    assert parse_clock("2d 12h + 6h") == (60 * 3600, 6 * 3600)
    assert parse_clock("1w") == (7 * 86400, 0) and parse_clock("12h+0") == (12 * 3600, 0)
    assert parse_clock("off") is None and parse_clock("5m+30s") == (300, 30)
    assert str(clock_words((3 * 86400, 86400))) == "3 d + 1 d" and str(clock_words((3600, 0))) == "1 h"
    for bad, said in (("3x+1d", "not a clock"), ("+1d", "not a clock"), ("3d+", "not a clock"),
                      ("3d+1d+1d", "not a clock"), ("1m+1d", "between 5 minutes"),
                      ("0+1d", "not a clock"), ("3d+1q", "not a clock"),
                      ("3d+61d", "increment must be at most 60 days")):
        with pytest.raises(BadOptions, match=said):
            parse_clock(bad)
    assert grace((3 * 86400, 86400)) == 6 * 3600 and grace((600, 0)) == 300
    assert grace((60 * 86400, 0)) == 86400


async def test_the_option_is_stored_shown_and_refused_when_bad(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "clock=3d 12h+1d on-deadline=skip")
    row = await service.store.games.get(out.game_id)
    assert row.timing == {"clock": [84 * 3600, 86400], "on-deadline": "skip"}
    assert "clock: 3 d 12 h + 1 d, on deadline: skip" in out.posts[0].text
    assert "Uhr=" not in tr(out.posts[0].text, "de")  # option names stay as typed
    await service.lobby.abort(ALICE, PLACE)
    with pytest.raises(BadOptions, match="'3days' is not a clock") as bad:
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "clock=3days")
    assert "clock=3d+1d" in str(bad.value)
    assert await service.store.games.active_game(PLACE.channel_id) is None  # nothing was opened


async def test_the_clock_replaces_the_fixed_deadline(service: GameService, clock: FakeClock) -> None:
    await service.settings.configure(ALICE, PLACE, deadline="6h", on_deadline="skip")
    game_id = await start(service)
    timer = await deadline(service, game_id, A)
    assert timer.delay == 3 * DAY and timer.due_at == clock.now + 3 * DAY  # not the server's 6 h
    clock.advance(7 * HOUR)
    assert await service.timers.fire_due() == []


# ----- banks ----------------------------------------------------------------------------------


async def test_the_bank_runs_only_on_its_players_turn_and_gets_the_increment(
        service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, options="clock=3d+1d reminder=off")
    assert await banks(service, game_id) == {A: 3 * DAY, B: 3 * DAY}
    clock.advance(34 * HOUR)  # Alice thinks for 1 d 10 h
    assert await banks(service, game_id) == {A: 3 * DAY - 34 * HOUR, B: 3 * DAY}
    await move(service, ALICE, "a1")
    # 1 d 14 h left, plus a day: 2 d 14 h; Bob's bank has not moved
    assert await banks(service, game_id) == {A: 62 * HOUR, B: 3 * DAY}
    row, _game, _state = await loaded(service, game_id)
    assert row.clock == {"banks": {A: 62 * HOUR}}  # stored with the move
    clock.advance(5 * HOUR)
    assert await banks(service, game_id) == {A: 62 * HOUR, B: 3 * DAY - 5 * HOUR}
    await move(service, BOB, await legal(service, game_id, B))
    assert (await banks(service, game_id))[B] == 3 * DAY  # never above the start
    # Alice's deadline is exactly her bank: it falls due when the bank is empty.
    assert (await deadline(service, game_id, A)).due_at == clock.now + 62 * HOUR
    clock.advance(62 * HOUR - 1)
    assert await service.timers.fire_due() == []
    clock.advance(1)
    [(_, fired)] = await service.timers.fire_due()
    assert "your clock has run out" in fired.posts[0].text


async def test_the_clock_starts_when_the_ping_is_delivered(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service)
    await service.play.move(ALICE, PLACE, "a1")  # Bob's ping is not out yet
    clock.advance(2 * HOUR)
    assert (await banks(service, game_id))[B] == 3 * DAY
    await deliver_all(service)
    clock.advance(HOUR)
    assert (await banks(service, game_id))[B] == 3 * DAY - HOUR


async def test_simultaneous_turns_run_every_acting_bank(service: GameService, clock: FakeClock) -> None:
    """Kraqua starts with everyone laying a tile at once: all three banks run; the one who
    plays first stops theirs, the others stop without a bonus when they no longer act."""
    game_id = await start(service, "kraqua", "clock=1d+2h", (ALICE, BOB, CAROL))
    row, game, state = await loaded(service, game_id)
    acting = set(game.waiting_for(state))
    assert len(acting) == 3
    clock.advance(3 * HOUR)
    assert set((await banks(service, game_id)).values()) == {21 * HOUR}
    first = next(a for a in (ALICE, BOB, CAROL) if str(a.user_id) in acting)
    await move(service, first, await legal(service, game_id, str(first.user_id)))
    row, game, state = await loaded(service, game_id)
    still = set(game.waiting_for(state))
    now = await banks(service, game_id)
    for player in acting - still:
        assert now[player] == 21 * HOUR  # stopped, no increment: they did not play a turn
    clock.advance(HOUR)
    later = await banks(service, game_id)
    for player in still:
        assert later[player] == now[player] - HOUR  # still running
    for player in acting - still:
        assert later[player] == 21 * HOUR


@pytest.mark.parametrize("game_name", sorted(games.REGISTRY))
async def test_every_game_keeps_the_books(service: GameService, clock: FakeClock, game_name: str) -> None:
    """In each of the five games: the player to act uses an hour, plays until their turn is
    over, and keeps what was left plus the increment; the board has the clocks above it."""
    game_id = await start(service, game_name, "clock=1d+30m reminder=off")
    board = await service.looking.board(BOB, PLACE)
    assert board.reply_file is not None
    clock.advance(HOUR)
    row, game, state = await loaded(service, game_id)
    player = sorted(game.waiting_for(state))[0]
    actor = ALICE if player == A else BOB
    for _ in range(20):  # until a move of theirs ends a turn (a step inside it does not)
        await move(service, actor, await legal(service, game_id, player))
        if (await service.store.games.moves(game_id))[-1].ends_turn:
            break
    row, game, state = await loaded(service, game_id)
    assert (await banks(service, game_id)).get(player, DAY - HOUR / 2) == DAY - HOUR / 2
    assert row.clock["banks"][player] == DAY - HOUR / 2


async def test_bots_have_no_clock(service: GameService, clock: FakeClock) -> None:
    await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "aqualin", "clock=1d+1h"))
    await service.bots.add_bot(ALICE, PLACE)
    await sent_out(service, await service.lobby.start(ALICE, PLACE))
    row, game, state = await loaded(service, (await service.store.games.active_game(PLACE.channel_id)).id)
    faces = await clock_faces(service.store, row, game, state, await service.store.games.seats(row.id),
                              clock.now)
    assert [f.player for f in faces] == [A]
    assert all(t.player_id == A for t in await service.store.timers.of_game(row.id))


# ----- running out ----------------------------------------------------------------------------


async def test_remind_pings_once_and_no_wait_button(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, options="clock=1d+1h reminder=off")
    clock.advance(DAY)
    [(_, fired)] = await service.timers.fire_due()
    [post] = fired.posts
    assert "your clock has run out" in post.text and post.mention == (ALICE.user_id,)
    assert post.wait is None
    clock.advance(30 * DAY)
    assert await service.timers.fire_due() == []
    assert (await banks(service, game_id))[A] == 0
    await move(service, ALICE, "a1")
    assert (await banks(service, game_id))[A] == HOUR  # an empty bank gets just the increment


async def test_skip_waits_for_the_grace_then_passes(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=12h+1h on-deadline=skip reminder=off")
    clock.advance(12 * HOUR)
    [(_, fired)] = await service.timers.fire_due()
    [post] = fired.posts
    assert "your clock has run out" in post.text and "your turn is passed in 1 h" in post.text
    assert post.wait is not None and post.wait.player == A and post.wait.game_id == game_id
    assert str(post.wait.label) == "Wait for Alice"
    [grace_row] = [t for t in await service.store.timers.of_game(game_id) if t.kind == "deadline"]
    assert grace_row.ran_out == clock.now and grace_row.due_at == clock.now + HOUR
    text = (await service.looking.status(BOB, PLACE)).reply
    assert "out of time (skip in 1 h unless someone waits)" in text
    clock.advance(HOUR - 1)
    assert await service.timers.fire_due() == []
    clock.advance(1)
    [(_, fired)] = await service.timers.fire_due()
    assert "their turn was passed" in fired.posts[0].text
    assert [m.kind for m in await service.store.games.moves(game_id)] == ["skip"]
    assert (await banks(service, game_id))[A] == HOUR  # the increment after the passed turn
    assert await service.timers.fire_due() == []


async def test_skip_without_a_pass_just_pings(service: GameService, clock: FakeClock) -> None:
    await start(service, options="clock=12h on-deadline=skip reminder=off")  # Aqualin: no pass
    clock.advance(12 * HOUR)
    [(_, fired)] = await service.timers.fire_due()
    assert "Please move soon" in fired.posts[0].text and fired.posts[0].wait is None
    clock.advance(DAY)
    assert await service.timers.fire_due() == []


async def test_no_reminder_right_after_the_ran_out_notice(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=2d on-deadline=skip reminder=5h")
    for _ in range(9):  # reminders at 5 h, 10 h, ... 45 h
        clock.advance(5 * HOUR)
        assert len(await service.timers.fire_due()) == 1
    clock.advance(3 * HOUR)  # 48 h: the bank runs out; the grace is 4 h
    [(_, fired)] = await service.timers.fire_due()
    assert "your clock has run out" in fired.posts[0].text
    clock.advance(2 * HOUR)  # the reminder due now would ping her a second time
    assert await service.timers.fire_due() == []
    assert [t.due_at for t in await service.store.timers.of_game(game_id) if t.kind == "reminder"] == [
        clock.now + 5 * HOUR]
    clock.advance(2 * HOUR)
    [(_, fired)] = await service.timers.fire_due()
    assert "their turn was passed" in fired.posts[0].text


async def test_forfeit_after_the_grace(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, options="clock=12h on-deadline=forfeit reminder=off")
    clock.advance(12 * HOUR)
    [(_, fired)] = await service.timers.fire_due()
    assert "you leave the game in 1 h" in fired.posts[0].text
    clock.advance(HOUR)
    [(_, fired)] = await service.timers.fire_due()
    assert "ran out of time" in fired.posts[0].text
    row, _game, _state = await loaded(service, game_id)
    assert row.status == "finished" and row.result["winners"] == [B]


async def test_the_others_may_wait_instead(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=12h+1h on-deadline=skip reminder=6h")
    clock.advance(12 * HOUR)
    fired = await service.timers.fire_due()
    assert any(o.posts[0].wait is not None for _, o in fired)
    with pytest.raises(NotAllowed, match="simply make your move"):
        await service.clocks.wait_for(ALICE, PLACE, game_id, A)
    with pytest.raises(NotAllowed, match="other players or a moderator"):
        await service.clocks.wait_for(RITA, PLACE, game_id, A)
    out = await service.clocks.wait_for(BOB, PLACE, game_id, A)
    assert out.reply == "You chose to wait for **Alice**."
    assert "**Bob** chose to wait for **Alice**: no deadline until they move" in out.posts[0].text
    assert [t.kind for t in await service.store.timers.of_game(game_id)] == ["reminder"]
    with pytest.raises(ServiceError, match="already waiting for"):
        await service.clocks.wait_for(BOB, PLACE, game_id, A)
    clock.advance(5 * DAY)  # nothing is skipped; only the reminder comes back
    fired = await service.timers.fire_due()
    assert [("run out" in str(o.posts[0].text)) for _, o in fired] == [True]
    assert "Your clock has run out." in fired[0][1].posts[0].text
    assert await service.store.games.moves(game_id) == []
    assert "**Alice** ⌛ out of time" in (await service.looking.status(BOB, PLACE)).reply
    # Alice comes back: her next turn starts from the increment, with a deadline again.
    await move(service, ALICE, "pass")
    assert (await banks(service, game_id))[A] == HOUR
    with pytest.raises(ServiceError, match="moved since"):
        await service.clocks.wait_for(BOB, PLACE, game_id, A)
    await move(service, BOB, "draw deck")
    assert (await deadline(service, game_id, A)).delay == HOUR


async def test_a_moderator_without_a_seat_may_wait(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=12h on-deadline=skip reminder=off")
    clock.advance(12 * HOUR)
    await service.timers.fire_due()
    referee = Actor(user_id=606, name="Rita", manage_channels=True)
    await service.clocks.wait_for(referee, PLACE, game_id, A)
    clock.advance(DAY)
    assert await service.timers.fire_due() == [] and await service.store.games.moves(game_id) == []


async def test_waiting_is_too_late_once_the_grace_fired(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=12h on-deadline=skip reminder=off")
    clock.advance(12 * HOUR)
    await service.timers.fire_due()
    clock.advance(HOUR)
    await service.timers.fire_due()  # skipped
    with pytest.raises(ServiceError, match="moved since"):
        await service.clocks.wait_for(BOB, PLACE, game_id, A)


async def test_a_bank_that_ran_out_while_the_bot_was_down_fires_once(db_url, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    game_id = await start(service, "kahuna", "clock=12h+1h on-deadline=skip reminder=off")
    await store.close()  # down for three days: the bank and its grace both passed
    clock.advance(3 * DAY)
    store = await Store.open(db_url)
    try:
        service = GameService(store, clock=clock)
        [(_, fired)] = await service.timers.fire_due()
        assert "your clock has run out" in fired.posts[0].text  # the others get their grace
        assert await service.timers.fire_due() == []
        clock.advance(HOUR)
        [(_, fired)] = await service.timers.fire_due()
        assert "their turn was passed" in fired.posts[0].text
        assert [m.kind for m in await store.games.moves(game_id)] == ["skip"]
    finally:
        await store.close()


async def test_a_wait_pressed_while_the_grace_fires_wins(service: GameService, clock: FakeClock) -> None:
    """The timer loop took the grace timer, then someone pressed Wait before it acted."""
    game_id = await start(service, "kahuna", "clock=12h on-deadline=skip reminder=off")
    clock.advance(12 * HOUR)
    await service.timers.fire_due()
    clock.advance(HOUR)
    [taken] = await service.store.timers.claim(owner="other", now=clock.now, lease=60)
    await service.clocks.wait_for(BOB, PLACE, game_id, A)
    assert await service.timers._fire(taken) is None
    assert await service.store.games.moves(game_id) == []


# ----- what players see -----------------------------------------------------------------------


async def test_status_and_reminder_say_what_is_left(service: GameService, clock: FakeClock) -> None:
    await start(service, options="clock=3d+1d reminder=20h")
    clock.advance(20 * HOUR)
    [(_, fired)] = await service.timers.fire_due()
    assert "You have 2 d 4 h left on your clock." in fired.posts[0].text
    assert "Du hast noch 2 Tg. 4 Std. Bedenkzeit." in tr(fired.posts[0].text, "de")
    assert "Du har 2 d 4 t tænketid tilbage." in tr(fired.posts[0].text, "da")
    text = (await service.looking.status(BOB, PLACE)).reply
    assert "Clock 3 d + 1 d (then: remind): **Alice** ⏳ 2 d 4 h · **Bob** 3 d" in text
    assert "turn deadline" not in text


async def test_the_board_has_the_clocks_above_it(service: GameService, clock: FakeClock) -> None:
    game_id = await start(service)
    clock.advance(HOUR)
    out = await delivered(service, await service.play.move(ALICE, PLACE, "a1"))
    art = out.posts[0].art
    assert art is not None and art.clock == game_id
    clocked = Image.open(io.BytesIO(out.posts[0].image.data))
    bare = await service.drawing.render_art(dataclasses.replace(art, clock=None))
    bare_image = Image.open(io.BytesIO(bare.data))
    assert clocked.width == bare_image.width and clocked.height > bare_image.height
    assert clocked.crop((0, clocked.height - bare_image.height, clocked.width, clocked.height)
                        ).convert("RGB").tobytes() == bare_image.convert("RGB").tobytes()
    # /game board too; a game without a clock has no strip
    board = await service.looking.board(ALICE, PLACE)
    assert Image.open(io.BytesIO(board.reply_file.data)).height == clocked.height
    await service.lobby.abort(ALICE, PLACE)
    await start(service, options="")
    board = await service.looking.board(ALICE, PLACE)
    assert Image.open(io.BytesIO(board.reply_file.data)).height == bare_image.height


# ----- the pause contract ---------------------------------------------------------------------


async def test_shifting_the_timer_rows_stops_the_clock(service: GameService, clock: FakeClock) -> None:
    """A pause of ``d`` seconds shifts the game's timer rows (due_at, turn_since) by ``d`` on
    resume: nothing else about the clock needs changing."""
    game_id = await start(service, options="clock=3d+1d reminder=off")
    clock.advance(10 * HOUR)
    clock.advance(2 * DAY)  # paused for two days, then resumed:
    await change_behind(service.store, "UPDATE timers SET due_at = due_at + ?, turn_since = turn_since + ?"
                        " WHERE game_id = ?", (2 * DAY, 2 * DAY, game_id))
    assert (await banks(service, game_id))[A] == 3 * DAY - 10 * HOUR
    clock.advance(3 * DAY - 10 * HOUR - 1)
    assert await service.timers.fire_due() == []
    await move(service, ALICE, "a1")
    assert (await banks(service, game_id))[A] == DAY + 1


async def test_time_away_is_not_charged_to_a_player_who_moves_while_away(
        service: GameService, clock: FakeClock) -> None:
    """Ten minutes used, then away for two hours: the move leaves what was left an hour
    after the away began (an away in one's own turn holds the clock after an hour), not the
    bank minus the whole absence (the console's ``clock=…``, ``/game away 1d``, ``/move``)."""
    game_id = await start(service, options="clock=3h+0s reminder=off")
    clock.advance(10 * 60)
    await service.pauses.away(ALICE, PLACE, "1d")
    clock.advance(30 * 60)
    assert (await banks(service, game_id))[A] == 140 * 60  # the first hour still runs
    clock.advance(90 * 60)
    assert (await banks(service, game_id))[A] == 110 * 60  # held since
    await move(service, ALICE, "a1")
    assert await service.store.pauses.away(ALICE.user_id) is None  # the move ended the away
    assert (await banks(service, game_id))[A] == 110 * 60
    assert (await banks(service, game_id))[B] == 3 * HOUR


async def test_time_away_is_not_charged_to_a_player_who_is_skipped(
        service: GameService, clock: FakeClock) -> None:
    game_id = await start(service, "kahuna", "clock=3h+0s reminder=off")  # Alice to act
    clock.advance(5 * 60)
    await service.pauses.away(ALICE, PLACE, "1d")
    clock.advance(3 * HOUR)
    referee = Actor(user_id=909, name="Ref", manage_channels=True)
    await service.play.skip(referee, PLACE)
    await deliver_all(service)
    assert (await banks(service, game_id))[A] == 115 * 60
    await service.pauses.away(ALICE, PLACE, "off")
    clock.advance(60)
    assert (await banks(service, game_id))[A] == 115 * 60  # Bob's turn: Alice's bank stands
    assert (await banks(service, game_id))[B] == 3 * HOUR - 60


async def test_an_away_in_ones_own_turn_is_no_pause_of_ones_own_clock(
        service: GameService, clock: FakeClock) -> None:
    """Going away with 50 minutes on the clock does not save them: the first hour of an
    away that starts in one's own turn still runs, so the clock runs out while away, the
    deadline acts as it would have, and the game goes on without waiting for the return."""
    game_id = await start(service, "kahuna", "clock=1h+0s reminder=off on-deadline=skip")
    clock.advance(10 * 60)
    await service.pauses.away(ALICE, PLACE, "1w")
    clock.advance(50 * 60)
    [(_, fired)] = await service.timers.fire_due()
    assert "your clock has run out" in fired.posts[0].text
    [grace] = [t for t in await service.store.timers.of_game(game_id) if t.kind == "deadline"]
    clock.advance(grace.due_at - clock.now)  # the others' grace, still in the away's first hour
    [(_, fired)] = await service.timers.fire_due()
    assert "their turn was passed" in fired.posts[0].text
    assert [m.kind for m in await service.store.games.moves(game_id)] == ["skip"]
    assert await service.store.pauses.away(ALICE.user_id) is not None  # still away
    assert await to_act(service, game_id) == B


# ----- downtime -------------------------------------------------------------------------------


async def restarted(db_url: str, clock: FakeClock, down: float, **process: object) -> tuple[Store, GameService]:
    """The bot stops (crashes: no last heartbeat), is down for ``down`` seconds, starts."""
    clock.advance(down)
    store = await Store.open(db_url)
    service = GameService(store, clock=clock)
    for name, value in process.items():
        setattr(service.downtime, name, value)
    return store, service


async def to_act(service: GameService, game_id: int) -> str:
    _row, game, state = await loaded(service, game_id)
    (player,) = game.to_act(state)
    return player


async def test_downtime_holds_every_clock_and_says_so_once(db_url, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    assert await service.downtime.hold_after_downtime() == []  # the first start ever
    game_id = await start(service, options="clock=1h+0s reminder=10m")
    clock.advance(60)
    await service.downtime.beat()
    clock.advance(2)  # it crashes two seconds after its last heartbeat
    await store.close()
    store, service = await restarted(db_url, clock, 3 * HOUR)
    try:
        [(place, told)] = await service.downtime.hold_after_downtime()
        assert place == PLACE and told.game_id == game_id
        assert await service.downtime.hold_after_downtime() == []  # held and told once
        assert str(told.posts[0].text) == ("🔌 The bot was offline for 3 h; every clock and deadline "
                                           "was held meanwhile.")
        assert [r["game_id"] for r in await store.db.fetch(
            "SELECT game_id FROM outbox WHERE body LIKE '%offline%'")] == [game_id]
        first = await to_act(service, game_id)
        assert (await banks(service, game_id))[first] == HOUR - 60  # used before the heartbeat
        assert await service.timers.fire_due() == []  # no deadline or reminder is overdue
        clock.advance(10 * 60 - 61)
        assert await service.timers.fire_due() == []
        clock.advance(1)
        [(_, reminded)] = await service.timers.fire_due()  # ten minutes of the turn's own time
        assert reminded.game_id == game_id and f"<@{first}>" in reminded.posts[0].text
        await service.downtime.stopping()  # shut down cleanly: the last heartbeat is now
    finally:
        await store.close()
    # A quick restart is no downtime: the clock runs on.
    store, service = await restarted(db_url, clock, 15)
    try:
        assert await service.downtime.hold_after_downtime() == []
        assert (await banks(service, game_id))[await to_act(service, game_id)] == HOUR - 600 - 15
    finally:
        await store.close()


async def a_game_on_each_shard(db_url: str, clock: FakeClock, options: str):
    """An Aqualin game on PLACE's server (shard 0 of 2) and one on a server of shard 1:
    (store, service, the first game, the second, the second's place)."""
    from bot.messages import Place

    far = Place(guild_id=1 << 22, channel_id=701)
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    here = await start(service, options=options)
    out = await sent_out(service, await service.lobby.new_game(ALICE, far, "aqualin", options))
    await sent_out(service, await service.lobby.join(BOB, far))
    await sent_out(service, await service.lobby.start(ALICE, far))
    return store, service, here, out.game_id, far


async def test_downtime_of_one_process_holds_only_the_servers_it_runs(db_url, clock: FakeClock) -> None:
    store, service, here, there, far = await a_game_on_each_shard(db_url, clock, "clock=1h")
    for shard in (0, 1):
        service.downtime.process, service.downtime.shard_count = str(shard), 2
        service.downtime.shard_ids = (shard,)
        await service.downtime.hold_after_downtime()
    await store.close()
    store, service = await restarted(db_url, clock, HOUR, process="1", shard_count=2, shard_ids=(1,))
    try:
        [(place, _told)] = await service.downtime.hold_after_downtime()
        assert place == far
        assert set((await banks(service, there)).values()) == {HOUR}  # held: shard 1 was down
        # shard 0's process was up: its clock ran (ran out, not yet fired)
        assert (await banks(service, here))[await to_act(service, here)] == 0
    finally:
        await store.close()


async def test_a_down_shards_timers_wait_for_it(db_url, clock: FakeClock) -> None:
    """With two processes, one per shard: while shard 1's process is down, shard 0's fires
    only its own games' timers. A player on shard 1's server could not move meanwhile, so
    their clock is held for them at its restart instead of running out in the other process."""
    store, service, here, there, far = await a_game_on_each_shard(db_url, clock, "clock=1h reminder=off")
    service.downtime.process, service.downtime.shard_count = "0", 2
    service.downtime.shard_ids = (0,)
    clock.advance(HOUR + 1)  # both banks run out; shard 1's process is down
    fired = await service.timers.fire_due()
    assert [place for place, _out in fired] == [PLACE]
    assert await service.timers.fire_due() == []  # woken again: still nothing of shard 1
    assert [t.kind for t in await store.timers.of_game(there)] == ["deadline"]  # still there
    await store.close()
    store, service = await restarted(db_url, clock, 0, process="1", shard_count=2, shard_ids=(1,))
    try:
        fired = await service.timers.fire_due()  # shard 1's own process fires them
        assert [place for place, _out in fired] == [far]
        assert here not in [out.game_id for _p, out in fired]
    finally:
        await store.close()
