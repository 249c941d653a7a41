"""``/game pause``, ``/game resume`` and ``/game away``: thin calls into the service."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from .interaction import respond

T = app_commands.locale_str

#: Room for a pause reason (it is shown in the status and on the lobby message).
REASON_LENGTH = 100


@app_commands.command(name="pause", description=T("Pause this channel's game (a moderator, or all players agreeing)"))
@app_commands.describe(reason=T("Why the game pauses (shown in the status)"))
async def pause(interaction: discord.Interaction,
                reason: app_commands.Range[str, 0, REASON_LENGTH] | None = None) -> None:
    await respond(interaction, lambda s, a, p: s.pauses.pause(a, p, reason))


@app_commands.command(name="resume", description=T("Go on with a paused game (a moderator, or all players agreeing)"))
async def resume(interaction: discord.Interaction) -> None:
    await respond(interaction, lambda s, a, p: s.pauses.resume(a, p))


@app_commands.command(name="away", description=T("Hold your reminders and deadlines in all your games while you're away"))
@app_commands.describe(until=T("Until when (your time): e.g. 3d, 1w, 2026-12-24, 2026-12-24 18:00, or off when you're back"))
async def away(interaction: discord.Interaction, until: app_commands.Range[str, 1, 30]) -> None:
    await respond(interaction, lambda s, a, p: s.pauses.away(a, p, until))


def add_to(group: app_commands.Group) -> None:
    """The three commands join ``/game`` (kept in this module, out of the group's class)."""
    commands: tuple[app_commands.Command[Any, ..., None], ...] = (pause, resume, away)
    for command in commands:
        group.add_command(command)
