"""Games outside a server: a group DM or a DM with the bot, where a user installed the app.

There is no server there, so no Manage Channels permission and no roles: anyone in the
channel may open a game, and a game's players (and its host) moderate it
(:meth:`Ground.moderates <bot.service.ground.Ground.moderates>`). Settings belong to the channel (``channel_settings``), and the
language is that of whoever used a command there last, unless the channel chose one.

A user-installed app cannot post in a group DM on its own: it can only answer interactions
(the reply and followups, for 15 minutes). The adapter therefore delivers every post of such a
place through the interaction that caused it, and what happens with no interaction (reminders,
deadlines, bots' moves in the background) by DM to the players it is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.text import Text, lines, translator

if TYPE_CHECKING:
    from ..store import GameRow

_ = translator("bot")


def channel_link(channel_id: int) -> str:
    """A link that opens a group DM or a DM (messages outside servers live under ``@me``)."""
    return f"https://discord.com/channels/@me/{channel_id}"


def board_link(row: GameRow) -> str | None:
    """The jump link to the game's latest board message, once there is one (outside a server
    under ``@me``, as :func:`channel_link`)."""
    if row.board_message_id:
        return (f"https://discord.com/channels/{row.guild_id or '@me'}/{row.home}/"
                f"{row.board_message_id}")
    return None


def jump_link(row: GameRow) -> str:
    """The game's latest board, or its channel while no board is known."""
    return board_link(row) or f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"


def by_dm(text: Any, channel_id: int) -> Text:
    """A post of a group-DM game that could not go there (nobody's command to answer), sent
    by DM to the player it is for, with where to find the game."""
    return lines([_("From your game in {link}:", link=channel_link(channel_id)), text])
