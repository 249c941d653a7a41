"""Say things in the reader's language: English, German or Danish.

Catalogs are gettext ``.po`` files, ``<lang>/LC_MESSAGES/<domain>.po``, one domain per package
(``bot``, ``common`` and ``commands`` under ``bot/locale/``, and one per game, named by its id,
in the ``locale`` folder of the game's own package), so each can be edited on its own. A game's
catalog and its sources are found through its registration (:mod:`games.registry`).
Finding and compiling them and looking words up is :mod:`catalogs` (below the bot, so that
the renderers draw in the reader's language too); this module re-exports it and keeps the
catalogs up to date. Everything a player reads is a
:class:`games.text.Text` until the last moment; :func:`tr` turns it into the reader's words.

Which language: ephemeral replies follow the user's Discord locale; channel messages follow
the server's setting (``/game config language:``) or else the server's Discord locale.
English is the fallback for anything without a translation.

``python -m bot.i18n update`` extracts every message id from the sources and merges them into
the catalogs (new entries come in untranslated; a test fails until they are translated).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import games
from catalogs import (
    LANGUAGES, LOCALE_DIR, SHARED, TRANSLATED, catalog, game_folder, language_for, lookup, po_path,
    tr, where)

ROOT = Path(__file__).resolve().parents[1]


def _source(path: Path) -> str:
    """A source as the catalogs name it: relative to the repository when it lies inside."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def game_sources(game_id: str) -> tuple[str, ...]:
    """Where a game's message ids live, found through its registration: its package and its
    renderer's module (once, when the renderer lies inside the package)."""
    entry = games.registry.plugin(game_id)
    if entry is None:
        return ()
    found = [where(entry.package)]
    if entry.renderer is not None:
        drawn = where(entry.renderer.partition(":")[0])
        if not drawn.is_relative_to(found[0]):
            found.append(drawn)
    return tuple(_source(path) for path in found)


#: The catalogs of the bot itself: domain -> the sources its message ids come from (the
#: renderers' shared words, such as a pill's "TO MOVE", are ``common`` too).
FIXED: dict[str, tuple[str, ...]] = {
    "common": ("games/text.py", "games/base.py", "games/notation.py", "renderers/common.py",
               "renderers/review.py"),
    "bot": ("bot",),
    "commands": ("bot/adapter/command_names.py",),
}
assert tuple(FIXED) == SHARED, "the bot's own domains are the catalogs' shared ones"


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
#: The call names Babel extracts: ``_("...")``, ``_n("one", "many", n)``, ``_p("context",
#: "...")`` (an entry with a ``msgctxt``), and the adapter's ``T("...")`` for command names and
#: descriptions.
KEYWORDS: dict[str, Any] = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "T": None}
#: Command and option names are listed with ``N("...")`` in their own catalog.
DOMAIN_KEYWORDS = {"commands": {"N": None}}


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
