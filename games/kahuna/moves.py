"""Kahuna move notation: the one parser and the one printer.

Parsing checks syntax and the fixed map only (is it a word we know, an island, a line);
whether the move can be played now is the engine's business. Input is case-insensitive,
tolerant of extra spaces and of spaces around the dash, and an island may be written by
any prefix of its name (the twelve names start with the twelve letters A to L, so ``h``
is HUNA). Lines may be given in either order; the printed form is canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..aliases import english
from ..errors import InvalidMove
from ..text import Text, translator
from .board import HAND_LIMIT, ISLANDS, ends, line_between, neighbours

_ = translator("kahuna")

KINDS = ("bridge", "remove", "tuck", "draw", "pass", "end", "free")


@dataclass(frozen=True)
class KahunaMove:
    """One action. ``cards`` holds the card(s) played, tucked or drawn (sorted, except that
    a bridge's single card is its island); ``line`` is canonical ("ELAI-HUNA")."""

    kind: str
    line: str | None = None
    cards: tuple[str, ...] = ()
    take: bool = False

    def __str__(self) -> str:
        return format_move(self)


def format_move(move: KahunaMove) -> str:
    kind = move.kind
    if kind == "bridge":
        assert move.line is not None
        card = move.cards[0]
        a, b = ends(move.line)
        return f"bridge {card}-{b if card == a else a}"
    if kind == "remove":
        return f"remove {move.line} {' '.join(move.cards)}" + (" take" if move.take else "")
    if kind == "tuck":
        return "tuck " + " ".join(move.cards)
    if kind == "draw":
        return f"draw {move.cards[0]}" if move.cards else "draw deck"
    if kind == "free":
        return f"free {move.line}"
    return kind  # pass, end


# ----- parsing ----------------------------------------------------------------------------------

HELP = _("write e.g. bridge HUNA-ELAI, remove ELAI-HUNA ELAI HUNA, tuck KAHU, draw deck or pass")
_ISLAND_HELP = _("islands are {islands}", islands=" ".join(ISLANDS))


def quote(text: object, limit: int = 24) -> str:
    """Bad input as quoted in an error: one line, short."""
    flat = " ".join(str(text).split())
    if not flat:
        return _("(nothing)")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _clean(text: str) -> str:
    """Lower case, single spaces, dashes (and arrows) as ``-`` with no spaces around."""
    text = text.strip().lower()
    for dash in ("->", "→", "–", "—", "‑", "−", "/"):
        text = text.replace(dash, "-")
    return re.sub(r"\s*-\s*", "-", " ".join(text.split()))


def island(token: str) -> str:
    """``h``, ``hu``, ``HUNA`` -> ``HUNA``; anything else raises ``InvalidMove``."""
    if 1 <= len(token) <= 4 and token.isascii() and token.isalpha():
        for name in ISLANDS:
            if name.lower().startswith(token):
                return name
    raise InvalidMove(_("'{text}' is not an island: {help}", text=quote(token), help=_ISLAND_HELP))


def _line(token: str, whole: str) -> str:
    parts = token.split("-")
    if len(parts) != 2 or not all(parts):
        raise InvalidMove(_("could not read the line in '{text}': write it like ELAI-HUNA",
                            text=quote(whole)))
    a, b = island(parts[0]), island(parts[1])
    line = line_between(a, b)
    if line is None:
        if a == b:
            raise InvalidMove(_("{a}-{b} is not a line: a line joins two different islands",
                                a=a, b=b))
        raise InvalidMove(_("no line joins {a} and {b}: {a}'s lines go to {islands}", a=a, b=b,
                            islands=", ".join(neighbours(a))))
    return line


def parse_move(text: object) -> KahunaMove:
    if not isinstance(text, str):
        raise InvalidMove(_("a move must be text, not {kind}", kind=type(text).__name__))
    cleaned = _clean(english("kahuna", text))  # German and Danish words as well
    if not cleaned:
        raise InvalidMove(_("empty move: {help}", help=HELP))
    verb, *args = cleaned.split(" ")
    shown = quote(text)
    if verb not in KINDS:
        raise InvalidMove(_("'{text}' is not a move: {help}", text=quote(verb), help=HELP))
    if verb in ("pass", "end"):
        if args:
            raise InvalidMove(_("'{text}': {verb} takes nothing after it", text=shown, verb=verb))
        return KahunaMove(verb)
    if not args:
        raise InvalidMove(_("'{text}' is missing what to {verb}: {help}", text=shown, verb=verb,
                            help=_EXAMPLES[verb]))
    if verb in ("bridge", "free"):
        if len(args) == 2 and "-" not in args[0] + args[1]:
            args = [f"{args[0]}-{args[1]}"]  # "bridge huna elai" reads as huna-elai
        if len(args) != 1:
            raise InvalidMove(_("could not read '{text}': {help}", text=shown,
                                help=_EXAMPLES[verb]))
        line = _line(args[0], text)
        if verb == "free":
            return KahunaMove("free", line)
        card = island(args[0].split("-")[0])
        return KahunaMove("bridge", line, (card,))
    if verb == "remove":
        take = bool(args) and args[-1] == "take"
        if take:
            args = args[:-1]
        if len(args) != 3:
            raise InvalidMove(_("could not read '{text}': {help}", text=shown,
                                help=_EXAMPLES["remove"]))
        line = _line(args[0], text)
        cards = tuple(sorted(island(t) for t in args[1:]))
        a, b = ends(line)
        wrong = [c for c in cards if c not in (a, b)]
        if wrong:
            raise InvalidMove(_("{card} does not name an end of {line}: remove it with two cards "
                                "of {a} and/or {b}", card=wrong[0], line=line, a=a, b=b))
        return KahunaMove("remove", line, cards, take)
    if verb == "tuck":
        if len(args) > HAND_LIMIT:
            raise InvalidMove(_("'{text}' names {n} cards: you never hold more than {limit}",
                                text=shown, n=len(args), limit=HAND_LIMIT))
        return KahunaMove("tuck", None, tuple(sorted(island(t) for t in args)))
    # draw
    if len(args) != 1:
        raise InvalidMove(_("could not read '{text}': {help}", text=shown, help=_EXAMPLES["draw"]))
    if args[0] == "deck":
        return KahunaMove("draw")
    try:
        return KahunaMove("draw", None, (island(args[0]),))
    except InvalidMove:
        raise InvalidMove(_("'{text}' is neither an island nor deck: {help}",
                            text=quote(args[0]), help=_EXAMPLES["draw"])) from None


_EXAMPLES: dict[str, Text] = {
    "bridge": _("write the card's island first, then the line's other end, like bridge HUNA-ELAI"),
    "free": _("write a line like free ALOA-BARI"),
    "remove": _("write the line, then the two cards, like remove ELAI-HUNA ELAI HUNA"),
    "tuck": _("write the cards to tuck, like tuck HUNA KAHU"),
    "draw": _("write draw and an open card's island, or draw deck"),
}
