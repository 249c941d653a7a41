"""The Kahuna images: valid, deterministic, drawn from the view alone, never blank, no leaks."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from games import REGISTRY
from games.kahuna import ISLANDS, LINES
from renderers import alt_text, render_board
from renderers import kahuna as rk

from .pixels import close, decode

NAMES = {"111": "Marina", "222": "Captain Nemo"}
GAME = REGISTRY["kahuna"]


def play(steps: int, seed: int = 4, options: dict[str, str] | None = None) -> Any:
    """A real game: seeded random legal moves (tucks rarely), ``steps`` of them."""
    state = GAME.setup(list(NAMES), options or {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        (player,) = GAME.to_act(state)
        moves = GAME.legal_moves(state, player)
        plays = [m for m in moves if not m.startswith("tuck")]
        state = GAME.apply(state, player, rng.choice(plays if rng.random() < 0.9 else moves))
    return state


@functools.lru_cache(maxsize=None)
def _state(kind: str) -> Any:
    if kind == "start":
        return play(0)
    if kind == "mid":
        return play(70)
    if kind == "end":
        return play(100_000)
    if kind == "handicap":
        state = GAME.setup(list(NAMES), {"handicap": "2"}, 3)
        return GAME.apply(state, state.active, "free ALOA-BARI")
    if kind == "open-draws":
        return play(80, seed=5, options={"variant": "open-draws"})
    if kind == "planning":
        return play(60, seed=6, options={"variant": "planning"})
    if kind == "resigned":
        return GAME.resign(play(40, seed=2), "111")
    raise KeyError(kind)


KINDS = ["start", "mid", "end", "handicap", "open-draws", "planning", "resigned"]


def public(kind: str) -> dict[str, Any]:
    return GAME.view(_state(kind), None)


# ----- the board --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["start", "mid", "open-draws"])
def test_board_ignores_hidden_information(kind: str) -> None:
    """The board image is the same for every redraw of the hidden cards, and an owner's view
    (with its hand) draws exactly the public board."""
    state = _state(kind)
    png = render_board(GAME.view(state, None), NAMES)
    for k in range(3):
        assert render_board(GAME.view(GAME.resample(state, None, k), None), NAMES) == png
    for player in state.players:
        assert render_board(GAME.view(state, player), NAMES) == png


def test_bridges_are_drawn_in_their_owners_colour() -> None:
    view = public("mid")
    assert view["bridges"], "the sample game should have bridges"
    image = decode(render_board(view, NAMES))
    focus = view.get("current") or view.get("last") or {}
    fresh = set(focus.get("placed") or [])
    for line in LINES:
        x, y, _ = rk.style._midpoint(rk.line_path(line))
        pixel = image.getpixel((round(x), round(y)))
        owner = view["bridges"].get(line)
        if owner is None:
            assert not any(close(pixel, c, 40) for c in rk.PLAYER), line
        else:
            colour = rk.PLAYER[view["players"].index(owner)]
            # the plank's middle is its colour, or a seam just beside it
            near = [image.getpixel((round(x) + dx, round(y) + dy))
                    for dx in (-3, 0, 3) for dy in (-3, 0, 3)]
            assert any(close(p, colour) for p in near), (line, owner, line in fresh)


def test_stones_ring_their_islands() -> None:
    view = public("mid")
    assert view["stones"]
    image = decode(render_board(view, NAMES))
    for island, owner in view["stones"].items():
        cx, cy = rk.island_centre(island)
        colour = rk.PLAYER[view["players"].index(owner)]
        ring = image.getpixel((round(cx - rk.ISLAND_R - 4), round(cy)))
        assert close(ring, colour), (island, ring)
        assert close(image.getpixel((round(cx), round(cy) + 20)), rk.SAND, 60)
    for island in set(ISLANDS) - set(view["stones"]):
        cx, cy = rk.island_centre(island)
        ring = image.getpixel((round(cx - rk.ISLAND_R - 4), round(cy)))
        assert not any(close(ring, c, 40) for c in rk.PLAYER), island


def test_empty_board_draws_islands_and_no_bridges() -> None:
    view = public("start")
    image = decode(render_board(view, NAMES))
    for island in ISLANDS:
        cx, cy = rk.island_centre(island)
        assert close(image.getpixel((round(cx) - 30, round(cy) + 30)), rk.SAND, 20), island
    for line in LINES:
        x, y, _ = rk.style._midpoint(rk.line_path(line))
        assert not any(close(image.getpixel((round(x), round(y))), c, 40) for c in rk.PLAYER)


def test_curved_lines_avoid_the_island_they_pass() -> None:
    for line, (island, _) in rk.style._BENDS.items():
        cx, cy = rk.island_centre(island)
        nearest = min(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in rk.line_path(line))
        assert nearest > rk.ISLAND_R + rk.PLANK, line


def test_no_two_lines_cross() -> None:
    def segments(line: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        pts = rk.line_path(line)
        return list(zip(pts, pts[1:]))

    def cross(p: Any, q: Any, r: Any, s: Any) -> bool:
        def side(a: Any, b: Any, c: Any) -> float:
            return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return side(r, s, p) * side(r, s, q) < 0 and side(p, q, r) * side(p, q, s) < 0

    for i, a in enumerate(LINES):
        for b in LINES[i + 1:]:
            if set(a.split("-")) & set(b.split("-")):
                continue
            assert not any(cross(*sa, *sb) for sa in segments(a) for sb in segments(b)), (a, b)


def with_removal() -> dict[str, Any]:
    """The public view of the first state in a seeded game whose turn removed a bridge."""
    state = GAME.setup(list(NAMES), {}, 8)
    rng = random.Random(8)
    while GAME.result(state) is None:
        view = GAME.view(state, None)
        focus = view["current"] or view["last"]
        if focus and focus["removed"]:
            return view
        (player,) = GAME.to_act(state)
        moves = GAME.legal_moves(state, player)
        strong = [m for m in moves if m.startswith("remove")] or \
            [m for m in moves if not m.startswith("tuck")]
        state = GAME.apply(state, player, rng.choice(strong))
    raise AssertionError("no removal in the sample game")


def test_last_turn_changes_are_highlighted() -> None:
    view = with_removal()
    focus = view["current"] or view["last"]
    plain = render_board({**view, "current": None, "last": None}, NAMES)
    assert render_board(view, NAMES) != plain
    # a removed bridge leaves a white cross in the middle of its line
    image = decode(render_board(view, NAMES))
    x, y, _ = rk.style._midpoint(rk.line_path(focus["removed"][0]))
    assert close(image.getpixel((round(x), round(y))), rk.HILITE, 40)
    # a fresh bridge glows white beside its plank
    state = GAME.setup(list(NAMES), {}, 1)
    player = state.active
    move = next(m for m in GAME.legal_moves(state, player) if m.startswith("bridge"))
    after = GAME.view(GAME.apply(state, player, move), None)
    (line,) = after["current"]["placed"]
    image = decode(render_board(after, NAMES))
    x, y, ang = rk.style._midpoint(rk.line_path(line))
    import math
    off = rk.PLANK / 2 + 4
    px, py = x - math.sin(ang) * off, y + math.cos(ang) * off
    assert close(image.getpixel((round(px), round(py))), rk.HILITE, 40)


def test_turn_marker_and_scores_change_the_image() -> None:
    view = public("mid")
    other = [p for p in view["players"] if p not in view["to_act"]]
    assert render_board({**view, "to_act": other}, NAMES) != render_board(view, NAMES)
    bumped = {**view, "scores": {p: 7 for p in view["players"]}}
    assert render_board(bumped, NAMES) != render_board(view, NAMES)
    opened = {**view, "open": list(reversed(view["open"]))} if len(set(view["open"])) > 1 \
        else {**view, "open": []}
    assert render_board(opened, NAMES) != render_board(view, NAMES)


def test_results_render() -> None:
    end = public("end")
    a, b = end["players"]
    draw = {**end, "result": {**end["result"], "winners": [a, b]}}
    early = {**end, "result": {**end["result"], "reason": "early end",
                               "detail": {**end["result"]["detail"], "bare": [b]}}}
    pngs = {render_board(v, NAMES) for v in (end, draw, early, public("resigned"))}
    assert len(pngs) == 4


WEIRD_NAMES = ["𝓜𝓪𝓻𝓲𝓷𝓪 🐟", "李小龙", "", "A" * 300, "W" * 60 + " " + "M" * 60,
               "line\nbreak\x00", "Zoë Łódź", "\u202ereversed\u202c"]


@pytest.mark.parametrize("name", WEIRD_NAMES)
def test_weird_and_long_names(name: str) -> None:
    for kind in ("mid", "end"):
        assert decode(render_board(public(kind), {"111": name, "222": name[::-1]})).width >= 800
    state = _state("mid")
    assert decode(rk.render_hand(GAME.view(state, "111"), {"111": name})).width >= 800


def test_missing_names_fall_back() -> None:
    view = public("mid")
    assert render_board(view, {}) == render_board(view, {p: p for p in view["players"]})


def test_bad_view_content_is_refused() -> None:
    view = public("mid")
    a = view["players"][0]
    with pytest.raises(ValueError, match="line"):
        render_board({**view, "bridges": {"HUNA-COCO": a}}, NAMES)
    with pytest.raises(ValueError, match="island"):
        render_board({**view, "stones": {"ATLANTIS": a}}, NAMES)
    with pytest.raises(ValueError, match="player"):
        render_board({**view, "bridges": {"ALOA-BARI": "stranger"}}, NAMES)


def test_a_warm_render_draws_no_artwork_again() -> None:
    """After ``prepare`` and one board, another board reuses every cached piece of artwork
    (how fast that is, next to a bare PNG encode, is the benchmark's ``render/encode`` ratio)."""
    from functools import _lru_cache_wrapper

    from renderers.kahuna import art, board, style

    rk.prepare()
    render_board(public("mid"), NAMES)
    caches = [f for module in (art, board, style) for f in vars(module).values()
              if isinstance(f, _lru_cache_wrapper)]
    assert caches
    misses = [f.cache_info().misses for f in caches]
    render_board(public("mid"), NAMES)
    assert [f.cache_info().misses for f in caches] == misses


# ----- the private hand -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["start", "mid", "handicap", "open-draws", "planning", "end"])
def test_hand_image_shows_each_players_cards(kind: str) -> None:
    state = _state(kind)
    for player in state.players:
        view = GAME.view(state, player)
        image = decode(rk.render_hand(view, NAMES))
        hand = view["hand"]
        span = len(hand) * rk.HAND_CARD_W + (len(hand) - 1) * rk.HAND_GAP
        x = (rk.HAND_W - span) // 2
        for i in range(len(hand)):
            centre = (x + i * (rk.HAND_CARD_W + rk.HAND_GAP) + 10, rk.HAND_TOP + 40)
            assert close(image.getpixel(centre), rk.CARD_FACE, 10), (kind, player, i)


def test_hand_image_shows_the_hand_and_its_options() -> None:
    state = _state("mid")
    player = state.active
    view = GAME.view(state, player)
    png = rk.render_hand(view, NAMES)
    other_hand = {**view, "hand": sorted(set(ISLANDS[:3]))}
    assert rk.render_hand(other_hand, NAMES) != png
    fewer_options = {**view, "bridges": {line: player for line in LINES}}
    assert rk.render_hand(fewer_options, NAMES) != png


def test_hand_rows_say_what_a_card_does() -> None:
    from games.kahuna import hand_options

    bridges = {"IFFI-LALE": "111", "HUNA-LALE": "222"}
    view = {**GAME.view(GAME.setup(list(NAMES), {}, 1), "111"), "hand": ["ELAI", "HUNA",
                                                                          "KAHU"],
            "bridges": bridges, "stones": {}}
    options = hand_options(view)
    assert "KAHU-LALE" in options["KAHU"]["bridges"]
    assert options["HUNA"]["removals"] == [], "one HUNA card cannot remove HUNA-LALE"
    two = hand_options({**view, "hand": ["HUNA", "HUNA"]})
    assert two["HUNA"]["removals"] == ["remove HUNA-LALE HUNA HUNA"]
    assert ("HUNA-LALE", "w/ HUNA", rk.DIM, False) in rk.hand._card_rows(view, "HUNA", two["HUNA"])
    rows = rk.hand._card_rows(view, "KAHU", options["KAHU"])
    assert ("LALE", "takes LALE", rk.GOLD, False) in rows


def test_hand_renderer_refuses_a_public_view() -> None:
    with pytest.raises(ValueError, match="owner's view"):
        rk.render_hand(public("mid"), NAMES)


# ----- alt text ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_alt_text(kind: str) -> None:
    view = public(kind)
    text = alt_text(view, NAMES)
    assert text.startswith("Kahuna board") and len(text) <= 1024
    assert "Your hand" not in text
    state = _state(kind)
    mine = alt_text(GAME.view(state, "111"), NAMES)
    assert mine.startswith("Your hand") and mine.endswith(text[-40:])


# ----- the review's words -------------------------------------------------------------------------


def drawn(image: Any) -> str:
    from renderers.common import words

    return " ".join(text for text, _box in words(image))


@pytest.mark.parametrize("lang, said", [
    ("de", "Captain Nemo eroberte IFFI; Marina verlor die Stäbe HUNA-IFFI und IFFI-JOJO sowie "
           "die Steine auf HUNA und JOJO"),
    ("da", "Captain Nemo erobrede IFFI; Marina mistede broerne HUNA-IFFI og IFFI-JOJO samt "
           "stenene på HUNA og JOJO"),
    ("en", "Captain Nemo took IFFI; Marina lost the bridges HUNA-IFFI and IFFI-JOJO as well as "
           "the stones on HUNA and JOJO"),
])
def test_the_last_turn_says_capture_and_losses_as_the_texts_do(lang: str, said: str) -> None:
    """The picture said "lars tog LALE" and "anna verlor Stäbe HUNA-IFFI, IFFI-JOJO und die
    Steine …" where the replies say "erobrede" / "eroberte"."""
    view = public("mid")
    last = {**view["last"], "player": "222", "taken": ["IFFI"], "removed": ["HUNA-IFFI", "IFFI-JOJO"],
            "lost": ["HUNA", "JOJO"]}
    lines = rk.board._turn_lines({**view, "current": None, "last": last}, NAMES, lang)
    effects = "".join(text for text, _colour, _stroke in lines[1]).strip()
    assert effects == said
    one = {**last, "taken": [], "removed": ["HUNA-IFFI"], "lost": []}
    lines = rk.board._turn_lines({**view, "current": None, "last": one}, NAMES, lang)
    assert {"de": "Marina verlor den Stab HUNA-IFFI", "da": "Marina mistede broen HUNA-IFFI",
            "en": "Marina lost the bridge HUNA-IFFI"}[lang] == lines[1][0][0].strip()


def test_the_final_line_and_the_hand_footer_read_as_sentences() -> None:
    """"slutpoint: …" began the result's line in lower case; the hand's footer said "guld: de
    øer, en bro ville erobre"."""
    end = public("end")
    said = drawn(rk.board.draw(end, NAMES, "da"))
    assert "Slutpoint: Marina: 2, Captain Nemo: 2" in said and "slutpoint" not in said
    assert "Endstand: Marina: 2" in drawn(rk.board.draw(end, NAMES, "de"))
    assert "Final points: Marina: 2" in drawn(rk.board.draw(end, NAMES, "en"))
    state = _state("mid")
    hand = rk.hand.draw_hand(GAME.view(state, state.active), NAMES, "da")
    assert "guld: øer, som en bro ville erobre" in drawn(hand)


@pytest.mark.parametrize("lang, head", [("en", "Handicap"), ("de", "Vorgabe"), ("da", None)])
def test_the_handicap_names_its_lines_without_a_move_word(lang: str, head: str | None) -> None:
    """The German board read "Vorgabe (Bot): frei ALOA-DUDA · frei ALOA-BARI": every handicap
    bridge is free, so the line says only which lines."""
    lines = rk.board._turn_lines(public("handicap"), NAMES, lang)
    said = "".join(text for text, _colour, _stroke in lines[0]).strip()
    assert said.endswith("): ALOA-BARI"), said
    assert head is None or said.startswith(head), said
