"""The board's rules: majorities, removals and their chains, and what a hand can play.

Pure functions on the bridges and stones (plain dicts), shared by the engine (which plays
them), the suggestion labels (which try them on copies) and the hand picture (through
:func:`hand_options`), so all three agree on what a bridge takes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .board import LINES, LINES_OF, MAJORITY, STONES_EACH, controls, count, ends, other_end
from .notation import Bridge, Remove, format_move, parse_move
from .state import KahunaHandView, Record, Variant


def place_bridge(bridges: dict[str, str], stones: dict[str, str], player: str, opponent: str,
                 line: str) -> Record:
    """Put ``player``'s bridge on ``line`` and resolve both ends; mutates the two dicts.

    An end is taken when the player now holds more than half of its lines and has a stone
    left; every opponent bridge on its lines goes back, and each such removal can cost the
    opponent the stone at that bridge's other end (the chain stops there).
    """
    bridges[line] = player
    taken: list[str] = []
    removed: list[str] = []
    lost: list[str] = []
    for island in ends(line):
        if island in stones or not controls(bridges, island, player):
            continue
        if sum(1 for owner in stones.values() if owner == player) >= STONES_EACH:
            continue  # no stone left to mark it: nothing happens
        stones[island] = player
        taken.append(island)
        for other_line in LINES_OF[island]:
            if bridges.get(other_line) != opponent:
                continue
            del bridges[other_line]
            removed.append(other_line)
            far = other_end(other_line, island)
            if stones.get(far) == opponent and not controls(bridges, far, opponent):
                del stones[far]
                lost.append(far)
    record: Record = {"placed": [line]}
    if taken:
        record["taken"] = taken
    if removed:
        record["removed"] = removed
    if lost:
        record["lost"] = lost
    return record


def remove_bridge(bridges: dict[str, str], stones: dict[str, str], owner: str,
                  line: str) -> list[str]:
    """Take ``owner``'s bridge off ``line``; return the islands whose stones it cost them."""
    del bridges[line]
    lost = [i for i in ends(line) if stones.get(i) == owner and not controls(bridges, i, owner)]
    for island in lost:
        del stones[island]
    return lost


def unmarked(bridges: Mapping[str, str], stones: Mapping[str, str], player: str,
             line: str) -> list[str]:
    """Ends of ``line`` where ``player`` holds a majority that no stone marks.

    Right after a placement on ``line`` this means the player had no stone left: the
    majority took nothing (no stone, no removals), and players are told so.
    """
    return [i for i in ends(line) if i not in stones and controls(bridges, i, player)]


def merge(record: Record, extra: Record) -> None:
    """Add the lists of ``extra`` to those of ``record`` (a removal, then a take)."""
    for key, values in extra.items():
        record.setdefault(key, []).extend(values)


def blocked_end(stones: Mapping[str, str], variant: str, opponent: str, line: str
                ) -> str | None:
    """Planning variant: the end of ``line`` that carries an opponent stone, if any."""
    if variant != Variant.PLANNING:
        return None
    return next((i for i in ends(line) if stones.get(i) == opponent), None)


def may_take(bridges: Mapping[str, str], stones: Mapping[str, str], opponent: str,
             line: str) -> bool:
    """Planning variant: after removing the opponent's bridge on ``line``, may the remover
    put their own there (no opponent stone left on either end)?"""
    for island in ends(line):
        if stones.get(island) == opponent and \
                count(bridges, island, opponent) - 1 >= MAJORITY[island]:
            return False
    return True


def card_actions(bridges: Mapping[str, str], stones: Mapping[str, str], hand: list[str],
                 player: str, opponent: str, variant: str, room: int) -> list[str]:
    """The bridges and removals ``player`` can play with ``hand`` on this board, canonical.

    Shared by ``legal_moves`` and :func:`hand_options`, so the hand image offers exactly
    what the engine accepts.
    """
    held = Counter(hand)
    out: list[str] = []
    if room > 0:
        for card in sorted(held):
            for line in LINES_OF[card]:
                if line not in bridges and not blocked_end(stones, variant, opponent, line):
                    out.append(format_move(Bridge(line, card)))
    for line in LINES:
        if bridges.get(line) != opponent:
            continue
        a, b = ends(line)
        for pair in ((a, a), (a, b), (b, b)):
            if held[pair[0]] < 1 + (pair[0] == pair[1]) or held[pair[1]] < 1:
                continue  # the hand lacks a card of the pair
            out.append(f"remove {line} {pair[0]} {pair[1]}")
            if variant == Variant.PLANNING and room > 0 and \
                    may_take(bridges, stones, opponent, line):
                out.append(f"remove {line} {pair[0]} {pair[1]} take")
    return out


def hand_options(view: KahunaHandView) -> dict[str, dict[str, list[str]]]:
    """For an owner's view: per card in the hand, the lines it could bridge and the removals
    it could be part of on the board as it is (whoever's turn it is).

    ``{"HUNA": {"bridges": ["ELAI-HUNA", ...], "removals": ["remove ELAI-HUNA ELAI HUNA"]}}``
    """
    player = view["viewer"]
    opponent = next(p for p in view["players"] if p != player)
    hand = list(view["hand"])
    moves = card_actions(view["bridges"], view["stones"], hand, player, opponent,
                         view["variant"], view["bridges_left"][player])
    out: dict[str, dict[str, list[str]]] = {c: {"bridges": [], "removals": []}
                                            for c in sorted(set(hand))}
    for move in moves:
        m = parse_move(move)
        if isinstance(m, Bridge):
            out[m.card]["bridges"].append(m.line)
        elif isinstance(m, Remove):
            for card in sorted(set(m.cards)):
                out[card]["removals"].append(move)
    return out
