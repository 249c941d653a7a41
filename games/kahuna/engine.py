"""The Kahuna engine: turns of several actions, majorities, chain reactions, three scorings.

Readings of the rules page are listed in the package docstring (``games/kahuna/__init__.py``).
Every move goes through :meth:`Kahuna._play`, which returns the new state and a public record
of what happened (the basis of ``describe`` and of the view's highlighted last turn).

Errors are Texts of the ``kahuna`` catalog domain (:class:`~games.text.Text`); every other
sentence a player reads (``describe``, ``prompt``, the summary, option help, button and
``suggest`` labels) comes from :mod:`.words`. The view stays plain data in English notation
(:class:`~.state.KahunaView`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from itertools import product
from typing import Any

from ..base import Button, Chance, Game, Information, Option, Result, Traits
from ..errors import IllegalMove
from ..registry import register
from ..rng import Rng, seed_to_int
from ..text import Text, plural, translator
from . import words
from .board import BRIDGES_EACH, DEAL, DECK, HAND_LIMIT, LINES, OPEN_CARDS, STONES_EACH, ends
from .notation import (
    ALIASES, Bridge, Draw, End, Free, KahunaMove, Kind, Pass, Remove, Tuck, format_move,
    parse_move)
from .rules import blocked_end, card_actions, merge, place_bridge, remove_bridge
from .state import (
    Ending, KahunaHandView, KahunaState, KahunaView, Phase, Record, Scoring, Tiebreak,
    Variant, from_json, to_json, turn_summary)

_ = translator("kahuna")
_n = plural(_)

ROUND_POINTS = {1: 1, 2: 2}  # points for more stones after rounds 1 and 2


@lru_cache(maxsize=4096)
def _parsed(text: str) -> KahunaMove:
    """A move's parse, kept: the search applies the same few hundred texts many thousand
    times a decision. Moves are frozen and the parse depends on the text alone (a refusal
    raises, so it is never kept, and its message is translated each time)."""
    return parse_move(text)


# ----- the game --------------------------------------------------------------------------------


class Kahuna(Game[KahunaState, KahunaMove], id="kahuna", title="Kahuna", players=(2, 2),
             traits=Traits(Chance.SEEDED, Information.HIDDEN)):
    aliases = ALIASES
    # i18n: What the seed decides and nobody may know yet: "its seed would give away …".
    unseen = _("both hands and the order of the deck")
    options = {
        "variant": Option(tuple(Variant), Variant.BASE, words.VARIANT_HELP, words.VARIANT_NAME,
                          words.VARIANT_WORDS),
        "handicap": Option(("0", "1", "2", "3"), "0", words.HANDICAP_HELP, words.HANDICAP_NAME),
        "handicap_seat": Option(("1", "2"), "2", words.SEAT_HELP, words.SEAT_NAME),
    }
    summary = words.SUMMARY

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> KahunaState:
        rng = Rng(seed)
        first = players[rng.randbelow(2)]
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {p: sorted(deck.pop() for _ in range(DEAL)) for p in players}
        open_cards = [deck.pop() for _ in range(OPEN_CARDS)]
        handicap = int(options["handicap"])
        seat = int(options["handicap_seat"])
        return KahunaState(
            players=tuple(players),
            variant=Variant(options["variant"]),
            first=first,
            active=players[seat - 1] if handicap else first,
            rng=rng.state,
            deck=deck,
            open=open_cards,
            hands=hands,
            shown={p: [] for p in players},
            scores={p: 0 for p in players},
            phase=Phase.HANDICAP if handicap else Phase.PLAY,
            handicap=handicap,
            handicap_seat=seat,
            handicap_left=handicap,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: KahunaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: KahunaState) -> frozenset[str]:
        return frozenset() if state.phase is Phase.OVER else frozenset({state.active})

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> KahunaMove:
        if isinstance(text, str):
            return _parsed(text)
        return parse_move(text)

    def format_move(self, move: KahunaMove) -> str:
        return format_move(move)

    # ----- legality -------------------------------------------------------------------------

    @staticmethod
    def _blocked(state: KahunaState, player: str, line: str) -> str | None:
        return blocked_end(state.stones, state.variant, state.opponent(player), line)

    def legal_moves(self, state: KahunaState, player: str) -> list[str]:
        if state.phase is Phase.OVER or str(player) != state.active:
            return []
        if state.phase is Phase.HANDICAP:
            return [f"free {line}" for line in LINES
                    if line not in state.bridges and not self._blocked(state, player, line)]
        held = Counter(state.held(player))
        out = card_actions(state.bridges, state.stones, state.held(player), player,
                           state.opponent(player), state.variant,
                           BRIDGES_EACH - state.bridges_of(player))
        kinds = sorted(held)
        for counts in product(*(range(held[c] + 1) for c in kinds)):
            cards = [c for c, n in zip(kinds, counts) for _ in range(n)]
            if cards:
                out.append("tuck " + " ".join(cards))
        if state.phase is Phase.LAST:
            out.append("end")
            return out
        if state.hand_size(player) < HAND_LIMIT:
            out.extend(f"draw {card}" for card in sorted(set(state.open)))
            if state.deck:
                out.append("draw deck")
        if not state.passed:
            out.append("pass")
        return out

    # ----- what the bot offers -------------------------------------------------------------

    def buttons(self, state: KahunaState, player: str, path: str = "") -> list[Button]:
        """The ways to end the turn: each open card, the deck, pass (or ``end``)."""
        return [Button(words.button_label(move), move) for move in self.legal_moves(state, player)
                if move.startswith("draw ") or move in ("pass", "end")]

    def turn_complete(self, before: KahunaState, after: KahunaState, player: str) -> bool:
        """The channel hears of a turn when it closes (a draw, a pass, ``end``, the handicap),
        which is also when a scoring happens; single actions inside a turn stay private."""
        return after.last is not before.last and after.last != before.last

    def auto_move(self, state: KahunaState, player: str) -> str | None:
        """A single option plays itself (``end`` of a last turn with nothing left to play),
        but a draw stays the player's: it shows them a card."""
        move = super().auto_move(state, player)
        return None if move is None or move.startswith("draw") else move

    def pass_move(self, state: KahunaState, player: str) -> str | None:
        """``pass`` (or ``end`` in a last turn) when it is allowed right now."""
        legal = self.legal_moves(state, player)
        for move in ("end", "pass"):
            if move in legal:
                return move
        return None

    # ----- playing --------------------------------------------------------------------------

    def _apply(self, state: KahunaState, player: str, move: KahunaMove) -> KahunaState:
        return self._play(state, player, move)[0]

    def _play(self, state: KahunaState, player: str, move: KahunaMove
              ) -> tuple[KahunaState, Record]:
        """The state after ``move`` and its public record; raises ``IllegalMove``."""
        self._check_phase(state, move)
        new = state.copy()
        record: Record
        if isinstance(move, Free):
            record = self._free(new, player, move)
        elif isinstance(move, Bridge):
            record = self._bridge(new, player, move)
        elif isinstance(move, Remove):
            record = self._remove(new, player, move)
        elif isinstance(move, Tuck):
            record = self._tuck(new, player, move)
        elif isinstance(move, Draw):
            record = self._draw(new, player, move)
        elif isinstance(move, Pass):
            record = self._pass(new, player)
        else:
            record = {"move": "end"}
        if isinstance(move, (Bridge, Remove, Free)):
            self._check_early_end(new, record)
        if new.phase is Phase.OVER:
            self._close_turn(new, player, record)
        elif isinstance(move, (Draw, Pass, End)):
            self._end_turn(new, player, record)
        elif isinstance(move, Free) and new.handicap_left == 0:
            self._close_turn(new, player, record)
            new.phase = Phase.PLAY
            new.active = new.first
        else:
            new.current.append(record)
        return new, record

    @staticmethod
    def _check_phase(state: KahunaState, move: KahunaMove) -> None:
        phase, kind = state.phase, move.kind
        if phase is Phase.HANDICAP and kind is not Kind.FREE:
            raise IllegalMove(_n(
                "first place your {n} handicap bridge (no card): write free and a line, like "
                "free ALOA-BARI",
                "first place your {n} handicap bridges (no card): write free and a line, like "
                "free ALOA-BARI", state.handicap_left))
        if phase is not Phase.HANDICAP and kind is Kind.FREE:
            raise IllegalMove(_("free bridges are only for the handicap before the first turn: "
                                "play a card with bridge X-Y"))
        if phase is Phase.LAST and kind in (Kind.DRAW, Kind.PASS):
            raise IllegalMove({
                Kind.DRAW: _("this is your last turn: there is nothing to draw; play cards or "
                          "write end"),
                Kind.PASS: _("this is your last turn: there is nothing to pass on; play cards or "
                          "write end"),
            }[kind])
        if phase is Phase.PLAY and kind is Kind.END:
            raise IllegalMove(_("end is only for the last turns: finish your turn with "
                                "draw X, draw deck or pass"))

    @staticmethod
    def _use_cards(state: KahunaState, player: str, cards: tuple[str, ...], verb: str) -> None:
        """Take ``cards`` out of the player's hand (open-draws: shown cards first)."""
        held = Counter(state.held(player))
        for card, n in sorted(Counter(cards).items()):
            if held[card] < n:
                tuck = verb == "tuck"
                if held[card] == 0:
                    raise IllegalMove(
                        _("you hold no {card} card, so you cannot tuck one", card=card) if tuck
                        else _("you hold no {card} card, so you cannot play one", card=card))
                numbers = dict(card=card, have=words.NUMBERS.get(held[card], held[card]),
                               want=words.NUMBERS.get(n, n))
                raise IllegalMove(
                    _n("you hold only {have} {card} card, so you cannot tuck {want}",
                       "you hold only {have} {card} cards, so you cannot tuck {want}",
                       held[card], **numbers) if tuck else
                    _n("you hold only {have} {card} card, so you cannot play {want}",
                       "you hold only {have} {card} cards, so you cannot play {want}",
                       held[card], **numbers))
        for card in cards:
            if card in state.shown[player]:
                state.shown[player].remove(card)
            else:
                state.hands[player].remove(card)

    def _check_free_line(self, state: KahunaState, player: str, line: str) -> None:
        owner = state.bridges.get(line)
        if owner == player:
            raise IllegalMove(_("{line} already carries your own bridge: choose a free line",
                                line=line))
        if owner is not None:
            a, b = ends(line)
            raise IllegalMove(_("{line} carries your opponent's bridge: remove it first, e.g. "
                                "remove {line} {a} {b}", line=line, a=a, b=b))
        if state.bridges_of(player) >= BRIDGES_EACH:
            raise IllegalMove(_("all your {n} bridges are on the board: you have none left to "
                                "place", n=BRIDGES_EACH))
        blocked = self._blocked(state, player, line)
        if blocked:
            raise IllegalMove(_("planning variant: {island} carries your opponent's stone, so no "
                                "bridge of yours may go on {line}", island=blocked, line=line))

    def _free(self, new: KahunaState, player: str, move: Free) -> Record:
        self._check_free_line(new, player, move.line)
        record = place_bridge(new.bridges, new.stones, player, new.opponent(player), move.line)
        new.handicap_left -= 1
        return {"move": format_move(move), **record}

    def _bridge(self, new: KahunaState, player: str, move: Bridge) -> Record:
        card = move.card
        if card not in new.held(player):
            a, b = ends(move.line)
            other = b if card == a else a
            if other in new.held(player):
                raise IllegalMove(_("you hold no {card} card for bridge {card}-{other} (to play "
                                    "your {other} card, write bridge {other}-{card})",
                                    card=card, other=other))
            raise IllegalMove(_("you hold no {card} card for bridge {card}-{other}", card=card,
                                other=other))
        self._check_free_line(new, player, move.line)
        self._use_cards(new, player, move.cards, "play")
        new.played.append(card)
        new.played.sort()
        record = place_bridge(new.bridges, new.stones, player, new.opponent(player), move.line)
        return {"move": format_move(move), **record}

    def _remove(self, new: KahunaState, player: str, move: Remove) -> Record:
        line = move.line
        owner = new.bridges.get(line)
        if owner is None:
            raise IllegalMove(_("{line} is empty: there is no bridge to remove", line=line))
        if owner == player:
            raise IllegalMove(_("{line} carries your own bridge: you can only remove your "
                                "opponent's bridges", line=line))
        if move.take and new.variant is not Variant.PLANNING:
            raise IllegalMove(_("take (a bridge without a third card) is only in the planning "
                                "variant: after the removal, play a card with bridge on {line}",
                                line=line))
        if move.take and new.bridges_of(player) >= BRIDGES_EACH:
            raise IllegalMove(_("all your {n} bridges are on the board: you cannot take the "
                                "line; leave out take", n=BRIDGES_EACH))
        self._use_cards(new, player, move.cards, "play")
        new.played.extend(move.cards)
        new.played.sort()
        opponent = new.opponent(player)
        record: Record = {"move": format_move(Remove(line, move.cards)),
                          "removed": [line]}
        lost = remove_bridge(new.bridges, new.stones, opponent, line)
        if lost:
            record["lost"] = lost
        if move.take:
            blocked = self._blocked(new, player, line)
            if blocked:
                raise IllegalMove(_("planning variant: {island} still carries your opponent's "
                                    "stone after the removal, so you cannot take {line}; leave "
                                    "out take", island=blocked, line=line))
            record["move"] = format_move(move)
            merge(record, place_bridge(new.bridges, new.stones, player, opponent, line))
        return record

    def _tuck(self, new: KahunaState, player: str, move: Tuck) -> Record:
        self._use_cards(new, player, move.cards, "tuck")
        new.tucked.extend(move.cards)
        new.tucked.sort()
        return {"move": "tuck", "count": len(move.cards)}

    def _draw(self, new: KahunaState, player: str, move: Draw) -> Record:
        size = new.hand_size(player)
        if size >= HAND_LIMIT:
            if new.passed:
                raise IllegalMove(_("you hold {n} cards, so you cannot draw, and you may not "
                                    "pass after your opponent passed: play or tuck a card first",
                                    n=HAND_LIMIT))
            raise IllegalMove(_("you hold {n} cards, the limit: play or tuck a card first, or "
                                "pass", n=HAND_LIMIT))
        if move.card is not None:
            card = move.card
            if card not in new.open:
                raise IllegalMove(_("there is no open {card} card (open: {cards})", card=card,
                                    cards=words.cards_text(new.open)))
            slot = new.open.index(card)
            del new.open[slot]
            if new.deck:
                new.open.insert(slot, new.deck.pop())
            if new.variant is Variant.OPEN_DRAWS:
                new.shown[player].append(card)
                new.shown[player].sort()
            else:
                new.hands[player].append(card)
                new.hands[player].sort()
        else:
            if not new.deck:
                raise IllegalMove(_("the deck is empty: take an open card ({cards})",
                                    cards=words.cards_text(sorted(set(new.open)))))
            new.hands[player].append(new.deck.pop())
            new.hands[player].sort()
        return {"move": format_move(move)}

    @staticmethod
    def _pass(new: KahunaState, player: str) -> Record:
        if new.passed:
            if new.hand_size(player) >= HAND_LIMIT:
                raise IllegalMove(_("your opponent passed last turn, so you may not pass: draw a "
                                    "card with draw deck or draw X (you hold {n} cards: play or "
                                    "tuck one first)", n=HAND_LIMIT))
            raise IllegalMove(_("your opponent passed last turn, so you may not pass: draw a card "
                                "with draw deck or draw X"))
        return {"move": "pass"}

    # ----- turns, rounds and the end --------------------------------------------------------

    @staticmethod
    def _close_turn(new: KahunaState, player: str, record: Record) -> None:
        """File this turn's records as the last turn."""
        turn = 0 if new.phase is Phase.HANDICAP else new.turn + 1
        new.last = {"player": player, "turn": turn, "records": [*new.current, record]}
        new.current = []
        if turn:
            new.turn = turn

    def _end_turn(self, new: KahunaState, player: str, record: Record) -> None:
        kind = record["move"].split(" ")[0]
        opponent = new.opponent(player)
        if new.phase is Phase.LAST:
            new.last_turns -= 1
            if new.last_turns == 0:
                record["scoring"] = self._score(new, final=True)
                new.phase = Phase.OVER
                new.ended = Ending.END
            self._close_turn(new, player, record)
            new.active = opponent
            return
        new.passed = kind == "pass"
        if kind == "draw" and not new.deck and not new.open:
            if new.round < 3:
                record["scoring"] = self._score(new, final=False)
                new.round += 1
                pool = new.played + new.tucked
                new.played, new.tucked = [], []
                rng = Rng(new.rng)
                rng.shuffle(pool)
                new.rng = rng.state
                new.deck = pool
                new.open = [new.deck.pop() for _ in range(min(OPEN_CARDS, len(new.deck)))]
                new.passed = False
                self._check_early_end(new, record)
            else:
                record["last_turns"] = True
                new.phase = Phase.LAST
                new.last_turns = 2
        self._close_turn(new, player, record)
        new.active = opponent

    def _score(self, new: KahunaState, final: bool) -> Scoring:
        """One scoring: stones are counted; the points go to whoever has more."""
        stones = {p: new.stones_of(p) for p in new.players}
        a, b = new.players
        leader = a if stones[a] > stones[b] else b if stones[b] > stones[a] else None
        points = {p: 0 for p in new.players}
        if leader is not None:
            worth = abs(stones[a] - stones[b]) if final else ROUND_POINTS[new.round]
            points[leader] = worth
            new.scores[leader] += worth
        score: Scoring = {"round": 3 if final else new.round, "stones": stones, "points": points}
        new.scorings.append(score)
        return score

    @staticmethod
    def _check_early_end(new: KahunaState, record: Record) -> None:
        """Rounds 2 and 3: a player without any bridge on the board loses at once."""
        if new.round < 2 or new.phase is Phase.OVER:
            return
        bare = [p for p in new.players if new.bridges_of(p) == 0]
        if bare:
            new.phase = Phase.OVER
            new.ended = Ending.EARLY_END
            record["early_end"] = bare

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KahunaState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        scores = dict(state.scores)
        stones = {p: state.stones_of(p) for p in state.players}
        bridges = {p: state.bridges_of(p) for p in state.players}
        detail: dict[str, Any] = {"stones": stones, "bridges": bridges, "tiebreak": None}
        if state.ended is Ending.RESIGNED:
            detail["resigned"] = state.resigned
            return Result(scores, tuple(p for p in state.players if p != state.resigned),
                          reason=Ending.RESIGNED, detail=detail)
        if state.ended is Ending.EARLY_END:
            bare = [p for p in state.players if bridges[p] == 0]
            detail["bare"] = bare
            if len(bare) == 1:
                return Result(scores, (state.opponent(bare[0]),), reason=Ending.EARLY_END,
                              detail=detail)
        best = max(scores.values())
        winners = [p for p in state.players if scores[p] == best]
        if len(winners) > 1:
            third = next((s for s in state.scorings if s["round"] == 3), None)
            if third is not None and any(third["points"].values()):
                winners = [p for p in winners if third["points"][p] > 0]
                detail["tiebreak"] = Tiebreak.THIRD_SCORING
            elif bridges[winners[0]] != bridges[winners[1]]:
                most = max(bridges.values())
                winners = [p for p in winners if bridges[p] == most]
                detail["tiebreak"] = Tiebreak.BRIDGES
        reason = Ending.EARLY_END if state.ended is Ending.EARLY_END else Ending.END
        return Result(scores, tuple(winners), reason=reason, detail=detail)

    def resign(self, state: KahunaState, player: str) -> KahunaState:
        self.check_can_resign(state, player)
        new = state.copy()
        new.phase = Phase.OVER
        new.ended = Ending.RESIGNED
        new.resigned = player
        return new

    def why_not_undo(self, before: KahunaState, after: KahunaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Cards need no sampling: one played or tucked from the hidden hand proves that the
        player held it (the sampled worlds might all happen to hold it too), so such a move
        stays. Cards lying face up (open-draws) tell nobody anything."""
        m = self.parse_move(move)
        if isinstance(m, (Bridge, Remove, Tuck)):
            hidden = Counter(m.cards) - Counter(before.shown.get(player, []))
            if hidden:
                if isinstance(m, Tuck):
                    return _("tucked cards stay under the discards")
                return _n("it showed which card you played", "it showed which cards you played",
                          len(m.cards))
        if isinstance(m, Draw) and m.card is None:
            return _("you drew a card from the deck")
        if self.reveals(before, after, player, move, samples):
            return _("a new card was turned up from the deck")
        return None

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: KahunaState, player: str | None = None) -> KahunaView:
        """The public view, or ``player``'s own (a :class:`KahunaHandView`, with the hand)."""
        result = self.result(state)
        view: KahunaView = {
            "game": self.id,
            "variant": state.variant,
            "players": list(state.players),
            "first": state.first,
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "to_act": sorted(self.to_act(state)),
            "active": None if state.phase is Phase.OVER else state.active,
            "bridges": dict(state.bridges),
            "stones": dict(state.stones),
            "open": list(state.open),
            "deck": len(state.deck),
            "hands": {p: state.hand_size(p) for p in state.players},
            "displayed": {p: list(state.shown[p]) for p in state.players},
            "played": list(state.played),
            "tucked": len(state.tucked),
            "discard": len(state.played) + len(state.tucked),
            "bridges_left": {p: BRIDGES_EACH - state.bridges_of(p) for p in state.players},
            "stones_left": {p: STONES_EACH - state.stones_of(p) for p in state.players},
            "scores": dict(state.scores),
            "scorings": copy.deepcopy(state.scorings),
            "passed": state.passed,
            "handicap": state.handicap,
            "handicap_player": state.players[state.handicap_seat - 1] if state.handicap else None,
            "handicap_left": state.handicap_left,
            "last_turns": state.last_turns,
            "current": turn_summary(
                {"player": state.active, "turn": 0 if state.phase is Phase.HANDICAP
                 else state.turn + 1, "records": state.current}),
            "last": turn_summary(state.last),
            "over": state.phase is Phase.OVER,
            "result": result.to_dict() if result else None,
        }
        if player is not None and player in state.players:
            own: KahunaHandView = {**view, "viewer": player, "hand": sorted(state.held(player))}
            return own
        return view

    def resample(self, state: KahunaState, player: str | None, seed: int | str) -> KahunaState:
        """Redraw what ``player`` cannot see: the other hidden hand(s), the deck order, the
        tucked cards, and the RNG that shuffles the next deck."""
        rng = Rng(seed_to_int(seed))
        new = state.copy()
        hidden = [p for p in state.players if p != player]
        pool = list(state.deck) + list(state.tucked)
        for p in hidden:
            pool += state.hands[p]
        rng.shuffle(pool)
        for p in hidden:
            n = len(state.hands[p])
            new.hands[p] = sorted(pool[:n])
            pool = pool[n:]
        n = len(state.tucked)
        new.tucked = sorted(pool[:n])
        new.deck = pool[n:]
        new.rng = rng.next64()
        return new

    # ----- words ----------------------------------------------------------------------------

    def describe(self, before: KahunaState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        m = self.parse_move(move)
        after, record = self._play(before, player, m)
        return words.describe(before, after, record, player, m, names)

    def prompt(self, state: KahunaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        return words.prompt(state, player)

    def suggest(self, state: KahunaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        """Legal moves matching ``typed``, ranked by what they gain. Labels are Texts.

        Best first: captures (islands taken, opponent stones and bridges knocked off), then
        bridges that bring a still winnable island (or one's own stone's margin) closer, then
        removals of an opponent bridge, then draws (a card for later), then bridges that
        help no majority (still a bridge on the board), and only then ``pass``/``end``, which
        gain nothing; tucks come last. So ``pass`` leads only when nothing else gains.
        """
        typed_words = " ".join(str(typed).lower().split())
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(typed_words)]
        return words.suggest(state, player, moves, limit)

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: KahunaState) -> dict[str, Any]:
        return to_json(state)

    def _from_json(self, data: Any) -> KahunaState:
        if not isinstance(data, dict):
            raise ValueError("the state must be an object")
        return from_json(data)



__all__ = ["Kahuna"]


register(Kahuna(), listed=2, renderer="renderers.kahuna:RECORD",
         policy="games.kahuna.policy:KahunaPolicy")
