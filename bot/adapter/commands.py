"""The slash commands: ``/game ...``, ``/move`` and ``/turns``. Each one is a thin call into the service."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import games

from ..i18n import language_for, tr
from ..messages import Actor, Outcome, Place
from ..service import GameService
from ..safe_text import choice_name
from ..timekeeping.quiet import find_zones
from .buttons import REASON_ROOM, ask
from . import pause_commands
from .interaction import actor_of, place_of, progress_of, respond

T = app_commands.locale_str  # a command text to translate (extracted into the bot catalog)

log = logging.getLogger(__name__)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title, value=g.id) for g in games.REGISTRY.values()]


#: Installable by servers and by users (a user's install works in group DMs and DMs too), and
#: usable in servers, the bot's DM and private channels (group DMs): see README, "Where it works".
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


class GameCommands(app_commands.Group, name="game", description=T("Board games in this channel")):
    """``/game new|join|leave|start|board|hand|rules|status|abort|resign|undo|log|export|stats|notify|kick|skip|addbot|hint|review|config``."""

    @app_commands.command(name="new", description=T("Open a game lobby in this channel (moderators)"))
    @app_commands.describe(game=T("Which game to play"),
                           options=T("Options as key=value pairs, e.g. rules=classic role=host-colour"),
                           thread=T("Play it in a thread of its own (default: the server's setting)"))
    @app_commands.choices(game=_game_choices())
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  options: app_commands.Range[str, 0, 200] | None = None,
                  thread: bool | None = None) -> None:
        bot = interaction.app_permissions  # in this channel, overwrites included
        allowed = bot.create_public_threads and bot.send_messages_in_threads
        await respond(interaction, lambda s, a, p: s.lobby.new_game(a, p, game.value, options, thread=thread,
                                                                    threads_allowed=allowed))

    @app_commands.command(name="join", description=T("Take a seat in this channel's lobby"))
    async def join(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.lobby.join(a, p))

    @app_commands.command(name="leave", description=T("Leave this channel's lobby"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.lobby.leave(a, p))

    @app_commands.command(name="start", description=T("Start the game in this channel (host or moderator)"))
    async def start(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.lobby.start(a, p))

    @app_commands.command(name="board", description=T("Show the current board (only to you)"))
    @app_commands.describe(player=T("Show this player's area (games where each player has one)"))
    async def board(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.looking.board(a, p, player.id if player else None))

    @app_commands.command(name="hand", description=T("Show your private hand and options (only to you)"))
    @app_commands.describe(dm=T("Also send me a copy by direct message"))
    async def hand(self, interaction: discord.Interaction, dm: bool = False) -> None:
        await respond(interaction, lambda s, a, p: s.looking.hand(a, p, dm))

    @app_commands.command(name="rules", description=T("How to play a game"))
    @app_commands.describe(game=T("Which game (default: the one in this channel)"))
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: discord.Interaction,
                    game: app_commands.Choice[str] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.looking.rules(p, game.value if game else None))

    @app_commands.command(name="status", description=T("Who is playing, whose turn it is, and a link to the board"))
    async def status(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.looking.status(a, p))

    @app_commands.command(name="abort", description=T("End this channel's game without a result (moderators)"))
    @app_commands.describe(reason=T("Why the game is aborted (posted in the channel)"),
                           game=T("The game's number, when the channel has several"))
    async def abort(self, interaction: discord.Interaction,
                    reason: app_commands.Range[str, 0, REASON_ROOM] | None = None,
                    game: app_commands.Range[int, 1] | None = None) -> None:
        await ask(interaction, "abort", lambda s, a, p: s.lobby.ask_abort(a, p, reason, game), reason or "")

    @app_commands.command(name="resign", description=T("Give up the game you are playing here"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await ask(interaction, "resign", lambda s, a, p: s.play.ask_resign(a, p))

    @app_commands.command(name="undo", description=T("Take back your last move (if nothing was revealed since)"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.play.undo(a, p))

    @app_commands.command(name="log", description=T("The last moves of this channel's game (only to you)"))
    @app_commands.describe(count=T("How many moves (default 10)"))
    async def log(self, interaction: discord.Interaction,
                  count: app_commands.Range[int, 1, 50] = 10) -> None:
        await respond(interaction, lambda s, a, p: s.history.log(a, p, count))

    @app_commands.command(name="export", description=T("Seed, options and full move log as a file"))
    async def export(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.history.export(a, p))

    @app_commands.command(name="replay", description=T("An animated replay of a finished game in this channel"))
    @app_commands.describe(number=T("The game's number (default: the last finished game here)"))
    async def replay(self, interaction: discord.Interaction,
                     number: app_commands.Range[int, 1] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.history.replay_animation(a, p, number))

    @app_commands.command(name="stats", description=T("This server's leaderboard from finished games"))
    @app_commands.describe(game=T("Only this game"))
    @app_commands.choices(game=_game_choices())
    async def stats(self, interaction: discord.Interaction,
                    game: app_commands.Choice[str] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.ratings.stats(a, p, game.value if game else None))

    @app_commands.command(name="review",
                          description=T("The turning points of a finished game, judged by the bot (posted here)"))
    @app_commands.describe(game=T("The game's number (default: the last finished game here)"))
    async def review(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.reviews.review(a, p, game, progress_of(interaction)))

    @app_commands.command(name="notify",
                          description=T("How I tell you it's your turn: a ping, a DM, both or nothing"))
    @app_commands.describe(where=T("Where to hear of your turns and reminders (leave out to see your choice)"),
                           timezone=T("Your time zone, e.g. Europe/Berlin (for your quiet hours)"),
                           quiet=T("Hours without pings or DMs in your time zone, e.g. 23:00-07:30, or off"),
                           digest=T("A daily DM at this time of your day with the games that wait for you, e.g. 08:00, or off"))
    @app_commands.choices(where=[
        app_commands.Choice(name=T("channel: ping me in the game's channel"), value="channel"),
        app_commands.Choice(name=T("dm: send me a DM with a link to the board"), value="dm"),
        app_commands.Choice(name=T("both: a ping and a DM"), value="both"),
        app_commands.Choice(name=T("off: no pings, no DMs"), value="off"),
    ])
    async def notify(self, interaction: discord.Interaction,
                     where: app_commands.Choice[str] | None = None,
                     timezone: app_commands.Range[str, 1, 64] | None = None,
                     quiet: app_commands.Range[str, 1, 20] | None = None,
                     digest: app_commands.Range[str, 1, 10] | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.notices.notify(
            a, p, where.value if where else None, timezone=timezone, quiet=quiet, digest=digest))

    @notify.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in find_zones(current)]

    @app_commands.command(name="kick", description=T("Remove a player from this channel's game (moderators)"))
    @app_commands.describe(user=T("The player to remove"))
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        await respond(interaction, lambda s, a, p: s.play.kick(a, p, user.id, user.display_name))

    @app_commands.command(name="skip", description=T("Pass the turn of the player who must act (moderators)"))
    @app_commands.describe(user=T("Whose turn, when several players may act"))
    async def skip(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await respond(interaction, lambda s, a, p: s.play.skip(a, p, user.id if user else None))

    @app_commands.command(name="addbot", description=T("Add a bot player to this channel's lobby, or remove the last one"))
    @app_commands.describe(level=T("How strong the bot plays"))
    @app_commands.choices(level=[app_commands.Choice(name=T("easy"), value="easy"),
                                 app_commands.Choice(name=T("normal"), value="normal"),
                                 app_commands.Choice(name=T("hard"), value="hard"),
                                 # Discord allows 25 subcommands a group: removing is a choice here
                                 app_commands.Choice(name=T("remove the last bot"), value="remove")])
    async def addbot(self, interaction: discord.Interaction,
                     level: app_commands.Choice[str] | None = None) -> None:
        if level is not None and level.value == "remove":
            await respond(interaction, lambda s, a, p: s.bots.remove_bot(a, p))
            return
        await respond(interaction, lambda s, a, p: s.bots.add_bot(a, p, level.value if level else "normal"))

    @app_commands.command(name="hint", description=T("Teaching games: the move a normal bot would play now (only to you)"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await respond(interaction, lambda s, a, p: s.hints.hint(a, p))

    @app_commands.command(name="config", description=T("Game settings of this server (Manage Channels)"))
    @app_commands.describe(
        who_starts=T("Who may open games"),
        manager_role=T("A role that may open, start and abort games and moderate them"),
        clear_manager_role=T("Remove the game-manager role again"),
        reminder=T("Ping the player to act every … (e.g. 12h, 1d, off)"),
        reminders=T("Reminders before a deadline: shares of it or time left (e.g. 50%,8h,1h, off)"),
        deadline=T("Turn deadline (e.g. 2d, off)"),
        on_deadline=T("What happens at the deadline"),
        language=T("Language of the bot's messages in channels"),
        bot_takeover=T("Let a bot play on for a player who runs out of time (forfeit)"),
        auto_forced=T("Play a player's only possible move for them at once"),
        threads=T("Give each new game a thread of its own"),
        web=T("Give games a web page, linked under their boards (when the bot serves one)"),
        away_days=T("Days of away each person has in any 365 (default 30)"),
        adopt=T("A player of this game: agree that it takes the server's current settings"),
    )
    @app_commands.choices(
        who_starts=[app_commands.Choice(name=T("moderators"), value="moderators"),
                    app_commands.Choice(name=T("role"), value="role"),
                    app_commands.Choice(name=T("everyone"), value="everyone")],
        on_deadline=[app_commands.Choice(name=T("remind"), value="remind"),
                     app_commands.Choice(name=T("skip"), value="skip"),
                     app_commands.Choice(name=T("forfeit"), value="forfeit")],
        language=[app_commands.Choice(name=T("the server's Discord language"), value="auto"),
                  app_commands.Choice(name="English", value="en"),
                  app_commands.Choice(name="Deutsch", value="de"),
                  app_commands.Choice(name="Dansk", value="da")],
    )
    async def config(self, interaction: discord.Interaction,
                     who_starts: app_commands.Choice[str] | None = None,
                     manager_role: discord.Role | None = None,
                     clear_manager_role: bool = False,
                     reminder: app_commands.Range[str, 1, 20] | None = None,
                     deadline: app_commands.Range[str, 1, 20] | None = None,
                     on_deadline: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None,
                     bot_takeover: bool | None = None,
                     auto_forced: bool | None = None,
                     threads: bool | None = None,
                     away_days: app_commands.Range[int, 0, 365] | None = None,
                     adopt: bool = False,
                     reminders: app_commands.Range[str, 1, 40] | None = None,
                     web: bool | None = None) -> None:
        async def call(service: GameService, actor: Actor, place: Place) -> Outcome:
            if adopt:  # a player's agreement, not a moderator's change
                return await service.kept.adopt(actor, place)
            return await service.settings.configure(
                actor, place, who_starts=who_starts.value if who_starts else None,
                manager_role=manager_role.id if manager_role else None,
                clear_manager_role=clear_manager_role, reminder=reminder, deadline=deadline,
                on_deadline=on_deadline.value if on_deadline else None,
                language=language.value if language else None,
                bot_takeover=bot_takeover, auto_forced=auto_forced, threads=threads,
                away_days=away_days, reminders=reminders, web=web,
            )

        await respond(interaction, call)


@app_commands.command(name="move", description=T("Make your move in this channel's game"))
@app_commands.describe(action=T("Your move; start typing to see the legal ones"),
                       seat=T("Which of your seats moves, if you hold several (Kraqua)"))
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def move(interaction: discord.Interaction, action: app_commands.Range[str, 1, 100],
               seat: app_commands.Range[int, 1, 4] | None = None) -> None:
    await respond(interaction, lambda s, a, p: s.play.move(a, p, action, seat=seat))


@move.autocomplete("action")
async def move_autocomplete(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    seat = getattr(interaction.namespace, "seat", None)
    try:
        pairs = await service.looking.suggest(actor_of(interaction), place_of(interaction), current,
                                              seat=seat if isinstance(seat, int) else None)
    except Exception:
        log.exception("autocomplete failed in channel %s", interaction.channel_id)
        return []
    return choices(pairs, language_for(interaction.locale))


@app_commands.command(name="turns", description=T("Every game that waits for you, on every server"))
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def turns(interaction: discord.Interaction) -> None:
    """Not bound to a channel: it answers anywhere the app is installed (a server only the
    user installed it in too), and names each server the bot is in."""
    await respond(interaction, lambda s, a, p: s.turns.turns(a, p))


@app_commands.command(name="profile", description=T("A player's ratings, games, wins and current games"))
@app_commands.describe(user=T("Whose profile (default: yours)"))
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def profile(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    """A person's page across games (top level, like ``/turns``: ``/game`` holds Discord's
    most of 25 subcommands)."""
    await respond(interaction, lambda s, a, p: s.ratings.profile(a, p, user.id if user else None,
                                                                 user.display_name if user else None))


def choices(pairs: list[tuple[Any, str]], lang: str) -> list[app_commands.Choice[str]]:
    """The one place autocomplete choices are built. Discord shows a choice's name as plain
    text on one line of at most 100 characters: the labels come without Markdown, so a name
    with ``*`` or ``_`` shows as typed, and each is cut after translating."""
    return [app_commands.Choice(name=choice_name(tr(label, lang)), value=value[:100] or "none")
            for label, value in pairs[:25]]


def install(tree: app_commands.CommandTree) -> None:
    group = GameCommands(allowed_installs=INSTALLS, allowed_contexts=CONTEXTS)
    pause_commands.add_to(group)
    tree.add_command(group)
    tree.add_command(move)
    tree.add_command(turns)
    tree.add_command(profile)
