"""Kraqua: a row's only tile counts as its rearmost, and the tile notation is explained.

The only-tile rule is a written decision now: with the stack empty a seat may take the only
tile of a row, like any rearmost tile. ``###`` / ``#~#`` (a tile's cells along the path, ``#``
reef, ``~`` water) are explained in ``/game rules kraqua`` and in the board image's legend.
"""

from __future__ import annotations

import re

from bot.i18n import TRANSLATED, tr
from games import REGISTRY
from games.kraqua import planner
from renderers import kraqua as rk

from .test_kraqua import A, B, play, position, refused

GAME = REGISTRY["kraqua"]


# ----- the row's only tile ------------------------------------------------------------------------


def _round_end_with_an_only_tile():
    """Stack empty; the inner row holds one tile (spot 6), the outer row three after A's turn."""
    s = position((A, B), chips={A: "crab", B: "turtle"}, hands={A: (1, "A"), B: None},
                 played=[B], stack=[], rows={"i": {6: (4, "A")}, "o": {2: (3, "B"), 3: (5, "A")}})
    return play(s, A, "lay o", "fish green")  # 1A on outer spot 4; green S1 -> 1 (turtle)


def test_the_only_tile_of_a_row_is_its_rearmost() -> None:
    s = _round_end_with_an_only_tile()
    assert GAME.view(s)["phase"] == "draw" and GAME.legal_moves(s, A) == ["take i", "take o"]
    after = play(s, A, "take i")
    assert after.tiles[A] == (4, "A") and after.rows["i"] == {}
    assert "took the rearmost tile of the inner row (spot 6)" in str(GAME.describe(s, A, "take i"))
    # the emptied row is no longer offered; its front stays, so it regrows after spot 6
    assert GAME.legal_moves(after, B) == ["take o A", "take o B"]
    refused(after, B, "take i A", "the inner row is empty", "take o")
    nxt = play(after, B, "take o B")
    assert nxt.round == 2 and nxt.tiles[B] == (3, "B") and GAME.view(nxt)["next_spots"]["i"] == 7


def test_the_team_takes_an_only_tile_when_nothing_else_is_left() -> None:
    s = position((A,), chips={A: "crab"}, hands={A: (1, "A")}, stack=[],
                 rows={"i": {}, "o": {5: (6, "A")}})
    s = play(s, A, "lay i", "fish green")  # 1A on inner spot 1: now each row has one tile
    assert GAME.legal_moves(s, A) == ["take i", "take o"]
    assert planner.choose(GAME, s, A) in ("take i", "take o")
    after = play(s, A, planner.choose(GAME, s, A))
    assert after.round == 2 and after.tiles[A] is not None


# ----- the notation in the rules summary -----------------------------------------------------------


def test_rules_summary_explains_the_tile_notation_and_the_decisions() -> None:
    text = str(GAME.summary)
    assert "`7A #~#` is tile 7, side A" in text
    assert "`#` reef, `~` water (`###` all reef, `#~#` water in the middle)" in text
    assert "the rearmost tile of a row, also its only one" in text
    assert "Shark, only while the cave holds a gem the hideout still needs" in text
    code = re.compile(r"`[^`]*`")
    for lang in TRANSLATED:
        said = tr(GAME.summary, lang)
        assert {"`###`", "`#~#`", "`#`", "`~`", "`7A #~#`"} <= set(code.findall(said)), lang


# ----- the legend on the board image ---------------------------------------------------------------


def test_the_legend_names_both_notations() -> None:
    assert [cells for cells, _meaning in rk.LEGEND_EXAMPLES] == ["###", "#~#"]
    assert "# reef" in rk.LEGEND_NOTE and "~ water" in rk.LEGEND_NOTE


def test_the_legend_is_drawn_left_of_the_goal_and_above_the_panel() -> None:
    from renderers.common import text_width

    widest = max([text_width(rk.LEGEND_NOTE, 15) + 104, text_width(rk.LEGEND_SAFE, 15)]
                 + [text_width(f"{c}   {m}", 17) + 104 for c, m in rk.LEGEND_EXAMPLES])
    assert widest <= rk.LEGEND_W
    box = (rk.LEGEND_X, rk.LEGEND_Y, rk.LEGEND_X + rk.LEGEND_W, rk.PANEL_Y - 10)
    for revealed in (1, 2, 3):
        area = rk.background(revealed).crop(box).convert("RGB")
        colours = {c for _n, c in area.getcolors(1 << 16) or []}
        assert rk.REEF in colours and rk.WATER in colours  # the example cells
        assert rk.TEXT in colours and rk.DIM in colours  # their words
    # clear of the third arch's lane above and of the panel card below
    arch_bottom = rk.ARCH_Y[2] + 2 * rk.STRIP + rk.CELL + 2 * rk.GAP + 6
    assert arch_bottom < rk.LEGEND_Y and rk.LEGEND_Y + 96 < rk.PANEL_Y


# ----- moves as values -------------------------------------------------------------------------


def test_every_legal_move_reads_and_prints_back_as_the_same_value() -> None:
    """``parse(format(m)) == m`` and ``format(parse(text)) == text`` for every legal move met
    in random playouts (1–4 seats, every level), one frozen dataclass per kind."""
    import dataclasses
    import random

    from games.kraqua.notation import KINDS, format_move, parse_move

    kinds = set()
    for seed in range(16):
        rnd = random.Random(seed)
        players = [f"p{i}" for i in range(1 + seed % 4)]
        state = GAME.setup(players, {"level": ("1", "2", "3", "pro")[seed // 4]}, seed=seed)
        while not state.over:
            for seat in sorted(GAME.to_act(state)):
                for text in GAME.legal_moves(state, seat):
                    move = parse_move(text)
                    assert format_move(move) == text and parse_move(format_move(move)) == move
                    assert dataclasses.is_dataclass(move) and hash(move) == hash(parse_move(text))
                    kinds.add(move.kind)
            seat = rnd.choice(sorted(GAME.to_act(state)))
            state = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    assert kinds >= set(KINDS) - {"shark", "skip", "draw", "take"}  # the rarer ones: below


def test_the_rarer_moves_read_and_print_back_too() -> None:
    from games.kraqua.notation import Draw, Jelly, Shark, Skip, Take, format_move, parse_move

    for move in (Shark("blue"), Skip(), Draw(), Draw("A"), Take("i"), Take("o", "B"),
                 Jelly("red", "C")):
        assert parse_move(format_move(move)) == move
    assert parse_move("TAKE  Outer b") == Take("o", "B") and parse_move("jelly r crab") == Jelly(
        "red", "C")
