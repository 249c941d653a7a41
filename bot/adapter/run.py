"""Start the bot: endpoints, logging, database, client; close everything on the way out."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord
import yarl

from ..config import Settings
from ..db import DatabaseError, describe
from ..loop import settle, use_workers
from ..service import GameService
from ..store import SchemaTooNew, Store
from .client import GameBot

log = logging.getLogger(__name__)

#: Loggers whose DEBUG records carry secrets: request and webhook URLs hold interaction tokens
#: (``/webhooks/<app>/<token>``), and gateway events carry them in full. They log at INFO at most.
SENSITIVE_LOGGERS = ("discord.http", "discord.webhook", "discord.gateway")


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


async def serve(settings: Settings) -> None:
    settle()  # everything imported so far stays out of the garbage collector's way
    use_workers(asyncio.get_running_loop())
    apply_endpoints(settings)
    store = await Store.open(settings.database)
    service = GameService(store)
    service.draw_in_process = True  # pictures never hold the interpreter the loop needs
    try:
        async with GameBot(service, settings) as client:
            await client.start(settings.token or "")
    finally:
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
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the gateway intents; this bot needs none of the privileged ones.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0
