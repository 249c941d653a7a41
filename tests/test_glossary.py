"""One term for one thing: the catalogs against docs/glossary.<lang>.md (the words it bans)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DOMAINS, TRANSLATED, po_path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def banned(lang: str) -> list[str]:
    """The backticked words of the glossary table's second column."""
    words = []
    for line in (DOCS / f"glossary.{lang}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4 and not set(cells[0]) <= {"-"}:
            words += re.findall(r"`([^`]+)`", cells[1])
    return words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_glossary_has_terms_and_bans(lang: str) -> None:
    assert len(banned(lang)) >= 4, f"docs/glossary.{lang}.md lists no banned words"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogs_use_the_glossarys_terms(lang: str) -> None:
    words = banned(lang)
    pattern = re.compile(r"(?<!\w)(%s)(?!\w)" % "|".join(re.escape(w) for w in words), re.I)
    problems = []
    for domain in sorted(DOMAINS):
        if domain == "commands":
            continue
        with po_path(lang, domain).open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            for s in strings:
                found = pattern.search(s or "")
                if m.id and found:
                    problems.append(f"{domain}: {found[0]!r} in {s[:90]!r}")
    assert not problems, f"docs/glossary.{lang}.md bans:\n" + "\n".join(problems[:30])


def test_the_reviews_choices() -> None:
    """The terms the review asked to settle (so an edited glossary cannot drop them)."""
    assert {"Partie", "Gastgeber", "Spielende"} <= set(banned("de"))
    assert {"boten", "f.eks.", "plade", "spilleplade", "tidsfrist", "fristen for turen"} <= set(banned("da"))
    # Issue 32 §3: Button, Elo (Wertung is scoring), Kraqua's seats and positions, Krasserfall's
    # forces and tipping point, and no "Erledigt:" fragment.
    assert {"Knopf", "Knöpfe", "Wertungen", "ohne Wertung", "Riffplatz", "Auslageplatz",
            "Gleichgewicht", "Zug − Halt", "Erledigt:"} <= set(banned("de"))
    assert {"Annuller", "Enig i", "revplads", "du tæller", "tæller farve", "skjulte balance",
            "træk − hold", "Klaret:", "når det er."} <= set(banned("da"))
    # The Danish read of stop 52: the image's "Sidst:", Krasserfall's net, the option syntax.
    assert {"Sidst:", "i nettet", "key=value", "lave et træk"} <= set(banned("da"))


def catalog_strings(lang: str, domain: str) -> dict[str, list[str]]:
    """msgid -> its translations (one, or one per plural form)."""
    with po_path(lang, domain).open("rb") as f:
        catalog = read_po(f)
    return {(m.id if isinstance(m.id, str) else m.id[0]):
            ([m.string] if isinstance(m.string, str) else list(m.string)) for m in catalog if m.id}


def test_the_reviews_rewrites_stay() -> None:
    """Issue 32 §3, in the catalogs themselves: what a ban cannot say."""
    bot = {lang: catalog_strings(lang, "bot") for lang in TRANSLATED}
    # The cancel button is not one more "abort" beside "Abort the game".
    assert bot["de"]["Cancel"] == ["Weiterspielen"] and bot["da"]["Cancel"] == ["Spil videre"]
    # One player asked is "du", several "ihr" / "I".
    ask = [s for k, v in bot["de"].items() if k.startswith("{players}: press the button") for s in v]
    assert ask and all(("du " in s) != ("ihr " in s) for s in ask), ask
    # A value in backticks is one that can be typed: the lobby's options and timing are said,
    # in the reader's words ("Bootswahl: frei"), not typed.
    for lang in TRANSLATED:
        assert "`" not in bot[lang]["Options: {options} · timing: {timing}"][0]
    # The Danish notify command is not "besked" (a message).
    assert catalog_strings("da", "commands")["notify"] != ["besked"]
    # Prompts are lines of their own in reminders: they start with a capital letter.
    for lang in TRANSLATED:
        for domain in ("aqua", "aqualin", "kahuna", "kraqua", "krasserfall"):
            said = catalog_strings(lang, domain)["the game is over."]
            assert said[0][:1].isupper(), (lang, domain, said)
    # Aqualin's tiles have names of their own ("blauer Fisch"), not "Fisch (blau)".
    aqualin = catalog_strings("de", "aqualin")
    assert aqualin["blue fish"] == ["blauer Fisch"] and aqualin["pink crab"] == ["rosa Krabbe"]
    assert "{colour} {species}" not in aqualin
