"""Kraqua's shark: usable only while the cave holds a gem of a colour the team still needs.

"Still needs": named by the hideout tile and not in the hideout yet (every tile names a colour
once, so one gem of it there is the colour in full). Engine, buttons, autocomplete and the
greedy team must agree; positions are hand-built with ``test_kraqua.position``.
"""

from __future__ import annotations

from typing import Any

from games import REGISTRY
from games.kraqua import planner
from games.kraqua.state import GEMS, KraquaState, shark_usable, still_needed

from .test_kraqua import A, B, play, position, refused

GAME = REGISTRY["kraqua"]
#: inner 2A / outer 7B protect field 15 (spot 4, middle cell); A (turtle) lays 6B on inner
#: spot 5 and moves green 14 -> 15, the first shark field, without a die roll.
ROWS = {"i": {3: (1, "A"), 4: (2, "A")}, "o": {3: (3, "A"), 4: (7, "B")}}


def before_shark(**kw: Any) -> KraquaState:
    """A to play, one move from the shark field 15 with a shell (hideout 0: purple, yellow)."""
    args: dict[str, Any] = dict(chips={A: "turtle", B: "crab"}, hands={A: (6, "B"), B: (5, "A")},
                                rows=ROWS, fish={"green": 14}, shells=1)
    return position(**(args | kw))


def on_shark(**kw: Any) -> KraquaState:
    return play(before_shark(**kw), A, "lay i", "fish green")


def saved_at_the_shark(cave: dict[str, int]) -> KraquaState:
    """A state stopped at the shark's choice, as a game saved under the old rule may be."""
    rows = {"i": {**ROWS["i"], 5: (6, "B")}, "o": ROWS["o"]}
    return position(chips={A: "turtle", B: "crab"}, hands={A: None, B: (5, "A")}, rows=rows,
                    fish={"green": 15}, shells=1, cave=cave, current=A, step="special",
                    turn_tile=(6, "B"), laid=True, moved="green")


def shark_choices(s: KraquaState) -> set[str]:
    """The shark moves the greedy team's plan considers for its first action."""
    return {a[3] for a in planner.plan(planner.board_of(s)) if a[3].startswith("shark")}


# ----- offered ----------------------------------------------------------------------------------


def test_shark_offered_while_the_cave_holds_a_needed_gem() -> None:
    s = on_shark(cave={"blue": 2, "purple": 1})
    assert still_needed(s) == ("purple", "yellow") and shark_usable(s)
    legal = GAME.legal_moves(s, A)
    # any gem of the cave may come back once the shark may be used
    assert legal == ["shark blue", "shark purple", "pass"]
    assert [b.move for b in GAME.buttons(s, A)] == legal
    assert {m for m, _label in GAME.suggest(s, A, "")} == set(legal)
    assert "shark field" in str(GAME.prompt(s, A))
    # the team wins the needed purple back (it is gone from the chest)
    assert planner.choose(GAME, s, A) == "shark purple"
    after = play(s, A, "shark purple")
    assert after.gems["cave"]["purple"] == 0 and after.gems["chest"]["purple"] == GEMS["purple"]
    assert after.shells == 0 and A in after.played


def test_the_team_plans_the_shark_when_it_may_use_it() -> None:
    assert shark_choices(before_shark(cave={"blue": 2, "purple": 1}))


# ----- not offered, refused -----------------------------------------------------------------------


def test_shark_not_offered_with_only_unneeded_gems_in_the_cave() -> None:
    before = before_shark(cave={"blue": 2, "white": 1})
    s = play(before, A, "lay i", "fish green")
    assert s.fish["green"] == 15 and not shark_usable(s)
    # the turn is over: no shark step, the shell stays, the cave is unchanged
    assert A in s.played and s.step is None and s.shells == 1
    assert s.gems["cave"] == {**s.gems["cave"], "blue": 2, "white": 1}
    said = str(GAME.describe(play(before, A, "lay i"), A, "fish green"))
    assert "shark field, but Kraqua's cave holds no gem the hideout still needs (purple, " \
           "yellow)" in said
    # and the greedy team does not even plan it
    assert shark_choices(before) == set()


def test_a_colour_already_in_the_hideout_is_no_longer_needed() -> None:
    # hideout 3 names purple, white and blue; blue lies in the hideout already
    s = on_shark(hideout=3, hideout_gems={"blue": 1}, cave={"blue": 1, "green": 1})
    assert still_needed(s) == ("purple", "white") and not shark_usable(s)
    assert A in s.played and s.gems["cave"]["blue"] == 1
    s = on_shark(hideout=3, hideout_gems={"blue": 1}, cave={"blue": 1, "white": 1})
    assert shark_usable(s)
    assert GAME.legal_moves(s, A) == ["shark blue", "shark white", "pass"]


def test_shark_refused_with_a_reason_naming_the_move() -> None:
    s = saved_at_the_shark({"blue": 2, "white": 1})
    assert GAME.legal_moves(s, A) == ["pass"]
    text = refused(s, A, "shark blue", "shark blue", "only while Kraqua's cave holds a gem the "
                   "hideout still needs (purple, yellow)", "write pass")
    assert text.startswith("shark blue is refused")
    assert [b.move for b in GAME.buttons(s, A)] == ["pass"]
    assert [m for m, _label in GAME.suggest(s, A, "")] == ["pass"]
    assert planner.choose(GAME, s, A) == "pass"
    done = play(s, A, "pass")
    assert done.shells == 1 and done.gems["cave"]["blue"] == 2
    # with a needed gem in the cave, the same saved state offers and accepts the shark
    ok = saved_at_the_shark({"blue": 1, "yellow": 1})
    assert GAME.legal_moves(ok, A) == ["shark blue", "shark yellow", "pass"]
    assert play(ok, A, "shark blue").gems["cave"]["blue"] == 0


def test_the_team_never_tries_the_shark_when_it_may_not() -> None:
    """Seeded games by the greedy team: every shark it plays is one the rules allow, and its
    picture of the rule matches the engine's in every position."""
    for seed in range(3):
        s = GAME.setup([A, B], {"level": "1"}, seed)
        while GAME.result(s) is None:
            assert planner.shark_usable(planner.board_of(s)) == shark_usable(s)
            seat = planner.choose_seat(GAME, s)
            move = planner.choose(GAME, s, seat)
            if move.startswith("shark"):
                assert shark_usable(s)
            assert move in GAME.legal_moves(s, seat)
            s = GAME.apply(s, seat, move)
