"""Fifteen: the engine of the test-only example game (stdlib only, like every engine).

Two players, a 3×3 board and the tiles 1–9, shuffled by the game's seed. Each player holds
two tiles the other cannot see; the rest lie face down in the bag. On your turn you place one
of your tiles on an empty square (``5 b2``: tile, then square; columns a–c, rows 1–3) and draw
a new tile if the bag has one. A placement that fills a row, a column or a diagonal whose three
tiles add up to 15 scores a point for each such line. After nine placements the board is
full and the most points win (equal points: a draw). The seed also decides who starts.

Small as it is, it has what the real games have: hidden hands (the public view must not
show them, ``resample`` redraws them), chance kept in the state, options, resigning, a
forced move (with one tile and one square left there is nothing to choose) and a notation
with one parser and one printer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games import register
from games.base import Chance, Game, Information, Option, Result, Traits
from games.errors import IllegalMove, InvalidMove
from games.rng import Rng, seed_to_int
from games.text import translator

_ = translator("fifteen")  # the i18n domain is the game id; without a catalog it stays English

COLUMNS = "abc"
SQUARES = tuple(f"{c}{r}" for r in "123" for c in COLUMNS)
LINES = (("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
         ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
         ("a1", "b2", "c3"), ("c1", "b2", "a3"))
TARGET = 15
HAND = 2


@dataclass(frozen=True)
class Place:
    """A move: put ``tile`` on ``square``."""

    tile: int
    square: str


@dataclass(frozen=True)
class FifteenState:
    players: tuple[str, ...]
    board: tuple[tuple[str, int], ...]  # (square, tile) in the order they were placed
    hands: tuple[tuple[int, ...], ...]  # per seat, sorted
    bag: tuple[int, ...]                # face down, drawn from the front
    turn: int                           # the seat to act
    scores: tuple[int, ...]
    resigned: str | None = None

    def tile_at(self, square: str) -> int | None:
        return dict(self.board).get(square)


class Fifteen(Game[FifteenState, Place], id="fifteen", title="Fifteen", players=(2, 2),
              traits=Traits(Chance.SEEDED, Information.HIDDEN)):
    options = {"start": Option(("random", "host"), "random", "who places the first tile")}
    summary = ("**Fifteen** (a test game): place one of your two hidden tiles (1–9) on the 3×3 "
               "board, e.g. `/move 5 b2`, then draw. Filling a line that adds up to 15 scores a "
               "point. Most points when the board is full wins.")

    # ----- set-up and notation ---------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> FifteenState:
        rng = Rng(seed)
        tiles = list(range(1, 10))
        rng.shuffle(tiles)
        first = 0 if options["start"] == "host" else rng.randbelow(2)
        hands = (tuple(sorted(tiles[:HAND])), tuple(sorted(tiles[HAND:2 * HAND])))
        return FifteenState(tuple(players), (), hands, tuple(tiles[2 * HAND:]), first, (0, 0))

    def parse_move(self, text: str) -> Place:
        words = str(text).lower().split()
        if len(words) != 2 or not words[0].isdigit() or words[1] not in SQUARES:
            raise InvalidMove(_("'{text}' is not a move: write a tile and a square, like 5 b2",
                                text=" ".join(str(text).split())[:40]))
        tile = int(words[0])
        if not 1 <= tile <= 9:
            raise InvalidMove(_("'{text}' is not a move: tiles are 1 to 9", text=words[0][:12]))
        return Place(tile, words[1])

    def format_move(self, move: Place) -> str:
        return f"{move.tile} {move.square}"

    # ----- play ------------------------------------------------------------------------------

    def players(self, state: FifteenState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: FifteenState) -> frozenset[str]:
        if self.result(state) is not None:
            return frozenset()
        return frozenset({state.players[state.turn]})

    def legal_moves(self, state: FifteenState, player: str) -> list[str]:
        if player not in self.to_act(state):
            return []
        free = [s for s in SQUARES if state.tile_at(s) is None]
        return [self.format_move(Place(t, s)) for t in state.hands[state.turn] for s in free]

    def _apply(self, state: FifteenState, player: str, move: Place) -> FifteenState:
        seat = state.turn
        hand = list(state.hands[seat])
        if move.tile not in hand:
            raise IllegalMove(_("you don't hold the tile {tile}", tile=move.tile))
        if state.tile_at(move.square) is not None:
            raise IllegalMove(_("{square} is taken", square=move.square))
        hand.remove(move.tile)
        bag = state.bag
        if bag:
            hand.append(bag[0])
            bag = bag[1:]
        board = (*state.board, (move.square, move.tile))
        placed = dict(board)
        points = sum(1 for line in LINES if move.square in line
                     and all(s in placed for s in line) and sum(placed[s] for s in line) == TARGET)
        hands = list(state.hands)
        hands[seat] = tuple(sorted(hand))
        scores = list(state.scores)
        scores[seat] += points
        return replace(state, board=board, hands=tuple(hands), bag=bag, turn=1 - seat,
                       scores=tuple(scores))

    def result(self, state: FifteenState) -> Result | None:
        scores = dict(zip(state.players, state.scores))
        if state.resigned is not None:
            other = next(p for p in state.players if p != state.resigned)
            return Result(scores, (other,), reason="resigned")
        if len(state.board) < len(SQUARES):
            return None
        best = max(state.scores)
        return Result(scores, tuple(p for p, s in scores.items() if s == best))

    def resign(self, state: FifteenState, player: str) -> FifteenState:
        if player not in state.players:
            raise IllegalMove(_("{player} is not playing", player=player))
        if self.result(state) is not None:
            raise IllegalMove(_("the game is over"))
        return replace(state, resigned=player)

    # ----- what players see ------------------------------------------------------------------

    def view(self, state: FifteenState, player: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.id,
            "board": {s: t for s, t in state.board},
            "players": list(state.players),
            "scores": list(state.scores),
            "tiles_held": [len(h) for h in state.hands],
            "bag": len(state.bag),
            "to_act": sorted(self.to_act(state)),
            "last": state.board[-1][0] if state.board else None,
        }
        if player in state.players:
            out["hand"] = list(state.hands[state.players.index(player)])
        return out

    def resample(self, state: FifteenState, player: str | None, seed: int | str) -> FifteenState:
        """Every tile ``player`` can't see (the bag, and hands not theirs) dealt again."""
        mine = state.players.index(player) if player in state.players else None
        unseen = [t for seat, hand in enumerate(state.hands) if seat != mine for t in hand]
        unseen += state.bag
        Rng(seed_to_int(seed)).shuffle(unseen)
        hands = []
        for seat, hand in enumerate(state.hands):
            if seat == mine:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[:len(hand)])))
                unseen = unseen[len(hand):]
        return replace(state, hands=tuple(hands), bag=tuple(unseen))

    def describe(self, before: FifteenState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Any:
        place = self.parse_move(move)
        after = self.apply(before, player, move)
        seat = before.players.index(player)
        points = after.scores[seat] - before.scores[seat]
        if points:
            return _("placed {tile} on {square} and scored {points}", tile=place.tile,
                     square=place.square, points=points)
        return _("placed {tile} on {square}", tile=place.tile, square=place.square)

    def prompt(self, state: FifteenState, player: str,
               names: Mapping[str, str] | None = None) -> Any:
        return _("place one of your tiles on a free square, like `5 b2`")

    def why_not_undo(self, before: FifteenState, after: FifteenState, player: str, move: str,
                     samples: int = 12) -> Any:
        """Never: the tile came out of a hidden hand, and a new one may have been drawn."""
        if self.parse_move(move).tile in before.hands[before.players.index(player)]:
            return _("everyone has seen the tile it showed from your hand")
        return super().why_not_undo(before, after, player, move, samples)

    # ----- storage ---------------------------------------------------------------------------

    def _to_json(self, state: FifteenState) -> dict[str, Any]:
        return {"players": list(state.players), "board": [list(p) for p in state.board],
                "hands": [list(h) for h in state.hands], "bag": list(state.bag),
                "turn": state.turn, "scores": list(state.scores), "resigned": state.resigned}

    def _from_json(self, data: dict[str, Any]) -> FifteenState:
        return FifteenState(tuple(data["players"]), tuple((s, int(t)) for s, t in data["board"]),
                            tuple(tuple(h) for h in data["hands"]), tuple(data["bag"]),
                            int(data["turn"]), tuple(data["scores"]), data["resigned"])


#: The one registration: the engine and where its picture and its bot are.
GAME = register(Fifteen(), renderer="tests.example_game.board:RECORD",
                policy="tests.example_game.policy:FifteenPolicy")
