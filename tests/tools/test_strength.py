"""The pairing tool: seats swap with the seed, shares and margins are A's, output is whole."""

from __future__ import annotations

import pytest

from tools.sim import strength


def test_a_seeded_game_repeats_and_is_scored_for_a() -> None:
    one = strength.duel(("aqualin", {}, "greedy", "random", False, 0))
    assert strength.duel(("aqualin", {}, "greedy", "random", False, 0)).share == one.share
    assert one.share in (0.0, 0.5, 1.0)
    assert (one.share == 1.0) <= (one.margin >= 0)  # A's margin: a winner is not behind
    assert one.a.seconds and one.b.seconds and one.a.capped == 0
    # Seed 1 puts A in the second seat: each side still moves as often as the game asks.
    other = strength.duel(("aqualin", {}, "greedy", "random", False, 1))
    assert abs(len(other.a.seconds) - len(other.b.seconds)) <= 1


def test_the_report_names_the_share_its_interval_and_the_time_per_decision(capsys) -> None:
    assert strength.main(["kahuna", "greedy:random", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Kahuna: greedy vs random, 2 games (seeds 0..1, seats swapped)" in out
    assert "greedy scores" in out and "mean margin" in out and "CPU s per decision p50" in out


def test_a_bad_pairing_is_refused() -> None:
    with pytest.raises(SystemExit):
        strength.main(["aqualin", "hard-normal"])
    with pytest.raises(SystemExit):
        strength.main(["aqualin", "hard:expert"])


def test_a_level_takes_other_knobs_to_try() -> None:
    from games import REGISTRY

    game = REGISTRY["aqualin"]
    hard, budget = strength.level_of(game, "hard")
    assert hard.name == "hard" and budget == 800  # Aqualin's own budget for hard
    tried, budget = strength.level_of(game, "hard+depth=2,iterations=300,exploration=0.3")
    assert (tried.depth, tried.exploration, budget, tried.width) == (2, 0.3, 300, hard.width)
    wide, _ = strength.level_of(game, "hard+lookahead_width=60")
    assert wide.extra == (("lookahead_width", 60),) and hard.extra == ()
    assert strength.level_of(game, "greedy") is None
    with pytest.raises(ValueError, match="no knob 'speed'"):
        strength.level_of(game, "hard+speed=2")


def test_krasserfalls_greedy_player_takes_the_best_push_and_waits_out_of_turn() -> None:
    """The baseline is a one-ply player, not random play: on its turn the move with the best
    expected gain (each fall weighed by its public chance), out of turn the stone only for a
    gain; and it beats random play clearly."""
    from games import REGISTRY
    from games.krasserfall import words
    from games.rng import Rng
    from tools.sim.ai_strength import greedy_agent, random_agent

    game = REGISTRY["krasserfall"]
    state = game.setup(["a", "b"], {}, 3)
    rng = Rng(1)
    seen = waited = 0
    while game.result(state) is None and seen < 40:
        mover = state.players[state.active]
        moves = game.legal_moves(state, mover)
        ranked = words.ranked(state, state.active, moves)
        assert greedy_agent(game, state, mover, rng) == ranked[0][1]
        for other in game.to_act(state) - {mover}:
            off = greedy_agent(game, state, other, rng)
            seat = state.players.index(other)
            gain = words.ranked(state, seat, game.legal_moves(state, other))[0]
            assert off == (gain[1] if gain[0] > 0 else None)
            waited += 1
        state = game.apply(state, mover, moves[rng.randbelow(len(moves))])
        seen += len(moves) > 1
    assert waited, "nobody held the stone out of turn: the waiting was never checked"
    wins = 0.0
    for seed in range(12):
        agents = [greedy_agent, random_agent] if seed % 2 == 0 else [random_agent, greedy_agent]
        result = game.result(strength.play(game, {}, agents, seed))
        assert result is not None
        me = "s1" if seed % 2 == 0 else "s2"
        wins += (me in result.winners) / len(result.winners)
    assert wins >= 9, f"greedy won {wins} of 12 against random play"


def test_the_seer_searches_the_real_position_and_only_that(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound for normal: the seer's every world is the real Kahuna position, the other
    hand and the deck order included, not a world drawn from its seat's view."""
    from games import REGISTRY
    from games.rng import Rng
    from tools.sim import ai_strength

    game = REGISTRY["kahuna"]
    state = game.setup(["s1", "s2"], {}, 4)
    seat = state.active
    worlds: list[object] = []
    draw = ai_strength._Truth.resample

    def counted(self: object, world: object, player: str, seed: int) -> object:
        worlds.append(draw(self, world, player, seed))  # type: ignore[arg-type]
        return worlds[-1]

    monkeypatch.setattr(ai_strength._Truth, "resample", counted)
    move = ai_strength.seer_agent(game, state, seat, Rng(1))
    assert move in game.legal_moves(state, seat)
    assert worlds and all(w is state for w in worlds)
    assert "seer" in strength.PLAYERS
