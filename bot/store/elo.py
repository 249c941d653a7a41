"""Elo ratings, computed from finished games' results alone (no I/O, no clock, no randomness).

The numbers are a pure function of the finished games in the order they ended, so they are
never stored: recomputing from the stored results always gives the same table, and a game that
ends simply adds one more step (:meth:`Ratings.add`). The choices:

- Everyone starts at :data:`START` (1500). A two-player game is standard Elo with K = 32
  (win 1, draw ½, loss 0). A game with more players is scored as BGA does, pairwise from the
  final order: every pair of players is a small two-player game, each with K / (n - 1), so
  one game moves a rating about as far as a two-player game does. Every game is zero-sum.
- The final order: the winners share first place; the other players who stayed in follow
  by score (equal scores share a place); players who resigned, ran out of time or were
  removed come last, the last to leave first (resigning counts as a loss).
- Unrated: aborted games (they never finish), games with a bot seat (also one a bot took over),
  cooperative games (a result with an ``outcome``, Kraqua: everyone wins or loses together),
  games with fewer than two human players, and games where one person held several seats.
  Also, marked in the result (``unrated``) when the game ends (:func:`unrated_because`): games
  in which a player skipped, kicked or forfeited another with a moderator's power, and games
  that ended before every player had made a move of their own, and teaching games (opened
  with ``hints=on``: the bot's search may have suggested the moves).
- Ratings are kept per server (scope: the server's id) and across servers (scope
  :data:`GLOBAL`), per game; a game without a server counts only across servers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

START = 1500.0
K = 32.0
#: The scope of ratings across all servers.
GLOBAL = "global"

Scope = int | str  # a server's id, or GLOBAL


def expected(rating: float, other: float) -> float:
    """The chance (0..1) that a player rated ``rating`` beats one rated ``other``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def elo_changes(ratings: Mapping[int, float], places: Mapping[int, int],
                k: float = K) -> dict[int, float]:
    """Each player's change from one game: pairwise Elo over the final places (1 is first;
    equal places are draws), from the ratings before the game. Two players: standard Elo."""
    players = sorted(places)
    if len(players) < 2:
        return {p: 0.0 for p in players}
    step = k / (len(players) - 1)
    change = {p: 0.0 for p in players}
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            score = 1.0 if places[a] < places[b] else 0.5 if places[a] == places[b] else 0.0
            delta = step * (score - expected(ratings[a], ratings[b]))
            change[a] += delta
            change[b] -= delta
    return change


def final_places(result: Mapping[str, Any], players: Sequence[str]) -> dict[str, int]:
    """Engine player id -> place (1 is first, ties share a place) from a stored result."""
    winners = set(result.get("winners") or ())
    scores = result.get("scores") or {}
    detail = result.get("detail") or {}
    gone: list[str] = []  # in the order they left
    for key in ("resigned_players", "resigned"):
        value = detail.get(key)
        value = [value] if isinstance(value, str) else value
        if isinstance(value, list):
            gone += [p for p in value if isinstance(p, str) and p not in gone and p not in winners]
    tiers: list[list[str]] = [[p for p in players if p in winners]]
    stayed = [p for p in players if p not in winners and p not in gone]
    for score in sorted({scores.get(p, 0) for p in stayed}, reverse=True):
        tiers.append([p for p in stayed if scores.get(p, 0) == score])
    tiers += [[p] for p in reversed(gone) if p in players]  # who left last places best of them
    places: dict[str, int] = {}
    for tier in tiers:
        if tier:
            place = len(places) + 1
            places.update({p: place for p in tier})
    return places


@dataclass(frozen=True)
class Seat:
    player_id: str
    user_id: int
    bot: bool = False


@dataclass(frozen=True)
class Finished:
    """One finished game as ratings see it: who took which place."""

    game_id: int
    game: str
    guild_id: int | None
    places: dict[int, int]  # user id -> place


def rated_game(game_id: int, game: str, guild_id: int | None, result: Mapping[str, Any] | None,
               seats: Sequence[Seat]) -> Finished | None:
    """The game's places per user, or None if it is unrated (see the module's rules)."""
    if not result or result.get("outcome") is not None or result.get("unrated"):
        return None  # unreadable, cooperative (everyone wins or loses together), or marked
    if any(s.bot or not s.user_id for s in seats):
        return None
    users = [s.user_id for s in seats]
    if len(users) < 2 or len(set(users)) != len(users):
        return None
    places = final_places(result, [s.player_id for s in seats])
    return Finished(game_id, game, guild_id, {s.user_id: places[s.player_id] for s in seats})


#: Why a game that would count is unrated (the ``unrated`` of its stored result).
SEATED_MODERATOR = "seated-moderator"
EARLY_END = "early-end"
#: A teaching game (opened with ``hints=on``): the search could have chosen the moves.
TEACHING = "teaching"
#: Log entries that take a turn or a seat from a player (with an actor: someone's power).
REMOVALS = frozenset({"skip", "kick", "forfeit"})


def unrated_because(seats: Sequence[Seat], log: Iterable[tuple[str, str, int | None]]) -> str | None:
    """Why a game that would be rated is not, from its log of (player, kind, actor) entries
    (undone ones left out): a person who plays in it skipped, kicked or forfeited another
    player (moderator's powers, not play, decided it; a deadline has no actor); or it ended
    before every player had made a move of their own (a resignation at once would farm
    rating with a second account)."""
    people = {s.user_id for s in seats if s.user_id and not s.bot}
    owner = {s.player_id: s.user_id for s in seats}
    moved: set[str] = set()
    for player, kind, actor in log:
        if kind in REMOVALS and actor in people and actor != owner.get(player):
            return SEATED_MODERATOR
        if kind == "move":
            moved.add(player)
    if any(s.player_id not in moved for s in seats if not s.bot):
        return EARLY_END
    return None


@dataclass
class Line:
    """One player's rating in one game and scope."""

    rating: float = START
    games: int = 0
    wins: int = 0  # first places, shared ones included


@dataclass
class Ratings:
    """The ratings table: (scope, game) -> user -> :class:`Line`."""

    table: dict[tuple[Scope, str], dict[int, Line]] = field(default_factory=dict)

    def add(self, game: Finished) -> dict[Scope, dict[int, float]]:
        """One more finished game, in every scope it counts in; returns the changes per scope."""
        changes: dict[Scope, dict[int, float]] = {}
        scopes: list[Scope] = [GLOBAL] if game.guild_id is None else [game.guild_id, GLOBAL]
        for scope in scopes:
            lines = self.table.setdefault((scope, game.game), {})
            for user in game.places:
                lines.setdefault(user, Line())
            change = elo_changes({u: lines[u].rating for u in game.places}, game.places)
            for user, delta in change.items():
                line = lines[user]
                line.rating += delta
                line.games += 1
                line.wins += game.places[user] == 1
            changes[scope] = change
        return changes

    def board(self, scope: Scope, game: str) -> list[tuple[int, Line]]:
        """(user, line) from the highest rating down (ties: more games first, then user id)."""
        lines = self.table.get((scope, game), {})
        return sorted(lines.items(), key=lambda item: (-item[1].rating, -item[1].games, item[0]))

    def of(self, scope: Scope, user: int) -> dict[str, Line]:
        """A user's lines in one scope, by game."""
        return {g: lines[user] for (s, g), lines in self.table.items() if s == scope and user in lines}

    def rounded(self) -> dict[tuple[Scope, str], dict[int, tuple[int, int, int]]]:
        """The table as whole numbers (as shown), for comparing two computations."""
        return {key: {u: (round(v.rating), v.games, v.wins) for u, v in lines.items()}
                for key, lines in self.table.items()}


def recompute(games: Iterable[Finished]) -> Ratings:
    """All ratings from the rated games in the order they ended."""
    ratings = Ratings()
    for game in games:
        ratings.add(game)
    return ratings
