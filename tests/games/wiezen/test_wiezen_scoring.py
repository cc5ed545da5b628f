"""Scoring: the points table, zero-sum settlement, doublers and the score sheet."""

from __future__ import annotations

import pytest

from games.cards import parse_card
from games.wiezen import (
    Contract,
    ContractKind,
    PointsTable,
    ScoreError,
    ScoreSheet,
    SettingsError,
    WiezenSettings,
    score_deal,
)


def tricks(n: int, e: int, s: int, w: int) -> dict[str, int]:
    return {"N": n, "E": e, "S": s, "W": w}


ASK_JOIN = Contract(ContractKind.ASK_JOIN, ("N", "E"), "H", 8, "N")
ALONE = Contract(ContractKind.ALONE, ("S",), "D", 5, "N")
TROEL = Contract(ContractKind.TROEL, ("N", "E"), "C", 8, "E", parse_card("CA"))
ABONDANCE_10 = Contract(ContractKind.ABONDANCE, ("W",), "S", 10, "W")
SOLO = Contract(ContractKind.SOLO, ("S",), "H", 13, "S")


def miserie(*seats: str, kind: ContractKind = ContractKind.MISERIE) -> Contract:
    target = 1 if kind is ContractKind.PICCOLO else 0
    return Contract(kind, seats, None, target, "N")


def points(contract: Contract | None, counts: dict[str, int] | None, **kw: object) -> list[int]:
    score = score_deal(contract, counts, WiezenSettings(**kw))  # type: ignore[arg-type]
    return [score.points[s] for s in "NESW"]


def test_ask_join_made_with_eight_tricks_wins_two_each() -> None:
    assert points(ASK_JOIN, tricks(4, 4, 3, 2)) == [2, 2, -2, -2]


def test_ask_join_overtricks_add_one_each() -> None:
    assert points(ASK_JOIN, tricks(6, 4, 2, 1)) == [4, 4, -4, -4]


def test_ask_join_failed_pays_two_plus_one_per_missing_trick() -> None:
    assert points(ASK_JOIN, tricks(3, 2, 4, 4)) == [-5, -5, 5, 5]


def test_ask_join_with_all_thirteen_tricks_is_doubled() -> None:
    # 2 + 5 overtricks = 7 each, doubled.
    assert points(ASK_JOIN, tricks(7, 6, 0, 0)) == [14, 14, -14, -14]


def test_alone_made_wins_three_and_each_opponent_pays_one() -> None:
    assert points(ALONE, tricks(3, 3, 5, 2)) == [-1, -1, 3, -1]


def test_alone_overtricks_cost_each_opponent_one_more() -> None:
    assert points(ALONE, tricks(2, 2, 7, 2)) == [-3, -3, 9, -3]


def test_alone_failed_pays_three_plus_three_per_missing_trick() -> None:
    assert points(ALONE, tricks(3, 3, 3, 4)) == [3, 3, -9, 3]


def test_alone_with_all_thirteen_tricks_is_doubled() -> None:
    # 3 + 8 overtricks x 3 = 27 for the declarer (9 from each opponent), doubled.
    assert points(ALONE, tricks(0, 0, 13, 0)) == [-18, -18, 54, -18]


def test_troel_is_a_pair_contract_for_eight_tricks_at_double_score() -> None:
    assert points(TROEL, tricks(5, 3, 3, 2)) == [4, 4, -4, -4]
    assert points(TROEL, tricks(4, 3, 3, 3)) == [-6, -6, 6, 6]


def test_troel_with_all_tricks_counts_three_times_not_four() -> None:
    # Rule text, "Score verdubbelaars", note: troel (x2) and 13 tricks (x2) give x3.
    score = score_deal(TROEL, tricks(7, 6, 0, 0))
    assert score.multiplier == 3
    assert score.doublers == ("troel", "all 13 tricks")
    assert [score.points[s] for s in "NESW"] == [21, 21, -21, -21]


def test_doublers_add_one_each_with_no_ceiling() -> None:
    # Rule text, "Score verdubbelaars", note: combinations give x3, x4 and so on; no cap.
    one = score_deal(TROEL, tricks(5, 4, 2, 2))
    assert (one.doublers, one.multiplier) == (("troel",), 2)
    assert one.points["N"] == 2 * (2 + 1)
    three = score_deal(TROEL, tricks(7, 6, 0, 0), after_all_pass=True)
    assert three.doublers == ("troel", "all 13 tricks", "after an all-pass deal")
    assert three.multiplier == 4
    assert [three.points[s] for s in "NESW"] == [28, 28, -28, -28]


def test_a_club_may_set_a_ceiling_on_the_multiplier() -> None:
    settings = WiezenSettings(multiplier_cap=3)
    score = score_deal(TROEL, tricks(7, 6, 0, 0), settings, after_all_pass=True)
    assert score.multiplier == 3
    assert score.points["N"] == 21


def test_the_default_settings_have_no_ceiling() -> None:
    assert WiezenSettings().multiplier_cap is None
    assert [WiezenSettings().multiplier(n) for n in range(5)] == [1, 2, 3, 4, 5]


def test_abondance_scores_nine_whatever_its_level() -> None:
    assert points(ABONDANCE_10, tricks(1, 1, 0, 11)) == [-3, -3, -3, 9]


def test_abondance_below_its_bid_level_fails_and_pays_nine() -> None:
    assert points(ABONDANCE_10, tricks(1, 1, 2, 9)) == [3, 3, 3, -9]


def test_abondance_with_all_tricks_is_not_doubled() -> None:
    assert points(ABONDANCE_10, tricks(0, 0, 0, 13)) == [-3, -3, -3, 9]


def test_solo_made_wins_forty_five_each_opponent_pays_fifteen() -> None:
    assert points(SOLO, tricks(0, 0, 13, 0)) == [-15, -15, 45, -15]


def test_solo_failed_pays_forty_five_each_opponent_gets_fifteen() -> None:
    assert points(SOLO, tricks(0, 1, 12, 0)) == [15, 15, -45, 15]


def test_miserie_made_wins_fifteen_each_opponent_pays_five() -> None:
    assert points(miserie("E"), tricks(5, 0, 4, 4)) == [-5, 15, -5, -5]


def test_miserie_failed_pays_fifteen() -> None:
    assert points(miserie("E"), tricks(5, 1, 4, 3)) == [5, -15, 5, 5]


def test_open_miserie_made_wins_thirty_each_opponent_pays_ten() -> None:
    score = score_deal(miserie("W", kind=ContractKind.OPEN_MISERIE), tricks(5, 4, 4, 0))
    assert [score.points[s] for s in "NESW"] == [-10, -10, -10, 30]


def test_several_miserie_players_are_each_settled_with_everyone() -> None:
    # E makes (+15, others -5), W fails (-15, others +5): each pays or gets for each miserie.
    score = score_deal(miserie("E", "W"), tricks(6, 0, 5, 2))
    assert score.made == {"E": True, "W": False}
    assert [score.points[s] for s in "NESW"] == [0, 20, 0, -20]


def test_piccolo_needs_exactly_one_trick() -> None:
    contract = miserie("N", kind=ContractKind.PICCOLO)
    assert points(contract, tricks(1, 4, 4, 4), piccolo=True) == [6, -2, -2, -2]
    assert points(contract, tricks(0, 5, 4, 4), piccolo=True) == [-6, 2, 2, 2]
    assert points(contract, tricks(2, 3, 4, 4), piccolo=True) == [-6, 2, 2, 2]


def test_a_thrown_in_deal_scores_nothing() -> None:
    score = score_deal(None, None)
    assert score.points == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert "thrown in" in score.summary


def test_each_doubler_can_be_switched_off() -> None:
    assert points(TROEL, tricks(5, 3, 3, 2), double_troel=False) == [2, 2, -2, -2]
    assert points(ASK_JOIN, tricks(7, 6, 0, 0), double_all_tricks=False) == [7, 7, -7, -7]


def test_a_club_can_set_its_own_points_table() -> None:
    table = PointsTable(ask_join=3, miserie=12)
    assert points(ASK_JOIN, tricks(4, 4, 3, 2), points=table) == [3, 3, -3, -3]
    assert points(miserie("S"), tricks(5, 4, 0, 4), points=table) == [-4, -4, 12, -4]


def test_points_table_refuses_values_that_break_zero_sum() -> None:
    with pytest.raises(SettingsError, match="miserie=16: one-against-three values must divide"):
        PointsTable(miserie=16)


def test_points_table_refuses_negative_values() -> None:
    with pytest.raises(SettingsError, match="solo=-45"):
        PointsTable(solo=-45)


def test_settings_refuse_a_zero_cap() -> None:
    with pytest.raises(SettingsError, match="multiplier_cap=0"):
        WiezenSettings(multiplier_cap=0)


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        (tricks(4, 4, 3, 3), "add up to 14, expected 13"),
        (tricks(4, 4, 6, -1), "W took -1 tricks"),
        ({"N": 13, "E": 0, "S": 0}, "need the seats N, E, S, W"),
    ],
)
def test_impossible_trick_counts_are_refused(counts: dict[str, int], message: str) -> None:
    with pytest.raises(ScoreError, match=message):
        score_deal(ASK_JOIN, counts)


def test_missing_trick_counts_are_refused() -> None:
    with pytest.raises(ScoreError, match="trick counts are missing"):
        score_deal(ASK_JOIN, None)


def test_summary_names_the_contract_result_and_points() -> None:
    summary = score_deal(ASK_JOIN, tricks(6, 4, 2, 1)).summary
    assert summary == (
        "ask and join in hearts by North and East (8 tricks needed): 10 tricks, made; "
        "N +4 E +4 S -4 W -4"
    )


def test_score_sheet_doubles_the_deal_after_an_all_pass_deal() -> None:
    sheet = ScoreSheet(dealer="W")
    sheet.record(None)
    assert sheet.next_doubled
    score = sheet.record(ASK_JOIN, tricks(4, 4, 3, 2))
    assert score.multiplier == 2 and score.doublers == ("after an all-pass deal",)
    assert not sheet.next_doubled
    assert sheet.record(ASK_JOIN, tricks(4, 4, 3, 2)).multiplier == 1


def test_score_sheet_does_not_stack_all_pass_doublers() -> None:
    sheet = ScoreSheet()
    sheet.record(None)
    sheet.record(None)
    assert sheet.record(ASK_JOIN, tricks(4, 4, 3, 2)).multiplier == 2


def test_score_sheet_without_the_all_pass_doubler() -> None:
    sheet = ScoreSheet(WiezenSettings(double_after_all_pass=False))
    sheet.record(None)
    assert not sheet.next_doubled
    assert sheet.record(ASK_JOIN, tricks(4, 4, 3, 2)).multiplier == 1


def test_score_sheet_keeps_running_totals_and_passes_the_deal_left() -> None:
    sheet = ScoreSheet(dealer="S")
    sheet.record(ASK_JOIN, tricks(4, 4, 3, 2))
    sheet.record(SOLO, tricks(0, 0, 13, 0))
    assert sheet.totals == {"N": -13, "E": -13, "S": 43, "W": -17}
    assert [row.dealer for row in sheet.rows] == ["S", "W"]
    assert sheet.dealer == "N"
    assert sum(sheet.totals.values()) == 0
