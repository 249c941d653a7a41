"""Aqualin's texts for players: tile names, the rules summary, moves told, turn prompts.

Pure wording: the engine decides, these functions say it (in the ``aqualin`` domain, so the
bot translates them). They take plain values, not the engine, so this module depends on the
state's vocabularies only.
"""

from __future__ import annotations

from ..text import Text, contextual, translator
from .state import Role, Rules

_ = translator("aqualin")
_p = contextual(_)

#: The tile letters' words, translatable (a tile's name is one phrase: :data:`TILE_WORDS`).
COLOUR_WORDS = {"R": _("red"), "Y": _("yellow"), "G": _("green"), "B": _("blue"), "P": _("pink"),
                "V": _("purple")}
SPECIES_WORDS = {"C": _("crab"), "F": _("fish"), "J": _("jellyfish"), "H": _("seahorse"),
                 "S": _("starfish"), "T": _("turtle")}
ROLE_WORDS: dict[str, Text] = {Role.COLOUR: _("colour"), Role.SPECIES: _("species")}

# i18n: What the seed decides and nobody may know yet: "its seed would give away …".
UNSEEN = _("the order of the tiles still in the supply")

RULES_HELP = _("seed: draw a tile, shift one step; classic: open market of six, slide")
ROLE_HELP = _("who scores by colour (the colour player moves first)")
# i18n: The lobby options, as a sentence names them.
RULES_NAME = _p("option", "rules")
ROLE_NAME = _p("option", "role")
# i18n: The values of rules= and role=: one word each, typed too (rules=klassisch).
RULES_WORDS: dict[str, Text] = {"seed": _p("rules", "seed"), "classic": _p("rules", "classic")}
SEATING_WORDS: dict[str, Text] = {"random": _p("role", "random"),
                                  "host-colour": _p("role", "host-colour"),
                                  "host-species": _p("role", "host-species")}

SUMMARY = _(
    "**Aqualin** — 2 players, 36 tiles (6 colours × 6 species) on a 6×6 board.\n"
    "One player scores groups of the same **colour**, the other groups of the same "
    "**species**. The colour player starts.\n"
    "**Your turn:** the top tile of the supply is drawn for you. You may first shift any "
    "tile one step (8 directions) onto an empty square, then place the drawn tile on any "
    "empty square. `{cmd:move} d4` or `{cmd:move} b2-c3 d4`.\n"
    "**Classic rules** (`rules=classic`): six open tiles form a market; you may first slide "
    "a tile any distance along its row or column (no jumping, not on the first turn), then "
    "take a market tile and place it. `{cmd:move} BT d4` or `{cmd:move} b2-b5 BT d4`.\n"
    "**Scoring** when the board is full: each orthogonally connected group of n ≥ 2 tiles "
    "scores n·(n−1)/2 (2→1, 3→3, 4→6, 5→10, 6→15). Tie: the larger biggest group wins.\n"
    "Tiles: colours R red, Y yellow, G green, B blue, P pink, V purple; species C crab, "
    "F fish, J jellyfish, H seahorse, S starfish, T turtle (BT = blue turtle)."
)


#: Each tile's name as one phrase ("blue fish"): a German adjective takes the species' gender
#: ("blauer Fisch", "blaue Krabbe"), so the words cannot be put together by a template.
TILE_WORDS: dict[str, Text] = {
    "RC": _("red crab"), "RF": _("red fish"), "RJ": _("red jellyfish"),
    "RH": _("red seahorse"), "RS": _("red starfish"), "RT": _("red turtle"),
    "YC": _("yellow crab"), "YF": _("yellow fish"), "YJ": _("yellow jellyfish"),
    "YH": _("yellow seahorse"), "YS": _("yellow starfish"), "YT": _("yellow turtle"),
    "GC": _("green crab"), "GF": _("green fish"), "GJ": _("green jellyfish"),
    "GH": _("green seahorse"), "GS": _("green starfish"), "GT": _("green turtle"),
    "BC": _("blue crab"), "BF": _("blue fish"), "BJ": _("blue jellyfish"),
    "BH": _("blue seahorse"), "BS": _("blue starfish"), "BT": _("blue turtle"),
    "PC": _("pink crab"), "PF": _("pink fish"), "PJ": _("pink jellyfish"),
    "PH": _("pink seahorse"), "PS": _("pink starfish"), "PT": _("pink turtle"),
    "VC": _("purple crab"), "VF": _("purple fish"), "VJ": _("purple jellyfish"),
    "VH": _("purple seahorse"), "VS": _("purple starfish"), "VT": _("purple turtle"),
}


def tile_name(tile: str) -> Text:
    """``BF`` -> ``blue fish``."""
    return TILE_WORDS[tile]


def describe(rules: Rules, tile: str, square: str, shift: tuple[str, str] | None = None,
             moved: str = "?") -> Text:
    """A move told: ``tile`` placed on ``square``, after ``moved`` was shifted (slid)."""
    words = dict(name=tile_name(tile), tile=tile, square=square)
    if rules == Rules.CLASSIC:
        text = _("took **{name}** ({tile}) from the market and placed it on **{square}**", **words)
    else:
        text = _("placed **{name}** ({tile}) on **{square}**", **words)
    if shift:
        told = dict(moved=moved, src=shift[0], dst=shift[1], then=text)
        text = (_("shifted {moved} {src}→{dst}, then {then}", **told) if rules == Rules.SEED
                else _("slid {moved} {src}→{dst}, then {then}", **told))
    return text


def prompt(rules: Rules, role: Role | None, drawn: str | None, move: str,
           shifted: str | None) -> Text:
    """What the player to act does now, with ``move`` (and ``shifted``) as legal examples."""
    said = ROLE_WORDS.get(role, "?") if role is not None else "?"
    if rules == Rules.SEED:
        tile = drawn or "?"
        if shifted is None:
            return _("you score by **{role}**. Place **{name}** ({tile}): `{cmd:move} {move}`.",
                     role=said, name=tile_name(tile), tile=tile, move=move)
        return _("you score by **{role}**. Place **{name}** ({tile}): `{cmd:move} {move}`, or shift a "
                 "tile one step first: `{cmd:move} {shifted}`.", role=said, name=tile_name(tile),
                 tile=tile, move=move, shifted=shifted)
    if shifted is None:
        return _("you score by **{role}**. Take a market tile and place it: `{cmd:move} {move}`.",
                 role=said, move=move)
    return _("you score by **{role}**. Take a market tile and place it: `{cmd:move} {move}`, "
             "or slide first: `{cmd:move} {shifted}`.", role=said, move=move, shifted=shifted)


def rated_label(move: str, tile: str, square: str, mine: int, theirs: int) -> Text:
    """An autocomplete entry: the move, the tile and where it goes, both players' gains."""
    return _("{move}  ·  {name} → {square}  ·  you {mine}, them {theirs}", move=move,
             name=tile_name(tile), square=square, mine=f"{mine:+d}", theirs=f"{theirs:+d}")
