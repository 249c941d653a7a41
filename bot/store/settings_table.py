"""The settings tables: servers' and chats' settings, and how each user hears of their turns."""

from __future__ import annotations

from typing import Any

from ..db.database import StoreError
from ..vocab import DeadlineAction, StartPolicy
from .rows import SETTING_COLUMNS, GuildSettings
from .table import Table


FLAGS = ("bot_takeover", "auto_forced", "threads", "web")


def _settings(row: Any) -> dict[str, Any]:
    """A settings row as :class:`GuildSettings` fields: the columns it has, typed."""
    found = dict(row)
    values = {k: found[k] for k in SETTING_COLUMNS if k in found}
    for flag in FLAGS:
        if flag in values:
            values[flag] = bool(values[flag])
    if "start_policy" in values:
        values["start_policy"] = StartPolicy(values["start_policy"])
    if "deadline_action" in values:
        values["deadline_action"] = DeadlineAction(values["deadline_action"])
    return values


class SettingsTable(Table):
    """``store.settings``: a server's or a chat's settings, a user's notice preference."""

    async def guild(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings(guild_id=0)
        row = await self._one(
            f"SELECT guild_id, {', '.join(SETTING_COLUMNS)} FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        return GuildSettings(guild_id=guild_id, **(_settings(row) if row else {}))

    async def update_guild(self, guild_id: int, *, now: float, **changes: Any) -> GuildSettings:
        """Change some settings of a server (unknown names are a programming error)."""
        await self._save("guild_settings", "guild_id", guild_id, now, changes)
        return await self.guild(guild_id)

    async def channel(self, channel_id: int) -> GuildSettings:
        """The settings of a channel outside any server (a group DM, a DM with the bot).

        A setting column the table lacks keeps its default, so a server setting added later
        does not break these reads."""
        row = await self._one("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
        return GuildSettings(guild_id=0, **(_settings(row) if row else {}))

    async def of_place(self, guild_id: int | None, channel_id: int) -> GuildSettings:
        """The settings that apply in a place: its server's, or outside a server the
        channel's (a group DM, a DM with the bot)."""
        if guild_id is None:
            return await self.channel(channel_id)
        return await self.guild(guild_id)

    async def update_channel(self, channel_id: int, *, now: float,
                             **changes: Any) -> GuildSettings:
        """Change some settings of a channel outside any server (as :meth:`update_guild`)."""
        await self._save("channel_settings", "channel_id", channel_id, now, changes)
        return await self.channel(channel_id)

    async def _save(self, table: str, key: str, owner: int, now: float,
                    changes: dict[str, Any]) -> None:
        """Write ``changes`` into the row of ``owner`` in ``table`` (a server's or a chat's),
        making the row first; ``table`` and ``key`` are this module's literals, never input."""
        unknown = set(changes) - set(SETTING_COLUMNS)
        if unknown:
            raise StoreError(f"unknown settings: {sorted(unknown)}")
        async with self._tx() as db:
            await db.execute(
                f"INSERT INTO {table} ({key}, updated_at) VALUES (?, ?) ON CONFLICT ({key}) DO NOTHING",
                (owner, now),
            )
            for column, value in changes.items():
                if isinstance(value, bool):
                    value = int(value)  # flags are INTEGER 0/1 on both backends
                await db.execute(f"UPDATE {table} SET {column} = ?, updated_at = ? WHERE {key} = ?",
                                 (value, now, owner))

    async def set_manager_role(self, guild_id: int, role_id: int | None, *, now: float) -> None:
        await self.update_guild(guild_id, now=now, manager_role_id=role_id)

    # ----- turn notices ---------------------------------------------------------------------

    async def notify_pref(self, user_id: int) -> str | None:
        """How ``user_id`` chose to hear of their turns (``/game notify``): channel, dm, both
        or off; None if they never chose (the place they play in picks the default)."""
        r = await self._one("SELECT pref FROM notify_prefs WHERE user_id = ?", (user_id,))
        return None if r is None else r["pref"]

    async def set_notify_pref(self, user_id: int, pref: str, *, now: float) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO notify_prefs (user_id, pref, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET pref = excluded.pref,"
                " updated_at = excluded.updated_at",
                (user_id, pref, now),
            )

    async def dms_refused(self, user_id: int, guild_id: int | None) -> bool:
        """Whether a turn notice DM to ``user_id`` about this server was refused (closed DMs)
        since they last chose with ``/game notify``, and no DM to them went through after it
        (a notice, or a hand of any game). Then their notices go to the channel instead of
        being tried, and refused, at every turn. Notices are the DMs stored without a game;
        a refused hand alone doesn't count (the hand DMs of a game stop trying after one)."""
        r = await self._one(
            "SELECT outcome FROM outbox WHERE kind = 'dm' AND user_id = ? AND COALESCE(guild_id, 0) = ?"
            " AND (outcome = 'sent' OR (outcome = 'fallback' AND game_id IS NULL))"
            " AND done_at >= COALESCE((SELECT updated_at FROM notify_prefs WHERE user_id = ?), 0)"
            " ORDER BY id DESC LIMIT 1",
            (user_id, guild_id or 0, user_id),
        )
        return r is not None and r["outcome"] == "fallback"
