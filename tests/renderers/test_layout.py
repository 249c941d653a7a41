"""Every word of every picture fits, in every language: German words are long.

Each game is played from a seeded random playout; its start, middle and final position (and
Kahuna's hands), and every few turns of the whole game (with every player's hand), are drawn
in English, German and Danish with everyday names (a bot's among them), and the boxes of the
words the drawing recorded (``renderers.common.words``: the font's own metrics, not pixels
read back) are checked: each lies inside the picture and inside the panel it begins in (a
card drawn on is a panel too), no two overlap, and none was cut short with "...". A text
wrapped over several lines (``renderers.common.paragraphs``) does not end on a lone short
word.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import games
import renderers
from catalogs import LANGUAGES
from bot.service.bots import bot_name
from renderers.common import (
    ELLIPSIS, Box, draw_lines, draw_text, frame, frames, paragraphs, text_width, words, wrap)

GAME_IDS = sorted(renderers.REGISTRY)
SEED = 5


def names_for(players: list[str], lang: str) -> dict[str, str]:
    """Names as a table has them: people, and bots named in the channel's language."""
    pool = ["alice", bot_name("normal", 1, lang), "Maximilian", bot_name("hard", 2, lang)]
    return {p: pool[i % len(pool)] for i, p in enumerate(players)}


@functools.lru_cache(maxsize=None)
def playout(gid: str, seed: int = SEED, most: bool = True) -> tuple[Any, ...]:
    """Every state of a random game at most seats (``most``; else at fewest), from the setup
    to the end."""
    game = games.REGISTRY[gid]
    seats = game.max_players if most else game.min_players
    players = [f"p{i}" for i in range(1, seats + 1)]
    chooser = random.Random(f"{gid}/{seed}")
    state = game.setup(players, {}, seed)
    trail = [state]
    while game.result(state) is None and len(trail) < 5000:
        player = chooser.choice(sorted(game.to_act(state)))
        state = game.apply(state, player, chooser.choice(game.legal_moves(state, player)))
        trail.append(state)
    assert game.result(state) is not None, f"{gid}: the playout did not end"
    return tuple(trail)


def positions(gid: str) -> tuple[tuple[str, Any], ...]:
    """(label, state): the start, the middle and the end of a random game at most seats."""
    trail = playout(gid)
    return (("start", trail[0]), ("middle", trail[len(trail) // 2]), ("final", trail[-1]))


#: Every how many turns the whole game is drawn (about 20 to 40 pictures a game).
STRIDE = 4


def pictures(gid: str, lang: str, states: tuple[tuple[str, Any], ...] | None = None,
             every_hand: bool = False) -> list[tuple[str, Image.Image]]:
    """Every picture of the game's positions (``states``: the start, middle and end) in
    ``lang``: the boards, and the first player's hand (``every_hand``: every player's)."""
    game = games.REGISTRY[gid]
    package = importlib.import_module(f"renderers.{gid}")
    out = []
    for label, state in states or positions(gid):
        players = list(game.players(state))
        names = names_for(players, lang)
        out.append((label, package.draw(game.view(state, None), names, lang=lang)))
        hand: Callable[..., Image.Image] | None = getattr(package, "draw_hand", None)
        if hand is not None:
            for player in players if every_hand else players[:1]:
                out.append((f"{label}-hand-{player}",
                            hand(game.view(state, player), names, lang=lang)))
    return out


# ----- the checks --------------------------------------------------------------------------------


def _inside(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def _overlap(a: Box, b: Box) -> bool:
    """More than a pixel of ink in common (the ink of neighbouring letters may touch)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def problems(image: Image.Image) -> list[str]:
    """What is wrong with the words of ``image``: outside it, out of their panel, cut, on top
    of each other."""
    found: list[str] = []
    drawn = sorted(set(words(image)), key=lambda w: (w[1][1], w[1][0], w[0]))
    panels = frames(image)
    whole = (0, 0, image.width, image.height)
    for text, box in drawn:
        if not _inside(box, whole):
            found.append(f"{text!r} {box} leaves the picture {image.size}")
        # its panel: the smallest one holding its middle, else one of its ends
        cy = (box[1] + box[3]) / 2
        around: list[Box] = []
        for x in ((box[0] + box[2]) / 2, box[0] + 1, box[2] - 1):
            around = around or [p for p in panels if p[0] <= x < p[2] and p[1] <= cy < p[3]]
        if around:
            home = min(around, key=_area)
            if not _inside(box, home):
                found.append(f"{text!r} {box} runs out of its panel {home}")
        if ELLIPSIS in text:
            found.append(f"{text!r} is cut")
    for i, (text, box) in enumerate(drawn):
        for other, other_box in drawn[i + 1:]:
            if _overlap(box, other_box):
                found.append(f"{text!r} {box} overlaps {other!r} {other_box}")
    return found + orphans(image)


def orphans(image: Image.Image) -> list[str]:
    """The wrapped texts of ``image`` whose last line is one short word (under a third of
    their longest line) where the text had words enough to share it out, or one of whose
    lines begins or ends on a "·" between two parts."""
    found = []
    for lines, size, stroke, _box in set(paragraphs(image)):
        found += [f"{line!r} begins or ends on a separator" for line in lines
                  if line.split()[:1] == ["·"] or line.split()[-1:] == ["·"]]
        if len(lines) < 2 or " " in lines[-1].strip() or sum(len(x.split()) for x in lines) < 3:
            continue
        widest = max(text_width(line, size, stroke) for line in lines)
        if text_width(lines[-1], size, stroke) * 3 < widest:
            found.append(f"{lines[-1]!r} is alone on the last line of {' / '.join(lines)!r}")
    return found


# ----- the checks can fail --------------------------------------------------------------------


def test_the_check_sees_overlaps_cuts_and_words_out_of_their_panel() -> None:
    image = Image.new("RGB", (400, 200))
    frame(image, (10, 10, 200, 100))
    draw_text(image, (20, 20), "sea lion 11", 24, (255, 255, 255))
    draw_text(image, (40, 30), "dolphin", 24, (255, 255, 255))  # on top of the first
    draw_text(image, (150, 60), "a long headline", 24, (255, 255, 255))  # out of the panel
    draw_text(image, (20, 150), "the gam" + ELLIPSIS, 18, (255, 255, 255))
    draw_text(image, (380, 150), "edge", 24, (255, 255, 255))  # out of the picture
    found = problems(image)
    assert any("'dolphin'" in p and "overlaps" in p or "overlaps 'dolphin'" in p for p in found)
    assert any("'a long headline'" in p and "panel" in p for p in found)
    assert any("cut" in p for p in found)
    assert any("'edge'" in p and "leaves the picture" in p for p in found)


def test_the_check_sees_a_lone_word_ending_a_wrapped_text() -> None:
    image = Image.new("RGB", (600, 200))
    frame(image, (0, 0, 600, 200))
    draw_lines(image, (10, 30), ["the last turn took every island but", "one"], 20,
               (255, 255, 255), 26)
    [found] = problems(image)
    assert "'one' is alone" in found
    image = Image.new("RGB", (600, 200))
    draw_lines(image, (10, 30), ["the last turn took every", "island but one"], 20,
               (255, 255, 255), 26)
    assert problems(image) == []


def test_wrapped_lines_are_even() -> None:
    """A text is broken into as few lines as filling them takes, and those as even as they
    can be: no lone word ends it."""
    text = "alice took ALOA and DUDA; the cards ran out a third time: one last turn each"
    room = text_width(text, 20) - text_width("each", 20) + 2  # greedy filling: "each" alone
    lines = wrap(text, 20, room)
    assert len(lines) == 2 and " ".join(lines) == text
    assert min(text_width(line, 20) for line in lines) * 2 > max(text_width(line, 20)
                                                               for line in lines)
    assert wrap("Runde 2  ·  Zug 16", 20, 1000) == ["Runde 2  ·  Zug 16"]  # spacing kept
    parts = "alice pushed the blue boat to wave 6  ·  fell: blue  ·  the red boat won round 2"
    for room in range(200, 700, 20):  # a line breaks where a separator is, and drops it
        assert not [line for line in wrap(parts, 20, room)
                    if line.startswith("·") or line.endswith("·")], room


def test_a_tidy_picture_has_no_problems() -> None:
    image = Image.new("RGB", (400, 200))
    frame(image, (10, 10, 300, 100))
    draw_text(image, (20, 20), "sea lion 11", 24, (255, 255, 255))
    draw_text(image, (20, 60), "dolphin 7", 24, (255, 255, 255))
    assert problems(image) == []


def test_words_travel_with_the_pieces_pasted() -> None:
    """A piece's words land where it is pasted (the pills, the header, the footer)."""
    from renderers.common import paste, pill

    canvas = Image.new("RGB", (400, 200))
    tag = pill("TO MOVE", (80, 226, 212), (0, 0, 0), (0, 0, 0))
    paste(canvas, tag, (100, 50))
    [(text, box)] = words(canvas)
    assert text == "TO MOVE" and box[0] > 100 and box[1] > 50 and box[2] < 100 + tag.width
    assert (100, 50, 100 + tag.width, 50 + tag.height) in frames(canvas)


# ----- every game, every language ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_word_fits(gid: str, lang: str) -> None:
    found = []
    for label, image in pictures(gid, lang):
        assert words(image), f"{gid} {label}: no words recorded"
        found += [f"{label}: {p}" for p in problems(image)]
    assert not found, f"{gid} in {lang}:\n" + "\n".join(found)


#: The whole games drawn: (seed, at most seats, the first turn drawn) — the layout's, and
#: more, at fewest seats too (seats share the room differently; these found a market tile
#: under the snail's note, a status under its label, a boat's name under its chance to fall).
WHOLE_GAMES = ((SEED, True, 1), (2, True, 1), (2, False, 2), (3, True, 2))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("seed,most,first", WHOLE_GAMES)
def test_every_word_fits_all_game_long(gid: str, lang: str, seed: int, most: bool,
                                       first: int) -> None:
    """Every few turns of whole games, with every player's hand: a hand full of options, a
    discard pile with cards tucked under it, a long last turn to tell."""
    trail = playout(gid, seed, most)
    states = tuple((f"turn {k}", trail[k]) for k in range(first, len(trail) - 1, STRIDE))
    found = []
    for label, image in pictures(gid, lang, states, every_hand=True):
        found += [f"{label}: {p}" for p in problems(image)]
    assert not found, f"{gid} in {lang}:\n" + "\n".join(found[:40])
