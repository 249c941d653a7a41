"""One registration per game (:mod:`games.registry`): the games are found from their
packages, each names its parts once, and the layers above find them through it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import games
from games import registry
from tests.games.test_traits import Tiny


def test_the_built_in_games_are_found_from_their_packages() -> None:
    assert list(games.REGISTRY)[:5] == ["aqualin", "kahuna", "aqua", "kraqua", "krasserfall"]
    for gid, entry in registry.PLUGINS.items():
        assert entry.game is games.REGISTRY[gid]
        if entry.package.startswith("games."):
            assert entry.package == f"games.{gid}"
            assert entry.renderer == f"renderers.{gid}:RECORD"
            assert entry.policy is not None and entry.policy.startswith(f"games.{gid}.policy:")
    assert "games.ai" not in {e.package for e in registry.PLUGINS.values()}


def test_registration_orders_the_list_and_can_be_undone() -> None:
    game = Tiny()
    try:
        registry.register(game, listed=0)
        assert list(games.REGISTRY)[0] == "tiny" and registry.plugin("tiny") == registry.Plugin(
            game, listed=0)
        assert registry.register(game, listed=0) is game  # the same again changes nothing
        with pytest.raises(ValueError, match="two games"):
            registry.register(Tiny())
    finally:
        registry.unregister("tiny")
    assert "tiny" not in games.REGISTRY and registry.plugin("tiny") is None
    assert list(games.REGISTRY)[:5] == ["aqualin", "kahuna", "aqua", "kraqua", "krasserfall"]


@pytest.mark.parametrize("ref", ["renderers.tiny", "renderers tiny:RECORD", ":RECORD", 12])
def test_a_part_is_named_module_colon_attribute(ref: object) -> None:
    with pytest.raises(ValueError, match="module:attribute"):
        registry.register(Tiny(), renderer=ref)  # type: ignore[arg-type]
    assert "tiny" not in games.REGISTRY


def test_a_named_part_is_imported_only_when_wanted() -> None:
    """The AI and the pictures cost nothing until a bot plays or a board is drawn: importing
    the games and the renderers loads no policy and no game's renderer."""
    probe = ("import games, renderers, sys; print(sorted(m for m in sys.modules if "
             "m.startswith('games.ai') or m.endswith('.policy') or m.count('.') and "
             "m.startswith('renderers.') and m.split('.')[1] in games.REGISTRY))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "[]"
    assert registry.load("games.aqualin.policy:AqualinPolicy").__name__ == "AqualinPolicy"
