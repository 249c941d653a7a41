"""German and Danish games in the console (``--lang``): commands typed as the reader's Discord
client names them, moves in the player's words, everything shown in that language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from bot.console import Console, english_names
from bot.i18n import catalog
from bot.service import GameService
from bot.store import Store
from games.aliases import ALIASES

WORD = re.compile(r"[^\W\d_]+")
#: How each language's channel says the game ended.
OVER = {"de": ("Spiel vorbei", "gewinnt", "gewonnen"), "da": ("Spillet er slut", "vinder", "vundet")}
PLAYERS = {"aqualin": 2, "kahuna": 2, "aqua": 2, "kraqua": 1, "krasserfall": 2}


def localised(lang: str, move: str, game: str) -> str:
    """A canonical move as a player of ``lang`` types it (the game's words in their language)."""
    back: dict[str, str] = {}
    for alias, word in ALIASES.get(game, {}).get(lang, {}).items():
        back.setdefault(word, alias)
    return WORD.sub(lambda m: back.get(m[0], m[0]), move)


async def play(tmp_path: Path, game_id: str, lang: str, cap: int = 1500) -> list[str]:
    names = catalog(lang, "commands").gettext
    spiel, zug = "/" + names("game"), "/" + names("move")
    store = await Store.open(tmp_path / f"{game_id}-{lang}.sqlite3")
    shown: list[str] = []
    try:
        console = Console(GameService(store, new_seed=lambda: 11), tmp_path / "out", lang=lang)
        people = ["anna", "ben", "carl", "dora"][:PLAYERS[game_id]]
        shown += await console.handle(f"anna: {spiel} {names('rules')} {game_id}")
        shown += await console.handle(f"anna: {spiel} {names('new')} {game_id}")
        for who in people[1:]:
            shown += await console.handle(f"{who}: {spiel} {names('join')}")
        shown += await console.handle(f"anna: {spiel} {names('start')}")
        game = games.REGISTRY[game_id]
        ids = {str(console.actor(p).user_id): p for p in people}
        for _ in range(cap):
            row = await store.games.active_game(1)
            if row is None:
                break
            state = game.load(row.state)
            acting = sorted(game.to_act(state))
            who = ids[acting[0]]
            move = game.legal_moves(state, acting[0])[0]
            out = await console.handle(f"{who}: {zug} {localised(lang, move, game_id)}")
            assert "Unknown command" not in out[0] and "can't be played" not in out[0], out
            shown += out
        else:
            pytest.fail(f"{game_id} did not end in {cap} moves")
    finally:
        await store.close()
    return shown


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "da"])
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
async def test_a_whole_game_reads_in_the_players_language(tmp_path: Path, game_id: str,
                                                          lang: str) -> None:
    shown = await play(tmp_path, game_id, lang)
    text = "\n".join(shown)
    names = catalog(lang, "commands").gettext
    # Every command the messages name is the localised one; none in English.
    assert f"/{names('move')}" in text and not re.search(r"/(move|game)\b", text), text[:3000]
    assert any(word in text for word in OVER[lang]), text[-2000:]
    assert "Played `" not in text and "your turn" not in text


def test_console_takes_localised_command_names() -> None:
    assert english_names("de")["zug"] == "move" and english_names("de")["bot_hinzufügen"] == "addbot"
    assert english_names("da")["opsætning"] == "config" and english_names("en") == {}


@pytest.mark.parametrize(("lang", "ahead", "behind", "now"), [
    ("en", "in 3 h", "2 h 5 min ago", "now"),
    ("de", "in 3 Std.", "vor 2 Std. 5 Min.", "jetzt"),
    ("da", "om 3 t", "for 2 t 5 min siden", "nu"),
])
async def test_a_relative_time_reads_in_the_console_s_language(tmp_path: Path, lang: str, ahead: str,
                                                              behind: str, now: str) -> None:
    """``<t:…:R>`` as the reader's Discord client shows it ("vor 2 Std.", not "2 h ago")."""
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        service = GameService(store)
        console = Console(service, tmp_path / "out", lang=lang)
        service.clock = lambda: 1_800_000_000.0  # the console's own clock, stopped
        shown = console._plain(f"<t:{1_800_000_000 + 3 * 3600}:R> <t:{1_800_000_000 - 7500}:R> "
                               f"<t:1800000000:R>")
        assert shown.startswith(f"{ahead} (") and f" {behind} (" in shown and f" {now} (" in shown, shown
    finally:
        await store.close()
