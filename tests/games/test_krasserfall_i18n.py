"""Krasserfall in German and Danish: every player-facing sentence is a Text that translates.

The catalogs themselves are checked for completeness in ``tests/test_i18n.py``; here the
engine's output is: errors, ``describe``, ``prompt``, button and autocomplete labels, the
option hints, the rules summary and the alt text, in hand-picked positions and in random
playouts (where nothing may fall back to English).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.choices import option_value
from bot.i18n import TRANSLATED, tr
from games import REGISTRY, GameError, IllegalMove, InvalidMove, NotYourTurn
from games.text import Text
from renderers.alt_text import alt_text

from .test_krasserfall import ANN, BOB, CAT, PLAYERS, full, position, roll_to

GAME: Any = REGISTRY["krasserfall"]
NAMES = {p: p.capitalize() for p in PLAYERS}
#: Words that only an English sentence has (none is German or Danish, none is notation).
ENGLISH = re.compile(r"\b(the|is|has|you|your|and|of|to|with|not|already|from|it|now|was|"
                     r"wins|fell|pushed|rolled|moved|placed|put|left|red|yellow|green|blue|"
                     r"big|small|wave|figure|boat)\b", re.IGNORECASE)


#: A Danish boat named by its bare colour, as a noun: "i blå", "fra gul til rød", "grøn er
#: faldet ned", "skubbede rød". Danish names the boat: "i den blå båd" (#32 review §2); the
#: bare colour is right for a die face ("slog rød") and short lists ("fald: rød 40 %").
BARE_COLOUR_DA = re.compile(
    r"\b(i|på|fra|til|ved|skub|skubber|skubbede)\s+\**(rød|gul|grøn|blå)\b"
    r"|\b(rød|gul|grøn|blå)\**\s+(er|har|står|kan|ville|faldt|vandt)\b", re.IGNORECASE)


def outside_code(text: str) -> str:
    """``text`` without its `backticked` parts (commands stay English in every language)."""
    return re.sub(r"`[^`]*`", "", text)


def wordless(text: Text) -> bool:
    """A template with nothing to translate: placeholders, punctuation, notation-free."""
    return not re.search(r"[A-Za-z]", re.sub(r"\{[^{}]*\}", "", text.msgid))


def refusal(state: Any, move: str, who: str) -> Text:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, who, move)
    message = info.value.args[0]
    assert isinstance(message, Text) and message.domain == "krasserfall", repr(message)
    return message


def assert_translated(text: Any, sentence: bool = True) -> None:
    """``text`` is a krasserfall Text whose German and Danish differ from the English; with
    ``sentence``, no English word is left outside the backticked commands."""
    assert isinstance(text, Text), repr(text)
    for lang in TRANSLATED:
        said = tr(text, lang)
        assert said != str(text), (lang, str(text))
        if sentence:
            assert not ENGLISH.search(outside_code(said)), (lang, said)


# ----- representative cases ---------------------------------------------------------------------


def test_errors_are_texts_in_every_language() -> None:
    state = position(3, phase="ring-start")
    assert_translated(refusal(state, "place big red", ANN))
    placing = position(3, phase="place", boats={"red": {"figures": [(1, "big")], "ring": True}},
                       active=1)
    assert_translated(refusal(placing, "place big red", BOB))
    rolled = roll_to(position(3, boats=full(3)), "green")
    assert_translated(refusal(rolled, "ring blue", ANN))
    assert_translated(refusal(rolled, "roll", ANN))
    figure = roll_to(position(3, boats=full(3)), "figure")
    assert_translated(refusal(figure, "move 2:small green>red", ANN))
    not_yours = position(3, boats=full(3), stone=2)
    with pytest.raises(NotYourTurn) as info:
        GAME.apply(not_yours, CAT, "roll")
    assert_translated(info.value.args[0], sentence=False)  # it names the stone commands
    with pytest.raises(InvalidMove) as bad:
        GAME.apply(state, ANN, "place huge red")
    assert_translated(bad.value.args[0], sentence=False)  # it names the sizes to write
    assert "'huge'" in tr(bad.value.args[0], "de") and "stor eller lille" in tr(bad.value.args[0], "da")


def test_a_few_sentences_word_for_word() -> None:
    rolled = roll_to(position(3, boats=full(3)), "red")
    said = GAME.describe(rolled, ANN, "push", NAMES)
    assert said == "pushed **red** to wave 1"
    assert tr(said, "de") == "schob das **rote Boot** auf Welle 1"
    assert tr(said, "da") == "skubbede **den røde båd** frem til bølge 1"
    figure = roll_to(position(3, boats=full(3)), "figure")
    moved = GAME.describe(figure, ANN, "move 3:small yellow>red", NAMES)
    assert tr(moved, "de") == ("setzte eine kleine Figur von Cat aus dem **gelben** ins "
                               "**rote Boot** um (gelbes Boot: 13 % Sturzgefahr)")
    assert tr(moved, "da") == ("flyttede Cats lille figur fra **den gule båd** til **den røde "
                               "båd** (den gule båd: 13 % risiko for at falde)")
    error = refusal(figure, "move 2:small green>red", ANN)
    assert tr(error, "de") == "im grünen Boot sitzt keine kleine Figur von Platz 2"
    assert tr(error, "da") == "der er ingen lille figur fra plads 2 i den grønne båd"


def test_half_waves_use_a_decimal_comma() -> None:
    state = roll_to(position(2, boats=full(2), options={"push": "thrill"}), "red")
    said = GAME.describe(state, ANN, "push half", NAMES)
    assert str(said) == "pushed **red** to wave 0.5"
    assert tr(said, "de").endswith("Welle 0,5") and tr(said, "da").endswith("bølge 0,5")


def test_prompts_and_descriptions_are_texts() -> None:
    state = position(3, boats=full(3), stone=2)
    for who in (ANN, CAT):
        assert_translated(GAME.prompt(state, who, NAMES))
    assert_translated(GAME.prompt(state, "nobody", NAMES))
    rolled = roll_to(state, "figure")
    assert_translated(GAME.prompt(rolled, ANN, NAMES))
    assert_translated(GAME.describe(state, ANN, "roll", NAMES))
    assert_translated(GAME.describe(state, CAT, "stone green boat", NAMES))
    two = GAME.prompt(state, ANN, NAMES)
    assert "\n" not in str(two) and "\n" not in tr(two, "de")


def test_summary_options_and_alt_text() -> None:
    for lang in TRANSLATED:
        summary = tr(GAME.summary, lang)
        assert summary != str(GAME.summary) and len(summary) < 1800
        for command in re.findall(r"`([^`]+)`", str(GAME.summary)):  # a move in the reader's words
            try:
                GAME.parse_move(command)
            except ValueError:  # an option, its value in the reader's words (push=halb)
                key, value = command.split("=")
                typed = re.findall(rf"`{key}=([^`]+)`", summary)
                assert [option_value(GAME, key, w) for w in typed] == [value], (lang, command)
                assert typed != [value], (lang, command)
                continue
            assert f"`{GAME.aliases.local(command, lang)}`" in summary, (lang, command)
    for option in GAME.options.values():
        assert_translated(option.help, sentence=False)  # the hints name the option values
    view = GAME.view(position(3, boats=full(3), stone=1), None)
    text = alt_text(view, NAMES)
    assert_translated(text)
    for lang in TRANSLATED:
        assert len(tr(text, lang)) <= 1024 and "Ann" in tr(text, lang)


# ----- everything in random playouts ------------------------------------------------------------


def shown(text: Any, lang: str, kind: str) -> None:
    """A Text that translates without falling back (or has nothing to translate)."""
    assert isinstance(text, Text), (kind, repr(text))
    said = tr(text, lang)
    if not wordless(text):
        assert said != str(text), (kind, lang, str(text))
    if kind == "label":  # an autocomplete label starts with the move itself
        said = said.split(" · ", 1)[-1]
    if kind != "button" or not wordless(text):
        assert not ENGLISH.search(outside_code(said)), (kind, lang, said)
    if lang == "da":
        assert not BARE_COLOUR_DA.search(outside_code(said)), (kind, said)
    if kind == "button":  # Discord's limit for a button label
        assert len(said) <= 80 and len(str(text)) <= 80, (lang, said)
    if kind == "label":  # and for an autocomplete choice name
        assert len(tr(text, lang)) <= 100, (lang, tr(text, lang))


@pytest.mark.parametrize("options", [{}, {"push": "thrill"}, {"boat-choice": "free"}])
def test_random_playouts_translate_everything(options: dict[str, str]) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        players = PLAYERS[: 2 + seed % 3]
        state = GAME.setup(players, options, seed)
        for _ in range(300):
            if GAME.result(state) is not None:
                break
            who = rng.choice(sorted(GAME.to_act(state)))
            for lang in TRANSLATED:
                shown(GAME.prompt(state, who, NAMES), lang, "prompt")
                for button in GAME.buttons(state, who):
                    shown(button.label, lang, "button")
                    for inner in GAME.buttons(state, who, button.path) if button.path else []:
                        shown(inner.label, lang, "button")
                for _value, label in GAME.suggest(state, who, "", 25):
                    shown(label, lang, "label")
            move = rng.choice(GAME.legal_moves(state, who))
            said = GAME.describe(state, who, move, NAMES)
            for lang in TRANSLATED:
                shown(said, lang, "describe")
            try:
                GAME.apply(state, who, "move 4:big red>blue")
            except GameError as exc:
                for lang in TRANSLATED:
                    shown(exc.args[0], lang, "error-" + type(exc).__name__)
            state = GAME.apply(state, who, move)
        text = alt_text(GAME.view(state, None), NAMES)
        for lang in TRANSLATED:
            shown(text, lang, "alt")
            assert len(tr(text, lang)) <= 1024


def test_the_read_through_wording() -> None:
    """What a native reader of a whole game in the console flagged (#32 review §4)."""
    from games.krasserfall.notation import parse_move
    from renderers.krasserfall.board import _did
    from renderers.krasserfall.style import _ as drawn

    # the picture names a rolled colour as a noun ("würfelte Rot", was "würfelte rot")
    rolled = _did({"kind": "roll", "face": "red"}, [])
    assert tr(rolled, "de") == "würfelte Rot" and tr(rolled, "da") == "slog rød"
    assert str(rolled) == "rolled red"
    # the figure and the ring take their article ("würfelte die Figur", was "würfelte Figur")
    figure = _did({"kind": "roll", "face": "figure"}, [])
    assert tr(figure, "de") == "würfelte die Figur" and tr(figure, "da") == "slog figuren"
    ring = _did({"kind": "roll", "face": "ring", "nothing": True}, [])
    assert tr(ring, "de") == "würfelte den Rettungsring, nichts zu bewegen"
    # an owner's name in the Danish genitive: "Lars' lille figur" (was "Larss"), "Annas"
    boats = {"red": {"figures": [(1, "big"), (2, "small")], "ring": True},
             "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")] * 2},
             "blue": {"figures": [(2, "small")]}}
    state = roll_to(position(2, boats=boats), "figure")
    for owner, de, da in (("Lars", "setzte eine kleine Figur von Lars", "flyttede Lars' lille figur"),
                          ("Anna", "setzte eine kleine Figur von Anna", "flyttede Annas lille figur")):
        moved = GAME.describe(state, ANN, "move 2:small red>yellow", {ANN: "X", BOB: owner})
        assert tr(moved, "de").startswith(de) and tr(moved, "da").startswith(da), moved
        assert str(moved).startswith(f"moved {owner}'s small figure")
    # a figure placed, in the picture ("setzte eine große Figur", was "setzte groß")
    placed = _did({"kind": "place", "size": "big", "boat": "red"}, [])
    assert tr(placed, "de") == "setzte eine große Figur ins rote Boot"
    assert tr(placed, "da") == "placerede en stor figur i den røde båd"
    # the Danish turn pill is the one the other games show ("HAR TUREN", was "I TUR")
    assert tr(drawn("TO ACT"), "da") == "HAR TUREN"
    # the boats drift off (was "og bådene flyder": they float)
    release = GAME.describe(position(2, phase="place", boats={
        "red": {"figures": [(1, "big"), (2, "small")], "ring": True},
        "yellow": {"figures": [(2, "big")]}, "green": {"figures": [(1, "small")]},
        "blue": {"figures": [(2, "small")]}}, active=0), ANN, "place small blue", NAMES)
    assert "og bådene driver af sted" in tr(release, "da"), tr(release, "da")
    # "write roll" in the reader's word
    state = position(3, boats=full(3))
    assert "schreib `würfeln`" in tr(refusal(state, "push", ANN), "de")
    assert parse_move("würfeln") == parse_move("roll")
