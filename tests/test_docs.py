"""The documents under ``docs/`` are checked against the code they describe.

``docs/rules/<game>.md`` marks what can be checked in a way a test can find:

* a fenced block ```` ```moves ```` holds move examples, one a line: ``canonical`` or
  ``typed ⇒ canonical``; every one must parse with the game's ``parse_move`` and print as
  its canonical form;
* inline code that starts with ``/move`` anywhere in the page is a canonical move too; a page
  shows at least eight examples (:data:`LEAST_EXAMPLES`) in all;
* a fenced block ```` ```play seed=N players=K [option=value ...] ```` is a game from its
  set-up: each line is a move that must be legal for the (first, in seat order) player who
  may act then;
* the table under ``## View keys`` lists keys in its first column (```key```, or a path
  such as ```boats.*.safe``` where ``*`` stands for any entry of a mapping or a list): each must exist in a real
  view of a game played through the page's ``play`` blocks, and every top-level key of the
  public view must be listed.

A test game's page (``tests/example_game/rules.md``) passes the same checks
(:data:`PAGE_CHECKS`, run by ``tests/test_adding_a_game.py``).

``docs/architecture.md`` names files by path: each must exist.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY, Game

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
RULE_PAGES = sorted(RULES.glob("*.md"))

FENCE = re.compile(r"^```([a-z-]*)([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
INLINE_MOVE = re.compile(r"`/move ([^`]+)`")
ARROW = "⇒"


def page_id(page: Path) -> str:
    return page.stem


def blocks(text: str, kind: str) -> list[tuple[str, list[str]]]:
    """(header, non-empty lines) of every fenced block of ``kind``."""
    return [(header.strip(), [ln.strip() for ln in body.splitlines() if ln.strip()])
            for k, header, body in FENCE.findall(text) if k == kind]


def prose(text: str) -> str:
    """The page without its fenced blocks (inline code is looked for only in prose)."""
    return FENCE.sub("", text)


def section(text: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '## {title}' section"
    return match[1]


def view_keys(text: str) -> list[str]:
    """The keys in the first column of the table under ``## View keys``."""
    keys = []
    for line in section(text, "View keys").splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        first = line.split("|")[1]
        keys += re.findall(r"`([^`]+)`", first)
    return keys


def move_examples(text: str) -> list[tuple[str, str]]:
    """(as written, canonical) for every move example of a page."""
    found = []
    for _header, lines in blocks(text, "moves"):
        for line in lines:
            typed, _, canonical = line.partition(ARROW)
            found.append((typed.strip(), (canonical or typed).strip()))
    found += [(m.strip(), m.strip()) for m in INLINE_MOVE.findall(prose(text))]
    return found


def play(game: Game, header: str, lines: list[str]) -> list[Any]:
    """Every state of a documented game, from its set-up on."""
    settings = dict(part.split("=", 1) for part in header.split())
    seed = int(settings.pop("seed"))
    players = [f"p{i + 1}" for i in range(int(settings.pop("players")))]
    state = game.setup(players, settings, seed)
    states = [state]
    for line in lines:
        assert game.normalize_move(line) == line, f"{line!r} is not canonical"
        acting = [p for p in game.players(state) if p in game.to_act(state)]
        assert acting, f"nobody may act before {line!r}"
        legal = [p for p in acting if line in game.legal_moves(state, p)]
        assert legal, f"{line!r} is not legal for {acting} (legal: {game.legal_moves(state, acting[0])[:12]})"
        state = game.apply(state, legal[0], line)
        states.append(state)
    return states


def views(game: Game, text: str) -> list[dict[str, Any]]:
    """Public views and each player's own view of every state the page's games pass."""
    out = []
    for header, lines in blocks(text, "play"):
        for state in play(game, header, lines):
            out.append(game.view(state, None))
            out += [game.view(state, p) for p in game.players(state)]
    return out


def has_path(value: Any, path: list[str]) -> bool:
    if not path:
        return True
    head, rest = path[0], path[1:]
    if head == "*" and isinstance(value, (dict, list)):
        return any(has_path(v, rest) for v in (value.values() if isinstance(value, dict) else value))
    return isinstance(value, dict) and head in value and has_path(value[head], rest)


def test_every_game_of_the_package_has_a_rules_page() -> None:
    ours = {gid for gid, game in REGISTRY.items() if type(game).__module__.startswith("games.")}
    assert ours <= {page_id(p) for p in RULE_PAGES}
    assert {page_id(p) for p in RULE_PAGES} <= set(REGISTRY)


#: How many move examples a rules page shows at the least (in ``moves`` blocks and ``/move``).
LEAST_EXAMPLES = 8


def check_move_examples(game: Game, text: str) -> None:
    """A rules page's move examples parse, and print as their canonical form."""
    examples = move_examples(text)
    assert len(examples) >= LEAST_EXAMPLES, "a rules page shows the notation with examples"
    for typed, canonical in examples:
        assert game.format_move(game.parse_move(typed)) == canonical, typed
        assert game.format_move(game.parse_move(canonical)) == canonical, canonical


def check_played_examples(game: Game, text: str) -> None:
    """A rules page plays at least one opening, and every move of it is legal."""
    played = blocks(text, "play")
    assert played, "a rules page plays an opening that the test can follow"
    for header, lines in played:
        assert len(play(game, header, lines)) == len(lines) + 1


def check_view_keys(game: Game, text: str) -> None:
    """A rules page lists every key of the views its games pass, and only real ones."""
    keys = view_keys(text)
    seen = views(game, text)
    missing = [k for k in keys if not any(has_path(v, k.split(".")) for v in seen)]
    assert not missing, f"listed but in no view: {missing}"
    listed = {k.split(".")[0] for k in keys}
    unlisted = sorted({k for v in seen for k in v} - listed)
    assert not unlisted, f"in the view but not listed: {unlisted}"


#: What every rules page must pass, for a game elsewhere too (tests/test_adding_a_game.py).
PAGE_CHECKS = (check_move_examples, check_played_examples, check_view_keys)


@pytest.mark.parametrize("page", RULE_PAGES, ids=page_id)
def test_move_examples_parse_and_are_canonical(page: Path) -> None:
    check_move_examples(REGISTRY[page_id(page)], page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", RULE_PAGES, ids=page_id)
def test_played_examples_are_legal(page: Path) -> None:
    check_played_examples(REGISTRY[page_id(page)], page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", RULE_PAGES, ids=page_id)
def test_view_keys_exist_and_are_all_listed(page: Path) -> None:
    check_view_keys(REGISTRY[page_id(page)], page.read_text(encoding="utf-8"))


def test_a_broken_example_fails() -> None:
    """The checks above can fail: a misspelt move and an unknown key are caught."""
    from games import InvalidMove

    with pytest.raises(InvalidMove):
        REGISTRY["aqualin"].parse_move("g7")
    text = "## View keys\n| key | meaning |\n|---|---|\n| `board` | |\n| `boards.*.x` | |\n"
    assert view_keys(text) == ["board", "boards.*.x"]
    view = REGISTRY["aqualin"].view(REGISTRY["aqualin"].setup(["a", "b"]))
    assert has_path(view, ["board"]) and not has_path(view, ["boards", "*", "x"])
    assert move_examples("```moves\nD4 ⇒ d4\n```\nplay `/move b2-c3 d4`.\n") == [
        ("D4", "d4"), ("b2-c3 d4", "b2-c3 d4")]


@pytest.mark.parametrize("name, least", [("architecture.md", 15), ("adding-a-game.md", 8)])
def test_guides_name_files_that_exist(name: str, least: int) -> None:
    text = (DOCS / name).read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:games|renderers|bot|tests|docs)/[\w./-]*)`", text))
    assert len(paths) >= least
    missing = sorted(p for p in paths if "<id>" not in p and not (ROOT / p.rstrip("/")).exists())
    assert not missing, f"docs/{name} names files that do not exist: {missing}"


def test_docs_link_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in [DOCS / "architecture.md", DOCS / "adding-a-game.md", *RULE_PAGES]:
        assert str(page.relative_to(ROOT)) in readme, f"README.md does not link {page.name}"


def test_no_path_outside_the_repository() -> None:
    for page in [ROOT / "README.md", *DOCS.rglob("*.md")]:
        # the team's spec folder lives beside the repository; nothing here may point there
        assert "../" + "shared" not in page.read_text(encoding="utf-8"), page
        assert "shared" + "/" not in page.read_text(encoding="utf-8"), page


def test_ci_runs_the_readmes_test_command() -> None:
    """``.ci/run`` runs the README's full test command verbatim, so the two never drift apart."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    [command] = [line for line in readme.splitlines() if line.startswith("pip install -e '.[test]' && python -m mypy")]
    assert command in ci.splitlines()
