"""Scoring one deal of 500: contract values, overtricks, slams, defence and misère."""

from __future__ import annotations

import pytest

from games.five_hundred.calls import parse_call
from games.five_hundred.contract import Contract
from games.five_hundred.scoring import score_deal, thrown_in
from games.five_hundred.settings import FiveHundredSettings


def contract(bid: str, declarer: str = "N") -> Contract:
    return Contract(parse_call(bid), declarer)


def test_a_made_contract_scores_its_table_value() -> None:
    score = score_deal(contract("8H"), 8)
    assert score.made and score.declarer_points == 300
    assert score.points == {"NS": 300, "EW": 20}


def test_ten_no_trumps_made_scores_520() -> None:
    assert score_deal(contract("10NT", "E"), 10).points == {"EW": 520, "NS": 0}


def test_overtricks_score_nothing_extra() -> None:
    # The text's example: bid seven, take nine, score exactly the seven-trick value.
    assert score_deal(contract("7D"), 9).declarer_points == 180
    assert score_deal(contract("7D"), 7).declarer_points == 180


def test_a_failed_contract_loses_its_value() -> None:
    score = score_deal(contract("9C", "W"), 8)
    assert not score.made
    assert score.points == {"EW": -360, "NS": 20}


def test_all_ten_tricks_score_at_least_250() -> None:
    # Slam with 7 spades (worth 140) scores 250.
    assert score_deal(contract("7S"), 10).declarer_points == 250


def test_a_slam_never_lowers_a_bigger_contract() -> None:
    assert score_deal(contract("10D"), 10).declarer_points == 480
    assert score_deal(contract("9S"), 10).declarer_points == 340


def test_the_slam_rule_can_be_switched_off() -> None:
    sober = FiveHundredSettings(slam=False)
    assert score_deal(contract("7S"), 10, sober).declarer_points == 140


def test_nine_tricks_are_no_slam() -> None:
    assert score_deal(contract("6S"), 9).declarer_points == 40


def test_the_defence_scores_ten_a_trick_whether_or_not_the_contract_is_made() -> None:
    assert score_deal(contract("6H", "S"), 7).points["EW"] == 30
    assert score_deal(contract("6H", "S"), 2).points["EW"] == 80
    assert score_deal(contract("6H", "S"), 10).points["EW"] == 0


def test_misere_made_with_no_trick_scores_250() -> None:
    score = score_deal(contract("MIS", "E"), 0)
    assert score.made and score.points == {"EW": 250, "NS": 0}


def test_one_trick_defeats_misere_for_minus_250() -> None:
    score = score_deal(contract("MIS", "E"), 1)
    assert not score.made and score.points == {"EW": -250, "NS": 0}


def test_open_misere_scores_500_or_loses_500() -> None:
    assert score_deal(contract("OMIS"), 0).declarer_points == 500
    assert score_deal(contract("OMIS"), 3).declarer_points == -500


def test_the_defence_scores_nothing_in_misere_by_default() -> None:
    assert score_deal(contract("MIS"), 0).defence_points == 0


def test_misere_defence_points_can_be_switched_on() -> None:
    settings = FiveHundredSettings(defence_in_misere=True)
    assert score_deal(contract("MIS"), 2, settings).points == {"NS": -250, "EW": 80}


def test_a_thrown_in_deal_scores_nothing() -> None:
    score = thrown_in()
    assert score.thrown_in and score.points == {"NS": 0, "EW": 0}
    assert "thrown in" in score.summary


def test_an_impossible_trick_count_is_refused() -> None:
    with pytest.raises(ValueError, match="11"):
        score_deal(contract("6S"), 11)


def test_the_summary_names_contract_outcome_and_points() -> None:
    summary = score_deal(contract("8H", "W"), 7).summary
    assert summary == "8 hearts by W defeated with 7 tricks: EW -300; NS +30"
