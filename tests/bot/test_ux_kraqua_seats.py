"""Kraqua with one person holding several seats: seats named by their animal, moves that say
which seat plays, one ping per person, and the team's result said once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from bot.console import Console
from bot.refusals import NotAllowed, ServiceError
from bot.i18n import tr
from bot.messages import Outcome
from bot.service import GameService
from bot.store import Store
from bot.safe_text import split_seat

from .conftest import ALICE, BOB, PLACE, FakeClock, deliver_all, delivered

GAME = games.REGISTRY["kraqua"]
ALICE2 = f"{ALICE.user_id}#2"  # Alice's second seat (seat 2: the host's seats come first)


async def open_game(service: GameService, *, bot: bool = True) -> Outcome:
    """Alice holds seats 1 and 2, Bob seat 3, a bot seat 4 (if ``bot``); returns the start."""
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.lobby.join(ALICE, PLACE)
    await service.lobby.join(BOB, PLACE)
    if bot:
        await service.bots.add_bot(ALICE, PLACE)
    return await service.lobby.start(ALICE, PLACE)


async def state_now(service: GameService):
    row = await service.store.games.latest_game(PLACE.channel_id)
    return row, GAME.load(row.state)


def animal(state, player: str) -> str:
    return state.chips[player]


# ----- names --------------------------------------------------------------------------------


async def test_the_start_post_names_every_seat_by_its_animal(service: GameService) -> None:
    started = await open_game(service)
    _row, state = await state_now(service)
    a1, a2 = animal(state, str(ALICE.user_id)), animal(state, ALICE2)
    b, bot = animal(state, str(BOB.user_id)), animal(state, "bot-1")
    [post] = started.posts
    head = post.text.splitlines()[0]
    assert head == (f"🎲 **Kraqua** has started: **Alice ({a1})**, **Alice ({a2})**, "
                    f"**Bob ({b})** and **🤖 Normal bot ({bot})**."), head
    assert "(2)" not in post.text
    # In German the animals are German too.
    german = tr(post.text, "de")
    assert f"**Alice ({tr(GAME.seat_tag(state, ALICE2), 'de')})**" in german
    assert tr(GAME.seat_tag(state, ALICE2), "de") != a2


async def test_the_board_names_seats_once(service: GameService) -> None:
    """The image's seat list writes the chip under each name: the name goes without it there."""
    from renderers.kraqua.style import _without_chip

    started = await open_game(service)
    [post] = started.posts
    assert post.art is not None
    _row, state = await state_now(service)
    a2 = animal(state, ALICE2)
    assert post.art.names[ALICE2] == f"Alice ({a2})"
    assert _without_chip(post.art.view, post.art.names)[ALICE2] == "Alice"
    drawn = await delivered(service, started)
    assert drawn.posts[0].image is not None


# ----- pings --------------------------------------------------------------------------------


async def test_one_ping_per_person_that_lists_their_seats(service: GameService) -> None:
    started = await open_game(service, bot=False)
    _row, state = await state_now(service)
    a1, a2 = animal(state, str(ALICE.user_id)), animal(state, ALICE2)
    [post] = started.posts
    text = str(post.text)
    assert text.count(f"<@{ALICE.user_id}>") == 1 and text.count(f"<@{BOB.user_id}>") == 1, text
    assert post.mention == (ALICE.user_id, BOB.user_id)
    [line] = [x for x in text.splitlines() if x.startswith(f"<@{ALICE.user_id}>")]
    assert line.startswith(f"<@{ALICE.user_id}>, your turn as **Alice ({a1})** and **Alice ({a2})**.")
    assert f"`/move {a1}: lay i`" in line
    # each seat still gets its own prompt, under its name
    assert any(x.startswith(f"**Alice ({a1})**: ") for x in text.splitlines())
    assert any(x.startswith(f"**Alice ({a2})**: ") for x in text.splitlines())
    # Bob holds one seat: pinged as before
    assert any(x.startswith(f"<@{BOB.user_id}>, your turn: ") for x in text.splitlines())


async def test_after_a_move_the_person_still_to_play_is_named_once_not_pinged_again(service: GameService) -> None:
    await open_game(service, bot=False)
    for _ in range(10):  # Bob plays his whole turn (lay, then a fish or skip ...)
        _row, state = await state_now(service)
        moved = await service.play.move(BOB, PLACE, GAME.legal_moves(state, str(BOB.user_id))[0])
        if moved.posts:
            break
    [post] = moved.posts
    # Alice has been waited for since the round began (and pinged then): named, not pinged
    # again, once for both her seats; Bob, who just moved, is neither
    assert post.mention == ()
    assert "<@" not in str(post.text) and str(post.text).count("**Alice**, your turn as") == 1


async def test_a_person_with_one_seat_acting_is_told_which(service: GameService) -> None:
    await open_game(service, bot=False)
    _row, state = await state_now(service)
    a2 = animal(state, ALICE2)
    await service.play.move(ALICE, PLACE, f"{animal(state, str(ALICE.user_id))}: lay i")
    for _ in range(10):  # Alice's first seat and Bob finish their turns
        _row, state = await state_now(service)
        acting = [p for p in GAME.players(state) if p in GAME.to_act(state) and p != ALICE2]
        if not acting:
            break
        who = BOB if acting[0] == str(BOB.user_id) else ALICE
        last = await service.play.move(who, PLACE, f"seat {GAME.players(state).index(acting[0]) + 1}: "
                                  + GAME.legal_moves(state, acting[0])[0])
    text = str(last.posts[-1].text)
    assert f"**Alice**, your turn as **Alice ({a2})**: " in text or \
        f"<@{ALICE.user_id}>, your turn as **Alice ({a2})**: " in text, text


async def test_reminders_say_which_seat(service: GameService, clock: FakeClock) -> None:
    await open_game(service, bot=False)
    await deliver_all(service)  # the turn clocks start when the board reaches the channel
    _row, state = await state_now(service)
    clock.advance(12 * 3600)
    posts = [p for _place, outcome in await service.timers.fire_due() for p in outcome.posts]
    mine = sorted(str(p.text).splitlines()[0] for p in posts if p.mention == (ALICE.user_id,))
    assert mine == sorted(f"⏰ <@{ALICE.user_id}>, it's your turn in **Kraqua** as **Alice ({animal(state, p)})** "
                          "(waiting for 12 h)." for p in (str(ALICE.user_id), ALICE2)), mine
    [bob] = [str(p.text).splitlines()[0] for p in posts if p.mention == (BOB.user_id,)]
    assert bob == f"⏰ <@{BOB.user_id}>, it's your turn in **Kraqua** (waiting for 12 h)."


# ----- saying which seat plays --------------------------------------------------------------


FORMS = {
    "seat 2: lay i": lambda state: "seat 2: lay i",
    "seat 2 lay i": lambda state: "seat 2 lay i",
    "seat:2 lay i": lambda state: "seat:2 lay i",
    "SEAT 2:lay i": lambda state: "SEAT 2:lay i",
    "<animal>: lay i": lambda state: f"{animal(state, ALICE2)}: lay i",
    "<animal> lay i": lambda state: f"{animal(state, ALICE2)} lay i",
    "<Animal>: lay i": lambda state: f"{animal(state, ALICE2).title()}: lay i",
    "<German animal>: lay i": lambda state: f"{tr(GAME.seat_tag(state, ALICE2), 'de')}: lay i",
    "<Danish animal> lay i": lambda state: f"{tr(GAME.seat_tag(state, ALICE2), 'da')} lay i",
    "<name (animal)>: lay i": lambda state: f"Alice ({animal(state, ALICE2)}): lay i",
    "<lobby name>: lay i": lambda state: "Alice (2): lay i",
}


@pytest.mark.parametrize("form", FORMS)
async def test_a_move_may_start_with_its_seat(service: GameService, form: str) -> None:
    await open_game(service)
    row, state = await state_now(service)
    played = await service.play.move(ALICE, PLACE, FORMS[form](state))
    assert "laid tile" in str(played.reply), played.reply
    moves = await service.store.games.moves(row.id)
    assert moves[-1].player_id == ALICE2 and moves[-1].move == "lay i"


async def test_the_advice_for_several_seats_works_as_typed(service: GameService) -> None:
    await open_game(service)
    _row, state = await state_now(service)
    a1, a2 = animal(state, str(ALICE.user_id)), animal(state, ALICE2)
    with pytest.raises(ServiceError) as refused:
        await service.play.move(ALICE, PLACE, "lay i")
    advice = str(refused.value)
    assert f"**Alice ({a1})** and **Alice ({a2})**" in advice
    assert f"`/move {a1}: lay i` or `/move {a2}: lay i`" in advice
    assert "seat:" not in advice
    typed = re.findall(r"`/move ([^`]+)`", advice)[-1]
    played = await service.play.move(ALICE, PLACE, typed)
    assert "laid tile" in str(played.reply)


async def test_the_shared_name_alone_asks_which_seat(service: GameService) -> None:
    await open_game(service)
    with pytest.raises(ServiceError, match="Several of your seats"):
        await service.play.move(ALICE, PLACE, "Alice: lay i")


async def test_someone_elses_animal_is_not_yours(service: GameService) -> None:
    await open_game(service)
    _row, state = await state_now(service)
    with pytest.raises(NotAllowed, match="That seat isn't yours"):
        await service.play.move(ALICE, PLACE, f"{animal(state, str(BOB.user_id))}: lay i")


async def test_autocomplete_understands_the_animal(service: GameService) -> None:
    await open_game(service)
    _row, state = await state_now(service)
    offered = await service.looking.suggest(ALICE, PLACE, f"{animal(state, ALICE2)}: lay")
    assert offered and all(value.startswith("seat 2: lay") for _label, value in offered), offered
    assert all(f"Alice ({animal(state, ALICE2)})" in label for label, _value in offered)


def test_split_seat_reads_the_number_with_or_without_a_colon() -> None:
    assert split_seat("seat 2: lay i") == (2, "lay i")
    assert split_seat("seat 2 lay i") == (2, "lay i")
    assert split_seat("seat:2 lay i") == (2, "lay i")
    assert split_seat("seat2:lay i") == (2, "lay i")
    assert split_seat("seats lay i") == (None, "seats lay i")
    assert split_seat("lay i") == (None, "lay i")


# ----- the team's result --------------------------------------------------------------------


async def test_the_team_result_is_said_once(service: GameService) -> None:
    await open_game(service)
    _row, state = await state_now(service)
    ended = await service.play.resign(BOB, PLACE)
    text = str(ended.posts[0].text)
    assert "The game was lost." in text
    [score] = [line for line in text.splitlines() if "score" in line.lower()]
    assert re.fullmatch(r"Team score: \d+", score), score
    assert "Scores:" not in text
    assert "left the game" not in text  # the headline said it: Bob resigned
    # the status names the seat that left by its animal, and how it left
    status = str((await service.looking.status(ALICE, PLACE)).reply)
    assert f"**Bob ({animal(state, str(BOB.user_id))})** resigned." in status
    assert status.count("Team score:") == 1 and "Scores:" not in status
    assert "Holdets point:" in tr(ended.posts[0].text, "da")


async def test_a_game_with_winners_still_lists_scores_per_player(service: GameService) -> None:
    from games import Result

    said = str(service.narrator.result_text(games.REGISTRY["aqualin"], Result({"1": 3, "2": 5}, ("2",)),
                                   {"1": "Ann", "2": "Ben"}))
    assert "Scores: **Ben**: 5 · **Ann**: 3" in said and "Team score" not in said  # the best first


# ----- in the console -----------------------------------------------------------------------


async def test_console_two_seats_and_a_bot(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 7), tmp_path / "out")
        for line in ("hana: /game new kraqua", "hana: /game join", "hana: /game addbot"):
            await console.handle(line)
        out = "\n".join(await console.handle("hana: /game start"))
        row = await store.games.active_game(1)
        state = GAME.load(row.state)
        hana, hana2 = GAME.players(state)[:2]
        a1, a2 = state.chips[hana], state.chips[hana2]
        assert f"hana ({a1}), hana ({a2}) and 🤖 Normal bot ({state.chips['bot-1']})" in out
        start_post = out.split("[channel]")[1]  # (the bot's own move follows in a post of its own)
        assert start_post.count("@hana") == 1, start_post
        assert f"your turn as hana ({a1}) and hana ({a2})" in start_post
        refused = "\n".join(await console.handle("hana: /move lay i"))
        typed = re.findall(r"`/move ([^`]+)`", refused)[-1]
        done = "\n".join(await console.handle(f"hana: /move {typed}"))
        assert re.search(r"Done: \S.* laid tile", done), done
    finally:
        await store.close()


async def test_while_a_seat_is_partway_through_its_turn_the_others_are_offered_nothing(
        service: GameService) -> None:
    """Free order: once Bob's seat has begun its turn, only it may go on. Alice sees the game
    from the turn's start (the steps stay Bob's), but is told Bob is being waited for, and
    autocomplete offers her nothing that /move would refuse."""
    await service.lobby.new_game(ALICE, PLACE, "kraqua")
    await service.lobby.join(BOB, PLACE)
    await service.lobby.start(ALICE, PLACE)
    _row, state = await state_now(service)
    bob = str(BOB.user_id)
    assert bob in GAME.to_act(state) and str(ALICE.user_id) in GAME.to_act(state)
    step = next((m for m in GAME.legal_moves(state, bob)
                 if not GAME.turn_complete(state, GAME.apply(state, bob, m), bob)), None)
    assert step is not None, "no move that leaves Bob's turn open"
    await service.play.move(BOB, PLACE, step)
    status = str((await service.looking.status(ALICE, PLACE)).reply)
    assert f"waiting for **Bob ({animal(state, bob)})**." in status
    [(label, value)] = await service.looking.suggest(ALICE, PLACE, "")
    assert "partway through a turn" in str(label) and value == "wait"
    assert len(await service.looking.suggest(BOB, PLACE, "")) >= 1  # Bob goes on


async def test_a_seat_not_on_turn_is_named_as_its_ping_names_it(service: GameService) -> None:
    """The Danish review: "Den plads er ikke i tur: … når det bliver dens tur". The refusal
    names the seat as "your turn as …" does, and /moves says the same."""
    await open_game(service, bot=False)
    _row, state = await state_now(service)
    a1, a2 = animal(state, str(ALICE.user_id)), animal(state, ALICE2)
    await service.play.move(ALICE, PLACE, "seat 2: lay i")  # seat 2's turn is under way
    with pytest.raises(ServiceError) as refused:
        await service.play.move(ALICE, PLACE, "seat 1: lay i")
    said = refused.value.args[0]
    assert str(said) == (f"It's not your turn as **Alice ({a1})**: waiting for **Alice ({a2})**. "
                         "I'll ping you when it is.")
    d1, d2 = (tr(GAME.seat_tag(state, p), "da") for p in (str(ALICE.user_id), ALICE2))
    assert tr(said, "da") == (f"Det er ikke din tur som **Alice ({d1})**: vi venter på "
                              f"**Alice ({d2})**. Jeg pinger dig, når det bliver din tur.")
    g1 = tr(GAME.seat_tag(state, str(ALICE.user_id)), "de")
    assert tr(said, "de").startswith(f"Du bist als **Alice ({g1})** nicht am Zug: Wir warten auf ")
    [(label, value)] = await service.looking.suggest(ALICE, PLACE, "seat 1: ")
    assert str(label).startswith(f"It's not your turn as Alice ({a1}): waiting for Alice ({a2})")
