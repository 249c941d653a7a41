"""The board in words for screen readers (translated by the bot)."""

from __future__ import annotations

from collections.abc import Mapping

from games import aqualin as engine
from games.aqualin import AqualinView
from games.text import Text, join, translator

from ..common import alt_name

# ----- alt text -------------------------------------------------------------------------------

_ = translator("aqualin")


def alt_text(view: AqualinView, names: Mapping[str, str]) -> Text:
    """The board in words for screen readers: scores, the last move, what comes next, the squares."""
    roles = {"colour": _("colour"), "species": _("species")}
    players = [_("{name} ({role}) {points} points", name=alt_name(names, p), role=roles[view["roles"][p]],
                 points=view["scores"][p]) for p in view["order"]]
    parts: list[Text] = [_("Aqualin board, {turn} of 36 tiles placed.", turn=view["turn"]),
                        join(players)]
    last = view.get("last")
    if last:
        words = dict(name=alt_name(names, last["player"]), tile=engine.tile_name(last["tile"]),
                     square=last["square"])
        shift = last.get("shift")
        if shift:
            parts.append(_("Last move by {name}: shifted {src} to {dst}, {tile} on {square}.",
                           src=shift[0], dst=shift[1], **words))
        else:
            parts.append(_("Last move by {name}: {tile} on {square}.", **words))
    result = view.get("result")
    if result:
        winners = [alt_name(names, p) for p in result["winners"]]
        parts.append(_("Game over: {players} draw.", players=join(winners)) if len(winners) > 1
                     else _("Game over: {player} wins.", player=winners[0]))
    elif drawn := view.get("drawn"):
        parts.append(_("{players} to place {tile}.", players=join([alt_name(names, p) for p in view["to_act"]]),
                       tile=engine.tile_name(drawn)))
    elif view.get("market"):
        parts.append(_("{players} to take one of: {tiles}.",
                       players=join([alt_name(names, p) for p in view["to_act"]]),
                       tiles=join([engine.tile_name(t) for t in view["market"]])))
    rows = [_("rank {rank}: {cells}", rank=rank,
              cells=" ".join(view["board"].get(f + rank, "..") for f in "abcdef")) for rank in "654321"]
    board = rows[0]
    for row in rows[1:]:
        board = _("{a}; {b}", a=board, b=row)
    parts.append(_("Board by rank, files a to f: {rows}.", rows=board))
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} {b}", a=text, b=part)
    return text
