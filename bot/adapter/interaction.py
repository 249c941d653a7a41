"""One interaction as every module of the adapter handles it: the client as they see it, the
words cut to Discord's limits, and the one error boundary of a service call.

The buttons answer through :func:`respond`, and delivering an outcome draws buttons again:
so :func:`respond` hands the outcome to the client (:meth:`Client.deliver`, which
:class:`~bot.adapter.client.GameBot` implements with :func:`bot.adapter.deliver.deliver`)
instead of importing the delivery, and the buttons sit below it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from games import GameError
from games.text import translator

from ..runtime.config import Settings
from ..refusals import ServiceError, explain
from ..i18n import language_for, tr
from ..messages import Actor, Attachment, Outcome, Place
from ..service import GameService

log = logging.getLogger(__name__)

_ = translator("bot")
OOPS = _("Something went wrong on my side and I've logged it. The game is safe as it was; "
         "please try again in a moment.")
ALT_TEXT_LIMIT = 1024  # attachment description limit in Discord's API spec

ServiceCall = Callable[[GameService, Actor, Place], Awaitable[Outcome]]


class Client(discord.AutoShardedClient):
    """The bot as the adapter's modules see it: its service and settings, and a way to
    deliver an outcome (:class:`~bot.adapter.client.GameBot` is the one implementation)."""

    service: GameService
    settings: Settings

    async def deliver(self, outcome: Outcome, place: Place,
                      interaction: discord.Interaction | None = None, *,
                      kick_bots: bool = True) -> None:
        """Send ``outcome`` (posts, lobby edit, DMs, then the reply to ``interaction``)."""
        raise NotImplementedError


def client_of(interaction: discord.Interaction) -> Client:
    """The bot an interaction arrived at (discord.py types it as any client)."""
    client: Client = interaction.client  # type: ignore[assignment]
    return client


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    # The member's role ids come with the interaction; ``Member.roles`` would also need the
    # server's roles in the cache, which an interaction alone does not guarantee.
    roles = frozenset(int(r) for r in getattr(user, "_roles", ()))
    return Actor(
        user_id=user.id,
        name=user.display_name,
        manage_channels=interaction.permissions.manage_channels,
        role_ids=roles,
        lang=language_for(interaction.locale),
    )


def place_of(interaction: discord.Interaction) -> Place:
    assert interaction.channel_id is not None
    return Place(guild_id=interaction.guild_id, channel_id=interaction.channel_id)


def say(text: Any, lang: str, limit: int = 2000) -> str:
    """``text`` in ``lang``, cut to Discord's ``limit`` (after translating, not before)."""
    out = tr(text, lang)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def chunks(text: str, limit: int = 2000) -> list[str]:
    """Split a long answer at line breaks into messages Discord accepts (nothing is cut)."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a single line longer than a message: split it hard
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            out.append(current)
            current = line
        else:
            current = candidate
    if current or not out:
        out.append(current)
    return out


def to_file(image: Attachment, lang: str) -> discord.File:
    return discord.File(io.BytesIO(image.data), filename=image.filename,
                        description=say(image.description, lang, ALT_TEXT_LIMIT) or None)


def mentions(user_ids: tuple[int, ...]) -> discord.AllowedMentions:
    """Ping exactly these users: never everyone, never roles, never the replied user."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in user_ids])


async def call_service(interaction: discord.Interaction, call: ServiceCall) -> Outcome | None:
    """Run a service call for a deferred interaction; the one error boundary.

    User mistakes are answered privately, anything else is logged and answered with OOPS;
    then None is returned.
    """
    client = client_of(interaction)
    lang = language_for(interaction.locale)
    try:
        return await call(client.service, actor_of(interaction), place_of(interaction))
    except (ServiceError, GameError) as exc:
        text = say(explain(exc), lang)
        await interaction.followup.send(text[:1].upper() + text[1:], ephemeral=True)
    except Exception:
        log.exception("service call failed: user=%s channel=%s command=%s data=%s",
                      interaction.user.id, interaction.channel_id,
                      getattr(interaction.command, "qualified_name", None), interaction.data)
        await interaction.followup.send(say(OOPS, lang), ephemeral=True)
    return None


async def respond(interaction: discord.Interaction, call: ServiceCall, *,
                  acknowledged: bool = False) -> None:
    """Defer at once (unless ``acknowledged`` already), run the service call, then deliver."""
    if not acknowledged:
        await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await call_service(interaction, call)
    if outcome is not None:
        await client_of(interaction).deliver(outcome, place_of(interaction), interaction)


def progress_of(interaction: discord.Interaction) -> Callable[[Any], Awaitable[None]]:
    """How a long answer (a review) says how far it got: by editing the asker's "thinking"
    message. A failed edit (the token ran out) only loses that word of progress."""
    lang = language_for(interaction.locale)

    async def progress(text: Any) -> None:
        try:
            await interaction.edit_original_response(content=say(text, lang))
        except discord.HTTPException as exc:
            log.info("could not show a review's progress: %s", exc)

    return progress
