"""A post as Discord shows it: its text, file, allowed mentions and buttons (the lobby's,
a move's, a question's, the Wait button). The Discord sender (:mod:`.discord_sender`) sends it.
"""

from __future__ import annotations

from typing import Any

import discord

from ..messages import LOBBY_LABELS, LobbyCard, Post
from ..messages import LookButton as LookButtonSpec
from ..messages import MoveButton as MoveButtonSpec
from .interaction import mentions, say, to_file
from ..messages import HINT_LABEL, MY_VIEW_LABEL, REVIEW_LABEL
from .buttons import (REPLAY_LABEL, HintButton, LobbyButton, LookButton, MoveButton, MyViewButton,
                      ReplayButton, ReviewButton, WaitButton)
from .buttons import custom_id_fits
from .pause_buttons import ask_view

def lobby_view(card: LobbyCard, lang: str) -> discord.ui.View | None:
    if not card.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "addbot"):
        view.add_item(LobbyButton(action, card.game_id, say(LOBBY_LABELS[action], lang, 80)))
    return view


def move_view(buttons: tuple[MoveButtonSpec | LookButtonSpec, ...], lang: str) -> discord.ui.View | None:
    """Up to 25 buttons, five to a row, in the order the game (or the list) gave them."""
    usable = [b for b in buttons if isinstance(b, LookButtonSpec) or custom_id_fits(b)][:25]
    if not usable:
        return None
    view = discord.ui.View(timeout=None)
    for i, b in enumerate(usable):
        item: LookButton | MoveButton
        if isinstance(b, LookButtonSpec):
            item = LookButton(b.game_id, say(b.label, lang, 80))
        else:
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
        view.add_item(ReviewButton(post.replay_of, say(REVIEW_LABEL, lang, 80)))
    elif post.asks:
        view = ask_view(post.asks, lang)
    else:
        view = move_view(post.buttons, lang)
    if post.hint_of is not None:  # a teaching game's turn: ask for a hint
        view = view or discord.ui.View(timeout=None)
        if len(view.children) < 25:
            view.add_item(HintButton(post.hint_of, say(HINT_LABEL, lang, 80)))
    if post.links:  # the web view: the game's page, and a player's own view (privately)
        view = view or discord.ui.View(timeout=None)
        for link in post.links:
            if len(view.children) < 25:
                view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=link.url,
                                                label=say(link.label, lang, 80), emoji="🌐"))
        if post.web_of is not None and post.my_view and len(view.children) < 25:
            view.add_item(MyViewButton(post.web_of, say(MY_VIEW_LABEL, lang, 80)))
    if post.wait is not None:  # a chess clock ran out: the others may wait instead
        view = view or discord.ui.View(timeout=None)
        view.add_item(WaitButton(post.wait.game_id, post.wait.player, say(post.wait.label, lang, 80)))
    if view is not None:
        kwargs["view"] = view
    return kwargs
