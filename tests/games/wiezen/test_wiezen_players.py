"""The simple players and the simulation record."""

from __future__ import annotations

import json

import pytest

from games.cards import SEATS, WIEZEN_DECK, Card, parse_card, parse_pbn
from games.wiezen import (
    Auction,
    Contract,
    ContractKind,
    Play,
    choose_call,
    choose_card,
    deal,
)
from games.wiezen.hand_eval import miserie_safe, trick_estimate
from games.wiezen.simulate import describe, play_deal

LOW_W = "N:AKQJ.T98.876.T98 T98.AKQJ.JT9.765 765.765.AKQ.AKQJ 432.432.5432.432"
TROEL_3 = "N:AKQ2.A32.A32.432 JT9.KQJ.KQJ.AKQJ 876.T98.T98.T987 543.7654.7654.65"
PLAIN = "N:AKQJ.AKQ.32.5432 T98.JT9.AKQJ.AKQ 765.8765.T98.JT9 432.432.7654.876"


def hands_of(pbn: str) -> dict[str, list[Card]]:
    return parse_pbn(pbn, WIEZEN_DECK, 13)


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def test_trick_estimate_counts_top_trumps_and_side_aces() -> None:
    hand = cards("HA HK HQ HJ H9 SA SK DA C2 C3 C4 C5 D2")
    # Trumps: A K Q J = 4, fifth trump 1; side: SA SK 2, DA 1.
    assert trick_estimate(hand, "H") == 8


def test_all_low_suits_are_safe_for_miserie() -> None:
    assert miserie_safe(cards("S2 S3 S4 H2 H4 D3 D5 D7 C2 C3 C5 C6 C8"))


def test_an_unguarded_high_card_is_not_safe_for_miserie() -> None:
    assert not miserie_safe(cards("S2 S3 SK H2 H4 D3 D5 D7 C2 C3 C5 C6 C8"))


def test_open_miserie_needs_a_lower_hand_than_miserie() -> None:
    hand = cards("S4 S5 H2 H4 D3 D5 D7 C2 C3 C5 C6 C8 C9")
    assert miserie_safe(hand) and not miserie_safe(hand, open_hand=True)


def test_bidder_with_all_low_cards_bids_open_miserie() -> None:
    auction = Auction("S", hands_of(LOW_W))
    assert auction.turn == "W"
    assert str(choose_call(auction)) == "open miserie"


def test_bidder_asks_its_best_suit_with_a_good_hand() -> None:
    auction = Auction("W", hands_of(PLAIN))  # N: SAKQJ HAKQ: spades longest and best
    assert str(choose_call(auction)) == "ask S"


def test_troel_partner_joins_the_troel() -> None:
    auction = Auction("N", hands_of(TROEL_3))
    assert auction.turn == "E"
    assert str(choose_call(auction)) == "join troel"


def test_bidder_only_makes_legal_calls_and_the_auction_ends() -> None:
    for seed in range(30):
        auction = Auction(SEATS[seed % 4], deal(seed, SEATS[seed % 4]))
        while not auction.finished:
            call = choose_call(auction)
            assert call in auction.legal_calls()
            auction.apply(call)


def test_card_player_follows_suit_and_wins_cheaply() -> None:
    play = Play(hands_of(PLAIN), Contract(ContractKind.ASK_JOIN, ("N", "S"), "H", 8, "E"))
    play.play("DA")
    # S holds DT D9 D8 and cannot beat the ace: it plays its lowest diamond.
    assert str(choose_card(play)) == "D8"


def test_card_player_leads_the_master_trump_as_declarer() -> None:
    play = Play(hands_of(PLAIN), Contract(ContractKind.ASK_JOIN, ("N", "S"), "H", 8, "N"))
    assert str(choose_card(play)) == "HA"


def test_miserie_player_ducks_under_the_winning_card() -> None:
    contract = Contract(ContractKind.MISERIE, ("W",), None, 0, "S")
    play = Play(hands_of(PLAIN), contract)
    play.play("S7")
    # W holds S4 S3 S2: the highest card still under the seven.
    assert str(choose_card(play)) == "S4"


def test_players_refuse_to_act_when_nothing_is_left() -> None:
    auction = Auction("W", hands_of(PLAIN))
    for _ in range(4):
        auction.apply("pass")
    with pytest.raises(ValueError, match="the auction is over"):
        choose_call(auction)


def test_play_deal_record_has_the_agreed_keys_and_is_json() -> None:
    record = play_deal(3)
    assert set(record) == {
        "game",
        "seed",
        "dealer",
        "hands",
        "extra",
        "auction",
        "contract",
        "tricks",
        "score",
    }
    assert record["game"] == "wiezen" and record["seed"] == 3 and record["extra"] is None
    assert json.loads(json.dumps(record)) == record
    assert all(len(h.split()) == 13 for h in record["hands"].values())
    assert "summary" in record["score"]


def test_play_deal_is_deterministic() -> None:
    assert play_deal(11) == play_deal(11)


def test_played_deals_are_zero_sum_and_use_thirteen_tricks() -> None:
    for seed in range(40):
        record = play_deal(seed)
        assert sum(record["score"]["points"].values()) == 0
        if record["contract"] is None:
            assert record["tricks"] == []
        else:
            assert len(record["tricks"]) == 13
            assert record["tricks"][0]["leader"] == record["contract"]["first_leader"]


def test_describe_shows_auction_play_and_score() -> None:
    seed = next(s for s in range(50) if play_deal(s)["contract"] is not None)
    record = play_deal(seed)
    text = describe(record)
    assert f"seed {seed}" in text
    assert "Auction:" in text and "Play:" in text
    assert text.count(" leads: ") == 13
    assert record["score"]["summary"] in text


def test_describe_a_thrown_in_deal() -> None:
    seed = next(s for s in range(50) if play_deal(s)["contract"] is None)
    text = describe(play_deal(seed))
    assert "thrown in" in text and "Play:" not in text
