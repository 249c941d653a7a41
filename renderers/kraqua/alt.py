"""The board in words for screen readers (translated by the bot)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from games.kraqua.view import KraquaView
from games.kraqua.state import (CRITERION_WORDS, FISH_COLOURS, chip_name, colours, fish_colours,
                                 listing)
from games.text import Text, chain, translator

from ..common import alt_name
from .style import _without_chip, chip_of

# ----- alt text ---------------------------------------------------------------------------------
# Like the image (``board``, drawn in the language asked for), the alt text is a Text of the
# ``kraqua`` domain, so each reader's screen reader gets it in their language.

_ = translator("kraqua")
#: English longer than this drops the reef rows, so that longer languages still fit.
ALT_ROOM = 880
STATUS_WORDS = {"running": _("running"), "won": _("won"), "almost": _("almost won"),
                "lost": _("lost")}


def _clauses(parts: Sequence[Any]) -> Text:
    return chain(parts, lambda a, b: _("{a}; {b}", a=a, b=b))


def _spaced(parts: Sequence[Any]) -> Text:
    return chain(parts, lambda a, b: _("{a} {b}", a=a, b=b))


def alt_text(raw: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The position in words for screen readers: fish, gems, gates, reef rows, seats."""
    view = cast(KraquaView, raw)
    gems = view["gems"]
    count = {place: sum(gems[place].values()) for place in gems}
    status = view["status"]
    fish = listing([_("{colour} on {field}", colour=FISH_COLOURS[c], field=f)
                    for c, f in view["fish"].items()])
    gates = []
    for g in view["gates"]:
        words = dict(gate=g["gate"], criterion=CRITERION_WORDS.get(g["criterion"], g["criterion"]),
                     order=fish_colours(g["order"]))
        gates.append(_("gate {gate} by {criterion}: {order} (passed: {passed})",
                       passed=fish_colours(g["passed"]), **words) if g["passed"]
                     else _("gate {gate} by {criterion}: {order}", **words))
    head = [_("Kraqua, level {level}, round {round}, {status}.", level=view["level"],
              round=view["round"], status=STATUS_WORDS.get(status, status)),
            _("Fish: {fish}. Cave {cave} of {limit} gems, chest {chest}, hideout {hideout} "
              "(goal: {goal}). Shells {shells}, stack {stack}.", fish=fish, cave=count["cave"],
              limit=view["cave_limit"], chest=count["chest"], hideout=count["hideout"],
              goal=colours(view["hideout_goal"]), shells=view["shells"], stack=view["stack"]),
            _("{gates}.", gates=_clauses(gates))]
    rows = []
    for row in ("i", "o"):
        spots = view["rows"][row]
        laid = [_("{spot}: tile {tile}", spot=k, tile=str(t[0]) + str(t[1]))
                for k, t in spots.items()]
        if row == "i":
            rows.append(_("Inner reef {laid}.", laid=listing(laid)) if laid
                        else _("Inner reef empty."))
        else:
            rows.append(_("Outer reef {laid}.", laid=listing(laid)) if laid
                        else _("Outer reef empty."))
    seats = []
    bare = _without_chip(view, names)
    for p in view["players"]:
        tile = view["tiles"][p]
        words = dict(name=alt_name(bare, p), chip=chip_name(view["chips"][p]))
        played = p in view["played"]
        if tile:
            words["tile"] = f"{tile[0]}{tile[1]}"
            seats.append(_("{name} ({chip}, tile {tile}, played)", **words) if played
                         else _("{name} ({chip}, tile {tile})", **words))
        else:
            seats.append(_("{name} ({chip}, played)", **words) if played
                         else _("{name} ({chip})", **words))
    tail = [_("Seats: {seats}.", seats=_clauses(seats))]
    if status == "running":
        tail.append(_("To act: {seats}.", seats=listing([_with_chip(view, names, p)
                                                          for p in view["to_act"]])))
    text = _spaced([*head, *rows, *tail])
    if len(text) > ALT_ROOM:
        text = _spaced([*head, *tail])
    return text


def _with_chip(view: KraquaView, names: Mapping[str, str], player: str) -> Text | str:
    """A seat with the chip its name carries, in the reader's words ("lars (søhest)")."""
    chip = chip_of(view, names, player)
    if chip is None:
        return alt_name(names, player)
    return _("{name} ({chip})", name=alt_name(_without_chip(view, names), player),
             chip=chip_name(chip))
