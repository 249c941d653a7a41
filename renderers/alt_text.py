"""Alt text for board images: the position in words, from the same view the image shows.

Screen-reader users get whose turn it is, the scores and the key facts of the board.
Discord allows 1024 characters in an attachment description; we stay well under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .aqua import alt_text as aqua_alt_text
from .aqualin import alt_text as aqualin
from .kahuna import alt_text as kahuna_alt_text
from .krasserfall import alt_text as krasserfall

LIMIT = 1024


def _name(names: Mapping[str, str], player: str) -> str:
    return " ".join(str(names.get(player) or player).split())[:32]


def kraqua(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    fish = ", ".join(f"{c} on {f}" for c, f in view["fish"].items())
    gems = view["gems"]
    count = {place: sum(gems[place].values()) for place in gems}
    gates = "; ".join(f"gate {g['gate']} by {g['criterion']}: " + ", ".join(g["order"])
                      + (f" (passed: {', '.join(g['passed'])})" if g["passed"] else "")
                      for g in view["gates"])
    goal = ", ".join(view["hideout_goal"])
    parts = [f"Kraqua, level {view['level']}, round {view['round']}, {view['status']}.",
             f"Fish: {fish}. Cave {count['cave']} of {view['cave_limit']} gems, chest "
             f"{count['chest']}, hideout {count['hideout']} (goal: {goal}). "
             f"Shells {view['shells']}, stack {view['stack']}.", f"{gates}."]
    for row, name in (("i", "Inner"), ("o", "Outer")):
        spots = view["rows"][row]
        laid = ", ".join(f"{k}: tile {t[0]}{t[1]}" for k, t in spots.items()) or "empty"
        parts.append(f"{name} reef {laid}.")
    seats = "; ".join(
        f"{_name(names, p)} ({view['chips'][p]}"
        + (f", tile {view['tiles'][p][0]}{view['tiles'][p][1]}" if view["tiles"][p] else "")
        + (", played" if p in view["played"] else "") + ")" for p in view["players"])
    parts.append(f"Seats: {seats}.")
    if view["status"] == "running":
        parts.append("To act: " + ", ".join(_name(names, p) for p in view["to_act"]) + ".")
    return " ".join(parts)[:LIMIT]


ALT_TEXTS: Mapping[str, Callable[[Mapping[str, Any], Mapping[str, str]], str]] = {
    "aqualin": aqualin,
    "kahuna": kahuna_alt_text,
    "krasserfall": krasserfall,
    "aqua": aqua_alt_text,
    "kraqua": kraqua,
}


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """Alt text for the image of ``view``; a plain fallback for a game without its own."""
    describe = ALT_TEXTS.get(str(view.get("game")))
    if describe is None:
        return f"{view.get('game', 'Game')} board"
    return describe(view, names)
