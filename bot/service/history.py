"""The record of games: the move log, exports that replay exactly, and the server leaderboard."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

from renderers.animation import animate

from ..errors import NoGame
from ..messages import Actor, Attachment, Outcome, Place, Post
from ..replay import RESIGNING, export_bytes, export_payload, replay_moves, turn_views
from ..text import clip, safe_name
from .core import names_of, safe_names
from .play import PlayService

LOG_WORDS = {"resign": "resigned", "forfeit": "ran out of time and left", "kick": "was removed"}


class HistoryService(PlayService):
    async def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its seed, options and move log."""
        row = await self.store.game(game_id)
        if row is None or row.state is None:
            raise NoGame("That game has no moves to replay.")
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        return replay_moves(game, [s.player_id for s in seats], row.options, row.seed,
                            await self.store.moves(row.id))

    async def replay_animation(self, actor: Actor, place: Place,
                               game_id: int | None = None) -> Outcome:
        """An animated GIF of a finished game, board after board, from its seed and move log."""
        ended = await self.store.ended_games(place.channel_id)
        if game_id is not None:
            ended = [g for g in ended if g.id == game_id]
        if not ended:
            which = f"game {game_id}" if game_id is not None else "a finished game"
            raise NoGame(f"I can't find {which} in this channel's history.")
        row = ended[0]
        game = self.engine(row.game)
        if row.replay_message_id and place.guild_id:
            link = f"https://discord.com/channels/{place.guild_id}/{row.channel_id}/{row.replay_message_id}"
            return Outcome(reply=f"The replay of {game.title} game {row.id} is here: {link}", game_id=row.id)
        seats = await self.store.seats(row.id)
        views = turn_views(game, [s.player_id for s in seats], row.options, row.seed,
                           await self.store.moves(row.id))
        names = names_of(seats)
        gif, used = await asyncio.to_thread(self._animate, views, names)
        file = Attachment(filename=f"{game.id}-{row.id}-replay.gif", data=gif,
                          description=f"Animated replay of a {game.title} game: the board after "
                                      f"each of its {len(views) - 1} turns.")
        thinned = f" (every {round(len(views) / used)}th turn, to fit the upload limit)" if used < len(views) else ""
        text = (f"🎞️ Replay of {game.title} game {row.id}, asked for by **{safe_name(actor.name)}**"
                f"{thinned}.")
        return Outcome(reply="Here it comes.", posts=[Post(text=text, image=file, is_replay=True)],
                       game_id=row.id)

    def _animate(self, views: list[dict[str, Any]], names: dict[str, str]) -> tuple[bytes, int]:
        return animate([self._render(v, names) for v in views])

    async def log(self, actor: Actor, place: Place, count: int = 10) -> Outcome:
        row = await self._latest(place)
        if row.state is None:
            raise NoGame("The game hasn't started yet, so nothing has been played.")
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        names = safe_names(seats)
        moves = await self.store.moves(row.id)
        state = game.setup([s.player_id for s in seats], row.options, row.seed)
        lines: list[str] = []
        for m in moves:
            who = names.get(m.player_id, m.player_id)
            if m.kind in RESIGNING:
                text = f"**{who}** {LOG_WORDS[m.kind]}"
                after = game.resign(state, m.player_id)
            else:
                text = f"**{who}** {game.describe(state, m.player_id, m.move, names)}"
                if m.kind == "skip":
                    text += " (turn skipped)"
                after = game.apply(state, m.player_id, m.move)
            if m.undone_at is not None:
                lines.append(f"{m.n}. ~~{text}~~ (taken back)")
                continue  # the game went on from the state before it
            lines.append(f"{m.n}. {text}")
            state = after
        if not lines:
            return Outcome(reply=f"{game.title}: no moves yet.", game_id=row.id)
        count = max(1, min(count, 50))
        shown: list[str] = []
        for line in reversed(lines[-count:]):  # newest last, within Discord's 2000 characters
            if sum(len(x) + 1 for x in shown) + len(line) > 1800:
                break
            shown.insert(0, line)
        head = f"**{game.title}**: the last {len(shown)} of {len(lines)} moves"
        return Outcome(reply=head + "\n" + "\n".join(shown), game_id=row.id)

    async def export(self, actor: Actor, place: Place) -> Outcome:
        row = await self._latest(place)
        if row.state is None:
            raise NoGame("The game hasn't started yet, so there is nothing to export.")
        game = self.engine(row.game)
        payload = export_payload(row, await self.store.seats(row.id), await self.store.moves(row.id))
        data = export_bytes(payload)
        file = Attachment(filename=f"{game.id}-{row.id}.json", data=data,
                          description=f"{game.title} game {row.id}: seed, options and move log")
        return Outcome(reply=f"{game.title} game {row.id}: seed, options and all "
                             f"{len(payload['moves'])} moves, enough to replay it exactly.",
                       reply_file=file, game_id=row.id)

    async def stats(self, actor: Actor, place: Place, game_id: str | None = None) -> Outcome:
        if place.guild_id is None:
            raise NoGame("Stats are kept per server.")
        only = self.engine(game_id).id if game_id else None
        played: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])  # (game, user) -> [games, wins]
        names: dict[int, str] = {}
        totals: dict[str, int] = defaultdict(int)
        for row, seats in await self.store.finished_games(place.guild_id):
            if only and row.game != only:
                continue
            totals[row.game] += 1
            winners = set((row.result or {}).get("winners") or [])
            for user in {s.user_id for s in seats}:
                mine = {s.player_id for s in seats if s.user_id == user}
                entry = played[(row.game, user)]
                entry[0] += 1
                entry[1] += 1 if mine & winners else 0
                names[user] = next(s.name for s in seats if s.user_id == user)
        if not totals:
            what = f" of {self.engine(only).title}" if only else ""
            return Outcome(reply=f"No finished games{what} on this server yet.")
        lines = ["**Leaderboard** (finished games on this server)"]
        for gid in sorted(totals, key=lambda g: -totals[g]):
            title = self.engine(gid).title
            lines.append(f"\n**{title}**: {totals[gid]} game{'s' if totals[gid] != 1 else ''}")
            board = sorted(((w, g, u) for (g2, u), (g, w) in played.items() if g2 == gid),
                           key=lambda t: (-t[0] / t[1], -t[0], -t[1], names[t[2]].lower()))
            for rank, (wins, count, user) in enumerate(board[:10], start=1):
                lines.append(f"{rank}. **{safe_name(names[user])}**: {count} played, {wins} won "
                             f"({round(100 * wins / count)}%)")
        return Outcome(reply=clip("\n".join(lines), 2000))
