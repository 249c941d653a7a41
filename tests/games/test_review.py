"""Reviews (:mod:`games.ai.review`): a known blunder is named, bots are not judged, round trips."""

from __future__ import annotations

from typing import Any

import pytest

import games
from games.ai.review import MIN_LOSS, Review, Step, review

from .test_coach import played, random_log


def wins_whatever_follows(game: Any, state: Any, player: str, move: str) -> bool | None:
    """True if ``player`` wins after ``move`` whatever the other plays last, False if they
    lose whatever it is, None if it depends (Aqualin with one square left after it)."""
    after = game.apply(state, player, move)
    outcomes = set()
    for other in game.waiting_for(after):
        for reply in game.legal_moves(after, other):
            result = game.result(game.apply(after, other, reply))
            outcomes.add(player in result.winners and len(result.winners) == 1)
    return outcomes.pop() if len(outcomes) == 1 else None


def blunder_game() -> tuple[Any, list[str], int, list[Step], str, set[str]]:
    """An Aqualin game that reached its last two squares where one move wins whatever follows
    and the one played loses whatever follows: (game, players, seed, steps, the mover, the
    winning moves)."""
    game = games.REGISTRY["aqualin"]
    for seed in range(200):
        state = played("aqualin", seed, 34)
        if game.result(state) is not None or len(game.view(state, None)["board"]) != 34:
            continue
        player = sorted(game.waiting_for(state))[0]
        fate = {m: wins_whatever_follows(game, state, player, m)
                for m in game.legal_moves(state, player)}
        winning = {m for m, f in fate.items() if f is True}
        losing = [m for m, f in fate.items() if f is False]
        if not winning or not losing:
            continue
        steps = replayed_steps(seed)
        after = game.apply(state, player, losing[0])
        other = sorted(game.waiting_for(after))[0]
        steps += [Step("move", player, losing[0]),
                  Step("move", other, game.legal_moves(after, other)[0], judge=False)]
        return game, list(game.players(state)), seed, steps, player, winning
    raise AssertionError("no seed gave an endgame with a clear blunder")


def replayed_steps(seed: int) -> list[Step]:
    """The 34 random moves of :func:`played`, as bot steps (not judged)."""
    return [Step("move", p, m, judge=False) for p, m in random_log("aqualin", seed, 34)[1]]


def test_the_review_names_a_known_blunder() -> None:
    game, players, seed, steps, mover, winning = blunder_game()
    found = review(game, players, {}, seed, steps, seconds=None)
    assert [j.number for j in found.judged] == [35]  # only the person's decision is judged
    (point,) = found.turning
    assert point.number == 35 and point.player == mover and point.played == steps[34].move
    assert point.preferred in winning
    assert point.before - point.after >= 0.5 >= MIN_LOSS  # a lost game instead of a won one
    assert found.complete


def test_bots_moves_are_not_judged_and_the_review_round_trips() -> None:
    game = games.REGISTRY["kahuna"]
    players = ["p0", "p1"]
    steps = [Step("move", p, m, judge=p == "p0") for p, m in random_log("kahuna", 3, 16)[1]]
    found = review(game, players, {}, 3, steps, seconds=None, search_share=0.1, worlds=4)
    assert found.judged and {j.player for j in found.judged} == {"p0"}
    assert Review.from_dict(found.to_dict()) == found
    again = review(game, players, {}, 3, steps, seconds=None, search_share=0.1, worlds=4)
    assert again == found  # seeded: the same review on any machine


def test_a_review_cut_short_says_so() -> None:
    game = games.REGISTRY["aqualin"]
    steps = [Step("move", p, m) for p, m in random_log("aqualin", 5, 10)[1]]
    calls: list[tuple[int, int]] = []
    found = review(game, ["p0", "p1"], {}, 5, steps, seconds=0.0,
                   progress=lambda done, total: calls.append((done, total)))
    assert not found.complete and len(found.judged) <= 1
    full = review(game, ["p0", "p1"], {}, 5, steps, seconds=None, search_share=0.1, worlds=4,
                  progress=lambda done, total: calls.append((done, total)))
    assert full.complete and calls[-1][0] == calls[-1][1] == len(full.judged)


@pytest.mark.parametrize("game_id", ["aqua", "kraqua", "krasserfall"])
def test_every_game_can_be_reviewed(game_id: str) -> None:
    game = games.REGISTRY[game_id]
    players = [f"p{i}" for i in range(max(game.min_players, 2))]
    steps = [Step("move", p, m) for p, m in random_log(game_id, 2, 12)[1]]
    found = review(game, players, {}, 2, steps, seconds=None, search_share=0.1, worlds=3)
    assert found.judged
    for j in found.judged:
        assert 0.0 <= j.after <= j.before <= 1.0


def test_aqualins_judge_sees_only_what_the_player_sees_and_ranks_by_the_lookahead() -> None:
    """Aqualin's reviews are judged by hard's lookahead (``Policy.review_chances``): the same
    chances in every world the player cannot rule out (the supply's order is unseen), the move
    played always among them, and the best of them the lookahead's own choice."""
    from games.ai.registry import policy_for
    from games.aqualin import lookahead
    from games.aqualin.cells import cells_of
    from games.aqualin.policy import ATTR, moves_with_boards

    game = games.REGISTRY["aqualin"]
    pol = policy_for(game)
    for seed in range(4):
        state = played("aqualin", seed, 6 + 7 * seed)
        player = sorted(game.waiting_for(state))[0]
        played_move = game.legal_moves(state, player)[-1]
        chances = pol.review_chances(game, state, player, played_move)
        assert chances is not None and played_move in chances
        assert all(0.0 <= c <= 1.0 for c in chances.values())
        for world in range(3):
            other = game.resample(state, player, 1000 * seed + world)
            assert pol.review_chances(game, other, player, played_move) == chances
        me = ATTR[state.roles[player]]
        tiles = lookahead.unseen(cells_of(state.board), state.drawn)
        worths = {text: lookahead.judge(board, me, gain, tiles)
                  for gain, board, text in moves_with_boards(state, me)[:40]}
        best = max(chances.values())
        assert max(worths.values()) == pytest.approx(max(w for t, w in worths.items() if chances.get(t) == best))


@pytest.mark.parametrize(("game_id", "depth"), [("kahuna", 12), ("aqua", 12), ("krasserfall", 4)])
def test_a_games_own_review_depth_is_how_far_its_worlds_are_played_on(
        game_id: str, depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kahuna's and Aqua's reviews play each world a few whole turns on (``review_depth``); a
    game without one, the normal level's playout depth."""
    from games.ai import review as reviewing

    seen: list[int] = []
    real = reviewing._play_on

    def spy(game: Any, pol: Any, state: Any, plies: int, rng: Any) -> dict[str, float]:
        seen.append(plies)
        return real(game, pol, state, plies, rng)

    monkeypatch.setattr(reviewing, "_play_on", spy)
    game = games.REGISTRY[game_id]
    state = played(game_id, 1, 10)
    player = sorted(game.waiting_for(state))[0]
    chances = reviewing.compare(game, state, player, game.legal_moves(state, player)[:2], 1, 2)
    assert set(seen) == {depth} and len(seen) == 2 * len(chances)
