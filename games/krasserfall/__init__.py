"""Krasserfall: boats drift towards a waterfall; the last boat afloat scores its figures.

The rules as the bot plays them: this docstring and ``summary`` (the bot's balance model replaces the table
physics). The package, each module importing only those above it in this list:

* ``state``: the material, the vocabularies (``Phase``, ``Kind``, ...) and the state dataclass;
* ``model``: the material in words, the balance constants and the public chances;
* ``notation``: the moves, one frozen dataclass per kind, read and printed in one place;
* ``queries``: what the rules allow (seats, whose turn, legal moves);
* ``refusals``: why a move is refused; ``rules``: what a move does, rounds, resigning, result;
* ``view``: the public view and its ``TypedDict``; ``words``: describe, prompt, buttons, suggest;
* ``engine``: the ``Game`` object, which hands the contract's hooks on to the modules above.

Readings of our own, where the rules page leaves room:

* **Seats.** Round 1 seats the players in random order (the whole order, drawn from the
  game's seed): ``players(state)`` is that order, seat numbers (1-4 in notation) follow it,
  and seat 1 opens. Play goes clockwise = seat order.
* **When falls are checked.** While figures are being placed the boats rest at the start
  (held in place, as on the table) and nothing falls. The boats float from the moment the
  last figure is placed: then every boat is checked, and after that every boat again after
  every change (push, figure or ring moved, stone placed). This is how several boats can fall
  from one change: at the release an empty boat (possible from round 2 on, when the last boat
  kept many figures) and a boat with a heavy fish can go together. The weight attached at the
  round end is part of that first check.
* **Several boats falling at once** fall one after the other, the most overloaded first
  (pull − hold − tipping point, a boat pushed past wave 6 before all); the round ends the
  moment one boat is left, so at least one boat always stays in the river.
* **Tipping points** are drawn each round, per boat, uniformly on a grid of 1/1000 in
  [−4, +4] (the page's "real number"); a boat falls when ``pull − hold`` exceeds its tipping
  point. They are never in a view. A boat's *known safe level* (view ``safe``) is the highest
  danger it has stood since the boats float, and −4 before; the tipping point is uniform
  between it and +4 for anyone at the table, so the public chance that a change makes the
  boat fall is ``(new danger − safe) / (4 − safe)``, clipped to 0…1. Buttons, suggestions,
  move descriptions (``pushed red to wave 3 (red: 40 % to fall)``) and the board show it;
  the view's ``push_risk`` is the chance, in percent, for pushing the boat one wave now.
  Percentages are rounded, but never to 0 or 100 unless the fall is impossible or certain.
  ``resample`` redraws tipping points above each safe level (and redraws the future dice).
  Games saved with the earlier hidden shake (in [−1, +1], same grid) keep their draws.
* **Half pushes** (``push=thrill``): ``push`` always goes on to the next wave (from 2 to 3,
  from 2.5 to 3); ``push half`` is offered only from a wave and stops just before the next
  one (2 to 2.5). From wave 6, ``push half`` stops at 6.5, just before the edge, with the
  pull of 6.5 waves; ``push`` from 6 or 6.5 goes over the edge.
* **Colour faces:** ``push`` when the boat is fixed (the die's boat, or the single boat
  furthest back), ``push red`` when the player picks (a tie, or ``boat-choice=free``), with
  ``half`` appended under ``thrill`` (``push red half``). With ``free`` and no figure of yours
  in the river, the die decides as usual.
* **Every face is a separate move after ``roll``**, even a forced ``push``: between the roll
  and its follow-up the stone holder can still react. A figure face with no possible move
  (or a ring face with the ring fallen and no possible move) ends the turn at once.
* **The stone** may be placed from the start of the round (also while figures are placed) on
  a boat in the river, by its holder only, once; it is not a turn and does not change whose
  turn it is. If it takes away every option of the pending face, the turn passes.
* **The ring at a new round** goes on a boat without figures (all but the last boat).
  In round 1 it goes on any boat. Empty boats stay possible in later rounds if few figures
  are left to place; they float only with the ring, or fall at the release.
* **Weights:** the box has 6; once all hang on fish no further weight is attached.
* **Resigning:** with 2 players the other wins at once. With more, the game goes on without
  the resigned player: their turns are skipped, their figures already on the river stay
  (as dead weight) until the round ends and then leave the game, they score no more medals,
  lose an unplaced stone and cannot win. When one player is left, they win.
* **The die** is shown (view ``die``) until the next roll; a new round starts with none.

Balance: the simulation ``python -m tools.sim.krasserfall_balance`` (random-but-legal and greedy
players, 400 seeded games per row; ``--bot 200 --jobs 2`` adds the bots' normal level) with
the rules page's constants (``model.BALANCE``) and tipping points in [−4, +4]:

=============  ======  =============  ============  ===============  ===============
options        policy  3 players:     2 / 4         falls at         checks at +1…+3
                       turns/round    players       danger ≤ 0       the boat stood
=============  ======  =============  ============  ===============  ===============
default        random  12.5 (sd 5.3)  7.5 / 18.2    44.2 % of 3183   48.1 % of 2707
default        greedy  11.1 (sd 5.0)  6.9 / 14.8    40.5 % of 2991   46.7 % of 2765
default        bot     12.1 (sd 5.1)  –             39.9 % of 785    47.1 % of 719
push=thrill    random  17.9 (sd 7.3)  10.2 / 26.0   48.6 % of 3073   55.6 % of 2764
push=thrill    greedy  14.9 (sd 6.8)  9.0 / 19.0    44.9 % of 2902   54.8 % of 2766
free           random  12.6 (sd 5.2)  7.4 / 17.6    46.5 % of 3875   47.7 % of 3010
free           greedy  11.3 (sd 5.2)  6.8 / 14.2    43.3 % of 3703   45.1 % of 3069
=============  ======  =============  ============  ===============  ===============

(a turn is one roll; the fall and check columns are for 3 players; ``bot`` is three
normal-level bots at 500 iterations a move, 100 games: the page asks for 200, and the run was
stopped at 100 on a shared machine; ``--bot 200`` plays them all.) A 3-player round lasts
11-18 turns, inside the 8-20 the rules page asks for, and the model matters: far more than
the page's 20 % of falls come at a danger of 0 or less, and far more than 20 % of the open
checks at +1 to +3 are stood. A check counts only when it could go either way (the danger is
above the boat's known safe level). So the constants were not tuned. Games last 2.5 rounds
with 3 players (28 turns for greedy players).
The sweep (``--sweep``, greedy, 3 players) shows the levers: pull per wave 1 gives 19-27
turns per round, a base pull of 1 or 2 with 2 per wave 14-17.
"""

from __future__ import annotations

from .engine import Krasserfall
from .model import BALANCE, Balance
from .notation import Move, MoveFigure, MoveRing, Place, Push, RingStart, Roll, Stone
from .state import FACES, LANES, BoatChoice, Kind, KrasserfallState, Phase, PushOption, Where
from .view import BoatView, KrasserfallView

__all__ = ["BALANCE", "FACES", "LANES", "Balance", "BoatChoice", "BoatView", "Kind", "Krasserfall",
           "KrasserfallState", "KrasserfallView", "Move", "MoveFigure", "MoveRing", "Phase",
           "Place", "Push", "PushOption", "RingStart", "Roll", "Stone", "Where"]
