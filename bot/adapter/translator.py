"""Slash commands in German and Danish: names, descriptions and choices from the catalogs."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from ..i18n import catalog, language_for

#: What Discord accepts as a (localized) command or option name.
NAME = re.compile(r"^[-_\w]{1,32}$")
NAME_PLACES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


class CatalogTranslator(app_commands.Translator):
    """Names come from the ``commands`` catalog, every other text from the ``bot`` catalog."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = language_for(locale)
        if lang == "en":
            return None
        if context.location in NAME_PLACES:
            found = catalog(lang, "commands").gettext(string.message)
            ok = found != string.message and found == found.lower() and NAME.match(found)
            return found if ok else None
        found = catalog(lang, "bot").gettext(string.message)
        return found if found != string.message else None
