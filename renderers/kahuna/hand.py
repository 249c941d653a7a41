"""A player's private picture: their hand, and what each card can do now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from PIL import Image

from catalogs import tr
from games.kahuna import KahunaHandView, hand_options
from games.text import Notation, Text

from ..common import (
    RGB, draw_lines, draw_text, encode_png, fitted, fitted_lines, panel, paste, pill, text_width)
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
    rows = {card: _card_lines(_card_rows(view, card, options.get(card) or {}, lang))
            for card in set(hand)}
    list_h = max((sum(line[-1] for line in lines) for lines in rows.values()), default=ROW_H)
    height = HAND_LIST_Y + list_h + 74
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
        y = HAND_LIST_Y + 20
        for text, dx, size, colour, stroke, step in rows[card]:
            if isinstance(text, str):
                draw_text(im, (x + dx, y), text, size, colour, anchor="ls", stroke=stroke)
            else:  # a note wrapped over lines of its own
                draw_lines(im, (x + dx, y), text, size, colour, NOTE_STEP, stroke=stroke)
            y += step
        x += HAND_CARD_W + HAND_GAP
    left_count = int((view.get("bridges_left") or {}).get(viewer, 0))
    foot = tr(_("Bridges left: {n}  ·  gold: the islands a bridge would take", n=left_count),
              lang)
    draw_text(im, (left, height - MARGIN - 20), foot, 18, DIM, anchor="ls")
    return palette().to_p(im)


#: A line under a card as drawn: its text (or a wrapped note's lines), indent, size, colour,
#: stroke, and how far down the next line starts.
Line = tuple[str | list[str], int, int, RGB, int, int]
#: The room of a card's lines: the card and most of the gap beside it.
COLUMN = HAND_CARD_W + HAND_GAP - 8
NOTE_SIZE, NOTE_STEP, NOTE_INDENT = 17, 21, 24


def _card_lines(rows: Sequence[Row]) -> list[Line]:
    """A card's rows as lines: a note beside its row where it fits, else wrapped on lines of
    its own below it; a heading or row steps down a size rather than lose its end."""
    out: list[Line] = []
    for text, note, colour, heading in rows:
        if heading:
            said, size = fitted(text, SMALL - 2, COLUMN, 0, SMALL - 7)
            out.append((said, 0, size, DIM, 0, ROW_H))
            continue
        said, size = fitted(text, SMALL, COLUMN - 10, 1, SMALL - 6)
        end = 10 + text_width(said, size, 1)
        if not note:
            out.append((said, 10, size, TEXT, 1, ROW_H))
        elif end + 6 + text_width(note, NOTE_SIZE, 1) <= COLUMN:
            out.append((said, 10, size, TEXT, 1, 0))
            out.append((note, end + 6, NOTE_SIZE, colour, 1, ROW_H))
        else:
            lines, small = fitted_lines(note, NOTE_SIZE, COLUMN - NOTE_INDENT, 3, 1, 13)
            out.append((said, 10, size, TEXT, 1, NOTE_STEP + 1))
            out.append((lines, NOTE_INDENT, small, colour, 1,
                        NOTE_STEP * (len(lines) - 1) + ROW_H - 2))
    return out


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
