"""Autocomplete through the real command tree: Discord gets plain names, as typed."""

from __future__ import annotations

from .fake_discord import MOD_PERMISSIONS, Harness, User

HANA = User(111, "*hana*_x", permissions=MOD_PERMISSIONS)
IVAN = User(222, "ivan", locale="de")
MADS = User(333, "mads", locale="da")


async def test_a_waiting_player_reads_the_name_as_typed(harness: Harness) -> None:
    h = harness
    await h.start_game(HANA, IVAN, game="aqualin", options="role=host-colour rules=classic")
    [waiting] = await h.autocomplete(IVAN, "move", "action", "")
    assert "*hana*_x" in waiting["name"] and "\\" not in waiting["name"]
    assert "**" not in waiting["name"].replace("*hana*_x", "")
    [outsider] = await h.autocomplete(MADS, "move", "action", "")
    assert "\\" not in outsider["name"] and "*" not in outsider["name"]
    mine = await h.autocomplete(HANA, "move", "action", "")
    assert 1 <= len(mine) <= 25
    for choice in mine:
        assert 1 <= len(choice["name"]) <= 100 and "\\" not in choice["name"]
        assert "*" not in choice["name"] and "`" not in choice["name"]
