"""What Kahuna says to players: the summary, option help, button and suggestion labels,
``describe`` (a move in words) and ``prompt`` (what to do now).

Every sentence is a :class:`~games.text.Text` of the ``kahuna`` catalog domain, translated by
the bot; notation (``bridge HUNA-ELAI``) and island names stay as they are. The engine hands in
what a move did (its public record), so nothing here plays a move or imports the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..text import Text, chain, contextual, either, join, plural, translator
from .board import HAND_LIMIT, LINES, LINES_OF, MAJORITY, count, ends
from .notation import Bridge, Draw, End, Free, KahunaMove, Pass, Remove, Tuck, parse_move
from .rules import merge, place_bridge, remove_bridge, unmarked
from .state import KahunaState, Phase, Record, Scoring

_ = translator("kahuna")
_n = plural(_)
_p = contextual(_)

# ----- the game's texts --------------------------------------------------------------------------

VARIANT_HELP = _("planning: no bridge next to an enemy stone, removal may take the line; "
                 "open-draws: drawn open cards stay face up")
HANDICAP_HELP = _("free bridges the handicap seat places before the first turn")
SEAT_HELP = _("the seat that gets the handicap (1 = host)")
# i18n: The lobby options, as a sentence names them.
VARIANT_NAME = _p("option", "variant")
HANDICAP_NAME = _p("option", "handicap")
SEAT_NAME = _p("option", "handicap seat")
# i18n: The values of variant=: one word each, typed too (variant=planung).
VARIANT_WORDS: dict[str, Text] = {"base": _p("variant", "base"), "planning": _p("variant", "planning"),
                 "open-draws": _p("variant", "open-draws")}

SUMMARY = _(
    "**Kahuna** — 2 players, 12 islands joined by 27 lines. Control islands with bridges.\n"
    "**Your turn:** any number of actions, then draw one card (ends the turn).\n"
    "• `{cmd:move} bridge HUNA-ELAI`: play a HUNA card, put a bridge on a free line of HUNA.\n"
    "• `{cmd:move} remove ELAI-HUNA ELAI HUNA`: play two cards naming the line's islands "
    "(or twice one of them) to remove the opponent's bridge there.\n"
    "• `{cmd:move} tuck KAHU`: tuck cards face down under the discards (no effect), at any "
    "time in your turn.\n"
    "• End: `{cmd:move} draw ELAI` (an open card), `{cmd:move} draw deck`, or `{cmd:move} pass` (no draw; "
    "not right after your opponent passed). No draw with 5 cards; the limit is 5.\n"
    "**Islands:** hold more than half of an island's lines and your stone goes on it; all "
    "opponent bridges on its lines go back, which can cost them stones on neighbouring "
    "islands. A stone goes as soon as its owner holds half or fewer of the lines. With all "
    "10 stones on the board, a new majority takes nothing (no stone, no removals).\n"
    "**Scoring:** when the deck is empty and the last open card is taken: more stones "
    "scores 1 point (round 1), then 2 points (round 2); the discards become the new deck. "
    "After the third time each player has one last turn without drawing "
    "(`{cmd:move} end`), then more stones scores the difference. Most points wins; ties go to "
    "the winner of the last scoring, then to more bridges.\n"
    "**Early end:** in rounds 2 and 3, a player without any bridge on the board loses.\n"
    "Islands may be written by their first letter: `{cmd:move} bridge h-e`. Your cards come by "
    "DM; `{cmd:game hand}` shows them any time."
)

# i18n: card counts in "you hold only two KAHU cards, so you cannot play three"
NUMBERS = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five")}


def button_label(move: str) -> Text:
    """The label of a button that ends the turn (``draw X``, ``draw deck``, ``pass``, ``end``)."""
    labels = {"draw deck": _("Draw from the deck"), "pass": _("Pass"), "end": _("End my turn")}
    return labels.get(move) or _("Draw {card}", card=move[5:])


def cards_text(cards: list[str] | tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else _("none")


def _pair(a: Any, b: Any) -> Text:
    """``a, b``: two parts of one list (the two players' counts, the two ends of a line)."""
    return _("{a}, {b}", a=a, b=b)


def _clauses(parts: list[Any]) -> Text:
    """``a; b; c``: clauses of one account, in order."""
    return chain(parts, lambda a, b: _("{a}; {b}", a=a, b=b))


def _bold(islands: list[str]) -> Text:
    """``**A** and **B**``."""
    return join([f"**{i}**" for i in islands])


# ----- a move in words ---------------------------------------------------------------------------


def describe(before: KahunaState, after: KahunaState, record: Record, player: str,
             m: KahunaMove, names: Mapping[str, str] | None = None) -> Text:
    """``player``'s move ``m`` in ``before`` (which led to ``after`` and ``record``), in words."""
    names = names or {}
    opponent = before.opponent(player)

    def who(p: str) -> str:
        return names.get(p) or _("player {n}", n=before.players.index(p) + 1)

    them = who(opponent)
    text: Text
    if isinstance(m, Free):
        text = _("placed a handicap bridge on **{line}**", line=m.line)
    elif isinstance(m, Bridge):
        text = _("played {card} and bridged **{line}**", card=m.card, line=m.line)
    elif isinstance(m, Remove):
        words = dict(cards=" + ".join(m.cards), them=them, line=m.line)
        text = (_("played {cards} to remove {them}'s bridge on **{line}** and put their own "
                  "bridge there", **words) if m.take
                else _("played {cards} to remove {them}'s bridge on **{line}**", **words))
    elif isinstance(m, Tuck):
        text = _n("tucked {n} card under the discards", "tucked {n} cards under the discards",
                  len(m.cards))
    elif isinstance(m, Draw):
        text = (_("took the open **{card}** card and ended the turn", card=m.card)
                if m.card is not None else _("drew a card from the deck and ended the turn"))
    elif isinstance(m, Pass):
        text = _("passed (no draw)")
    else:
        text = _("ended their last turn")
    parts: list[Text] = [text]
    if record.get("taken"):
        parts.append(_("took {islands}", islands=_bold(record["taken"])))
    if isinstance(m, (Bridge, Free)) or (isinstance(m, Remove) and m.take):
        idle = unmarked(after.bridges, after.stones, player, m.line)
        if idle:
            parts.append(_("no stone left: the majority on {islands} takes nothing",
                           islands=_bold(idle)))
    removed = [line for line in record.get("removed", []) if not isinstance(m, Remove)
               or line != m.line]
    if len(removed) == 1:
        parts.append(_("{them} lost the bridge {line}", them=them, line=removed[0]))
    elif removed:
        parts.append(_("{them} lost {n} bridges: {lines}", them=them, n=len(removed),
                       lines=", ".join(removed)))
    if record.get("lost"):
        lost = record["lost"]
        parts.append(_n("{them} lost the stone on {islands}",
                        "{them} lost the stones on {islands}", len(lost), them=them,
                        islands=_bold(lost)))
    scoring = record.get("scoring")
    if scoring:
        parts.append(scoring_words(before, scoring, who))
    if record.get("last_turns"):
        parts.append(_("the cards ran out for the third time: one last turn each, without "
                       "drawing, then the final scoring"))
    if record.get("early_end"):
        bare = record["early_end"]
        if len(bare) == 1:
            parts.append(_("{name} has no bridge left: the game ends", name=who(bare[0])))
        else:
            parts.append(_("nobody has a bridge left: the game ends"))
    return _clauses(parts)


def scoring_words(state: KahunaState, scoring: Scoring, who: Callable[[str], str]) -> Text:
    stones = scoring["stones"]
    first, second = (_n("{name}: {n} stone", "{name}: {n} stones", stones[p], name=who(p))
                     for p in state.players)
    gained = [(p, n) for p, n in scoring["points"].items() if n]
    verdict = (_n("{name} scores {n} point", "{name} scores {n} points", gained[0][1],
                  name=who(gained[0][0])) if gained
               else _("a tie, no points"))
    words = dict(counts=_pair(first, second), verdict=verdict)
    if scoring["round"] == 1:
        return _("first scoring: {counts}, {verdict}", **words)
    if scoring["round"] == 2:
        return _("second scoring: {counts}, {verdict}", **words)
    return _("final scoring: {counts}, {verdict}", **words)


# ----- what to do now ----------------------------------------------------------------------------


def prompt(state: KahunaState, player: str) -> Text:
    """What ``player`` may do now, with an example of each kind of move."""
    if state.phase is Phase.OVER:
        return _("the game is over.")
    free = next((line for line in LINES if line not in state.bridges), "ALOA-BARI")
    if state.phase is Phase.HANDICAP:
        return _n("place {n} handicap bridge on free lines, no card needed: "
                  "`{cmd:move} free {line}`.",
                  "place {n} handicap bridges on free lines, no card needed: "
                  "`{cmd:move} free {line}`.", state.handicap_left, line=free)
    card, other = ends(free)
    if state.phase is Phase.LAST:
        play = _("play cards (your hand: `{cmd:game hand}`), e.g. `{cmd:move} bridge {card}-{other}` or "
                 "`{cmd:move} remove X-Y X Y`", card=card, other=other)
        # after "your turn: ", as "round 3: …" is
        return _("**last turn** (no drawing): {play}, then `{cmd:move} end`.", play=play)
    play = _("play cards (your hand: `{cmd:game hand}`), e.g. `{cmd:move} bridge {card}-{other}`, "
             "`{cmd:move} remove X-Y X Y` or `{cmd:move} tuck X`", card=card, other=other)
    endings = []
    full = state.hand_size(player) >= HAND_LIMIT
    if not full:
        endings += [_("`{cmd:move} draw {card}`", card=c) for c in sorted(set(state.open))[:1]]
        if state.deck:
            endings.append(_("`{cmd:move} draw deck`"))
    if not state.passed:
        endings.append(_("`{cmd:move} pass`"))
    note = None
    if full and state.passed:
        note = _("You hold {n} cards and your opponent passed: play or tuck first, then draw.",
                 n=HAND_LIMIT)
        endings = [_("`{cmd:move} draw {card}`", card=sorted(set(state.open))[0]) if state.open
                   else _("`{cmd:move} draw deck`")]
    elif full:
        note = _("With {n} cards you cannot draw.", n=HAND_LIMIT)
    elif state.passed:
        note = _("No pass this time: your opponent passed.")
    words = dict(round=state.round, play=play, endings=either(endings))
    if note is None:
        return _("round {round}: {play}; then end the turn: {endings}.", **words)
    return _("round {round}: {play}; then end the turn: {endings}. {note}", note=note,
             **words)


# ----- suggestions -------------------------------------------------------------------------------


def suggest(state: KahunaState, player: str, moves: list[str],
            limit: int) -> list[tuple[str, str]]:
    """``moves`` ranked by what they gain, best first, with their labels (Texts)."""
    ranked = []
    for i, text in enumerate(moves):
        rank, label = _rate(state, player, text)
        ranked.append((rank, i, text, label))
    ranked.sort(key=lambda r: r[:3])
    return [(text, label) for _r, _i, text, label in ranked[:limit]]


def _progress(bridges: Mapping[str, str], stones: Mapping[str, str], player: str,
              opponent: str, line: str) -> int:
    """How much a new bridge on ``line`` (already in ``bridges``) helps a majority, 0–100.

    An end counts when it carries no stone and the player can still reach its majority
    on the free lines (their share of it), or when it carries their own stone (a margin
    against removals, worth less). Ends held by the opponent, out of reach, or held
    without a stone to mark them (no stone left) count nothing.
    """
    best = 0.0
    for island in ends(line):
        mine = count(bridges, island, player)
        owner = stones.get(island)
        if owner == player:
            best = max(best, 0.3)
        elif owner is None and mine < MAJORITY[island] and \
                len(LINES_OF[island]) - count(bridges, island, opponent) >= MAJORITY[island]:
            best = max(best, mine / MAJORITY[island])
    return round(best * 100)


def _rate(state: KahunaState, player: str, text: str) -> tuple[tuple[int, int], Text]:
    m = parse_move(text)
    opponent = state.opponent(player)
    if isinstance(m, (Bridge, Free, Remove)):
        bridges, stones = dict(state.bridges), dict(state.stones)
        record: Record = {}
        placed = not isinstance(m, Remove) or m.take
        threat = 0
        if isinstance(m, Remove):
            threat = max(round(100 * count(bridges, i, opponent) / MAJORITY[i])
                         for i in ends(m.line))
            record["lost"] = remove_bridge(bridges, stones, opponent, m.line)
        if placed:
            merge(record, place_bridge(bridges, stones, player, opponent, m.line))
        taken, lost = record.get("taken", []), record.get("lost", [])
        knocked = [line for line in record.get("removed", []) if line != m.line]
        idle = unmarked(bridges, stones, player, m.line) if placed else []
        gain = 10 * (len(taken) + len(lost)) + len(knocked)
        bits: list[Text] = []
        if taken:
            bits.append(_("takes {islands}", islands=" & ".join(taken)))
        if idle:
            bits.append(_("no stone left: takes nothing at {islands}",
                          islands=" & ".join(idle)))
        if knocked:
            bits.append(_n("knocks off {n} bridge", "knocks off {n} bridges", len(knocked)))
        if lost:
            bits.append(_("they lose {islands}", islands=" & ".join(lost)))
        if not gain:
            if isinstance(m, Remove) and not m.take:
                rank = (2, -threat)
            else:
                progress = _progress(bridges, stones, player, opponent, m.line)
                rank = (1, -progress) if progress else (4, 0)
            if not bits:
                a, b = ends(m.line)
                held = [_("{island} {have}/{lines} (need {need})", island=i,
                          have=count(bridges, i, player), lines=len(LINES_OF[i]),
                          need=MAJORITY[i]) for i in (a, b)]
                return rank, _("{move} · {what}", move=text, what=_(
                    "you'd hold {ends}", ends=_pair(*held)))
        else:
            rank = (0, -gain)
        label = _("{move} · {what}", move=text, what=_clauses(bits))
        # Discord shows 100 characters: leave room for longer languages (German and Danish
        # add up to 12), and drop whole clauses rather than cut one in half.
        while len(label) > 86 and len(bits) > 1:
            bits.pop()
            label = _("{move} · {what}", move=text, what=_clauses(bits))
        return rank, label
    if isinstance(m, Draw):
        label = (_("{move} · take the open {card}, end turn", move=text, card=m.card)
                 if m.card is not None else
                 _("{move} · blind, {n} left, end turn", move=text, n=len(state.deck)))
        return (3, 0 if m.card is not None else 1), label
    if isinstance(m, Pass):
        return (5, 0), _("{move} · end turn without drawing", move=text)
    if isinstance(m, End):
        return (5, 0), _("{move} · finish your last turn", move=text)
    return (6, len(m.cards)), _("{move} · face down, no effect", move=text)
