"""Aqualin's examples are moves that are legal now: in the turn prompt and in every error that
shows the syntax, in the syntax of the game's rules (seed or classic).

Positions are hand-built with the helpers of ``test_aqualin``; the random playouts check that
no position ever shows an example that could not be played.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games import REGISTRY

from .test_aqualin import ALICE, BOB, acting, classic, position, rejection

GAME = REGISTRY["aqualin"]
MOVE = r"(?:[a-f][1-6]-[a-f][1-6] )?(?:[RYGBPV][CFJHST] )?[a-f][1-6]"


def prompted(state: Any) -> list[str]:
    """The moves the turn prompt shows, as ``/move ...``."""
    return re.findall(r"`/move ([^`]*)`", GAME.prompt(state, acting(state)))


def shown(message: str) -> list[str]:
    """The example moves in an error (``... like b3-c4 d4``)."""
    return re.findall(rf"like ({MOVE})\b", message)


def assert_legal(state: Any, moves: list[str]) -> None:
    assert moves, "no example shown"
    legal = set(GAME.legal_moves(state, acting(state)))
    for move in moves:
        assert move in legal, (move, GAME.view(state)["board"])


# ----- the prompt --------------------------------------------------------------------------------


def test_seed_prompt_on_an_empty_board_offers_no_shift() -> None:
    state = position({}, drawn="PJ")
    assert prompted(state) == ["d4"]
    assert "shift" not in GAME.prompt(state, ALICE)


def test_seed_prompt_avoids_a_taken_d4_and_shifts_a_tile_that_is_there() -> None:
    state = position({"d4": "RT", "a1": "YF"}, drawn="PJ")
    place, shifted = prompted(state)
    assert_legal(state, [place, shifted])
    assert place != "d4" and not shifted.startswith("b2")
    src, dst = shifted.split(" ")[0].split("-")
    assert src in ("d4", "a1")


def test_classic_prompt_on_the_first_turn_offers_no_slide() -> None:
    state = classic({}, turn=0)
    [place] = prompted(state)
    assert place == "BT d4"  # the first market tile, on d4
    assert_legal(state, [place])
    assert "slide" not in GAME.prompt(state, ALICE)


def test_classic_prompt_slides_a_tile_that_is_there_onto_a_free_line() -> None:
    # d4 is taken and b2 is empty: the old fixed examples (BT d4, b2-b5 BT d4) were both illegal
    state = classic({"d4": "RT", "b4": "YJ", "c2": "GC"}, market=["PH", "VS", "BF"])
    place, slid = prompted(state)
    assert_legal(state, [place, slid])
    assert place.startswith("PH ") and "d4" not in place.split(" ")[-1]
    assert slid.split(" ")[0].split("-")[0] in ("d4", "b4", "c2")


# ----- errors show the rules' syntax --------------------------------------------------------------


@pytest.mark.parametrize("text", ["xx", "", "d4 e5 f6 a1", "d4-d5"])
def test_classic_syntax_errors_show_the_classic_syntax(text: str) -> None:
    state = classic({"d4": "RT", "b4": "YJ"})
    message = rejection(state, text)
    assert "market tile" in message and "shift and a square" not in message, message
    assert_legal(state, shown(message))
    assert any(" BT " in f" {m} " for m in shown(message))  # the market's tile, not a made-up one


@pytest.mark.parametrize("text", ["xx", "", "d4 e5 f6 a1"])
def test_seed_syntax_errors_show_the_seed_syntax(text: str) -> None:
    state = position({"d4": "RT", "b4": "YJ"}, drawn="PJ")
    message = rejection(state, text)
    assert "market" not in message and "shift and a square" in message, message
    assert_legal(state, shown(message))


def test_on_an_empty_board_errors_suggest_no_shift() -> None:
    state = position({}, drawn="PJ")
    message = rejection(state, "xx")
    assert "shift" not in message
    assert_legal(state, shown(message))
    first = classic({}, turn=0)
    message = rejection(first, "xx")
    assert "slide" not in message
    assert_legal(first, shown(message))


def test_a_bad_shift_is_shown_a_shift_that_works() -> None:
    for state, word in ((position({"d4": "RT"}, drawn="PJ"), "shift"),
                        (classic({"d4": "RT"}), "slide")):
        message = rejection(state, "d4-d5-d6 c1")
        assert word in message and {"shift": "slide", "slide": "shift"}[word] not in message
        [example] = re.findall(r"like ([a-f][1-6]-[a-f][1-6])$", message)
        assert any(m.startswith(example + " ") for m in GAME.legal_moves(state, acting(state)))


def test_classic_missing_tile_and_first_turn_slide_show_legal_moves() -> None:
    state = classic({"d4": "RT"}, market=["PH", "VS"])
    message = rejection(state, "d5")
    assert "BT" not in message
    assert_legal(state, shown(message))
    first = classic({}, turn=0)
    message = rejection(first, "b2-b5 BT d4")
    assert "first turn" in message
    assert_legal(first, shown(message))


def test_the_tile_example_is_a_tile_of_this_turn() -> None:
    state = classic({"d4": "RT"}, market=["PH", "VS"])
    assert "like PH for" in rejection(state, "zz d5")
    seed = position({"d4": "RT"}, drawn="GC")
    assert "like GC for green crab" in rejection(seed, "zz d5")


def test_naming_another_tile_points_at_an_empty_square() -> None:
    state = position({"d4": "RT"}, drawn="BF")
    message = rejection(state, "BT d4")
    assert "BF" in message
    assert_legal(state, shown(message))


# ----- random positions ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["seed", "classic"])
def test_examples_are_legal_at_every_turn_of_random_games(rules: str) -> None:
    rnd = random.Random(rules)
    for seed in range(2):
        state = GAME.setup([ALICE, BOB], {"rules": rules}, seed)
        while not state.over:
            legal = GAME.legal_moves(state, acting(state))
            examples = prompted(state) + shown(rejection(state, "xx"))
            assert len(examples) >= 2 and set(examples) <= set(legal), examples
            state = GAME.apply(state, acting(state), rnd.choice(legal))
