"""Opening a game: lobby, seats, start, and abort."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import BadOptions, Game

from ..errors import NoGame, NotAllowed, ServiceError
from ..messages import Actor, LobbyCard, Outcome, Place, Post
from ..store import GameRow, SeatRow
from ..text import clip, mention, parse_options, safe_name
from ..timing import format_duration, parse_duration
from .core import DEADLINE_ACTIONS, TIMING_KEYS, ServiceCore, names_of


def split_options(game: Game, text: str | None) -> tuple[dict[str, str], dict[str, Any]]:
    """``/game new options:`` -> (the game's resolved options, the bot's timing overrides)."""
    try:
        given = parse_options(text)
    except ValueError as exc:
        raise BadOptions(str(exc)) from None
    timing: dict[str, Any] = {}
    rules: dict[str, str] = {}
    for key, value in given.items():
        name = key.replace("_", "-")
        if name not in TIMING_KEYS:
            rules[key] = value
        elif name == "on-deadline":
            if value.lower() not in DEADLINE_ACTIONS:
                raise BadOptions(f"'{clip(value, 24)}' is not a value of on-deadline "
                                 f"(choose one of: {', '.join(DEADLINE_ACTIONS)})")
            timing[name] = value.lower()
        else:
            timing[name] = parse_duration(value, what=name)
    return game.resolve_options(rules), timing


class LobbyService(ServiceCore):
    def _lobby_card(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                    *, closed: str | None = None) -> LobbyCard:
        host = next((s for s in seats if s.user_id == row.host_id), None)
        opts = " ".join(f"{k}={v}" for k, v in sorted(row.options.items())) or "none"
        timing = " ".join(f"{k}={format_duration(v) if k != 'on-deadline' else v}"
                          for k, v in sorted(row.timing.items()))
        players = ", ".join(
            f"**{safe_name(s.name)}**" + (" (host)" if s.user_id == row.host_id else "") for s in seats
        ) or "nobody yet"
        need = (str(game.min_players) if game.min_players == game.max_players
                else f"{game.min_players}–{game.max_players}")
        lines = [
            f"🎲 **{game.title}** lobby, opened by "
            + (f"**{safe_name(host.name)}**" if host else mention(row.host_id)),
            f"Options: `{opts}`" + (f" · timing: `{timing}`" if timing else ""),
            f"Players ({len(seats)}/{game.max_players}, needs {need}): {players}",
        ]
        if closed:
            lines.append(closed)
        elif len(seats) >= game.min_players:
            lines.append("Ready! The host or a moderator presses **Start**.")
        else:
            lines.append("Press **Join** or use `/game join`. The host or a moderator starts the game.")
        return LobbyCard(game_id=row.id, text="\n".join(lines), open=closed is None,
                         message_id=row.lobby_message_id)

    async def _lobby(self, place: Place, game_id: int | None) -> GameRow:
        """The channel's open lobby; with ``game_id`` (from a button) it must be that one."""
        if game_id is not None:
            row = await self.store.game(game_id)
            if row is None or row.channel_id != place.channel_id:
                raise NoGame("This button belongs to a lobby I can't find any more.")
            if row.status != "lobby":
                what = {"running": "the game has already started",
                        "finished": "that game is over",
                        "aborted": "that game was aborted"}[row.status]
                raise NoGame(f"This lobby is closed: {what}.")
            return row
        row = await self._active(place)
        if row.status != "lobby":
            raise ServiceError("The game has already started, so the lobby is closed.")
        return row

    async def new_game(self, actor: Actor, place: Place, game_id: str,
                       options_text: str | None = None) -> Outcome:
        game = self.engine(game_id)
        settings = await self.store.guild_settings(place.guild_id)
        if not self.may_open(actor, settings):
            raise NotAllowed(f"Opening a game needs {self.opener_words(settings)}. Ask a moderator.")
        options, timing = split_options(game, options_text)
        async with self._lock(place.channel_id):
            existing = await self.store.active_game(place.channel_id)
            if existing is not None:
                title = self.engine(existing.game).title
                raise ServiceError(
                    f"This channel already has a {title} game ({existing.status}). "
                    "Finish it, or ask a moderator to `/game abort` it first."
                )
            row = await self.store.create_game(
                guild_id=place.guild_id, channel_id=place.channel_id, game=game.id,
                options=options, seed=self._new_seed(), host_id=actor.user_id,
                host_name=actor.name, now=self.clock(), timing=timing,
            )
            seats = await self.store.seats(row.id)
        card = self._lobby_card(game, row, seats)
        return Outcome(
            reply=f"Your {game.title} lobby is open and you have the first seat. "
                  "Use `/game leave` if you only want to host.",
            posts=[Post(text=card.text, lobby=card)],
            game_id=row.id,
        )

    async def join(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._lobby(place, game_id)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            held = sum(s.user_id == actor.user_id for s in seats)
            if held and not game.multi_seat:
                raise ServiceError("You're already in this lobby.")
            if len(seats) >= game.max_players:
                raise ServiceError(f"The lobby is full ({len(seats)}/{game.max_players}).")
            # In a cooperative game one person may take several seats: the extra ones get
            # their own player ids, so the engine sees a seat per player as always.
            player_id = str(actor.user_id) if not held else f"{actor.user_id}#{held + 1}"
            name = actor.name if not held else f"{actor.name} ({held + 1})"
            await self._write(self.store.add_seat(row.id, row.version, user_id=actor.user_id,
                                                  player_id=player_id, name=name, now=self.clock()))
            seats = await self.store.seats(row.id)
        card = self._lobby_card(game, row, seats)
        extra = f" You hold {held + 1} seats now." if held else (
            " Join again to take another seat." if game.multi_seat else "")
        return Outcome(reply=f"You joined the {game.title} lobby ({len(seats)}/{game.max_players})."
                             + extra, lobby_edit=card, game_id=row.id)

    async def _drop_seat(self, row: GameRow, seat: SeatRow) -> tuple[GameRow, list[SeatRow], str]:
        """Free a lobby seat; a leaving host hands the lobby to the next seated player."""
        await self._write(self.store.remove_seat(row.id, row.version, player_id=seat.player_id,
                                                 now=self.clock()))
        seats = await self.store.seats(row.id)
        note = ""
        if seat.user_id == row.host_id and seats and not any(s.user_id == seat.user_id for s in seats):
            fresh = await self.store.game(row.id)
            assert fresh is not None
            await self._write(self.store.set_host(row.id, fresh.version, host_id=seats[0].user_id,
                                                  now=self.clock()))
            note = f" **{safe_name(seats[0].name)}** is the host now."
        fresh = await self.store.game(row.id)
        assert fresh is not None
        return fresh, seats, note

    async def leave(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self.store.game(game_id) if game_id is not None else await self._active(place)
            if row is not None and row.status == "running" and row.channel_id == place.channel_id:
                raise ServiceError("The game is running: to give up, use `/game resign`.")
            row = await self._lobby(place, game_id)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            mine = [s for s in seats if s.user_id == actor.user_id]
            if not mine:
                raise ServiceError("You're not in this lobby.")
            row, seats, note = await self._drop_seat(row, mine[-1])  # the last seat taken
        card = self._lobby_card(game, row, seats)
        if not note and actor.user_id == row.host_id:
            note = " You are still the host and can start or abort it."
        return Outcome(reply=f"You left the {game.title} lobby.{note}", lobby_edit=card, game_id=row.id)

    async def start(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._lobby(place, game_id)
            game = self.engine(row.game)
            settings = await self.store.guild_settings(place.guild_id)
            if actor.user_id != row.host_id and not self.is_moderator(actor, settings):
                raise NotAllowed(
                    f"Only the host or someone with {self.moderator_words(settings)} can start this game."
                )
            seats = await self.store.seats(row.id)
            if len(seats) < game.min_players:
                raise ServiceError(
                    f"{game.title} needs at least {game.min_players} players and "
                    f"{len(seats)} joined. Ask someone to press **Join**."
                )
            # The engine's first seat is the host when seated (options like role=host-colour).
            ordered = sorted(seats, key=lambda s: (s.user_id != row.host_id, s.position))
            state = game.setup([s.player_id for s in ordered], row.options, row.seed)
            await self._write(self.store.start_game(
                row.id, row.version, state=game.dump(state), now=self.clock(),
                order=[s.player_id for s in ordered], timers=await self._timer_plan(row, game, state),
            ))
            row = await self.store.game(row.id)
            assert row is not None
            seats = await self.store.seats(row.id)
            names = names_of(seats)
            lineup = ", ".join(f"**{safe_name(names[p])}**" for p in game.players(state))
            post = await self._board_post(game, row, state, seats,
                                          f"🎲 **{game.title}** has started: {lineup}.", "start")
            dms = await self._hand_updates(game, row, seats, None, state)
        card = self._lobby_card(game, row, seats, closed="The game has started. Good luck!")
        return Outcome(reply="The game has started.", posts=[post], lobby_edit=card, dms=dms,
                       game_id=row.id)

    async def abort(self, actor: Actor, place: Place, reason: str | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._active(place)
            game = self.engine(row.game)
            settings = await self.store.guild_settings(place.guild_id)
            host_lobby = row.status == "lobby" and actor.user_id == row.host_id
            if not (host_lobby or self.is_moderator(actor, settings)):
                extra = " (the host may abort it while it is still a lobby)" if row.status == "lobby" else ""
                raise NotAllowed(f"Aborting a game needs {self.moderator_words(settings)}{extra}.")
            why = clip(" ".join((reason or "").split()), 300) or "no reason given"
            await self._write(self.store.end_game(row.id, row.version, status="aborted",
                                                  reason=why, now=self.clock()))
            seats = await self.store.seats(row.id)
        text = f"🛑 The {game.title} game was aborted by **{safe_name(actor.name)}**: {safe_name(why, 300)}"
        card = (self._lobby_card(game, row, seats, closed="This lobby was aborted.")
                if row.status == "lobby" else None)
        return Outcome(reply="The game was aborted.", posts=[Post(text=text)], lobby_edit=card,
                       game_id=row.id)
