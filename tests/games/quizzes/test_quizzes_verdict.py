"""The shared verdict: exact results judged by band, sampled scores beyond the sampling error."""

from __future__ import annotations

import random

import pytest

from games.quizzes.base import QuizDraft
from games.quizzes.common.keep import MAX_ANSWER_SHARE, answer_shares
from games.quizzes.common.verdict import Outcome, judge_exact, judge_sampled
from games.quizzes.units import UNITS, UnknownUnit, unit


def won(points: int) -> Outcome:
    return Outcome(3, 24, True, points, f"you win with {points} card points")


def lost(points: int) -> Outcome:
    return Outcome(2, -48, False, points, f"you lose with {points} card points")


def test_a_card_points_difference_inside_one_band_is_no_quiz():
    assert judge_exact({"SA": lost(45), "S7": lost(34)}) is None
    assert judge_exact({"SA": won(90 - 1), "S7": won(61)}) is None


def test_every_card_in_the_best_band_is_accepted_and_the_margin_is_in_score():
    verdict = judge_exact({"SA": won(63), "SK": won(61), "S7": lost(60)})
    assert verdict is not None
    assert verdict.accepted == {"SA", "SK"}
    assert verdict.best == "SA"  # the best detail inside the band
    assert verdict.unit == "result"
    assert verdict.margin == 72  # +24 against -48
    assert verdict.rates == {"SA": 1.0, "SK": 1.0, "S7": 0.0}
    assert verdict.words["S7"] == "you lose with 60 card points"
    assert verdict.runner_up() == "S7"


def test_prefer_breaks_ties_of_equal_detail():
    verdict = judge_exact({"SA": won(63), "SK": won(63), "S7": lost(50)}, prefer=lambda a: a[1])
    assert verdict is not None and verdict.best == "SA"
    verdict = judge_exact(
        {"SA": won(63), "SK": won(63), "S7": lost(50)}, prefer=lambda a: -ord(a[1])
    )
    assert verdict is not None and verdict.best == "SK"


def _worlds(
    n: int, means: dict[str, float], spread: float, seed: int = 1
) -> list[dict[str, Outcome]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        base = rng.gauss(0, spread)
        out.append(
            {a: Outcome(0, base + m + rng.gauss(0, 1), base + m > 0) for a, m in means.items()}
        )
    return out


def test_sampled_answers_level_with_the_best_are_all_accepted():
    verdict = judge_sampled(_worlds(200, {"a": 10, "b": 9.95, "c": 2}, 30))
    assert verdict is not None
    assert verdict.accepted == {"a", "b"}
    assert verdict.unit == "points" and verdict.samples == 200
    assert verdict.margin > 2 * verdict.error
    assert 0 <= verdict.rates["c"] <= verdict.rates["a"] <= 1


def test_a_gap_inside_the_sampling_error_is_no_quiz():
    # b is level with a, c is behind b by less than the noise allows: not clear.
    assert judge_sampled(_worlds(20, {"a": 0.0, "b": -0.1}, 5)) is None


def test_a_minimum_gap_is_required_of_every_rejected_answer():
    worlds = _worlds(200, {"a": 10, "b": 8}, 1)
    assert judge_sampled(worlds, minimum=1.0) is not None
    assert judge_sampled(worlds, minimum=5.0) is None


def test_one_world_is_refused():
    with pytest.raises(ValueError, match="at least two worlds"):
        judge_sampled(_worlds(1, {"a": 1, "b": 0}, 1))


def test_units_come_from_one_list_with_their_wording():
    assert unit("win rate").amount(0.554) == "55% win rate"
    assert unit("card points").amount(1) == "1 card point"
    assert unit("points").amount(-48) == "-48 points"
    assert UNITS["result"].band
    with pytest.raises(UnknownUnit, match="unknown quiz unit 'success rate'"):
        unit("success rate")


def _draft(answers: dict[str, bool], question: str) -> QuizDraft:
    from games.quizzes.base import Candidate

    return QuizDraft(
        game="skat",
        kind="bid",
        mode="single_dummy",
        prompt="?",
        position={"q": question, "a": sorted(answers)},
        candidates=tuple(Candidate(a, 1.0 if ok else 0.0, ok) for a, ok in answers.items()),
        unit="points",
        themes=(),
        rating=1500.0,
        rule_ref="",
        seed=0,
        extra={"question": question},
    )


def test_answer_shares_count_each_accepted_answer_per_question():
    drafts = [
        _draft({"pass": True, "18": False}, "limit"),
        _draft({"pass": True, "18": True, "20": False}, "limit"),
        _draft({"pass": False, "20": True}, "limit"),
        _draft({"pick up": True, "hand": False}, "hand"),
    ]
    shares = {s.question: s for s in answer_shares(drafts)}
    assert (shares["limit"].answer, shares["limit"].count, shares["limit"].quizzes) == (
        "pass",
        2,
        3,
    )
    assert shares["hand"].share == 1.0 > MAX_ANSWER_SHARE
