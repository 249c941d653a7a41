"""Hints in teaching games (``/game new options: hints=on``): ``/game hint`` and its button.

The hint is the move a bot at the normal level would play from the asker's own seat
(:mod:`games.ai.coach`), searched in the bots' worker, never on the event loop. It reads the
position as the asker sees it (mid-turn steps of others stay hidden, as on the board) and its
search is seeded from the game's id and version, which everyone knows, so it cannot depend on
anything the seat does not see. The answer goes to the asker alone; in a cooperative game
(Kraqua) the hint is for the team and is posted in the channel.

Hints are only for teaching games, which are unrated (:mod:`bot.service.rated`), and only on
the asker's turn. Requests for the same position share one search.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games import Game
from games.ai.coach import Hint
from games.rng import seed_to_int
from games.text import Notation, Text, lines

from ..i18n import language_for
from ..messages import Actor, Art, Outcome, Place, Post
from ..refusals import NotAllowed, ServiceError
from ..store import GameRow
from .ground import teaching
from .names import _, percent, seat_names
from .part import Part

if TYPE_CHECKING:
    from .bots import Bots
    from .drawing import Drawing
    from .sight import Sights

#: Positions whose hints are kept (game, version, seats): a second ask costs nothing.
HINT_CACHE_SIZE = 64


def advise(game_id: str, dumped: str, players: list[str], seed: int) -> Hint:
    """The search, in the bots' worker: it gets a dumped state and rebuilds it."""
    import games
    from games.ai.coach import hint

    game = games.REGISTRY[game_id]
    return hint(game, game.load(dumped), players, seed)


def hint_seed(row: GameRow) -> int:
    """From what every player knows (the game's number and version), never its seed."""
    return seed_to_int(f"hint:{row.id}:{row.version}")


@dataclass(eq=False, repr=False, kw_only=True)
class Hints(Part):
    """``/game hint``: the search's move for the asker's seat, with its reason and picture."""

    bots: Bots
    drawing: Drawing
    sights: Sights

    _known: OrderedDict[tuple[Any, ...], Hint] = field(default_factory=OrderedDict, init=False)
    _pending: dict[tuple[Any, ...], asyncio.Future[Hint]] = field(default_factory=dict, init=False)
    #: (game, version) whose team hint was posted: posted once, so that pressing the button
    #: again cannot fill the channel with pictures (after a restart it may come once more)
    _posted: OrderedDict[tuple[int, int], None] = field(default_factory=OrderedDict, init=False)

    async def hint(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        """A hint for the asker's seat (``game_id``: the game a button was pressed under)."""
        row = await self.ground.running(place)
        if game_id is not None and row.id != game_id:
            raise ServiceError(_("That button belongs to a game that is over; "
                                 "`{cmd:game hint}` asks about the game here now."))
        if not teaching(row):
            raise ServiceError(_("Hints are only for teaching games: a moderator opens one with "
                                 "`{cmd:game new options:}hints=on` (it is unrated)."))
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed(_("You're not playing in this game, so there is nothing to hint."))
        sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
        state = sight.state
        waiting = game.waiting_for(state)
        team = game.multi_seat  # cooperative: the team decides together, the hint is for all
        players = ([s.player_id for s in seats if not s.bot_level and s.player_id in waiting]
                   if team else [p for p in mine if p in waiting])
        if not players:
            raise ServiceError(_("It isn't your turn, so there is no move to hint."))
        posted = (row.id, row.version)
        if team and posted in self._posted:
            return self._already_posted(row.id)
        found = await self._search(game, row, state, players)
        names = seat_names(game, state, seats)
        text = self._words(game, state, found, names, team)
        art = Art(kind="board", game=game.id, view=found.preview,
                  names={p: str(n) for p, n in seat_names(game, state, seats, safe=False).items()},
                  filename=f"{game.id}-{row.id}-hint-{row.version}.png")
        if team:  # for the team: in the channel, in its language, pinging nobody
            settings = await self.ground.settings_for(place)
            lang = settings.language or language_for(settings.locale_seen)
            image = await self.drawing.render_art(art.read_in(lang))
            if posted in self._posted:  # a teammate's ask, searched at the same time, was first
                return self._already_posted(row.id)
            self._posted[posted] = None
            while len(self._posted) > HINT_CACHE_SIZE:
                self._posted.popitem(last=False)
            return Outcome(reply=_("I posted a hint for the team."), game_id=row.id,
                           posts=[Post(text=text, image=image)])
        image = await self.drawing.render_art(art.read_in(actor.lang))
        return Outcome(reply=text, reply_file=image, game_id=row.id)

    @staticmethod
    def _already_posted(game_id: int) -> Outcome:
        return Outcome(reply=_("The team's hint for this position is already in the channel."),
                       game_id=game_id)

    async def _search(self, game: Game, row: GameRow, state: Any, players: list[str]) -> Hint:
        """The hint for this position, searched once however many ask at the same time."""
        key = (row.id, row.version, tuple(players))
        known = self._known.get(key)
        if known is not None:
            self._known.move_to_end(key)
            return known
        pending = self._pending.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Hint] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            found = await self.bots.in_worker(advise, game.id, game.dump(state), players,
                                              hint_seed(row))
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._pending.pop(key, None)
        future.set_result(found)
        self._known[key] = found
        while len(self._known) > HINT_CACHE_SIZE:
            self._known.popitem(last=False)
        return found

    @staticmethod
    def _words(game: Game, state: Any, found: Hint, names: dict[str, Any], team: bool) -> Text:
        move = Notation(game.id, found.move)
        head = (_("💡 **Hint for the team:** {seat} plays `{move}`", seat=names[found.player], move=move)
                if team else _("💡 **Hint:** `{move}`", move=move))
        parts: list[Any] = [head, _("What it does: {label}", label=found.label)]
        if found.runner_up is None and len(game.legal_moves(state, found.player)) == 1:
            parts.append(_("It is the only move there is."))
        else:
            chance = percent(found.chance)
            said = (_("My search (a normal bot's) gives the team about {pct}% to escape after it.",
                      pct=chance) if team else
                    _("My search (a normal bot's) gives you about {pct}% to win after it.",
                      pct=chance))
            parts.append(said)
            if found.runner_up is not None and found.runner_up[2] < found.chance:
                other, _label, value = found.runner_up
                parts.append(_("The next best it found, `{move}`, about {pct}%.",
                               move=Notation(game.id, other), pct=percent(value)))
        return lines(parts)


__all__ = ["Hints", "advise", "hint_seed"]
