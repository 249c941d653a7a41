"""Turn a service :class:`Outcome` into Discord calls: the outbox rows stored with the change,
or the words that go with none, then the reply to the interaction."""

from __future__ import annotations

import logging
from typing import Any

import discord

from games.text import translator

from ..i18n import language_for, tr
from ..messages import DirectMessage, Outcome, Place, Post
from .base import ALT_TEXT_LIMIT, OOPS, Client, chunks, say, to_file
from .bot_turns import BotRunner
from .deliverer import Deliverer
from .post import edit_lobby, move_view, notice, post_kwargs, remember, send_dm, send_post

__all__ = ["ALT_TEXT_LIMIT", "OOPS", "Bot", "DMS_CLOSED", "chunks", "deliver"]

log = logging.getLogger(__name__)

_ = translator("bot")


class Bot(Client):
    """The client with what delivering needs besides posting: the outbox's deliverer, and
    the bot seats to kick once a game changed."""

    bots: BotRunner
    outbox: Deliverer


async def deliver(client: Bot, outcome: Outcome, place: Place,
                  interaction: discord.Interaction | None = None, *, kick_bots: bool = True) -> None:
    """Send one outcome: channel posts, the lobby edit, DMs, then the ephemeral reply.

    Channel messages speak the channel's language, the reply the asker's (their Discord
    locale). The reply goes last so it can carry what failed on the way (a DM to a user whose
    DMs are closed). It is the first followup after the deferral, so it replaces the
    "thinking" message and keeps the deferral's ephemeral flag; public fallbacks follow it.
    """
    seen = str(interaction.guild_locale.value) if interaction and interaction.guild_locale else None
    if place.guild_id is None and interaction is not None:  # no server: the asker's language
        seen = str(interaction.locale.value)
    here = await client.service.settings.channel_language(place.guild_id, seen, channel_id=place.channel_id)
    mine = language_for(interaction.locale) if interaction is not None else here
    channel = client.get_partial_messageable(place.channel_id, guild_id=place.guild_id)
    unposted: list[Post] = []
    undelivered: list[DirectMessage] = []
    report = None
    if outcome.outbox:
        # Stored with the change: deliver those rows now (the outbox loop retries what fails).
        report = await client.outbox.deliver_keys(outcome.outbox, interaction, here, mine)
        undelivered = report.actor_dms
    else:  # words that go with no stored change (a replay, a copy of a hand)
        # Outside a server the bot cannot post on its own: only through the interaction.
        guildless = place.guild_id is None
        unposted = [post for post in outcome.posts
                    if guildless or not await send_post(client, channel, post, outcome.game_id, here)]
        if outcome.lobby_edit is not None and not guildless:
            await edit_lobby(channel, outcome.lobby_edit, here)
        for dm in outcome.dms:
            actor = interaction is not None and dm.user_id == interaction.user.id
            if await send_dm(client, dm, mine if actor else here):
                continue
            if actor:
                undelivered.append(dm)  # the actor is right here: answer privately instead
            elif dm.fallback and not guildless:
                await notice(channel, dm, here)
    if kick_bots:  # bot seats move on their own once the game changed (where it plays)
        home = await client.service.threads.home_of(outcome.game_id) if outcome.game_id is not None else None
        client.bots.kick(home or place)
    if interaction is None:
        for post in unposted:
            log.warning("could not post in channel %s and no interaction to answer through", place.channel_id)
        return
    kwargs: dict[str, Any] = {"ephemeral": True}
    if outcome.reply_file is not None:
        kwargs["file"] = to_file(outcome.reply_file, mine)
    view = move_view(outcome.reply_buttons, mine)
    if view is not None:
        kwargs["view"] = view
    first, *more = chunks(tr(outcome.reply, mine) or tr(_("Done."), mine))
    await interaction.followup.send(first, **kwargs)
    for part in more:  # a long answer (rules, leaderboards) goes on in further private messages
        await interaction.followup.send(part, ephemeral=True)
    for dm in undelivered:
        extra: dict[str, Any] = {"ephemeral": True}
        if dm.image is not None:
            extra["file"] = to_file(dm.image, mine)
        await interaction.followup.send(say(_("{why}\n{text}", why=DMS_CLOSED, text=dm.text), mine),
                                        **extra)
    for post in unposted:
        # Without Send Messages / Attach Files in the channel, the interaction webhook still works.
        message = await interaction.followup.send(say(post.text, here), wait=True,
                                                  **post_kwargs(post, here))
        await remember(client, post, outcome.game_id, message)
    if report is not None:
        await client.outbox.finish_unposted(report, interaction, here)


DMS_CLOSED = _("I couldn't send you a DM: your direct messages from this server are closed "
               "(Privacy Settings → Direct Messages). Here it is, only for you:")
