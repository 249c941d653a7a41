"""Say things in the reader's language: English, German or Danish.

Catalogs are gettext ``.po`` files under ``bot/locale/<lang>/LC_MESSAGES/<domain>.po``, one
domain per package (``bot``, ``common``, and one per game), so each can be edited on its own.
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
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.text import Text

LANGUAGES = ("en", "de", "da")
TRANSLATED = ("de", "da")
LOCALE_DIR = Path(__file__).with_name("locale")
ROOT = Path(__file__).resolve().parents[1]
#: Catalog domain -> the source folders its message ids come from.
DOMAINS: dict[str, tuple[str, ...]] = {
    "common": ("games/text.py", "games/base.py", "games/notation.py"),
    "bot": ("bot",),
    "aqualin": ("games/aqualin", "renderers/aqualin"),
    "kahuna": ("games/kahuna", "renderers/kahuna"),
    "aqua": ("games/aqua", "renderers/aqua"),
    "kraqua": ("games/kraqua", "renderers/kraqua"),
    "krasserfall": ("games/krasserfall", "renderers/krasserfall"),
    "commands": ("bot/adapter/command_names.py",),
}
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
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


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

    return find


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
