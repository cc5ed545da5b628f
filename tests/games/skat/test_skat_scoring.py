"""Scoring a finished game: win/lose, schneider, schwarz, overbidding, double loss; the sheet."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.cards import Card
from games.skat.contract import Contract, parse_contract
from games.skat.scoresheet import ScoreSheet, deal_points
from games.skat.scoring import GameScore, score_game
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.util import read_cards

WITH_TWO = read_cards("CJ SJ SA ST S9 S8 H7 H8 HA DK D7 D8")  # spades/clubs/grand: with 2
WITHOUT_ONE = read_cards("SJ HJ CA CT C9 H7 H8 S7 D7 D8 D9 DA")  # without 1
WITH_FOUR = read_cards("CJ SJ HJ DJ CA HA SA DA C7 H7 S7 D7")


def score(
    game: str,
    bid: int,
    cards: Sequence[Card],
    points: int,
    tricks: int = 5,
    settings: SkatSettings = DEFAULT_SETTINGS,
) -> GameScore:
    return score_game(parse_contract(game), bid, cards, points, tricks, settings)


def test_declarer_wins_with_61_card_points() -> None:
    result = score("spades", 18, WITH_TWO, 61)
    assert result.won and result.value == 33 and result.score == 33


def test_declarer_loses_with_60_card_points_and_the_loss_counts_double() -> None:
    result = score("spades", 18, WITH_TWO, 60)
    assert not result.won and result.score == -66


def test_spades_with_two_bid_at_36_is_overbid_even_with_80_points() -> None:
    # skat.da.txt, the overbidding example.
    result = score("spades", 36, WITH_TWO, 85)
    assert result.overbid and not result.won
    assert result.value == 44  # the smallest multiple of 11 that reaches 36
    assert result.score == -88


def test_schneider_achieved_can_save_a_high_bid() -> None:
    result = score("spades", 44, WITH_TWO, 95)
    assert result.schneider and not result.overbid and result.won and result.score == 44


def test_declarer_with_90_points_makes_the_defenders_schneider() -> None:
    assert score("clubs", 18, WITHOUT_ONE, 90).schneider
    assert not score("clubs", 18, WITHOUT_ONE, 89).schneider


def test_a_losing_declarer_with_30_points_is_schneider_and_the_value_rises() -> None:
    result = score("clubs", 18, WITHOUT_ONE, 30)
    assert result.schneider and not result.won
    assert result.value == 12 * 3 and result.score == -72
    assert not score("clubs", 18, WITHOUT_ONE, 31).schneider


def test_schwarz_counts_for_either_side() -> None:
    won = score("grand", 18, WITH_FOUR, 120, tricks=10)
    assert won.schwarz and won.value == 24 * 7
    lost = score("grand", 18, WITH_FOUR, 4, tricks=0)
    assert lost.schwarz and lost.schneider and lost.score == -2 * 24 * 7


def test_announced_schneider_is_lost_below_90() -> None:
    result = score("clubs hand schneider", 18, WITHOUT_ONE, 85)
    assert not result.won and "announced schneider not made" in result.reason
    assert result.value == 12 * (1 + 1 + 1 + 1)  # game, hand, announced; no schneider
    made = score("clubs hand schneider", 18, WITHOUT_ONE, 90)
    assert made.won and made.value == 12 * 5


def test_announced_schwarz_needs_every_trick() -> None:
    result = score("grand hand schwarz", 18, WITH_FOUR, 119, tricks=9)
    assert not result.won and "announced schwarz not made" in result.reason
    made = score("grand hand schwarz", 18, WITH_FOUR, 120, tricks=10)
    assert made.won and made.value == 24 * 10  # 4 + game, hand, schneider x2, schwarz x2


def test_clubs_ouvert_with_two_made_scores_108() -> None:
    result = score("clubs hand ouvert", 100, read_cards("CJ SJ"), 120, tricks=10)
    assert result.won and result.score == 108


def test_grand_ouvert_with_four_made_scores_264() -> None:
    result = score("grand hand ouvert", 264, WITH_FOUR, 120, tricks=10)
    assert result.won and result.score == 264


def test_hand_adds_a_multiplier_step() -> None:
    assert score("spades hand", 18, WITH_TWO, 70).value == 44


@pytest.mark.parametrize(
    ("game", "value"),
    [("null", 23), ("null hand", 35), ("null ouvert", 46), ("null ouvert hand", 59)],
)
def test_null_is_won_without_a_trick_and_lost_double_with_one(game: str, value: int) -> None:
    won = score(game, 18, WITH_FOUR, 40, tricks=0)
    assert won.won and won.score == value
    lost = score(game, 18, WITH_FOUR, 0, tricks=1)
    assert not lost.won and lost.score == -2 * value


def test_null_bid_above_its_value_is_overbid() -> None:
    result = score("null", 24, WITH_FOUR, 0, tricks=0)
    assert result.overbid and result.value == 46 and result.score == -92


def test_old_rule_lets_a_lost_hand_game_count_single() -> None:
    old = SkatSettings(lost_hand_game_doubles=False)
    assert score("spades hand", 18, WITH_TWO, 50, settings=old).score == -44
    assert score("spades", 18, WITH_TWO, 50, settings=old).score == -66
    assert score("spades hand", 18, WITH_TWO, 50).score == -88


def test_impossible_card_points_are_refused() -> None:
    with pytest.raises(ValueError, match="121 card points"):
        score("spades", 18, WITH_TWO, 121)


def test_summary_names_game_matadors_and_result() -> None:
    line = score("spades", 18, WITH_TWO, 61).summary()
    assert line == "spades, with 2, bid 18, 61-59 card points: won (61 card points reach 61), +33"


def test_score_sheet_sums_game_values_by_default() -> None:
    sheet = ScoreSheet()
    assert sheet.seating() == (1, 2, 0)  # player 0 deals first and sits at rearhand
    sheet.record(0, score("spades", 18, WITH_TWO, 70))  # player 1 wins 33
    sheet.record(None, None)  # thrown in
    sheet.record(2, score("spades", 18, WITH_TWO, 50))  # deal 3: rearhand is player 2: -66
    assert sheet.totals() == [0, 33, -66]
    assert [e.dealer for e in sheet.entries] == [0, 1, 2]


def test_seeger_fabian_adds_50_per_won_game_and_40_to_each_opponent_per_lost_game() -> None:
    sheet = ScoreSheet(SkatSettings(scoring="seeger_fabian"))
    sheet.record(0, score("spades", 18, WITH_TWO, 70))  # player 1 wins 33
    sheet.record(0, score("spades", 18, WITH_TWO, 50))  # player 2 loses 66
    assert sheet.totals() == [40, 33 + 50 + 40, -66 - 50]


def test_seeger_fabian_at_four_players_gives_30_to_each_of_the_other_three() -> None:
    sheet = ScoreSheet(SkatSettings(scoring="seeger_fabian", table_size=4))
    assert sheet.seating() == (1, 2, 3)  # the dealer, player 0, sits out
    sheet.record(2, score("spades", 18, WITH_TWO, 50))  # player 3 loses 66
    assert sheet.totals() == [30, 30, 30, -66 - 50]


def test_deal_points_give_each_seat_its_share() -> None:
    lost = score("spades", 18, WITH_TWO, 50)
    assert deal_points(1, lost) == [0, -66, 0]
    seeger = SkatSettings(scoring="seeger_fabian")
    assert deal_points(1, lost, seeger) == [40, -116, 40]
    assert deal_points(None, None) == [0, 0, 0]


def test_score_sheet_refuses_a_seat_without_a_result() -> None:
    with pytest.raises(ValueError, match="or neither"):
        ScoreSheet().record(1, None)
    with pytest.raises(ValueError, match="bad seat 5"):
        ScoreSheet().record(5, score("spades", 18, WITH_TWO, 61))


def test_contract_is_a_plain_value_object() -> None:
    assert score("spades", 18, WITH_TWO, 61).contract == Contract("spades")


def test_overbid_loss_uses_the_bid_itself_when_it_is_a_multiple_of_the_base() -> None:
    result = score("spades", 44, WITH_TWO, 70)
    assert result.overbid and result.value == 44 and result.score == -88
