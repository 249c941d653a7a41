"""The console as a new player meets it: the README's example, names, images, plain text and
the Discord commands' options."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

import games
from bot.console import Console, plain_markdown, strip_comment
from bot.service import GameService
from bot.store import Store
from tests.waiting import PATIENCE

REPO = Path(__file__).resolve().parents[2]


def readme_example() -> list[str]:
    """The console session in README.md, exactly as written there (prompts and comments too)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    [block] = [b for b in blocks if b.startswith("python -m bot console\n")]
    lines = block.splitlines()[1:]
    assert lines and all(line.startswith("> ") for line in lines), lines
    return lines


Consoles = Callable[..., Awaitable[Console]]


@pytest.fixture
async def consoles(tmp_path: Path) -> AsyncIterator[Consoles]:
    """Opens console sessions on one database and one image folder; closes them afterwards."""
    opened: list[tuple[Store, GameService]] = []

    async def open_console(seed: int = 5) -> Console:
        store = await Store.open(tmp_path / "console.sqlite3")
        service = GameService(store, new_seed=lambda: seed)
        opened.append((store, service))
        return Console(service, tmp_path / "out")

    yield open_console
    for store, service in opened:
        service.close()
        await store.close()


async def run(console: Console, lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        shown = await console.handle(line)
        assert shown, f"no answer to {line!r}"
        assert console.refused == 0, f"{line!r} was refused:\n" + "\n".join(shown)
        out += shown
    return out


# ----- the README's example --------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 7))
async def test_the_readme_example_works_as_typed(consoles: Consoles, seed: int) -> None:
    """Every seed (who scores what, which tiles come) and twice on one database: the second
    session opens its game as the first one did."""
    for _ in range(2):
        console = await consoles(seed)
        out = await run(console, readme_example())
        assert "[only alice sees] Played `d4`." in out
        assert "[only bob sees] Played `c3`." in out
        assert any("Game over" in line for line in out)


def test_the_readme_example_typed_into_the_console_process(tmp_path: Path) -> None:
    typed = "\n".join(readme_example()) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "c.sqlite3"),
         "--out", str(tmp_path / "img")],
        cwd=REPO, input=typed, capture_output=True, text=True, timeout=PATIENCE,
    )
    assert done.returncode == 0, done.stderr
    assert "Played `d4`" in done.stdout and "Played `c3`" in done.stdout
    assert "> alice" not in done.stdout and "# " not in done.stdout
    assert "Write `name: /command`" not in done.stdout


async def test_a_copied_prompt_and_a_comment_are_not_part_of_the_line(consoles: Consoles) -> None:
    console = await consoles()
    out = await run(console, ["> alice: /game new aqualin role=host-colour  # a comment",
                              ">bob: /game join", "> > alice: /game start"])
    assert "[channel] 🎲 Aqualin lobby, hosted by alice\n" in "\n".join(out)
    assert not [line for line in out if ">" in line]
    out = await run(console, ["alice: /move d4    # the middle"])
    assert out[0] == "[only alice sees] Played `d4`."
    assert await console.handle("# just a note") == [] and await console.handle("> ") == []


def test_a_comment_starts_a_word_outside_quotes() -> None:
    assert strip_comment("/move d4 # note") == "/move d4"
    assert strip_comment("/move d4#3") == "/move d4#3"
    assert strip_comment('/game abort "we # stop" # why') == '/game abort "we # stop"'


# ----- names after a restart ----------------------------------------------------------------


async def test_names_come_back_after_a_restart(consoles: Consoles) -> None:
    first = await consoles()
    await run(first, ["alice: /game new aqualin role=host-colour", "bob: /game join",
                      "alice: /game start"])
    second = await consoles()  # a new session on the saved database: bob has not typed yet
    out = await run(second, ["alice: /move d4"])
    assert "@bob, your turn" in "\n".join(out)
    assert not re.search(r"@\d{6,}", "\n".join(out)), out


async def test_names_of_an_older_database_come_from_the_seats(consoles: Consoles, tmp_path: Path) -> None:
    first = await consoles()
    await run(first, ["alice: /game new aqualin role=host-colour", "Bob: /game join",
                      "alice: /game start"])
    db = sqlite3.connect(tmp_path / "console.sqlite3")  # as a console before names were kept
    with db:
        db.execute("DELETE FROM meta WHERE key LIKE 'console:name:%'")
    db.close()
    second = await consoles()
    out = await run(second, ["alice: /move d4"])
    assert "@Bob, your turn" in "\n".join(out)


# ----- images ---------------------------------------------------------------------------------


async def test_each_session_saves_its_images_in_its_own_folder(consoles: Consoles, tmp_path: Path) -> None:
    paths = []
    for _ in range(2):
        console = await consoles()
        out = await run(console, ["alice: /game new aqualin role=host-colour", "bob: /game join",
                                  "alice: /game start", "alice: /game board", "alice: /game abort"])
        paths += [Path(line.split(": ", 1)[1]) for line in out if line.startswith("  image: ")]
    assert len(paths) == 4 and len(set(paths)) == 4
    folders = {p.parent for p in paths}
    assert len(folders) == 2 and all(f.parent == tmp_path / "out" for f in folders)
    assert all(p.is_file() and p.read_bytes().startswith(b"\x89PNG") for p in paths)
    assert sorted(p.name[:4] for p in paths) == ["0001", "0001", "0002", "0002"]


# ----- plain text -----------------------------------------------------------------------------


def test_markdown_is_shown_as_plain_text() -> None:
    assert plain_markdown("🏁 **Game over.** **b\\*o\\_b** wins") == "🏁 Game over. b*o_b wins"
    assert plain_markdown("**\\*star\\***") == "*star*"
    assert plain_markdown("__under__ `/move b2-c3 d4` `a\\*b`") == "under `/move b2-c3 d4` `a\\*b`"
    assert plain_markdown("C:\\path and 5 \\ 3") == "C:\\path and 5 \\ 3"


async def test_the_console_prints_no_markdown(consoles: Consoles) -> None:
    console = await consoles()
    out = await run(console, ["b*o_b: /game new aqualin role=host-colour", "carl: /game join",
                              "b*o_b: /game start", "carl: /game status"])
    refused = await console.handle("carl: /move d4")  # not carl's turn (an error's Markdown)
    text = "\n".join(out + refused)
    assert "hosted by b*o_b" in text and "waiting for b*o_b." in refused[0]
    assert "**" not in text and "\\" not in text and "\u200b" not in text


# ----- the Discord commands' options ----------------------------------------------------------


async def test_replay_dm_and_player(consoles: Consoles) -> None:
    console = await consoles()
    await run(console, ["alice: /game new aqua", "bob: /game join", "alice: /game start"])
    out = await run(console, ["alice: /game board player:bob"])
    assert out[1].startswith("  image: ") and out[1].endswith(".png")
    theirs = await console.handle("alice: /game board player: carol")
    assert theirs == ["[only alice sees] That member has no seat in this game."]
    console.refused = 0
    out = await run(console, ["alice: /game hand dm:true"])
    assert any(line.startswith("[DM to alice] ") for line in out)
    out = await run(console, ["alice: /game hand"])
    assert not any(line.startswith("[DM to") for line in out)
    wrong = await console.handle("alice: /game hand dm:maybe")
    assert wrong == ["[only alice sees] `dm:` is yes or no, e.g. `/game hand dm:yes`."]
    console.refused = 0
    await run(console, ["alice: /game resign"])
    out = await run(console, ["bob: /game replay"])
    assert out[0] == "[only bob sees] Here it comes."
    assert out[1].startswith("[channel] 🎞️ Replay of Aqua game 1") and out[2].endswith(".gif")
    again = await console.handle("alice: /game replay number:7")
    assert again == ["[only alice sees] I can't find game 7 in this channel's history."]


async def test_options_written_as_in_discord(consoles: Consoles) -> None:
    console = await consoles()
    await run(console, ["alice: /game new game:aqualin options:role=host-colour", "bob: /game join"])
    out = await run(console, ["alice: /game kick user:bob"])
    assert out[0] == "[only alice sees] Removed bob from the lobby."
    out = await run(console, ["alice: /game addbot level:easy", "alice: /game config reminder:6h",
                              "alice: /game start", "alice: /move d4", "alice: /game log count:1"])
    assert "Easy bot" in "\n".join(out)
    assert "reminder" in "\n".join(out).lower()
    assert await console.handle("alice: /game status now") == [
        "[only alice sees] `/game status` takes nothing, not `now`."]


# ----- /game rules ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
async def test_rules_show_the_console_syntax(consoles: Consoles, game: str) -> None:
    console = await consoles()
    [text] = await run(console, [f"dana: /game rules {game}"])
    commands = re.findall(r"`([^`]*)`", text)
    typed = [c for c in commands if "/" in c.split(" ")[0] or c.startswith("dana: ")]
    assert typed, text
    assert all(c.startswith("dana: /") for c in typed), typed  # never a bare Discord command
    assert f"`dana: /game new {game} key=value`" in text
    assert "options:" not in text and "game:" not in text


async def test_the_list_of_games_and_a_rules_command_from_it(consoles: Consoles) -> None:
    console = await consoles()
    [text] = await run(console, ["dana: /game rules"])
    assert "`dana: /game rules <name>`" in text
    # What the rules show works when typed in.
    [aqualin] = await run(console, ["dana: /game rules aqualin"])
    assert "`dana: /move d4`" in aqualin and "`dana: /game new aqualin key=value`" in aqualin
    out = await run(console, ["dana: /game new aqualin rules=classic role=host-colour",
                              "eve: /game join", "dana: /game start"])
    assert any("Aqualin has started" in line for line in out)
