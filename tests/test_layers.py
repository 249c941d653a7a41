"""The layers import only downwards (docs/architecture.md): ``games`` is pure standard library,
``renderers`` draw views without the bot, and the bot's service layer never touches discord.

Imports are read from the source with ``ast``, so imports inside functions (the lazy ones) and
under ``TYPE_CHECKING`` count as well: a layer that needs another one "only sometimes" still
depends on it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STDLIB = set(sys.stdlib_module_names)


def imports(path: Path, root: Path = ROOT) -> set[str]:
    """Every module ``path`` imports (relative ones resolved against its place under ``root``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = path.relative_to(root).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                found.add(node.module)
    return found


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def offending(folder: str, allowed: set[str] | None = None,
              banned: tuple[str, ...] = ()) -> list[str]:
    """``file: module`` for every import in ``folder`` outside ``allowed`` or inside ``banned``."""
    out = []
    for path in sources(folder):
        for module in sorted(imports(path)):
            top = module.split(".")[0]
            bad = (allowed is not None and top not in allowed) or any(
                module == b or module.startswith(b + ".") for b in banned)
            if bad:
                out.append(f"{path.relative_to(ROOT)}: {module}")
    return out


def test_the_folders_exist() -> None:
    for folder in ("games", "catalogs", "renderers", *BELOW_THE_ADAPTER):
        assert sources(folder), folder


def test_games_use_the_standard_library_only() -> None:
    assert offending("games", allowed=STDLIB | {"games", "__future__"}) == []


def test_renderers_draw_views_without_the_bot() -> None:
    allowed = STDLIB | {"games", "catalogs", "renderers", "PIL", "__future__"}
    assert offending("renderers", allowed=allowed) == []


def test_the_catalogs_look_words_up_without_the_bot() -> None:
    """The renderers draw in the reader's language: the lookup stands below them and the bot."""
    allowed = STDLIB | {"games", "catalogs", "babel", "__future__"}
    assert offending("catalogs", allowed=allowed) == []


#: The bot's packages under the adapter: none of them knows Discord.
BELOW_THE_ADAPTER = ("bot/service", "bot/store", "bot/delivery", "bot/db", "bot/timekeeping",
                     "bot/runtime")


@pytest.mark.parametrize("folder", BELOW_THE_ADAPTER)
def test_below_the_adapter_nothing_imports_discord_or_the_adapter(folder: str) -> None:
    assert offending(folder, banned=("discord", "bot.adapter")) == []


def test_the_web_view_knows_http_but_not_discord() -> None:
    """The web pages are served beside the bot, not through it: no discord, no adapter."""
    assert offending("bot/web", banned=("discord", "bot.adapter")) == []


def test_the_tools_are_not_part_of_the_installed_bot() -> None:
    assert offending("bot", banned=("tools",)) == []


@pytest.mark.parametrize("source, expected", [
    ("import os\nfrom PIL import Image\n", {"os", "PIL"}),
    ("def f():\n    import discord\n", {"discord"}),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.adapter import x\n",
     {"typing", "bot.adapter"}),
])
def test_the_scanner_sees_every_kind_of_import(tmp_path: Path, source: str,
                                               expected: set[str]) -> None:
    """The checks above can fail: lazy and type-only imports are found too."""
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert imports(path, tmp_path) == expected


def test_relative_imports_resolve_to_their_package() -> None:
    found = imports(ROOT / "games" / "krasserfall" / "engine.py")
    assert "games.krasserfall.model" in found and "games.base" in found


# ----- import cycles ------------------------------------------------------------------------

#: Cycles still to break, each as the sorted files it joins: none since issue 19. The test fails
#: when a new cycle appears, and when a listed one is gone (so the list only ever shrinks).
KNOWN_CYCLES: set[tuple[str, ...]] = set()


def module_file(module: str) -> Path | None:
    """The source file of a module of this repository (a package: its ``__init__.py``)."""
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def file_imports(path: Path) -> set[Path]:
    """The repository's files ``path`` imports, lazy and type-only imports included.
    ``from package import name`` counts as importing the submodule ``name`` when there is
    one. A package's ``__init__.py`` that only hands names on is how a package is used, not
    a dependency of its modules on each other, so imports *of* a package's ``__init__`` from
    inside that package are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    out: set[Path] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for target in targets:
            found = module_file(target) if target else None
            if found is None or found == path:
                continue
            if found.name == "__init__.py" and path.is_relative_to(found.parent):
                continue  # a module reaching its own package's face
            out.add(found)
    return out


def cycles(folders: tuple[str, ...] = ("games", "renderers", "bot")) -> set[tuple[str, ...]]:
    """The strongly connected groups of more than one file (Tarjan's algorithm)."""
    graph = {p: file_imports(p) for folder in folders for p in sources(folder)}
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    found: set[tuple[str, ...]] = set()

    def visit(node: Path) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in graph:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.add(tuple(sorted(str(p.relative_to(ROOT)) for p in group)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_new_import_cycles_and_the_known_ones_are_still_listed() -> None:
    found = cycles()
    assert found - KNOWN_CYCLES == set(), "a new import cycle"
    assert KNOWN_CYCLES - found == set(), "a cycle was broken: take it off KNOWN_CYCLES"


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: two modules that import each other (one of them only for
    type checking) are a cycle."""
    pkg = tmp_path / "loop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "a.py").write_text("from . import b\n", encoding="utf-8")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from .a import thing\n", encoding="utf-8")
    (pkg / "c.py").write_text("from .a import thing\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert cycles(("loop",)) == {("loop/a.py", "loop/b.py")}
