"""A player's private picture: their hand, and what each card can do now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from PIL import Image

from catalogs import tr
from games.kahuna import KahunaHandView, hand_options
from games.text import Notation, Text

from ..common import RGB, draw_text, encode_png, fit_text, fitted, panel, paste, pill, text_width
from .art import card_face, icon
from .board import FACE_UP, _, _n, _name
from .style import (
    ACCENT, BG, CARD, CARD_EDGE, DIM, GOLD, HAND_CARD_H, HAND_CARD_W, MARGIN, NAME_SIZE, SMALL, SS,
    TEXT, _check_island, _seat, palette)

# ----- the private hand ------------------------------------------------------------------------

HAND_W = 1000
HAND_GAP = 18
HAND_TOP = 118
HAND_LIST_Y = HAND_TOP + HAND_CARD_H + 22
ROW_H = 29
MAX_ROWS = 9  # option lines under a card (a card touches at most 6 lines)

Row = tuple[str, str, RGB, bool]  # main text, note, note colour, is a heading


def render_hand(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG of a player's hand for their own view: every card and what it could do now, its
    words in ``lang``."""
    return encode_png(draw_hand(cast(KahunaHandView, view), names, lang))


def _status(view: KahunaHandView, yours: bool) -> Text:
    """What the hand is for now: this turn's play, or a look ahead."""
    phase = view.get("phase")
    if view.get("result"):
        return _("The game is over.")
    if not yours:
        return _("Not your turn: what each card could do on the board as it is now.")
    if phase == "handicap":
        return _("Your handicap first: free bridges without cards ({cmd:move} {example}).",
                 example=Notation("kahuna", "free X-Y"))
    if phase == "last":
        return _("Your last turn: play what you like, then {cmd:move} {end}.",
                 end=Notation("kahuna", "end"))
    return _("Your turn: what each card can do now.")


def draw_hand(view: KahunaHandView, names: Mapping[str, str], lang: str = "en") -> Image.Image:
    """The owner's cards, each with the lines it could bridge (and what that would take) and
    the removals it could join, on the board as it is now."""
    viewer = view.get("viewer")
    if viewer is None or "hand" not in view:
        raise ValueError("render_hand needs the owner's view (with viewer and hand)")
    hand = [_check_island(c) for c in view.get("hand") or []]
    seat = _seat(view, viewer)
    options = hand_options(view)
    rows = {card: _card_rows(view, card, options.get(card) or {}, lang) for card in set(hand)}
    n_rows = min(MAX_ROWS, max((len(r) for r in rows.values()), default=1))
    height = HAND_LIST_Y + n_rows * ROW_H + 74
    im = Image.new("RGB", (HAND_W, height), BG)
    frame = panel((HAND_W - 2 * MARGIN, height - 2 * MARGIN), CARD, CARD_EDGE, 2, BG, scale=SS)
    paste(im, frame, (MARGIN, MARGIN))
    left = MARGIN + 24
    im.paste(icon("plank", seat, 34, CARD), (left, MARGIN + 22))
    name = _name(view, names, str(viewer), NAME_SIZE, 520, 1, lang)
    draw_text(im, (left + 44, MARGIN + 22), tr(_("Your hand, {player}", player=name), lang),
              NAME_SIZE, TEXT, anchor="la", stroke=1)
    yours = viewer in (view.get("to_act") or [])
    info = tr(_("Round {n}  ·  {k} of 5 cards", n=int(view.get("round") or 1), k=len(hand)), lang)
    draw_text(im, (HAND_W - left, MARGIN + 84), info, SMALL, DIM, anchor="rs")
    room = HAND_W - 2 * left - text_width(info, SMALL) - 24
    status, size = fitted(tr(_status(view, yours), lang), SMALL, room, 0, SMALL - 5)
    draw_text(im, (left, MARGIN + 84), status, size,
              ACCENT if yours and not view.get("result") else DIM, anchor="ls")
    if not hand:
        draw_text(im, (HAND_W / 2, HAND_TOP + HAND_CARD_H / 2),
                  tr(_("No cards in your hand"), lang), 34, DIM, anchor="mm", stroke=1)
    shown = list((view.get("displayed") or {}).get(viewer) or [])
    span = len(hand) * HAND_CARD_W + (len(hand) - 1) * HAND_GAP
    x = (HAND_W - span) // 2
    for card in hand:
        im.paste(card_face(card, HAND_CARD_W, HAND_CARD_H, CARD), (x, HAND_TOP))
        if card in shown:
            shown.remove(card)
            tag = pill(tr(FACE_UP, lang), GOLD, CARD, CARD, scale=SS)
            paste(im, tag, (x + (HAND_CARD_W - tag.width) // 2, HAND_TOP + HAND_CARD_H - 14))
        for i, (text, note, colour, heading) in enumerate(rows[card][:n_rows]):
            y = HAND_LIST_Y + 20 + i * ROW_H
            size = SMALL - 2 if heading else SMALL
            shown_text = fit_text(text, size, HAND_CARD_W)
            end = draw_text(im, (x + (0 if heading else 10), y), shown_text, size,
                            DIM if heading else TEXT, anchor="ls", stroke=0 if heading else 1)
            if note:
                room = x + HAND_CARD_W + HAND_GAP - 6 - end[2] - 6
                draw_text(im, (end[2] + 6, y), fit_text(note, 17, max(room, 20)), 17, colour,
                          anchor="ls", stroke=1)
        x += HAND_CARD_W + HAND_GAP
    left_count = int((view.get("bridges_left") or {}).get(viewer, 0))
    foot = tr(_("Bridges left: {n}  ·  gold: the islands a bridge would take", n=left_count),
              lang)
    draw_text(im, (left, height - MARGIN - 20), foot, 18, DIM, anchor="ls")
    return palette().to_p(im)


def _card_rows(view: KahunaHandView, card: str, options: Mapping[str, Sequence[str]],
               lang: str = "en") -> list[Row]:
    """Under a card: "bridge to" and the far ends of its free lines (with the islands that
    bridge would take), then "remove" and the opponent bridges it can help remove."""
    from games.kahuna.rules import place_bridge

    viewer = str(view["viewer"])
    opponent = next(p for p in view["players"] if p != viewer)
    rows: list[Row] = []
    lines = list(options.get("bridges") or [])
    if lines:
        rows.append((tr(_("bridge to"), lang), "", DIM, True))
    for line in lines:
        a, b = line.split("-")
        far = b if a == card else a
        bridges, stones = dict(view["bridges"]), dict(view["stones"])
        taken = place_bridge(bridges, stones, viewer, opponent, line).get("taken", [])
        rows.append((far, tr(_("takes {islands}", islands="+".join(taken)), lang) if taken else "",
                     GOLD, False))
    removals = list(options.get("removals") or [])
    if removals:
        rows.append((tr(_("remove"), lang), "", DIM, True))
    seen = set()
    for move in removals:
        parts = move.split()
        line, pair = parts[1], parts[2:4]
        partner = pair[1] if pair[0] == card else pair[0]
        if (line, partner) in seen:
            continue
        seen.add((line, partner))
        rows.append((line, tr(_("w/ {card}", card=partner), lang), DIM, False))
    if not rows:
        rows.append((tr(_("no play now"), lang), "", DIM, True))
    return rows
