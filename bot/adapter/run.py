"""Start the bot: endpoints, logging, database, client; close everything on the way out."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import discord
import yarl

from ..runtime.config import Settings
from ..db import DatabaseError, describe, is_postgres, sqlite_path
from ..runtime.event_loop import settle, use_workers
from ..service import GameService
from ..db import SchemaTooNew
from ..store import Store
from ..web.server import WebServer
from .client import GameBot

log = logging.getLogger(__name__)

#: Loggers whose DEBUG records carry secrets: request and webhook URLs hold interaction tokens
#: (``/webhooks/<app>/<token>``), and gateway events carry them in full. They log at INFO at most.
SENSITIVE_LOGGERS = ("discord.http", "discord.webhook", "discord.gateway")

#: What a dropped or missing network looks like to discord.py (the errors its shards retry).
NETWORK_ERRORS = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.HTTPException,
                  discord.GatewayNotFound, discord.ConnectionClosed)
#: How long start-up waits for Discord's first answer before it gives up.
REACH_TIMEOUT = 30.0


#: Every line names this process's shards: several processes of one bot log side by side.
LOG_FORMAT = "[{asctime}] [{levelname:<8}] [shards {shards}] {name}: {message}"
COLOUR_FORMAT = ("\x1b[30;1m{asctime}\x1b[0m {colour}{levelname:<8}\x1b[0m [shards {shards}] "
                 "\x1b[35m{name}\x1b[0m {message}")
LEVEL_COLOURS = {logging.DEBUG: "\x1b[40;1m", logging.INFO: "\x1b[34;1m",
                 logging.WARNING: "\x1b[33;1m", logging.ERROR: "\x1b[31m",
                 logging.CRITICAL: "\x1b[41m"}


class ShardTag(logging.Filter):
    """Gives every record the handler writes a ``shards`` field (discord.py's records too)."""

    def __init__(self, shards: str) -> None:
        super().__init__()
        self.shards = shards

    def filter(self, record: logging.LogRecord) -> bool:
        record.shards = self.shards
        return True


class OneLineReconnects(logging.Filter):
    """discord.py reconnects by itself, with backoff, and logs each attempt at ERROR with the
    network error's traceback. A retried outage is worth one line: a WARNING naming the error."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        text = str(record.msg).lower()
        if (record.name.startswith("discord.") and isinstance(error, NETWORK_ERRORS)
            and ("reconnect" in text or "retrying" in text)):
            reason = " ".join(str(error).split())
            reason = f"{type(error).__name__}: {reason}" if reason else type(error).__name__
            record.msg, record.args = f"{record.getMessage()} ({reason})", None
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class ColourFormatter(logging.Formatter):
    """discord.py's terminal colours, with the shards."""

    def __init__(self) -> None:
        super().__init__(datefmt="%Y-%m-%d %H:%M:%S")
        self.formats = {level: logging.Formatter(COLOUR_FORMAT.replace("{colour}", colour),
                                                 "%Y-%m-%d %H:%M:%S", style="{")
                        for level, colour in LEVEL_COLOURS.items()}

    def format(self, record: logging.LogRecord) -> str:
        return self.formats.get(record.levelno, self.formats[logging.DEBUG]).format(record)


def setup_logging(level: str, shards: str = "all") -> None:
    """Log to stderr at ``level``, but never below INFO for :data:`SENSITIVE_LOGGERS`.

    Each line carries ``[shards <shards>]`` (the ``SHARD_IDS`` of this process, or ``all``).
    """
    number = getattr(logging, level)
    handler = logging.StreamHandler()
    handler.addFilter(ShardTag(shards))
    handler.addFilter(OneLineReconnects())
    formatter = (ColourFormatter() if discord.utils.stream_supports_colour(handler.stream)
                 else logging.Formatter(LOG_FORMAT, "%Y-%m-%d %H:%M:%S", style="{"))
    discord.utils.setup_logging(handler=handler, formatter=formatter, level=number, root=True)
    for name in SENSITIVE_LOGGERS:
        logging.getLogger(name).setLevel(max(number, logging.INFO))


def apply_endpoints(settings: Settings) -> None:
    """Point every REST call and the gateway at the configured URLs (proxy or test server)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class Unreachable(Exception):
    """Discord gave no usable answer at start-up (the message says what to check)."""


def api_host() -> str:
    """Where REST calls go, as ``host[:port]`` (never with credentials)."""
    return urlsplit(str(discord.http.Route.BASE)).netloc.rpartition("@")[2] or "?"


async def reach_discord(token: str) -> None:
    """Ask Discord who we are before anything is created, so that a bot without a network
    stops with one sentence and leaves no database file behind.

    A bad token raises :class:`discord.LoginFailure`; no answer raises :class:`Unreachable`.
    The client logs in again afterwards: one extra request per start.
    """
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    host = api_host()
    try:
        await asyncio.wait_for(http.static_login(token), REACH_TIMEOUT)
    except discord.LoginFailure:
        raise
    except discord.DiscordServerError as exc:  # discord.py has retried it already
        raise Unreachable(f"Discord at {host} is having trouble (HTTP {exc.status}): try again "
                          f"in a few minutes.") from None
    except discord.HTTPException as exc:
        raise Unreachable(f"Discord at {host} answered HTTP {exc.status} instead of the bot's "
                          f"account: check DISCORD_API_BASE.") from None
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
        raise Unreachable(f"Cannot reach Discord at {host}: check the network or "
                          f"DISCORD_API_BASE.") from None
    finally:
        await http.close()


def quiet_voice() -> None:
    """This bot never joins a voice channel: discord.py's warnings that voice would need PyNaCl
    and davey are noise at every start."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


async def serve(settings: Settings) -> None:
    settle()  # everything imported so far stays out of the garbage collector's way
    use_workers(asyncio.get_running_loop())
    apply_endpoints(settings)
    quiet_voice()
    # A new SQLite file is created only once Discord has answered; a database that is there
    # already is checked first, so a wrong one is named even when the network is down too.
    existing = is_postgres(settings.database) or Path(sqlite_path(settings.database)).exists()
    if not existing:
        await reach_discord(settings.token or "")
    store = await Store.open(settings.database)
    service: GameService | None = None
    web: WebServer | None = None
    try:
        if existing:
            await reach_discord(settings.token or "")
        service = GameService(store)
        service.drawing.draw_in_process = True  # pictures never hold the interpreter the loop needs
        service.drawing.warm_up = settings.warm_up
        service.downtime.process = settings.shard_label
        service.downtime.shard_count, service.downtime.shard_ids = settings.shard_count, settings.shard_ids
        if settings.web:  # the web view, in this process: it only reads the database
            web = WebServer(service.web, behind_proxy=settings.web_behind_proxy)
            service.web.base_url, service.web.given_secret = settings.web_url, settings.web_secret
            await web.start(settings.web_port or 0, settings.web_host)
        async with GameBot(service, settings) as client:
            await client.start(settings.token or "")
    finally:
        if web is not None:
            await web.stop()
        if service is not None:
            service.close()
        await store.close()


def run(settings: Settings) -> int:
    setup_logging(settings.log_level, settings.shard_label)
    log.info("database: %s", describe(settings.database))
    if settings.shard_count is not None:
        log.info("shards %s of %d", settings.shard_label, settings.shard_count)
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        print("Discord refused DISCORD_TOKEN: check that it is the bot token from the "
              "Developer Portal (Bot tab), not the client secret.", file=sys.stderr)
        return 1
    except (SchemaTooNew, DatabaseError) as exc:  # one sentence, no traceback: not a bug
        print(exc, file=sys.stderr)
        return 1
    except Unreachable as exc:
        print(exc, file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the gateway intents; this bot needs none of the privileged ones.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0
