"""Playing: moves, resigning, taking a move back, and what moderators do to a running game.

A moderator who holds a seat cannot win by kicking: when their ``/game kick`` of another
player would end the game, the game is aborted instead, without a result (no winner, not in
the stats). A kick the game survives just removes the player, as any kick does.
"""

from __future__ import annotations

from dataclasses import dataclass
import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games import Game, IllegalMove

from ..refusals import NotAllowed, RacedWrite, ServiceError
from ..messages import Actor, DirectMessage, Outcome, Place, Post
from ..store.envelopes import Envelope
from ..store import GameRow, MoveRow, SeatRow
from ..safe_text import clip, safe_name
from ..vocab import MoveKind, Status
from .names import _, bold, seat_example, seat_names
from .forced import Forced, forced_after, forced_reply, forced_words
from .lobby import STALE_CONFIRMATION
from .ground import teaching
from .news import News, Told, news_or_guess, playing_humans, quiet
from .paused import refuse_if_paused

from games.text import Notation, Text, either, join, lines, sentence
from ..replay import replay_moves
from .rated import Step, unrated_note
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator
    from .drawing import Drawing
    from .lobby import Lobby
    from .pause import Pauses
    from .sight import Sights

log = logging.getLogger("bot.service.play")

@dataclass(eq=False, repr=False, kw_only=True)
class Play(Part):
    """Playing: moves, menus, resigning, undo, and what moderators do to a running game."""

    drawing: Drawing
    lobby: Lobby
    pauses: Pauses
    narrator: Narrator
    sights: Sights

    def acting_player(self, game: Game, state: Any, seats: Sequence[SeatRow], actor: Actor,
                      seat: int | None = None) -> str:
        """The seat ``actor`` acts for: the one they named (``seat``), else their only seat
        that may act now."""
        mine = [s.player_id for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed(_("You're not playing in this game, so you can't move in it."))
        acting = game.to_act(state)
        names = seat_names(game, state, seats)
        players = game.players(state)
        if seat:
            if not 1 <= seat <= len(players) or players[seat - 1] not in mine:
                raise NotAllowed(_("That seat isn't yours."))
            mine = [players[seat - 1]]
        ready = [p for p in players if p in mine and p in acting]
        if not ready:
            waiting = (join([bold(names[p]) for p in sorted(game.waiting_for(state))])
                       if game.waiting_for(state) else _("nobody"))
            if seat:  # named as the turn's ping names it ("your turn as hana (seahorse)")
                raise ServiceError(_("It's not your turn as {seat}: waiting for {waiting}. I'll ping "
                                     "you when it is.", seat=bold(names[mine[0]]), waiting=waiting))
            raise ServiceError(_("It's not your turn: waiting for {waiting}. I'll ping you when it is.",
                                 waiting=waiting))
        if len(ready) > 1:  # advice that works as typed, in Discord and in the console
            examples = either([_("`{cmd:move} {move}`", move=seat_example(game, state, p)) for p in ready])
            raise ServiceError(_("Several of your seats may act now ({seats}): say which one plays by "
                                 "starting the move with it, e.g. {examples}, or use the buttons.",
                                 seats=join([bold(names[p]) for p in ready]), examples=examples))
        return ready[0]

    async def commit(self, row: GameRow, game: Game, before: Any, after: Any, *, player: str,
                     kind: MoveKind, move: str, actor_id: int | None,
                     ends_turn: bool = True, outbox: Sequence[Envelope] = (),
                     host_id: int | None = None, then: Sequence[Forced] = ()) -> int:
        """Store a change with its log entry, the timers it implies and what is to be said
        about it (``outbox``), in one transaction. ``then``: forced moves that followed it
        (``after`` is the state after them)."""
        result = game.result(after)
        # a step inside a turn leaves the turn's reminder and deadline where they are
        reset = [player] if kind in ("move", "skip") and ends_turn else []
        reset += [f.player for f in then if f.ends_turn]
        # whose wait this ends: their chess clock stops (the movers' gets its increment)
        waited = set(game.waiting_for(before))
        ended = waited & (set(reset) | (waited - set(game.waiting_for(after))))
        return await self.ground.write(self.store.games.record_move(
            row.id, row.version, player_id=player, kind=kind, move=move, state=game.dump(after),
            result=result.to_dict() if result else None, now=self.clock(), actor_id=actor_id,
            timers=await self.ground.timer_plan(row, game, after, reset=reset, ended=sorted(ended)),
            ends_turn=ends_turn, outbox=outbox, host_id=host_id,
            then=[f.row() for f in then],
        ))

    async def _forced_after(self, game: Game, row: GameRow, state: Any, complete: bool,
                            names: Mapping[str, Any]) -> tuple[Any, list[Forced]]:
        """The forced moves after a change that led to ``state``, if the place wants them."""
        enabled = (await self.ground.settings_for(row)).auto_forced
        return forced_after(game, state, complete, names, enabled=enabled)

    @staticmethod
    def _forced_words(forced: Sequence[Forced], names: Mapping[str, Any]) -> list[Text]:
        return forced_words(forced, names)

    async def then_forced(self, game: Game, row: GameRow, seats: Sequence[SeatRow], state: Any,
                          new: Any, headline: Text) -> tuple[Any, list[Forced], Text]:
        """After a change that ends a turn without a move of its own (a skip, a resignation, a
        kick, a forfeit): the forced moves that follow, the state after them and the headline
        that tells them."""
        names = seat_names(game, state, seats)
        new, forced = await self._forced_after(game, row, new, True, names)
        return new, forced, lines([headline, *forced_words(forced, names)]) if forced else headline

    async def dms_after(self, game: Game, row: GameRow, seats: Sequence[SeatRow], state: Any,
                        new: Any, forced: Sequence[Forced]) -> list[DirectMessage]:
        """Hand DMs after such a change: turns that begin or end, and hands that forced moves
        changed."""
        dms = await self.narrator.hand_updates(game, row, seats, state, new) if forced else []
        return dms + await self.narrator.turns_change(game, row, seats, state, new, dms)

    async def move(self, actor: Actor, place: Place, text: str, *, game_id: int | None = None,
                   version: int | None = None, seat: int | None = None) -> Outcome:
        """Play a move typed with ``/move`` or clicked (a button names its game and version).

        Moves in one channel are serialised in this process by a lock, and across processes
        by the version check: a typed move that lost that race is tried once more against the
        new state (it lands if it is still legal for this player). A button is bound to the
        version it was drawn for, so it is not retried. A player who was away and moves is
        back (in every game).
        """
        try:
            out = await self._move(actor, place, text, game_id=game_id, version=version, seat=seat)
        except RacedWrite:
            if version is not None:
                raise
            log.info("a move in channel %s raced another process; trying it once more",
                     place.channel_id)
            out = await self._move(actor, place, text, game_id=game_id, version=version, seat=seat)
        if actor.user_id and await self.store.pauses.away(actor.user_id) is not None:
            back = await self.pauses.come_back(actor.user_id, at=self.clock())
            out.posts += [p for where, o in back if where.channel_id == place.channel_id for p in o.posts]
            out.outbox += tuple(k for where, o in back if where.guild_id == place.guild_id
                                for k in o.outbox)
        return out

    async def _move(self, actor: Actor, place: Place, text: str, *, game_id: int | None,
                    version: int | None, seat: int | None) -> Outcome:
        async with self.ground.lock(place.channel_id):
            row = await self.ground.running(place)
            self._check_button(row, game_id, version)
            refuse_if_paused(row)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            state = self.ground.load_state(game, row, seats)
            typed_seat, text = self.narrator.typed_seat(game, state, seats, text, actor.user_id)
            player = self.acting_player(game, state, seats, actor, seat or typed_seat)
            try:
                new = game.apply(state, player, text)
            except IllegalMove as exc:
                raise IllegalMove(_("`{move}` can't be played – {reason}.", move=clip(text.strip(), 60),
                                    reason=exc.args[0] if exc.args else str(exc))) from None
            canonical = game.normalize_move(text)
            names = seat_names(game, state, seats)
            said = game.describe(state, player, canonical, names)
            done = game.result(new) is not None or game.turn_complete(state, new, player)
            new, forced = await self._forced_after(game, row, new, done, names)
            heard = forced[-1].ends_turn if forced else done  # the channel hears of it now
            dms = await self.narrator.hand_updates(game, row, seats, state, new, actor=actor)
            after = self.narrator.next_row(row)
            posts = []
            if heard:  # inside a turn only the player hears of a step, for now
                logged = await self.store.games.moves(row.id)
                n = max((m.n for m in logged), default=0) + 1
                news = await self._news(game, row, seats, logged, state, names)
                bots = {s.player_id for s in seats if s.bot_level}
                if actor.user_id == 0 and not forced and quiet(
                        game, new, bots, playing_humans(seats, logged), len(news.unheard)):
                    pass  # another bot is to act: its post tells of this turn too
                else:
                    headline = lines([self._turn_words(news.open_turn, player, names, said),
                                      *self._forced_words(forced, names)])
                    posts.append(await self.narrator.board_post(
                        game, after, new, seats, self._with_unheard(news, names, headline),
                        str(n + len(forced)), actor.user_id, told=news.told,
                        note=unrated_note(game, new, seats, logged, (player, MoveKind.MOVE, actor.user_id),
                                          teaching(row))))
                dms += await self.narrator.turns_change(game, row, seats, state, new, dms)
            items = self.narrator.envelopes(row, posts=posts, dms=dms)
            n = await self.commit(row, game, state, new, player=player, kind=MoveKind.MOVE,
                                  move=canonical, actor_id=actor.user_id, ends_turn=done,
                                  outbox=items, then=forced)
            keys = tuple(i.key for i in items)
            if not heard:  # a bot needs no picture of its step
                tag = str(n + len(forced))
                image = await self.drawing.render_image(game, row, new, seats, tag, actor.lang) \
                    if actor.user_id else None
                reply = lines([_("Done: {name} {said}.", name=names[player], said=said), *self._forced_words(forced, names),
                               _("Next: {prompt}", prompt=game.prompt(new, player, names))])
                return Outcome(reply=reply, reply_file=image, dms=dms, game_id=row.id, outbox=keys,
                               reply_buttons=self.narrator.buttons(game, new, seats, after, only=player))
        played = _("Played `{move}`.", move=Notation(game.id, canonical))  # in the reader's words
        if forced:
            played = sentence(played, *forced_reply(game.id, player, forced, names))
        return Outcome(reply=played, posts=posts, dms=dms, game_id=row.id, outbox=keys)

    async def _news(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                    logged: Sequence[MoveRow], before: Any, names: Mapping[str, Any]) -> News:
        """What the channel has heard of the game before this change (a replay: off the loop)."""
        return await asyncio.to_thread(news_or_guess, game, seats, row.options, row.seed, logged,
                                       before, names)

    async def post_after(self, game: Game, row: GameRow, seats: Sequence[SeatRow], state: Any,
                         new: Any, headline: Text, step: Step) -> Post:
        """The board post after a change that is not a move (a skip, a resignation, a kick):
        it also tells the bot turns the channel has not heard of yet. ``step``: that change,
        as the log will hold it (player, kind, actor)."""
        logged = await self.store.games.moves(row.id)
        n = max((m.n for m in logged), default=0) + 1
        names = seat_names(game, state, seats)
        news = await self._news(game, row, seats, logged, state, names)
        return await self.narrator.board_post(game, self.narrator.next_row(row), new, seats,
                                      self._with_unheard(news, names, headline), str(n),
                                      told=news.told, note=unrated_note(game, new, seats, logged, step,
                                                                         teaching(row)))

    def _with_unheard(self, news: News, names: Mapping[str, Any], headline: Text) -> Text:
        """The headline of a post after the bot turns the channel has not heard of yet."""
        earlier = [self._turn_words(t[:-1], t[-1][0].player_id, names, t[-1][1])
                   for t in news.unheard]
        return lines([*earlier, headline]) if earlier else headline

    @staticmethod
    def _check_button(row: GameRow, game_id: int | None, version: int | None) -> None:
        if game_id is not None and (row.id != game_id or (version is not None and row.version != version)):
            raise ServiceError(_("This button belongs to an earlier moment of the game; use the "
                                 "buttons on the latest message, or `{cmd:move}`."))

    async def menu(self, actor: Actor, place: Place, *, game_id: int, version: int | None,
                   seat: int, path: str) -> Outcome:
        """The next level of a menu button (only for the player it belongs to)."""
        row = await self.ground.running(place)
        self._check_button(row, game_id, version)
        refuse_if_paused(row)
        game = self.ground.engine(row.game)
        seats = await self.store.games.seats(row.id)
        state = (await self.sights.sight(game, row, seats, user_id=actor.user_id)).state
        player = self.acting_player(game, state, seats, actor, seat or None)
        buttons = self.narrator.buttons(game, state, seats, row, only=player, path=path)
        if not buttons:
            raise ServiceError(_("Nothing to choose there any more; use the latest message or `{cmd:move}`."))
        return Outcome(reply=_("Choose:"), reply_buttons=buttons, game_id=row.id)

    @staticmethod
    def _turn_words(steps: Sequence[Told], player: str, names: Mapping[str, Any], said: Any) -> Text:
        """``**Alice** did this.``, or for a turn of several actions each of them in order
        (``steps``: the turn's earlier entries with their words, from :class:`News`)."""
        turn: list[Any] = []
        for m, words in reversed(steps):
            if m.ends_turn or m.player_id != player:
                break
            turn.insert(0, words)
        who = bold(names[player])
        if not turn:
            return _("{who} {did}.", who=who, did=said)
        done: Any = turn[0]
        for action in [*turn[1:], said]:
            done = _("{a}; {b}", a=done, b=action)
        return _("{who}: {did}.", who=who, did=done)

    async def _resigning(self, actor: Actor, place: Place,
                         game_id: int | None) -> tuple[GameRow, list[SeatRow], list[SeatRow]]:
        row = await self.ground.running(place)
        if game_id is not None and row.id != game_id:
            raise ServiceError(STALE_CONFIRMATION)
        seats = await self.store.games.seats(row.id)
        mine = [s for s in seats if s.user_id == actor.user_id]
        if not mine:
            raise NotAllowed(_("You're not playing in this game, so there is nothing to resign."))
        return row, seats, mine

    async def ask_resign(self, actor: Actor, place: Place) -> Outcome:
        """The question ``/game resign`` asks first (nothing changes until it is confirmed)."""
        row, _seats, _mine = await self._resigning(actor, place, None)
        return Outcome(reply=_("Resign from this {game} game? This can't be undone.",
                               game=self.ground.engine(row.game).title), game_id=row.id)

    async def resign(self, actor: Actor, place: Place, game_id: int | None = None) -> Outcome:
        """Give up; ``game_id`` (from a confirmation): only if it is still that game."""
        async with self.ground.lock(place.channel_id):
            row, seats, mine = await self._resigning(actor, place, game_id)
            game = self.ground.engine(row.game)
            post, keys, dms = await self.remove_player(row, game, seats, mine[0], kind=MoveKind.RESIGN,
                                                       actor_id=actor.user_id,
                                                       headline=_("🏳️ **{name}** resigned.",
                                                                   name=safe_name(mine[0].name)))
        return Outcome(reply=_("You resigned."), posts=[post], dms=dms, game_id=row.id, outbox=keys)

    async def remove_player(self, row: GameRow, game: Game, seats: Sequence[SeatRow],
                            seat: SeatRow, *, kind: MoveKind, actor_id: int | None,
                            headline: Text) -> tuple[Post, tuple[str, ...], list[DirectMessage]]:
        """Resign a seat in the engine (the game ends or goes on, as its rules allow).

        Returns the board post, the keys of its outbox rows and the hand DMs it edits.
        """
        state = self.ground.load_state(game, row, seats)
        try:
            new = game.resign(state, seat.player_id)
        except IllegalMove as exc:
            raise ServiceError(_("That can't be done now: {reason}.",
                                 reason=exc.args[0] if exc.args else str(exc))) from None
        heir = None
        if seat.user_id == row.host_id and game.result(new) is None:
            others = [s for s in seats if s.player_id != seat.player_id and not s.bot_level
                      and s.player_id in game.players(new) and s.user_id != seat.user_id]
            if others:
                heir = others[0]
                headline = sentence(headline, _("**{name}** is the host now.",
                                                name=safe_name(heir.name)))
        new, forced, headline = await self.then_forced(game, row, seats, state, new, headline)
        post = await self.post_after(game, row, seats, state, new, headline,
                                     (seat.player_id, kind, actor_id))
        dms = await self.dms_after(game, row, seats, state, new, forced)
        items = self.narrator.envelopes(row, posts=[post], dms=dms)
        await self.commit(row, game, state, new, player=seat.player_id, kind=kind, move=kind,
                          actor_id=actor_id, outbox=items,
                          host_id=heir.user_id if heir is not None else None, then=forced)
        return post, tuple(i.key for i in items), dms

    # ----- undo -------------------------------------------------------------------------------

    async def undo(self, actor: Actor, place: Place) -> Outcome:
        """Take back the caller's last action, if no one else could have learnt anything
        from it: the turn it belongs to is still going on (the channel and the next player
        have heard nothing), it revealed nothing hidden and chance did not decide it."""
        async with self.ground.lock(place.channel_id):
            row = await self.ground.running(place)
            refuse_if_paused(row)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            log = [m for m in await self.store.games.moves(row.id) if m.undone_at is None]
            mine = {s.player_id for s in seats if s.user_id == actor.user_id}
            if not mine:
                raise NotAllowed(_("You're not playing in this game, so there is nothing to take back."))
            if not log:
                raise ServiceError(_("Nothing has been played yet, so there is nothing to take back."))
            last = log[-1]
            if last.player_id not in mine or last.kind != "move":
                raise ServiceError(_("You can only take back your own last move, and only while nobody "
                                     "else has acted since."))
            players = [s.player_id for s in seats]
            before = await asyncio.to_thread(replay_moves, game, players, row.options, row.seed,
                                             log[:-1])
            after = self.ground.load_state(game, row)
            reason = await asyncio.to_thread(game.why_not_undo, before, after, last.player_id,
                                             last.move)
            if reason is not None:
                raise ServiceError(_("`{move}` can't be taken back: {reason}.",
                                     move=Notation(game.id, last.move), reason=reason))
            if last.ends_turn:  # the channel was told and the next player asked to act
                raise ServiceError(_("`{move}` can't be taken back: it ended your turn, and the "
                                     "channel has seen it.", move=Notation(game.id, last.move)))
            dms = await self.narrator.hand_updates(game, row, seats, after, before, actor=actor)
            items = self.narrator.envelopes(row, dms=dms)
            await self.ground.write(self.store.games.undo_move(
                row.id, row.version, n=last.n, state=game.dump(before), now=self.clock(),
                timers=await self.ground.timer_plan(row, game, before), outbox=items,
            ))
            # an action inside a turn: the channel never heard of it, so only the player hears
            image = await self.drawing.render_image(game, row, before, seats, f"undo{last.n}",
                                                    actor.lang)
            reply = lines([_("Taken back: `{move}`.", move=Notation(game.id, last.move)),
                           _("Next: {prompt}", prompt=game.prompt(before, last.player_id,
                                                                  seat_names(game, before, seats)))])
        return Outcome(reply=reply, reply_file=image, dms=dms, game_id=row.id,
                       outbox=tuple(i.key for i in items))

    # ----- moderation -------------------------------------------------------------------------

    async def kick(self, actor: Actor, place: Place, user_id: int, user_name: str) -> Outcome:
        await self.ground.require_moderator(actor, place, _("Removing a player"))
        async with self.ground.lock(place.channel_id):
            row = await self.ground.active(place)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            theirs = [s for s in seats if s.user_id == user_id]
            if not theirs:
                raise ServiceError(_("**{name}** has no seat in this game.", name=safe_name(user_name)))
            if row.status == Status.LOBBY:
                row, seats, note, card, keys = await self.lobby.drop_seat(row, *theirs)  # every seat they hold
                removed = _("Removed **{name}** from the lobby.", name=safe_name(user_name))
                return Outcome(reply=sentence(removed, note) if note else removed,
                               lobby_edit=card, game_id=row.id, outbox=keys)
            if user_id != actor.user_id and any(s.user_id == actor.user_id for s in seats):
                ended = self._ended_by_removing(game, self.ground.load_state(game, row), theirs)
                if ended:
                    return await self._abort_kick(actor, row, game, user_name)
            post = None
            keys = ()
            dms: list[DirectMessage] = []
            for seat in theirs:  # someone may hold several seats
                fresh = await self.store.games.get(row.id)
                assert fresh is not None
                if fresh.status != Status.RUNNING:
                    break
                post, more, edited = await self.remove_player(
                    fresh, game, seats, seat, kind=MoveKind.KICK, actor_id=actor.user_id,
                    headline=_("🚪 **{name}** was removed from the game by **{by}**.",
                               name=safe_name(seat.name), by=safe_name(actor.name)))
                keys += more
                dms += edited
        assert post is not None
        return Outcome(reply=_("Removed **{name}**.", name=safe_name(user_name)), posts=[post],
                       dms=dms, game_id=row.id, outbox=keys)

    @staticmethod
    def _ended_by_removing(game: Game, state: Any, seats: Sequence[SeatRow]) -> bool:
        """Whether resigning all these seats ends the game (with a result)."""
        for seat in seats:
            if game.result(state) is not None:
                break
            try:
                state = game.resign(state, seat.player_id)
            except IllegalMove as exc:
                raise ServiceError(_("That can't be done now: {reason}.",
                                     reason=exc.args[0] if exc.args else str(exc))) from None
        return game.result(state) is not None

    async def _abort_kick(self, actor: Actor, row: GameRow, game: Game, user_name: str) -> Outcome:
        """A seated moderator's kick that would decide the game: end it without a result."""
        text = _("🛑 The {game} game ended without a result: **{by}** plays in it, and removing "
                 "**{name}** would have decided it.", game=game.title, by=safe_name(actor.name),
                 name=safe_name(user_name))
        items = self.narrator.envelopes(row, posts=[Post(text=text)])
        # The stored reason is shown as is in every language, so it is the command itself.
        await self.ground.write(self.store.games.end_game(row.id, row.version, status=Status.ABORTED,
                                              reason=clip(f"/game kick {user_name}", 300),
                                              now=self.clock(), outbox=items))
        return Outcome(reply=_("You play in this game, so removing **{name}** ended it without a "
                               "result instead of giving it a winner.", name=safe_name(user_name)),
                       posts=[Post(text=text)], game_id=row.id, outbox=tuple(i.key for i in items))

    async def skip(self, actor: Actor, place: Place, user_id: int | None = None) -> Outcome:
        await self.ground.require_moderator(actor, place, _("Skipping a turn"))
        async with self.ground.lock(place.channel_id):
            row = await self.ground.running(place)
            refuse_if_paused(row)
            game = self.ground.engine(row.game)
            seats = await self.store.games.seats(row.id)
            state = self.ground.load_state(game, row, seats)
            acting = [p for p in game.players(state) if p in game.to_act(state)]
            if user_id is not None:
                acting = [p for p in acting if any(s.user_id == user_id and s.player_id == p for s in seats)]
                if not acting:
                    raise ServiceError(_("That player isn't the one to act right now."))
            if len(acting) != 1:
                raise ServiceError(_("Several players may act now: say whose turn to skip with `{cmd:user:}`."))
            player = acting[0]
            move = game.pass_move(state, player)
            if move is None:
                raise ServiceError(_("There is no way to pass in {game} right now, so the turn can't be "
                                     "skipped. `{cmd:game kick}` removes the player; `{cmd:game abort}` ends the "
                                     "game.", game=game.title))
            new = game.apply(state, player, move)
            name = seat_names(game, state, seats)[player]
            new, forced, headline = await self.then_forced(
                game, row, seats, state, new, _("⏭️ **{by}** skipped **{name}**'s turn (`{move}`).",
                                                by=safe_name(actor.name), name=name, move=move))
            post = await self.post_after(game, row, seats, state, new, headline,
                                         (player, MoveKind.SKIP, actor.user_id))
            dms = await self.dms_after(game, row, seats, state, new, forced)
            items = self.narrator.envelopes(row, posts=[post], dms=dms)
            await self.commit(row, game, state, new, player=player, kind=MoveKind.SKIP, move=move,
                              actor_id=actor.user_id, outbox=items, then=forced)
        return Outcome(reply=_("Skipped {name}'s turn.", name=name), posts=[post], dms=dms,
                       game_id=row.id, outbox=tuple(i.key for i in items))
