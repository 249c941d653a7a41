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
