"""A thread per game: what the service knows of a game's thread.

The service cannot open threads (it has no Discord); it stores that a game wants one
(``games.threaded``) and, once the delivery pipeline has opened it from the lobby message,
which one (``games.thread_id``). Where a command acts is found from its place
(``store.games.active_games``: a game's thread means that game); the pipeline sends a
threaded game's posts into its thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import games

from ..messages import Place
from ..store import GameRow
from ..safe_text import clip, safe_name
from .core import log
from .names import _, bold, game_title
from ..vocab import ACTIVE, Status

from games.base import ResultOutcome
from games.text import Text, join
from .part import Part

if TYPE_CHECKING:
    from .lobby import Lobby


#: Said once in the channel when a game that wanted a thread plays in the channel instead.
NO_THREAD = _("I couldn't open a thread for this game, so it is played here in the channel "
              "(threads need my Create Public Threads and Send Messages in Threads permissions).")



def thread_name(row: GameRow) -> str:
    """A game's thread is named after the game and its number: "Aqualin #12"."""
    known = games.REGISTRY.get(row.game)
    return clip(f"{known.title if known else row.game} #{row.id}", 100)

@dataclass(eq=False, repr=False, kw_only=True)
class Threads(Part):
    """A game's own thread: wanted, opened or refused, and the line its channel keeps."""

    lobby: Lobby

    async def thread_wanted(self, game_id: int) -> str | None:
        """The name of the thread to open from this game's lobby message ("Aqualin #12"), or
        None when the game wants none (or has one already, or is over)."""
        row = await self.store.games.get(game_id)
        if row is None or not row.threaded or row.thread_id or row.status not in ACTIVE:
            return None
        return thread_name(row)

    async def home_of(self, game_id: int) -> Place | None:
        """Where a game plays (its thread, else its channel); None for an unknown game."""
        row = await self.store.games.get(game_id)
        return Place(guild_id=row.guild_id, channel_id=row.home) if row is not None else None

    async def thread_opened(self, game_id: int, thread_id: int) -> None:
        await self.store.games.set_thread(game_id, thread_id)
        log.info("game %s plays in thread %s", game_id, thread_id)

    async def thread_refused(self, game_id: int) -> Text | None:
        """The game's thread could not be opened or written to. It plays in its channel from
        now on (for good: a thread that fails once would fail again) if the channel's one place
        for a game without a thread is free; else it is closed, so that it never holds the
        channel. What to say there (None: the game is over, nothing to say)."""
        if await self.store.games.play_in_channel(game_id):
            log.info("game %s could not have a thread; it plays in its channel", game_id)
            return NO_THREAD
        return await self.lobby.close_without_thread(game_id)

    async def thread_gone(self, game_id: int) -> tuple[Text, str | None] | None:
        """The game's thread was deleted. It plays in its channel when the channel's place for
        a game without a thread is free: (what to say there, None). Else it needs a new thread:
        (the line to open it from, the thread's name). None: the game is over."""
        row = await self.store.games.get(game_id)
        if row is None or row.status not in ACTIVE:
            return None
        if await self.store.games.play_in_channel(game_id):
            log.info("game %s lost its thread; it plays in its channel", game_id)
            return _("🧵 The thread of {game} #{n} was deleted, so the game goes on here in the "
                     "channel.", game=game_title(row.game), n=row.id), None
        log.info("game %s lost its thread; it gets a new one", game_id)
        return _("🧵 The thread of {game} #{n} was deleted, so the game goes on in a new thread.",
                 game=game_title(row.game), n=row.id), thread_name(row)

    async def thread_summary(self, game_id: int) -> Text | None:
        """The one line the channel keeps of a game that ended in its thread, with a link to
        the thread; None if the game has no thread (it ended in the channel itself)."""
        row = await self.store.games.get(game_id)
        if row is None or not row.thread_id or row.status not in (Status.FINISHED, Status.ABORTED):
            return None
        title = game_title(row.game)
        thread = f"<#{row.thread_id}>"
        if row.status == Status.ABORTED:
            return _("🛑 **{game}** #{n} was aborted. The game: {thread}", game=title, n=row.id,
                     thread=thread)
        result = row.result or {}
        names = {s.player_id: safe_name(s.name) for s in await self.store.games.seats(row.id)}
        winners = [bold(names.get(p, p)) for p in result.get("winners") or []]
        outcome = result.get("outcome")
        verdict: Text
        if outcome == ResultOutcome.WON:
            verdict = _("The players won together! 🎉")
        elif outcome == ResultOutcome.ALMOST:
            verdict = _("Almost won!")
        elif outcome is not None:
            verdict = _("The game was lost.")
        elif not winners:
            verdict = _("Nobody wins.")
        elif len(winners) > 1:
            verdict = _("It's a draw between {players}.", players=join(winners))
        else:
            verdict = _("{player} wins!", player=winners[0])
        return _("🏁 **{game}** #{n} is over: {verdict} The game: {thread}", game=title, n=row.id,
                 verdict=verdict, thread=thread)
