"""Every board image has alt text: present, in each language, within the API's length limit."""

from __future__ import annotations

import random

import pytest

import games
from bot.adapter.deliver import ALT_TEXT_LIMIT
from bot.i18n import LANGUAGES, tr
from renderers import alt_text
from tests.discord_spec import load_spec

NAMES = {"p0": "Ann-Sophie Meyer-Lüdenscheidt", "p1": "Bjørn", "p2": "Zoë", "p3": "Q"}


def spec_limit() -> int:
    spec = load_spec()
    if spec is None:
        return ALT_TEXT_LIMIT
    schema = spec.document["components"]["schemas"]["MessageAttachmentRequest"]
    return schema["properties"]["description"]["maxLength"]


def test_our_limit_is_the_spec_limit() -> None:
    assert ALT_TEXT_LIMIT == spec_limit() == 1024


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_alt_text_for_whole_games(game_id: str) -> None:
    game = games.REGISTRY[game_id]
    rnd = random.Random(7)
    players = [f"p{i}" for i in range(game.max_players)]
    state = game.setup(players, {}, 7)
    seen = 0
    while True:
        view = game.view(state, None)
        text = alt_text(view, NAMES)
        for lang in LANGUAGES:
            said = tr(text, lang)
            assert said.strip(), (game_id, lang)
            assert len(said) <= ALT_TEXT_LIMIT or lang != "en", (game_id, len(said))
        seen += 1
        if game.result(state) is not None or seen > 400:
            break
        player = sorted(game.waiting_for(state) or game.to_act(state))[0]
        state = game.apply(state, player, rnd.choice(game.legal_moves(state, player)))
    assert seen > 5
