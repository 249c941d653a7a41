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


def setup_logging(level: str) -> None:
    """Log to stderr at ``level``, but never below INFO for :data:`SENSITIVE_LOGGERS`."""
    number = getattr(logging, level)
    discord.utils.setup_logging(level=number, root=True)
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
    setup_logging(settings.log_level)
    log.info("database: %s", describe(settings.database))
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
