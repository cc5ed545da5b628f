"""The simple bidder, discarder and card player: legal, deterministic and sensible."""

from __future__ import annotations

import pytest

from games.cards import FIVE_HUNDRED_DECK, Card
from games.five_hundred.auction import Auction, run_auction
from games.five_hundred.calls import PASS, parse_call
from games.five_hundred.card_player import SimplePlayer
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import deal
from games.five_hundred.play import Play
from games.five_hundred.players import (
    SimpleBidder,
    choose_discards,
    misere_danger,
    no_trump_tricks,
    suit_tricks,
)


def cards(text: str) -> list[Card]:
    return FIVE_HUNDRED_DECK.parse_hand(text)


STRONG_HEARTS = cards("X1 HJ DJ HA HK HQ SA CA D4 S5")
LOW_HAND = cards("H4 H5 H6 D4 D5 D6 S5 S6 C5 C6")


def table(**given: str) -> dict[str, list[Card]]:
    hands = {seat: cards(given.get(seat, "")) for seat in "NESW"}
    used = {card for hand in hands.values() for card in hand}
    rest = [card for card in FIVE_HUNDRED_DECK if card not in used]
    for seat in "NESW":
        while len(hands[seat]) < 10:
            hands[seat].append(rest.pop())
    return hands


def test_top_trumps_and_side_aces_count_as_tricks() -> None:
    assert suit_tricks(STRONG_HEARTS, "H") == 8.0
    # Spades: the joker (1) and SA, S5 (0.4 each, too few trumps to outlast the bowers),
    # heart ace and guarded king (2), club ace (1).
    assert suit_tricks(STRONG_HEARTS, "S") == pytest.approx(1 + 0.4 + 0.4 + 2 + 1)


def test_without_bowers_the_jacks_count_less_in_trumps() -> None:
    assert suit_tricks(STRONG_HEARTS, "H", bowers=False) < suit_tricks(STRONG_HEARTS, "H")


def test_no_trump_tricks_count_joker_aces_and_long_suits() -> None:
    # Joker 1, spade ace and king 2, two spades beyond four 2, heart ace 1.
    assert no_trump_tricks(cards("X1 SA SK S9 S8 S7 S6 HA D4 C5")) == 1 + 2 + 2 + 1


def test_a_strong_hand_opens_at_the_cheapest_level_of_its_best_strain() -> None:
    call = SimpleBidder().choose_call(Auction("W"), STRONG_HEARTS)
    assert call == parse_call("6H")


def test_a_strong_hand_competes_up_to_its_limit_and_no_further() -> None:
    bidder = SimpleBidder()
    limit = bidder.limits(STRONG_HEARTS)["H"]
    assert limit == 10
    assert bidder.choose_call(run_auction("W", ["9NT"]), STRONG_HEARTS) == parse_call("10H")
    assert bidder.choose_call(run_auction("W", ["10H"]), STRONG_HEARTS) == PASS


def test_a_weak_hand_passes() -> None:
    weak = cards("S5 S6 S7 H8 H9 D7 D8 C9 CT CJ")
    assert SimpleBidder().choose_call(Auction("N"), weak) == PASS


def test_the_bidder_never_overcalls_its_partner() -> None:
    auction = run_auction("W", ["6S", "P"])  # N bids 6S, E passes; S (N's partner) to call
    assert SimpleBidder().choose_call(auction, STRONG_HEARTS) == PASS


def test_a_low_hand_bids_misere_over_a_seven_bid() -> None:
    hand = [*LOW_HAND[:9], Card("H", "A")]
    assert misere_danger(hand) == 1
    bidder = SimpleBidder()
    assert bidder.choose_call(Auction("N"), hand) == PASS
    assert bidder.choose_call(run_auction("N", ["7S"]), hand) == parse_call("MIS")


def test_a_perfectly_safe_hand_opens_open_misere() -> None:
    assert SimpleBidder().choose_call(Auction("N"), LOW_HAND) == parse_call("OMIS")


def test_the_joker_is_always_a_misere_danger() -> None:
    assert misere_danger([*LOW_HAND[:9], Card("X", "1")]) >= 1


def test_suit_contract_discards_keep_trumps_and_aces() -> None:
    contract = Contract(parse_call("7H"), "N")
    pool = [*STRONG_HEARTS, *cards("C5 S6 D9")]
    discards = choose_discards(contract, pool)
    assert len(discards) == 3 and set(discards) <= set(pool)
    assert not {"X1", "HJ", "DJ", "HA", "SA", "CA"} & {str(c) for c in discards}


def test_misere_discards_throw_the_joker_and_high_cards() -> None:
    contract = Contract(parse_call("MIS"), "N")
    pool = [*LOW_HAND, *cards("X1 SA H9")]
    assert set(choose_discards(contract, pool)) == set(cards("X1 SA H9"))


def test_the_declaring_side_draws_trumps_with_the_top_trump() -> None:
    hands = table(N="X1 HJ DJ HA HK SA S5 C7 C8 D5")
    play = Play(Contract(parse_call("7H"), "N"), hands)
    card, named = SimplePlayer().choose_card(play, "N")
    assert (str(card), named) == ("X1", None)


def test_a_player_plays_low_when_the_partner_wins_last() -> None:
    hands = table(N="SA S5", E="S6 S7", S="SK", W="S8 SQ")
    play = Play(Contract(parse_call("6C"), "N"), hands)
    play.play("N", "SA")
    play.play("E", "S6")
    play.play("S", "SK")
    card, _ = SimplePlayer().choose_card(play, "W")
    assert str(card) == "S8"


def test_a_player_wins_as_cheaply_as_possible() -> None:
    # In clubs any spade may be ruffed, so no spade is sure: E takes with the cheapest winner.
    hands = table(N="S9", E="ST SQ SA")
    play = Play(Contract(parse_call("6C"), "N"), hands)
    play.play("N", "S9")
    assert str(SimplePlayer().choose_card(play, "E")[0]) == "ST"


def test_a_player_prefers_a_winner_nothing_unseen_can_beat() -> None:
    # In no trumps with the joker in E's own hand, only the king of spades is out above SQ.
    hands = table(N="S9", E="ST SQ SA X1")
    play = Play(Contract(parse_call("6NT"), "N"), hands)
    play.play("N", "S9")
    assert str(SimplePlayer().choose_card(play, "E")[0]) == "SA"


def test_the_misere_declarer_ducks_with_the_highest_losing_card() -> None:
    hands = table(N="H4 S5 S7 SQ", E="H5", W="H6 S8")
    play = Play(Contract(parse_call("MIS"), "N"), hands)
    play.play("N", "H4")
    play.play("E", "H5")
    play.play("W", "H6")
    play.play("W", "S8")
    card, _ = SimplePlayer().choose_card(play, "N")
    assert str(card) == "S7"


def test_the_misere_declarer_never_plays_the_joker_when_void() -> None:
    hands = table(E="SA SK", S="X1 H4 H5", N="S6")
    play = Play(Contract(parse_call("MIS"), "E"), hands)
    play.play("E", "SK")
    assert "X1" not in str(SimplePlayer().choose_card(play, "S")[0])


def test_a_joker_led_in_no_trumps_names_the_longest_suit() -> None:
    hands = table(N="X1 H4 H5 H6 H7 H8 H9 D4 D5 D6")
    play = Play(Contract(parse_call("7NT"), "N"), hands)
    player = SimplePlayer()
    assert player._joker_suit(play, "N", Card("X", "1")) == "H"


def test_simple_players_always_choose_legal_cards() -> None:
    bidder, player = SimpleBidder(), SimplePlayer()
    for seed in range(30):
        dealt = deal(seed)
        auction = Auction("N")
        while auction.to_move is not None:
            call = bidder.choose_call(auction, dealt.hands[auction.to_move])
            assert call in auction.legal_calls()
            auction.call(call)
        contract = auction.contract or Contract(parse_call("6NT"), "E")
        play = Play(contract, dealt.hands)
        while play.to_move is not None:
            seat = play.to_move
            card, named = player.choose_card(play, seat)
            assert card in play.legal_cards(seat)
            play.play(seat, card, named)
        assert play.is_finished
