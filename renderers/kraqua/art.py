"""Kraqua's cached art: animal and gem icons, fish, fields, reef tiles, the legend."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogs import tr
from games.kraqua import board as kb
from games.kraqua.state import CRITERION_WORDS, ROW_WORDS, animal_name, field_label
from games.text import Text, translator

from ..aqualin.glyphs import GLYPHS as ANIMAL_GLYPHS
from ..common import RGB, Box, draw_text, fitted, frame, paste, shrink, supersampled, text_width

_ = translator("kraqua")
from .style import (
    ACCENT, ARCH_Y, BG, CARD, CARD_EDGE, CELL, DEEP, DIM, FAINT, FISH_RGB, GAP, GEM_RGB, GLYPH_KEY,
    GOAL_Y, GOLD, HEIGHT, HIDDEN, INK_REEF, LANE0_Y, LANE_X, REEF, REEF_DARK, SAND, SAND_DARK,
    SHADOW, SPECIAL_RGB, SPOT_FILL, SS, STRIP, TEXT, TRACK, WATER, WATER_LIGHT, WIDTH,
    arch_field_y, field_box, palette, spot_box)

# ----- small glyphs ------------------------------------------------------------------------------


def _animal(d: ImageDraw.ImageDraw, letter: str, box: Box, fill: RGB, detail: RGB) -> None:
    ANIMAL_GLYPHS[GLYPH_KEY[letter]](d, box, fill, detail)


@lru_cache(maxsize=64)
def animal_icon(letter: str, size: int, fill: RGB, ground: RGB) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    _animal(d, letter, (0, 0, size * SS, size * SS), fill, ground)
    return shrink(im, SS)


def _shell_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
                line: RGB) -> None:
    d.pieslice((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=fill)
    d.rectangle((cx - r * 0.25, cy, cx + r * 0.25, cy + r * 0.35), fill=fill)
    for k in range(1, 6):
        a = math.pi + k * math.pi / 6
        d.line((cx, cy, cx + r * 0.95 * math.cos(a), cy + r * 0.95 * math.sin(a)), fill=line,
               width=max(1, round(r / 7)))


def _dolphin_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    d.arc((cx - r, cy - r * 0.7, cx + r, cy + r * 1.1), 200, 340, fill=fill, width=round(r * 0.45))
    d.polygon([(cx - r * 0.1, cy - r * 0.55), (cx + r * 0.2, cy - r * 1.0),
               (cx + r * 0.35, cy - r * 0.45)], fill=fill)
    d.polygon([(cx + r * 0.85, cy - r * 0.1), (cx + r * 1.15, cy - r * 0.45),
               (cx + r * 1.15, cy + r * 0.25)], fill=fill)


def _shark_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
                water: RGB) -> None:
    d.polygon([(cx - r * 0.7, cy + r * 0.35), (cx + r * 0.15, cy - r), (cx + r * 0.7, cy + r * 0.35)],
              fill=fill)
    w = max(2, round(r * 0.25))
    pts = [(cx - r * 1.1 + i * r * 0.22, cy + r * 0.45 + (r * 0.15 if i % 2 else 0)) for i in range(11)]
    d.line(pts, fill=water, width=w, joint="curve")


def _gem(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB | None,
         outline: RGB | None = None, width: int = 0) -> None:
    pts = [(cx, cy - r), (cx + r * 0.85, cy - r * 0.2), (cx, cy + r), (cx - r * 0.85, cy - r * 0.2)]
    d.polygon(pts, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=32)
def gem_icon(colour: str, size: int, ground: RGB, hollow: bool = False) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    c = GEM_RGB[colour]
    s = size * SS
    if hollow:
        _gem(d, s / 2, s / 2, s * 0.42, None, c, max(2, s // 12))
    else:
        _gem(d, s / 2, s / 2, s * 0.42, c)
        d.polygon([(s / 2, s / 2 - s * 0.42), (s / 2 + s * 0.36, s / 2 - s * 0.08),
                   (s / 2, s / 2 - s * 0.02)], fill=tuple(min(255, v + 50) for v in c))
    return shrink(im, SS)


@lru_cache(maxsize=8)
def shell_icon(size: int, ground: RGB, filled: bool) -> Image.Image:
    im, d = supersampled((size, size), SS, ground)
    s = size * SS
    if filled:
        _shell_icon(d, s / 2, s * 0.62, s * 0.45, SPECIAL_RGB["shell"], ground)
    else:
        r = s * 0.45
        d.pieslice((s / 2 - r, s * 0.62 - r, s / 2 + r, s * 0.62 + r), 180, 360,
                   outline=CARD_EDGE, width=2 * SS)
    return shrink(im, SS)


# ----- fish --------------------------------------------------------------------------------------

FISH_SCALE = {"green": 0.72, "yellow": 0.86, "red": 1.0}


@lru_cache(maxsize=16)
def fish_sprite(colour: str, size: int) -> Image.Image:
    """An RGBA fish wearing its hat, scaled by its size (small, medium, big)."""
    im, d = supersampled((size, size), SS, (0, 0, 0, 0), "RGBA")
    s = size * SS
    scale = FISH_SCALE[colour]
    body = s * scale
    x0 = (s - body) / 2
    y0 = s - body * 0.86 - s * 0.04
    box = (round(x0), round(y0), round(x0 + body), round(y0 + body))
    fill = FISH_RGB[colour] + (255,)
    outline = SHADOW + (255,)
    # outline: the same glyph a little bigger in dark, then the fish
    grow = s * 0.035
    # The glyphs are typed for opaque colours on whole pixels; the fish is drawn with alpha
    # and a fractional outline box, which Pillow takes as well.
    glyph: Callable[..., None] = ANIMAL_GLYPHS["F"]
    glyph(d, (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow), outline, outline)
    glyph(d, box, fill, outline)
    # the hat sits on the head (the fish faces left: head near x 0.25 of its box)
    hx = box[0] + body * 0.28
    top = box[1] + body * 0.27
    hat = (30, 30, 36, 255)
    band = fill
    u = body
    if colour == "red":  # top hat
        d.rectangle((hx - u * 0.14, top - u * 0.34, hx + u * 0.14, top), fill=hat)
        d.rectangle((hx - u * 0.24, top - u * 0.04, hx + u * 0.24, top + u * 0.03), fill=hat)
        d.rectangle((hx - u * 0.14, top - u * 0.1, hx + u * 0.14, top - u * 0.05), fill=band)
    elif colour == "green":  # sombrero
        d.ellipse((hx - u * 0.36, top - u * 0.07, hx + u * 0.36, top + u * 0.06),
                  fill=(196, 150, 60, 255), outline=outline, width=max(1, round(s * 0.01)))
        d.pieslice((hx - u * 0.14, top - u * 0.3, hx + u * 0.14, top + u * 0.1), 180, 360,
                   fill=(196, 150, 60, 255), outline=outline, width=max(1, round(s * 0.01)))
    else:  # bowler
        d.pieslice((hx - u * 0.17, top - u * 0.28, hx + u * 0.17, top + u * 0.06), 180, 360,
                   fill=hat)
        d.rectangle((hx - u * 0.23, top - u * 0.02, hx + u * 0.23, top + u * 0.03), fill=hat)
    return shrink(im, SS)


# ----- cached art --------------------------------------------------------------------------------


def _special_mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float,
                  ground: RGB) -> None:
    if kind == "shell":
        _shell_icon(d, cx, cy + r * 0.2, r, SPECIAL_RGB["shell"], ground)
    elif kind == "dolphin":
        _dolphin_icon(d, cx - r * 0.15, cy + r * 0.1, r * 0.85, SPECIAL_RGB["dolphin"])
    else:
        _shark_icon(d, cx, cy, r, SPECIAL_RGB["shark"], WATER_LIGHT)


@lru_cache(maxsize=256)
def field_sprite(pos: int, protected: bool, hidden: bool, lang: str = "en") -> Image.Image:
    """One field of the path on its own ground: animal glyph, number, special mark (a start
    or goal field's label in ``lang``)."""
    size = CELL
    im, d = supersampled((size, size), SS, TRACK)
    s = size * SS
    inset = 3 * SS
    if hidden:
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=HIDDEN)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), "?", 30, FAINT, anchor="mm", stroke=1)
        return im
    ground = SAND if protected else DEEP
    ink = (86, 66, 40) if protected else (96, 150, 190)
    d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=ground)
    if pos <= 0:  # start fields
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=SAND,
                            outline=SAND_DARK, width=2 * SS)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), tr(field_label(pos), lang), 22, (86, 66, 40), anchor="mm",
                  stroke=1)
        return im
    if pos > 40:
        d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=10 * SS, fill=GOLD,
                            outline=(190, 140, 40), width=2 * SS)
        im = shrink(im, SS)
        draw_text(im, (size / 2, size / 2), tr(field_label(pos), lang), 24, (96, 64, 10), anchor="mm",
                  stroke=1)
        return im
    g = s * 0.2
    _animal(d, kb.FIELD_ANIMAL[pos], (round(g), round(g + s * 0.04), round(s - g),
                                      round(s - g + s * 0.04)), ink, ground)
    kind = kb.special(pos)
    if kind:
        r = s * 0.13
        cx, cy = s - r - inset - 2 * SS, r + inset + 2 * SS
        d.ellipse((cx - r * 1.25, cy - r * 1.25, cx + r * 1.25, cy + r * 1.25), fill=BG)
        _special_mark(d, kind, cx, cy, r, BG)
    im = shrink(im, SS)
    draw_text(im, (7, 5), str(pos), 15, ink, anchor="la", stroke=0)
    return im


@lru_cache(maxsize=64)
def tile_strip(tile: int, side: str) -> Image.Image:
    """A reef tile as laid along the path: three cells, reef or water, animal and number."""
    animal, cells = kb.TILES[tile][side]
    w, h = 3 * CELL, STRIP
    im, d = supersampled((w, h), SS, TRACK)
    r = 8 * SS
    d.rounded_rectangle((SS, 0, w * SS - SS, h * SS - 1), radius=r, fill=REEF_DARK)
    for k, cell in enumerate(cells):
        x0 = k * CELL * SS + 3 * SS
        x1 = (k + 1) * CELL * SS - 3 * SS
        fill = REEF if cell == "#" else WATER
        d.rounded_rectangle((x0, 3 * SS, x1, h * SS - 3 * SS), radius=6 * SS, fill=fill)
        if cell == "~":
            for j in range(3):
                y = (9 + j * 7) * SS
                pts = [(x0 + i * 6 * SS, y + (2 * SS if i % 2 else 0))
                       for i in range((x1 - x0) // (6 * SS) + 1)]
                d.line(pts, fill=WATER_LIGHT, width=2 * SS)
    im = shrink(im, SS)
    label_ground = REEF if cells[1] == "#" else WATER
    icon = animal_icon(animal, 26, TEXT if cells[1] == "~" else (80, 30, 26), label_ground)
    label = f"{tile}{side}"
    tw = text_width(label, 18, 1)
    x = CELL + (CELL - icon.width - 4 - tw) // 2
    im.paste(icon, (x, 4))
    draw_text(im, (x + icon.width + 4, h / 2), label, 18,
              TEXT if cells[1] == "~" else (80, 30, 26), anchor="lm", stroke=1)
    return im


def _lane_band(d: ImageDraw.ImageDraw, y0: int, y1: int, x0: int, x1: int) -> None:
    d.rounded_rectangle((x0 * 2, y0 * 2, x1 * 2, y1 * 2), radius=24, fill=TRACK)


@lru_cache(maxsize=12)
def background(revealed: int, lang: str = "en") -> Image.Image:
    """Everything fixed for this many revealed gates: the track, fields, empty spots; its
    labels in ``lang``."""
    w, h = WIDTH, HEIGHT
    im, d = supersampled((w, h), 2, BG)
    end = kb.PATH_END[revealed]
    # the track: lane bands and the turns between them
    lx0, lx1 = LANE_X - 10, LANE_X + 12 * CELL + 10
    _lane_band(d, LANE0_Y - 8, LANE0_Y + CELL + 8, LANE_X - 10, LANE_X + 7 * CELL + 10)
    for arch in range(3):
        _lane_band(d, ARCH_Y[arch] - 6, ARCH_Y[arch] + 2 * STRIP + CELL + 2 * GAP + 6, lx0, lx1)
    _lane_band(d, GOAL_Y - 8, GOAL_Y + CELL + 8, LANE_X + 9 * CELL - 10, lx1)
    turns = [  # (x, from y, to y): left turn 4->5, right 16->17, left 28->29, right 40->G1
        (LANE_X - 46, LANE0_Y + 10, arch_field_y(0) + CELL - 10),
        (LANE_X + 12 * CELL + 10, arch_field_y(0) + 10, arch_field_y(1) + CELL - 10),
        (LANE_X - 46, arch_field_y(1) + 10, arch_field_y(2) + CELL - 10),
        (LANE_X + 12 * CELL + 10, arch_field_y(2) + 10, GOAL_Y + CELL - 10),
    ]
    for x, y0, y1 in turns:
        d.rounded_rectangle((x * 2, y0 * 2, (x + 36) * 2, y1 * 2), radius=30, fill=TRACK)
    # empty reef spots
    for row in kb.ROWS:
        for spot in kb.SPOTS:
            x0, y0, x1, y1 = spot_box(row, spot)
            d.rounded_rectangle(((x0 + 3) * 2, y0 * 2, (x1 - 3) * 2, y1 * 2), radius=14,
                                outline=CARD_EDGE, width=2, fill=(20, 62, 94))
    im = shrink(im, 2)
    # the start reef: always protected
    for f in range(-2, 5):
        paste(im, field_sprite(f, True, False, lang), field_box(f)[:2])
    for f in range(5, 41):
        paste(im, field_sprite(f, False, f > end), field_box(f)[:2])
    for f in kb.GOAL:
        paste(im, field_sprite(f, True, revealed < 3, lang), field_box(f)[:2])
    for row in kb.ROWS:
        for spot in kb.SPOTS:
            bx0, by0, bx1, by1 = spot_box(row, spot)
            label, size = fitted(tr(spot_name(row, spot), lang), 16, bx1 - bx0 - 16, 0, 13)
            draw_text(im, ((bx0 + bx1) / 2, (by0 + by1) / 2), label, size, FAINT, anchor="mm")
    draw_text(im, (ANIMALS_X, LANE0_Y + 12), tr(_("START REEF  ·  always protected"), lang), 18, DIM,
              anchor="lm")
    _draw_animals(im, lang)
    draw_text(im, (LANE_X + 9 * CELL - 24, GOAL_Y + CELL / 2), tr(_("GOAL  ·  any animal"), lang),
              18, DIM, anchor="rm")
    _draw_legend(im, lang)
    return im


def spot_name(row: str, spot: int) -> Text:
    """A reef spot as the texts name it, in the reader's words: "outer 5" ("außen 5")."""
    return _("{row} {spot}", row=ROW_WORDS[row], spot=spot)


#: The animals' key, right of the start reef under its label: each animal's picture (as on
#: the fields, the tiles and the seats) with its name in the reader's words, two a row.
ANIMALS_X, ANIMALS_Y, ANIMALS_COLUMN = LANE_X + 7 * CELL + 24, LANE0_Y + 40, 190


def _draw_animals(im: Image.Image, lang: str) -> None:
    for k, letter in enumerate(kb.ANIMALS):
        x = ANIMALS_X + (k % 2) * ANIMALS_COLUMN
        y = ANIMALS_Y + (k // 2) * 28
        icon = animal_icon(letter, 24, DIM, BG)
        im.paste(icon, (x, y - 12))
        name, size = fitted(tr(animal_name(letter), lang), 17, ANIMALS_COLUMN - 40, 0, 14)
        draw_text(im, (x + 30, y), name, size, TEXT, anchor="lm")


#: The tile notation the texts use (``tile 7A (jellyfish #~#)``, the seats' hands), explained
#: beside the goal lane: each example is drawn as the cells it stands for.
LEGEND_EXAMPLES: tuple[tuple[str, str], ...] = (("###", _("reef on all three fields")),
                                                ("#~#", _("water in the middle field")))
LEGEND_TITLE = _("REEF TILES")
LEGEND_NOTE = _("# reef  ·  ~ water  ·  cells in path order")
LEGEND_SAFE = _("A field is protected when both tiles beside it show # there.")
LEGEND_X, LEGEND_Y = 34, GOAL_Y - 34  # below the third arch, left of the goal label
LEGEND_W = LANE_X + 9 * CELL - 24 - 190 - LEGEND_X  # the room up to the goal label


def _mini_cells(cells: str) -> Image.Image:
    """``#~#`` as three small cells, reef or water, each marked with its character."""
    w, h, gap = 24, 20, 3
    im, d = supersampled((3 * w + 2 * gap, h), SS, BG)
    for k, cell in enumerate(cells):
        x0 = k * (w + gap) * SS
        d.rounded_rectangle((x0, 0, x0 + w * SS, h * SS - 1), radius=5 * SS,
                            fill=REEF if cell == "#" else WATER)
    im = shrink(im, SS)
    for k, cell in enumerate(cells):
        draw_text(im, (k * (w + gap) + w / 2, h / 2 + 1), cell, 16,
                  INK_REEF if cell == "#" else TEXT, anchor="mm")
    return im


def _draw_legend(im: Image.Image, lang: str) -> None:
    x, y = LEGEND_X, LEGEND_Y
    title = tr(LEGEND_TITLE, lang)
    draw_text(im, (x, y + 8), title, 15, DIM, anchor="lm", stroke=1)
    note_x = x + max(104, text_width(title, 15, 1) + 12)
    draw_text(im, (note_x, y + 8), tr(LEGEND_NOTE, lang), 15, DIM, anchor="lm")
    for k, (cells, meaning) in enumerate(LEGEND_EXAMPLES):
        top = y + 22 + k * 26
        im.paste(_mini_cells(cells), (x, top))
        draw_text(im, (x + 104, top + 10), f"{cells}   {tr(meaning, lang)}", 17, TEXT,
                  anchor="lm")
    draw_text(im, (x, y + 84), tr(LEGEND_SAFE, lang), 15, DIM, anchor="lm")


@lru_cache(maxsize=12)
def background_p(revealed: int, lang: str = "en") -> Image.Image:
    return palette().to_p(background(revealed, lang))


@lru_cache(maxsize=256)
def field_p(pos: int) -> Image.Image:
    """A protected field, mapped onto the palette."""
    return palette().to_p(field_sprite(pos, True, False))


@lru_cache(maxsize=64)
def tile_p(tile: int, side: str) -> Image.Image:
    return palette().to_p(tile_strip(tile, side))


@lru_cache(maxsize=64)
def next_marker(row: str, spot: int, lang: str = "en") -> Image.Image:
    """The outlined "next i6" spot where a row grows next (P)."""
    x0, y0, x1, y1 = spot_box(row, spot)
    im = Image.new("RGB", (x1 - x0, y1 - y0), TRACK)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((3, 0, im.width - 4, im.height - 1), radius=7, outline=ACCENT, width=2,
                        fill=SPOT_FILL)
    said, size = fitted(tr(_("next: {spot}", spot=spot_name(row, spot)), lang), 16,
                        im.width - 16, 0, 13)
    draw_text(im, (im.width / 2, im.height / 2), said, size, ACCENT, anchor="mm")
    return palette().to_p(im)


@lru_cache(maxsize=256)
def gate_badge_p(number: int, criterion: str | None, order: tuple[str, ...],
                 passed: tuple[str, ...], lang: str = "en") -> Image.Image:
    return palette().to_p(gate_badge(number, criterion, order, passed, lang))


@lru_cache(maxsize=128)
def gate_badge(number: int, criterion: str | None, order: tuple[str, ...],
               passed: tuple[str, ...], lang: str = "en") -> Image.Image:
    w, h = 80, 172
    im, d = supersampled((w, h), SS, TRACK)
    edge = GOLD if criterion and len(passed) < 3 else CARD_EDGE
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=14 * SS, fill=CARD, outline=edge,
                        width=3 * SS)
    # the arch of the gate
    d.arc((14 * SS, 26 * SS, (w - 14) * SS, 70 * SS), 180, 360, fill=edge, width=5 * SS)
    im = shrink(im, SS)
    frame(im, (0, 0, w, h))
    draw_text(im, (w / 2, 18), tr(_("GATE {n}", n=number), lang), 16, TEXT, anchor="mm", stroke=1)
    if not criterion:
        draw_text(im, (w / 2, 90), "?", 40, FAINT, anchor="mm", stroke=1)
        draw_text(im, (w / 2, 140), tr(_("hidden"), lang), 16, FAINT, anchor="mm")
        return im
    said = tr(CRITERION_WORDS.get(criterion) or _("{criterion}", criterion=criterion), lang)
    said, size = fitted(said, 17, w - 8, 1)
    draw_text(im, (w / 2, 58), said, size, GOLD, anchor="mm", stroke=1)
    for k, colour in enumerate(order):
        y = 82 + k * 30
        sprite = fish_sprite(colour, 30)
        im.paste(sprite, (10, y - 15), sprite)
        draw_text(im, (52, y), f"{k + 1}.", 16, DIM, anchor="mm")
        if colour in passed:
            dd = ImageDraw.Draw(im)
            dd.line([(62, y), (67, y + 6), (76, y - 7)], fill=ACCENT, width=3)
    return im
