"""Drive the real discord.py client without a network.

Interactions are built as the gateway payloads Discord sends and fed to
``ConnectionState.parse_interaction_create``, so the command tree, option parsing,
autocomplete, checks and ``DynamicItem`` matching run for real. Every REST call the
bot makes is caught at discord.py's two HTTP entry points (``HTTPClient.request`` and
``AsyncWebhookAdapter.request``), recorded with its JSON body, and answered the way
Discord would answer it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.discord_spec import load_spec

APP_ID = 4242
BOT_USER = {"id": str(APP_ID), "username": "tidepool", "discriminator": "0", "global_name": None,
            "avatar": None, "bot": True}
GUILD_ID = 900
CHANNEL_ID = 700
ALL_PERMISSIONS = str((1 << 53) - 1)
MEMBER_PERMISSIONS = str(discord.Permissions(send_messages=True, view_channel=True,
                                             use_application_commands=True).value)
MOD_PERMISSIONS = str(discord.Permissions(send_messages=True, view_channel=True,
                                          use_application_commands=True,
                                          manage_channels=True).value)


@dataclass
class Sent:
    """One REST request the bot made."""

    method: str
    path: str  # with ids filled in, without the API base
    template: str  # Discord's route template, e.g. /channels/{channel_id}/messages
    body: dict[str, Any] | list[Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    params: dict[str, Any] | None = None
    response: Any = None  # what the fake Discord answered (e.g. the created message)

    @property
    def content(self) -> str:
        return (self.body or {}).get("content") or "" if isinstance(self.body, dict) else ""

    @property
    def data(self) -> dict[str, Any]:
        """The message part of an interaction callback, or the body itself."""
        if isinstance(self.body, dict) and "type" in self.body and "data" in self.body:
            return self.body["data"] or {}
        return self.body if isinstance(self.body, dict) else {}


@dataclass
class User:
    id: int
    name: str
    permissions: str = MEMBER_PERMISSIONS
    roles: tuple[int, ...] = ()
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None}

    def member(self) -> dict[str, Any]:
        return {"user": self.payload(), "roles": [str(r) for r in self.roles], "nick": None,
                "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                "flags": 0, "permissions": self.permissions, "avatar": None}


def _params(template: str, path: str) -> dict[str, Any]:
    """The ids in ``path`` named by ``template``'s placeholders (ints where they are digits)."""
    pattern = re.escape(template.split("?")[0])
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/?]+)", pattern)
    match = re.match(pattern, path)
    assert match, (template, path)
    return {k: int(v) if v.isdigit() else v for k, v in match.groupdict().items()}


@dataclass
class Role:
    id: int
    name: str

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": "0", "position": 1,
                "color": 0, "hoist": False, "managed": False, "mentionable": True, "flags": 0}


class _Response:
    """Enough of an aiohttp response for discord.py's HTTPException."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


class FakeDiscord:
    """Records requests and plays Discord's part; ``install`` patches discord.py's HTTP."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self._ids = itertools.count(1_400_000_000_000_000_000)
        self.closed_dms: set[int] = set()
        self.read_only_channels: set[int] = set()
        self.messages: dict[int, dict[str, Any]] = {}
        self.spec = load_spec()  # the vendored spec (tests/data)
        self.violations: list[str] = []
        #: Errors to answer the next channel posts with, in order (e.g. a 500 from Discord).
        self.post_errors: list[discord.HTTPException] = []
        #: Threads started from messages: id -> the thread channel object (``archived`` in
        #: its ``thread_metadata``); channels where starting one is refused (no permission).
        self.threads: dict[int, dict[str, Any]] = {}
        self.no_threads: set[int] = set()

    def snowflake(self) -> int:
        return next(self._ids)

    def install(self, monkeypatch: Any) -> None:
        fake = self

        async def http_request(self: HTTPClient, route: Route, *, files=None, form=None, **kwargs):
            body = kwargs.get("json")
            found: list[tuple[str, bytes]] = []
            if form:
                for part in form:
                    if part["name"] == "payload_json":
                        body = json.loads(part["value"])
                    elif "filename" in part:
                        value = part["value"]
                        found.append((part["filename"], value.read() if hasattr(value, "read") else value))
            return fake._answer(route, body, found, kwargs.get("params"))

        async def webhook_request(self: AsyncWebhookAdapter, route: Route, session=None, *,
                                  payload=None, multipart=None, files=None, params=None, **kwargs):
            body = payload
            found: list[tuple[str, bytes]] = []
            for part in multipart or []:
                if part["name"] == "payload_json":
                    body = json.loads(part["value"])
                elif "filename" in part:
                    value = part["value"]
                    found.append((part["filename"], value.read() if hasattr(value, "read") else value))
            return fake._answer(route, body, found, params)

        monkeypatch.setattr(HTTPClient, "request", http_request)
        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)

    # ----- answers --------------------------------------------------------------------------

    def _message(self, channel_id: int, body: dict[str, Any] | None, files: list[tuple[str, bytes]],
                 message_id: int | None = None) -> dict[str, Any]:
        body = body or {}
        mid = message_id or self.snowflake()
        attachments = [
            {"id": str(self.snowflake()), "filename": name, "size": len(data),
             "url": f"https://cdn.example/{name}", "proxy_url": f"https://cdn.example/{name}"}
            for name, data in files
        ]
        message = {
            "id": str(mid), "channel_id": str(channel_id), "author": BOT_USER,
            "content": body.get("content") or "", "timestamp": "2026-11-30T00:00:00+00:00",
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": attachments, "embeds": [], "pinned": False,
            "type": 0, "flags": body.get("flags") or 0, "components": body.get("components") or [],
        }
        self.messages[mid] = message
        return message

    def _answer(self, route: Route, body: Any, files: list[tuple[str, bytes]],
                params: dict[str, Any] | None) -> Any:
        response = self._respond(route, body, files, params)
        self.sent[-1].response = response
        return response

    def _respond(self, route: Route, body: Any, files: list[tuple[str, bytes]],
                 params: dict[str, Any] | None) -> Any:
        path = route.url[len(Route.BASE):] if route.url.startswith(Route.BASE) else route.url
        template = route.path
        self.sent.append(Sent(route.method, path, template, body, files, params))
        if self.spec is not None:
            self.violations += self.spec.check(route.method, path, body)
        method = route.method
        p = _params(template, path)
        if template == "/interactions/{webhook_id}/{webhook_token}/callback":
            kind = body.get("type")
            data = body.get("data") or {}
            message = self._message(CHANNEL_ID, data, files) if kind in (4, 5, 7) else None
            return {
                "interaction": {"id": str(p['webhook_id']), "type": 2,
                                "response_message_id": message["id"] if message else None,
                                "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool(data.get("flags", 0) & 64)},
                "resource": {"type": kind, **({"message": message} if message else {})},
            }
        if template.startswith("/webhooks/{webhook_id}/{webhook_token}"):
            return self._message(CHANNEL_ID, body, files)
        if template == "/channels/{channel_id}/messages" and method == "POST":
            if self.post_errors:
                raise self.post_errors.pop(0)
            if p['channel_id'] in self.read_only_channels:
                raise discord.Forbidden(_Response(403, "Forbidden"),
                                        {"code": 50013, "message": "Missing Permissions"})
            thread = self.threads.get(p['channel_id'])
            if thread is not None and thread["thread_metadata"]["archived"]:
                # Stricter than Discord (which unarchives an unlocked thread on a post): the
                # bot is to unarchive a game's thread before it posts there.
                raise discord.HTTPException(_Response(400, "Bad Request"),
                                            {"code": 50083, "message": "Thread is archived"})
            if p['channel_id'] in {self._dm_channel(u) for u in self.closed_dms}:
                raise discord.Forbidden(_Response(403, "Forbidden"),
                                        {"code": 50007, "message": "Cannot send messages to this user"})
            return self._message(p['channel_id'], body, files)
        if template == "/channels/{channel_id}/messages/{message_id}/threads" and method == "POST":
            return self._start_thread(p['channel_id'], p['message_id'], body)
        if template == "/channels/{channel_id}" and method in ("GET", "PATCH"):
            thread = self.threads.get(p['channel_id'])
            if thread is None:
                raise discord.NotFound(_Response(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"})
            if method == "PATCH" and "archived" in body:
                thread["thread_metadata"]["archived"] = bool(body["archived"])
            return thread
        if template == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            return self._message(p['channel_id'], body, files, message_id=p['message_id'])
        if template == "/users/@me/channels":
            uid = int(body["recipient_id"])
            return {"id": str(self._dm_channel(uid)), "type": 1,
                    "recipients": [User(uid, f"user{uid}").payload()], "last_message_id": None}
        if template == "/users/{user_id}":
            return User(p['user_id'], f"user{p['user_id']}").payload()
        if "commands" in template and method == "PUT":
            return [{**c, "id": str(self.snowflake()), "application_id": str(APP_ID), "version": "1"}
                    for c in body]
        raise AssertionError(f"the fake Discord does not know {method} {template}")

    def _start_thread(self, channel_id: int, message_id: int, body: dict[str, Any]) -> dict[str, Any]:
        """A public thread from a message: it has the message's id (as on Discord)."""
        if channel_id in self.no_threads:
            raise discord.Forbidden(_Response(403, "Forbidden"), {"code": 50013, "message": "Missing Permissions"})
        if message_id in self.threads:
            raise discord.HTTPException(_Response(400, "Bad Request"), {
                "code": 160004, "message": "A thread has already been created for this message"})
        thread = thread_payload(message_id, channel_id, body["name"],
                                body.get("auto_archive_duration") or 1440)
        self.threads[message_id] = thread
        return thread

    @staticmethod
    def _dm_channel(user_id: int) -> int:
        return 5_000_000 + user_id

    # ----- what was sent --------------------------------------------------------------------

    def take(self) -> list[Sent]:
        sent, self.sent = self.sent, []
        return sent


class Harness:
    """A real :class:`GameBot` wired to a :class:`FakeDiscord`, with helpers to act as users."""

    def __init__(self, client: discord.Client, fake: FakeDiscord) -> None:
        self.client = client
        self.fake = fake
        self.guild_locale = "en-US"  # what Discord reports as the server's language

    # ----- building interactions ------------------------------------------------------------

    def _base(self, user: User, kind: int, data: dict[str, Any], *, channel_id: int = CHANNEL_ID,
              message: dict[str, Any] | None = None) -> dict[str, Any]:
        payload = {
            "id": str(self.fake.snowflake()), "application_id": str(APP_ID), "type": kind,
            "token": f"token-{self.fake.snowflake()}", "version": 1,
            "guild_id": str(GUILD_ID), "channel_id": str(channel_id),
            "channel": self.fake.threads.get(channel_id) or {
                "id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "games",
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
            "member": user.member(), "app_permissions": ALL_PERMISSIONS,
            "locale": user.locale, "guild_locale": self.guild_locale, "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024, "data": data,
        }
        if message is not None:
            payload["message"] = message
        return payload

    def _command_data(self, name: str, sub: str | None, options: dict[str, Any],
                      focused: str | None = None) -> dict[str, Any]:
        command = self.client.tree.get_command(name)  # type: ignore[attr-defined]
        assert command is not None, f"no command /{name}"
        target = command.get_command(sub) if sub else command
        assert target is not None, f"no command /{name} {sub}"
        types = {p.name: p.type.value for p in target.parameters}
        resolved: dict[str, dict[str, Any]] = {}
        opts = []
        for k, v in options.items():
            if isinstance(v, User):  # Discord sends the id and the object under "resolved"
                resolved.setdefault("users", {})[str(v.id)] = v.payload()
                member = {key: val for key, val in v.member().items() if key != "user"}
                resolved.setdefault("members", {})[str(v.id)] = member
                v = str(v.id)
            elif isinstance(v, Role):
                resolved.setdefault("roles", {})[str(v.id)] = v.payload()
                v = str(v.id)
            opts.append({"name": k, "type": types[k], "value": v,
                         **({"focused": True} if k == focused else {})})
        if sub:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = {"id": str(self.fake.snowflake()), "name": name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return data

    async def _dispatch(self, payload: dict[str, Any]) -> list[Sent]:
        self.fake.take()
        before = asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)
        # Wait for every task the interaction started (and the tasks those started).
        for _ in range(100):
            # discord.py gives views in ephemeral followups a 15-minute timeout task: not ours.
            pending = [t for t in asyncio.all_tasks() - before
                       if t is not asyncio.current_task() and not t.done()
                       and not t.get_coro().__qualname__.endswith("__timeout_task_impl")]
            if not pending:
                break
            await asyncio.wait(pending, timeout=10)
        else:  # pragma: no cover - a hang is a test failure
            raise AssertionError("interaction tasks did not finish")
        for task in asyncio.all_tasks() - before:
            if task.done() and not task.cancelled() and task.exception():
                raise task.exception()  # type: ignore[misc]
        return self.fake.take()

    async def command(self, invoker: User, name: str, sub: str | None = None, /,
                      channel_id: int = CHANNEL_ID, **options: Any) -> list[Sent]:
        data = self._command_data(name, sub, options)
        return await self._dispatch(self._base(invoker, 2, data, channel_id=channel_id))

    async def autocomplete(self, user: User, name: str, option: str, current: str,
                           sub: str | None = None) -> list[dict[str, Any]]:
        data = self._command_data(name, sub, {option: current}, focused=option)
        sent = await self._dispatch(self._base(user, 4, data))
        [callback] = sent
        assert callback.body["type"] == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        return callback.body["data"]["choices"]

    async def start_game(self, host: User, *guests: User, **new: Any) -> list[Sent]:
        """``/game new`` by the host (``new`` holds its options: ``game=``, ``options=``), each
        guest's ``/game join``, the host's ``/game start``: what the start sent."""
        await self.command(host, "game", "new", **new)
        for guest in guests:
            await self.command(guest, "game", "join")
        return await self.command(host, "game", "start")

    async def click(self, user: User, custom_id: str, message: int | dict[str, Any]) -> list[Sent]:
        """Press a button on a message: its id (as it is now) or a copy of how a client saw it."""
        if isinstance(message, int):
            message = self.fake.messages[message]
        data = {"custom_id": custom_id, "component_type": 2}
        # Clicked where the message is (a thread's message: in the thread), as Discord does.
        channel_id = int(message.get("channel_id") or CHANNEL_ID)
        return await self._dispatch(self._base(user, 3, data, channel_id=channel_id, message=message))


def thread_payload(thread_id: int, parent_id: int, name: str, archive_after: int = 1440,
                   archived: bool = False) -> dict[str, Any]:
    """A public thread channel object (type 11) as Discord sends it."""
    return {"id": str(thread_id), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(parent_id),
            "owner_id": str(APP_ID), "name": name, "last_message_id": None, "rate_limit_per_user": 0,
            "message_count": 0, "member_count": 1, "total_message_sent": 0, "flags": 0,
            "thread_metadata": {"archived": archived, "auto_archive_duration": archive_after,
                                "archive_timestamp": "2026-11-30T00:00:00+00:00", "locked": False,
                                "create_timestamp": "2026-11-30T00:00:00+00:00"}}


def buttons(message: dict[str, Any]) -> list[str]:
    """The custom ids of every button in a message payload (link buttons have none)."""
    return [c["custom_id"] for row in message.get("components") or [] for c in row.get("components", [])
            if c.get("type") == 2 and "custom_id" in c]


def synced(fake: FakeDiscord, *path: str) -> dict[str, Any]:
    """The command the bot synced (the one PUT of the command tree), or the subcommand or
    option under it that ``path`` names: ``synced(fake, "game", "notify")``."""
    [put] = [s for s in fake.sent if s.method == "PUT"]
    found: dict[str, Any] = next(c for c in put.body if c["name"] == path[0])
    for name in path[1:]:
        found = next(o for o in found.get("options", []) if o["name"] == name)
    return found


def localized(fake: FakeDiscord, *path: str, names: dict[str, str], german: str) -> dict[str, Any]:
    """The synced command at ``path``, checked to carry exactly ``names`` as its German and
    Danish names and a German description that starts with ``german``."""
    found = synced(fake, *path)
    assert found["name_localizations"] == names
    assert found["description_localizations"]["de"].startswith(german)
    return found


def sole_option(command: dict[str, Any], name: str) -> dict[str, Any]:
    """A synced command's only option, checked to be called ``name`` and to be optional."""
    [option] = command["options"]
    assert option["name"] == name and not option.get("required")
    return option
