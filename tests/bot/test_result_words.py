"""The result as a post says it: the best first (the review read "Point: mette: 1 · lars: 6"
with lars the winner), and a solo game without a team ("Punkte des Teams: 0")."""

from __future__ import annotations

import games
from bot.i18n import tr
from bot.service import GameService
from bot.service.core import Narrator
from games import Result

from .conftest import ALICE, PLACE

NAMES = {"1": "mette", "2": "lars", "3": "ida"}


def score_line(said: str) -> str:
    return next(line for line in said.splitlines() if line.startswith(("Scores", "Score", "Team")))


def test_scores_list_the_winner_first_then_the_higher_scores() -> None:
    kahuna = games.REGISTRY["kahuna"]
    said = Narrator.result_text(kahuna, Result({"1": 1, "2": 6}, ("2",)), NAMES)
    assert score_line(str(said)) == "Scores: **lars**: 6 · **mette**: 1"
    assert "Point: **lars**: 6 · **mette**: 1" in tr(said, "da")
    three = Narrator.result_text(games.REGISTRY["aqua"], Result({"1": 4, "2": 9, "3": 7}, ("2",)), NAMES)
    assert score_line(str(three)) == "Scores: **lars**: 9 · **ida**: 7 · **mette**: 4"
    # a winner by resignation comes first even with fewer points; a tie keeps the seats' order
    left = Narrator.result_text(kahuna, Result({"1": 5, "2": 2, "3": 5}, ("2",), reason="resigned",
                                               detail={"resigned": ["1", "3"]}), NAMES)
    assert score_line(str(left)) == "Scores: **lars**: 2 · **mette**: 5 · **ida**: 5"


def test_the_aqua_breakdown_follows_the_same_order() -> None:
    aqua = games.REGISTRY["aqua"]
    part = {"large": 0, "small": 0, "reefs": 0, "ecosystems": {}}
    result = Result({"1": 3, "2": 8}, ("2",), detail={"breakdown": {
        "1": dict(part, total=3), "2": dict(part, total=8)}})
    lines = [str(x) for x in aqua.result_lines(result, NAMES)]
    assert lines[0].startswith("**lars**") and lines[1].startswith("**mette**")


def test_a_solo_result_has_no_team() -> None:
    aqua = games.REGISTRY["aqua"]
    lost = Narrator.result_text(aqua, Result({"1": 0}, (), outcome="lost", reason="resigned",
                                             detail={"resigned": "1"}), NAMES, told=True)
    assert score_line(str(lost)) == "Score: 0" and "Team" not in str(lost)
    assert "Team" not in tr(lost, "de") and "Punkte: 0" in tr(lost, "de")
    assert "Holdets" not in tr(lost, "da") and "Point: 0" in tr(lost, "da")
    won = Narrator.result_text(games.REGISTRY["kraqua"], Result({"1": 7}, ("1",), outcome="won"), NAMES)
    assert "**mette** won! 🎉" in str(won) and "together" not in str(won)
    assert "mette** hat gewonnen" in tr(won, "de")


async def test_resigning_a_solo_aqua_game_reads_as_one_players_game(service: GameService) -> None:
    await service.lobby.new_game(ALICE, PLACE, "aqua")
    await service.lobby.start(ALICE, PLACE)
    out = await service.play.resign(ALICE, PLACE)
    text = str(out.posts[0].text)
    assert "Score: 0" in text.splitlines() and "Team" not in text
    assert "Punkte des Teams" not in tr(out.posts[0].text, "de")


def test_krasserfall_counts_medals_not_points() -> None:
    """The German read: Krasserfall's result said "Punkte:" where the game counts medals."""
    said = Narrator.result_text(games.REGISTRY["krasserfall"], Result({"1": 4, "2": 6}, ("2",)),
                                NAMES)
    assert "Medals: **lars**: 6 · **mette**: 4" in str(said)
    assert "Medaillen: **lars**: 6" in tr(said, "de") and "Medaljer: **lars**: 6" in tr(said, "da")
