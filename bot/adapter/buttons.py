"""Lobby buttons that survive restarts: the game id lives in the ``custom_id``."""

from __future__ import annotations

import re
from typing import Any

import discord

from .deliver import respond

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"lobby:(?P<action>join|leave|start):(?P<game>[0-9]{1,19})"):
    """Join / Leave / Start for one lobby; stale clicks get a clear ephemeral answer."""

    def __init__(self, action: str, game_id: int) -> None:
        label, style = _LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        action, game_id = self.action, self.game_id

        async def call(service, actor, place):
            method = {"join": service.join, "leave": service.leave, "start": service.start}[action]
            return await method(actor, place, game_id)

        await respond(interaction, call)
