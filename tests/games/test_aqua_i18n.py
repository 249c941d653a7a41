"""Aqua in German and Danish: every sentence a player reads is a Text with a translation."""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
from bot.i18n import TRANSLATED, catalog, tr
from games.errors import GameError, IllegalMove
from games.rng import Rng
from games.text import Text
from renderers.alt_text import alt_text

GAME = games.REGISTRY["aqua"]
A, B, C = "alice", "bob", "carol"
NAMES = {A: "Alice", B: "Bob", C: "Carol"}
#: English words that must not survive in a German or Danish sentence (outside `code`).
ENGLISH = {"the", "you", "your", "tile", "tiles", "take", "place", "and", "is", "not", "of",
           "with", "or", "market", "first", "already", "round", "turn", "large", "small",
           "animal", "animals", "sea", "snail", "shape", "site", "sites", "points", "left",
           "wait", "play", "attracted", "took", "placed", "rotation", "slot", "game"}
WORD = re.compile(r"[^\W\d_]{2,}")


def prose(text: str) -> str:
    """``text`` without its `code` spans (moves and commands stay English on purpose)."""
    return re.sub(r"`[^`]*`", " ", text)


def blank(text: Text) -> Text:
    """``text`` with its plain parameters (moves, names, positions) left out: only words."""
    params = {k: blank(v) if isinstance(v, Text) else "#" for k, v in text.params.items()}
    return Text(text.domain, text.msgid, params, text.plural, text.n)


def leftover_english(text: Text, lang: str) -> set[str]:
    return {w for w in WORD.findall(prose(tr(blank(text), lang))) if w.lower() in ENGLISH}


def has_words(msgid: str) -> bool:
    return bool(WORD.search(re.sub(r"\{\w*\}", " ", prose(msgid))))


def untranslated(text: Text, lang: str) -> list[str]:
    """Message ids in ``text`` (and the Texts inside it) that ``lang``'s catalog lacks."""
    known = getattr(catalog(lang, text.domain), "_catalog", {})
    key = text.msgid if text.plural is None else (text.msgid, 0)
    missing = [] if key in known or not has_words(text.msgid) else [text.msgid]
    for value in text.params.values():
        if isinstance(value, Text):
            missing += untranslated(value, lang)
    return missing


def check(text: Any, lang: str, where: str) -> None:
    """A Text of Aqua (or the shared domain) that reads in ``lang`` without English left in."""
    assert isinstance(text, Text), f"{where}: {text!r} is a plain str"
    assert not untranslated(text, lang), f"{where}: {untranslated(text, lang)} in {lang}"
    said = tr(text, lang)
    assert said != str(text) or not has_words(text.msgid), f"{where}: {said!r} in {lang}"
    assert not leftover_english(text, lang), f"{where} in {lang}: {said!r}"


def error_of(state: Any, player: str, move: str) -> Text:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    return info.value.args[0]


# ----- representative sentences -----------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_errors_prompts_and_descriptions_translate(lang: str) -> None:
    state = GAME.setup([A, B, C], {}, 5)
    active = GAME.prompt(state, state.active, NAMES)
    other = next(p for p in (A, B, C) if p != state.active)
    cases = {
        "prompt": active,
        "wait": GAME.prompt(state, other, NAMES),
        "not your turn": error_of(state, other, "snail"),
        "no slot": error_of(state, state.active, "take 9 at 0,1 rot 0"),
        "occupied": error_of(state, state.active, "take 1 at 0,0 rot 0"),
        "far away": error_of(state, state.active, "take 1 at 9,9 rot 0"),
        "done too early": error_of(state, state.active, "done"),
        "large too early": error_of(state, state.active, "large pair 0,1 1,1"),
        "unreadable": error_of(state, state.active, "fish"),
        "bad shape size": error_of(state, state.active, "large arc 0,1"),
        "snail": GAME.describe(state, state.active, "snail", NAMES),
        "summary": GAME.summary,
        "option": GAME.options["ecosystems"].help,
    }
    move = GAME.legal_moves(state, state.active)[0]
    cases["take"] = GAME.describe(state, state.active, move, NAMES)
    for where, text in cases.items():
        check(text, lang, where)
    # the command as the reader's client names it, the move in the reader's words
    take, snail = {"de": ("/zug nimm", "/zug schnecke"), "da": ("/træk tag", "/træk snegl")}[lang]
    assert take in tr(active, lang) and snail in tr(active, lang)
    assert "Alice" in tr(cases["wait"], lang) or "Bob" in tr(cases["wait"], lang) or \
        "Carol" in tr(cases["wait"], lang)
    assert len(tr(GAME.summary, lang)) < 1800


def test_words_inside_sentences_are_translated() -> None:
    # A crab habitat, a large animal, a shape named wrongly: the words change with the language.
    from tests.games.test_aqua import large_position

    state, take = large_position()
    text = GAME.describe(state, A, take)
    assert "sea turtle" in text
    assert "Meeresschildkröte" in tr(text, "de") and "havskildpadde" in tr(text, "da")
    after = GAME.apply(state, A, take)
    large = GAME.describe(after, A, "large triangle 5,0 6,0 5,1")
    assert tr(large, "de").startswith("lockte einen Seelöwen (Dreieck, 11 Punkte)")
    assert tr(large, "da").startswith("tiltrak en søløve (trekant, 11 point)")
    wrong = error_of(after, A, "large arc 5,0 6,0 5,1")
    assert str(wrong).startswith("5,0 6,0 5,1 form a triangle, not an arc")
    assert "Dreieck" in tr(wrong, "de") and "Bogen" in tr(wrong, "de")
    assert "en trekant, ikke en bue" in tr(wrong, "da")
    twice = error_of(after, A, "large pair 5,1 4,2")
    assert "Stelle 4,2" in tr(twice, "de") and "felt 4,2" in tr(twice, "da")
    for lang in TRANSLATED:
        check(text, lang, "habitat")
        check(large, lang, "large")
        check(wrong, lang, "shape")
        check(GAME.prompt(after, A), lang, "large step")
        for value, label in GAME.suggest(after, A, "", 25):
            check(label, lang, f"label of {value}")


def test_rare_sentences_translate() -> None:
    from dataclasses import replace

    from tests.games.test_aqua import build

    # an empty stack: the habitat stays empty
    crabs = {f"{i},9": ("C", 3 if i < 4 else 2) for i in range(12)}
    state = build({A: {"1,0": "PBR"}}, animals={B: crabs}, market=["BRR", "GOY", "BPY"])
    empty = GAME.describe(state, A, "take 1 at 0,1 rot 1")
    assert "habitat 0,1 stays empty (no crabs left)" in empty
    assert "keine Krabben mehr" in tr(empty, "de") and "ikke flere krabber" in tr(empty, "da")
    (_value, label), = GAME.suggest(state, A, "take 1 at 0,1 rot 1", 1)
    assert "no crabs left" in label and "keine Krabben mehr" in tr(label, "de")
    # nothing fits anywhere: any spot is allowed
    lonely = build({A: {"5,5": "GPP"}}, market=["ORR", "BOO", "RYY"])
    lonely = replace(lonely, tiles={A: {(5, 5): "GPP"}, B: lonely.tiles[B]})
    waived = GAME.describe(lonely, A, "take 1 at 6,5 rot 0")
    assert "any spot was allowed" in waived and "jede Position erlaubt" in tr(waived, "de")
    # two animals of one species under a large animal
    animals = {A: {"5,0": ("C", 3), "6,0": ("J", 3), "4,2": ("T", 3)}}
    from tests.games.test_aqua import large_position
    before, take = large_position(animals=animals)
    twice = error_of(GAME.apply(before, A, take), A, "large pair 5,1 4,2")
    assert "zwei Meeresschildkröten" in tr(twice, "de") and "to havskildpadder" in tr(twice, "da")
    # a big area: the alt text names fewer animals and stays short
    view = GAME.view(state, None)
    area = view["areas"][B]
    view["active"] = B
    area["animals"] = {f"{q},{r}": ["C", 2, q % 2 == 0] for q in range(8) for r in range(5)}
    big = alt_text(view, NAMES)
    assert "40 small animals, among them" in big and len(big) <= 850
    for lang in TRANSLATED:
        for where, text in (("empty", empty), ("label", label), ("waived", waived),
                            ("twice", twice), ("big alt text", big)):
            check(text, lang, where)
        assert len(tr(big, lang)) <= 1024


# ----- a whole game ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, seed", [(1, 3), (2, 8), (4, 21)])
def test_a_random_game_reads_in_every_language(players: int, seed: int) -> None:
    seats = [A, B, C, "dave"][:players]
    names = {**NAMES, "dave": "Dave"}
    state = GAME.setup(seats, {"ecosystems": "advanced"}, seed)
    rng = Rng(seed)
    said: list[tuple[str, Any]] = []
    large_steps = 0
    while GAME.result(state) is None:
        (player,) = GAME.to_act(state)
        for p in seats:
            said.append(("prompt", GAME.prompt(state, p, names)))
        suggestions = GAME.suggest(state, player, "", 25)
        said += [("suggest", label) for _value, label in suggestions]
        for button in GAME.buttons(state, player):
            said.append(("button", button.label))
            for inner in GAME.buttons(state, player, button.path) if button.path else []:
                said.append(("button", inner.label))
                for last in GAME.buttons(state, player, inner.path) if inner.path else []:
                    said.append(("button", last.label))
        if len(said) < 4000:
            said.append(("alt text", alt_text(GAME.view(state, None), names)))
        legal = GAME.legal_moves(state, player)
        move = suggestions[0][0] if rng.randbelow(2) else legal[rng.randbelow(len(legal))]
        large_steps += state.phase == "large"
        said.append(("describe", GAME.describe(state, player, move, names)))
        try:
            GAME.apply(state, player, "large pair 0,1 1,1" if state.phase == "take" else "snail")
        except GameError as error:
            said.append(("error", error.args[0]))
        state = GAME.apply(state, player, move)
    result = GAME.result(state)
    said += [("result", line) for line in GAME.result_lines(result, names)]
    said.append(("alt text", alt_text(GAME.view(state, None), names)))
    assert large_steps or players == 4
    for lang in TRANSLATED:
        for where, text in said:
            check(text, lang, where)
