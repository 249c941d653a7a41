"""A choice as a person types it, in any of our languages -> its English value.

Discord sends a choice's English value whatever its label says, but typed text (the console,
an option that takes free text such as ``quiet:off``) comes in the writer's words: ``schwer``,
``svær``, ``aus``, ``nej``. The words are the catalogs' translations of each value's msgids
(domain ``bot``), so what a player may type cannot drift from what the bot shows. English
words are always understood, in every language; case does not matter.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .i18n import TRANSLATED, catalog, tr

if TYPE_CHECKING:
    from games import Game


def T(msgid: str) -> str:  # noqa: N802 - an extraction keyword (bot.i18n.KEYWORDS)
    """Marks a msgid for the ``bot`` catalog; the word itself is looked up later."""
    return msgid


#: Nothing, in the words a duration, a span of quiet hours or a choice may say it.
_OFF = (T("off"), T("none"), T("no"), T("never"))
_ON = (T("on"), T("yes"), T("true"))

#: kind -> English value -> the msgids whose every translation means that value. Every msgid
#: is itself an English word that is understood.
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "level": {"easy": (T("easy"),), "normal": (T("normal"),), "hard": (T("hard"),)},
    "where": {"channel": (T("channel"),), "dm": (T("dm"),), "both": (T("both"),), "off": _OFF},
    "truth": {"true": _ON, "false": (*_OFF, T("false"))},
    "off": {"off": _OFF},
    "on_deadline": {"remind": (T("remind"),), "skip": (T("skip"),), "forfeit": (T("forfeit"),)},
    "who_starts": {"moderators": (T("moderators"),), "role": (T("role"),),
                   "everyone": (T("everyone"),)},
    "away": {"back": (T("back"),)},
    "language": {"auto": (T("auto"),), "en": (T("english"),), "de": (T("german"),),
                 "da": (T("danish"),)},
}
#: Words that need no catalog: digits, language codes, and each language by its own name.
_PLAIN = {"truth": {"1": "true", "0": "false"}, "off": {"0": "off"}, "where": {"0": "off"},
          "language": {"en": "en", "de": "de", "da": "da", "deutsch": "de", "dansk": "da"}}


def _key(word: str) -> str:
    """How a word is compared: any case, and a space, ``-`` or ``_`` alike (``spring-over``
    is ``spring over``, so a word of two can be typed where a space ends a value)."""
    return " ".join(word.replace("_", " ").replace("-", " ").split()).casefold()


@lru_cache(maxsize=None)
def table(kind: str) -> dict[str, str]:
    """Every word of ``kind``, in every language (case-folded) -> its English value."""
    found = dict(_PLAIN.get(kind, {}))
    for value, msgids in CHOICES[kind].items():
        for msgid in msgids:
            found[_key(msgid)] = value
        for lang in TRANSLATED:
            for msgid in msgids:
                found.setdefault(_key(catalog(lang, "bot").gettext(msgid)), value)
    return found


def english(kind: str, word: str | None) -> str | None:
    """The English value ``word`` names (``schwer`` -> ``hard``), or None when it names none."""
    return None if word is None else table(kind).get(_key(word))


def english_or_same(kind: str, word: str) -> str:
    """The English value ``word`` names, else ``word`` as it was (for the refusal to quote)."""
    return english(kind, word) or word


def means_off(word: str | None) -> bool:
    """``off``, ``aus``, ``fra``, ``none``, ``keine``, ``0`` ...: nothing, as anyone writes it."""
    return english("off", word) == "off"


def truth(word: str | None) -> bool | None:
    """``true``/``ja``/``an``/``til`` -> True, ``false``/``nein``/``aus``/``fra`` -> False, else None."""
    value = english("truth", word)
    return None if value is None else value == "true"


def option_key(game: Game, key: str) -> str | None:
    """The game's option ``key`` names, or None: its key (``handicap-seat`` is
    ``handicap_seat``) or its name in any language, as the lobby card shows it
    (``bootswahl``, ``bådvalg``: ``boat-choice``)."""
    typed = _key(key)
    for name, option in game.options.items():
        if typed == _key(name) or any(typed == _key(tr(option.name, lang))
                                      for lang in TRANSLATED if option.name):
            return name
    return None


def option_words(game: Game, key: str) -> dict[str, str]:
    """Every word of a game option's values, in every language (case-folded) -> the value:
    ``frei``, ``fri`` and ``free`` are ``free`` (the words are the game's catalog entries,
    :attr:`games.base.Option.words`)."""
    option = game.options[key]
    found: dict[str, str] = {}
    for value in option.values:
        found[_key(value)] = value
    for lang in TRANSLATED:
        for value in option.values:
            found.setdefault(_key(tr(option.word(value), lang)), value)
    return found


def option_value(game: Game, key: str, word: str) -> str:
    """A game option's value as someone types it (``boat-choice=frei``) -> its English value
    (``free``); a word that names none as it was, for the game to refuse."""
    name = option_key(game, key)
    return word if name is None else option_words(game, name).get(_key(word), word)
