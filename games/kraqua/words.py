"""Kraqua's player texts: the rules summary, the prompts, the events as sentences, the result
lines, and the short labels of buttons and autocomplete. The engine hands them the state and
its legal moves; nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from ..base import Result
from ..text import Notation, Text, plural, translator
from .board import ANIMALS, SIDES, special, tile_animal
from .notation import Draw, Fish, Gem, Jelly, Lay, Shell, Skip, Take, parse_move
from .plan_board import board_of, dest, protected
from .state import (
    CAVE_LIMIT,
    COLOUR_WORDS,
    MAX_SHELLS,
    WITH_ANIMAL,
    KraquaState,
    Seat,
    Step,
    Tile,
    animal_name,
    field_word,
    colours,
    listing,
    next_spot,
    rear_spot,
    tile_text,
)

_ = translator("kraqua")
_n = plural(_)

#: The special field a move ends on, as a word in a label (the shell field says what it
#: gives: :func:`label`).
SPECIAL_WORDS = {"dolphin": _("dolphin"), "shark": _("shark")}

#: The rules in a few lines (``/rules``, the start of a game).
SUMMARY = _(
    "**Kraqua** — 1–4 seats, cooperative: bring the three fish (green, red, yellow) from the "
    "start through three magic gates into the goal before Kraqua the octopus steals "
    "{limit} gems.\n"
    "**Tiles:** `7A #~#` is tile 7, side A: its three cells along the path, `#` reef, `~` "
    "water (`###` all reef, `#~#` water in the middle). A field is protected when the tiles "
    "on both sides show `#` there.\n"
    "**Rounds:** every seat with a reef tile plays once per round, in any order. A turn:\n"
    "1. `lay i` / `lay o`: lay your tile at the front of the inner or outer reef row.\n"
    "2. `fish red`: move a fish to the next free field with your tile's animal. "
    "`shell red`: pay a shell and use your chip's animal. Jellyfish chip: `jelly red C`, "
    "pay a shell and pick any animal. `skip` if nothing can move.\n"
    "3. A fish that ends unprotected is robbed: the die sends a gem from the chest to the "
    "cave (`gem blue` picks one when the colour is gone).\n"
    "4. Shell field: +1 shell (max 6). Dolphin: `dolphin purple` pays a shell to hide a gem. "
    "Shark, only while the cave holds a gem the hideout still needs: `shark blue` pays a "
    "shell to bring a cave gem back. `pass` declines.\n"
    "**Round end:** everyone draws (`draw`; empty stack: `take i`/`take o`, the rearmost "
    "tile of a row, also its only one), then Kraqua robs every unprotected fish.\n"
    "**Gates:** fish pass each gate in its order (hat, colour or size), no cutting in line. "
    "After gate 1 the stack is lost, the path grows to 40; after gate 2 the tiles on "
    "spots 1–8 are lost, the goal opens.\n"
    "**Chips:** seahorse `reroll`/`keep`; crab: a paid shell may flip back; turtle picks "
    "the side of drawn tiles (`draw A`); jellyfish: free choice.\n"
    "**End:** all fish in the goal: won if the hideout holds its gems, else almost won.",
    limit=CAVE_LIMIT)


def hint(step: Step, moves: Sequence[str]) -> Text:
    """What the step wants, with the first legal moves: for a move of the wrong kind."""
    shown = listing([Notation("kraqua", m) for m in moves[:4]] + (["…"] if len(moves) > 4 else []))
    what = {
        "lay": _("lay your tile first"),
        "move": _("move a fish"),
        "reroll": _("reroll or keep the die"),
        "gem": _("choose the gem Kraqua takes"),
        "special": _("use the special field or pass"),
        "draw": _("draw a reef tile"),
        "take": _("the stack is empty: take the rearmost tile of a row"),
    }[step]
    return _("{what} ({moves})", what=what, moves=shown)


# ----- events -----------------------------------------------------------------------------------


def format_events(events: Sequence[Sequence[str]], names: Mapping[str, str] | None,
                  mover: str | None = None) -> str:
    """Recorded events (``state.last``) as one English sentence, for the image; seats by
    name, the mover as "them". :meth:`Kraqua.describe` says the same in the reader's language."""
    names = names or {}
    parts = []
    for event in events:
        template, seats = event[0], list(event[1:])
        pieces = template.split("{}")
        text = pieces[0]
        for k, piece in enumerate(pieces[1:]):
            seat = seats[k] if k < len(seats) else "?"
            who = "them" if seat == mover else f"**{names.get(seat, seat)}**"
            text += who + piece
        parts.append(text)
    return "; ".join(parts)


def say_events(events: Sequence[Text], names: Mapping[str, str] | None,
               mover: str | None = None) -> Text | None:
    """Events as one sentence; seats by name, the mover as "them" (the bot names them)."""
    names = names or {}
    text: Text | None = None
    for event in events:
        if any(isinstance(v, Seat) for v in event.params.values()):
            params = {k: (_("them") if v == mover else _("**{name}**", name=names.get(v, v)))
                      if isinstance(v, Seat) else v for k, v in event.params.items()}
            event = event.with_params(params)
        text = event if text is None else _("{a}; {b}", a=text, b=event)
    return text


# ----- prompts and results ----------------------------------------------------------------------


def prompt(state: KraquaState, player: str, step: Step, moves: Sequence[str], tile: Tile | None,
           alone: bool) -> Text:
    """What ``player`` may do at ``step`` (``moves``: the legal ones, ``tile``: the turn's
    tile in the lay and move steps; ``alone``: no other seat may go first)."""
    ex = moves[0]
    if step == Step.LAY:
        assert tile is not None
        rows = (_("`{cmd:move} {a}` or `{cmd:move} {b}`", a=moves[0], b=moves[1]) if len(moves) > 1
                else _("`{cmd:move} {a}`", a=ex))
        lay = _("Lay your {tile} at the front of a reef row: {rows}; then move a fish {by}.",
                tile=tile_text(tile), rows=rows, by=WITH_ANIMAL[tile_animal(*tile)])
        if not alone:
            return _("any seat that has not played may go first. {then}", then=lay)
        return lay
    if step == Step.MOVE:
        assert tile is not None
        letter = tile_animal(*tile)
        if "skip" in moves:
            if len(moves) > 1:
                return _("no fish can move {by}: `{cmd:move} skip`, or pay a shell: `{cmd:move} {move}`.",
                         by=WITH_ANIMAL[letter], move=moves[0])
            return _("no fish can move {by}: `{cmd:move} skip`.", by=WITH_ANIMAL[letter])
        return _("move a fish to its next free {animal} field: `{cmd:move} {move}` (shells: "
                 "{shells}; `{cmd:move} shell …` uses your chip's animal).",
                 animal=animal_name(letter), move=ex, shells=state.shells)
    if step == Step.REROLL:
        return _("Kraqua rolled **{colour}**: keep it with `{cmd:move} keep` or roll once more with "
                 "`{cmd:move} reroll` (the last roll counts).",
                 colour=COLOUR_WORDS.get(state.roll or "", "?"))
    if step == Step.GEM:
        return _("the rolled colour is gone from the chest: choose Kraqua's gem, e.g. "
                 "`{cmd:move} {move}`.", move=ex)
    if step == Step.SPECIAL:
        if state.moved and special(state.fish[state.moved]) == "dolphin":
            return _("dolphin field: pay a shell to hide a gem from the chest (`{cmd:move} {move}`) "
                     "or `{cmd:move} pass`.", move=ex)
        return _("shark field: pay a shell to bring a gem back from the cave (`{cmd:move} {move}`) "
                 "or `{cmd:move} pass`.", move=ex)
    if step == Step.DRAW:
        if state.chips[player] == "turtle" and state.drawing is not None:
            a, b = (tile_text((state.drawing, side)) for side in SIDES)
            return _("you drew tile {tile}: choose its side, `{cmd:move} draw A` ({a}) or "
                     "`{cmd:move} draw B` ({b}).", tile=state.drawing, a=a, b=b)
        return _("draw a reef tile for the next round: `{cmd:move} draw`.")
    return _("the stack is empty: take the rearmost tile of a reef row, e.g. `{cmd:move} {move}`.",
             move=ex)


def result_lines(result: Result) -> list[Text]:
    """The gems and the rounds, under the result."""
    d = result.detail
    if "gems" not in d:
        return []
    count = {place: sum(c.values()) for place, c in d["gems"].items()}
    lines = [_n("Gems: chest {chest} · Kraqua's cave {cave}/{limit} · hideout {hideout} "
                "(goal: {goal}) · after {n} round.",
                "Gems: chest {chest} · Kraqua's cave {cave}/{limit} · hideout {hideout} "
                "(goal: {goal}) · after {n} rounds.", d["rounds"], chest=count["chest"],
                cave=d["cave"], limit=d["cave_limit"], hideout=count["hideout"],
                goal=colours(d["hideout_goal"]))]
    if d.get("missing") and result.outcome != "won":
        lines.append(_("Missing in the hideout: {gems}.", gems=colours(d["missing"])))
    return lines


# ----- labels -----------------------------------------------------------------------------------


def label(s: KraquaState, seat: str, move: str, step: str | None) -> Text:
    """What ``move`` does, in a few words (cheap: no planning). The move stands in the
    reader's words (``musling rød · …``), however deep in the label it sits."""
    if step == Step.LAY:
        b = board_of(s)
        m = parse_move(move)
        row = m.row if isinstance(m, Lay) else "i"
        return _("{move} · spot {spot}", move=_said(move), spot=next_spot(b, row))
    if step != Step.MOVE:
        return _step_label(s, move)
    m = parse_move(move)
    if isinstance(m, Skip):
        return _("{move} · no fish can move with your tile", move=_said(move))
    assert isinstance(m, (Fish, Shell, Jelly))
    b = board_of(s)
    tile = b.hands[seat]
    assert tile is not None
    letter = next(k for k, v in ANIMALS.items() if v == b.chips[seat])
    animal = (tile_animal(*tile) if isinstance(m, Fish) else letter if isinstance(m, Shell)
              else m.animal)
    to = dest(b, m.fish, animal)
    if to is None:
        return _("{move} · {why}", move=_said(move), why=_("this fish cannot move"))
    path = dict(move=_said(move), src=field_word(b.fish[m.fish]), dst=field_word(to))
    label = (_("{move} · {src} → {dst} · protected", **path) if protected(b, to)
             else _("{move} · {src} → {dst} · unprotected", **path))
    extra = special(to)
    paid = not isinstance(m, Fish)
    shells: Text | None = None  # what the move does to the shells, said once
    if extra == "shell":
        shells = (_("1 shell, which the field gives back") if paid
                  else _("+1 shell") if s.shells < MAX_SHELLS
                  else _("shell field, but the team holds {max} shells already", max=MAX_SHELLS))
    elif paid:
        shells = _("1 shell")
    if extra in SPECIAL_WORDS:
        label = _("{a} · {b}", a=label, b=SPECIAL_WORDS[extra])
    if shells is not None:
        label = _("{a} · {b}", a=label, b=shells)
    return label


def _said(move: str) -> Notation:
    """A move inside a label, which each reader sees in their words."""
    return Notation("kraqua", move)


def _step_label(s: KraquaState, move: str) -> Text:
    """What a move of the other steps (die, gem, special field, draw) does, in a few words."""
    said = _said(move)
    m = parse_move(move)
    if m.kind == "reroll":
        return _("{move} · roll once more (the last roll counts)", move=said)
    if m.kind == "keep":
        return _("{move} · the roll stays {colour}", move=said,
                 colour=COLOUR_WORDS.get(s.roll or "", "?"))
    if isinstance(m, Gem):
        return _("{move} · to Kraqua's cave ({n} in the chest)", move=said,
                 n=s.gems["chest"][m.gem])
    if m.kind == "dolphin":
        return _("{move} · from the chest to the hideout", move=said)
    if m.kind == "shark":
        return _("{move} · from the cave back to the chest", move=said)
    if m.kind == "pass":
        return _("{move} · keep the shell", move=said)
    if isinstance(m, Draw):
        if m.side is None or s.drawing is None:
            return _("{move} · the top tile, a random side", move=said)
        return _("{move} · {tile}", move=said, tile=tile_text((s.drawing, m.side)))
    assert isinstance(m, Take)
    spot = rear_spot(s, m.row)
    if spot is None:
        return _("{move} · the rearmost tile", move=said)
    number, side = s.rows[m.row][spot]
    return _("{move} · {tile}", move=said, tile=tile_text((number, m.side or side)))
