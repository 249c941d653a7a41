"""The board in words for screen readers (translated by the bot)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from games.aqua.material import ANIMAL_WORDS, COLOUR_WORDS, RATING_WORDS, SHAPE_WORDS, SPECIES_WORDS
from games.aqua.view import AquaView
from games.text import Text, join

from ..common import alt_name
from .layout import _total, focus_player, mover
from .style import _, area_of, as_view

# ----- alt text --------------------------------------------------------------------------------

#: The English alt text stays under this, so that a translation (longer, as a rule) still fits
#: Discord's limit; the bot clips anything longer after translating.
ALT_BUDGET = 850


def _fold(parts: Sequence[Text], pair: Callable[[Text, Text], Text]) -> Text:
    """Parts joined one by one with ``pair`` (a template without words), still translatable."""
    text = parts[0]
    for part in parts[1:]:
        text = pair(text, part)
    return text


def _semicolons(a: Text, b: Text) -> Text:
    return _("{a}; {b}", a=a, b=b)


def _commas(a: Text, b: Text) -> Text:
    return _("{a}, {b}", a=a, b=b)


def _spaces(a: Text, b: Text) -> Text:
    return _("{a} {b}", a=a, b=b)


def alt_text(view: Mapping[str, Any], names: Mapping[str, str]) -> Text:
    """The channel image in words: round, whose turn, scores, market, the area shown.

    A translatable :class:`Text`. A big area lists fewer of its animals (and no longer the
    positions where a tile fits), so the text stays short in every language.
    """
    aqua = as_view(view)
    text = _alt_text(aqua, names, None, True)
    for limit in (24, 12, 6, 0):
        if len(text) <= ALT_BUDGET:
            break
        text = _alt_text(aqua, names, limit, False)
    return text


def _alt_text(view: AquaView, names: Mapping[str, str], animal_limit: int | None,
              with_positions: bool) -> Text:
    name = partial(alt_name, names)

    players = [str(p) for p in view.get("players") or []]
    who = focus_player(view, None)
    result = view.get("result")
    parts: list[Text] = []
    if result:
        winners = [name(w) for w in result.get("winners") or []]
        if view.get("solo"):
            rating = str((result.get("detail") or {}).get("rating"))
            parts.append(_("Aqua, game over: {points} points, {rating}.",
                           points=_total(view, who), rating=RATING_WORDS.get(rating, rating)))
        elif len(winners) > 1:
            parts.append(_("Aqua, game over: {winners} share the win.", winners=join(winners)))
        elif winners:
            parts.append(_("Aqua, game over: {winner} wins.", winner=winners[0]))
        else:
            parts.append(_("Aqua, game over."))
    else:
        turn = dict(round=view.get("round"), rounds=view.get("rounds", 17),
                    player=name(view.get("active")))
        if view.get("phase") == "large":
            parts.append(_("Aqua, round {round} of {rounds}: {player} may place a large animal "
                           "or pass.", **turn))
        else:
            parts.append(_("Aqua, round {round} of {rounds}: {player} to take a market tile.",
                           **turn))
    parts.append(_("Scores: {scores}.",
                   scores=", ".join(f"{name(p)}: {_total(view, p)}" for p in players)))
    moved = mover(view)
    if moved is not None:  # the picture shows their area beside the next player's
        last = view.get("last") or {}
        if last.get("kind") == "snail":
            parts.append(_("{player} just took the sea snail.", player=name(moved)))
        elif last.get("pos"):
            parts.append(_("{player} just placed a tile at {pos}.", player=name(moved),
                           pos=str(last["pos"])))
    market = list(view.get("market") or [])
    if market and not result:
        tiles = [_("{slot} {first}-{second}-{third}", slot=i,
                   **dict(zip(("first", "second", "third"),
                              (COLOUR_WORDS.get(c, c) for c in code))))
                 for i, code in enumerate(market, 1)]
        parts.append(_("Market: {tiles}.", tiles=_fold(tiles, _semicolons)))
    where = view.get("snail")
    if where == "market":
        parts.append(_("The sea snail is in the market."))
    elif where:
        parts.append(_("{player} has the sea snail.", player=name(where)))
    area = area_of(view, who)
    animals = list((area.get("animals") or {}).items())
    shown = []
    for site, (species, points, covered) in animals[:animal_limit]:
        said = dict(species=SPECIES_WORDS.get(species, species), points=points, site=site)
        shown.append(_("{species} {points} at {site} (covered)", **said) if covered
                     else _("{species} {points} at {site}", **said))
    count = dict(player=name(who), tiles=len(area.get("tiles") or {}))
    if not animals:
        parts.append(_("{player}'s area: {tiles} tiles; no animals yet.", **count))
    elif len(shown) == len(animals):
        parts.append(_("{player}'s area: {tiles} tiles; small animals: {animals}.",
                       animals=_fold(shown, _commas), **count))
    elif shown:
        parts.append(_("{player}'s area: {tiles} tiles; {n} small animals, among them "
                       "{animals}.", n=len(animals), animals=_fold(shown, _commas), **count))
    else:
        parts.append(_("{player}'s area: {tiles} tiles; {n} small animals.", n=len(animals),
                       **count))
    for big in area.get("large") or []:
        animal, shape = str(big.get("animal") or ""), str(big.get("shape") or "")
        parts.append(_("{animal} {points} on {sites}.",
                       animal=ANIMAL_WORDS.get(animal) or SHAPE_WORDS.get(shape) or animal,
                       points=big.get("points"), sites=" ".join(big.get("sites") or [])))
    legal = list(view.get("legal_positions") or [])
    if with_positions and legal and who == view.get("active"):
        parts.append(_("A tile fits at: {positions}.", positions=" ".join(legal)))
    return _fold(parts, _spaces)
