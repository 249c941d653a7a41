"""Moves typed in the player's language: ``stab HUNA-ELAI``, ``schieben rot``, ``skub rød``.

Players read the game's words in German or Danish, so each game's parser first turns the
words of those languages into its English notation (:func:`english`), word by word; what is
stored and logged stays the canonical English move. The words follow the game's catalog
(``bot/locale/<lang>/LC_MESSAGES/<game>.po``) and rulebook.

Every alias is a whole word (letters only; ``2:groß rot>blau`` works too) or a phrase of them
(``slå igen``), and never a word the English notation already uses in that game, so an alias can only make a move readable that
reads the same in English: ``parse(alias) == parse(english)`` (tests/games/test_lang_aliases.py).
Aqualin's moves are squares and tile letters; a tile may also be named as the player reads
it (``blaue Schildkröte d4``, ``Schildkröte blau d4``, ``blå skildpadde d4`` for ``BT d4``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

def _aqualin_tiles() -> dict[str, dict[str, str]]:
    """Every Aqualin tile by its German and Danish name -> its letters (``BT``)."""
    colours = {"R": ("rot", "rød"), "Y": ("gelb", "gul"), "G": ("grün", "grøn"),
               "B": ("blau", "blå"), "P": ("rosa", "lyserød"), "V": ("lila", "lilla")}
    # German adjectives take the species' gender (die Krabbe, der Fisch, das Seepferdchen);
    # rosa and lila stay as they are. Danish species are all common gender: no ending.
    species = {"C": ("krabbe", "e", "krabbe"), "F": ("fisch", "er", "fisk"),
               "J": ("qualle", "e", "vandmand"), "H": ("seepferdchen", "es", "søhest"),
               "S": ("seestern", "er", "søstjerne"), "T": ("schildkröte", "e", "skildpadde")}
    de: dict[str, str] = {}
    da: dict[str, str] = {}
    for c, (colour_de, colour_da) in colours.items():
        for k, (animal_de, ending, animal_da) in species.items():
            adjective = colour_de if colour_de in ("rosa", "lila") else colour_de + ending
            de[f"{adjective} {animal_de}"] = de[f"{animal_de} {colour_de}"] = c + k
            da[f"{colour_da} {animal_da}"] = c + k
    return {"de": de, "da": da}


#: game id -> language -> {alias: English word}. Lower case; ``ß`` and ``æøå`` as typed, and
#: ``ss`` for ``ß`` as well (Swiss spelling, and what ``GROSS`` lowers to).
ALIASES: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "aqualin": _aqualin_tiles(),
    "kahuna": {
        "de": {"stab": "bridge", "frei": "free", "entfernen": "remove", "unterschieben": "tuck",
               "ziehen": "draw", "nehmen": "draw", "passen": "pass", "beenden": "end",
               "ende": "end", "stapel": "deck"},
        "da": {"bro": "bridge", "fri": "free", "fjern": "remove", "skub": "tuck", "træk": "draw",
               "tag": "draw", "pas": "pass", "afslut": "end", "slut": "end", "bunken": "deck",
               "bunke": "deck"},
    },
    "krasserfall": {
        "de": {"würfeln": "roll", "schieben": "push", "umsetzen": "move",
               "rettungsring": "ring", "setzen": "place", "stein": "stone", "rot": "red",
               "gelb": "yellow", "grün": "green", "blau": "blue", "groß": "big", "gross": "big",
               "klein": "small",
               "halb": "half", "boot": "boat", "streifen": "strip"},
        "da": {"slå": "roll", "skub": "push", "flyt": "move", "krans": "ring",
               "redningskrans": "ring", "sæt": "place", "sten": "stone", "rød": "red",
               "gul": "yellow", "grøn": "green", "blå": "blue", "stor": "big", "lille": "small",
               "halv": "half", "båd": "boat", "strimmel": "strip", "strimlen": "strip"},
    },
    "aqua": {
        "de": {"nimm": "take", "nehmen": "take", "auf": "at", "groß": "large", "gross": "large",
               "fertig": "done",
               "schnecke": "snail", "meeresschnecke": "snail", "paar": "pair", "linie": "line",
               "bogen": "arc", "dreieck": "triangle", "raute": "diamond", "seite": "side"},
        "da": {"tag": "take", "på": "at", "stor": "large", "færdig": "done", "snegl": "snail",
               "havsnegl": "snail", "par": "pair", "linje": "line", "bue": "arc",
               "trekant": "triangle", "rombe": "diamond"},
    },
    "kraqua": {
        "de": {"legen": "lay", "leg": "lay", "fisch": "fish", "muschel": "shell",
               "qualle": "jelly", "aussetzen": "skip", "neuwurf": "reroll", "behalten": "keep",
               "behalte": "keep", "edelstein": "gem", "delfin": "dolphin", "hai": "shark",
               "neu würfeln": "reroll", "verzichten": "pass", "passen": "pass", "ziehen": "draw",
               "nehmen": "take",
               "innen": "inner", "außen": "outer", "aussen": "outer", "grün": "green",
               "rot": "red", "gelb": "yellow", "blau": "blue", "weiß": "white", "weiss": "white",
               "lila": "purple"},
        "da": {"læg": "lay", "fisk": "fish", "musling": "shell", "vandmand": "jelly",
               "spring over": "skip", "spring": "skip", "slå igen": "reroll", "omslag": "reroll",
               "behold": "keep", "ædelsten": "gem",
               "delfin": "dolphin", "haj": "shark", "pas": "pass", "træk": "draw",
               "tag": "take", "indre": "inner", "ydre": "outer", "grøn": "green", "rød": "red",
               "gul": "yellow", "blå": "blue", "hvid": "white", "lilla": "purple"},
    },
}

_WORD = re.compile(r"[^\W\d_]+")


def words(game_id: str) -> dict[str, str]:
    """Every alias of ``game_id`` in every language: {alias: English word}."""
    found: dict[str, str] = {}
    for table in ALIASES.get(game_id, {}).values():
        found.update(table)
    return found


def english(game_id: str, text: str) -> str:
    """``text`` with the game's German and Danish words in English; the rest as typed."""
    table = _TABLES.get(game_id)
    if not table or not isinstance(text, str):
        return text
    phrases = _PHRASES.get(game_id)
    if phrases is not None:
        text = phrases.sub(lambda m: table[" ".join(m[0].lower().split())], text)
    return _WORD.sub(lambda m: table.get(m[0].lower(), m[0]), text)


def _phrases(table: Mapping[str, str]) -> re.Pattern[str] | None:
    """The aliases of several words, longest first, with any spaces between the words."""
    several = sorted((a for a in table if " " in a), key=len, reverse=True)
    if not several:
        return None
    return re.compile("|".join(r"(?<![^\W\d_])" + r"\s+".join(map(re.escape, a.split()))
                               + r"(?![^\W\d_])" for a in several), re.I)


_TABLES = {game_id: words(game_id) for game_id in ALIASES}
_PHRASES = {game_id: _phrases(table) for game_id, table in _TABLES.items()}
