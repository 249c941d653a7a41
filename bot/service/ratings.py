"""The server leaderboard with Elo ratings, and player profiles.

Both read what the store keeps (:mod:`bot.store.ratings_table`): each finished game updates
the ratings (:mod:`bot.store.elo`) and the server's records in the transaction of its result,
so a leaderboard costs the same on a server with a year of games as on a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import defaultdict
from typing import Any

import games

from ..refusals import NoGame
from ..messages import Actor, Outcome, Place
from ..store.elo import GLOBAL
from ..store.ratings_table import ALL
from ..safe_text import safe_name
from ..timekeeping.durations import format_duration
from .away_allowance import away_left
from .names import _, _n
from .paused import moment
from ..vocab import Status

from games.text import join, lines
from .part import Part


@dataclass(eq=False, repr=False, kw_only=True)
class Ratings(Part):
    """``/game stats`` and ``/profile``, from the kept ratings and records."""

    async def stats(self, actor: Actor, place: Place, game_id: str | None = None) -> Outcome:
        if place.guild_id is None:
            raise NoGame(_("Stats are kept per server."))
        only = self.ground.engine(game_id).id if game_id else None
        played: dict[tuple[str, int], list[int]] = {}  # (game, user) -> [games, wins]
        names: dict[int, str] = {}
        totals: dict[str, int] = defaultdict(int)
        for record in await self.store.ratings.records(place.guild_id, only):
            if record.game not in games.REGISTRY:
                continue  # a game this bot no longer runs is left out, not the leaderboard
            if record.user_id == ALL:
                totals[record.game] += record.played
            else:
                played[(record.game, record.user_id)] = [record.played, record.won]
                names[record.user_id] = record.name
        teams = {(gid, team): [count, wins] for gid, team, count, wins
                 in await self.store.ratings.teams(place.guild_id, only)}
        if not totals:
            if only:
                return Outcome(reply=_("No finished games of {game} on this server yet.",
                                       game=self.ground.engine(only).title))
            return Outcome(reply=_("No finished games on this server yet."))
        parts: list[Any] = [_("**Leaderboard** (finished games on this server)")]
        for gid in sorted(totals, key=lambda g: -totals[g]):
            title = self.ground.engine(gid).title
            parts.append(_n("\n**{game}**: {n} game", "\n**{game}**: {n} games", totals[gid], game=title))
            elo = {user: line.rating for user, line in await self.store.ratings.board(place.guild_id, gid)}
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
                       "bots, cooperative games and teaching games are not rated."))
        return Outcome(reply=lines(parts))

    async def profile(self, actor: Actor, place: Place, user_id: int | None = None,
                      name: str | None = None) -> Outcome:
        """A player's ratings (here and on all servers), games, wins and current games."""
        if place.guild_id is None:
            raise NoGame(_("Profiles are kept per server."))
        user = actor.user_id if user_id is None else user_id
        shown = safe_name(name or (actor.name if user_id is None else str(user)))
        counts = {r.game: [r.played, r.won] for r in await self.store.ratings.records_of(place.guild_id, user)
                  if r.game in games.REGISTRY}
        here = await self.store.ratings.of(place.guild_id, user)
        everywhere = await self.store.ratings.of(GLOBAL, user)
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
        now = self.clock()
        have = await away_left(self.store, user, place, now)
        away = await self.store.pauses.away(user)
        if away is not None and away[1] > now:
            parts.append(_("🌴 Away until {when}.", when=moment(away[1])))
        parts.append(_("Away time left: {left} of {allowance} in any 365 days.",
                       left=format_duration(have.left), allowance=format_duration(have.allowance)))
        return Outcome(reply=lines(parts))
