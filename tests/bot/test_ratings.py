"""Ratings: the Elo math, which games are rated, and the service's /game stats and /profile
on both databases (recomputing from the stored results gives what adding game by game gave)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import games
from bot.messages import Actor, Place
from bot.store.elo import (GLOBAL, START, Finished, Ratings, Seat, elo_changes, expected,
                         final_places, rated_game, recompute)
from bot.service import GameService
from bot.store.ratings_table import standing
from bot.store import Store

from .conftest import ALICE, BOB, CAROL, GUILD, PLACE, FakeClock, everyone_moves

# ----- the math --------------------------------------------------------------------------


def test_two_player_elo_known_values() -> None:
    assert elo_changes({1: 1500, 2: 1500}, {1: 1, 2: 2}) == {1: 16.0, 2: -16.0}
    assert elo_changes({1: 1500, 2: 1500}, {1: 1, 2: 1}) == {1: 0.0, 2: 0.0}  # a draw
    assert expected(1600, 1400) == pytest.approx(0.75975, abs=1e-5)
    favourite = elo_changes({1: 1600, 2: 1400}, {1: 1, 2: 2})
    assert favourite[1] == pytest.approx(7.688, abs=1e-3) and favourite[2] == -favourite[1]
    upset = elo_changes({1: 1600, 2: 1400}, {1: 2, 2: 1})
    assert upset[2] == pytest.approx(24.312, abs=1e-3)
    draw = elo_changes({1: 1600, 2: 1400}, {1: 1, 2: 1})
    assert draw[1] == pytest.approx(-8.312, abs=1e-3)  # the favourite loses points on a draw


def test_pairwise_elo_for_more_players() -> None:
    # Three equal players: every pair is a game worth K / 2, so first +16, last -16.
    assert elo_changes({1: 1500, 2: 1500, 3: 1500}, {1: 1, 2: 2, 3: 3}) == {1: 16.0, 2: 0.0, 3: -16.0}
    four = elo_changes({u: 1500 for u in (1, 2, 3, 4)}, {1: 1, 2: 2, 3: 3, 4: 4})
    assert [four[u] for u in (1, 2, 3, 4)] == pytest.approx([16, 16 / 3, -16 / 3, -16])
    shared = elo_changes({1: 1500, 2: 1500, 3: 1500}, {1: 1, 2: 1, 3: 3})  # a shared first place
    assert shared == {1: 8.0, 2: 8.0, 3: -16.0}


def test_every_game_is_zero_sum() -> None:
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 4)
        ratings = {u: rng.uniform(1000, 2000) for u in range(n)}
        places = {u: rng.randint(1, n) for u in range(n)}
        assert sum(elo_changes(ratings, places).values()) == pytest.approx(0, abs=1e-9)


def test_final_order_from_a_result() -> None:
    result = {"winners": ["c"], "scores": {"a": 5, "b": 9, "c": 12, "d": 9}, "detail": {}}
    assert final_places(result, ["a", "b", "c", "d"]) == {"c": 1, "b": 2, "d": 2, "a": 4}
    # Resigning counts as a loss: below everyone who stayed, whatever the score; of those who
    # left, the one who stayed longest places best.
    left = {"winners": ["a"], "scores": {"a": 1, "b": 50, "c": 40},
            "detail": {"resigned": ["b", "c"]}}  # Krasserfall: b left first
    assert final_places(left, ["a", "b", "c"]) == {"a": 1, "c": 2, "b": 3}
    aqua = {"winners": ["b"], "scores": {"a": 30, "b": 1},
            "detail": {"resigned": "a", "resigned_players": ["a"]}}
    assert final_places(aqua, ["a", "b"]) == {"b": 1, "a": 2}


def test_which_games_are_rated() -> None:
    win = {"winners": ["a"], "scores": {"a": 1, "b": 0}, "outcome": None}
    people = [Seat("a", 1), Seat("b", 2)]
    assert rated_game(1, "aqualin", 9, win, people) == Finished(1, "aqualin", 9, {1: 1, 2: 2})
    assert rated_game(1, "aqualin", 9, win, [Seat("a", 1), Seat("b", 0, bot=True)]) is None
    assert rated_game(1, "aqualin", 9, None, people) is None  # no readable result
    team = {"winners": ["a", "b"], "scores": {"a": 3, "b": 3}, "outcome": "won"}
    assert rated_game(1, "kraqua", 9, team, people) is None  # cooperative
    assert rated_game(1, "kraqua", 9, win, [Seat("a", 1), Seat("b", 1)]) is None  # one person
    solo = {"winners": ["a"], "scores": {"a": 40}, "outcome": None}
    assert rated_game(1, "aqua", 9, solo, [Seat("a", 1)]) is None


def test_recompute_equals_incremental_and_scopes() -> None:
    rng = random.Random(3)
    finished = []
    for n in range(60):
        users = rng.sample(range(1, 7), rng.randint(2, 4))
        finished.append(Finished(n, rng.choice(["aqua", "krasserfall"]), rng.choice([1, 2, None]),
                                 {u: rng.randint(1, len(users)) for u in users}))
    step = Ratings()
    for i, game in enumerate(finished):
        step.add(game)
        assert step.table == recompute(finished[: i + 1]).table
    for (scope, game), lines in step.table.items():
        assert sum(line.rating - START for line in lines.values()) == pytest.approx(0, abs=1e-6)
    # Across servers counts every game; a server only its own.
    assert sum(line.games for (s, _g), lines in step.table.items() if s == GLOBAL
               for line in lines.values()) == sum(len(g.places) for g in finished)
    assert sum(line.games for (s, _g), lines in step.table.items() if s == 1
               for line in lines.values()) == sum(len(g.places) for g in finished if g.guild_id == 1)


# ----- the service, on both databases ------------------------------------------------------

OTHER = Place(guild_id=GUILD + 1, channel_id=7001)


def mod(actor: Actor) -> Actor:
    """The same person, allowed to open games."""
    return replace(actor, manage_channels=True)


async def aqualin_won_by(service: GameService, winner: Actor, loser: Actor,
                         place: Place = PLACE) -> int:
    out = await service.lobby.new_game(mod(winner), place, "aqualin", "role=host-colour")
    await service.lobby.join(loser, place)
    await service.lobby.start(mod(winner), place)
    await everyone_moves(service, place, [winner, loser])  # else it would be unrated
    await service.play.resign(loser, place)
    return out.game_id


async def test_a_finished_game_changes_the_ratings(service: GameService) -> None:
    await aqualin_won_by(service, ALICE, BOB)
    text = (await service.ratings.stats(CAROL, PLACE)).reply
    assert "1. **Alice**: rating 1516, 1 played, 1 won (100%)" in text
    assert "2. **Bob**: rating 1484, 1 played, 0 won (0%)" in text
    # On another server Bob wins: his rating there starts afresh; across servers it goes on.
    await aqualin_won_by(service, BOB, ALICE, OTHER)
    other = (await service.ratings.stats(CAROL, OTHER)).reply
    assert "1. **Bob**: rating 1516" in other and "2. **Alice**: rating 1484" in other
    here = (await service.ratings.profile(ALICE, PLACE)).reply
    assert "**Alice**'s profile" in here
    assert "**Aqualin**: rating 1516 (on all servers 1499), 1 played, 1 won" in here
    bob = (await service.ratings.profile(ALICE, OTHER, BOB.user_id, "Bob")).reply
    assert "**Bob**'s profile" in bob and "rating 1516 (on all servers 1501)" in bob
    # The same leaderboard after the first game is still there on the first server.
    assert "1. **Alice**: rating 1516" in (await service.ratings.stats(CAROL, PLACE)).reply


async def test_profile_lists_current_games_and_unrated_ones(service: GameService) -> None:
    assert "No finished games on this server yet." in (await service.ratings.profile(CAROL, PLACE)).reply
    assert "No current games." in (await service.ratings.profile(CAROL, PLACE)).reply
    # A game against a bot counts as played but is unrated.
    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.bots.add_bot(ALICE, PLACE, "easy")
    await service.lobby.start(ALICE, PLACE)
    await service.play.resign(ALICE, PLACE)
    text = (await service.ratings.profile(BOB, PLACE, ALICE.user_id, "Alice")).reply
    assert "**Aqualin**: not rated, 1 played, 0 won" in text
    assert "rating" not in (await service.ratings.stats(BOB, PLACE)).reply.split("\n-#")[0]
    # An open lobby and a running game elsewhere on the server are current games.
    lobby = await service.lobby.new_game(ALICE, PLACE, "kahuna")
    running = Place(guild_id=GUILD, channel_id=PLACE.channel_id + 1)
    game = await service.lobby.new_game(mod(BOB), running, "aqualin")
    await service.lobby.join(ALICE, running)
    await service.lobby.start(mod(BOB), running)
    text = (await service.ratings.profile(ALICE, PLACE)).reply
    assert f"• Kahuna game {lobby.game_id} in <#{PLACE.channel_id}> (lobby)" in text
    assert f"• Aqualin game {game.game_id} in <#{running.channel_id}>" in text
    assert "No current games." not in text
    # Not in another server's profile.
    assert "No current games." in (await service.ratings.profile(ALICE, OTHER)).reply
    with pytest.raises(Exception, match="per server"):
        await service.ratings.profile(ALICE, Place(guild_id=None, channel_id=5))


async def test_kraqua_is_unrated_with_a_record_per_team(service: GameService) -> None:
    for _ in range(2):
        await service.lobby.new_game(ALICE, PLACE, "kraqua")
        await service.lobby.join(BOB, PLACE)
        await service.lobby.start(ALICE, PLACE)
        await service.play.resign(BOB, PLACE)  # the team gives up together
    text = (await service.ratings.stats(CAROL, PLACE, "kraqua")).reply
    assert "**Kraqua**: 2 games" in text and "rating" not in text.split("\n-#")[0]
    assert "• **Alice** and **Bob**: 2 played, 0 won" in text


def rated(row, seats) -> Finished | None:  # noqa: ANN001 - a stored game as ratings see it
    found = standing(row.id, row.game, row.guild_id, row.result, seats)
    return found.rated if found is not None else None


async def test_the_kept_ratings_are_what_each_game_end_gives(service: GameService, store: Store,
                                                             clock: FakeClock, db_url: str) -> None:
    """Ratings follow the stored results: the table kept as each game ends, adding each game
    by hand, and recomputing all of them (after a restart too) give the very same numbers."""
    step = Ratings()

    async def ended(game_id: int) -> None:
        row = await store.games.get(game_id)
        found = rated(row, await store.games.seats(game_id))
        if found is not None:
            step.add(found)
        assert (await store.ratings.kept()).table == step.table

    for winner, loser, place in [(ALICE, BOB, PLACE), (BOB, ALICE, PLACE), (CAROL, ALICE, OTHER),
                                 (ALICE, CAROL, PLACE)]:
        clock.advance(60)
        await ended(await aqualin_won_by(service, winner, loser, place))
    # Three players of Krasserfall: Carol leaves first, then Bob; Alice wins.
    clock.advance(60)
    out = await service.lobby.new_game(ALICE, PLACE, "krasserfall")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.join(CAROL, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await everyone_moves(service, PLACE, [ALICE, BOB, CAROL])
    await service.play.resign(CAROL, PLACE)
    await service.play.resign(BOB, PLACE)
    row = await store.games.get(out.game_id)
    assert row.status == "finished"
    await ended(out.game_id)
    assert rated(row, await store.games.seats(row.id)).places == {ALICE.user_id: 1, BOB.user_id: 2,
                                                             CAROL.user_id: 3}
    # An aborted game changes nothing.
    await service.lobby.new_game(ALICE, PLACE, "aqualin")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    await service.lobby.abort(ALICE, PLACE, "testing")
    assert (await store.ratings.kept()).table == step.table
    lines = step.table[(GUILD, "krasserfall")]
    assert lines[ALICE.user_id].rating > START > lines[CAROL.user_id].rating
    again = await Store.open(db_url)
    try:
        restarted = GameService(again, clock=clock, new_seed=lambda: 12345)
        try:
            assert (await again.ratings.kept()).table == step.table
            rebuilt = await again.ratings.rebuild()
            assert rebuilt.differences == [] and rebuilt.games == 5
            assert (await again.ratings.kept()).table == step.table
        finally:
            restarted.close()
    finally:
        await again.close()
    assert set(games.REGISTRY) >= {k[1] for k in step.table}


async def test_profile_in_the_console(tmp_path) -> None:
    from bot.console import Console

    store = await Store.open(tmp_path / "c.sqlite3")
    service = GameService(store, new_seed=lambda: 5)
    try:
        console = Console(service, tmp_path / "out")
        assert any(line.strip().startswith("/profile") for line in await console.handle("help"))
        for line in ("alice: /game new aqualin", "bob: /game join", "alice: /game start"):
            await console.handle(line)
        await everyone_moves(service, console.place, [console.actor("alice"), console.actor("bob")])
        await console.handle("bob: /game resign")
        out = "\n".join(await console.handle("carol: /game profile alice"))
        assert "alice's profile" in out and "Aqualin: rating 1516 (on all servers 1516)" in out
        out = "\n".join(await console.handle("bob: /profile"))  # as in Discord
        assert "bob's profile" in out and "rating 1484" in out
    finally:
        service.close()
        await store.close()


async def test_over_random_histories_the_kept_tables_equal_a_rebuild(
        service: GameService, store: Store, clock: FakeClock) -> None:
    """Random games on two servers (rated, with bots, cooperative, three players) end one
    after another; the ratings and records kept as they ended equal a recomputation."""
    for seed in range(3):
        rnd = random.Random(seed)
        people = [Actor(user_id=5000 + i, name=f"P{i}", manage_channels=True) for i in range(5)]
        for n in range(8):
            place = Place(guild_id=rnd.choice([GUILD, GUILD + 1]), channel_id=9000 + 100 * seed + n)
            game = rnd.choice(["aqualin", "aqualin", "kraqua", "krasserfall"])
            host, *others = rnd.sample(people, 3 if game == "krasserfall" else 2)
            await service.lobby.new_game(host, place, game, "")
            if rnd.random() < 0.25 and game != "krasserfall":
                await service.bots.add_bot(host, place, "easy")
            else:
                for other in others:
                    await service.lobby.join(other, place)
            await service.lobby.start(host, place)
            row = await store.games.active_game(place.channel_id)
            humans = [s for s in await store.games.seats(row.id) if not s.bot_level]
            if rnd.random() < 0.7 and game != "kraqua":  # else unrated: not everyone moved
                await everyone_moves(service, place, [p for p in people
                                                      if p.user_id in {s.user_id for s in humans}])
            for seat in rnd.sample(humans, len(humans)):
                if (await store.games.get(row.id)).status != "running":
                    break
                who = next(p for p in people if p.user_id == seat.user_id)
                await service.play.resign(who, place)
            assert (await store.games.get(row.id)).status == "finished"
            clock.advance(rnd.randint(1, 600))
        rebuilt = await store.ratings.rebuild()
        assert rebuilt.differences == [] and rebuilt.games == 8 * (seed + 1)
    text = (await service.ratings.stats(people[0], Place(guild_id=GUILD, channel_id=1))).reply
    assert "**Leaderboard**" in text


def test_the_rebuild_command_compares_and_fixes(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"

    async def setup(broken: bool) -> None:
        store = await Store.open(db)
        service = GameService(store, new_seed=lambda: 1)
        try:
            if not broken:
                await aqualin_won_by(service, ALICE, BOB)
            else:  # the kept table goes wrong behind the bot's back
                async with store.db.tx() as tx:
                    await tx.execute("UPDATE ratings SET rating = 1000")
        finally:
            service.close()
            await store.close()

    def rebuild() -> subprocess.CompletedProcess[str]:
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "PYTHONPATH": str(root), "DATABASE_PATH": str(db)}
        env.pop("DATABASE_URL", None)
        return subprocess.run([sys.executable, "-m", "bot", "ratings", "rebuild"], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=120)

    asyncio.run(setup(False))
    agreed = rebuild()
    assert agreed.returncode == 0 and "equal the recomputation" in agreed.stdout, agreed.stderr
    asyncio.run(setup(True))
    fixed = rebuild()
    assert fixed.returncode == 1 and "kept (1000, 1, 1), recomputed (1516, 1, 1)" in fixed.stdout, fixed.stdout
    assert rebuild().returncode == 0  # fixed for good


async def test_a_new_database_is_filled_once_however_many_processes_open_it(
        service: GameService, store: Store) -> None:
    await aqualin_won_by(service, ALICE, BOB)
    kept = (await store.ratings.kept()).rounded()
    async with store.db.tx() as tx:  # as migration 0018 leaves it
        await tx.execute("INSERT INTO meta (key, value) VALUES ('ratings:stale', '1')")
    first = await store.ratings.rebuild_if_marked("ratings:stale")
    assert first is not None and first.differences == []
    assert await store.ratings.rebuild_if_marked("ratings:stale") is None  # the second process
    assert (await store.ratings.kept()).rounded() == kept
    records = await store.ratings.records(GUILD)
    assert sorted((r.user_id, r.played) for r in records) == [(0, 1), (ALICE.user_id, 1), (BOB.user_id, 1)]


def test_a_draw_is_nobodys_win_in_the_records() -> None:
    """Aqualin lists both players as winners of a draw: the records count a game, not a win."""
    from bot.store import SeatRow
    from bot.store.ratings_table import standing

    seats = [SeatRow(1, 0, 101, "101", "Alice"), SeatRow(1, 1, 202, "202", "Bob")]
    draw = standing(1, "aqualin", 9, {"winners": ["101", "202"], "scores": {"101": 10, "202": 10}}, seats)
    assert draw is not None and draw.people == {101: ("Alice", False), 202: ("Bob", False)}
    win = standing(1, "aqualin", 9, {"winners": ["101"], "scores": {"101": 12, "202": 10}}, seats)
    assert win is not None and win.people == {101: ("Alice", True), 202: ("Bob", False)}


async def test_a_resignation_says_resigned(service) -> None:  # noqa: ANN001 - the fixture
    from bot.i18n import tr
    from .conftest import ALICE, BOB, PLACE

    await service.lobby.new_game(ALICE, PLACE, "aqualin", "role=host-colour")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    ended = tr((await service.play.resign(BOB, PLACE)).posts[0].text, "en")
    assert "🏳️ **Bob** resigned." in ended and "left the game" not in ended
    status = tr((await service.looking.status(ALICE, PLACE)).reply, "en")
    assert "**Bob** resigned. **Alice** wins!" in status
    assert "**Bob** hat aufgegeben." in tr((await service.looking.status(ALICE, PLACE)).reply, "de")
