"""Posting on Discord: a post with its file and buttons, the lobby card, a DM, and what a
refusal leaves behind (the closed-DM notice). Both the delivery of an interaction's outcome
(:mod:`bot.adapter.deliver`) and the outbox loop (:mod:`bot.adapter.deliverer`) post through these.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from ..messages import DirectMessage, LobbyCard, Post
from ..messages import MoveButton as MoveButtonSpec
from .base import Client, mentions, say, to_file
from .buttons import LOBBY_LABELS, REPLAY_LABEL, LobbyButton, MoveButton, ReplayButton, WaitButton
from .buttons import custom_id_fits
from .pause_buttons import ask_view

log = logging.getLogger(__name__)
T = TypeVar("T")


async def refusable(send: Awaitable[T], what: str, *args: object, refused: int = logging.WARNING) -> T | None:
    """``send``'s result, or None when Discord refuses it.

    A refusal (403: missing permissions, closed DMs) is expected and logged at ``refused``;
    any other HTTP failure is logged with its traceback. ``what`` names the attempt.
    """
    try:
        return await send
    except discord.Forbidden as exc:
        log.log(refused, "refused: " + what + " (%s)", *args, exc.text or "403 Forbidden")
    except discord.HTTPException:
        log.exception("failed: " + what, *args)
    return None


def lobby_view(card: LobbyCard, lang: str) -> discord.ui.View | None:
    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "addbot"):
        view.add_item(LobbyButton(action, card.game_id, say(LOBBY_LABELS[action], lang, 80)))
    return view


def move_view(buttons: tuple[MoveButtonSpec, ...], lang: str) -> discord.ui.View | None:
    """Up to 25 buttons, five to a row, in the order the game gave them."""
    usable = [b for b in buttons if custom_id_fits(b)][:25]
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    for i, b in enumerate(usable):
        item = MoveButton(say(b.label, lang, 80), b.game_id, b.version, b.seat, b.move, b.path)
        item.item.row = i // 5
        view.add_item(item)
    return view


def post_kwargs(post: Post, lang: str) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"allowed_mentions": mentions(post.mention)}
    if post.image is not None:
        kwargs["file"] = to_file(post.image, lang)
    if post.lobby is not None:
        view = lobby_view(post.lobby, lang)
    elif post.replay_of is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton(post.replay_of, say(REPLAY_LABEL, lang, 80)))
    elif post.asks:
        view = ask_view(post.asks, lang)
    else:
        view = move_view(post.buttons, lang)
    if post.wait is not None:  # a chess clock ran out: the others may wait instead
        view = view or discord.ui.View(timeout=None)
        view.add_item(WaitButton(post.wait.game_id, post.wait.player, say(post.wait.label, lang, 80)))
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def remember(client: Client, post: Post, game_id: int | None, message: discord.Message) -> None:
    if game_id is None:
        return
    if post.lobby is not None:
        await client.service.narrator.remember_message(game_id, "lobby", message.id)
    if post.is_board:
        await client.service.narrator.remember_message(game_id, "board", message.id)
    if post.is_replay:
        where = getattr(message.channel, "id", None)  # a webhook message may not know its channel
        await client.service.narrator.remember_message(game_id, "replay", message.id, where)


async def send_post(client: Client, channel: discord.PartialMessageable, post: Post,
                    game_id: int | None, lang: str) -> bool:
    """Post in the channel; False if the channel refused (the caller falls back)."""
    message = await refusable(channel.send(say(post.text, lang), **post_kwargs(post, lang)),
                              "a post in channel %s", channel.id)
    if message is None:
        return False
    await remember(client, post, game_id, message)
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


async def send_dm(client: Client, dm: DirectMessage, lang: str) -> bool:
    """DM a user; False when Discord refuses (closed DMs: 403, code 50007) or fails."""
    kwargs: dict = {}
    if dm.image is not None:
        kwargs["file"] = to_file(dm.image, lang)

    async def send() -> bool:
        user = client.get_user(dm.user_id) or await client.fetch_user(dm.user_id)
        await user.send(say(dm.text, lang), **kwargs)
        return True

    return await refusable(send(), "a DM to user %s", dm.user_id, refused=logging.INFO) is True


async def notice(channel: discord.PartialMessageable, dm: DirectMessage, lang: str) -> None:
    """Tell the channel (without secrets) that a DM could not be delivered."""
    try:
        await channel.send(say(dm.fallback, lang), allowed_mentions=mentions((dm.user_id,)))
    except discord.HTTPException:
        log.warning("could not post the closed-DM notice for %s", dm.user_id)
