"""Grading reads the stored candidate values only, and says what each choice is worth."""

from __future__ import annotations

import pytest

from trainer.grading import GradingError, describe, grade

CARDS = [
    {"answer": "SA", "label": "SA", "value": 5, "accepted": True},
    {"answer": "SK", "label": "SK", "value": 5, "accepted": True},
    {"answer": "H2", "value": 4, "accepted": False, "refutation": "loses a trick",
     "line": ["H2", "HA", "S3"]},
    {"answer": "D9", "value": 3, "accepted": False},
]  # fmt: skip


def test_an_accepted_answer_is_right_with_no_loss():
    result = grade(CARDS, "tricks", "SK")
    assert result.correct and result.loss == 0
    assert result.chosen.answer == "SK"


def test_equivalent_accepted_answers_are_all_right():
    assert grade(CARDS, "tricks", "SA").correct and grade(CARDS, "tricks", "SK").correct


def test_a_rejected_answer_carries_its_loss_refutation_and_line():
    result = grade(CARDS, "tricks", "H2")
    assert not result.correct
    assert result.loss == 1
    assert result.chosen.refutation == "loses a trick"
    assert result.chosen.line == ("H2", "HA", "S3")
    assert result.chosen.summary == "Gives up 1 trick (4 instead of the best)."


def test_every_choice_is_valued_against_the_best():
    gaps = {c.answer: c.gap for c in grade(CARDS, "tricks", "SA").choices}
    assert gaps == {"SA": 0, "SK": 0, "H2": 1, "D9": 2}


def test_an_answer_that_is_not_a_choice_names_the_choices():
    with pytest.raises(GradingError, match=r"'CJ' is not one of this quiz's choices \(SA, SK"):
        grade(CARDS, "tricks", "CJ")


def test_a_unit_where_less_is_better_is_read_from_the_accepted_answers():
    cands = [
        {"answer": "a", "value": 2, "accepted": True},
        {"answer": "b", "value": 5, "accepted": False},
    ]
    result = grade(cands, "penalty", "b")
    assert result.loss == 3
    assert result.chosen.summary == "Worth 5 (penalty) against 2 for the best."


def test_card_points_and_make_rates_are_spoken_in_their_units():
    assert describe("card points", 47, 14, False) == "14 card points less (47 instead of the best)."
    assert describe("make rate", 0.3, 0.5, True) == "This bid fails 70% of the time (50% worse)."
    assert describe("make rate", 0.8, 0, True) == "Best: this bid succeeds 80% of the time."


def test_broken_candidates_are_named():
    with pytest.raises(GradingError, match="candidate 0 is broken"):
        grade([{"answer": "x"}], "tricks", "x")
    with pytest.raises(GradingError, match="no accepted answer"):
        grade([{"answer": "x", "value": 1, "accepted": False}], "tricks", "x")


def test_values_are_written_without_stray_decimals():
    assert (
        describe("points", 91.8, 45.999999, False) == "46 points less (91.8 instead of the best)."
    )


def test_a_unit_without_a_sentence_states_both_values():
    assert describe("match points", 0, 1, True) == "Worth 0 (match points) against 1 for the best."
    assert describe("match points", 1, 0, True) == "Best: worth 1 (match points)."


def test_a_sampled_answer_level_with_the_best_is_right_with_no_loss():
    cands = [
        {"answer": "12H", "value": 3.8, "accepted": True},
        {"answer": "13NT", "value": 3.2, "accepted": True},
        {"answer": "pass", "value": -6.4, "accepted": False},
    ]
    result = grade(cands, "points", "13NT", "bid")
    assert result.correct and result.loss == 0
    assert result.chosen.summary == (
        "Accepted: +3.2 points, level with the best (+3.8 points) within the sampling error."
    )
    assert grade(cands, "points", "pass", "bid").loss == pytest.approx(10.2)


def test_an_exact_result_is_spoken_in_the_games_terms():
    cands = [
        {"answer": "SA", "value": 3, "accepted": True, "result": "you win with 63 card points"},
        {"answer": "S7", "value": 2, "accepted": False, "result": "you lose with 60 card points"},
    ]
    result = grade(cands, "result", "S7")
    assert not result.correct
    assert result.chosen.summary == (
        "Worse than the best choice, with which you win with 63 card points."
    )
    assert result.chosen.shown == "you lose with 60 card points"
    assert (
        grade(cands, "result", "SA").chosen.summary
        == "Best: no other choice reaches a better result."
    )


def test_a_sampled_score_shows_its_rate_beside_it():
    cands = [
        {"answer": "hand clubs", "value": 21.5, "accepted": True, "rate": 0.81,
         "rate_unit": "win rate"},
        {"answer": "pick up", "value": 9.25, "accepted": False, "rate": 0.9,
         "rate_unit": "win rate"},
    ]  # fmt: skip
    result = grade(cands, "points", "pick up", "bid")
    assert result.chosen.summary == (
        "Scores 9.25 points a deal on average (90% win rate), 12.25 less than the best."
    )
    assert result.chosen.shown == "+9.25 points, 90% win rate"
    best = grade(cands, "points", "hand clubs", "bid").chosen
    assert best.summary == "Best: 21.5 points on average (81% win rate)."
