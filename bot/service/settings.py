"""Server settings: who may open games, reminders and deadlines (``/game config``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import BadOptions

from ..refusals import NotAllowed, ServiceError
from ..choices import english_or_same
from ..i18n import LANGUAGES, language_for
from ..messages import Actor, Outcome, Place
from ..store import GuildSettings
from ..timekeeping.reminders import DEFAULT as DEFAULT_LADDER, Ladder, ladder_words, parse_ladder, typed
from ..timekeeping.durations import format_duration, parse_duration
from ..safe_text import clip
from ..vocab import StartPolicy
from .away_allowance import days_allowed
from .core import DEADLINE_ACTIONS
from .names import _

from games.text import Text, lines
from .part import Part


START_POLICIES = tuple(StartPolicy)
#: The values of ``who_starts:`` and ``on_deadline:`` as the reader's client lists them (the
#: same catalog entries as the commands' choices).
CHOICES = {"moderators": _("moderators"), "role": _("role"), "everyone": _("everyone"),
           "remind": _("remind"), "skip": _("skip"), "forfeit": _("forfeit")}


@dataclass(eq=False, repr=False, kw_only=True)
class Settings(Part):
    """``/game config``: who may open games, reminders, deadlines, the language."""

    def describe_settings(self, settings: GuildSettings) -> Text:
        who = {"moderators": _("members with Manage Channels"),
               "role": _("members with Manage Channels or the game-manager role"),
               "everyone": _("everyone")}[settings.start_policy]
        role: Any = f"<@&{settings.manager_role_id}>" if settings.manager_role_id else _("none")
        language = LANGUAGE_NAMES.get(settings.language or "")
        return lines([
            _("**Game settings of this server**"),
            _("Who may open games: {who} (`{cmd:who_starts:} {policy}`)", who=who,
              policy=CHOICES.get(settings.start_policy, settings.start_policy)),
            _("Game-manager role (may also start, abort, kick, skip): {role}", role=role),
            *timing_lines(settings),
            (_("Language of channel messages: {language}", language=language) if language
             else _("Language of channel messages: the server's Discord language")),
            *play_lines(settings),
            (_("Each new game gets a thread of its own (`{cmd:threads:} true`).") if settings.threads
             else _("Games are played in the channel itself (`{cmd:threads:} false`).")),
            (_("Games have a web page, linked under their boards (`{cmd:web:} true`).") if settings.web
             else _("Games have no web page and no links to one (`{cmd:web:} false`).")),
            _("Per game: `{cmd:game new options:}reminder=6h deadline=2d on-deadline=skip`."),
        ])

    async def channel_language(self, guild_id: int | None, seen: str | None = None, *,
                               channel_id: int | None = None) -> str:
        """The language of channel messages: the server's choice, else its Discord locale.

        ``seen`` is the server locale an interaction just reported; it is remembered for
        messages sent without one (reminders, deadlines). Outside a server (``channel_id``
        given) the channel's choice counts, else the locale of whoever used a command there last.
        """
        if guild_id is None:
            if channel_id is None:
                return language_for(seen)
            settings = await self.store.settings.channel(channel_id)
            if seen and seen != settings.locale_seen:
                settings = await self.store.settings.update_channel(channel_id, now=self.clock(),
                                                                    locale_seen=seen)
            return settings.language or language_for(settings.locale_seen or seen)
        settings = await self.store.settings.guild(guild_id)
        if seen and seen != settings.locale_seen:
            settings = await self.store.settings.update_guild(guild_id, now=self.clock(), locale_seen=seen)
        return settings.language or language_for(settings.locale_seen)

    async def show_settings(self, actor: Actor, place: Place) -> Outcome:
        settings = await self.ground.settings_for(place)
        if place.guild_id is None:
            return Outcome(reply=describe_channel_settings(settings))
        return Outcome(reply=self.describe_settings(settings))

    async def configure(self, actor: Actor, place: Place, *, who_starts: str | None = None,
                        manager_role: int | None = None, clear_manager_role: bool = False,
                        reminder: str | None = None, deadline: str | None = None,
                        on_deadline: str | None = None, language: str | None = None,
                        bot_takeover: bool | None = None,
                        auto_forced: bool | None = None, threads: bool | None = None,
                        away_days: int | str | None = None, reminders: str | None = None,
                        web: bool | None = None) -> Outcome:
        """Change server settings; Manage Channels only (the role cannot promote itself)."""
        if place.guild_id is None:  # a group DM, a DM: the channel's settings, for anyone there
            if who_starts is not None or manager_role is not None or clear_manager_role:
                raise ServiceError(_("Outside a server there are no roles to choose: everyone here "
                                     "may open a game, and its players moderate it."))
            # While games are open here, their players (those still in) decide, not a bystander.
            open_here = await self.store.games.active_games(place.channel_id)
            players = {s.user_id for row in open_here
                       for s in await self.store.games.seats(row.id, still_in=True)}
            if open_here and actor.user_id not in players:
                raise NotAllowed(_("While a game is open here, only its players can change the "
                                   "settings."))
        elif not actor.manage_channels:
            raise NotAllowed(_("Changing the game settings needs the Manage Channels permission."))
        changes: dict[str, Any] = {}
        if who_starts is not None:
            if who_starts not in START_POLICIES:
                raise BadOptions(_("who_starts must be one of {allowed}", allowed=", ".join(START_POLICIES)))
            changes["start_policy"] = who_starts
        if clear_manager_role:
            changes["manager_role_id"] = None
        elif manager_role is not None:
            changes["manager_role_id"] = manager_role
            current = await self.store.settings.guild(place.guild_id)
            if who_starts is None and current.start_policy == "moderators":
                changes["start_policy"] = "role"  # naming a role means: let it open games too
        if reminder is not None:  # the interval as before ladders: every so often, also before a deadline
            changes["reminder_seconds"] = parse_duration(reminder, what=_("reminder interval"))
            if reminders is None:
                every = changes["reminder_seconds"]
                changes["reminders"] = f"every {every}s" if every else "off"
        if reminders is not None:
            changes["reminders"] = parse_ladder(reminders).spec()
        if deadline is not None:
            changes["deadline_seconds"] = parse_duration(deadline, what=_("turn deadline"))
        if on_deadline is not None:
            if on_deadline not in DEADLINE_ACTIONS:
                raise BadOptions(_("on_deadline must be one of {allowed}",
                                   allowed=", ".join(DEADLINE_ACTIONS)))
            changes["deadline_action"] = on_deadline
        if bot_takeover is not None:
            changes["bot_takeover"] = int(bool(bot_takeover))
        if auto_forced is not None:
            changes["auto_forced"] = int(bool(auto_forced))
        if threads is not None:
            changes["threads"] = int(bool(threads))
        if web is not None:
            changes["web"] = int(bool(web))
        if away_days is not None:
            changes["away_days"] = parse_away_days(away_days)
        if language is not None:
            language = english_or_same("language", language)  # deutsch, dansk, englisch, auto
            if language not in ("auto", *LANGUAGES):
                raise BadOptions(_("language must be one of {allowed}", allowed="auto, en, de, da"))
            changes["language"] = None if language == "auto" else language
        if changes.get("start_policy") == "role":
            current = await self.store.settings.guild(place.guild_id)
            if changes.get("manager_role_id", current.manager_role_id) is None:
                raise ServiceError(_("`{cmd:who_starts:} role` needs a game-manager role: set `{cmd:manager_role:}` too."))
        if not changes:
            return await self.show_settings(actor, place)
        if place.guild_id is None:
            settings = await self.store.settings.update_channel(place.channel_id, now=self.clock(),
                                                                **changes)
            parts: list[Any] = [_("Saved."), describe_channel_settings(settings)]
        else:
            settings = await self.store.settings.update_guild(place.guild_id, now=self.clock(), **changes)
            parts = [_("Saved."), self.describe_settings(settings)]
        if {"reminder_seconds", "deadline_seconds", "reminders"} & set(changes):
            parts.append(_("Running games keep the settings they started with; in each, the players "
                           "can take these with `{cmd:game config adopt:}true` when all of them "
                           "agree."))
        return Outcome(reply=lines(parts))

    async def set_manager_role(self, actor: Actor, place: Place, role_id: int | None) -> Outcome:
        return await self.configure(actor, place, manager_role=role_id, clear_manager_role=role_id is None)


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "da": "Dansk"}


def reminder_line(settings: GuildSettings) -> Text:
    """The reminders a new game gets: points before its deadline (and, for a game without
    one, the interval), or one interval for all."""
    ladder = parse_ladder(settings.reminders or DEFAULT_LADDER)
    if not ladder.points:
        return _("Reminders: {points} (`{cmd:reminders:} {spec}`)", points=ladder_words(ladder),
                 spec=typed(ladder))
    return _("Reminders: {points} (`{cmd:reminders:} {spec}`); in games without a deadline {every}",
             points=ladder_words(ladder), spec=typed(ladder),
             every=ladder_words(Ladder(every=settings.reminder_seconds)))


def timing_lines(settings: GuildSettings) -> list[Text]:
    """Reminders, the turn deadline and the away allowance, as a server's and a chat's
    settings show them."""
    deadline = format_duration(settings.deadline_seconds)
    return [
        reminder_line(settings),
        (_("Turn deadline: {deadline}, then `{cmd:on_deadline:} {action}`", deadline=deadline,
           action=CHOICES.get(settings.deadline_action, settings.deadline_action))
         if settings.deadline_seconds
         else _("Turn deadline: {deadline}", deadline=deadline)),
        _("Away allowance: {days} days in any 365 per person (`{cmd:away_days:} {days}`)",
          days=round(days_allowed(settings) / 86400)),
    ]


def parse_away_days(value: int | str) -> int:
    """``away_days:``: whole days, 0 (no away at all) to 365."""
    try:
        days = int(str(value).strip())
    except ValueError:
        days = -1
    if not 0 <= days <= 365:
        raise BadOptions(_("away_days is a number of days from 0 to 365, not '{value}'",
                           value=clip(str(value), 12)))
    return days


def play_lines(settings: GuildSettings) -> list[Text]:
    """What happens to a player who runs out of time, and to a player's only move."""
    return [
        (_("A player who runs out of time when the deadline's action is {forfeit} is replaced by "
           "a bot that plays on (`{cmd:bot_takeover:} true`).", forfeit=CHOICES["forfeit"])
         if settings.bot_takeover else
         _("A player who runs out of time when the deadline's action is {forfeit} leaves the "
           "game; no bot plays on (`{cmd:bot_takeover:} false`).", forfeit=CHOICES["forfeit"])),
        (_("A player's only possible move plays itself (`{cmd:auto_forced:} true`).")
         if settings.auto_forced else
         _("A player's only possible move waits for them (`{cmd:auto_forced:} false`).")),
    ]


def describe_channel_settings(settings: GuildSettings) -> Text:
    """``/game config`` outside a server: the settings of this channel."""
    language = LANGUAGE_NAMES.get(settings.language or "")
    return lines([
        _("**Game settings of this chat** (outside a server: they belong to this chat)"),
        _("Anyone here may open a game; its players can start, abort, kick and skip."),
        *timing_lines(settings),
        (_("Language of my messages here: {language}", language=language) if language
         else _("Language of my messages here: that of whoever used a command last")),
        *play_lines(settings),
        _("Reminders and deadlines reach players by DM here: I can only post in this chat "
          "when someone uses a command."),
    ])
