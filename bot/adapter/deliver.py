"""Turn a service :class:`Outcome` into Discord calls, and one error boundary for all of them."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from games import GameError
from games.text import translator

from ..errors import ServiceError, explain
from ..i18n import language_for, tr
from ..messages import Actor, Attachment, DirectMessage, LobbyCard, Outcome, Place, Post
from ..messages import MoveButton as MoveButtonSpec
from ..service import GameService

if TYPE_CHECKING:
    from .client import GameBot

log = logging.getLogger(__name__)

_ = translator("bot")
OOPS = _("Something went wrong on my side and I've logged it. The game is safe as it was; "
         "please try again in a moment.")
ALT_TEXT_LIMIT = 1024  # attachment description limit in Discord's API spec

ServiceCall = Callable[[GameService, Actor, Place], Awaitable[Outcome]]


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


def lobby_view(card: LobbyCard, lang: str) -> discord.ui.View | None:
    from .buttons import LOBBY_LABELS, LobbyButton

    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "addbot"):
        view.add_item(LobbyButton(action, card.game_id, say(LOBBY_LABELS[action], lang, 80)))
    return view


def move_view(buttons: tuple[MoveButtonSpec, ...], lang: str) -> discord.ui.View | None:
    """Up to 25 buttons, five to a row, in the order the game gave them."""
    from .buttons import MoveButton, custom_id_fits

    usable = [b for b in buttons if custom_id_fits(b)][:25]
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    for i, b in enumerate(usable):
        item = MoveButton(say(b.label, lang, 80), b.game_id, b.version, b.seat, b.move, b.path)
        item.item.row = i // 5
        view.add_item(item)
    return view


async def call_service(interaction: discord.Interaction, call: ServiceCall) -> Outcome | None:
    """Run a service call for a deferred interaction; the one error boundary.

    User mistakes are answered privately, anything else is logged and answered with OOPS;
    then None is returned.
    """
    client: GameBot = interaction.client  # type: ignore[assignment]
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
        client: GameBot = interaction.client  # type: ignore[assignment]
        await deliver(client, outcome, place_of(interaction), interaction)


async def deliver(client: GameBot, outcome: Outcome, place: Place,
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
    here = await client.service.channel_language(place.guild_id, seen, channel_id=place.channel_id)
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
                await _notice(channel, dm, here)
    if kick_bots:  # bot seats move on their own once the game changed (where it plays)
        home = await client.service.home_of(outcome.game_id) if outcome.game_id is not None else None
        client.bots.kick(home or place)
    if interaction is None:
        for post in unposted:
            log.warning("could not post in channel %s and no interaction to answer through", place.channel_id)
        return
    kwargs: dict = {"ephemeral": True}
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
        extra: dict = {"ephemeral": True}
        if dm.image is not None:
            extra["file"] = to_file(dm.image, mine)
        await interaction.followup.send(say(_("{why}\n{text}", why=DMS_CLOSED, text=dm.text), mine),
                                        **extra)
    for post in unposted:
        # Without Send Messages / Attach Files in the channel, the interaction webhook still works.
        message = await interaction.followup.send(say(post.text, here), wait=True,
                                                  **_post_kwargs(post, here))
        await _remember(client, post, outcome.game_id, message.id)
    if report is not None:
        await client.outbox.finish_unposted(report, interaction, here)


DMS_CLOSED = _("I couldn't send you a DM: your direct messages from this server are closed "
               "(Privacy Settings → Direct Messages). Here it is, only for you:")


def _post_kwargs(post: Post, lang: str) -> dict:
    kwargs: dict = {"allowed_mentions": mentions(post.mention)}
    if post.image is not None:
        kwargs["file"] = to_file(post.image, lang)
    if post.lobby is not None:
        view = lobby_view(post.lobby, lang)
    elif post.replay_of is not None:
        from .buttons import REPLAY_LABEL, ReplayButton

        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton(post.replay_of, say(REPLAY_LABEL, lang, 80)))
    elif post.asks:
        from .pause_buttons import ask_view

        view = ask_view(post.asks, lang)
    else:
        view = move_view(post.buttons, lang)
    if post.wait is not None:  # a chess clock ran out: the others may wait instead
        from .buttons import WaitButton

        view = view or discord.ui.View(timeout=None)
        view.add_item(WaitButton(post.wait.game_id, post.wait.player, say(post.wait.label, lang, 80)))
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def _remember(client: GameBot, post: Post, game_id: int | None, message_id: int) -> None:
    if game_id is None:
        return
    if post.lobby is not None:
        await client.service.remember_message(game_id, "lobby", message_id)
    if post.is_board:
        await client.service.remember_message(game_id, "board", message_id)
    if post.is_replay:
        await client.service.remember_message(game_id, "replay", message_id)


async def send_post(client: GameBot, channel: discord.PartialMessageable, post: Post,
                    game_id: int | None, lang: str) -> bool:
    """Post in the channel; False if the channel refused (the caller falls back)."""
    try:
        message = await channel.send(say(post.text, lang), **_post_kwargs(post, lang))
    except discord.Forbidden:
        log.warning("cannot post in channel %s (missing permissions)", channel.id)
        return False
    except discord.HTTPException:
        log.exception("posting in channel %s failed", channel.id)
        return False
    await _remember(client, post, game_id, message.id)
    return True


async def edit_lobby(channel: discord.PartialMessageable, card: LobbyCard, lang: str, *,
                     raise_transient: bool = False) -> bool:
    """Show ``card`` in the lobby message; False if Discord refused (a deleted message).

    With ``raise_transient``, server errors are raised for the caller to retry."""
    if card.message_id is None:
        return False
    try:
        await channel.get_partial_message(card.message_id).edit(content=say(card.text, lang),
                                                               view=lobby_view(card, lang))
    except discord.HTTPException as exc:
        if raise_transient and (exc.status >= 500 or exc.status == 429):
            raise
        # The lobby message may have been deleted; the lobby itself lives on in the database.
        log.info("could not edit lobby message %s: %s", card.message_id, exc)
        return False
    return True


async def send_dm(client: GameBot, dm: DirectMessage, lang: str) -> bool:
    """DM a user; False when Discord refuses (closed DMs: 403, code 50007) or fails."""
    kwargs: dict = {}
    if dm.image is not None:
        kwargs["file"] = to_file(dm.image, lang)
    try:
        user = client.get_user(dm.user_id) or await client.fetch_user(dm.user_id)
        await user.send(say(dm.text, lang), **kwargs)
    except discord.Forbidden:
        log.info("DMs of user %s are closed", dm.user_id)
        return False
    except discord.HTTPException:
        log.exception("could not send a DM to %s", dm.user_id)
        return False
    return True


async def _notice(channel: discord.PartialMessageable, dm: DirectMessage, lang: str) -> None:
    """Tell the channel (without secrets) that a DM could not be delivered."""
    try:
        await channel.send(say(dm.fallback, lang), allowed_mentions=mentions((dm.user_id,)))
    except discord.HTTPException:
        log.warning("could not post the closed-DM notice for %s", dm.user_id)
