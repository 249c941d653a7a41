"""Kahuna through the service: hands by DM, turns of several actions, draw buttons."""

from __future__ import annotations

import pytest

import renderers
from bot.refusals import ServiceError
from bot.service import GameService

from .conftest import PLACE, deliver_all, delivered
from .kahuna_turns import ACTORS, KAHUNA, current, first_of, first_turn, opponent, start


async def test_start_sends_each_hand_by_dm(service: GameService) -> None:
    started = await start(service)
    out = await delivered(service, started)  # drawn as the outbox draws them
    assert sorted(dm.user_id for dm in out.dms) == [101, 202]
    fallbacks = {dm.user_id: dm.fallback for dm in started.dms}  # what the rows say
    row, state = await current(service)
    for dm in out.dms:
        player = str(dm.user_id)
        assert dm.image is not None and dm.image.data.startswith(b"\x89PNG")
        assert dm.image.data == renderers.render_hand(KAHUNA.view(state, player),
                                                       {"101": "Alice", "202": "Bob"})
        # The channel notice for closed DMs names no card.
        assert "/game hand" in fallbacks[dm.user_id]
        assert not any(card in fallbacks[dm.user_id] for card in KAHUNA.view(state, player)["hand"])
    [post] = out.posts  # the public board is the public view's picture
    assert post.image.data == renderers.render_board(KAHUNA.view(state, None),
                                                     {"101": "Alice", "202": "Bob"})


async def test_actions_stay_private_until_the_turn_ends(service: GameService) -> None:
    row, state, player = await first_turn(service)
    actor = ACTORS[player]
    names = {"101": "Alice", "202": "Bob"}
    bridge = first_of(state, player, "bridge")
    first = KAHUNA.describe(state, player, bridge, names)
    out = await service.play.move(actor, PLACE, bridge)
    assert out.posts == [] and out.reply.startswith("Done:") and out.reply_file is not None
    assert [dm.user_id for dm in out.dms] == [actor.user_id]  # their hand changed
    row, state = await current(service)
    draw = first_of(state, player, "draw")
    second = KAHUNA.describe(state, player, draw, names)
    out = await service.play.move(actor, PLACE, draw)
    [post] = out.posts
    # Both actions, in order, worded from the replayed log (the log stores no words).
    assert str(post.text).startswith(f"**{actor.name}**: {first}; {second}.")
    other = opponent(player)
    assert post.mention == (other.user_id,)
    assert any(b.move == "draw deck" for b in post.buttons)
    fresh, state = await current(service)
    assert {b.version for b in post.buttons} == {fresh.version}
    assert [m.ends_turn for m in await service.store.games.moves(fresh.id)] == [False, True]


async def test_stale_and_wrong_buttons(service: GameService) -> None:
    out = await start(service)
    row, state = await current(service)
    (player,) = KAHUNA.to_act(state)
    other = opponent(player)
    deck = next(b for b in out.posts[0].buttons if b.move == "draw deck")
    with pytest.raises(ServiceError, match="not your turn"):
        await service.play.move(other, PLACE, deck.move, game_id=deck.game_id, version=deck.version)
    await service.play.move(ACTORS[player], PLACE, deck.move, game_id=deck.game_id, version=deck.version)
    with pytest.raises(ServiceError, match="earlier moment"):  # the same click once more
        await service.play.move(ACTORS[player], PLACE, deck.move, game_id=deck.game_id, version=deck.version)


async def test_undo_keeps_bridges_and_draws(service: GameService) -> None:
    """A bridge shows the card it used, a draw ends the turn: neither comes back
    (tests/bot/test_privacy.py has what may be taken back)."""
    row, state, player = await first_turn(service)
    bridge = first_of(state, player, "bridge")
    await service.play.move(ACTORS[player], PLACE, bridge)
    with pytest.raises(ServiceError, match="it showed which card you played"):
        await service.play.undo(ACTORS[player], PLACE)
    await service.play.move(ACTORS[player], PLACE, "draw deck")
    with pytest.raises(ServiceError, match="you drew a card from the deck"):
        await service.play.undo(ACTORS[player], PLACE)


async def test_deadline_skip_passes_in_kahuna(service: GameService, clock) -> None:
    await start(service, "deadline=1h on-deadline=skip reminder=off")
    await deliver_all(service)
    row, state = await current(service)
    (player,) = KAHUNA.to_act(state)
    clock.advance(3600)
    [(_, outcome)] = await service.timers.fire_due()
    [post] = outcome.posts
    assert "Time's up" in post.text and "`pass`" in post.text
    row, state = await current(service)
    assert KAHUNA.to_act(state) != {player}
    [logged] = await service.store.games.moves(row.id)
    assert (logged.kind, logged.move, logged.actor_id) == ("skip", "pass", None)
