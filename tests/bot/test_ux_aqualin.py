"""Aqualin through the service: a bad move is answered in the syntax of the game's rules, and
the turn posts show moves that can be played now."""

from __future__ import annotations

import re

import pytest

import games
from bot.i18n import tr
from bot.service import GameService
from games import IllegalMove

from .conftest import ALICE, BOB, PLACE

GAME = games.REGISTRY["aqualin"]
MOVE = r"(?:[a-f][1-6]-[a-f][1-6] )?(?:[RYGBPV][CFJHST] )?[a-f][1-6]"


async def legal_now(service: GameService) -> tuple[set[str], str]:
    row = await service.store.games.active_game(PLACE.channel_id)
    state = GAME.load(row.state)
    (player,) = GAME.to_act(state)
    return set(GAME.legal_moves(state, player)), player


@pytest.mark.parametrize("rules, syntax, other", [
    ("classic", "market tile", "shift and a square"),
    ("seed", "shift and a square", "market"),
])
async def test_a_bad_move_gets_the_rules_syntax_with_legal_examples(
        service: GameService, rules: str, syntax: str, other: str) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqualin", f"rules={rules} role=host-colour")
    await service.lobby.join(BOB, PLACE)
    started = await service.lobby.start(ALICE, PLACE)
    legal, _player = await legal_now(service)
    [board] = [p for p in started.posts if "/move" in p.text]
    assert set(re.findall(r"`/move ([^`]*)`", board.text)) <= legal
    await service.play.move(ALICE, PLACE, sorted(legal)[0])  # now a tile lies on the board
    legal, player = await legal_now(service)
    with pytest.raises(IllegalMove) as info:
        await service.play.move(BOB, PLACE, "xx")
    reply = info.value.args[0]
    for lang in ("en", "de", "da"):
        assert tr(reply, lang) != "" and "BT d4" not in tr(reply, lang)
    message = str(reply)
    assert syntax in message and other not in message, message
    examples = re.findall(rf"like ({MOVE})(?=[,.]|$| or)", message)
    assert len(examples) == 2 and set(examples) <= legal, message
