"""The sea snail: the last player of a round is told why they cannot take it; solo has none.

Scenarios from hand-built positions (``build`` of ``test_aqua.py``).
"""

from __future__ import annotations

import random

import pytest

from bot.i18n import TRANSLATED, tr
from games import IllegalMove
from games.aqua.material import TILES
from renderers.alt_text import alt_text
from tests.games.test_aqua import A, B, C, GAME, build, rejection


def reason(state: object, move: str, player: str) -> IllegalMove:
    before = GAME.dump(state)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    assert GAME.dump(state) == before, "a refused move changes nothing"
    return info.value


@pytest.mark.parametrize("players", [(A, B), (A, B, C)])
def test_the_last_player_of_a_round_is_told_why_not(players: tuple[str, ...]) -> None:
    # Everyone else has played this round; the snail still lies in the market.
    last = players[-1]
    state = build(players=players, queue=[last], market=list(TILES[-2:]))
    assert state.snail == "market" and GAME.to_act(state) == {last}
    assert "snail" not in GAME.legal_moves(state, last)
    error = reason(state, "snail", last)
    message = str(error)
    assert message == "you play last this round and get the snail anyway: take a tile"
    for lang in TRANSLATED:  # the reason reaches players in their language
        said = tr(error.args[0], lang)
        assert said != message and said.strip()
    # ... and they do get it: after their tile they hold it and start the next round
    move = next(m for m in GAME.legal_moves(state, last) if m.startswith("take"))
    after = GAME.apply(state, last, move)
    if after.phase == "large":
        after = GAME.apply(after, last, "done")
    assert after.round == 2 and after.queue[0] == last and after.snail == "market"


def test_earlier_players_may_take_it_and_the_prompt_offers_it_only_to_them() -> None:
    state = build(players=(A, B, C), queue=[B, C], market=list(TILES[-3:]))
    assert "snail" in GAME.legal_moves(state, B)
    assert "/move snail" in str(GAME.prompt(state, B))
    taken = GAME.apply(state, B, "snail")
    assert taken.snail == B and taken.queue == [C, B]
    # C plays last now, and B after C: neither may take the snail, each told why
    assert "not in the market" in rejection(taken, "snail")
    last = build(players=(A, B, C), queue=[C], market=list(TILES[-2:]))
    assert "/move snail" not in str(GAME.prompt(last, C))


def test_solo_has_no_snail_all_game_and_the_view_says_null() -> None:
    state = GAME.setup([A], {}, 4)
    rnd = random.Random(4)
    seen = 0
    while True:
        view = GAME.view(state, A)
        assert view["snail"] is None and GAME.view(state, None)["snail"] is None
        if state.over:
            break
        assert "snail" not in GAME.legal_moves(state, A)
        if state.phase == "take":
            assert "no sea snail in a solo game" in str(reason(state, "snail", A))
            assert "snail" not in str(GAME.prompt(state, A))
            assert not any(b.move == "snail" for b in GAME.buttons(state, A))
        state = GAME.apply(state, A, rnd.choice(GAME.legal_moves(state, A)))
        seen += 1
    assert seen >= 17 and state.round == 17
    assert "snail" not in str(alt_text(GAME.view(state, None), {A: "Alice"})).lower()


def test_the_view_names_the_holder_or_the_market_with_two_or_more() -> None:
    state = build(players=(A, B, C), queue=[A, B, C], market=list(TILES[-4:]))
    assert GAME.view(state, None)["snail"] == "market"
    assert GAME.view(GAME.apply(state, A, "snail"), None)["snail"] == A


def test_in_the_last_round_the_snail_promises_no_next_round() -> None:
    """Round 17 of 17 offered the snail with "first next round" ("nächste Runde als Erster"):
    there is no next round, so it is worded as what it still does, playing last."""
    from games.aqua.material import ROUNDS

    state = build(players=(A, B, C), queue=[B, C], market=list(TILES[-3:]), round=ROUNDS)
    assert "snail" in GAME.legal_moves(state, B)
    prompt = GAME.prompt(state, B)
    offered = dict(GAME.suggest(state, B, ""))["snail"]
    said = GAME.describe(state, B, "snail")
    for text in (prompt, offered, said):
        assert "final round" in str(text) and "next round" not in str(text), text
        assert "nächste" not in tr(text, "de") and "letzten Runde" in tr(text, "de")
        assert "næste" not in tr(text, "da") and "sidste" in tr(text, "da")
    # earlier rounds still say what the snail does in the next one
    early = build(players=(A, B, C), queue=[B, C], market=list(TILES[-3:]), round=ROUNDS - 1)
    assert "first next round" in str(dict(GAME.suggest(early, B, ""))["snail"])
    assert "first next round" in str(GAME.describe(early, B, "snail"))


def test_the_pictures_note_on_the_snail_in_the_last_round() -> None:
    from games.aqua.material import ROUNDS
    from renderers.aqua.layout import _hint_texts

    state = build(players=(A, B, C), queue=[B, C], market=list(TILES[-3:]), round=ROUNDS)
    view = GAME.view(GAME.apply(state, B, "snail"))
    [hint] = _hint_texts(view, {A: "a", B: "b", C: "c"}, B, "moved", True, "en")
    assert str(hint) == "took the sea snail: plays last in this final round"
