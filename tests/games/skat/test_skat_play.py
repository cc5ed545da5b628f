"""Playing a deal card by card: turn order, errors, tricks, and the solved deals played out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.skat.errors import IllegalPlay
from games.skat.play import Play
from games.skat.rules import card_points, deal
from games.skat.tactics import choose_card

SOLVED = Path("/work/shared/data/skat_solved_deals.jsonl")


def small_play(game: str = "clubs", leader: int = 0) -> Play:
    return Play(game, ["CJ SA", "HA S7", "D7 SK"], declarer=0, leader=leader, skat="DA DT")


def test_forehand_leads_and_play_goes_clockwise() -> None:
    play = small_play()
    assert play.to_move == 0
    play.play("SA")
    assert play.to_move == 1
    play.play("S7")
    assert play.to_move == 2


def test_the_trick_winner_leads_next() -> None:
    play = small_play()
    play.play("SA")
    play.play("S7")
    trick = play.play("SK")
    assert trick is not None and trick.winner == 0 and trick.cards[0].suit == "S"
    assert play.to_move == 0 and play.won_points[0] == 11 + 4


def test_a_card_not_in_hand_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="forehand does not hold HA"):
        small_play().play("HA")


def test_playing_out_of_turn_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="seat 1 played HA out of turn: it is forehand's turn"):
        small_play().play("HA", seat=1)


def test_a_revoke_is_refused_naming_the_cards_that_follow() -> None:
    play = small_play()
    play.play("SA")
    with pytest.raises(IllegalPlay, match="may not play HA to a trick led by SA: must follow with"):
        play.play("HA")


def test_no_card_after_the_last_trick() -> None:
    play = small_play()
    for card in ("SA", "S7", "SK", "CJ", "HA", "D7"):
        play.play(card)
    assert play.finished and play.to_move is None and play.legal_cards() == []
    with pytest.raises(IllegalPlay, match="all tricks have been played"):
        play.play("CJ")


def test_skat_points_count_for_the_declarer() -> None:
    play = small_play()
    for card in ("SA", "S7", "SK", "CJ", "HA", "D7"):
        play.play(card)
    assert play.declarer_points == 15 + 13 + 21
    assert play.declarer_points + play.defender_points == 49
    assert play.declarer_tricks == 2


def test_hands_of_different_sizes_are_refused() -> None:
    with pytest.raises(IllegalPlay, match=r"same number of cards \(1..10\), got \[2, 1, 2\]"):
        Play("clubs", ["CJ SA", "HA", "D7 SK"], declarer=0)


def test_more_than_ten_cards_are_refused() -> None:
    cards = deal(1)
    big = [*cards.hands[0], cards.skat[0]]
    with pytest.raises(IllegalPlay, match="got \\[11, 10, 10\\]"):
        Play("clubs", [big, cards.hands[1], cards.hands[2]], declarer=0)


def test_two_hands_are_refused() -> None:
    with pytest.raises(IllegalPlay, match="3 seats, got 2 hands"):
        Play("clubs", ["CJ", "SJ"], declarer=0)


def test_a_card_in_two_hands_is_refused() -> None:
    with pytest.raises(ValueError, match="duplicate card CJ"):
        Play("clubs", ["CJ", "CJ", "SJ"], declarer=0)


def test_a_bad_seat_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="declarer 3"):
        Play("clubs", ["CJ", "HJ", "SJ"], declarer=3)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="unknown game 'bridge'"):
        Play("bridge", ["CJ", "HJ", "SJ"], declarer=0)


def test_a_garbled_card_is_named() -> None:
    with pytest.raises(ValueError, match="bad card 'Q'"):
        small_play().play("Q")


def test_every_solved_deal_can_be_played_to_the_end_with_120_points() -> None:
    if not SOLVED.exists():
        pytest.skip(f"{SOLVED} is not present")
    for line in SOLVED.read_text().splitlines():
        record = json.loads(line)
        play = Play(
            record["game"],
            record["hands"],
            declarer=record["declarer"],
            leader=record["leader"],
            skat=record["skat"],
        )
        assert play.to_move == record["leader"]
        while not play.finished:
            play.play(choose_card(play))
        assert len(play.tricks) == 10
        assert play.declarer_points + play.defender_points == 120
        assert card_points(play.skat) + sum(t.points for t in play.tricks) == 120
