"""Command names in messages and in the command tree, per language (issue: languages, second pass).

Messages never write a command out: ``{cmd:game new options:}`` is filled with the names the
reader's Discord client shows. These tests hold every catalog entry, in every language, to the
command tree Discord receives (names as the real translator localises them), and the tree
itself to Discord's naming rules without clashes.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po
from discord import app_commands

from bot.adapter.commands import install
from bot.adapter.translator import CatalogTranslator
from bot.i18n import DOMAINS, TRANSLATED, lookup, po_path, tr
from bot.service.core import TIMING_KEYS
from games import REGISTRY
from games.text import COMMANDS, command_path, translator

LOCALES = {"en": None, "de": discord.Locale.german, "da": discord.Locale.danish}
#: ``{cmd:...}`` in a message; the spec is the command path.
FIELD = re.compile(r"\{cmd:([^{}]*)\}")
#: What Discord takes as a name (lower case where the script has case), 1-32 characters.
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")


async def _payloads() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    install(tree)
    return [await c.get_translated_payload(tree, CatalogTranslator()) for c in tree.get_commands()]


def _name(item: dict[str, Any], lang: str) -> str:
    locale = LOCALES[lang]
    return item["name"] if locale is None else item.get("name_localizations", {}).get(locale.value, item["name"])


def _tree(payloads: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """``{command: {"options": {...}, "subs": {...}}}`` under the names of ``lang``."""
    def node(item: dict[str, Any]) -> dict[str, Any]:
        subs = {_name(o, lang): node(o) for o in item.get("options", []) if o["type"] in (1, 2)}
        options = {_name(o, lang) for o in item.get("options", []) if o["type"] not in (1, 2)}
        return {"subs": subs, "options": options}

    return {_name(p, lang): node(p) for p in payloads}


def _all_options(tree: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for node in tree.values():
        found |= node["options"] | _all_options(node["subs"])
    return found


def _exists(path: str, tree: dict[str, Any]) -> bool:
    """``/spiel neu optionen:`` or ``platz:`` names a command (and options) of ``tree``."""
    words = path.split()
    if not words[0].startswith("/"):
        return all(w.endswith(":") for w in words) and {w[:-1] for w in words} <= _all_options(tree)
    words[0] = words[0][1:]
    node: dict[str, Any] | None = {"subs": tree, "options": set()}
    while words and not words[0].endswith(":"):
        node = node["subs"].get(words.pop(0)) if node else None
        if node is None:
            return False
    return node is not None and {w[:-1] for w in words} <= node["options"]


def _entries(lang: str) -> list[tuple[str, str, str]]:
    """(domain, msgid, text) of every message of every catalog; the msgid itself for English."""
    out = []
    for domain in sorted(DOMAINS):
        if domain == "commands":
            continue
        with po_path("de" if lang == "en" else lang, domain).open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            if not m.id:
                continue
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strs = [m.string] if isinstance(m.string, str) else list(m.string)
            for key, text in zip(ids, ids if lang == "en" else strs):
                out.append((domain, key, text))
    return out


def _names(lang: str):
    """How a message's ``{cmd:...}`` looks a word up: the lookup ``tr`` gives ``Text``."""
    find = lookup(lang)
    return (lambda word: find(COMMANDS, word, None, None)) if lang != "en" else str


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    import asyncio
    return asyncio.run(_payloads())


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_every_command_in_a_message_exists_in_that_languages_tree(lang: str, payloads) -> None:
    tree = _tree(payloads, lang)
    problems = []
    for domain, key, text in _entries(lang):
        for spec in FIELD.findall(text):
            path = command_path(spec, _names(lang))
            if not spec.strip() or not _exists(path, tree):
                problems.append(f"{domain}: {{cmd:{spec}}} -> {path!r} is not in the {lang} tree ({key[:60]!r})")
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_no_message_writes_a_command_name_out(lang: str, payloads) -> None:
    """A ``/move`` or ``options:`` written out in a catalog would show a name the reader's
    client may not have: every language's names are refused outside ``{cmd:...}``."""
    tops, options = set(), set()
    for other in LOCALES:
        tree = _tree(payloads, other)
        tops |= set(tree)
        options |= _all_options(tree)
    slash = re.compile(r"(?<![\w/<])/(%s)(?![\w])" % "|".join(map(re.escape, sorted(tops))))
    option = re.compile(r"`[^`]*?(?<![\w=])(%s):" % "|".join(map(re.escape, sorted(options))))
    # A code span that is just an option's name (`auto_forced`), unless it is also a key of
    # ``/game new options:`` (`reminder`), which the bot reads in English in every language.
    keys = set(TIMING_KEYS) | {k for g in REGISTRY.values() for k in g.options}
    bare = re.compile(r"`(%s)`" % "|".join(map(re.escape, sorted(options - keys))))
    problems = []
    for domain, key, text in _entries(lang):
        rest = FIELD.sub("", text)
        for found in (slash.search(rest), option.search(rest), bare.search(rest)):
            if found:
                problems.append(f"{domain}: {found[0]!r} in {text[:80]!r}")
    assert not problems, "\n".join(problems[:30])


def test_messages_show_the_readers_command_names() -> None:
    """A private reply in German names ``/zug``; the same text in Danish ``/træk``."""
    _ = translator("bot")
    text = _("Per game: `{cmd:game new options:}reminder=6h deadline=2d on-deadline=skip`.")
    assert str(text) == "Per game: `/game new options:reminder=6h deadline=2d on-deadline=skip`."
    assert "`/spiel neu optionen:reminder=6h" in tr(text, "de")
    assert "`/spil nyt indstillinger:reminder=6h" in tr(text, "da")
    assert command_path("seat:") == "seat:" and command_path("game skip user:") == "/game skip user:"


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_names_follow_discords_rules_without_clashes(lang: str, payloads) -> None:
    """Lower case, allowed characters, at most 32; unique among siblings; and no command has
    an option of its own name (``/zug zug:`` read as a stutter)."""
    problems = []

    def walk(items: list[dict[str, Any]], parent: str) -> None:
        names = [_name(i, lang) for i in items]
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            problems.append(f"{parent}: {sorted(dupes)} twice")
        for item, name in zip(items, names):
            if not DISCORD_NAME.match(name) or name != name.lower():
                problems.append(f"{parent} {name}: not a Discord name")
            kids = item.get("options", [])
            if any(_name(k, lang) == name for k in kids if k["type"] not in (1, 2)):
                problems.append(f"{parent} {name}: has an option {name}:")
            walk(kids, f"{parent} {name}")

    walk(payloads, "")
    # One word for one thing across the tree too: Danish ``indstillinger`` was /spil
    # indstillinger (the server's settings) and /spil nyt indstillinger: (a game's options).
    tree = _tree(payloads, lang)
    # (``/game new game:`` is fine: the group names the topic, the option picks the game.)
    subs = {s for node in tree.values() for s in node["subs"]}
    both = subs & _all_options(tree)
    assert not both, f"{lang}: {sorted(both)} is a subcommand and an option"
    assert not problems, "\n".join(problems)


def test_renamed_commands() -> None:
    """The clear names the review asked for."""
    async def names() -> dict[str, dict[str, str]]:
        trees = {}
        for lang in TRANSLATED:
            tree = _tree(await _payloads(), lang)
            game = "spiel" if lang == "de" else "spil"
            trees[lang] = {"subs": set(tree[game]["subs"]), "move": tree["zug" if lang == "de" else "træk"]}
        return trees

    import asyncio
    found = asyncio.run(names())
    # (removing a bot is a choice of bot_hinzufügen: Discord allows 25 subcommands a group)
    assert {"bot_hinzufügen", "tipp"} <= found["de"]["subs"] and "tip" in found["da"]["subs"]
    assert not {"botdazu", "botweg"} & found["de"]["subs"]
    assert found["de"]["move"]["options"] == {"aktion", "platz"}
    assert found["da"]["move"]["options"] == {"handling", "plads"}
    assert "indstillinger" not in found["da"]["subs"] and "opsætning" in found["da"]["subs"]


async def test_private_replies_name_the_readers_commands_and_posts_the_servers(harness) -> None:
    """A German moderator on a Danish server: her reply says ``/spiel verlassen``, the lobby in
    the channel says ``/spil deltag``; an English player is told ``/game join``."""
    from .fake_discord import MOD_PERMISSIONS, User
    from .test_commands import channel_posts, reply_text

    hanna = User(111, "Hanna", permissions=MOD_PERMISSIONS, locale="de")
    eve = User(333, "Eve", permissions=MOD_PERMISSIONS)
    h = harness
    h.guild_locale = "da"
    sent = await h.command(hanna, "game", "new", game="aqualin", options="role=host-colour")
    assert "`/spiel verlassen`" in reply_text(sent)
    [lobby] = channel_posts(sent)
    assert "`/spil deltag`" in lobby.content and "/game" not in lobby.content
    reply = reply_text(await h.command(eve, "game", "new", game="kahuna"))
    assert "`/game abort`" in reply  # English: the names Eve's client shows


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_word_a_choice_label_starts_with_is_accepted_typed(lang: str, payloads) -> None:
    """A label ``begge: ping og DM`` teaches the word ``begge``: typed (the console, a free-text
    option), that word must mean the same choice (``bot.choices``)."""
    from bot.choices import CHOICES, english

    checked = 0

    def walk(items: list[dict[str, Any]]) -> None:
        nonlocal checked
        for item in items:
            walk(item.get("options", []))
            choices = item.get("choices") or []
            values = {c["value"] for c in choices}
            kinds = [k for k, table in CHOICES.items() if values and values <= set(table)]
            for choice in choices:
                label = _name(choice, lang)
                word, colon, _rest = label.partition(":")
                if not colon or not kinds:
                    continue
                assert any(english(k, word) == choice["value"] for k in kinds), (lang, label)
                checked += 1

    walk(payloads)
    assert checked >= 4  # at least the notify places
