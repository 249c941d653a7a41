"""The record of games: the move log, exports that replay exactly, and the server leaderboard."""

from __future__ import annotations

from dataclasses import dataclass
import asyncio
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..refusals import NoGame, ServiceError
from ..messages import Actor, Attachment, Outcome, Place, Post
from ..replay import RESIGNING, export_bytes, export_payload, replay_moves
from ..safe_text import safe_name
from ..store import GameRow, MoveRow
from ..vocab import MoveKind, Status
from .names import _, _n, bold, names_of, seat_names

from games import Game
from games.text import Text, lines, sentence
from .part import Part

if TYPE_CHECKING:
    from .drawing import Drawing
    from .sight import Sights

#: Seconds a member waits between two replay requests that are not answered with a link.
REPLAY_COOLDOWN_SECONDS = 30
#: Seconds after a build during which its post counts as on the way (until its link is known).
REPLAY_POSTING_SECONDS = 60

LOG_WORDS = {"resign": _("resigned"), "forfeit": _("ran out of time and left"),
             "kick": _("was removed")}


def log_entries(game: Game, players: list[str], row: GameRow, moves: Sequence[MoveRow],
                names: Mapping[str, Any]) -> list[Text]:
    """Each of ``moves`` in words, numbered: the game replayed from its seed, each move told
    from the position before it (the log stores no words of its own)."""
    state = game.setup(players, row.options, row.seed)
    entries = []
    for number, m in enumerate(moves, start=1):
        who = bold(names.get(m.player_id, m.player_id))
        if m.kind in RESIGNING:
            text = _("{who} {did}", who=who, did=LOG_WORDS[m.kind])
            state = game.resign(state, m.player_id)
        else:
            text = _("{who} {did}", who=who, did=game.describe(state, m.player_id, m.move, names))
            if m.kind == "skip":
                text = sentence(text, _("(turn skipped)"))
            elif m.kind == MoveKind.FORCED:
                text = sentence(text, _("(forced: the only move)"))
            state = game.apply(state, m.player_id, m.move)
        entries.append(_("{n}. {text}", n=number, text=text))
    return entries


@dataclass(eq=False, repr=False, kw_only=True)
class History(Part):
    """The record of games: the move log, exports, and replays."""

    drawing: Drawing
    sights: Sights

    async def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its seed, options and move log."""
        row = await self.store.games.get(game_id)
        if row is None or row.state is None:
            raise NoGame(_("That game has no moves to replay."))
        game = self.ground.engine(self.ground.usable(row).game)
        seats = await self.store.games.seats(row.id)
        return replay_moves(game, [s.player_id for s in seats], row.options, row.seed,
                            await self.store.games.moves(row.id))

    async def replay_animation(self, actor: Actor, place: Place,
                               game_id: int | None = None) -> Outcome:
        """An animated GIF of a finished game, board after board, from its seed and move log."""
        ended = await self.store.games.ended_games(place.channel_id, game_id=game_id)
        if game_id is not None:
            ended = [self.ground.usable(g) for g in ended if g.id == game_id]
        else:  # the newest game that can be loaded; parked ones are skipped
            ended = [g for g in ended if self.ground.loadable(g)]
        if not ended:
            if game_id is not None:
                raise NoGame(_("I can't find game {n} in this channel's history.", n=game_id))
            raise NoGame(_("I can't find a finished game in this channel's history."))
        row = ended[0]
        game = self.ground.engine(row.game)
        if row.replay_message_id and place.guild_id:
            posted_in = row.replay_channel_id or row.channel_id
            link = f"https://discord.com/channels/{place.guild_id}/{posted_in}/{row.replay_message_id}"
            return Outcome(reply=_("The replay of {game} game {n} is here: {link}", game=game.title,
                                   n=row.id, link=link), game_id=row.id)
        self._replay_cooldown(actor)
        building = self._replay_builds.get(row.id)
        if building is not None and (not building.done() or building.result() > self.clock()):
            # One build per game: it is drawing, or its post is on the way to the channel.
            return Outcome(reply=_("The replay of {game} game {n} is on its way to this channel.",
                                   game=game.title, n=row.id), game_id=row.id)
        builds = self._replay_builds
        for old in [g for g, b in builds.items() if b.done() and b.result() <= self.clock()]:
            del builds[old]  # posted a while ago: the channel knows the link by now
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._replay_builds[row.id] = done
        try:
            seats = await self.store.games.seats(row.id)
            moves = await self.store.games.moves(row.id)
            players = [s.player_id for s in seats]
            names = names_of(seats)
            n_views, gif, used = await self.drawing.replay_gif(game, players, row, moves, names,
                                                               actor.lang)
        except BaseException:
            del self._replay_builds[row.id]  # a failed build may be asked for again at once
            self.__dict__["_replay_asked"].pop(actor.user_id, None)
            done.cancel()
            raise
        done.set_result(self.clock() + REPLAY_POSTING_SECONDS)
        file = Attachment(filename=f"{game.id}-{row.id}-replay.gif", data=gif,
                          description=_("Animated replay of a game of {game}: the board after each of "
                                        "its {n} turns.", game=game.title, n=n_views - 1))
        words = dict(game=game.title, n=row.id, name=safe_name(actor.name))
        if used < n_views:
            text = _("🎞️ Replay of {game} game {n}, asked for by **{name}** (one turn in {k}, to fit "
                     "the upload limit).", k=round(n_views / used), **words)
        else:
            text = _("🎞️ Replay of {game} game {n}, asked for by **{name}**.", **words)
        return Outcome(reply=_("Here it comes."), posts=[Post(text=text, image=file, is_replay=True)],
                       game_id=row.id)

    @property
    def _replay_builds(self) -> dict[int, asyncio.Future[float]]:
        """Game id -> its replay build: pending while it draws, then done with the time until
        which its post counts as on the way (the channel learns the message id after that)."""
        return self.__dict__.setdefault("_replay_build_map", {})

    def _replay_cooldown(self, actor: Actor) -> None:
        """Each member may ask for a replay that is not posted yet once per cooldown."""
        asked: dict[int, float] = self.__dict__.setdefault("_replay_asked", {})
        now = self.clock()
        last = asked.get(actor.user_id)
        if last is not None and now - last < REPLAY_COOLDOWN_SECONDS:
            left = math.ceil(REPLAY_COOLDOWN_SECONDS - (now - last))
            raise ServiceError(_n("You asked for a replay a moment ago; please try again in {n} "
                                  "second.", "You asked for a replay a moment ago; please try again "
                                  "in {n} seconds.", left))
        if len(asked) > 1000:  # forget the members whose cooldown is over
            for user in [u for u, t in asked.items() if now - t >= REPLAY_COOLDOWN_SECONDS]:
                del asked[user]
        asked[actor.user_id] = now


    async def log(self, actor: Actor, place: Place, count: int = 10) -> Outcome:
        """The moves in words, as the asker may see them: taken-back moves are gone, and the
        steps of someone else's turn in progress wait until that turn ends."""
        row = await self.ground.latest(place)
        if row.state is None:
            raise NoGame(_("The game hasn't started yet, so nothing has been played."))
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        sight = await self.sights.sight(game, row, seats, user_id=actor.user_id)
        names = seat_names(game, sight.state, seats)
        # A replay of the whole log: a long game's takes a while, so off the event loop.
        entries = await asyncio.to_thread(log_entries, game, [s.player_id for s in seats], row,
                                          sight.moves, names)
        if not entries:
            return Outcome(reply=_("{game}: no moves yet.", game=game.title), game_id=row.id)
        count = max(1, min(count, 50))
        shown: list[Any] = []
        for entry in reversed(entries[-count:]):  # newest last, within Discord's 2000 characters
            if sum(len(x) + 1 for x in shown) + len(entry) > 1700:
                break
            shown.insert(0, entry)
        total = len(entries)
        if len(shown) < total:  # total > 1 here
            head = _n("**{game}**: the last of {total} moves",
                      "**{game}**: the last {n} of {total} moves", len(shown), game=game.title,
                      total=total)
        elif row.status == Status.RUNNING:  # "bisher 1 Zug", never "die letzten 1 von 1 Zügen"
            head = _n("**{game}**: {n} move so far", "**{game}**: all {n} moves so far", total,
                      game=game.title)
        else:
            head = _n("**{game}**: {n} move in all", "**{game}**: all {n} moves", total,
                      game=game.title)
        return Outcome(reply=lines([head, *shown]), game_id=row.id)

    async def export(self, actor: Actor, place: Place) -> Outcome:
        row = await self.ground.latest(place)
        if row.state is None:
            raise NoGame(_("The game hasn't started yet, so there is nothing to export."))
        if row.status == Status.RUNNING:
            # The seed and the log rebuild every hand and the deck: only once the game is over.
            game = self.ground.engine(row.game)
            if game.unseen:  # what this game hides (Krasserfall has no cards, no tiles)
                raise ServiceError(_("A running game can't be exported: its seed, from which all its "
                                     "chance follows, would give away {unseen}. Export it when it is "
                                     "over.", unseen=game.unseen))
            raise ServiceError(_("A running game can't be exported: its seed, from which all its "
                                 "chance follows, would give away what is still hidden or still "
                                 "to come. Export it when it is over."))
        game = self.ground.engine(row.game)
        kept = await self.store.reviews.get(row.id)
        payload = export_payload(row, await self.store.games.seats(row.id), await self.store.games.moves(row.id),
                                 kept.data if kept is not None else None)
        data = export_bytes(payload)
        file = Attachment(filename=f"{game.id}-{row.id}.json", data=data,
                          description=_("{game} game {n}: seed, options and move log",
                                        game=game.title, n=row.id))
        count = len(payload["moves"])
        return Outcome(reply=_n("{game} game {n}: seed, options and its one move, enough to replay "
                                "it exactly.", "{game} game {n}: seed, options and all {count} moves, "
                                "enough to replay it exactly.", count, game=game.title, n=row.id,
                                count=count),
                       reply_file=file, game_id=row.id)
