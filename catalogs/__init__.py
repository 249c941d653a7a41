"""The translations: which catalog holds a domain's words, compiled once, looked up by language.

Catalogs are gettext ``.po`` files, ``<lang>/LC_MESSAGES/<domain>.po``: the shared domains
(:data:`SHARED`: ``common``, ``bot``, ``commands``) under ``bot/locale/``, and one per game,
named by its id, in the ``locale`` folder of the game's own package (found through its
registration, :mod:`games.registry`). They are compiled with Babel when first needed.

This layer sits below the bot so that the renderers can draw their words in a channel's
language too: a view and a language go in, a picture comes out. Looking words up is pure
(the catalogs are files of the repository, read once and cached); keeping the catalogs up to
date (extracting message ids) is the bot's business, in :mod:`bot.i18n`.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import games
from games.aliases import local
from games.text import MOVE_WORDS, NOTATION_WORD, Lookup, Notation, Text

LANGUAGES = ("en", "de", "da")
TRANSLATED = ("de", "da")
#: Where the shared domains' catalogs are (the game's are in the game's package).
LOCALE_DIR = Path(__file__).resolve().parents[1] / "bot" / "locale"
#: The domains that belong to no game: their catalogs are in :data:`LOCALE_DIR`.
SHARED = ("common", "bot", "commands")


def where(module: str) -> Path:
    """The folder of a package, or the file of a module (found without running it)."""
    loaded = sys.modules.get(module)
    origin = getattr(loaded, "__file__", None) if loaded is not None else None
    if origin is None:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
    if origin is None:
        raise LookupError(f"no source file for the module {module}")
    path = Path(origin).resolve()
    return path.parent if path.name == "__init__.py" else path


def game_folder(game_id: str) -> Path | None:
    """The folder of a registered game's own package (where its ``locale`` folder is)."""
    entry = games.registry.plugin(game_id)
    return None if entry is None else where(entry.package)


def language_for(locale: Any) -> str:
    """Discord locale (``de``, ``da``, ``en-US`` ...) -> one of :data:`LANGUAGES`."""
    code = str(getattr(locale, "value", locale) or "").lower()
    for lang in TRANSLATED:
        if code == lang or code.startswith(lang + "-"):
            return lang
    return "en"


def po_path(lang: str, domain: str) -> Path:
    """The catalog of ``domain`` in ``lang``: a game's in its own package, the rest here."""
    folder = game_folder(domain) if domain not in SHARED else None
    base = LOCALE_DIR if folder is None else folder / "locale"
    return base / lang / "LC_MESSAGES" / f"{domain}.po"


@lru_cache(maxsize=None)
def catalog(lang: str, domain: str) -> gettext.NullTranslations:
    path = po_path(lang, domain)
    if lang == "en" or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        entries = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, entries, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@lru_cache(maxsize=None)
def lookup(lang: str) -> Lookup:
    """The translator :meth:`Text.translate` wants for ``lang``."""

    def find(domain: str, msgid: str, plural: str | None, n: int | None) -> str:
        found = catalog(lang, domain)
        if plural is None:
            return found.gettext(msgid)
        return found.ngettext(msgid, plural, 1 if n is None else n)

    if lang != "en":  # a game's moves in the reader's words (Notation, `/zug setzen groß rot`)
        setattr(find, MOVE_WORDS, lambda game, text: move_words(game, lang, text))
        # one word of a notation, no move of its own (a refusal's ``stab``)
        setattr(find, NOTATION_WORD, lambda game, word: local(game, lang, word))
    return find


def move_words(game_id: str, lang: str, text: str) -> str:
    """``text`` in ``lang``'s words of the game if it is one of its moves (``push half`` ->
    ``schieben halb``); anything else (an option, a name, a code) as it is."""
    game = games.REGISTRY.get(game_id)
    if game is None or not game.aliases:
        return text
    try:
        game.parse_move(text)
    except ValueError:  # no move: InvalidMove and the other refusals are ValueErrors
        return text
    return local(game_id, lang, text)


def tr(text: Any, lang: str) -> str:
    """``text`` in ``lang``: Texts and moves (``Notation``) are translated, anything else is
    shown as it is."""
    if isinstance(text, (Text, Notation)) and lang != "en":
        return text.translate(lookup(lang))
    return str(text)
