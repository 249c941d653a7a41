"""The Kahuna state: one plain dataclass, copied (never mutated) by every move, and its JSON;
the named vocabularies it stores (:class:`Phase`, :class:`Variant`, :class:`Ending`), and the
shape of the view the engine makes of it (:class:`KahunaView`, :class:`KahunaHandView`).

Where each card is matters for hidden information, so the state keeps them apart:
``hands`` (hidden, sorted), ``shown`` (open-draws: drawn open cards lying face up in front of
their owner), ``open``, ``deck`` (the top is the last item), ``played`` (face-up discards
since the last shuffle) and ``tucked`` (face-down discards). Together they always hold the
24 cards, two of each island.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict

from .board import BRIDGES_EACH, DECK, HAND_LIMIT, ISLANDS, LINES, OPEN_CARDS, STONES_EACH


class Phase(StrEnum):
    """Where the game is: free handicap bridges, regular turns, the last turns, over."""

    HANDICAP = "handicap"
    PLAY = "play"
    LAST = "last"
    OVER = "over"


class Variant(StrEnum):
    """The rules played (the ``variant`` option)."""

    BASE = "base"
    PLANNING = "planning"
    OPEN_DRAWS = "open-draws"


class Ending(StrEnum):
    """How a game ended; also the result's ``reason``."""

    END = "end"
    EARLY_END = "early end"
    RESIGNED = "resigned"


class Tiebreak(StrEnum):
    """What broke a tie of points (the result's ``detail["tiebreak"]``)."""

    THIRD_SCORING = "third scoring"
    BRIDGES = "bridges"



#: A public record of one action (``move`` and what it changed: ``placed``, ``taken``,
#: ``removed``, ``lost``, ``count`` of tucked cards, ``scoring``, ``early_end``,
#: ``last_turns``), kept in the state's ``current`` and ``last`` as plain JSON.
Record = dict[str, Any]


class Scoring(TypedDict):
    """One scoring: its round (3: the final one), each player's stones and points won."""

    round: int
    stones: dict[str, int]
    points: dict[str, int]


@dataclass
class KahunaState:
    players: tuple[str, ...]  # seat order
    variant: Variant
    first: str  # who took the first regular turn
    active: str  # whose turn it is (in the handicap phase: the handicap player)
    rng: int  # the whole RNG state: reshuffles at the scorings
    deck: list[str]
    open: list[str]
    hands: dict[str, list[str]]
    shown: dict[str, list[str]]
    played: list[str] = field(default_factory=list)
    tucked: list[str] = field(default_factory=list)
    bridges: dict[str, str] = field(default_factory=dict)  # line -> player
    stones: dict[str, str] = field(default_factory=dict)  # island -> player
    scores: dict[str, int] = field(default_factory=dict)
    round: int = 1
    phase: Phase = Phase.PLAY
    handicap: int = 0
    handicap_seat: int = 1  # 1 or 2
    handicap_left: int = 0
    passed: bool = False  # the previous turn ended with a pass
    last_turns: int = 0  # phase "last": turns still to play
    turn: int = 0  # regular turns completed
    current: list[Record] = field(default_factory=list)  # this turn's public records
    last: dict[str, Any] | None = None  # the last completed turn: player, turn, records
    scorings: list[Scoring] = field(default_factory=list)
    ended: Ending | None = None
    resigned: str | None = None

    def __post_init__(self) -> None:
        # Hand-built states (tests, tools) may name the vocabularies by their plain strings.
        self.variant = Variant(self.variant)
        self.phase = Phase(self.phase)
        if self.ended is not None:
            self.ended = Ending(self.ended)

    def copy(self) -> KahunaState:
        # Every move copies the state, the search's many thousand per decision: fields are
        # set directly, without ``replace``'s ``__init__`` and its vocabulary checks (the
        # values are this state's own, already checked).
        new = object.__new__(KahunaState)
        new.__dict__.update(self.__dict__)
        new.deck = list(self.deck)
        new.open = list(self.open)
        new.hands = {p: list(c) for p, c in self.hands.items()}
        new.shown = {p: list(c) for p, c in self.shown.items()}
        new.played = list(self.played)
        new.tucked = list(self.tucked)
        new.bridges = dict(self.bridges)
        new.stones = dict(self.stones)
        new.scores = dict(self.scores)
        new.current = list(self.current)  # records are never changed once written
        new.scorings = list(self.scorings)
        return new

    def opponent(self, player: str) -> str:
        a, b = self.players
        return b if player == a else a

    def held(self, player: str) -> list[str]:
        """Every card ``player`` can play: the hidden hand and (open-draws) the shown cards."""
        return self.hands[player] + self.shown[player]

    def hand_size(self, player: str) -> int:
        return len(self.hands[player]) + len(self.shown[player])

    def bridges_of(self, player: str) -> int:
        return sum(1 for owner in self.bridges.values() if owner == player)

    def stones_of(self, player: str) -> int:
        return sum(1 for owner in self.stones.values() if owner == player)


def to_json(state: KahunaState) -> dict[str, Any]:
    return {
        "players": list(state.players),
        "variant": state.variant,
        "first": state.first,
        "active": state.active,
        "rng": state.rng,
        "deck": state.deck,
        "open": state.open,
        "hands": state.hands,
        "shown": state.shown,
        "played": state.played,
        "tucked": state.tucked,
        "bridges": state.bridges,
        "stones": state.stones,
        "scores": state.scores,
        "round": state.round,
        "phase": state.phase,
        "handicap": state.handicap,
        "handicap_seat": state.handicap_seat,
        "handicap_left": state.handicap_left,
        "passed": state.passed,
        "last_turns": state.last_turns,
        "turn": state.turn,
        "current": state.current,
        "last": state.last,
        "scorings": state.scorings,
        "ended": state.ended,
        "resigned": state.resigned,
    }


def _strs(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of card names")
    return list(value)


def from_json(data: dict[str, Any]) -> KahunaState:
    """Rebuild a state and check that it adds up (cards, material, whose turn)."""
    players = tuple(str(p) for p in data["players"])
    if len(players) != 2 or players[0] == players[1]:
        raise ValueError("Kahuna needs two different players")
    state = KahunaState(
        players=players,
        variant=Variant(data["variant"]),
        first=str(data["first"]),
        active=str(data["active"]),
        rng=int(data["rng"]),
        deck=_strs(data["deck"]),
        open=_strs(data["open"]),
        hands={str(p): _strs(c) for p, c in data["hands"].items()},
        shown={str(p): _strs(c) for p, c in data["shown"].items()},
        played=_strs(data["played"]),
        tucked=_strs(data["tucked"]),
        bridges={str(k): str(v) for k, v in data["bridges"].items()},
        stones={str(k): str(v) for k, v in data["stones"].items()},
        scores={str(k): int(v) for k, v in data["scores"].items()},
        round=int(data["round"]),
        phase=Phase(data["phase"]),
        handicap=int(data["handicap"]),
        handicap_seat=int(data["handicap_seat"]),
        handicap_left=int(data["handicap_left"]),
        passed=bool(data["passed"]),
        last_turns=int(data["last_turns"]),
        turn=int(data["turn"]),
        current=list(data["current"]),
        last=data["last"],
        scorings=list(data["scorings"]),
        ended=None if data["ended"] is None else Ending(data["ended"]),
        resigned=data["resigned"],
    )
    check(state)
    return state


def check(state: KahunaState) -> None:
    """Raise ``ValueError`` unless ``state`` is a consistent Kahuna position."""
    ps = set(state.players)
    if (state.phase is Phase.OVER) != (state.ended is not None):
        raise ValueError("phase and ending disagree")
    if state.first not in ps or state.active not in ps or state.resigned not in (None, *ps):
        raise ValueError("a player is not in the game")
    if set(state.hands) != ps or set(state.shown) != ps or set(state.scores) != ps:
        raise ValueError("hands, shown cards and scores need one entry per player")
    cards = state.deck + state.open + state.played + state.tucked
    for p in state.players:
        cards += state.held(p)
        if state.hands[p] != sorted(state.hands[p]) or state.shown[p] != sorted(state.shown[p]):
            raise ValueError("hands are kept sorted")
    if Counter(cards) != Counter(DECK):
        raise ValueError("the cards do not add up to two of each island")
    if len(state.open) > OPEN_CARDS or not 1 <= state.round <= 3:
        raise ValueError("too many open cards or a round out of range")
    if any(line not in LINES for line in state.bridges) or not set(state.bridges.values()) <= ps:
        raise ValueError("a bridge is on an unknown line or belongs to nobody")
    if any(i not in ISLANDS for i in state.stones) or not set(state.stones.values()) <= ps:
        raise ValueError("a stone is on an unknown island or belongs to nobody")
    for p in state.players:
        if state.bridges_of(p) > BRIDGES_EACH or state.stones_of(p) > STONES_EACH:
            raise ValueError("more bridges or stones than a player owns")
        if state.phase in (Phase.PLAY, Phase.LAST) and state.hand_size(p) > HAND_LIMIT:
            raise ValueError("a hand holds more than five cards")
    if state.variant is not Variant.OPEN_DRAWS and any(state.shown.values()):
        raise ValueError("shown cards exist only in the open-draws variant")
    if not 0 <= state.handicap <= 3 or state.handicap_seat not in (1, 2):
        raise ValueError("handicap out of range")


# ----- the view's shape --------------------------------------------------------------------------


class TurnSummary(TypedDict):
    """A turn as the view shows it (``current`` and ``last``): who, which moves, and what they
    changed on the board (``removed`` and ``lost`` leave out what the same turn put back)."""

    player: str
    turn: int  # 0: the handicap placements
    moves: list[str]  # notation; a tuck is "tuck 2 cards", as the tucked cards are secret
    placed: list[str]
    removed: list[str]
    taken: list[str]
    lost: list[str]
    scoring: Scoring | None
    early_end: list[str] | None
    last_turns: bool  # this turn began the last turns


class KahunaView(TypedDict):
    """The public view (``view(state, None)``): everything on the table, nothing hidden.

    Cards are counted where they are face down (``deck``, ``hands``, ``tucked``) and named
    where they are face up (``open``, ``displayed``, ``played``).
    """

    game: str
    variant: Variant
    players: list[str]
    first: str
    round: int
    phase: Phase
    turn: int
    to_act: list[str]
    active: str | None
    bridges: dict[str, str]  # line -> player
    stones: dict[str, str]  # island -> player
    open: list[str]
    deck: int
    hands: dict[str, int]
    displayed: dict[str, list[str]]
    played: list[str]
    tucked: int
    discard: int
    bridges_left: dict[str, int]
    stones_left: dict[str, int]
    scores: dict[str, int]
    scorings: list[Scoring]
    passed: bool
    handicap: int
    handicap_player: str | None
    handicap_left: int
    last_turns: int
    current: TurnSummary | None
    last: TurnSummary | None
    over: bool
    result: dict[str, Any] | None  # ``Result.to_dict()``


class KahunaHandView(KahunaView):
    """A player's own view (``view(state, player)``): the public keys, and exactly the two
    that change only when the hand does."""

    viewer: str
    hand: list[str]  # sorted; in open-draws the displayed cards too


def turn_summary(turn: Mapping[str, Any] | None) -> TurnSummary | None:
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
