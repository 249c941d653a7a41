"""Every Aqua move example players or developers read is a move the engine reads as meant.

The examples are collected from the texts themselves, not listed here: every `code` span of
the Aqua catalogs (English message ids and their German and Danish translations: the rules
summary, help, prompts and errors), of the other catalogs (bot help, commands) and of
README.md and docs/ where it looks like an Aqua move, and the ``code`` of the Aqua package
docstrings. Each must parse; a large animal's sites must form the shape it names; a tile must
go to a position next to a fresh area (the hot spot), so that the example can be tried.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import games.aqua
import games.aqua.engine
import games.aqua.notation
from bot.i18n import DOMAINS, TRANSLATED, po_path
from games import InvalidMove
from games.aqua import Large, Take
from games.aqua.placement import frontier
from games.aqua.geometry import shape_of
from games.aqua.material import hot_spot_tiles

ROOT = Path(__file__).resolve().parents[2]
VERBS = ("take", "large", "snail", "done")
#: In texts shared by all games only unmistakable Aqua moves count as Aqua examples.
AQUA_ONLY = re.compile(r"^(?:take \d+ (?:at )?-?\d+ ?, ?-?\d+|large (?:pair|line|arc|triangle|"
                       r"diamond) )", re.IGNORECASE)
SPAN = re.compile(r"``([^`]+)``|`([^`]+)`")


def spans(text: str) -> list[str]:
    return [(a or b).strip() for a, b in SPAN.findall(text)]


def as_example(span: str, aqua_text: bool) -> str | None:
    """The move in a code span, if the span shows one (templates and ellipses do not)."""
    move = re.sub(r"^/move\s+", "", span.strip())
    if not move or any(c in move for c in "{}…<>") or "..." in move:
        return None
    if aqua_text:
        return move if move.split()[0].lower() in VERBS else None
    return move if AQUA_ONLY.match(move) else None


def texts() -> list[tuple[str, str, bool]]:
    """(where, text, is it an Aqua text) for every place an example may hide."""
    out: list[tuple[str, str, bool]] = []
    for lang in TRANSLATED:
        for domain in DOMAINS:
            path = po_path(lang, domain)
            if not path.is_file():
                continue
            with path.open("rb") as f:
                entries = read_po(f, locale=lang, domain=domain)
            for message in entries:
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strs = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in [*ids, *strs]:
                    if text:
                        out.append((f"{lang}/{domain}.po", text, domain == "aqua"))
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]:
        if path.is_file():
            out.append((path.name, path.read_text(encoding="utf-8"), False))
    for module in (games.aqua, games.aqua.engine, games.aqua.notation):
        out.append((f"{module.__name__} docstring", module.__doc__ or "", True))
    return out


def examples() -> dict[str, list[str]]:
    """example -> where it was found."""
    found: dict[str, list[str]] = {}
    for where, text, aqua in texts():
        for span in spans(text):
            move = as_example(span, aqua)
            if move is not None:
                found.setdefault(move, []).append(where)
    return found


FRESH_AREA = hot_spot_tiles(1)


def problem(example: str) -> str | None:
    """Why ``example`` is a wrong example, or None."""
    try:
        move = games.aqua.notation.parse_move(example)
    except InvalidMove as exc:
        return f"does not parse: {exc}"
    if isinstance(move, Large):
        formed = shape_of(move.sites)
        if formed != move.shape:
            return f"the sites form {formed or 'no shape'}, not {move.shape}"
    if isinstance(move, Take):
        if move.slot > 5:
            return f"no market has a slot {move.slot}"
        if move.pos not in frontier(FRESH_AREA):
            return f"{move.pos} is not next to a fresh area"
    return None


FOUND = examples()


def test_the_examples_are_found() -> None:
    """The collection is not empty: the summary's own examples in all three languages."""
    assert {"take 2 at 1,-2 rot 1", "large pair 0,1 1,1", "snail", "done",
            "take 1 at 0,1 rot 0"} <= set(FOUND)
    assert "large arc 0,1 1,1 1,2 side B" in FOUND, "the docstring names the arc"
    wheres = {w for places in FOUND.values() for w in places}
    assert {"de/aqua.po", "da/aqua.po", "games.aqua.engine docstring"} <= wheres


@pytest.mark.parametrize("example", sorted(FOUND))
def test_every_example_reads_as_meant(example: str) -> None:
    assert problem(example) is None, (example, problem(example), FOUND[example])


@pytest.mark.parametrize("wrong, why", [
    ("large arc 0,1 1,1 1,0", "triangle, not arc"),  # the rules page's old arc
    ("large pair 0,1 2,1", "no shape"),
    ("take 1 at 5,5 rot 0", "not next to"),
    ("take 1 at 0,1 rot 3", "does not parse"),
    ("large blob 0,1 1,1", "does not parse"),
])
def test_a_wrong_example_would_fail(wrong: str, why: str) -> None:
    assert why in (problem(wrong) or "")


def test_the_rules_page_arc_is_an_arc_the_engine_accepts() -> None:
    """``large arc 0,1 1,1 1,2 side B`` on a position with three different small animals."""
    from tests.games.test_aqua import A, GAME, build

    state = build(animals={A: {"0,1": ("C", 3), "1,1": ("S", 3), "1,2": ("F", 3)}},
                  phase="large", fresh=["1,2"], queue=[A, "bob"])
    assert "large arc 0,1 1,1 1,2" in GAME.legal_moves(state, A)
    after = GAME.apply(state, A, "large arc 0,1 1,1 1,2 side B")
    assert after.large[A] == [("arc", ((0, 1), (1, 1), (1, 2)), 10, "B")]
    assert GAME.normalize_move("large arc 1,2 0,1 1,1 side b") == "large arc 0,1 1,1 1,2 side B"
