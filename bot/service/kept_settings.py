"""A running game's settings: kept from its start, changed only when all its players agree.

A game keeps the reminder, deadline and deadline action the server had when it started
(:data:`~.ground.KEPT_SETTINGS`), so a moderator, or a bystander in a group DM, cannot give a
running game a five-minute forfeit. Its players may still take the server's new settings:
``/game config adopt:true`` is one player's agreement, and when every human still in the game
has agreed, the game keeps the server's settings of that moment. They apply from the next
turn, as a changed setting always has. An agreement counts for the settings it was given
for: a further change of the server's asks again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..messages import Actor, Outcome, Place, Post
from ..refusals import NotAllowed, RacedWrite, ServiceError
from ..safe_text import mention
from ..store import GameRow
from ..timekeeping.durations import format_duration
from ..store.rows import KEPT_SETTINGS
from .ground import Ground
from .names import _, _n, bold
from .paused import person_names
from .settings import CHOICES

from games.text import Text, join, lines
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator


def timing_words(timing: tuple[int | None, int | None, str]) -> Text:
    """``reminder 12 h, deadline 2 d (then skip)``."""
    reminder, deadline, action = timing
    if deadline:
        return _("reminder {every}, deadline {deadline} (then {action})",
                 every=format_duration(reminder), deadline=format_duration(deadline),
                 action=CHOICES.get(action, action))
    return _("reminder {every}, no deadline", every=format_duration(reminder))


@dataclass(eq=False, repr=False, kw_only=True)
class KeptSettings(Part):
    """``/game config adopt:true``: the players of a running game agree to the server's
    current settings."""

    narrator: Narrator

    async def adopt(self, actor: Actor, place: Place) -> Outcome:
        async with self.ground.lock(place.channel_id):
            row = await self.ground.running(place)
            settings = await self.ground.settings_for(row)
            kept = Ground.timing(row, settings)
            now_words = Ground.timing(_without_kept(row), settings)  # as a new game gets them
            ladder = Ground.reminders(_without_kept(row), settings).spec()
            if kept == now_words and Ground.reminders(row, settings).spec() == ladder:
                raise ServiceError(_("This game already plays with these settings: {timing}.",
                                     timing=timing_words(kept)))
            seats = await self.store.games.seats(row.id, still_in=True)
            humans = list(dict.fromkeys(s.user_id for s in seats if s.user_id and not s.bot_level))
            if actor.user_id not in humans:
                raise NotAllowed(_("Only the players of this game can agree to change its "
                                   "settings; it keeps the ones it started with."))
            key = f"adopt:{row.id}:{_digest(now_words)}:{ladder}"
            agreed = [u for u in _users(await self.store.meta.get(key)) if u in humans]
            names = person_names(seats)
            if actor.user_id in agreed:
                raise ServiceError(_("You agreed already; still waiting for {players}.", players=join(
                    [bold(names[u]) for u in humans if u not in agreed])))
            agreed.append(actor.user_id)
            missing = [u for u in humans if u not in agreed]
            if missing:
                post = Post(text=lines([
                    _("⚙️ **{name}** would like this game to use the server's settings now: "
                      "{new} (it keeps {old}).", name=names[actor.user_id],
                      new=timing_words(now_words), old=timing_words(kept)),
                    _n("{players}: agree with `{cmd:game config adopt:}true`.",
                       "{players}: agree with `{cmd:game config adopt:}true`.", len(missing),
                       players=join([mention(u) for u in missing]))]),
                    mention=tuple(missing))
                items = self.narrator.envelopes(row, posts=[post])
                async with self.store.db.tx() as tx:  # the agreement and its question at once
                    await self.store.meta.put(tx, key, json.dumps(agreed))
                    await self.store.outbox.write(tx, row.id, None, items, self.clock())
                return Outcome(reply=_("Noted. Waiting for {players} to agree too.",
                                       players=join([bold(names[u]) for u in missing])),
                               posts=[post], game_id=row.id, outbox=tuple(i.key for i in items))
            timing = {**row.timing, KEPT_SETTINGS: {
                "reminder": now_words[0], "deadline": now_words[1], "on-deadline": now_words[2],
                "reminders": Ground.kept_timing(_without_kept(row), settings)[KEPT_SETTINGS]["reminders"]}}
            post = Post(text=_("⚙️ Every player agreed: this game now uses {timing}, from the next "
                               "turn on.", timing=timing_words(now_words)))
            items = self.narrator.envelopes(row, posts=[post])
            if not await self.store.games.keep_timing(row.id, row.version, timing, now=self.clock(),
                                                      outbox=items):
                raise RacedWrite(_("Someone else changed the game at the same moment, so I didn't "
                                   "apply this. Have a look at the board and try again."))
            await self.store.meta.forget(key)
        return Outcome(reply=_("Done: the game uses the new settings from the next turn."),
                       posts=[post], game_id=row.id, outbox=tuple(i.key for i in items))


def _without_kept(row: GameRow) -> GameRow:
    """``row`` as if it kept nothing: its own options, then the server's settings now."""
    return dataclasses.replace(row, timing={k: v for k, v in row.timing.items() if k != KEPT_SETTINGS})


def _digest(timing: tuple[Any, ...]) -> str:
    return hashlib.sha256(repr(timing).encode()).hexdigest()[:12]


def _users(raw: str | None) -> list[int]:
    try:
        found = json.loads(raw or "[]")
        return [int(u) for u in found] if isinstance(found, list) else []
    except (ValueError, TypeError):
        return []
