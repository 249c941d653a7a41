"""The whole board image: the panels composed in the order the layout gives, and the warm-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from games.aqua import geometry as geo
from games.aqua.material import HOT, TILES

from ..common import encode_png
from .art import hot, market_tile, rhombus, shape_icon, site_label, snail, token, well, well_label
from .layout import plan
from .panels import _draw_area, _draw_footer, _draw_header, _draw_market, _draw_result, slot_badge
from .style import (
    BG, CARD, COLOURS, FAINT, GOLD, HEX_SIZES, LABEL_RADIUS, MARKET_HEX, SHAPES, SPECIES, WIDTH,
    as_view, palette)

# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None,
           lang: str = "en") -> bytes:
    """PNG bytes: the market and the areas of :func:`plan` (``focus``: that player's area),
    its words in ``lang``."""
    return encode_png(draw(view, names, focus, lang))


def draw(view: Mapping[str, Any], names: Mapping[str, str], focus: str | None = None,
         lang: str = "en") -> Image.Image:
    """The picture as a palette image (``render`` encodes it); reads ``view`` only."""
    view = as_view(view)
    layout = plan(view, names, focus, lang)
    over = bool(view.get("result"))
    canvas = palette().canvas((WIDTH, layout.height), BG)
    _draw_header(canvas, view, names, layout, lang)
    if not over:
        _draw_market(canvas, view, names, layout.header_h, lang)
    for panel in layout.panels:
        _draw_area(canvas, view, names, panel, lang)
    if over:
        _draw_result(canvas, view, names, layout.footer_top, lang)
    else:
        nxt = next(p.player for p in layout.panels if p.role == "next")
        _draw_footer(canvas, view, names, nxt, layout.footer_top, lang)
    return canvas


# ----- warm-up ---------------------------------------------------------------------------------


def prepare() -> None:
    """Draw the art every board needs now (about a second), not during players' moves."""
    palette()
    for code in TILES:
        market_tile(code, MARKET_HEX)
    for number in range(1, 6):
        slot_badge(number)
    for species in SPECIES:
        for points in (0, 2, 3):
            token(species, points, points == 0, False, 46, CARD)
    for shape in SHAPES:
        shape_icon(shape, 40, GOLD)
        shape_icon(shape, 40, FAINT)
    snail(24, CARD)
    snail(44, CARD)
    near = [(q, r) for q in range(-LABEL_RADIUS, LABEL_RADIUS + 1)
            for r in range(-LABEL_RADIUS, LABEL_RADIUS + 1)
            if geo.distance((q, r), (0, 0)) <= LABEL_RADIUS]
    for size in HEX_SIZES:
        for colour in (*COLOURS, HOT):
            for direction in geo.DIRS:
                rhombus(colour, direction, size)
        for fits in (True, False):
            well(size, fits)
        hot(size)
        for species in SPECIES:
            for points in (2, 3):
                token(species, points, False, False, size)
        for q, r in near:
            text = f"{q},{r}"
            well_label(text, size, True)
            well_label(text, size, False)
            site_label(text, size)
