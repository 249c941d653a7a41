"""Playing: moves, resigning, taking a move back, and what moderators do to a running game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import Game, IllegalMove

from ..errors import NotAllowed, ServiceError
from ..messages import Actor, Outcome, Place, Post
from ..store import GameRow, SeatRow
from ..text import clip, safe_name, split_seat
from .core import ServiceCore, names_of, safe_names
from .lobby import LobbyService
from ..replay import replay_moves


class PlayService(LobbyService, ServiceCore):
    def _acting_player(self, game: Game, state: Any, seats: Sequence[SeatRow], actor: Actor,
                       seat: int | None = None) -> str:
        """The seat ``actor`` acts for: the one they named (``seat``), else their only seat
        that may act now."""
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed("You're not playing in this game, so you can't move in it.")
        acting = game.to_act(state)
        names = names_of(seats)
        players = game.players(state)
        if seat:
            if not 1 <= seat <= len(players) or players[seat - 1] not in mine:
                raise NotAllowed("That seat isn't yours.")
            mine = [players[seat - 1]]
        ready = [p for p in players if p in mine and p in acting]
        if not ready:
            waiting = ", ".join(f"**{safe_name(names[p])}**" for p in sorted(game.waiting_for(state))) or "nobody"
            whose = "that seat's" if seat else "your"
            raise ServiceError(f"It's not {whose} turn: waiting for {waiting}. I'll ping you when it is.")
        if len(ready) > 1:
            options = ", ".join(f"`seat:{players.index(p) + 1}` ({safe_name(names[p])})" for p in ready)
            raise ServiceError(f"Several of your seats may act now: add {options} to `/move`, "
                               "or use the buttons.")
        return ready[0]

    async def _commit(self, row: GameRow, game: Game, before: Any, after: Any, *, player: str,
                      kind: str, move: str, actor_id: int | None, said: str | None = None,
                      ends_turn: bool = True) -> int:
        """Store a change with its log entry and the timers it implies, in one transaction."""
        result = game.result(after)
        reset = (player,) if kind in ("move", "skip") else ()
        return await self._write(self.store.record_move(
            row.id, row.version, player_id=player, kind=kind, move=move, state=game.dump(after),
            result=result.to_dict() if result else None, now=self.clock(), actor_id=actor_id,
            timers=await self._timer_plan(row, game, after, reset=reset), said=said,
            ends_turn=ends_turn,
        ))

    async def move(self, actor: Actor, place: Place, text: str, *, game_id: int | None = None,
                   version: int | None = None, seat: int | None = None) -> Outcome:
        """Play a move typed with ``/move`` or clicked (a button names its game and version)."""
        typed_seat, text = split_seat(text)
        seat = seat or typed_seat
        async with self._lock(place.channel_id):
            row = await self._running(place)
            self._check_button(row, game_id, version)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            state = self._state(game, row)
            player = self._acting_player(game, state, seats, actor, seat)
            try:
                new = game.apply(state, player, text)
            except IllegalMove as exc:
                raise IllegalMove(f"`{clip(text.strip(), 60)}` can't be played: {exc}.") from None
            canonical = game.normalize_move(text)
            names = safe_names(seats)
            said = game.describe(state, player, canonical, names)
            done = game.result(new) is not None or game.turn_complete(state, new, player)
            n = await self._commit(row, game, state, new, player=player, kind="move",
                                   move=canonical, actor_id=actor.user_id, said=said, ends_turn=done)
            dms = await self._hand_updates(game, row, seats, state, new)
            if not done:  # a step inside a turn: only the player hears of it, for now
                image = await self._render_image(game, row, new, seats, str(n))
                fresh = await self.store.game(row.id)
                assert fresh is not None
                reply = f"Done: {said}.\nNext: {game.prompt(new, player, names)}"
                return Outcome(reply=clip(reply, 2000), reply_file=image, dms=dms, game_id=row.id,
                               reply_buttons=self._buttons(game, new, seats, fresh, only=player))
            headline = await self._turn_words(row, player, names, said)
            post = await self._board_post(game, row, new, seats, headline, str(n), actor.user_id)
        return Outcome(reply=f"Played `{canonical}`.", posts=[post], dms=dms, game_id=row.id)

    @staticmethod
    def _check_button(row: GameRow, game_id: int | None, version: int | None) -> None:
        if game_id is not None and (row.id != game_id or (version is not None and row.version != version)):
            raise ServiceError("This button belongs to an earlier moment of the game; use the "
                               "buttons on the latest message, or `/move`.")

    async def menu(self, actor: Actor, place: Place, *, game_id: int, version: int | None,
                   seat: int, path: str) -> Outcome:
        """The next level of a menu button (only for the player it belongs to)."""
        row = await self._running(place)
        self._check_button(row, game_id, version)
        game = self.engine(row.game)
        seats = await self.store.seats(row.id)
        state = self._state(game, row)
        player = self._acting_player(game, state, seats, actor, seat or None)
        buttons = self._buttons(game, state, seats, row, only=player, path=path)
        if not buttons:
            raise ServiceError("Nothing to choose there any more; use the latest message or `/move`.")
        return Outcome(reply="Choose:", reply_buttons=buttons, game_id=row.id)

    async def _turn_words(self, row: GameRow, player: str, names: dict[str, str], said: str) -> str:
        """``**Alice** did this.``, or for a turn of several actions each of them in order."""
        log = [m for m in await self.store.moves(row.id) if m.undone_at is None]
        turn: list[str] = []
        for m in reversed(log[:-1]):
            if m.ends_turn or m.player_id != player:
                break
            turn.insert(0, m.said or m.move)
        if not turn:
            return f"**{names[player]}** {said}."
        return f"**{names[player]}**: " + "; ".join([*turn, said]) + "."

    async def resign(self, actor: Actor, place: Place) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._running(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            mine = [s for s in seats if s.user_id == actor.user_id]
            if not mine:
                raise NotAllowed("You're not playing in this game, so there is nothing to resign.")
            post = await self._remove_player(row, game, seats, mine[0], kind="resign",
                                             actor_id=actor.user_id,
                                             headline=f"🏳️ **{safe_name(mine[0].name)}** resigned.")
        return Outcome(reply="You resigned.", posts=[post], game_id=row.id)

    async def _remove_player(self, row: GameRow, game: Game, seats: Sequence[SeatRow],
                             seat: SeatRow, *, kind: str, actor_id: int | None,
                             headline: str) -> Post:
        """Resign a seat in the engine (the game ends or goes on, as its rules allow)."""
        state = self._state(game, row)
        try:
            new = game.resign(state, seat.player_id)
        except IllegalMove as exc:
            raise ServiceError(f"That can't be done now: {exc}.") from None
        n = await self._commit(row, game, state, new, player=seat.player_id, kind=kind,
                               move=kind, actor_id=actor_id)
        if seat.user_id == row.host_id and game.result(new) is None:
            others = [s for s in seats if s.player_id != seat.player_id
                      and s.player_id in game.players(new) and s.user_id != seat.user_id]
            if others:
                fresh = await self.store.game(row.id)
                assert fresh is not None
                await self._write(self.store.set_host(row.id, fresh.version, host_id=others[0].user_id,
                                                      now=self.clock()))
                headline += f" **{safe_name(others[0].name)}** is the host now."
        return await self._board_post(game, row, new, seats, headline, str(n))

    # ----- undo -------------------------------------------------------------------------------

    async def undo(self, actor: Actor, place: Place) -> Outcome:
        async with self._lock(place.channel_id):
            row = await self._running(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            log = [m for m in await self.store.moves(row.id) if m.undone_at is None]
            mine = {s.player_id for s in seats if s.user_id == actor.user_id}
            if not mine:
                raise NotAllowed("You're not playing in this game, so there is nothing to take back.")
            if not log:
                raise ServiceError("Nothing has been played yet, so there is nothing to take back.")
            last = log[-1]
            if last.player_id not in mine or last.kind != "move":
                raise ServiceError("You can only take back your own last move, and only while nobody "
                                   "else has acted since.")
            before = replay_moves(game, [s.player_id for s in seats], row.options, row.seed, log[:-1])
            after = self._state(game, row)
            if not game.can_undo(before, after, last.player_id, last.move):
                raise ServiceError(f"`{last.move}` can't be taken back: it revealed something hidden "
                                   "or was decided by chance.")
            await self._write(self.store.undo_move(
                row.id, row.version, n=last.n, state=game.dump(before), now=self.clock(),
                timers=await self._timer_plan(row, game, before, reset=(last.player_id,)),
            ))
            dms = await self._hand_updates(game, row, seats, after, before)
            if not last.ends_turn:  # an action inside a turn: the channel never heard of it
                image = await self._render_image(game, row, before, seats, f"undo{last.n}")
                reply = f"Taken back: `{last.move}`.\nNext: {game.prompt(before, last.player_id, safe_names(seats))}"
                return Outcome(reply=clip(reply, 2000), reply_file=image, dms=dms, game_id=row.id)
            post = await self._board_post(
                game, row, before, seats,
                f"↩️ **{safe_names(seats)[last.player_id]}** took back `{last.move}`.", f"undo{last.n}",
            )
        return Outcome(reply=f"Taken back: `{last.move}`.", posts=[post], dms=dms, game_id=row.id)

    # ----- moderation -------------------------------------------------------------------------

    async def kick(self, actor: Actor, place: Place, user_id: int, user_name: str) -> Outcome:
        await self._moderator(actor, place, "Removing a player")
        async with self._lock(place.channel_id):
            row = await self._active(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            theirs = [s for s in seats if s.user_id == user_id]
            if not theirs:
                raise ServiceError(f"**{safe_name(user_name)}** has no seat in this game.")
            if row.status == "lobby":
                row, seats, note = await self._drop_seat(row, theirs[0])
                card = self._lobby_card(game, row, seats)
                return Outcome(reply=f"Removed **{safe_name(user_name)}** from the lobby.{note}",
                               lobby_edit=card, game_id=row.id)
            post = None
            for seat in theirs:  # someone may hold several seats
                fresh = await self.store.game(row.id)
                assert fresh is not None
                if fresh.status != "running":
                    break
                post = await self._remove_player(
                    fresh, game, seats, seat, kind="kick", actor_id=actor.user_id,
                    headline=f"🚪 **{safe_name(seat.name)}** was removed from the game by "
                             f"**{safe_name(actor.name)}**.")
        assert post is not None
        return Outcome(reply=f"Removed **{safe_name(user_name)}**.", posts=[post], game_id=row.id)

    async def skip(self, actor: Actor, place: Place, user_id: int | None = None) -> Outcome:
        await self._moderator(actor, place, "Skipping a turn")
        async with self._lock(place.channel_id):
            row = await self._running(place)
            game = self.engine(row.game)
            seats = await self.store.seats(row.id)
            state = self._state(game, row)
            acting = [p for p in game.players(state) if p in game.to_act(state)]
            if user_id is not None:
                acting = [p for p in acting if any(s.user_id == user_id and s.player_id == p for s in seats)]
                if not acting:
                    raise ServiceError("That player isn't the one to act right now.")
            if len(acting) != 1:
                raise ServiceError("Several players may act now: say whose turn to skip with `user:`.")
            player = acting[0]
            move = game.pass_move(state, player)
            if move is None:
                raise ServiceError(f"There is no way to pass in {game.title} right now, so the turn can't "
                                   "be skipped. `/game kick` removes the player; `/game abort` ends the game.")
            new = game.apply(state, player, move)
            n = await self._commit(row, game, state, new, player=player, kind="skip", move=move,
                                   actor_id=actor.user_id)
            name = safe_names(seats)[player]
            post = await self._board_post(game, row, new, seats,
                                          f"⏭️ **{safe_name(actor.name)}** skipped **{name}**'s turn "
                                          f"(`{move}`).", str(n))
        return Outcome(reply=f"Skipped {name}'s turn.", posts=[post], game_id=row.id)
