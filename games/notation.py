"""What every game's notation does alike: quoting bad input, cleaning typed text, and reading
the German and Danish words of a game's moves.

Each game parses and prints its moves in one place of its own; these are the steps they share,
so that "(nothing)", the length of a quote and the dashes a player may type read the same in
every game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .errors import InvalidMove
from .text import translator

_ = translator("common")

#: Characters players type for a dash; each reads as ``-``.
DASHES = ("−", "–", "—", "‐", "‑")
#: What players type for an arrow.
ARROWS = ("->", "→")


def quote(text: object, limit: int = 24) -> str:
    """Bad input as an error quotes it: on one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    if not flat:
        return _("(nothing)")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def clean(text: str, *, tight: str = "-", arrow: str = "-", drop: str = "",
          dash_like: str = "") -> str:
    """``text`` as a game's parser reads it: lower case, one space between words, every dash
    as ``-`` and every arrow as ``arrow``. No space is left around the characters in ``tight``
    (``b2 - c3`` is ``b2-c3``); the characters in ``drop`` count as spaces (brackets), those
    in ``dash_like`` as dashes (Kahuna's ``/``).

    What is not text at all (``None``, a number, bytes from a broken caller) is refused with
    :class:`~games.errors.InvalidMove`, as any unreadable move is, never an ``AttributeError``.
    """
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    text = text.strip().lower()
    for sign in ARROWS:
        text = text.replace(sign, arrow)
    for dash in DASHES + tuple(dash_like):
        text = text.replace(dash, "-")
    for char in drop:
        text = text.replace(char, " ")
    text = " ".join(text.split())
    for char in tight:
        text = re.sub(rf"\s*{re.escape(char)}\s*", char, text)
    return text


_WORD = re.compile(r"[^\W\d_]+")


class Aliases:
    """Moves typed in the player's language: ``stab HUNA-ELAI``, ``schieben rot``, ``skub rød``.

    Players read a game's words in German or Danish, so its parser first turns the words of
    those languages into its English notation (:meth:`english`), word by word; what is stored
    and logged stays the canonical English move. A game keeps its table beside its notation
    and names it on its class (``Game.aliases``), where the bot finds it by the game's id
    (:mod:`games.aliases`). The words follow the game's catalog and rulebook.

    Every alias is a whole word (letters only; ``2:groß rot>blau`` works too) or a phrase of
    them (``slå igen``), lower case (``ß`` and ``æøå`` as typed, and ``ss`` for ``ß`` as well),
    and never a word the English notation already uses in that game, so an alias can only
    make a move readable that reads the same in English: ``parse(alias) == parse(english)``
    (tests/games/test_lang_aliases.py).
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        #: language -> {alias: English word}
        self.table: Mapping[str, Mapping[str, str]] = table
        #: every alias in every language: {alias: English word}
        self.words: dict[str, str] = {}
        #: language -> {English word: the first of its words in that language}
        self._local: dict[str, dict[str, str]] = {}
        for lang, words in table.items():
            self.words.update(words)
            local = self._local.setdefault(lang, {})
            for alias, word in words.items():
                if word.islower():  # words, not codes: Aqualin's ``BT`` stays ``BT``
                    local.setdefault(word, alias)
        several = sorted((a for a in self.words if " " in a), key=len, reverse=True)
        self._phrases = re.compile("|".join(
            r"(?<![^\W\d_])" + r"\s+".join(map(re.escape, a.split())) + r"(?![^\W\d_])"
            for a in several), re.I) if several else None

    def __bool__(self) -> bool:
        return bool(self.words)

    def local(self, text: str, lang: str) -> str:
        """``text`` (English notation) in the words of ``lang``: each English word that has
        words in that language becomes the first of them (``place big red`` is ``setzen groß
        rot``); codes (``BT``), numbers and squares stay. :meth:`english` reads it back."""
        words = self._local.get(lang)
        if not words or not isinstance(text, str):
            return text
        return _WORD.sub(lambda m: words.get(m[0], m[0]), text)

    def english(self, text: str) -> str:
        """``text`` with the game's German and Danish words in English; the rest as typed."""
        table = self.words
        if not table or not isinstance(text, str):
            return text
        if self._phrases is not None:
            text = self._phrases.sub(lambda m: table[" ".join(m[0].lower().split())], text)
        return _WORD.sub(lambda m: table.get(m[0].lower(), m[0]), text)


#: A game without words of other languages for its moves.
NO_ALIASES = Aliases({})
