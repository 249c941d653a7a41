"""The discord.py client: command tree, persistent buttons and command sync."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

import renderers

from .. import i18n
from ..runtime.config import Settings
from ..refusals import explain
from ..messages import Outcome, Place
from ..delivery.pipeline import Pipeline
from ..service import GameService
from . import commands
from .interaction import OOPS, _, say
from .bot_turns import BotRunner
from .buttons import (CancelButton, ConfirmButton, HintButton, LobbyButton, LookButton, MoveButton,
                      MyViewButton,
                      ReplayButton, ReviewButton, WaitButton)
from .deliver import Bot, deliver
from .discord_sender import DiscordSender
from .pause_buttons import AgreeButton
from .timer_loop import run_timers
from .translator import CatalogTranslator

CANT_USE = _("You can't use that here.")


def anywhere(interaction: discord.Interaction) -> bool:
    """``/turns``: about the user's games elsewhere, posting nothing here, so it works even
    in a server that only the user installed the app in (as do its buttons, which no check
    of the command tree sees)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return data.get("name") == "turns"


NOT_ADDED = _("I'm not a member of this server, so I can't post here. Ask a server admin to add me, "
              "or play in a group DM with your friends.")

log = logging.getLogger(__name__)


def _warmed(task: asyncio.Task[None]) -> None:
    """A drawing worker that fails to start is replaced on the first board; say why here."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the drawing worker did not start", exc_info=task.exception())


class GameBot(Bot):
    """Needs no privileged intents: everything arrives as interactions.

    Auto-sharded: without ``SHARD_COUNT`` discord.py asks Discord how many shards the bot needs
    and runs them all; with ``SHARD_COUNT``/``SHARD_IDS`` this process runs only those shards, and
    Discord sends it only their guilds' events (other processes run the rest).
    """

    def __init__(self, service: GameService, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # no shard_ids at all (not None): discord.py then runs every shard of the count
        shards: dict[str, Any] = ({} if settings.shard_ids is None
                                  else {"shard_ids": list(settings.shard_ids)})
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                         shard_count=settings.shard_count, **shards)
        self.service = service
        self.settings = settings
        service.turns.server_names = self.server_name  # /turns and the digest name servers
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self.usable_here  # type: ignore[method-assign]
        commands.install(self.tree)
        self._timers: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self.bots = BotRunner(self)
        self.pipeline = Pipeline(service, DiscordSender(self), retention=settings.outbox_retention)

    async def deliver(self, outcome: Outcome, place: Place,
                      interaction: discord.Interaction | None = None, *,
                      kick_bots: bool = True) -> None:
        await deliver(self, outcome, place, interaction, kick_bots=kick_bots)

    async def close(self) -> None:
        for task in (self._timers, self._warming):
            if task is not None:
                task.cancel()
        self.bots.stop()
        self.pipeline.stop()
        try:
            await self.service.downtime.stopping()
        except Exception:
            log.exception("noting the shutdown time failed")
        await super().close()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(LobbyButton, MoveButton, ReplayButton, ReviewButton, HintButton, MyViewButton,
                               ConfirmButton, CancelButton, AgreeButton, WaitButton, LookButton)
        await self.tree.set_translator(CatalogTranslator())
        # The drawing worker process builds the renderers' cached artwork as it starts (a few
        # seconds) while the bot loads its catalogs and connects: a board asked for before the
        # worker is ready waits for it, nothing else does. This process draws itself only
        # without that worker.
        self._warming = asyncio.create_task(self.service.drawing.start_workers(), name="drawing worker")
        self._warming.add_done_callback(_warmed)
        await asyncio.to_thread(i18n.warm_up)
        if not self.service.drawing.draw_in_process and self.settings.warm_up:
            await asyncio.to_thread(renderers.warm_up)  # off the loop, not on the first move
        if self.settings.sync_commands:
            await self.sync_commands()
        else:
            log.info("not syncing slash commands: another process does (SYNC_COMMANDS)")
        # Before any move or timer: the clocks stand still through the time the bot was down
        # (what says so is in the outbox, delivered below).
        await self.service.downtime.hold_after_downtime()
        # What the last run left undelivered goes out once the gateway is ready.
        await self.pipeline.start(self.wait_until_ready, self.is_closed)
        self._timers = asyncio.create_task(run_timers(self), name="timers")

    async def launch_shards(self) -> None:
        """Keep a configured ``DISCORD_GATEWAY_URL`` when discord.py picks the shard count.

        Asking for the count also answers with Discord's gateway URL, which discord.py would
        use instead of the configured one (a proxy or a test server).
        """
        if self.shard_count is None and self.settings.gateway_url and not self.is_closed():
            self.shard_count, _, _ = await self.http.get_bot_gateway()
        await super().launch_shards()

    async def sync_commands(self) -> None:
        """Sync only when the command definitions changed (syncing is rate limited)."""
        guild = discord.Object(id=self.settings.guild_id) if self.settings.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) if translator else c.to_dict(self.tree)
                   for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        if await self.service.store.meta.get(key) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.service.store.meta.set(key, digest)
        log.info("synced %d slash commands %s", len(synced),
                 f"to guild {guild.id}" if guild else "globally (may take a while to appear)")

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
        await self.bots.resume()

    def server_name(self, guild_id: int) -> str | None:
        """A server's name from the gateway's cache (None: the bot is not in it)."""
        guild = self.get_guild(guild_id)
        return guild.name if guild is not None else None

    async def usable_here(self, interaction: discord.Interaction) -> bool:
        """A server where only the user installed the app (the bot is not in it) is no place
        for a game: the bot could answer there but never post on its own. Say so at once."""
        if (interaction.guild_id is None or interaction.is_guild_integration()
            or not interaction.is_user_integration() or self.get_guild(interaction.guild_id)
            or anywhere(interaction)):
            return True  # not a server, the server's install, a server the bot is in, or /turns
        if interaction.type == discord.InteractionType.application_command:
            await interaction.response.send_message(say(NOT_ADDED, i18n.language_for(interaction.locale)),
                                                    ephemeral=True)
        return False

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """Errors before our own boundary (checks, transformers, unexpected failures)."""
        original = getattr(error, "original", error)
        lang = i18n.language_for(interaction.locale)
        if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            text = say(explain(error), lang) if str(error) else say(CANT_USE, lang)
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                      exc_info=original)
            text = say(OOPS, lang)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report an error to user %s", interaction.user.id)
