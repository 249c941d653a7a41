"""The board image: the map with its bridges and stones, the players' header and the footer;
and the warm-up of every cached piece."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from catalogs import tr
from games.kahuna import ISLANDS, LINES, KahunaView, TurnSummary
from games.text import Text, join, plural, translator

from ..common import (
    DRAW, RGB, TO_MOVE, WINNER, card_edge, carry, encode_png, fit_text, fitted_lines, frame,
    line_starts, mix, panel, paragraph, pill, player_cards, seat_name, shrink, supersampled, text_patch, text_width,
    win_headline)
from .alt import move_said
from .art import _dashed, background_p, bridge_sprite, card_back, card_face, icon, stone_sprite
from .style import (
    ACCENT, BG, CARD, CARD_BACK, CARD_EDGE, CARD_FACE, CARD_H, CARD_Y, DIM, FOOTER_H, FOOTER_Y,
    GOLD, HAND_CARD_H, HAND_CARD_W, INK, MARGIN, NAME_SIZE, OPEN_H, OPEN_W, PLAYER, SAND, SAND_RIM,
    SMALL, SS, STATUS_SIZE, TEXT, WIDTH, _check_island, _check_line, _seat, palette)

_ = translator("kahuna")
_n = plural(_)
#: The label over open-draws cards lying face up (the board's and the hand's).
FACE_UP = _("FACE UP")


def prepare() -> None:
    """Build the cached art now rather than during the first player's render (about 1.5 s)."""
    background_p()
    for line in LINES:
        for seat in (0, 1):
            for style in ("plain", "new", "ghost"):
                bridge_sprite(line, seat, style)
    for island in ISLANDS:
        for seat in (0, 1):
            for style in ("plain", "new", "lost"):
                stone_sprite(island, seat, style)
        card_face(island, OPEN_W, OPEN_H, CARD)
        card_face(island, HAND_CARD_W, HAND_CARD_H, CARD)
    card_back(OPEN_W, OPEN_H, CARD)
    empty_slot(OPEN_W, OPEN_H)
    for depth in range(5):
        discard_pile(depth)
    from games import REGISTRY  # a first render fills the palette conversions of the panels

    game = REGISTRY["kahuna"]
    start = game.setup(["1", "2"], {}, 0)
    draw(cast(KahunaView, game.view(start, None)), {})
    draw(cast(KahunaView, game.view(game.resign(start, "1"), None)), {})


# ----- the board -------------------------------------------------------------------------------


def render(view: Mapping[str, Any], names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG bytes of the board for ``view`` (a Kahuna view; only public keys are read), its
    words in ``lang``."""
    return encode_png(draw(cast(KahunaView, view), names, lang))


def _focus(view: KahunaView) -> TurnSummary | None:
    """The turn whose changes are highlighted: the one in progress, else the last one."""
    return view.get("current") or view.get("last") or None


def draw(view: KahunaView, names: Mapping[str, str], lang: str = "en") -> Image.Image:
    """The board picture of ``view`` (on the palette: ``encode_png`` makes it a PNG)."""
    canvas = background_p().copy()
    focus = _focus(view)
    new_lines: set[str] = set()
    new_stones: set[str] = set()
    ghosts: list[tuple[str, int]] = []
    lost: list[tuple[str, int]] = []
    if focus:
        mover = _seat(view, focus.get("player"))
        new_lines = {_check_line(x) for x in focus.get("placed") or []}
        new_stones = {_check_island(x) for x in focus.get("taken") or []}
        bridges_now = view.get("bridges") or {}
        stones_now = view.get("stones") or {}
        ghosts = [(_check_line(x), 1 - mover) for x in focus.get("removed") or []
                  if x not in bridges_now]
        lost = [(_check_island(x), 1 - mover) for x in focus.get("lost") or []
                if x not in stones_now]
    for line, seat in ghosts:
        patch, mask, xy = bridge_sprite(line, seat, "ghost")
        canvas.paste(patch, xy, mask)
    bridges: Mapping[str, str] = view.get("bridges") or {}
    for line in sorted(bridges, key=lambda x: (x in new_lines, x)):  # new ones on top
        seat = _seat(view, bridges[line])
        style = "new" if line in new_lines else "plain"
        patch, mask, xy = bridge_sprite(_check_line(line), seat, style)
        canvas.paste(patch, xy, mask)
    for island, seat in lost:
        patch, mask, xy = stone_sprite(island, seat, "lost")
        canvas.paste(patch, xy, mask)
    stones: Mapping[str, str] = view.get("stones") or {}
    for island in sorted(stones):
        seat = _seat(view, stones[island])
        style = "new" if island in new_stones else "plain"
        patch, mask, xy = stone_sprite(_check_island(island), seat, style)
        canvas.paste(patch, xy, mask)
    _header(Ink(canvas, lang), view, names)
    _footer(Ink(canvas, lang, 0, FOOTER_Y), view, names)
    return canvas


def _name(view: KahunaView, names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0, lang: str = "en") -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke, lang)


# ----- drawing on the palette canvas -----------------------------------------------------------
# Header and footer are drawn straight onto the palette image: cached pieces are converted
# once, and text becomes a cached sprite pre-blended on the colour it lies on. A render then
# quantizes nothing but the few strings it has never drawn before.


_AS_P: dict[int, tuple[Image.Image, Image.Image]] = {}


def as_p(image: Image.Image) -> Image.Image:
    """A cached RGB piece (panel, card, icon) mapped onto the palette, once.

    Keyed by identity (images are not hashable); the pieces come from lru caches, so the same
    piece is the same object. The entry keeps its source alive, so an id is never reused
    while its entry exists.
    """
    entry = _AS_P.get(id(image))
    if entry is not None and entry[0] is image:
        return entry[1]
    if len(_AS_P) > 512:
        _AS_P.clear()
    converted = palette().to_p(image)
    _AS_P[id(image)] = (image, converted)
    return converted



class Ink:
    """Pastes cached pieces and text onto a palette canvas, at an offset (a panel's origin),
    its words in ``lang``."""

    def __init__(self, canvas: Image.Image, lang: str, ox: int = 0, oy: int = 0) -> None:
        self.canvas, self.lang, self.ox, self.oy = canvas, lang, ox, oy

    def say(self, text: Text) -> str:
        return tr(text, self.lang)

    def paste(self, piece: Image.Image, xy: tuple[float, float]) -> None:
        at = (round(xy[0]) + self.ox, round(xy[1]) + self.oy)
        self.canvas.paste(as_p(piece), at)
        carry(piece, self.canvas, at)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB, ground: RGB,
             anchor: str = "la", stroke: int = 0) -> tuple[int, int, int, int]:
        """Like ``draw_text``; returns the box in the panel's coordinates."""
        patch, mask, (dx, dy) = text_patch(palette(), text, size, fill, ground, anchor, stroke)
        x, y = round(xy[0]) + dx, round(xy[1]) + dy
        self.canvas.paste(patch, (x + self.ox, y + self.oy), mask)
        carry(patch, self.canvas, (x + self.ox, y + self.oy))
        return x, y, x + patch.width, y + patch.height


def _header(ink: Ink, view: KahunaView, names: Mapping[str, str]) -> None:
    """Both players: name, colour, points; stones, bridges and cards; whose turn."""
    players = list(view.get("players") or [])[:2]
    scores: Mapping[str, int] = view.get("scores") or {}
    result = view.get("result")
    winners = set(result.get("winners") or []) if result else set()
    hands: Mapping[str, int] = view.get("hands") or {}
    left: Mapping[str, int] = view.get("bridges_left") or {}
    stones: Mapping[str, str] = view.get("stones") or {}
    card_w, cards = player_cards(players, view, WIDTH, MARGIN, 2)
    for i, (player, x, active, won) in enumerate(cards):
        edge, edge_w = card_edge(active, won, ACCENT, GOLD, CARD_EDGE)
        ink.paste(panel((card_w, CARD_H), CARD, edge, edge_w, BG, scale=SS), (x, CARD_Y))
        ink.paste(icon("plank", i, 34, CARD), (x + 18, CARD_Y + 18))
        score = str(scores.get(player, 0))
        score_w = text_width(score, 56, 1)
        name_w = card_w - 90 - max(score_w, 60)
        name = _name(view, names, player, NAME_SIZE, name_w, 1, ink.lang)
        ink.text((x + 60, CARD_Y + 20), name, NAME_SIZE, TEXT, CARD, stroke=1)
        ink.text((x + card_w - 22, CARD_Y + 34), ink.say(_n("POINT", "POINTS", int(score))), 16,
                 DIM, CARD, anchor="rs")
        ink.text((x + card_w - 22, CARD_Y + 62), score, 56, GOLD if won else TEXT, CARD,
                 anchor="rm", stroke=1)
        # stones, bridges on the board, cards in hand
        n_stones = sum(1 for p in stones.values() if p == player)
        n_bridges = 25 - int(left.get(player, 25))
        n_cards = int(hands.get(player, 0))
        y = CARD_Y + 100
        cx = x + 18
        for kind, text in (("stone", _stones(n_stones)), ("plank", _bridges(n_bridges)),
                           ("card", _n("{n} card", "{n} cards", n_cards))):
            ink.paste(icon(kind, i, 24, CARD), (cx, y - 12))
            cx += 29
            said = ink.say(text)
            ink.text((cx, y), said, 21, TEXT, CARD, anchor="lm")
            cx += text_width(said, 21) + 14
        tag = None
        if active:
            phase = view.get("phase")
            tag = pill(ink.say(_("LAST TURN") if phase == "last" else _("HANDICAP")
                               if phase == "handicap" else TO_MOVE), ACCENT, CARD, BG, scale=SS)
        elif won:
            tag = pill(ink.say(DRAW if len(winners) > 1 else WINNER), GOLD, CARD, BG, scale=SS)
        if tag is not None:
            ink.paste(tag, (x + card_w - tag.width - 18, CARD_Y - 14))


def _stones(n: int) -> Text:
    return _n("{n} stone", "{n} stones", n)


def _bridges(n: int) -> Text:
    return _n("{n} bridge", "{n} bridges", n)


def _status(view: KahunaView) -> list[Text]:
    """The status line in pieces that recur from render to render."""
    rnd = int(view.get("round") or 1)
    phase = view.get("phase")
    if view.get("result"):
        return [_("Game over"), _("round {n} of 3", n=rnd)]
    if phase == "handicap":
        left = int(view.get("handicap_left") or 0)
        return [_("Handicap"), _n("{n} free bridge to place", "{n} free bridges to place", left)]
    if phase == "last":
        return [_("Round 3 of 3"), _("last turns: {n} to go", n=int(view.get("last_turns") or 0))]
    return [_("Round {n} of 3", n=rnd), _("turn {n}", n=int(view.get("turn") or 0) + 1)]


@lru_cache(maxsize=1)
def footer_base() -> Image.Image:
    """The footer's panel (RGB); mapped onto the palette once by ``as_p``."""
    im = Image.new("RGB", (WIDTH, FOOTER_H), BG)
    im.paste(panel((WIDTH - 2 * MARGIN, FOOTER_H), CARD, CARD_EDGE, 2, BG, scale=SS), (MARGIN, 0))
    return im


def _footer(ink: Ink, view: KahunaView, names: Mapping[str, str]) -> None:
    """Round and scorings; the open cards, deck and discards (or the result); the last turn."""
    ink.paste(footer_base(), (0, 0))
    left, right = MARGIN + 24, WIDTH - MARGIN - 24
    x = left
    for k, piece in enumerate(_status(view)):
        if k:
            x = ink.text((x + 12, 42), "·", STATUS_SIZE, DIM, CARD, anchor="ls")[2] + 12
        x = ink.text((x, 42), ink.say(piece), STATUS_SIZE, TEXT, CARD, anchor="ls", stroke=1)[2]
    _scoring_chips(ink, view, right, 42, x + 24)
    body_y = 66
    if view.get("result"):
        _draw_result(ink, view, names, (left, body_y, right, body_y + OPEN_H + 30))
    else:
        _draw_cards(ink, view, (left, body_y))
    _draw_turn(ink, view, names, (left, body_y + OPEN_H + 40, right, FOOTER_H - 12))


def _scoring_chips(ink: Ink, view: KahunaView, right: int, baseline: int, left: int) -> None:
    """One chip per scoring so far: "R1 +1" in the scorer's colour, grey for a tie; their
    label "Scorings:" where it leaves the status (ending at ``left``) room."""
    players = list(view.get("players") or [])
    x = right
    for scoring in reversed(list(view.get("scorings") or [])):
        points = scoring.get("points") or {}
        gained = [(p, n) for p, n in points.items() if n]
        label = ink.say(_("R{n} +{points}", n=scoring.get("round"), points=gained[0][1]) if gained
                        else _("R{n} tie", n=scoring.get("round")))
        colour = PLAYER[players.index(gained[0][0])] if gained and gained[0][0] in players \
            else DIM
        width = text_width(label, SMALL, 1) + 24
        ink.paste(panel((width, 34), CARD, colour, 3, CARD, radius=17, scale=SS), (x - width, baseline - 26))
        ink.text((x - width / 2, baseline - 9), label, SMALL, colour, CARD, anchor="mm",
                 stroke=1)
        x -= width + 10
    label = ink.say(_("Scorings:"))
    if x != right and x - 4 - text_width(label, SMALL) >= left:
        ink.text((x - 4, baseline), label, SMALL, DIM, CARD, anchor="rs")


def _draw_cards(ink: Ink, view: KahunaView, at: tuple[int, int]) -> None:
    """The open cards, the deck (with its count) and the discard pile, each labelled."""
    x, y = at
    label_y, cards_y = y + 16, y + 30
    open_cards = [_check_island(c) for c in view.get("open") or []]
    ink.text((x, label_y), ink.say(_("OPEN CARDS")), SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    for slot in range(3):
        if slot < len(open_cards):
            ink.paste(card_face(open_cards[slot], OPEN_W, OPEN_H, CARD), (x, cards_y))
        else:
            ink.paste(empty_slot(OPEN_W, OPEN_H), (x, cards_y))
        x += OPEN_W + 12
    x += 22
    deck = int(view.get("deck") or 0)
    ink.text((x, label_y), ink.say(_("DECK")), SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    if deck:
        ink.paste(card_back(OPEN_W, OPEN_H, CARD), (x, cards_y))
        ink.text((x + OPEN_W / 2, cards_y + OPEN_H / 2), str(deck), 52, TEXT, CARD_BACK,
                 anchor="mm", stroke=2)
    else:
        ink.paste(empty_slot(OPEN_W, OPEN_H), (x, cards_y))
        ink.text((x + OPEN_W / 2, cards_y + OPEN_H / 2), ink.say(_("empty")), SMALL, DIM, CARD,
                 anchor="mm")
    x += OPEN_W + 34
    discard = int(view.get("discard") or 0)
    tucked = int(view.get("tucked") or 0)
    ink.text((x, label_y), ink.say(_("DISCARDS")), SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    ink.paste(discard_pile(min(discard, 4)), (x, cards_y))
    ground = DISCARD_FACE if discard else CARD
    lines: list[str] = []
    size = 18
    if tucked:  # on the top card, in as many lines as it takes
        lines, size = fitted_lines(ink.say(_("{n} face down", n=tucked)), 18, OPEN_W - 16, 2,
                                   0, 15)
    lift = 10 * (len(lines) - 1)  # two lines lift the count
    ink.text((x + OPEN_W / 2 + 6, cards_y + OPEN_H / 2 - 6 - lift), str(discard), 44,
             INK if discard else DIM, ground, anchor="mm", stroke=1)
    boxes = [ink.text((x + OPEN_W / 2 + 3, cards_y + OPEN_H / 2 + 30 - lift + i * (size + 3)),
                      line, size, INK, DISCARD_FACE, anchor="mm") for i, line in enumerate(lines)]
    if len(lines) > 1:
        paragraph(ink.canvas, lines, size, (min(b[0] for b in boxes) + ink.ox, boxes[0][1] + ink.oy,
                                            max(b[2] for b in boxes) + ink.ox, boxes[-1][3] + ink.oy))
    if view.get("variant") == "open-draws":
        _draw_face_up(ink, view, (x + OPEN_W + 40, label_y))


def _draw_face_up(ink: Ink, view: KahunaView, at: tuple[int, int]) -> None:
    """Open-draws: the drawn open cards lying face up in front of each player."""
    x, y = at
    ink.text((x, y), ink.say(FACE_UP), SMALL - 2, DIM, CARD, anchor="ls", stroke=1)
    displayed: Mapping[str, Sequence[str]] = view.get("displayed") or {}
    for seat, player in enumerate(list(view.get("players") or [])[:2]):
        cards = [_check_island(c) for c in displayed.get(player) or []]
        top = y + 24 + seat * 78
        ink.paste(icon("plank", seat, 24, CARD), (x, top))
        rows = [cards[k:k + 2] for k in range(0, len(cards), 2)] or [[ink.say(_("none"))]]
        for i, row in enumerate(rows[:3]):
            ink.text((x + 32, top + 19 + i * 24), " ".join(row), 19, TEXT if cards else DIM,
                     CARD, anchor="ls", stroke=1 if cards else 0)


@lru_cache(maxsize=4)
def empty_slot(w: int, h: int) -> Image.Image:
    """Where a card is missing: a dashed outline."""
    im, d = supersampled((w, h), SS, CARD)
    pts = [(6, 6), (w - 6, 6), (w - 6, h - 6), (6, h - 6), (6, 6)]
    _dashed(d, pts, CARD_EDGE, 2.5, 10, 8, SS)
    return shrink(im, SS)


DISCARD_FACE: RGB = mix(CARD_FACE, SAND, 0.5)


@lru_cache(maxsize=8)
def discard_pile(depth: int) -> Image.Image:
    """A small fanned stack of face-up cards, ``depth`` deep (0: an empty slot)."""
    if depth == 0:
        return empty_slot(OPEN_W + 14, OPEN_H)
    im = Image.new("RGB", (OPEN_W + 14, OPEN_H), CARD)
    layer, d = supersampled((OPEN_W + 14, OPEN_H), SS, (0, 0, 0, 0), "RGBA")
    for k in range(depth):
        ox = (depth - 1 - k) * 4
        oy = k * 2
        box = (ox * SS, oy * SS, (ox + OPEN_W) * SS - 1, (OPEN_H - 2 * (depth - 1) + oy) * SS - 1)
        d.rounded_rectangle(box, radius=12 * SS, fill=SAND_RIM + (255,))
        d.rounded_rectangle((box[0] + 2 * SS, box[1] + 2 * SS, box[2] - 2 * SS, box[3] - 2 * SS),
                            radius=10 * SS, fill=DISCARD_FACE + (255,))
    layer = shrink(layer, SS)
    im.paste(layer, (0, 0), layer)
    top = 2 * (depth - 1)  # the top card: words drawn on the pile stay on it
    frame(im, (0, top, OPEN_W, OPEN_H - 2 * (depth - 1) + top))
    return im


Chunk = tuple[str, RGB, int]  # text, colour, stroke


def _turn_lines(view: KahunaView, names: Mapping[str, str], lang: str) -> list[list[Chunk]]:
    """The highlighted turn in words: who and which moves, then what they did.

    Lines come in chunks (a move, an effect) that recur from one render to the next, so their
    text sprites are mostly cached: a long unique line would be drawn afresh every time.
    """
    focus = _focus(view)
    if not focus:
        return [[(tr(_("No moves yet."), lang), TEXT, 1)]]
    player = focus.get("player")
    players = list(view.get("players") or [])
    other = next((p for p in players if p != player), None)
    who = _name(view, names, str(player), STATUS_SIZE, 300, 0, lang)
    them = _name(view, names, str(other), STATUS_SIZE, 300, 0, lang) if other else "?"
    doing = (_("Handicap ({player}):", player=who) if focus.get("turn") == 0 else
             _("This turn ({player}):", player=who) if view.get("current") else
             _("Last turn ({player}):", player=who))
    first: list[Chunk] = [(tr(doing, lang) + " ", TEXT, 1)]
    handicap = focus.get("turn") == 0
    for i, move in enumerate(focus.get("moves") or []):
        # the handicap's bridges are all free: "Handicap (bot): ALOA-DUDA · ALOA-BARI"
        said = move.split(" ", 1)[1] if handicap and move.startswith("free ") else tr(move_said(move), lang)
        first.append((("· " if i else "") + f"{said} ", TEXT, 0))
    effects: list[Text] = []
    if focus.get("taken"):
        effects.append(_("{player} took {islands}", player=who, islands=join(focus["taken"])))
    # "anna lost the bridges HUNA-IFFI and IFFI-JOJO as well as the stones on HUNA and JOJO"
    losses: list[Text] = []
    removed = list(focus.get("removed") or [])
    if removed:
        losses.append(_n("the bridge {lines}", "the bridges {lines}", len(removed),
                         lines=join(removed)))
    lost = list(focus.get("lost") or [])
    if lost:
        losses.append(_n("the stone on {islands}", "the stones on {islands}", len(lost),
                         islands=join(lost)))
    if losses:
        what = (_("{bridges} as well as {stones}", bridges=losses[0], stones=losses[1])
                if len(losses) == 2 else losses[0])
        effects.append(_("{player} lost {what}", player=them, what=what))
    scoring = focus.get("scoring")
    if scoring:
        stones = scoring.get("stones") or {}
        counts = " : ".join(str(stones.get(p, 0)) for p in players)
        effects.append(_("scoring {n}: stones {counts}", n=scoring.get("round"), counts=counts))
    if focus.get("last_turns"):
        effects.append(_("the cards ran out a 3rd time: one last turn each"))
    if focus.get("early_end"):
        effects.append(_("no bridge left: early end"))
    lines = [first]
    if effects:
        lines.append([(tr(_("{effect};", effect=e) if i < len(effects) - 1 else e, lang) + " ",
                       DIM, 0) for i, e in enumerate(effects)])
    return lines


Word = tuple[str, RGB, int]  # a word of a chunk: text, colour, stroke


def _words(chunks: Sequence[Chunk]) -> list[Word]:
    """The chunks' words; a "·" between two moves goes with the move after it, so no line
    ends on it (and a line that begins with that move drops it)."""
    out: list[Word] = []
    glue = False
    for text, colour, stroke in chunks:
        for word in text.split():
            if glue and out:
                word = f"{out.pop()[0]} {word}"
            out.append((word, colour, stroke))
            glue = word == "·"
    return out


def _chunk_lines(chunks: Sequence[Chunk], size: int, room: int) -> list[list[Word]]:
    """The chunks' words set in lines of at most ``room`` px at ``size``, as even as the
    lines can be (``line_starts``)."""
    words = _words(chunks)
    widths = [text_width(w, size, stroke) for w, _c, stroke in words]
    starts = line_starts(widths, text_width(" ", size), room)
    ends = [*starts[1:], len(words)]
    lines = [words[a:b] for a, b in zip(starts, ends)]
    for line in lines:  # the line break separates the moves: no "·" begins a line
        word, colour, stroke = line[0]
        if word.startswith("· "):
            line[0] = (word[2:], colour, stroke)
    return lines


#: The turn's lines below the cards: as large as they fit, from 22 px down to 16 px.
TURN_SIZES = range(22, 15, -1)


def _turn_layout(texts: Sequence[Sequence[Chunk]], room: int, height: int
                 ) -> tuple[int, int, list[list[list[Word]]]]:
    """The largest size (and its line step) at which the turn's texts, each from a line of
    its own, fit ``height`` px below the cards whole, and their lines."""
    size, step, layout = 0, 0, []
    for size in TURN_SIZES:
        step = round(size * 1.36)
        most = (height - size) // step + 1
        layout = [_chunk_lines(chunks, size, room) for chunks in texts]
        whole = all(text_width(w, size, k) <= room for lines in layout for line in lines
                    for w, _c, k in line)
        if whole and sum(len(lines) for lines in layout) <= most:
            break
    return size, step, layout


def _draw_turn(ink: Ink, view: KahunaView, names: Mapping[str, str],
               box: tuple[int, int, int, int]) -> None:
    """Who and which moves, then what they did from a line of its own; the lines step down a
    size rather than lose a word."""
    x0, y0, x1, y1 = box
    size, step, layout = _turn_layout(_turn_lines(view, names, ink.lang)[:2], x1 - x0, y1 - y0)
    space = text_width(" ", size)
    y = y0 + size + 2
    for lines in layout:
        top, right = y, x0
        for line in lines:
            x = x0
            for word, colour, stroke in line:
                right = max(right, ink.text((x, y), word, size, colour, CARD, anchor="ls",
                                            stroke=stroke)[2])
                x += text_width(word, size, stroke) + space
            y += step
        if len(lines) > 1:
            said = [" ".join(w for w, _c, _k in line) for line in lines]
            paragraph(ink.canvas, said, size, (x0 + ink.ox, top - size + ink.oy, right + ink.ox,
                                               y - step + size // 3 + ink.oy))


def _draw_result(ink: Ink, view: KahunaView, names: Mapping[str, str],
                 box: tuple[int, int, int, int]) -> None:
    result = view["result"]
    if result is None:
        return
    lang = ink.lang
    x0, y0, x1, _y1 = box
    width = x1 - x0
    winners = list(result.get("winners") or [])
    players = list(view.get("players") or [])
    scores: Mapping[str, int] = result.get("scores") or view.get("scores") or {}
    detail = result.get("detail") or {}

    def name(p: str, size: int = 26, room: int = 300) -> str:
        return _name(view, names, p, size, room, 0, lang)

    headline = win_headline(winners, lambda p: _name(view, names, p, 48, width - 200, 1, lang),
                            _("Draw!"), lang)
    ink.text((x0, y0 + 52), headline, 48, GOLD, CARD, anchor="ls", stroke=1)
    points = ", ".join(f"{name(p, 26, 260)}: {scores.get(p, 0)}" for p in players)
    reason = result.get("reason")
    why: Text
    if reason == "resigned":
        quitter = detail.get("resigned")
        who = name(str(quitter)) if quitter in players else tr(_("A player"), lang)
        why = _("{player} resigned  ·  {points}", player=who, points=points)
    elif reason == "early end":
        bare = list(detail.get("bare") or [])
        if len(bare) == 1 and bare[0] in players:
            why = _("{player} has no bridge left  ·  {points}", player=name(bare[0]),
                    points=points)
        else:
            why = _("Nobody has a bridge left  ·  {points}", points=points)
    else:
        tiebreak = str(detail.get("tiebreak"))
        why = (_("Final points: {points}  ·  tie broken by the final scoring", points=points)
               if tiebreak == "third scoring" else
               _("Final points: {points}  ·  tie broken by more bridges", points=points)
               if tiebreak == "bridges" else _("Final points: {points}", points=points))
    ink.text((x0, y0 + 96), fit_text(tr(why, lang), 26, width), 26, TEXT, CARD, anchor="ls")
    stones = detail.get("stones") or {}
    bridges = detail.get("bridges") or {}
    line = "   ".join(
        tr(_("{player}: {stones}, {bridges}", player=name(p, 24, 260),
             stones=_stones(int(stones.get(p, 0))), bridges=_bridges(int(bridges.get(p, 0)))),
           lang) for p in players)
    ink.text((x0, y0 + 136), fit_text(line, 24, width), 24, DIM, CARD, anchor="ls")
