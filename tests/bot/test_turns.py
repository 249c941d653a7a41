"""``/turns``: a person's games across servers and group DMs, most urgent first, from the seats'
turn marks; and the look at one game from the asker's own seat."""

from __future__ import annotations

import re

import pytest

import games
from bot.i18n import tr
from bot.messages import Actor, LookButton, Place
from bot.refusals import NotAllowed
from bot.service import GameService
from bot.store import Store

from .conftest import ALICE, BOB, CAROL, FakeClock, PLACE, change_behind, deliver_all, migrated_to

REEF = Place(guild_id=901, channel_id=710)  # a second server
SIDE = Place(guild_id=PLACE.guild_id, channel_id=701)  # a second channel of the first server
CHAT = Place(guild_id=None, channel_id=880)  # a group DM
SERVERS = {PLACE.guild_id: "Tide Club", REEF.guild_id: "Reef"}


async def game_in(service: GameService, place: Place, *players: Actor, game: str = "aqualin",
                  options: str = "") -> int:
    out = await service.lobby.new_game(players[0], place, game, options)
    for guest in players[1:]:
        await service.lobby.join(guest, place)
    await service.lobby.start(players[0], place)
    await deliver_all(service)  # the pings went out: the deadlines run
    assert out.game_id is not None
    return out.game_id


async def turn_to(service: GameService, place: Place, actor: Actor, *others: Actor) -> None:
    """Play first legal moves until ``actor`` is to act in the game at ``place``."""
    people = {str(a.user_id): a for a in (actor, *others)}
    for _ in range(8):
        row = await service.store.games.active_game(place.channel_id)
        assert row is not None and row.state is not None
        game = games.REGISTRY[row.game]
        state = game.load(row.state)
        acting = sorted(game.waiting_for(state))
        if str(actor.user_id) in acting:
            await deliver_all(service)
            return
        await service.play.move(people[acting[0]], place, game.legal_moves(state, acting[0])[0])
    raise AssertionError("the turn never came")


async def marks(store: Store, game_id: int) -> dict[int, int | None]:
    rows = await store.db.fetch("SELECT user_id, turn FROM seats WHERE game_id = ? ORDER BY position",
                                (game_id,))
    return {r["user_id"]: r["turn"] for r in rows}


def text(outcome) -> str:  # noqa: ANN001 - an Outcome
    return tr(outcome.reply, "en")


async def test_marks_follow_the_turn_and_clear_when_the_game_ends(service: GameService) -> None:
    game_id = await game_in(service, PLACE, ALICE, BOB)
    row = await service.store.games.get(game_id)
    game = games.REGISTRY["aqualin"]
    (first,) = game.waiting_for(game.load(row.state))
    other = BOB if first == str(ALICE.user_id) else ALICE
    assert await marks(service.store, game_id) == {int(first): 1, other.user_id: 0}
    await turn_to(service, PLACE, other, ALICE, BOB)
    assert await marks(service.store, game_id) == {int(first): 0, other.user_id: 1}
    await service.play.resign(other, PLACE)  # two players: the game is over
    assert await marks(service.store, game_id) == {int(first): None, other.user_id: None}
    aborted = await game_in(service, PLACE, ALICE, BOB)
    await service.lobby.abort(ALICE, PLACE, "tea time")
    assert set((await marks(service.store, aborted)).values()) == {None}
    lobby = await service.lobby.new_game(ALICE, PLACE, "aqualin")
    assert set((await marks(service.store, lobby.game_id)).values()) == {None}  # not in play yet


async def test_a_player_who_leaves_or_gives_the_seat_to_a_bot_is_out_of_play(service: GameService) -> None:
    game_id = await game_in(service, PLACE, ALICE, BOB, CAROL, game="aqua")
    await service.play.kick(ALICE, PLACE, CAROL.user_id, "Carol")
    got = await marks(service.store, game_id)
    assert got[CAROL.user_id] is None and {got[ALICE.user_id], got[BOB.user_id]} <= {0, 1}
    assert [line for line in text(await service.turns.turns(CAROL, PLACE)).splitlines()
            if f"#{game_id}" in line] == []
    row = await service.store.games.get(game_id)
    seat = next(s for s in await service.store.games.seats(game_id) if s.user_id == BOB.user_id)
    await service.store.games.seat_to_bot(game_id, row.version, player_id=seat.player_id,
                                          name="Normal bot", level="normal", now=service.clock())
    rows = await service.store.db.fetch("SELECT player_id, turn FROM seats WHERE game_id = ?", (game_id,))
    assert {r["player_id"]: r["turn"] for r in rows}[seat.player_id] is None


async def test_the_list_spans_servers_and_group_dms_most_urgent_first(service: GameService) -> None:
    slow = await game_in(service, PLACE, ALICE, BOB, options="deadline=3h")
    await turn_to(service, PLACE, ALICE, BOB)
    fast = await game_in(service, REEF, ALICE, BOB, options="deadline=1h")
    await turn_to(service, REEF, ALICE, BOB)
    chat = await game_in(service, CHAT, ALICE, BOB)
    await turn_to(service, CHAT, ALICE, BOB)
    theirs = await game_in(service, SIDE, ALICE, BOB, options="deadline=2h")
    await turn_to(service, SIDE, BOB, ALICE)
    service.turns.server_names = SERVERS.get  # as the adapter gives its guild cache
    out = await service.turns.turns(ALICE, CHAT)
    said = text(out)
    mine, waiting = said.split("Waiting for others")
    assert "Your turn** in 3 games" in mine
    order = [int(n) for n in re.findall(r"#(\d+)\]", mine)]
    assert order == [fast, slow, chat]  # the nearest deadline first, no deadline last
    assert re.findall(r"#(\d+)\]", waiting) == [str(theirs)]
    assert "waiting for **Bob**" in waiting
    lines = {int(re.search(r"#(\d+)\]", line)[1]): line for line in mine.splitlines() if "#" in line}
    assert f"<#{REEF.channel_id}> on Reef" in lines[fast] and "with **Bob**" in lines[fast]
    assert "group DM" in lines[chat] and "no deadline, your turn began <t:" in lines[chat]
    for game_id in (fast, slow):
        [deadline] = [t for t in await service.store.timers.of_game(game_id)
                      if t.kind == "deadline" and t.player_id == str(ALICE.user_id)]
        assert f"deadline <t:{int(deadline.due_at)}:R>" in lines[game_id]
    assert "https://discord.com/channels/" in lines[fast]  # the jump link
    assert [b.game_id for b in out.reply_buttons] == [fast, slow, chat, theirs]
    assert all(isinstance(b, LookButton) for b in out.reply_buttons)
    bob = text(await service.turns.turns(BOB, PLACE))
    assert re.findall(r"#(\d+)\]", bob.split("Waiting for others")[0]) == [str(theirs)]
    assert "Tide Club" in bob
    for lang in ("de", "da"):  # every word of it is translated
        assert "Your turn" not in tr(out.reply, lang) and "deadline" not in tr(out.reply, lang)


async def test_paused_games_and_an_away_player_are_listed_on_hold(service: GameService,
                                                                   clock: FakeClock) -> None:
    paused = await game_in(service, PLACE, ALICE, BOB, options="deadline=1d")
    await turn_to(service, PLACE, BOB, ALICE)
    other = await game_in(service, REEF, ALICE, BOB, options="deadline=1d")
    await turn_to(service, REEF, BOB, ALICE)
    await service.pauses.pause(ALICE, PLACE, "holiday")  # a moderator: at once
    clock.advance(3600)
    said = text(await service.turns.turns(BOB, PLACE))
    assert "Your turn** in 1 game" in said
    hold = said.split("On hold:")[1]
    assert f"#{paused}]" in hold and "paused" in hold and "left on your deadline" in hold
    await service.pauses.away(BOB, REEF, "3d")
    said = text(await service.turns.turns(BOB, PLACE))
    assert "Nothing waits for you right now" in said
    hold = said.split("On hold:")[1]
    assert "You're away until <t:" in hold and f"#{other}]" in hold and f"#{paused}]" in hold


async def test_marks_from_before_the_marks_are_filled_on_first_read(service: GameService) -> None:
    game_id = await game_in(service, PLACE, ALICE, BOB)
    await turn_to(service, PLACE, ALICE, BOB)
    await change_behind(service.store, "UPDATE seats SET turn = -1 WHERE game_id = ?", (game_id,))
    said = text(await service.turns.turns(ALICE, PLACE))
    assert f"#{game_id}]" in said.split("Waiting for others")[0] and "Your turn** in 1 game" in said
    assert await marks(service.store, game_id) == {ALICE.user_id: 1, BOB.user_id: 0}
    assert "waiting for **Alice**" in text(await service.turns.turns(BOB, PLACE))


async def test_nothing_to_list(service: GameService) -> None:
    said = text(await service.turns.turns(CAROL, PLACE))
    assert "not playing any game" in said and "/game new" in said


async def test_a_look_shows_the_seats_own_view_and_nobody_elses(service: GameService) -> None:
    game_id = await game_in(service, CHAT, ALICE, BOB, game="kahuna")
    look = await service.turns.look(BOB, PLACE, game_id)  # asked anywhere, e.g. in a server
    assert look.reply_file is not None and look.reply_file.data.startswith(b"\x89PNG")
    [(words, hand)] = look.reply_more
    assert tr(words, "en") == "Your hand:" and hand is not None and "hand" in hand.filename
    assert look.posts == [] and look.dms == []  # only the asker sees it
    for outsider, number in ((CAROL, game_id), (ALICE, 999_999)):
        with pytest.raises(NotAllowed, match=rf"no seat in game #{number}"):
            await service.turns.look(outsider, PLACE, number)
    await service.play.resign(BOB, CHAT)
    with pytest.raises(NotAllowed, match="left"):
        await service.turns.look(BOB, PLACE, game_id)
    ended = await service.turns.look(ALICE, PLACE, game_id)
    assert "has ended" in text(ended) and ended.reply_more == ()  # a hand is for a game in play


async def test_the_list_reads_as_often_for_30_games_as_for_3(service: GameService) -> None:
    """One read per kind, not one per game (and no game state is loaded)."""
    from .store.test_query_plans import Recording

    class Counting(Recording):
        calls = 0

        def note(self, sql, params) -> None:  # noqa: ANN001 - as Recording's
            self.calls += 1
            super().note(sql, params)

    async def reads() -> int:
        counting = Counting(service.store.db)
        service.store.use(counting)  # type: ignore[arg-type]
        try:
            await service.turns.turns(ALICE, PLACE)
        finally:
            service.store.use(counting._db)
        return counting.calls

    places = [Place(guild_id=900 + n, channel_id=720 + n) for n in range(30)]
    for place in places[:3]:
        await game_in(service, place, ALICE, BOB, options="deadline=1d")
    few = await reads()
    for place in places[3:]:
        await game_in(service, place, ALICE, BOB, options="deadline=1d")
    assert await reads() == few <= 4


async def test_a_database_from_before_the_marks_lists_its_running_games(db_url: str,
                                                                        clock: FakeClock) -> None:
    """Migration 0022: the seats of running games are marked unknown; the first list asks the
    engine; a finished game's seats and a bot's stay out of play."""
    game = games.REGISTRY["aqualin"]
    db = await migrated_to(db_url, 21)  # as a bot of migration 0021 left it
    players = [str(ALICE.user_id), str(BOB.user_id)]
    state = game.setup(players, {}, 7)
    (first,) = game.waiting_for(state)
    ids = {}
    async with db.tx() as tx:
        for name, status in (("running", "running"), ("over", "finished")):
            ids[name] = await tx.fetchval(
                "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_id, state,"
                " created_at, updated_at) VALUES (1, ?, 'aqualin', '{}', 7, ?, ?, ?, 0, 0) RETURNING id",
                (10 + len(ids), status, ALICE.user_id, game.dump(state)))
            for position, (user, player) in enumerate(((ALICE.user_id, players[0]), (BOB.user_id, players[1]))):
                await tx.execute("INSERT INTO seats (game_id, position, user_id, player_id, name, joined_at)"
                                 " VALUES (?, ?, ?, ?, ?, 0)", (ids[name], position, user, player, f"P{position}"))
    await db.close()
    store = await Store.open(db_url)
    service = GameService(store, clock=clock)
    try:
        assert set((await marks(store, ids["running"])).values()) == {-1}
        assert set((await marks(store, ids["over"])).values()) == {None}
        mover = ALICE if first == str(ALICE.user_id) else BOB
        said = text(await service.turns.turns(mover, PLACE))
        assert f"#{ids['running']}]" in said.split("Waiting for others")[0]
        assert f"#{ids['over']}]" not in said
        assert (await marks(store, ids["running"]))[mover.user_id] == 1
    finally:
        service.close()
        await store.close()
