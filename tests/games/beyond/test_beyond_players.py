"""The simple bidder, declarer and card player: conventional, legal and deterministic."""

from __future__ import annotations

from games.beyond import (
    PASS,
    RAISE,
    RERAISE,
    Auction,
    AuctionResult,
    Bid,
    Declarations,
    Play,
    choose_call,
    choose_card,
    choose_declaration,
    deal,
    meaning_of,
)
from games.beyond.bidder import honest_bid
from games.beyond.evaluation import estimate_tricks, joker_value
from games.cards import BEYOND_DECK, Card

STRONG_SPADES = BEYOND_DECK.parse_hand("SA SK SQ SJ S9 S7 HA H4 D3 D2 C5 C4 X1")
WEAK = BEYOND_DECK.parse_hand("S2 S3 H2 H3 H5 D4 D5 D6 D7 C2 C3 C6 C7")


def test_opening_bid_shows_the_best_suit_at_thirteen() -> None:
    call = choose_call(Auction("W"), STRONG_SPADES)
    assert str(call) == "13S"
    assert meaning_of(Auction("W"), call).kind == "shows_suit"


def test_a_weak_hand_does_not_open() -> None:
    assert choose_call(Auction("W"), WEAK) == PASS


def test_partner_never_leaves_a_thirteen_level_suit_bid_standing() -> None:
    auction = Auction("W", None, ["13S", "pass"])
    call = choose_call(auction, WEAK)
    assert call != PASS
    assert meaning_of(auction, call).kind in ("shows_suit", "asks_for_suit", "natural")


def test_partner_answers_a_demand_with_the_strain_asked_for() -> None:
    auction = Auction("W", None, ["13D", "5S", "pass", "3C", "pass"])
    assert str(choose_call(auction, WEAK)) == "3D"


def test_a_weak_hand_leaves_the_opponents_in_their_information_bid() -> None:
    assert choose_call(Auction("W", None, ["12H"]), WEAK) == PASS


def test_opponents_catch_a_thirteen_level_bid_its_partner_passed() -> None:
    # N shows spades with 13S and S passes, leaving N stuck: W passes even with a suit to
    # show, and the auction ends with N in 13 spades (the text's example).
    auction = Auction("W", None, ["13S", "pass", "pass"])
    assert auction.to_move == "W"
    assert choose_call(Auction("W", None, ["13S", "pass"]), STRONG_SPADES) != PASS
    assert choose_call(auction, STRONG_SPADES) == PASS
    auction.call(PASS)
    result = auction.result()
    assert result is not None and str(result.bid) == "13S" and result.declarer == "N"


def test_raise_a_sacrifice_when_holding_their_trumps() -> None:
    # E-W bid a genuine 5 spades; N-S pushed below it to 4 hearts; E holds hearts.
    hearts = BEYOND_DECK.parse_hand("HA HK HQ H9 H7 S2 S3 D4 D5 D6 C2 C3 C4")
    auction = Auction("W", None, ["pass", "5S", "4H"])
    assert auction.to_move == "W"
    assert choose_call(auction, hearts) == RAISE


def test_honest_bid_is_the_rounded_estimate_in_the_best_strain() -> None:
    bid = honest_bid(STRONG_SPADES)
    assert bid == Bid(round(estimate_tricks(STRONG_SPADES, "S")), "S")
    assert 4 <= bid.level <= 9


def test_honest_bid_of_a_weak_hand_is_low_no_trumps_not_a_demand() -> None:
    bid = honest_bid(WEAK)
    assert bid.strain == "N" and bid.level < 4


def test_all_three_jokers_count_as_three_tricks() -> None:
    assert joker_value(3) == 3.0
    assert joker_value(1) < joker_value(2) < joker_value(3)


def test_bidder_is_deterministic() -> None:
    hands = deal(12)
    auction = Auction("N", None, ["13H"])
    assert len({str(choose_call(auction, hands["S"])) for _ in range(5)}) == 1


def test_declaration_avoids_making_thirteen() -> None:
    declarations = Declarations(AuctionResult("N", Bid(4, "S")), "W", declared=[3, 3])
    for hand in (STRONG_SPADES, WEAK, deal(3)["E"]):
        choice = choose_declaration(declarations, hand)
        assert choice in declarations.legal()
        assert declarations.total + choice != 13


def test_declaration_is_the_rounded_estimate_when_allowed() -> None:
    declarations = Declarations(AuctionResult("N", Bid(4, "S")), "W")
    expected = round(estimate_tricks(STRONG_SPADES, "S"))
    assert choose_declaration(declarations, STRONG_SPADES) == expected


def _position(trick: list[str], leader: str, hands: dict[str, str]) -> Play:
    play = Play({s: BEYOND_DECK.parse_hand(h) for s, h in hands.items()}, leader, None)
    for card in trick:
        play.play(card)
    return play


HANDS = {
    "N": "HA H5 S2",
    "E": "HK H2 S3",
    "S": "HQ H9 X1",
    "W": "HJ H3 S4",
}


def test_last_player_wanting_a_trick_wins_it_as_cheaply_as_possible() -> None:
    play = _position(["H3", "H5", "H2"], "W", HANDS)
    assert play.to_move == "S"
    assert choose_card(play, {"N": 0, "E": 0, "S": 1, "W": 0}) == Card("H", "9")


def test_a_player_who_cannot_win_a_wanted_trick_keeps_the_high_card() -> None:
    play = _position(["HJ", "H5", "HK"], "W", HANDS)
    assert choose_card(play, {"N": 0, "E": 0, "S": 1, "W": 0}) == Card("H", "9")


def test_a_player_at_target_sheds_a_high_card_that_still_loses() -> None:
    play = _position(["HK"], "E", HANDS)
    targets = {"N": 1, "E": 1, "S": 0, "W": 1}
    assert play.to_move == "S"
    assert choose_card(play, targets) == Card("H", "Q")


def test_a_player_does_not_overtake_a_partner_who_needs_the_trick() -> None:
    play = _position(["H2", "HQ", "H3"], "E", HANDS)
    assert play.to_move == "N"
    targets = {"N": 1, "E": 1, "S": 1, "W": 1}
    assert choose_card(play, targets) == Card("H", "5")


def test_in_the_pass_round_everyone_tries_to_lose() -> None:
    play = _position(["HK"], "E", HANDS)
    assert choose_card(play, None) == Card("H", "Q")


def test_card_player_always_chooses_a_legal_card() -> None:
    hands = deal(30)
    play = Play(hands, "E", "D")
    targets = {"N": 3, "E": 4, "S": 2, "W": 2}
    while not play.is_finished:
        card = choose_card(play, targets)
        assert card in play.legal_cards()
        play.play(card)
    assert len(play.completed) == 13


def test_bidder_reraises_a_raised_bid_that_matches_its_estimate() -> None:
    level = round(estimate_tricks(STRONG_SPADES, "S"))
    auction = Auction("W", None, [f"{level}S", "raise", "pass", "pass"])
    assert auction.to_move == "N"
    assert choose_call(auction, STRONG_SPADES) == RERAISE


def test_bidder_demands_partners_suit_when_outbid_at_the_genuine_level() -> None:
    # N showed diamonds, E went down to a genuine 5 spades; S, weak but with 3 diamonds,
    # asks N for diamonds with 3 clubs.
    hand = BEYOND_DECK.parse_hand("D9 D7 D6 S2 S3 H2 H3 H5 C2 C3 C6 C7 C9")
    auction = Auction("W", None, ["13D", "5S"])
    call = choose_call(auction, hand)
    assert str(call) == "3C"
    assert meaning_of(auction, call).asks_for == "D"


def test_the_demander_does_not_read_partners_answer_as_a_new_demand() -> None:
    # W showed diamonds, E demanded them with 3C and W answered 3D: E must not go on to 3H.
    auction = Auction("S", None, ["13D", "6S", "3C", "pass", "3D", "pass"])
    assert auction.to_move == "E"
    assert meaning_of(Auction("S", None, ["13D", "6S", "3C", "pass"]), "3D").kind == (
        "answers_demand"
    )
    assert choose_call(auction, WEAK) == PASS
