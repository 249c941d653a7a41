"""Server settings: who may open games, reminders and deadlines (``/game config``)."""

from __future__ import annotations

from typing import Any

from games import BadOptions

from ..errors import NotAllowed, ServiceError
from ..messages import Actor, Outcome, Place
from ..store import GuildSettings
from ..timing import format_duration, parse_duration
from .core import DEADLINE_ACTIONS, ServiceCore

START_POLICIES = ("moderators", "role", "everyone")


class SettingsService(ServiceCore):
    def describe_settings(self, settings: GuildSettings) -> str:
        who = {"moderators": "members with Manage Channels",
               "role": "members with Manage Channels or the game-manager role",
               "everyone": "everyone"}[settings.start_policy]
        role = f"<@&{settings.manager_role_id}>" if settings.manager_role_id else "none"
        return "\n".join([
            "**Game settings of this server**",
            f"Who may open games: {who} (`who_starts: {settings.start_policy}`)",
            f"Game-manager role (may also start, abort, kick, skip): {role}",
            f"Reminder every: {format_duration(settings.reminder_seconds)}",
            f"Turn deadline: {format_duration(settings.deadline_seconds)}"
            + (f", then `{settings.deadline_action}`" if settings.deadline_seconds else ""),
            "Per game: `/game new options:reminder=6h deadline=2d on-deadline=skip`.",
        ])

    async def show_settings(self, actor: Actor, place: Place) -> Outcome:
        return Outcome(reply=self.describe_settings(await self.store.guild_settings(place.guild_id)))

    async def configure(self, actor: Actor, place: Place, *, who_starts: str | None = None,
                        manager_role: int | None = None, clear_manager_role: bool = False,
                        reminder: str | None = None, deadline: str | None = None,
                        on_deadline: str | None = None) -> Outcome:
        """Change server settings; Manage Channels only (the role cannot promote itself)."""
        if place.guild_id is None:
            raise ServiceError("Server settings only exist in a server.")
        if not actor.manage_channels:
            raise NotAllowed("Changing the game settings needs the Manage Channels permission.")
        changes: dict[str, Any] = {}
        if who_starts is not None:
            if who_starts not in START_POLICIES:
                raise BadOptions(f"who_starts must be one of {', '.join(START_POLICIES)}")
            changes["start_policy"] = who_starts
        if clear_manager_role:
            changes["manager_role_id"] = None
        elif manager_role is not None:
            changes["manager_role_id"] = manager_role
            current = await self.store.guild_settings(place.guild_id)
            if who_starts is None and current.start_policy == "moderators":
                changes["start_policy"] = "role"  # naming a role means: let it open games too
        if reminder is not None:
            changes["reminder_seconds"] = parse_duration(reminder, what="reminder interval")
        if deadline is not None:
            changes["deadline_seconds"] = parse_duration(deadline, what="turn deadline")
        if on_deadline is not None:
            if on_deadline not in DEADLINE_ACTIONS:
                raise BadOptions(f"on_deadline must be one of {', '.join(DEADLINE_ACTIONS)}")
            changes["deadline_action"] = on_deadline
        if changes.get("start_policy") == "role":
            current = await self.store.guild_settings(place.guild_id)
            if changes.get("manager_role_id", current.manager_role_id) is None:
                raise ServiceError("`who_starts: role` needs a game-manager role: set `manager_role` too.")
        if not changes:
            return await self.show_settings(actor, place)
        settings = await self.store.update_guild_settings(place.guild_id, now=self.clock(), **changes)
        note = ("\nRunning games keep their timers until the next move." 
                if {"reminder_seconds", "deadline_seconds"} & set(changes) else "")
        return Outcome(reply="Saved.\n" + self.describe_settings(settings) + note)

    async def set_manager_role(self, actor: Actor, place: Place, role_id: int | None) -> Outcome:
        return await self.configure(actor, place, manager_role=role_id, clear_manager_role=role_id is None)
