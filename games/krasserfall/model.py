"""Krasserfall's material in words, the balance model and its numbers (no rules of play here).

All constants of the balance model live in :data:`BALANCE`, in one place, as the rules page
asks; the simulation in ``tools/sim/krasserfall_balance.py`` plays with other values of it.
Positions are kept in half waves (``pos2``) so that the ``thrill`` option's half pushes stay
exact integers; every number of the model is computed doubled and halved only for views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..text import Text, chain, contextual, translator
from .state import FACES, FIGURES, LANES, SIZES, Boat, KrasserfallState, figure_key

__all__ = [
    "BALANCE", "BOAT_NAMES", "BOAT_WORDS", "FACES", "FACE_WORDS", "FIGURES", "FIGURE_WORDS", "LANES",
    "LAST_WAVE", "MEDALS", "MEDALS_TO_END", "SIZES", "SIZE_WORDS", "TIP_RANGE", "TIP_STEPS",
    "WEIGHTS", "Balance", "Boat", "KrasserfallState", "commas", "danger2", "excess", "face_word",
    "fall_chance", "figure_key", "half", "hold2", "number", "over_edge", "percent", "pull2",
    "push_risk", "pushed", "safe2",
]

_ = translator("krasserfall")
_p = contextual(_)

LAST_WAVE = 6  # waves 0..6; a boat pushed past wave 6 goes over the edge
MEDALS = {"big": 1, "small": 2}  # medals a figure in the last boat earns its owner
MEDALS_TO_END = 6  # the game ends after a scoring in which someone reaches this
WEIGHTS = 6  # weights in the box; none is attached once all hang on fish
TIP_STEPS = 1000  # tipping points are kept in 1/1000 of a unit of danger
TIP_RANGE = 4  # each round a boat's tipping point is drawn uniformly in [-4, +4]

#: A boat's colour as a word of its own: a die face ("rolled **red**"), a label, a short list
#: ("fall: red 40 %"). The notation keeps ``red`` ... in every language.
BOAT_WORDS: dict[str, Text] = {"red": _("red"), "yellow": _("yellow"), "green": _("green"),
                               "blue": _("blue")}
#: A boat named by its colour in a sentence ("pushed **red** to wave 3", "place in green or
#: blue"). English says the colour; German the stem its sentences decline ("das {boat}e
#: Boot", "im {boat}en Boot"); Danish the whole phrase, whose adjective changes form ("den
#: røde båd", "den grønne båd", "den blå båd").
BOAT_NAMES: dict[str, Text] = {
    # i18n: A boat named by its colour inside a sentence (German: the stem, as "red"; Danish:
    # "den røde båd").
    "red": _p("boat", "red"),
    # i18n: A boat named by its colour inside a sentence (German: the stem, as "yellow";
    # Danish: "den gule båd").
    "yellow": _p("boat", "yellow"),
    # i18n: A boat named by its colour inside a sentence (German: the stem, as "green";
    # Danish: "den grønne båd").
    "green": _p("boat", "green"),
    # i18n: A boat named by its colour inside a sentence (German: the stem, as "blue";
    # Danish: "den blå båd").
    "blue": _p("boat", "blue"),
}
#: A figure as a noun phrase after "the", "their own", "Cat's" ("big figure").
FIGURE_WORDS: dict[str, Text] = {"big": _("big figure"), "small": _("small figure")}
#: A figure size as a word of its own ("left: small").
SIZE_WORDS: dict[str, Text] = {"big": _("big"), "small": _("small")}
#: The two non-colour die faces, as said after "rolled" and "the die shows".
FACE_WORDS: dict[str, Text] = {"figure": _("the fleeing figure"), "ring": _("the life ring")}


def face_word(face: str) -> Text:
    """A die face in a sentence: ``**red**``, ``the life ring``."""
    if face in BOAT_WORDS:
        return _("**{boat}**", boat=BOAT_WORDS[face])
    return FACE_WORDS.get(face) or _("{face}", face=face)


def number(value: Any) -> str | Text:
    """A number for a sentence: ``2.5`` becomes a Text, so German and Danish write ``2,5``."""
    shown = str(value)
    if "." not in shown:
        return shown
    whole, fraction = shown.split(".", 1)
    return _("{whole}.{fraction}", whole=whole, fraction=fraction)


def commas(parts: list[Any]) -> Text:
    """``a, b, c`` (a list, not a sentence: no "and")."""
    return chain(parts, lambda a, b: _("{first}, {second}", first=a, second=b))


@dataclass(frozen=True)
class Balance:
    """The constants of the balance model (rules page, "The balance model")."""

    pull_base: int = 3
    pull_per_wave: int = 2
    pull_per_weight: int = 3
    pull_stone_strip: int = 3
    hold_boat: int = 2
    hold_big: int = 4
    hold_small: int = 2
    hold_ring: int = 2
    hold_stone_boat: int = 4


#: The constants in force. A quick simulation (``python -m tools.sim.krasserfall_balance``) found the
#: rules page's values already inside the target band, so they are unchanged (see the engine
#: docstring for the numbers).
BALANCE = Balance()


def pull2(boat: Boat, balance: Balance = BALANCE) -> int:
    """Twice the pull of the fish on ``boat``."""
    extra = balance.pull_stone_strip if boat.stone == "strip" else 0
    return (2 * (balance.pull_base + balance.pull_per_weight * boat.weights + extra)
            + balance.pull_per_wave * boat.pos2)


def hold2(boat: Boat, balance: Balance = BALANCE) -> int:
    """Twice what holds ``boat`` in the river."""
    h = balance.hold_boat
    for _, size in boat.figures:
        h += balance.hold_big if size == "big" else balance.hold_small
    if boat.ring:
        h += balance.hold_ring
    if boat.stone == "boat":
        h += balance.hold_stone_boat
    return 2 * h


def danger2(boat: Boat, balance: Balance = BALANCE) -> int:
    """Twice ``pull - hold``: the public danger, without the hidden tipping point."""
    return pull2(boat, balance) - hold2(boat, balance)


def excess(boat: Boat, tip: int, balance: Balance = BALANCE) -> int:
    """``pull - hold - tipping point`` in 1/1000: the boat falls when this is positive."""
    return danger2(boat, balance) * (TIP_STEPS // 2) - tip


def safe2(survived2: int | None) -> int:
    """Twice a boat's known safe level: the highest danger it has stood this round, and never
    below the lowest tipping point (nothing is known before the first check)."""
    low = -2 * TIP_RANGE
    return low if survived2 is None else max(low, survived2)


def fall_chance(danger: int, safe: int) -> float:
    """The public chance (0..1) that a boat whose known safe level is ``safe`` falls at
    ``danger`` (both doubled): the tipping point is uniform above the safe level, so this is
    ``(danger - safe) / (4 - safe)``, clipped. Nobody knows more than this."""
    top = 2 * TIP_RANGE
    if danger <= safe:
        return 0.0
    if danger > top or top <= safe:
        return 1.0
    return (danger - safe) / (top - safe)


def push_risk(boat: Boat, survived2: int | None, half_wave: bool = False,
              balance: Balance = BALANCE) -> float:
    """The public chance that pushing ``boat`` now (a wave, or half of one) makes it fall."""
    to = pushed(boat.pos2, half_wave)
    if over_edge(to):
        return 1.0
    danger = danger2(boat, balance) + balance.pull_per_wave * (to - boat.pos2)
    return fall_chance(danger, safe2(survived2))


def percent(chance: float) -> int:
    """A chance as a whole percentage for people: never 0 unless impossible, never 100 unless
    certain (a 0.4 % risk reads "1 %", not "0 %")."""
    if chance <= 0:
        return 0
    if chance >= 1:
        return 100
    return min(99, max(1, int(chance * 100 + 0.5)))  # half up, as people round


def pushed(pos2: int, half_wave: bool) -> int:
    """Where a push takes a boat (in half waves). ``push`` always goes on to the next wave,
    also from a half position; ``push half`` (only from a wave) stops just before the next
    one. Beyond :data:`LAST_WAVE` lies the edge: past ``2 * LAST_WAVE + 1`` a boat has fallen."""
    return pos2 + 1 if half_wave else pos2 // 2 * 2 + 2


def over_edge(pos2: int) -> bool:
    """Whether a boat at ``pos2`` has gone over the waterfall's edge (6.5 is still in)."""
    return pos2 > 2 * LAST_WAVE + 1


def half(value2: int) -> int | float:
    """A doubled number for a view: an int when whole, else x.5."""
    return value2 // 2 if value2 % 2 == 0 else value2 / 2
