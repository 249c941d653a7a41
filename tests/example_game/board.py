"""Fifteen's pictures: the public view in, PNG bytes out, drawn with the shared helpers of
:mod:`renderers.common`. Its one record is named by the game's registration, as every
renderer package's is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from catalogs import tr
from games.text import Text, join, translator
from renderers.common import display_name, draw_text, encode_png, panel, player_seat
from renderers.registry import GameRenderer

from PIL import Image

_ = translator("fifteen")

GROUND = (24, 44, 62)
CARD, EDGE, INK, DIM, GOLD = (38, 64, 88), (84, 120, 150), (236, 240, 244), (150, 170, 188), (240, 196, 70)
CELL, MARGIN, HEADER = 240, 40, 90
SIZE = (3 * CELL + 2 * MARGIN, 3 * CELL + 2 * MARGIN + HEADER)


def render(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """The board with the tiles placed, each player's points and whose turn it is; its words
    in ``lang``."""
    image = Image.new("RGB", SIZE, GROUND)
    for seat, player in enumerate(view["players"]):
        x = MARGIN + seat * (SIZE[0] - 2 * MARGIN) // 2
        acting = player in view["to_act"]
        card = panel(((SIZE[0] - 2 * MARGIN) // 2 - 10, 60), CARD, GOLD if acting else EDGE,
                     3 if acting else 1, GROUND)
        image.paste(card, (x, 15))
        name = display_name(names, player, 24, 280, fallback=tr(player_seat(seat + 1), lang))
        draw_text(image, (x + 14, 45), name, 24, INK, anchor="lm")
        draw_text(image, (x + card.width - 14, 45), str(view["scores"][seat]), 26, GOLD, anchor="rm")
    for row in range(3):
        for col in range(3):
            square = f"{'abc'[col]}{row + 1}"
            x0, y0 = MARGIN + col * CELL, HEADER + MARGIN + (2 - row) * CELL
            last = view.get("last") == square
            cell = panel((CELL - 8, CELL - 8), CARD, GOLD if last else EDGE, 3 if last else 1, GROUND)
            image.paste(cell, (x0 + 4, y0 + 4))
            tile = view["board"].get(square)
            if tile is None:
                draw_text(image, (x0 + CELL / 2, y0 + CELL / 2), square, 30, DIM, anchor="mm")
            else:
                draw_text(image, (x0 + CELL / 2, y0 + CELL / 2), str(tile), 96, INK, anchor="mm")
    return encode_png(image)


def render_hand(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """One player's hidden tiles, for their eyes only (a DM or ``/game hand``)."""
    image = Image.new("RGB", (SIZE[0], 300), GROUND)
    draw_text(image, (MARGIN, 40), tr(_("Your tiles"), lang), 28, INK, anchor="lm")
    for k, tile in enumerate(view.get("hand", [])):
        x0 = MARGIN + k * (CELL + 20)
        image.paste(panel((CELL - 8, CELL - 8), CARD, GOLD, 3, GROUND), (x0, 80))
        draw_text(image, (x0 + CELL / 2 - 4, 80 + CELL / 2 - 4), str(tile), 96, INK, anchor="mm")
    return encode_png(image)


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The board in words: points, then each placed tile."""
    scores = join([_("{name} {points}", name=names.get(p, p), points=view["scores"][i])
                   for i, p in enumerate(view["players"])])
    tiles = join([_("{tile} on {square}", tile=t, square=s) for s, t in sorted(view["board"].items())])
    return _("Fifteen board. Points: {scores}. Tiles: {tiles}.", scores=scores,
             tiles=tiles or _("none yet"))


def prepare() -> None:
    """Nothing to cache: the board is a few panels and numbers."""


#: Fifteen's pictures; the game's registration (``engine.py``) names this record.
RECORD = GameRenderer(game="fifteen", board=render, prepare=prepare, alt_text=alt_text,
                      hand=render_hand)
