"""The Krasserfall engine: set-up, placing, the die, the balance checks, rounds and the stone.

See the package docstring for the readings chosen where the rules page leaves room.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Button, Game, Option, Result
from ..errors import GameOver, IllegalMove, NotYourTurn
from ..rng import Rng, seed_to_int
from ..text import Text, either, translator
from .model import (
    BALANCE,
    BOAT_WORDS,
    FACES,
    FIGURE_WORDS,
    SIZE_WORDS,
    FIGURES,
    LANES,
    LAST_WAVE,
    MEDALS,
    MEDALS_TO_END,
    TIP_RANGE,
    TIP_STEPS,
    SIZES,
    WEIGHTS,
    Boat,
    KrasserfallState,
    danger2,
    excess,
    half,
    over_edge,
    percent,
    push_risk,
    pushed,
    safe2,
    hold2,
    commas,
    pull2,
)
from .notation import Move, format_move, parse_move
from ..registry import register

_ = translator("krasserfall")

EDGE2 = 2 * LAST_WAVE  # the last position (in half waves) still in the river


class Krasserfall(Game[KrasserfallState, Move]):
    id = "krasserfall"
    title = "Krasserfall"
    min_players = 2
    max_players = 4
    options = {
        "push": Option(("touch", "thrill"), "touch",
                       _("touch: a push moves a boat one wave; thrill: or half a wave "
                         "(push half)")),
        "boat-choice": Option(("die", "free"), "die",
                              _("die: push the boat the die shows; free: any boat holding a figure "
                                "of yours")),
    }
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
            players=tuple(seats), push=options["push"], choice=options["boat-choice"],
            rng=0, start=0, active=0,
            boats={c: Boat() for c in LANES},
            unplaced=[dict(FIGURES) for _ in players],
            medals=[0] * len(players),
        )
        self._draw_tips(state, rng)
        state.rng = rng.state
        return state

    @staticmethod
    def _draw_tips(state: KrasserfallState, rng: Rng) -> None:
        top = TIP_RANGE * TIP_STEPS
        for c in LANES:
            state.tips[c] = rng.randbelow(2 * top + 1) - top
            state.survived[c] = None

    # ----- seats ----------------------------------------------------------------------------

    def players(self, state: KrasserfallState) -> tuple[str, ...]:
        return state.players

    @staticmethod
    def _seat(state: KrasserfallState, player: str) -> int | None:
        try:
            return state.players.index(str(player))
        except ValueError:
            return None

    @staticmethod
    def _next_seat(state: KrasserfallState, seat: int, want_figures: bool = False) -> int | None:
        """The first seat clockwise after ``seat`` (``seat`` itself last) still playing."""
        n = len(state.players)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if state.in_play(s) and (not want_figures or any(state.unplaced[s].values())):
                return s
        return None

    def to_act(self, state: KrasserfallState) -> frozenset[str]:
        if state.over:
            return frozenset()
        acting = {state.players[state.active]}
        holder = self._unplaced_stone_holder(state)
        if holder is not None:
            acting.add(state.players[holder])
        return frozenset(acting)

    @staticmethod
    def _unplaced_stone_holder(state: KrasserfallState) -> int | None:
        if state.stone_holder is None or state.stone_used or state.over:
            return None
        return state.stone_holder if state.in_play(state.stone_holder) else None

    # ----- what the bot offers ---------------------------------------------------------------

    def waiting_for(self, state: KrasserfallState) -> frozenset[str]:
        """Only the player whose turn it is: the stone holder *may* act, nobody waits for it."""
        return frozenset() if state.over else frozenset({state.players[state.active]})

    def turn_complete(self, before: KrasserfallState, after: KrasserfallState, player: str) -> bool:
        """A roll that leaves the roller to carry out the face is told only to them (with the
        face's buttons); the channel hears of the roll and its outcome together."""
        rolled = before.phase == "roll" and after.phase == "act"
        return not (rolled and after.players[after.active] == player)

    def buttons(self, state: KrasserfallState, player: str, path: str = "") -> list[Button]:
        """The active player's choices (a menu for moving a figure: which one, then where) and,
        for the stone holder, the stone at any time."""
        seat = self._seat(state, player)
        if seat is None or state.over:
            return []
        from .words import button_label

        out: list[Button] = []
        if seat == state.active:
            turn = self._turn_moves(state, seat)
            if turn and all(m.startswith("move ") for m in turn) and len(turn) > 8:
                if path:
                    out += [Button(button_label(self, state, seat, m,
                                                _("to {boat}", boat=BOAT_WORDS[m.rsplit(">", 1)[1]])),
                                   m) for m in turn if m.startswith(f"move {path}>")]
                    return out
                groups = dict.fromkeys(m[5:].rsplit(">", 1)[0] for m in turn)
                out += [Button(_("Move seat {seat}'s {figure} from {boat}", seat=g.split(":")[0],
                                 figure=FIGURE_WORDS[g.split(":")[1].split()[0]],
                                 boat=BOAT_WORDS[g.split()[-1]]), path=g) for g in groups]
            elif not path:
                out += [Button(button_label(self, state, seat, m, _button_label(m)), m)
                        for m in turn]
        if not path and self._unplaced_stone_holder(state) == seat:
            out += [Button(button_label(self, state, seat, m, _stone_label(m)), m, anytime=True)
                    for m in self._stone_moves(state)]
        return out[:25]

    def auto_move(self, state: KrasserfallState, player: str) -> str | None:
        """A single option plays itself (a push after the roll), but the roll stays the
        player's: it is their moment of chance."""
        move = super().auto_move(state, player)
        return None if move is None or move == "roll" else move

    def pass_move(self, state: KrasserfallState, player: str) -> str | None:
        """No pass in Krasserfall: a deadline can only remind or remove the player."""
        return None

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    # ----- legal moves ----------------------------------------------------------------------

    def legal_moves(self, state: KrasserfallState, player: str) -> list[str]:
        seat = self._seat(state, player)
        if seat is None or state.over:
            return []
        moves: list[str] = []
        if seat == state.active:
            moves += self._turn_moves(state, seat)
        if self._unplaced_stone_holder(state) == seat:
            moves += self._stone_moves(state)
        return moves

    def _turn_moves(self, state: KrasserfallState, seat: int) -> list[str]:
        if state.phase == "ring-start":
            return [f"ring-start {c}" for c in self._ring_start_boats(state)]
        if state.phase == "place":
            boats = self._placing_boats(state)
            return [f"place {size} {c}" for size in SIZES if state.unplaced[seat][size]
                    for c in boats]
        if state.phase == "roll":
            return ["roll"]
        if state.phase == "act":
            assert state.face is not None
            return self._face_moves(state, seat, state.face)
        return []

    @staticmethod
    def _stone_moves(state: KrasserfallState) -> list[str]:
        return [f"stone {c} {where}" for c in state.standing() for where in ("boat", "strip")]

    @staticmethod
    def _ring_start_boats(state: KrasserfallState) -> list[str]:
        """Round 1: any boat; later rounds: a boat without figures."""
        if state.round == 1:
            return list(LANES)
        empty = [c for c in LANES if not state.boats[c].figures]
        return empty or list(LANES)

    @staticmethod
    def _placing_boats(state: KrasserfallState) -> list[str]:
        """A figure may join an occupied boat only when every boat holds a figure."""
        empty = [c for c in LANES if not state.boats[c].figures]
        return empty or list(LANES)

    def _face_moves(self, state: KrasserfallState, seat: int, face: str) -> list[str]:
        if face in LANES:
            boats, named = self._push_boats(state, seat, face)
            out = []
            for c in boats:
                base = f"push {c}" if named else "push"
                out.append(base)
                if state.push == "thrill" and state.boats[c].pos2 % 2 == 0:
                    out.append(base + " half")  # half a wave only from a wave
            return out
        if face == "ring" and self._ring_boat(state) is not None:
            ring = self._ring_boat(state)
            return [f"ring {c}" for c in state.standing() if c != ring]
        return self._figure_moves(state)

    @staticmethod
    def _push_boats(state: KrasserfallState, seat: int, face: str) -> tuple[list[str], bool]:
        """The boats a colour face lets ``seat`` push, and whether the move must name one."""
        standing = state.standing()
        if state.choice == "free":
            own = [c for c in standing if any(f[0] == seat for f in state.boats[c].figures)]
            if own:
                return own, True
        if face in standing:
            return [face], False
        back = min(state.boats[c].pos2 for c in standing)
        tied = [c for c in standing if state.boats[c].pos2 == back]
        return tied, len(tied) > 1

    @staticmethod
    def _ring_boat(state: KrasserfallState) -> str | None:
        """The boat in the river that carries the life ring (None: not placed, or fallen)."""
        for c in state.standing():
            if state.boats[c].ring:
                return c
        return None

    @staticmethod
    def _figure_moves(state: KrasserfallState) -> list[str]:
        standing = state.standing()
        out = []
        for src in standing:
            figures = state.boats[src].figures
            if len(figures) < 2:
                continue  # no boat may be left without a figure
            seen = set()
            for seat, size in figures:
                if (seat, size) in seen:
                    continue
                seen.add((seat, size))
                out += [f"move {seat + 1}:{size} {src}>{dst}" for dst in standing if dst != src]
        return out

    # ----- applying moves -------------------------------------------------------------------

    def _apply(self, state: KrasserfallState, player: str, move: Move) -> KrasserfallState:
        seat = self._seat(state, player)
        assert seat is not None
        text = format_move(move)
        if move.kind == "stone":
            return self._place_stone(state, seat, move, text)
        if seat != state.active:
            raise NotYourTurn(_(
                "it is not your turn: you may only place the stone now (stone red boat or "
                "stone red strip)"))
        legal = self._turn_moves(state, seat)
        if text not in legal:
            raise IllegalMove(self._why_not(state, seat, move, legal))
        new = state.copy()
        new.last = {"player": player, "move": text, "kind": move.kind, "falls": [],
                    "round_end": None}
        if move.kind == "ring-start":
            self._ring_start(new, move.boat)
        elif move.kind == "place":
            self._place(new, seat, move)
        elif move.kind == "roll":
            self._roll(new, seat)
        else:
            self._carry_out(new, seat, move)
        return new

    def _ring_start(self, state: KrasserfallState, boat: str | None) -> None:
        assert boat is not None and state.last is not None
        state.boats[boat].ring = True
        state.last["boat"] = boat
        state.phase = "place"
        if not sum(state.unplaced[state.active].values()):
            self._next_placer(state)

    def _place(self, state: KrasserfallState, seat: int, move: Move) -> None:
        assert move.boat is not None and move.size is not None and state.last is not None
        state.last["boat"] = move.boat
        state.last["size"] = move.size
        state.unplaced[seat][move.size] -= 1
        state.boats[move.boat].add(seat, move.size)
        self._next_placer(state)

    def _next_placer(self, state: KrasserfallState) -> None:
        nxt = self._next_seat(state, state.active, want_figures=True)
        if nxt is None:
            self._release(state)
        else:
            state.active = nxt

    def _release(self, state: KrasserfallState) -> None:
        """All figures are placed: the boats float, the start player rolls first."""
        state.phase = "roll"
        state.face = None
        state.active = (state.start if state.in_play(state.start)
                        else self._next_seat(state, state.start) or 0)
        self._check_falls(state)

    def _roll(self, state: KrasserfallState, seat: int) -> None:
        rng = Rng(state.rng)
        face = FACES[rng.randbelow(len(FACES))]
        state.rng = rng.state
        state.die = face
        state.turns += 1
        assert state.last is not None
        state.last["face"] = face
        state.phase = "act"
        state.face = face
        if not self._face_moves(state, seat, face):
            state.last["nothing"] = True  # no figure can move: the turn ends
            self._end_turn(state)

    def _carry_out(self, state: KrasserfallState, seat: int, move: Move) -> None:
        assert state.last is not None and state.face is not None
        edge = None
        if move.kind == "push":
            boat = move.boat or self._push_boats(state, seat, state.face)[0][0]
            b = state.boats[boat]
            b.pos2 = pushed(b.pos2, move.half)
            state.last["boat"] = boat
            state.last["position"] = half(b.pos2)
            if over_edge(b.pos2):
                edge = boat
        elif move.kind == "ring":
            src = self._ring_boat(state)
            assert src is not None and move.boat is not None
            state.boats[src].ring = False
            state.boats[move.boat].ring = True
            state.last["from"] = src
            state.last["boat"] = move.boat
        else:  # a figure
            assert move.seat is not None and move.size and move.boat and move.target
            state.boats[move.boat].remove(move.seat - 1, move.size)
            state.boats[move.target].add(move.seat - 1, move.size)
            state.last["owner"] = state.players[move.seat - 1]
            state.last["size"] = move.size
            state.last["from"] = move.boat
            state.last["boat"] = move.target
        if not self._check_falls(state, edge):
            self._end_turn(state)

    def _end_turn(self, state: KrasserfallState) -> None:
        state.phase = "roll"
        state.face = None
        nxt = self._next_seat(state, state.active)
        state.active = state.active if nxt is None else nxt

    def _place_stone(self, state: KrasserfallState, seat: int, move: Move,
                     text: str) -> KrasserfallState:
        if state.stone_holder != seat:
            raise IllegalMove(_("you do not hold the stone this round: only the one player with "
                                "the fewest medals gets it"))
        if state.stone_used:
            raise IllegalMove(_("you have already placed the stone this round"))
        assert move.boat is not None
        if state.boats[move.boat].fallen:
            raise IllegalMove(_("{boat} has fallen into the net: put the stone on a boat in the "
                                "river ({boats})", boat=BOAT_WORDS[move.boat],
                                boats=commas([BOAT_WORDS[c] for c in state.standing()])))
        new = state.copy()
        new.boats[move.boat].stone = move.where
        new.stone_used = True
        new.last = {"player": state.players[seat], "move": text, "kind": "stone",
                    "boat": move.boat, "where": move.where, "falls": [], "round_end": None,
                    "out_of_turn": seat != state.active}
        if not self._check_falls(new) and new.phase == "act":
            # The stone may have taken away what the pending face allowed (a figure to move).
            assert new.face is not None
            if not self._face_moves(new, new.active, new.face):
                new.last["nothing"] = True
                self._end_turn(new)
        return new

    # ----- the balance ----------------------------------------------------------------------

    def _check_falls(self, state: KrasserfallState, edge: str | None = None) -> bool:
        """Drop every boat whose danger exceeds its tipping point; True if that ended the round.

        Boats fall one after the other, the most overloaded first (a boat pushed over the edge
        before all); the round ends at once when one boat is left, so the last one never falls.
        """
        if not state.released:
            return False
        standing = state.standing()
        doomed: list[tuple[float, int, str]] = []
        for i, c in enumerate(standing):
            b = state.boats[c]
            if c == edge:
                doomed.append((float("inf"), -i, c))
                continue
            tip = state.tips[c]
            assert tip is not None
            ex = excess(b, tip, BALANCE)
            if ex > 0:
                doomed.append((ex, -i, c))
        doomed.sort(reverse=True)
        left = len(standing)
        for _, _, c in doomed:
            if left <= 1:
                break
            self._fall(state, c)
            left -= 1
        for c in state.standing():
            d = danger2(state.boats[c], BALANCE)
            seen = state.survived[c]
            state.survived[c] = d if seen is None else max(seen, d)
        remaining = state.standing()
        if len(remaining) == 1:
            self._end_round(state, remaining[0])
            return True
        return False

    @staticmethod
    def _fall(state: KrasserfallState, boat: str) -> None:
        state.boats[boat].fallen = True
        state.tips[boat] = None
        state.survived[boat] = None
        state.net.append(boat)
        if state.last is not None:
            state.last.setdefault("falls", []).append(boat)

    # ----- rounds ---------------------------------------------------------------------------

    def _end_round(self, state: KrasserfallState, last: str) -> None:
        """Score the last boat; end the game or set up the next round."""
        boat = state.boats[last]
        gains = [0] * len(state.players)
        for seat, size in boat.figures:
            if state.in_play(seat):
                gains[seat] += MEDALS[size]
        for seat, g in enumerate(gains):
            state.medals[seat] += g
        entry: dict[str, Any] = {
            "round": state.round, "boat": last, "turns": state.turns,
            "medals": {state.players[s]: g for s, g in enumerate(gains) if g},
        }
        state.history.append(entry)
        if state.last is not None:
            state.last["round_end"] = entry
        state.face = None
        if max(state.medals) >= MEDALS_TO_END:
            state.phase = "over"
            return
        playing = [s for s in range(len(state.players)) if state.in_play(s)]
        low = min(state.medals[s] for s in playing)
        lows = [s for s in playing if state.medals[s] == low]
        state.stone_holder = lows[0] if len(lows) == 1 else None
        state.stone_used = False
        if sum(b.weights for b in state.boats.values()) < WEIGHTS:
            boat.weights += 1
        for c, b in state.boats.items():
            b.pos2, b.fallen, b.ring, b.stone = 0, False, False, None
            if c != last:
                b.figures = []
            else:
                b.figures = [f for f in b.figures if state.in_play(f[0])]
        for seat in range(len(state.players)):
            left = dict(FIGURES) if state.in_play(seat) else {s: 0 for s in SIZES}
            for owner, size in boat.figures:
                if owner == seat:
                    left[size] -= 1
            state.unplaced[seat] = left
        state.round += 1
        state.die = None
        state.turns = 0
        state.net = []
        rng = Rng(state.rng)
        self._draw_tips(state, rng)
        state.rng = rng.state
        opener = self._next_seat(state, state.start, want_figures=True)
        if opener is None:  # nobody has a figure to place: the next seat still puts the ring
            opener = self._next_seat(state, state.start)
        assert opener is not None
        state.start = state.active = opener
        state.phase = "ring-start"

    # ----- why a move is refused ------------------------------------------------------------

    def _why_not(self, state: KrasserfallState, seat: int, move: Move, legal: list[str]) -> Text:
        text = format_move(move)
        kind = move.kind
        phase = state.phase
        example = legal[0] if legal else "roll"
        if phase == "ring-start":
            if kind == "ring-start":
                return _("the life ring must go on a boat without figures: ring-start {boats}",
                         boats=_boat_choice(self._ring_start_boats(state)))
            return _("first put the life ring on a boat, like {example}", example=example)
        if phase == "place":
            if kind != "place":
                return _("it is time to place figures, like {example}", example=example)
            assert move.size is not None and move.boat is not None
            if not state.unplaced[seat][move.size]:
                left = commas([SIZE_WORDS[s] for s in SIZES if state.unplaced[seat][s]])
                return (_("you have no big figure left to place (left: {left})", left=left)
                        if move.size == "big" else
                        _("you have no small figure left to place (left: {left})", left=left))
            return _("{boat} already holds a figure and another boat is still empty: place in "
                     "{boats}", boat=BOAT_WORDS[move.boat],
                     boats=_boat_choice(self._placing_boats(state)))
        if phase == "roll":
            return _("roll the die first ({move} is not possible now): write roll", move=text)
        face = state.face or "?"
        if kind == "roll":
            return _("you have rolled already: carry out the {face}, like {example}",
                     face=self._face_name(face), example=example)
        if face in LANES:
            colour = BOAT_WORDS[face]
            if kind != "push":
                return _("the die shows {colour}: push a boat, like {example}", colour=colour,
                         example=example)
            if move.half and state.push != "thrill":
                return _("half pushes need the option push=thrill: write push without half")
            boats, named = self._push_boats(state, seat, face)
            target = move.boat or (boats[0] if not named else None)
            if move.half and target in boats and state.boats[target].pos2 % 2:
                return _("{boat} stands half a wave on already: push half is only possible "
                         "from a wave, so write {example}", boat=BOAT_WORDS[target],
                         example=text.removesuffix(" half"))
            if not named:
                if boats[0] == face:
                    return _("the die shows {colour}: write {example} without a colour",
                             colour=colour, example=example)
                return _("{colour} has fallen, so the boat furthest back moves: {boat}: write "
                         "{example} without a colour", colour=colour, boat=BOAT_WORDS[boats[0]],
                         example=example)
            if move.boat is None:
                return _("name the boat to push: {moves}", moves=either(legal))
            listed = commas([BOAT_WORDS[c] for c in boats])
            if state.choice == "free" and any(f[0] == seat for c in boats
                                              for f in state.boats[c].figures):
                return _("{boat} cannot be pushed now: choose one of the boats with a figure of "
                         "yours ({boats})", boat=BOAT_WORDS[move.boat or ""], boats=listed)
            return _("{boat} cannot be pushed now: choose one of the boats furthest back "
                     "({boats})", boat=BOAT_WORDS[move.boat or ""], boats=listed)
        ring = self._ring_boat(state)
        if face == "ring" and ring is not None:
            if kind != "ring":
                return _("the die shows the ring: move the life ring, like {example}",
                         example=example)
            if move.boat == ring:
                return _("the ring is on {boat} already: move it to another boat",
                         boat=BOAT_WORDS[ring])
            return _("{boat} has fallen: move the ring to a boat in the river",
                     boat=BOAT_WORDS[move.boat or ""])
        if kind != "move":
            if face == "ring":
                return _("move a figure (the ring has fallen, so a figure moves instead), like "
                         "{example}", example=example)
            return _("move a figure, like {example}", example=example)
        assert move.seat is not None and move.boat and move.target
        if move.seat > len(state.players):
            return _("there is no seat {seat}: seats are 1-{last}", seat=move.seat,
                     last=len(state.players))
        for c in (move.boat, move.target):
            if state.boats[c].fallen:
                return _("{boat} has fallen into the net: figures move between boats in the river",
                         boat=BOAT_WORDS[c])
        if not state.boats[move.boat].has(move.seat - 1, move.size or ""):
            return (_("there is no big figure of seat {seat} in {boat}", seat=move.seat,
                      boat=BOAT_WORDS[move.boat]) if move.size == "big" else
                    _("there is no small figure of seat {seat} in {boat}", seat=move.seat,
                      boat=BOAT_WORDS[move.boat]))
        return _("{boat} would be left without a figure: no boat may be emptied",
                 boat=BOAT_WORDS[move.boat])

    @staticmethod
    def _face_name(face: str) -> Text:
        if face == "figure":
            return _("figure face")
        if face == "ring":
            return _("ring face")
        return _("{colour} face", colour=BOAT_WORDS.get(face, face))

    # ----- end ------------------------------------------------------------------------------

    def result(self, state: KrasserfallState) -> Result | None:
        if not state.over:
            return None
        scores = dict(zip(state.players, state.medals))
        playing = [s for s in range(len(state.players)) if state.in_play(s)]
        detail = {"rounds": len(state.history),
                  "resigned": [state.players[s] for s in state.resigned]}
        if len(playing) <= 1:
            return Result(scores, tuple(state.players[s] for s in playing), reason="resigned",
                          detail=detail)
        best = max(state.medals[s] for s in playing)
        winners = tuple(state.players[s] for s in playing if state.medals[s] == best)
        return Result(scores, winners, detail=detail)

    def why_not_undo(self, before: KrasserfallState, after: KrasserfallState, player: str,
                     move: str, samples: int = 12) -> Text | None:
        """The die decides a roll; a boat's hidden tipping point decides whether it holds."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if self.parse_move(move).kind == "roll":
            return _("the die decided it")
        return _("a boat's hidden balance decided it")

    def resign(self, state: KrasserfallState, player: str) -> KrasserfallState:
        if state.over:
            raise GameOver(_("the game is over already"))
        seat = self._seat(state, player)
        if seat is None:
            raise IllegalMove(_("{player} is not playing in this game", player=player))
        if not state.in_play(seat):
            raise IllegalMove(_("you have resigned already"))
        new = state.copy()
        new.resigned.append(seat)
        new.unplaced[seat] = {s: 0 for s in SIZES}
        new.last = {"player": player, "move": "resign", "kind": "resign", "falls": [],
                    "round_end": None}
        if new.stone_holder == seat and not new.stone_used:
            new.stone_holder = None
        if sum(1 for s in range(len(new.players)) if new.in_play(s)) <= 1:
            new.phase = "over"
            new.face = None
            return new
        if new.active != seat:
            return new
        if new.phase == "ring-start":
            opener = self._next_seat(new, seat, want_figures=True)
            if opener is None:
                opener = self._next_seat(new, seat)
            assert opener is not None
            new.start = new.active = opener
        elif new.phase == "place":
            self._next_placer(new)
        else:
            self._end_turn(new)
        return new

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: KrasserfallState, player: str | None = None) -> dict[str, Any]:
        """Everything on the table; the tipping points (and the RNG) never appear. Same for everyone.

        ``safe`` is the boat's known safe level and ``push_risk`` the public chance, in percent,
        that pushing it one wave now makes it fall (both follow from public facts alone)."""
        players = state.players
        boats = {}
        for c in LANES:
            b = state.boats[c]
            boats[c] = {
                "position": half(b.pos2),
                "fallen": b.fallen,
                "figures": [[players[s], size] for s, size in b.figures],
                "ring": b.ring,
                "stone": b.stone,
                "weights": b.weights,
                "danger": half(danger2(b, BALANCE)),
                "pull": half(pull2(b, BALANCE)),
                "hold": half(hold2(b, BALANCE)),
                "safe": half(safe2(state.survived[c])),
                "push_risk": None if b.fallen else percent(push_risk(b, state.survived[c])),
            }
        result = self.result(state)
        holder = state.stone_holder
        return {
            "game": self.id,
            "options": {"push": state.push, "boat-choice": state.choice},
            "players": list(players),
            "round": state.round,
            "phase": state.phase,
            "active": None if state.over else players[state.active],
            "start_player": players[state.start],
            "to_act": sorted(self.to_act(state)),
            "die": state.die,
            "face": state.face,
            "boats": boats,
            "net": list(state.net),
            "medals": dict(zip(players, state.medals)),
            "stone_holder": None if holder is None else players[holder],
            "stone_placed": state.stone_used,
            "unplaced": {players[s]: dict(u) for s, u in enumerate(state.unplaced)},
            "turn": state.turns,
            "history": [dict(h, medals=dict(h["medals"])) for h in state.history],
            "last": _copy(state.last),
            "resigned": [players[s] for s in state.resigned],
            "medals_to_end": MEDALS_TO_END,
            "last_wave": LAST_WAVE,
            "over": state.over,
            "result": result.to_dict() if result else None,
        }

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
        from .words import describe

        return describe(self, before, player, move, names or {})

    def prompt(self, state: KrasserfallState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        from .words import prompt

        return prompt(self, state, player, names or {})

    def suggest(self, state: KrasserfallState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        from .words import suggest

        return suggest(self, state, player, typed, limit)

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
        # Games saved before the tipping point (hidden shakes in [-1, +1], also in 1/1000)
        # carry on with their draws: each is a possible tipping point of the wider range.
        tips = data["tips"] if "tips" in data else data["shakes"]
        boats = {}
        for c in LANES:
            raw = data["boats"][c]
            boats[c] = Boat(pos2=int(raw["pos2"]), fallen=bool(raw["fallen"]),
                            figures=[[int(s), str(z)] for s, z in raw["figures"]],
                            ring=bool(raw["ring"]), stone=raw["stone"], weights=int(raw["weights"]))
        state = KrasserfallState(
            players=players, push=str(data["push"]), choice=str(data["choice"]),
            rng=int(data["rng"]), round=int(data["round"]), start=int(data["start"]),
            phase=str(data["phase"]), active=int(data["active"]), face=data["face"],
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
        if not 2 <= n <= 4 or len(set(state.players)) != n:
            raise ValueError("wrong players")
        if state.push not in ("touch", "thrill") or state.choice not in ("die", "free"):
            raise ValueError("unknown options")
        if state.phase not in ("ring-start", "place", "roll", "act", "over"):
            raise ValueError(f"unknown phase {state.phase!r}")
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
            if b.stone not in (None, "boat", "strip") or not 0 <= b.pos2 <= EDGE2 + 2:
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


def _button_label(move: str) -> Text:
    words = move.split()
    if move == "roll":
        return _("Roll the die")
    if words[0] == "push":
        boat = BOAT_WORDS.get(words[1]) if len(words) > 1 else None
        if words[-1] == "half":
            return _("Push {boat} half a wave", boat=boat) if boat else _("Push half a wave")
        return _("Push {boat}", boat=boat) if boat else _("Push")
    if words[0] == "place":
        return (_("Place big in {boat}", boat=BOAT_WORDS[words[2]]) if words[1] == "big"
                else _("Place small in {boat}", boat=BOAT_WORDS[words[2]]))
    if words[0] == "ring-start":
        return _("Ring on {boat}", boat=BOAT_WORDS[words[1]])
    if words[0] == "ring":
        return _("Ring to {boat}", boat=BOAT_WORDS[words[1]])
    return _("{move}", move=move)  # a figure move: its notation


def _boat_choice(boats: list[str]) -> Text:
    """``green or blue``: the boats a player may choose from."""
    return either([BOAT_WORDS[c] for c in boats])


def _stone_label(move: str) -> Text:
    """``stone red boat`` -> ``Stone: boat of red``."""
    _kind, boat, where = move.split()
    return (_("Stone: boat of {boat}", boat=BOAT_WORDS[boat]) if where == "boat"
            else _("Stone: strip of {boat}", boat=BOAT_WORDS[boat]))


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


register(Krasserfall())
