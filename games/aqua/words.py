"""What Aqua says to players: the rules summary, move accounts, prompts, button labels and the
final score lines.

Only words: the engine works out what happened (the state after a move, the legal options,
an example move) and hands it here, so this module never imports the ``Game`` class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Button, Result
from ..notation import quote
from ..text import Text, contextual, translator
from .material import (
    ANIMAL_A,
    LARGE_ANIMALS,
    NONE_LEFT,
    RATING_WORDS,
    ROUNDS,
    SHAPE_WORDS,
    SPECIES_WORDS,
    placed,
)
from .notation import AquaMove, Large, Snail, Take
from .state import AquaState, Phase, pos_key

_ = translator("aqua")
_p = contextual(_)

# i18n: What the seed decides and nobody may know yet: "its seed would give away …".
UNSEEN = _("the order of the tiles still in the deck")

OPTION_HELP = _("base: E01–E06; advanced: 6 of 24 at random; family: no ecosystems or reefs, "
                "animals only")

# i18n: The lobby option ecosystems=, as a sentence names it.
OPTION_NAME = _p("option", "ecosystems")
# i18n: The values of ecosystems=: one word each, typed too (ecosystems=familie).
OPTION_WORDS: dict[str, Text] = {"base": _p("ecosystems", "base"), "advanced": _p("ecosystems", "advanced"),
                "family": _p("ecosystems", "family")}

SUMMARY = _(
    "**Aqua** — 1–4 players, 17 rounds. Grow a coral area from hexagonal tiles, each cut "
    "into three coral rhombi (R red, O orange, Y yellow, G green, B blue, P purple).\n"
    "**Your turn:** take a market tile and place it next to your area, in any rotation, so "
    "that one of its corals touches a coral of the same colour side to side: "
    "`{cmd:move} take 2 at 1,-2 rot 1` (slot, position q,r, rotation 0–2). Positions are "
    "written on the board image.\n"
    "**Coordinates:** `q,r` names a tile position and also the site at that tile's top "
    "corner, where an animal sits. Site 0,0 is your hot spot, where your 3 start tiles "
    "meet: its corals have no colour.\n"
    "**Habitats:** three corals of one colour meeting at a corner (a site) form a habitat: "
    "its small animal comes at once (R crab, O starfish, Y clownfish, G turtle, B jellyfish, "
    "P seahorse; the first 4 of each are worth 3, then 2).\n"
    "**Large animals** (optional, once per turn): cover uncovered small animals of all "
    "different species, at least one placed this turn, in the shape of a pair, line, arc, "
    "triangle or diamond: `{cmd:move} large pair 0,1 1,1` or `{cmd:move} done`.\n"
    "**Sea snail:** `{cmd:move} snail` instead of a tile: you play last this round and first "
    "next round. If nobody takes it, the round's last player gets it and so plays twice "
    "in a row.\n"
    "**Scoring:** large and small animals; each reef (4+ side-connected corals of one "
    "colour) scores every small animal on or next to it; ecosystems in play. Tie: more "
    "small animals. Option `ecosystems=base|advanced|family` (family: animals only). "
    "Solo: 51 tiles, market of 3; rating <50 tide pool, 50+ reef, 70+ open ocean, "
    "90+ legend."
)


def played(move: str) -> Text:
    """The account of a move that could not be replayed (it no longer reads or applies)."""
    return _("played `{move}`", move=quote(move, 60))


def describe(before: AquaState, after: AquaState, move: AquaMove,
             names: Mapping[str, str]) -> Text:
    """Public account of ``move``, which turned ``before`` into ``after``."""
    last = after.last or {}
    if isinstance(move, Snail):
        text = (_("took the sea snail: plays last in this final round") if before.round >= ROUNDS
                else _("took the sea snail: plays last this round and first next round"))
    elif isinstance(move, Take):
        text = _("took {tile} (slot {slot}) and placed it at {pos}, rotation {rot}",
                 tile=last.get("tile"), slot=move.slot, pos=pos_key(move.pos), rot=move.rot)
        if last.get("waived"):
            text = _("{text} (no tile could touch its colour, so any spot was allowed)",
                     text=text)
        for site, species, value in last.get("habitats", []):
            if value:
                text = _("{text}; habitat {site}: {species} ({value})", text=text, site=site,
                         species=SPECIES_WORDS[species], value=value)
            else:
                text = _("{text}; habitat {site} stays empty ({none_left})", text=text,
                         site=site, none_left=NONE_LEFT[species])
    elif isinstance(move, Large):
        info = last.get("large") or {}
        side = info.get("side", "A")
        text = _("attracted {animal} ({shape}, {points} points) onto {sites}",
                 animal=ANIMAL_A[LARGE_ANIMALS[move.shape][side]],
                 shape=SHAPE_WORDS[move.shape], points=info.get("points"),
                 sites=" ".join(info.get("sites", [])))
    else:
        text = _("attracted no large animal")
    if after.over:
        text = _("{text} — the game is over", text=text)
    elif after.round != before.round:
        starter = after.queue[0]
        who = " ".join(str(names.get(starter, starter)).split())[:40]
        text = _("{text} — round {round} begins, {who} starts", text=text, round=after.round,
                 who=who)
    return text


def prompt(state: AquaState, player: str, names: Mapping[str, str], example: str,
           snail: bool) -> Text:
    """What ``player`` should do now; ``example`` is a move to show, ``snail`` whether the sea
    snail may be taken."""
    if state.over:
        return _("the game is over.")
    if player != state.active:
        who = state.active or "?"
        return _("wait for {who} to play.", who=names.get(who, who))
    if state.phase == Phase.LARGE:
        return _("you may attract a large animal: `{cmd:move} {example}` (shape and sites), or end "
                 "your turn with `{cmd:move} done`.", example=example)
    if snail and state.round >= ROUNDS:  # no next round to start (the review's "next round first")
        return _("round {round}/{rounds}: take a market tile and place it next to your area: "
                 "`{cmd:move} {example}` (slot, position q,r, rotation 0–2). Or `{cmd:move} snail`: "
                 "play last in this final round.", round=state.round, rounds=ROUNDS,
                 example=example)
    if snail:
        return _("round {round}/{rounds}: take a market tile and place it next to your area: "
                 "`{cmd:move} {example}` (slot, position q,r, rotation 0–2). Or `{cmd:move} snail`: "
                 "play last now, first next round.", round=state.round, rounds=ROUNDS,
                 example=example)
    return _("round {round}/{rounds}: take a market tile and place it next to your area: "
             "`{cmd:move} {example}` (slot, position q,r, rotation 0–2).", round=state.round,
             rounds=ROUNDS, example=example)


def buttons(offer: Mapping[str, Any], path: str) -> list[Button]:
    """The menu for ``Aqua.choices``' ``offer``: market slot, then position, then rotation; in
    the large-animal step the legal placements and Done."""
    if not offer:
        return []
    if offer["phase"] == Phase.LARGE:
        out = []
        for m in offer["large"][:24]:  # canonical moves: ``large {shape} {sites}``
            _large, shape, sites = m.split(" ", 2)
            out.append(Button(_("Large {shape} {sites}", shape=SHAPE_WORDS[shape],
                                sites=sites), m))
        return [*out, Button(_("Done"), "done")]
    slots = {str(s["slot"]): s for s in offer["slots"]}
    if not path:
        out = [Button(_("Tile {slot}: {tile}", slot=k, tile=s["tile"]), path=k)
               for k, s in slots.items()]
        if offer["snail"]:
            out.append(Button(_("Take the sea snail"), "snail"))
        return out
    slot, _at, key = path.partition("@")
    if slot not in slots:
        return []
    tile = slots[slot]["tile"]
    positions = slots[slot]["positions"]
    if not key:
        out = []
        for pos, rots in list(positions.items())[:25]:
            if len(rots) == 1:
                out.append(Button(_("at {pos}", pos=pos), f"take {slot} at {pos} rot {rots[0]}"))
            else:
                out.append(Button(_("at {pos} …", pos=pos), path=f"{slot}@{pos}"))
        return out
    return [Button(_("rot {rot}: N {n} SE {se} SW {sw}", rot=rot,
                     **dict(zip(("n", "se", "sw"), placed(tile, rot)))),
                   f"take {slot} at {key} rot {rot}") for rot in positions.get(key, [])]


def result_lines(result: Result, names: Mapping[str, str]) -> list[Text]:
    """Each player's score, part by part, and the solo rating."""
    lines = []
    parts = result.detail.get("breakdown", {})
    # the best first, as the scores above them: the winners, then the higher totals
    ranked = sorted(parts, key=lambda p: (p not in result.winners, -result.scores.get(p, 0)))
    for player, part in ((p, parts[p]) for p in ranked):
        words = dict(name=names.get(player, player), large=part["large"],
                     small=part["small"], reefs=part["reefs"],
                     ecosystems=sum(part["ecosystems"].values()), total=part["total"])
        eco = ", ".join(f"{k} {v}" for k, v in part["ecosystems"].items() if v)
        if eco:
            lines.append(_("**{name}**: large {large} · small {small} · reefs {reefs} · "
                           "ecosystems {ecosystems} ({detail}) = {total}", detail=eco,
                           **words))
        else:
            lines.append(_("**{name}**: large {large} · small {small} · reefs {reefs} · "
                           "ecosystems {ecosystems} = {total}", **words))
    rating = result.detail.get("rating")
    if rating:
        lines.append(_("Solo rating: **{rating}**.", rating=RATING_WORDS.get(rating, rating)))
    return lines
