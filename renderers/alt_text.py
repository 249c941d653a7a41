"""Alt text for board images: the position in words, from the same view the image shows.

Screen-reader users get whose turn it is, the scores and the key facts of the board.
Discord allows 1024 characters in an attachment description; we stay well under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.aqualin import tile_name

from .aqua import alt_text as aqua_alt_text
from .krasserfall import alt_text as krasserfall
from .kraqua import alt_text as kraqua_alt_text

LIMIT = 1024


def _name(names: Mapping[str, str], player: str) -> str:
    return " ".join(str(names.get(player) or player).split())[:32]


def aqualin(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    roles = view["roles"]
    scores = view["scores"]
    players = "; ".join(f"{_name(names, p)} ({roles[p]}) {scores[p]} points" for p in view["order"])
    parts = [f"Aqualin board, {view['turn']} of 36 tiles placed. {players}."]
    if view.get("last"):
        last = view["last"]
        moved = f"shifted {last['shift'][0]} to {last['shift'][1]}, " if last.get("shift") else ""
        parts.append(f"Last move by {_name(names, last['player'])}: {moved}"
                     f"{tile_name(last['tile'])} on {last['square']}.")
    result = view.get("result")
    if result:
        winners = [_name(names, p) for p in result["winners"]]
        parts.append("Game over: " + (" and ".join(winners) + " draw." if len(winners) > 1
                                      else f"{winners[0]} wins."))
    else:
        acting = ", ".join(_name(names, p) for p in view["to_act"])
        if view.get("drawn"):
            parts.append(f"{acting} to place {tile_name(view['drawn'])}.")
        elif view.get("market"):
            parts.append(f"{acting} to take one of: "
                         + ", ".join(tile_name(t) for t in view["market"]) + ".")
    rows = []
    for rank in "654321":
        cells = [view["board"].get(f + rank, "..") for f in "abcdef"]
        rows.append(f"rank {rank}: " + " ".join(cells))
    parts.append("Board by rank, files a to f: " + "; ".join(rows) + ".")
    return " ".join(parts)[:LIMIT]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def kahuna(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    players = list(view["players"])
    colours = ("orange", "blue")
    stones, bridges = view["stones"], view["bridges"]
    parts = [f"Kahuna board, round {view['round']} of 3."]
    for seat, p in enumerate(players):
        mine = sorted(i for i, q in stones.items() if q == p)
        lines = sorted(line for line, q in bridges.items() if q == p)
        parts.append(f"{_name(names, p)} ({colours[seat]}): "
                     f"{_count(view['scores'][p], 'point')}, {_count(view['hands'][p], 'card')}, "
                     f"stones on {', '.join(mine) or 'no island'}, "
                     f"bridges {' '.join(lines) or 'none'}.")
    result = view.get("result")
    if result:
        winners = [_name(names, p) for p in result["winners"]]
        parts.append("Game over: " + (" and ".join(winners) + " draw." if len(winners) > 1
                                      else f"{winners[0]} wins."))
    else:
        acting = ", ".join(_name(names, p) for p in view["to_act"])
        parts.append(f"{acting} to act. Open cards: {', '.join(view['open']) or 'none'}; "
                     f"deck {view['deck']}.")
    focus = view.get("current") or view.get("last")
    if focus:
        parts.append(f"Last moves by {_name(names, focus['player'])}: "
                     + ", ".join(focus["moves"]) + ".")
    if "hand" in view:  # the owner's own view (the private hand image)
        parts.insert(0, f"Your hand: {', '.join(view['hand']) or 'no cards'}.")
    return " ".join(parts)[:LIMIT]


ALT_TEXTS: Mapping[str, Callable[[Mapping[str, Any], Mapping[str, str]], str]] = {
    "aqualin": aqualin,
    "kahuna": kahuna,
    "krasserfall": krasserfall,
    "aqua": aqua_alt_text,
    "kraqua": kraqua_alt_text,
}


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """Alt text for the image of ``view``; a plain fallback for a game without its own."""
    describe = ALT_TEXTS.get(str(view.get("game")))
    if describe is None:
        return f"{view.get('game', 'Game')} board"
    return describe(view, names)
