"""The store's rows as value types (a game, a seat, a logged move, settings, a timer) and its
errors: what the tables hand out, and what the service reads."""

from __future__ import annotations

import re

import json
from dataclasses import dataclass, field, fields
from typing import Any

from ..db.database import Row, StoreError
from ..vocab import ACTIVE, DeadlineAction, MoveKind, StartPolicy, Status

__all__ = ["ACTIVE"]  # re-exported: bot.store's importers take it from there



class StaleGame(StoreError):
    """The game changed since it was read (another move or command won the race)."""


class ChannelBusy(StoreError):
    """The channel already has an active game."""


def _json_column(row: Row, column: str, kind: type, *, optional: bool = False) -> Any:
    """One JSON column, checked for its type; ValueError names the column and what is wrong."""
    raw = row[column]
    if optional and not raw:
        return None
    try:
        value = json.loads(raw)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"column {column} is not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise ValueError(f"column {column} holds {type(value).__name__}, not a JSON {kind.__name__}")
    return value


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, str]
    seed: int
    status: Status
    host_id: int
    state: str | None
    version: int
    result: dict[str, Any] | None
    end_reason: str | None
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: float
    updated_at: float
    timing: dict[str, Any] = field(default_factory=dict)
    replay_message_id: int | None = None
    replay_channel_id: int | None = None  # where the replay was posted (None: the channel)
    #: Paused (``/game pause``): since when, by whom, why; None while the game runs.
    paused_at: float | None = None
    paused_by: int | None = None
    pause_reason: str | None = None
    #: The chess clock's banks between turns (``{"banks": {player id: seconds}}``), see
    #: :mod:`bot.service.clocks`; empty for games without a clock.
    clock: dict[str, Any] = field(default_factory=dict)
    #: Why the row could not be decoded (its JSON columns are then empty), else None. A broken
    #: row is still returned, so that one bad row never breaks a query listing the others.
    broken: str | None = None
    #: The game plays in a thread of its own (opened from its lobby message), and that thread
    #: once it is open; a game whose thread could not be opened plays in the channel.
    threaded: bool = False
    thread_id: int | None = None

    @property
    def home(self) -> int:
        """Where the game's posts go: its thread, else its channel."""
        return self.thread_id or self.channel_id

    def plays_in(self, channel_id: int) -> bool:
        """Whether a button or command in ``channel_id`` may be about this game: its channel,
        or its thread."""
        return channel_id in (self.channel_id, self.thread_id)

    @classmethod
    def from_row(cls, row: Row) -> GameRow:
        try:
            decoded: dict[str, Any] = {
                "options": _json_column(row, "options", dict),
                "timing": _json_column(row, "timing", dict),
                "result": _json_column(row, "result", dict, optional=True),
                "clock": _json_column(row, "clock", dict),
                "broken": None,
            }
        except ValueError as exc:
            decoded = {"options": {}, "timing": {}, "result": None, "clock": {}, "broken": str(exc)}
        columns = {f.name: row[f.name] for f in fields(cls) if f.name not in decoded}
        # Column for field, as stored; only these two are typed on the way out.
        columns.update(status=Status(row["status"]), threaded=bool(row["threaded"]))
        return cls(**columns, **decoded)


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    position: int
    user_id: int  # 0 for a bot seat
    player_id: str
    name: str
    bot_level: str | None = None  # easy | normal | hard for a bot seat

    @property
    def person_name(self) -> str:
        """The name of the person behind the seat: a second seat's "hana (2)" is hana's."""
        return re.sub(r"\s*\(\d+\)$", "", self.name) if "#" in self.player_id else self.name


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    n: int
    player_id: str
    kind: MoveKind
    move: str
    created_at: float
    actor_id: int | None = None
    undone_at: float | None = None
    ends_turn: bool = True


@dataclass(frozen=True)
class ForcedRow:
    """A move that played itself right after another (its player had no other)."""

    player_id: str
    move: str
    ends_turn: bool = True


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    manager_role_id: int | None = None
    start_policy: StartPolicy = StartPolicy.MODERATORS
    reminder_seconds: int | None = 12 * 3600
    deadline_seconds: int | None = None
    deadline_action: DeadlineAction = DeadlineAction.REMIND
    language: str | None = None  # en | de | da; None: the server's Discord locale
    locale_seen: str | None = None  # the server's Discord locale, as last seen
    bot_takeover: bool = False  # a bot plays on for a player who runs out of time
    auto_forced: bool = True  # a player's only legal move plays itself
    threads: bool = False  # each game gets a thread of its own
    away_days: int | None = None  # days of away in any 365 a person has here; None: 30
    #: Reminder points before a deadline (``50%,8h,1h``), ``every 12h`` or ``off``; None: the
    #: default points (:data:`bot.timekeeping.reminders.DEFAULT`).
    reminders: str | None = None
    web: bool = True  # games have a web page and their posts link to it (when the bot serves one)


SETTING_COLUMNS = ("manager_role_id", "start_policy", "reminder_seconds", "deadline_seconds",
                   "deadline_action", "language", "locale_seen", "bot_takeover",
                   "auto_forced", "threads", "away_days", "reminders", "web")


#: Key of ``games.timing``: the server's reminder, deadline and deadline action as they were
#: when the game started (the game's own options, beside it, win). Only a running game needs
#: them: they go when it ends (a finished game's row stays small).
KEPT_SETTINGS = "settings"


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_id: int
    kind: str  # reminder | deadline
    player_id: str
    due_at: float
    turn_since: float
    armed: bool = True  # False until the ping that starts this turn is delivered
    held_at: float | None = None  # when its hold began (a paused game, an away player)
    delay: float | None = None  # seconds after the arming ping that it falls due
    #: A chess clock's deadline after the bank ran out (then): the others' grace to wait.
    ran_out: float | None = None

    def left(self, now: float) -> float:
        """A chess clock's deadline: the bank its player has left at ``now``."""
        return bank_left(self.due_at, self.armed, self.delay, self.ran_out, now)


def bank_left(due_at: float, armed: Any, delay: float | None, ran_out: float | None,
              now: float) -> float:
    """What a deadline timer leaves of a bank: the bank runs from the arming ping to due_at
    (an unarmed timer's is still all there); none once it ran out."""
    if ran_out is not None:
        return 0.0
    return max(0.0, due_at - now) if armed else max(0.0, delay or 0.0)


@dataclass(frozen=True)
class TimerPlan:
    """How to bring a game's timers up to date in the same transaction as a change.

    Players no longer acting lose their timers; ``reset`` players (who just acted) get
    fresh ones; players still waiting keep theirs, so a deadline is not pushed back by
    somebody else's move.
    """

    acting: frozenset[str]
    reset: frozenset[str]
    reminder: float | None  # seconds, None: no reminders
    deadline: float | None  # seconds, None: no deadline
    #: A chess clock, (starting bank, increment) in seconds: each player's deadline is their
    #: bank (``deadline`` is then unused). ``ended``: the players whose wait this change ends;
    #: their bank is what their deadline had left, plus the increment for those who just
    #: played a turn (``reset``), at most the starting bank.
    clock: tuple[float, float] | None = None
    ended: frozenset[str] = frozenset()
    #: A bot seat may act now: the bot-seat sweep looks at the game (``games.bot_turn``).
    bot_turn: bool = False
    #: Reminder points instead of ``reminder``'s interval: shares of the deadline (or bank)
    #: and seconds before its end, each once per turn (see :mod:`bot.timekeeping.reminders`).
    shares: tuple[float, ...] = ()
    left: tuple[int, ...] = ()
    #: (player, their clock) of the acting players with quiet hours: a reminder that would fall
    #: in them, after which the deadline is gone, comes before them.
    quiet: tuple[tuple[str, Any], ...] = ()
