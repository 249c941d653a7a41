"""Say things in the reader's language: English, German or Danish.

Catalogs are gettext ``.po`` files, ``<lang>/LC_MESSAGES/<domain>.po``, one domain per package
(``bot``, ``common`` and ``commands`` under ``bot/locale/``, and one per game, named by its id,
in the ``locale`` folder of the game's own package), so each can be edited on its own. A game's
catalog and its sources are found through its registration (:mod:`games.registry`).
They are compiled with Babel when first needed. Everything a player reads is a
:class:`games.text.Text` until the last moment; :func:`tr` turns it into the reader's words.

Which language: ephemeral replies follow the user's Discord locale; channel messages follow
the server's setting (``/game config language:``) or else the server's Discord locale.
English is the fallback for anything without a translation.

``python -m bot.i18n update`` extracts every message id from the sources and merges them into
the catalogs (new entries come in untranslated; a test fails until they are translated).
"""

from __future__ import annotations

import gettext
import io
import sys
import importlib
import importlib.util
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import games
from games.aliases import local
from games.text import MOVE_WORDS, Text

LANGUAGES = ("en", "de", "da")
TRANSLATED = ("de", "da")
LOCALE_DIR = Path(__file__).with_name("locale")
ROOT = Path(__file__).resolve().parents[1]
def _where(module: str) -> Path:
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


def _source(path: Path) -> str:
    """A source as the catalogs name it: relative to the repository when it lies inside."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def game_folder(game_id: str) -> Path | None:
    """The folder of a registered game's own package (where its ``locale`` folder is)."""
    entry = games.registry.plugin(game_id)
    return None if entry is None else _where(entry.package)


def game_sources(game_id: str) -> tuple[str, ...]:
    """Where a game's message ids live, found through its registration: its package and its
    renderer's module (once, when the renderer lies inside the package)."""
    entry = games.registry.plugin(game_id)
    if entry is None:
        return ()
    found = [_where(entry.package)]
    if entry.renderer is not None:
        drawn = _where(entry.renderer.partition(":")[0])
        if not drawn.is_relative_to(found[0]):
            found.append(drawn)
    return tuple(_source(path) for path in found)


#: The catalogs of the bot itself: domain -> the sources its message ids come from.
FIXED: dict[str, tuple[str, ...]] = {
    "common": ("games/text.py", "games/base.py", "games/notation.py"),
    "bot": ("bot",),
    "commands": ("bot/adapter/command_names.py",),
}


class _Domains(Mapping[str, tuple[str, ...]]):
    """Catalog domain -> its sources: the bot's own, and every registered game's (a game's
    domain is its id), read when asked so that a game registered later is in it too."""

    def __getitem__(self, domain: str) -> tuple[str, ...]:
        if domain in FIXED:
            return FIXED[domain]
        if games.registry.plugin(domain) is None:
            raise KeyError(domain)
        return game_sources(domain)

    def __iter__(self) -> Iterator[str]:
        return iter(["common", "bot", *games.REGISTRY, "commands"])

    def __len__(self) -> int:
        return len(FIXED) + len(games.REGISTRY)


#: Catalog domain -> the source folders its message ids come from.
DOMAINS: Mapping[str, tuple[str, ...]] = _Domains()
#: The call names Babel extracts: ``_("...")``, ``_n("one", "many", n)``, and the adapter's
#: ``T("...")`` for command names and descriptions.
KEYWORDS = {"_": None, "_n": (1, 2), "T": None}
#: Command and option names are listed with ``N("...")`` in their own catalog.
DOMAIN_KEYWORDS = {"commands": {"N": None}}


def language_for(locale: Any) -> str:
    """Discord locale (``de``, ``da``, ``en-US`` ...) -> one of :data:`LANGUAGES`."""
    code = str(getattr(locale, "value", locale) or "").lower()
    for lang in TRANSLATED:
        if code == lang or code.startswith(lang + "-"):
            return lang
    return "en"


def po_path(lang: str, domain: str) -> Path:
    """The catalog of ``domain`` in ``lang``: a game's in its own package, the rest here."""
    folder = game_folder(domain) if domain not in FIXED else None
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


def lookup(lang: str):
    """The translator :meth:`Text.translate` wants for ``lang``."""

    def find(domain: str, msgid: str, plural: str | None, n: int | None) -> str:
        found = catalog(lang, domain)
        if plural is None:
            return found.gettext(msgid)
        return found.ngettext(msgid, plural, 1 if n is None else n)

    if lang != "en":  # a game's moves in the reader's words (Notation, `/zug setzen groß rot`)
        setattr(find, MOVE_WORDS, lambda game, text: move_words(game, lang, text))
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
    """``text`` in ``lang``: Texts are translated, anything else is shown as it is."""
    if isinstance(text, Text) and lang != "en":
        return text.translate(lookup(lang))
    return str(text)


def warm_up() -> None:
    """Compile every catalog now (start-up), not on the first message."""
    for lang in TRANSLATED:
        for domain in DOMAINS:
            catalog(lang, domain)


# ----- maintaining the catalogs (needs the source tree; Babel) -----------------------------------


def extract(domain: str) -> Any:
    """A Babel catalog of every message id used in ``domain``'s sources."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir, extract_from_file

    keywords = DOMAIN_KEYWORDS.get(domain, KEYWORDS)
    template = Catalog(domain=domain, project="tidepool")
    for source in DOMAINS[domain]:
        path = ROOT / source
        if path.is_dir():
            found = extract_from_dir(path, keywords=keywords, comment_tags=("i18n:",))
            for filename, lineno, message, comments, context in found:
                template.add(message, locations=[(f"{source}/{filename}", lineno)],
                            auto_comments=comments, context=context)
        elif path.is_file():
            for lineno, message, comments, context in extract_from_file(
                    "python", path, keywords=keywords, comment_tags=("i18n:",)):
                template.add(message, locations=[(source, lineno)], auto_comments=comments,
                            context=context)
    return template


def update(domains: Iterable[str] = DOMAINS) -> None:
    """Merge fresh message ids into every language's catalog, keeping the translations."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    for domain in domains:
        template = extract(domain)
        for lang in TRANSLATED:
            path = po_path(lang, domain)
            if path.is_file():
                with path.open("rb") as f:
                    translations = read_po(f, locale=lang, domain=domain)
            else:
                translations = Catalog(locale=lang, domain=domain, project="tidepool")
            translations.update(template, no_fuzzy_matching=True)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, translations, width=100, omit_header=False, ignore_obsolete=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["update"]:
        update()
    elif sys.argv[1:2] == ["update"]:
        update(sys.argv[2:])
    else:
        print("usage: python -m bot.i18n update [domain ...]", file=sys.stderr)
        sys.exit(2)
