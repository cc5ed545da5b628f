"""The simple players: their bidding limits, declarations, discards and card choices."""

from __future__ import annotations

from games.cards import Card
from games.skat.auction import Auction
from games.skat.contract import Contract
from games.skat.declaring import Declaration
from games.skat.handeval import best_plan, choose_discard, null_fit
from games.skat.play import Play
from games.skat.players import SimplePlayer
from games.skat.rules import TRUMP, effective_suit
from games.skat.tactics import choose_card
from games.skat.util import read_cards

STRONG_CLUBS = read_cards("CJ SJ CA CT CK C9 C8 HA SA D7")  # clubs with 2, two side aces
WEAK = read_cards("S7 S8 H7 H9 D8 DQ CK SQ HK D9")
GRAND = read_cards("CJ SJ HJ CA SA DT D7 H8 S9 C7")
NULL = read_cards("S7 S9 H7 H8 D7 D9 C7 C8 CJ HJ")


def test_a_strong_suit_hand_bids_to_its_game_value() -> None:
    plan = best_plan(STRONG_CLUBS)
    assert plan is not None and plan.contract.game == "clubs"
    assert SimplePlayer().limit(STRONG_CLUBS) == plan.value == 12 * 3 + 12  # planned hand


def test_a_weak_hand_does_not_bid() -> None:
    assert best_plan(WEAK) is None
    assert SimplePlayer().call(Auction(), WEAK) == "pass"


def test_jacks_and_aces_make_a_grand() -> None:
    plan = best_plan(GRAND)
    assert plan is not None and plan.contract.game == "grand"


def test_low_cards_in_every_suit_make_a_null() -> None:
    assert null_fit(NULL)
    plan = best_plan(NULL)
    assert plan is not None and plan.contract == Contract("null") and plan.value == 23


def test_an_ace_in_a_long_suit_spoils_a_null() -> None:
    assert not null_fit(read_cards("SA SK S9 H7 H8 D7 D9 C7 C8 CJ"))


def test_bidder_names_the_next_value_while_within_its_limit() -> None:
    player = SimplePlayer()
    auction = Auction()
    assert player.call(auction, STRONG_CLUBS) == "18"
    auction.call(18)
    assert player.call(auction, STRONG_CLUBS) == "yes"
    for _ in range(100):
        auction.call(player.call(auction, STRONG_CLUBS))
        if auction.finished:
            break
    assert auction.finished and auction.bid <= player.limit(STRONG_CLUBS)


def test_discard_buries_a_bare_ten_before_an_ace() -> None:
    cards = read_cards("CJ SJ CA CT CK C9 C8 HA SA D7 DT H7")
    away = choose_discard(cards, Contract("clubs"))
    assert Card("D", "T") in away
    assert not {Card("H", "A"), Card("S", "A")} & set(away)
    assert all(effective_suit(c, "clubs") != TRUMP for c in away)


def test_declarer_with_a_plain_plan_picks_up_and_discards_two() -> None:
    hand = read_cards("CJ HJ CA CT C9 C8 HA S7 D7 D8")
    skat = read_cards("SA S8")
    game = SimplePlayer().declare(Declaration(0, 18, hand, skat))
    assert game.picked_up and len(game.hand) == 10 and len(game.skat) == 2
    assert game.contract.game == "clubs"


def test_declarer_leads_the_top_trump() -> None:
    play = Play("clubs", ["CJ C7 HA", "SJ S7 H7", "DJ D7 H8"], declarer=0)
    assert choose_card(play) == Card("C", "J")


def test_declarer_leads_a_low_trump_when_its_top_trump_can_be_beaten() -> None:
    play = Play("clubs", ["SJ C7 HA", "CJ S7 H7", "DJ D7 H8"], declarer=0)
    assert choose_card(play) == Card("C", "7")


def test_defender_gives_points_to_a_partner_who_wins_the_trick() -> None:
    play = Play("clubs", ["C7 S8 D7", "SA S7 H8", "SK ST HA"], declarer=0)
    play.play("S8")
    play.play("SA")
    assert choose_card(play) == Card("S", "T")


def test_null_declarer_plays_the_highest_card_that_still_loses() -> None:
    play = Play("null", ["SK S8", "D7 D8", "S9 S7"], declarer=1, leader=0)
    play.play("SK")
    assert choose_card(play) == Card("D", "8")
    play = Play("null", ["SQ S8", "SK S9", "D7 D8"], declarer=1, leader=0)
    play.play("SQ")
    assert choose_card(play) == Card("S", "9")


def test_players_are_deterministic() -> None:
    first = Play("grand", ["CJ SA S7 H8", "SJ HA D7 DT", "HJ DA C7 CT"], declarer=0)
    second = Play("grand", ["CJ SA S7 H8", "SJ HA D7 DT", "HJ DA C7 CT"], declarer=0)
    while not first.finished:
        card = choose_card(first)
        assert card == choose_card(second)
        first.play(card)
        second.play(card)
