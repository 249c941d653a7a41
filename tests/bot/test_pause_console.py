"""Pausing, agreeing and going away in the offline console, as a player types it."""

from __future__ import annotations

from pathlib import Path

from bot.console import Console
from bot.service import GameService
from bot.store import Store


async def test_players_pause_agree_and_go_away_in_the_console(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "console.sqlite3")
    service = GameService(store, new_seed=lambda: 5)
    try:
        console = Console(service, tmp_path / "out", moderators={"mod"})
        for line in ("mod: /game config who_starts=everyone", "ann: /game new aqualin",
                     "ben: /game join", "ann: /game start"):
            await console.handle(line)
        asked = await console.handle("ben: /game pause reason:rain")
        assert asked[1].startswith("[channel] ⏸️ ben would like to pause the game: rain\n@ann: ")
        assert "  (button: Agree to pause; here: /game pause)" in asked
        paused = await console.handle("ann: /game pause")
        assert any(line.startswith("[channel] ⏸️ Paused by ben since ") for line in paused)
        assert "paused, so no moves" in " ".join(await console.handle("ann: /move a1"))
        await console.handle("mod: /game resume")
        away = await console.handle("ben: /game away until:3d")
        assert any("ben is away until" in line for line in away)
        back = await console.handle("ben: /game away off")
        assert "[channel] 👋 ben is back: their reminders and deadlines run again." in back, back
    finally:
        service.close()
        await store.close()
