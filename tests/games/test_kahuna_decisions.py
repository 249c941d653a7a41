"""Kahuna follow-ups of the rules page: out of stones, tucking at any time, suggestions.

Scenarios from hand-built positions (``position`` of ``test_kahuna.py``: stones follow from
the bridges by an independent majority count unless given).
"""

from __future__ import annotations

from games.kahuna import KahunaState
from tests.games.test_kahuna import ALICE, BOB, GAME, NAMES, legal, oracle_stones, play, position

#: Alice holds majorities on ten islands with these bridges (ALOA 2 of 3, BARI 3 of 5,
#: COCO 3 of 4, DUDA 3 of 4, ELAI 4 of 6, FAAA 3 of 5, GOLA 3 of 4, HUNA 4 of 5, IFFI 3 of 5,
#: JOJO 3 of 5): all her ten stones are on the board.
TEN_ISLANDS = [
    "ALOA-BARI", "ALOA-HUNA", "BARI-COCO", "BARI-DUDA", "COCO-FAAA", "COCO-GOLA", "DUDA-ELAI",
    "DUDA-HUNA", "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO", "FAAA-GOLA", "GOLA-JOJO", "HUNA-IFFI",
    "IFFI-JOJO", "HUNA-LALE",
]
#: Bob holds KAHU (3 of 5), one of its bridges on LALE's line KAHU-LALE.
BOB_KAHU = ["GOLA-KAHU", "JOJO-KAHU", "KAHU-LALE"]


# ----- out of stones ----------------------------------------------------------------------------


def out_of_stones() -> KahunaState:
    bridges = {**{line: ALICE for line in TEN_ISLANDS}, **{line: BOB for line in BOB_KAHU}}
    state = position(bridges=bridges, hands={ALICE: ["LALE", "COCO"]})
    assert sum(1 for p in state.stones.values() if p == ALICE) == 10
    assert state.stones["KAHU"] == BOB and "LALE" not in state.stones
    return state


def test_a_majority_without_a_stone_left_takes_nothing() -> None:
    state = out_of_stones()
    # LALE: Alice would hold 2 of 3 (HUNA-LALE, IFFI-LALE). With a stone that would take LALE,
    # send Bob's KAHU-LALE back and so cost him KAHU (2 of 5). With none left: nothing at all.
    after = play(state, "bridge LALE-IFFI")
    assert after.bridges["IFFI-LALE"] == ALICE
    assert after.stones == state.stones, "no stone, and no chain"
    assert after.bridges["KAHU-LALE"] == BOB, "no removal of opponent bridges"
    assert {k: v for k, v in after.bridges.items() if k != "IFFI-LALE"} == state.bridges
    view = GAME.view(after, None)
    assert view["stones_left"][ALICE] == 0 and "LALE" not in view["stones"]
    assert GAME.view(after, None)["current"]["taken"] == []


def test_the_description_and_the_label_say_it_takes_nothing() -> None:
    state = out_of_stones()
    text = str(GAME.describe(state, ALICE, "bridge LALE-IFFI", NAMES))
    assert "no stone left: the majority on **LALE** takes nothing" in text
    assert "took" not in text and "lost" not in text
    labels = dict(GAME.suggest(state, ALICE, "", 25))
    label = str(labels["bridge LALE-IFFI"])
    assert "no stone left: takes nothing at LALE" in label and "takes LALE" not in label
    assert len(label) <= 100
    # a bridge that gives no majority says nothing of the kind
    assert "no stone" not in str(labels["bridge COCO-KAHU"])
    assert "no stone" not in str(GAME.describe(state, ALICE, "bridge COCO-KAHU", NAMES))


def test_a_later_placement_takes_the_island_once_a_stone_is_back() -> None:
    # Alice has lost BARI and ALOA (Bob removed ALOA-BARI): two stones are back in her supply,
    # but her majority on LALE stays unmarked until she places a bridge on one of its lines.
    bridges = {**{line: ALICE for line in TEN_ISLANDS if line != "ALOA-BARI"},
               "IFFI-LALE": ALICE, "GOLA-KAHU": BOB, "JOJO-KAHU": BOB, "IFFI-KAHU": BOB}
    stones = {i: p for i, p in oracle_stones(bridges).items() if i != "LALE"}
    state = position(bridges=bridges, stones=stones, hands={ALICE: ["LALE"]})
    assert sum(1 for p in state.stones.values() if p == ALICE) == 8
    after = play(state, "bridge LALE-KAHU")
    assert after.stones["LALE"] == ALICE
    text = str(GAME.describe(state, ALICE, "bridge LALE-KAHU", NAMES))
    assert "took **LALE**" in text and "no stone left" not in text


def test_nine_stones_and_a_double_majority_take_one_island() -> None:
    # With one stone left, a bridge that wins both its ends takes one of them; the other end
    # takes nothing, and the description says which.
    bridges = {**{line: ALICE for line in TEN_ISLANDS if line != "HUNA-LALE"},
               "IFFI-LALE": ALICE, "GOLA-KAHU": ALICE, "JOJO-KAHU": ALICE}
    stones = {i: p for i, p in oracle_stones(bridges).items() if i != "JOJO"}
    state = position(bridges=bridges, stones=stones, hands={ALICE: ["LALE"]})
    assert sum(1 for p in state.stones.values() if p == ALICE) == 9
    after = play(state, "bridge LALE-KAHU")  # LALE 2 of 3 and KAHU 3 of 5 at once
    assert sum(1 for p in after.stones.values() if p == ALICE) == 10
    (took,) = [i for i in ("KAHU", "LALE") if after.stones.get(i) == ALICE]
    (idle,) = [i for i in ("KAHU", "LALE") if i != took]
    text = str(GAME.describe(state, ALICE, "bridge LALE-KAHU", NAMES))
    assert f"took **{took}**" in text
    assert f"no stone left: the majority on **{idle}** takes nothing" in text


# ----- tucking at any time ----------------------------------------------------------------------


def test_tucking_is_allowed_at_any_time_of_the_turn() -> None:
    # at the start of a turn, a card that could be played well (KAHU-LALE would be a fine
    # bridge), both copies of an island, with a hand that is not full
    state = position(hands={ALICE: ["KAHU", "LALE", "LALE"]})
    assert {"tuck KAHU", "tuck LALE LALE", "tuck KAHU LALE LALE"} <= set(legal(state))
    after = play(state, "tuck LALE LALE")
    assert after.hands[ALICE] == ["KAHU"] and GAME.to_act(after) == {ALICE}
    # after another action in the same turn
    later = play(state, "bridge KAHU-LALE", "tuck LALE")
    assert later.hands[ALICE] == ["LALE"] and GAME.to_act(later) == {ALICE}
    # with a full hand, and with a full hand right after the opponent passed
    full = ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]
    for passed in (False, True):
        state = position(hands={ALICE: full}, open_cards=["FAAA", "GOLA", "HUNA"],
                         deck=["IFFI"], passed=passed)
        assert "tuck ALOA BARI COCO DUDA ELAI" in legal(state)
        assert play(state, "tuck ALOA BARI COCO DUDA ELAI").hands[ALICE] == []
    # in round 3 and in a last turn (it changes nothing there, but it is allowed)
    state = position(hands={ALICE: ["KAHU"]}, round_=3)
    assert play(state, "tuck KAHU").tucked == ["KAHU"]
    last = position(hands={ALICE: ["KAHU", "LALE"]}, round_=3, phase="last", last_turns=2,
                    open_cards=[], deck=[])
    assert {"tuck KAHU", "tuck LALE", "tuck KAHU LALE", "end"} <= set(legal(last))
    tucked = play(last, "tuck KAHU")
    assert tucked.phase == "last" and GAME.to_act(tucked) == {ALICE}
    assert "tuck" in str(GAME.describe(last, ALICE, "tuck KAHU", NAMES))
    assert GAME.to_act(play(tucked, "end")) == {BOB}


def test_the_rules_summary_and_the_docstring_write_the_decision_down() -> None:
    import games.kahuna

    assert "at any time in your turn" in str(GAME.summary)
    assert "takes nothing" in str(GAME.summary)
    doc = " ".join((games.kahuna.__doc__ or "").split())
    assert "Tucking** is allowed at any time" in doc and "last turn too" in doc


# ----- suggestions rank by what a move gains ----------------------------------------------------


def values(state: KahunaState, typed: str = "") -> list[str]:
    return [v for v, _label in GAME.suggest(state, ALICE, typed, 25)]


def test_a_full_hand_with_a_gaining_bridge_suggests_that_bridge_first() -> None:
    # ELAI: Alice holds 2 of 6 and needs 4; one more bridge brings her within one. No capture
    # is possible, the hand is full (no draw): pass used to come first.
    bridges = {"ELAI-FAAA": ALICE, "ELAI-IFFI": ALICE, "KAHU-LALE": BOB, "IFFI-LALE": BOB}
    state = position(bridges=bridges,
                     hands={ALICE: ["ELAI", "ALOA", "COCO", "GOLA", "JOJO"]})
    got = values(state)
    assert not any(v.startswith("draw") for v in got) and "pass" in got
    assert got[0].startswith("bridge ELAI-"), got[:3]
    first_label = str(GAME.suggest(state, ALICE, "", 1)[0][1])
    assert "ELAI 3/6 (need 4)" in first_label
    bridges_at = [i for i, v in enumerate(got) if v.startswith(("bridge", "remove"))]
    assert bridges_at and max(bridges_at) < got.index("pass"), "every bridge before pass"
    assert all(v.startswith("tuck") for v in got[got.index("pass") + 1:])


def test_gaining_moves_come_before_draws_and_draws_before_pass() -> None:
    state = position(bridges={"ELAI-FAAA": ALICE, "ELAI-IFFI": ALICE},
                     hands={ALICE: ["ELAI"]})
    got = values(state)
    assert got[0].startswith("bridge ELAI-")
    first_draw = min(i for i, v in enumerate(got) if v.startswith("draw"))
    assert max(i for i, v in enumerate(got) if v.startswith("bridge ELAI-")) < first_draw
    assert first_draw < got.index("pass")


def test_pass_comes_first_only_when_nothing_gains_anything() -> None:
    # Every line of ALOA, COCO and LALE carries Alice's bridge: her five cards can bridge
    # nothing and remove nothing; the hand is full, so she cannot draw.
    bridges = {line: ALICE for line in ["ALOA-BARI", "ALOA-DUDA", "ALOA-HUNA", "BARI-COCO",
                                        "COCO-FAAA", "COCO-GOLA", "COCO-KAHU", "HUNA-LALE",
                                        "IFFI-LALE", "KAHU-LALE"]}
    state = position(bridges=bridges, hands={ALICE: ["ALOA", "ALOA", "COCO", "LALE", "LALE"]},
                     open_cards=["ELAI", "FAAA", "GOLA"], deck=["HUNA"])
    got = values(state)
    assert got[0] == "pass"
    assert all(v.startswith("tuck") for v in got[1:]) and len(got) > 1
    # in a last turn with nothing to play, end comes first the same way
    last = position(bridges=bridges, hands={ALICE: ["ALOA", "LALE"]}, round_=3, phase="last",
                    last_turns=1, open_cards=[], deck=[])
    assert values(last)[0] == "end"
