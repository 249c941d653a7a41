"""The board image: the river with its boats, the players' cards, the net and the footer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from PIL import Image, ImageDraw

from games.krasserfall.model import BOAT_WORDS, FACES, LANES, LAST_WAVE
from games.krasserfall.view import BoatView, KrasserfallView
from games.text import Text

from ..common import RGB, draw_text, encode_png, fit_text, mix, panel, pill, seat_name, text_width
from .art import (
    _card_icons, background, background_p, boat_sprite, card_x, die_sprite, stone_sprite,
    weights_sprite)
from .style import (
    ACCENT, BG, BOATS, BOAT_L, BOAT_W, CARD, CARDS_Y, CARD_H, DIE, DIM, EDGE_X, FALLS, FISH_X,
    FOOTER_H, FOOTER_Y, GOLD, LABEL_W, LABEL_X, LANE_H, MARGIN, NET_H, NET_Y, PILL, RISK, SAFE, SS,
    STRIP, TEXT, TIP, TITLE_Y, WIDTH, _, Sheet, _n, lane_top, palette, wave_x)

# ----- the render ------------------------------------------------------------------------------


def render(view: KrasserfallView, names: Mapping[str, str]) -> bytes:
    """PNG bytes of the board for ``view`` (a public Krasserfall view)."""
    return encode_png(draw(view, names))


def draw(view: KrasserfallView, names: Mapping[str, str]) -> Image.Image:
    """The board as a palette image (``render`` encodes it); reads ``view`` only."""
    players = [str(p) for p in view.get("players") or []]
    seats = {p: i for i, p in enumerate(players)}
    boats = view.get("boats") or {}
    for c in LANES:
        if c not in boats:
            raise ValueError(f"the view has no {c} boat")
    n = min(max(len(players), 1), 4)
    sheet = Sheet(background(n).copy())
    _draw_header(sheet, view, names, players)
    for c in LANES:
        _draw_lane(sheet, c, boats[c], seats, view.get("phase") in ("roll", "act"))
    _draw_net(sheet, view, seats)
    sheet.begin()
    _draw_footer(sheet, view, names, players)
    sheet.end()
    # Only the drawn-on boxes are mapped onto the palette; the rest is the cached background.
    out = background_p(n).copy()
    pal = palette()
    for box in sheet.dirty:
        out.paste(pal.to_p(sheet.image.crop(box)), box[:2])
    return out


def _seat_of(seats: Mapping[str, int], player: Any) -> int:
    if player not in seats:
        raise ValueError(f"a figure belongs to {player!r}, who is not playing")
    return seats[player]


def _figures(boat: BoatView, seats: Mapping[str, int]) -> tuple[tuple[int, str], ...]:
    out = []
    for owner, size in boat.get("figures") or []:
        if size not in ("big", "small"):
            raise ValueError(f"not a figure size: {size!r}")
        out.append((_seat_of(seats, owner), size))
    return tuple(out)


def _name(names: Mapping[str, str], players: Sequence[str], player: str, size: int,
          width: int, stroke: int = 0) -> str:
    return seat_name(players, names, player, size, width, stroke)


def _number(value: Any) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+.1f}"
    return f"{int(value):+d}"


def _draw_lane(sheet: Sheet, colour: str, boat: BoatView,
               seats: Mapping[str, int], floating: bool) -> None:
    """One lane: the label with the danger gauge (and, once the boats float, the chance that a
    push makes this boat fall), the weights, the strip and the boat."""
    canvas = sheet.image
    y0 = lane_top(colour)
    sheet.mark((LABEL_X, y0, LABEL_X + LABEL_W, y0 + LANE_H))
    cy = y0 + LANE_H // 2
    fallen = bool(boat.get("fallen"))
    # the label: colour name, the chance that a push makes it fall, the gauge, the numbers
    draw_text(canvas, (LABEL_X + 12, y0 + 34), colour.upper(), 22, BOATS[colour], anchor="ls",
              stroke=1)
    if fallen:
        draw_text(canvas, (LABEL_X + 12, y0 + 72), "in the net", 22, DIM, anchor="ls")
    else:
        danger = float(boat.get("danger", 0))
        safe = float(boat.get("safe", -TIP))
        risk = boat.get("push_risk")
        if floating and risk is not None:
            draw_text(canvas, (LABEL_X + LABEL_W - 12, y0 + 35), f"{risk} %", 26,
                      _risk_colour(int(risk)), anchor="rs", stroke=1)
        _danger_bar(canvas, (LABEL_X + 12, y0 + 46, LABEL_X + LABEL_W - 12, y0 + 62), danger, safe)
        draw_text(canvas, (LABEL_X + 12, y0 + 84),
                  f"danger {_number(danger)}  safe {_number(safe)}", 16, TEXT, anchor="ls")
        draw_text(canvas, (LABEL_X + 12, y0 + 104),
                  f"pull {boat.get('pull', '?')} / hold {boat.get('hold', '?')}", 16, DIM,
                  anchor="ls")
    # the fish with its weights
    weights = int(boat.get("weights") or 0)
    if weights:
        sheet.paste(weights_sprite(min(weights, 8)), (FISH_X + 4, y0 + 10))
        sheet.text((WIDTH - MARGIN - 8, y0 + 96), f"x{weights}", 20, TEXT, anchor="rs", stroke=1)
    if fallen:
        return
    pos = float(boat.get("position") or 0)
    x = wave_x(min(pos, LAST_WAVE + 0.5))
    d = ImageDraw.Draw(canvas)
    # the strip from the bow over the edge to the fish
    if x + BOAT_L - 6 < FISH_X + 8:
        d.rectangle((x + BOAT_L - 6, cy - 2, FISH_X + 8, cy + 2), fill=STRIP)
        sheet.mark((x + BOAT_L - 6, cy - 2, FISH_X + 9, cy + 3))
    if boat.get("stone") == "strip":
        sprite = stone_sprite(15)
        sx = (x + BOAT_L + EDGE_X) / 2 if x + BOAT_L + 30 < EDGE_X else EDGE_X - 10
        sheet.paste(sprite, (round(sx - sprite.width / 2), cy - sprite.height // 2))
    sprite = boat_sprite(colour, _figures(boat, seats), bool(boat.get("ring")),
                         boat.get("stone") == "boat")
    pad = (sprite.height - BOAT_W) // 2
    sheet.paste(sprite, (x - pad, cy - sprite.height // 2))


def _risk_colour(risk: int) -> RGB:
    return SAFE if risk == 0 else RISK if risk < 50 else FALLS


def _danger_bar(canvas: Image.Image, box: tuple[int, int, int, int], danger: float,
                safe: float) -> None:
    """A gauge of the danger from -6 to +6. Below the known safe level it is green (the boat
    cannot tip there), from there to +4 it runs from amber to red (the hidden tipping point
    lies somewhere in it), beyond +4 it is red; the white mark is the boat's danger."""
    x0, y0, x1, y1 = box
    lo, hi = -6.0, 6.0
    d = ImageDraw.Draw(canvas)

    def at(v: float) -> float:
        return x0 + (min(max(v, lo), hi) - lo) / (hi - lo) * (x1 - x0)

    d.rounded_rectangle((x0, y0, x1, y1), radius=(y1 - y0) // 2, fill=mix(CARD, BG, 0.5))
    top = max(safe, -TIP)
    d.rectangle((x0 + 4, y0 + 4, at(top), y1 - 4), fill=SAFE)
    steps = 12
    for k in range(steps):
        a = top + (TIP - top) * k / steps
        b = top + (TIP - top) * (k + 1) / steps
        d.rectangle((at(a), y0 + 4, at(b), y1 - 4), fill=mix(FALLS, RISK, (k + 0.5) / steps))
    d.rectangle((at(TIP), y0 + 4, x1 - 4, y1 - 4), fill=mix(FALLS, CARD, 0.6))
    mx = at(danger)
    d.polygon([(mx - 6, y0 - 6), (mx + 6, y0 - 6), (mx, y0 + 3)], fill=TEXT)
    d.line([(mx, y0), (mx, y1)], fill=TEXT, width=2)


def _draw_header(sheet: Sheet, view: KrasserfallView, names: Mapping[str, str],
                 players: list[str]) -> None:
    """Round and turn, then one card per player."""
    goal = int(view.get("medals_to_end") or 6)
    status = (f"Round {view.get('round', 1)}  ·  turn {view.get('turn', 0)}  ·  "
              f"first to {goal} medals ends it")
    sheet.text((WIDTH - MARGIN - 8, TITLE_Y), status, 20, DIM, anchor="rs")
    n = min(max(1, len(players)), 4)
    for i in range(n):
        sheet.begin()
        _draw_card(sheet, view, names, players, i, n)
        sheet.end()


def _draw_card(sheet: Sheet, view: KrasserfallView, names: Mapping[str, str],
               players: list[str], i: int, n: int) -> None:
    """Name, medals, the stone, what is left to place, whose turn, the winner."""
    p = players[i]
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    resigned = set(view.get("resigned") or [])
    phase = view.get("phase")
    x, card_w = card_x(i, n)
    is_active = p == view.get("active") and not result
    won = p in winners
    if is_active or won:  # the plain card is in the background
        sheet.paste(panel((card_w, CARD_H), CARD, ACCENT if is_active else GOLD, 4, BG, 16, SS),
                    (x, CARDS_Y))
        _card_icons(sheet.image, i, x)
    name = _name(names, players, p, 24, card_w - 70, 1)
    sheet.text((x + 56, CARDS_Y + 36), name, 24, TEXT if p not in resigned else DIM,
               anchor="ls", stroke=1)
    m = str(int((view.get("medals") or {}).get(p, 0)))
    sheet.text((x + 50, CARDS_Y + 82), m, 30, GOLD, anchor="ls", stroke=1)
    info_x = x + 56 + text_width(m, 30, 1) + 6
    left: dict[str, int] = (view.get("unplaced") or {}).get(p) or {}
    extra = ""
    if p in resigned:
        extra = "resigned"
    elif phase in ("ring-start", "place") and sum(left.values()) > 0:
        words = ", ".join(f"{k} {size}" for size, k in left.items() if k)
        extra = f"to place: {words}"
        if text_width(extra, 18) > x + card_w - 10 - info_x - (32 if p == view.get(
                "stone_holder") else 0):
            extra = " ".join(f"{k}{size[0].upper()}" for size, k in left.items() if k)
    if p == view.get("stone_holder"):
        stone = stone_sprite(11)
        sheet.paste(stone, (info_x, CARDS_Y + 58))
        info_x += stone.width + 4
        if not extra:
            extra = "placed" if view.get("stone_placed") else "stone ready"
    if extra:
        room = x + card_w - 10 - info_x
        sheet.text((info_x, CARDS_Y + 80), fit_text(extra, 18, max(20, room)), 18, DIM,
                   anchor="ls")
    tag = None
    if is_active:
        tag = pill({"ring-start": "RING", "place": "PLACING", "roll": "TO ROLL",
                    "act": "TO MOVE"}.get(str(phase), "TO ACT"), ACCENT, CARD, BG, *PILL)
    elif p in set(view.get("to_act") or []) and not result:
        tag = pill("STONE", ACCENT, CARD, BG, *PILL)
    elif won:
        tag = pill("SHARED WIN" if len(winners) > 1 else "WINNER", GOLD, CARD, BG, *PILL)
    if tag is not None:
        sheet.paste(tag, (x + card_w - tag.width - 10, CARDS_Y - 12))


def _draw_net(sheet: Sheet, view: KrasserfallView, seats: Mapping[str, int]) -> None:
    """The boats that fell this round, in falling order."""
    boats = view.get("boats") or {}
    net = [c for c in view.get("net") or [] if c in LANES]
    x = MARGIN + 70
    if not net:
        sheet.text((x + 10, NET_Y + NET_H // 2 + 8), "no boat has fallen this round", 22, DIM,
                   anchor="lm")
        return
    for c in net:
        b = boats.get(c) or cast(BoatView, {})
        sprite = boat_sprite(c, _figures(b, seats), bool(b.get("ring")), b.get("stone") == "boat",
                             0.85)
        sheet.paste(sprite, (x, NET_Y + (NET_H - sprite.height) // 2 + 4))
        if b.get("stone") == "strip":
            sheet.paste(stone_sprite(10), (x + sprite.width - 14, NET_Y + 10))
        x += sprite.width + 24


def _status(view: KrasserfallView, names: Mapping[str, str], players: list[str]) -> Text:
    """Who does what now (drawn in English into the image; translated in the alt text)."""
    result = view.get("result")
    if result:
        winners = list(result.get("winners") or [])
        scores = result.get("scores") or {}
        if len(winners) == 1:
            w = _name(names, players, winners[0], 30, 500)
            if result.get("reason") == "resigned":
                return _("{player} wins (the others resigned)!", player=w)
            return _n("{player} wins with {n} medal!", "{player} wins with {n} medals!",
                      scores.get(winners[0], 0), player=w)
        if winners:
            return _("Shared win: {players}", players=_ampersands(
                [_name(names, players, w, 30, 200) for w in winners]))
        return _("Game over")
    active = view.get("active")
    who = _name(names, players, str(active), 30, 260) if active else "?"
    phase = view.get("phase")
    face = view.get("face")
    if phase == "ring-start":
        return _("{player} puts the life ring on a boat", player=who)
    if phase == "place":
        return _("{player} places a figure", player=who)
    if phase == "roll":
        return _("{player} to roll", player=who)
    if face in LANES:
        boat = (view.get("boats") or {}).get(face) or cast(BoatView, {})
        if (view.get("options") or {}).get("boat-choice") == "free":
            return _("{player} pushes a boat (free choice)", player=who)
        if boat.get("fallen"):
            return _("{player} pushes the boat furthest back", player=who)
        return _("{player} pushes {boat}", player=who, boat=BOAT_WORDS[face])
    if face == "ring":
        return _("{player} moves the ring or a figure", player=who)
    return _("{player} moves a figure", player=who)


def _ampersands(parts: list[str]) -> Text:
    text = _("{player}", player=parts[0])
    for part in parts[1:]:
        text = _("{first} & {second}", first=text, second=part)
    return text


def _last_line(view: KrasserfallView, names: Mapping[str, str], players: list[str]) -> str:
    last = view.get("last")
    if not last:
        return ""
    who = _name(names, players, str(last.get("player", "")), 22, 200)
    kind, boat = last.get("kind"), last.get("boat")
    if kind == "roll":
        did = f"rolled {last.get('face')}" + (", nothing to move" if last.get("nothing") else "")
    elif kind == "push":
        did = f"pushed {boat} to wave {last.get('position')}"
    elif kind == "move":
        owner = last.get("owner")
        seat = players.index(owner) + 1 if owner in players else "?"
        did = f"moved {seat}:{last.get('size')} {last.get('from')} > {boat}"
    elif kind == "ring":
        did = f"moved the ring {last.get('from')} > {boat}"
    elif kind == "ring-start":
        did = f"put the ring on {boat}"
    elif kind == "place":
        did = f"placed {last.get('size')} in {boat}"
    elif kind == "stone":
        did = f"put the stone {'in' if last.get('where') == 'boat' else 'on the strip of'} {boat}"
    elif kind == "resign":
        did = "resigned"
    else:
        did = str(last.get("move", ""))
    text = f"Last: {who} {did}"
    falls = [c for c in last.get("falls") or [] if c in LANES]
    if falls:
        text += "  ·  fell: " + ", ".join(falls)
    end = last.get("round_end")
    if end:
        text += f"  ·  {end.get('boat')} won round {end.get('round')}"
    return text


def _draw_footer(sheet: Sheet, view: KrasserfallView, names: Mapping[str, str],
                 players: list[str]) -> None:
    face = view.get("die")
    if face is not None and face not in FACES:
        raise ValueError(f"not a die face: {face!r}")
    left = MARGIN + 20
    sheet.paste(die_sprite(face), (left, FOOTER_Y + (FOOTER_H - DIE) // 2))
    tx = left + DIE + 24
    width = WIDTH - MARGIN - 20 - tx
    label = "NOT ROLLED YET" if face is None else f"ROLLED: {face.upper()}"
    sheet.text((tx, FOOTER_Y + 36), label, 18, DIM, anchor="ls", stroke=1)
    status = str(_status(view, names, players))  # the image stays English
    sheet.text((tx, FOOTER_Y + 76), fit_text(status, 32, width, 1), 32,
              GOLD if view.get("result") else TEXT, anchor="ls", stroke=1)
    y = FOOTER_Y + 110
    last = _last_line(view, names, players)
    if last:
        sheet.text((tx, y), fit_text(last, 21, width), 21, DIM, anchor="ls")
        y += 30
    holder = view.get("stone_holder")
    if holder:
        where = next(((c, b.get("stone")) for c, b in (view.get("boats") or {}).items()
                      if b.get("stone")), None)
        hn = _name(names, players, str(holder), 21, 220)
        if where:
            spot = "in the boat" if where[1] == "boat" else "on the strip"
            stone = f"Stone: {hn} put it on {where[0]}, {spot}"
        else:
            stone = f"Stone: {hn} may place it any time this round"
        sheet.text((tx, y), fit_text(stone, 21, width), 21, DIM, anchor="ls")
        y += 30
    history = view.get("history") or []
    if history:
        parts = []
        for h in history:
            gains = ", ".join(f"{_name(names, players, p, 21, 120)} +{g}"
                              for p, g in (h.get("medals") or {}).items()) or "no medals"
            parts.append(f"R{h.get('round')} {h.get('boat')}: {gains}")
        for row in _pack(parts, width, (FOOTER_Y + FOOTER_H - 14 - y) // 28 + 1):
            sheet.text((tx, y), row, 21, DIM, anchor="ls")
            y += 28


def _pack(parts: list[str], width: int, rows: int) -> list[str]:
    """``parts`` joined by dots into at most ``rows`` lines of ``width`` px (the last one cut
    with "..." only if even that is not enough): the rounds' results stay readable."""
    out: list[str] = []
    for part in parts:
        joined = f"{out[-1]}  ·  {part}" if out else part
        if out and text_width(joined, 21) <= width:
            out[-1] = joined
        elif len(out) < rows:
            out.append(part)
        else:
            out[-1] = joined
    return [fit_text(row, 21, width) for row in out]
