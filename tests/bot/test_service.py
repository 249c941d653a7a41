"""The game service end to end on a real SQLite file, without Discord."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import games
from bot.refusals import NoGame, NotAllowed, ServiceError
from bot.messages import Actor, Place
from bot.service import GameService
from bot.store import Store
from games import BadOptions, IllegalMove

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, delivered, sabotage_moves


async def open_aqualin(service: GameService, options: str = "role=host-colour") -> int:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", options)
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    assert out.game_id is not None
    return out.game_id


async def refused(step: Callable[[Actor, Place], Awaitable[Any]], actor: Actor, match: str,
                  kind: type[Exception] = ServiceError) -> None:
    """A lobby step (``service.lobby.join``, ``leave``, ``start``) by ``actor`` here is refused
    with an error of ``kind`` that says ``match``."""
    with pytest.raises(kind, match=match):
        await step(actor, PLACE)


async def current_state(service: GameService):
    row = await service.store.games.active_game(PLACE.channel_id)
    game = games.REGISTRY[row.game]
    return game, game.load(row.state)


# ----- lobby ---------------------------------------------------------------------------------


async def test_lobby_flow_and_start(service: GameService) -> None:
    opened = await service.lobby.new_game(ALICE, PLACE, "aqualin", "rules=classic")
    assert "lobby is open" in opened.reply
    [post] = opened.posts
    assert post.lobby is not None and post.lobby.open
    assert "Aqualin" in post.text and "rules: classic" in post.text and "Alice" in post.text
    assert post.mention == ()  # opening a lobby pings nobody

    joined = await service.lobby.join(BOB, PLACE)
    assert "2/2" in joined.reply
    assert joined.lobby_edit is not None and "Bob" in joined.lobby_edit.text
    assert "Ready" in joined.lobby_edit.text

    out = await service.lobby.start(ALICE, PLACE)
    started = await delivered(service, out)
    [board] = started.posts
    assert board.image is not None and board.image.data.startswith(b"\x89PNG")
    assert board.image.description  # alt text
    assert out.lobby_edit is not None and not out.lobby_edit.open
    game, state = await current_state(service)
    (first,) = game.to_act(state)
    first_user = {"101": 101, "202": 202}[first]
    assert board.mention == (first_user,)
    assert f"<@{first_user}>, your turn" in board.text


async def test_only_managers_open_games_and_role_grants_it(service: GameService) -> None:
    with pytest.raises(NotAllowed, match="Manage Channels"):
        await service.lobby.new_game(BOB, PLACE, "aqualin")
    await service.settings.set_manager_role(ALICE, PLACE, 555)
    games_role_bob = Actor(user_id=BOB.user_id, name="Bob", role_ids=frozenset({555}))
    out = await service.lobby.new_game(games_role_bob, PLACE, "aqualin")
    assert out.game_id
    with pytest.raises(NotAllowed):
        await service.settings.set_manager_role(games_role_bob, PLACE, None)  # only real moderators


async def test_unknown_game_and_bad_options(service: GameService) -> None:
    with pytest.raises(ServiceError, match="aqualin"):
        await service.lobby.new_game(ALICE, PLACE, "chess")
    with pytest.raises(BadOptions, match="rules"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "rules=fast")
    with pytest.raises(BadOptions, match="key=value"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "classic")
    with pytest.raises(BadOptions, match="no option"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin", "speed=3")
    assert await service.store.games.active_game(PLACE.channel_id) is None


async def test_one_active_game_per_channel(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    with pytest.raises(ServiceError, match="already has"):
        await service.lobby.new_game(ALICE, PLACE, "aqualin")
    other = Place(guild_id=GUILD, channel_id=PLACE.channel_id + 1)
    assert (await service.lobby.new_game(ALICE, other, "aqualin")).game_id


async def test_join_leave_rules(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await refused(service.lobby.join, ALICE, "already in")
    await service.lobby.join(BOB, PLACE)
    await refused(service.lobby.join, CAROL, "full")
    await refused(service.lobby.leave, CAROL, "not in this lobby")
    left = await service.lobby.leave(BOB, PLACE)
    assert "left" in left.reply and "Bob" not in left.lobby_edit.text
    await refused(service.lobby.start, ALICE, "needs at least 2")
    await service.lobby.join(CAROL, PLACE)
    await refused(service.lobby.start, CAROL, "host", NotAllowed)
    await service.lobby.start(ALICE, PLACE)
    await refused(service.lobby.leave, CAROL, "resign")
    await refused(service.lobby.join, BOB, "already started")


async def test_stale_lobby_buttons(service: GameService) -> None:
    gid = await open_aqualin(service)
    with pytest.raises(NoGame, match="already started"):
        await service.lobby.join(CAROL, PLACE, game_id=gid)
    with pytest.raises(NoGame, match="can't find"):
        await service.lobby.join(CAROL, PLACE, game_id=gid + 99)
    elsewhere = Place(guild_id=GUILD, channel_id=PLACE.channel_id + 5)
    with pytest.raises(NoGame):
        await service.lobby.start(ALICE, elsewhere, game_id=gid)


async def test_host_keeps_first_seat_for_role_option(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-species")
    await service.lobby.leave(ALICE, PLACE)
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(ALICE, PLACE)  # the host rejoins after Bob
    await service.lobby.start(ALICE, PLACE)
    game, state = await current_state(service)
    view = game.view(state, None)
    assert view["roles"]["101"] == "species"
    assert game.to_act(state) == {"202"}  # the colour player starts


# ----- moves ---------------------------------------------------------------------------------


async def test_turn_checks(service: GameService) -> None:
    await open_aqualin(service)  # Alice is colour and moves first
    with pytest.raises(ServiceError, match="not your turn.*Alice"):
        await service.play.move(BOB, PLACE, "a1")
    with pytest.raises(NotAllowed, match="not playing"):
        await service.play.move(CAROL, PLACE, "a1")
    with pytest.raises(IllegalMove, match="z9"):
        await service.play.move(ALICE, PLACE, "z9")
    with pytest.raises(IllegalMove, match="no tile on b2"):
        await service.play.move(ALICE, PLACE, "b2-c3 d4")
    row = await service.store.games.active_game(PLACE.channel_id)
    assert row.version == 2 and await service.store.games.moves(row.id) == []  # join, start; no move


async def test_move_posts_board_and_pings_only_the_next_player(service: GameService) -> None:
    await open_aqualin(service)
    out = await service.play.move(ALICE, PLACE, "  D4 ")
    assert out.reply == "Played `d4`."
    [post] = (await delivered(service, out)).posts
    assert post.is_board and post.image is not None
    assert post.mention == (BOB.user_id,)
    assert post.text.startswith("**Alice** placed")
    assert "<@202>, your turn" in post.text and "<@101>" not in post.text
    row = await service.store.games.active_game(PLACE.channel_id)
    [logged] = await service.store.games.moves(row.id)
    assert (logged.n, logged.player_id, logged.move) == (1, "101", "d4")


async def test_full_game_to_the_end_and_after(service: GameService) -> None:
    await open_aqualin(service)
    actors = {"101": ALICE, "202": BOB}
    last = None
    for _ in range(36):
        game, state = await current_state(service)
        (player,) = game.to_act(state)
        move = game.legal_moves(state, player)[0]
        last = await service.play.move(actors[player], PLACE, move)
    [post] = last.posts
    assert "Game over" in post.text and "Scores" in post.text
    assert set(post.mention) == {ALICE.user_id, BOB.user_id}
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished" and row.result["winners"]
    assert len(await service.store.games.moves(row.id)) == 36
    with pytest.raises(NoGame):
        await service.play.move(ALICE, PLACE, "a1")
    board = await service.looking.board(ALICE, PLACE)
    assert "finished" in board.reply and board.reply_file is not None
    # A new game may now be opened in the same channel.
    assert (await service.lobby.new_game(ALICE, PLACE, "aqualin")).game_id != row.id
    # The stored game replays exactly from its seed and move log.
    replayed = await service.history.replay(row.id)
    assert games.REGISTRY["aqualin"].dump(replayed) == row.state


async def test_restart_continues_the_game(db_url, clock) -> None:
    store = await Store.open(db_url)
    service = GameService(store, clock=clock, new_seed=lambda: 7)
    await open_aqualin(service)
    await service.play.move(ALICE, PLACE, "c3")
    await store.close()

    store2 = await Store.open(db_url)  # a new process on the same database
    try:
        service2 = GameService(store2, clock=clock)
        out = await service2.play.move(BOB, PLACE, "c4")
        assert "Bob" in out.posts[0].text
        game, state = await current_state(service2)
        assert set(game.view(state)["board"]) == {"c3", "c4"}
    finally:
        await store2.close()


async def test_racing_writers_lose_cleanly(service: GameService, db_url, clock) -> None:
    await open_aqualin(service)
    row = await service.store.games.active_game(PLACE.channel_id)
    other = await Store.open(db_url)  # a second process
    try:
        game = games.REGISTRY["aqualin"]
        state = game.apply(game.load(row.state), "101", "a1")
        await other.games.record_move(row.id, row.version, player_id="101", kind="move", move="a1",
                                state=game.dump(state), result=None, now=clock())
    finally:
        await other.close()
    # This process still believes it is Alice's turn at the old version: its write must lose.
    stale = row
    from bot.store import StaleGame

    with pytest.raises(StaleGame):
        await service.store.games.record_move(stale.id, stale.version, player_id="101", kind="move",
                                        move="b1", state="{}", result=None, now=clock())
    fresh = await service.store.games.active_game(PLACE.channel_id)
    assert fresh.version == stale.version + 1
    assert [m.move for m in await service.store.games.moves(fresh.id)] == ["a1"]


async def test_crash_inside_the_transaction_changes_nothing(service: GameService) -> None:
    await open_aqualin(service)
    before = await service.store.games.active_game(PLACE.channel_id)
    await sabotage_moves(service.store)
    with pytest.raises(Exception, match="disk on fire"):
        await service.play.move(ALICE, PLACE, "a1")
    after = await service.store.games.active_game(PLACE.channel_id)
    assert after == before  # state, version and status untouched


async def test_render_failure_does_not_lose_the_move(store: Store, clock) -> None:
    def broken(view, names):
        raise RuntimeError("no fonts today")

    service = GameService(store, clock=clock, render=broken)
    await open_aqualin(service)
    out = await service.play.move(ALICE, PLACE, "a1")
    [post] = (await delivered(service, out)).posts  # as the outbox delivers it
    assert post.image is None and "/game board" in post.text
    assert post.mention == (BOB.user_id,)
    row = await store.games.active_game(PLACE.channel_id)
    assert [m.move for m in await store.games.moves(row.id)] == ["a1"]


# ----- abort, resign -------------------------------------------------------------------------


async def test_abort_rights(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    with pytest.raises(NotAllowed, match="Manage Channels"):
        await service.lobby.abort(BOB, PLACE, "boring")
    host_no_perms = Actor(user_id=ALICE.user_id, name="Alice")
    out = await service.lobby.abort(host_no_perms, PLACE, "changed my mind")  # the host may abort a lobby
    assert "changed my mind" in out.posts[0].text and not out.lobby_edit.open

    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    with pytest.raises(NotAllowed):
        await service.lobby.abort(host_no_perms, PLACE)  # not once it runs
    out = await service.lobby.abort(ALICE, PLACE, "@everyone stuck **forever**")
    text = out.posts[0].text
    assert "@everyone" not in text and "**forever**" not in text
    assert out.posts[0].mention == ()
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "aborted"
    with pytest.raises(NoGame):
        await service.lobby.abort(ALICE, PLACE)


async def test_resign_ends_the_game(service: GameService) -> None:
    await open_aqualin(service)
    await service.play.move(ALICE, PLACE, "a1")
    with pytest.raises(NotAllowed):
        await service.play.resign(CAROL, PLACE)
    out = await service.play.resign(BOB, PLACE)  # resigning is allowed out of turn
    text = out.posts[0].text
    assert "resigned" in text and "**Alice** wins" in text
    row = await service.store.games.latest_game(PLACE.channel_id)
    assert row.status == "finished" and row.result["winners"] == ["101"]
    assert [(m.kind, m.player_id) for m in await service.store.games.moves(row.id)][-1] == ("resign", "202")
    assert games.REGISTRY["aqualin"].dump(await service.history.replay(row.id)) == row.state


# ----- looking -------------------------------------------------------------------------------


async def test_board_status_hand_rules(service: GameService) -> None:
    with pytest.raises(NoGame):
        await service.looking.board(ALICE, PLACE)
    listing = await service.looking.rules(PLACE)
    assert "aqualin" in listing.reply
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    assert "lobby" in (await service.looking.board(BOB, PLACE)).reply
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    board = await service.looking.board(CAROL, PLACE)  # anyone may look
    assert board.reply_file is not None and "waiting for **Alice**" in board.reply
    status = await service.looking.status(BOB, PLACE)
    assert "Moves played: 0" in status.reply and "Bob" in status.reply
    hand = await service.looking.hand(ALICE, PLACE)
    assert "no hidden hand" in hand.reply and "your turn" in hand.reply
    with pytest.raises(NotAllowed):
        await service.looking.hand(CAROL, PLACE)
    rules = await service.looking.rules(PLACE)
    assert "n·(n−1)/2" in rules.reply and "rules" in rules.reply and len(rules.reply) <= 2000


async def test_suggest(service: GameService) -> None:
    assert (await service.looking.suggest(ALICE, PLACE, ""))[0][0].startswith("No game")
    await open_aqualin(service)
    waiting = await service.looking.suggest(BOB, PLACE, "")
    assert len(waiting) == 1 and "not your turn" in waiting[0][0] and "Alice" in waiting[0][0]
    offered = await service.looking.suggest(ALICE, PLACE, "")
    assert 1 <= len(offered) <= 25
    assert all(len(label) <= 100 and len(value) <= 100 for label, value in offered)
    assert all(value[0] in "abcdef" for _, value in offered)
    assert all(v.startswith("c") for _, v in await service.looking.suggest(ALICE, PLACE, "C"))
    nothing = await service.looking.suggest(ALICE, PLACE, "zz")
    assert len(nothing) == 1 and "No legal move" in nothing[0][0]
