"""Kahuna in German and Danish: every sentence a player reads is a Text of the ``kahuna``
domain, and the catalogs turn it into the reader's language with nothing English left over.

Positions come from the helpers of ``test_kahuna.py``. Notation (``bridge HUNA-ELAI``,
``draw deck``, island and line names) is the same in every language and is ignored when
looking for leftover English.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.i18n import TRANSLATED, lookup, tr
from games import REGISTRY, IllegalMove
from games.kahuna import ISLANDS, Kahuna
from games.text import Text
from renderers.alt_text import alt_text

from .test_kahuna import ALICE, BOB, NAMES, play, position, scoring_position

GAME: Kahuna = REGISTRY["kahuna"]  # type: ignore[assignment]

#: English words that never belong in a German or Danish sentence (the notation aside).
ENGLISH = {"you", "your", "the", "cannot", "hold", "is", "are", "with", "there", "lost", "took",
           "played", "scores", "points", "stone", "stones", "turn", "card", "cards",
           "island", "islands", "line", "lines", "opponent", "no", "then", "first", "last",
           "left", "only", "write", "like", "place", "round", "ended", "drew", "passed"}
NOTATION = re.compile(r"`[^`]*`|\b(?:bridge|remove|tuck|draw|deck|pass|end|free|take)\b|"
                      r"\b(?:%s)\b|\b[A-Z]-[A-Z]\b" % "|".join(ISLANDS))
WORD = re.compile(r"[^\W\d_]+")


def leftovers(text: str) -> set[str]:
    """English words in ``text`` outside the notation."""
    return {w for w in WORD.findall(NOTATION.sub(" ", text)) if w.lower() in ENGLISH}


def assert_translated(text: Any) -> None:
    assert isinstance(text, Text) and text.domain == "kahuna", repr(text)
    for lang in TRANSLATED:
        said = tr(text, lang)
        assert said != str(text), f"{lang}: still English: {text}"
        assert not leftovers(said), f"{lang}: English words {leftovers(said)} in {said!r}"
        assert "{" not in said and "\n" not in said, said


#: Templates whose German or Danish may be the same as the English.
SAME = {"orange", "{n} point",
        "`{cmd:move} draw {card}`", "`{cmd:move} draw deck`", "`{cmd:move} pass`"}  # typed as is


def has_words(template: str) -> bool:
    return bool(WORD.search(re.sub(r"\{[^{}]*\}", "", template)))


def fallbacks(text: Any, lang: str) -> list[str]:
    """Templates with words in ``text`` (or in any Text inside it) that ``lang`` lacks."""
    if not isinstance(text, Text):
        return []
    found = []
    english = text.plural if text.plural is not None and text.n != 1 else text.msgid
    said = lookup(lang)(text.domain, text.msgid, text.plural, text.n)
    if has_words(english) and english not in SAME and said == english:
        found.append(english)
    for value in text.params.values():
        found += fallbacks(value, lang)
    return found


def reason(state: Any, move: str, player: str | None = None) -> Text:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player or state.active, move)
    message = info.value.args[0]
    assert isinstance(message, Text)
    return message


# ----- representative sentences -------------------------------------------------------------


@pytest.mark.parametrize("move", ["", "jump HUNA-ELAI", "bridge", "bridge HUNA-ZZZZ",
                                  "bridge HUNA-HUNA", "bridge HUNA-COCO", "bridge HUNA-",
                                  "remove ELAI-HUNA ELAI", "remove ELAI-HUNA ELAI KAHU",
                                  "tuck A B C D E F", "draw pile", "pass now", "free"])
def test_notation_errors_are_translated(move: str) -> None:
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(move)
    assert_translated(info.value.args[0])


def test_rule_errors_are_translated() -> None:
    state = position(hands={ALICE: ["ELAI", "KAHU", "KAHU"]}, bridges={"ALOA-BARI": ALICE})
    cases = ["bridge HUNA-ELAI", "remove DUDA-HUNA DUDA DUDA", "remove ALOA-BARI ALOA BARI",
             "tuck KAHU KAHU KAHU", "tuck HUNA", "draw ELAI", "end", "free ALOA-BARI",
             "remove ALOA-BARI ALOA BARI take"]
    for move in cases:
        assert_translated(reason(state, move))
    once = reason(state, "tuck KAHU KAHU KAHU")
    assert "only two KAHU cards" in once
    assert "nur zwei KAHU-Karten" in tr(once, "de") and "kun to KAHU-kort" in tr(once, "da")
    passed = play(state, "pass")
    assert_translated(reason(passed, "pass"))
    full = position(hands={ALICE: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]}, passed=True)
    assert_translated(reason(full, "draw deck"))
    assert_translated(reason(full, "pass"))
    last = position(phase="last", last_turns=2, round_=3, open_cards=[], deck=[],
                    hands={ALICE: ["HUNA"]})
    for move in ("draw deck", "pass"):
        assert_translated(reason(last, move))
    handicap = GAME.setup([ALICE, BOB], {"handicap": "2", "handicap_seat": "1"}, 3)
    assert_translated(reason(handicap, "pass"))


def test_accounts_are_translated() -> None:
    chain = position(hands={ALICE: ["KAHU"]}, bridges={
        "ALOA-HUNA": BOB, "DUDA-HUNA": BOB, "HUNA-LALE": BOB, "IFFI-LALE": ALICE})
    text = GAME.describe(chain, ALICE, "bridge KAHU-LALE", NAMES)
    assert_translated(text)
    assert tr(text, "de") == ("spielte KAHU aus und legte einen Stab auf **KAHU-LALE**; eroberte "
                              "**LALE**; Bob verlor den Stab HUNA-LALE; Bob verlor den Stein auf "
                              "**HUNA**")
    assert tr(text, "da") == ("spillede KAHU og lagde en bro på **KAHU-LALE**; erobrede **LALE**; "
                              "Bob mistede broen HUNA-LALE; Bob mistede stenen på **HUNA**")
    scoring = scoring_position()
    first = GAME.describe(scoring, ALICE, "draw ELAI", NAMES)
    assert_translated(first)
    assert "erste Zwischenwertung: Alice: 2 Steine, Bob: 1 Stein, Alice bekommt 1 Punkt" in \
        tr(first, "de")
    assert "første optælling: Alice: 2 sten, Bob: 1 sten, Alice får 1 point" in tr(first, "da")
    tie = scoring_position(bridges={"ALOA-BARI": ALICE, "ALOA-DUDA": ALICE, "COCO-GOLA": BOB,
                                    "GOLA-KAHU": BOB, "GOLA-JOJO": BOB})
    assert_translated(GAME.describe(tie, ALICE, "draw ELAI", NAMES))
    assert_translated(GAME.describe(scoring_position(round_=3), ALICE, "draw ELAI", NAMES))
    early = position(round_=2, hands={ALICE: ["ELAI", "HUNA"]},
                     bridges={"ELAI-HUNA": BOB, "ALOA-BARI": ALICE})
    assert_translated(GAME.describe(early, ALICE, "remove ELAI-HUNA ELAI HUNA", NAMES))
    hand = position(hands={ALICE: ["HUNA", "KAHU", "KAHU"]})
    for move in ("tuck KAHU HUNA", "tuck KAHU", "draw deck", "draw ALOA", "pass"):
        assert_translated(GAME.describe(hand, ALICE, move, NAMES))
    unnamed = GAME.describe(early, ALICE, "remove ELAI-HUNA ELAI HUNA")
    assert "Spieler 2" in tr(unnamed, "de") and "spiller 2" in tr(unnamed, "da")


def test_prompts_are_translated() -> None:
    states = [
        position(hands={ALICE: ["LALE"]}),
        position(hands={ALICE: ["LALE"]}, passed=True),
        position(hands={ALICE: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]}),
        position(hands={ALICE: ["ALOA", "BARI", "COCO", "DUDA", "ELAI"]}, passed=True),
        position(phase="last", last_turns=2, round_=3, open_cards=[], deck=[]),
        GAME.setup([ALICE, BOB], {"handicap": "1", "handicap_seat": "1"}, 3),
        GAME.resign(position(), BOB),
    ]
    for state in states:
        assert_translated(GAME.prompt(state, ALICE, NAMES))
    de = tr(GAME.prompt(states[1], ALICE, NAMES), "de")
    assert de.startswith("Runde 1: spiel Karten aus") and "`/zug pass`" not in de
    assert de.endswith("Diesmal kein Passen: dein Gegner hat gepasst.")


def test_summary_and_options_in_every_language() -> None:
    summary = GAME.summary  # many lines, so not assert_translated
    assert isinstance(summary, Text)
    for lang in TRANSLATED:
        said = tr(summary, lang)
        assert said != str(summary) and len(said) < 1800
        move_cmd = {"de": "`/zug", "da": "`/træk"}[lang]  # as the reader's client names /move
        assert said.count(move_cmd) == str(summary).count("`/move")
        assert said.count("**") == str(summary).count("**")
    for option in GAME.options.values():
        assert_translated(option.help)


def test_alt_text_is_translated() -> None:
    state = play(scoring_position(), "draw ELAI")
    for viewer in (None, BOB):
        text = alt_text(GAME.view(state, viewer), NAMES)
        assert isinstance(text, Text)
        de, da = tr(text, "de"), tr(text, "da")
        assert de.startswith("Deine Hand" if viewer else "Kahuna-Spielplan, Runde 2 von 3.")
        assert da.startswith("Din hånd" if viewer else "Kahuna-brættet, runde 2 af 3.")
        assert not fallbacks(text, "de") and not fallbacks(text, "da")
    mine = tr(alt_text(GAME.view(state, BOB), NAMES), "de")
    assert mine.startswith("Deine Hand: KAHU, KAHU.")
    tucked = play(position(hands={ALICE: ["HUNA", "KAHU"]}), "tuck HUNA KAHU")
    assert "unterschieben 2 Karten" in tr(alt_text(GAME.view(tucked, None), NAMES), "de")


# ----- a whole game in every language --------------------------------------------------------


@pytest.mark.parametrize("variant", ["base", "planning", "open-draws"])
def test_playout_says_everything_in_every_language(variant: str) -> None:
    rnd = random.Random(variant)
    for seed in range(2):
        state = GAME.setup([ALICE, BOB], {"variant": variant, "handicap": str(seed * 2)}, seed)
        texts: list[Any] = []
        while GAME.result(state) is None:
            player = state.active
            texts.append(GAME.prompt(state, player, NAMES))
            labels = [label for _value, label in GAME.suggest(state, player, "", 25)]
            buttons = [b.label for b in GAME.buttons(state, player)]
            texts += labels + buttons
            for lang in TRANSLATED:
                assert all(len(tr(label, lang)) <= 100 for label in labels), labels
                assert all(len(tr(label, lang)) <= 80 for label in buttons), buttons
            move = rnd.choice(GAME.legal_moves(state, player))
            texts.append(GAME.describe(state, player, move, NAMES))
            view = GAME.view(state, player)
            texts.append(alt_text(view, NAMES))
            state = GAME.apply(state, player, move)
        texts.append(GAME.prompt(state, ALICE, NAMES))
        texts.append(alt_text(GAME.view(state, None), NAMES))
        for text in texts:
            assert isinstance(text, Text), repr(text)
            for lang in TRANSLATED:
                assert not fallbacks(text, lang), (lang, str(text))
                said = tr(text, lang)
                if has_words(text.msgid):
                    assert said != str(text), (lang, str(text))
                if text.msgid.startswith("Kahuna board"):
                    assert len(said) <= 1024


def test_the_last_turn_reads_after_your_turn() -> None:
    """The Danish review: "Det er din tur: Det er din sidste tur, uden at trække: spil kort …".
    The prompt follows "your turn: " as "round 3: …" does, and `/moves` shows `end` in the
    reader's words like every other move."""
    from bot.service.looking import _in_readers_words

    state = position(phase="last", last_turns=2, round_=3, open_cards=[], deck=[],
                     hands={ALICE: ["LALE"]})
    prompt = GAME.prompt(state, ALICE, NAMES)
    assert str(prompt).startswith("**last turn** (no drawing): play cards")
    assert tr(prompt, "da").startswith("**Sidste tur** (du trækker ikke): spil kort")
    assert tr(prompt, "da").endswith("og derefter `/træk afslut`.")
    assert tr(prompt, "de").startswith("**Letzter Zug** (ohne Nachziehen): spiel Karten")
    labels = {move: _in_readers_words(GAME, label) for move, label in GAME.suggest(state, ALICE, "", 25)}
    assert tr(labels["end"], "da") == "afslut · gør din sidste tur færdig"
    assert tr(labels["end"], "de") == "beenden · deinen letzten Zug abschließen"
    played = position(hands={ALICE: ["LALE"]})
    labels = {move: _in_readers_words(GAME, label) for move, label in GAME.suggest(played, ALICE, "", 25)}
    assert tr(labels["pass"], "da") == "pas · afslut turen uden at trække"
