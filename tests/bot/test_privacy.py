"""A turn in progress stays with its player; an undo never takes back what others have seen.

Kahuna through the service: while the player to act is in the middle of a turn, everyone else
(the other player, a spectator, the other player's bot) sees the game as it was when the
turn began, in every place they can look.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.refusals import ServiceError
from bot.messages import Actor
from bot.service import GameService

from .conftest import CAROL, PLACE, FakeClock, delivered
from .kahuna_turns import ACTORS, KAHUNA, current, first_of, first_turn, opponent

HOUR = 3600.0


async def looks(service: GameService, actor: Actor) -> dict[str, Any]:
    """Everything ``actor`` can ask about the game without acting."""
    board = await service.looking.board(actor, PLACE)
    assert board.reply_file is not None
    seen = {
        "board": (str(board.reply), board.reply_file.data, board.reply_file.description,
                  board.reply_file.filename),
        "status": str((await service.looking.status(actor, PLACE)).reply),
        "log": str((await service.history.log(actor, PLACE, 50)).reply),
        "suggest": await service.looking.suggest(actor, PLACE, ""),
    }
    if actor in ACTORS.values():
        hand = await service.looking.hand(actor, PLACE)
        seen["hand"] = (str(hand.reply), hand.reply_file.data if hand.reply_file else None)
    return seen


async def test_others_see_the_turn_as_it_began(service: GameService, clock: FakeClock) -> None:
    row, state, mover = await first_turn(service, "deadline=1d reminder=6h")
    me, other = ACTORS[mover], opponent(mover)
    clock.advance(HOUR)  # the status shows the deadline (as a timestamp, the same in 23 h)
    spectator_before = await looks(service, CAROL)
    other_before = await looks(service, other)
    mine_before = await looks(service, me)
    assert f"<t:{int(row.updated_at + 86400)}:R>" in spectator_before["status"]
    bridge = first_of(state, mover, "bridge")
    line = KAHUNA.parse_move(bridge).line

    out = await service.play.move(me, PLACE, bridge)
    assert out.posts == []  # the channel hears nothing yet
    assert await looks(service, CAROL) == spectator_before
    assert await looks(service, other) == other_before
    mine = await looks(service, me)  # the mover sees their step
    assert mine["board"] != mine_before["board"] and line in mine["log"]
    assert "Moves played: 1" in mine["status"] and "Moves played: 0" in spectator_before["status"]

    row, state = await current(service)
    draw = first_of(state, mover, "draw")
    out = await delivered(service, await service.play.move(me, PLACE, draw))  # drawn as delivered
    [post] = out.posts  # the turn is over: now everyone sees it
    spectator = await looks(service, CAROL)
    assert line in spectator["log"] and "Moves played: 2" in spectator["status"]
    assert spectator["board"][1] == post.image.data  # the board just posted
    assert spectator["board"][1:3] == (await looks(service, me))["board"][1:3]


async def test_a_step_inside_a_turn_keeps_the_turn_clock(service: GameService,
                                                         clock: FakeClock) -> None:
    row, state, mover = await first_turn(service, "deadline=1d reminder=6h")
    due = {t.kind: t.due_at for t in await service.store.timers.of_game(row.id)}
    clock.advance(HOUR)
    bridge = first_of(state, mover, "bridge")
    await service.play.move(ACTORS[mover], PLACE, bridge)
    assert {t.kind: t.due_at for t in await service.store.timers.of_game(row.id)} == due


async def test_undo_never_brings_a_shown_card_back(service: GameService) -> None:
    row, state, mover = await first_turn(service)
    me = ACTORS[mover]
    bridge = first_of(state, mover, "bridge")
    line = KAHUNA.parse_move(bridge).line
    held = len(state.hands[mover])
    await service.play.move(me, PLACE, bridge)
    with pytest.raises(ServiceError, match="can't be taken back: it showed which card you played"):
        await service.play.undo(me, PLACE)
    await service.play.move(me, PLACE, "draw deck")  # the turn is posted
    _, after = await current(service)
    for _attempt in range(2):  # neither the draw nor, behind it, the bridge
        with pytest.raises(ServiceError, match="can't be taken back: you drew a card"):
            await service.play.undo(me, PLACE)
    row, state = await current(service)
    assert KAHUNA.dump(state) == KAHUNA.dump(after)
    assert state.bridges[line] == mover and len(state.hands[mover]) == held  # one played, one drawn
    assert all(m.undone_at is None for m in await service.store.games.moves(row.id))


async def test_taken_back_steps_leave_no_trace_in_the_log(service: GameService) -> None:
    """Handicap bridges use no card: the first may be taken back, and is then gone."""
    row, state, mover = await first_turn(service, "handicap=2")
    me = ACTORS[mover]
    await service.play.move(me, PLACE, "free ALOA-BARI")
    out = await service.play.undo(me, PLACE)
    assert out.posts == [] and str(out.reply).startswith("Taken back: `free ALOA-BARI`")
    row2, state2 = await current(service)
    assert KAHUNA.dump(state2) == KAHUNA.dump(state)
    for actor in (me, CAROL):
        assert "no moves yet" in str((await service.history.log(actor, PLACE)).reply)
    await service.play.move(me, PLACE, "free COCO-GOLA")
    out = await service.play.move(me, PLACE, "free DUDA-ELAI")
    assert out.posts  # the handicap turn is over and posted
    with pytest.raises(ServiceError, match="it ended your turn"):
        await service.play.undo(me, PLACE)
    text = str((await service.history.log(CAROL, PLACE)).reply)
    assert "1. " in text and "2. " in text and "3. " not in text
    assert "ALOA-BARI" not in text and "~~" not in text and "taken back" not in text
    assert [(m.move, m.undone_at is not None) for m in await service.store.games.moves(row.id)] == [
        ("free ALOA-BARI", True), ("free COCO-GOLA", False), ("free DUDA-ELAI", False)]


async def test_a_bot_out_of_turn_sees_the_turn_as_it_began(service: GameService) -> None:
    """Bots think from what their seat may see (``players=``, as bot seats share user 0)."""
    row, before, mover = await first_turn(service)
    other = "202" if mover == "101" else "101"
    bridge = first_of(before, mover, "bridge")
    await service.play.move(ACTORS[mover], PLACE, bridge)
    row, during = await current(service)
    seats = await service.store.games.seats(row.id)
    theirs = await service.sights.sight(KAHUNA, row, seats, players=[other])
    assert KAHUNA.dump(theirs.state) == KAHUNA.dump(before) and theirs.hidden == 1
    own = await service.sights.sight(KAHUNA, row, seats, players=[mover])
    assert KAHUNA.dump(own.state) == KAHUNA.dump(during) and own.hidden == 0
