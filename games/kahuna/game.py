"""The Kahuna engine: turns of several actions, majorities, chain reactions, three scorings.

Readings of the rules page are listed in the package docstring (``games/kahuna/__init__.py``).
Every move goes through :meth:`Kahuna._play`, which returns the new state and a public record
of what happened (the basis of ``describe`` and of the view's highlighted last turn).

Every sentence a player reads (errors, ``describe``, ``prompt``, the summary, option help,
button and ``suggest`` labels) is a :class:`~games.text.Text` of the ``kahuna`` catalog
domain, translated by the bot; the view stays plain data in English notation.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from itertools import product
from typing import Any

from ..base import Button, Game, Option, Result
from ..errors import GameOver, IllegalMove
from ..rng import Rng, seed_to_int
from ..text import Text, either, join, plural, translator
from .board import (
    BRIDGES_EACH,
    DEAL,
    DECK,
    HAND_LIMIT,
    LINES,
    LINES_OF,
    MAJORITY,
    OPEN_CARDS,
    STONES_EACH,
    controls,
    count,
    ends,
    other_end,
)
from .moves import KahunaMove, format_move, parse_move
from .state import KahunaState, from_json, to_json
from ..registry import register

Record = dict[str, Any]

_ = translator("kahuna")
_n = plural(_)

ROUND_POINTS = {1: 1, 2: 2}  # points for more stones after rounds 1 and 2
# i18n: card counts in "you hold only two KAHU cards, so you cannot play three"
_NUMBERS = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five")}


def _cards_text(cards: list[str] | tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else _("none")


def _pair(a: Any, b: Any) -> Text:
    """``a, b``: two parts of one list (the two players' counts, the two ends of a line)."""
    return _("{a}, {b}", a=a, b=b)


def _clauses(parts: list[Any]) -> Text:
    """``a; b; c``: clauses of one account, in order."""
    text = parts[0] if isinstance(parts[0], Text) else _("{item}", item=parts[0])
    for part in parts[1:]:
        text = _("{a}; {b}", a=text, b=part)
    return text


def _bold(islands: list[str]) -> Text:
    """``**A** and **B**``."""
    return join([f"**{i}**" for i in islands])


# ----- majorities ------------------------------------------------------------------------------


def place_bridge(bridges: dict[str, str], stones: dict[str, str], player: str, opponent: str,
                 line: str) -> Record:
    """Put ``player``'s bridge on ``line`` and resolve both ends; mutates the two dicts.

    An end is taken when the player now holds more than half of its lines and has a stone
    left; every opponent bridge on its lines goes back, and each such removal can cost the
    opponent the stone at that bridge's other end (the chain stops there).
    """
    bridges[line] = player
    taken: list[str] = []
    removed: list[str] = []
    lost: list[str] = []
    for island in ends(line):
        if island in stones or not controls(bridges, island, player):
            continue
        if sum(1 for owner in stones.values() if owner == player) >= STONES_EACH:
            continue  # no stone left to mark it: nothing happens
        stones[island] = player
        taken.append(island)
        for other_line in LINES_OF[island]:
            if bridges.get(other_line) != opponent:
                continue
            del bridges[other_line]
            removed.append(other_line)
            far = other_end(other_line, island)
            if stones.get(far) == opponent and not controls(bridges, far, opponent):
                del stones[far]
                lost.append(far)
    record: Record = {"placed": [line]}
    if taken:
        record["taken"] = taken
    if removed:
        record["removed"] = removed
    if lost:
        record["lost"] = lost
    return record


def remove_bridge(bridges: dict[str, str], stones: dict[str, str], owner: str,
                  line: str) -> list[str]:
    """Take ``owner``'s bridge off ``line``; return the islands whose stones it cost them."""
    del bridges[line]
    lost = [i for i in ends(line) if stones.get(i) == owner and not controls(bridges, i, owner)]
    for island in lost:
        del stones[island]
    return lost


def unmarked(bridges: Mapping[str, str], stones: Mapping[str, str], player: str,
             line: str) -> list[str]:
    """Ends of ``line`` where ``player`` holds a majority that no stone marks.

    Right after a placement on ``line`` this means the player had no stone left: the
    majority took nothing (no stone, no removals), and players are told so.
    """
    return [i for i in ends(line) if i not in stones and controls(bridges, i, player)]


def _merge(record: Record, extra: Record) -> None:
    for key, values in extra.items():
        record.setdefault(key, []).extend(values)


def blocked_end(stones: Mapping[str, str], variant: str, opponent: str, line: str
                ) -> str | None:
    """Planning variant: the end of ``line`` that carries an opponent stone, if any."""
    if variant != "planning":
        return None
    return next((i for i in ends(line) if stones.get(i) == opponent), None)


def may_take(bridges: Mapping[str, str], stones: Mapping[str, str], opponent: str,
             line: str) -> bool:
    """Planning variant: after removing the opponent's bridge on ``line``, may the remover
    put their own there (no opponent stone left on either end)?"""
    for island in ends(line):
        if stones.get(island) == opponent and \
                count(bridges, island, opponent) - 1 >= MAJORITY[island]:
            return False
    return True


def card_actions(bridges: Mapping[str, str], stones: Mapping[str, str], hand: list[str],
                 player: str, opponent: str, variant: str, room: int) -> list[str]:
    """The bridges and removals ``player`` can play with ``hand`` on this board, canonical.

    Shared by ``legal_moves`` and :func:`hand_options`, so the hand image offers exactly
    what the engine accepts.
    """
    held = Counter(hand)
    out: list[str] = []
    if room > 0:
        for card in sorted(held):
            for line in LINES_OF[card]:
                if line not in bridges and not blocked_end(stones, variant, opponent, line):
                    out.append(format_move(KahunaMove("bridge", line, (card,))))
    for line in LINES:
        if bridges.get(line) != opponent:
            continue
        a, b = ends(line)
        for pair in ((a, a), (a, b), (b, b)):
            if Counter(pair) - held:
                continue
            out.append(f"remove {line} {pair[0]} {pair[1]}")
            if variant == "planning" and room > 0 and may_take(bridges, stones, opponent, line):
                out.append(f"remove {line} {pair[0]} {pair[1]} take")
    return out


def hand_options(view: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """For an owner's view: per card in the hand, the lines it could bridge and the removals
    it could be part of on the board as it is (whoever's turn it is).

    ``{"HUNA": {"bridges": ["ELAI-HUNA", ...], "removals": ["remove ELAI-HUNA ELAI HUNA"]}}``
    """
    player = view["viewer"]
    opponent = next(p for p in view["players"] if p != player)
    hand = list(view["hand"])
    moves = card_actions(view["bridges"], view["stones"], hand, player, opponent,
                         view["variant"], view["bridges_left"][player])
    out: dict[str, dict[str, list[str]]] = {c: {"bridges": [], "removals": []}
                                            for c in sorted(set(hand))}
    for move in moves:
        m = parse_move(move)
        if m.kind == "bridge":
            assert m.line is not None
            out[m.cards[0]]["bridges"].append(m.line)
        else:
            for card in sorted(set(m.cards)):
                out[card]["removals"].append(move)
    return out


# ----- the game --------------------------------------------------------------------------------


class Kahuna(Game[KahunaState, KahunaMove]):
    id = "kahuna"
    title = "Kahuna"
    min_players = 2
    max_players = 2
    options = {
        "variant": Option(("base", "planning", "open-draws"), "base",
                          _("planning: no bridge next to an enemy stone, removal may take the "
                            "line; open-draws: drawn open cards stay face up")),
        "handicap": Option(("0", "1", "2", "3"), "0",
                           _("free bridges the handicap seat places before the first turn")),
        "handicap_seat": Option(("1", "2"), "2", _("the seat that gets the handicap (1 = host)")),
    }
    summary = _(
        "**Kahuna** — 2 players, 12 islands joined by 27 lines. Control islands with bridges.\n"
        "**Your turn:** any number of actions, then draw one card (ends the turn).\n"
        "• `{cmd:move} bridge HUNA-ELAI`: play a HUNA card, put a bridge on a free line of HUNA.\n"
        "• `{cmd:move} remove ELAI-HUNA ELAI HUNA`: play two cards naming the line's islands "
        "(or twice one of them) to remove the opponent's bridge there.\n"
        "• `{cmd:move} tuck KAHU`: tuck cards face down under the discards (no effect), at any "
        "time in your turn.\n"
        "• End: `{cmd:move} draw ELAI` (an open card), `{cmd:move} draw deck`, or `{cmd:move} pass` (no draw; "
        "not right after your opponent passed). No draw with 5 cards; the limit is 5.\n"
        "**Islands:** hold more than half of an island's lines and your stone goes on it; all "
        "opponent bridges on its lines go back, which can cost them stones on neighbouring "
        "islands. A stone goes as soon as its owner holds half or fewer of the lines. With all "
        "10 stones on the board, a new majority takes nothing (no stone, no removals).\n"
        "**Scoring:** when the deck is empty and the last open card is taken: more stones "
        "scores 1 point (round 1), then 2 points (round 2); the discards become the new deck. "
        "After the third time each player has one last turn without drawing "
        "(`{cmd:move} end`), then more stones scores the difference. Most points wins; ties go to "
        "the winner of the last scoring, then to more bridges.\n"
        "**Early end:** in rounds 2 and 3, a player without any bridge on the board loses.\n"
        "Islands may be written by their first letter: `{cmd:move} bridge h-e`. Your cards come by "
        "DM; `{cmd:game hand}` shows them any time."
    )

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
            variant=options["variant"],
            first=first,
            active=players[seat - 1] if handicap else first,
            rng=rng.state,
            deck=deck,
            open=open_cards,
            hands=hands,
            shown={p: [] for p in players},
            scores={p: 0 for p in players},
            phase="handicap" if handicap else "play",
            handicap=handicap,
            handicap_seat=seat,
            handicap_left=handicap,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: KahunaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: KahunaState) -> frozenset[str]:
        return frozenset() if state.phase == "over" else frozenset({state.active})

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> KahunaMove:
        return parse_move(text)

    def format_move(self, move: KahunaMove) -> str:
        return format_move(move)

    # ----- legality -------------------------------------------------------------------------

    @staticmethod
    def _blocked(state: KahunaState, player: str, line: str) -> str | None:
        return blocked_end(state.stones, state.variant, state.opponent(player), line)

    def legal_moves(self, state: KahunaState, player: str) -> list[str]:
        if state.phase == "over" or str(player) != state.active:
            return []
        if state.phase == "handicap":
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
        if state.phase == "last":
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
        labels = {"draw deck": _("Draw from the deck"), "pass": _("Pass"), "end": _("End my turn")}
        out = []
        for move in self.legal_moves(state, player):
            if move.startswith("draw ") or move in ("pass", "end"):
                out.append(Button(labels.get(move) or _("Draw {card}", card=move[5:]), move))
        return out

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
        kind = move.kind
        if kind == "free":
            record = self._free(new, player, move)
        elif kind == "bridge":
            record = self._bridge(new, player, move)
        elif kind == "remove":
            record = self._remove(new, player, move)
        elif kind == "tuck":
            record = self._tuck(new, player, move)
        elif kind == "draw":
            record = self._draw(new, player, move)
        elif kind == "pass":
            record = self._pass(new, player)
        else:
            record = {"move": "end"}
        if kind in ("bridge", "remove", "free"):
            self._check_early_end(new, record)
        if new.phase == "over":
            self._close_turn(new, player, record)
        elif kind in ("draw", "pass", "end"):
            self._end_turn(new, player, record)
        elif kind == "free" and new.handicap_left == 0:
            self._close_turn(new, player, record)
            new.phase = "play"
            new.active = new.first
        else:
            new.current.append(record)
        return new, record

    @staticmethod
    def _check_phase(state: KahunaState, move: KahunaMove) -> None:
        phase, kind = state.phase, move.kind
        if phase == "handicap" and kind != "free":
            raise IllegalMove(_n(
                "first place your {n} handicap bridge (no card): write free and a line, like "
                "free ALOA-BARI",
                "first place your {n} handicap bridges (no card): write free and a line, like "
                "free ALOA-BARI", state.handicap_left))
        if phase != "handicap" and kind == "free":
            raise IllegalMove(_("free bridges are only for the handicap before the first turn: "
                                "play a card with bridge X-Y"))
        if phase == "last" and kind in ("draw", "pass"):
            raise IllegalMove({
                "draw": _("this is your last turn: there is nothing to draw; play cards or "
                          "write end"),
                "pass": _("this is your last turn: there is nothing to pass on; play cards or "
                          "write end"),
            }[kind])
        if phase == "play" and kind == "end":
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
                words = dict(card=card, have=_NUMBERS.get(held[card], held[card]),
                             want=_NUMBERS.get(n, n))
                raise IllegalMove(
                    _n("you hold only {have} {card} card, so you cannot tuck {want}",
                       "you hold only {have} {card} cards, so you cannot tuck {want}",
                       held[card], **words) if tuck else
                    _n("you hold only {have} {card} card, so you cannot play {want}",
                       "you hold only {have} {card} cards, so you cannot play {want}",
                       held[card], **words))
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

    def _free(self, new: KahunaState, player: str, move: KahunaMove) -> Record:
        assert move.line is not None
        self._check_free_line(new, player, move.line)
        record = place_bridge(new.bridges, new.stones, player, new.opponent(player), move.line)
        new.handicap_left -= 1
        return {"move": format_move(move), **record}

    def _bridge(self, new: KahunaState, player: str, move: KahunaMove) -> Record:
        assert move.line is not None
        card = move.cards[0]
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

    def _remove(self, new: KahunaState, player: str, move: KahunaMove) -> Record:
        assert move.line is not None
        line = move.line
        owner = new.bridges.get(line)
        if owner is None:
            raise IllegalMove(_("{line} is empty: there is no bridge to remove", line=line))
        if owner == player:
            raise IllegalMove(_("{line} carries your own bridge: you can only remove your "
                                "opponent's bridges", line=line))
        if move.take and new.variant != "planning":
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
        record: Record = {"move": format_move(KahunaMove("remove", line, move.cards)),
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
            _merge(record, place_bridge(new.bridges, new.stones, player, opponent, line))
        return record

    def _tuck(self, new: KahunaState, player: str, move: KahunaMove) -> Record:
        self._use_cards(new, player, move.cards, "tuck")
        new.tucked.extend(move.cards)
        new.tucked.sort()
        return {"move": "tuck", "count": len(move.cards)}

    def _draw(self, new: KahunaState, player: str, move: KahunaMove) -> Record:
        size = new.hand_size(player)
        if size >= HAND_LIMIT:
            if new.passed:
                raise IllegalMove(_("you hold {n} cards, so you cannot draw, and you may not "
                                    "pass after your opponent passed: play or tuck a card first",
                                    n=HAND_LIMIT))
            raise IllegalMove(_("you hold {n} cards, the limit: play or tuck a card first, or "
                                "pass", n=HAND_LIMIT))
        if move.cards:
            card = move.cards[0]
            if card not in new.open:
                raise IllegalMove(_("there is no open {card} card (open: {cards})", card=card,
                                    cards=_cards_text(new.open)))
            slot = new.open.index(card)
            del new.open[slot]
            if new.deck:
                new.open.insert(slot, new.deck.pop())
            if new.variant == "open-draws":
                new.shown[player].append(card)
                new.shown[player].sort()
            else:
                new.hands[player].append(card)
                new.hands[player].sort()
        else:
            if not new.deck:
                raise IllegalMove(_("the deck is empty: take an open card ({cards})",
                                    cards=_cards_text(sorted(set(new.open)))))
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
        turn = 0 if new.phase == "handicap" else new.turn + 1
        new.last = {"player": player, "turn": turn, "records": [*new.current, record]}
        new.current = []
        if turn:
            new.turn = turn

    def _end_turn(self, new: KahunaState, player: str, record: Record) -> None:
        kind = record["move"].split(" ")[0]
        opponent = new.opponent(player)
        if new.phase == "last":
            new.last_turns -= 1
            if new.last_turns == 0:
                record["scoring"] = self._score(new, final=True)
                new.phase = "over"
                new.ended = "end"
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
                new.phase = "last"
                new.last_turns = 2
        self._close_turn(new, player, record)
        new.active = opponent

    def _score(self, new: KahunaState, final: bool) -> Record:
        """One scoring: stones are counted; the points go to whoever has more."""
        stones = {p: new.stones_of(p) for p in new.players}
        a, b = new.players
        leader = a if stones[a] > stones[b] else b if stones[b] > stones[a] else None
        points = {p: 0 for p in new.players}
        if leader is not None:
            worth = abs(stones[a] - stones[b]) if final else ROUND_POINTS[new.round]
            points[leader] = worth
            new.scores[leader] += worth
        if final:
            score: Record = {"round": 3, "stones": stones, "points": points}
        else:
            score = {"round": new.round, "stones": stones, "points": points}
        new.scorings.append(score)
        return score

    @staticmethod
    def _check_early_end(new: KahunaState, record: Record) -> None:
        """Rounds 2 and 3: a player without any bridge on the board loses at once."""
        if new.round < 2 or new.phase == "over":
            return
        bare = [p for p in new.players if new.bridges_of(p) == 0]
        if bare:
            new.phase = "over"
            new.ended = "early end"
            record["early_end"] = bare

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KahunaState) -> Result | None:
        if state.phase != "over":
            return None
        scores = dict(state.scores)
        stones = {p: state.stones_of(p) for p in state.players}
        bridges = {p: state.bridges_of(p) for p in state.players}
        detail: dict[str, Any] = {"stones": stones, "bridges": bridges, "tiebreak": None}
        if state.ended == "resigned":
            detail["resigned"] = state.resigned
            return Result(scores, tuple(p for p in state.players if p != state.resigned),
                          reason="resigned", detail=detail)
        if state.ended == "early end":
            bare = [p for p in state.players if bridges[p] == 0]
            detail["bare"] = bare
            if len(bare) == 1:
                return Result(scores, (state.opponent(bare[0]),), reason="early end",
                              detail=detail)
        best = max(scores.values())
        winners = [p for p in state.players if scores[p] == best]
        if len(winners) > 1:
            third = next((s for s in state.scorings if s["round"] == 3), None)
            if third is not None and any(third["points"].values()):
                winners = [p for p in winners if third["points"][p] > 0]
                detail["tiebreak"] = "third scoring"
            elif bridges[winners[0]] != bridges[winners[1]]:
                most = max(bridges.values())
                winners = [p for p in winners if bridges[p] == most]
                detail["tiebreak"] = "bridges"
        reason = "early end" if state.ended == "early end" else "end"
        return Result(scores, tuple(winners), reason=reason, detail=detail)

    def resign(self, state: KahunaState, player: str) -> KahunaState:
        if state.phase == "over":
            raise GameOver(_("the game is over already"))
        if player not in state.players:
            raise IllegalMove(_("{player} is not playing in this game", player=player))
        new = state.copy()
        new.phase = "over"
        new.ended = "resigned"
        new.resigned = player
        return new

    def why_not_undo(self, before: KahunaState, after: KahunaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Cards need no sampling: one played or tucked from the hidden hand proves that the
        player held it (the sampled worlds might all happen to hold it too), so such a move
        stays. Cards lying face up (open-draws) tell nobody anything."""
        m = self.parse_move(move)
        if m.kind in ("bridge", "remove", "tuck"):
            hidden = Counter(m.cards) - Counter(before.shown.get(player, []))
            if hidden:
                if m.kind == "tuck":
                    return _("tucked cards stay under the discards")
                return _n("it showed which card you played", "it showed which cards you played",
                          len(m.cards))
        if m.kind == "draw" and not m.cards:
            return _("you drew a card from the deck")
        if self.reveals(before, after, player, move, samples):
            return _("a new card was turned up from the deck")
        return None

    # ----- views ----------------------------------------------------------------------------

    @staticmethod
    def turn_summary(turn: Mapping[str, Any] | None) -> dict[str, Any] | None:
        """What a turn changed on the board, from its records (for highlights and words)."""
        if not turn or not turn.get("records"):
            return None
        placed: list[str] = []
        removed: list[str] = []
        taken: list[str] = []
        lost: list[str] = []
        moves: list[str] = []
        scoring = None
        early = None
        last_turns = False
        for r in turn["records"]:
            count_ = r.get("count", 0)
            moves.append(f"tuck {count_} card{'' if count_ == 1 else 's'}" if r["move"] == "tuck"
                         else r["move"])
            placed += r.get("placed", [])
            removed += r.get("removed", [])
            taken += r.get("taken", [])
            lost += r.get("lost", [])
            scoring = r.get("scoring", scoring)
            early = r.get("early_end", early)
            last_turns = last_turns or bool(r.get("last_turns"))
        return {
            "player": turn["player"],
            "turn": turn["turn"],
            "moves": moves,
            "placed": placed,
            "removed": [line for line in removed if line not in placed],
            "taken": taken,
            "lost": [i for i in lost if i not in taken],
            "scoring": copy.deepcopy(scoring),
            "early_end": list(early) if early else None,
            "last_turns": last_turns,
        }

    def view(self, state: KahunaState, player: str | None = None) -> dict[str, Any]:
        result = self.result(state)
        view: dict[str, Any] = {
            "game": self.id,
            "variant": state.variant,
            "players": list(state.players),
            "first": state.first,
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "to_act": sorted(self.to_act(state)),
            "active": None if state.phase == "over" else state.active,
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
            "current": self.turn_summary(
                {"player": state.active, "turn": 0 if state.phase == "handicap"
                 else state.turn + 1, "records": state.current}),
            "last": self.turn_summary(state.last),
            "over": state.phase == "over",
            "result": result.to_dict() if result else None,
        }
        if player is not None and player in state.players:
            view["viewer"] = player
            view["hand"] = sorted(state.held(player))
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
        names = names or {}
        opponent = before.opponent(player)

        def who(p: str) -> str:
            return names.get(p) or _("player {n}", n=before.players.index(p) + 1)

        them = who(opponent)
        kind = m.kind
        text: Text
        if kind == "free":
            text = _("placed a handicap bridge on **{line}**", line=m.line)
        elif kind == "bridge":
            text = _("played {card} and bridged **{line}**", card=m.cards[0], line=m.line)
        elif kind == "remove":
            words = dict(cards=" + ".join(m.cards), them=them, line=m.line)
            text = (_("played {cards} to remove {them}'s bridge on **{line}** and put their own "
                      "bridge there", **words) if m.take
                    else _("played {cards} to remove {them}'s bridge on **{line}**", **words))
        elif kind == "tuck":
            text = _n("tucked {n} card under the discards", "tucked {n} cards under the discards",
                      len(m.cards))
        elif kind == "draw":
            text = (_("took the open **{card}** card and ended the turn", card=m.cards[0])
                    if m.cards else _("drew a card from the deck and ended the turn"))
        elif kind == "pass":
            text = _("passed (no draw)")
        else:
            text = _("ended their last turn")
        parts: list[Text] = [text]
        if record.get("taken"):
            parts.append(_("took {islands}", islands=_bold(record["taken"])))
        if kind in ("bridge", "free") or m.take:
            assert m.line is not None
            idle = unmarked(after.bridges, after.stones, player, m.line)
            if idle:
                parts.append(_("no stone left: the majority on {islands} takes nothing",
                               islands=_bold(idle)))
        removed = [line for line in record.get("removed", []) if kind != "remove"
                   or line != m.line]
        if len(removed) == 1:
            parts.append(_("{them} lost the bridge {line}", them=them, line=removed[0]))
        elif removed:
            parts.append(_("{them} lost {n} bridges: {lines}", them=them, n=len(removed),
                           lines=", ".join(removed)))
        if record.get("lost"):
            lost = record["lost"]
            parts.append(_n("{them} lost the stone on {islands}",
                            "{them} lost the stones on {islands}", len(lost), them=them,
                            islands=_bold(lost)))
        scoring = record.get("scoring")
        if scoring:
            parts.append(self._scoring_words(before, scoring, who))
        if record.get("last_turns"):
            parts.append(_("the cards ran out for the third time: one last turn each, without "
                           "drawing, then the final scoring"))
        if record.get("early_end"):
            bare = record["early_end"]
            if len(bare) == 1:
                parts.append(_("{name} has no bridge left: the game ends", name=who(bare[0])))
            else:
                parts.append(_("nobody has a bridge left: the game ends"))
        return _clauses(parts)

    @staticmethod
    def _scoring_words(state: KahunaState, scoring: Mapping[str, Any], who: Any) -> Text:
        stones = scoring["stones"]
        first, second = (_n("{name}: {n} stone", "{name}: {n} stones", stones[p], name=who(p))
                         for p in state.players)
        gained = [(p, n) for p, n in scoring["points"].items() if n]
        verdict = (_n("{name} scores {n} point", "{name} scores {n} points", gained[0][1],
                      name=who(gained[0][0])) if gained
                   else _("a tie, no points"))
        words = dict(counts=_pair(first, second), verdict=verdict)
        if scoring["round"] == 1:
            return _("first scoring: {counts}, {verdict}", **words)
        if scoring["round"] == 2:
            return _("second scoring: {counts}, {verdict}", **words)
        return _("final scoring: {counts}, {verdict}", **words)

    def prompt(self, state: KahunaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        if state.phase == "over":
            return _("the game is over.")
        free = next((line for line in LINES if line not in state.bridges), "ALOA-BARI")
        if state.phase == "handicap":
            return _n("place {n} handicap bridge on free lines, no card needed: "
                      "`{cmd:move} free {line}`.",
                      "place {n} handicap bridges on free lines, no card needed: "
                      "`{cmd:move} free {line}`.", state.handicap_left, line=free)
        card, other = ends(free)
        if state.phase == "last":
            play = _("play cards (your hand: `{cmd:game hand}`), e.g. `{cmd:move} bridge {card}-{other}` or "
                     "`{cmd:move} remove X-Y X Y`", card=card, other=other)
            return _("this is your **last turn**, no drawing: {play}, then `{cmd:move} end`.",
                     play=play)
        play = _("play cards (your hand: `{cmd:game hand}`), e.g. `{cmd:move} bridge {card}-{other}`, "
                 "`{cmd:move} remove X-Y X Y` or `{cmd:move} tuck X`", card=card, other=other)
        endings = []
        full = state.hand_size(player) >= HAND_LIMIT
        if not full:
            endings += [_("`{cmd:move} draw {card}`", card=c) for c in sorted(set(state.open))[:1]]
            if state.deck:
                endings.append(_("`{cmd:move} draw deck`"))
        if not state.passed:
            endings.append(_("`{cmd:move} pass`"))
        note = None
        if full and state.passed:
            note = _("You hold {n} cards and your opponent passed: play or tuck first, then draw.",
                     n=HAND_LIMIT)
            endings = [_("`{cmd:move} draw {card}`", card=sorted(set(state.open))[0]) if state.open
                       else _("`{cmd:move} draw deck`")]
        elif full:
            note = _("With {n} cards you cannot draw.", n=HAND_LIMIT)
        elif state.passed:
            note = _("No pass this time: your opponent passed.")
        words = dict(round=state.round, play=play, endings=either(endings))
        if note is None:
            return _("round {round}: {play}; then end the turn: {endings}.", **words)
        return _("round {round}: {play}; then end the turn: {endings}. {note}", note=note,
                 **words)

    def suggest(self, state: KahunaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        """Legal moves matching ``typed``, ranked by what they gain. Labels are Texts.

        Best first: captures (islands taken, opponent stones and bridges knocked off), then
        bridges that bring a still winnable island (or one's own stone's margin) closer, then
        removals of an opponent bridge, then draws (a card for later), then bridges that
        help no majority (still a bridge on the board), and only then ``pass``/``end``, which
        gain nothing; tucks come last. So ``pass`` leads only when nothing else gains.
        """
        words = " ".join(str(typed).lower().split())
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(words)]
        if not moves:
            return []
        ranked = []
        for i, text in enumerate(moves):
            rank, label = self._rate(state, player, text)
            ranked.append((rank, i, text, label))
        ranked.sort(key=lambda r: r[:3])
        return [(text, label) for _r, _i, text, label in ranked[:limit]]

    @staticmethod
    def _progress(bridges: Mapping[str, str], stones: Mapping[str, str], player: str,
                  opponent: str, line: str) -> int:
        """How much a new bridge on ``line`` (already in ``bridges``) helps a majority, 0–100.

        An end counts when it carries no stone and the player can still reach its majority
        on the free lines (their share of it), or when it carries their own stone (a margin
        against removals, worth less). Ends held by the opponent, out of reach, or held
        without a stone to mark them (no stone left) count nothing.
        """
        best = 0.0
        for island in ends(line):
            mine = count(bridges, island, player)
            owner = stones.get(island)
            if owner == player:
                best = max(best, 0.3)
            elif owner is None and mine < MAJORITY[island] and \
                    len(LINES_OF[island]) - count(bridges, island, opponent) >= MAJORITY[island]:
                best = max(best, mine / MAJORITY[island])
        return round(best * 100)

    def _rate(self, state: KahunaState, player: str, text: str) -> tuple[tuple[int, int], Text]:
        m = parse_move(text)
        opponent = state.opponent(player)
        kind = m.kind
        if kind in ("bridge", "free", "remove"):
            bridges, stones = dict(state.bridges), dict(state.stones)
            assert m.line is not None
            record: Record = {}
            placed = kind != "remove" or m.take
            threat = 0
            if kind == "remove":
                threat = max(round(100 * count(bridges, i, opponent) / MAJORITY[i])
                             for i in ends(m.line))
                record["lost"] = remove_bridge(bridges, stones, opponent, m.line)
            if placed:
                _merge(record, place_bridge(bridges, stones, player, opponent, m.line))
            taken, lost = record.get("taken", []), record.get("lost", [])
            knocked = [line for line in record.get("removed", []) if line != m.line]
            idle = unmarked(bridges, stones, player, m.line) if placed else []
            gain = 10 * (len(taken) + len(lost)) + len(knocked)
            bits: list[Text] = []
            if taken:
                bits.append(_("takes {islands}", islands=" & ".join(taken)))
            if idle:
                bits.append(_("no stone left: takes nothing at {islands}",
                              islands=" & ".join(idle)))
            if knocked:
                bits.append(_n("knocks off {n} bridge", "knocks off {n} bridges", len(knocked)))
            if lost:
                bits.append(_("they lose {islands}", islands=" & ".join(lost)))
            if not gain:
                if kind == "remove" and not m.take:
                    rank = (2, -threat)
                else:
                    progress = self._progress(bridges, stones, player, opponent, m.line)
                    rank = (1, -progress) if progress else (4, 0)
                if not bits:
                    a, b = ends(m.line)
                    held = [_("{island} {have}/{lines} (need {need})", island=i,
                              have=count(bridges, i, player), lines=len(LINES_OF[i]),
                              need=MAJORITY[i]) for i in (a, b)]
                    return rank, _("{move} · {what}", move=text, what=_(
                        "you'd hold {ends}", ends=_pair(*held)))
            else:
                rank = (0, -gain)
            label = _("{move} · {what}", move=text, what=_clauses(bits))
            # Discord shows 100 characters: leave room for longer languages (German and Danish
            # add up to 12), and drop whole clauses rather than cut one in half.
            while len(label) > 86 and len(bits) > 1:
                bits.pop()
                label = _("{move} · {what}", move=text, what=_clauses(bits))
            return rank, label
        if kind == "draw":
            label = (_("{move} · take the open {card}, end turn", move=text, card=m.cards[0])
                     if m.cards else
                     _("{move} · blind, {n} left, end turn", move=text, n=len(state.deck)))
            return (3, 0 if m.cards else 1), label
        if kind == "pass":
            return (5, 0), _("pass · end turn without drawing")
        if kind == "end":
            return (5, 0), _("end · finish your last turn")
        return (6, len(m.cards)), _("{move} · face down, no effect", move=text)

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: KahunaState) -> dict[str, Any]:
        return to_json(state)

    def _from_json(self, data: Any) -> KahunaState:
        if not isinstance(data, dict):
            raise ValueError("the state must be an object")
        return from_json(data)


__all__ = ["Kahuna", "card_actions", "hand_options", "place_bridge", "remove_bridge", "unmarked"]


register(Kahuna())
