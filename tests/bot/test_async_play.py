"""Asynchronous play: timers with a controllable clock, moderation, undo, history, stats, settings."""

from __future__ import annotations

import asyncio
import json

import pytest

import games
from bot.refusals import NotAllowed, ServiceError
from bot.messages import Actor, Place
from bot.replay import export_payload, replay_export
from bot.service import GameService
from bot.store import Store
from bot.timekeeping.durations import format_duration, parse_duration
from games import BadOptions

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, FakeClock, deliver_all, everyone_moves, sent_out

HOUR = 3600.0


async def start_game(service: GameService, options: str = "role=host-colour") -> int:
    """A started game whose messages were delivered (the turn clocks start at delivery)."""
    out = await sent_out(service, await service.lobby.new_game(ALICE, PLACE, "aqualin", options))
    await sent_out(service, await service.lobby.join(BOB, PLACE))
    await sent_out(service, await service.lobby.start(ALICE, PLACE))
    return out.game_id


async def state_of(service: GameService):
    row = await service.store.games.latest_game(PLACE.channel_id)
    game = games.REGISTRY[row.game]
    return row, game, game.load(row.state)


# ----- durations -----------------------------------------------------------------------------


def test_durations() -> None:
    assert parse_duration("12h") == 12 * 3600
    assert parse_duration("1d 12h") == 36 * 3600
    assert parse_duration("90m") == 5400 and parse_duration("2 D") == 2 * 86400
    assert parse_duration("off") is None and parse_duration("none") is None
    for bad in ("soon", "12", "1x", "-3h", "h"):
        with pytest.raises(BadOptions, match="30m, 12h"):
            parse_duration(bad)
    with pytest.raises(BadOptions, match="between 5 minutes"):
        parse_duration("1m")
    assert format_duration(5 * 3600 + 12 * 60) == "5 h 12 min"
    assert format_duration(2 * 86400 + 3 * 3600) == "2 d 3 h"
    assert format_duration(None) == "off" and format_duration(20) == "less than a minute"


# ----- timers --------------------------------------------------------------------------------


async def test_reminders_ping_only_the_player_to_act(service: GameService, clock: FakeClock) -> None:
    await start_game(service)
    assert await service.timers.fire_due() == []
    clock.advance(11 * HOUR)
    assert await service.timers.fire_due() == []
    clock.advance(1 * HOUR)
    [(place, outcome)] = await service.timers.fire_due()
    assert place == PLACE
    [post] = outcome.posts
    assert post.mention == (ALICE.user_id,)
    assert "<@101>, it's your turn in **Aqualin**" in post.text and "12 h" in post.text
    assert "<@202>" not in post.text
    assert await service.timers.fire_due() == []  # fired once
    clock.advance(12 * HOUR)  # the reminder comes back every interval
    assert len(await service.timers.fire_due()) == 1
    # A move moves the reminder to the next player (once the board told them).
    await service.play.move(ALICE, PLACE, "a1")
    await deliver_all(service)
    clock.advance(12 * HOUR)
    [(_, outcome)] = await service.timers.fire_due()
    assert outcome.posts[0].mention == (BOB.user_id,)


async def test_overdue_timers_fire_once_after_a_restart(db_url, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    # a reminder interval chosen (as before ladders): every 12 h, also after the deadline
    await service.settings.configure(ALICE, PLACE, reminder="12h", deadline="2d", on_deadline="remind")
    await start_game(service)
    await store.close()  # the bot goes down ...
    clock.advance(10 * 86400)  # ... for ten days: 20 reminders and the deadline fell due
    store = await Store.open(db_url)
    try:
        service = GameService(store, clock=clock)
        fired = await service.timers.fire_due()
        kinds = sorted("deadline" if "deadline has passed" in o.posts[0].text else "reminder"
                       for _, o in fired)
        # once, no flood: the deadline's ping says it all, so the reminder due with it is quiet
        assert kinds == ["deadline"]
        assert await service.timers.fire_due() == []
        clock.advance(12 * HOUR)
        assert len(await service.timers.fire_due()) == 1  # reminders go on from now, not from then
    finally:
        await store.close()


async def test_deadline_forfeit_ends_a_two_player_game(service: GameService, clock: FakeClock) -> None:
    await start_game(service, "role=host-colour deadline=1d on-deadline=forfeit reminder=off")
    clock.advance(86400)
    [(_, outcome)] = await service.timers.fire_due()
    text = outcome.posts[0].text
    assert "ran out of time" in text and "**Bob** wins" in text
    row, _, _ = await state_of(service)
    assert row.status == "finished" and row.result["winners"] == ["202"]
    assert [m.kind for m in await service.store.games.moves(row.id)] == ["forfeit"]
    assert await service.store.timers.of_game(row.id) == []


async def test_deadline_skip_without_a_pass_reminds(service: GameService, clock: FakeClock) -> None:
    await start_game(service, "role=host-colour deadline=6h on-deadline=skip reminder=off")
    clock.advance(6 * HOUR)
    [(_, outcome)] = await service.timers.fire_due()
    assert "can't be passed" in outcome.posts[0].text and outcome.posts[0].mention == (ALICE.user_id,)
    row, _, _ = await state_of(service)
    assert row.status == "running" and await service.store.games.moves(row.id) == []


async def test_deadline_is_not_pushed_back_by_others(service: GameService, clock: FakeClock) -> None:
    await start_game(service, "role=host-colour deadline=1d")
    row, _, _ = await state_of(service)
    [alice_deadline] = [t for t in await service.store.timers.of_game(row.id) if t.kind == "deadline"]
    clock.advance(HOUR)
    await service.play.move(ALICE, PLACE, "a1")
    [bob_deadline] = [t for t in await service.store.timers.of_game(row.id) if t.kind == "deadline"]
    assert bob_deadline.player_id == "202" and bob_deadline.due_at == alice_deadline.due_at + HOUR


async def test_timers_vanish_with_the_game(service: GameService, clock: FakeClock) -> None:
    await start_game(service)
    await service.lobby.abort(ALICE, PLACE, "done")
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert await service.store.timers.of_game(row.id) == []
    clock.advance(100 * HOUR)
    assert await service.timers.fire_due() == []


async def test_bad_timing_options(service: GameService) -> None:
    with pytest.raises(BadOptions, match="deadline"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "deadline=soon")
    with pytest.raises(BadOptions, match="on-deadline"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "on-deadline=explode")


# ----- moderation ----------------------------------------------------------------------------


async def test_kick_skip_rights_and_effects(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    with pytest.raises(NotAllowed):
        await service.play.kick(BOB, PLACE, ALICE.user_id, "Alice")
    out = await service.play.kick(ALICE, PLACE, BOB.user_id, "Bob")  # from the lobby
    assert "Removed" in out.reply and "Bob" not in out.lobby_edit.text
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    with pytest.raises(ServiceError, match="no seat"):
        await service.play.kick(ALICE, PLACE, CAROL.user_id, "Carol")
    with pytest.raises(ServiceError, match="no way to pass"):
        await service.play.skip(ALICE, PLACE)
    with pytest.raises(NotAllowed):
        await service.play.skip(BOB, PLACE)
    referee = Actor(user_id=909, name="Ref", manage_channels=True)  # a moderator without a seat
    out = await service.play.kick(referee, PLACE, BOB.user_id, "Bob")
    assert "was removed" in out.posts[0].text and "**Alice** wins" in out.posts[0].text


async def test_host_transfer(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    out = await service.lobby.leave(ALICE, PLACE)
    assert "**Bob** is the host now" in out.reply
    row = await service.store.games.active_game(PLACE.channel_id)
    assert row.host_id == BOB.user_id
    await service.lobby.join(CAROL, PLACE)
    bob_no_rights = Actor(user_id=BOB.user_id, name="Bob")
    await service.lobby.start(bob_no_rights, PLACE)  # the new host may start


async def test_role_and_policies(service: GameService) -> None:
    member = Actor(user_id=BOB.user_id, name="Bob", role_ids=frozenset({77}))
    with pytest.raises(NotAllowed):
        await service.lobby.new_game(member, PLACE, "aqualin")
    with pytest.raises(NotAllowed):
        await service.settings.configure(member, PLACE, who_starts="everyone")
    out = await service.settings.configure(ALICE, PLACE, manager_role=77)
    assert "<@&77>" in out.reply and "who_starts: role" in out.reply
    await service.lobby.new_game(member, PLACE, "aqualin")  # the role may open games now
    await service.lobby.abort(member, PLACE)  # and moderate them
    await service.settings.configure(ALICE, PLACE, who_starts="everyone")
    await service.lobby.new_game(CAROL, PLACE, "aqualin")
    with pytest.raises(ServiceError, match="needs a game-manager role"):
        await service.settings.configure(ALICE, PLACE, clear_manager_role=True, who_starts="role")
    out = await service.settings.configure(ALICE, PLACE, reminder="6h", deadline="2d", on_deadline="skip")
    assert "6 h" in out.reply and "2 d" in out.reply and "skip" in out.reply
    shown = await service.settings.configure(ALICE, PLACE)
    assert shown.reply.startswith("**Game settings")


# ----- undo ----------------------------------------------------------------------------------


async def test_undo_follows_the_policy(service: GameService) -> None:
    await start_game(service, "role=host-colour rules=classic")
    await service.play.move(ALICE, PLACE, (await service.looking.suggest(ALICE, PLACE, ""))[0][1])
    with pytest.raises(ServiceError, match="can't be taken back: the next tile was drawn into the "
                                           "market"):
        await service.play.undo(ALICE, PLACE)  # the market was refilled from the hidden supply
    with pytest.raises(ServiceError, match="your own last move"):
        await service.play.undo(BOB, PLACE)
    with pytest.raises(NotAllowed):
        await service.play.undo(CAROL, PLACE)


async def test_undo_never_takes_back_a_finished_turn(service: GameService) -> None:
    """With the supply empty an Aqualin move reveals nothing, but it ended the turn: Bob was
    pinged, so it stays."""
    await start_game(service, "role=host-colour rules=classic")
    actors = {"101": ALICE, "202": BOB}
    row, game, state = await state_of(service)
    while len(state.supply) > 0:  # play until the supply is empty: the market no longer refills
        (player,) = game.to_act(state)
        await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[0])
        row, game, state = await state_of(service)
    (player,) = game.to_act(state)
    move = game.legal_moves(state, player)[0]
    out = await service.play.move(actors[player], PLACE, move)
    assert out.posts[0].mention  # the next player was asked to act
    after = await state_of(service)
    assert game.can_undo(state, after[2], player, move)  # nothing hidden, no chance ...
    with pytest.raises(ServiceError, match="it ended your turn"):  # ... but the turn is over
        await service.play.undo(actors[player], PLACE)
    row2, _, _ = await state_of(service)
    assert row2.state == after[0].state and row2.version == after[0].version
    assert all(m.undone_at is None for m in await service.store.games.moves(row.id))


# ----- history -------------------------------------------------------------------------------


async def test_log_export_and_replay(service: GameService) -> None:
    await start_game(service)
    for actor, move in ((ALICE, "c3"), (BOB, "c3-c4 d4"), (ALICE, "a1")):
        await service.play.move(actor, PLACE, move)
    log = (await service.history.log(BOB, PLACE, 2)).reply
    assert "the last 2 of 3 moves" in log and "2. **Bob** shifted" in log and "3. **Alice** placed" in log
    with pytest.raises(ServiceError, match="running game can't be exported"):
        await service.history.export(CAROL, PLACE)  # the seed would give away the supply order
    await service.lobby.abort(ALICE, PLACE, "export it")
    out = await service.history.export(CAROL, PLACE)
    payload = json.loads(out.reply_file.data)
    assert payload["game"] == "aqualin" and payload["seed"] == 12345
    assert [m["move"] for m in payload["moves"]] == ["c3", "c3-c4 d4", "a1"]
    row, game, _state = await state_of(service)
    assert game.dump(replay_export(payload)) == row.state
    payload["moves"][1]["move"] = "c3-b4 d4"
    with pytest.raises(ValueError, match="differs"):
        replay_export(payload)
    assert export_payload(row, await service.store.games.seats(row.id),
                          await service.store.games.moves(row.id))["state_sha256"]


async def test_stats_leaderboard(service: GameService) -> None:
    assert "No finished games" in (await service.ratings.stats(ALICE, PLACE)).reply
    for loser in (BOB, BOB, ALICE):
        await start_game(service)
        await everyone_moves(service, PLACE, [ALICE, BOB])
        await service.play.resign(loser, PLACE)
    other = Place(guild_id=GUILD + 1, channel_id=1)
    assert "No finished games" in (await service.ratings.stats(ALICE, other)).reply
    text = (await service.ratings.stats(CAROL, PLACE)).reply
    assert "**Aqualin**: 3 games" in text
    assert "1. **Alice**: rating 1512, 3 played, 2 won (67%)" in text
    assert "2. **Bob**: rating 1488, 3 played, 1 won (33%)" in text
    assert "Aqualin" in (await service.ratings.stats(CAROL, PLACE, "aqualin")).reply


async def test_animated_replay(service: GameService) -> None:
    from io import BytesIO

    from PIL import Image

    await start_game(service)
    with pytest.raises(Exception, match="can't find"):
        await service.history.replay_animation(CAROL, PLACE)
    actors = {"101": ALICE, "202": BOB}
    row, game, state = await state_of(service)
    for _ in range(36):
        (player,) = game.to_act(state)
        last = await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[0])
        row, game, state = await state_of(service)
    assert last.posts[0].replay_of == row.id  # the final message offers the replay
    out = await service.history.replay_animation(CAROL, PLACE)
    [post] = out.posts
    gif = Image.open(BytesIO(post.image.data))
    assert gif.format == "GIF" and gif.n_frames == 37 and post.is_replay
    assert len(post.image.data) < 8 * 1024 * 1024 and post.image.description
    await service.narrator.remember_message(row.id, "replay", 999)
    again = await service.history.replay_animation(CAROL, PLACE, row.id)
    assert again.posts == [] and f"/{PLACE.channel_id}/999" in again.reply
    # Asked for in the game's thread, the replay was posted there: the link goes there too.
    await service.narrator.remember_message(row.id, "replay", 998, channel_id=4242)
    again = await service.history.replay_animation(CAROL, PLACE, row.id)
    assert again.posts == [] and "/4242/998" in again.reply


@pytest.mark.slow
async def test_a_replay_drawn_in_the_worker_process_comes_back_whole(
        service: GameService, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the bot builds it: in the drawing worker, handed back through a file (not the
    worker's pipe, whose unpickling held the loop), which is gone afterwards."""
    from bot.service.names import names_of

    spare = tmp_path / "spare"
    spare.mkdir()
    monkeypatch.setenv("TMPDIR", str(spare))  # the spawned worker's temporary files
    await start_game(service)
    actors = {"101": ALICE, "202": BOB}
    row, game, state = await state_of(service)
    for _ in range(36):
        (player,) = game.to_act(state)
        await service.play.move(actors[player], PLACE, game.legal_moves(state, player)[0])
        row, game, state = await state_of(service)
    seats = await service.store.games.seats(row.id)
    args = (game, [s.player_id for s in seats], row, await service.store.games.moves(row.id),
            names_of(seats), "de")  # the asker's language travels to the worker too
    in_thread = await service.drawing.replay_gif(*args)
    service.drawing.draw_in_process, service.drawing.warm_up = True, False
    try:
        in_worker = await asyncio.wait_for(service.drawing.replay_gif(*args), 120)
    finally:
        service.drawing.close()
    assert in_worker == in_thread and in_worker[0] == 37
    assert list(spare.iterdir()) == []


def test_long_games_are_thinned_to_fit() -> None:
    import renderers
    from renderers.animation import animate

    game = games.REGISTRY["aqualin"]
    state = game.setup(["1", "2"], {}, 9)
    frames = [renderers.render_board(game.view(state), {})]
    for _ in range(20):
        (player,) = game.to_act(state)
        state = game.apply(state, player, game.legal_moves(state, player)[-1])
        frames.append(renderers.render_board(game.view(state), {}))
    gif, used = animate(frames, limit=400_000)
    assert len(gif) <= 400_000 and 2 <= used < 21


async def test_a_fired_deadline_is_not_armed_again_at_a_restart(db_url, clock: FakeClock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 3)
    assert await service.timers.arm_missing_timers() == 0  # the first start of this database
    game_id = await start_game(service, "role=host-colour deadline=1h on-deadline=remind reminder=off")
    clock.advance(HOUR)
    [(_, outcome)] = await service.timers.fire_due()
    assert "deadline has passed" in outcome.posts[0].text
    assert await store.timers.of_game(game_id) == []  # said once; a moderator may step in now
    await store.close()
    store = await Store.open(db_url)  # a restart
    try:
        assert await GameService(store, clock=clock).timers.arm_missing_timers() == 0
        assert await store.timers.of_game(game_id) == []
    finally:
        await store.close()
