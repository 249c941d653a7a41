"""Aqua: grow a coral area from hexagonal tiles, attract small and large animals, score reefs.

The rules as the bot plays them: this docstring and ``summary`` (geometry in :mod:`games.aqua.geometry`, material in
:mod:`games.aqua.material`, scoring in :mod:`games.aqua.scoring`). Readings of our own, where
the published rules leave room:

* **A turn is up to two moves**: ``take …`` (or ``snail``), then, only if a large animal can
  legally be placed, ``large …`` or ``done``. When no large animal fits, the turn ends with the
  tile, so nobody has to type a pointless ``done``.
* **The sea snail** is offered only while another player still has to play this round: the last
  player gets it at the end of the round anyway, so taking it would change nothing, and a
  ``snail`` typed by the last player is refused with that reason (a decision of the rules page).
  Solo has no snail: ``snail`` is refused with that reason, and the view shows ``snail: null``
  for the whole game.
* **Market slots** are numbered 1.. in the current market; when a tile is taken the later
  tiles move up one slot, and a refill appends new tiles at the end (the untaken tile stays
  first). Solo: after the turn the two tiles left are discarded and 3 new ones are turned up.
* **The colour condition** looks at the corals that share a side with the new tile's corals
  across its rim (the other two corals of each of its three sites); a hot-spot coral has no
  colour. If no market tile fits anywhere in any rotation, any placement next to the area is
  allowed that turn (the rules page's decision).
* **Two or three habitats** from one tile take their animals one after the other (N, SE, SW
  coral order), so the second may be worth less than the first if the stack crosses from
  3-point to 2-point animals. A habitat formed when its stack is empty stays empty forever.
* **Large animals**: the sites named must form the shape exactly (rotations and mirror images
  allowed), every site must hold an uncovered small animal, all of different species, and at
  least one of them placed this turn. The side (``side A``/``side B``) only names the animal
  shown; it defaults to A and is not part of the canonical move. Site lists are printed in
  reading order (top row first, then left to right), whatever order was typed.
* **Reefs**: a small animal counts for a reef if any of the nine corals it lies on or borders
  belongs to the reef; "bordered by" in E06 uses the same relation.
* **Ecosystems**: E07 counts each adjacent same-species pair once; E09 needs three small
  animals on three consecutive sites of one straight line; E11 counts small animals on sites
  at most 2 steps from site (0, 0); covered small animals count everywhere.
* **Scores in the view** are live: the same breakdown as the final scoring, so players can
  see where they stand (everything it uses is public). Ties: more small animals wins, else
  the tied players share the win.
* **Solo**: the result lists the player as winner (outcome ``None``) with the rating in
  ``result.detail["rating"]``; resigning a solo game ends it as ``lost``.
* **Resigning** (2+ players): the player's area stays but they can never win; their turns are
  skipped, the market is refilled to (players still in) + 1, and the game ends after round 17
  as usual, or at once when fewer than two players are left (the last one wins).
* **Hidden information**: only the order of the face-down deck (and which tiles went to the
  box). The view shows the deck's size; ``resample`` redraws deck and box from the unseen tiles.
* **Examples**: the arc of the notation is ``large arc 0,1 1,1 1,2 side B`` (a 120° bend at
  1,1); ``0,1 1,1 1,0`` would be three mutually adjacent sites, refused as "a triangle, not an
  arc". Every move example in the summary, the help and error texts and their translations is
  parsed and checked against its shape by a test (``tests/games/test_aqua_examples.py``).
* **Notation** (``games.aqua.notation``): ``take 2 at 1,-2 rot 1`` is canonical (``rot 0``
  is printed); input may leave out ``at`` and ``rot 0``, write ``r1``, put brackets round the
  position, spaces round the comma, or a typographic minus. ``skip``/``pass`` are read as
  ``done``, ``take snail`` as ``snail``.
* **Large animals left** are public (the stacks are face up, highest on top); with 2–3
  players the lowest of each shape is out from the start (1 and 4 players keep all 15).
  The two sides' animals are this adaptation's names: pair dolphin/octopus, line
  shark/swordfish, arc manta ray/moray eel, triangle sea lion/sunfish, diamond whale/orca.
* **The end**: after round 17 (the deck is then empty) the view keeps ``round`` 17; the sea
  snail stays with whoever held it last. Round 1's starting seat and the hot spots are dealt
  from the seed.
* **Buttons**: ``Aqua.choices`` groups the legal moves by market slot, then position (best
  first), then rotation, for a bot that offers clicks instead of typing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Button, Chance, Game, Information, Option, Result, Suggestions, Traits
from ..errors import IllegalMove
from ..registry import register
from ..rng import Rng, seed_to_int
from ..text import Text, plural, translator
from . import words
from .advice import AquaSuggestions
from .advice import choices as advice_choices
from .advice import suggest as advice_suggest
from .geometry import neighbours, reading_key, shape_of
from .material import (
    BASE_ECOSYSTEMS,
    ECOSYSTEMS,
    HOT_SPOTS,
    LARGE_ANIMALS,
    LARGE_VALUES,
    ROUNDS,
    SHAPE_A,
    SHAPE_WORDS,
    SMALL_PER_SPECIES,
    SPECIES,
    SPECIES_OF,
    TILES,
    hot_spot_tiles,
    placed,
    small_value,
)
from .notation import (
    ALIASES, AquaMove, Done, Large, MoveKind, Snail, Take, format_move, parse_move)
from .placement import (
    connects,
    frontier,
    habitat_sites,
    large_options,
    large_problem,
    new_habitats,
    take_options,
    wanted_colours,
)
from .scoring import Breakdown, breakdown
from .state import (
    MARKET,
    AquaState,
    Mode,
    Phase,
    from_json,
    parse_key,
    plain_copy,
    pos_key,
    to_json,
)
from .view import AquaView, AreaView, LargeView

_ = translator("aqua")
_n = plural(_)
SOLO_MARKET = 3
SOLO_DECK = 51
RATINGS: tuple[tuple[int, str], ...] = ((90, "legend"), (70, "open ocean"), (50, "reef"),
                                        (0, "tide pool"))


def solo_rating(total: int) -> str:
    """The solo score table: < 50 tide pool, 50–69 reef, 70–89 open ocean, ≥ 90 legend."""
    return next(name for floor, name in RATINGS if total >= floor)


class Aqua(Game[AquaState, AquaMove], id="aqua", title="Aqua", players=(1, 4),
           traits=Traits(Chance.SEEDED, Information.PERFECT)):
    aliases = ALIASES
    options = {"ecosystems": Option(tuple(Mode), Mode.BASE, words.OPTION_HELP, words.OPTION_NAME,
                                    words.OPTION_WORDS)}
    summary = words.SUMMARY
    unseen = words.UNSEEN

    # ----- set-up ---------------------------------------------------------------------------

    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> AquaState:
        rng = Rng(seed)
        n = len(players)
        solo = n == 1
        pool = list(TILES)
        rng.shuffle(pool)
        size = SOLO_DECK if solo else 17 * n + 1
        deck, box = pool[:size], sorted(pool[size:])
        spots = list(HOT_SPOTS)
        rng.shuffle(spots)
        hot = {p: spots[i] for i, p in enumerate(players)}
        mode = Mode(options["ecosystems"])
        if mode == Mode.BASE:
            ecosystems: tuple[str, ...] = BASE_ECOSYSTEMS
        elif mode == Mode.ADVANCED:
            ids = list(ECOSYSTEMS)
            rng.shuffle(ids)
            ecosystems = tuple(sorted(ids[:6]))
        else:
            ecosystems = ()
        keep = 2 if n in (2, 3) else 3  # 2–3 players: the lowest of each stack goes
        start = rng.randbelow(n)
        market_size = SOLO_MARKET if solo else n + 1
        market = [deck.pop() for _i in range(market_size)]
        return AquaState(
            players=tuple(players),
            mode=mode,
            ecosystems=ecosystems,
            hot=hot,
            tiles={p: hot_spot_tiles(hot[p]) for p in players},
            animals={p: {} for p in players},
            large={p: [] for p in players},
            stacks={s: SMALL_PER_SPECIES for s in SPECIES},
            large_stacks={s: list(v[:keep]) for s, v in LARGE_VALUES.items()},
            market=market,
            deck=deck,
            box=box,
            snail=None if solo else MARKET,
            round=1,
            queue=list(players[start:] + players[:start]),
            rng=rng.state,
        )

    # ----- whose turn -----------------------------------------------------------------------

    def players(self, state: AquaState) -> tuple[str, ...]:
        return state.players

    def to_act(self, state: AquaState) -> frozenset[str]:
        active = state.active
        return frozenset() if active is None else frozenset({active})

    # ----- notation -------------------------------------------------------------------------

    def parse_move(self, text: str) -> AquaMove:
        return parse_move(text)

    def format_move(self, move: AquaMove) -> str:
        return format_move(move)

    # ----- legal moves ----------------------------------------------------------------------

    def snail_allowed(self, state: AquaState) -> bool:
        return (not state.solo and state.phase == Phase.TAKE and state.snail == MARKET
                and len(state.queue) > 1)

    def legal_moves(self, state: AquaState, player: str) -> list[str]:
        if state.over or str(player) != state.active:
            return []
        if state.phase == Phase.LARGE:
            moves = [str(Large(shape, sites)) for shape, sites in large_options(state, player)]
            return moves + [str(Done())]
        _waived, options = take_options(state, player)
        moves = [f"take {slot} at {pos[0]},{pos[1]} rot {rot}" for slot, pos, rot in options]
        if self.snail_allowed(state):
            moves.append(str(Snail()))
        return moves

    # ----- rules ----------------------------------------------------------------------------

    def _apply(self, state: AquaState, player: str, move: AquaMove) -> AquaState:
        if isinstance(move, Take):
            return self._take(state, player, move)
        if isinstance(move, Snail):
            return self._snail(state, player)
        if isinstance(move, Large):
            return self._large(state, player, move)
        return self._done(state, player)

    def _take(self, state: AquaState, player: str, move: Take) -> AquaState:
        if state.phase == Phase.LARGE:
            raise IllegalMove(_("you placed your tile already: attract a large animal "
                                "(`large …`) or end your turn with `done`"))
        if move.slot > len(state.market):
            raise IllegalMove(_n("there is no slot {slot}: the market holds {n} tile (slot 1)",
                                 "there is no slot {slot}: the market holds {n} tiles (slots 1–{n})",
                                 len(state.market), slot=move.slot))
        tiles = state.tiles[player]
        pos = move.pos
        where = pos_key(pos)
        if pos in tiles:
            raise IllegalMove(_("{pos} already holds a tile: choose an empty position next to "
                                "your area", pos=where))
        if not any(n in tiles for n in neighbours(pos)):
            raise IllegalMove(_("{pos} does not touch your area: place the tile next to one of "
                                "your tiles", pos=where))
        code = state.market[move.slot - 1]
        colours = placed(code, move.rot)
        waived = False
        if not connects(colours, wanted_colours(tiles, pos)):
            waived, _options = take_options(state, player)
            if not waived:
                raise IllegalMove(_(
                    "{tile} at {pos} rot {rot} touches no coral of its own colour: turn it or "
                    "choose another position", tile=code, pos=where, rot=move.rot))
        new = state.copy()
        area = new.tiles[player]
        area[pos] = colours
        new.market.pop(move.slot - 1)
        habitats = []
        animals = new.animals[player]
        for site, colour in new_habitats(area, pos):
            species = SPECIES_OF[colour]
            left = new.stacks[species]
            if left > 0:
                value = small_value(left)
                new.stacks[species] = left - 1
                animals[site] = (species, value, False)
                new.fresh.append(site)
            else:
                value = 0
            habitats.append([pos_key(site), species, value])
        new.last = {"player": player, "move": str(move), "kind": MoveKind.TAKE.value, "tile": code,
                    "pos": pos_key(pos), "rot": move.rot, "habitats": habitats,
                    "waived": waived, "round": state.round}
        if large_options(new, player):
            new.phase = Phase.LARGE
            return new
        self._end_turn(new)
        return new

    def _snail(self, state: AquaState, player: str) -> AquaState:
        if state.solo:
            raise IllegalMove(_("there is no sea snail in a solo game: take a market tile"))
        if state.phase != Phase.TAKE:
            raise IllegalMove(_("you placed a tile this turn already: the snail is taken "
                                "instead of a tile"))
        if state.snail != MARKET:
            raise IllegalMove(_("the sea snail is not in the market this round: take a tile"))
        if len(state.queue) <= 1:
            raise IllegalMove(_("you play last this round and get the snail anyway: take a "
                                "tile"))
        new = state.copy()
        new.snail = player
        new.queue = new.queue[1:] + [player]
        new.last = {"player": player, "move": str(Snail()), "kind": MoveKind.SNAIL.value,
                    "round": state.round}
        return new

    def _large(self, state: AquaState, player: str, move: Large) -> AquaState:
        if state.phase != Phase.LARGE:
            raise IllegalMove(_("take and place a tile first: a large animal can only come "
                                "after a new small animal"))
        if not state.large_stacks[move.shape]:
            raise IllegalMove(_("no {shape} is left: choose another shape or `done`",
                                shape=SHAPE_WORDS[move.shape]))
        sites = move.sites
        shape = shape_of(sites)
        listed = " ".join(pos_key(s) for s in sites)
        if shape is None:
            raise IllegalMove(_("{sites} form no large-animal shape, not {shape}: name sites in "
                                "the shape of {shape}", sites=listed, shape=SHAPE_A[move.shape]))
        if shape != move.shape:
            raise IllegalMove(_("{sites} form {what}, not {shape}: name sites in the shape of "
                                "{shape}", sites=listed, what=SHAPE_A[shape],
                                shape=SHAPE_A[move.shape]))
        animals = state.animals[player]
        problem = large_problem(animals, sites)
        if problem is not None:
            raise IllegalMove(problem)
        if not any(s in state.fresh for s in sites):
            raise IllegalMove(_("none of those small animals came this turn: cover at least "
                                "one placed this turn"))
        new = state.copy()
        points = new.large_stacks[move.shape].pop(0)
        side = move.side or "A"
        new.large[player].append((move.shape, sites, points, side))
        area = new.animals[player]
        for s in sites:
            species, value, _covered = area[s]
            area[s] = (species, value, True)
        last = dict(new.last or {})
        last.update({"player": player, "large": {"shape": move.shape, "sites": [
            pos_key(s) for s in sites], "points": points, "side": side}})
        new.last = last
        self._end_turn(new)
        return new

    def _done(self, state: AquaState, player: str) -> AquaState:
        if state.phase != Phase.LARGE:
            raise IllegalMove(_("there is nothing to skip: take a market tile first "
                                "(`done` ends the optional large-animal step)"))
        new = state.copy()
        self._end_turn(new)
        return new

    # ----- turn and round ------------------------------------------------------------------

    def _end_turn(self, new: AquaState) -> None:
        """The active player's turn is over: next player, or the next round, or the end."""
        player = new.queue.pop(0)
        new.phase = Phase.TAKE
        new.fresh = []
        if new.solo:
            new.discards.extend(new.market)
            new.market = []
        if not new.queue:
            self._end_round(new, player)

    def _end_round(self, new: AquaState, last_player: str) -> None:
        holder = last_player if new.snail in (None, MARKET) else new.snail
        if not new.solo:
            new.snail = holder
        playing = new.in_game()
        need = (SOLO_MARKET if new.solo else len(playing) + 1) - len(new.market)
        if new.round >= ROUNDS or not playing or need > len(new.deck):
            new.phase = Phase.OVER
            new.queue = []
            return
        new.round += 1
        for _i in range(max(0, need)):
            new.market.append(new.deck.pop())
        seat = new.players.index(holder)
        order = [new.players[(seat + i) % len(new.players)] for i in range(len(new.players))]
        new.queue = [p for p in order if p in playing]
        if not new.solo:
            new.snail = MARKET

    # ----- end ------------------------------------------------------------------------------

    def breakdowns(self, state: AquaState) -> dict[str, Breakdown]:
        return {p: breakdown(state.tiles[p], state.animals[p], self._large_dicts(state, p),
                             state.ecosystems, state.family) for p in state.players}

    @staticmethod
    def _large_dicts(state: AquaState, player: str) -> list[LargeView]:
        return [{"shape": shape, "sites": [pos_key(s) for s in sites], "points": points,
                 "side": side, "animal": LARGE_ANIMALS[shape][side]}
                for shape, sites, points, side in state.large[player]]

    def result(self, state: AquaState) -> Result | None:
        if not state.over:
            return None
        parts = self.breakdowns(state)
        scores = {p: parts[p]["total"] for p in state.players}
        counts = {p: len(state.animals[p]) for p in state.players}
        detail: dict[str, Any] = {"breakdown": parts, "small_animals": counts}
        if state.resigned:
            detail["resigned"] = state.resigned[0] if len(state.resigned) == 1 else None
            detail["resigned_players"] = list(state.resigned)
        playing = state.in_game()
        early = (not playing) or (not state.solo and len(playing) < 2)
        reason = "resigned" if early else "end"
        if state.solo:
            (player,) = state.players
            detail["rating"] = solo_rating(scores[player])
            if not playing:
                return Result(scores, (), outcome="lost", reason=reason, detail=detail)
            return Result(scores, (player,), reason=reason, detail=detail)
        best = max((scores[p], counts[p]) for p in playing)
        winners = tuple(p for p in playing if (scores[p], counts[p]) == best)
        return Result(scores, winners, reason=reason, detail=detail)

    def why_not_undo(self, before: AquaState, after: AquaState, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """The deck is all that is hidden: what a move reveals is a tile drawn from it into
        the market."""
        if not self.reveals(before, after, player, move, samples):
            return None
        return _("a new tile was drawn into the market")

    def resign(self, state: AquaState, player: str) -> AquaState:
        player = str(player)
        self.check_can_resign(state, player)
        if player in state.resigned:
            raise IllegalMove(_("you have resigned already"))
        new = state.copy()
        new.resigned.append(player)
        playing = new.in_game()
        if not playing or (not new.solo and len(playing) < 2):
            new.phase = Phase.OVER
            new.queue = []
            new.fresh = []
            return new
        if player in new.queue:
            if new.queue[0] == player:
                new.phase = Phase.TAKE
                new.fresh = []
            new.queue.remove(player)
            if not new.queue:
                self._end_round(new, player)
        return new

    # ----- views ----------------------------------------------------------------------------

    def view(self, state: AquaState, player: str | None = None) -> AquaView:
        """The whole state but the deck's order and the box: the same for every player
        (the keys: :class:`games.aqua.view.AquaView`)."""
        result = self.result(state)
        active = state.active
        areas: dict[str, AreaView] = {}
        for p in state.players:
            tiles = state.tiles[p]
            areas[p] = {
                "tiles": {pos_key(pos): c for pos, c in tiles.items()},
                "animals": {pos_key(s): [a[0], a[1], a[2]] for s, a in state.animals[p].items()},
                "large": self._large_dicts(state, p),
                "hot_spot": state.hot[p],
                "frontier": [pos_key(pos) for pos in frontier(tiles)],
                "habitats": [pos_key(s) for s in habitat_sites(tiles)],
            }
        legal_positions: list[str] = []
        waived = False
        if active is not None and state.phase == Phase.TAKE:
            waived, options = take_options(state, active)
            seen: dict[str, None] = {}
            for _slot, pos, _rot in options:
                seen[pos_key(pos)] = None
            legal_positions = sorted(seen, key=lambda k: reading_key(parse_key(k)))
        return {
            "game": self.id,
            "players": list(state.players),
            "options": {"ecosystems": str(state.mode)},
            "solo": state.solo,
            "areas": areas,
            "market": list(state.market),
            "snail": state.snail,
            "round": state.round,
            "rounds": ROUNDS,
            "ecosystems": list(state.ecosystems),
            "scores": self.breakdowns(state),
            "small_animals": {p: len(state.animals[p]) for p in state.players},
            "to_act": sorted(self.to_act(state)),
            "active": active,
            "phase": str(state.phase),
            "queue": list(state.queue),
            "deck": len(state.deck),
            "discarded": len(state.discards),
            "small_stacks": {s: state.stacks[s] for s in SPECIES},
            "large_stacks": {s: list(v) for s, v in state.large_stacks.items()},
            "placed_this_turn": [pos_key(s) for s in state.fresh],
            "legal_positions": legal_positions,
            "waived": waived,
            "large_options": ([str(Large(shape, sites)) for shape, sites in
                               large_options(state, active)]
                              if active is not None and state.phase == Phase.LARGE else []),
            "resigned": list(state.resigned),
            "last": plain_copy(state.last),
            "over": state.over,
            "result": result.to_dict() if result else None,
        }

    def resample(self, state: AquaState, player: str | None, seed: int | str) -> AquaState:
        # Only the deck order and the box are unseen; everything else is public.
        new = state.copy()
        rng = Rng(seed_to_int(seed))
        pool = new.deck + new.box
        rng.shuffle(pool)
        new.deck = pool[:len(state.deck)]
        new.box = sorted(pool[len(state.deck):])
        new.rng = rng.state
        return new

    # ----- words ----------------------------------------------------------------------------

    def describe(self, before: AquaState, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> Text:
        try:
            parsed = self.parse_move(move)
            after = self._apply(before, player, parsed)
        except IllegalMove:
            return words.played(move)
        return words.describe(before, after, parsed, names or {})

    def prompt(self, state: AquaState, player: str,
               names: Mapping[str, str] | None = None) -> Text:
        example = "take 1 at 0,1 rot 0"
        if state.phase == Phase.LARGE and player == state.active:
            options = large_options(state, player)
            example = str(Large(*options[0])) if options else "large pair 0,1 1,1"
        elif not state.over and player == state.active:
            found = self.suggest(state, player, "", 1)
            if found:
                example = found[0][0]
        return words.prompt(state, player, names or {}, example, self.snail_allowed(state))

    def result_lines(self, result: Result, names: Mapping[str, str]) -> list[Text]:
        return words.result_lines(result, names)

    def suggest(self, state: AquaState, player: str, typed: str,
                limit: int = 25) -> list[tuple[str, str]]:
        """Legal moves matching ``typed``; the best placement of each market slot first."""
        return advice_suggest(self, state, player, typed, limit)

    def suggestions(self, state: AquaState, player: str) -> Suggestions:
        return AquaSuggestions(self, state, player)

    def choices(self, state: AquaState, player: str) -> dict[str, Any]:
        """Legal moves grouped for buttons: market slot, then position (best first), then
        rotation; or the large-animal placements and ``done``. Empty if ``player`` can't act.

        ``{"phase": "take", "slots": [{"slot": 1, "tile": "BGR", "positions": {"1,-2": [0, 2]}}],
        "snail": True}`` or ``{"phase": "large", "large": ["large pair 0,1 1,1"], "done": True}``;
        the move is ``take {slot} at {position} rot {rotation}``.
        """
        return advice_choices(self, state, player)

    # ----- what the bot offers ---------------------------------------------------------------

    def buttons(self, state: AquaState, player: str, path: str = "") -> list[Button]:
        """A menu so nobody types coordinates: market slot, then position (best first), then
        rotation; in the large-animal step the legal placements and Done."""
        return words.buttons(self.choices(state, player), path)

    def turn_complete(self, before: AquaState, after: AquaState, player: str) -> bool:
        """Taking a tile that opens the large-animal step is told only to the player."""
        return not (after.phase == Phase.LARGE and after.active == player)

    def pass_move(self, state: AquaState, player: str) -> str | None:
        """Skipping the optional large animal (``done``); a tile must always be taken."""
        return str(Done()) if state.phase == Phase.LARGE and state.active == player else None

    # ----- serialisation --------------------------------------------------------------------

    def _to_json(self, state: AquaState) -> dict[str, Any]:
        return to_json(state)

    def _from_json(self, data: dict[str, Any]) -> AquaState:
        return from_json(data)


register(Aqua(), listed=3, renderer="renderers.aqua:RECORD",
         policy="games.aqua.policy:AquaPolicy")
