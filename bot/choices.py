"""A choice as a person types it, in any of our languages -> its English value.

Discord sends a choice's English value whatever its label says, but typed text (the console,
an option that takes free text such as ``quiet:off``) comes in the writer's words: ``schwer``,
``svær``, ``aus``, ``nej``. The words are the catalogs' translations of each value's msgids
(domain ``bot``), so what a player may type cannot drift from what the bot shows. English
words are always understood, in every language; case does not matter.
"""

from __future__ import annotations

from functools import lru_cache

from .i18n import TRANSLATED, catalog


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
    return " ".join(word.split()).casefold()


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
