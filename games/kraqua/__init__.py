"""Kraqua: 1–4 seats bring three fish past Kraqua the gem-stealing octopus, cooperatively.

The rules as the bot plays them: this docstring and ``summary``. The package, each module
building only on those before it: ``board`` (static material and geometry), ``state`` (the
state, constants, vocabularies and pure rule helpers), ``notation`` (the moves, parsed and
printed), ``turns`` (whose turn, the legal moves), ``view`` (the view's keys), ``codec`` (the
stored JSON), ``plan_board`` (the team planner's picture and scores), ``words`` (player texts
and labels), ``rules`` (moves applied, the flow), ``planner`` (the greedy team behind
``suggest`` and ``tools/sim/kraqua_balance.py``), ``engine`` (the :class:`~games.base.Game`), and
``policy`` (the bot: the planner's moves checked on sampled dice, for :mod:`games.ai`).

Readings of our own, where the rules page leaves room:

* Chips are dealt distinct (there is one chip per animal). At set-up every seat draws its
  first tile from the shuffled stack showing a random side; the turtle's power is for the
  round-end draws only ("beim Nachziehen").
* The fish start on S1 green, S2 red, S3 yellow (start fields carry no animal, so the
  placement never changes a move).
* Free turn order: ``to_act`` is every seat holding a tile that has not played this round,
  until one of them plays its first move of a turn (``lay …``, or a fish move when no reef
  spot is free); then only that seat until its turn is complete.
* Moving a fish with the tile's animal is compulsory when any fish can; ``skip`` is legal only
  when none can. Paying a shell is always voluntary, so ``skip`` stays legal when only a shell
  or jellyfish move would work. ``shell X`` is refused when the chip shows the tile's animal and
  ``jelly X A`` when A is the tile's or the jellyfish's own animal (those are ``fish X`` and
  ``shell X``), so every effect has one spelling.
* A fish in the goal never moves again; the goal fields fill G1, G2, G3 in arrival order.
* The move may not cross the latest revealed gate out of its order; a fish whose next field
  lies behind a gate it may not pass yet cannot move with that animal (it does not stop short).
* The Kraqua check and theft roll a six-faced die (one face per gem colour). When the rolled
  colour is gone from the chest, the seat that rolled picks a gem (``gem X``); at round end that
  is the last mover. The seahorse sees the roll and answers ``reroll`` or ``keep``; the re-roll
  is for the Kraqua check of its own turn only, not for the round-end theft.
* The crab's coin flip is automatic (it can only help): when a crab seat pays a shell, a
  seeded coin decides whether it comes straight back.
* Special fields are used by the fish that moved, after the Kraqua check; the dolphin and the
  shark are offered only when the team has a shell and there is a gem to move.
* The shark only while Kraqua's cave holds a gem of a colour the team still needs: a colour the
  hideout tile names and the hideout does not hold yet (each tile names a colour once, so one
  gem of it there is enough). Then any gem of the cave may go back. Otherwise the turn ends on
  the shark field with an event saying why; ``shark X`` is refused with that reason.
* Round-end draws are moves of the drawing seat, in order: the last mover first, then the
  following seats in seat order, wrapping around (clockwise). A plain seat plays ``draw`` (the
  tile shows a random side); the turtle sees the top tile and plays ``draw A`` / ``draw B``.
  With the stack empty a seat plays ``take i`` / ``take o`` (the turtle names the side:
  ``take i A``). A row's only tile counts as its rearmost (a written decision of the rules
  page), so it may be taken; the emptied row keeps its front and regrows after it.
  A seat with nothing to draw or take sits out the next round without a move.
* Round-end theft comes after all draws (tiles taken from the rear can uncover fish), one roll
  per unprotected fish in the order green, red, yellow.
* Row fronts never move back. Before gate 2 opens only spots 1–8 exist; after the first board
  change spots 9–12 open; after the second, spots 1–8 are gone, so a row whose front is behind
  spot 9 continues at spot 9.
* The game ends the moment the third fish reaches the goal (the rest of that round could no
  longer change anything: no fish can move, goal fields are protected).
* If a round would start with no tile in any seat's hand, the fish are stuck for good: lost.
* Resigning (any seat) ends the game as lost for the whole team.
* Result: ``outcome`` won / almost / lost; every seat scores the gems kept from Kraqua
  (chest + hideout); ``winners`` is every seat when won, nobody otherwise.
* The public view shows field names as strings (``"S1"``, ``"7"``, ``"G2"``), row spots as
  string keys (JSON), and every gem colour in every place (zeros included). The stack order,
  the two gates still face down and the RNG are the only hidden information.

Balance (``python -m tools.sim.kraqua_balance``). The rules page lets us tune the loss threshold and the
gem counts once, by a documented simulation, so that a sensible greedy team wins level 1 about
70% and ``pro`` about 20% of games. The team is ``planner``: it plans each round together on
public information only (beam search over seat order, lay row, move and special field to the
round's end, dice at their expectation) and scores positions as roughly log P(win): the chance
that the cave holds out over the fishes' remaining way, times the chance of the hideout (dolphin
chances per fish, much better one move before a free dolphin field with the animal at hand, a
shell kept for it, sharks for needed colours gone from the chest). The first, one-ply team
reached only 37% / 11% with cave 16 and 4/4/3/3/3/3, a third of its games "almost won"; the
planning team wins 80% / 40% with those numbers (2–4 seats, 80 games per cell) and is almost
never "almost": the hideout stopped being the problem, speed is (the reef rows move on by one
spot a turn and rear tiles are taken once the stack is empty, so stragglers lose their cover).

How we average: the targets are read against the mean over 2, 3 and 4 seats, each weighted
equally (the published game is for 2–4 players). One seat is reported on its own: one tile a
round cannot keep both reef rows up, so solo is much harder.

Tried before the shark rule (seeds 0..79, 80 games per cell, mean over 2–4 seats, wins at level 1 / ``pro``):
cave 16, gems 4/4/3/3/3/3: 80% / 40%; cave 14, same gems: 75% / 35%; cave 14, the rules page's
5/5/2/2/1/1: 69% / 30%; cave 12, 5/5/2/2/1/1: 67% / 26%; cave 13, 6/6/1/1/1/1: 67% / 20%. The
cave limit moves both levels by about 2 points a gem; scarce colours widen the gap between the
levels, because every hideout tile names at least one of green, red, purple, yellow and a single
gem of that colour lost to the cave comes back only by a shark landing with a shell, which
``pro`` (no shell at the start) can rarely afford.

The first tuning (before the shark rule below): Kraqua won at 14 gems in the cave, with the
chest's 16 gems as blue 6, white 6, green 1, red 1, purple 1, yellow 1; measured 67.5% / 24.7%
(seeds 0..199) and 65.3% / 35.0% (seeds 100000..100099) at level 1 / ``pro``, 2–4 seat mean.

Re-tuned with the shark rule (the shark helps only while the cave holds a gem the hideout still
needs, so it no longer buys time with any gem). What we may change: the loss threshold and the
per-colour counts; we keep the box's 16 gems and at least one gem of every colour (the die has a
face per colour and every colour is on some hideout tile). The scarce colours stay at one gem
each, the scarcest the counts allow, because that is what widens the gap between the levels.
The same 100 seeds per cell, 2–4 seats (solo is not a target and not re-measured):

* cave 14: level 1 65.0% ±5.2, ``pro`` 22.0% ±4.6
  (``python -m tools.sim.kraqua_balance --levels 1,pro --seats 2,3,4 --games 100 --cave 14``)
* cave 15: level 1 67.0% ±5.2, ``pro`` 21.7% ±4.6 (the table below)

**Kraqua wins at 15 gems in the cave**; the chest holds **blue 6, white 6, green 1, red 1,
purple 1, yellow 1**. Measured with
``python -m tools.sim.kraqua_balance --levels 1,pro --seats 2,3,4 --games 100`` (seeds 0..99; won with its
95% range / almost / lost, n = 100 per cell; 316 s on 2 processes for the 600 games; it ran as
``... --cave 15`` before the constant changed, and the seeds fix every game, so both spellings
print this table):

=====  =====  ===================  ======  ======  ======
level  seats  won (95% range)      almost  lost    rounds
=====  =====  ===================  ======  ======  ======
1      2      51.0% (41–61%)        5.0%   44.0%   16.3
1      3      73.0% (64–81%)       10.0%   17.0%   11.1
1      4      77.0% (68–84%)        8.0%   15.0%    8.7
1      2–4    67.0% (±5.2%)
pro    2      11.0% (6–19%)         7.0%   82.0%   14.0
pro    3      25.0% (18–34%)        7.0%   68.0%   10.2
pro    4      29.0% (21–39%)       11.0%   60.0%    7.9
pro    2–4    21.7% (±4.6%)
=====  =====  ===================  ======  ======  ======

Both targets lie inside the 95% ranges (70% at level 1, 20% at ``pro``), but the exact pair
cannot be met with these two knobs: the cave limit moves both levels together (about 2 points a
gem), and the gap between the levels (about 45 points) is set by the levels' shells and tiles,
not by the gem counts once the scarce colours are down to one gem. Cave 15 is the closest of the
settings measured (3 points under at level 1, 2 over at ``pro``); a larger cave would lift level
1 to its target only by lifting ``pro`` further above its own. Levels 2 and 3 lie between these
two (not re-measured; the script plays them by default).
"""

from __future__ import annotations

from .engine import Kraqua
from .notation import KraquaMove
from .state import CAVE_LIMIT, GEMS, LEVELS, KraquaState, Phase, Status, Step
from .view import KraquaView

__all__ = ["CAVE_LIMIT", "GEMS", "LEVELS", "Kraqua", "KraquaMove", "KraquaState", "KraquaView",
           "Phase", "Status", "Step"]
