"""The offline console drives the real service: a whole game from a script."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import games
from bot.console import Console
from bot.service import GameService
from bot.store import Store
from tests.waiting import PATIENCE

REPO = Path(__file__).resolve().parents[2]


async def test_console_plays_a_full_game(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out")
        assert any("/game new" in line for line in await console.handle("help"))
        out = await console.handle("alice: /game new aqualin role=host-colour")
        assert any("Aqualin lobby" in line for line in out)
        await console.handle("bob: /game join")
        out = await console.handle("alice: /game start")
        assert any(line.startswith("  image: ") for line in out)
        assert any("@alice, your turn" in line for line in out)
        game = games.REGISTRY["aqualin"]
        turns = 0
        while (row := await store.games.active_game(1)) is not None:
            state = game.load(row.state)
            (player,) = game.to_act(state)
            name = "alice" if player == str(console.actor("alice").user_id) else "bob"
            suggestions = await console.handle(f"{name}: /moves")
            move = suggestions[0].strip().split("  ·  ")[0]
            out = await console.handle(f"{name}: /move {move}")
            assert out[0] == f"[only {name} sees] Played `{move}`.", out
            turns += 1
        assert turns == 36 and any("Game over" in line for line in out)
        images = sorted((tmp_path / "out").rglob("*.png"))
        assert len(images) == 37 and images[-1].read_bytes().startswith(b"\x89PNG")
        bad = await console.handle("bob: /move a1")
        assert bad[0].startswith("[only bob sees]")
    finally:
        await store.close()


def test_console_command_with_a_script_and_a_restart(tmp_path: Path) -> None:
    def run(script: str) -> str:
        path = tmp_path / "script.txt"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "db.sqlite3"),
             "--out", str(tmp_path / "img"), str(path)],
            cwd=REPO, capture_output=True, text=True, timeout=PATIENCE,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    first = run("alice: /game new aqualin role=host-colour\nbob: /game join\nalice: /game start\n"
                "alice: /move c3\n")
    assert "Played `c3`" in first
    second = run("bob: /move c4\nalice: /game status\n")  # a new process continues the game
    assert "Played `c4`" in second and "Moves played: 2" in second


async def test_a_thread_game_shows_where_each_post_goes(tmp_path: Path) -> None:
    """The console has no threads, but it plays a threaded game as Discord shows it: the lobby
    in the channel, the game in its thread, and one closing line in the channel."""
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out")
        await console.handle("alice: /game config threads:true")
        out = await console.handle("alice: /game new aqualin role=host-colour")
        assert any(line.startswith("[channel] 🎲 Aqualin lobby") for line in out), out
        await console.handle("bob: /game join")
        out = await console.handle("alice: /game start")
        assert any(line.startswith("[thread Aqualin #1] 🎲 Aqualin has started") for line in out), out
        out = await console.handle("alice: /game resign")
        assert any(line.startswith("[thread Aqualin #1] 🏳️ alice resigned.") for line in out), out
        assert out[-1] == "[channel] 🏁 Aqualin #1 is over: bob wins! The game: #Aqualin #1", out
    finally:
        await store.close()


async def test_config_names_an_unknown_setting_and_takes_the_players_agreement(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out", lang="de")
        out = await console.handle("alice: /spiel einstellungen zugfrist=2d")  # not an option name
        assert out == ["[nur alice sieht das] `zugfrist` ist keine Einstellung; es gibt: abwesenheit_tage, bei_frist, "
                       "bot_übernimmt, erinnerung, erinnerungen, frist, rolle_entfernen, spiele_in_threads, "
                       "spielleiter_rolle, sprache, web, wer_startet, zwangszug_automatisch."]
        await console.handle("alice: /spiel neu aqualin")
        await console.handle("bob: /spiel beitreten")
        await console.handle("alice: /spiel start")
        out = await console.handle("alice: /spiel einstellungen frist=1d abwesenheit_tage=10")
        assert any("Abwesenheit: 10 Tage innerhalb von 365 Tagen pro Person" in line for line in out)
        out = await console.handle("bob: /spiel einstellungen übernehmen=true")
        assert any("Wir warten noch auf die Zustimmung von alice" in line for line in out)
        out = await console.handle("alice: /spiel einstellungen übernehmen=true")
        assert any("Alle Spieler haben zugestimmt" in line for line in out)
    finally:
        await store.close()


async def test_console_turns_lists_the_games_and_presses_a_look(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out", lang="de")
        assert any("/züge" in line for line in await console.handle("help"))  # German console
        for line in ("alice: /game new kahuna deadline=6h", "bob: /game join", "alice: /game start"):
            await console.handle(line)
        row = await store.games.active_game(1)
        game = games.REGISTRY["kahuna"]
        (player,) = game.to_act(game.load(row.state))
        first, second = ("alice", "bob") if player == str(console.actor("alice").user_id) else ("bob", "alice")
        out = await console.handle(f"{first}: /züge")  # as a German client names it
        said = "\n".join(out)
        assert "Du bist am Zug** in 1 Spiel" not in said  # Markdown is shown plain here
        assert "Du bist am Zug in 1 Spiel:" in said and f"Kahuna #{row.id} · #console" in said
        assert re.search(r"Frist endet in (6 Std\.|5 Std\. 5\d Min\.) \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)", said), said
        assert f"`/züge {row.id}` drückt den ersten" in said  # the console's frames in German too
        out = await console.handle(f"{second}: /züge {row.id}")
        assert sum(line.startswith("  Bild: ") for line in out) == 2  # the board, the hand
        assert "Deine Hand:" in "\n".join(out)
        refused = await console.handle(f"carol: /turns {row.id}")
        assert refused[0].startswith("[nur carol sieht das]") and "Spiel #1" in refused[0]
    finally:
        await store.close()


async def test_console_shows_small_print_and_the_bot_takeover_in_force(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "c.sqlite3")
    try:
        console = Console(GameService(store, new_seed=lambda: 5), tmp_path / "out")
        shown = "\n".join(await console.handle("alice: /game config"))
        assert "`bot_takeover: false`" in shown and "on_deadline: forfeit" not in shown
        # Discord's small-print marker (as under /game stats) is no text a terminal shows
        assert console._plain("Leaderboard\n-# Ratings are Elo.") == "Leaderboard\nRatings are Elo."
    finally:
        await store.close()
