"""Turn a service :class:`Outcome` into Discord calls, and one error boundary for all of them."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from games import GameError

from ..errors import ServiceError, explain
from ..messages import Actor, DirectMessage, Image, LobbyCard, Outcome, Place, Post
from ..service import GameService

if TYPE_CHECKING:
    from .client import GameBot

log = logging.getLogger(__name__)

OOPS = ("Something went wrong on my side and I've logged it. The game is safe as it was; "
        "please try again in a moment.")
ALT_TEXT_LIMIT = 1024  # attachment description limit in Discord's API spec

ServiceCall = Callable[[GameService, Actor, Place], Awaitable[Outcome]]


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    roles = frozenset(r.id for r in getattr(user, "roles", ()))
    return Actor(
        user_id=user.id,
        name=user.display_name,
        manage_channels=interaction.permissions.manage_channels,
        role_ids=roles,
    )


def place_of(interaction: discord.Interaction) -> Place:
    assert interaction.channel_id is not None
    return Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id)


def to_file(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename,
                        description=image.description[:ALT_TEXT_LIMIT] or None)


def mentions(user_ids: tuple[int, ...]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, never roles, never the replied user."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in user_ids])


def lobby_view(card: LobbyCard) -> discord.ui.View | None:
    from .buttons import LobbyButton

    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, card.game_id))
    return view


async def respond(interaction: discord.Interaction, call: ServiceCall) -> None:
    """Defer at once, run the service call, then deliver; the one error boundary."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    client: GameBot = interaction.client  # type: ignore[assignment]
    try:
        outcome = await call(client.service, actor_of(interaction), place_of(interaction))
    except (ServiceError, GameError) as exc:
        await interaction.followup.send(explain(exc), ephemeral=True)
        return
    except Exception:
        log.exception("service call failed: user=%s channel=%s command=%s data=%s",
                      interaction.user.id, interaction.channel_id,
                      getattr(interaction.command, "qualified_name", None), interaction.data)
        await interaction.followup.send(OOPS, ephemeral=True)
        return
    await deliver(client, outcome, place_of(interaction), interaction)


async def deliver(client: GameBot, outcome: Outcome, place: Place,
                  interaction: discord.Interaction | None = None) -> None:
    """Send the reply, the channel posts, the lobby edit and the DMs of one outcome."""
    if interaction is not None:
        kwargs: dict = {"ephemeral": True}
        if outcome.reply_image is not None:
            kwargs["file"] = to_file(outcome.reply_image)
        await interaction.followup.send(outcome.reply[:2000], **kwargs)
    channel = client.get_partial_messageable(place.channel_id, guild_id=place.guild_id)
    for post in outcome.posts:
        await send_post(client, channel, post, outcome.game_id, interaction)
    if outcome.lobby_edit is not None:
        await edit_lobby(channel, outcome.lobby_edit)
    for dm in outcome.dms:
        await send_dm(client, channel, dm)


async def send_post(client: GameBot, channel: discord.PartialMessageable, post: Post,
                    game_id: int | None, interaction: discord.Interaction | None) -> None:
    kwargs: dict = {"allowed_mentions": mentions(post.mention)}
    if post.image is not None:
        kwargs["file"] = to_file(post.image)
    view = lobby_view(post.lobby) if post.lobby is not None else None
    if view is not None:
        kwargs["view"] = view
    try:
        message = await channel.send(post.text[:2000], **kwargs)
    except discord.Forbidden:
        if interaction is None:
            log.warning("cannot post in channel %s (missing permissions)", channel.id)
            return
        # Without Send Messages / Attach Files in the channel, the interaction webhook still works.
        log.warning("cannot post in channel %s; answering through the interaction", channel.id)
        if post.image is not None:
            kwargs["file"] = to_file(post.image)
        message = await interaction.followup.send(post.text[:2000], wait=True, **kwargs)
    if game_id is not None:
        if post.lobby is not None:
            await client.service.remember_message(game_id, "lobby", message.id)
        if post.is_board:
            await client.service.remember_message(game_id, "board", message.id)


async def edit_lobby(channel: discord.PartialMessageable, card: LobbyCard) -> None:
    if card.message_id is None:
        return
    try:
        await channel.get_partial_message(card.message_id).edit(content=card.text[:2000],
                                                               view=lobby_view(card))
    except discord.HTTPException as exc:
        # The lobby message may have been deleted; the lobby itself lives on in the database.
        log.info("could not edit lobby message %s: %s", card.message_id, exc)


async def send_dm(client: GameBot, channel: discord.PartialMessageable, dm: DirectMessage) -> None:
    kwargs: dict = {}
    if dm.image is not None:
        kwargs["file"] = to_file(dm.image)
    try:
        user = client.get_user(dm.user_id) or await client.fetch_user(dm.user_id)
        await user.send(dm.text[:2000], **kwargs)
    except discord.Forbidden:
        if dm.fallback:
            await channel.send(dm.fallback[:2000], allowed_mentions=mentions((dm.user_id,)))
    except discord.HTTPException:
        log.exception("could not send a DM to %s", dm.user_id)
        if dm.fallback:
            await channel.send(dm.fallback[:2000], allowed_mentions=mentions((dm.user_id,)))
