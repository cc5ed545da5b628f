"""Scoring a deal (contract and pass round), the four-deal match and five-player rotation."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.beyond import AuctionResult, Bid, DealError, Match, five_player_seating
from games.beyond.scoring import DealScore, score_contract, score_pass_round
from games.beyond.variants import BeyondPoints, BeyondSettings

# N declares 4 spades; targets N 4, E 3, S 2, W 3 (sum 12).
TARGETS = {"N": 4, "E": 3, "S": 2, "W": 3}


def spades(raised: int = 0, strain: str = "S") -> AuctionResult:
    return AuctionResult("N", Bid(4, strain), raised)


def test_trump_holders_score_20_when_both_hit() -> None:
    score = score_contract(spades(), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3})
    assert score.pair_points == {"NS": 20, "EW": 0}
    assert score.points == {"N": 20, "E": 0, "S": 20, "W": 0}


def test_the_other_side_scores_40_when_both_hit() -> None:
    score = score_contract(spades(), TARGETS, {"N": 5, "S": 2, "E": 3, "W": 3})
    assert score.pair_points == {"NS": 0, "EW": 40}


def test_no_bonus_when_only_one_partner_hits() -> None:
    # beyond.da.txt: a pair scores only when both partners hit their declarations.
    score = score_contract(spades(), TARGETS, {"N": 4, "S": 1, "E": 3, "W": 5})
    assert score.hits == {"N": True, "E": True, "S": False, "W": False}
    assert score.pair_points == {"NS": 0, "EW": 0}


def test_a_target_is_hit_only_exactly() -> None:
    score = score_contract(spades(), TARGETS, {"N": 5, "S": 2, "E": 4, "W": 2})
    assert not score.hits["N"]
    assert score.pair_points["NS"] == 0


def test_at_least_counts_as_a_hit_in_the_variant() -> None:
    settings = BeyondSettings(exact_targets=False)
    score = score_contract(spades(), TARGETS, {"N": 5, "S": 2, "E": 4, "W": 2}, settings)
    assert score.hits["N"] and score.pair_points["NS"] == 20


def test_no_trumps_adds_20_for_the_trump_holders() -> None:
    score = score_contract(spades(strain="N"), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3})
    assert score.pair_points["NS"] == 40


def test_no_trumps_adds_nothing_for_the_other_side() -> None:
    score = score_contract(spades(strain="N"), TARGETS, {"N": 5, "S": 2, "E": 3, "W": 3})
    assert score.pair_points["EW"] == 40


def test_raise_adds_30_to_the_pair_that_scores() -> None:
    tricks_ns = {"N": 4, "S": 2, "E": 4, "W": 3}
    tricks_ew = {"N": 5, "S": 2, "E": 3, "W": 3}
    assert score_contract(spades(1), TARGETS, tricks_ns).pair_points["NS"] == 50
    assert score_contract(spades(1), TARGETS, tricks_ew).pair_points["EW"] == 70


def test_reraise_adds_60() -> None:
    score = score_contract(spades(2), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3})
    assert score.pair_points["NS"] == 80


def test_reraise_on_top_of_raise_is_a_variant() -> None:
    settings = BeyondSettings(reraise_replaces_raise=False)
    score = score_contract(spades(2), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3}, settings)
    assert score.pair_points["NS"] == 110


def test_raise_pays_nothing_when_nobody_scores() -> None:
    score = score_contract(spades(2), TARGETS, {"N": 3, "S": 3, "E": 4, "W": 3})
    assert score.pair_points == {"NS": 0, "EW": 0}


def test_a_club_can_set_its_own_points_table() -> None:
    settings = BeyondSettings(points=BeyondPoints(trump_side=25))
    score = score_contract(spades(), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3}, settings)
    assert score.pair_points["NS"] == 25


def test_summary_names_contract_points_and_targets() -> None:
    score = score_contract(spades(1), TARGETS, {"N": 4, "S": 2, "E": 4, "W": 3})
    assert score.summary == "4S by N, raised: NS 50 (N 4/4, S 2/2); EW 0 (E 4/3, W 3/3)"


def test_trick_counts_must_add_up_to_thirteen() -> None:
    with pytest.raises(DealError, match="add up to 12, not 13"):
        score_contract(spades(), TARGETS, {"N": 4, "S": 2, "E": 3, "W": 3})


def test_targets_for_all_four_seats_are_needed() -> None:
    with pytest.raises(DealError, match="targets given for"):
        score_contract(spades(), {"N": 4}, {"N": 4, "S": 2, "E": 4, "W": 3})


def test_pass_round_scores_ten_per_opponent_trick_and_30_for_avoiding_the_last() -> None:
    score = score_pass_round({"N": 2, "S": 4, "E": 3, "W": 4}, last_trick_winner="E")
    # NS took 6, EW took 7; EW took the last trick.
    assert score.pair_points == {"NS": 70 + 30, "EW": 60}
    assert score.kind == "pass_round"


def test_pass_round_last_trick_bonus_goes_to_the_other_pair() -> None:
    score = score_pass_round({"N": 2, "S": 4, "E": 3, "W": 4}, last_trick_winner="S")
    assert score.pair_points == {"NS": 70, "EW": 60 + 30}


def test_pass_round_sweep_ends_zero_zero() -> None:
    score = score_pass_round({"N": 6, "S": 7, "E": 0, "W": 0}, last_trick_winner="N")
    assert score.pair_points == {"NS": 0, "EW": 0}
    assert "0-0" in score.summary


def test_pass_round_sweep_scores_normally_when_the_rule_is_off() -> None:
    settings = BeyondSettings(pass_round_sweep_scores_zero=False)
    score = score_pass_round({"N": 6, "S": 7, "E": 0, "W": 0}, "N", settings)
    assert score.pair_points == {"NS": 0, "EW": 130 + 30}


def test_pass_round_last_trick_winner_must_have_a_trick() -> None:
    with pytest.raises(DealError, match="took the last trick but no trick is counted"):
        score_pass_round({"N": 6, "S": 7, "E": 0, "W": 0}, last_trick_winner="E")


def _score(points: dict[str, int]) -> DealScore:
    return DealScore("contract", points, {}, {}, "")


def test_match_is_four_deals_and_sums_points_per_player() -> None:
    match = Match(["Ann", "Bo", "Cy", "Di"])
    assert match.seating() == {"N": "Ann", "E": "Bo", "S": "Cy", "W": "Di"}
    for _ in range(4):
        match.record(_score({"N": 20, "S": 20, "E": 0, "W": 0}))
    assert match.is_finished
    assert match.totals() == {"Ann": 80, "Bo": 0, "Cy": 80, "Di": 0}
    assert match.leaders() == ["Ann", "Cy"]
    with pytest.raises(ValueError, match="the match is over after 4 deals"):
        match.record(_score({"N": 0, "S": 0, "E": 0, "W": 0}))


def test_the_deal_passes_to_the_left_each_deal() -> None:
    match = Match(["Ann", "Bo", "Cy", "Di"], first_dealer="W")
    assert [match.dealer(k) for k in range(4)] == ["W", "N", "E", "S"]


def test_match_length_is_a_setting() -> None:
    match = Match(["Ann", "Bo", "Cy", "Di"], BeyondSettings(deals_per_match=2))
    match.record(_score({"N": 0, "S": 0, "E": 40, "W": 40}))
    assert not match.is_finished
    match.record(_score({"N": 0, "S": 0, "E": 40, "W": 40}))
    assert match.is_finished


def test_five_players_one_sits_out_and_partners_change_every_deal() -> None:
    players = ["A", "B", "C", "D", "E"]
    pairs_seen: list[set[frozenset[str]]] = []
    for k in range(5):
        seating, out = five_player_seating(players, k)
        assert out not in seating.values()
        assert sorted([*seating.values(), out]) == players
        pairs = {frozenset((seating["N"], seating["S"])), frozenset((seating["E"], seating["W"]))}
        if pairs_seen:
            assert not pairs & pairs_seen[-1]
        pairs_seen.append(pairs)
    every_pair = {frozenset(p) for p in combinations(players, 2)}
    assert set().union(*pairs_seen) == every_pair
    assert sorted(five_player_seating(players, k)[1] for k in range(5)) == players


def test_five_player_match_credits_the_seated_players_only() -> None:
    match = Match(["A", "B", "C", "D", "E"])
    out = match.sitting_out()
    seating = match.seating()
    row = match.record(_score({"N": 40, "S": 40, "E": 0, "W": 0}))
    assert out is not None and row[out] == 0
    assert row[seating["N"]] == 40 and row[seating["S"]] == 40
    assert match.sitting_out() != out


def test_a_match_needs_four_or_five_distinct_players() -> None:
    with pytest.raises(ValueError, match="4 or 5 players, got 3"):
        Match(["A", "B", "C"])
    with pytest.raises(ValueError, match="player names must differ"):
        Match(["A", "B", "C", "A"])
