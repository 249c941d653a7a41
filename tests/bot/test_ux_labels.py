"""Autocomplete choices are plain text in Discord: no Markdown, no escapes, names as typed.

Every game is played to random positions through the service; at each, everyone (the seats
that act, those who wait, someone who is not playing) types into ``/move`` and the choices
are built as the adapter builds them for Discord, in every language the bot speaks.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.commands import choices
from bot.refusals import ServiceError
from bot.messages import Actor
from bot.service import GameService
from bot.safe_text import choice_name, plain_name

from .conftest import PLACE
from .playouts import open_game, position, random_move

HANA = Actor(user_id=111, name="*hana*_x", manage_channels=True)
IVAN = Actor(user_id=222, name="ivan \\_(2) `wow`")
LONG = Actor(user_id=333, name="__" + "w" * 40 + "**")  # longer than a name may be shown
OLGA = Actor(user_id=444, name="olga")  # watches, plays no seat
LANGUAGES = ("en", "de", "da")

#: Markdown that Discord would show literally in a choice: bold, italics, code, strike,
#: spoilers, quotes and headings, and any backslash escape.
MARKDOWN = re.compile(r"\*|_|`|~~|\|\||\\|^>|^#+ ")

TABLES: dict[str, tuple[tuple[Actor, ...], dict[str, tuple[str, ...]]]] = {
    "aqualin": ((HANA, IVAN), {"rules": ("seed", "classic")}),
    "kahuna": ((HANA, IVAN), {"variant": ("base", "planning", "open-draws")}),
    "aqua": ((HANA, IVAN, LONG), {}),
    "kraqua": ((HANA, HANA, IVAN), {"level": ("1", "pro")}),  # hana holds two seats
    "krasserfall": ((HANA, IVAN, LONG), {"push": ("touch", "thrill")}),
}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """Labels do not depend on the database: SQLite only."""
    return f"sqlite:///{tmp_path}/data/test.sqlite3"


def assert_plain(pairs: list[tuple[Any, str]], names: list[str]) -> list[str]:
    """The choices Discord gets in every language: one line each, at most 100 characters,
    and no Markdown once the names (which are shown as typed) are taken out."""
    shown = []
    for lang in LANGUAGES:
        built = choices(pairs, lang)
        assert 1 <= len(built) <= 25
        for choice in built:
            assert 1 <= len(choice.name) <= 100 and 1 <= len(choice.value) <= 100, choice
            assert "\n" not in choice.name
            rest = choice.name
            for name in sorted(names, key=len, reverse=True):
                rest = rest.replace(name, "")
            assert not MARKDOWN.search(rest), (lang, choice.name)
            shown.append(choice.name)
    return shown


@pytest.mark.parametrize("game_id", sorted(TABLES))
async def test_autocomplete_is_plain_text_at_random_positions(service: GameService,
                                                              game_id: str) -> None:
    actors, option_values = TABLES[game_id]
    rnd = random.Random(game_id)
    options = " ".join(f"{k}={rnd.choice(v)}" for k, v in option_values.items())
    await open_game(service, game_id, actors, options)
    game, state, seats = await position(service)
    names = [plain_name(s.name) for s in seats]
    by_user = {a.user_id: a for a in actors}
    waiting_seen = 0
    for _sample in range(4):
        game, state, seats = await position(service)
        if game.result(state) is not None:
            break
        acting = sorted(game.to_act(state))
        legal = game.legal_moves(state, rnd.choice(acting))
        typed = ["", rnd.choice(legal)[:rnd.randint(1, 4)], "zzz", "seat 2: ", "seat 1: "]
        for actor in (*by_user.values(), OLGA):
            for text in typed:
                pairs = await service.looking.suggest(actor, PLACE, text)
                for shown in assert_plain(pairs, names):
                    if "waiting for" in shown:  # English: the names stand as typed
                        waiting_seen += 1
                        assert any(n in shown for n in names), shown
        # on to another position: a few random moves of whoever acts
        for _step in range(rnd.randint(3, 12)):
            game, state, seats = await position(service)
            if game.result(state) is not None:
                break
            await random_move(service, rnd, by_user, game, state, seats)
    assert waiting_seen, "nobody was told whom the game waits for"


async def test_without_a_running_game_the_line_is_plain(service: GameService) -> None:
    assert_plain(await service.looking.suggest(HANA, PLACE, "d4"), [])  # no game here
    await service.lobby.new_game(HANA, PLACE, "aqualin", "")
    await service.lobby.join(IVAN, PLACE)
    assert_plain(await service.looking.suggest(IVAN, PLACE, "d4"), [])  # the lobby is open


async def test_not_your_turn_names_the_player_as_typed(service: GameService) -> None:
    await open_game(service, "aqualin", (HANA, IVAN), "role=host-colour rules=classic")
    [(label, value)] = await service.looking.suggest(IVAN, PLACE, "")
    for lang in LANGUAGES:
        [choice] = choices([(label, value)], lang)
        assert "*hana*_x" in choice.name and "\\" not in choice.name and "**" not in choice.name
    assert choices([(label, value)], "en")[0].name == \
        "It's not your turn: waiting for *hana*_x. I'll ping you when it is."
    # /move itself still answers in Markdown, with the name escaped
    with pytest.raises(ServiceError) as info:
        await service.play.move(IVAN, PLACE, "d4")
    assert "**\\*hana\\*\\_x**" in str(info.value)


async def test_seat_prefixes_show_the_name_as_typed(service: GameService) -> None:
    await open_game(service, "kraqua", (HANA, HANA, IVAN), "")
    game, state, seats = await position(service)
    players = game.players(state)
    hana_seats = [p for p in players if p in game.to_act(state)
                  and any(s.user_id == HANA.user_id and s.player_id == p for s in seats)]
    assert len(hana_seats) == 2, "both of hana's seats may act in the first round"
    pairs = await service.looking.suggest(HANA, PLACE, "")
    for lang in LANGUAGES:
        for choice in choices(pairs, lang):
            assert "*hana*_x" in choice.name and "\\" not in choice.name, choice.name


def test_choice_names_are_one_line_and_cut_at_discords_limit() -> None:
    assert choice_name("a*b_c \\d") == "a*b_c \\d"  # as it comes: nothing escaped, nothing lost
    assert choice_name("two\nlines\r\n\there") == "two lines here"
    long = choice_name("x" * 150)
    assert len(long) == 100 and long.endswith("…")
    assert choice_name("   ") == "…"  # Discord wants at least one character
    assert plain_name("  *hana*\n_x ") == "*hana* _x"
    assert len(plain_name("w" * 80)) == 32
