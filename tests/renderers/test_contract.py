"""The renderer contract, checked for every record in ``renderers.REGISTRY``.

Like the engine contract (``tests/games/test_contract.py``) this only uses the public hooks,
so a game registered later gets these checks for free: every engine has a renderer record;
its board is a valid PNG under Discord's upload limit, the same bytes for the same view, and
reads the view without changing it; its alt text is there and fits an attachment description;
a game whose private views hold a hand has a hand renderer that keeps the same promises.

The views come from random playouts with fixed seeds, at the smallest and the largest player
count, with the defaults and with each non-default option value once.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import random
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from types import MappingProxyType
from typing import Any

import pytest
from PIL import Image

import games
import renderers
from bot.adapter.deliver import ALT_TEXT_LIMIT
from bot.i18n import LANGUAGES, tr
from renderers.common import ALT_LIMIT

GAME_IDS = sorted(renderers.REGISTRY)
#: Discord's smallest upload limit (a server without boosts), in bytes.
DISCORD_UPLOAD_LIMIT = 10 * 1024 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SEED = 11
#: Names a board must survive: styled, CJK only, emoji, very long, empty, missing (p4...).
NAMES = {"p1": "𝓜𝓪𝓻𝓲𝓷𝓪 🐟", "p2": "李小龙", "p3": "W" * 80 + " " + "M" * 80, "p4": ""}


# ----- views from random playouts --------------------------------------------------------------


def _combos(game: Any) -> list[tuple[tuple[str, str], ...]]:
    combos: list[tuple[tuple[str, str], ...]] = [()]
    for name, opt in game.options.items():
        combos.extend(((name, value),) for value in opt.values if value != opt.default)
    return combos


@functools.lru_cache(maxsize=None)
def _states(gid: str) -> tuple[tuple[str, Any], ...]:
    """(label, state): the start, the second turn, the middle and the end of each playout."""
    game = games.REGISTRY[gid]
    out: list[tuple[str, Any]] = []
    for n in sorted({game.min_players, game.max_players}):
        for combo in _combos(game):
            players = [f"p{i}" for i in range(1, n + 1)]
            chooser = random.Random(f"{gid}/{n}/{combo}/{SEED}")
            state = game.setup(players, dict(combo), SEED)
            trail = [state]
            while game.result(state) is None and len(trail) < 5000:
                player = chooser.choice(sorted(game.to_act(state)))
                state = game.apply(state, player, chooser.choice(game.legal_moves(state, player)))
                trail.append(state)
            assert game.result(state) is not None, f"{gid}: the playout did not end"
            tag = f"{n}p-" + (",".join(f"{k}={v}" for k, v in combo) or "defaults")
            last = len(trail) - 1
            out += [(f"{tag}-move{i}", trail[i]) for i in sorted({0, 1, last // 2, last})]
    return tuple(out)


def public_views(gid: str) -> list[tuple[str, dict[str, Any]]]:
    game = games.REGISTRY[gid]
    return [(label, game.view(state, None)) for label, state in _states(gid)]


def private_views(gid: str) -> list[tuple[str, dict[str, Any]]]:
    game = games.REGISTRY[gid]
    return [(f"{label}-{p}", game.view(state, p))
            for label, state in _states(gid) for p in game.players(state)]


def has_hands(gid: str) -> bool:
    """Whether the game's private views hold a hand (cards only that player sees)."""
    return any("hand" in view for _label, view in private_views(gid))


def check_png(png: bytes, min_width: int = 800, min_height: int = 200) -> Image.Image:
    assert isinstance(png, bytes) and png[:8] == PNG_MAGIC
    assert len(png) < DISCORD_UPLOAD_LIMIT, f"{len(png)} bytes"
    image = Image.open(io.BytesIO(png))
    image.verify()  # the chunks and their checksums
    image = Image.open(io.BytesIO(png))
    image.load()  # the pixels decompress
    assert image.format == "PNG"
    assert image.width >= min_width and image.height >= min_height, image.size
    return image


def frozen(value: Any) -> Any:
    """A read-only copy: a renderer that writes into its view fails on it."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


# ----- registration ----------------------------------------------------------------------------


def test_every_engine_has_a_renderer_record() -> None:
    assert sorted(games.REGISTRY) == sorted(renderers.REGISTRY)  # as registered now
    for gid, entry in renderers.REGISTRY.items():
        assert entry.game == gid and renderers.record(gid) is entry
        assert callable(entry.board) and callable(entry.prepare) and callable(entry.alt_text)


def test_a_game_registers_once_and_unknown_games_are_clear_errors() -> None:
    entry = renderers.record("aqualin")
    assert renderers.register(entry) is entry  # the same record again is harmless
    with pytest.raises(ValueError, match="already has a renderer"):
        renderers.register(renderers.GameRenderer(game="aqualin", board=entry.board,
                                                  prepare=entry.prepare, alt_text=str))
    assert renderers.record("aqualin") is entry
    with pytest.raises(renderers.UnknownGameError, match="no-such-game"):
        renderers.render_board({"game": "no-such-game"}, {})
    with pytest.raises(LookupError):
        renderers.render_board({}, {})
    with pytest.raises(LookupError, match="no hand"):
        renderers.render_hand(public_views("aqualin")[0][1], {})


def test_the_alt_text_limit_is_discords() -> None:
    assert ALT_LIMIT == ALT_TEXT_LIMIT == 1024


@pytest.mark.parametrize("gid", GAME_IDS)
def test_prepare_runs_and_leaves_renders_alone(gid: str) -> None:
    entry = renderers.record(gid)
    label, view = public_views(gid)[-1]
    before = renderers.render_board(view, NAMES)
    entry.prepare()
    entry.prepare()
    assert renderers.render_board(view, NAMES) == before


# ----- the board ---------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", GAME_IDS)
def test_board_is_a_valid_deterministic_png_that_reads_only_the_view(gid: str) -> None:
    for label, view in public_views(gid):
        before = copy.deepcopy(view)
        png = renderers.render_board(view, NAMES)
        check_png(png, min_height=800)
        assert view == before, f"{label}: the renderer changed the view"
        assert renderers.render_board(copy.deepcopy(view), dict(NAMES)) == png, label
        assert renderers.render_board(json.loads(json.dumps(view)), NAMES) == png, label
        assert renderers.render_board(frozen(view), NAMES) == png, label


@pytest.mark.parametrize("gid", GAME_IDS)
def test_board_without_names_shows_seats(gid: str) -> None:
    for label, view in public_views(gid)[:2]:
        check_png(renderers.render_board(view, {}), min_height=800)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_boards_drawn_in_parallel_threads_match(gid: str) -> None:
    """The bot draws off the event loop, perhaps several boards at once."""
    views = [view for _label, view in public_views(gid)][:6] * 2
    expected = [renderers.render_board(v, NAMES) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda v: renderers.render_board(v, NAMES), views)) == expected


@pytest.mark.parametrize("gid", GAME_IDS)
def test_focus_shows_each_player_or_is_ignored(gid: str) -> None:
    entry = renderers.record(gid)
    label, view = public_views(gid)[-2]
    plain = renderers.render_board(view, NAMES)
    for player in view.get("players") or []:
        before = copy.deepcopy(view)
        png = renderers.render_board(view, NAMES, focus=player)
        assert view == before
        if entry.focus:
            check_png(png)
            assert renderers.render_board(view, NAMES, focus=player) == png
        else:
            assert png == plain, f"{label}: a game without focus drew a different board"


# ----- alt text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", GAME_IDS)
def test_alt_text_is_present_and_fits_an_attachment_description(gid: str) -> None:
    for label, view in public_views(gid):
        before = copy.deepcopy(view)
        text = renderers.alt_text(view, NAMES)
        assert view == before
        assert renderers.alt_text(view, NAMES) == text
        for lang in LANGUAGES:
            words = tr(text, lang)
            assert words.strip(), f"{label} ({lang}): no alt text"
            assert len(words) <= ALT_LIMIT, f"{label} ({lang}): {len(words)} characters"


# ----- the hand ----------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_game_with_hands_has_a_hand_renderer(gid: str) -> None:
    entry = renderers.record(gid)
    assert (entry.hand is not None) == has_hands(gid)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_hand_is_a_valid_deterministic_png_that_reads_only_the_view(gid: str) -> None:
    """(A game without a hand renderer has no private view to draw: the check above holds it
    to that.)"""
    if renderers.record(gid).hand is None:
        return
    for label, view in private_views(gid):
        before = copy.deepcopy(view)
        png = renderers.render_hand(view, NAMES)
        check_png(png)
        assert view == before, f"{label}: the hand renderer changed the view"
        assert renderers.render_hand(json.loads(json.dumps(view)), dict(NAMES)) == png, label
        assert renderers.render_hand(frozen(view), NAMES) == png, label
