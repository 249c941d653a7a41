"""The Krasserfall board image: valid, deterministic, drawn from the view alone, never blank."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from catalogs import LANGUAGES

from games import REGISTRY
from renderers import alt_text, render_board
from renderers import krasserfall as rk
from renderers.common import text_width

from .pixels import close, decode

GAME: Any = REGISTRY["krasserfall"]
NAMES = {"p1": "Marina", "p2": "Captain Nemo", "p3": "Zoë", "p4": "Ahab"}


def play(n: int, steps: int, seed: int = 3, options: dict[str, str] | None = None) -> Any:
    state = GAME.setup([f"p{i}" for i in range(1, n + 1)], options or {}, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        p = rnd.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, p, rnd.choice(GAME.legal_moves(state, p)))
    return state


def view_of(n: int, steps: int, seed: int = 3, options: dict[str, str] | None = None
            ) -> dict[str, Any]:
    return GAME.view(play(n, steps, seed, options), None)


VIEWS = {
    "start-2": lambda: view_of(2, 0),
    "placing-3": lambda: view_of(3, 4),
    "mid-3": lambda: view_of(3, 40),
    "mid-4-thrill": lambda: view_of(4, 70, 5, {"push": "thrill"}),
    "end-2": lambda: view_of(2, 10_000, 4),
    "end-4": lambda: view_of(4, 10_000, 8),
}


def boat_probe(colour: str, position: float) -> tuple[int, int]:
    """A point on the boat's hull rim (left side, below the ring's corner)."""
    return rk.wave_x(position) + 3, rk.lane_top(colour) + rk.LANE_H // 2 + 20


def test_end_views_are_over() -> None:
    assert VIEWS["end-2"]()["over"] and VIEWS["end-4"]()["over"]
    assert VIEWS["placing-3"]()["phase"] in ("ring-start", "place")


def test_boats_are_drawn_at_their_positions_in_their_colours() -> None:
    view = view_of(3, 40)
    image = decode(render_board(view, NAMES))
    checked = 0
    for c, b in view["boats"].items():
        x, y = boat_probe(c, b["position"])
        pixel = image.getpixel((x, y))
        if b["fallen"]:
            assert not close(pixel, rk.BOATS[c], 30), c
        else:
            assert close(pixel, rk.BOATS[c]), (c, pixel)
            checked += 1
    assert checked >= 2


def test_a_pushed_boat_moves_in_the_picture() -> None:
    view = view_of(3, 40)
    c = next(c for c, b in view["boats"].items() if not b["fallen"])
    moved = copy.deepcopy(view)
    moved["boats"][c]["position"] = view["boats"][c]["position"] + 2
    image = decode(render_board(moved, NAMES))
    assert close(image.getpixel(boat_probe(c, moved["boats"][c]["position"])), rk.BOATS[c])
    assert not close(image.getpixel(boat_probe(c, view["boats"][c]["position"])), rk.BOATS[c], 30)


def test_figures_show_their_owner_colour() -> None:
    view = view_of(2, 30)
    lone = copy.deepcopy(view)
    for b in lone["boats"].values():
        b["figures"], b["ring"], b["stone"], b["fallen"], b["position"] = [], False, None, False, 0
    lone["boats"]["green"]["figures"] = [["p2", "big"]]
    plain = decode(render_board({**lone, "boats": {**lone["boats"], "green": {
        **lone["boats"]["green"], "figures": []}}}, NAMES))
    with_figure = decode(render_board(lone, NAMES))
    diff = [(x, y) for x in range(rk.wave_x(0), rk.wave_x(0) + rk.BOAT_L)
            for y in range(rk.lane_top("green"), rk.lane_top("green") + rk.LANE_H, 2)
            if plain.getpixel((x, y)) != with_figure.getpixel((x, y))]
    assert len(diff) > 100
    owner = rk.OWNERS[1]
    assert any(close(with_figure.getpixel(p), owner) for p in diff)


def test_ring_stone_weights_die_and_net_each_change_the_picture() -> None:
    base = view_of(3, 40)
    c = next(c for c, b in base["boats"].items() if not b["fallen"])
    variants = [base]
    for change in ("ring", "stone-boat", "stone-strip", "weights", "die", "fallen", "medals"):
        v = copy.deepcopy(base)
        b = v["boats"][c]
        if change == "ring":
            for other in v["boats"].values():
                other["ring"] = False
            b["ring"] = True
        elif change.startswith("stone"):
            b["stone"] = change.split("-")[1]
            v["stone_holder"], v["stone_placed"] = "p1", True
        elif change == "weights":
            b["weights"] = b["weights"] + 2
        elif change == "die":
            v["die"] = "ring" if base["die"] != "ring" else "figure"
        elif change == "fallen":
            b["fallen"] = True
            v["net"] = [*v["net"], c]
        else:
            v["medals"] = {p: m + 2 for p, m in v["medals"].items()}
        variants.append(v)
    pngs = {render_board(v, NAMES) for v in variants}
    assert len(pngs) == len(variants)


def test_turn_marker_follows_the_active_player() -> None:
    view = view_of(3, 10)
    other = next(p for p in view["players"] if p != view["active"])
    assert render_board(view, NAMES) != render_board({**view, "active": other}, NAMES)


def _gauge_x(danger: float) -> float:
    """Where the gauge puts ``danger`` (-6 .. +6 across the label, 12 px in from each side)."""
    x0, x1 = rk.LABEL_X + 12, rk.LABEL_X + rk.LABEL_W - 12
    return x0 + (danger + 6) / 12 * (x1 - x0)


def test_danger_gauge_shows_the_danger_and_the_known_safe_level() -> None:
    view = view_of(3, 40)
    c = next(c for c, b in view["boats"].items() if not b["fallen"])
    y = rk.lane_top(c) + 54  # the middle of the gauge
    for danger in (-5, 0, 3):
        v = copy.deepcopy(view)
        v["boats"][c].update(danger=danger, safe=-4)
        image = decode(render_board(v, NAMES))
        marks = [x for x in range(rk.LABEL_X + 12, rk.LABEL_X + rk.LABEL_W - 12)
                 if close(image.getpixel((x, y)), rk.TEXT, 30)]
        assert marks and abs(sum(marks) / len(marks) - _gauge_x(danger)) < 4, (danger, marks)
    # green (cannot tip) reaches up to the safe level; above it the colours warn
    stood, fresh = copy.deepcopy(view), copy.deepcopy(view)
    stood["boats"][c].update(danger=-5, safe=2)
    fresh["boats"][c].update(danger=-5, safe=-4)
    at_one = (round(_gauge_x(1)), y)
    assert close(decode(render_board(stood, NAMES)).getpixel(at_one), rk.SAFE, 20)
    assert not close(decode(render_board(fresh, NAMES)).getpixel(at_one), rk.SAFE, 40)


def test_the_chance_of_a_fall_by_one_push_is_on_the_board_once_the_boats_float() -> None:
    view = next(v for v in (view_of(3, k) for k in range(20, 60)) if v["phase"] in ("roll", "act"))
    c = next(c for c, b in view["boats"].items() if not b["fallen"])
    box = (rk.LABEL_X + rk.LABEL_W - 80, rk.lane_top(c) + 12, rk.LABEL_X + rk.LABEL_W - 12,
           rk.lane_top(c) + 38)

    def colours(v: dict[str, Any]) -> set[Any]:
        crop = decode(render_board(v, NAMES)).convert("RGB").crop(box)
        return {colour for _count, colour in crop.getcolors(1 << 16) or []}

    risky, safe = copy.deepcopy(view), copy.deepcopy(view)
    risky["boats"][c]["push_risk"], safe["boats"][c]["push_risk"] = 80, 0
    assert any(close(p, rk.FALLS, 20) for p in colours(risky))
    assert any(close(p, rk.SAFE, 20) for p in colours(safe))
    placing = copy.deepcopy(risky)
    placing["phase"] = "place"  # boats held at the start: no percentage yet
    assert not any(close(p, rk.FALLS, 20) for p in colours(placing))


def test_public_view_holds_no_tipping_points_so_the_image_cannot_show_them() -> None:
    state = play(3, 30)
    other = state.copy()
    other.tips = {c: (None if s is None else -s) for c, s in state.tips.items()}
    assert render_board(GAME.view(state, None), NAMES) == render_board(GAME.view(other, None), NAMES)


WEIRD_NAMES = ["𝓜𝓪𝓻𝓲𝓷𝓪 🐟", "李小龙", "A" * 300, "line\nbreak\ttab", "", "\u200b", "Алексей"]


@pytest.mark.parametrize("name", WEIRD_NAMES)
def test_weird_names(name: str) -> None:
    for kind in ("mid-4-thrill", "end-4"):
        png = render_board(VIEWS[kind](), {p: name for p in NAMES})
        assert decode(png).width >= 800
    assert render_board(VIEWS["mid-3"](), {}) == render_board(
        VIEWS["mid-3"](), {p: p for p in VIEWS["mid-3"]()["players"]})


def test_bad_view_content_is_refused() -> None:
    view = view_of(3, 20)
    broken = copy.deepcopy(view)
    broken["boats"]["red"]["figures"] = [["stranger", "big"]]
    with pytest.raises(ValueError, match="not playing"):
        render_board(broken, NAMES)
    with pytest.raises(ValueError, match="die face"):
        render_board({**view, "die": "seven"}, NAMES)
    missing = copy.deepcopy(view)
    del missing["boats"]["blue"]
    with pytest.raises(ValueError, match="blue"):
        render_board(missing, NAMES)


def test_warm_up_draws_the_river_for_every_player_count() -> None:
    import renderers

    renderers.warm_up()
    # 2, 3 and 4 players, its labels in each language
    assert rk.background_p.cache_info().currsize == 3 * len(LANGUAGES)


def test_alt_text() -> None:
    for kind in sorted(VIEWS):
        view = VIEWS[kind]()
        text = alt_text(view, NAMES)
        assert 0 < len(text) <= 1024 and "Krasserfall" in text
        assert "Marina" in text
    assert "wins" in alt_text(VIEWS["end-2"](), NAMES) or "share" in alt_text(VIEWS["end-2"](), NAMES)


def test_the_rounds_so_far_wrap_instead_of_being_cut() -> None:
    """The footer's round results use every line left (the final image used to cut them)."""
    parts = [f"R{k} blue: ann +2, bob +4" for k in range(1, 5)]
    one = text_width(parts[0], 21)
    width = 2 * one + text_width("  ·  ", 21) + 4  # two rounds to a line
    rows = rk.board._pack(parts, width, 2)
    assert rows == ["  ·  ".join(parts[:2]), "  ·  ".join(parts[2:])]
    assert rk.board._pack(parts, 10 * one, 2) == ["  ·  ".join(parts)]
    squeezed = rk.board._pack(parts * 3, width, 2)
    assert len(squeezed) == 2 and squeezed[-1].endswith("...")
    assert all(text_width(r, 21) <= width for r in squeezed)


def test_the_die_says_whose_roll_it_shows() -> None:
    """After bob's roll and push it is carol's turn to roll: the die is bob's, said so, not
    put beside "carol to roll"."""
    from renderers.common import words

    names = {"p1": "alice", "p2": "bob", "p3": "carol"}
    state = play(3, 0)
    rnd = random.Random(2)
    for _ in range(400):
        view = GAME.view(state, None)
        last = view.get("last") or {}
        if view["phase"] == "roll" and view["die"] in rk.BOATS and last.get("kind") == "push" \
                and last.get("player") != view["active"]:
            break
        p = rnd.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, p, rnd.choice(GAME.legal_moves(state, p)))
    else:
        pytest.fail("no roll by one player followed by another's turn to roll")
    roller = names[last["player"]]
    drawn = [text for text, _box in words(rk.draw(view, names))]
    assert f"{roller} ROLLED: {view['die'].upper()}" in drawn
    drawn = [text for text, _box in words(rk.draw(view, names, "de"))]
    assert any(text.startswith(f"{roller} WÜRFELTE: ") for text in drawn)


def test_a_finished_game_offers_no_stone_for_this_round() -> None:
    """The final board said "Stone: ben may place it any time this round" (German "darf ihn in
    dieser Runde jederzeit legen") after the game ended: an unused stone is gone with the game."""
    from renderers.common import words

    running = view_of(3, 40)
    running["stone_holder"], running["stone_placed"] = "p2", False
    drawn = " ".join(text for text, _box in words(rk.draw(running, NAMES)))
    assert "may place it any time this round" in drawn
    for lang, banned in (("en", ("this round", "stone ready")),
                         ("de", ("in dieser Runde", "Stein bereit"))):
        for kind in ("end-2", "end-4"):
            view = VIEWS[kind]()
            view["stone_holder"], view["stone_placed"] = "p2", False
            drawn = " ".join(text for text, _box in words(rk.draw(view, NAMES, lang)))
            assert not any(b in drawn for b in banned), drawn
            assert "holds the stone" not in alt_text(view, NAMES)
