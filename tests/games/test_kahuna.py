"""Kahuna scenarios from hand-built positions, against the rules in ``games.kahuna``.

The generic contract (playouts, round trips, garbage input, ...) is in ``test_contract.py``;
this module checks the rules page itself, rule by rule. Positions are built with
``position`` below: bridges, hands, open cards and the deck are set by hand, stones follow
from the bridges (by an independent majority count written here, not the engine's), and
every other card lies face up on the discard pile.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from games import REGISTRY, CorruptState, Game, GameOver, IllegalMove, InvalidMove, NotYourTurn
from games.kahuna import ISLANDS, LINES, Kahuna, KahunaState
from tests.games import helpers
from tests.games.helpers import unreadable

GAME: Kahuna = REGISTRY["kahuna"]  # type: ignore[assignment]
ALICE, BOB = "alice", "bob"
NAMES = {ALICE: "Alice", BOB: "Bob"}
ALL_CARDS = sorted(ISLANDS * 2)

#: The map as printed on the rules page, written out independently of the engine.
LINES_ON_PAGE = """
ALOA-BARI ALOA-DUDA ALOA-HUNA BARI-COCO BARI-DUDA BARI-ELAI BARI-FAAA
COCO-FAAA COCO-GOLA COCO-KAHU DUDA-ELAI DUDA-HUNA ELAI-FAAA ELAI-HUNA
ELAI-IFFI ELAI-JOJO FAAA-GOLA FAAA-JOJO GOLA-JOJO GOLA-KAHU HUNA-IFFI
HUNA-LALE IFFI-JOJO IFFI-KAHU IFFI-LALE JOJO-KAHU KAHU-LALE""".split()
LINE_COUNTS = {"ALOA": 3, "BARI": 5, "COCO": 4, "DUDA": 4, "ELAI": 6, "FAAA": 5, "GOLA": 4,
               "HUNA": 5, "IFFI": 5, "JOJO": 5, "KAHU": 5, "LALE": 3}


# ----- helpers ----------------------------------------------------------------------------------


def lines_of(island: str) -> list[str]:
    return [line for line in LINES_ON_PAGE if island in line.split("-")]


def oracle_stones(bridges: dict[str, str]) -> dict[str, str]:
    """Who controls what: strictly more than half of an island's lines."""
    out = {}
    for island in LINE_COUNTS:
        for p in (ALICE, BOB):
            mine = sum(1 for line in lines_of(island) if bridges.get(line) == p)
            if 2 * mine > LINE_COUNTS[island]:
                out[island] = p
    return out


def position(*, bridges: dict[str, str] | None = None, stones: dict[str, str] | None = None,
             hands: dict[str, list[str]] | None = None, open_cards: list[str] | None = None,
             deck: list[str] | None = None, tucked: list[str] | None = None,
             shown: dict[str, list[str]] | None = None, active: str = ALICE, round_: int = 1,
             phase: str = "play", passed: bool = False, variant: str = "base",
             scores: dict[str, int] | None = None, last_turns: int = 0,
             scorings: list[dict[str, Any]] | None = None) -> KahunaState:
    """A consistent state. Unlisted cards lie face up on the discard pile."""
    bridges = dict(bridges or {})
    hands = {ALICE: [], BOB: [], **(hands or {})}
    shown = {ALICE: [], BOB: [], **(shown or {})}
    open_cards = list(["ALOA", "BARI", "COCO"] if open_cards is None else open_cards)
    deck = list(["DUDA", "FAAA", "GOLA"] if deck is None else deck)
    tucked = list(tucked or [])
    used = Counter(open_cards + deck + tucked + [c for h in hands.values() for c in h]
                   + [c for h in shown.values() for c in h])
    rest = Counter(ALL_CARDS) - used
    assert not used - Counter(ALL_CARDS), "more than two cards of an island"
    state = KahunaState(
        players=(ALICE, BOB), variant=variant, first=ALICE, active=active, rng=12345,
        deck=deck, open=open_cards, hands={p: sorted(c) for p, c in hands.items()},
        shown={p: sorted(c) for p, c in shown.items()}, played=sorted(rest.elements()),
        tucked=sorted(tucked), bridges=bridges,
        stones=oracle_stones(bridges) if stones is None else dict(stones),
        scores={ALICE: 0, BOB: 0, **(scores or {})}, round=round_, phase=phase,
        passed=passed, last_turns=last_turns, scorings=list(scorings or []),
    )
    assert GAME.load(GAME.dump(state)) == state, "the helper built an inconsistent state"
    return state


def play(state: KahunaState, *moves: str, player: str | None = None) -> KahunaState:
    for move in moves:
        state = GAME.apply(state, player or state.active, move)
    return state


def rejection(state: KahunaState, move: str, player: str | None = None) -> str:
    """Play an illegal move; return the one-line reason (the state stays unchanged)."""
    return helpers.rejection(GAME, state, move, player or state.active, shorter_than=300)


def legal(state: KahunaState, player: str | None = None) -> list[str]:
    return GAME.legal_moves(state, player or state.active)


# ----- the map and the material -----------------------------------------------------------------


def test_map_matches_the_rules_page() -> None:
    from games.kahuna import board

    assert board.ISLANDS == tuple(sorted(LINE_COUNTS))
    assert list(board.LINES) == LINES_ON_PAGE and len(LINES) == 27
    for island, n in LINE_COUNTS.items():
        assert len(board.LINES_OF[island]) == n
        assert set(board.LINES_OF[island]) == set(lines_of(island))
    assert board.MAJORITY["ALOA"] == 2 and board.MAJORITY["ELAI"] == 4
    assert board.MAJORITY["BARI"] == 3 and board.MAJORITY["COCO"] == 3
    assert set(board.POSITIONS) == set(ISLANDS)


def test_setup_deals_three_each_and_three_open() -> None:
    state = GAME.setup([ALICE, BOB], {}, 5)
    assert all(len(state.hands[p]) == 3 for p in (ALICE, BOB))
    assert len(state.open) == 3 and len(state.deck) == 15
    everything = state.deck + state.open + state.hands[ALICE] + state.hands[BOB]
    assert sorted(everything) == ALL_CARDS
    view = GAME.view(state, None)
    assert view["hands"] == {ALICE: 3, BOB: 3} and view["deck"] == 15
    assert view["round"] == 1 and view["scores"] == {ALICE: 0, BOB: 0}
    assert view["bridges"] == {} and view["stones"] == {} and view["open"] == state.open
    assert view["bridges_left"] == {ALICE: 25, BOB: 25}
    assert view["stones_left"] == {ALICE: 10, BOB: 10}


def test_starting_seat_is_random_but_seeded() -> None:
    starters = {GAME.setup([ALICE, BOB], {}, seed).active for seed in range(30)}
    assert starters == {ALICE, BOB}
    assert GAME.setup([ALICE, BOB], {}, 9) == GAME.setup([ALICE, BOB], {}, 9)
    state = GAME.setup([ALICE, BOB], {}, 9)
    assert GAME.to_act(state) == {state.first}


# ----- placing bridges --------------------------------------------------------------------------


def test_bridge_plays_the_named_card_and_the_turn_goes_on() -> None:
    state = position(hands={ALICE: ["ELAI", "HUNA"]})
    after = play(state, "bridge HUNA-ELAI")
    assert after.bridges == {"ELAI-HUNA": ALICE}
    assert after.hands[ALICE] == ["ELAI"] and "HUNA" in after.played
    assert GAME.to_act(after) == {ALICE}, "a placement does not end the turn"
    assert GAME.view(after, None)["current"]["moves"] == ["bridge HUNA-ELAI"]
    # the first island names the card: the ELAI card goes on an ELAI line
    other = play(state, "bridge ELAI-HUNA")
    assert other.hands[ALICE] == ["HUNA"] and other.bridges == {"ELAI-HUNA": ALICE}


def test_bridge_needs_the_card_and_a_free_line() -> None:
    state = position(hands={ALICE: ["HUNA"]}, bridges={"ALOA-HUNA": ALICE, "DUDA-HUNA": BOB})
    assert "you hold no ELAI card" in rejection(state, "bridge ELAI-HUNA")
    assert "bridge HUNA-ELAI" in rejection(state, "bridge ELAI-HUNA")  # the hint
    assert "your own bridge" in rejection(state, "bridge HUNA-ALOA")
    assert "opponent's bridge" in rejection(state, "bridge HUNA-DUDA")
    assert "remove DUDA-HUNA" in rejection(state, "bridge HUNA-DUDA")
    with pytest.raises(InvalidMove, match="no line joins HUNA and COCO"):
        GAME.apply(state, ALICE, "bridge HUNA-COCO")
    assert "bridge HUNA-ELAI" in legal(state) and "bridge HUNA-DUDA" not in legal(state)


def test_bridge_needs_a_bridge_in_the_supply() -> None:
    # Alice has 25 bridges out: every line but two (neither touches an island she'd take).
    free = {"ELAI-HUNA", "KAHU-LALE"}
    bridges = {line: ALICE for line in LINES if line not in free}
    state = position(bridges=bridges, hands={ALICE: ["HUNA"]}, stones={})
    assert "none left" in rejection(state, "bridge HUNA-ELAI")
    assert not any(m.startswith("bridge") for m in legal(state))


# ----- removing bridges with two cards ----------------------------------------------------------


@pytest.mark.parametrize("cards", [("ELAI", "HUNA"), ("HUNA", "HUNA"), ("ELAI", "ELAI")])
def test_two_cards_naming_the_line_remove_an_opponent_bridge(cards: tuple[str, str]) -> None:
    state = position(hands={ALICE: list(cards)}, bridges={"ELAI-HUNA": BOB})
    move = f"remove ELAI-HUNA {cards[0]} {cards[1]}"
    assert move in legal(state)
    after = play(state, move)
    assert after.bridges == {} and after.hands[ALICE] == []
    assert Counter(after.played) - Counter(state.played) == Counter(cards)
    assert GAME.view(after, None)["bridges_left"][BOB] == 25, "the bridge went back to Bob"


def test_removal_cards_must_name_the_line_and_be_held() -> None:
    state = position(hands={ALICE: ["ELAI", "KAHU"]}, bridges={"ELAI-HUNA": BOB,
                                                              "ALOA-BARI": ALICE})
    with pytest.raises(InvalidMove, match="KAHU does not name an end of ELAI-HUNA"):
        GAME.apply(state, ALICE, "remove ELAI-HUNA ELAI KAHU")
    assert "no HUNA card" in rejection(state, "remove ELAI-HUNA ELAI HUNA")
    assert "only one ELAI" in rejection(state, "remove ELAI-HUNA ELAI ELAI")
    assert "empty" in rejection(state, "remove DUDA-HUNA DUDA DUDA")
    assert "your own bridge" in rejection(state, "remove ALOA-BARI ALOA BARI")
    assert not any(m.startswith("remove") for m in legal(state))


def test_freed_line_can_be_taken_with_a_further_card() -> None:
    state = position(hands={ALICE: ["ELAI", "HUNA", "HUNA"]}, bridges={"ELAI-HUNA": BOB})
    after = play(state, "remove ELAI-HUNA ELAI HUNA", "bridge HUNA-ELAI")
    assert after.bridges == {"ELAI-HUNA": ALICE} and after.hands[ALICE] == []
    summary = GAME.view(after, None)["current"]
    assert summary["placed"] == ["ELAI-HUNA"] and summary["removed"] == []


def test_removal_costs_a_stone_when_the_count_drops_to_half() -> None:
    # Bob holds 3 of 5 at HUNA (stone); a removal leaves him 2 of 5: the stone goes.
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "ELAI-HUNA": BOB}
    state = position(hands={ALICE: ["HUNA", "HUNA"]}, bridges=bridges)
    assert state.stones == {"HUNA": BOB}
    after = play(state, "remove ELAI-HUNA HUNA HUNA")
    assert after.stones == {}
    assert GAME.view(after, None)["current"]["lost"] == ["HUNA"]
    assert "lost the stone on **HUNA**" in GAME.describe(state, ALICE,
                                                         "remove ELAI-HUNA HUNA HUNA", NAMES)


def test_stone_stays_while_the_majority_holds() -> None:
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "ELAI-HUNA": BOB, "HUNA-IFFI": BOB}
    state = position(hands={ALICE: ["HUNA", "IFFI"]}, bridges=bridges)
    after = play(state, "remove HUNA-IFFI HUNA IFFI")
    assert after.stones == {"HUNA": BOB}


# ----- tucking, drawing, passing ----------------------------------------------------------------


def test_tuck_puts_cards_face_down_and_keeps_the_turn() -> None:
    state = position(hands={ALICE: ["HUNA", "KAHU", "KAHU"]})
    after = play(state, "tuck KAHU HUNA")
    assert after.hands[ALICE] == ["KAHU"] and sorted(after.tucked) == ["HUNA", "KAHU"]
    assert GAME.to_act(after) == {ALICE}
    view = GAME.view(after, None)
    assert view["tucked"] == 2 and view["played"] == GAME.view(state, None)["played"]
    text = GAME.describe(state, ALICE, "tuck HUNA KAHU", NAMES)
    assert "2 cards" in text and "HUNA" not in text and "KAHU" not in text
    assert "only two KAHU cards" in rejection(state, "tuck KAHU KAHU KAHU")
    assert "no ELAI card" in rejection(state, "tuck ELAI")


def test_draw_an_open_card_refills_its_slot_and_ends_the_turn() -> None:
    state = position(hands={ALICE: ["HUNA"]}, open_cards=["ALOA", "BARI", "COCO"],
                     deck=["DUDA", "FAAA", "GOLA"])
    after = play(state, "draw BARI")
    assert after.hands[ALICE] == ["BARI", "HUNA"]
    assert after.open == ["ALOA", "GOLA", "COCO"] and after.deck == ["DUDA", "FAAA"]
    assert GAME.to_act(after) == {BOB}
    assert GAME.view(after, None)["last"]["moves"] == ["draw BARI"]
    assert "no open ELAI" in rejection(state, "draw ELAI")


def test_draw_from_the_deck_takes_the_top_card_in_secret() -> None:
    state = position(hands={ALICE: ["HUNA"]}, deck=["DUDA", "FAAA", "GOLA"])
    after = play(state, "draw deck")
    assert after.hands[ALICE] == ["GOLA", "HUNA"] and after.deck == ["DUDA", "FAAA"]
    assert GAME.to_act(after) == {BOB}
    text = GAME.describe(state, ALICE, "draw deck", NAMES)
    assert "GOLA" not in text and "deck" in text
    public = json.dumps(GAME.view(after, None))
    assert public.count("GOLA") == json.dumps(GAME.view(state, None)).count("GOLA")
    assert "GOLA" in GAME.view(after, ALICE)["hand"]


def test_draw_deck_refused_when_the_deck_is_empty() -> None:
    state = position(hands={ALICE: []}, open_cards=["ALOA", "BARI"], deck=[])
    assert "deck is empty" in rejection(state, "draw deck")
    assert "draw deck" not in legal(state)


def test_pass_ends_the_turn_and_no_two_passes_in_a_row() -> None:
    state = position(hands={ALICE: ["HUNA"], BOB: ["KAHU"]})
    after = play(state, "pass")
    assert GAME.to_act(after) == {BOB} and after.passed
    assert "pass" not in legal(after)
    assert "may not pass" in rejection(after, "pass")
    again = play(after, "draw deck")
    assert not again.passed and "pass" in legal(again)


def test_hand_limit_no_draw_with_five_cards() -> None:
    state = position(hands={ALICE: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]},
                     open_cards=["FAAA", "GOLA", "HUNA"], deck=["IFFI"])
    assert "5 cards" in rejection(state, "draw deck")
    assert "5 cards" in rejection(state, "draw FAAA")
    assert not any(m.startswith("draw") for m in legal(state))
    assert "pass" in legal(state)
    assert GAME.to_act(play(state, "pass")) == {BOB}


def test_forced_play_or_tuck_after_opponent_passed_with_five_cards() -> None:
    state = position(hands={ALICE: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]},
                     open_cards=["FAAA", "GOLA", "HUNA"], deck=["IFFI"], passed=True)
    moves = legal(state)
    assert not any(m.startswith("draw") or m == "pass" for m in moves)
    assert any(m.startswith("bridge") for m in moves) and "tuck ALOA" in moves
    assert "may not pass" in rejection(state, "pass")
    assert "play or tuck" in rejection(state, "draw deck")
    assert "play or tuck" in GAME.prompt(state, ALICE, NAMES)
    after = play(state, "tuck ALOA")
    assert "draw deck" in legal(after) and "pass" not in legal(after)
    done = play(after, "draw GOLA")
    assert GAME.to_act(done) == {BOB} and done.hand_size(ALICE) == 5


# ----- islands: control, capture, chain reactions ----------------------------------------------


def test_majority_places_a_stone_and_half_is_not_enough() -> None:
    state = position(hands={ALICE: ["ELAI", "ELAI"]},
                     bridges={"BARI-ELAI": ALICE, "DUDA-ELAI": ALICE})
    half = play(state, "bridge ELAI-FAAA")  # 3 of 6: exactly half
    assert "ELAI" not in half.stones
    more = play(half, "bridge ELAI-HUNA")  # 4 of 6
    assert more.stones == {"ELAI": ALICE}
    assert GAME.view(more, None)["stones"] == {"ELAI": ALICE}
    aloa = position(hands={ALICE: ["ALOA"]}, bridges={"ALOA-BARI": ALICE})
    assert play(aloa, "bridge ALOA-DUDA").stones == {"ALOA": ALICE}  # 2 of 3


def test_taking_an_island_sends_every_opponent_bridge_on_it_back() -> None:
    bridges = {"BARI-ELAI": ALICE, "DUDA-ELAI": ALICE, "ELAI-FAAA": ALICE,
               "ELAI-JOJO": BOB, "ELAI-IFFI": BOB, "HUNA-IFFI": BOB}
    state = position(hands={ALICE: ["ELAI"]}, bridges=bridges)
    after = play(state, "bridge ELAI-HUNA")
    assert after.stones == {"ELAI": ALICE}
    assert after.bridges == {"BARI-ELAI": ALICE, "DUDA-ELAI": ALICE, "ELAI-FAAA": ALICE,
                             "ELAI-HUNA": ALICE, "HUNA-IFFI": BOB}
    summary = GAME.view(after, None)["current"]
    assert summary["taken"] == ["ELAI"]
    assert sorted(summary["removed"]) == ["ELAI-IFFI", "ELAI-JOJO"]
    text = GAME.describe(state, ALICE, "bridge ELAI-HUNA", NAMES)
    assert "took **ELAI**" in text and "Bob lost 2 bridges: ELAI-IFFI, ELAI-JOJO" in text


def test_worked_example_chain_reaction() -> None:
    """The rules page: Alice takes LALE, Bob's HUNA-LALE goes, and so does his HUNA stone."""
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "HUNA-LALE": BOB, "IFFI-LALE": ALICE}
    state = position(hands={ALICE: ["KAHU"]}, bridges=bridges)
    assert state.stones == {"HUNA": BOB}
    after = play(state, "bridge KAHU-LALE")
    assert after.stones == {"LALE": ALICE}
    assert after.bridges == {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "IFFI-LALE": ALICE,
                             "KAHU-LALE": ALICE}
    summary = GAME.view(after, None)["current"]
    assert summary == {**summary, "placed": ["KAHU-LALE"], "taken": ["LALE"],
                       "removed": ["HUNA-LALE"], "lost": ["HUNA"]}
    text = GAME.describe(state, ALICE, "bridge KAHU-LALE", NAMES)
    assert "took **LALE**" in text and "HUNA-LALE" in text and "stone on **HUNA**" in text


def test_chain_stops_at_stones() -> None:
    """Bob loses his JOJO stone through the chain, but his other JOJO bridges stay."""
    bridges = {"ELAI-FAAA": ALICE, "BARI-ELAI": ALICE, "DUDA-ELAI": ALICE,
               "ELAI-JOJO": BOB, "FAAA-JOJO": BOB, "GOLA-JOJO": BOB, "GOLA-KAHU": BOB}
    state = position(hands={ALICE: ["ELAI"]}, bridges=bridges)
    assert state.stones == {"JOJO": BOB}
    after = play(state, "bridge ELAI-HUNA")
    assert after.stones == {"ELAI": ALICE}
    assert {line for line, p in after.bridges.items() if p == BOB} == {
        "FAAA-JOJO", "GOLA-JOJO", "GOLA-KAHU"}


def test_double_capture_from_one_bridge() -> None:
    """One bridge on ALOA-HUNA gives Alice both ends; Bob's bridges there all go back."""
    bridges = {"ALOA-BARI": ALICE, "DUDA-HUNA": ALICE, "ELAI-HUNA": ALICE,
               "ALOA-DUDA": BOB, "HUNA-IFFI": BOB, "HUNA-LALE": BOB,
               "DUDA-ELAI": BOB, "BARI-DUDA": BOB}
    state = position(hands={ALICE: ["HUNA"]}, bridges=bridges)
    assert state.stones == {"DUDA": BOB}  # 3 of 4
    after = play(state, "bridge HUNA-ALOA")
    assert after.stones == {"ALOA": ALICE, "HUNA": ALICE}, "both ends taken, DUDA lost"
    assert {line for line, p in after.bridges.items() if p == BOB} == {"BARI-DUDA",
                                                                       "DUDA-ELAI"}
    summary = GAME.view(after, None)["current"]
    assert sorted(summary["taken"]) == ["ALOA", "HUNA"] and summary["lost"] == ["DUDA"]
    assert sorted(summary["removed"]) == ["ALOA-DUDA", "HUNA-IFFI", "HUNA-LALE"]


def test_no_stone_left_no_capture() -> None:
    stones = {i: ALICE for i in ISLANDS[:10]}
    state = position(hands={ALICE: ["KAHU"]}, bridges={"IFFI-KAHU": ALICE, "JOJO-KAHU": ALICE,
                                                       "GOLA-KAHU": BOB}, stones=stones)
    after = play(state, "bridge KAHU-LALE")
    assert "KAHU" not in after.stones and after.bridges["GOLA-KAHU"] == BOB


# ----- scorings and the end ---------------------------------------------------------------------


def scoring_position(**kw: Any) -> KahunaState:
    """Alice to take the last open card; the deck is empty. Alice has 2 stones, Bob 1."""
    bridges = {"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE, "IFFI-LALE": ALICE, "HUNA-LALE": ALICE,
               "COCO-GOLA": BOB, "GOLA-KAHU": BOB, "GOLA-JOJO": BOB}
    base = dict(hands={ALICE: ["HUNA"], BOB: ["KAHU", "KAHU"]}, open_cards=["ELAI"], deck=[],
                bridges=bridges, tucked=["JOJO"])
    base.update(kw)
    return position(**base)


def test_scoring_triggered_by_taking_the_last_open_card() -> None:
    state = scoring_position()
    assert state.stones == {"ALOA": ALICE, "LALE": ALICE, "GOLA": BOB}
    after = play(state, "draw ELAI")
    assert after.scores == {ALICE: 1, BOB: 0} and after.round == 2
    assert after.scorings == [{"round": 1, "stones": {ALICE: 2, BOB: 1},
                               "points": {ALICE: 1, BOB: 0}}]
    # the discards (played and tucked) are the new deck, three of them turned up
    assert len(after.deck) + len(after.open) == len(state.played) + len(state.tucked)
    assert len(after.open) == 3 and after.played == [] and after.tucked == []
    assert after.hands == {ALICE: ["ELAI", "HUNA"], BOB: ["KAHU", "KAHU"]}, "hands are kept"
    assert GAME.to_act(after) == {BOB} and not after.passed
    view = GAME.view(after, None)
    assert view["round"] == 2 and view["scores"] == {ALICE: 1, BOB: 0}
    assert view["last"]["scoring"]["round"] == 1
    text = GAME.describe(state, ALICE, "draw ELAI", NAMES)
    assert "first scoring" in text and "Alice scores 1 point" in text


def test_drawing_the_last_deck_card_does_not_score() -> None:
    state = scoring_position(open_cards=["ELAI", "IFFI"], deck=["JOJO"], tucked=[])
    after = play(state, "draw deck")
    assert after.round == 1 and after.scores == {ALICE: 0, BOB: 0} and not after.deck
    after = play(after, "draw ELAI", player=BOB)
    assert after.round == 1 and after.open == ["IFFI"]
    last = play(after, "draw IFFI", player=ALICE)
    assert last.round == 2 and last.scores[ALICE] == 1


def test_scoring_tie_gives_no_points() -> None:
    bridges = {"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE, "COCO-GOLA": BOB, "GOLA-KAHU": BOB,
               "GOLA-JOJO": BOB}
    state = scoring_position(bridges=bridges)
    after = play(state, "draw ELAI")
    assert after.scores == {ALICE: 0, BOB: 0} and after.round == 2
    assert after.scorings[0]["points"] == {ALICE: 0, BOB: 0}
    assert "a tie, no points" in GAME.describe(state, ALICE, "draw ELAI", NAMES)


def test_second_scoring_is_worth_two_points() -> None:
    state = scoring_position(round_=2, scores={ALICE: 0, BOB: 1}, scorings=[
        {"round": 1, "stones": {ALICE: 0, BOB: 1}, "points": {ALICE: 0, BOB: 1}}])
    after = play(state, "draw ELAI")
    assert after.scores == {ALICE: 2, BOB: 1} and after.round == 3
    assert GAME.to_act(after) == {BOB}


def test_third_exhaustion_gives_one_last_turn_each_then_the_final_scoring() -> None:
    state = scoring_position(round_=3, scores={ALICE: 1, BOB: 2})
    after = play(state, "draw ELAI")
    assert after.phase == "last" and after.round == 3 and GAME.to_act(after) == {BOB}
    assert after.scores == {ALICE: 1, BOB: 2}, "no scoring yet"
    assert "last turn" in GAME.describe(state, ALICE, "draw ELAI", NAMES)
    assert legal(after)[-1] == "end" and not any(
        m.startswith("draw") or m == "pass" for m in legal(after))
    assert "last turn" in rejection(after, "draw deck")
    assert "last turn" in rejection(after, "pass")
    assert "last turn" in GAME.prompt(after, BOB, NAMES)
    assert "tuck" not in GAME.prompt(after, BOB, NAMES) and "/move end" in GAME.prompt(after, BOB)
    # Bob plays cards in his last turn (KAHU: 3 of 5 with GOLA-KAHU)
    bob = play(after, "bridge KAHU-IFFI", "bridge KAHU-JOJO", "end")
    assert bob.stones.get("KAHU") == BOB and GAME.to_act(bob) == {ALICE}
    assert "end is only" in rejection(state, "end")
    final = play(bob, "end")
    assert final.phase == "over" and GAME.to_act(final) == frozenset()
    # Alice 2 stones, Bob 2 (GOLA, KAHU): a tie in the final scoring
    assert final.scorings[-1] == {"round": 3, "stones": {ALICE: 2, BOB: 2},
                                  "points": {ALICE: 0, BOB: 0}}
    result = GAME.result(final)
    assert result is not None and result.winners == (BOB,) and result.scores == {ALICE: 1,
                                                                                  BOB: 2}
    with pytest.raises(GameOver):
        GAME.apply(final, ALICE, "end")


def test_final_scoring_scores_the_difference() -> None:
    bridges = {"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE, "IFFI-LALE": ALICE, "HUNA-LALE": ALICE,
               "BARI-COCO": ALICE, "COCO-FAAA": ALICE, "COCO-KAHU": ALICE, "GOLA-JOJO": BOB}
    state = position(bridges=bridges, hands={ALICE: [], BOB: []}, open_cards=[], deck=[],
                     round_=3, phase="last", last_turns=1, active=ALICE,
                     scores={ALICE: 0, BOB: 2})
    final = play(state, "end")
    assert final.scorings[-1]["points"] == {ALICE: 3, BOB: 0}
    result = GAME.result(final)
    assert result is not None and result.scores == {ALICE: 3, BOB: 2}
    assert result.winners == (ALICE,) and result.reason == "end"


def test_tie_break_third_scoring_then_bridges_then_draw() -> None:
    def finish(bridges: dict[str, str], scores: dict[str, int]) -> Any:
        state = position(bridges=bridges, open_cards=[], deck=[], round_=3, phase="last",
                         last_turns=1, scores=scores)
        return GAME.result(play(state, "end"))

    # Alice wins the final scoring 1:0 and draws level at 2:2 -> Alice
    result = finish({"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE, "GOLA-JOJO": BOB},
                    {ALICE: 1, BOB: 2})
    assert result.scores == {ALICE: 2, BOB: 2} and result.winners == (ALICE,)
    assert result.detail["tiebreak"] == "third scoring"
    # final scoring tied, totals tied -> more bridges
    result = finish({"ALOA-BARI": ALICE, "GOLA-JOJO": BOB, "COCO-GOLA": BOB},
                    {ALICE: 1, BOB: 1})
    assert result.winners == (BOB,) and result.detail["tiebreak"] == "bridges"
    # everything equal -> a draw listing both
    result = finish({"ALOA-BARI": ALICE, "GOLA-JOJO": BOB}, {ALICE: 1, BOB: 1})
    assert set(result.winners) == {ALICE, BOB} and result.draw


# ----- the early end ----------------------------------------------------------------------------


def test_early_end_in_round_two_when_a_player_has_no_bridge() -> None:
    state = position(round_=2, scores={ALICE: 0, BOB: 1}, hands={ALICE: ["ELAI", "HUNA"]},
                     bridges={"ELAI-HUNA": BOB, "ALOA-BARI": ALICE})
    after = play(state, "remove ELAI-HUNA ELAI HUNA")
    assert after.phase == "over" and GAME.to_act(after) == frozenset()
    result = GAME.result(after)
    assert result is not None and result.winners == (ALICE,) and result.reason == "early end"
    assert result.scores == {ALICE: 0, BOB: 1}, "the points stay; the bridges decide"
    assert "Bob has no bridge left" in GAME.describe(state, ALICE, "remove ELAI-HUNA ELAI HUNA",
                                                     NAMES)
    with pytest.raises(GameOver):
        GAME.apply(after, ALICE, "draw deck")


def test_no_early_end_in_round_one() -> None:
    state = position(hands={ALICE: ["ELAI", "HUNA"]},
                     bridges={"ELAI-HUNA": BOB, "ALOA-BARI": ALICE})
    after = play(state, "remove ELAI-HUNA ELAI HUNA")
    assert after.phase == "play" and GAME.result(after) is None


def test_early_end_as_round_two_begins() -> None:
    state = scoring_position(bridges={"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE})
    after = play(state, "draw ELAI")
    assert after.round == 2 and after.scores == {ALICE: 1, BOB: 0}
    result = GAME.result(after)
    assert result is not None and result.winners == (ALICE,) and result.reason == "early end"


def test_early_end_with_nobody_on_the_board_goes_by_points() -> None:
    state = scoring_position(bridges={})
    result = GAME.result(play(state, "draw ELAI"))
    assert result is not None and result.reason == "early end" and result.draw


# ----- options ----------------------------------------------------------------------------------


def test_handicap_bridges_come_first_without_cards() -> None:
    state = GAME.setup([ALICE, BOB], {"handicap": "2", "handicap_seat": "1"}, 3)
    assert GAME.to_act(state) == {ALICE} and state.phase == "handicap"
    assert all(m.startswith("free ") for m in legal(state)) and len(legal(state)) == 27
    hand = list(state.hands[ALICE])
    assert "handicap" in rejection(state, "draw deck")
    assert "handicap" in rejection(state, "pass")
    assert "free ALOA-BARI" in GAME.prompt(state, ALICE, NAMES)
    one = play(state, "free ALOA-BARI")
    assert GAME.to_act(one) == {ALICE} and one.handicap_left == 1
    assert "own bridge" in rejection(one, "free ALOA-BARI")
    two = play(one, "free aloa-duda")
    assert two.stones == {"ALOA": ALICE}, "free bridges take islands too"
    assert two.hands[ALICE] == hand, "no cards were played"
    assert two.phase == "play" and GAME.to_act(two) == {state.first}
    assert GAME.view(two, None)["last"]["placed"] == ["ALOA-BARI", "ALOA-DUDA"]
    assert "handicap" in rejection(two, "free COCO-GOLA", player=two.first)


def test_handicap_seat_two_is_the_default() -> None:
    state = GAME.setup([ALICE, BOB], {"handicap": "1"}, 3)
    assert GAME.to_act(state) == {BOB}
    assert GAME.view(state, None)["handicap_player"] == BOB


def test_planning_no_bridge_next_to_an_opponent_stone() -> None:
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "HUNA-LALE": BOB}
    state = position(variant="planning", hands={ALICE: ["ELAI", "ELAI"]}, bridges=bridges)
    assert "carries your opponent's stone" in rejection(state, "bridge ELAI-HUNA")
    assert "bridge ELAI-HUNA" not in legal(state) and "bridge ELAI-IFFI" in legal(state)
    base = position(hands={ALICE: ["ELAI"]}, bridges=bridges)
    assert "bridge ELAI-HUNA" in legal(base)


def test_planning_remove_and_take_without_a_third_card() -> None:
    state = position(variant="planning", hands={ALICE: ["ELAI", "HUNA"]},
                     bridges={"ELAI-HUNA": BOB})
    assert "remove ELAI-HUNA ELAI HUNA take" in legal(state)
    after = play(state, "remove ELAI-HUNA ELAI HUNA take")
    assert after.bridges == {"ELAI-HUNA": ALICE} and after.hands[ALICE] == []
    base = position(hands={ALICE: ["ELAI", "HUNA"]}, bridges={"ELAI-HUNA": BOB})
    assert "planning variant" in rejection(base, "remove ELAI-HUNA ELAI HUNA take")
    assert not any(m.endswith("take") for m in legal(base))


def test_planning_take_judged_after_the_removal() -> None:
    # Bob keeps 3 of 5 at HUNA after losing ELAI-HUNA: the stone stays, no take.
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "HUNA-LALE": BOB, "ELAI-HUNA": BOB}
    state = position(variant="planning", hands={ALICE: ["ELAI", "HUNA"]}, bridges=bridges)
    assert "still carries" in rejection(state, "remove ELAI-HUNA ELAI HUNA take")
    assert "remove ELAI-HUNA ELAI HUNA take" not in legal(state)
    # with only 3 of 5 the removal costs Bob the stone: the line may be taken
    del bridges["HUNA-LALE"]
    state = position(variant="planning", hands={ALICE: ["ELAI", "HUNA"]}, bridges=bridges)
    after = play(state, "remove ELAI-HUNA ELAI HUNA take")
    assert after.stones == {} and after.bridges["ELAI-HUNA"] == ALICE


def test_open_draws_drawn_open_cards_are_public_and_count() -> None:
    state = position(variant="open-draws", hands={ALICE: ["HUNA", "KAHU", "KAHU", "LALE"]},
                     open_cards=["ALOA", "BARI", "COCO"], deck=["DUDA", "ELAI"])
    after = play(state, "draw ALOA")
    assert after.shown[ALICE] == ["ALOA"] and after.hands[ALICE] == ["HUNA", "KAHU", "KAHU",
                                                                      "LALE"]
    public = GAME.view(after, None)
    assert public["displayed"] == {ALICE: ["ALOA"], BOB: []}
    assert public["hands"][ALICE] == 5
    assert GAME.view(after, ALICE)["hand"] == ["ALOA", "HUNA", "KAHU", "KAHU", "LALE"]
    back = play(after, "draw deck", player=BOB)
    assert back.shown[BOB] == [] and back.hands[BOB] == ["DUDA"], "deck draws stay hidden"
    assert "5 cards" in rejection(back, "draw BARI")
    # the shown card plays like a hand card
    bridged = play(back, "bridge ALOA-BARI")
    assert bridged.shown[ALICE] == [] and bridged.bridges == {"ALOA-BARI": ALICE}


def test_open_draws_uses_the_shown_copy_first() -> None:
    state = position(variant="open-draws", hands={ALICE: ["ALOA"]}, shown={ALICE: ["ALOA"]},
                     open_cards=["BARI", "COCO", "DUDA"], deck=["ELAI"])
    after = play(state, "tuck ALOA")
    assert after.shown[ALICE] == [] and after.hands[ALICE] == ["ALOA"]


# ----- hidden information -----------------------------------------------------------------------


def test_undo_refuses_a_bridge_that_proves_a_card() -> None:
    """The counter-example to skipping the worlds where a move is impossible: in every world
    Bob cannot rule out and where the bridge can be built, it looks the same to him. Yet it
    rules out every other world: it tells him that Alice holds HUNA."""
    before = position(hands={ALICE: ["HUNA"], BOB: ["ELAI", "LALE"]},
                      deck=["DUDA", "FAAA", "GOLA", "IFFI", "JOJO", "KAHU"])
    move = "bridge HUNA-ELAI"
    after = play(before, move)
    worlds = [GAME.resample(before, BOB, k) for k in range(12)]
    possible = [w for w in worlds if "HUNA" in w.hands[ALICE]]
    assert len(possible) < len(worlds), "Bob can't tell whether Alice holds HUNA"
    for world in possible:  # all an undo check that skips impossible worlds would look at
        assert GAME.view(play(world, move), BOB) == GAME.view(after, BOB)
    # the contract's check, knowing nothing of Kahuna, finds it ...
    assert Game.reveals(GAME, before, after, ALICE, move)
    assert Game.why_not_undo(GAME, before, after, ALICE, move) is not None
    # ... and Kahuna says what it was
    assert GAME.why_not_undo(before, after, ALICE, move) == "it showed which card you played"
    assert not GAME.can_undo(before, after, ALICE, move)


def test_undo_refuses_every_card_from_the_hidden_hand_even_when_samples_miss() -> None:
    """Alice holds both HUNA cards: most worlds Bob imagines hold one too. The answer does
    not depend on the samples."""
    before = position(hands={ALICE: ["HUNA", "HUNA", "ELAI"], BOB: ["LALE"]},
                      open_cards=["ALOA", "BARI", "COCO"], deck=["DUDA"])
    for move, words in (("bridge HUNA-ELAI", "it showed which card you played"),
                        ("remove ELAI-HUNA ELAI HUNA", "it showed which cards you played"),
                        ("tuck HUNA", "tucked cards stay under the discards")):
        state = before
        if move.startswith("remove"):
            state = position(hands={ALICE: ["HUNA", "HUNA", "ELAI"], BOB: ["LALE"]},
                             open_cards=["ALOA", "BARI", "COCO"], deck=["DUDA"],
                             bridges={"ELAI-HUNA": BOB})
        after = play(state, move)
        assert GAME.why_not_undo(state, after, ALICE, move, samples=1) == words
    drawn = play(before, "draw deck")
    assert GAME.why_not_undo(before, drawn, ALICE, "draw deck") == "you drew a card from the deck"
    taken = play(before, "draw ALOA")
    assert GAME.why_not_undo(before, taken, ALICE, "draw ALOA") == \
        "a new card was turned up from the deck"


def test_undo_allows_what_shows_nothing_hidden() -> None:
    """A card lying face up (open-draws) and a handicap bridge (no card) tell nobody anything."""
    state = position(variant="open-draws", hands={ALICE: ["KAHU"]}, shown={ALICE: ["HUNA"]},
                     open_cards=["BARI", "COCO", "DUDA"], deck=["ELAI", "FAAA", "GOLA"])
    after = play(state, "bridge HUNA-ELAI")
    assert GAME.why_not_undo(state, after, ALICE, "bridge HUNA-ELAI") is None
    assert GAME.can_undo(state, after, ALICE, "bridge HUNA-ELAI")
    handicap = GAME.setup([ALICE, BOB], {"handicap": "2", "handicap_seat": "1"}, 3)
    one = play(handicap, "free ALOA-BARI")
    assert not GAME.turn_complete(handicap, one, ALICE)
    assert GAME.can_undo(handicap, one, ALICE, "free ALOA-BARI")
    assert GAME.why_not_undo(state, play(state, "pass"), ALICE, "pass") is None



def test_public_view_holds_no_hand_and_no_deck_order() -> None:
    state = GAME.setup([ALICE, BOB], {}, 11)
    public = GAME.view(state, None)
    assert "hand" not in public and "viewer" not in public
    assert public["deck"] == 15 and not isinstance(public["deck"], list)
    mine = GAME.view(state, ALICE)
    assert mine["hand"] == sorted(state.hands[ALICE]) and mine["viewer"] == ALICE
    assert {k: v for k, v in mine.items() if k not in ("hand", "viewer")} == public
    # nothing else about the hands: the same public view whatever the hidden cards are
    for k in range(5):
        assert GAME.view(GAME.resample(state, None, k), None) == public
        other = GAME.resample(state, ALICE, k)
        assert GAME.view(other, ALICE) == mine
        assert other.hands[ALICE] == state.hands[ALICE]


def test_private_part_of_the_view_changes_only_with_the_hand() -> None:
    """The bot DMs a hand when it changes: the opponent's moves must not touch it."""
    state = position(hands={ALICE: ["HUNA"], BOB: ["KAHU", "ELAI"]}, active=BOB)
    before = GAME.view(state, ALICE)
    after = play(state, "bridge KAHU-LALE", "tuck ELAI", "draw ALOA")
    now = GAME.view(after, ALICE)
    assert now["hand"] == before["hand"] and now["viewer"] == ALICE
    assert set(now) - set(GAME.view(after, None)) == {"hand", "viewer"}


def test_resample_keeps_public_cards_and_redraws_the_rest() -> None:
    state = position(hands={ALICE: ["HUNA", "KAHU"], BOB: ["ELAI", "IFFI", "JOJO"]},
                     tucked=["LALE"], deck=["DUDA", "FAAA", "GOLA"])
    seen = set()
    for k in range(20):
        other = GAME.resample(state, ALICE, k)
        assert other.hands[ALICE] == ["HUNA", "KAHU"] and other.played == state.played
        assert other.open == state.open and len(other.hands[BOB]) == 3
        assert sorted(other.hands[BOB] + other.deck + other.tucked) == sorted(
            ["ELAI", "IFFI", "JOJO", "LALE", "DUDA", "FAAA", "GOLA"])
        seen.add(tuple(other.hands[BOB]))
    assert len(seen) > 5


# ----- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, canonical", [
    ("bridge HUNA-ELAI", "bridge HUNA-ELAI"),
    ("  Bridge   huna - elai ", "bridge HUNA-ELAI"),
    ("bridge h-e", "bridge HUNA-ELAI"),
    ("bridge huna elai", "bridge HUNA-ELAI"),
    ("bridge hu→el", "bridge HUNA-ELAI"),
    ("remove ELAI-HUNA ELAI HUNA", "remove ELAI-HUNA ELAI HUNA"),
    ("remove huna-elai huna elai", "remove ELAI-HUNA ELAI HUNA"),
    ("REMOVE h-e h h TAKE", "remove ELAI-HUNA HUNA HUNA take"),
    ("tuck kahu huna", "tuck HUNA KAHU"),
    ("tuck k k", "tuck KAHU KAHU"),
    ("draw elai", "draw ELAI"),
    ("draw DECK", "draw deck"),
    ("draw d", "draw DUDA"),
    ("PASS", "pass"),
    (" end ", "end"),
    ("free bari-aloa", "free ALOA-BARI"),
])
def test_notation_round_trips(text: str, canonical: str) -> None:
    assert GAME.normalize_move(text) == canonical
    move = GAME.parse_move(canonical)
    assert GAME.format_move(move) == canonical and GAME.parse_move(text) == move


@pytest.mark.parametrize("text, words", [
    ("", "empty move"),
    ("jump HUNA-ELAI", "'jump' is not a move"),
    ("bridge", "missing what to bridge"),
    ("bridge HUNA-ZZZZ", "not an island"),
    ("bridge HUNA-HUNA", "two different islands"),
    ("bridge HUNA-COCO", "no line joins HUNA and COCO"),
    ("bridge HUNA-", "write it like ELAI-HUNA"),
    ("bridge HUNA-ELAI-IFFI", "write it like ELAI-HUNA"),
    ("remove ELAI-HUNA ELAI", "remove ELAI-HUNA ELAI HUNA"),
    ("remove ELAI-HUNA ELAI KAHU", "KAHU does not name an end"),
    ("tuck A B C D E F", "never hold more than 5"),
    ("draw", "missing what to draw"),
    ("draw pile", "neither an island nor deck"),
    ("pass now", "pass takes nothing"),
    ("free", "missing what to free"),
])
def test_bad_input_is_refused_with_a_reason(text: str, words: str) -> None:
    assert words in unreadable(GAME, text, shorter_than=200)


def test_long_input_is_quoted_short() -> None:
    unreadable(GAME, "bridge " + "x" * 500, shorter_than=150)


def test_wrong_player_and_strangers() -> None:
    state = position(hands={ALICE: ["HUNA"]})
    with pytest.raises(NotYourTurn):
        GAME.apply(state, BOB, "pass")
    with pytest.raises(NotYourTurn):
        GAME.apply(state, "carol", "pass")
    assert GAME.legal_moves(state, BOB) == [] and GAME.suggest(state, BOB, "", 25) == []


# ----- legal_moves agrees with apply -----------------------------------------------------------


def candidate_moves() -> list[str]:
    """Every canonical move string the notation can write (tucks only up to pairs)."""
    out = []
    for line in LINES:
        a, b = line.split("-")
        out += [f"bridge {a}-{b}", f"bridge {b}-{a}", f"free {line}"]
        for pair in ((a, a), (a, b), (b, b)):
            out += [f"remove {line} {pair[0]} {pair[1]}",
                    f"remove {line} {pair[0]} {pair[1]} take"]
    for i, a in enumerate(ISLANDS):
        out += [f"tuck {a}", f"draw {a}"] + [f"tuck {a} {b}" for b in ISLANDS[i:]]
    return out + ["draw deck", "pass", "end"]


@pytest.mark.parametrize("variant", ["base", "planning", "open-draws"])
def test_legal_moves_are_exactly_what_apply_accepts(variant: str) -> None:
    candidates = candidate_moves()
    rnd = random.Random(variant)
    for seed in range(2):
        state = GAME.setup([ALICE, BOB], {"variant": variant, "handicap": str(seed)}, seed)
        step = 0
        while GAME.result(state) is None:
            player = state.active
            moves = legal(state)
            if step % 7 == 0:
                allowed = set(moves)
                assert allowed <= set(candidates) | {m for m in moves if m.startswith("tuck")}
                for move in candidates:
                    try:
                        GAME.apply(state, player, move)
                    except IllegalMove:
                        assert move not in allowed, (move, "legal but refused")
                    else:
                        assert move in allowed, (move, "accepted but not listed")
            state = GAME.apply(state, player, rnd.choice(moves))
            step += 1


# ----- words, suggestions, resigning, storage ---------------------------------------------------


def test_prompt_is_public_and_short() -> None:
    state = position(hands={ALICE: ["LALE", "LALE"]}, open_cards=["ALOA", "BARI", "COCO"])
    text = GAME.prompt(state, ALICE, NAMES)
    assert "LALE" not in text, "the prompt is public: no hand cards in it"
    assert "/move draw ALOA" in text and "/move pass" in text and len(text.splitlines()) <= 2
    passed = position(hands={ALICE: ["LALE"]}, passed=True)
    assert "/move pass" not in GAME.prompt(passed, ALICE, NAMES)


def test_suggest_puts_captures_first_and_keeps_the_endings() -> None:
    bridges = {"ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "HUNA-LALE": BOB, "IFFI-LALE": ALICE}
    state = position(hands={ALICE: ["KAHU", "ELAI", "ELAI", "JOJO"]}, bridges=bridges)
    got = GAME.suggest(state, ALICE, "", 25)
    assert got[0][0] == "bridge KAHU-LALE" and "takes LALE" in got[0][1]
    assert "they lose HUNA" in got[0][1]
    values = [v for v, _ in got]
    assert {"draw ALOA", "draw deck", "pass"} <= set(values)
    assert all(len(label) <= 100 for _, label in got)
    assert [v for v, _ in GAME.suggest(state, ALICE, "dr", 25)] == [
        "draw ALOA", "draw BARI", "draw COCO", "draw deck"]
    assert GAME.suggest(state, ALICE, "huna", 25) == []


def test_resign_ends_the_game_for_the_other() -> None:
    state = position(hands={ALICE: ["HUNA"]}, scores={ALICE: 2, BOB: 0}, round_=3)
    after = GAME.resign(state, ALICE)
    result = GAME.result(after)
    assert result is not None and result.winners == (BOB,) and result.reason == "resigned"
    assert result.detail["resigned"] == ALICE
    with pytest.raises(GameOver):
        GAME.resign(after, BOB)
    with pytest.raises(IllegalMove):
        GAME.resign(state, "carol")


def test_load_refuses_states_that_do_not_add_up() -> None:
    state = position(hands={ALICE: ["HUNA"]})
    payload = json.loads(GAME.dump(state))
    payload["state"]["deck"].append("HUNA")  # a third HUNA
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(payload))
    payload = json.loads(GAME.dump(state))
    payload["state"]["bridges"] = {"HUNA-COCO": ALICE}
    with pytest.raises(CorruptState):
        GAME.load(json.dumps(payload))


def test_last_turn_summary_in_the_view() -> None:
    state = position(hands={ALICE: ["KAHU", "ELAI"]}, bridges={"IFFI-LALE": ALICE,
                                                               "HUNA-LALE": BOB})
    after = play(state, "bridge KAHU-LALE", "tuck ELAI", "draw ALOA")
    view = GAME.view(after, None)
    assert view["current"] is None
    last = view["last"]
    assert last["player"] == ALICE and last["turn"] == 1
    assert last["moves"] == ["bridge KAHU-LALE", "tuck 1 card", "draw ALOA"]
    assert last["placed"] == ["KAHU-LALE"] and last["taken"] == ["LALE"]
    assert last["removed"] == ["HUNA-LALE"]


# ----- what the search leans on: a kept parse, a quick copy ----------------------------------


def test_a_kept_parse_is_the_parse_and_a_refusal_is_never_kept() -> None:
    from games.kahuna.notation import parse_move

    rnd = random.Random(5)
    state = GAME.setup([ALICE, BOB], {"variant": "planning"}, 5)
    seen = 0
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state, state.active)
        for move in moves:
            assert GAME.parse_move(move) == parse_move(move)
            assert GAME.parse_move(move.upper()) == parse_move(move)
        seen += len(moves)
        state = GAME.apply(state, state.active, rnd.choice(moves))
    assert seen > 500
    for _ in range(2):  # asked twice: refused twice, with its reason each time
        with pytest.raises(InvalidMove, match="not an island"):
            GAME.parse_move("bridge XYZ-HUNA")
    with pytest.raises(InvalidMove):
        GAME.parse_move(17)  # type: ignore[arg-type]


def test_a_copied_state_is_equal_and_shares_no_container() -> None:
    state = GAME.setup([ALICE, BOB], {}, 9)
    state = GAME.apply(state, state.active, GAME.legal_moves(state, state.active)[0])
    new = state.copy()
    assert new == state and type(new) is KahunaState
    for name in ("deck", "open", "hands", "shown", "played", "tucked", "bridges", "stones",
                 "scores", "current", "scorings"):
        assert getattr(new, name) is not getattr(state, name), name
    for p in state.players:
        assert new.hands[p] is not state.hands[p] and new.shown[p] is not state.shown[p]
    before = GAME.dump(state)
    new.hands[state.active].append("HUNA")
    new.bridges["ALOA-BARI"] = BOB
    new.current.append({"move": "pass"})
    assert GAME.dump(state) == before
