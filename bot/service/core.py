"""What a change says: the outcome's outbox rows, the board post and its buttons, whose turn it
is, private views by DM, and the result."""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
import logging
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import renderers
from games import Game, Result
from games.base import ResultOutcome

from ..messages import Actor, Art, DirectMessage, LobbyCard, MoveButton, Place, Post
from ..store.envelopes import Envelope
from ..store.envelopes import envelopes as outbox_rows
from ..store import GameRow, SeatRow
from ..i18n import LANGUAGES, tr
from ..safe_text import mention, safe_name, split_seat
from .ground import _MISSING, DEADLINE_ACTIONS, TIMING_KEYS, Renderer, teaching, web_allowed
from .names import _, _n, bold, names_of, person_name, seat_example, seat_names, users_of

from games.text import Text, join, lines, sentence
from .part import Part

if TYPE_CHECKING:
    from .drawing import Drawing
    from .notify import Notices

log = logging.getLogger("bot.service")

__all__ = ["DEADLINE_ACTIONS", "TIMING_KEYS", "Narrator", "Renderer", "log"]


@dataclass(eq=False, repr=False, kw_only=True)
class Narrator(Part):
    """What a change says: its outbox rows, the board post and its buttons, whose turn it is,
    private views by DM, and the result; the command parts build their answers with it."""

    drawing: Drawing
    notices: Notices

    @staticmethod
    def envelopes(place: Place | GameRow, *, posts: Sequence[Post] = (),
                  dms: Sequence[DirectMessage] = (), lobby: LobbyCard | None = None) -> list[Envelope]:
        """The outbox rows for a change; they are written in the same transaction.

        Rows of a game go to its channel; the pipeline sends the posts of a game with a
        thread into that thread. When such a game ends, its channel also gets one line
        (written when it is delivered, see ``thread_summary``)."""
        if isinstance(place, GameRow):
            if place.threaded and any(p.replay_of is not None for p in posts):
                posts = [*posts, Post(text="", in_channel=True)]
            place = Place(guild_id=place.guild_id, channel_id=place.channel_id)
        return outbox_rows(place, posts=list(posts), dms=list(dms), lobby=lobby)

    @staticmethod
    def next_row(row: GameRow) -> GameRow:
        """The game row as the write about to be made will leave it (buttons bind to it)."""
        return dataclasses.replace(row, version=row.version + 1)

    def _turn_post(self, game: Game, state: Any, seats: Sequence[SeatRow], headline: Text,
                   art: Art | None, row: GameRow | None = None,
                   actor_id: int | None = None, told: Collection[str] = (),
                   note: Text | None = None) -> Post:
        """The board message: what happened, then who acts next (only they are pinged).

        With ``row`` (the game as stored after the change) the acting players' buttons are
        attached, bound to that version of the game. The user who just acted is named, not
        pinged: they are looking already; so are the seats in ``told`` (waited for already,
        and pinged then: once a turn is enough). Bots are not prompted: they are thinking.
        ``note`` follows the result of a game that ends (why it is unrated).
        """
        names = seat_names(game, state, seats)
        users = users_of(seats)
        result = game.result(state)
        if result is not None:
            everyone = tuple(dict.fromkeys(users[p] for p in game.players(state) if users.get(p)))
            thanks = (_("Thanks for playing, {players}!", players=", ".join(mention(u) for u in everyone))
                      if everyone else None)  # bots alone: nobody to thank
            try:
                said = self.result_text(game, result, names, told=True)  # the headline says how
            except Exception:  # a stored end must still be announced, even if the words fail
                log.exception("describing the result of a %s game failed", game.id)
                said = _("🏁 **Game over.**")
            text = lines([headline, said, note, thanks])
            return Post(text=text, art=art, mention=everyone, is_board=True,
                        replay_of=row.id if row is not None else None,
                        web_of=row.id if row is not None and web_allowed(row) else None)
        waiting = sorted(game.waiting_for(state), key=game.players(state).index)
        turn, pinged = self._your_turn(game, state, seats, waiting, names, actor_id, told)
        parts: list[Any] = [headline, *turn]
        thinking = [bold(names[p]) for p in waiting if not users[p]]  # bots are never prompted
        if thinking:
            parts.append(_n("{bots} is thinking…", "{bots} are thinking…", len(thinking),
                            bots=join(thinking)))
        buttons = self.buttons(game, state, seats, row) if row is not None else ()
        # a teaching game: a Hint button for whoever is to act (the service checks the presser)
        hint_of = (row.id if row is not None and teaching(row) and any(users[p] for p in waiting)
                   else None)
        web_of = row.id if row is not None and web_allowed(row) else None
        return Post(text=lines(parts), art=art, mention=tuple(pinged), is_board=True, buttons=buttons,
                    hint_of=hint_of, web_of=web_of,
                    my_view=web_of is not None and renderers.record(game.id).hand is not None)

    @staticmethod
    def _your_turn(game: Game, state: Any, seats: Sequence[SeatRow], waiting: Sequence[str],
                   names: Mapping[str, str], actor_id: int | None,
                   told: Collection[str] = ()) -> tuple[list[Text], tuple[int, ...]]:
        """"<@ivan>, your turn: …", once per person, and whom that pings. Someone with several
        seats is pinged once, told which seat acts (by its name, "hana (seahorse)") and how
        to say which one plays a move; each of those seats gets its own line. The mover and
        people already waited for (all their seats in ``told``) are named, not pinged. Bots
        get no line here: they are never prompted."""
        users = users_of(seats)
        players = game.players(state)
        held = Counter(s.user_id for s in seats if s.user_id and s.player_id in players)
        turns: dict[int, list[str]] = {}
        for p in waiting:
            if users[p]:
                turns.setdefault(users[p], []).append(p)
        parts: list[Text] = []
        pinged: list[int] = []
        for user, ps in turns.items():
            first = ps[0]
            if user == actor_id or all(p in told for p in ps):  # named, not pinged
                seat = next(s for s in seats if s.player_id == first)
                who: Any = bold(names[first] if held[user] < 2 else safe_name(person_name(seat)))
            else:
                who = mention(user)
                pinged.append(user)
            if held[user] < 2:
                parts.append(_("{who}, your turn: {prompt}", who=who, prompt=game.prompt(state, first, names)))
            elif len(ps) == 1:
                parts.append(_("{who}, your turn as {seat}: {prompt}", who=who, seat=bold(names[first]),
                               prompt=game.prompt(state, first, names)))
            else:
                parts.append(_("{who}, your turn as {seats}. Say which seat plays by starting the "
                               "move with it, e.g. {example}, or use the buttons.", who=who,
                               seats=join([bold(names[p]) for p in ps]),
                               example=_("`{cmd:move} {move}`", move=seat_example(game, state, first))))
                parts += [_("{seat}: {prompt}", seat=bold(names[p]), prompt=game.prompt(state, p, names))
                          for p in ps]
        return parts, tuple(pinged)

    @staticmethod
    def typed_seat(game: Game, state: Any, seats: Sequence[SeatRow], text: str,
                   user_id: int | None = None) -> tuple[int | None, str]:
        """A move that starts with the seat it is for -> (seat number, the move).

        Understood: ``seat 2: lay i``, ``seat 2 lay i``, the seat's word (Kraqua's animal, in
        any language the bot speaks) with or without a colon (``seahorse: lay i``), and a
        seat's name with a colon (``hana (seahorse): lay i``, ``hana (2): lay i``). A name
        several seats share picks the asker's seat, or (when they hold several) none.
        """
        number, rest = split_seat(text)
        if number is not None:
            return number, rest
        players = game.players(state)
        words: dict[str, set[str]] = {}  # casefolded word -> the seats it names
        loose: set[str] = set()  # words that need no colon after them
        for s in seats:
            if s.player_id not in players:
                continue
            found = {s.name, person_name(s)}
            tag = game.seat_tag(state, s.player_id)
            if tag is not None:
                for lang in LANGUAGES:
                    word = tr(tag, lang)
                    found |= {word, f"{person_name(s)} ({word})"}
                    loose.add(word.casefold())
            for word in found:
                words.setdefault(" ".join(word.split()).casefold(), set()).add(s.player_id)
        typed = " ".join(text.split())
        low = typed.casefold()
        for word in sorted(words, key=len, reverse=True):
            if not low.startswith(word):
                continue
            after = typed[len(word):]
            if after.lstrip().startswith(":"):
                move = after.lstrip()[1:].strip()
            elif word in loose and after.startswith(" "):
                move = after.strip()
            else:
                continue
            if not move:
                continue
            named = words[word]
            if len(named) > 1:
                named = {p for p in named if any(s.player_id == p and s.user_id == user_id for s in seats)}
            return (players.index(next(iter(named))) + 1 if len(named) == 1 else None), move
        return None, text

    @staticmethod
    def buttons(game: Game, state: Any, seats: Sequence[SeatRow], row: GameRow,
                only: str | None = None, path: str = "") -> tuple[MoveButton, ...]:
        """The acting seats' buttons. With several seats acting, each label names its seat."""
        players = game.players(state)
        acting = [p for p in players if p in game.to_act(state) and (only is None or p == only)]
        names = seat_names(game, state, seats, safe=False)
        out: list[MoveButton] = []
        for player in acting:
            for b in game.buttons(state, player, path):
                label = (_("{seat}: {label}", seat=names.get(player, player), label=b.label)
                         if len(acting) > 1 else b.label)
                out.append(MoveButton(label=label, game_id=row.id,
                                      version=None if b.anytime else row.version, move=b.move,
                                      seat=players.index(player) + 1, path=b.path))
        return tuple(out[:25])

    async def board_post(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                         headline: Text, tag: str, actor_id: int | None = None, *,
                         told: Collection[str] = (), note: Text | None = None) -> Post:
        """The board post about a change, built *before* it is written (it goes into the
        outbox in the same transaction): ``row`` is the game as that write will leave it.

        The view, prompts and buttons take milliseconds in some games (Aqua): off the loop.
        """
        def build() -> Post:
            art = self.drawing.art(game, row, state, seats, tag)
            return self._turn_post(game, state, seats, headline, art, row, actor_id, told, note)

        return await self.notices.turn_notices(await asyncio.to_thread(build), game, row, state)

    async def _turn_notices(self, post: Post, game: Game, row: GameRow, state: Any) -> Post:
        """The post with the pinged people's ``/game notify`` choices applied (their pings and
        DMs): see :class:`~bot.service.notify.Notices`."""
        return post

    # ----- private views ------------------------------------------------------------------

    @staticmethod
    def private_part(game: Game, state: Any, player: str) -> dict[str, Any]:
        """What ``player`` sees that the public does not (empty for open games)."""
        public = game.view(state, None)
        return {k: v for k, v in game.view(state, player).items() if public.get(k, _MISSING) != v}

    async def hand_updates(self, game: Game, row: GameRow, seats: Sequence[SeatRow],
                           before: Any | None, after: Any,
                           actor: Actor | None = None) -> list[DirectMessage]:
        """A DM for every player whose private view changed (their hand, by DM).

        The one who acted gets their last DM edited rather than a new one (Kahuna: four
        actions in a turn would be four DMs); a hand changed by someone else is news: a new DM.
        The actor's hand is drawn in their own language (the others' in the language their DM
        is sent in).
        """
        actor_id = actor.user_id if actor is not None else None
        dms = []
        # Two views per seat and state: milliseconds each in some games, so off the loop.
        for seat in await asyncio.to_thread(self._hands_changed, game, seats, before, after):
            text, art = await asyncio.to_thread(self.private, game, row, after, seats, [seat.player_id])
            if actor is not None and art is not None and seat.user_id == actor_id:
                art = art.read_in(actor.lang)
            dms.append(DirectMessage(
                user_id=seat.user_id, text=text, art=art, silent=await self.notices.in_quiet(seat.user_id),
                fallback=_("📬 {who}, I couldn't send you your hand: your DMs from this server are "
                           "closed. Use `{cmd:game hand}` to see it (only you will).", who=mention(seat.user_id)),
                replace=actor_id is not None and seat.user_id == actor_id,
            ))
        return dms

    async def turns_change(self, game: Game, row: GameRow, seats: Sequence[SeatRow], before: Any,
                           after: Any, dms: Sequence[DirectMessage]) -> list[DirectMessage]:
        """For games with a hand by DM: players whose turn begins or ends (or whose game ends)
        get their hand DM edited to say so, though their hand is the same (else it would say
        "It's your turn" after a pass, or "not your turn yet" when it is)."""
        if renderers.record(game.id).hand is None:
            return []
        over = game.result(after) is not None
        had, has = set(game.waiting_for(before)), set(game.waiting_for(after))
        out: list[DirectMessage] = []
        for seat in seats:
            if (seat.bot_level or seat.player_id not in game.players(after)
                or (not over and (seat.player_id in had) == (seat.player_id in has))
                or any(d.user_id == seat.user_id for d in [*dms, *out])):
                continue
            text, art = await asyncio.to_thread(self.private, game, row, after, seats, [seat.player_id])
            out.append(DirectMessage(user_id=seat.user_id, text=text, art=art, replace=True))
        return out

    @staticmethod
    def _hands_changed(game: Game, seats: Sequence[SeatRow], before: Any | None,
                       after: Any) -> list[SeatRow]:
        """The human seats whose private view differs between ``before`` and ``after``
        (as :meth:`private_part` says, with each public view worked out once)."""
        def part(state: Any, public: Mapping[str, Any], player: str) -> dict[str, Any]:
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

    def private(self, game: Game, row: GameRow, state: Any, seats: Sequence[SeatRow],
                players: Sequence[str]) -> tuple[Text, Art | None]:
        """Words (and, for games with hands, a picture) of what only these seats can see."""
        names = seat_names(game, state, seats)
        hand_renderer = renderers.record(game.id).hand
        parts: list[Any] = [_("**{game}** in {channel}", game=game.title, channel=f"<#{row.home}>")]
        art = None
        for player in players:
            if game.result(state) is not None:
                parts.append(_("The game is over."))
            elif player in game.to_act(state):
                parts.append(_("It's your turn: {prompt}", prompt=game.prompt(state, player, names)))
            else:
                parts.append(_("It's not your turn yet; I'll ping you when it is."))
            if hand_renderer is not None and art is None:
                art = Art(kind="hand", game=game.id, view=game.view(state, player),
                          names=names_of(seats), filename=f"{game.id}-{row.id}-hand.png")
        if hand_renderer is None and not any(self.private_part(game, state, p) for p in players):
            parts.insert(1, _("{game} has no hidden hand: everything is on the board.", game=game.title))
        return lines(parts), art

    @staticmethod
    def result_text(game: Game, result: Result, names: Mapping[str, str], *,
                    how: Mapping[str, str] | None = None, told: bool = False) -> Text:
        """The result in words. A game ended by someone leaving says how they left (``how``:
        player -> ``resign``, ``kick`` or ``forfeit``, from the log), unless the post it ends
        has ``told`` it already (its headline: "resigned", "was removed", "ran out of time")."""
        def who(p: str) -> Text:
            return bold(names.get(p, p))

        everyone = set(result.scores.values())
        solo = len(result.scores) == 1  # no team, and nobody to beat
        if solo:
            score: Text = _("Score: {score}", score=everyone.pop())
        elif result.outcome is not None and len(everyone) == 1:  # a team's one result, said once
            score = _("Team score: {score}", score=everyone.pop())
        else:
            # "name: score", never "Easy bot 2 0" (which reads as one number); the best first:
            # the winners, then the higher scores (a tie keeps the seats' order)
            ranked = sorted(result.scores.items(),
                            key=lambda ps: (ps[0] not in result.winners, -ps[1]))
            scores = " · ".join(f"{who(p)}: {s}" for p, s in ranked)
            score = (_("{label}: {scores}", label=game.scores_label, scores=scores)
                     if game.scores_label else _("Scores: {scores}", scores=scores))
        verdict: Text
        if result.outcome == ResultOutcome.WON and solo:
            verdict = _("{player} won! 🎉", player=who(next(iter(result.scores))))
        elif result.outcome == ResultOutcome.WON:
            verdict = _("You won together! 🎉")
        elif result.outcome == ResultOutcome.ALMOST:
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
            kinds = {(how or {}).get(p) for p in quitters}
            kind = kinds.pop() if len(kinds) == 1 else None
            players = join([who(p) for p in quitters])
            gone = (None if told and quitters else
                    _("{player} resigned.", player=players) if quitters and kind == "resign" else
                    _("{player} was removed from the game.", player=players) if quitters and kind == "kick" else
                    _("{player} ran out of time and left the game.", player=players)
                    if quitters and kind == "forfeit" else
                    _("{player} left the game.", player=players) if quitters else
                    _("A player left the game."))
            if gone is not None:
                verdict = sentence(gone, verdict)
        head = _("🏁 **Game over.** {verdict}", verdict=verdict)
        return lines([head, score, *game.result_lines(result, names)])

    async def remember_message(self, game_id: int, kind: str, message_id: int,
                               channel_id: int | None = None) -> None:
        """The adapter tells us where the lobby / latest board message is (for links and edits),
        and a replay's message and channel (the game's channel or its thread)."""
        await self.store.games.set_message(game_id, kind=kind, message_id=message_id, channel_id=channel_id)
