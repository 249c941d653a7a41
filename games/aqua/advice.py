"""Autocomplete for Aqua: legal moves matching what was typed, the most useful first.

With nothing typed, the best placement of each market slot comes first (so every slot shows),
then the snail, then the next best of each slot. A typed prefix (``take 2 at 1,-``) keeps the
moves that start with it, best first. Text that starts no move is tried as a whole move in
another spelling, then as words to look for (``1,-2`` finds the placements at 1,-2).
The ranking is a cheap look-ahead: habitats made, colour contacts, sites kept open.
"""

from __future__ import annotations

from typing import Any

from ..base import Game, Suggestions
from ..errors import IllegalMove
from ..text import Text, plural, translator
from .geometry import DIR_INDEX, DIRS, MATE_OFFSETS, Pos
from .material import (
    ANIMAL_WORDS,
    HOT,
    LARGE_ANIMALS,
    NONE_LEFT,
    ROUNDS,
    SPECIES_OF,
    SPECIES_WORDS,
    placed,
    small_value,
)
from .notation import AquaMove, clean_move
from .state import AquaState, Phase

#: What advice asks of the game (its legal moves and spellings): the ``Game`` contract, not
#: the engine module, which imports this one.
AquaGame = Game[AquaState, AquaMove]

_ = translator("aqua")
_n = plural(_)

LABEL_MAX = 100


def _norm(text: str) -> str:
    return " ".join(str(text).lower().split())


def _site_mates(tiles: Any, pos: Pos) -> list[list[str]]:
    """Per direction, the colours of the site mates already present (hot spots left out)."""
    out = []
    q, r = pos
    for d in DIRS:
        found = []
        for dq, dr, e in MATE_OFFSETS[d]:
            colours = tiles.get((q + dq, r + dr))
            if colours is not None:
                found.append(colours[DIR_INDEX[e]])
        out.append(found)
    return out


def take_score(state: AquaState, player: str, slot: int, pos: Pos, rot: int,
               cache: dict[Pos, list[list[str]]]) -> int:
    """:func:`take_value`'s worth alone, without the words (the search asks it very often)."""
    return _take(state, player, slot, pos, rot, cache)[0]


def take_value(state: AquaState, player: str, slot: int, pos: Pos, rot: int,
               cache: dict[Pos, list[list[str]]]) -> tuple[int, Text]:
    """A rough worth of a placement and a few words saying why."""
    score, gains, contacts = _take(state, player, slot, pos, rot, cache)
    code = state.market[slot - 1]
    if gains:
        gained = [_("{species} +{value}", species=SPECIES_WORDS[species], value=value)
                  if value else NONE_LEFT[species] for species, value in gains]
        found = gained[0]
        for more in gained[1:]:
            found = _("{a}, {b}", a=found, b=more)
        return score, _("{tile} habitat: {found}", tile=code, found=found)
    return score, _n("{tile} {n} colour contact", "{tile} {n} colour contacts", contacts,
                     tile=code)


def _take(state: AquaState, player: str, slot: int, pos: Pos, rot: int,
          cache: dict[Pos, list[list[str]]]) -> tuple[int, list[tuple[str, int]], int]:
    """(worth, (species, points) of each habitat made, colour contacts) of a placement."""
    code = state.market[slot - 1]
    colours = placed(code, rot)
    mates = cache.get(pos)
    if mates is None:
        mates = cache[pos] = _site_mates(state.tiles[player], pos)
    score = 0
    contacts = 0
    gains: list[tuple[str, int]] = []
    stacks: dict[str, int] | None = None  # copied when a habitat takes from it
    for i, colour in enumerate(colours):
        present = mates[i]
        same = sum(1 for c in present if c == colour)
        contacts += same
        if HOT in present:
            continue
        if len(present) == 2 and same == 2:
            if stacks is None:
                stacks = dict(state.stacks)
            species = SPECIES_OF[colour]
            left = stacks[species]
            value = small_value(left) if left else 0
            stacks[species] = max(0, left - 1)
            score += 10 * value + 6
            gains.append((species, value))
        elif same == len(present):
            score += 2 if present else 0  # the site can still become a habitat
        else:
            score -= 2  # a mixed site: never a habitat
    score += 3 * contacts
    return score, gains, contacts


def suggest(game: AquaGame, state: AquaState, player: str, typed: str,
            limit: int = 25) -> list[tuple[str, str]]:
    if limit <= 0 or state.over or str(player) != state.active:
        return []
    matching = _matching(game, game.legal_moves(state, player), typed)
    if not matching:
        return []
    if state.phase == Phase.LARGE:
        return _rank_large(state, matching)[:limit]
    return _rank_take(state, player, matching, typed.strip() == "")[:limit]


def _matching(game: AquaGame, legal: list[str], typed: str) -> list[str]:
    """The legal moves ``typed`` may mean: by prefix, else its canonical form, else every
    move that has all its words."""
    words = _norm(typed)
    matching = [m for m in legal if m.startswith(words)]
    if not matching and words:
        try:
            canonical = game.normalize_move(typed)
        except IllegalMove:
            canonical = None
        if canonical in legal:
            matching = [canonical]
        else:
            wanted = clean_move(typed).split()
            matching = [m for m in legal if all(w in m.split() for w in wanted)]
    return matching


class AquaSuggestions(Suggestions):
    """Every legal move valued once; ``pick`` matches and orders them as ``suggest`` does
    (the order depends on what was typed: the slots take turns only while nothing is)."""

    def __init__(self, game: AquaGame, state: AquaState, player: str) -> None:
        self.game, self.state, self.player = game, state, str(player)
        self.active = not state.over and self.player == state.active
        self.legal = game.legal_moves(state, player) if self.active else []
        self.values: dict[str, tuple[int, Text]] = {}
        if self.active and state.phase != Phase.LARGE:
            cache: dict[Pos, list[list[str]]] = {}
            for move in self.legal:
                if move != "snail":
                    self.values[move] = _take_value(state, player, move, cache)
        super().__init__(self.pick("", len(self.legal)))

    def pick(self, typed: str, limit: int = 25) -> list[tuple[str, Any]]:
        if limit <= 0 or not self.active:
            return []
        matching = _matching(self.game, self.legal, typed)
        if not matching:
            return []
        if self.state.phase == Phase.LARGE:
            return _rank_large(self.state, matching)[:limit]
        return _rank_take(self.state, self.player, matching, typed.strip() == "",
                          self.values)[:limit]


def _take_value(state: AquaState, player: str, move: str,
                cache: dict[Pos, list[list[str]]]) -> tuple[int, Text]:
    parts = move.split()
    q, r = parts[3].split(",")
    return take_value(state, player, int(parts[1]), (int(q), int(r)), int(parts[5]), cache)


def _label(value: str, why: Text) -> Text:
    label = _("{move}  ·  {why}", move=value, why=why)
    # Discord's limit; the bot clips a longer translation the same way.
    return label if len(label) <= LABEL_MAX else _("{move}  ·  …", move=value)


def _rank_large(state: AquaState, moves: list[str]) -> list[tuple[str, str]]:
    ranked = []
    for i, move in enumerate(moves):
        if move == "done":
            ranked.append((1, 0, i, move, _("{move}  ·  no large animal this turn", move=move)))
            continue
        shape = move.split()[1]
        points = state.large_stacks[shape][0]
        animal = ANIMAL_WORDS[LARGE_ANIMALS[shape]["A"]]
        ranked.append((0, -points, i, move, _label(move, _("{animal}, {points} points",
                                                           animal=animal, points=points))))
    ranked.sort()
    return [(move, label) for *_rank, move, label in ranked]


def _rank_take(state: AquaState, player: str, moves: list[str], spread: bool,
               values: dict[str, tuple[int, Text]] | None = None) -> list[tuple[str, str]]:
    """``values``: the moves' (score, why) worked out before, else each is worked out here."""
    cache: dict[Pos, list[list[str]]] = {}
    by_slot: dict[int, list[tuple[int, int, str, str]]] = {}
    snail = None
    for i, move in enumerate(moves):
        if move == "snail":
            snail = (move, _("{move}  ·  play last in this final round", move=move)
                     if state.round >= ROUNDS else
                     _("{move}  ·  play last this round, first next round", move=move))
            continue
        slot = int(move.split()[1])
        score, why = (values[move] if values is not None
                      else _take_value(state, player, move, cache))
        by_slot.setdefault(slot, []).append((-score, i, move, _label(move, why)))
    for entries in by_slot.values():
        entries.sort()
    out: list[tuple[str, str]] = []
    if spread:
        # Round robin over the slots: each slot's best placement, then the snail, and so on.
        depth = 0
        while True:
            layer = [entries[depth] for entries in by_slot.values() if depth < len(entries)]
            if not layer:
                break
            layer.sort()
            out.extend((move, label) for _score, _i, move, label in layer)
            if depth == 0 and snail:
                out.append(snail)
                snail = None
            depth += 1
    else:
        merged = sorted(e for entries in by_slot.values() for e in entries)
        out = [(move, label) for _score, _i, move, label in merged]
    if snail:
        out.append(snail)
    return out


def choices(game: AquaGame, state: AquaState, player: str) -> dict[str, Any]:
    """The legal moves grouped for buttons and menus: slot, then position, then rotation.

    Positions of a slot come best first (the same look-ahead as ``suggest``), so a menu of 25
    shows the most useful ones; every move named here is legal.
    """
    if state.over or str(player) != state.active:
        return {}
    legal = game.legal_moves(state, player)
    if state.phase == Phase.LARGE:
        return {"phase": Phase.LARGE, "large": [m for m in legal if m != "done"], "done": True}
    cache: dict[Pos, list[list[str]]] = {}
    slots: dict[int, dict[str, list[tuple[int, int]]]] = {}
    for move in legal:
        if move == "snail":
            continue
        parts = move.split()
        slot, key, rot = int(parts[1]), parts[3], int(parts[5])
        q, r = key.split(",")
        score, _why = take_value(state, player, slot, (int(q), int(r)), rot, cache)
        slots.setdefault(slot, {}).setdefault(key, []).append((rot, score))
    out = []
    for slot, positions in sorted(slots.items()):
        ranked = sorted(positions.items(), key=lambda kv: -max(s for _rot, s in kv[1]))
        out.append({"slot": slot, "tile": state.market[slot - 1],
                    "positions": {k: sorted(rot for rot, _score in v) for k, v in ranked}})
    return {"phase": Phase.TAKE, "slots": out, "snail": "snail" in legal}
