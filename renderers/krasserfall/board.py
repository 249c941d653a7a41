"""The board image: the river with its boats, the players' cards, the net and the footer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from PIL import Image, ImageDraw

from catalogs import tr
from games.krasserfall.model import BOAT_NAMES, BOAT_WORDS, FACES, LANES, LAST_WAVE, SIZE_WORDS
from games.krasserfall.view import BoatView, KrasserfallView
from games.text import Text, contextual, join

from ..common import (
    RGB, SHARED_WIN, TO_MOVE, WINNER, draw_text, encode_png, fit_text, fitted, mix, panel,
    paragraph, pill, seat_name, text_width, wrap)
from .art import (
    _card_icons, background, background_p, boat_sprite, card_x, die_sprite, stone_sprite,
    weights_sprite)
from .style import (
    ACCENT, BG, BOATS, BOAT_L, BOAT_W, CARD, CARDS_Y, CARD_H, DIE, DIM, EDGE_X, FALLS, FISH_X,
    FOOTER_H, FOOTER_Y, GOLD, LABEL_W, LABEL_X, LANE_H, MARGIN, NET_H, NET_Y, PILL, RISK, SAFE, SS,
    STRIP, TEXT, TIP, TITLE_Y, WIDTH, _, Sheet, _n, lane_top, palette, wave_x)

_p = contextual(_)
#: A colour face of the die in the picture ("Last: anna rolled red"): German writes the colour
#: as a noun ("würfelte Rot"), not as the stem the game's sentences decline.
DIE_COLOURS: dict[str, Text] = {
    # i18n: A colour face of the die, named in the picture ("rolled red"; German "Rot").
    "red": _p("die face", "red"),
    "yellow": _p("die face", "yellow"),
    "green": _p("die face", "green"),
    "blue": _p("die face", "blue"),
}

# ----- the render ------------------------------------------------------------------------------


def render(view: KrasserfallView, names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG bytes of the board for ``view`` (a public Krasserfall view), its words in ``lang``."""
    return encode_png(draw(view, names, lang))


def draw(view: KrasserfallView, names: Mapping[str, str], lang: str = "en") -> Image.Image:
    """The board as a palette image (``render`` encodes it); reads ``view`` only."""
    players = [str(p) for p in view.get("players") or []]
    seats = {p: i for i, p in enumerate(players)}
    boats = view.get("boats") or {}
    for c in LANES:
        if c not in boats:
            raise ValueError(f"the view has no {c} boat")
    n = min(max(len(players), 1), 4)
    sheet = Sheet(background(n, lang).copy(), lang)
    _draw_header(sheet, view, names, players)
    for c in LANES:
        _draw_lane(sheet, c, boats[c], seats, view.get("phase") in ("roll", "act"))
    _draw_net(sheet, view, seats)
    sheet.begin()
    _draw_footer(sheet, view, names, players)
    sheet.end()
    # Only the drawn-on boxes are mapped onto the palette; the rest is the cached background.
    out = background_p(n, lang).copy()
    pal = palette()
    for box in sheet.dirty:
        out.paste(pal.to_p(sheet.image.crop(box)), box[:2])
    out.info = dict(sheet.image.info)  # the sheet's words and panels are the picture's
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
          width: int, stroke: int = 0, lang: str = "en") -> str:
    return seat_name(players, names, player, size, width, stroke, lang)


def _boat(colour: Any) -> Text:
    """A boat's colour as a word of its own (a label, a short list), as the game says it."""
    return BOAT_WORDS.get(str(colour)) or _("{boat}", boat=colour)


def _boat_name(colour: Any) -> Text:
    """A boat named by its colour in a sentence ("pushes red"; Danish "den røde båd")."""
    return BOAT_NAMES.get(str(colour)) or _("{boat}", boat=colour)


def _size(size: Any) -> Text:
    return SIZE_WORDS.get(str(size)) or _("{size}", size=size)


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
    risk = boat.get("push_risk")
    shown_risk = floating and not fallen and risk is not None
    room = LABEL_W - 24 - (text_width(f"{risk} %", 26, 1) + 8 if shown_risk else 0)
    name, size = fitted(sheet.say(_boat(colour)).upper(), 22, room, 1, 15)
    draw_text(canvas, (LABEL_X + 12, y0 + 34), name, size, BOATS[colour], anchor="ls", stroke=1)
    if fallen:
        draw_text(canvas, (LABEL_X + 12, y0 + 72), sheet.say(_("in the net")), 22, DIM,
                  anchor="ls")
    else:
        danger = float(boat.get("danger", 0))
        safe = float(boat.get("safe", -TIP))
        if shown_risk and risk is not None:
            draw_text(canvas, (LABEL_X + LABEL_W - 12, y0 + 35), f"{risk} %", 26,
                      _risk_colour(int(risk)), anchor="rs", stroke=1)
        _danger_bar(canvas, (LABEL_X + 12, y0 + 46, LABEL_X + LABEL_W - 12, y0 + 62), danger, safe)
        room = LABEL_W - 24
        said, size = fitted(sheet.say(_("danger {danger}  safe {safe}", danger=_number(danger),
                                        safe=_number(safe))), 16, room, 0, 12)
        draw_text(canvas, (LABEL_X + 12, y0 + 84), said, size, TEXT, anchor="ls")
        said, size = fitted(sheet.say(_("pull {pull} / hold {hold}", pull=boat.get("pull", "?"),
                                        hold=boat.get("hold", "?"))), 16, room, 0, 12)
        draw_text(canvas, (LABEL_X + 12, y0 + 104), said, size, DIM, anchor="ls")
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
    status = sheet.say(_("Round {n}  ·  turn {turn}  ·  first to {goal} medals ends it",
                         n=view.get("round", 1), turn=view.get("turn", 0), goal=goal))
    sheet.text((WIDTH - MARGIN - 8, TITLE_Y), status, 20, DIM, anchor="rs")
    n = min(max(1, len(players)), 4)
    for i in range(n):
        sheet.begin()
        _draw_card(sheet, view, names, players, i, n)
        sheet.end()


def _stone_holder(view: KrasserfallView) -> str | None:
    """Who the board shows with the stone: nobody once the game is over with the stone unused
    (it can no longer be placed; the review read "may place it any time this round" on a
    finished game)."""
    holder = view.get("stone_holder")
    return None if view.get("result") and not view.get("stone_placed") else holder


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
    name, size = fitted(_name(names, players, p, 24, 10_000, 1, sheet.lang), 24, card_w - 70, 1)
    sheet.text((x + 56, CARDS_Y + 36), name, size, TEXT if p not in resigned else DIM,
               anchor="ls", stroke=1)
    m = str(int((view.get("medals") or {}).get(p, 0)))
    sheet.text((x + 50, CARDS_Y + 82), m, 30, GOLD, anchor="ls", stroke=1)
    info_x = x + 56 + text_width(m, 30, 1) + 6
    left: dict[str, int] = (view.get("unplaced") or {}).get(p) or {}
    extra = ""
    if p in resigned:
        extra = sheet.say(_("resigned"))
    elif phase in ("ring-start", "place") and sum(left.values()) > 0 and not result:
        counts = [(k, sheet.say(_size(size))) for size, k in left.items() if k]
        # "2 små", not "2 lille": the count and its word agree (the prompt's own plurals)
        figures = [_n("{n} big", "{n} big", k) if size == "big" else _n("{n} small", "{n} small", k)
                   for size, k in left.items() if k]
        listed = ", ".join(sheet.say(f) for f in figures)
        extra = sheet.say(_("to place: {figures}", figures=listed))
        if text_width(extra, 18) > x + card_w - 10 - info_x - (32 if p == _stone_holder(view)
                                                               else 0):
            extra = " ".join(f"{k}{word[:1].upper()}" for k, word in counts)
    if p == _stone_holder(view):
        stone = stone_sprite(11)
        sheet.paste(stone, (info_x, CARDS_Y + 58))
        info_x += stone.width + 4
        if not extra:
            extra = sheet.say(_("placed") if view.get("stone_placed") else _("stone ready"))
    if extra:
        room = x + card_w - 10 - info_x
        sheet.text((info_x, CARDS_Y + 80), fit_text(extra, 18, max(20, room)), 18, DIM,
                   anchor="ls")
    tag = None
    if is_active:
        doing = {"ring-start": _("RING"), "place": _("PLACING"), "roll": _("TO ROLL"),
                 "act": TO_MOVE}.get(str(phase), _("TO ACT"))
        tag = pill(sheet.say(doing), ACCENT, CARD, BG, *PILL)
    elif p in set(view.get("to_act") or []) and not result:
        tag = pill(sheet.say(_("STONE")), ACCENT, CARD, BG, *PILL)
    elif won:
        tag = pill(sheet.say(SHARED_WIN if len(winners) > 1 else WINNER), GOLD, CARD, BG, *PILL)
    if tag is not None:
        sheet.paste(tag, (x + card_w - tag.width - 10, CARDS_Y - 12))


def _draw_net(sheet: Sheet, view: KrasserfallView, seats: Mapping[str, int]) -> None:
    """The boats that fell this round, in falling order."""
    boats = view.get("boats") or {}
    net = [c for c in view.get("net") or [] if c in LANES]
    x = MARGIN + 70
    if not net:
        sheet.text((x + 10, NET_Y + NET_H // 2 + 8), sheet.say(_("no boat has fallen this round")),
                   22, DIM, anchor="lm")
        return
    for c in net:
        b = boats.get(c) or cast(BoatView, {})
        sprite = boat_sprite(c, _figures(b, seats), bool(b.get("ring")), b.get("stone") == "boat",
                             0.85)
        sheet.paste(sprite, (x, NET_Y + (NET_H - sprite.height) // 2 + 4))
        if b.get("stone") == "strip":
            sheet.paste(stone_sprite(10), (x + sprite.width - 14, NET_Y + 10))
        x += sprite.width + 24


def _status(view: KrasserfallView, names: Mapping[str, str], players: list[str],
            lang: str = "en") -> Text:
    """Who does what now (the names fitted for the picture in ``lang``; the alt text says the
    same)."""
    result = view.get("result")

    def name(player: Any, room: int) -> str:  # the whole line steps down before a name is cut
        return _name(names, players, str(player), 30, room, 0, lang)

    if result:
        winners = list(result.get("winners") or [])
        scores = result.get("scores") or {}
        if len(winners) == 1:
            w = name(winners[0], 600)
            if result.get("reason") == "resigned":
                return _("{player} wins (the others resigned)!", player=w)
            return _n("{player} wins with {n} medal!", "{player} wins with {n} medals!",
                      scores.get(winners[0], 0), player=w)
        if winners:
            return _("Shared win: {players}", players=_ampersands([name(w, 300) for w in winners]))
        return _("Game over")
    active = view.get("active")
    who = name(active, 400) if active else "?"
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
        return _("{player} pushes {boat}", player=who, boat=BOAT_NAMES[face])
    if face == "ring":
        return _("{player} moves the ring or a figure", player=who)
    return _("{player} moves a figure", player=who)


def _ampersands(parts: list[str]) -> Text:
    text = _("{player}", player=parts[0])
    for part in parts[1:]:
        text = _("{first} & {second}", first=text, second=part)
    return text


def _did(last: Mapping[str, Any], players: list[str]) -> Text:
    """What the last move did, in words (the squares and seats as the notation has them)."""
    kind, boat = last.get("kind"), _boat_name(last.get("boat"))
    if kind == "roll":
        face = _rolled(last.get("face"))
        return (_("rolled {face}, nothing to move", face=face) if last.get("nothing")
                else _("rolled {face}", face=face))
    if kind == "push":
        return _("pushed {boat} to wave {n}", boat=boat, n=last.get("position"))
    if kind == "move":
        owner = last.get("owner")
        seat = players.index(owner) + 1 if owner in players else "?"
        return _("moved {seat}:{size} {source} > {boat}", seat=seat, size=_size(last.get("size")),
                 source=_boat(last.get("from")), boat=_boat(last.get("boat")))
    if kind == "ring":
        return _("moved the ring {source} > {boat}", source=_boat(last.get("from")),
                 boat=_boat(last.get("boat")))
    if kind == "ring-start":
        return _("put the ring on {boat}", boat=boat)
    if kind == "place":
        return _("placed {size} in {boat}", size=_size(last.get("size")), boat=boat)
    if kind == "stone":
        return (_("put the stone in {boat}", boat=boat) if last.get("where") == "boat"
                else _("put the stone on the strip of {boat}", boat=boat))
    if kind == "resign":
        return _("resigned")
    return _("{move}", move=last.get("move", ""))


def _face(face: Any) -> Text:
    """A die face: a boat's colour, the figure or the ring."""
    if face in LANES:
        return DIE_COLOURS[str(face)]
    return {"figure": _("figure"), "ring": _("ring")}.get(str(face)) or _("{face}", face=face)


def _rolled(face: Any) -> Text:
    """A die face as the object of "rolled": the figure and the ring take their article
    ("würfelte die Figur"); a colour stays a bare noun ("würfelte Rot")."""
    if face == "figure":
        # i18n: The die's figure face as the object of "rolled" ("anna rolled the figure").
        return _p("rolled", "the figure")
    if face == "ring":
        # i18n: The die's ring face as the object of "rolled" ("anna rolled the ring").
        return _p("rolled", "the ring")
    return _face(face)


def _last_line(view: KrasserfallView, names: Mapping[str, str], players: list[str],
               lang: str) -> str:
    last = view.get("last")
    if not last:
        return ""
    who = _name(names, players, str(last.get("player", "")), 22, 200, 0, lang)
    text = _("Last: {player} {did}", player=who, did=_did(last, players))
    falls = [c for c in last.get("falls") or [] if c in LANES]
    if falls:
        text = _("{last}  ·  fell: {boats}", last=text, boats=join([_boat(c) for c in falls]))
    end = last.get("round_end")
    if end:
        text = _("{last}  ·  {boat} won round {n}", last=text, boat=_boat_name(end.get("boat")),
                 n=end.get("round"))
    return tr(text, lang)


def _roller(view: KrasserfallView) -> str | None:
    """Who rolled the die it shows: the player acting on it, else the one whose roll, push or
    move was the last move (a stone laid since then hides who it was: None)."""
    if view.get("phase") == "act" and view.get("active"):
        return str(view.get("active"))
    last = view.get("last") or {}
    if last.get("kind") in ("roll", "push", "move", "ring") and last.get("player"):
        return str(last["player"])
    return None


def _roll_label(view: KrasserfallView, names: Mapping[str, str], players: list[str],
                lang: str) -> str:
    face = view.get("die")
    if face is None:
        return tr(_("NOT ROLLED YET"), lang)
    said = tr(_face(face), lang).upper()
    roller = _roller(view)
    if roller is None:
        return tr(_("ROLLED: {face}", face=said), lang)
    who = _name(names, players, roller, 18, 260, 1, lang)
    return tr(_("{player} ROLLED: {face}", player=who, face=said), lang)


def _draw_footer(sheet: Sheet, view: KrasserfallView, names: Mapping[str, str],
                 players: list[str]) -> None:
    face = view.get("die")
    if face is not None and face not in FACES:
        raise ValueError(f"not a die face: {face!r}")
    lang = sheet.lang
    left = MARGIN + 20
    sheet.paste(die_sprite(face), (left, FOOTER_Y + (FOOTER_H - DIE) // 2))
    tx = left + DIE + 24
    width = WIDTH - MARGIN - 20 - tx
    sheet.text((tx, FOOTER_Y + 36), _roll_label(view, names, players, lang), 18, DIM,
               anchor="ls", stroke=1)
    status, size = fitted(tr(_status(view, names, players, lang), lang), 32, width, 1, 22)
    sheet.text((tx, FOOTER_Y + 76), status, size, GOLD if view.get("result") else TEXT,
               anchor="ls", stroke=1)
    y = FOOTER_Y + 110
    rows = wrap(_last_line(view, names, players, lang), 21, width, 2)
    last = len(rows)
    holder = _stone_holder(view)
    if holder:
        where = next(((c, b.get("stone")) for c, b in (view.get("boats") or {}).items()
                      if b.get("stone")), None)
        hn = _name(names, players, str(holder), 21, 220, 0, lang)
        if where:
            stone = (_("Stone: {player} put it on {boat}, in the boat", player=hn,
                       boat=_boat_name(where[0])) if where[1] == "boat" else
                     _("Stone: {player} put it on {boat}, on the strip", player=hn,
                       boat=_boat_name(where[0])))
        else:
            stone = _("Stone: {player} may place it any time this round", player=hn)
        rows += wrap(tr(stone, lang), 21, width, 1)
    parts = []
    for h in view.get("history") or []:
        gains = ", ".join(f"{_name(names, players, p, 21, width // 2, 0, lang)} +{g}"
                          for p, g in (h.get("medals") or {}).items()) or tr(_("no medals"), lang)
        parts.append(tr(_("R{n} {boat}: {gains}", n=h.get("round"), boat=_boat(h.get("boat")),
                          gains=gains), lang))
    room = (FOOTER_Y + FOOTER_H - 14 - y) // LINE + 1 - len(rows)
    rows += _pack(parts, width, max(room, 1))
    for k, row in enumerate(rows):
        box = sheet.text((tx, y), row, 21, DIM, anchor="ls")
        if k == 1 and last > 1:  # the last move wrapped (``wrap`` balances its lines)
            paragraph(sheet.image, rows[:last], 21, (tx, y - LINE - 21, tx + width, box[3]))
        y += LINE


#: The footer's lines below the status: the last move, the stone, the rounds' results.
LINE = 27


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
