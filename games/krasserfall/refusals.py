"""Why a move is refused: one message per mistake, naming what to write instead.

Kept apart from :mod:`.rules` because it is words, not rules; it only asks :mod:`.queries`.
"""

from __future__ import annotations

from ..text import Notation, Text, either, translator
from .model import BOAT_NAMES, BOAT_WORDS, LANES, SIZE_WORDS, SIZES, commas
from .notation import Move, MoveFigure, MoveRing, Place, Push, RingStart, Roll, format_move
from .queries import placing_boats, push_boats, ring_boat, ring_start_boats
from .state import BoatChoice, KrasserfallState, Phase, PushOption

_ = translator("krasserfall")


def said(move: str) -> Notation:
    """A move a refusal shows (what was tried, what to write): in the reader's words."""
    return Notation("krasserfall", move)


def moves_choice(moves: list[str]) -> Text:
    """`` `push red` or `push blue` ``: the moves a player may write, in the reader's words."""
    return either([_("`{move}`", move=said(m)) for m in moves])


def why_not(state: KrasserfallState, seat: int, move: Move, legal: list[str]) -> Text:
    """Why ``move`` is not among ``seat``'s ``legal`` turn moves, and what to write instead."""
    text = format_move(move)
    phase = state.phase
    example = said(legal[0] if legal else "roll")
    if phase == Phase.RING_START:
        if isinstance(move, RingStart):
            return _("the life ring must go on a boat without figures: {moves}",
                     moves=moves_choice([f"ring-start {c}" for c in ring_start_boats(state)]))
        return _("first put the life ring on a boat, like {example}", example=example)
    if phase == Phase.PLACE:
        if not isinstance(move, Place):
            return _("it is time to place figures, like {example}", example=example)
        if not state.unplaced[seat][move.size]:
            left = commas([SIZE_WORDS[s] for s in SIZES if state.unplaced[seat][s]])
            return (_("you have no big figure left to place (left: {left})", left=left)
                    if move.size == "big" else
                    _("you have no small figure left to place (left: {left})", left=left))
        return _("{boat} already holds a figure and another boat is still empty: place in "
                 "{boats}", boat=BOAT_NAMES[move.boat],
                 boats=boat_choice(placing_boats(state)))
    if phase == Phase.ROLL:
        return _("roll the die first ({move} is not possible now): write roll", move=said(text))
    face = state.face or "?"
    if isinstance(move, Roll):
        return _("you have rolled already: carry out the {face}, like {example}",
                 face=face_name(face), example=example)
    if face in LANES:
        colour = BOAT_WORDS[face]
        if not isinstance(move, Push):
            return _("the die shows {colour}: push a boat, like {example}", colour=colour,
                     example=example)
        if move.half and state.push != PushOption.THRILL:
            return _("half pushes need the option push=thrill: write {example}",
                     example=said(text.removesuffix(" half")))
        boats, named = push_boats(state, seat, face)
        target = move.boat or (boats[0] if not named else None)
        if move.half and target in boats and state.boats[target].pos2 % 2:
            return _("{boat} stands half a wave on already: push half is only possible "
                     "from a wave, so write {example}", boat=BOAT_NAMES[target],
                     example=said(text.removesuffix(" half")))
        if not named:
            if boats[0] == face:
                return _("the die shows {colour}: write {example} without a colour",
                         colour=colour, example=example)
            return _("{colour} has fallen, so the boat furthest back moves: {boat}: write "
                     "{example} without a colour", colour=BOAT_NAMES[face],
                     boat=BOAT_NAMES[boats[0]],
                     example=example)
        if move.boat is None:
            return _("name the boat to push: {moves}", moves=moves_choice(legal))
        listed = commas([BOAT_NAMES[c] for c in boats])
        if state.choice == BoatChoice.FREE and any(f[0] == seat for c in boats
                                          for f in state.boats[c].figures):
            return _("{boat} cannot be pushed now: choose one of the boats with a figure of "
                     "yours ({boats})", boat=BOAT_NAMES[move.boat or ""], boats=listed)
        return _("{boat} cannot be pushed now: choose one of the boats furthest back "
                 "({boats})", boat=BOAT_NAMES[move.boat or ""], boats=listed)
    ring = ring_boat(state)
    if face == "ring" and ring is not None:
        if not isinstance(move, MoveRing):
            return _("the die shows the ring: move the life ring, like {example}",
                     example=example)
        if move.boat == ring:
            return _("the ring is on {boat} already: move it to another boat",
                     boat=BOAT_NAMES[ring])
        return _("{boat} has fallen: move the ring to a boat in the river",
                 boat=BOAT_NAMES[move.boat])
    if not isinstance(move, MoveFigure):
        if face == "ring":
            return _("move a figure (the ring has fallen, so a figure moves instead), like "
                     "{example}", example=example)
        return _("move a figure, like {example}", example=example)
    if move.seat > len(state.players):
        return _("there is no seat {seat}: seats are 1-{last}", seat=move.seat,
                 last=len(state.players))
    for c in (move.source, move.target):
        if state.boats[c].fallen:
            return _("{boat} has fallen into the net: figures move between boats in the river",
                     boat=BOAT_NAMES[c])
    if not state.boats[move.source].has(move.seat - 1, move.size):
        return (_("there is no big figure of seat {seat} in {boat}", seat=move.seat,
                  boat=BOAT_NAMES[move.source]) if move.size == "big" else
                _("there is no small figure of seat {seat} in {boat}", seat=move.seat,
                  boat=BOAT_NAMES[move.source]))
    return _("{boat} would be left without a figure: no boat may be emptied",
             boat=BOAT_NAMES[move.source])


def face_name(face: str) -> Text:
    """The die face in "carry out the ...": ``figure face``, ``red face``."""
    if face == "figure":
        return _("figure face")
    if face == "ring":
        return _("ring face")
    return _("{colour} face", colour=BOAT_WORDS.get(face, face))


def boat_choice(boats: list[str]) -> Text:
    """``green or blue``: the boats a player may choose from, named as boats."""
    return either([BOAT_NAMES[c] for c in boats])
