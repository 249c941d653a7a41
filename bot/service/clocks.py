"""Chess clocks (``/game new options: clock=3d+1d``), as on Board Game Arena's turn-based games.

Where the time lives, so that a restart loses nothing and a pause stops it for free:

- a player who is to act has a ``deadline`` timer row whose ``delay`` is their bank when the
  turn began; once the ping is delivered the row is armed and ``due_at`` is when the bank is
  empty. What is left is ``due_at - now`` (all of ``delay`` while unarmed). Shifting a game's
  timer rows (``due_at``, ``turn_since``) by a pause therefore stops its clocks;
- a player who is not to act has their bank in ``games.clock`` (``{"banks": {id: s}}``),
  written in the same transaction as the move that ended their turn: what their deadline had
  left, plus the increment, at most the starting bank (:meth:`bot.store.timers_table.TimersTable._settle_clock`).

When a bank runs out, a ``remind`` game pings the player once. With ``skip`` or ``forfeit`` the
player is pinged and the other players get a **Wait** button: the deadline timer comes back as
a grace (``ran_out`` set) of a twelfth of the starting bank (5 minutes to a day), after which
the action applies. Pressing **Wait** (any other seated player, or a moderator) drops that
timer: the timed-out player stays in, nothing more fires for them until they move (reminders
go on), and a moderator can still ``/game skip`` or ``/game kick``. Their next turn starts
with just the increment, as after any turn that used the whole bank.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games import Game

from ..timekeeping.chess_clock import clock_of, clock_words, grace
from ..refusals import NoGame, NotAllowed, ServiceError
from ..messages import Actor, Outcome, Place, Post, WaitButton
from ..store.envelopes import Envelope
from ..store import GameRow, SeatRow, TimerRow
from ..safe_text import mention, safe_name
from ..timekeeping.durations import format_duration
from .names import _, bold, seat_names
from .lobby import ACTION_WORDS
from .faces import clock_faces
from ..vocab import Status

from games.text import Text, lines
from .part import Part

if TYPE_CHECKING:
    from .core import Narrator

#: What happens after the grace, said to the player whose bank ran out.
THEN = {"skip": _("your turn is passed"), "forfeit": _("you leave the game"),
        "takeover": _("a bot plays on in your seat")}


@dataclass(eq=False, repr=False, kw_only=True)
class Clocks(Part):
    """Chess clocks: the banks as they stand, a bank that runs out, and **Wait**."""

    narrator: Narrator

    async def clock_lines(self, row: GameRow, game: Game, state: Any, seats: Sequence[SeatRow],
                          action: str) -> list[Text]:
        """``/game status``: the clock and every player's bank."""
        clock = clock_of(row.timing)
        assert clock is not None
        faces = await clock_faces(self.store, row, game, state, seats, self.clock())
        shown = []
        for f in faces:
            if f.out and f.grace is not None:
                shown.append(_("{name} ⌛ out of time ({action} in {grace} unless someone waits)",
                               name=bold(f.name), action=self._then_word(row, action),
                               grace=format_duration(f.grace)))
            elif f.out:
                shown.append(_("{name} ⌛ out of time", name=bold(f.name)))
            elif f.running:
                shown.append(_("{name} ⏳ {left}", name=bold(f.name), left=format_duration(f.left)))
            else:
                shown.append(_("{name} {left}", name=bold(f.name), left=format_duration(f.left)))
        head = _("Clock {clock} (then: {action})", clock=clock_words(clock),
                 action=self._then_word(row, action))
        if not shown:
            return [head]
        clocks: Any = shown[0]
        for face in shown[1:]:
            clocks = _("{a} · {b}", a=clocks, b=face)
        return [_("{head}: {clocks}", head=head, clocks=clocks)]

    @staticmethod
    def _then_word(row: GameRow, action: str) -> Text:
        return ACTION_WORDS[action]

    @staticmethod
    def clock_left_words(deadline: TimerRow | None, now: float) -> Text:
        """The reminder's "you have 1 d 4 h left" (or that the bank ran out)."""
        if deadline is None or deadline.ran_out is not None or deadline.left(now) <= 0:
            return _("Your clock has run out.")
        return _("You have {left} left on your clock.", left=format_duration(deadline.left(now)))

    async def clock_out(self, row: GameRow, game: Game, state: Any, seats: Sequence[SeatRow],
                        timer: TimerRow, action: str, user: int, waited: Text,
                        now: float) -> tuple[Outcome, list[Envelope], float | None]:
        """A bank just ran out: what is said, its envelopes, and when the grace ends (None:
        nothing more fires, for ``remind``)."""
        clock = clock_of(row.timing)
        assert clock is not None
        place = Place(guild_id=row.guild_id, channel_id=row.channel_id)
        passes = game.pass_move(state, timer.player_id) is not None
        if action == "skip" and not passes:
            action = "remind"  # no pass in the rules now (Aqualin): nothing to hold off
        if action == "remind":
            text = (_("⌛ {who}, your clock has run out (waiting for {waited}). Please move soon; a "
                      "moderator can `{cmd:game skip}` the turn or `{cmd:game kick}` a player.",
                      who=mention(user), waited=waited) if passes else
                    _("⌛ {who}, your clock has run out (waiting for {waited}). Please move soon; a "
                      "moderator can remove you from the game with `{cmd:game kick}` or end the "
                      "game with `{cmd:game abort}` (this turn can't be skipped).",
                      who=mention(user), waited=waited))
            post = Post(text=text, mention=(user,))
            items = self.narrator.envelopes(place, posts=[post])
            return Outcome(reply="", posts=[post], game_id=row.id,
                           outbox=tuple(i.key for i in items)), items, None
        settings = await self.ground.settings_for(row)
        then = THEN["takeover" if action == "forfeit" and settings.bot_takeover else action]
        rest = grace(clock)
        plain = seat_names(game, state, seats, safe=False)[timer.player_id]
        text = lines([
            _("⌛ {who}, your clock has run out (waiting for {waited}). Unless another player chooses "
              "to wait for you, {then} in {grace}.", who=mention(user), waited=waited, then=then,
              grace=format_duration(rest)),
            _("Everyone else: the button below keeps the game waiting for {name} instead.",
              name=bold(seat_names(game, state, seats)[timer.player_id])),
        ])
        post = Post(text=text, mention=(user,),
                    wait=WaitButton(label=_("Wait for {name}", name=plain), game_id=row.id,
                                    player=timer.player_id))
        items = self.narrator.envelopes(place, posts=[post])
        return Outcome(reply="", posts=[post], game_id=row.id,
                       outbox=tuple(i.key for i in items)), items, now + rest

    async def wait_for(self, actor: Actor, place: Place, game_id: int, player: str) -> Outcome:
        """The **Wait** button: the timed-out ``player`` stays in and nothing more fires for
        them until they move (the on-deadline action is called off)."""
        async with self.ground.lock(place.channel_id):
            row = await self.store.games.get(game_id)
            if row is None or not row.plays_in(place.channel_id):
                raise NoGame(_("This button belongs to a game I can't find any more."))
            if row.status != Status.RUNNING:
                raise ServiceError(_("That game is over, so there is nobody to wait for."))
            self.ground.usable(row)
            game = self.ground.engine(row.game)
            state = self.ground.load_state(game, row)
            seats = await self.store.games.seats(row.id)
            names = seat_names(game, state, seats)
            name = names.get(player, player)
            settings = await self.ground.settings_for(row)
            theirs = next((s for s in seats if s.player_id == player), None)
            seated = any(s.user_id == actor.user_id and s.player_id in game.players(state)
                         for s in seats)
            if theirs is not None and theirs.user_id == actor.user_id:
                raise NotAllowed(_("This is for the other players: you can simply make your move."))
            if not seated and not self.ground.is_moderator(actor, settings):
                raise NotAllowed(_("Only the other players or a moderator can choose to wait."))
            grace_row = next((t for t in await self.store.timers.of_game(row.id)
                              if t.kind == "deadline" and t.player_id == player
                              and t.ran_out is not None), None)
            if grace_row is None:
                if player in game.waiting_for(state) and theirs is not None and not theirs.bot_level:
                    raise ServiceError(_("The game is already waiting for {name}.", name=bold(name)))
                raise ServiceError(_("{name} has moved since, so there is nothing to wait for.",
                                     name=bold(name)))
            text = _("🕰️ **{by}** chose to wait for {name}: no deadline until they move. A moderator "
                     "can still `{cmd:game skip}` the turn or `{cmd:game kick}` a player.",
                     by=safe_name(actor.name), name=bold(name))
            post = Post(text=text)
            items = self.narrator.envelopes(row, posts=[post])
            if not await self.store.timers.fire(grace_row, again_at=None, now=self.clock(),
                                                outbox=items):
                raise ServiceError(_("{name}'s time was up a moment ago, so it is too late to wait.",
                                     name=bold(name)))
        return Outcome(reply=_("You chose to wait for {name}.", name=bold(name)), posts=[post],
                       game_id=row.id, outbox=tuple(i.key for i in items))
