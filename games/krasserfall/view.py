"""Krasserfall's public view: what everyone at the table sees, as the renderer reads it.

The tipping points and the RNG never appear; everything else is public, so the view is the
same for every player. ``safe`` is a boat's known safe level and ``push_risk`` the public
chance, in percent, that pushing it one wave now makes it fall (both follow from public facts
alone).
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from .model import (
    BALANCE,
    LANES,
    LAST_WAVE,
    MEDALS_TO_END,
    danger2,
    half,
    hold2,
    percent,
    pull2,
    push_risk,
    safe2,
)
from .queries import to_act
from .rules import result
from .state import KrasserfallState, Phase, Where, plain_copy


class BoatView(TypedDict):
    """One boat: where it is, what it carries, and its public balance numbers."""

    position: int | float  # waves, x.5 after a half push
    fallen: bool
    figures: list[list[str]]  # [player, "big" | "small"], by seat, the big one first
    ring: bool
    stone: Where | None
    weights: int
    danger: int | float  # pull - hold
    pull: int | float
    hold: int | float
    safe: int | float  # the highest danger it has stood since the boats float (-4 before)
    push_risk: int | None  # percent, for one push now; None once fallen


class RoundView(TypedDict):
    """One scored round in ``history``."""

    round: int
    boat: str  # the last boat, whose figures scored
    turns: int
    medals: dict[str, int]  # player -> medals won (only players who won some)


#: The lobby options as chosen (``boat-choice`` is not a name, hence this form).
OptionsView = TypedDict("OptionsView", {"push": str, "boat-choice": str})


class KrasserfallView(TypedDict):
    """The public view (:func:`view`)."""

    game: str
    options: OptionsView
    players: list[str]  # seat order
    round: int
    phase: Phase
    active: str | None  # whose turn; None once over
    start_player: str
    to_act: list[str]  # sorted; the stone holder too
    die: str | None  # the last face rolled this round: a colour, "figure" or "ring"
    face: str | None  # the face still to carry out (phase "act")
    boats: dict[str, BoatView]  # by colour, in LANES order
    net: list[str]  # fallen boats of this round, in falling order
    medals: dict[str, int]
    stone_holder: str | None
    stone_placed: bool
    unplaced: dict[str, dict[str, int]]  # player -> size -> figures still to place
    turn: int  # rolls this round
    history: list[RoundView]
    last: dict[str, Any] | None  # what the last move did (rules.apply writes it)
    resigned: list[str]
    medals_to_end: int
    last_wave: int
    over: bool
    result: dict[str, Any] | None  # Result.to_dict()


def view(state: KrasserfallState, game_id: str = "krasserfall") -> KrasserfallView:
    """Everything on the table, the same for everyone."""
    players = state.players
    boats: dict[str, BoatView] = {}
    for c in LANES:
        b = state.boats[c]
        boats[c] = {
            "position": half(b.pos2),
            "fallen": b.fallen,
            "figures": [[players[s], size] for s, size in b.figures],
            "ring": b.ring,
            "stone": b.stone,
            "weights": b.weights,
            "danger": half(danger2(b, BALANCE)),
            "pull": half(pull2(b, BALANCE)),
            "hold": half(hold2(b, BALANCE)),
            "safe": half(safe2(state.survived[c])),
            "push_risk": None if b.fallen else percent(push_risk(b, state.survived[c])),
        }
    end = result(state)
    holder = state.stone_holder
    return {
        "game": game_id,
        "options": {"push": state.push, "boat-choice": state.choice},
        "players": list(players),
        "round": state.round,
        "phase": state.phase,
        "active": None if state.over else players[state.active],
        "start_player": players[state.start],
        "to_act": sorted(to_act(state)),
        "die": state.die,
        "face": state.face,
        "boats": boats,
        "net": list(state.net),
        "medals": dict(zip(players, state.medals)),
        "stone_holder": None if holder is None else players[holder],
        "stone_placed": state.stone_used,
        "unplaced": {players[s]: dict(u) for s, u in enumerate(state.unplaced)},
        "turn": state.turns,
        "history": [cast(RoundView, dict(h, medals=dict(h["medals"]))) for h in state.history],
        "last": plain_copy(state.last),
        "resigned": [players[s] for s in state.resigned],
        "medals_to_end": MEDALS_TO_END,
        "last_wave": LAST_WAVE,
        "over": state.over,
        "result": end.to_dict() if end else None,
    }
