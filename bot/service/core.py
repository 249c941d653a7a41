"""What every part of the service shares: the store, the clock, locks, rights and messages."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

import games
import renderers
from games import Game, Result

from ..errors import NoGame, NotAllowed, ServiceError
from ..messages import Actor, Attachment, DirectMessage, MoveButton, Place, Post
from ..store import GameRow, GuildSettings, SeatRow, StaleGame, Store, TimerPlan
from ..text import clip, mention, safe_name

from games.text import Text, join, lines, plural, sentence, translator

_ = translator("bot")
_n = plural(_)

log = logging.getLogger("bot.service")

Renderer = Callable[..., bytes]  # (view, names[, focus]) -> PNG
T = TypeVar("T")

_MISSING = object()

#: Keys of ``/game new options:`` that belong to the bot, not to the game's rules.
TIMING_KEYS = ("reminder", "deadline", "on-deadline")
DEADLINE_ACTIONS = ("remind", "skip", "forfeit")


def names_of(seats: Sequence[SeatRow]) -> dict[str, str]:
    return {s.player_id: s.name for s in seats}


def safe_names(seats: Sequence[SeatRow]) -> dict[str, str]:
    return {s.player_id: safe_name(s.name) for s in seats}


def users_of(seats: Sequence[SeatRow]) -> dict[str, int]:
    return {s.player_id: s.user_id for s in seats}


class ServiceCore:
    """One instance per bot process; cheap to construct on an open :class:`Store`."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 render: Renderer = renderers.render_board,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.store = store
        self.clock = clock
        self._render = render
        self._new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}

    # ----- plumbing -------------------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    @staticmethod
    def engine(game_id: str) -> Game:
        game = games.REGISTRY.get(str(game_id).strip().lower())
        if game is None:
            known = ", ".join(sorted(games.REGISTRY))
            raise ServiceError(_("I don't know a game called '{name}'. Choose one of: {known}.",
                                 name=clip(str(game_id), 30), known=known))
        return game

    @staticmethod
    def _state(game: Game, row: GameRow) -> Any:
        assert row.state is not None
        return game.load(row.state)

    async def _write(self, op: Awaitable[T]) -> T:
        try:
            return await op
        except StaleGame:
            raise ServiceError(_(
                "Someone else changed the game at the same moment, so I didn't apply this. "
                "Have a look at the board and try again.")) from None

    # ----- rights ---------------------------------------------------------------------------

    @staticmethod
    def is_moderator(actor: Actor, settings: GuildSettings) -> bool:
        """Manage Channels in this channel, or the server's game-manager role."""
        if actor.manage_channels:
            return True
        return settings.manager_role_id is not None and settings.manager_role_id in actor.role_ids

    def may_open(self, actor: Actor, settings: GuildSettings) -> bool:
        if settings.start_policy == "everyone":
            return True
        if settings.start_policy == "role":
            return self.is_moderator(actor, settings)
        return actor.manage_channels

    @staticmethod
    def moderator_words(settings: GuildSettings) -> Text:
        if settings.manager_role_id is not None:
            return _("the Manage Channels permission or the {role} role",
                     role=f"<@&{settings.manager_role_id}>")
        return _("the Manage Channels permission")

    def opener_words(self, settings: GuildSettings) -> Text:
        if settings.start_policy == "role":
            return self.moderator_words(settings)
        return _("the Manage Channels permission")

    async def _moderator(self, actor: Actor, place: Place, doing: Text) -> GuildSettings:
        settings = await self.store.guild_settings(place.guild_id)
        if not self.is_moderator(actor, settings):
            raise NotAllowed(_("{doing} needs {who}.", doing=doing, who=self.moderator_words(settings)))
        return settings

    # ----- finding the game -----------------------------------------------------------------

    async def _active(self, place: Place) -> GameRow:
        row = await self.store.active_game(place.channel_id)
        if row is None:
            raise NoGame(_("There is no game in this channel. A moderator can open one with `/game new`."))
        return row

    async def _running(self, place: Place) -> GameRow:
        row = await self._active(place)
        if row.status == "lobby":
            raise NoGame(_("The game hasn't started yet: join the lobby, then the host presses **Start**."))
        return row

    async def _latest(self, place: Place) -> GameRow:
        row = await self.store.latest_game(place.channel_id)
        if row is None:
            raise NoGame(_("No game has been played in this channel yet. A moderator can open one with "
                           "`/game new`."))
        return row

    # ----- timing ---------------------------------------------------------------------------

    @staticmethod
    def timing(row: GameRow, settings: GuildSettings) -> tuple[int | None, int | None, str]:
        """(reminder seconds, deadline seconds, action): the game's overrides, else the server's."""
        reminder = row.timing["reminder"] if "reminder" in row.timing else settings.reminder_seconds
        deadline = row.timing["deadline"] if "deadline" in row.timing else settings.deadline_seconds
        action = row.timing.get("on-deadline") or settings.deadline_action
        return reminder, deadline, action

    async def _timer_plan(self, row: GameRow, game: Game, state: Any,
                          reset: Sequence[str] = ()) -> TimerPlan | None:
        """Timers after a change: None once the game is over."""
        if game.result(state) is not None:
            return None
        settings = await self.store.guild_settings(row.guild_id)
        reminder, deadline, _action = self.timing(row, settings)
        bots = {s.player_id for s in await self.store.seats(row.id) if s.bot_level}
        return TimerPlan(acting=frozenset(game.waiting_for(state)) - bots, reset=frozenset(reset),
                         reminder=reminder, deadline=deadline)

    # ----- messages -------------------------------------------------------------------------

    async def _render_image(self, game: Game, row: GameRow, state: Any,
                            seats: Sequence[SeatRow], tag: str,
                            focus: str | None = None) -> Attachment | None:
        """The public board as PNG, drawn off the event loop; None if drawing fails.

        A drawing bug must not turn an accepted, stored move into an error for the player.
        """
        names = names_of(seats)

        def draw() -> tuple[bytes, str]:  # the view and its words take milliseconds too
            view = game.view(state, None)
            data = self._render(view, names) if focus is None else self._render(view, names, focus)
            return data, renderers.alt_text(view, names)

        try:
            data, description = await asyncio.to_thread(draw)
        except Exception:
            log.exception("rendering %s game %s failed", game.id, row.id)
            return None
        return Attachment(filename=f"{game.id}-{row.id}-{tag}.png", data=data,
                          description=description)

    def _turn_post(self, game: Game, state: Any, seats: Sequence[SeatRow], headline: Text,
                   image: Attachment | None, row: GameRow | None = None,
                   actor_id: int | None = None) -> Post:
        """The board message: what happened, then who acts next (only they are pinged).

        With ``row`` (the game as stored after the change) the acting players' buttons are
        attached, bound to that version of the game. The user who just acted is named, not
        pinged: they are looking already.
        """
        if image is None:
            headline = lines([headline, _("(I couldn't draw the board this time; `/game board` shows it.)")])
        names = safe_names(seats)
        users = users_of(seats)
        result = game.result(state)
        if result is not None:
            everyone = tuple(dict.fromkeys(users[p] for p in game.players(state) if users.get(p)))
            thanks = _("Thanks for playing, {players}!", players=", ".join(mention(u) for u in everyone))
            try:
                said = self.result_text(game, result, names)
            except Exception:  # a stored end must still be announced, even if the words fail
                log.exception("describing the result of a %s game failed", game.id)
                said = _("🏁 **Game over.**")
            text = lines([headline, said, thanks])
            return Post(text=text, image=image, mention=everyone, is_board=True,
                        replay_of=row.id if row is not None else None)
        waiting = sorted(game.waiting_for(state), key=game.players(state).index)
        parts: list[Any] = [headline]
        for p in waiting:
            who = f"**{names[p]}**" if users[p] in (actor_id, 0) else mention(users[p])
            parts.append(_("{who}, your turn: {prompt}", who=who, prompt=game.prompt(state, p, names)))
        pinged = tuple(dict.fromkeys(users[p] for p in waiting if users[p] not in (actor_id, 0)))
        buttons = self._buttons(game, state, seats, row) if row is not None else ()
        return Post(text=lines(parts), image=image, mention=pinged, is_board=True, buttons=buttons)

    @staticmethod
    def _buttons(game: Game, state: Any, seats: Sequence[SeatRow], row: GameRow,
                 only: str | None = None, path: str = "") -> tuple[MoveButton, ...]:
        """The acting seats' buttons. With several seats acting, each label names its seat."""
        players = game.players(state)
        acting = [p for p in players if p in game.to_act(state) and (only is None or p == only)]
        names = names_of(seats)
        out: list[MoveButton] = []
        for player in acting:
            for b in game.buttons(state, player, path):
                label = (_("{seat}: {label}", seat=names.get(player, player), label=b.label)
                         if len(acting) > 1 else b.label)
                out.append(MoveButton(label=label, game_id=row.id,
                                      version=None if b.anytime else row.version, move=b.move,
                                      seat=players.index(player) + 1, path=b.path))
        return tuple(out[:25])

    async def _board_post(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                          headline: Text, tag: str, actor_id: int | None = None) -> Post:
        image = await self._render_image(game, row, state, seats, tag)
        fresh = await self.store.game(row.id)  # the version the buttons must match
        # Prompts and buttons weigh the moves in some games (Aqua): off the loop.
        return await asyncio.to_thread(self._turn_post, game, state, seats, headline, image, fresh,
                                       actor_id)

    # ----- private views ------------------------------------------------------------------

    @staticmethod
    def private_part(game: Game, state: Any, player: str) -> dict[str, Any]:
        """What ``player`` sees that the public does not (empty for open games)."""
        public = game.view(state, None)
        return {k: v for k, v in game.view(state, player).items() if public.get(k, _MISSING) != v}

    async def _hand_updates(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                            before: Any | None, after: Any) -> list[DirectMessage]:
        """A DM for every player whose private view changed (their hand, by DM)."""
        dms = []
        # Two views per seat and state: milliseconds each in some games, so off the loop.
        for seat in await asyncio.to_thread(self._hands_changed, game, seats, before, after):
            text, image = await self._private(game, row, after, seats, [seat.player_id])
            dms.append(DirectMessage(
                user_id=seat.user_id, text=text, image=image,
                fallback=_("📬 {who}, I couldn't send you your hand: your DMs from this server are "
                           "closed. Use `/game hand` to see it (only you will).", who=mention(seat.user_id)),
            ))
        return dms

    @staticmethod
    def _hands_changed(game: Game, seats: Sequence[SeatRow], before: Any | None,
                       after: Any) -> list[SeatRow]:
        """The human seats whose private view differs between ``before`` and ``after``
        (as :meth:`private_part` says, with each public view worked out once)."""
        def part(state: Any, public: dict[str, Any], player: str) -> dict[str, Any]:
            return {k: v for k, v in game.view(state, player).items() if public.get(k, _MISSING) != v}

        public_after = game.view(after, None)
        public_before = game.view(before, None) if before is not None else {}
        changed = []
        for seat in seats:
            if seat.bot_level or seat.player_id not in game.players(after):
                continue
            now = part(after, public_after, seat.player_id)
            if not now or (before is not None and part(before, public_before, seat.player_id) == now):
                continue
            changed.append(seat)
        return changed

    async def _private(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                       players: Sequence[str]) -> tuple[Text, Attachment | None]:
        """Words (and, for games with hands, a picture) of what only these seats can see."""
        names = safe_names(seats)
        hand_renderer = renderers.HAND_RENDERERS.get(game.id)
        parts: list[Any] = [_("**{game}** in {channel}", game=game.title, channel=f"<#{row.channel_id}>")]
        image = None
        for player in players:
            if game.result(state) is not None:
                parts.append(_("The game is over."))
            elif player in game.to_act(state):
                parts.append(_("It's your turn: {prompt}", prompt=game.prompt(state, player, names)))
            else:
                parts.append(_("It's not your turn yet; I'll ping you when it is."))
            if hand_renderer is not None and image is None:
                view = game.view(state, player)
                try:
                    data = await asyncio.to_thread(hand_renderer, view, names_of(seats))
                    image = Attachment(filename=f"{game.id}-{row.id}-hand.png", data=data,
                                       description=renderers.alt_text(view, names_of(seats)))
                except Exception:
                    log.exception("rendering the hand of %s in game %s failed", player, row.id)
        if hand_renderer is None and not any(self.private_part(game, state, p) for p in players):
            parts.insert(1, _("{game} has no hidden hand: everything is on the board.", game=game.title))
        return lines(parts), image

    @staticmethod
    def result_text(game: Game, result: Result, names: Mapping[str, str]) -> Text:
        def who(p: str) -> str:
            return f"**{names.get(p, p)}**"

        scores = " · ".join(f"{who(p)} {s}" for p, s in result.scores.items())
        verdict: Text
        if result.outcome == "won":
            verdict = _("You won together! 🎉")
        elif result.outcome == "almost":
            verdict = _("Almost won!")
        elif result.outcome is not None:
            verdict = _("The game was lost.")
        elif not result.winners:
            verdict = _("Nobody wins.")
        elif len(result.winners) > 1:
            verdict = _("It's a draw between {players}.", players=join([who(p) for p in result.winners]))
        else:
            verdict = _("{player} wins!", player=who(result.winners[0]))
        if result.reason == "resigned":
            quitter = result.detail.get("resigned")
            quitters = [quitter] if isinstance(quitter, str) else list(quitter or [])
            gone = (_("{player} left the game.", player=join([who(p) for p in quitters])) if quitters
                    else _("A player left the game."))
            verdict = sentence(gone, verdict)
        head = _("🏁 **Game over.** {verdict}", verdict=verdict)
        return lines([head, _("Scores: {scores}", scores=scores), *game.result_lines(result, names)])

    async def remember_message(self, game_id: int, kind: str, message_id: int) -> None:
        """The adapter tells us where the lobby / latest board message is (for links and edits)."""
        await self.store.set_message(game_id, kind=kind, message_id=message_id)

    @staticmethod
    def board_link(row: GameRow) -> str | None:
        if row.board_message_id and row.guild_id:
            return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.board_message_id}"
        return None
