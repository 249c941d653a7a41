"""Kraqua in German and Danish: every sentence a player reads is a Text that translates whole.

The English is covered by ``test_kraqua.py``; here the same situations are read in ``de`` and
``da`` (``bot.i18n.tr``): the translation differs from the English, keeps the move notation,
and leaves no English sentence behind, and a long random playout finds no untranslated part in
any prompt, description, autocomplete label or button.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from bot.i18n import TRANSLATED, lookup, tr
from games import REGISTRY, IllegalMove
from games.kraqua import planner
from games.kraqua.state import CAVE_LIMIT, KraquaState, heard
from games.text import Text
from renderers.kraqua import alt_text

from .test_kraqua import A, B, die, play, position

GAME = REGISTRY["kraqua"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: Words of an English sentence that no German or Danish sentence of the game uses (the move
#: notation in backticks and the quoted moves are taken out before looking).
ENGLISH = re.compile(r"\b(the|with|from|your|is|are|and|fish|gate|gems?|chest|cave|tiles?|shells?|"
                     r"spot|row|order|moved|laid|rolls?|protected|unprotected|choose|write)\b")
#: A Danish fish named by its bare colour, as a noun ("Fisk: grøn på 14", "port 1 efter
#: størrelse: rød, gul, grøn"): Danish says "den grønne" (#32 review §2).
BARE_FISH_DA = re.compile(r"\b(grøn|rød|gul) på \d|(Fisk|fisk|[Pp]ort \d+[^:;.]*|passeret|"
                          r"rækkefølgen er):? (grøn|rød|gul)\b")
#: Templates that are the same word in a language (and so rightly "untranslated").
SAME = {"da": {"hat"}, "de": set()}


def leftover_english(text: str, *notation: str) -> list[str]:
    """English words left in a translated ``text`` (code spans and ``notation`` removed)."""
    plain = re.sub(r"`[^`]*`", " ", text)
    for move in sorted(notation, key=len, reverse=True):
        plain = plain.replace(move, " ")
    return ENGLISH.findall(plain)


def has_words(template: str) -> bool:
    """Whether a template says anything besides placeholders, notation in code and punctuation."""
    bare = re.sub(r"`[^`]*`", "", PLACEHOLDER.sub("", template))
    return re.search(r"[A-Za-z]{2,}", bare) is not None


def untranslated(text: Any, lang: str) -> list[str]:
    """Templates in ``text`` (and the Texts inside it) that ``lang``'s catalog lacks."""
    if not isinstance(text, Text):
        return []
    find = lookup(lang)
    english = text.plural if text.plural is not None and text.n != 1 else text.msgid
    found = find(text.domain, text.msgid, text.plural, text.n)
    missing = [text.msgid] if found == english and has_words(english) and \
        english not in SAME[lang] else []
    for value in text.params.values():
        missing += untranslated(value, lang)
    return missing


def refusal(state: KraquaState, player: str, move: str) -> Text:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    message = info.value.args[0]
    assert isinstance(message, Text), (move, message)
    return message


# ----- representative sentences -------------------------------------------------------------------


def _cases() -> list[tuple[str, Text, tuple[str, ...]]]:
    """(what, Text, notation it may quote) for errors, prompts and descriptions."""
    out: list[tuple[str, Text, tuple[str, ...]]] = []
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 10, "red": 15, "yellow": 2},
                 gates=[("colour", False), ("hat", False), ("size", False)])
    out.append(("prompt lay", GAME.prompt(s, A), ()))
    out.append(("describe lay", GAME.describe(s, A, "lay i"), ()))
    out.append(("wrong step", refusal(s, A, "fish red"), ("fish red", "lay i", "lay o")))
    laid = play(s, A, "lay i")
    out.append(("prompt move", GAME.prompt(laid, A), ()))
    out.append(("gate order", refusal(laid, A, "fish red"), ()))
    out.append(("describe move", GAME.describe(laid, A, "fish green"), ()))
    out.append(("shell for free", refusal(laid, A, "shell green"), ("fish green",)))
    out.append(("not the jellyfish", refusal(laid, A, "jelly red S"),
                ("fish red", "shell red")))
    rolled = position(chips={A: "seahorse", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                      fish={"green": 2}, rolls=die("red", "blue"))
    rolled = play(rolled, A, "lay i", "fish green")
    out.append(("prompt reroll", GAME.prompt(rolled, A), ()))
    out.append(("describe reroll", GAME.describe(rolled, A, "reroll"), ()))
    return out


CASES = _cases()


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("what, text, notation", CASES, ids=[c[0] for c in CASES])
def test_sentences_translate_without_english_left(what: str, text: Text, notation: tuple[str, ...],
                                                   lang: str) -> None:
    assert isinstance(text, Text)
    said = tr(text, lang)
    assert said != str(text) and said.strip()
    assert not untranslated(text, lang)
    assert not leftover_english(said, *notation), (lang, said)
    assert "`/move" in str(text) or "`/move" not in said  # code spans stay code spans


def test_examples_read_naturally() -> None:
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 10, "red": 15, "yellow": 2},
                 gates=[("colour", False), ("hat", False), ("size", False)])
    laid = play(s, A, "lay i")
    gate = refusal(laid, A, "fish red")
    assert str(gate).startswith("the red fish may not pass gate 1 before the green fish")
    assert tr(gate, "de") == ("der rote Fisch darf nicht vor dem grünen durch Tor 1 (Reihenfolge "
                              "Grün, Rot, Gelb: Vordrängeln verboten)")
    assert tr(gate, "da").startswith("den røde fisk må ikke passere port 1 før den grønne fisk")
    moved = GAME.describe(laid, A, "fish green")
    assert tr(moved, "de").startswith("zog den grünen Fisch mit dem Krebs von 10 auf 14")
    assert tr(moved, "da").startswith("flyttede den grønne fisk med krabben fra 10 til 14")
    assert "innen auf Position 1" in tr(GAME.describe(s, A, "lay i"), "de")
    assert "i den indre række på position 1" in tr(GAME.describe(s, A, "lay i"), "da")


def test_the_seat_in_an_event_is_named_in_every_language() -> None:
    s = position((A, B), chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: None}, stack=[],
                 played=[B])
    s = play(s, A, "lay i", "fish green")
    said = GAME.describe(s, A, "take i", {B: "Bob"})
    assert "no tile is left for **Bob**" in said
    assert "für **Bob** bleibt kein Plättchen übrig" in tr(said, "de")
    assert "ingen brik tilbage til **Bob**" in tr(said, "da")
    # the stored record (and the view the image is drawn from) stays English, seats as {}
    after = play(s, A, "take i")
    events = GAME.view(after)["last"]["events"]
    assert ["no tile is left for {}: they sit out the next round", B] in events
    assert all(type(x) is str for e in events for x in e)
    assert Text.load(said.dump()) == said and tr(Text.load(said.dump()), "de") == tr(said, "de")


def test_the_view_keeps_the_last_events_for_every_reader() -> None:
    """The picture says what the last move did in its reader's words: the view keeps each
    event's template and parts (``said``), each seat as ``{"seat": id}``, through the store."""
    s = position((A, B), chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: None}, stack=[],
                 played=[B])
    s = play(s, A, "lay i", "fish green")
    after = GAME.load(GAME.dump(play(s, A, "take i")))  # through the store's JSON
    last = GAME.view(after)["last"]
    assert last is not None
    assert {"seat": B} in [v for e in last["said"] for v in e["p"].values()]
    events = [heard(e, lambda seat: {B: "Bob"}.get(seat, seat)) for e in last["said"]]
    assert "no tile is left for Bob" in "; ".join(events)
    assert any("für Bob bleibt kein Plättchen übrig" in tr(e, "de") for e in events)
    assert any("ingen brik tilbage til Bob" in tr(e, "da") for e in events)
    # a state stored before the events were kept loads and shows none
    old = json.loads(GAME.dump(after))
    del old["state"]["last"]["said"]
    assert GAME.view(GAME.load(json.dumps(old)))["last"]["said"] == []  # type: ignore[index]
    # what the store holds is checked
    bad = json.loads(GAME.dump(after))
    bad["state"]["last"]["said"] = [{"d": "kraqua", "m": 3, "p": {}}]
    with pytest.raises(ValueError):
        GAME.load(json.dumps(bad))


def _same_move(a: str, b: str) -> bool:
    try:
        return GAME.parse_move(a) == GAME.parse_move(b)
    except ValueError:
        return False


def test_summary_options_and_result_lines() -> None:
    for lang in TRANSLATED:
        summary = tr(GAME.summary, lang)
        assert summary != str(GAME.summary) and len(summary) < 1800, (lang, len(summary))
        code = re.compile(r"`([^`]*)`")
        shown = set(code.findall(summary))
        for example in code.findall(str(GAME.summary)):  # every example, a move in the reader's words
            assert example in shown or any(_same_move(example, s) for s in shown), (lang, example)
        assert str(CAVE_LIMIT) in summary  # the cave limit
        level = GAME.options["level"].help
        assert isinstance(level, Text) and tr(level, lang) != str(level)
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"red": 41, "yellow": 42, "green": 40}, revealed=3, hideout=0,
                 passed=[["green", "red", "yellow"], ["yellow", "green", "red"], ["red", "yellow"]],
                 hideout_gems={"purple": 1})
    s = play(s, A, "lay i", "fish green")
    result = GAME.result(s)
    assert result is not None and result.outcome == "almost"
    lines = GAME.result_lines(result, {})
    assert [str(x) for x in lines][1] == "Missing in the hideout: yellow."
    assert tr(lines[1], "de") == "Im Versteck fehlt: Gelb." and tr(lines[1], "da") == \
        "Mangler i skjulestedet: gul."
    assert tr(lines[0], "de").startswith("Edelsteine: Truhe") and \
        tr(lines[0], "da").startswith("Ædelsten: kisten")


def test_plurals_in_the_events() -> None:
    gates = [("colour", False), ("hat", False), ("size", False)]
    s = position((A,), chips={A: "crab"}, hands={A: (4, "A")}, stack=[5, 6, 7],
                 fish={"green": 17, "red": 19, "yellow": 16}, passed=[["green", "red"]],
                 gates=gates, rows={"i": {5: (1, "A")}, "o": {5: (2, "A")}})
    s = play(s, A, "lay i", "fish yellow")
    said = GAME.describe(s, A, "draw")
    assert "2 tiles of the stack are lost" in said
    assert "2 Plättchen vom Nachziehstapel gehen verloren" in tr(said, "de")
    assert "2 brikker fra bunken går tabt" in tr(said, "da")


def test_danish_names_a_fish_by_the_definite_colour() -> None:
    from games.kraqua.state import fish_colours

    assert tr(fish_colours(["red", "yellow"]), "da") == "den røde, den gule"
    assert tr(fish_colours(["red", "yellow"]), "de") == "Rot, Gelb"
    assert str(fish_colours(["red", "yellow"])) == "red, yellow"
    said = tr(alt_text(GAME.view(GAME.setup([A], {}, 1)), {A: "Ann"}), "da")
    assert "Fisk: den grønne på " in said and not BARE_FISH_DA.search(said), said


# ----- a random playout ---------------------------------------------------------------------------


def _playout(seed: int) -> list[tuple[str, Any]]:
    """Every prompt, description, label and alt text of one game (greedy and random moves)."""
    rng = random.Random(seed)
    seats = [f"s{i}" for i in range(1 + seed % 4)]
    names = {p: f"Player {p}" for p in seats}
    state = GAME.setup(seats, {"level": ("1", "2", "3", "pro")[seed % 4]}, seed)
    seen: list[tuple[str, Any]] = []
    for _turn in range(500):
        if state.over:
            break
        seat = planner.choose_seat(GAME, state)
        seen.append(("prompt", GAME.prompt(state, seat, names)))
        seen += [("suggest", label) for _m, label in GAME.suggest(state, seat, "", 25)]
        seen += [("button", b.label) for b in GAME.buttons(state, seat)]
        moves = GAME.legal_moves(state, seat)
        move = planner.choose(GAME, state, seat) if rng.random() < 0.7 else rng.choice(moves)
        seen.append(("describe", GAME.describe(state, seat, move, names)))
        state = GAME.apply(state, seat, move)
        seen.append(("alt", alt_text(GAME.view(state), names)))
    result = GAME.result(state)
    if result is not None:
        seen += [("result", line) for line in GAME.result_lines(result, names)]
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_translates_everything(seed: int) -> None:
    problems = []
    for kind, text in _playout(seed):
        if not isinstance(text, Text):
            problems.append(f"{kind}: not a Text: {text!r}")
            continue
        for lang in TRANSLATED:
            said = tr(text, lang)
            if said == str(text) and has_words(text.msgid):
                problems.append(f"{kind} ({lang}) falls back to English: {text}")
            problems += [f"{kind} ({lang}) lacks {m!r}" for m in untranslated(text, lang)]
            if kind in ("suggest", "button") and len(said) > 100:
                problems.append(f"{kind} ({lang}) over 100 characters: {said}")
            if kind == "alt" and len(said) > 1024:
                problems.append(f"alt text ({lang}) over 1024 characters")
            plain = re.sub(r"`[^`]*`", " ", said)
            if kind in ("suggest", "button"):  # the move itself, in the reader's words, first
                plain = plain.split(" · ", 1)[-1]
            if lang == "da" and BARE_FISH_DA.search(plain):
                problems.append(f"{kind} (da) names a fish by a bare colour: {said}")
    assert not problems, "\n".join(sorted(set(problems))[:30])


# ----- the Danish review (moves, rows, prompts, the picture's words) ------------------------------


def test_a_label_says_its_move_and_the_shells_in_the_readers_words() -> None:
    """`/moves` showed a Danish reader "shell red · … · musling · 1 musling": the move in
    English (only a label's outer ``{move}`` was shown in the reader's words) and the shell
    field beside the shell paid. The move is a Notation wherever it sits; the shells are said
    once."""
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 1, "red": 5, "yellow": 3})
    labels = dict(GAME.suggest(play(s, A, "lay i"), A, "", 25))
    paid = labels["shell red"]
    assert str(paid) == "shell red · 5 → 6 · unprotected · 1 shell, which the field gives back"
    assert tr(paid, "da") == "musling rød · 5 → 6 · ubeskyttet · 1 musling, som feltet giver igen"
    assert tr(paid, "de") == "muschel rot · 5 → 6 · ungeschützt · 1 Muschel, die das Feld zurückgibt"
    assert tr(labels["fish green"], "da") == "fisk grøn · 1 → 4 · beskyttet"
    assert str(labels["fish green"]) == "fish green · 1 → 4 · protected"
    # a free move onto the shell field gains one, unless the team holds the most already
    for shells, gain in ((2, "+1 musling"), (6, "muslingefelt, men holdet har allerede 6 muslinger")):
        s = position(chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: (2, "A")},
                     fish={"green": 1, "red": 5, "yellow": 3}, shells=shells)
        free = dict(GAME.suggest(play(s, A, "lay i"), A, "", 25))["fish red"]
        assert tr(free, "da") == f"fisk rød · 5 → 6 · ubeskyttet · {gain}"
    for text in labels.values():  # no English move word left in any label
        assert not re.match(r"(fish|shell|jelly|skip)\b", tr(text, "da")), tr(text, "da")


def test_danish_names_the_outer_row_by_ydre() -> None:
    """"læg y" / "tag y" were refused although "læg ydre" worked. ``y`` reads as the outer row
    (only there: elsewhere it is yellow), Danish readers see it, and a refusal says so."""
    for typed, move in (("læg y", "lay o"), ("tag y", "take o"), ("tag y A", "take o A"),
                        ("Læg Y", "lay o"), ("fisk y", "fish yellow"), ("ædelsten y", "gem yellow")):
        assert GAME.normalize_move(typed) == move, typed
    aliases = GAME.aliases
    assert aliases.local("lay o", "da") == "læg y" and aliases.local("take o A", "da") == "tag y A"
    assert aliases.local("lay o", "de") == "legen außen" and aliases.local("lay o", "en") == "lay o"
    # German shows both rows as words ("o" is no German word, "a" would read as the tile side)
    assert aliases.local("take i A", "de") == "nehmen innen A"
    assert GAME.normalize_move("nehmen außen A") == "take o A"
    assert aliases.local("fish yellow", "da") == "fisk gul"
    with pytest.raises(ValueError) as refused:
        GAME.parse_move("læg x")
    said = refused.value.args[0]
    assert tr(said, "da") == "'x' er ikke en revrække: skriv i (indre) eller y (ydre), fx `læg y`"
    assert tr(said, "de") == "'x' ist keine Riffreihe: schreib innen oder außen, z. B. `legen außen`"
    s = position(chips={A: "crab", B: "turtle"}, hands={A: (4, "A"), B: (2, "A")})
    assert "`/træk læg i` eller `/træk læg y`" in tr(GAME.prompt(s, A), "da")


def test_the_prompt_and_the_summary_read_as_danish() -> None:
    """"… næste ledige felt med krabbe" wants its article; "Vandmand-chip" is one word."""
    s = position(chips={A: "turtle", B: "crab"}, hands={A: (4, "A"), B: (2, "A")},
                 fish={"green": 1, "red": 5, "yellow": 3})
    said = tr(GAME.prompt(play(s, A, "lay i"), A), "da")
    assert said.startswith("Flyt en fisk til dens næste ledige felt med en krabbe: "), said
    summary = tr(GAME.summary, "da")
    assert "Vandmandschip: " in summary and "andmand-chip" not in summary
    refused = tr(refusal(play(s, A, "lay i"), A, "jelly red S"), "da")
    assert refused.startswith("kun vandmandschippen må vælge dyret"), refused
