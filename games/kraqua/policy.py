"""A sensible greedy team for Kraqua: ranks ``suggest`` and plays the balance simulation.

It never peeks at hidden information: plans are scored on the fields, tiles and gems
everybody sees, with dice as expectations (the state's RNG is never consulted). Every
decision is one-ply: each option is played out deterministically up to the Kraqua check
and the position is scored with :func:`value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text import Text, translator
from .board import (
    FISH,
    GATE_AFTER,
    GEM_COLOURS,
    GOAL,
    ROWS,
    SIDES,
    field_name,
    special,
    tile_animal,
    tile_cells,
)
from .game import (
    COLOUR_WORDS,
    MAX_SHELLS,
    KraquaState,
    chip_letter,
    is_protected,
    needed,
    next_spot,
    parse_move,
    rear_spot,
    target,
    tile_text,
)

if TYPE_CHECKING:
    from .game import Kraqua

_ = translator("kraqua")
#: The special field a move ends on, as a word in a label.
SPECIAL_WORDS = {"shell": _("shell"), "dolphin": _("dolphin"), "shark": _("shark")}

PROGRESS = 1.0  # per field a fish moves forward
GATE_BONUS = 4.0  # a fish through the current gate
THEFT = 7.0  # a gem Kraqua takes (grows as the cave fills)
SHELL = 2.5  # a shell in the team's pool
HIDDEN = 14.0  # a needed gem safe in the hideout
COVER = 0.4  # a protected field just ahead of the fish
RESERVE = 2.0  # extra worth of a shell kept for the dolphin while the hideout lacks gems
NEAR = 2.5  # a fish one move away from a free dolphin field, while the hideout lacks gems
REAR = 1.0  # extra worth of the rearmost fish's progress: stragglers lose their reef


def theft_cost(s: KraquaState) -> float:
    """What one more gem in the cave costs: dearer close to the limit."""
    cave = sum(s.gems["cave"].values())
    left = max(1, s.cave_limit - cave)
    return THEFT * (1 + 3 / left)


def unprotected(s: KraquaState) -> list[str]:
    return [c for c in FISH if not is_protected(s, s.fish[c])]


def value(s: KraquaState) -> float:
    """Deterministic worth of a position for the team (higher is better)."""
    v = 0.0
    gate = s.revealed - 1
    for c in FISH:
        pos = s.fish[c]
        v += PROGRESS * min(pos, GOAL[-1] + 1)
        if c in s.passed[gate]:
            v += GATE_BONUS
    v -= theft_cost(s) * len(unprotected(s))
    need = needed(s)
    missing = sum(1 for c in need if s.gems["hideout"][c] == 0)
    v += (SHELL + RESERVE * min(missing, 2)) * min(s.shells, missing + 2) \
        + 0.5 * max(0, s.shells - missing - 2)
    v += HIDDEN * (len(need) - missing)
    if missing:
        v += NEAR * _dolphin_threats(s)
    v -= HIDDEN * 0.5 * sum(1 for c in need if s.gems["cave"][c] > 0 and s.gems["hideout"][c] == 0)
    rear = min(s.fish.values())
    v += REAR * min(rear, GOAL[-1] + 1)
    v += COVER * sum(1 for f in range(max(rear, 5), min(rear + 10, 41)) if is_protected(s, f))
    return v


def _dolphin_threats(s: KraquaState) -> int:
    """Fish that some animal would bring onto a free dolphin field next move."""
    from .board import ANIMALS, DOLPHIN_FIELDS

    count = 0
    taken = set(s.fish.values())
    for c in FISH:
        pos = s.fish[c]
        for d in DOLPHIN_FIELDS:
            if pos < d <= pos + 6 and d not in taken:
                if any(target(s, c, a)[0] == d for a in ANIMALS):
                    count += 1
    return count


def gem_harm(s: KraquaState, colour: str) -> float:
    """How bad it is for the team when Kraqua takes a ``colour`` gem (0 = harmless)."""
    if s.gems["chest"][colour] == 0:
        return min(gem_harm(s, c) for c in GEM_COLOURS if s.gems["chest"][c] > 0) \
            if sum(s.gems["chest"].values()) else 0.0
    harm = 0.0
    if colour in needed(s) and s.gems["hideout"][colour] == 0:
        harm += 10.0 / s.gems["chest"][colour]
    return harm


def best_gem(s: KraquaState) -> str:
    """The gem the team gives Kraqua when it may choose: harmless and plentiful."""
    options = [c for c in GEM_COLOURS if s.gems["chest"][c] > 0]
    return min(options, key=lambda c: (gem_harm(s, c), -s.gems["chest"][c]))


def _special_bonus(s: KraquaState, pos: int, shells: int) -> float:
    kind = special(pos)
    if kind == "shell":
        return SHELL if shells < MAX_SHELLS else 0.0
    if shells < 1:
        return 0.0
    need = needed(s)
    if kind == "dolphin":
        if any(s.gems["chest"][c] > 0 and s.gems["hideout"][c] == 0 for c in need):
            return HIDDEN - SHELL
    if kind == "shark":
        if any(s.gems["cave"][c] > 0 and s.gems["hideout"][c] == 0 for c in need):
            return HIDDEN * 0.5 - SHELL
        if sum(s.gems["cave"].values()) >= s.cave_limit - 3:
            return theft_cost(s) - SHELL
    return 0.0


def plan_score(game: Kraqua, s: KraquaState, seat: str, row: str | None, move: str) -> float:
    """Worth of laying in ``row`` (None: no lay) and then playing ``move`` (a move step)."""
    t = s.copy()
    tile = t.turn_tile if t.current == seat and t.turn_tile is not None else t.tiles[seat]
    assert tile is not None
    if row is not None:
        spot = next_spot(t, row)
        assert spot is not None
        t.rows[row][spot] = tile
        t.fronts[row] = spot
    m = parse_move(move)
    bonus = 0.0
    if m.kind == "skip":
        return value(t)
    assert m.fish is not None
    animal = {"fish": tile_animal(*tile), "shell": chip_letter(t, seat)}.get(m.kind, m.animal)
    assert animal is not None
    dest, _why = target(t, m.fish, animal)
    if dest is None:
        return float("-inf")
    if m.kind != "fish":
        t.shells -= 1
        if t.chips[seat] == "crab":
            bonus += SHELL / 2
    gate = t.revealed - 1
    if s.fish[m.fish] <= GATE_AFTER[gate] < dest:
        t.passed[gate] = t.passed[gate] + [m.fish]
    t.fish[m.fish] = dest
    if not is_protected(t, dest):
        risk = theft_cost(t)
        if t.chips[seat] == "seahorse":
            risk *= 0.8
        bonus -= risk
    bonus += _special_bonus(t, dest, t.shells)
    return value(t) + bonus


def best_plan(game: Kraqua, s: KraquaState, seat: str) -> tuple[float, str | None, str]:
    """The best (score, row to lay, move) for ``seat``'s turn from its current step."""
    step = game.step_of(s, seat)
    if step == "lay":
        rows: Sequence[str | None] = [r for r in ROWS if next_spot(s, r) is not None]
        scratch = s.copy()
        if scratch.current is None:
            scratch.current, scratch.turn_tile = seat, scratch.tiles[seat]
    else:
        rows, scratch = [None], s
    best: tuple[float, str | None, str] = (float("-inf"), None, "skip")
    for row in rows:
        t = scratch
        if row is not None:
            t = scratch.copy()
            spot = next_spot(t, row)
            assert spot is not None and t.turn_tile is not None
            t.rows[row][spot] = t.turn_tile
            t.fronts[row] = spot
            t.tiles[seat] = None
            t.laid, t.step = True, "move"
        for move in game._move_options(t, seat):
            score = plan_score(game, t, seat, None, move)
            if row is not None:
                # a row's balance matters beyond this turn: reef pairs protect
                other = "o" if row == "i" else "i"
                score -= 0.3 * max(0, t.fronts[row] - t.fronts[other] - 1)
            if score > best[0]:
                best = (score, row, move)
    return best


def choose_seat(game: Kraqua, s: KraquaState) -> str:
    """Which of the seats that may start a turn should go now."""
    acting = sorted(game.to_act(s), key=s.players.index)
    if len(acting) == 1 or s.current is not None or s.phase != "turn":
        return acting[0]
    return max(acting, key=lambda p: best_plan(game, s, p)[0])


def choose(game: Kraqua, s: KraquaState, seat: str) -> str:
    """The greedy team's move for ``seat`` now."""
    step = game.step_of(s, seat)
    moves = game.legal_moves(s, seat)
    if step in ("lay", "move"):
        _score, row, move = best_plan(game, s, seat)
        return f"lay {row}" if step == "lay" else move
    if step == "reroll":
        assert s.roll is not None
        expected = sum(gem_harm(s, c) for c in GEM_COLOURS) / len(GEM_COLOURS)
        return "reroll" if gem_harm(s, s.roll) > expected else "keep"
    if step == "gem":
        return f"gem {best_gem(s)}"
    if step == "special":
        return _special_choice(s, moves)
    if step == "draw":
        if moves == ["draw"]:
            return "draw"
        assert s.drawing is not None
        side = max(SIDES, key=lambda x: _side_worth(s, s.drawing or 1, x))
        return f"draw {side}"
    return _take_choice(s, seat, moves)


def _side_worth(s: KraquaState, tile: int, side: str) -> float:
    return tile_cells(tile, side).count("#")


def _special_choice(s: KraquaState, moves: list[str]) -> str:
    need = needed(s)
    for m in moves:
        kind, _sep, colour = m.partition(" ")
        if kind == "dolphin" and colour in need and s.gems["hideout"][colour] == 0:
            return m
        if kind == "shark" and colour in need and s.gems["hideout"][colour] == 0:
            return m
    sharks = [m for m in moves if m.startswith("shark ")]
    if sharks and sum(s.gems["cave"].values()) >= s.cave_limit - 3:
        return sharks[0]
    return "pass"


def _take_choice(s: KraquaState, seat: str, moves: list[str]) -> str:
    """Take the rear tile that protects the fewest fish now."""
    def cost(move: str) -> tuple[int, int]:
        m = parse_move(move)
        assert m.row is not None
        t = s.copy()
        spot = rear_spot(t, m.row)
        assert spot is not None
        number, side = t.rows[m.row].pop(spot)
        worth = -tile_cells(number, m.side or side).count("#")
        return len(unprotected(t)), worth
    return min(moves, key=cost)


def rank_moves(game: Kraqua, s: KraquaState, seat: str, moves: list[str]
               ) -> list[tuple[str, Text]]:
    """``moves`` with short labels, the greedy team's favourite first."""
    step = game.step_of(s, seat)
    favourite = choose(game, s, seat) if moves else None
    scored: list[tuple[float, int, str, Text]] = []
    for i, move in enumerate(moves):
        score = 0.0
        if step in ("lay", "move"):
            row = parse_move(move).row if step == "lay" else None
            if step == "lay":
                t = s.copy()
                if t.current is None:
                    t.current, t.turn_tile = seat, t.tiles[seat]
                spot = next_spot(t, row or "i")
                label = _("{move} · spot {spot}", move=move, spot=spot)
                score = _best_after_lay(game, t, seat, row or "i")
            else:
                score = plan_score(game, s, seat, None, move)
                label = _move_label(game, s, seat, move)
        else:
            label = _step_label(s, move)
        if move == favourite:
            score = float("inf")
        scored.append((-score, i, move, label))
    scored.sort()
    return [(move, label) for _score, _i, move, label in scored]


def _step_label(s: KraquaState, move: str) -> Text:
    """What a move of the other steps (die, gem, special field, draw) does, in a few words."""
    m = parse_move(move)
    if m.kind == "reroll":
        return _("{move} · roll once more (the last roll counts)", move=move)
    if m.kind == "keep":
        return _("{move} · the roll stays {colour}", move=move,
                 colour=COLOUR_WORDS.get(s.roll or "", "?"))
    if m.kind == "gem":
        assert m.gem is not None
        return _("{move} · to Kraqua's cave ({n} in the chest)", move=move,
                 n=s.gems["chest"][m.gem])
    if m.kind == "dolphin":
        return _("{move} · from the chest to the hideout", move=move)
    if m.kind == "shark":
        return _("{move} · from the cave back to the chest", move=move)
    if m.kind == "pass":
        return _("{move} · keep the shell", move=move)
    if m.kind == "draw":
        if m.side is None or s.drawing is None:
            return _("{move} · the top tile, a random side", move=move)
        return _("{move} · {tile}", move=move, tile=tile_text((s.drawing, m.side)))
    assert m.kind == "take" and m.row is not None
    spot = rear_spot(s, m.row)
    if spot is None:
        return _("{move} · the rearmost tile", move=move)
    number, side = s.rows[m.row][spot]
    return _("{move} · {tile}", move=move, tile=tile_text((number, m.side or side)))


def _best_after_lay(game: Kraqua, s: KraquaState, seat: str, row: str) -> float:
    t = s.copy()
    spot = next_spot(t, row)
    assert spot is not None and t.turn_tile is not None
    t.rows[row][spot] = t.turn_tile
    t.fronts[row] = spot
    t.tiles[seat] = None
    t.laid, t.step = True, "move"
    return max(plan_score(game, t, seat, None, m) for m in game._move_options(t, seat))


def _move_label(game: Kraqua, s: KraquaState, seat: str, move: str) -> Text:
    m = parse_move(move)
    if m.kind == "skip":
        return _("skip · no fish can move with your tile")
    tile = s.turn_tile if s.current == seat and s.turn_tile else s.tiles[seat]
    assert tile is not None and m.fish is not None
    animal = {"fish": tile_animal(*tile), "shell": chip_letter(s, seat)}.get(m.kind, m.animal)
    assert animal is not None
    dest, why = target(s, m.fish, animal)
    if dest is None:
        return _("{move} · {why}", move=move, why=why)
    path = dict(move=move, src=field_name(s.fish[m.fish]), dst=field_name(dest))
    label = (_("{move} · {src} → {dst} · safe", **path) if is_protected(s, dest)
             else _("{move} · {src} → {dst} · unprotected", **path))
    extra = special(dest)
    if extra:
        label = _("{a} · {b}", a=label, b=SPECIAL_WORDS[extra])
    if m.kind != "fish":
        label = _("{a} · {b}", a=label, b=_("1 shell"))
    return label
