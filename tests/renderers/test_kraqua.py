"""The Kraqua board image: valid, deterministic, drawn from the view alone, never blank."""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import replace
from typing import Any

import pytest

from catalogs import move_words, tr
from games import REGISTRY
from games.kraqua import board as kb
from games.kraqua import planner
from games.kraqua.state import chip_name, heard
from renderers import alt_text, render_board
from renderers import kraqua as rk
from renderers.common import words

from .pixels import close, decode

GAME = REGISTRY["kraqua"]
SEATS = ["111", "222", "333"]
NAMES = {"111": "Marina", "222": "Captain Nemo", "333": "Ariel 🐠"}


def play(steps: int, seed: int = 3, seats: list[str] = SEATS, level: str = "1") -> Any:
    """A real game by the greedy team, ``steps`` moves in (cached: states are never mutated)."""
    return _play(steps, seed, tuple(seats), level)


@functools.lru_cache(maxsize=None)
def _play(steps: int, seed: int, seats: tuple[str, ...], level: str) -> Any:
    state = GAME.setup(list(seats), {"level": level}, seed)
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        p = planner.choose_seat(GAME, state)
        state = GAME.apply(state, p, planner.choose(GAME, state, p))
    return state


VIEWS = {
    "start": lambda: GAME.view(play(0), None),
    "mid": lambda: GAME.view(play(40), None),
    "late": lambda: GAME.view(play(80, seed=5), None),
    "end": lambda: GAME.view(play(1000, seed=1), None),
    "solo": lambda: GAME.view(play(12, seats=["111"]), None),
    "four": lambda: GAME.view(play(30, seats=["111", "222", "333", "444"]), None),
    "resigned": lambda: GAME.view(GAME.resign(play(10), "222"), None),
}


def test_fish_are_drawn_on_their_fields_in_their_colours() -> None:
    state = play(40)
    view = GAME.view(state, None)
    image = decode(render_board(view, NAMES))
    for colour, where in view["fish"].items():
        x0, y0, x1, y1 = rk.field_box(rk.board._pos(where))
        pixels = [image.getpixel((x, y)) for x in range(x0, x1, 3) for y in range(y0, y1, 3)]
        # a fish sits in its field's lower corner, leaving the field's number free
        assert sum(close(p, rk.FISH_RGB[colour]) for p in pixels) > 25, colour


def test_laid_tiles_show_reef_and_water_cells() -> None:
    view = GAME.view(play(40), None)
    image = decode(render_board(view, NAMES))
    checked = 0
    for row, spots in view["rows"].items():
        for spot, (number, side) in spots.items():
            cells = kb.tile_cells(number, side)
            x0, y0, x1, y1 = rk.spot_box(row, int(spot))
            for k, cell in enumerate(cells):
                if k == 1:
                    continue  # the middle cell carries the label
                pixel = image.getpixel((x0 + k * rk.CELL + 8, y0 + 6))
                assert close(pixel, rk.REEF if cell == "#" else rk.WATER, 30), (row, spot, k, pixel)
                checked += 1
    assert checked >= 4


def test_protected_fields_are_sand_and_open_water_is_deep() -> None:
    view = GAME.view(play(40), None)
    image = decode(render_board(view, NAMES))
    protected = {rk.board._pos(f) for f in view["protected"]}
    occupied = {rk.board._pos(f) for f in view["fish"].values()}
    end = kb.parse_field(view["path_end"])
    for f in range(5, min(end, 40) + 1):
        if f in occupied:
            continue
        x0, y0, _, _ = rk.field_box(f)
        pixel = image.getpixel((x0 + 6, y0 + rk.CELL - 8))
        assert close(pixel, rk.SAND if f in protected else rk.DEEP, 20), (f, pixel)


def test_unrevealed_fields_and_gates_are_hidden() -> None:
    view = GAME.view(play(0), None)
    assert view["path_end"] == "28" and len(view["gates"]) == 1
    image = decode(render_board(view, NAMES))
    for f in (29, 35, 40, 41, 43):
        x0, y0, _, _ = rk.field_box(f)
        assert close(image.getpixel((x0 + 8, y0 + 8)), rk.HIDDEN, 10), f


def test_hidden_information_never_reaches_the_image() -> None:
    """The public image does not change when the stack order or the hidden gates do."""
    state = play(6)
    other = replace(state, stack=list(reversed(state.stack)),
                    gates=[state.gates[0], state.gates[2], (state.gates[1][0], not state.gates[1][1])])
    assert render_board(GAME.view(state, None), NAMES) == render_board(GAME.view(other, None), NAMES)


def test_state_changes_change_the_image() -> None:
    a = render_board(GAME.view(play(3), None), NAMES)
    b = render_board(GAME.view(play(4), None), NAMES)
    assert a != b


def test_names_are_cleaned_and_long_names_fit() -> None:
    view = GAME.view(play(5), None)
    weird = {"111": "𝓜𝓪𝓻𝓲𝓷𝓪" * 20, "222": "🐙🐙", "333": "@everyone\n<@1>"}
    decode(render_board(view, weird))
    decode(render_board(view, {}))


def test_bad_views_are_refused() -> None:
    view = GAME.view(play(5), None)
    broken = copy.deepcopy(view)
    broken["fish"]["blue"] = "7"
    with pytest.raises(ValueError):
        render_board(broken, NAMES)


@pytest.mark.parametrize("kind", sorted(VIEWS))
def test_alt_text(kind: str) -> None:
    view = VIEWS[kind]()
    text = alt_text(view, NAMES)
    assert text.startswith("Kraqua") and len(text) <= 1024
    assert "Fish:" in text and view["status"] in text


def test_a_fish_leaves_its_fields_number_free() -> None:
    """The field's number stays readable under a fish (the red fish covered "39")."""
    from renderers.common import words
    from renderers.kraqua.art import fish_sprite
    from renderers.kraqua.board import FISH_SIZE

    for steps in (10, 40, 80):
        view = GAME.view(play(steps), None)
        drawn = words(rk.draw(view, NAMES))
        for colour, where in view["fish"].items():
            pos = rk.board._pos(where)
            if not 5 <= pos <= 40:
                continue
            x0, y0, x1, y1 = rk.field_box(pos)
            fx, fy = x1 - FISH_SIZE - 2, y1 - FISH_SIZE - 2  # the fish's corner on the picture
            [number] = [box for text, box in drawn if text == str(pos)
                        and x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1]
            alpha = fish_sprite(colour, FISH_SIZE).getchannel("A")
            under = [alpha.getpixel((x - fx, y - fy))
                     for x in range(max(number[0], fx), number[2])
                     for y in range(max(number[1], fy), number[3])]
            assert max(under, default=0) < 64, (pos, number)


# ----- in the reader's words -------------------------------------------------------------------


def drawn(view: Any, lang: str) -> list[str]:
    return [text for text, _box in words(rk.draw(view, NAMES, lang))]


ROW_AND_ANIMAL_WORDS = {
    "en": ("next: inner 1", "outer 2", {"turtle", "seahorse", "jellyfish", "crab"}),
    "de": ("als Nächstes: innen 1", "außen 2", {"Schildkröte", "Seepferdchen", "Qualle", "Krebs"}),
    "da": ("næste: indre 1", "ydre 2", {"skildpadde", "søhest", "vandmand", "krabbe"}),
}


@pytest.mark.parametrize("lang", sorted(ROW_AND_ANIMAL_WORDS))
def test_rows_and_animals_are_named_in_the_readers_words(lang: str) -> None:
    """No English letters for the reef rows ("i1", "o5") and a key of the four animals with
    their names, whoever sits (German's Schildkröte and Seepferdchen share an initial)."""
    nxt, spot, animals = ROW_AND_ANIMAL_WORDS[lang]
    texts = drawn(GAME.view(play(0, seats=["111"]), None), lang)
    assert nxt in texts and spot in texts
    assert not [t for t in texts if re.fullmatch(r"(next )?[io]\d+", t)]
    assert animals <= set(texts)


def test_the_last_move_is_told_in_the_readers_words() -> None:
    view = GAME.view(play(40), None)
    last = view["last"]
    events = [heard(e, lambda seat: NAMES.get(seat, seat)) for e in last["said"]]
    assert events
    for lang, start in (("en", "Last: "), ("de", "Zuletzt: "), ("da", "Seneste træk: ")):
        said = " ".join(t for t in drawn(view, lang))
        first = tr(events[0], lang)
        assert start in said and first.split()[0] in said, (lang, said)
        line = next(t for t in drawn(view, lang) if t.startswith(start))
        assert ":" not in line[len(start):], line  # "Zuletzt: lars legte …", one colon
        if lang != "en":
            assert str(events[0]).split()[0] not in said.split()  # no English verb left
    # a game stored before the events were kept: its move, in the reader's words
    old = copy.deepcopy(view)
    old["last"]["said"] = []
    move = str(last["move"])
    assert any(t.endswith(move_words("kraqua", "de", move)) and t.startswith("Zuletzt: ")
               for t in drawn(old, "de"))


def test_the_seats_to_play_carry_their_animal_in_the_readers_words() -> None:
    """The bot names Kraqua's seats "lars (seahorse)" (in English): the status line and the
    alt text said "lars (seahorse), lars (crab) må spille". They name the animal in the
    reader's words, joined as the language joins a list."""
    view = GAME.view(play(0, seats=["111", "222"]), None)
    chips = view["chips"]
    names = {p: f"lars ({chips[p]})" for p in ("111", "222")}
    words_of = {lang: {p: tr(chip_name(chips[p]), lang) for p in names}
                for lang in ("de", "da")}
    a, b = (words_of["da"][p] for p in ("111", "222"))
    said = drawn_with(view, names, "da")
    assert f"Runde 1: lars ({a}) og lars ({b}) mangler at spille, i vilkårlig rækkefølge." in said
    a, b = (words_of["de"][p] for p in ("111", "222"))
    assert (f"Runde 1: lars ({a}) und lars ({b}) dürfen spielen, in beliebiger Reihenfolge."
            in drawn_with(view, names, "de"))
    assert (f"Round 1: lars ({chips['111']}) and lars ({chips['222']}) may play, in any order."
            in drawn_with(view, names, "en"))
    alt = tr(alt_text(view, names), "da")
    assert f"I tur: lars ({words_of['da']['111']}), lars ({words_of['da']['222']})." in alt, alt
    # a name that carries no animal stays as it is
    assert "Runde 1: Marina og Captain Nemo mangler at spille" in " ".join(drawn(view, "da"))


def drawn_with(view: Any, names: dict[str, str], lang: str) -> list[str]:
    return [text for text, _box in words(rk.draw(view, names, lang))]


@pytest.mark.parametrize("lang, protected", [("da", ("altid beskyttet", "Et felt er beskyttet")),
                                             ("de", ("immer geschützt", "Ein Feld ist geschützt")),
                                             ("en", ("always protected", "A field is protected"))])
def test_the_picture_calls_a_field_protected_as_the_texts_do(lang: str,
                                                             protected: tuple[str, str]) -> None:
    """The image said "sikkert" where the prompts and labels say "beskyttet"."""
    said = " ".join(drawn(GAME.view(play(0), None), lang))
    assert all(word in said for word in protected), said
    assert not re.search(r"sikker|sicher|\bsafe\b", said)
