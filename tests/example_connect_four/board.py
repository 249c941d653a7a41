"""Connect Four's pictures: the public view in, PNG bytes out, drawn with the shared helpers of
:mod:`renderers.common`. Its one record is named by the game's registration (``engine.py``).
There is no hand to draw: nothing in this game is private."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from catalogs import tr
from games.text import Text, join, sentence, translator
from renderers.common import display_name, draw_text, encode_png, panel, player_seat
from renderers.registry import GameRenderer

from PIL import Image, ImageDraw

_ = translator("connect_four")

COLUMNS, ROWS = "abcdefg", 6
GROUND, FRAME, HOLE = (20, 36, 70), (44, 84, 160), (14, 24, 44)
INK, DIM, GOLD = (236, 240, 244), (150, 170, 188), (240, 196, 70)
DISCS = ((214, 58, 58), (236, 200, 60))  # seat 1 red, seat 2 yellow
CELL, MARGIN, HEADER, LABELS = 110, 40, 90, 40
SIZE = (len(COLUMNS) * CELL + 2 * MARGIN, ROWS * CELL + 2 * MARGIN + HEADER + LABELS)


def render(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """The grid with its discs (the last one and a winning line ringed), and whose turn it is;
    its words (a seat for a name with nothing to draw) in ``lang``."""
    image = Image.new("RGB", SIZE, GROUND)
    half = (SIZE[0] - 2 * MARGIN) // 2
    for seat, player in enumerate(view["players"]):
        x = MARGIN + seat * half
        acting = player in view["to_act"]
        card = panel((half - 10, 60), FRAME, GOLD if acting else HOLE, 3 if acting else 1, GROUND)
        image.paste(card, (x, 15))
        pen = ImageDraw.Draw(image)
        pen.ellipse((x + 14, 30, x + 44, 60), fill=DISCS[seat])
        name = display_name(names, player, 24, half - 80, fallback=tr(player_seat(seat + 1), lang))
        draw_text(image, (x + 56, 45), name, 24, INK, anchor="lm")
    top = HEADER + MARGIN
    image.paste(panel((len(COLUMNS) * CELL, ROWS * CELL), FRAME, FRAME, 1, GROUND), (MARGIN, top))
    pen = ImageDraw.Draw(image)
    ringed = set(view.get("line") or []) | ({view["last"]} if view.get("last") else set())
    for col, letter in enumerate(COLUMNS):
        x0 = MARGIN + col * CELL
        draw_text(image, (x0 + CELL / 2, top + ROWS * CELL + LABELS / 2 + 4), letter, 26, DIM,
                  anchor="mm")
        for row in range(ROWS):
            y0 = top + (ROWS - 1 - row) * CELL
            seat = view["board"].get(f"{letter}{row + 1}")
            fill = HOLE if seat is None else DISCS[seat]
            box = (x0 + 10, y0 + 10, x0 + CELL - 10, y0 + CELL - 10)
            pen.ellipse(box, fill=fill, outline=INK if f"{letter}{row + 1}" in ringed else None,
                        width=6)
    return encode_png(image)


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The grid in words: a sentence per player naming their discs, column by column."""
    seats = []
    for seat, player in enumerate(view["players"]):
        squares = sorted((s for s, owner in view["board"].items() if owner == seat),
                         key=lambda s: (s[0], int(s[1:])))
        seats.append(_("{name}: {squares}.", name=names.get(player, player),
                       squares=join(squares) if squares else _("no discs yet")))
    return sentence(_("Connect Four grid."), *seats)


def prepare() -> None:
    """Nothing to cache: the grid is a few circles."""


#: Connect Four's pictures; the game's registration (``engine.py``) names this record.
RECORD = GameRenderer(game="connect_four", board=render, prepare=prepare, alt_text=alt_text)
