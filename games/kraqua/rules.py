"""Kraqua's moves applied: every kind of move checked against the state and played out, then
the flow that needs no decision (the end of a turn, the round-end draws, Kraqua's theft, the
board changes, a new round). :func:`play` is the engine's ``_apply``, with the events.

Each ``_do_*`` checks legality against the already-copied state and changes it in place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import IllegalMove
from ..rng import Rng
from ..text import Notation, Text, plural, translator
from .board import (FISH, GATE_AFTER, GEM_COLOURS, GOAL, ROWS, SIDES, special,
                    tile_animal)
from .notation import (
    Dolphin,
    Draw,
    Fish,
    Gem,
    Jelly,
    Keep,
    Kind,
    KraquaMove,
    Lay,
    Pass,
    Reroll,
    Shark,
    Shell,
    Skip,
    Take,
    lay,
)
from .state import (
    COLOUR_WORDS,
    CRITERION_WORDS,
    FISH_WORDS,
    MAX_SHELLS,
    ROW_WORDS,
    WITH_ANIMAL,
    KraquaState,
    Phase,
    Seat,
    Status,
    Step,
    Tile,
    animal_name,
    chip_letter,
    chip_name,
    colours,
    field_word,
    fish_colours,
    free_moves,
    gate_of,
    is_protected,
    needed,
    next_spot,
    rear_spot,
    record,
    said as said_event,
    shark_usable,
    still_needed,
    target,
    tile_text,
)
from .turns import legal_moves, step_of, turn_tile
from .words import hint

_ = translator("kraqua")
_n = plural(_)


def said(move: str) -> Notation:
    """A move a refusal names (what was tried, what to write): in the reader's words."""
    return Notation("kraqua", move)

#: Which moves each step of the game accepts.
STEP_KINDS: Mapping[Step, frozenset[Kind]] = {
    Step.LAY: frozenset({Kind.LAY}),
    Step.MOVE: frozenset({Kind.FISH, Kind.SHELL, Kind.JELLY, Kind.SKIP}),
    Step.REROLL: frozenset({Kind.REROLL, Kind.KEEP}),
    Step.GEM: frozenset({Kind.GEM}),
    Step.SPECIAL: frozenset({Kind.DOLPHIN, Kind.SHARK, Kind.PASS}),
    Step.DRAW: frozenset({Kind.DRAW}),
    Step.TAKE: frozenset({Kind.TAKE}),
}


def play(state: KraquaState, player: str, move: KraquaMove
          ) -> tuple[KraquaState, list[Text]]:
    """The state after ``move`` and what happened, as sentences (seats as :class:`Seat`)."""
    step = step_of(state, player)
    assert step is not None  # check_can_act ran first
    if move.kind not in STEP_KINDS[step]:
        raise IllegalMove(_("{move} is not possible now: {hint}", move=said(str(move)),
                            hint=hint(step, legal_moves(state, player))))
    new = state.copy()
    events: list[Text] = []
    rng = Rng(new.rng)
    if new.phase == Phase.TURN and new.current is None:
        new.current = player
        new.step = step
        new.turn_tile = new.tiles[player]
        new.laid = False
    _HANDLERS[move.kind](new, player, move, rng, events)
    new.rng = rng.state
    _advance(new, rng, events)
    new.rng = rng.state
    new.last = {"player": player, "move": str(move), "events": [record(e) for e in events],
                "said": [said_event(e) for e in events]}
    return new, events


def _do_lay(s: KraquaState, player: str, m: Lay, rng: Rng,
            ev: list[Text]) -> None:
    spot = next_spot(s, m.row)
    if spot is None:
        other = [r for r in ROWS if next_spot(s, r) is not None]
        words = dict(row=ROW_WORDS[m.row], front=s.fronts[m.row])
        if other:
            raise IllegalMove(_("the {row} row has no free spot on the revealed board (front "
                                "at spot {front}): {move}", move=said(lay(other[0])), **words))
        raise IllegalMove(_("the {row} row has no free spot on the revealed board (front at "
                            "spot {front})", **words))
    tile = s.turn_tile
    assert tile is not None
    s.rows[m.row][spot] = tile
    s.fronts[m.row] = spot
    s.tiles[player] = None
    s.laid = True
    s.step = Step.MOVE
    ev.append(_("laid {tile} on {row} spot {spot}", tile=tile_text(tile), row=ROW_WORDS[m.row],
                spot=spot))


def _do_fish(s: KraquaState, player: str, m: Fish, rng: Rng,
             ev: list[Text]) -> None:
    animal = tile_animal(*turn_tile(s, player))
    _move_fish(s, player, m, animal, False, rng, ev)


def _do_shell(s: KraquaState, player: str, m: Shell, rng: Rng,
              ev: list[Text]) -> None:
    chip = chip_letter(s, player)
    animal = tile_animal(*turn_tile(s, player))
    if chip == animal:
        raise IllegalMove(_("your chip shows the tile's animal ({animal}): move for free with "
                            "{move}", animal=animal_name(chip), move=said(str(Fish(m.fish)))))
    _move_fish(s, player, m, chip, True, rng, ev)


def _do_jelly(s: KraquaState, player: str, m: Jelly, rng: Rng,
              ev: list[Text]) -> None:
    if s.chips[player] != "jellyfish":
        raise IllegalMove(_("only the jellyfish chip may choose the animal (yours is the "
                            "{chip}): write {fish} or {shell}", chip=chip_name(s.chips[player]),
                            fish=said(str(Fish(m.fish))), shell=said(str(Shell(m.fish)))))
    animal = tile_animal(*turn_tile(s, player))
    if m.animal == animal:
        raise IllegalMove(_("{animal} is your tile's animal: move for free with {move}",
                            animal=animal_name(animal), move=said(str(Fish(m.fish)))))
    if m.animal == "J":
        raise IllegalMove(_("the jellyfish is your chip's animal: write {move}",
                            move=said(str(Shell(m.fish)))))
    _move_fish(s, player, m, m.animal, True, rng, ev)


def _do_skip(s: KraquaState, player: str, m: Skip, rng: Rng,
             ev: list[Text]) -> None:
    animal = tile_animal(*turn_tile(s, player))
    movable = free_moves(s, animal)
    if movable:
        raise IllegalMove(_("a fish can move {by}, so you must move one: {move}",
                            by=WITH_ANIMAL[animal],
                            move=said(str(Fish(movable[0])))))
    ev.append(_("could not move a fish {by}", by=WITH_ANIMAL[animal]))
    _end_turn(s, player, ev)


def _move_fish(s: KraquaState, player: str, m: Fish | Shell | Jelly, animal: str, pays: bool,
               rng: Rng, ev: list[Text]) -> None:
    if pays and s.shells < 1:
        raise IllegalMove(_("the team has no shell to pay for {move}: move with your tile "
                            "(fish …) instead", move=said(str(m))))
    dest, why = target(s, m.fish, animal)
    if dest is None:
        raise IllegalMove(why)
    start = s.fish[m.fish]
    gate = s.revealed - 1
    s.fish[m.fish] = dest
    s.moved = m.fish
    how = WITH_ANIMAL[animal]
    if isinstance(m, Shell):
        how = _("{by} (shell move)", by=how)
    elif isinstance(m, Jelly):
        how = _("{by} (jellyfish, a shell)", by=how)
    words = dict(fish=FISH_WORDS[m.fish], by=how, src=field_word(start), dst=field_word(dest))
    if start <= GATE_AFTER[gate] < dest:
        s.passed[gate].append(m.fish)
        ev.append(_("moved {fish} {by} from {src} to {dst}, through gate {gate}",
                    gate=gate + 1, **words))
    else:
        ev.append(_("moved {fish} {by} from {src} to {dst}", **words))
    if pays:
        _pay_shell(s, player, rng, ev)
    if is_protected(s, dest):
        ev.append(_("it is protected"))
        _after_check(s, player, ev)
        return
    colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
    rolled = _("it is unprotected: Kraqua rolls {colour}", colour=COLOUR_WORDS[colour])
    if s.chips[player] == "seahorse":
        s.roll = colour
        s.step = Step.REROLL
        ev.append(rolled)
        return
    _roll_stands(s, player, colour, rolled, ev)


def _roll_stands(s: KraquaState, player: str, colour: str, said: Text,
                 ev: list[Text]) -> None:
    """Kraqua's roll stands (told as ``said``): it robs ``colour``, and the turn goes on to the
    special field unless the game ended or a gem must be chosen first."""
    ev.append(said)
    if _rob(s, colour, ev):
        _after_check(s, player, ev)


def _pay_shell(s: KraquaState, player: str, rng: Rng, ev: list[Text]) -> None:
    s.shells -= 1
    if s.chips[player] == "crab":
        if rng.randbelow(2) == 0:
            s.shells += 1
            ev.append(_("the crab flips the shell: it lands shell up and stays"))
        else:
            ev.append(_("the crab flips the shell: water side, it is gone"))


def _rob(s: KraquaState, colour: str, ev: list[Text]) -> bool:
    """Move a ``colour`` gem to the cave; False if the game ended or a choice is due."""
    chest = s.gems["chest"]
    if sum(chest.values()) == 0:
        finish(s, Status.LOST, "chest")
        ev.append(_("the chest is empty: Kraqua has everything. The game is lost"))
        return False
    if chest[colour] == 0:
        s.step = Step.GEM
        ev.append(_("no {colour} gem left in the chest: a gem must be chosen",
                    colour=COLOUR_WORDS[colour]))
        return False
    _to_cave(s, colour, ev)
    return not s.over


def _to_cave(s: KraquaState, colour: str, ev: list[Text]) -> None:
    s.gems["chest"][colour] -= 1
    s.gems["cave"][colour] += 1
    cave = sum(s.gems["cave"].values())
    ev.append(_("a {colour} gem goes to Kraqua's cave ({cave}/{limit})",
                colour=COLOUR_WORDS[colour], cave=cave, limit=s.cave_limit))
    if cave >= s.cave_limit:
        finish(s, Status.LOST, "cave")
        ev.append(_("Kraqua's cave is full: the game is lost"))


def _do_reroll(s: KraquaState, player: str, m: Reroll, rng: Rng,
               ev: list[Text]) -> None:
    colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
    s.roll = None
    _roll_stands(s, player, colour,
                 _("the seahorse rolls again: {colour}", colour=COLOUR_WORDS[colour]), ev)


def _do_keep(s: KraquaState, player: str, m: Keep, rng: Rng,
             ev: list[Text]) -> None:
    colour = s.roll
    assert colour is not None
    s.roll = None
    _roll_stands(s, player, colour, _("keeps {colour}", colour=COLOUR_WORDS[colour]), ev)


def _do_gem(s: KraquaState, player: str, m: Gem, rng: Rng,
            ev: list[Text]) -> None:
    if s.gems["chest"][m.gem] == 0:
        left = [c for c in GEM_COLOURS if s.gems["chest"][c] > 0]
        raise IllegalMove(_("there is no {colour} gem in the chest: choose one of {left}",
                            colour=COLOUR_WORDS[m.gem], left=colours(left)))
    ev.append(_("chose {colour} for Kraqua", colour=COLOUR_WORDS[m.gem]))
    _to_cave(s, m.gem, ev)
    if s.over:
        return
    if s.phase == Phase.STEAL:
        s.step = None
        s.steal.pop(0)
    else:
        _after_check(s, player, ev)


def _after_check(s: KraquaState, player: str, ev: list[Text]) -> None:
    """Step 4, the special field the moved fish ended on, then the end of the turn."""
    assert s.moved is not None
    kind = special(s.fish[s.moved])
    if kind == "shell":
        if s.shells < MAX_SHELLS:
            s.shells += 1
            ev.append(_("shell field: the team gains a shell ({shells})", shells=s.shells))
        else:
            ev.append(_("shell field, but the team holds {max} shells already", max=MAX_SHELLS))
    elif kind == "dolphin" and s.shells > 0 and sum(s.gems["chest"].values()) > 0:
        s.step = Step.SPECIAL
        ev.append(_("dolphin field: a shell may hide a gem"))
        return
    elif kind == "shark" and s.shells > 0 and shark_usable(s):
        s.step = Step.SPECIAL
        ev.append(_("shark field: a shell may win a gem back"))
        return
    elif kind == "shark" and s.shells > 0 and sum(s.gems["cave"].values()) > 0:
        ev.append(_("shark field, but Kraqua's cave holds no gem the hideout still needs "
                    "({needs})", needs=colours(still_needed(s))))
    _end_turn(s, player, ev)


def _special_kind(s: KraquaState, m: Dolphin | Shark) -> None:
    kind = special(s.fish[s.moved]) if s.moved else None
    if m.kind != kind:
        fish = FISH_WORDS.get(s.moved or "", "?")
        if kind == "dolphin":
            raise IllegalMove(_("{fish} is on a dolphin field, not a shark field: write "
                                "dolphin <colour> or pass", fish=fish))
        raise IllegalMove(_("{fish} is on a shark field, not a dolphin field: write "
                            "shark <colour> or pass", fish=fish))


def _do_dolphin(s: KraquaState, player: str, m: Dolphin, rng: Rng,
                ev: list[Text]) -> None:
    _special_kind(s, m)
    if s.gems["chest"][m.gem] == 0:
        left = [c for c in GEM_COLOURS if s.gems["chest"][c] > 0]
        raise IllegalMove(_("there is no {colour} gem in the chest to hide: choose one of "
                            "{left}", colour=COLOUR_WORDS[m.gem], left=colours(left)))
    s.gems["chest"][m.gem] -= 1
    s.gems["hideout"][m.gem] += 1
    ev.append(_("the dolphin takes a {colour} gem to the hideout", colour=COLOUR_WORDS[m.gem]))
    _pay_shell(s, player, rng, ev)
    _end_turn(s, player, ev)


def _do_shark(s: KraquaState, player: str, m: Shark, rng: Rng,
              ev: list[Text]) -> None:
    _special_kind(s, m)
    if not shark_usable(s):
        raise IllegalMove(_("{move} is refused: the shark helps only while Kraqua's cave holds "
                            "a gem the hideout still needs ({needs}); write pass",
                            move=said(str(m)), needs=colours(still_needed(s))))
    if s.gems["cave"][m.gem] == 0:
        left = [c for c in GEM_COLOURS if s.gems["cave"][c] > 0]
        raise IllegalMove(_("there is no {colour} gem in the cave: choose one of {left}",
                            colour=COLOUR_WORDS[m.gem], left=colours(left)))
    s.gems["cave"][m.gem] -= 1
    s.gems["chest"][m.gem] += 1
    ev.append(_("the shark brings a {colour} gem back from the cave to the chest",
                colour=COLOUR_WORDS[m.gem]))
    _pay_shell(s, player, rng, ev)
    _end_turn(s, player, ev)


def _do_pass(s: KraquaState, player: str, m: Pass, rng: Rng,
             ev: list[Text]) -> None:
    ev.append(_("passed on the special field"))
    _end_turn(s, player, ev)


def _end_turn(s: KraquaState, player: str, ev: list[Text]) -> None:
    if not s.laid and s.turn_tile is not None:
        s.box.append(s.turn_tile[0])
        s.tiles[player] = None
        ev.append(_("no reef spot was free: tile {tile} goes to the box", tile=s.turn_tile[0]))
    s.played.append(player)
    s.last_mover = player
    s.current = None
    s.step = None
    s.turn_tile = None
    s.laid = False
    s.moved = None
    s.roll = None
    if all(pos in GOAL for pos in s.fish.values()):
        finish(s, Status.WON if _hidden_all(s) else Status.ALMOST, "goal")
        ev.append(_("all three fish are in the goal"))  # the sentence ends with the move
        return
    if all(t is None for t in s.tiles.values()):
        _round_end(s, ev)


def _hidden_all(s: KraquaState) -> bool:
    return all(s.gems["hideout"][c] > 0 for c in needed(s))

# ----- round end ------------------------------------------------------------------------


def _round_end(s: KraquaState, ev: list[Text]) -> None:
    assert s.last_mover is not None
    i = s.players.index(s.last_mover)
    s.phase = Phase.DRAW
    s.queue = list(s.players[i:] + s.players[:i])
    ev.append(_("round {round} is over: everyone draws a tile, the last mover first",
                round=s.round))


def _do_draw(s: KraquaState, player: str, m: Draw, rng: Rng,
             ev: list[Text]) -> None:
    turtle = s.chips[player] == "turtle"
    if turtle and m.side is None:
        raise IllegalMove(_("you hold the turtle: choose the side of tile {tile}, {a} or {b}",
                            tile=s.drawing, a=said("draw A"), b=said("draw B")))
    if not turtle and m.side is not None:
        raise IllegalMove(_("only the turtle chooses the side of a drawn tile: write {move}",
                            move=said("draw")))
    if turtle:
        assert s.drawing is not None and m.side is not None
        tile: Tile = (s.drawing, m.side)
        s.drawing = None
    else:
        tile = (s.stack.pop(), SIDES[rng.randbelow(2)])
    s.tiles[player] = tile
    s.queue.pop(0)
    ev.append(_("drew {tile}", tile=tile_text(tile)))


def _do_take(s: KraquaState, player: str, m: Take, rng: Rng,
             ev: list[Text]) -> None:
    turtle = s.chips[player] == "turtle"
    spot = rear_spot(s, m.row)
    if spot is None:
        other = [r for r in ROWS if s.rows[r]]
        if other:
            raise IllegalMove(_("the {row} row is empty: {move}", row=ROW_WORDS[m.row],
                                move=said(str(Take(other[0])))))
        raise IllegalMove(_("the {row} row is empty", row=ROW_WORDS[m.row]))
    if turtle and m.side is None:
        raise IllegalMove(_("you hold the turtle: choose the side too, {a} or {b}",
                            a=said(str(Take(m.row, "A"))), b=said(str(Take(m.row, "B")))))
    if not turtle and m.side is not None:
        raise IllegalMove(_("only the turtle may turn a taken tile: write {move}",
                            move=said(str(Take(m.row)))))
    number, side = s.rows[m.row].pop(spot)
    tile: Tile = (number, m.side or side)
    s.tiles[player] = tile
    s.queue.pop(0)
    ev.append(_("took the rearmost tile of the {row} row (spot {spot}): {tile}",
                row=ROW_WORDS[m.row], spot=spot, tile=tile_text(tile)))


def _advance(s: KraquaState, rng: Rng, ev: list[Text]) -> None:
    """Run everything that needs no decision: sit-outs, Kraqua's theft, board changes."""
    while not s.over:
        if s.phase == Phase.DRAW:
            if not s.queue:
                s.phase = Phase.STEAL
                s.steal = [c for c in FISH if not is_protected(s, s.fish[c])]
                if s.steal:
                    ev.append(_n("Kraqua robs {n} unprotected fish: {fish}",
                                 "Kraqua robs {n} unprotected fish: {fish}", len(s.steal),
                                 fish=fish_colours(s.steal)))
                continue
            head = s.queue[0]
            if s.stack:
                if s.chips[head] == "turtle" and s.drawing is None:
                    s.drawing = s.stack.pop()
                    ev.append(_("the turtle draws tile {tile} and picks its side",
                                tile=s.drawing))
                return
            if s.drawing is not None or any(s.rows[r] for r in ROWS):
                return
            s.queue.pop(0)
            ev.append(_("no tile is left for {seat}: they sit out the next round",
                        seat=Seat(head)))
            continue
        if s.phase == Phase.STEAL:
            if s.step == Step.GEM:
                return
            if s.steal:
                colour = GEM_COLOURS[rng.randbelow(len(GEM_COLOURS))]
                ev.append(_("Kraqua's die shows {colour}", colour=COLOUR_WORDS[colour]))
                if _rob(s, colour, ev):
                    s.steal.pop(0)
                elif _gem_due(s):
                    ev.append(_("the last mover chooses the gem"))
                continue
            _board_change(s, ev)
            _new_round(s, ev)
        return


def _gem_due(s: KraquaState) -> bool:
    """A gem must be chosen (the rolled colour is gone from the chest)."""
    return s.step == Step.GEM


def _board_change(s: KraquaState, ev: list[Text]) -> None:
    gate = s.revealed - 1
    if len(s.passed[gate]) < len(FISH) or s.revealed >= 3:
        return
    if s.revealed == 1:
        lost = len(s.stack)
        s.box.extend(s.stack)
        s.stack = []
        ev.append(_n("all fish passed gate 1: the board unfolds to field 40 and gate 2 "
                     "shows; {n} tile of the stack is lost",
                     "all fish passed gate 1: the board unfolds to field 40 and gate 2 "
                     "shows; {n} tiles of the stack are lost", lost))
    else:
        lost = 0
        for r in ROWS:
            for spot in [k for k in s.rows[r] if k <= 8]:
                s.box.append(s.rows[r].pop(spot)[0])
                lost += 1
        ev.append(_n("all fish passed gate 2: the board folds, the goal and gate 3 show; "
                     "{n} tile on spots 1-8 is lost",
                     "all fish passed gate 2: the board folds, the goal and gate 3 show; "
                     "{n} tiles on spots 1-8 are lost", lost))
    s.revealed += 1
    s.passed.append([])
    criterion, reverse = s.gates[s.revealed - 1]
    ev.append(_("gate {gate} ({criterion}): {order}", gate=s.revealed,
                criterion=CRITERION_WORDS[criterion],
                order=fish_colours(gate_of(s, s.revealed - 1))))


def _new_round(s: KraquaState, ev: list[Text]) -> None:
    s.phase = Phase.TURN
    s.step = None
    s.steal = []
    s.played = []
    s.round += 1
    if all(t is None for t in s.tiles.values()):
        finish(s, Status.LOST, "tiles")
        ev.append(_("no seat holds a reef tile any more: the fish are stuck. The game is lost"))
        return
    ev.append(_("round {round} begins", round=s.round))


def finish(s: KraquaState, status: Status, reason: str) -> None:
    s.status = status
    s.reason = reason
    s.phase = Phase.OVER
    s.current = None
    s.step = None
    s.queue = []
    s.steal = []
    s.roll = None


#: The handler of each kind of move.
_HANDLERS: Mapping[Kind, Callable[[KraquaState, str, Any, Rng, list[Text]], None]] = {
    Kind.LAY: _do_lay, Kind.FISH: _do_fish, Kind.SHELL: _do_shell, Kind.JELLY: _do_jelly,
    Kind.SKIP: _do_skip, Kind.REROLL: _do_reroll, Kind.KEEP: _do_keep, Kind.GEM: _do_gem,
    Kind.DOLPHIN: _do_dolphin, Kind.SHARK: _do_shark, Kind.PASS: _do_pass, Kind.DRAW: _do_draw,
    Kind.TAKE: _do_take,
}
