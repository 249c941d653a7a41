"""Kraqua through the real command tree: every level, 1–4 people, extra seats, free turn order."""

from __future__ import annotations

import pytest

import games

from .fake_discord import CHANNEL_ID, MOD_PERMISSIONS, Harness, User, buttons
from .test_commands import after_move, channel_posts, message, reply_text

GAME = games.REGISTRY["kraqua"]
PEOPLE = [User(101, "Alice", permissions=MOD_PERMISSIONS), User(202, "Bob"), User(303, "Carol"),
          User(404, "Dave")]


@pytest.mark.parametrize("level, seats_of", [
    ("1", (2,)),          # one person with two seats
    ("2", (1, 1)),        # two people
    ("3", (2, 1)),        # two people, three seats
    ("pro", (1, 1, 1, 1)),  # four people
])
@pytest.mark.slow
async def test_a_full_game(harness: Harness, level: str, seats_of: tuple[int, ...]) -> None:
    h = harness
    people = PEOPLE[:len(seats_of)]
    await h.command(people[0], "game", "new", game="kraqua", options=f"level={level}")
    for person, seats in zip(people, seats_of):
        for i in range(seats - (1 if person is people[0] else 0)):
            text = reply_text(await h.command(person, "game", "join"))
            assert ("seats now" in text) == (i > 0 or person is people[0])
    sent = await h.command(people[0], "game", "start")
    board = channel_posts(sent)[0]
    owner = {}
    for person, seats in zip(people, seats_of):
        owner[str(person.id)] = person
        for k in range(2, seats + 1):
            owner[f"{person.id}#{k}"] = person
    private = None
    for step in range(1500):
        row = await h.client.service.store.games.latest_game(CHANNEL_ID)
        state = GAME.load(row.state)
        if GAME.result(state) is not None:
            break
        players = GAME.players(state)
        acting = [p for p in players if p in GAME.to_act(state)]
        player = acting[step % len(acting)]  # free order: any seat that has not played may go
        person = owner[player]
        seat = players.index(player) + 1
        if private is not None and owner[private[0]] is person:
            choice = buttons(private[1].body)[0]
            sent = await h.click(person, choice, message(private[1]))
        elif step % 3 == 0:
            ids = [c for c in buttons(board.body) if c.split(":")[3] == str(seat)]
            sent = await h.click(person, ids[0], message(board))
        else:
            offered = await h.autocomplete(person, "move", "action", "")
            value = offered[0]["value"]
            more_than_one = sum(owner[p] is person for p in acting) > 1
            if more_than_one:  # several of my seats may start: say which
                sent = await h.command(person, "move", action=value, seat=seat)
            else:
                sent = await h.command(person, "move", action=value)
        new_board, follow_up = after_move(sent)
        board = new_board or board
        private = None if follow_up is None else (player, follow_up)
    else:
        raise AssertionError("the game did not end")
    assert "Game over" in board.content and "Gems: chest" in board.content
    assert any(w in board.content for w in ("won together", "Almost won", "was lost"))


async def test_several_seats_need_a_choice(harness: Harness) -> None:
    h = harness
    await h.command(PEOPLE[0], "game", "new", game="kraqua")
    await h.command(PEOPLE[0], "game", "join")
    await h.command(PEOPLE[0], "game", "start")
    text = reply_text(await h.command(PEOPLE[0], "move", action="lay i"))
    # The advice names a form that works as typed: the move started with the seat's animal.
    state = GAME.load((await h.client.service.store.games.latest_game(CHANNEL_ID)).state)
    animals = [state.chips[p] for p in GAME.players(state)]
    assert all(f"`/move {a}: lay i`" in text for a in animals), text
    assert "seat:" not in text
    # Autocomplete offers both seats' moves, each saying which seat plays it.
    offered = {c["value"] for c in await h.autocomplete(PEOPLE[0], "move", "action", "")}
    assert {"seat 1: lay i", "seat 2: lay i"} <= offered
    assert reply_text(await h.command(PEOPLE[0], "move", action="seat 2: lay i")).startswith("Done:")
    # Now seat 2's turn is under way: its steps need no seat any more.
    offered = await h.autocomplete(PEOPLE[0], "move", "action", "")
    assert offered and not any(c["value"].startswith("seat") for c in offered)
