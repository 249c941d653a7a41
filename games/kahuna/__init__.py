"""Kahuna: two players bridge twelve islands with island cards; majorities win stones.

The rules as the bot plays them: this docstring and ``summary`` (after the German rulebook). The
package has the shape of every game's: ``state`` (the state, its JSON, the named phases and
variants, the view's TypedDicts), ``notation`` (the moves as frozen dataclasses, parsed and
printed in one place), ``engine`` (the :class:`Kahuna` game: rules, view, result, undo) and
``words`` (what players read); its helpers are ``board`` (the map and counting) and ``rules``
(majorities, removals, what a hand can play). Readings of our own, where the rules page leaves
room:

* **Handicap.** The handicap seat places its free bridges before the first regular turn,
  whoever was drawn to start. Free bridges resolve majorities like any bridge (two on ALOA's
  lines take it). ``handicap_seat`` defaults to 2: the host sits in seat 1.
* **Open cards** are refilled into the slot that was emptied, so the other cards keep their
  places in the picture.
* **Tucking** is allowed at any time of one's own turn (a decision): the source's "who cannot
  use a card sensibly" is advice nobody can check. Any held cards, any number, before or
  after other actions, with a full hand or not, right after the opponent passed, and in a
  last turn too (where it changes nothing). Only the handicap placements, which come before
  the first turn, are free bridges alone.
* **Last turns** (after the third exhaustion): bridges, removals and tucks, closed with
  ``end``; ``draw`` and ``pass`` are refused with a reason.
* **Passing** is judged by the turn just before: a turn that triggered a scoring ended with a
  draw, so the next player may pass. With 5 cards after the opponent passed, the player must
  play or tuck and then draw.
* **Material.** A placement needs a bridge left in the supply (25). If a player has no stone
  left (10) when a placement gives them a majority, nothing happens on that island (no stone,
  no removals of opponent bridges, no chain) until a later placement on its lines finds a
  stone free again (a decision). ``describe`` and the suggestion label say so ("no stone
  left: takes nothing"), so nobody is surprised.
* **Suggestions** rank by what a move gains: captures, then bridges towards a winnable
  majority, removals, draws, bridges that help no majority; ``pass``/``end`` (which gain
  nothing) come after all of those, tucks last.
* **Planning variant.** ``take`` is judged after the removal: if the removal cost the
  opponent the stone on an end of the line, the line may be taken.
* **Open-draws variant.** Cards drawn from the open row lie face up in front of the drawer
  (``displayed`` in the public view); deck draws stay hidden. Playing or tucking a card of an
  island uses a displayed copy first, which keeps the hidden hand hidden.
* **Discards.** Played cards lie face up, so the public view lists them (``played``) until
  the next shuffle; tucked cards are face down and only counted. At a scoring both go into
  the new deck; a fresh row of three is turned up from it.
* **Early end** is checked after every action and when rounds 2 and 3 begin (right after the
  scoring). The player who still has bridges wins whatever the points. If neither has any
  (possible only as round 2 begins), the higher total wins, else it is a draw.
* **Tie-break** after the final scoring: its winner; if it was a tie too, more bridges on the
  board; else a draw (both players listed as winners).
* **Resigning** ends the game at once; the other player wins; points stay as they are.
* **Names** in ``describe`` come from ``names``; a player missing there is "player 1/2".

View keys beyond the rules page's (``bridges stones open deck hands scores round``, and
``hand`` for the owner): ``game variant players first phase`` ("handicap", "play", "last",
"over") ``turn to_act active displayed`` (open-draws: face-up cards per player) ``played``
(face-up discards since the last shuffle) ``tucked`` and ``discard`` (counts)
``bridges_left stones_left scorings`` (round, stones and points of each scoring) ``passed``
(the last turn ended with a pass) ``handicap handicap_player handicap_left last_turns
current last`` (this turn so far and the last completed turn: player, turn, moves, and what
they changed: placed, removed, taken, lost, scoring, early_end, last_turns) ``over result``.
The owner's view adds exactly ``hand`` (sorted) and ``viewer``; both change only when the
hand does. :func:`hand_options` turns an owner's view into what each card can do.
"""

from __future__ import annotations

from .board import ISLANDS, LINES, LINES_OF, MAJORITY, POSITIONS
from .engine import Kahuna
from .notation import (
    Bridge, Draw, End, Free, KahunaMove, Kind, Pass, Remove, Tuck, format_move, parse_move)
from .rules import hand_options
from .state import (
    Ending, KahunaHandView, KahunaState, KahunaView, Phase, Scoring, Tiebreak, TurnSummary,
    Variant)

__all__ = ["ISLANDS", "LINES", "LINES_OF", "MAJORITY", "POSITIONS", "Bridge", "Draw", "End",
           "Ending", "Free", "Kahuna", "KahunaHandView", "KahunaMove", "KahunaState",
           "KahunaView", "Kind", "Pass", "Phase", "Remove", "Scoring", "Tiebreak", "Tuck",
           "TurnSummary", "Variant", "format_move", "hand_options", "parse_move"]
