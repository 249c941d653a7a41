"""The Krasserfall engine: the ``Game`` object that hands the contract's hooks on to the rules.

The rules themselves are functions of the state in :mod:`.queries` (what may be played) and
:mod:`.rules` (what a move does); the texts are in :mod:`.words`, the view in :mod:`.view`.
See the package docstring for the readings chosen where the rules page leaves room.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

from ..base import Button, Chance, Game, Information, Option, Result, Traits
from ..registry import register
from ..rng import Rng, seed_to_int
from ..text import Text, contextual, translator
from . import words
from .model import FACES, FIGURES, LANES, LAST_WAVE, SIZES, TIP_RANGE, TIP_STEPS, WEIGHTS, safe2
from .notation import ALIASES, Move, Roll, format_move, parse_move
from .queries import legal_moves, to_act
from .rules import apply, draw_tips, resign, result
from .state import Boat, BoatChoice, KrasserfallState, Phase, PushOption, Where
from .view import KrasserfallView, view

_ = translator("krasserfall")
_p = contextual(_)

EDGE2 = 2 * LAST_WAVE  # the last position (in half waves) still in the river


class Krasserfall(Game[KrasserfallState, Move], id="krasserfall", title="Krasserfall",
                  players=(2, 4), traits=Traits(Chance.SEEDED, Information.HIDDEN)):
    aliases = ALIASES
    options = {
        "push": Option(("touch", "thrill"), "touch",
                       _("touch: a push moves a boat one wave; thrill: or half a wave "
                         "(push half)"),
                       # i18n: The lobby option push=touch|thrill, as a sentence names it.
                       _p("option", "push"),
                       # i18n: The values of push=: one word each, typed too (push=halb).
                       {"touch": _p("push", "touch"), "thrill": _p("push", "thrill")}),
        "boat-choice": Option(("die", "free"), "die",
                              _("die: push the boat the die shows; free: any boat holding a figure "
                                "of yours"),
                              # i18n: The lobby option boat-choice=die|free, as a sentence names it.
                              _p("option", "boat choice"),
                              # i18n: The values of boat-choice=: one word each, typed too.
                              {"die": _p("boat-choice", "die"), "free": _p("boat-choice", "free")}),
    }
    # i18n: What the seed decides and nobody may know yet: "its seed would give away …".
    unseen = _("the boats' tipping points and the dice still to be rolled")
    # i18n: What the scores count, heading them in the result ("Medals: anna: 6 · bob: 4").
    scores_label = _("Medals")
    summary = _(
        "**Krasserfall** — 2–4 players, 4 boats (red, yellow, green, blue) drifting towards a "
        "waterfall. Each player has 1 big and 2 small figures. Seats are drawn at random.\n"
        "**Placing:** the start player puts the life ring on a boat (`ring-start red`), then "
        "everyone in turn places a figure (`place big red`), into an empty boat while there "
        "is one.\n"
        "**Your turn:** `roll`, then do what the die shows:\n"
        "• a colour: push that boat one wave (`push`); if it has fallen, the boat furthest "
        "back (tie: you pick, `push red`).\n"
        "• the figure: move any figure to another boat (`move 2:big red>blue`, 2 = seat); "
        "no boat may be emptied.\n"
        "• the ring: move the life ring (`ring blue`); if it has fallen, move a figure.\n"
        "**Balance:** a fish pulls 3, +2 per wave, +3 per weight; a boat holds 2, +4 per big "
        "and +2 per small figure, +2 for the ring. Danger = pull − hold. Each round a boat has "
        "a hidden tipping point in −4…+4; once all figures are placed, a boat whose danger "
        "exceeds it falls into the net with all in it. Above the highest danger it has stood "
        "(safe), a change makes it fall with the chance (danger − safe) / (4 − safe): the "
        "FALL % on buttons, suggestions and board (for one push). Past wave 6 a boat falls.\n"
        "**Round end:** when one boat is left, its figures score medals: big 1, small 2. It keeps "
        "them and gets a weight on its fish. The only player with the fewest medals gets the "
        "**stone** for the next round: once, at any moment, `stone red boat` (holds) or "
        "`stone red strip` (pulls).\n"
        "**End:** after a scoring in which someone has 6 medals; most medals wins.\n"
        "Options: `push=thrill` (also `push half`, from a wave to just before the next), "
        "`boat-choice=free`."
    )

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> KrasserfallState:
        rng = Rng(seed)
        seats = list(players)
        rng.shuffle(seats)  # round 1 seats everyone in random order; the first seat opens
        state = KrasserfallState(
            players=tuple(seats), push=PushOption(options["push"]),
            choice=BoatChoice(options["boat-choice"]), rng=0, start=0, active=0,
            boats={c: Boat() for c in LANES},
            unplaced=[dict(FIGURES) for _ in players],
            medals=[0] * len(players),
        )
        draw_tips(state, rng)
        state.rng = rng.state
        return state

    # ----- seats and turns ------------------------------------------------------------------

    def players(self, state: KrasserfallState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: KrasserfallState) -> frozenset[str]:
        return to_act(state)

    def waiting_for(self, state: KrasserfallState) -> frozenset[str]:
        """Only the player whose turn it is: the stone holder *may* act, nobody waits for it."""
        return frozenset() if state.over else frozenset({state.players[state.active]})

    def turn_complete(self, before: KrasserfallState, after: KrasserfallState, player: str) -> bool:
        """A roll that leaves the roller to carry out the face is told only to them (with the
        face's buttons); the channel hears of the roll and its outcome together."""
        rolled = before.phase == Phase.ROLL and after.phase == Phase.ACT
        return not (rolled and after.players[after.active] == player)

    def buttons(self, state: KrasserfallState, player: str, path: str = "") -> list[Button]:
        return words.buttons(state, player, path)

    def auto_move(self, state: KrasserfallState, player: str) -> str | None:
        """A single option plays itself (a push after the roll), but the roll stays the
        player's: it is their moment of chance."""
        move = super().auto_move(state, player)
        return None if move is None or move == "roll" else move

    def pass_move(self, state: KrasserfallState, player: str) -> str | None:
        """No pass in Krasserfall: a deadline can only remind or remove the player."""
        return None

    # ----- moves ----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def legal_moves(self, state: KrasserfallState, player: str) -> list[str]:
        return legal_moves(state, player)

    def _apply(self, state: KrasserfallState, player: str, move: Move) -> KrasserfallState:
        return apply(state, player, move)

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KrasserfallState) -> Result | None:
        return result(state)

    def why_not_undo(self, before: KrasserfallState, after: KrasserfallState, player: str,
                     move: str, samples: int = 12) -> Text | None:
        """The die decides a roll; a boat's hidden tipping point decides whether it holds."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if isinstance(self.parse_move(move), Roll):
            return _("the die decided it")
        return _("a boat's hidden balance decided it")

    def resign(self, state: KrasserfallState, player: str) -> KrasserfallState:
        return resign(state, player)

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: KrasserfallState, player: str | None = None) -> KrasserfallView:
        """Everything on the table; the tipping points (and the RNG) never appear. Same for
        everyone (see :mod:`.view` for ``safe`` and ``push_risk``)."""
        return view(state, self.id)

    def resample(self, state: KrasserfallState, player: str | None,
                 seed: int | str) -> KrasserfallState:
        """New tipping points (consistent with every check a boat has stood) and new future dice.

        Everyone sees the same table, so ``player`` changes nothing.
        """
        rng = Rng(seed_to_int(seed))
        new = state.copy()
        for c in LANES:
            if new.tips[c] is None:
                continue
            top = TIP_RANGE * TIP_STEPS
            low = min(top, safe2(new.survived[c]) * (TIP_STEPS // 2))
            new.tips[c] = low + rng.randbelow(top - low + 1)
        new.rng = rng.next64()
        return new

    # ----- words ----------------------------------------------------------------------------

    def describe(self, before: KrasserfallState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        return words.describe(before, player, move, names or {})

    def prompt(self, state: KrasserfallState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        return words.prompt(state, player, names or {})

    def suggest(self, state: KrasserfallState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        return words.suggest(state, player, typed, limit)

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: KrasserfallState) -> dict[str, Any]:
        return {
            "players": list(state.players),
            "push": state.push,
            "choice": state.choice,
            "rng": state.rng,
            "round": state.round,
            "start": state.start,
            "phase": state.phase,
            "active": state.active,
            "face": state.face,
            "die": state.die,
            "boats": {c: {"pos2": b.pos2, "fallen": b.fallen, "figures": b.figures,
                          "ring": b.ring, "stone": b.stone, "weights": b.weights}
                      for c, b in state.boats.items()},
            "unplaced": state.unplaced,
            "medals": state.medals,
            "stone_holder": state.stone_holder,
            "stone_used": state.stone_used,
            "tips": state.tips,
            "survived": state.survived,
            "net": state.net,
            "turns": state.turns,
            "history": state.history,
            "last": state.last,
            "resigned": state.resigned,
        }

    def _from_json(self, data: dict[str, Any]) -> KrasserfallState:
        players = tuple(str(p) for p in data["players"])
        n = len(players)
        if not 2 <= n <= 4 or len(set(players)) != n:
            raise ValueError("wrong players")
        push = _word(PushOption, data["push"], "unknown options")
        choice = _word(BoatChoice, data["choice"], "unknown options")
        phase = _word(Phase, data["phase"], f"unknown phase {str(data['phase'])!r}")
        # Games saved before the tipping point (hidden shakes in [-1, +1], also in 1/1000)
        # carry on with their draws: each is a possible tipping point of the wider range.
        tips = data["tips"] if "tips" in data else data["shakes"]
        boats = {}
        for c in LANES:
            raw = data["boats"][c]
            boats[c] = Boat(pos2=int(raw["pos2"]), fallen=bool(raw["fallen"]),
                            figures=[[int(s), str(z)] for s, z in raw["figures"]],
                            ring=bool(raw["ring"]),
                            stone=None if raw["stone"] is None else _word(Where, raw["stone"],
                                                                          "bad boat"),
                            weights=int(raw["weights"]))
        state = KrasserfallState(
            players=players, push=push, choice=choice,
            rng=int(data["rng"]), round=int(data["round"]), start=int(data["start"]),
            phase=phase, active=int(data["active"]), face=data["face"],
            die=data["die"], boats=boats,
            unplaced=[{s: int(u[s]) for s in SIZES} for u in data["unplaced"]],
            medals=[int(m) for m in data["medals"]],
            stone_holder=None if data["stone_holder"] is None else int(data["stone_holder"]),
            stone_used=bool(data["stone_used"]),
            tips={c: None if tips[c] is None else int(tips[c]) for c in LANES},
            survived={c: None if data["survived"][c] is None else int(data["survived"][c])
                      for c in LANES},
            net=[str(c) for c in data["net"]], turns=int(data["turns"]),
            history=list(data["history"]), last=data["last"],
            resigned=[int(s) for s in data["resigned"]],
        )
        self._validate(state, n)
        return state

    @staticmethod
    def _validate(state: KrasserfallState, n: int) -> None:
        if not (0 <= state.active < n and 0 <= state.start < n):
            raise ValueError("seat out of range")
        if state.stone_holder is not None and not 0 <= state.stone_holder < n:
            raise ValueError("stone holder out of range")
        if any(not 0 <= s < n for s in state.resigned) or len(set(state.resigned)) != len(
                state.resigned):
            raise ValueError("bad resigned seats")
        if set(state.net) - set(LANES) or len(set(state.net)) != len(state.net):
            raise ValueError("bad net")
        if len(state.unplaced) != n or len(state.medals) != n:
            raise ValueError("per-seat lists do not match the players")
        if state.face is not None and state.face not in FACES:
            raise ValueError("unknown die face")
        if state.die is not None and state.die not in FACES:
            raise ValueError("unknown die face")
        if any(v < 0 for u in state.unplaced for v in u.values()):
            raise ValueError("negative figures to place")
        counts = [{s: state.unplaced[seat][s] for s in SIZES} for seat in range(n)]
        for b in state.boats.values():
            if not 0 <= b.pos2 <= EDGE2 + 2:
                raise ValueError("bad boat")
            for seat, size in b.figures:
                if not 0 <= seat < n or size not in SIZES:
                    raise ValueError("bad figure")
                counts[seat][size] += 1
        for seat in range(n):
            limit = FIGURES if state.in_play(seat) else None
            for size in SIZES:
                if counts[seat][size] < 0 or (limit and counts[seat][size] != limit[size]) or \
                        counts[seat][size] > FIGURES[size]:
                    raise ValueError("figures do not add up")
        if sum(b.ring for b in state.boats.values()) > 1:
            raise ValueError("more than one life ring")
        if sum(b.stone is not None for b in state.boats.values()) > int(state.stone_used):
            raise ValueError("stone out of place")
        if sum(b.weights for b in state.boats.values()) > WEIGHTS:
            raise ValueError("more weights than the box holds")
        for c in LANES:
            tip = state.tips[c]
            top = TIP_RANGE * TIP_STEPS
            if (tip is None) != state.boats[c].fallen or (
                    tip is not None and not -top <= tip <= top):
                raise ValueError("bad tipping point")


E = TypeVar("E", bound=StrEnum)


def _word(kind: type[E], value: object, error: str) -> E:
    """A stored word as its vocabulary's member; ``ValueError(error)`` if it is none."""
    try:
        return kind(str(value))
    except ValueError:
        raise ValueError(error) from None


register(Krasserfall(), listed=5, renderer="renderers.krasserfall:RECORD",
         policy="games.krasserfall.policy:KrasserfallPolicy")
