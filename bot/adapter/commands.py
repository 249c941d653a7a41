"""The slash commands: ``/game ...`` and ``/move``. Each one is a thin call into the service."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

import games

from ..messages import Actor, Outcome, Place
from ..service import GameService
from .deliver import actor_of, place_of, respond

log = logging.getLogger(__name__)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title, value=g.id) for g in games.REGISTRY.values()]


class GameCommands(app_commands.Group, name="game", description="Board games in this channel",
                   guild_only=True):
    """``/game new|join|leave|start|board|hand|rules|status|abort|resign|config``."""

    @app_commands.command(name="new", description="Open a game lobby in this channel (moderators)")
    @app_commands.describe(game="Which game to play",
                           options="Options as key=value pairs, e.g. rules=classic role=host-colour")
    @app_commands.choices(game=_game_choices())
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  options: app_commands.Range[str, 0, 200] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.new_game(a, p, game.value, options))

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.join(a, p))

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.leave(a, p))

    @app_commands.command(name="start", description="Start the game in this channel (host or moderator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.start(a, p))

    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.board(a, p))

    @app_commands.command(name="hand", description="Show your private hand and options (only to you)")
    @app_commands.describe(dm="Also send me a copy by direct message")
    async def hand(self, interaction: discord.Interaction, dm: bool = False) -> None:
        await respond(interaction, lambda s, a, p: s.hand(a, p, dm))

    @app_commands.command(name="rules", description="How to play a game")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: discord.Interaction,
                    game: app_commands.Choice[str] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.rules(p, game.value if game else None))

    @app_commands.command(name="status", description="Who is playing, whose turn it is, and a link to the board")
    async def status(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.status(a, p))

    @app_commands.command(name="abort", description="End this channel's game without a result (moderators)")
    @app_commands.describe(reason="Why the game is aborted (posted in the channel)")
    async def abort(self, interaction: discord.Interaction,
                    reason: app_commands.Range[str, 0, 300] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.abort(a, p, reason))

    @app_commands.command(name="resign", description="Give up the game you are playing here")
    async def resign(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.resign(a, p))

    @app_commands.command(name="config", description="Server settings for games (Manage Channels)")
    @app_commands.describe(manager_role="A role that may open, start and abort games",
                           clear_manager_role="Remove the game-manager role again")
    async def config(self, interaction: discord.Interaction,
                     manager_role: discord.Role | None = None,
                     clear_manager_role: bool = False) -> None:
        async def call(service: GameService, actor: Actor, place: Place) -> Outcome:
            if clear_manager_role:
                return await service.set_manager_role(actor, place, None)
            if manager_role is not None:
                return await service.set_manager_role(actor, place, manager_role.id)
            return await service.show_settings(actor, place)

        await respond(interaction, call)


@app_commands.command(name="move", description="Make your move in this channel's game")
@app_commands.describe(action="Your move; start typing to see the legal ones")
@app_commands.guild_only()
async def move(interaction: discord.Interaction, action: app_commands.Range[str, 1, 100]) -> None:
    await respond(interaction, lambda s, a, p: s.move(a, p, action))


@move.autocomplete("action")
async def move_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    try:
        pairs = await service.suggest(actor_of(interaction), place_of(interaction), current)
    except Exception:
        log.exception("autocomplete failed in channel %s", interaction.channel_id)
        return []
    return [app_commands.Choice(name=label, value=value) for label, value in pairs[:25]]


def install(tree: app_commands.CommandTree) -> None:
    tree.add_command(GameCommands())
    tree.add_command(move)
