"""Settings from the environment, with a ``.env`` file as a fallback (never committed).

Every setting is documented in ``.env.example``; this module is the only reader. An error
names the setting (and the ``.env`` line), never the value: the value may be the token, and
errors end up in terminals, CI logs and bug reports.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from games import BadOptions

from ..db import is_postgres, postgres_problem
from ..timekeeping.durations import parse_duration

DEFAULT_DATABASE = "data/tidepool.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: The settings this module reads; only these are named when a ``.env`` line is malformed
#: (anything else on such a line might be a pasted secret).
KEYS = ("DISCORD_TOKEN", "DATABASE_URL", "DATABASE_PATH", "DISCORD_GUILD_ID", "LOG_LEVEL",
        "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "SHARD_COUNT", "SHARD_IDS", "SYNC_COMMANDS",
        "WARM_UP", "OUTBOX_RETENTION", "WEB_URL", "WEB_PORT", "WEB_HOST", "WEB_SECRET",
        "WEB_BEHIND_PROXY")
TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")
NO_TOKEN = (
    "DISCORD_TOKEN is not set: put your bot's token in the environment or in a .env file "
    "(copy .env.example to .env and fill it in)."
)


class ConfigError(ValueError):
    """A setting has a value the bot cannot use; the message names it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path
    guild_id: int | None
    log_level: str
    api_base: str | None
    gateway_url: str | None
    #: ``sqlite:///...`` or ``postgresql://...``; None: the SQLite file ``database_path``.
    database_url: str | None = None
    #: Gateway shards: ``None`` lets discord.py ask Discord for the count and run them all.
    shard_count: int | None = None
    #: The shards this process runs (``None``: every shard of ``shard_count``).
    shard_ids: tuple[int, ...] | None = None
    #: Whether this process syncs the slash commands (one process of a sharded bot does).
    sync_commands: bool = True
    #: Whether the drawing worker draws every game's fixed artwork as it starts (else each
    #: piece on first use: the same pictures, the first board of a game a little later).
    warm_up: bool = True
    #: Seconds a delivered outbox row is kept before it is deleted; None keeps them all.
    outbox_retention: float | None = 7 * 86400.0
    #: The web view: its public base URL and the port (and address) it listens on; off unless
    #: both URL and port are set. ``web_secret`` signs its links (None: one kept in the database).
    web_url: str | None = None
    web_port: int | None = None
    web_host: str = "0.0.0.0"
    web_secret: str | None = None
    #: Behind a reverse proxy: the client's address is the last one in X-Forwarded-For.
    web_behind_proxy: bool = False

    @property
    def web(self) -> bool:
        return self.web_url is not None and self.web_port is not None

    @property
    def database(self) -> str:
        """What :meth:`bot.store.Store.open` opens."""
        return self.database_url or f"sqlite:///{self.database_path}"

    @property
    def shard_label(self) -> str:
        """What log lines carry: ``0,1`` for the configured shards, ``all`` otherwise."""
        return ",".join(map(str, self.shard_ids)) if self.shard_ids is not None else "all"


def read_env_file(path: str | Path) -> dict[str, str]:
    """Parse ``KEY=value`` lines (comments, blank lines, ``export`` and quotes allowed)."""
    values: dict[str, str] = {}
    file = Path(path)
    if not file.is_file():
        return values
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{file} is not UTF-8 text") from None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"{file}:{number}: expected KEY=value{_named(line)}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key.strip()] = value
    return values


def _named(line: str) -> str:
    """`` (for DISCORD_TOKEN)`` when a malformed line starts with a known key; else nothing."""
    first = line.replace("=", " ").replace(":", " ").split(maxsplit=1)
    return f" (for {first[0]})" if first and first[0] in KEYS else ""


def load_settings(environ: Mapping[str, str] | None = None,
                  env_file: str | Path | None = ".env") -> Settings:
    """The environment wins over the ``.env`` file; empty values count as unset."""
    merged: dict[str, str] = read_env_file(env_file) if env_file else {}
    merged.update(os.environ if environ is None else environ)

    def get(key: str) -> str | None:
        value = merged.get(key, "").strip()
        return value or None

    guild = get("DISCORD_GUILD_ID")
    if guild is not None and not guild.isdigit():
        raise ConfigError("DISCORD_GUILD_ID must be a server id (digits only)")
    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}")
    api_base = get("DISCORD_API_BASE")
    if api_base is not None:
        if not api_base.startswith(("http://", "https://")):
            raise ConfigError("DISCORD_API_BASE must start with http:// or https://")
        api_base = api_base.rstrip("/")
        if "/api/v" not in api_base:
            api_base += "/api/v10"
    database_url = get("DATABASE_URL")
    if database_url is not None:
        # Never echo it: a PostgreSQL URL may carry a password.
        if not database_url.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ConfigError("DATABASE_URL must start with sqlite:/// (a file) or postgresql:// "
                              "(a PostgreSQL server)")
        problem = postgres_problem(database_url) if is_postgres(database_url) else None
        if problem is not None:
            raise ConfigError(problem)
    gateway = get("DISCORD_GATEWAY_URL")
    if gateway is not None and not gateway.startswith(("ws://", "wss://")):
        raise ConfigError("DISCORD_GATEWAY_URL must start with ws:// or wss://")
    shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))
    sync = get("SYNC_COMMANDS")
    if sync is None:  # only the process that holds shard 0 (or the only process)
        sync_commands = shard_ids is None or 0 in shard_ids
    elif sync.lower() in TRUE + FALSE:
        sync_commands = sync.lower() in TRUE
    else:
        raise ConfigError("SYNC_COMMANDS must be true or false")
    warm = (get("WARM_UP") or "true").lower()
    if warm not in TRUE + FALSE:
        raise ConfigError("WARM_UP must be true or false")
    retention: float | None = 7 * 86400.0
    if get("OUTBOX_RETENTION") is not None:
        try:
            parsed = parse_duration(get("OUTBOX_RETENTION") or "", what="retention")
        except BadOptions:
            raise ConfigError("OUTBOX_RETENTION must be a duration between 5 minutes and 60 days "
                              "(e.g. 7d), or off") from None
        retention = None if parsed is None else float(parsed)
    web_url, web_port = get("WEB_URL"), get("WEB_PORT")
    if web_url is not None and not web_url.startswith(("http://", "https://")):
        raise ConfigError("WEB_URL must start with http:// or https:// (the address people open)")
    if web_port is not None and (not web_port.isdigit() or not 0 < int(web_port) < 65536):
        raise ConfigError("WEB_PORT must be a port number from 1 to 65535")
    if (web_url is None) != (web_port is None):
        raise ConfigError("the web view needs both WEB_URL and WEB_PORT (or neither)")
    web_secret = get("WEB_SECRET")
    if web_secret is not None and len(web_secret) < 32:
        raise ConfigError("WEB_SECRET must be at least 32 characters (or unset: one is made and "
                          "kept in the database)")
    proxy = (get("WEB_BEHIND_PROXY") or "false").lower()
    if proxy not in TRUE + FALSE:
        raise ConfigError("WEB_BEHIND_PROXY must be true or false")
    return Settings(
        token=get("DISCORD_TOKEN"),
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
        guild_id=int(guild) if guild else None,
        log_level=level,
        api_base=api_base,
        gateway_url=gateway,
        database_url=database_url,
        shard_count=shard_count,
        shard_ids=shard_ids,
        sync_commands=sync_commands,
        warm_up=warm in TRUE,
        outbox_retention=retention,
        web_url=web_url.rstrip("/") if web_url else None,
        web_port=int(web_port) if web_port else None,
        web_host=get("WEB_HOST") or "0.0.0.0",
        web_secret=web_secret,
        web_behind_proxy=proxy in TRUE,
    )


def _shards(count: str | None, ids: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS``; the errors name the setting, never its value."""
    if count is None:
        if ids is not None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards of the bot)")
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise ConfigError("SHARD_COUNT must be a whole number of at least 1")
    total = int(count)
    if ids is None:
        return total, None
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ConfigError("SHARD_IDS must be shard numbers separated by commas, e.g. 0,1")
    numbers = tuple(int(part) for part in parts)
    if any(n >= total for n in numbers):
        raise ConfigError(f"SHARD_IDS must be shard numbers from 0 to {total - 1} (SHARD_COUNT - 1)")
    if len(set(numbers)) != len(numbers):
        raise ConfigError("SHARD_IDS lists a shard twice")
    return total, numbers


def command_settings() -> Settings | None:
    """The settings for a command line; None after saying on stderr why they can't be used."""
    try:
        return load_settings()
    except ConfigError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return None
