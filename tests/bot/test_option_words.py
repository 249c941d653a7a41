"""A game's lobby options in the reader's words (#32 review §3).

The lobby card and ``/game status`` said ``boat-choice=die push=touch`` in every language:
they now name each option and value as the reader says it (``Bootswahl: frei, Schub: halb``),
and the values people type are read in every language (``boat-choice=frei``, ``rules=klassisk``,
``on-deadline=überspringen``). ``/game rules`` shows the syntax: the key as typed (English)
and the values in the reader's words, which the lobby reads.
"""

from __future__ import annotations

import re

import pytest

from bot.choices import option_key, option_value, option_words
from bot.i18n import TRANSLATED, tr
from bot.safe_text import parse_options
from bot.service import GameService
from games import REGISTRY, BadOptions

from .conftest import ALICE, PLACE

OPTIONS = [(gid, key) for gid, game in sorted(REGISTRY.items()) for key in game.options]


@pytest.mark.parametrize(("gid", "key"), OPTIONS)
def test_every_value_word_is_one_typeable_word_that_reads_back(gid: str, key: str) -> None:
    game = REGISTRY[gid]
    option = game.options[key]
    seen: dict[str, str] = {}
    for value in option.values:
        for lang in TRANSLATED:
            word = tr(option.word(value), lang)
            assert re.fullmatch(r"[^\s=:A-Z]+", word), (gid, key, lang, word)
            assert parse_options(f"{key}={word}", lambda k, w: False) == {key: word}
            assert option_value(game, key, word) == value, (lang, word)
            assert option_value(game, key, word.upper()) == value
            assert seen.setdefault(word, value) == value, (gid, key, word, "names two values")
    # no word of one value is the English of another
    assert all(option_value(game, key, v) == v for v in option.values)
    assert len(set(option_words(game, key).values())) == len(option.values)
    if option.words:
        assert option.name, (gid, key, "has words but no name")
    for lang in TRANSLATED:  # its name reads back as its key, and names no other option
        assert option_key(game, tr(option.name, lang) if option.name else key) == key


async def test_the_lobby_card_names_the_options_in_the_readers_words(service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "krasserfall", "boat-choice=frei push=halv "
                                       "deadline=2d on-deadline=überspringen")
    row = await service.store.games.get(out.game_id)
    assert row.options == {"boat-choice": "free", "push": "thrill"}
    assert row.timing["on-deadline"] == "skip"
    card = out.posts[0].text
    assert "Options: push: thrill, boat choice: free · timing: deadline: 2 d, on deadline: skip" \
        in str(card)
    de, da = tr(card, "de"), tr(card, "da")
    assert "Optionen: Schub: halb, Bootswahl: frei · Zeiten: Zugfrist: 2 Tg., bei Fristablauf: " \
        "überspringen" in de, de
    assert "Indstillinger: skub: halv, bådvalg: fri · tider: turfrist: 2 d, ved turfristen: " \
        "spring over" in da, da
    assert "boat-choice" not in de + da and "thrill" not in de + da
    status = (await service.looking.status(ALICE, PLACE)).reply
    assert "Bootswahl: frei" in tr(status, "de")


async def test_local_values_are_read_and_a_wrong_one_is_refused_in_them(
        service: GameService) -> None:
    out = await service.lobby.new_game(ALICE, PLACE, "aqualin", "rules=klassisk role=host-farbe")
    row = await service.store.games.get(out.game_id)
    assert row.options == {"rules": "classic", "role": "host-colour"}
    await service.lobby.abort(ALICE, PLACE)
    # the option as the card names it: "Bootswahl: frei", "bådvalg: fri"
    out = await service.lobby.new_game(ALICE, PLACE, "krasserfall", "Bootswahl=frei skub=halv")
    row = await service.store.games.get(out.game_id)
    assert row.options == {"boat-choice": "free", "push": "thrill"}
    await service.lobby.abort(ALICE, PLACE)
    with pytest.raises(BadOptions) as bad:
        await service.lobby.new_game(ALICE, PLACE, "krasserfall", "push=wild")
    assert tr(bad.value.args[0], "de") == \
        "'wild' geht für Schub nicht (möglich: ganz, halb)"  # the option by its German name
    assert str(bad.value.args[0]) == "'wild' is not a value of push (choose one of: touch, thrill)"


async def test_the_rules_show_what_can_be_typed_in_the_readers_words(
        service: GameService) -> None:
    said = tr((await service.looking.rules(PLACE, "krasserfall")).reply, "de")
    assert "• `boat-choice`: würfel | frei (Standard: würfel): würfel: schieb das Boot" in said, said
    assert "`on-deadline`: erinnern | überspringen | ausscheiden" in said
    assert "`push=halb`" in said and "thrill" not in said


async def test_the_default_is_marked_as_one_in_every_language(service: GameService) -> None:
    """Danish read "`rules`: standard | klassisk (standard standard)": the marker and a value
    named "standard" ran together."""
    reply = (await service.looking.rules(PLACE, "aqualin")).reply
    assert "• `rules`: seed | classic (default: seed): " in str(reply)
    assert "• `rules`: standard | klassisk (standard: standard): " in tr(reply, "da")
    assert "• `rules`: standard | klassisch (Standard: standard): " in tr(reply, "de")
