"""A small Discord API emulator (aiohttp) for end-to-end tests of the real bot process.

It serves the REST API under ``/api/v10`` and the gateway websocket on 127.0.0.1. The bot
is pointed at it only through ``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL``.

What it does like Discord:
- login (``/users/@me``, ``/oauth2/applications/@me``), command sync, the gateway handshake
  (HELLO, IDENTIFY, READY, GUILD_CREATE with every member, heartbeats);
- shards: ``GET /gateway/bot`` recommends :attr:`Emulator.shard_count`; an IDENTIFY with
  ``shard: [id, count]`` gets READY and GUILD_CREATE for that shard's guilds only
  (``(guild_id >> 22) % count``, DMs on shard 0), one without gets every guild; each interaction
  goes to the connection that holds its guild's shard, and when none does it is never delivered
  (the user would see "This interaction failed"); :meth:`Emulator.add_guild` makes more guilds;
- interactions sent as INTERACTION_CREATE events; their callbacks, followups and edits, with
  Discord's rules: an interaction acknowledged after 3 s gets 10062 Unknown interaction, a second
  initial response 40060, the first followup after a deferral replaces the "thinking" message
  and keeps its ephemeral flag; followups only for 15 minutes;
- channel messages with attachments (multipart), edits, DMs; a DM to a user whose DMs are closed
  gets 403 with code 50007; a channel the bot may not write to gets 403 / 50013;
- threads: a public thread started from a message (it gets the message's id), read and
  unarchived with ``GET``/``PATCH /channels/{id}``; a post in an archived thread unarchives
  it (unless locked), as on Discord, and is counted in ``archived_posts``; a channel in
  ``no_threads`` refuses threads with 403 / 50013;
- optional 429s (with the ``Via`` header real rate limits carry);
- every request body is validated against Discord's OpenAPI spec (``tests/discord_spec.py``);
  violations are collected in ``violations`` and fail the test.

Waiting for the bot (:meth:`Emulator.until`, :meth:`Emulator.finish`) is driven by events: every
request and gateway message the emulator handles wakes the waiters, which look again (and at
least every :data:`LOOK_AGAIN` seconds, for what the bot writes to its database or log). The
deadline, :data:`PATIENCE`, is generous enough for a machine under full load; a real failure
ends the wait at once instead: a spec violation, or whatever a watcher reports (a bot process
that exited or logged an error, see ``tests/e2e/conftest.py``).

It records everything the bot sent, so tests can assert on messages, their real PNG bytes,
components, ephemeral flags and who was actually pinged.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord_spec import DiscordSpec
from tests.waiting import PATIENCE

TOKEN = "emulated-bot-token"
APP_ID = 4100000000000000001
GUILD_ID = 4100000000000000002
OWNER_ID = 4100000000000000003
EVERYONE_PERMISSIONS = 1 << 10 | 1 << 11 | 1 << 31  # view channel, send messages, use app commands
MODERATOR_PERMISSIONS = EVERYONE_PERMISSIONS | 1 << 4  # + manage channels
BOT_PERMISSIONS = (1 << 53) - 1
ACK_DEADLINE = 3.0  # Discord's: an interaction acknowledged later is unknown (10062)
#: Seconds between looks at a condition while nothing reaches the emulator.
LOOK_AGAIN = 0.2
WEBHOOK_LIFETIME = 15 * 60
EPHEMERAL = 1 << 6


class HTTPError(Exception):
    """Raised inside handlers: becomes a Discord-style JSON error response."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's rule: which of ``count`` shards gets a guild's events (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass
class Guild:
    id: int
    name: str
    channels: set[int] = field(default_factory=set)
    members: set[int] = field(default_factory=set)  # user ids


@dataclass(eq=False)
class Session:
    """One gateway connection from its IDENTIFY on."""

    number: int  # 1 for the first IDENTIFY the emulator saw
    shard: tuple[int, int] | None  # [id, count] as identified; None: unsharded, sees everything
    ws: web.WebSocketResponse
    guilds: list[int] = field(default_factory=list)  # what READY announced
    seq: int = 0
    ready: bool = False  # READY and every GUILD_CREATE sent
    open: bool = True
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def holds(self, guild_id: int | None) -> bool:
        return self.shard is None or shard_of(guild_id, self.shard[1]) == self.shard[0]


@dataclass
class User:
    id: int
    name: str
    moderator: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None, "public_flags": 0}

    def member(self) -> dict[str, Any]:
        perms = MODERATOR_PERMISSIONS if self.moderator else EVERYONE_PERMISSIONS
        return {"user": self.payload(), "roles": [], "nick": None, "avatar": None,
                "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                "flags": 0, "pending": False, "permissions": str(perms)}


@dataclass
class Message:
    id: int
    channel_id: int
    content: str
    components: list[dict[str, Any]]
    attachments: list[dict[str, Any]]  # with "data": the uploaded bytes
    flags: int
    allowed_mentions: dict[str, Any] | None
    pinged_users: set[int]
    pinged_everyone: bool
    interaction_id: int | None = None  # followups and interaction responses
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "type": 0,
            "author": {"id": str(APP_ID), "username": "tidepool", "discriminator": "0",
                       "global_name": None, "avatar": None, "bot": True},
            "content": self.content, "timestamp": "2026-11-30T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": self.pinged_everyone,
            "mentions": [], "mention_roles": [], "embeds": [], "pinned": False,
            "attachments": [{k: v for k, v in a.items() if k != "data"} for a in self.attachments],
            "components": self.components, "flags": self.flags,
        }


@dataclass
class Interaction:
    """One interaction the emulator sent, and everything the bot did about it."""

    id: int
    token: str
    kind: int
    user: User
    channel_id: int
    payload: dict[str, Any]
    sent_at: float
    acked_at: float | None = None
    callback: dict[str, Any] | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)  # Discord error codes the bot ran into
    done: asyncio.Event = field(default_factory=asyncio.Event)
    guild_id: int | None = None  # None: in a DM
    session: Session | None = None  # the gateway connection it was sent on; None: undelivered
    sent: bool = False

    @property
    def delivered(self) -> bool:
        return self.session is not None

    @property
    def shard(self) -> int | None:
        """The shard it went to (None when undelivered or sent on an unsharded connection)."""
        return self.session.shard[0] if self.session is not None and self.session.shard else None

    @property
    def ack_time(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.sent_at

    @property
    def reply(self) -> Message | None:
        """The ephemeral answer: the message that replaced the deferral (or the direct reply)."""
        return self.original

    @property
    def deferred(self) -> bool:
        return bool(self.callback) and self.callback["type"] == 5

    @property
    def choices(self) -> list[dict[str, Any]]:
        assert self.callback and self.callback["type"] == 8, self.callback
        return self.callback["data"]["choices"]


class Emulator:
    """Start with :meth:`start`; point the bot at :attr:`api_base` and :attr:`gateway_url`."""

    def __init__(self, spec: DiscordSpec | None, *, shard_count: int = 1,
                 ack_deadline: float = ACK_DEADLINE) -> None:
        self.spec = spec
        #: Discord's 3 s by default. The tests' emulator accepts a late acknowledgement (a
        #: loaded machine is slow, not wrong) and counts it in ``late_acks``; how quickly the
        #: bot answers is measured by the benchmark (``python -m tools.bench --only interactions``).
        self.ack_deadline = ack_deadline
        self.late_acks = 0
        #: Each returns a sentence when something failed for real (see :meth:`problem`).
        self.watchers: list[Callable[[], str | None]] = []
        self._changed = asyncio.Event()
        self.shard_count = shard_count  # what GET /gateway/bot recommends
        #: The ``url`` GET /gateway/bot answers (Discord answers its own, whatever proxy is used).
        self.advertised_gateway: str | None = None
        self.violations: list[str] = []
        self.requests: list[tuple[str, str]] = []
        self._ids = itertools.count(4200000000000000000)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {GUILD_ID: Guild(GUILD_ID, "Emulated Server")}
        self.channels: set[int] = set()  # every guild's text channels
        self.channel_guild: dict[int, int] = {}
        self.read_only_channels: set[int] = set()
        self.dm_channels: dict[int, int] = {}  # dm channel id -> user id
        self.group_dms: dict[int, list[int]] = {}  # group DM id -> its members (the app is none)
        self.messages: dict[int, Message] = {}
        self.by_channel: dict[int, list[Message]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: list[dict[str, Any]] = []
        self.command_syncs = 0
        self.rate_limit_next: dict[str, int] = {}  # route template -> how many 429s to give
        self.rate_limited = 0
        self.sessions: list[Session] = []  # every IDENTIFY, in order
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._send_lock = asyncio.Lock()
        #: Hold the next channel upload ("before": Discord never got it; "after": it made the
        #: message, but the answer never comes back) until the bot goes away.
        self.stall_next_upload: str | None = None
        self.stalled = asyncio.Event()
        self.unstall = asyncio.Event()  # set it (after killing the bot) to end the held request
        self.nonces: dict[tuple[int, str], Message] = {}  # (channel, nonce) -> the message it made
        self.nonce_hits = 0
        self.threads: dict[int, dict[str, Any]] = {}  # thread id -> its channel object
        self.no_threads: set[int] = set()  # channels where the bot may not create threads
        self.archived_posts = 0  # posts that had to unarchive their thread themselves

    # ----- set-up ---------------------------------------------------------------------------

    def snowflake(self) -> int:
        return next(self._ids)

    def changed(self) -> None:
        """Wake everyone waiting in :meth:`until`: something reached the emulator."""
        self._changed.set()
        self._changed = asyncio.Event()

    def problem(self) -> str | None:
        """Why waiting on is pointless: a request that broke the spec, or what a watcher saw."""
        if self.violations:
            return "the bot sent requests that break Discord's API spec:\n" + "\n".join(self.violations)
        for watcher in self.watchers:
            found = watcher()
            if found:
                return found
        return None

    @property
    def guild(self) -> Guild:
        """The first guild, the one every test has."""
        return self.guilds[GUILD_ID]

    def add_guild(self, name: str, *, shard: int, of: int = 2) -> Guild:
        """A guild whose id puts it on ``shard`` of ``of`` shards."""
        gid = self.snowflake()
        while shard_of(gid, of) != shard:
            gid += 1 << 22  # the snowflake's timestamp part: ids stay unique
        guild = Guild(gid, name)
        self.guilds[gid] = guild
        return guild

    def add_user(self, name: str, *, moderator: bool = False, dms_open: bool = True,
                 guild: Guild | None = None) -> User:
        user = User(self.snowflake(), name, moderator, dms_open)
        self.users[user.id] = user
        (guild or self.guild).members.add(user.id)
        return user

    def add_channel(self, guild: Guild | None = None) -> int:
        cid = self.snowflake()
        guild = guild or self.guild
        guild.channels.add(cid)
        self.channels.add(cid)
        self.channel_guild[cid] = guild.id
        self.by_channel[cid] = []
        return cid

    def add_group_dm(self, *members: User) -> int:
        """A group DM of these users, where each has installed the app themselves: the app may
        answer their interactions there, never post on its own (403)."""
        cid = self.snowflake()
        self.group_dms[cid] = [u.id for u in members]
        self.by_channel[cid] = []
        return cid

    def open_dm(self, user: User) -> int:
        """The DM channel between the bot and ``user`` (as if the bot had opened it)."""
        return int(self._h_open_dm(None, {}, {"recipient_id": str(user.id)}, [])["id"])

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        self.unstall.set()
        for session in self.sessions:
            if session.open:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ----- gateway --------------------------------------------------------------------------

    @property
    def identifies(self) -> int:
        return len(self.sessions)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session: Session | None = None
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                op = data.get("op")
                if op == 1:  # heartbeat
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2:  # identify
                    if data["d"].get("token") != TOKEN:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    shard = data["d"].get("shard")
                    if shard is not None and not (len(shard) == 2 and 0 <= shard[0] < shard[1]):
                        await ws.close(code=4010, message=b"Invalid shard.")
                        break
                    if session is not None:
                        session.open = False
                    session = Session(len(self.sessions) + 1, tuple(shard) if shard else None, ws)
                    self.sessions.append(session)
                    await self._identified(session)
                elif op == 6:  # resume: say the session cannot be resumed, forcing a new identify
                    await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
                self.changed()
        finally:
            if session is not None:
                session.open = False
            self.changed()
        return ws

    async def _identified(self, session: Session) -> None:
        session.guilds = [gid for gid in self.guilds if session.holds(gid)]
        await self._dispatch(session, "READY", {
            "v": 10, "user": {**self._bot_user(), "bot": True, "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in session.guilds],
            "session_id": f"session-{session.number}",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [], "relationships": [],
            **({"shard": list(session.shard)} if session.shard else {}),
        })
        for gid in session.guilds:
            await self._dispatch(session, "GUILD_CREATE", self._guild(self.guilds[gid]))
        session.ready = True

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            await session.ws.send_str(json.dumps({"op": 0, "t": event, "s": session.seq, "d": data}))

    def session_for(self, guild_id: int | None) -> Session | None:
        """The connection Discord would send this guild's events on (the newest that holds it)."""
        return next((s for s in reversed(self.sessions) if s.open and s.ready and s.holds(guild_id)),
                    None)

    def _bot_user(self) -> dict[str, Any]:
        return {"id": str(APP_ID), "username": "tidepool", "discriminator": "0",
                "global_name": "Tidepool", "avatar": None, "bot": True}

    def _guild(self, guild: Guild) -> dict[str, Any]:
        members = [self.users[uid].member() for uid in sorted(guild.members)]
        members.append({"user": self._bot_user(), "roles": [], "nick": None, "avatar": None,
                        "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                        "flags": 0})
        channels = [{"id": str(c), "type": 0, "name": f"games-{i}", "position": i,
                     "permission_overwrites": [], "nsfw": False, "parent_id": None,
                     "topic": None, "last_message_id": None, "rate_limit_per_user": 0}
                    for i, c in enumerate(sorted(guild.channels))]
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(OWNER_ID), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": "en-US", "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "features": [], "emojis": [], "stickers": [],
            "roles": [{"id": str(guild.id), "name": "@everyone", "permissions": str(EVERYONE_PERMISSIONS),
                       "position": 0, "color": 0, "hoist": False, "managed": False,
                       "mentionable": False, "flags": 0}],
            "channels": channels, "threads": [], "members": members, "member_count": len(members),
            "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "large": False, "unavailable": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
        }

    # ----- sending interactions -------------------------------------------------------------

    def ready_sessions(self, shards: list[int] | None = None, since: int = 0) -> list[Session] | None:
        """The open, ready connections identified after the first ``since`` IDENTIFYs: one per
        shard in ``shards`` (any one when None), or None while one is missing."""
        fresh = [s for s in self.sessions[since:] if s.open and s.ready]
        if shards is None:
            return fresh[-1:] or None
        found = [next((s for s in reversed(fresh) if s.shard and s.shard[0] == n), None)
                 for n in shards]
        return None if None in found else found  # type: ignore[return-value]

    async def wait_ready(self, timeout: float = PATIENCE, *, shards: list[int] | None = None,
                         since: int = 0) -> list[Session]:
        await self.until(lambda: self.ready_sessions(shards, since) is not None, timeout,
                         what=f"the bot to be ready on shards {shards if shards is not None else 'any'}")
        return self.ready_sessions(shards, since)  # type: ignore[return-value]

    def _interaction(self, user: User, kind: int, data: dict[str, Any], channel_id: int,
                     message: Message | None = None) -> Interaction:
        iid = self.snowflake()
        token = f"itoken-{iid}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "data": data,
            "channel_id": str(channel_id), "token": token, "version": 1,
            "app_permissions": str(BOT_PERMISSIONS), "locale": "en-US",
            "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
        }
        guild_id = self.channel_guild.get(channel_id)
        if channel_id in self.group_dms:  # a group DM, through the user's own install
            members = self.group_dms[channel_id]
            assert user.id in members, f"{user.name} is not in group DM {channel_id}"
            payload.update({
                "user": user.payload(), "context": 2, "app_permissions": "0",
                "channel": {"id": str(channel_id), "type": 3, "name": None, "icon": None,
                            "owner_id": str(members[0]), "last_message_id": None,
                            "recipients": [self.users[u].payload() for u in members if u != user.id]},
                "authorizing_integration_owners": {"1": str(user.id)},
            })
        elif guild_id is None:  # a DM with the bot
            assert self.dm_channels.get(channel_id) == user.id, f"{user.name} is not in channel {channel_id}"
            payload.update({
                "user": user.payload(), "context": 1,
                "channel": {"id": str(channel_id), "type": 1, "last_message_id": None, "flags": 0,
                            "recipients": [user.payload()]},
                "authorizing_integration_owners": {"0": "0"},  # Discord's value for the bot's DMs
            })
        else:
            assert user.id in self.guilds[guild_id].members, f"{user.name} is not in guild {guild_id}"
            payload.update({
                "guild_id": str(guild_id), "member": user.member(), "guild_locale": "en-US",
                "context": 0, "authorizing_integration_owners": {"0": str(guild_id)},
                "channel": self.threads.get(channel_id) or {
                    "id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": "games",
                    "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
            })
        if message is not None:
            payload["message"] = message.payload()
        record = Interaction(iid, token, kind, user, channel_id, payload, sent_at=0.0,
                             guild_id=guild_id)
        self.interactions[iid] = record
        self.by_token[token] = record
        return record

    async def send(self, record: Interaction) -> Interaction:
        """On the connection of the shard that holds its guild; with none, it is lost, as on
        Discord (the user sees "This interaction failed"): ``record.delivered`` stays False."""
        record.sent_at = time.monotonic()
        record.sent = True
        record.session = self.session_for(record.guild_id)
        if record.session is not None:
            await self._dispatch(record.session, "INTERACTION_CREATE", record.payload)
        self.changed()
        return record

    async def finish(self, record: Interaction, timeout: float = PATIENCE) -> Interaction:
        """Wait until the bot has answered the interaction completely."""
        if record.sent and not record.delivered:
            raise AssertionError(f"interaction {record.payload['data']} in guild {record.guild_id}: "
                                 "no gateway connection holds its shard")
        await self.until(record.done.is_set, timeout,
                         what=lambda: f"a complete answer to interaction {record.payload['data']} by "
                                      f"{record.user.name} (callback so far: {record.callback})")
        return record

    async def until(self, condition: Callable[[], Any], timeout: float = PATIENCE,
                    what: str | Callable[[], str] = "condition") -> None:
        """Wait until ``condition()`` is true: looked at whenever the emulator handles a request
        or a gateway message, and every :data:`LOOK_AGAIN` seconds (for the bot's database and
        log). Fails at once on a :meth:`problem`, and after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed  # taken before looking: a change meanwhile wakes us
            if condition():
                return
            problem = self.problem()
            description = what() if callable(what) else what
            if problem:
                raise AssertionError(f"while waiting for {description}: {problem}")
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout:.0f} s waiting for {description}")
            try:
                await asyncio.wait_for(changed.wait(), min(left, LOOK_AGAIN))
            except TimeoutError:
                pass

    def _command_data(self, name: str, options: dict[str, Any], focused: str | None) -> dict[str, Any]:
        parts = name.split()
        command = next((c for c in self.commands if c["name"] == parts[0]), None)
        assert command is not None, f"/{parts[0]} was not synced (synced: {[c['name'] for c in self.commands]})"
        target = command
        for sub in parts[1:]:
            target = next(o for o in target.get("options", []) if o["name"] == sub and o["type"] in (1, 2))
        types = {o["name"]: o["type"] for o in target.get("options", [])}
        opts: list[dict[str, Any]] = []
        for key, value in options.items():
            assert key in types, f"/{name} has no option {key}"
            opts.append({"name": key, "type": types[key], "value": value,
                         **({"focused": True} if key == focused else {})})
        for sub in reversed(parts[1:]):
            opts = [{"name": sub, "type": 1, "options": opts}]
        return {"id": command["id"], "name": parts[0], "type": 1, "options": opts}

    async def slash(self, user: User, name: str, channel_id: int, *, wait: bool = True,
                    **options: Any) -> Interaction:
        record = self._interaction(user, 2, self._command_data(name, options, None), channel_id)
        await self.send(record)
        return await self.finish(record) if wait else record

    async def autocomplete(self, user: User, name: str, channel_id: int, option: str,
                           current: str) -> list[dict[str, Any]]:
        data = self._command_data(name, {option: current}, option)
        record = await self.send(self._interaction(user, 4, data, channel_id))
        await self.finish(record)
        return record.choices

    async def click(self, user: User, message: Message, custom_id: str, *,
                    wait: bool = True) -> Interaction:
        assert custom_id in message.custom_ids(), f"{custom_id} is not on message {message.id}"
        data = {"custom_id": custom_id, "component_type": 2}
        record = self._interaction(user, 3, data, message.channel_id, message)
        await self.send(record)
        return await self.finish(record) if wait else record

    # ----- REST -----------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        try:
            return await self._handle(request)
        finally:
            self.changed()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        method = request.method
        self.requests.append((method, path))
        if request.headers.get("Authorization") != f"Bot {TOKEN}" and not path.startswith(("/webhooks/", "/interactions/")):
            return _json({"code": 0, "message": "401: Unauthorized"}, 401)
        try:
            body, files = await self._read_body(request)
            if self.spec is not None and method in ("POST", "PUT", "PATCH"):
                self.violations += self.spec.check(method, path, body)
            template, params = self._route(method, path)
            limited = self._maybe_rate_limit(template)
            if limited is not None:
                return limited
            handler = getattr(self, "_h_" + template)
            if self.stall_next_upload and template == "post" and files:
                stall, self.stall_next_upload = self.stall_next_upload, None
                if stall == "after":
                    handler(request, params, body, files)
                self.stalled.set()
                self.changed()
                await self.unstall.wait()  # the test kills the bot meanwhile: nobody reads this
                return _json({"code": 0, "message": "500: the bot went away"}, 500)
            result = handler(request, params, body, files)
            if isinstance(result, web.StreamResponse):
                return result
            return _json(result)
        except HTTPError as exc:
            return _json({"code": exc.code, "message": exc.message}, exc.status)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        files: list[tuple[str, bytes]] = []
        if request.content_type == "multipart/form-data":
            body = None
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                elif part.filename:  # type: ignore[union-attr]
                    files.append((part.filename, bytes(data)))  # type: ignore[union-attr]
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), files

    _ROUTES = [
        ("GET", r"/users/@me", "me"),
        ("GET", r"/oauth2/applications/@me", "app"),
        ("GET", r"/gateway(/bot)?", "gateway_info"),
        ("PUT", r"/applications/(?P<app>\d+)(/guilds/(?P<guild>\d+))?/commands", "sync"),
        ("GET", r"/applications/(?P<app>\d+)(/guilds/(?P<guild>\d+))?/commands", "commands"),
        ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "callback"),
        ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "followup"),
        ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "edit_followup"),
        ("POST", r"/channels/(?P<cid>\d+)/messages", "post"),
        ("POST", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)/threads", "start_thread"),
        ("GET", r"/channels/(?P<cid>\d+)", "get_channel"),
        ("PATCH", r"/channels/(?P<cid>\d+)", "edit_channel"),
        ("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", "edit"),
        ("POST", r"/users/@me/channels", "open_dm"),
        ("GET", r"/users/(?P<uid>\d+)", "user"),
    ]

    def _route(self, method: str, path: str) -> tuple[str, dict[str, str]]:
        for m, pattern, name in self._ROUTES:
            if m == method and (match := re.fullmatch(pattern, path)):
                return name, {k: v for k, v in match.groupdict().items() if v is not None}
        self.violations.append(f"{method} {path}: the emulator (and the bot) should not need this")
        raise HTTPError(404, 0, "404: Not Found")

    def _maybe_rate_limit(self, template: str) -> web.Response | None:
        if self.rate_limit_next.get(template, 0) <= 0:
            return None
        self.rate_limit_next[template] -= 1
        self.rate_limited += 1
        body = {"message": "You are being rate limited.", "retry_after": 0.25, "global": False}
        return web.Response(body=json.dumps(body).encode(), status=429, headers={
            "Content-Type": "application/json", "Retry-After": "1", "Via": "1.1 google",
            "X-RateLimit-Scope": "user", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": "0.25", "X-RateLimit-Bucket": f"bucket-{template}",
        })

    # ----- handlers -------------------------------------------------------------------------

    def _h_me(self, request, params, body, files):
        return {**self._bot_user(), "verified": True, "mfa_enabled": False, "flags": 0}

    def _h_app(self, request, params, body, files):
        return {"id": str(APP_ID), "name": "Tidepool", "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                "owner": {"id": str(OWNER_ID), "username": "owner", "discriminator": "0",
                          "global_name": None, "avatar": None},
                "team": None, "flags": 0, "summary": "", "rpc_origins": []}

    def _h_gateway_info(self, request, params, body, files):
        return {"url": self.advertised_gateway or self.gateway_url, "shards": self.shard_count,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                        "max_concurrency": 1}}

    def _h_sync(self, request, params, body, files):
        self.command_syncs += 1
        self.commands = [{**c, "id": str(self.snowflake()), "application_id": str(APP_ID),
                          "version": str(self.snowflake()), "default_member_permissions": None,
                          "type": c.get("type", 1)} for c in body]
        return self.commands

    def _h_commands(self, request, params, body, files):
        return self.commands

    def _new_message(self, channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]],
                     *, flags: int | None = None, interaction_id: int | None = None,
                     pings: bool = True) -> Message:
        attachments = []
        described = {int(a["id"]): a for a in body.get("attachments") or [] if "id" in a}
        for index, (name, data) in enumerate(files):
            meta = described.get(index, {})
            attachments.append({"id": str(self.snowflake()), "filename": name, "size": len(data),
                                "url": f"https://cdn.emulated/{name}", "proxy_url": f"https://cdn.emulated/{name}",
                                "description": meta.get("description"), "data": data})
        content = body.get("content") or ""
        users, everyone = _pings(content, body.get("allowed_mentions")) if pings else (set(), False)
        message = Message(self.snowflake(), channel_id, content, body.get("components") or [],
                          attachments, (body.get("flags") or 0) if flags is None else flags,
                          body.get("allowed_mentions"), users, everyone, interaction_id)
        self.messages[message.id] = message
        self.by_channel.setdefault(channel_id, []).append(message)
        return message

    def _h_callback(self, request, params, body, files):
        record = self.interactions.get(int(params["iid"]))
        if record is None or record.token != params["token"]:
            raise HTTPError(404, 10062, "Unknown interaction")
        if record.acked_at is not None:
            record.errors.append(40060)
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        now = time.monotonic()
        if now - record.sent_at > self.ack_deadline:
            record.errors.append(10062)
            record.done.set()
            raise HTTPError(404, 10062, "Unknown interaction")
        if now - record.sent_at > ACK_DEADLINE:
            self.late_acks += 1
        record.acked_at = now
        record.callback = body
        kind = body["type"]
        data = body.get("data") or {}
        message = None
        if kind == 4:  # a message right away
            message = self._new_message(record.channel_id, data, files, interaction_id=record.id)
            record.original = message
            record.done.set()
        elif kind == 5:  # deferred: a "thinking" message, replaced by the first followup
            pass
        elif kind in (6, 7):  # deferred update / update the component's message
            if kind == 7 and "message" in record.payload:
                self._edit(self.messages[int(record.payload["message"]["id"])], data, files)
            record.done.set()
        elif kind == 8:  # autocomplete result
            record.done.set()
        if request.query.get("with_response") in ("1", "true", "True"):
            resource: dict[str, Any] = {"type": kind}
            if message is not None:
                resource["message"] = message.payload()
            return {"interaction": {"id": str(record.id), "type": record.kind,
                                    "response_message_id": str(message.id) if message else None,
                                    "response_message_loading": kind == 5,
                                    "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL)},
                    "resource": resource}
        return web.Response(status=204)

    def _webhook_record(self, params: dict[str, str]) -> Interaction:
        record = self.by_token.get(params["token"])
        if record is None or int(params["app"]) != APP_ID or record.acked_at is None:
            raise HTTPError(404, 10015, "Unknown Webhook")
        if time.monotonic() - record.sent_at > WEBHOOK_LIFETIME:
            raise HTTPError(401, 50027, "Invalid Webhook Token")
        return record

    def _h_followup(self, request, params, body, files):
        record = self._webhook_record(params)
        if record.deferred and record.original is None:
            # The first followup replaces the deferral: its ephemeral flag wins, and
            # (as Discord does) the edit of a loading message pings nobody.
            defer_flags = (record.callback.get("data") or {}).get("flags") or 0
            message = self._new_message(record.channel_id, body, files, flags=defer_flags,
                                        interaction_id=record.id, pings=False)
            record.original = message
            record.done.set()
        else:
            message = self._new_message(record.channel_id, body, files, interaction_id=record.id)
            record.followups.append(message)
        return message.payload()

    def _h_edit_followup(self, request, params, body, files):
        record = self._webhook_record(params)
        target = record.original if params["mid"] == "@original" else self.messages.get(int(params["mid"]))
        if target is None:
            raise HTTPError(404, 10008, "Unknown Message")
        self._edit(target, body, files)
        if params["mid"] == "@original":
            record.done.set()
        return target.payload()

    def _h_post(self, request, params, body, files):
        cid = int(params["cid"])
        if cid in self.dm_channels:
            user = self.users.get(self.dm_channels[cid])
            if user is None or not user.dms_open:
                raise HTTPError(403, 50007, "Cannot send messages to this user")
        elif cid in self.group_dms:
            raise HTTPError(403, 50001, "Missing Access")  # the app is no member of it
        elif cid not in self.channels:
            raise HTTPError(404, 10003, "Unknown Channel")
        elif cid in self.read_only_channels:
            raise HTTPError(403, 50013, "Missing Permissions")
        thread = self.threads.get(cid)
        if thread is not None and thread["thread_metadata"]["archived"]:
            if thread["thread_metadata"]["locked"]:
                raise HTTPError(400, 50083, "Thread is archived")
            thread["thread_metadata"]["archived"] = False  # Discord: a post unarchives it
            self.archived_posts += 1
        if not (body.get("content") or body.get("embeds") or files or body.get("components")):
            raise HTTPError(400, 50006, "Cannot send an empty message")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: the same nonce from the same author within minutes returns that message.
            seen = self.nonces.get((cid, str(nonce)))
            if seen is not None:
                self.nonce_hits += 1
                return seen.payload()
        message = self._new_message(cid, body, files)
        if nonce is not None and body.get("enforce_nonce"):
            self.nonces[(cid, str(nonce))] = message
        return message.payload()

    def _edit(self, message: Message, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "attachments" in body:  # the ones listed stay (by id), the uploaded files join them
            listed = {str(a.get("id")) for a in body["attachments"] or []}
            kept = [a for a in message.attachments if a["id"] in listed]
            message.attachments = kept + [
                {"id": str(self.snowflake()), "filename": name, "size": len(data),
                 "url": f"https://cdn.emulated/{name}", "proxy_url": f"https://cdn.emulated/{name}",
                 "description": None, "data": data} for name, data in files]
        message.edits += 1

    def _h_edit(self, request, params, body, files):
        message = self.messages.get(int(params["mid"]))
        if message is None or message.channel_id != int(params["cid"]):
            raise HTTPError(404, 10008, "Unknown Message")
        self._edit(message, body, files)
        return message.payload()

    def _h_open_dm(self, request, params, body, files):
        uid = int(body["recipient_id"])
        if uid not in self.users:
            raise HTTPError(400, 50033, "Invalid Recipients")
        cid = next((c for c, u in self.dm_channels.items() if u == uid), None)
        if cid is None:
            cid = self.snowflake()
            self.dm_channels[cid] = uid
            self.by_channel[cid] = []
        return {"id": str(cid), "type": 1, "last_message_id": None, "flags": 0,
                "recipients": [self.users[uid].payload()]}

    def _h_user(self, request, params, body, files):
        user = self.users.get(int(params["uid"]))
        if user is None:
            raise HTTPError(404, 10013, "Unknown User")
        return user.payload()

    # ----- threads --------------------------------------------------------------------------

    def _h_start_thread(self, request, params, body, files):
        cid, mid = int(params["cid"]), int(params["mid"])
        message = self.messages.get(mid)
        if cid not in self.channels or cid in self.threads or message is None or message.channel_id != cid:
            raise HTTPError(404, 10008, "Unknown Message")
        if cid in self.no_threads:
            raise HTTPError(403, 50013, "Missing Permissions")
        if mid in self.threads:
            raise HTTPError(400, 160004, "A thread has already been created for this message")
        guild = self.channel_guild[cid]
        self.threads[mid] = {
            "id": str(mid), "type": 11, "guild_id": str(guild), "parent_id": str(cid),
            "owner_id": str(APP_ID), "name": body["name"], "last_message_id": None,
            "rate_limit_per_user": body.get("rate_limit_per_user") or 0, "flags": 0,
            "message_count": 0, "member_count": 1, "total_message_sent": 0,
            "thread_metadata": {"archived": False, "locked": False,
                                "auto_archive_duration": body.get("auto_archive_duration") or 4320,
                                "archive_timestamp": "2026-11-30T00:00:00+00:00",
                                "create_timestamp": "2026-11-30T00:00:00+00:00"},
        }
        self.channels.add(mid)
        self.channel_guild[mid] = guild
        self.by_channel.setdefault(mid, [])
        return self.threads[mid]

    def _thread(self, params: dict[str, str]) -> dict[str, Any]:
        thread = self.threads.get(int(params["cid"]))
        if thread is None:  # text channels are never read or edited by the bot
            raise HTTPError(404, 10003, "Unknown Channel")
        return thread

    def _h_get_channel(self, request, params, body, files):
        return self._thread(params)

    def _h_edit_channel(self, request, params, body, files):
        thread = self._thread(params)
        if "archived" in body:
            thread["thread_metadata"]["archived"] = bool(body["archived"])
        return thread

    def archive(self, thread_id: int) -> None:
        """A thread archived after a week without a post (or by a moderator)."""
        self.threads[thread_id]["thread_metadata"]["archived"] = True

    # ----- reading what happened ------------------------------------------------------------

    def public_messages(self, channel_id: int) -> list[Message]:
        return [m for m in self.by_channel.get(channel_id, []) if not m.ephemeral]

    def dms_to(self, user: User) -> list[Message]:
        return [m for cid, uid in self.dm_channels.items() if uid == user.id
                for m in self.by_channel.get(cid, [])]


def _pings(content: str, allowed: dict[str, Any] | None) -> tuple[set[int], bool]:
    """Who Discord would notify for this content and ``allowed_mentions``."""
    mentioned = {int(m) for m in re.findall(r"<@!?(\d+)>", content)}
    has_everyone = "@everyone" in content or "@here" in content
    if allowed is None:
        return mentioned, has_everyone
    parse = set(allowed.get("parse") or [])
    listed = {int(u) for u in allowed.get("users") or []}
    users = mentioned if "users" in parse else mentioned & listed
    return users, has_everyone and "everyone" in parse


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py checks the header literally (no charset).
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})
