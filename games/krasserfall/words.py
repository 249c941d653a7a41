"""Krasserfall in words: what a move did, what a player may do now, ranked autocomplete.

Everything here reads only public information (never the shakes or the RNG), so the order of
suggestions cannot hint at a hidden shake.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import GameError
from .model import BALANCE, LANES, LAST_WAVE, MEDALS, KrasserfallState, danger2
from .notation import Move, parse_move

if TYPE_CHECKING:
    from .engine import Krasserfall

FACE_WORDS = {"figure": "the fleeing figure", "ring": "the life ring"}


def _name(names: Mapping[str, str], player: str) -> str:
    return str(names.get(player) or player)


def _boats(colours: list[str]) -> str:
    bold = [f"**{c}**" for c in colours]
    return bold[0] if len(bold) == 1 else ", ".join(bold[:-1]) + " and " + bold[-1]


def _wave(position: Any) -> str:
    return f"wave {position}"


def describe(game: Krasserfall, before: KrasserfallState, player: str, move: str,
             names: Mapping[str, str]) -> str:
    """One public sentence (no mover's name) of what ``move`` did, from the after-state."""
    try:
        after = game._apply(before, player, parse_move(move))
    except GameError:
        return f"played `{move}`"
    last = after.last or {}
    kind = last.get("kind")
    boat = last.get("boat")
    if kind == "roll":
        face = last.get("face", "?")
        text = f"rolled **{face}**" if face in LANES else f"rolled {FACE_WORDS[face]}"
        if last.get("nothing"):
            text += ": no figure can move, so the turn passes"
        elif face in LANES and before.boats[face].fallen:
            text += f" ({face} has fallen: the boat furthest back moves instead)"
        elif face == "ring" and game._ring_boat(before) is None:
            text += " (the ring has fallen: a figure moves instead)"
    elif kind == "push":
        text = f"pushed **{boat}** to {_wave(last.get('position'))}"
        if float(last.get("position") or 0) > LAST_WAVE:
            text = f"pushed **{boat}** over the edge"
    elif kind == "ring":
        text = f"moved the life ring from **{last.get('from')}** to **{boat}**"
    elif kind == "move":
        owner = last.get("owner", "")
        whose = "their own" if owner == player else f"{_name(names, owner)}'s"
        text = f"moved {whose} {last.get('size')} figure from **{last.get('from')}** to **{boat}**"
    elif kind == "ring-start":
        text = f"put the life ring on **{boat}**"
    elif kind == "place":
        text = f"placed a {last.get('size')} figure in **{boat}**"
        if after.released and not before.released:
            text += "; all figures are placed and the boats float"
    elif kind == "stone":
        where = f"in the **{boat}** boat" if last.get("where") == "boat" else \
            f"on **{boat}**'s strip"
        text = f"put the stone {where}"
        if last.get("out_of_turn"):
            text += " (out of turn)"
    else:
        text = f"played `{move}`"
    falls = last.get("falls") or []
    if falls:
        text += f": {_boats(falls)} fell into the net"
    if last.get("nothing") and kind == "stone":
        text += "; nothing is left to move, so the turn passes"
    end = last.get("round_end")
    if end:
        gains = ", ".join(f"{_name(names, p)} +{g}" for p, g in end["medals"].items())
        text += (f". Round {end['round']} is over: **{end['boat']}** is the last boat"
                 f" ({gains or 'no figures, no medals'})")
        if after.over:
            result = game.result(after)
            assert result is not None
            won = " and ".join(_name(names, p) for p in result.winners)
            text += f". The game is over: {won} {'share the win' if len(result.winners) > 1 else 'wins'}"
        else:
            holder = after.stone_holder
            if holder is not None:
                text += f". {_name(names, after.players[holder])} gets the stone"
            text += f". Round {after.round}: {_name(names, after.players[after.start])} opens"
    return text[:990]


def prompt(game: Krasserfall, state: KrasserfallState, player: str,
           names: Mapping[str, str]) -> str:
    """One or two public lines: what ``player`` can do now, with example commands."""
    if state.over:
        return "the game is over."
    seat = game._seat(state, player)
    if seat is None:
        return "you are not playing in this game."
    lines = []
    if seat == state.active:
        moves = game._turn_moves(state, seat)
        example = moves[0] if moves else "roll"
        if state.phase == "ring-start":
            where = "any boat" if state.round == 1 else "a boat without figures"
            lines.append(f"put the life ring on {where}: `/move {example}`.")
        elif state.phase == "place":
            left = state.unplaced[seat]
            have = " and ".join(f"{k} {s}" for s, k in left.items() if k)
            lines.append(f"place a figure ({have} left): `/move {example}`.")
        elif state.phase == "roll":
            lines.append("roll the die: `/move roll`.")
        else:
            face = state.face or "?"
            what = f"**{face}**" if face in LANES else FACE_WORDS.get(face, face)
            options = ", ".join(f"`/move {m}`" for m in moves[:3])
            more = f" (or {len(moves) - 3} more)" if len(moves) > 3 else ""
            lines.append(f"the die shows {what}: {options}{more}.")
    if game._unplaced_stone_holder(state) == seat:
        lines.append("you hold the stone: place it once, at any moment of this round, "
                     "`/move stone red boat` (holds) or `/move stone red strip` (pulls).")
    return "\n".join(lines[:2]) or "wait for your turn."


# ----- ranking for autocomplete (and the simulation's greedy player) ---------------------------


def life(state: KrasserfallState, colour: str) -> float:
    """Roughly how many pushes ``colour`` can still take, from public numbers only."""
    b = state.boats[colour]
    if b.fallen:
        return 0.0
    danger = danger2(b, BALANCE) / 2
    balance = (-danger + 1.5) / BALANCE.pull_per_wave
    edge = LAST_WAVE + 1 - b.pos2 / 2
    return max(0.0, min(balance, edge))


def value(state: KrasserfallState, seat: int) -> float:
    """How good the river looks for ``seat``: own medals in long-lived boats, minus others'."""
    others = max(1, sum(1 for s in range(len(state.players)) if state.in_play(s)) - 1)
    total = 0.0
    for c in state.standing():
        weight = life(state, c) ** 2
        mine = theirs = 0
        for owner, size in state.boats[c].figures:
            if owner == seat:
                mine += MEDALS[size]
            elif state.in_play(owner):
                theirs += MEDALS[size]
        total += weight * (mine - theirs / others)
    return total


def preview(state: KrasserfallState, seat: int, move: Move, game: Krasserfall) -> KrasserfallState:
    """The table after ``move`` without falls, dice or shakes: what anyone could foresee."""
    new = state.copy()
    b = new.boats.get(move.boat or "")
    if move.kind == "push":
        colour = move.boat or game._push_boats(state, seat, state.face or "")[0][0]
        pushed = new.boats[colour]
        pushed.pos2 += 1 if move.half else 2
        if pushed.pos2 > 2 * LAST_WAVE:
            pushed.fallen = True
    elif move.kind == "ring" and b is not None:
        ring = game._ring_boat(state)
        if ring:
            new.boats[ring].ring = False
        b.ring = True
    elif move.kind == "move" and b is not None and move.target and move.seat and move.size:
        b.remove(move.seat - 1, move.size)
        new.boats[move.target].add(move.seat - 1, move.size)
    elif move.kind == "place" and b is not None and move.size:
        b.add(seat, move.size)
    elif move.kind == "ring-start" and b is not None:
        b.ring = True
    elif move.kind == "stone" and b is not None:
        b.stone = move.where
    return new


def ranked(game: Krasserfall, state: KrasserfallState, seat: int,
           moves: list[str]) -> list[tuple[float, str]]:
    """``moves`` with their gain in :func:`value` for ``seat``, best first (stable)."""
    base = value(state, seat)
    scored = []
    for i, text in enumerate(moves):
        move = parse_move(text)
        gain = 0.0 if move.kind == "roll" else value(preview(state, seat, move, game), seat) - base
        if move.kind == "stone":
            gain -= 0.5  # the stone is used once: it must earn its place
        scored.append((-gain, i, text))
    scored.sort()
    return [(-g, text) for g, _, text in scored]


def _label(game: Krasserfall, state: KrasserfallState, seat: int, text: str, gain: float) -> str:
    move = parse_move(text)
    after = preview(state, seat, move, game)
    touched = [c for c in LANES if c in (move.boat, move.target)]
    if move.kind == "push" and move.boat is None and state.face:
        touched = [game._push_boats(state, seat, state.face)[0][0]]
    parts = []
    for c in touched:
        d0 = danger2(state.boats[c], BALANCE) / 2
        d1 = danger2(after.boats[c], BALANCE) / 2
        parts.append(f"{c} danger {d0:+g}>{d1:+g}")
    if move.kind == "roll":
        parts.append("roll the die")
    note = ", ".join(parts)
    label = f"{text} · {note} · {gain:+.1f}" if note else f"{text} · {gain:+.1f}"
    return label[:100]


def suggest(game: Krasserfall, state: KrasserfallState, player: str, typed: str,
            limit: int) -> list[tuple[str, str]]:
    seat = game._seat(state, player)
    if seat is None or limit <= 0:
        return []
    words = " ".join(typed.lower().split())
    moves = [m for m in game.legal_moves(state, player) if m.startswith(words)]
    if not moves:
        return []
    out = []
    for gain, text in ranked(game, state, seat, moves)[:limit]:
        out.append((text, _label(game, state, seat, text, gain)))
    return out
