"""Glicko-2 (trainer.ratings) against Glickman's worked example, and its edges."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.ratings import (
    MAX_DEVIATION,
    Rating,
    RatingError,
    Result,
    duel,
    expected_score,
    idle,
    performance,
    update,
)


def test_glickmans_worked_example_gives_his_numbers():
    player = Rating(1500, 200, 0.06)
    games = [
        Result(Rating(1400, 30), 1.0),
        Result(Rating(1550, 100), 0.0),
        Result(Rating(1700, 300), 0.0),
    ]
    after = update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.05)
    assert after.deviation == pytest.approx(151.52, abs=0.05)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_equal_players_expect_half_a_point():
    assert expected_score(Rating(1700, 80), Rating(1700, 80)) == pytest.approx(0.5)


def test_a_stronger_player_is_expected_to_win():
    assert expected_score(Rating(1900, 60), Rating(1500, 60)) > 0.9


def test_a_duel_moves_both_ratings_by_the_same_amount_in_opposite_directions():
    winner, loser = duel(Rating(), Rating(), 1.0)
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)


def test_beating_a_much_weaker_opponent_gains_little():
    strong = Rating(1800, 60)
    assert update(strong, [Result(Rating(1200, 60), 1.0)]).rating - 1800 < 2


def test_idle_periods_widen_the_deviation_but_never_past_350():
    settled = Rating(1600, 50, 0.06)
    assert idle(settled, 5).deviation > 50
    assert idle(settled, 5).rating == 1600
    assert idle(settled, 100_000).deviation == MAX_DEVIATION


def test_a_period_without_games_only_widens_the_deviation():
    before = Rating(1600, 50, 0.06)
    assert update(before, []) == idle(before)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deviation": 0.0}, "deviation must be positive"),
        ({"volatility": -0.1}, "volatility must be positive"),
        ({"rating": float("nan")}, "rating must be a finite number"),
    ],
)
def test_impossible_ratings_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(RatingError, match=message):
        Rating(**kwargs)


def test_a_score_outside_zero_to_one_is_refused():
    with pytest.raises(RatingError, match="between 0 and 1, not 2"):
        Result(Rating(), 2)


def test_performance_is_the_mean_opponent_plus_400_per_net_win():
    assert performance([1400, 1600], [1.0, 1.0]) == pytest.approx(1900)
    assert performance([1500, 1500, 1500, 1500], [1, 0, 1, 0]) == pytest.approx(1500)
    assert performance([], []) is None


@settings(max_examples=60, deadline=None)
@given(
    st.floats(1000, 2400), st.floats(40, 350), st.floats(1000, 2400), st.floats(40, 350),
    st.sampled_from([0.0, 1.0]),
)  # fmt: skip
def test_a_win_never_lowers_and_a_loss_never_raises_a_rating(r1, d1, r2, d2, score):
    after = update(Rating(r1, d1), [Result(Rating(r2, d2), score)])
    assert (after.rating >= r1) if score == 1.0 else (after.rating <= r1)
    # The new deviation never exceeds the pre-period one widened by the new volatility.
    assert after.deviation <= (d1**2 + (after.volatility * 173.7178) ** 2) ** 0.5 + 1e-6
