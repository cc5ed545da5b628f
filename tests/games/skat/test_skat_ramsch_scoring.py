"""Ramsch scoring: most card points loses them, ties, Jungfrau, Durchmarsch and the sheet."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import SKAT_DECK
from games.skat.ramsch import RamschPlay
from games.skat.ramsch_scoring import score_ramsch
from games.skat.scoresheet import ScoreSheet, ramsch_deal_points
from games.skat.settings import SkatSettings


def test_player_with_most_card_points_loses_them() -> None:
    result = score_ramsch([30, 55, 35], [3, 4, 3])
    assert result.losers == (1,) and result.scores == (0, -55, 0)


def test_every_player_tied_for_most_loses() -> None:
    result = score_ramsch([50, 50, 20], [4, 4, 2])
    assert result.losers == (0, 1) and result.scores == (-50, -50, 0)


def test_three_way_tie_makes_everyone_lose_forty() -> None:
    assert score_ramsch([40, 40, 40], [3, 3, 4]).scores == (-40, -40, -40)


def test_jungfrau_doubles_the_losers_score() -> None:
    result = score_ramsch([0, 70, 50], [0, 6, 4])
    assert result.jungfrau == (0,) and result.scores == (0, -140, 0)
    assert "Jungfrau: forehand" in result.summary()


def test_jungfrau_doubles_each_tied_loser() -> None:
    assert score_ramsch([60, 0, 60], [5, 0, 5]).scores == (-120, 0, -120)


def test_durchmarsch_wins_120_and_the_others_score_nothing() -> None:
    result = score_ramsch([0, 0, 120], [0, 0, 10])
    assert result.durchmarsch == 2 and result.scores == (0, 0, 120)
    assert "Durchmarsch by rearhand" in result.summary()


@pytest.mark.parametrize(
    ("points", "tricks", "message"),
    [
        ([40, 40, 39], [3, 3, 4], "total 120"),
        ([40, 40, 40], [3, 3, 3], "total 10"),
        ([10, 60, 50], [0, 6, 4], "no trick, no points"),
        ([60, 60], [5, 5], "3 seats"),
    ],
)
def test_impossible_results_are_refused(points: list[int], tricks: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_ramsch(points, tricks)


def test_sheet_credits_ramsch_scores_to_the_players_seated_there() -> None:
    sheet = ScoreSheet(SkatSettings(all_pass="ramsch", table_size=4))
    sheet.record(None, None)  # player 0 dealt a throw-in; player 1 deals next and sits out
    entry = sheet.record_ramsch(score_ramsch([30, 55, 35], [3, 4, 3]))
    assert entry.game == "ramsch" and entry.declarer is None and entry.won is None
    assert sheet.seating() == (3, 0, 1) and sheet.totals() == [0, 0, 0, -55]


def test_ramsch_earns_no_seeger_fabian_bonus() -> None:
    game_settings = SkatSettings(all_pass="ramsch", scoring="seeger_fabian")
    result = score_ramsch([70, 0, 50], [6, 0, 4])
    assert ramsch_deal_points(result, game_settings) == [-140, 0, 0]


@st.composite
def random_ramsch(draw: st.DrawFn) -> RamschPlay:
    """Draw a full deal and play it out with random legal cards."""
    cards = draw(st.permutations(list(SKAT_DECK)))
    play = RamschPlay([cards[0:10], cards[10:20], cards[20:30]], cards[30:32])
    while (seat := play.to_move) is not None:
        play.play(draw(st.sampled_from(play.legal_cards())), seat)
    return play


@settings(max_examples=60, deadline=None)
@given(random_ramsch())
def test_ramsch_card_points_total_120_and_scores_follow_the_rules(play: RamschPlay) -> None:
    points = [play.points(s) for s in range(3)]
    tricks = [play.tricks_won(s) for s in range(3)]
    assert sum(points) == 120 and sum(tricks) == 10
    result = score_ramsch(points, tricks)
    if 10 in tricks:
        assert sorted(result.scores) == [0, 0, 120]
        return
    factor = 2 ** tricks.count(0)
    for seat in range(3):
        expected = -max(points) * factor if points[seat] == max(points) else 0
        assert result.scores[seat] == expected
