"""The server leaderboard with Elo ratings, and player profiles.

Ratings are never stored: they are recomputed from the stored results of every finished game
(:mod:`bot.service.elo`, a pure function of them), so they always agree with the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..refusals import NoGame
from ..messages import Actor, Outcome, Place
from .elo import GLOBAL, Finished, Ratings as EloTable, Seat, rated_game, recompute
from ..store import GameRow, SeatRow
from ..safe_text import safe_name
from .names import _, _n, person_name
from ..vocab import Status

from games.base import ResultOutcome
from games.text import join, lines
from .part import Part



def rated(row: GameRow, seats: Sequence[SeatRow]) -> Finished | None:
    """A stored finished game as ratings see it (None: unrated)."""
    return rated_game(row.id, row.game, row.guild_id, None if row.broken else row.result,
                      [Seat(s.player_id, s.user_id, bool(s.bot_level)) for s in seats])


@dataclass(eq=False, repr=False, kw_only=True)
class Ratings(Part):
    """``/game stats`` and ``/game profile``, from Elo recomputed off the finished games."""

    async def ratings(self) -> EloTable:
        """Every rating, per server and across servers, from the stored results."""
        finished = await self.store.games.all_finished_games()
        return recompute(g for g in (rated(row, seats) for row, seats in finished) if g is not None)

    async def stats(self, actor: Actor, place: Place, game_id: str | None = None) -> Outcome:
        if place.guild_id is None:
            raise NoGame(_("Stats are kept per server."))
        only = self.ground.engine(game_id).id if game_id else None
        played: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])  # (game, user) -> [games, wins]
        teams: dict[tuple[str, tuple[int, ...]], list[int]] = defaultdict(lambda: [0, 0])
        names: dict[int, str] = {}
        totals: dict[str, int] = defaultdict(int)
        for row, seats in await self.store.games.finished_games(place.guild_id):
            if (only and row.game != only) or not self.ground.loadable(row):
                continue  # one game at a time: a parked one is left out, not the leaderboard
            totals[row.game] += 1
            result = row.result or {}
            winners = set(result.get("winners") or [])
            humans = {s.user_id for s in seats if not s.bot_level}  # bots are not ranked
            for user in humans:
                mine = {s.player_id for s in seats if s.user_id == user}
                entry = played[(row.game, user)]
                entry[0] += 1
                entry[1] += 1 if mine & winners else 0
                names[user] = person_name(next(s for s in seats if s.user_id == user))
            if self.ground.engine(row.game).multi_seat and humans:  # cooperative: one record per team
                tally = teams[(row.game, tuple(sorted(humans)))]
                tally[0] += 1
                tally[1] += result.get("outcome") == ResultOutcome.WON
        if not totals:
            if only:
                return Outcome(reply=_("No finished games of {game} on this server yet.",
                                       game=self.ground.engine(only).title))
            return Outcome(reply=_("No finished games on this server yet."))
        ratings = await self.ratings()
        parts: list[Any] = [_("**Leaderboard** (finished games on this server)")]
        for gid in sorted(totals, key=lambda g: -totals[g]):
            title = self.ground.engine(gid).title
            parts.append(_n("\n**{game}**: {n} game", "\n**{game}**: {n} games", totals[gid], game=title))
            elo = {user: line.rating for user, line in ratings.board(place.guild_id, gid)}
            board = sorted(((w, g, u) for (g2, u), (g, w) in played.items() if g2 == gid),
                           key=lambda t: (t[2] not in elo, -elo.get(t[2], 0), -t[0] / t[1], -t[0],
                                          -t[1], names[t[2]].lower()))
            for rank, (wins, count, user) in enumerate(board[:10], start=1):
                words = dict(rank=rank, name=safe_name(names[user]), count=count, wins=wins,
                             rate=round(100 * wins / count))
                if user in elo:
                    parts.append(_("{rank}. **{name}**: rating {rating}, {count} played, {wins} won "
                                   "({rate}%)", rating=round(elo[user]), **words))
                else:
                    parts.append(_("{rank}. **{name}**: {count} played, {wins} won ({rate}%)", **words))
            records = sorted(((w, g, t) for (g2, t), (g, w) in teams.items() if g2 == gid),
                             key=lambda r: (-r[0], -r[1], [names[u].lower() for u in r[2]]))
            if records:
                parts.append(_("Teams:"))
            for wins, count, team in records[:5]:
                parts.append(_("• {team}: {count} played, {wins} won", count=count, wins=wins,
                               team=join([f"**{safe_name(names[u])}**" for u in team])))
        parts.append(_("\n-# Ratings are Elo from games between people, starting at 1500. Games with "
                       "bots and cooperative games are not rated."))
        return Outcome(reply=lines(parts))

    async def profile(self, actor: Actor, place: Place, user_id: int | None = None,
                      name: str | None = None) -> Outcome:
        """A player's ratings (here and on all servers), games, wins and current games."""
        if place.guild_id is None:
            raise NoGame(_("Profiles are kept per server."))
        user = actor.user_id if user_id is None else user_id
        shown = safe_name(name or (actor.name if user_id is None else str(user)))
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # game -> [games, wins]
        for row, seats in await self.store.games.finished_games(place.guild_id):
            mine = {s.player_id for s in seats if s.user_id == user and not s.bot_level}
            if not mine or not self.ground.loadable(row):
                continue
            counts[row.game][0] += 1
            counts[row.game][1] += bool(mine & set((row.result or {}).get("winners") or []))
        ratings = await self.ratings()
        here, everywhere = ratings.of(place.guild_id, user), ratings.of(GLOBAL, user)
        parts: list[Any] = [_("**{name}**'s profile", name=shown)]
        for gid in sorted(counts, key=lambda g: (-counts[g][0], g)):
            title = self.ground.engine(gid).title
            count, wins = counts[gid]
            if gid in here:
                parts.append(_("**{game}**: rating {rating} (on all servers {overall}), {count} played, "
                               "{wins} won", game=title, rating=round(here[gid].rating),
                               overall=round(everywhere[gid].rating), count=count, wins=wins))
            else:
                parts.append(_("**{game}**: not rated, {count} played, {wins} won", game=title,
                               count=count, wins=wins))
        if not counts:
            parts.append(_("No finished games on this server yet."))
        current = await self.store.games.games_of(user, place.guild_id)
        if current:
            parts.append(_("Current games:"))
            for row in current:
                words = dict(game=self.ground.engine(row.game).title if self.ground.problem(row) is None else row.game,
                             n=row.id, channel=f"<#{row.channel_id}>")
                parts.append(_("• {game} game {n} in {channel} (lobby)", **words) if row.status == Status.LOBBY
                             else _("• {game} game {n} in {channel}", **words))
        else:
            parts.append(_("No current games."))
        return Outcome(reply=lines(parts))
