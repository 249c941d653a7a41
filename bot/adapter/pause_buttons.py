"""The Agree button under a request to pause or resume a game (it survives restarts: the game
id and what is agreed to live in its ``custom_id``)."""

from __future__ import annotations

from typing import Any

import discord

from ..messages import AskButton
from .interaction import respond, say
from .buttons import Rebuilt


class AgreeButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"agree:(?P<action>pause|resume):(?P<game_id>[0-9]{1,19})"):
    """Any player of the game may press it; the service counts each player once and pauses
    (or resumes) when the last one agrees. Pressed after that, it says so."""

    def __init__(self, action: str, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or action, style=discord.ButtonStyle.primary,
                                           emoji="⏸️" if action == "pause" else "▶️",
                                           custom_id=f"agree:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        if self.action == "pause":
            await respond(interaction, lambda s, a, p: s.pauses.pause(a, p, game_id=game_id))
        else:
            await respond(interaction, lambda s, a, p: s.pauses.resume(a, p, game_id=game_id))


def ask_view(asks: tuple[AskButton, ...], lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for ask in asks:
        view.add_item(AgreeButton(ask.action, ask.game_id, say(ask.label, lang, 80)))
    return view
