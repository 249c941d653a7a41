"""A review's picture: for each turning point, the board after the move played beside the
board after the move the search preferred, small, one row per turning point.

Pure like the board renderers: public views in (the game's own previews of each move, see
:mod:`games.ai.coach`), PNG bytes out, words in ``lang``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from catalogs import tr
from games.text import translator

from .common import GOLD, TEXT, draw_text, encode_png, fit_text
from . import render_board

_ = translator("common")

#: Each small board's width (the pair is twice this, with margins).
THUMB = 420
MARGIN = 16
TITLE = 24
CAPTION = 20
BACKGROUND = (13, 27, 42)


def _thumb(view: Mapping[str, Any], names: Mapping[str, str], lang: str) -> Image.Image:
    board = Image.open(io.BytesIO(render_board(view, names, lang=lang))).convert("RGB")
    height = round(board.height * THUMB / board.width)
    return board.resize((THUMB, height), Image.Resampling.LANCZOS)


def render_review(rows: Sequence[Mapping[str, Any]], names: Mapping[str, str],
                  lang: str = "en") -> bytes:
    """``rows``: ``{"title", "played", "preferred", "played_view", "preferred_view"}`` per
    turning point (the title already in words; the moves as notation)."""
    pieces = []
    for row in rows:
        pieces.append((row, _thumb(row["played_view"], names, lang),
                       _thumb(row["preferred_view"], names, lang)))
    width = 2 * THUMB + 3 * MARGIN
    row_height = [TITLE + CAPTION + 3 * MARGIN + max(a.height, b.height) for _r, a, b in pieces]
    image = Image.new("RGB", (width, sum(row_height) + MARGIN), BACKGROUND)
    y = MARGIN
    for (row, played, preferred), height in zip(pieces, row_height):
        draw_text(image, (MARGIN, y), fit_text(str(row["title"]), TITLE, width - 2 * MARGIN),
                  TITLE, TEXT)
        top = y + TITLE + MARGIN
        for i, (thumb, words, ink) in enumerate((
                (played, tr(_("PLAYED: {move}", move=row["played"]), lang), TEXT),
                (preferred, tr(_("BETTER: {move}", move=row["preferred"]), lang), GOLD))):
            x = MARGIN + i * (THUMB + MARGIN)
            draw_text(image, (x, top), fit_text(words, CAPTION, THUMB), CAPTION, ink)
            image.paste(thumb, (x, top + CAPTION + MARGIN // 2))
            if i == 1:  # the better move's board is framed in gold
                top_edge = top + CAPTION + MARGIN // 2
                ImageDraw.Draw(image).rectangle(
                    (x - 3, top_edge - 3, x + thumb.width + 3, top_edge + thumb.height + 3),
                    outline=GOLD, width=3)
        y += height
    return encode_png(image)
