"""Where everything goes: which players' areas the picture shows, and how large."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from catalogs import tr
from games.aqua import geometry as geo
from games.aqua.view import AquaView, AreaView
from games.text import Notation, Text, join, plural, translator

from ..common import seat_name, wrap
from .style import (
    AREA_MAX_H, AREA_PAD, CARD_H, FOOTER_H, FULL_W, HALF_GAP, HALF_MAX_H, HALF_W, HEADER_TOP,
    HEX_SIZES, MARGIN, MARKET_H, MIN_HEX, MIN_SIDE_HEX, MOVED_MAX_H, SQ3, THUMB_H, TINY_HEX, _pos,
    area_of, score_of)

_ = translator("aqua")
_n = plural(_)


def focus_player(view: AquaView, focus: str | None) -> str:
    """Whose area to show: ``focus`` if it plays, else the player to act, else the winner."""
    players = [str(p) for p in view.get("players") or []]
    if not players:
        raise ValueError("an Aqua view without players")
    if focus is not None and str(focus) in players:
        return str(focus)
    active = view.get("active")
    if active in players:
        return str(active)
    result = view.get("result") or {}
    winners = [w for w in result.get("winners") or [] if w in players]
    return winners[0] if winners else players[0]


def mover(view: AquaView, focus: str | None = None) -> str | None:
    """Who made the move this board follows, when their area is shown beside the next
    player's: only on the plain board of a running game with several players, and only if
    somebody else acts now (a player moving twice in a row gets one area and a note)."""
    players = [str(p) for p in view.get("players") or []]
    if (focus is not None and str(focus) in players) or view.get("result") or len(players) < 2:
        return None
    who = (view.get("last") or {}).get("player")
    if who in players and who != view.get("active"):
        return str(who)
    return None


class AreaLayout:
    """Where a player's area goes: hex size, pixel origin of tile (0, 0), the region's size."""

    def __init__(self, tiles: Sequence[tuple[int, int]], frontier: Sequence[tuple[int, int]],
                 width: int, max_h: int = AREA_MAX_H, size: int | None = None) -> None:
        cells = list(tiles) + list(frontier)
        xs = [geo.tile_centre(p, 1.0)[0] for p in cells]
        ys = [geo.tile_centre(p, 1.0)[1] for p in cells]
        self.min_x, self.min_y = min(xs) - SQ3 / 2, min(ys) - 1
        units_w = max(xs) - min(xs) + SQ3
        units_h = max(ys) - min(ys) + 2
        self.units_w, self.units_h = units_w, units_h
        # the width is fixed; a tall area may make the image taller rather than tiny
        fit = min(width / units_w, max(max_h / units_h, MIN_HEX))
        # the largest of the cached sizes that fits (never below the smallest)
        self.size = size or max([h for h in HEX_SIZES if h <= fit] or [HEX_SIZES[0]])
        self.width = math.ceil(units_w * self.size)
        self.height = math.ceil(units_h * self.size)
        self.ox = 0.0
        self.oy = 0.0

    def place(self, left: float, top: float) -> None:
        self.ox = left - self.min_x * self.size
        self.oy = top - self.min_y * self.size

    def tile(self, pos: tuple[int, int]) -> tuple[float, float]:
        x, y = geo.tile_centre(pos, self.size)
        return self.ox + x, self.oy + y

    def site(self, site: tuple[int, int]) -> tuple[float, float]:
        x, y = geo.site_centre(site, self.size)
        return self.ox + x, self.oy + y


def _area_layout(area: AreaView, over: bool = False, width: int = FULL_W,
                 max_h: int = AREA_MAX_H, size: int | None = None) -> AreaLayout:
    """``over``: no free positions (a finished game's area, or the mover's, where nobody
    places a tile now)."""
    tiles = [_pos(k) for k in area.get("tiles") or {}]
    frontier = [] if over else [_pos(k) for k in area.get("frontier") or []]
    if not tiles:
        tiles = [(0, 0)]
    return AreaLayout(tiles, frontier, width - 2 * AREA_PAD, max_h, size)


def _footer_height(view: AquaView) -> int:
    if view.get("result"):
        return 210 + 46 * len(view.get("players") or [])
    return FOOTER_H


def _market_height(view: AquaView) -> int:
    return 0 if view.get("result") else MARKET_H


@dataclass
class Panel:
    """One area on the picture: whose, why (``role``), where, and its title lines."""

    player: str
    role: str  # "next": to act (or asked for); "moved": made the last move; "final": game over
    box: tuple[int, int, int, int]
    layout: AreaLayout
    wells: bool  # free positions drawn (only in the area of the player who places next)
    wrapped: list[list[str]]  # the hints under the title, each wrapped in lines of its own

    @property
    def hints(self) -> list[str]:
        """The lines under the title, as drawn."""
        return [line for lines in self.wrapped for line in lines]

    @property
    def wide(self) -> bool:
        return self.box[2] - self.box[0] >= FULL_W


@dataclass
class Plan:
    """The picture's layout: computed once, drawn by :func:`draw`, read by the tests."""

    thumbs: bool  # every player's area as a thumbnail in their header card
    header_h: int
    areas_top: int
    footer_top: int
    height: int
    panels: list[Panel]


def _side_widths(chosen: Sequence[tuple[str, str, bool]], full: Sequence[AreaLayout]
                 ) -> list[int]:
    """Panel widths for two areas side by side (the mover's and the next player's, or a row
    of finished areas), or [] when they go one above the other.

    The mover's area and the next player's share the width by how wide each is, within
    36–64 %, while both keep hexes of at least ``MIN_SIDE_HEX``; finished areas go two to a
    row at half width while their hexes stay above the smallest size.
    """
    if len(chosen) < 2:
        return []
    room = FULL_W - HALF_GAP
    if chosen[0][1] == "final":
        fits = all(_fits(lay, HALF_W) >= TINY_HEX for lay in full)
        return [HALF_W] * len(chosen) if fits else []
    total = full[0].units_w + full[1].units_w
    share = min(0.64, max(0.36, full[0].units_w / total))
    widths = [round(room * share), room - round(room * share)]
    if all(_fits(lay, wd) >= MIN_SIDE_HEX for lay, wd in zip(full, widths)):
        return widths
    return []


def _fits(layout: AreaLayout, width: int) -> float:
    """The hex size at which ``layout``'s area fills a panel ``width`` wide (or HALF_MAX_H)."""
    return min((width - 2 * AREA_PAD) / layout.units_w, HALF_MAX_H / layout.units_h)


def _title_h(panel_wide: bool, hints: int) -> int:
    first = 76 if panel_wide else 96
    return first + 28 * max(0, hints - 1) + 20 if hints else first - 16


def plan(view: AquaView, names: Mapping[str, str] | None = None,
         focus: str | None = None, lang: str = "en") -> Plan:
    """Which areas the picture shows, and where.

    * A finished game (the plain board): every area, winner first, two to a row.
    * After a move by someone else: the mover's area (what they just placed, in white) beside
      the area of the player to act next; one above the other when the areas have grown too
      wide for half the width.
    * Otherwise (``focus``, solo, the start, a second turn in a row): one area, full width.
    """
    names = names or {}
    players = [str(p) for p in view.get("players") or []]
    over = bool(view.get("result"))
    thumbs = len(players) > 1 and not (over and focus is None)
    header_h = HEADER_TOP + CARD_H + (THUMB_H if thumbs else 0) + 16
    top = header_h + _market_height(view)
    chosen: list[tuple[str, str, bool]] = []  # player, role, wells
    if over and focus is None and len(players) > 1:
        counts = view.get("small_animals") or {}
        ranked = sorted(players, key=lambda p: (-_total(view, p), -int(counts.get(p, 0))))
        chosen = [(p, "final", False) for p in ranked]
    else:
        who = focus_player(view, focus)
        moved = mover(view, focus)
        if moved is not None:
            chosen.append((moved, "moved", False))
        chosen.append((who, "next", not over))
    panels: list[Panel] = []

    def layout_of(p: str, wells: bool, width: int, max_h: int,
                  size: int | None = None) -> AreaLayout:
        return _area_layout(area_of(view, p), not wells, width, max_h, size)

    y = top
    widths = _side_widths(chosen, [layout_of(p, w, FULL_W, AREA_MAX_H) for p, _r, w in chosen])
    if widths:
        # one scale for every area shown, so that they compare at a glance
        common = min(layout_of(p, w, wd, HALF_MAX_H).size
                     for (p, _r, w), wd in zip(chosen, widths))
        for i in range(0, len(chosen), 2):
            row = chosen[i:i + 2]
            row_w = widths[i:i + 2]
            hints = [_lines(_area_hints(view, names, p, role, False, lang), 20, wd - 40)
                     for (p, role, _w), wd in zip(row, row_w)]
            title = _title_h(False, max(_count(h) for h in hints))
            layouts = [layout_of(p, w, wd, HALF_MAX_H, common)
                       for (p, _r, w), wd in zip(row, row_w)]
            height = title + max(lay.height for lay in layouts) + 2 * AREA_PAD
            x0 = MARGIN if len(row) > 1 else MARGIN + (FULL_W - row_w[0]) // 2
            for (p, role, w), lay, hint, wd in zip(row, layouts, hints, row_w):
                panels.append(Panel(p, role, (x0, y, x0 + wd, y + height), lay, w, hint))
                x0 += wd + HALF_GAP
            y += height + 14
    else:
        for p, role, w in chosen:
            hint = _lines(_area_hints(view, names, p, role, True, lang), 21, FULL_W - 40)
            # the mover's area is there to be looked at, not typed from: it stays smaller
            lay = layout_of(p, w, FULL_W, MOVED_MAX_H if role == "moved" else AREA_MAX_H)
            height = _title_h(True, _count(hint)) + lay.height + 2 * AREA_PAD
            panels.append(Panel(p, role, (MARGIN, y, MARGIN + FULL_W, y + height), lay, w, hint))
            y += height + 14
    for panel in panels:
        x0, y0, x1, _y1 = panel.box
        left = x0 + AREA_PAD + (x1 - x0 - 2 * AREA_PAD - panel.layout.width) / 2
        panel.layout.place(left, y0 + _title_h(panel.wide, len(panel.hints)) + AREA_PAD)
    footer_top = y
    height = footer_top + _footer_height(view) + MARGIN
    return Plan(thumbs, header_h, top, footer_top, height, panels)



def _name(view: AquaView, names: Mapping[str, str], player: str, size: int,
          max_width: int, stroke: int = 0, lang: str = "en") -> str:
    return seat_name(view.get("players") or [], names, player, size, max_width, stroke, lang)


def _lines(hints: list[str], size: int, width: int) -> list[list[str]]:
    """The hints as drawn: each wrapped to the panel's width (German runs long)."""
    return [wrap(hint, size, width) for hint in hints]


def _count(hints: list[list[str]]) -> int:
    """How many lines the wrapped hints take."""
    return sum(len(lines) for lines in hints)


def _total(view: AquaView, player: str) -> int:
    return int(score_of(view, player).get("total", 0))


# ----- area ------------------------------------------------------------------------------------


def _just_placed(view: AquaView, who: str) -> tuple[set[str], set[str]]:
    """(small-animal sites, large-animal sites) that ``who``'s last finished turn placed, drawn
    in white. Also for a player acting again at once (solo, or last of a round and first of the
    next); in the middle of their turn the engine's ``placed_this_turn`` says it."""
    last = view.get("last") or {}
    if view.get("result") or last.get("player") != who:
        return set(), set()
    if who == view.get("active") and view.get("phase") != "take":
        return set(), set()
    small = {str(h[0]) for h in last.get("habitats") or [] if len(h) == 3 and h[2]}
    big = set((last.get("large") or {}).get("sites") or [])
    return small, {str(s) for s in big}


def _twice(view: AquaView, who: str) -> bool:
    """``who`` ended the last round and starts this one: two turns in a row."""
    last = view.get("last") or {}
    return (not view.get("solo") and not view.get("result") and who == view.get("active")
            and last.get("player") == who and view.get("phase") == "take"
            and isinstance(last.get("round"), int) and last["round"] < int(view.get("round") or 0))


def _area_hints(view: AquaView, names: Mapping[str, str], who: str, role: str,
                wide: bool, lang: str) -> list[str]:
    """The lines under an area's title: what it shows, or what to type."""
    return [tr(t, lang) for t in _hint_texts(view, names, who, role, wide, lang)]


def _hint_texts(view: AquaView, names: Mapping[str, str], who: str, role: str,
                wide: bool, lang: str) -> list[Text]:
    if role == "final":
        return []
    phase = view.get("phase")
    last = view.get("last") or {}
    if role == "moved":
        if last.get("kind") == "snail":
            if int(view.get("round") or 0) >= int(view.get("rounds") or 0):
                return [_("took the sea snail: plays last in this final round")]
            return [_("took the sea snail: plays last now, first next round")]
        small, big = _just_placed(view, who)
        what: list[Any] = [_("tile {pos}", pos=last.get("pos", "?"))]
        what += [_n("{n} animal", "{n} animals", len(small))] if small else []
        what += [_("a large animal")] if big else []
        return [_("White: just placed ({what})", what=join(what))]
    if view.get("result"):
        return [_("Final area: q,r under each animal names its site")]
    lines: list[Text] = []
    if _twice(view, who):
        name = _name(view, names, who, 21, 260, 0, lang)
        lines.append(_("{player} played last in round {last}, so starts round {n}: two turns "
                       "in a row. White: the last turn.", player=name, last=last["round"],
                       n=view.get("round")))
    if who == view.get("active") and phase == "take":
        example: Text | Notation = _("take SLOT at Q,R rot 0-2")  # a pattern, in each language
        if wide:
            lines.append(_("Bright q,r: a market tile fits there now  ·  {cmd:move} {example}",
                           example=example))
        else:
            lines += [_("Bright q,r: a market tile fits there now"),
                      _("{cmd:move} {example}", example=example)]
    elif who == view.get("active") and phase == "large":
        options = [str(o) for o in view.get("large_options") or []]
        example = Notation("aqua", options[0]) if options else _("large SHAPE q,r ...")
        if len(options) > 1:
            lines.append(_("Large animal: {cmd:move} {example} (or {n} more)  or  {cmd:move} "
                           "{done}", example=example, n=len(options) - 1,
                           done=Notation("aqua", "done")))
        else:
            lines.append(_("Large animal: {cmd:move} {example}  or  {cmd:move} {done}",
                           example=example, done=Notation("aqua", "done")))
    else:
        lines.append(_("q,r on free positions; under each animal, q,r names its site"))
    return lines
