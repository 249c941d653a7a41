"""The board image: the track with its fish and gates, the header and the players' panel;
and the warm-up of every cached piece."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from PIL import Image, ImageDraw

from catalogs import LANGUAGES, tr
from games.kraqua import board as kb
from games.kraqua.state import COLOUR_WORDS, chip_name, heard, is_said
from games.kraqua.view import KraquaView
from games.text import Notation, Text, chain, join, translator

from ..common import (
    RGB, draw_lines, draw_text, encode_png, fitted, fitted_lines, frame, paste, seat_name)
from .art import (
    animal_icon, background_p, field_p, fish_sprite, gate_badge_p, gem_icon, next_marker,
    shell_icon, tile_p)
from .style import (
    ACCENT, BG, CARD, CARD_EDGE, CELL, DEEP, DIM, FAINT, FISH_RGB, GOAL_Y, GOLD, HEADER_H, HEIGHT,
    LANE_X, PANEL_TOP, PANEL_Y, RED_ALERT, TEXT, WIDTH, _without_chip, arch_field_y, chip_of,
    field_box, palette, spot_box)


_ = translator("kraqua")
#: How big a fish is drawn on its field: it leaves the field's number in the corner free.
FISH_SIZE = CELL - 22


def prepare() -> None:
    """Build the cached art now rather than during the first player's render."""
    for lang in LANGUAGES:
        for revealed in (1, 2, 3):
            background_p(revealed, lang)
        header_base(lang)
        panel_base(lang)
    for tile, sides in kb.TILES.items():
        for side in sides:
            tile_p(tile, side)
    for f in range(5, 41):
        field_p(f)
    for colour in kb.FISH:
        fish_sprite(colour, FISH_SIZE)


# ----- the render ------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG bytes of the board for ``view`` (a public Kraqua view, as the renderer registry
    hands every game's view on), its words in ``lang``."""
    return encode_png(draw(cast(KraquaView, view), names, lang))


def _pos(name: Any) -> int:
    return kb.parse_field(str(name))


def draw(view: KraquaView, names: Mapping[str, str], lang: str = "en") -> Image.Image:
    revealed = int(view.get("revealed") or len(view.get("gates") or []) or 1)
    if revealed not in (1, 2, 3):
        raise ValueError(f"bad number of revealed gates: {revealed}")
    pal = palette()
    canvas = background_p(revealed, lang).copy()
    protected = {_pos(f) for f in view.get("protected") or []}
    for f in sorted(protected):
        if 5 <= f <= 40:
            canvas.paste(field_p(f), field_box(f)[:2])
    rows: Mapping[str, Mapping[str, Sequence[Any]]] = view.get("rows") or {}
    for row in kb.ROWS:
        for spot, tile in (rows.get(row) or {}).items():
            number, side = int(tile[0]), str(tile[1])
            if number not in kb.TILES or side not in kb.SIDES:
                raise ValueError(f"not a Kraqua tile: {tile!r}")
            canvas.paste(tile_p(number, side), spot_box(row, int(spot))[:2])
    for row, nxt in sorted((view.get("next_spots") or {}).items()):
        if nxt and row in kb.ROWS and int(nxt) in kb.SPOTS:
            paste(canvas, next_marker(row, int(nxt), lang), spot_box(row, int(nxt))[:2])
    _draw_gates(canvas, view, lang)
    moved = view.get("moved")
    for colour, where in (view.get("fish") or {}).items():
        if colour not in FISH_RGB:
            raise ValueError(f"not a Kraqua fish: {colour!r}")
        box = field_box(_pos(where))
        patch = canvas.crop(box).convert("RGB")
        if colour == moved:
            ImageDraw.Draw(patch).rounded_rectangle((1, 1, CELL - 2, CELL - 2), radius=10,
                                                    outline=TEXT, width=3)
        sprite = fish_sprite(colour, FISH_SIZE)
        at = CELL - FISH_SIZE - 2  # in the lower right, below the number
        patch.paste(sprite, (at, at), sprite)
        canvas.paste(pal.to_p(patch), box[:2])
    header = header_base(lang).copy()
    _draw_header(header, view, names, lang)
    paste(canvas, pal.to_p(header), (0, 0))
    panel = panel_base(lang).copy()
    _draw_panel(panel, view, names, lang)
    paste(canvas, pal.to_p(panel), (0, PANEL_Y - PANEL_TOP))
    return canvas


def _seat(n: int) -> Text:
    return _("Seat {n}", n=n)


def _name(view: KraquaView, names: Mapping[str, str], player: str, size: int,
          width: int, stroke: int = 0, lang: str = "en") -> str:
    return seat_name(view.get("players") or [], names, player, size, width, stroke, lang, _seat)


def _draw_gates(canvas: Image.Image, view: KraquaView, lang: str) -> None:
    """A badge on each turn: gate number, criterion, the fish order; passed fish ticked."""
    gates = list(view.get("gates") or [])
    spots = [  # (x centre, y centre) of the badge on the turn after fields 16, 28, 40
        (LANE_X + 12 * CELL + 46, (arch_field_y(0) + arch_field_y(1) + CELL) // 2),
        (LANE_X - 46, (arch_field_y(1) + arch_field_y(2) + CELL) // 2),
        (LANE_X + 12 * CELL + 46, (arch_field_y(2) + GOAL_Y + CELL) // 2),
    ]
    for i, (cx, cy) in enumerate(spots):
        gate = gates[i] if i < len(gates) else None
        paste(canvas, gate_badge_p(
            i + 1, gate["criterion"] if gate else None,
            tuple(gate["order"]) if gate else (),
            tuple(gate["passed"]) if gate else (), lang), (cx - 40, cy - 86))


@lru_cache(maxsize=3)
def header_base(lang: str) -> Image.Image:
    """The header card with its fixed labels in ``lang`` (RGB; a render draws the numbers on
    a copy)."""
    im = Image.new("RGB", (WIDTH, HEADER_H + 4), BG)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((16, 12, WIDTH - 16, HEADER_H - 4), radius=16, fill=CARD,
                        outline=CARD_EDGE, width=2)
    frame(im, (16, 12, WIDTH - 16, HEADER_H - 4))
    draw_text(im, (34, 44), "KRAQUA", 38, TEXT, anchor="ls", stroke=1)
    draw_text(im, (300, 44), tr(_("SHELLS"), lang), 18, DIM, anchor="ls", stroke=1)
    draw_text(im, (530, 44), tr(_("KRAQUA'S CAVE"), lang), 18, DIM, anchor="ls", stroke=1)
    d.rounded_rectangle((530, 56, 730, 80), radius=8, fill=DEEP)
    return im


@lru_cache(maxsize=3)
def panel_base(lang: str) -> Image.Image:
    """The panel card with its fixed titles in ``lang`` (RGB)."""
    im = Image.new("RGB", (WIDTH, HEIGHT - PANEL_Y + PANEL_TOP), BG)
    d = ImageDraw.Draw(im)
    top = PANEL_TOP
    d.rounded_rectangle((16, top, WIDTH - 16, im.height - 16), radius=16, fill=CARD,
                        outline=CARD_EDGE, width=2)
    frame(im, (16, top, WIDTH - 16, im.height - 16))
    draw_text(im, (34, top + 30), tr(_("SEATS"), lang), 18, DIM, anchor="ls", stroke=1)
    for k, title in enumerate((_("CHEST"), _("CAVE"), _("HIDEOUT"), _("HIDEOUT GOAL"))):
        draw_text(im, (PANEL_GEMS_X, top + 30 + k * 74), tr(title, lang), 18, DIM, anchor="ls",
                  stroke=1)
    return im


PANEL_GEMS_X = 560


def _draw_header(canvas: Image.Image, view: KraquaView, names: Mapping[str, str],
                 lang: str) -> None:
    d = ImageDraw.Draw(canvas)
    level = str(view.get("level", "1"))
    draw_text(canvas, (34, 78), tr(_("level {level}  ·  round {n}", level=level,
                                     n=view.get("round", 1)), lang), 22, DIM, anchor="ls")
    status = str(view.get("status", "running"))
    shells = int(view.get("shells") or 0)
    top = int(view.get("max_shells") or 6)
    x = 300
    for k in range(top):
        icon = shell_icon(30, CARD, k < shells)
        canvas.paste(icon, (x + k * 32, 52))
    cave = sum((view.get("gems") or {}).get("cave", {}).values())
    limit = int(view.get("cave_limit") or 8)
    x = 530
    bar_w = 200
    filled = round(bar_w * min(cave, limit) / max(limit, 1))
    if filled:
        d.rounded_rectangle((x, 56, x + max(filled, 16), 80), radius=8,
                            fill=RED_ALERT if cave >= limit - 2 else (196, 110, 220))
    count = draw_text(canvas, (x + bar_w + 10, 68), f"{cave}/{limit}", 24, TEXT, anchor="lm",
                      stroke=1)
    label = {"running": _("PLAYING"), "won": _("WON!"), "almost": _("ALMOST WON"),
             "lost": _("LOST")}.get(status) or _("{status}", status=status.upper())
    colour = {"won": GOLD, "almost": ACCENT, "lost": RED_ALERT}.get(status, DIM)
    draw_text(canvas, (WIDTH - 34, 44), tr(label, lang), 26, colour, anchor="rs", stroke=1)
    said, size = fitted(tr(_("stack {stack}  ·  box {box}", stack=view.get("stack", 0),
                             box=view.get("box", 0)), lang), 20, WIDTH - 34 - count[2] - 16, 0, 15)
    draw_text(canvas, (WIDTH - 34, 78), said, size, DIM, anchor="rs")


def _seat_status(view: KraquaView, p: str) -> tuple[Text | None, RGB]:
    if view.get("status") != "running":
        return None, DIM
    to_act = set(view.get("to_act") or [])
    step = view.get("step")
    if p in to_act:
        phase = view.get("phase")
        if phase == "draw":
            return _("TO DRAW"), ACCENT
        if step == "gem":
            return _("CHOOSE GEM"), ACCENT
        if view.get("current") == p:
            return _("PLAYING"), ACCENT
        return _("MAY PLAY"), ACCENT
    if p in (view.get("played") or []):
        return _("PLAYED"), FAINT
    if (view.get("tiles") or {}).get(p) is None and view.get("phase") == "turn":
        return _("NO TILE"), FAINT
    return _("WAITING"), DIM


def _draw_panel(canvas: Image.Image, view: KraquaView, names: Mapping[str, str],
                lang: str) -> None:
    top = PANEL_TOP
    d = ImageDraw.Draw(canvas)
    players = list(view.get("players") or [])
    # seats
    chips: Mapping[str, str] = view.get("chips") or {}
    bare = _without_chip(view, names)
    tiles: Mapping[str, Any] = view.get("tiles") or {}
    x = 34
    for i, p in enumerate(players):
        y = top + 44 + i * 62
        chip = str(chips.get(p, "turtle"))
        letter = kb.ANIMAL_LETTER.get(chip, "T")
        status, colour = _seat_status(view, p)
        if colour == ACCENT:
            d.rounded_rectangle((x - 8, y - 4, x + 500, y + 56), radius=10, outline=ACCENT, width=2)
        canvas.paste(animal_icon(letter, 48, TEXT, CARD), (x, y + 2))
        name, size = fitted(_name(view, bare, p, 24, 10_000, 1, lang), 24, 236, 1)
        draw_text(canvas, (x + 58, y + 22), name, size, TEXT, anchor="ls", stroke=1)
        draw_text(canvas, (x + 58, y + 48), tr(chip_name(chip) if chip in kb.ANIMAL_LETTER
                                               else _("{chip}", chip=chip), lang), 18, DIM,
                  anchor="ls")
        if status is not None:
            draw_text(canvas, (x + 300, y + 48), tr(status, lang), 16, colour, anchor="ls",
                      stroke=1)
        tile = tiles.get(p)
        tile_x = x + 300
        if tile is None and view.get("current") == p and view.get("turn_tile"):
            tile = view.get("turn_tile")
        if tile is not None:
            number, side = int(tile[0]), str(tile[1])
            animal, cells = kb.TILES[number][side]
            canvas.paste(animal_icon(animal, 26, TEXT, CARD), (tile_x, y))
            draw_text(canvas, (tile_x + 32, y + 20), f"{number}{side} {cells}", 20, TEXT,
                      anchor="ls", stroke=1)
    # gems
    gx = PANEL_GEMS_X
    gems: Mapping[str, Mapping[str, int]] = view.get("gems") or {}
    goal = list(view.get("hideout_goal") or [])
    for k, place in enumerate(("chest", "cave", "hideout")):
        y = top + 30 + k * 74
        counts = gems.get(place) or {}
        for j, gem in enumerate(kb.GEM_COLOURS):
            n = int(counts.get(gem, 0))
            cx = gx + j * 64
            icon = gem_icon(gem, 30, CARD, hollow=n == 0)
            canvas.paste(icon, (cx, y + 10))
            draw_text(canvas, (cx + 34, y + 26), str(n), 22, TEXT if n else FAINT, anchor="lm",
                      stroke=1)
    y = top + 30 + 3 * 74
    hidden = gems.get("hideout") or {}
    for j, gem in enumerate(goal):
        done = int(hidden.get(gem, 0)) > 0
        cx = gx + j * 132
        canvas.paste(gem_icon(gem, 34, CARD, hollow=not done), (cx, y + 8))
        colour_word = COLOUR_WORDS.get(gem) or _("{colour}", colour=gem)
        said = tr(_("{colour} ok", colour=colour_word) if done else colour_word, lang)
        said, size = fitted(said, 18, 132 - 46, 1 if done else 0)
        draw_text(canvas, (cx + 40, y + 26), said, size, ACCENT if done else TEXT, anchor="lm",
                  stroke=1 if done else 0)
    # what is happening: the status, then the last move in the reader's words (in as many
    # lines as it takes, stepping down a size rather than losing a word)
    room = WIDTH - 68
    line, size = fitted(tr(_status_line(view, names, lang), lang), 20, room, 0, 15)
    draw_text(canvas, (34, top + STATUS_Y), line, size, TEXT, anchor="ls")
    last = _last_text(view, names, lang)
    if last is not None:
        lines, size = fitted_lines(tr(last, lang), 18, room, LAST_LINES, 0, 14)
        draw_lines(canvas, (34, top + STATUS_Y + 26), lines, size, DIM, size + 4)


#: Where the status line stands in the panel (its baseline, below the seats) and how many
#: lines the last move may take below it.
STATUS_Y, LAST_LINES = 318, 3


def _last_text(view: KraquaView, names: Mapping[str, str], lang: str) -> Text | None:
    """"Last: Marina laid tile 3B (crab ~##) on inner spot 5; ...": who made the last move
    and what it did, in the reader's words (the view keeps its events for every reader; a
    game stored before it did names the move, in the reader's words too)."""
    last = view.get("last")
    if not last:
        return None
    player = str(last.get("player") or "")
    players = list(view.get("players") or [])
    bare = _without_chip(view, names)

    def seat(p: str) -> Any:
        if p == player:
            return _("them")
        return _name(view, bare, p, 18, 300, 0, lang) if p in players else p

    events = [heard(e, seat) for e in last.get("said") or [] if is_said(e)]
    said: Text | Notation
    if events:
        said = chain(events, lambda a, b: _("{a}; {b}", a=a, b=b))
    else:
        said = Notation("kraqua", str(last.get("move") or ""))
    if player in players:
        who = _name(view, bare, player, 18, 300, 0, lang)
        return (_("Last: {player} {events}", player=who, events=said) if events
                else _("Last: {player} · {move}", player=who, move=said))
    return _("Last: {events}", events=said) if events else _("Last: {move}", move=said)


def _status_line(view: KraquaView, names: Mapping[str, str], lang: str) -> Text:
    status = view.get("status")
    gems = view.get("gems") or {}
    if status and status != "running":
        cave = sum((gems.get("cave") or {}).values())
        hidden = sum((gems.get("hideout") or {}).values())
        chest = sum((gems.get("chest") or {}).values())
        result = view.get("result") or {}
        why = str((result.get("detail") or {}).get("why", ""))
        lost = {"cave": _("Lost: Kraqua's cave is full."), "chest": _("Lost: the chest is empty."),
                "tiles": _("Lost: no reef tile is left."),
                "resigned": _("Lost: the team gave up.")}.get(why) or _("Lost: Kraqua wins.")
        word = {"won": _("Won together!"),
                "almost": _("Almost won: the hideout is incomplete."),
                "lost": lost}.get(str(status)) or _("{status}", status=status)
        return _("{verdict}  Cave {cave}, hideout {hideout}, chest {chest}.", verdict=word,
                 cave=cave, hideout=hidden, chest=chest)
    step = view.get("step")
    roll = view.get("roll")
    if roll:
        return _("Kraqua rolled {colour}: the seahorse keeps it or rolls again.",
                 colour=COLOUR_WORDS.get(str(roll)) or _("{colour}", colour=roll))
    if view.get("drawing"):
        return _("The turtle drew tile {tile} and picks its side.", tile=view["drawing"])
    if view.get("phase") == "draw":
        return _("Round end: every seat draws a tile, the last mover first.")
    if step == "gem":
        return _("The rolled colour is gone: a gem must be chosen for Kraqua.")
    if step == "special":
        return _("Special field: pay a shell, or pass.")
    acting = [p for p in view.get("to_act") or []]
    if view.get("current"):
        return _("Turn under way: lay the tile, then move a fish.")
    waiting = join([_with_chip(view, names, p, lang) for p in acting])
    if len(acting) == 1:
        return _("Round {n}: {player} to play.", n=view.get("round", 1), player=waiting)
    return _("Round {n}: {players} may play, in any order.", n=view.get("round", 1),
             players=waiting)


def _with_chip(view: KraquaView, names: Mapping[str, str], player: str, lang: str) -> Text | str:
    """A seat as the status line names it: "lars (søhest)", its chip in the reader's words
    (the bot's names carry it in English)."""
    chip = chip_of(view, names, player)
    if chip is None:
        return _name(view, names, player, 20, 160, 0, lang)
    bare = _name(view, _without_chip(view, names), player, 20, 160, 0, lang)
    return _("{name} ({chip})", name=bare, chip=chip_name(chip))
