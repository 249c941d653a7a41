"""Krasserfall in words: what a move did, what a player may do now, buttons, ranked autocomplete.

Everything here reads only public information (never the tipping points or the RNG), so the
order of suggestions cannot hint at a hidden tipping point. Chances of a fall come from the
public model: a boat's tipping point is uniform between its known safe level and +4.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import Button
from ..errors import GameError
from ..text import Notation, Text, either, join, plural, translator
from .model import (
    BALANCE,
    BOAT_NAMES,
    BOAT_WORDS,
    FIGURE_WORDS,
    LANES,
    LAST_WAVE,
    MEDALS,
    commas,
    danger2,
    face_word,
    fall_chance,
    number,
    over_edge,
    percent,
    pushed,
    safe2,
)
from .notation import Move, MoveFigure, MoveRing, Place, Push, RingStart, Roll, Stone, parse_move
from .queries import (
    legal_moves, push_boats, ring_boat, seat_of, stone_moves, turn_moves, unplaced_stone_holder)
from .rules import apply, result
from .state import KrasserfallState, Phase

_ = translator("krasserfall")
_n = plural(_)


def _name(names: Mapping[str, str], player: str) -> str:
    return str(names.get(player) or player)


def _bold(colour: str) -> Text:
    return _("**{boat}**", boat=BOAT_NAMES[colour])


def describe(before: KrasserfallState, player: str, move: str,
             names: Mapping[str, str]) -> Text:
    """One public sentence (no mover's name) of what ``move`` did, from the after-state."""
    try:
        parsed = parse_move(move)
        after = apply(before, player, parsed)
    except GameError:
        return _("played `{move}`", move=move)
    seat = seat_of(before, player)
    chances = {} if seat is None else {
        c: p for c, p in risks(before, seat, parsed).items() if p < 1}
    last = after.last or {}
    kind = last.get("kind")
    boat = BOAT_NAMES.get(last.get("boat") or "", "?")
    text: Text
    if kind == "roll":
        face = last.get("face", "?")
        text = _("rolled {face}", face=face_word(face))
        if last.get("nothing"):
            text = _("{text}: no figure can move, so the turn passes", text=text)
        elif face in LANES and before.boats[face].fallen:
            text = _("{text} ({colour} has fallen: the boat furthest back moves instead)",
                     text=text, colour=BOAT_NAMES[face])
        elif face == "ring" and ring_boat(before) is None:
            text = _("{text} (the ring has fallen: a figure moves instead)", text=text)
    elif kind == "push":
        if float(last.get("position") or 0) > LAST_WAVE:
            text = _("pushed **{boat}** over the edge", boat=boat)
        else:
            text = _("pushed **{boat}** to wave {wave}", boat=boat,
                     wave=number(last.get("position")))
    elif kind == "ring":
        text = _("moved the life ring from **{src}** to **{boat}**",
                 src=BOAT_NAMES.get(last.get("from") or "", "?"), boat=boat)
    elif kind == "move":
        owner = last.get("owner", "")
        figure = FIGURE_WORDS.get(last.get("size") or "", "?")
        src = BOAT_NAMES.get(last.get("from") or "", "?")
        if owner == player:
            text = _("moved their own {figure} from **{src}** to **{boat}**", figure=figure,
                     src=src, boat=boat)
        else:
            text = _("moved {owner}'s {figure} from **{src}** to **{boat}**",
                     owner=_name(names, owner), figure=figure, src=src, boat=boat)
    elif kind == "ring-start":
        text = _("put the life ring on **{boat}**", boat=boat)
    elif kind == "place":
        text = (_("placed a big figure in **{boat}**", boat=boat) if last.get("size") == "big"
                else _("placed a small figure in **{boat}**", boat=boat))
        if after.released and not before.released:
            text = _("{text}; all figures are placed and the boats float", text=text)
    elif kind == "stone":
        text = (_("put the stone in the **{boat}** boat", boat=boat)
                if last.get("where") == "boat" else
                _("put the stone on **{boat}**'s strip", boat=boat))
        if last.get("out_of_turn"):
            text = _("{text} (out of turn)", text=text)
    else:
        text = _("played `{move}`", move=move)
    if chances and kind != "roll":  # what the table knew before: the chance, then the outcome
        text = _("{text} ({risks})", text=text, risks=risk_note(chances))
    falls = last.get("falls") or []
    if falls:
        text = _n("{text}: {boats} fell into the net", "{text}: {boats} fell into the net",
                  len(falls), text=text, boats=join([_bold(c) for c in falls]))
    if last.get("nothing") and kind == "stone":
        text = _("{text}; nothing is left to move, so the turn passes", text=text)
    end = last.get("round_end")
    if end:
        gains = [_("{player} +{medals}", player=_name(names, p), medals=g)
                 for p, g in end["medals"].items()]
        text = _("{text}. Round {round} is over: **{boat}** is the last boat ({gains})", text=text,
                 round=end["round"], boat=BOAT_NAMES.get(end["boat"], "?"),
                 gains=commas(gains) if gains else _("no figures, no medals"))
        if after.over:
            end_ = result(after)
            assert end_ is not None
            won = [_name(names, p) for p in end_.winners]
            if len(won) > 1:
                text = _("{text}. The game is over: {winners} share the win", text=text,
                         winners=join(won))
            else:
                text = _("{text}. The game is over: {winner} wins", text=text,
                         winner=won[0] if won else "?")
        else:
            holder = after.stone_holder
            if holder is not None:
                text = _("{text}. {player} gets the stone", text=text,
                         player=_name(names, after.players[holder]))
            text = _("{text}. Round {round}: {player} opens", text=text, round=after.round,
                     player=_name(names, after.players[after.start]))
    return text


def prompt(state: KrasserfallState, player: str, names: Mapping[str, str]) -> Text:
    """One or two public lines: what ``player`` can do now, with example commands."""
    if state.over:
        return _("the game is over.")
    seat = seat_of(state, player)
    if seat is None:
        return _("you are not playing in this game.")
    lines: list[Text] = []
    if seat == state.active:
        moves = turn_moves(state, seat)
        example = moves[0] if moves else "roll"
        if state.phase == Phase.RING_START:
            lines.append(_("put the life ring on any boat: `{cmd:move} {example}`.", example=example)
                         if state.round == 1 else
                         _("put the life ring on a boat without figures: `{cmd:move} {example}`.",
                           example=example))
        elif state.phase == Phase.PLACE:
            left = state.unplaced[seat]
            have = join([_n("{n} big", "{n} big", k) if s == "big" else
                         _n("{n} small", "{n} small", k) for s, k in left.items() if k])
            lines.append(_("place a figure ({left} left): `{cmd:move} {example}`.", left=have,
                           example=example))
        elif state.phase == Phase.ROLL:
            lines.append(_("roll the die: `{cmd:move} roll`."))
        else:
            face = face_word(state.face or "?")
            options = either([_("`{cmd:move} {move}`", move=m) for m in moves[:3]])
            if len(moves) > 3:
                lines.append(_n("the die shows {face}: {options} (or {n} more).",
                                "the die shows {face}: {options} (or {n} more).", len(moves) - 3,
                                face=face, options=options))
            else:
                lines.append(_("the die shows {face}: {options}.", face=face, options=options))
    if unplaced_stone_holder(state) == seat:
        lines.append(_("you hold the stone: place it once, at any moment of this round, "
                       "`{cmd:move} stone red boat` (holds) or `{cmd:move} stone red strip` (pulls)."))
    if not lines:
        return _("wait for your turn.")
    if len(lines) == 1:
        return lines[0]
    return _("{first}\n{second}", first=lines[0], second=lines[1])


# ----- risks, ranking for autocomplete (and the bots' candidates) -----------------------------


def life(state: KrasserfallState, colour: str) -> float:
    """How many more pushes ``colour`` is expected to stand, from public numbers only: the sum
    of the chances that it is still in the river now and after each further wave (at most
    up to the edge). A boat that cannot fall before the edge scores its distance to it."""
    b = state.boats[colour]
    if b.fallen:
        return 0.0
    safe = safe2(state.survived[colour])
    danger, pos2 = danger2(b, BALANCE), b.pos2
    total = 1.0 - fall_chance(danger, safe)
    while total > 0:
        to = pushed(pos2, False)
        if over_edge(to):
            break
        danger += BALANCE.pull_per_wave * (to - pos2)
        pos2 = to
        stays = 1.0 - fall_chance(danger, safe)
        if stays <= 0:
            break
        total += stays
    return total


#: The weight of the one boat left: its figures score for certain (a boat that stands every
#: push to the edge weighs (LAST_WAVE + 2) ** 2 by :func:`life`).
CERTAIN = float((LAST_WAVE + 2) ** 2)


def value(state: KrasserfallState, seat: int) -> float:
    """How good the river looks for ``seat``: own medals in long-lived boats, minus others'."""
    others = max(1, sum(1 for s in range(len(state.players)) if state.in_play(s)) - 1)
    standing = state.standing()
    total = 0.0
    for c in standing:
        weight = CERTAIN if len(standing) == 1 else life(state, c) ** 2
        mine = theirs = 0
        for owner, size in state.boats[c].figures:
            if owner == seat:
                mine += MEDALS[size]
            elif state.in_play(owner):
                theirs += MEDALS[size]
        total += weight * (mine - theirs / others)
    return total


def preview(state: KrasserfallState, seat: int, move: Move) -> KrasserfallState:
    """The table after ``move`` before any check: what anyone could foresee (a boat pushed
    over the edge is marked fallen; no other fall, die or tipping point)."""
    new = state.copy()
    if isinstance(move, Push):
        colour = move.boat or push_boats(state, seat, state.face or "")[0][0]
        moved = new.boats[colour]
        moved.pos2 = pushed(moved.pos2, move.half)
        if over_edge(moved.pos2):
            moved.fallen = True
    elif isinstance(move, MoveRing):
        ring = ring_boat(state)
        if ring:
            new.boats[ring].ring = False
        new.boats[move.boat].ring = True
    elif isinstance(move, MoveFigure):
        new.boats[move.source].remove(move.seat - 1, move.size)
        new.boats[move.target].add(move.seat - 1, move.size)
    elif isinstance(move, Place):
        new.boats[move.boat].add(seat, move.size)
        new.unplaced[seat][move.size] -= 1
    elif isinstance(move, RingStart):
        new.boats[move.boat].ring = True
    elif isinstance(move, Stone):
        new.boats[move.boat].stone = move.where
    return new


def _checked(state: KrasserfallState, after: KrasserfallState) -> bool:
    """Whether the boats are checked after the change: they float, or it releases them."""
    return state.released or (state.phase == "place"
                               and not any(sum(u.values()) for u in after.unplaced))


def risks(state: KrasserfallState, seat: int, move: Move,
          after: KrasserfallState | None = None) -> dict[str, float]:
    """The public chance, per boat, that ``move`` makes it fall (only boats that might fall;
    a boat pushed over the edge falls for certain)."""
    after = after or preview(state, seat, move)
    out: dict[str, float] = {}
    for c in LANES:
        if state.boats[c].fallen:
            continue
        if after.boats[c].fallen:
            out[c] = 1.0
        elif _checked(state, after):
            chance = fall_chance(danger2(after.boats[c], BALANCE), safe2(state.survived[c]))
            if chance > 0:
                out[c] = chance
    return out


def expected_value(state: KrasserfallState, seat: int, move: Move) -> float:
    """:func:`value` after ``move``, averaged over which of the boats at risk fall."""
    after = preview(state, seat, move)
    at_risk = risks(state, seat, move, after)
    for c in LANES:  # the certain falls
        if after.boats[c].fallen and not state.boats[c].fallen:
            at_risk.pop(c, None)
    total = 0.0
    for mask in range(1 << len(at_risk)):
        chance = 1.0
        for i, (c, p) in enumerate(at_risk.items()):
            fell = bool(mask >> i & 1)
            after.boats[c].fallen = fell  # ``after`` is our own copy: try each outcome on it
            chance *= p if fell else 1.0 - p
        if chance > 0:
            total += chance * value(after, seat)
    return total


def ranked(state: KrasserfallState, seat: int, moves: list[str]) -> list[tuple[float, str]]:
    """``moves`` with their expected gain in :func:`value` for ``seat``, best first (stable)."""
    base = value(state, seat)
    scored = []
    for i, text in enumerate(moves):
        move = parse_move(text)
        gain = 0.0 if isinstance(move, Roll) else expected_value(state, seat, move) - base
        if isinstance(move, Stone):
            gain -= 0.5  # the stone is used once: it must earn its place
        scored.append((-gain, i, text))
    scored.sort()
    return [(-g, text) for g, _, text in scored]


def risk_note(chances: Mapping[str, float]) -> Text:
    """``red: 40 % to fall, blue: 5 % to fall``: the long form for sentences."""
    return commas([_("{boat}: {percent} % to fall", boat=BOAT_NAMES[c], percent=percent(p))
                   for c, p in chances.items()])


def button_label(state: KrasserfallState, seat: int, move: str, label: Text) -> Text:
    """A button's label with the chance of a fall it risks: ``Push red · fall: red 40 %``
    (short: Discord cuts button labels at 80 characters)."""
    chances = risks(state, seat, parse_move(move))
    if not chances:
        return label
    return _("{label} · {risks}", label=label, risks=risk_short(chances))


def risk_short(chances: Mapping[str, float]) -> Text:
    """``fall: red 40 %, blue 5 %``: the short form for buttons and suggestions."""
    return _("fall: {risks}", risks=commas([_("{boat} {percent} %", boat=BOAT_WORDS[c],
                                                percent=percent(p))
                                              for c, p in chances.items()]))


def _label(state: KrasserfallState, seat: int, text: str) -> Text:
    move = parse_move(text)
    if isinstance(move, Roll):
        return _("{move} · roll the die", move=text)
    chances = risks(state, seat, move)
    if not chances:
        return _("{move} · no boat can fall", move=text)
    return _("{move} · {note}", move=text, note=risk_short(chances))


def suggest(state: KrasserfallState, player: str, typed: str,
            limit: int) -> list[tuple[str, str]]:
    """Legal moves starting with ``typed``, best for ``player`` first; labels are Texts."""
    seat = seat_of(state, player)
    if seat is None or limit <= 0:
        return []
    words = " ".join(typed.lower().split())
    moves = [m for m in legal_moves(state, player) if m.startswith(words)]
    if not moves:
        return []
    out: list[tuple[str, str]] = []
    for _gain, text in ranked(state, seat, moves)[:limit]:
        out.append((text, _label(state, seat, text)))
    return out


# ----- buttons ----------------------------------------------------------------------------------


def buttons(state: KrasserfallState, player: str, path: str = "") -> list[Button]:
    """The active player's choices (a menu for moving a figure: which one, then where) and,
    for the stone holder, the stone at any time."""
    seat = seat_of(state, player)
    if seat is None or state.over:
        return []
    out: list[Button] = []
    if seat == state.active:
        turn = turn_moves(state, seat)
        if turn and all(m.startswith("move ") for m in turn) and len(turn) > 8:
            if path:
                out += [Button(button_label(state, seat, m,
                                            _("to {boat}", boat=BOAT_NAMES[m.rsplit(">", 1)[1]])),
                               m) for m in turn if m.startswith(f"move {path}>")]
                return out
            groups = dict.fromkeys(m[5:].rsplit(">", 1)[0] for m in turn)
            out += [Button(_("Move seat {seat}'s {figure} from {boat}", seat=g.split(":")[0],
                             figure=FIGURE_WORDS[g.split(":")[1].split()[0]],
                             boat=BOAT_NAMES[g.split()[-1]]), path=g) for g in groups]
        elif not path:
            out += [Button(button_label(state, seat, m, _button_label(m)), m) for m in turn]
    if not path and unplaced_stone_holder(state) == seat:
        out += [Button(button_label(state, seat, m, _stone_label(m)), m, anytime=True)
                for m in stone_moves(state)]
    return out[:25]


def _button_label(move: str) -> Text:
    words = move.split()
    if move == "roll":
        return _("Roll the die")
    if words[0] == "push":
        boat = BOAT_NAMES.get(words[1]) if len(words) > 1 else None
        if words[-1] == "half":
            return _("Push {boat} half a wave", boat=boat) if boat else _("Push half a wave")
        return _("Push {boat}", boat=boat) if boat else _("Push")
    if words[0] == "place":
        return (_("Place big in {boat}", boat=BOAT_NAMES[words[2]]) if words[1] == "big"
                else _("Place small in {boat}", boat=BOAT_NAMES[words[2]]))
    if words[0] == "ring-start":
        return _("Ring on {boat}", boat=BOAT_NAMES[words[1]])
    if words[0] == "ring":
        return _("Ring to {boat}", boat=BOAT_NAMES[words[1]])
    return _("{move}", move=Notation("krasserfall", move))  # a figure move, in the reader's words


def _stone_label(move: str) -> Text:
    """``stone red boat`` -> ``Stone: boat of red``."""
    _kind, boat, where = move.split()
    return (_("Stone: boat of {boat}", boat=BOAT_NAMES[boat]) if where == "boat"
            else _("Stone: strip of {boat}", boat=BOAT_NAMES[boat]))
