"""Every message a player can read exists in every language, with the same placeholders."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DOMAINS, TRANSLATED, extract, language_for, po_path, tr
from games.text import Text, join, translator

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_id_is_translated(domain: str, lang: str) -> None:
    path = po_path(lang, domain)
    wanted = [m for m in extract(domain) if m.id]
    if not wanted:
        return
    assert path.is_file(), f"{path} is missing: run python -m bot.i18n update"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    problems = []
    for message in wanted:
        found = catalog.get(message.id, context=message.context)
        key = message.id if isinstance(message.id, str) else message.id[0]
        key = key if message.context is None else f"{message.context}|{key}"
        if found is None:
            problems.append(f"missing: {key!r}")
            continue
        strings = [found.string] if isinstance(found.string, str) else list(found.string)
        if not all(strings) or found.fuzzy:
            problems.append(f"untranslated: {key!r}")
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        expected = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            if not placeholders(s) <= expected:
                problems.append(f"placeholders differ in {key!r}: {s!r}")
    assert not problems, f"{lang}/{domain}.po (python -m bot.i18n update, then translate):\n" + \
        "\n".join(problems[:40])


def test_language_for_discord_locales() -> None:
    assert language_for("de") == "de" and language_for("da") == "da"
    assert language_for("en-US") == "en" and language_for("fr") == "en" and language_for(None) == "en"


def test_texts_translate_with_their_parts() -> None:
    _ = translator("common")
    text = join(["a", "b", "c"])
    assert str(text) == "a, b and c"
    assert tr(text, "de") == "a, b und c" and tr(text, "da") == "a, b og c"
    assert tr("plain", "de") == "plain"
    unknown = Text("common", "not in any catalog {x}", {"x": 1})
    assert tr(unknown, "de") == "not in any catalog 1"  # English, never an error
    assert _("nothing") == "nothing" and tr(_("nothing"), "da") == "intet"


def test_a_word_of_a_notation_is_the_readers_and_keeps_when_stored() -> None:
    """Kahuna's refusal named the kind it read in English: 'nach bridge fehlt noch etwas'."""
    from games.text import Notation, NotationWord

    _ = translator("kahuna")
    text = _("'{text}' is missing what to {verb}: {help}", text="stab", help="…",
             verb=NotationWord("kahuna", "bridge"))
    assert "nach `stab` fehlt" in tr(text, "de") and "efter `bro`" in tr(text, "da")
    again = Text.load(text.dump())
    assert isinstance(again.params["verb"], NotationWord) and tr(again, "de") == tr(text, "de")
    assert type(Text.load(_("{move}", move=Notation("kahuna", "pass")).dump()).params["move"]) \
        is Notation


def test_a_translation_writes_a_name_in_the_genitive() -> None:
    """``{name:gen}`` in a translation is the genitive German and Danish write: ``s`` after
    the name, an apostrophe alone after s, x or z (the review's "Larss område")."""
    area = translator("aqua")("{player}'s area", player="Lars")
    assert tr(area, "da") == "Lars' område" and str(area) == "Lars's area"
    assert [tr(area.with_params({"player": n}), "da") for n in ("Anna", "Max", "🤖 Normal bot")] == \
        ["Annas område", "Max' område", "🤖 Normal bots område"]
    assert tr(area, "de") == "Gebiet von Lars"


def test_a_step_only_its_player_hears_speaks_to_them_in_danish() -> None:
    """The Danish glossary: a step only the player hears reads »Du lagde …«, not »lars lagde
    …« (the native read of #32)."""
    done = translator("bot")("Done: {name} {said}.", name="lars", said="spillede ALOA")
    assert tr(done, "da") == "Du spillede ALOA."


def test_aqualins_last_move_separates_the_name_from_the_move() -> None:
    """The Danish read: "Sidst: Svær bot  PT på b1" (two spaces, read as one phrase)."""
    last = translator("aqualin")("Last: {player}  {move}", player="Svær bot", move="PT på b1")
    assert tr(last, "da") == "Seneste træk: Svær bot · PT på b1"
    assert tr(last, "de") == "Zuletzt: Svær bot · PT på b1"
