"""Lobby buttons that survive restarts: the game id lives in the ``custom_id``."""

from __future__ import annotations

import re
from typing import Any

import discord

from games.text import translator

from .deliver import respond

_ = translator("bot")
LOBBY_LABELS = {"join": _("Join"), "leave": _("Leave"), "start": _("Start"), "addbot": _("Add a bot")}
REPLAY_LABEL = _("Replay")
_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
           "start": discord.ButtonStyle.primary, "addbot": discord.ButtonStyle.secondary}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"lobby:(?P<action>join|leave|start|addbot):(?P<game>[0-9]{1,19})"):
    """Join / Leave / Start for one lobby; stale clicks get a clear ephemeral answer."""

    def __init__(self, action: str, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(LOBBY_LABELS[action]),
                                           style=_STYLES[action],
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["game"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> Any:
        action, game_id = self.action, self.game_id

        async def call(service, actor, place):
            if action == "addbot":
                return await service.add_bot(actor, place, "normal", game_id)
            method = {"join": service.join, "leave": service.leave, "start": service.start}[action]
            return await method(actor, place, game_id)

        await respond(interaction, call)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"(?P<kind>mv|mn):(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,12}|\*)"
                          r":(?P<seat>[0-9]{1,2}):(?P<arg>.{1,80})"):
    """A move (``mv``) or the next level of a menu (``mn``) as a button.

    The game version in the ``custom_id`` makes a click on an old message harmless: the
    service refuses it unless the button is valid at any time (``*``). The seat says which
    of the clicker's seats it acts for (0: whichever may act).
    """

    def __init__(self, label: str, game_id: int, version: int | None, seat: int, move: str = "",
                 path: str = "") -> None:
        kind, arg = ("mv", move) if move else ("mn", path)
        tag = "*" if version is None else str(version)
        style = discord.ButtonStyle.primary if move else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"{kind}:{game_id}:{tag}:{seat}:{arg}"))
        self.game_id = game_id
        self.version = version
        self.seat = seat
        self.move = move
        self.path = path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> MoveButton:
        version = None if match["version"] == "*" else int(match["version"])
        move, path = (match["arg"], "") if match["kind"] == "mv" else ("", match["arg"])
        return cls(item.label or match["arg"], int(match["game"]), version, int(match["seat"]),
                   move, path)

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id, version, seat, move, path = self.game_id, self.version, self.seat, self.move, self.path
        if move:
            await respond(interaction, lambda s, a, p: s.move(a, p, move, game_id=game_id,
                                                             version=version, seat=seat or None))
        else:
            await respond(interaction, lambda s, a, p: s.menu(a, p, game_id=game_id, version=version,
                                                             seat=seat, path=path))


def custom_id_fits(button: object) -> bool:
    """Discord allows 100 characters in a custom_id (and 80 in a label)."""
    arg = getattr(button, "move") or getattr(button, "path")
    version = getattr(button, "version")
    text = f"mv:{getattr(button, 'game_id')}:{'*' if version is None else version}:{getattr(button, 'seat')}:{arg}"
    return 0 < len(arg) <= 80 and len(text) <= 100


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"replay:(?P<game>[0-9]{1,19})"):
    """Under a game's final message: post its animated replay (once; later clicks link to it)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(REPLAY_LABEL), emoji="🎞️",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"replay:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ReplayButton:
        return cls(int(match["game"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.replay_animation(a, p, game_id))
