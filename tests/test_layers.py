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
    for folder in ("games", "renderers", "bot/service"):
        assert sources(folder), folder


def test_games_use_the_standard_library_only() -> None:
    assert offending("games", allowed=STDLIB | {"games", "__future__"}) == []


def test_renderers_draw_views_without_the_bot() -> None:
    allowed = STDLIB | {"games", "renderers", "PIL", "__future__"}
    assert offending("renderers", allowed=allowed) == []


def test_the_service_layer_never_imports_discord_or_the_adapter() -> None:
    assert offending("bot/service", banned=("discord", "bot.adapter")) == []


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
