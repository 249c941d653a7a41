"""Aqualin: two players build groups on a 6×6 board, one by colour, one by species.

The rules as the bot plays them are in this docstring and in ``summary`` (``/game rules``).
Readings of our own, where the published rules leave room:

* The host is the first seat; ``role=host-colour`` gives the first seat the colour role.
  The colour player moves first whatever the seat order.
* In the ``seed`` rules a move may name the drawn tile (``BF d4``); it must then be the
  drawn tile. The canonical form leaves it out.
* In the ``classic`` rules the slide is refused on the very first turn of the game even
  though the board is empty then anyway, so the message is about the rule, not the board.
* A draw (equal score and equal largest group) lists both players as winners.
* Resigning ends the game at once; the other player wins, scores are the board's scores.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Chance, Game, Information, Option, Result, Traits
from ..errors import IllegalMove, InvalidMove
from ..notation import clean
from ..registry import register
from ..rng import Rng, seed_to_int
from ..text import Text, translator
from . import words
from .notation import ALIASES, AqualinMove, Examples, Place, ShiftPlace, format_move, parse
from .scoring import groups, largest_group, score
from .state import (
    KING_NEIGHBOURS, MARKET_SIZE, ORTHO, ROLES, SQUARES, TILES, AqualinState, Role, Rules,
    Seating, central, coords, distance, square_at)
from .suggest import SUGGEST_CAP, AqualinSuggestions, order, rate
from .view import AqualinView

_ = translator("aqualin")


class Aqualin(Game[AqualinState, AqualinMove], id="aqualin", title="Aqualin", players=(2, 2),
              traits=Traits(Chance.SEEDED, Information.PERFECT)):
    aliases = ALIASES
    options = {
        "rules": Option(tuple(r.value for r in Rules), Rules.SEED.value, words.RULES_HELP,
                        words.RULES_NAME, words.RULES_WORDS),
        "role": Option(tuple(s.value for s in Seating), Seating.RANDOM.value, words.ROLE_HELP,
                       words.ROLE_NAME, words.SEATING_WORDS),
    }
    summary = words.SUMMARY
    unseen = words.UNSEEN

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> AqualinState:
        rng = Rng(seed)
        seating = Seating(options["role"])
        if seating == Seating.RANDOM:
            host_colour = rng.randbelow(2) == 0
        else:
            host_colour = seating == Seating.HOST_COLOUR
        roles = {players[0]: Role.COLOUR if host_colour else Role.SPECIES,
                 players[1]: Role.SPECIES if host_colour else Role.COLOUR}
        supply = list(TILES)
        rng.shuffle(supply)
        state = AqualinState(players=tuple(players), roles=roles, rules=Rules(options["rules"]),
                             supply=supply)
        self._refill(state)
        return state

    @staticmethod
    def _refill(state: AqualinState) -> None:
        """Seed rules: draw the next tile; classic: top the market up to six."""
        if state.rules == Rules.SEED:
            state.drawn = state.supply.pop() if state.supply else None
        else:
            while len(state.market) < MARKET_SIZE and state.supply:
                state.market.append(state.supply.pop())

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: AqualinState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: AqualinState) -> frozenset[str]:
        return frozenset() if state.over else frozenset({state.active})

    # ----- notation (games/aqualin/notation.py) ---------------------------------------------

    def parse_move(self, text: str) -> AqualinMove:
        return parse(text)

    def format_move(self, move: AqualinMove) -> str:
        return format_move(move)

    # ----- rules ----------------------------------------------------------------------------

    def apply(self, state: AqualinState, player: str, move: str) -> AqualinState:
        """As every game does, but a move that cannot be read is answered in the syntax of
        the game's rules, with examples that are legal on its board."""
        self.check_can_act(state, player)
        try:
            parsed = self.parse_move(move)
        except InvalidMove:
            parse(move, self.examples(state))  # the same error, worded for this game
            raise
        return self._apply(state, str(player), parsed)

    def examples(self, state: AqualinState) -> Examples:
        """Legal moves to show the syntax with; cheap, but only asked for when words need it."""
        board = state.board
        seed = state.rules == Rules.SEED
        tile = (state.drawn if seed else next(iter(state.market), None)) or "BT"
        named = None if seed else tile
        empties = sorted((sq for sq in SQUARES if sq not in board), key=central)
        place = Place(empties[0] if empties else "d4", named)
        shifts = self._shifts(state)
        if not shifts:
            return Examples(state.rules, place, None, tile)
        if seed:  # a tile near the middle
            src, dst = min(shifts, key=lambda s: (central(s[0]), central(s[1])))
        else:  # the longest slide: a slide may go any distance
            src, dst = min(shifts, key=lambda s: (-distance(*s), central(s[0])))
        # any empty square but the one shifted onto; the freed square only as the last resort
        square = next((sq for sq in empties if sq != dst), src)
        return Examples(state.rules, place, ShiftPlace(src, dst, square, named), tile)

    def _apply(self, state: AqualinState, player: str, move: AqualinMove) -> AqualinState:
        tile = self._tile_for(state, move)
        board = dict(state.board)
        if move.shift:
            self._check_shift(state, move.shift)
            src, dst = move.shift
            board[dst] = board.pop(src)
        if move.square in board:
            if move.shift and move.shift[1] == move.square:
                raise IllegalMove(_("{square} is occupied (you just shifted a tile there): place on "
                                    "an empty square", square=move.square))
            raise IllegalMove(_("{square} is occupied: place on an empty square", square=move.square))
        board[move.square] = tile
        new = state.copy()
        new.board = board
        if state.rules == Rules.SEED:
            new.drawn = None
        else:
            new.market.remove(tile)
        new.turn += 1
        new.last = {
            "player": player,
            "move": format_move(move),
            "tile": tile,
            "square": move.square,
            "shift": list(move.shift) if move.shift else None,
        }
        self._refill(new)
        return new

    def _tile_for(self, state: AqualinState, move: AqualinMove) -> str:
        if state.rules == Rules.SEED:
            assert state.drawn is not None
            if move.tile and move.tile != state.drawn:
                square = (move.square if move.square not in state.board
                          else self.examples(state).place.square)
                raise IllegalMove(_("you must place the drawn tile {drawn}, not {tile}: write just "
                                    "the square, like {square}", drawn=state.drawn, tile=move.tile,
                                    square=square))
            return state.drawn
        if move.tile is None:
            raise IllegalMove(_("name the market tile to take ({market}): {help}",
                                market=", ".join(state.market), help=self.examples(state).help))
        if move.tile not in state.market:
            raise IllegalMove(_("{tile} is not in the market (market: {market})", tile=move.tile,
                                market=", ".join(state.market)))
        return move.tile

    def _check_shift(self, state: AqualinState, shift: tuple[str, str]) -> None:
        src, dst = shift
        seed = state.rules == Rules.SEED
        if not seed and state.turn == 0:
            raise IllegalMove(_("no slide on the very first turn of the game: just take a tile and "
                                "place it, like {move}", move=str(self.examples(state).place)))
        if src not in state.board:
            raise IllegalMove(_("there is no tile on {square} to shift", square=src) if seed
                              else _("there is no tile on {square} to slide", square=src))
        if src == dst:
            raise IllegalMove(_("{src}-{dst} does not move the tile: leave the shift out instead",
                                src=src, dst=dst) if seed else
                              _("{src}-{dst} does not move the tile: leave the slide out instead",
                                src=src, dst=dst))
        if dst in state.board:
            raise IllegalMove(_("{square} is occupied: a tile can only shift onto an empty square",
                                square=dst) if seed else
                              _("{square} is occupied: a tile can only slide onto an empty square",
                                square=dst))
        (x0, y0), (x1, y1) = coords(src), coords(dst)
        if seed:
            if max(abs(x1 - x0), abs(y1 - y0)) > 1:
                raise IllegalMove(_("{src}-{dst} is more than one step: shift one square in any of "
                                    "the 8 directions", src=src, dst=dst))
            return
        if x0 != x1 and y0 != y1:
            raise IllegalMove(_("{src}-{dst} is not along a row or column: a slide goes straight",
                                src=src, dst=dst))
        dx = (x1 > x0) - (x1 < x0)
        dy = (y1 > y0) - (y1 < y0)
        x, y = x0 + dx, y0 + dy
        while (x, y) != (x1, y1):
            between = square_at(x, y)
            if between in state.board:
                raise IllegalMove(_("{src}-{dst} passes over {square}: a slide cannot jump tiles",
                                    src=src, dst=dst, square=between))
            x, y = x + dx, y + dy

    def _shifts(self, state: AqualinState) -> list[tuple[str, str]]:
        board = state.board
        out: list[tuple[str, str]] = []
        if state.rules == Rules.SEED:
            for src in SQUARES:
                if src in board:
                    out.extend((src, dst) for dst in KING_NEIGHBOURS[src] if dst not in board)
            return out
        if state.turn == 0:
            return out
        for src in SQUARES:
            if src not in board:
                continue
            x0, y0 = coords(src)
            for dx, dy in ORTHO:
                x, y = x0 + dx, y0 + dy
                while (dst := square_at(x, y)) is not None and dst not in board:
                    out.append((src, dst))
                    x, y = x + dx, y + dy
        return out

    def legal_moves(self, state: AqualinState, player: str) -> list[str]:
        if state.over or str(player) != state.active:
            return []
        tiles = [None] if state.rules == Rules.SEED else list(state.market)
        empties = [sq for sq in SQUARES if sq not in state.board]
        moves = [format_move(Place(sq, t)) for t in tiles for sq in empties]
        for src, dst in self._shifts(state):
            targets = [sq for sq in SQUARES if sq == src or (sq not in state.board and sq != dst)]
            moves.extend(format_move(ShiftPlace(src, dst, sq, t)) for t in tiles for sq in targets)
        return moves

    # ----- end ------------------------------------------------------------------------------

    def scores(self, state: AqualinState) -> dict[str, int]:
        return {p: score(state.board, state.roles[p]) for p in state.players}

    def result(self, state: AqualinState) -> Result | None:
        if not state.over:
            return None
        scores = self.scores(state)
        largest = {p: largest_group(state.board, state.roles[p]) for p in state.players}
        detail: dict[str, Any] = {"largest": largest}
        if state.resigned is not None:
            winners = tuple(p for p in state.players if p != state.resigned)
            return Result(scores, winners, reason="resigned",
                          detail={**detail, "resigned": state.resigned})
        best = max((scores[p], largest[p]) for p in state.players)
        winners = tuple(p for p in state.order if (scores[p], largest[p]) == best)
        return Result(scores, winners, detail=detail)

    def resign(self, state: AqualinState, player: str) -> AqualinState:
        self.check_can_resign(state, player)
        new = state.copy()
        new.resigned = player
        return new

    def why_not_undo(self, before: AqualinState, after: AqualinState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Every move draws the next tile (or tops up the market) from the hidden supply,
        until the supply is empty."""
        if not self.reveals(before, after, player, move, samples):
            return None
        if before.rules == Rules.CLASSIC:
            return _("the next tile was drawn into the market")
        return _("the next tile was drawn")

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: AqualinState, player: str | None = None) -> AqualinView:
        result = self.result(state)
        return {
            "game": self.id,
            "rules": state.rules,
            "players": list(state.players),
            "order": list(state.order),
            "roles": dict(state.roles),
            "board": dict(state.board),
            "drawn": state.drawn,
            "market": list(state.market),
            "supply": len(state.supply),
            "turn": state.turn,
            "to_act": sorted(self.to_act(state)),
            "scores": self.scores(state),
            "largest": {p: largest_group(state.board, state.roles[p]) for p in state.players},
            "groups": {p: groups(state.board, state.roles[p]) for p in state.players},
            "last": copy.deepcopy(state.last),
            "over": state.over,
            "result": result.to_dict() if result else None,
        }

    def resample(self, state: AqualinState, player: str | None, seed: int | str) -> AqualinState:
        # Nobody sees the supply order; everything else is public.
        new = state.copy()
        Rng(seed_to_int(seed)).shuffle(new.supply)
        return new

    # ----- words (games/aqualin/words.py, suggest.py) ---------------------------------------

    def describe(self, before: AqualinState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        m = self.parse_move(move)
        return words.describe(before.rules, self._tile_for(before, m), m.square, m.shift,
                              before.board.get(m.shift[0], "?") if m.shift else "?")

    def prompt(self, state: AqualinState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        if state.over:
            return _("the game is over.")
        ex = self.examples(state)  # legal now: no shift on an empty board, d4 only if empty
        return words.prompt(state.rules, state.roles.get(player), state.drawn, str(ex.place),
                            str(ex.shifted) if ex.shifted else None)

    def suggest(self, state: AqualinState, player: str, typed: str,
                limit: int = 25) -> Sequence[tuple[str, str]]:
        """Legal moves matching ``typed``, best immediate gain for the mover first."""
        typed = clean(typed)
        moves = [m for m in self.legal_moves(state, player) if m.lower().startswith(typed)]
        # Score a bounded number of candidates (placements come first in legal_moves) so
        # autocomplete answers well inside Discord's 3 s even in a busy classic mid-game.
        return order(rate(state, player, moves[:SUGGEST_CAP]), limit)

    def suggestions(self, state: AqualinState, player: str) -> AqualinSuggestions:
        """Every legal move rated once; the order depends on which moves match (the tiles
        alternate), so ``pick`` orders the matching ones again, cheaply."""
        return AqualinSuggestions(rate(state, player, self.legal_moves(state, player)))

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: AqualinState) -> dict[str, Any]:
        # Every field of the state, in its order (the tuple of players as a JSON list).
        return {f.name: getattr(state, f.name) for f in fields(state)} | {"players": list(state.players)}

    def _from_json(self, data: dict[str, Any]) -> AqualinState:
        state = AqualinState(
            players=tuple(data["players"]),
            roles={p: Role(r) for p, r in dict(data["roles"]).items()},
            rules=Rules(data["rules"]),
            board=dict(data["board"]),
            supply=list(data["supply"]),
            drawn=data["drawn"],
            market=list(data["market"]),
            turn=int(data["turn"]),
            last=data["last"],
            resigned=data["resigned"],
        )
        tiles = list(state.board.values()) + state.supply + state.market
        if state.drawn:
            tiles.append(state.drawn)
        if sorted(tiles) != sorted(TILES) or set(state.roles.values()) != set(ROLES):
            raise ValueError("tiles or roles do not add up")
        return state


register(Aqualin(), listed=1, renderer="renderers.aqualin:RECORD",
         policy="games.aqualin.policy:AqualinPolicy")
