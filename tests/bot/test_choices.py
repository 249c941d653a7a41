"""Choice values typed in any of our languages (:mod:`bot.choices`), and the console's help and
refusals in its language (issue 32, section 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.choices import CHOICES, english, means_off, table, truth
from bot.console import SUBCOMMANDS, Console, help_lines
from bot.i18n import TRANSLATED, catalog
from bot.service import GameService
from bot.store import Store


@pytest.mark.parametrize("kind", sorted(CHOICES))
def test_every_catalog_translation_maps_back(kind: str) -> None:
    """Each value's msgids and their translations in every language (in any case) name it."""
    for value, msgids in CHOICES[kind].items():
        for msgid in msgids:
            assert english(kind, msgid) == value
            for lang in TRANSLATED:
                word = catalog(lang, "bot").gettext(msgid)
                assert english(kind, word) == value, (lang, msgid, word)
                assert english(kind, word.upper()) == value


@pytest.mark.parametrize("kind", sorted(CHOICES))
def test_no_word_names_two_values(kind: str) -> None:
    """A translation that collides with another value's word would be read wrongly."""
    for value, msgids in CHOICES[kind].items():
        for msgid in msgids:
            for lang in ("en", *TRANSLATED):
                word = catalog(lang, "bot").gettext(msgid).casefold()
                assert table(kind)[word] == value, (kind, lang, msgid, word)


def test_off_and_truth_words() -> None:
    for word in ("off", "aus", "fra", "keine", "ingen", "0", "NIE"):
        assert means_off(word), word
    assert not means_off("12h")
    assert [truth(w) for w in ("ja", "an", "til", "Yes", "nein", "nej", "fra", "falsch", "maybe")] == \
        [True, True, True, True, False, False, False, False, None]


async def console_lines(tmp_path: Path, lang: str, lines: list[str]) -> list[list[str]]:
    store = await Store.open(tmp_path / f"{lang}.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out", lang=lang)
        return [await console.handle(line) for line in lines]
    finally:
        console.service.close()
        await store.close()


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "alice: /spiel bot_hinzufügen schwer"),
    ("de", "alice: /spiel bot_hinzufügen stufe:SCHWER"),
    ("da", "alice: /spil tilføj_bot niveau:svær"),
    ("en", "alice: /game addbot level:hard"),
])
async def test_a_bot_level_in_the_players_words(tmp_path: Path, lang: str, line: str) -> None:
    new = {"de": "/spiel neu", "da": "/spil nyt", "en": "/game new"}[lang]
    _, out = await console_lines(tmp_path, lang, [f"alice: {new} aqualin", line])
    # the bot sits down with a name in the channel's language
    named = {"de": "🤖 Bot (schwer)", "da": "🤖 Svær bot", "en": "🤖 Hard bot"}[lang]
    assert any(named in shown for shown in out), out


async def test_a_refused_level_names_the_localised_choices(tmp_path: Path) -> None:
    _, out = await console_lines(tmp_path, "de", ["alice: /spiel neu aqualin",
                                                 "alice: /spiel bot_hinzufügen stufe:brutal"])
    assert out == ["[nur alice sieht das] Ein Bot ist leicht, normal oder schwer."]


async def test_notify_places_in_danish(tmp_path: Path) -> None:
    (out,) = await console_lines(tmp_path, "da", ["alice: /spil notifikationer hvor:fra"])
    assert "🔕" in out[0]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_help_names_the_commands_as_discord_shows_them(lang: str) -> None:
    names = catalog(lang, "commands").gettext
    text = "\n".join(help_lines(lang))
    game = "/" + names("game")
    assert f"{game} {names('new')}" in text  # /spiel neu, /spil nyt
    assert "/game" not in text
    usages = [line.split("  ")[1] for line in help_lines(lang)[1:] if line.startswith("  /")]
    for sub in SUBCOMMANDS:
        if names(sub) != sub:
            assert not any(u.startswith(f"{game} {sub} ") or u == f"{game} {sub}" for u in usages), sub
    # the placeholders in the reader's words too (the native read found "<game>", "<reason>")
    assert not any(f"<{word}>" in text for word in ("game", "reason", "until", "move", "typed"))
    assert {"de": "[<grund>]", "da": "[<grund>]"}[lang] in text


@pytest.mark.parametrize(("lang", "line", "answer"), [
    ("de", "alice: /spiel rückgängig", "Meintest du `/spiel zurücknehmen`?"),
    ("de", "alice: /spiel protokoll", "Meintest du `/spiel verlauf`?"),
    ("da", "alice: /spil historik", "Mente du `/spil log`?"),
    ("da", "alice: /spil abbrechen", "Mente du `/spil afbryd`?"),
    ("en", "alice: /game history", "Did you mean `/game log`?"),
    ("en", "alice: /game quit", "Did you mean `/game leave`?"),
    ("en", "alice: /undo", "Did you mean `/game undo`?"),
    ("de", "alice: /spiel quatsch", "Unbekannter Befehl `/spiel quatsch`; tippe `help`."),
])
async def test_synonyms_and_unknown_commands_in_the_consoles_language(
        tmp_path: Path, lang: str, line: str, answer: str) -> None:
    (out,) = await console_lines(tmp_path, lang, [line])
    only = {"en": "[only alice sees]", "de": "[nur alice sieht das]", "da": "[kun alice ser dette]"}[lang]
    assert out == [f"{only} {answer}"]


@pytest.mark.parametrize(("lang", "lines", "said"), [
    ("de", ["alice: /spiel abwesend 3d", "alice: /spiel abwesend zurück"], "Willkommen zurück!"),
    ("da", ["alice: /spil væk 3d", "alice: /spil væk tilbage"], "Velkommen tilbage!"),
    ("de", ["alice: /spiel einstellungen sprache=dänisch", "alice: /spiel einstellungen"],
     "Sprache der Kanalnachrichten: Dansk"),
    ("da", ["alice: /spil opsætning sprog=tysk", "alice: /spil opsætning"],
     "Sprog i kanalbeskeder: Deutsch"),
    ("de", ["alice: /spiel einstellungen sprache=automatisch", "alice: /spiel einstellungen"],
     "Sprache der Kanalnachrichten: die Discord-Sprache des Servers"),
    ("da", ["alice: /spil fravær 3d"], "Mente du `/spil væk`?"),
    # how to come back, as a sentence (was "`/spiel abwesend bis:zurück` oder ein Zug, sobald …")
    ("de", ["alice: /spiel abwesend 3d"], "Wenn du zurück bist, schreib `/spiel abwesend bis:zurück`."),
    ("da", ["alice: /spil væk 3d"], "Når du er tilbage, så skriv `/spil væk indtil:tilbage`."),
])
async def test_away_back_and_the_language_in_the_players_words(
        tmp_path: Path, lang: str, lines: list[str], said: str) -> None:
    out = await console_lines(tmp_path, lang, lines)
    assert said in "\n".join(out[-1]), out
