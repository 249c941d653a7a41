"""The board in words for screen readers (translated by the bot)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import cast

from games.krasserfall.model import BOAT_WORDS, LANES, SIZE_WORDS, commas, number
from games.krasserfall.view import BoatView, KrasserfallView
from games.text import Text, join

from ..common import alt_name
from .board import _number, _status
from .style import _, _n

# ----- alt text --------------------------------------------------------------------------------


#: Boat names at the start of a sentence.
BOAT_TITLES: dict[str, Text] = {"red": _("Red"), "yellow": _("Yellow"), "green": _("Green"),
                                "blue": _("Blue")}
DIE_WORDS: dict[str, Text] = {**BOAT_WORDS, "figure": _("figure"), "ring": _("ring")}


def alt_text(view: KrasserfallView, names: Mapping[str, str]) -> Text:
    """The position in words for screen readers (Discord allows 1024 characters: names are
    cut to 32 characters, so even four players and twelve figures stay well under it)."""
    players = [str(p) for p in view.get("players") or []]

    who = partial(alt_name, names)

    medals = view.get("medals") or {}
    parts = [_("Krasserfall, round {round}. Medals: {medals}.", round=view.get("round"),
               medals=commas([_("{player}: {medals}", player=who(p), medals=medals.get(p, 0))
                              for p in players]) if players else "")]
    result = view.get("result")
    if result:
        winners = [who(p) for p in result.get("winners") or []]
        if len(winners) > 1:
            parts.append(_("Game over: {players} share the win.", players=join(winners)))
        elif winners:
            parts.append(_("Game over: {player} wins.", player=winners[0]))
        else:
            parts.append(_("Game over: nobody wins."))
    else:
        parts.append(_("{status}.", status=_status(view, {p: who(p) for p in players}, players)))
        die = view.get("die")
        if die:
            parts.append(_("Die: {face}.", face=DIE_WORDS.get(die, die)))
    holder = view.get("stone_holder")
    if holder and not result:
        parts.append(_("{player} holds the stone (placed).", player=who(holder))
                     if view.get("stone_placed") else
                     _("{player} holds the stone (not placed yet).", player=who(holder)))
    for c in LANES:
        b = (view.get("boats") or {}).get(c) or cast(BoatView, {})
        figures = [_("{player} {size}", player=who(o), size=SIZE_WORDS.get(s, s))
                   for o, s in b.get("figures") or []]
        extra: list[Text] = []
        if b.get("ring"):
            extra.append(_("ring"))
        if b.get("stone"):
            extra.append(_("stone boat") if b.get("stone") == "boat" else _("stone strip"))
        if b.get("weights"):
            extra.append(_n("{n} weight", "{n} weights", int(b["weights"])))
        where = (_("in the net") if b.get("fallen") else
                 _("wave {wave}, danger {danger}", wave=number(b.get("position")),
                   danger=number(_number(b.get("danger", 0)))))
        loaded = commas(figures) if figures else _("no figures")
        if extra:
            parts.append(_("{boat}: {where}; {figures}; {extra}.", boat=BOAT_TITLES[c], where=where,
                           figures=loaded, extra=commas(extra)))
        else:
            parts.append(_("{boat}: {where}; {figures}.", boat=BOAT_TITLES[c], where=where,
                           figures=loaded))
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} {second}", first=text, second=part)
    return text
