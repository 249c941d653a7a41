"""Hand a service :class:`Outcome` to the delivery pipeline, answering the interaction that
asked, then let the bot seats of the game move on."""

from __future__ import annotations

import discord

from ..delivery.pipeline import Pipeline
from ..messages import Outcome, Place
from .interaction import ALT_TEXT_LIMIT, OOPS, Client, chunks
from .bot_turns import BotRunner
from .discord_sender import InteractionAnswer

__all__ = ["ALT_TEXT_LIMIT", "OOPS", "Bot", "chunks", "deliver"]


class Bot(Client):
    """The client with what delivering needs: the pipeline, and the bot seats to kick once a
    game changed."""

    bots: BotRunner
    pipeline: Pipeline


async def deliver(client: Bot, outcome: Outcome, place: Place,
                  interaction: discord.Interaction | None = None, *, kick_bots: bool = True) -> None:
    """Send one outcome (see :meth:`Pipeline.deliver`); with ``interaction``, answer it."""
    answer = InteractionAnswer(interaction) if interaction is not None else None
    try:
        await client.pipeline.deliver(outcome, place, answer)
    finally:  # bot seats move on their own (where the game plays), even if the answer failed
        if kick_bots:
            home = await client.service.threads.home_of(outcome.game_id) if outcome.game_id else None
            client.bots.kick(home or place)
