"""Kraqua's engine: the :class:`~games.base.Game` the bot talks to. It sets a game up, hands
moves to :mod:`.rules` (which applies them and runs the flow that needs no decision), and
builds the view, the result and what the bot offers. See the package docstring for the rules'
readings; :mod:`.state` holds the state and the pure rule helpers, :mod:`.turns` whose turn it
is, :mod:`.notation` the moves, :mod:`.words` the player texts, :mod:`.planner` the team
planner behind ``suggest``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Button, Chance, Game, Information, Option, Result, Traits
from ..errors import IllegalMove
from ..rng import Rng, seed_to_int
from ..text import Notation, Text, contextual, translator
from . import codec, rules, turns, words
from .board import (
    CHIPS,
    CRITERIA,
    FISH,
    GATE_AFTER,
    GEM_COLOURS,
    HIDEOUTS,
    PATH_END,
    PLACES,
    ROWS,
    SIDES,
    START,
    field_name,
)
from .notation import ALIASES, KraquaMove, format_move, parse_move
from .planner import rank_moves
from .state import (
    GEMS,
    LEVELS,
    MAX_SHELLS,
    KraquaState,
    Phase,
    Status,
    Step,
    Tile,
    chip_name,
    gate_of,
    is_protected,
    needed,
    copy_last,
    next_spot,
    record,
    said,
)
from .view import GateView, KraquaView, LastView
from ..registry import register


def _last_view(last: Any) -> LastView | None:
    """The last move as the view shows it: its events in English, and as kept for every
    reader (``said``: none for a state stored before they were kept)."""
    kept = copy_last(last)
    if kept is None:
        return None
    return {"player": kept["player"], "move": kept["move"], "events": kept["events"],
            "said": kept.get("said", [])}

_ = translator("kraqua")
_p = contextual(_)


class Kraqua(Game[KraquaState, KraquaMove], id="kraqua", title="Kraqua", players=(1, 4),
             traits=Traits(Chance.SEEDED, Information.PERFECT)):
    aliases = ALIASES
    # i18n: What the seed decides and nobody may know yet: "its seed would give away …".
    unseen = _("the tiles still to be drawn, the gates not yet revealed and Kraqua's dice")
    options = {
        "level": Option(("1", "2", "3", "pro"), "1",
                        _("1: 2 shells, 12 tiles; 2: 1 shell; 3: 1 shell, 11 tiles; "
                          "pro: 0 shells, 10 tiles"),
                        # i18n: The lobby option level=, as a sentence names it.
                        _p("option", "level"),
                        # i18n: The value level=pro: one word, typed too (level=profi).
                        {"pro": _p("level", "pro")}),
    }
    summary = words.SUMMARY

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> KraquaState:
        rng = Rng(seed)
        shells, tiles = LEVELS[options["level"]]
        chips = list(CHIPS)
        rng.shuffle(chips)
        stack = list(tiles)
        rng.shuffle(stack)
        criteria = list(CRITERIA)
        rng.shuffle(criteria)
        gates = [(c, rng.randbelow(2) == 1) for c in criteria]
        hideout = rng.randbelow(len(HIDEOUTS))
        hands: dict[str, Tile | None] = {}
        for p in players:
            number = stack.pop()
            hands[p] = (number, SIDES[rng.randbelow(2)])
        return KraquaState(
            players=tuple(players),
            level=options["level"],
            chips={p: chips[i] for i, p in enumerate(players)},
            tiles=hands,
            fish={c: START[i] for i, c in enumerate(FISH)},
            rows={r: {} for r in ROWS},
            fronts={r: 0 for r in ROWS},
            stack=stack,
            box=[],
            shells=shells,
            gems={"chest": dict(GEMS), "cave": {c: 0 for c in GEM_COLOURS},
                  "hideout": {c: 0 for c in GEM_COLOURS}},
            gates=gates,
            revealed=1,
            passed=[[]],
            hideout=hideout,
            rng=rng.state,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: KraquaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: KraquaState) -> frozenset[str]:
        return turns.to_act(state)

    def step_of(self, state: KraquaState, player: str) -> Step | None:
        """The kind of decision ``player`` faces now (None if they may not act)."""
        return turns.step_of(state, player)

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> KraquaMove:
        return parse_move(text)

    def format_move(self, move: KraquaMove) -> str:
        return format_move(move)

    # ----- legal moves ----------------------------------------------------------------------

    def legal_moves(self, state: KraquaState, player: str) -> list[str]:
        return turns.legal_moves(state, player)

    def _turn_tile(self, state: KraquaState, player: str) -> Tile:
        return turns.turn_tile(state, player)

    # ----- applying moves -------------------------------------------------------------------

    def _apply(self, state: KraquaState, player: str, move: KraquaMove) -> KraquaState:
        return rules.play(state, player, move)[0]

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KraquaState) -> Result | None:
        if not state.over:
            return None
        kept = sum(state.gems["chest"].values()) + sum(state.gems["hideout"].values())
        scores = {p: kept for p in state.players}
        winners = state.players if state.status == Status.WON else ()
        detail: dict[str, Any] = {
            "gems": {place: dict(c) for place, c in state.gems.items()},
            "hideout_goal": list(needed(state)),
            "missing": [c for c in needed(state) if state.gems["hideout"][c] == 0],
            "cave": sum(state.gems["cave"].values()),
            "cave_limit": state.cave_limit,
            "rounds": state.round,
            "level": state.level,
            "why": state.reason,
        }
        if state.resigned is not None:
            detail["resigned"] = state.resigned
            return Result(scores, (), outcome="lost", reason="resigned", detail=detail)
        # the outcome is the results' own word (won, almost, lost), not Kraqua's Status
        return Result(scores, tuple(winners), outcome=str(state.status), reason="end",
                      detail=detail)

    # ----- what the bot offers ---------------------------------------------------------------

    multi_seat = True  # one person may hold several seats of the team

    def buttons(self, state: KraquaState, player: str, path: str = "") -> list[Button]:
        """The legal steps of the turn, labelled like the autocomplete.

        Unlike autocomplete they are not ranked by the team's planner: buttons are drawn
        for every seat after every move, so they must stay cheap (the planner is ~80 ms).
        """
        if path:
            return []
        step = self.step_of(state, player)
        return [Button(words.label(state, player, move, step), move)
                for move in self.legal_moves(state, player)[:25]]

    def turn_complete(self, before: KraquaState, after: KraquaState, player: str) -> bool:
        """A seat's turn (lay, move, re-roll, colour, special field) reaches the channel once
        it is over; so does the turtle's side choice after its draw."""
        if after.phase == Phase.TURN and after.current == player:
            return False
        return not (after.phase == Phase.DRAW and after.drawing is not None
                    and after.queue and after.queue[0] == player)

    def seat_tag(self, state: KraquaState, player: str) -> Text | None:
        """Seats are told apart by their chip's animal: "hana (seahorse)"."""
        chip = state.chips.get(player)
        return chip_name(chip) if chip else None

    def auto_move(self, state: KraquaState, player: str) -> str | None:
        """A single option plays itself, but never a draw or a re-roll: what they show is the
        player's to uncover when they choose."""
        move = super().auto_move(state, player)
        if move is None or move.split()[0] in ("draw", "reroll"):
            return None
        return move

    def pass_move(self, state: KraquaState, player: str) -> str | None:
        """Declining what can be declined: a special field, a re-roll, a move that can't be made."""
        legal = self.legal_moves(state, player)
        return next((m for m in ("pass", "keep", "skip") if m in legal), None)

    def result_lines(self, result: Result, names: Mapping[str, str]) -> list[Text]:
        return words.result_lines(result)

    def why_not_undo(self, before: KraquaState, after: KraquaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Chance here is a drawn tile, a gate turned over, or the dice."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if len(after.stack) < len(before.stack):
            return _("a tile was drawn from the stack")
        if after.revealed > before.revealed:
            return _("a new gate was turned over")
        return _("the dice decided it")

    def resign(self, state: KraquaState, player: str) -> KraquaState:
        """The team gives up together: a cooperative game ends lost for every seat."""
        self.check_can_resign(state, player)
        new = state.copy()
        rules.finish(new, Status.LOST, "resigned")
        new.resigned = player
        gave_up = _("gave up for the team")
        new.last = {"player": player, "move": "resign", "events": [record(gave_up)],
                    "said": [said(gave_up)]}
        return new

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: KraquaState, player: str | None = None) -> KraquaView:
        """Everything but the stack's order, the hidden gates and the RNG (the same for all)."""
        result = self.result(state)
        gates: list[GateView] = []
        for i in range(state.revealed):
            criterion, reverse = state.gates[i]
            gates.append({"gate": i + 1, "criterion": criterion,
                          "order": list(gate_of(state, i)), "passed": list(state.passed[i]),
                          "after": GATE_AFTER[i]})
        end = PATH_END[state.revealed]
        protected = [field_name(f) for f in range(1, min(end, 40) + 1) if is_protected(state, f)]
        return {
            "game": self.id,
            "level": state.level,
            "players": list(state.players),
            "chips": dict(state.chips),
            "tiles": {p: (list(t) if t is not None else None) for p, t in state.tiles.items()},
            "fish": {c: field_name(pos) for c, pos in state.fish.items()},
            "rows": {r: {str(k): list(t) for k, t in sorted(spots.items())}
                     for r, spots in state.rows.items()},
            "fronts": dict(state.fronts),
            "next_spots": {r: next_spot(state, r) for r in ROWS},
            "shells": state.shells,
            "max_shells": MAX_SHELLS,
            "gems": {place: dict(state.gems[place]) for place in PLACES},
            "cave_limit": state.cave_limit,
            "hideout_goal": list(needed(state)),
            "gates": gates,
            "revealed": state.revealed,
            "path_end": field_name(end),
            "protected": protected,
            "stack": len(state.stack),
            "box": len(state.box),
            "round": state.round,
            "played": [p for p in state.players if p in state.played],
            "to_act": sorted(self.to_act(state), key=state.players.index),
            "phase": state.phase,
            "current": state.current,
            "step": state.step,
            "turn_tile": list(state.turn_tile) if state.turn_tile is not None else None,
            "moved": state.moved,
            "roll": state.roll,
            "drawing": state.drawing,
            "draw_queue": list(state.queue),
            "last_mover": state.last_mover,
            "last": _last_view(state.last),
            "status": state.status,
            "result": result.to_dict() if result else None,
        }

    def resample(self, state: KraquaState, player: str | None, seed: int | str) -> KraquaState:
        """Redraw what nobody sees: the stack order, the gates still face down, future dice."""
        new = state.copy()
        rng = Rng(seed_to_int(seed) ^ 0x5DEECE66D)
        rng.shuffle(new.stack)
        hidden = [c for c, _rev in new.gates[new.revealed:]]
        rng.shuffle(hidden)
        new.gates = new.gates[:new.revealed] + [(c, rng.randbelow(2) == 1) for c in hidden]
        new.rng = rng.next64()
        return new

    # ----- words ----------------------------------------------------------------------------
    @staticmethod
    def format_events(events: Sequence[Sequence[str]], names: Mapping[str, str] | None,
                      mover: str | None = None) -> str:
        """Recorded events as one English sentence (:func:`.words.format_events`)."""
        return words.format_events(events, names, mover)

    @staticmethod
    def say_events(events: Sequence[Text], names: Mapping[str, str] | None,
                   mover: str | None = None) -> Text | None:
        """Events as one sentence in the reader's words (:func:`.words.say_events`)."""
        return words.say_events(events, names, mover)

    def describe(self, before: KraquaState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        try:
            self.check_can_act(before, player)
            after, events = rules.play(before, str(player), self.parse_move(move))
        except IllegalMove:
            return _("played {move}", move=Notation("kraqua", self.normalize_move(move)))
        assert after.last is not None
        return self.say_events(events, names, str(player)) or _("played {move}", move=Notation(
            "kraqua", after.last["move"]))

    def prompt(self, state: KraquaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        step = self.step_of(state, player)
        if step is None:
            return _("the game is over.") if state.over else _("wait for the others.")
        tile = self._turn_tile(state, player) if step in (Step.LAY, Step.MOVE) else None
        return words.prompt(state, player, step, self.legal_moves(state, player), tile,
                            alone=len(self.to_act(state)) <= 1)

    def suggest(self, state: KraquaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, Text | str]]:
        words = " ".join(str(typed).lower().split())
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(words)]
        if not moves:
            return []
        ranked = rank_moves(self, state, player, moves)
        # Discord allows 100 characters; the labels are built short, the move is the fallback.
        return [(m, label if len(label) <= 100 else m) for m, label in ranked[:limit]]

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: KraquaState) -> dict[str, Any]:
        return codec.to_json(state)

    def _from_json(self, d: dict[str, Any]) -> KraquaState:
        return codec.from_json(d)


register(Kraqua(), listed=4, renderer="renderers.kraqua:RECORD",
         policy="games.kraqua.policy:KraquaPolicy")
