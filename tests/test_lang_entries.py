"""The review's rewrites of single entries (German and Danish), held so they do not come back."""

from __future__ import annotations

import re

import pytest

import games
from bot.i18n import DOMAINS, TRANSLATED, catalog, tr


def said(lang: str, domain: str, msgid: str) -> str:
    return catalog(lang, domain).gettext(msgid)


def every(lang: str) -> list[tuple[str, str, str]]:
    """(domain, msgid, translation) of every singular entry."""
    from babel.messages.pofile import read_po

    from bot.i18n import po_path
    out = []
    for domain in DOMAINS:
        with po_path(lang, domain).open("rb") as f:
            for m in read_po(f):
                if m.id and isinstance(m.id, str):
                    out.append((domain, m.id, m.string))
    return out


def test_aqualin_summary_in_german_says_who_wins_a_tie_and_who_starts() -> None:
    text = tr(games.REGISTRY["aqualin"].summary, "de")
    assert "größere größte" not in text and "Die Farbe beginnt" not in text
    assert "die Farbe beginnt" not in tr(games.REGISTRY["aqualin"].options["role"].help, "de")
    assert "Wer nach Farben wertet, fängt an." in text
    assert "Bei Gleichstand gewinnt, wer die größte einzelne Gruppe hat." in text


def test_aqualin_tie_rule_in_danish_keeps_its_meaning() -> None:
    text = tr(games.REGISTRY["aqualin"].summary, "da")
    assert "Uafgjort: Den største gruppe vinder" not in text
    assert "vinder den, der har den største enkelte gruppe" in text


def test_aqua_large_animals_in_german_read_as_a_player_says_it() -> None:
    text = tr(games.REGISTRY["aqua"].summary, "de")
    assert "Bedecke unbedeckte" not in text and "Ein großes Tier legt sich auf freie kleine Tiere" in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_could_not_read_says_the_same_in_every_game(lang: str) -> None:
    """Kraqua's German said "ist nicht lesbar", the other games "verstehe ich nicht"."""
    found = {said(lang, g, "could not read '{text}': {help}") for g in games.REGISTRY
             if said(lang, g, "could not read '{text}': {help}") != "could not read '{text}': {help}"}
    assert len(found) == 1, found
    starts = {s.split("'{text}'")[0] for d, i, s in every(lang) if i.startswith("could not read '{text}'")}
    assert len(starts) == 1, starts


def test_danish_rewrites() -> None:
    assert said("da", "krasserfall", "Move seat {seat}'s {figure} from {boat}").startswith("Flyt plads {seat}'s ")
    assert "ingen snyd i køen" in said(
        "da", "kraqua", "{fish} may not pass gate {gate} before {other} (order {order}: no cutting in line)")
    assert said("da", "bot", "forfeit") == "udgå"
    assert "du {mine}, modstanderen {theirs}" in said(
        "da", "aqualin", "{move}  ·  {name} → {square}  ·  you {mine}, them {theirs}")
    assert "den, der spillede sidst, begynder" in said(
        "da", "kraqua", "round {round} is over: everyone draws a tile, the last mover first")
    texts = [s for _d, _i, s in every("da")]
    assert not [s for s in texts if "Træk gerne" in s or "ryg ud" in s or "sniger" in s]
    # A number's genitive takes an apostrophe (plads 2's), a comma closes "den, der ...".
    assert not [s for s in texts if re.search(r"\{(seat|n|number)\}s\b", s)]
    assert not [s for s in texts if re.search(r"\bden der\b", s)]
