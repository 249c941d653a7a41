"""The game service: lobbies, seats, turns, moves and persistence, for every game.

It knows nothing of Discord (no ``discord`` import): callers pass an :class:`Actor`
and a :class:`Place` and get an :class:`Outcome` back. User mistakes raise
:class:`ServiceError` or an engine ``GameError``; the adapter shows those as
ephemeral replies. Every write goes through the store's version check, and one
lock per channel keeps this process from racing itself.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import games
import renderers
from games import BadOptions, Game, IllegalMove, Result

from .errors import NoGame, NotAllowed, ServiceError
from .messages import Actor, DirectMessage, Image, LobbyCard, Outcome, Place, Post
from .store import GameRow, GuildSettings, SeatRow, StaleGame, Store
from .text import clip, mention, parse_options, safe_name

log = logging.getLogger(__name__)

Renderer = Callable[[dict[str, Any], Mapping[str, str]], bytes]


def _names(seats: Sequence[SeatRow]) -> dict[str, str]:
    return {s.player_id: s.name for s in seats}


def _users(seats: Sequence[SeatRow]) -> dict[str, int]:
    return {s.player_id: s.user_id for s in seats}


class GameService:
    """One instance per bot process; cheap to construct on an open :class:`Store`."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 render: Renderer = renderers.render_board,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.store = store
        self.clock = clock
        self._render = render
        self._new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}

    # ----- helpers --------------------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    @staticmethod
    def engine(game_id: str) -> Game:
        game = games.REGISTRY.get(str(game_id).strip().lower())
        if game is None:
            known = ", ".join(sorted(games.REGISTRY))
            raise ServiceError(f"I don't know a game called '{clip(str(game_id), 30)}'. Choose one of: {known}.")
        return game

    @staticmethod
    def is_manager(actor: Actor, settings: GuildSettings) -> bool:
        """Manage Channels in this channel, or the server's configured game-manager role."""
        if actor.manage_channels:
            return True
        return settings.manager_role_id is not None and settings.manager_role_id in actor.role_ids

    @staticmethod
    def _manager_words(settings: GuildSettings) -> str:
        if settings.manager_role_id is not None:
            return f"the Manage Channels permission or the <@&{settings.manager_role_id}> role"
        return "the Manage Channels permission"

    async def _active(self, place: Place) -> GameRow:
        row = await self.store.active_game(place.channel_id)
        if row is None:
            raise NoGame("There is no game in this channel. A moderator can open one with `/game new`.")
        return row

    async def _running(self, place: Place) -> GameRow:
        row = await self._active(place)
        if row.status == "lobby":
            raise NoGame("The game hasn't started yet: join the lobby, then the host presses **Start**.")
        return row

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

    @staticmethod
    def _state(game: Game, row: GameRow) -> Any:
        assert row.state is not None
        return game.load(row.state)

    async def _render_image(self, game: Game, row: GameRow, state: Any,
                            seats: Sequence[SeatRow], tag: str) -> Image | None:
        """The public board as PNG, drawn off the event loop; None if drawing fails.

        A drawing bug must not turn an accepted, stored move into an error for the player.
        """
        view = game.view(state, None)
        names = _names(seats)
        try:
            data = await asyncio.to_thread(self._render, view, names)
        except Exception:
            log.exception("rendering %s game %s failed", game.id, row.id)
            return None
        return Image(filename=f"{game.id}-{row.id}-{tag}.png", data=data,
                     description=renderers.alt_text(view, names))

    # ----- lobby ----------------------------------------------------------------------------

    def _lobby_card(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                    *, closed: str | None = None) -> LobbyCard:
        host = next((s for s in seats if s.user_id == row.host_id), None)
        opts = " ".join(f"{k}={v}" for k, v in sorted(row.options.items())) or "none"
        players = ", ".join(
            f"**{safe_name(s.name)}**" + (" (host)" if s.user_id == row.host_id else "") for s in seats
        ) or "nobody yet"
        need = (str(game.min_players) if game.min_players == game.max_players
                else f"{game.min_players}–{game.max_players}")
        lines = [
            f"🎲 **{game.title}** lobby, opened by "
            + (f"**{safe_name(host.name)}**" if host else mention(row.host_id)),
            f"Options: `{opts}`",
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

    async def new_game(self, actor: Actor, place: Place, game_id: str,
                       options_text: str | None = None) -> Outcome:
        game = self.engine(game_id)
        settings = await self.store.guild_settings(place.guild_id)
        if not self.is_manager(actor, settings):
            raise NotAllowed(f"Opening a game needs {self._manager_words(settings)}. Ask a moderator.")
        try:
            options = game.resolve_options(parse_options(options_text))
        except ValueError as exc:
            raise BadOptions(str(exc)) from None
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
                host_name=actor.name, now=self.clock(),
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
            if any(s.user_id == actor.user_id for s in seats):
                raise ServiceError("You're already in this lobby.")
            if len(seats) >= game.max_players:
                raise ServiceError(f"The lobby is full ({len(seats)}/{game.max_players}).")
            await self._write(self.store.add_seat(row.id, row.version, user_id=actor.user_id,
                                                  player_id=str(actor.user_id), name=actor.name,
                                                  now=self.clock()))
            seats = await self.store.seats(row.id)
        card = self._lobby_card(game, row, seats)
        return Outcome(reply=f"You joined the {game.title} lobby ({len(seats)}/{game.max_players}).",
                       lobby_edit=card, game_id=row.id)

    async def leave(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self.store.game(game_id) if game_id is not None else await self._active(place)
            if row is not None and row.status == "running" and row.channel_id == place.channel_id:
                raise ServiceError("The game is running: to give up, use `/game resign`.")
            row = await self._lobby(place, game_id)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            seat = next((s for s in seats if s.user_id == actor.user_id), None)
            if seat is None:
                raise ServiceError("You're not in this lobby.")
            await self._write(self.store.remove_seat(row.id, row.version, player_id=seat.player_id,
                                                     now=self.clock()))
            seats = await self.store.seats(row.id)
        card = self._lobby_card(game, row, seats)
        extra = " You are still the host and can start or abort it." if actor.user_id == row.host_id else ""
        return Outcome(reply=f"You left the {game.title} lobby.{extra}", lobby_edit=card, game_id=row.id)

    async def start(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._lobby(place, game_id)
            game = self.engine(row.game)
            settings = await self.store.guild_settings(place.guild_id)
            if actor.user_id != row.host_id and not self.is_manager(actor, settings):
                raise NotAllowed(
                    f"Only the host or someone with {self._manager_words(settings)} can start this game."
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
            await self._write(self.store.start_game(row.id, row.version, state=game.dump(state),
                                                    now=self.clock(),
                                                    order=[s.player_id for s in ordered]))
            row = await self.store.game(row.id)
            assert row is not None
            seats = await self.store.seats(row.id)
            image = await self._render_image(game, row, state, seats, "start")
        names = _names(seats)
        lineup = ", ".join(f"**{safe_name(names[p])}**" for p in game.players(state))
        post = self._turn_post(game, state, seats, f"🎲 **{game.title}** has started: {lineup}.", image)
        card = self._lobby_card(game, row, seats, closed="The game has started. Good luck!")
        return Outcome(reply="The game has started.", posts=[post], lobby_edit=card, game_id=row.id)

    # ----- play -----------------------------------------------------------------------------

    def _acting_player(self, game: Game, state: Any, seats: Sequence[SeatRow], actor: Actor) -> str:
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed("You're not playing in this game, so you can't move in it.")
        acting = game.to_act(state)
        ready = [p for p in mine if p in acting]
        if not ready:
            names = _names(seats)
            waiting = ", ".join(f"**{safe_name(names[p])}**" for p in sorted(acting)) or "nobody"
            raise ServiceError(f"It's not your turn: waiting for {waiting}. I'll ping you when it is.")
        return ready[0]

    def _turn_post(self, game: Game, state: Any, seats: Sequence[SeatRow], headline: str,
                   image: Image | None) -> Post:
        """The board message: what happened, then who acts next (only they are pinged)."""
        if image is None:
            headline += "\n(I couldn't draw the board this time; `/game board` shows it.)"
        names = {p: safe_name(n) for p, n in _names(seats).items()}
        users = _users(seats)
        result = game.result(state)
        if result is not None:
            everyone = tuple(dict.fromkeys(users[p] for p in game.players(state)))
            thanks = "Thanks for playing, " + ", ".join(mention(u) for u in everyone) + "!"
            text = f"{headline}\n{self.result_text(game, result, names)}\n{thanks}"
            return Post(text=clip(text, 2000), image=image, mention=everyone, is_board=True)
        acting = sorted(game.to_act(state), key=game.players(state).index)
        lines = [headline]
        for p in acting:
            lines.append(f"{mention(users[p])}, your turn: {game.prompt(state, p, names)}")
        pinged = tuple(dict.fromkeys(users[p] for p in acting))
        return Post(text=clip("\n".join(lines), 2000), image=image, mention=pinged, is_board=True)

    @staticmethod
    def result_text(game: Game, result: Result, names: Mapping[str, str]) -> str:
        def who(p: str) -> str:
            return f"**{names.get(p, p)}**"

        scores = " · ".join(f"{who(p)} {s}" for p, s in result.scores.items())
        if result.outcome is not None:
            verdict = {"won": "You won together! 🎉", "almost": "Almost won!",
                       "lost": "The game was lost."}.get(result.outcome, result.outcome)
        elif not result.winners:
            verdict = "Nobody wins."
        elif len(result.winners) > 1:
            verdict = "It's a draw between " + " and ".join(who(p) for p in result.winners) + "."
        else:
            verdict = f"{who(result.winners[0])} wins!"
        reason = ""
        if result.reason == "resigned":
            quitter = result.detail.get("resigned")
            reason = f"{who(quitter)} resigned. " if quitter else "A player resigned. "
        return f"🏁 **Game over.** {reason}{verdict}\nScores: {scores}"

    async def move(self, actor: Actor, place: Place, text: str) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._running(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            state = self._state(game, row)
            player = self._acting_player(game, state, seats, actor)
            try:
                new = game.apply(state, player, text)
            except IllegalMove as exc:
                raise IllegalMove(f"`{clip(text.strip(), 60)}` can't be played: {exc}.") from None
            canonical = game.normalize_move(text)
            names = {p: safe_name(n) for p, n in _names(seats).items()}
            said = game.describe(state, player, canonical, names)
            result = game.result(new)
            n = await self._write(self.store.record_move(
                row.id, row.version, player_id=player, kind="move", move=canonical,
                state=game.dump(new), result=result.to_dict() if result else None, now=self.clock(),
            ))
            image = await self._render_image(game, row, new, seats, str(n))
        post = self._turn_post(game, new, seats, f"**{names[player]}** {said}.", image)
        return Outcome(reply=f"Played `{canonical}`.", posts=[post], game_id=row.id)

    async def resign(self, actor: Actor, place: Place) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._running(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            mine = [s.player_id for s in seats if s.user_id == actor.user_id]
            if not mine:
                raise NotAllowed("You're not playing in this game, so there is nothing to resign.")
            state = self._state(game, row)
            new = game.resign(state, mine[0])
            result = game.result(new)
            n = await self._write(self.store.record_move(
                row.id, row.version, player_id=mine[0], kind="resign", move="resign",
                state=game.dump(new), result=result.to_dict() if result else None, now=self.clock(),
            ))
            image = await self._render_image(game, row, new, seats, str(n))
        names = {p: safe_name(n) for p, n in _names(seats).items()}
        post = self._turn_post(game, new, seats, f"🏳️ **{names[mine[0]]}** resigned.", image)
        return Outcome(reply="You resigned.", posts=[post], game_id=row.id)

    async def abort(self, actor: Actor, place: Place, reason: str | None = None) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._active(place)
            game = self.engine(row.game)
            settings = await self.store.guild_settings(place.guild_id)
            host_lobby = row.status == "lobby" and actor.user_id == row.host_id
            if not (host_lobby or self.is_manager(actor, settings)):
                extra = " (the host may abort it while it is still a lobby)" if row.status == "lobby" else ""
                raise NotAllowed(f"Aborting a game needs {self._manager_words(settings)}{extra}.")
            why = clip(" ".join((reason or "").split()), 300) or "no reason given"
            await self._write(self.store.end_game(row.id, row.version, status="aborted",
                                                  reason=why, now=self.clock()))
            seats = await self.store.seats(row.id)
        text = f"🛑 The {game.title} game was aborted by **{safe_name(actor.name)}**: {safe_name(why, 300)}"
        card = (self._lobby_card(game, row, seats, closed="This lobby was aborted.")
                if row.status == "lobby" else None)
        return Outcome(reply="The game was aborted.", posts=[Post(text=text)], lobby_edit=card,
                       game_id=row.id)

    async def _write(self, op: Any) -> Any:
        try:
            return await op
        except StaleGame:
            raise ServiceError(
                "Someone else changed the game at the same moment, so I didn't apply this. "
                "Have a look at the board and try again."
            ) from None

    # ----- looking ----------------------------------------------------------------------------

    async def board(self, actor: Actor, place: Place) -> Outcome:
        row = await self.store.latest_game(place.channel_id)
        if row is None:
            raise NoGame("No game has been played in this channel yet. A moderator can open one with `/game new`.")
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        if row.status == "lobby" or row.state is None:
            card = self._lobby_card(game, row, seats)
            return Outcome(reply=card.text, game_id=row.id)
        state = self._state(game, row)
        image = await self._render_image(game, row, state, seats, f"v{row.version}")
        if image is None:
            raise ServiceError("I couldn't draw the board just now; please try again.")
        return Outcome(reply=self._status_line(game, row, state, seats), reply_image=image,
                       game_id=row.id)

    def _status_line(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow]) -> str:
        names = {p: safe_name(n) for p, n in _names(seats).items()}
        if row.status == "aborted":
            return f"{game.title}: aborted ({safe_name(row.end_reason or 'no reason', 300)})."
        result = game.result(state)
        if result is not None:
            return f"{game.title}: finished.\n{self.result_text(game, result, names)}"
        acting = ", ".join(f"**{names[p]}**" for p in sorted(game.to_act(state)))
        return f"{game.title}: waiting for {acting}."

    async def hand(self, actor: Actor, place: Place, dm: bool = False) -> Outcome:
        """The caller's private view, only for them; with ``dm`` also a copy by DM that stays."""
        row = await self._running(place)
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed("You're not playing in this game, so you have no hand here.")
        state = self._state(game, row)
        text, image = await self._private(game, row, state, seats, mine)
        dms = [DirectMessage(user_id=actor.user_id, text=text, image=image)] if dm else []
        note = "\n(A copy is on its way to your DMs.)" if dm else ""
        return Outcome(reply=text + note, reply_image=image, dms=dms, game_id=row.id)

    async def _private(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                       players: Sequence[str]) -> tuple[str, Image | None]:
        """Words (and, for games with hands, a picture) of what only these seats can see."""
        names = {p: safe_name(n) for p, n in _names(seats).items()}
        hand_renderer = renderers.HAND_RENDERERS.get(game.id)
        lines = [f"**{game.title}** in <#{row.channel_id}>"]
        image = None
        for player in players:
            if player in game.to_act(state):
                lines.append(f"It's your turn: {game.prompt(state, player, names)}")
            else:
                lines.append("It's not your turn yet; I'll ping you when it is.")
            if hand_renderer is not None and image is None:
                view = game.view(state, player)
                try:
                    data = await asyncio.to_thread(hand_renderer, view, _names(seats))
                    image = Image(filename=f"{game.id}-{row.id}-hand.png", data=data,
                                  description=renderers.alt_text(view, _names(seats)))
                except Exception:
                    log.exception("rendering the hand of %s in game %s failed", player, row.id)
        if hand_renderer is None:
            lines.insert(1, f"{game.title} has no hidden hand: everything is on the board.")
        return "\n".join(lines), image

    async def rules(self, place: Place, game_id: str | None = None) -> Outcome:
        if game_id:
            game = self.engine(game_id)
        else:
            row = await self.store.latest_game(place.channel_id)
            if row is None:
                lines = ["**Games I can run** (`/game rules game:<name>` for the rules):"]
                for g in games.REGISTRY.values():
                    need = (str(g.min_players) if g.min_players == g.max_players
                            else f"{g.min_players}–{g.max_players}")
                    lines.append(f"• **{g.title}** (`{g.id}`), {need} players")
                return Outcome(reply="\n".join(lines))
            game = self.engine(row.game)
        opts = "\n".join(
            f"• `{name}`: {' | '.join(o.values)} (default {o.default}){': ' + o.help if o.help else ''}"
            for name, o in game.options.items()
        )
        text = game.summary + (f"\n**Options** (`/game new options:key=value`):\n{opts}" if opts else "")
        return Outcome(reply=clip(text, 2000))

    async def status(self, actor: Actor, place: Place) -> Outcome:
        row = await self.store.latest_game(place.channel_id)
        if row is None:
            raise NoGame("No game has been played in this channel yet. A moderator can open one with `/game new`.")
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        if row.status == "lobby" or row.state is None:
            return Outcome(reply=self._lobby_card(game, row, seats).text, game_id=row.id)
        state = self._state(game, row)
        moves = await self.store.moves(row.id)
        opts = " ".join(f"{k}={v}" for k, v in sorted(row.options.items()))
        lines = [
            self._status_line(game, row, state, seats),
            "Players: " + ", ".join(f"**{safe_name(s.name)}**" for s in seats),
            f"Moves played: {len(moves)} · options: `{opts}`",
        ]
        if row.board_message_id and place.guild_id:
            lines.append(
                f"Latest board: https://discord.com/channels/{place.guild_id}/{row.channel_id}/{row.board_message_id}"
            )
        return Outcome(reply="\n".join(lines), game_id=row.id)

    async def suggest(self, actor: Actor, place: Place, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/move``: (label, value) pairs, or one friendly line explaining why not."""
        row = await self.store.active_game(place.channel_id)
        if row is None or row.status != "running":
            note = "No game is running in this channel" if row is None else "The game hasn't started yet"
            return [(note, typed.strip()[:100] or "none")]
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        state = self._state(game, row)
        try:
            player = self._acting_player(game, state, seats, actor)
        except ServiceError as exc:
            plain = str(exc).replace("**", "").replace("\\", "")
            return [(clip(plain, 100), typed.strip()[:100] or "wait")]
        found = game.suggest(state, player, typed, 25)
        if not found:
            return [(clip(f"No legal move starts with '{typed.strip()}'", 100), typed.strip()[:100] or "none")]
        return [(clip(label, 100), value[:100]) for value, label in found]

    # ----- settings and bookkeeping ---------------------------------------------------------

    async def set_manager_role(self, actor: Actor, place: Place, role_id: int | None) -> Outcome:
        if place.guild_id is None:
            raise ServiceError("Server settings only exist in a server.")
        if not actor.manage_channels:
            raise NotAllowed("Changing who manages games needs the Manage Channels permission.")
        await self.store.set_manager_role(place.guild_id, role_id, now=self.clock())
        if role_id is None:
            return Outcome(reply="Only members with Manage Channels can now open, start and abort games.")
        return Outcome(reply=f"Members with the <@&{role_id}> role can now open, start and abort games "
                             "(as well as those with Manage Channels).")

    async def show_settings(self, actor: Actor, place: Place) -> Outcome:
        settings = await self.store.guild_settings(place.guild_id)
        return Outcome(reply=f"Opening, starting and aborting games needs {self._manager_words(settings)}. "
                             "Set a role with `/game config manager_role:`.")

    async def remember_message(self, game_id: int, kind: str, message_id: int) -> None:
        await self.store.set_message(game_id, kind=kind, message_id=message_id)

    async def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its seed, options and move log (checks the stored state)."""
        row = await self.store.game(game_id)
        if row is None or row.status == "lobby":
            raise NoGame("That game has no moves to replay.")
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        state = game.setup([s.player_id for s in seats], row.options, row.seed)
        for m in await self.store.moves(row.id):
            state = game.resign(state, m.player_id) if m.kind == "resign" else game.apply(state, m.player_id, m.move)
        return state

