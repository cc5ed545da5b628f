"""The 500 score sheet: running totals, winning at +500 by a contract, losing at -500."""

from __future__ import annotations

import pytest

from games.five_hundred.calls import parse_call
from games.five_hundred.contract import Contract
from games.five_hundred.errors import MatchOver
from games.five_hundred.match import ScoreSheet
from games.five_hundred.scoring import DealScore, score_deal, thrown_in
from games.five_hundred.settings import FiveHundredSettings


def deal_score(bid: str, declarer: str, tricks: int) -> DealScore:
    return score_deal(Contract(parse_call(bid), declarer), tricks)


def test_totals_run_for_both_sides() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("7H", "N", 8))  # NS +200, EW +20
    sheet.record(deal_score("6S", "E", 5))  # EW -40, NS +50
    assert sheet.totals == {"NS": 250, "EW": -20}
    assert [row.totals for row in sheet.rows] == [
        {"NS": 200, "EW": 20},
        {"NS": 250, "EW": -20},
    ]


def test_totals_can_go_negative() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("8D", "S", 6))
    assert sheet.totals["NS"] == -280 and not sheet.is_over


def test_making_a_contract_to_reach_500_wins_at_once() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("10S", "N", 10))  # NS 440
    assert not sheet.is_over
    assert sheet.record(deal_score("6C", "S", 6)) == "NS"  # NS 500
    assert sheet.winner == "NS"


def test_defence_points_alone_never_win() -> None:
    sheet = ScoreSheet()
    for _ in range(6):
        sheet.record(deal_score("6S", "E", 0))  # NS +100 in defence, EW -40, each time
    assert sheet.totals == {"NS": 600, "EW": -240}
    assert not sheet.is_over


def test_a_side_on_460_must_make_a_contract_to_close() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("9D", "N", 9))  # NS 380, EW 10
    sheet.record(deal_score("6S", "E", 2))  # NS defends for +80: 460, EW -30
    sheet.record(deal_score("6S", "E", 4))  # NS defends for +60: 520, EW -70
    assert sheet.totals["NS"] == 520 and not sheet.is_over
    assert sheet.record(deal_score("6S", "S", 6)) == "NS"
    assert sheet.totals["NS"] == 560


def test_falling_to_minus_500_loses_at_once() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("10H", "W", 0))  # EW -500
    assert sheet.winner == "NS"
    assert sheet.reason is not None and "EW fell to -500" in sheet.reason


def test_a_finished_match_takes_no_more_deals() -> None:
    sheet = ScoreSheet()
    sheet.record(deal_score("10NT", "N", 10))
    with pytest.raises(MatchOver, match="NS won"):
        sheet.record(deal_score("6S", "E", 6))


def test_a_thrown_in_deal_changes_nothing() -> None:
    sheet = ScoreSheet()
    sheet.record(thrown_in())
    assert sheet.totals == {"NS": 0, "EW": 0} and len(sheet.rows) == 1


def test_the_target_is_a_setting() -> None:
    sheet = ScoreSheet(FiveHundredSettings(target=250))
    assert sheet.record(deal_score("7NT", "W", 8)) is None  # 220
    assert sheet.record(deal_score("6S", "E", 6)) == "EW"
