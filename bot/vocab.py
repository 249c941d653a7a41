"""The bot's named vocabularies: every word it stores in a column or in JSON, as ``StrEnum``.

A member *is* its string (``Status.RUNNING == "running"``, ``json.dumps`` and both database
drivers write ``running``), so rows and dumps are byte for byte what the plain strings wrote,
and rows written before these names existed load unchanged (tests/bot/test_vocab.py). The
games' own words live beside them: bot levels in :mod:`games.ai.levels`, result outcomes in
:mod:`games.base`.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """``games.status``: a lobby, then a running game, then finished or aborted."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


#: A channel's games that are still going (a lobby or a running game).
ACTIVE = (Status.LOBBY, Status.RUNNING)
#: Games whose moves are logged (a lobby has none; an aborted game may have some).
PLAYED = (Status.RUNNING, Status.FINISHED)


class StartPolicy(StrEnum):
    """``guild_settings.start_policy``: who may open a game (``/game settings who_starts:``)."""

    MODERATORS = "moderators"  # members with Manage Channels, or the manager role
    ROLE = "role"  # members with the manager role
    EVERYONE = "everyone"


class DeadlineAction(StrEnum):
    """What happens when a player's deadline passes (``on-deadline``)."""

    REMIND = "remind"
    SKIP = "skip"
    FORFEIT = "forfeit"


class Notify(StrEnum):
    """``notify_prefs.pref``: where a player hears that it is their turn."""

    CHANNEL = "channel"
    DM = "dm"
    BOTH = "both"
    OFF = "off"


class MoveKind(StrEnum):
    """``moves.kind``: what a row of the move log records."""

    MOVE = "move"
    FORCED = "forced"  # played itself (its player had no other move)
    RESIGN = "resign"
    SKIP = "skip"  # a pass played for someone
    FORFEIT = "forfeit"
    KICK = "kick"


class OutboxKind(StrEnum):
    """``outbox.kind``: what a row sends."""

    POST = "post"
    DM = "dm"
    LOBBY = "lobby"


class Delivered(StrEnum):
    """``outbox.outcome``: how a row ended (NULL while it is pending)."""

    SENT = "sent"
    FALLBACK = "fallback"  # not as addressed: a refused DM (a notice instead), a post via the reply
    FAILED = "failed"
