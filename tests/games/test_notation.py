"""The notation steps the games share (games/notation.py)."""

from __future__ import annotations

import pytest

from games.errors import IllegalMove, InvalidMove
from games.notation import clean, quote
from games.text import Text


def test_quote_is_one_short_line() -> None:
    assert quote("  b2\n  c3 ") == "b2 c3"
    assert quote("x" * 40) == "x" * 23 + "…" and len(quote("x" * 40)) == 24
    assert quote("x" * 40, 10) == "x" * 9 + "…"
    assert quote(12) == "12"


def test_quote_of_nothing_says_so_in_the_readers_language() -> None:
    nothing = quote(" \n ")
    assert nothing == "(nothing)" and isinstance(nothing, Text) and nothing.domain == "common"


@pytest.mark.parametrize("typed, options, read", [
    ("  B2 – C3   D4 ", {}, "b2-c3 d4"),
    ("b2 -> c3 d4", {}, "b2-c3 d4"),
    ("b2 → c3", {}, "b2-c3"),
    ("HUNA / ELAI", {"dash_like": "/"}, "huna-elai"),
    ("take (2) at 1 , 3", {"tight": ",", "drop": "()[]"}, "take 2 at 1,3"),
    ("move 3 : red -> 4", {"tight": ":>", "arrow": ">"}, "move 3:red>4"),
    ("a—b", {}, "a-b"),
])
def test_clean_reads_what_players_type(typed: str, options: dict[str, str], read: str) -> None:
    assert clean(typed, **options) == read
    assert clean(read, **options) == read  # cleaning twice changes nothing


@pytest.mark.parametrize("typed", [None, 12, 3.5, b"d4", ["d4"], {"move": "d4"}])
def test_clean_refuses_what_is_not_text_as_an_invalid_move(typed: object) -> None:
    with pytest.raises(InvalidMove) as info:
        clean(typed)  # type: ignore[arg-type]
    reason = info.value.args[0]
    assert isinstance(reason, Text) and reason.domain == "common"
    assert str(reason) == f"a move must be text, not {type(typed).__name__}"
    assert isinstance(info.value, IllegalMove) and isinstance(info.value, ValueError)
