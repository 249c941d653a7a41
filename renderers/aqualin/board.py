"""The board image: the tiles, the scoring links, the last move, header and footer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from catalogs import tr
from games.aqualin import ROLE_WORDS, AqualinView
from games.aqualin.state import Role
from games.text import plural, translator

from ..common import (
    DRAW, TO_MOVE, WINNER, Box, card_edge, draw_text, encode_png, fit_text, panel, paste, pill,
    player_cards, seat_name, text_width, win_headline)
from .art import arrow, background, colour_dots, ring, species_row, tile_p, tile_rgb
from .style import (
    ACCENT, BG, BOARD_X, BOARD_Y, CARD, CARD_EDGE, CARD_H, CARD_Y, CELL, COLOURS, DIM, DRAWN_SIZE,
    FILES, FOOTER_BODY_Y, FOOTER_Y, GOLD, HEADER_H, HILITE, LAST_SIZE, MARGIN, MARKET_GAP,
    MARKET_SIZE, RANKS, RULES, SPECIES_LINK, STATUS_SIZE, TEXT, TOTAL_TILES, WIDTH, _check_square,
    _check_tile, footer_height, palette, square_centre, square_origin, tile_name)

_ = translator("aqualin")
_n = plural(_)

# ----- the render ------------------------------------------------------------------------------


def render(view: AqualinView, names: Mapping[str, str], lang: str = "en") -> bytes:
    """PNG bytes of the board for ``view`` (a public Aqualin view: its keys are
    ``games.aqualin.AqualinView``'s, checked where they are drawn), its words in ``lang``."""
    return encode_png(draw(view, names, lang))


def draw(view: AqualinView, names: Mapping[str, str], lang: str = "en") -> Image.Image:
    """The board as a palette image (``render`` encodes it); reads ``view`` only."""
    rules = view.get("rules", "seed")
    if rules not in RULES:
        raise ValueError(f"unknown Aqualin rules {rules!r}")
    canvas = background(rules, bool(view.get("result"))).copy()
    board: Mapping[str, str] = view.get("board") or {}
    for square in sorted(board):
        canvas.paste(tile_p(_check_tile(board[square])), square_origin(_check_square(square)))
    _draw_links(canvas, view)
    _draw_last_move(canvas, view)
    paste(canvas, _header(view, names, lang), (0, 0))
    paste(canvas, _footer(view, names, lang), (0, FOOTER_Y))
    return canvas



def _name(view: AqualinView, names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0, lang: str = "en") -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke, lang)


def _draw_links(canvas: Image.Image, view: AqualinView) -> None:
    """Scoring groups, subtly: small bridges join neighbours of one group across the gap.

    Colour groups get a bridge in their colour on one side of the shared edge, species groups
    a pale one on the other side, so both players can read their groups at once.
    """
    board: Mapping[str, str] = view.get("board") or {}
    roles: Mapping[str, str] = view.get("roles") or {}
    groups: Mapping[str, Sequence[Sequence[str]]] = view.get("groups") or {}
    pal = palette()
    d = ImageDraw.Draw(canvas)
    half, span = 7, 11  # bridge half-thickness across the gap, half-length along the edge
    for player, player_groups in sorted(groups.items()):
        role = roles.get(player)
        for group in player_groups:
            members = set(group)
            for sq in sorted(members):
                if sq not in board:
                    continue
                x, y = FILES.index(sq[0]), RANKS.index(sq[1])
                for nx, ny in ((x + 1, y), (x, y + 1)):
                    if nx > 5 or ny > 5:
                        continue
                    other = FILES[nx] + RANKS[ny]
                    if other not in members or other not in board:
                        continue
                    if role == "colour":
                        colour, offset = COLOURS[board[sq][0]], -30
                    else:
                        colour, offset = SPECIES_LINK, 30
                    index = pal.index(colour)
                    cx, cy = square_centre(sq)
                    if nx != x:  # neighbour to the right: vertical bridge on the shared edge
                        ex, ey = cx + CELL // 2, cy + offset
                        d.rectangle((ex - half, ey - span, ex + half - 1, ey + span - 1),
                                    fill=index)
                    else:  # neighbour above (higher rank is further up)
                        ex, ey = cx + offset, cy - CELL // 2
                        d.rectangle((ex - span, ey - half, ex + span - 1, ey + half - 1),
                                    fill=index)


def _draw_last_move(canvas: Image.Image, view: AqualinView) -> None:
    """Ring the square of the last placement (and thinly the shifted tile); arrow the shift.

    The arrow goes on top so that the rings never cut it.
    """
    last = view.get("last")
    if not last:
        return
    pal = palette()
    square = last.get("square")
    if square:
        x, y = square_origin(_check_square(square))
        pal.overlay(canvas, ring(5, HILITE), (x - 4, y - 4))
    shift = last.get("shift")
    if not shift:
        return
    a, b = _check_square(shift[0]), _check_square(shift[1])
    ax, ay = FILES.index(a[0]), 5 - RANKS.index(a[1])
    bx, by = FILES.index(b[0]), 5 - RANKS.index(b[1])
    if (ax, ay) == (bx, by):
        return
    x, y = square_origin(b)
    pal.overlay(canvas, ring(2, HILITE), (x - 4, y - 4))
    sprite = arrow(bx - ax, by - ay, a in (view.get("board") or {}))
    pal.overlay(canvas, sprite, (BOARD_X + min(ax, bx) * CELL, BOARD_Y + min(ay, by) * CELL))


def _header(view: AqualinView, names: Mapping[str, str], lang: str) -> Image.Image:
    """The two players: name, role badge, score; whose turn; the winner at the end."""
    im = Image.new("RGB", (WIDTH, HEADER_H), BG)
    order = list(view.get("order") or view.get("players") or [])[:2]
    roles: Mapping[str, str] = view.get("roles") or {}
    scores: Mapping[str, int] = view.get("scores") or {}
    result = view.get("result")
    draw_game = result is not None and len(result.get("winners") or []) > 1
    card_w, cards = player_cards(order, view, WIDTH, MARGIN, 2)
    for player, x, active, won in cards:
        edge, edge_w = card_edge(active, won, ACCENT, GOLD, CARD_EDGE)
        paste(im, panel((card_w, CARD_H), CARD, edge, edge_w, BG), (x, CARD_Y))
        score = str(scores.get(player, 0))
        score_w = text_width(score, 64, 1)
        name_w = card_w - 48 - max(score_w, 60)
        name = _name(view, names, player, 34, name_w, 1, lang)
        draw_text(im, (x + 22, CARD_Y + 22), name, 34, TEXT, anchor="la", stroke=1)
        role = roles.get(player, "")
        said = _role(role, lang).upper()
        draw_text(im, (x + 22, CARD_Y + 90), said or "?", 20, DIM, anchor="ls", stroke=1)
        badge_x = x + 22 + text_width(said, 20, 1) + 12
        badge = colour_dots(19, CARD) if role == "colour" else species_row(26, TEXT, CARD) \
            if role == "species" else None
        if badge is not None:
            im.paste(badge, (badge_x, CARD_Y + 90 - 7 - badge.height // 2 - 1))
        draw_text(im, (x + card_w - 22, CARD_Y + CARD_H // 2 + 2), score, 64,
                  GOLD if won else TEXT, anchor="rm", stroke=1)
        tag = None
        if active:
            tag = pill(tr(TO_MOVE, lang), ACCENT, CARD, BG)
        elif won:
            tag = pill(tr(DRAW if draw_game else WINNER, lang), GOLD, CARD, BG)
        if tag is not None:
            paste(im, tag, (x + card_w - tag.width - 18, CARD_Y - 14))  # astride the top edge
    return palette().to_p(im)


def _role(role: str, lang: str) -> str:
    """A role's word in ``lang`` ("" for a player without one)."""
    return tr(ROLE_WORDS[Role(role)], lang) if role in tuple(Role) else ""


def _last_move_text(view: AqualinView, names: Mapping[str, str], max_width: int,
                    lang: str) -> tuple[str, int]:
    """"Last: Marina  e3-e4, GH on e3" and its size: the shift, then the tile and where it
    went; in smaller letters where the status line leaves too little room.

    The move always shows in full; only a name too long even then is shortened.
    """
    last = view.get("last")
    if not last:
        return "", STATUS_SIZE
    parts = []
    shift = last.get("shift")
    if shift:
        parts.append(f"{shift[0]}-{shift[1]}")
    tile, square = last.get("tile"), last.get("square")
    if tile and square:
        parts.append(tr(_("{tile} on {square}", tile=tile, square=square), lang))
    elif square:
        parts.append(str(square))
    move = ", ".join(parts)
    if last.get("shown"):  # a hint's or a review's picture: the move shown, not yet made
        return fit_text(tr(_("Move shown: {move}", move=move), lang), STATUS_SIZE, max_width), STATUS_SIZE
    player = str(last.get("player", ""))
    for size in (STATUS_SIZE, LAST_SIZE):
        who = _name(view, names, player, size, 10_000, 0, lang)
        text = tr(_("Last: {player}  {move}", player=who, move=move), lang)
        if text_width(text, size) <= max_width:
            return text, size
    bare = tr(_("Last: {player}  {move}", player="", move=move), lang)
    room = max_width - text_width(bare, LAST_SIZE)
    if room < 60:
        return fit_text(tr(_("Last: {move}", move=move), lang), LAST_SIZE, max_width), LAST_SIZE
    who = _name(view, names, player, LAST_SIZE, room, 0, lang)
    return tr(_("Last: {player}  {move}", player=who, move=move), lang), LAST_SIZE


def _footer(view: AqualinView, names: Mapping[str, str], lang: str) -> Image.Image:
    """Turn, supply and the last move; then the tile to place, the market, or the result."""
    rules = view.get("rules", "seed")
    result = view.get("result")
    h = footer_height(rules, bool(result))
    w = WIDTH - 2 * MARGIN
    im = Image.new("RGB", (WIDTH, h), BG)
    paste(im, panel((w, h), CARD, CARD_EDGE, 2, BG), (MARGIN, 0))
    left, right = MARGIN + 24, WIDTH - MARGIN - 24
    turn = int(view.get("turn") or 0)
    supply = int(view.get("supply") or 0)
    # once it is over the headline below says so: the status only counts the tiles
    status = tr(_("{n} of {total} tiles placed", n=turn, total=TOTAL_TILES) if result else
                _("Turn {n} of {total}  ·  {supply} in supply", n=min(turn + 1, TOTAL_TILES),
                  total=TOTAL_TILES, supply=supply), lang)
    draw_text(im, (left, 38), status, STATUS_SIZE, DIM, anchor="ls")
    last, size = _last_move_text(view, names, right - left - text_width(status, STATUS_SIZE) - 28,
                                 lang)
    if last:
        draw_text(im, (right, 38), last, size, DIM, anchor="rs")
    body = (left, FOOTER_BODY_Y, right, h - 18)
    if result:
        _draw_result(im, view, result, names, body, lang)
    elif rules == "classic":
        _draw_market(im, view, body, lang)
    else:
        _draw_drawn(im, view, body, lang)
    return palette().to_p(im)


def _draw_drawn(im: Image.Image, view: AqualinView, box: Box, lang: str) -> None:
    tile = view.get("drawn")
    x0, y0, x1, y1 = box
    size = DRAWN_SIZE
    if not tile:
        draw_text(im, (x0, y0 + size / 2), tr(_("No tile drawn"), lang), 30, DIM, anchor="lm")
        return
    tile = _check_tile(tile)
    im.paste(tile_rgb(tile, size, CARD), (x0 - 4, y0))
    tx = x0 + size + 18
    draw_text(im, (tx, y0 + 30), tr(_("TILE TO PLACE"), lang), 22, DIM, anchor="ls", stroke=1)
    draw_text(im, (tx, y0 + 76), tr(tile_name(tile), lang), 40, TEXT, anchor="ls", stroke=1)
    hint = tr(_("{tile}  ·  place it on any empty square", tile=tile), lang)
    draw_text(im, (tx, y0 + 112), hint, 26, DIM, anchor="ls")


def _draw_market(im: Image.Image, view: AqualinView, box: Box, lang: str) -> None:
    market = [_check_tile(t) for t in view.get("market") or []]
    x0, y0, x1, y1 = box
    title = tr(_("MARKET"), lang)
    draw_text(im, (x0, y0 + 22), title, 22, DIM, anchor="ls", stroke=1)
    draw_text(im, (x0 + text_width(title, 22, 1) + 12, y0 + 22),
              tr(_("·  take one tile and place it"), lang), 22, DIM, anchor="ls")
    if not market:
        draw_text(im, (x0, y0 + 80), tr(_("The market is empty"), lang), 30, DIM, anchor="lm")
        return
    gap, size = MARKET_GAP, MARKET_SIZE
    span = len(market) * size + (len(market) - 1) * gap
    sx = x0 + (x1 - x0 - span) // 2
    for i, tile in enumerate(market):
        x = sx + i * (size + gap)
        im.paste(tile_rgb(tile, size, CARD), (x, y0 + 34))
        draw_text(im, (x + size / 2, y0 + 34 + size + 8), tile, 26, TEXT, anchor="ma", stroke=1)


def _why(view: AqualinView, result: Mapping[str, Any], names: Mapping[str, str],
         order: list[str], lang: str) -> str:
    """Why the game ended as it did: a resignation, the points, or the tie-break."""
    winners = list(result.get("winners") or [])
    scores: Mapping[str, int] = result.get("scores") or view.get("scores") or {}
    detail = result.get("detail") or {}
    largest: Mapping[str, int] = detail.get("largest") or view.get("largest") or {}
    losers = [p for p in order if p not in winners]
    points = [scores.get(p, 0) for p in winners + losers]
    if result.get("reason") == "resigned":
        quitter = detail.get("resigned") or (losers[0] if losers else None)
        who = _name(view, names, quitter, 26, 300, 0, lang) if quitter else tr(_("A player"), lang)
        return tr(_("{player} resigned  ·  points {points}", player=who,
                    points=" : ".join(map(str, points))), lang)
    if len(set(points)) == 1:
        sizes = [largest.get(p, 0) for p in winners + losers]
        if len(winners) > 1:
            return tr(_("{n} points each, largest group {size} each", n=points[0],
                        size=sizes[0]), lang)
        return tr(_("{n} points each  ·  largest group {size} beats {others}", n=points[0],
                    size=sizes[0], others=", ".join(map(str, sizes[1:]))), lang)
    return tr(_("{n} points to {others}", n=points[0], others=", ".join(map(str, points[1:]))),
              lang)


def _draw_result(im: Image.Image, view: AqualinView, result: Mapping[str, Any],
                 names: Mapping[str, str], box: Box, lang: str) -> None:
    """Who won and why (``result``, the view's): on points, on the largest group, by
    resignation, or a draw."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    winners = list(result.get("winners") or [])
    scores: Mapping[str, int] = result.get("scores") or view.get("scores") or {}
    order = list(view.get("order") or view.get("players") or [])
    headline = win_headline(winners, lambda p: _name(view, names, p, 44, width - 200, 1, lang),
                            _("Draw!"), lang)
    draw_text(im, (x0, y0 + 58), headline, 44, GOLD, anchor="ls", stroke=1)
    why = _why(view, result, names, order, lang)
    draw_text(im, (x0, y0 + 100), fit_text(why, 26, width), 26, TEXT, anchor="ls")
    roles: Mapping[str, str] = view.get("roles") or {}
    groups: Mapping[str, Sequence[Sequence[str]]] = view.get("groups") or {}
    for i, player in enumerate(order):
        sizes = sorted((len(g) for g in groups.get(player) or []), reverse=True)
        name = _name(view, names, player, 24, 300, 0, lang)
        shown = ", ".join(map(str, sizes)) if sizes else tr(_("none"), lang)
        n = scores.get(player, 0)
        line = tr(_n("{player} ({role}): {n} point  ·  groups {groups}",
                     "{player} ({role}): {n} points  ·  groups {groups}", n, player=name,
                     role=_role(roles.get(player, ""), lang) or "?", groups=shown), lang)
        draw_text(im, (x0, y0 + 136 + i * 32), fit_text(line, 24, width), 24, DIM, anchor="ls")
