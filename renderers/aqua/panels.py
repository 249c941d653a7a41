"""The picture's panels, drawn onto the palette canvas: header cards, market, areas, footer,
result."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from catalogs import tr
from games.aqua import geometry as geo
from games.aqua.material import (
    ANIMAL_WORDS, HOT, LARGE_ANIMALS, RATING_WORDS, SHAPE_WORDS, SPECIES_WORDS)
from games.aqua.view import AquaView, AreaView, LargeView
from games.text import Text, plural, translator

from ..common import (
    LAST_MOVE, MOVE_SHOWN, RESIGNED, SHARED_WIN, TO_MOVE, WINNER, fit_text, fitted, fitted_lines,
    paragraph, paste, text_width, win_headline)
from .art import (
    PSprite, _hex_points, bake, empty_habitat, hot, market_tile, overlay, panel, pill, put,
    put_centred, put_text, put_tile, ring, shape_icon, site_label, snail, token, well, well_label)
from .layout import AreaLayout, Panel, Plan, _footer_height, _just_placed, _name, _total
from .style import (
    ACCENT, BG, CARD, CARD_EDGE, CARD_H, COLOURS, DIM, FAINT, FOOTER_H, GOLD, HEADER_TOP, HILITE,
    HOT_DARK, HOT_GLOW, MARGIN, MARKET_H, MARKET_HEX, SHADOW, SHAPES, SPECIES, SQ3, SS, TEXT,
    THUMB_H, THUMB_MAX_HEX, TOKEN, WIDTH, _animal, _code, _colours, _pos, area_of, ink, score_of)
from .words import ECOSYSTEM_WORDS, LEGEND

_ = translator("aqua")
_n = plural(_)

# ----- header ----------------------------------------------------------------------------------


def _draw_header(canvas: Image.Image, view: AquaView, names: Mapping[str, str],
                 layout: Plan, lang: str) -> None:
    """Title, round and deck; one card per player: name, score, animals, the snail, and (with
    several players) a thumbnail of their area."""
    players = [str(p) for p in view.get("players") or []]
    result = view.get("result")
    rnd = int(view.get("round") or 1)
    rounds = int(view.get("rounds") or 17)
    put_text(canvas, (MARGIN + 4, 44), "AQUA", 40, ACCENT, BG, "ls", 1)
    status = tr(_("Game over") if result else _("Round {n} of {rounds}", n=rnd, rounds=rounds),
                lang)
    x = MARGIN + 4 + text_width("AQUA", 40, 1) + 20
    put_text(canvas, (x, 44), status, 28, TEXT, BG, "ls", 1)
    x += text_width(status, 28, 1) + 20
    deck = int(view.get("deck") or 0)
    info = [tr(_n("{n} tile in the deck", "{n} tiles in the deck", deck), lang)]
    if (view.get("options") or {}).get("ecosystems") == "family":
        info.append(tr(_("family game"), lang))
    if view.get("solo"):
        info.append(tr(_("solo"), lang))
    put_text(canvas, (x, 44), "  ·  ".join(info), 22, DIM, BG, "ls")
    to_act = set(view.get("to_act") or [])
    winners = set((result or {}).get("winners") or [])
    last = view.get("last") or {}
    for p, box in zip(players, card_boxes(len(players), layout.thumbs)):
        cx, y, x1, y1 = box
        card_w, card_h = x1 - cx, y1 - y
        active = p in to_act and not result
        won = p in winners
        edge, edge_w = (ACCENT, 3) if active else (GOLD, 3) if won else (CARD_EDGE, 2)
        panel(canvas, (cx, y, cx + card_w, y + card_h), CARD, edge, edge_w)
        total = str(_total(view, p))
        score_w = text_width(total, 42, 1)
        name, size = fitted(_name(view, names, p, 26, 10_000, 1, lang), 26,
                            card_w - 40 - score_w, 1, 16)
        put_text(canvas, (cx + 16, y + 42), name, size, TEXT, CARD, "ls", 1)
        put_text(canvas, (cx + card_w - 14, y + 48), total, 42, GOLD if won else TEXT, CARD,
                 "rs", 1)
        area = area_of(view, p)
        small, large = len(area.get("animals") or {}), len(area.get("large") or [])
        line = tr(_("{small}, {large}", small=_n("{n} small", "{n} small", small),
                    large=_n("{n} large", "{n} large", large)), lang)
        room = card_w - 30
        if view.get("snail") == p:
            sprite = snail(24, CARD)
            put(canvas, sprite, (cx + card_w - sprite[0].width - 12, y + CARD_H - 34))
            room -= sprite[0].width + 8
        put_text(canvas, (cx + 16, y + 76), fit_text(line, 19, room), 19, DIM, CARD, "ls")
        if layout.thumbs:
            placed = None
            if last.get("player") == p and last.get("kind") == "take" and last.get("pos"):
                placed = _pos(last["pos"])
            _draw_thumb(canvas, area, thumb_box(box), placed)
        tag = None
        if active:
            tag = pill(tr(TO_MOVE, lang), 16, ACCENT, CARD)
        elif won:
            tag = pill(tr(WINNER if len(winners) == 1 else SHARED_WIN, lang), 16, GOLD, CARD)
        elif p in (view.get("resigned") or []):
            tag = pill(tr(RESIGNED, lang), 16, FAINT, CARD)
        if tag is not None:
            overlay(canvas, tag, (cx + 12, y - tag.height // 2))


def card_boxes(players: int, thumbs: bool) -> list[tuple[int, int, int, int]]:
    """The players' cards in the header, in seat order."""
    n = max(1, players)
    gap = 12
    card_w = (WIDTH - 2 * MARGIN - gap * (n - 1)) // n if n > 1 else 460
    card_h = CARD_H + (THUMB_H if thumbs else 0)
    return [(MARGIN + i * (card_w + gap), HEADER_TOP, MARGIN + i * (card_w + gap) + card_w,
             HEADER_TOP + card_h) for i in range(players)]


def thumb_box(card: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Where the thumbnail of the card's player's area goes."""
    x0, y0, x1, y1 = card
    return x0 + 10, y0 + CARD_H - 2, x1 - 10, y1 - 10


def _draw_thumb(canvas: Image.Image, area: AreaView, box: tuple[int, int, int, int],
                placed: tuple[int, int] | None) -> None:
    """A player's area in miniature: corals, the hot spot, animals as dots (gold: covered by a
    large animal), the tile just placed outlined in white. Plain polygons: at this size
    anti-aliasing would only blur it."""
    tiles = {_pos(k): _colours(v) for k, v in (area.get("tiles") or {}).items()}
    if not tiles:
        return
    x0, y0, x1, y1 = box
    xs = [geo.tile_centre(p, 1.0)[0] for p in tiles]
    ys = [geo.tile_centre(p, 1.0)[1] for p in tiles]
    units_w = max(xs) - min(xs) + SQ3
    units_h = max(ys) - min(ys) + 2
    size = min((x1 - x0) / units_w, (y1 - y0) / units_h, THUMB_MAX_HEX)
    ox = (x0 + x1) / 2 - (min(xs) + max(xs)) / 2 * size
    oy = (y0 + y1) / 2 - (min(ys) + max(ys)) / 2 * size
    d = ImageDraw.Draw(canvas)
    seam = ink(CARD)
    for pos, colours in tiles.items():
        tx, ty = geo.tile_centre(pos, size)
        cx, cy = ox + tx, oy + ty
        for i, direction in enumerate(geo.DIRS):
            corners = [(0.0, 0.0)] + [geo.CORNERS[k] for k in geo.RHOMBUS[direction]]
            pts = [(cx + ux * size, cy + uy * size) for ux, uy in corners]
            colour = HOT_DARK if colours[i] == HOT else COLOURS[colours[i]]
            d.polygon(pts, fill=ink(colour), outline=seam)
    if any(HOT in c for c in tiles.values()):
        sx, sy = geo.site_centre((0, 0), size)
        r = max(2.0, size * 0.3)
        d.ellipse((ox + sx - r, oy + sy - r, ox + sx + r, oy + sy + r), fill=ink(HOT_GLOW))
    covered = {str(s) for big in area.get("large") or [] for s in big.get("sites") or []}
    for key in area.get("animals") or {}:
        sx, sy = geo.site_centre(_pos(key), size)
        r = max(2.0, size * 0.32)
        d.ellipse((ox + sx - r, oy + sy - r, ox + sx + r, oy + sy + r),
                  fill=ink(GOLD if key in covered else TOKEN))
    if placed is not None and placed in tiles:
        tx, ty = geo.tile_centre(placed, size)
        pts = _hex_points(ox + tx, oy + ty, size)
        d.line([*pts, pts[0]], fill=ink(HILITE), width=2)


# ----- market ----------------------------------------------------------------------------------


def _draw_market(canvas: Image.Image, view: AquaView, names: Mapping[str, str],
                 top: int, lang: str) -> None:
    """The market tiles at rotation 0 with their slot numbers, and the snail if it is there."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + MARKET_H - 14), CARD, CARD_EDGE, 2)
    market = [_code(t) for t in view.get("market") or []]
    title = tr(_("MARKET"), lang)
    put_text(canvas, (MARGIN + 20, top + 36), title, 24, DIM, CARD, "ls", 1)
    hint = tr(_("badge: slot number; tiles shown at rot 0, rot 1 and rot 2 turn them clockwise")
              if market else _("empty until the next round"), lang)
    x = MARGIN + 20 + text_width(title, 24, 1) + 14
    hint, size = fitted(hint, 20, WIDTH - MARGIN - 20 - x, 0, 16)
    put_text(canvas, (x, top + 36), hint, size, FAINT, CARD, "ls")
    where = view.get("snail")
    slot_w = 150
    n = len(market) + (1 if where == "market" else 0)
    start = MARGIN + (WIDTH - 2 * MARGIN - n * slot_w) // 2
    note: list[str] = []
    note_size = 20
    if where and where != "market":  # who took the snail, right of the tiles
        who = _name(view, names, str(where), 20, 260, 0, lang)
        said = tr(_("snail taken: {player}", player=who), lang)
        right = WIDTH - MARGIN - 20
        if start + n * slot_w + 16 + text_width(said, 20) > right:  # the tiles move left
            start = max(MARGIN + 10, right - 16 - text_width(said, 20) - n * slot_w)
        note, note_size = fitted_lines(said, 20, right - start - n * slot_w - 16, 2, 0, 14)
    cy = top + 112
    for i, code in enumerate(market):
        cx = start + i * slot_w + slot_w / 2
        put_centred(canvas, market_tile(code, MARKET_HEX), (cx, cy))
        put_centred(canvas, slot_badge(i + 1), (cx - MARKET_HEX * 1.02, cy - MARKET_HEX * 0.92))
        put_text(canvas, (cx, cy + MARKET_HEX + 30), code, 22, TEXT, CARD, "ms", 1)
    if where == "market":
        cx = start + len(market) * slot_w + slot_w / 2
        put_centred(canvas, snail(44, CARD), (cx, cy - 6))
        put_text(canvas, (cx, cy + MARKET_HEX + 30), tr(_("snail"), lang), 22, GOLD, CARD, "ms",
                 1)
    step = note_size + 4
    bottom = top + MARKET_H - 34
    for k, line in enumerate(note):
        put_text(canvas, (WIDTH - MARGIN - 20, bottom - (len(note) - 1 - k) * step), line,
                 note_size, GOLD, CARD, "rs")
    if len(note) > 1:
        widest = max(text_width(line, note_size) for line in note)
        paragraph(canvas, note, note_size, (WIDTH - MARGIN - 20 - widest,
                                            bottom - len(note) * step, WIDTH - MARGIN - 20,
                                            bottom + 6))


@lru_cache(maxsize=16)
def slot_badge(number: int) -> PSprite:
    return bake(pill(str(number), 22, ACCENT, CARD), CARD)


def _draw_area(canvas: Image.Image, view: AquaView, names: Mapping[str, str],
               where: Panel, lang: str) -> None:
    """One player's tiles, free positions, animals and large animals, with coordinates."""
    who, layout = where.player, where.layout
    area = area_of(view, who)
    x0, top, x1, bottom = where.box
    active = view.get("active")
    over = bool(view.get("result"))
    won = who in ((view.get("result") or {}).get("winners") or [])
    edge, edge_w = ((ACCENT, 3) if who == active and not over else (GOLD, 3) if won and over
                    else (CARD_EDGE, 2))
    panel(canvas, (x0, top, x1, bottom), CARD, edge, edge_w)
    inner = x1 - x0 - 40
    score = score_of(view, who)
    eco = sum(int(v) for v in (score.get("ecosystems") or {}).values())
    parts = [tr(_("large {n}", n=score.get("large", 0)), lang),
             tr(_("small {n}", n=score.get("small", 0)), lang)]
    if (view.get("options") or {}).get("ecosystems") != "family":
        parts += [tr(_("reefs {n}", n=score.get("reefs", 0)), lang),
                  tr(_("eco {n}", n=eco), lang)]
    hint_colour = ACCENT if who == active and not over else TEXT if where.role == "moved" else FAINT
    if where.wide:
        line = "  ·  ".join(parts) + f"  =  {score.get('total', 0)}"
        put_text(canvas, (x1 - 20, top + 40), line, 22, DIM, CARD, "rs")
        room = inner - text_width(line, 22) - 20
        title, size = fitted(_area_title(view, names, who, lang), 28, room, 1, 19)
        put_text(canvas, (x0 + 20, top + 40), title, size, TEXT, CARD, "ls", 1)
        line_y = top + 76
    else:
        total = str(score.get("total", 0))
        put_text(canvas, (x1 - 18, top + 44), total, 34, GOLD if won else TEXT, CARD, "rs", 1)
        room = inner - text_width(total, 34, 1) - 16
        title, size = fitted(_area_title(view, names, who, lang), 26, room, 1, 18)
        put_text(canvas, (x0 + 20, top + 40), title, size, TEXT, CARD, "ls", 1)
        put_text(canvas, (x0 + 20, top + 68), fit_text(" · ".join(parts), 20, inner), 20,
                 DIM, CARD, "ls")
        line_y = top + 96
    hint_size = 20 if not where.wide else 21
    for lines in where.wrapped:
        if len(lines) > 1:  # a hint wrapped over several lines (``wrap`` balances them)
            widest = max(text_width(line, hint_size) for line in lines)
            paragraph(canvas, lines, hint_size, (x0 + 20, line_y - hint_size,
                                                 x0 + 20 + widest, line_y + 28 * (len(lines) - 1) + 6))
        for line in lines:
            put_text(canvas, (x0 + 20, line_y), line, hint_size, hint_colour, CARD, "ls")
            line_y += 28
    tag = None
    if where.role == "moved":  # a hint's or a review's picture shows a move not yet made
        tag = pill(tr(MOVE_SHOWN if (view.get("last") or {}).get("shown") else LAST_MOVE, lang),
                   16, HILITE, CARD)
    elif who == active and not over and len(view.get("players") or []) > 1:
        tag = pill(tr(TO_MOVE, lang), 16, ACCENT, CARD)
    elif won and over and where.role == "final":
        tag = pill(tr(WINNER if len((view.get("result") or {}).get("winners") or []) == 1
                      else SHARED_WIN, lang), 16, GOLD, CARD)
    if tag is not None:
        overlay(canvas, tag, (x1 - tag.width - 16, top - tag.height // 2))

    size = layout.size
    tiles = {_pos(k): _colours(v) for k, v in (area.get("tiles") or {}).items()}
    frontier = [_pos(k) for k in area.get("frontier") or []] if where.wells else []
    legal = {_pos(k) for k in view.get("legal_positions") or []} if who == active else set()
    for pos in frontier:
        x, y = layout.tile(pos)
        fits = pos in legal
        put_centred(canvas, well(size, fits), (x, y))
        label, dx, dy = well_label(f"{pos[0]},{pos[1]}", size, fits)
        paste(canvas, label, (round(x) + dx, round(y) + dy))
    for pos in sorted(tiles, key=geo.reading_key):
        put_tile(canvas, tiles[pos], size, layout.tile(pos))
    if any(HOT in c for c in tiles.values()):
        put_centred(canvas, hot(size), layout.site((0, 0)))
    last = view.get("last") or {}
    if not over and last.get("player") == who and last.get("kind") == "take" and last.get("pos"):
        spot = _pos(last["pos"])
        if spot in tiles:
            art = ring(size)
            x, y = layout.tile(spot)
            overlay(canvas, art, (x - art.width / 2, y - art.height / 2))

    animals = area.get("animals") or {}
    fresh, fresh_large = _just_placed(view, who)
    if who == active:
        fresh |= set(view.get("placed_this_turn") or [])
    habitats = list(area.get("habitats") or [])
    for key in habitats:
        if key in animals:
            continue
        site = _pos(key)
        colours = {tiles.get(t, "???")[i] for t, i in zip(geo.site_tiles(site), (0, 1, 2))}
        colour = next(iter(colours)) if len(colours) == 1 else None
        if colour in COLOURS:
            put_centred(canvas, empty_habitat(colour, size), layout.site(site))
    for key in sorted(animals, key=lambda k: geo.reading_key(_pos(k))):
        species, points, covered = _animal(animals[key])
        put_centred(canvas, token(species, points, covered, key in fresh, size),
                    layout.site(_pos(key)))
    covered_sites: set[str] = set()
    for big in area.get("large") or []:
        covered_sites |= {str(s) for s in big.get("sites") or []}
        _draw_large_outline(canvas, big, layout)
    if where.role != "final":  # the finished areas are small; no move will name a site again
        for key in habitats:
            if key in covered_sites:
                continue  # never needed in a move again: the large animal's name goes there
            x, y = layout.site(_pos(key))
            plate = site_label(key, size)
            paste(canvas, plate, (round(x - plate.width / 2),
                                  round(y + size * 0.56 - plate.height / 2)))
    taken: list[tuple[float, float, float, float]] = []  # the large animals' labels so far
    for big in area.get("large") or []:
        new = bool(fresh_large) and {str(s) for s in big.get("sites") or []} == fresh_large
        _draw_large_label(canvas, big, layout, new, lang, taken)


def _large_sites(big: LargeView) -> list[tuple[int, int]]:
    return [_pos(s) for s in big.get("sites") or []]


def _draw_large_outline(canvas: Image.Image, big: LargeView, layout: AreaLayout) -> None:
    """A gold band around the sites a large animal covers."""
    sites = _large_sites(big)
    if not sites:
        return
    pattern = geo.normalise(sites)
    first = min(sites, key=geo.reading_key)
    art, dx, dy = outline(pattern, layout.size)
    x, y = layout.site(first)
    overlay(canvas, art, (x + dx, y + dy))


@lru_cache(maxsize=128)
def outline(pattern: tuple[tuple[int, int], ...], size: int) -> tuple[Image.Image, float, float]:
    """RGBA gold band around sites ``pattern`` (normalised), and its offset from the first site."""
    pts = [geo.site_centre(s, size) for s in pattern]
    r = size * 0.55
    pad = r + 10
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    x1, y1 = max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad
    w, h = math.ceil(x1 - x0), math.ceil(y1 - y0)
    k = SS

    def blob(radius: float) -> Image.Image:
        mask = Image.new("L", (w * k, h * k), 0)
        d = ImageDraw.Draw(mask)
        local = [((px - x0) * k, (py - y0) * k) for px, py in pts]
        for i, (ax, ay) in enumerate(local):
            d.ellipse((ax - radius * k, ay - radius * k, ax + radius * k, ay + radius * k),
                      fill=255)
            for j in range(i + 1, len(local)):
                if pattern[j] in geo.neighbours(pattern[i]):
                    bx, by = local[j]
                    d.line([(ax, ay), (bx, by)], fill=255, width=round(2 * radius * k))
        return mask.reduce(k)

    inner = blob(r)
    art = Image.new("RGBA", (w, h), SHADOW + (0,))
    art.putalpha(ImageChops.subtract(blob(r + 8), inner))
    art.paste(GOLD + (255,), (0, 0, w, h), ImageChops.subtract(blob(r + 6), inner))
    ox, oy = geo.site_centre(pattern[0], size)
    return art, x0 - ox, y0 - oy


def _draw_large_label(canvas: Image.Image, big: LargeView, layout: AreaLayout, new: bool,
                      lang: str, taken: list[tuple[float, float, float, float]]) -> None:
    """The large animal's name and points, below its lowest site (where a site label was);
    white when it was placed in the turn just played. Where an earlier label (``taken``)
    lies there, it goes above its highest site, or beside; its box joins ``taken``."""
    sites = _large_sites(big)
    if not sites:
        return
    size = layout.size
    shape = str(big.get("shape", ""))
    animal = big.get("animal") or LARGE_ANIMALS.get(shape, {}).get(str(big.get("side", "A")), "")
    word = ANIMAL_WORDS.get(str(animal))
    named = tr(word, lang) if word is not None else str(animal)
    label = f"{named} {big.get('points', '')}".strip()
    tag = pill(label, max(14, round(size * 0.3)), HILITE if new else GOLD, TOKEN)
    low = max(sites, key=lambda s: (layout.site(s)[1], -layout.site(s)[0]))
    high = min(sites, key=lambda s: (layout.site(s)[1], layout.site(s)[0]))
    (lx, ly), (hx, hy) = layout.site(low), layout.site(high)
    w, h = tag.width, tag.height
    spots = [(lx - w / 2, ly + size * 0.46 - 2), (hx - w / 2, hy - size * 0.46 - h + 2),
             (lx - w / 2, ly + size * 0.46 + h), (lx + size * 0.5, ly - h / 2),
             (lx - size * 0.5 - w, ly - h / 2)]

    def free(x: float, y: float) -> bool:
        return not any(x < b[2] and b[0] < x + w and y < b[3] and b[1] < y + h for b in taken)

    x, y = next(((x, y) for x, y in spots if free(x, y)), spots[0])
    taken.append((x, y, x + w, y + h))
    overlay(canvas, tag, (x, y))


def _area_title(view: AquaView, names: Mapping[str, str], who: str, lang: str) -> str:
    return tr(_("{player}'s area", player=_name(view, names, who, 28, 10_000, 1, lang)), lang)


# ----- footer ----------------------------------------------------------------------------------


def _draw_footer(canvas: Image.Image, view: AquaView, names: Mapping[str, str],
                 who: str, top: int, lang: str) -> None:
    """Large animals left (shape, values), small animals left, the ecosystems in play (scored
    for ``who``), and a legend of the marks and numbers on the areas."""
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + FOOTER_H), CARD, CARD_EDGE, 2)
    x0 = MARGIN + 20
    title = tr(_("LARGE ANIMALS"), lang)
    put_text(canvas, (x0, top + 36), title, 22, DIM, CARD, "ls", 1)
    x = x0 + text_width(title, 22, 1) + 14
    hint, size = fitted(tr(_("points left, next first; they cover animals of different species, "
                             "one new"), lang), 20, WIDTH - MARGIN - 20 - x, 0, 15)
    put_text(canvas, (x, top + 36), hint, size, FAINT, CARD, "ls")
    stacks = view.get("large_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SHAPES)
    for i, shape in enumerate(SHAPES):
        cx = x0 + i * col_w
        values = list(stacks.get(shape) or [])
        icon = shape_icon(shape, 40, GOLD if values else FAINT)
        put(canvas, icon, (cx, top + 52 + (40 - icon[0].height) // 2))
        tx = cx + icon[0].width + 10
        said, size = fitted(tr(SHAPE_WORDS[shape], lang), 20, col_w - (tx - cx) - 6, 1)
        put_text(canvas, (tx, top + 70), said, size, TEXT if values else FAINT, CARD, "ls", 1)
        shown = " ".join(str(v) for v in values) if values else tr(_("none left"), lang)
        put_text(canvas, (tx, top + 94), shown, 20, GOLD if values else FAINT, CARD, "ls")
    y = top + 132  # the species names keep clear of the ecosystems heading below
    put_text(canvas, (x0, y), tr(_("SMALL ANIMALS LEFT"), lang), 22, DIM, CARD, "ls", 1)
    small = view.get("small_stacks") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // len(SPECIES)
    for i, species in enumerate(SPECIES):
        cx = x0 + i * col_w
        left = int(small.get(species, 0))
        value = 3 if left > 8 else 2 if left else 0
        put(canvas, token(species, value, left == 0, False, 46, CARD), (cx - 4, y + 8))
        put_text(canvas, (cx + 46, y + 40), tr(_("{n} left", n=left), lang), 20,
                 TEXT if left else FAINT, CARD, "ls")
        # the species' name under its token: a German name needs the column's whole width
        said, size = fitted(tr(SPECIES_WORDS[species], lang), 18, col_w - 12, 0, 15)
        put_text(canvas, (cx - 4, y + 74), said, size, DIM, CARD, "ls")
    y = top + 236
    ecosystems = [e for e in view.get("ecosystems") or [] if e in ECOSYSTEM_WORDS]
    mode = (view.get("options") or {}).get("ecosystems")
    title = tr(_("ECOSYSTEMS"), lang)
    put_text(canvas, (x0, y), title, 22, DIM, CARD, "ls", 1)
    label = tr(_("points for {player}'s area, if the game ended now",
                 player=_name(view, names, who, 20, 300, 0, lang)) if ecosystems else
               _("none: family game, only animals score") if mode == "family" else _("none"),
               lang)
    room = WIDTH - 2 * MARGIN - 60 - text_width(title, 22, 1)
    label, size = fitted(label, 20, room, 0, 16)
    put_text(canvas, (x0 + text_width(title, 22, 1) + 14, y), label, size, FAINT, CARD, "ls")
    mine = score_of(view, who).get("ecosystems") or {}
    col_w = (WIDTH - 2 * MARGIN - 40) // 2
    for i, eid in enumerate(ecosystems[:6]):
        cx = x0 + (i % 2) * (col_w + 10)
        cy = y + 34 + (i // 2) * 52
        points = int(mine.get(eid, 0))
        name, rule = (tr(t, lang) for t in ECOSYSTEM_WORDS[eid])
        put_text(canvas, (cx, cy), f"{eid} {name}", 20, GOLD if points else TEXT, CARD, "ls", 1)
        put_text(canvas, (cx + col_w - 24, cy), f"+{points}" if points else "0", 22,
                 GOLD if points else FAINT, CARD, "rs", 1)
        rule, size = fitted(rule, 18, col_w - 30, 0, 14)
        put_text(canvas, (cx, cy + 22), rule, size, DIM, CARD, "ls")
    y = top + FOOTER_H - 84
    for line in LEGEND:
        said, size = fitted(tr(line, lang), 19, WIDTH - 2 * MARGIN - 40, 0, 15)
        put_text(canvas, (x0, y), said, size, DIM, CARD, "ls")
        y += 26


def _draw_result(canvas: Image.Image, view: AquaView, names: Mapping[str, str],
                 top: int, lang: str) -> None:
    """Who won and the score of everybody, by category."""
    result = view.get("result") or {}
    players = [str(p) for p in view.get("players") or []]
    h = _footer_height(view)
    panel(canvas, (MARGIN, top, WIDTH - MARGIN, top + h), CARD, GOLD, 3)
    x0 = MARGIN + 24
    winners = [w for w in result.get("winners") or [] if w in players]
    detail = result.get("detail") or {}
    counts = detail.get("small_animals") or view.get("small_animals") or {}

    def name(p: str, size: int, room: int, stroke: int = 0) -> str:
        return _name(view, names, p, size, room, stroke, lang)

    why: Text | None = None
    if view.get("solo") and players:
        total = _total(view, players[0])
        rating = str(detail.get("rating") or "")
        headline = tr(_("Resigned") if result.get("outcome") == "lost" else
                      _("{n} points: {rating}", n=total,
                        rating=RATING_WORDS.get(rating) or rating), lang)
        why = _("solo rating: under 50 tide pool, 50 reef, 70 open ocean, 90 legend")
    else:
        headline = win_headline(winners, lambda p: name(p, 40, 700, 1), _("Shared win!"), lang)
        totals = sorted((_total(view, p) for p in players), reverse=True)
        if result.get("reason") == "resigned":
            quitters = ", ".join(name(p, 22, 200) for p in view.get("resigned") or [])
            why = _("ended early: {players} resigned", players=quitters)
        elif len(totals) > 1 and totals[0] == totals[1]:
            tied = [p for p in players if _total(view, p) == totals[0]]
            shown = ", ".join(f"{name(p, 22, 160)} {counts.get(p, '?')}" for p in tied)
            why = _("tie on {n} points, broken by small animals: {players}", n=totals[0],
                    players=shown)
    headline, size = fitted(headline, 40, WIDTH - 2 * MARGIN - 48, 1)
    put_text(canvas, (x0, top + 56), headline, size, GOLD, CARD, "ls", 1)
    if why is not None:
        said, size = fitted(tr(why, lang), 21, WIDTH - 2 * MARGIN - 48, 0, 17)
        put_text(canvas, (x0, top + 92), said, size, DIM, CARD, "ls")
    cols = [(_("large"), 430), (_("small"), 530), (_("reefs"), 630), (_("eco"), 720),
            (_("animals"), 830), (_("total"), 930)]
    y = top + 136
    for label, x in cols:
        put_text(canvas, (x, y), tr(label, lang), 20, DIM, CARD, "rs", 1)
    ranked = sorted(players, key=lambda p: (-_total(view, p), -int(counts.get(p, 0))))
    for i, p in enumerate(ranked):
        y = top + 136 + 46 * (i + 1)
        s = score_of(view, p)
        eco = sum(int(v) for v in (s.get("ecosystems") or {}).values())
        colour = GOLD if p in winners else TEXT
        put_text(canvas, (x0, y), name(p, 26, 330, 1), 26, colour, CARD, "ls", 1)
        values = [s.get("large", 0), s.get("small", 0), s.get("reefs", 0), eco,
                  counts.get(p, 0), s.get("total", 0)]
        for k, ((_label, x), v) in enumerate(zip(cols, values)):
            last = k == len(values) - 1
            put_text(canvas, (x, y), str(v), 26, colour if last else TEXT, CARD, "rs",
                     1 if last else 0)
    note = tr(_("large, small: animal points · reefs: reef points · eco: ecosystems · "
                "animals: small animals owned (the tie-break)"), lang)
    note, size = fitted(note, 18, WIDTH - 2 * MARGIN - 48, 0, 14)
    put_text(canvas, (x0, top + h - 24), note, size, DIM, CARD, "ls")
