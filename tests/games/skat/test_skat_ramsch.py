"""Ramsch card play: grand order, each seat alone, the skat to the winner of the last trick."""

from __future__ import annotations

import pytest

from games.cards import SKAT_DECK
from games.skat.errors import IllegalPlay
from games.skat.ramsch import RamschPlay
from games.skat.ramsch_tactics import choose_ramsch_card
from games.skat.rules import card_points, deal
from games.skat.settings import SkatSettings
from games.skat.simulate import describe, play_deal
from games.skat.util import read_cards

RAMSCH = SkatSettings(all_pass="ramsch")


def test_only_jacks_are_trumps_so_a_jack_beats_the_led_ace() -> None:
    play = RamschPlay(["HA C7", "DJ C8", "H7 C9"])
    play.play("HA")
    play.play("DJ")
    trick = play.play("H7")
    assert trick is not None and trick.winner == 1


def test_ten_ranks_above_king_in_a_plain_suit() -> None:
    play = RamschPlay(["SK", "ST", "S7"])
    trick = play.play("SK") or play.play("ST") or play.play("S7")
    assert trick is not None and trick.winner == 1


def test_a_jack_led_calls_for_jacks_not_its_printed_suit() -> None:
    play = RamschPlay(["HJ C7", "HA CJ", "H7 C9"])
    play.play("HJ")
    assert play.legal_cards() == read_cards("CJ")


def test_must_follow_suit_when_able() -> None:
    play = RamschPlay(["HA C7", "H8 D7", "S7 C9"])
    play.play("HA")
    with pytest.raises(IllegalPlay, match="must follow with one of H8"):
        play.play("D7")


def test_playing_out_of_turn_names_the_seat_to_move() -> None:
    play = RamschPlay(["HA", "H8", "S7"])
    with pytest.raises(IllegalPlay, match="out of turn: it is forehand's turn"):
        play.play("H8", seat=1)


def test_a_card_held_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="HA"):
        RamschPlay(["HA", "HA", "S7"])


def test_the_winner_of_each_trick_leads_the_next() -> None:
    play = RamschPlay(["C7 D7", "CA D8", "C8 D9"])
    play.play("C7")
    play.play("CA")
    play.play("C8")
    assert play.to_move == 1


def test_skat_goes_to_the_winner_of_the_last_trick() -> None:
    play = RamschPlay(["C7", "CA", "C8"], skat="DA DT")
    assert play.skat_taker is None
    play.play("C7")
    play.play("CA")
    play.play("C8")
    assert play.skat_taker == 1
    assert [play.points(s) for s in range(3)] == [0, 11 + 21, 0]


def test_full_deal_played_by_the_simple_rules_shares_out_all_120_points() -> None:
    cards = deal(5)
    play = RamschPlay(cards.hands, cards.skat)
    while (seat := play.to_move) is not None:
        play.play(choose_ramsch_card(play), seat)
    assert sum(play.points(s) for s in range(3)) == 120
    assert sum(play.tricks_won(s) for s in range(3)) == 10


def test_simple_player_ducks_under_the_winning_card_with_its_most_valuable_card() -> None:
    play = RamschPlay(["HK C7", "HT HA", "H7 C9"])
    play.play("HK")
    assert choose_ramsch_card(play) == read_cards("HT")[0]


def _all_pass_seed() -> int:
    return next(s for s in range(200) if play_deal(s)["contract"] is None)


def test_all_pass_with_ramsch_setting_plays_the_deal_out() -> None:
    record = play_deal(_all_pass_seed(), RAMSCH)
    assert all(step["call"] == "pass" for step in record["auction"])
    assert record["contract"]["game"] == "ramsch"
    played = [c for t in record["tricks"] for c in t["cards"]]
    assert len(record["tricks"]) == 10 and len(set(played)) == 30
    assert sorted(played + record["extra"].split()) == sorted(str(c) for c in SKAT_DECK)
    by_seat = [
        card_points(
            read_cards([c for t in record["tricks"] if t["winner"] == s for c in t["cards"]])
        )
        for s in range(3)
    ]
    by_seat[record["contract"]["skat_to"]] += card_points(read_cards(record["extra"]))
    assert by_seat == [record["score"]["card_points"][str(s)] for s in range(3)]
    assert "Ramsch" in describe(record)


def test_ramsch_record_points_put_the_top_card_points_in_the_minus() -> None:
    score = play_deal(_all_pass_seed(), RAMSCH)["score"]
    top = max(score["card_points"].values())
    for seat, points in score["points"].items():
        assert (points < 0) == (score["durchmarsch"] is None and score["card_points"][seat] == top)


def test_all_pass_without_ramsch_setting_still_throws_the_deal_in() -> None:
    record = play_deal(_all_pass_seed())
    assert record["tricks"] == [] and "thrown in" in record["score"]["summary"]
