"""Playing a deal of 500 card by card: turns, following, the joker, misère and the record."""

from __future__ import annotations

import pytest

from games.cards import FIVE_HUNDRED_DECK, Card, NotationError
from games.five_hundred.calls import parse_call
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import deal
from games.five_hundred.errors import IllegalPlay
from games.five_hundred.play import Play
from games.five_hundred.settings import FiveHundredSettings


def cards(text: str) -> list[Card]:
    return FIVE_HUNDRED_DECK.parse_hand(text)


def table(**given: str) -> dict[str, list[Card]]:
    """Return four ten-card hands: the given cards per seat, topped up from the deck in order."""
    hands = {seat: cards(given.get(seat, "")) for seat in "NESW"}
    used = {card for hand in hands.values() for card in hand}
    rest = [card for card in FIVE_HUNDRED_DECK if card not in used]
    for seat in "NESW":
        while len(hands[seat]) < 10:
            hands[seat].append(rest.pop())
    return hands


def contract(bid: str, declarer: str) -> Contract:
    return Contract(parse_call(bid), declarer)


def test_the_declarer_leads_to_the_first_trick() -> None:
    play = Play(contract("7S", "W"), deal(1).hands)
    assert play.to_move == "W"


def test_play_goes_clockwise_and_the_winner_leads_next() -> None:
    hands = table(N="SA S5", E="S6 H9", S="S7 HT", W="S8 HJ")
    play = Play(contract("6C", "N"), hands)
    play.play("N", "S5")
    assert play.to_move == "E"
    play.play("E", "S6")
    play.play("S", "S7")
    trick = play.play("W", "S8")
    assert trick is not None and trick.winner == "W" and trick.leader == "N"
    assert play.to_move == "W"


def test_playing_out_of_turn_is_refused() -> None:
    play = Play(contract("6C", "N"), deal(2).hands)
    card = play.hands["E"][0]
    with pytest.raises(IllegalPlay, match=f"E cannot play {card}: it is N's turn"):
        play.play("E", card)


def test_playing_a_card_not_held_is_refused() -> None:
    hands = table(N="SA", E="SK")
    play = Play(contract("6C", "N"), hands)
    with pytest.raises(IllegalPlay, match="N does not hold SK"):
        play.play("N", "SK")


def test_a_player_must_follow_suit_when_able() -> None:
    hands = table(N="S5", E="S6 H9", S="S7", W="S8")
    play = Play(contract("6C", "N"), hands)
    play.play("N", "S5")
    with pytest.raises(IllegalPlay, match="E cannot play H9: must follow spades"):
        play.play("E", "H9")


def test_the_left_bower_follows_as_a_trump_in_play() -> None:
    hands = table(N="H5", E="DJ S6", S="H7", W="H8")
    play = Play(contract("6H", "N"), hands)
    play.play("N", "H5")
    assert "DJ" in {str(c) for c in play.legal_cards("E")}
    play.play("E", "DJ")
    play.play("S", "H7")
    trick = play.play("W", "H8")
    assert trick is not None and trick.winner == "E"


def test_with_joker_only_the_jacks_follow_their_own_suit() -> None:
    hands = table(N="H5", E="DJ S6 C9 C8 C7 C6 C5 CA CK CQ", S="H7", W="H8")
    play = Play(contract("6H", "N"), hands, FiveHundredSettings(bowers=False))
    play.play("N", "H5")
    # E holds no heart once DJ is a diamond, so anything goes.
    assert set(play.legal_cards("E")) == set(hands["E"])


def test_a_joker_led_in_no_trumps_needs_a_named_suit() -> None:
    hands = table(N="X1 S5", E="SA H9", S="S7", W="S8")
    play = Play(contract("7NT", "N"), hands)
    with pytest.raises(IllegalPlay, match="name its suit"):
        play.play("N", "X1")
    play.play("N", "X1", joker_suit="S")
    assert play.led_suit == "S"
    with pytest.raises(IllegalPlay, match="must follow spades"):
        play.play("E", "H9")
    play.play("E", "SA")
    play.play("S", "S7")
    trick = play.play("W", "S8")
    assert trick is not None and trick.winner == "N" and trick.joker_suit == "S"


def test_a_named_suit_is_refused_for_other_leads() -> None:
    hands = table(N="X1 S5")
    play = Play(contract("7H", "N"), hands)
    with pytest.raises(IllegalPlay, match="only for a joker led in no trumps"):
        play.play("N", "X1", joker_suit="S")


def test_in_no_trumps_the_joker_waits_until_its_holder_cannot_follow() -> None:
    hands = table(N="S5", E="X1 S6", S="S7", W="S8")
    play = Play(contract("7NT", "N"), hands)
    play.play("N", "S5")
    with pytest.raises(IllegalPlay, match=r"joker.*cannot follow spades"):
        play.play("E", "X1")


def test_misere_is_played_three_handed_without_the_partner() -> None:
    hands = table()
    play = Play(contract("MIS", "E"), hands)
    assert play.players == ("E", "S", "N")
    first = play.legal_cards("E")[0]
    play.play("E", first)
    assert play.to_move == "S"
    with pytest.raises(IllegalPlay, match=r"W cannot play .*sits out"):
        play.play("W", hands["W"][0])


def test_open_misere_exposes_the_declarer_hand_after_the_first_trick() -> None:
    play = Play(contract("OMIS", "S"), table())
    assert play.exposed is None
    while len(play.tricks) < 1:
        seat = play.to_move
        assert seat is not None
        play.play(seat, play.legal_cards(seat)[0])
    assert play.exposed is not None and len(play.exposed) == 9
    assert set(play.exposed) == set(play.hands["S"])


def test_plain_misere_exposes_nothing() -> None:
    play = Play(contract("MIS", "S"), table())
    while not play.is_finished:
        seat = play.to_move
        assert seat is not None
        play.play(seat, play.legal_cards(seat)[0])
    assert play.exposed is None and len(play.tricks) == 10


def test_a_full_deal_records_ten_tricks_and_refuses_more() -> None:
    hands = deal(9).hands
    play = Play(contract("6D", "S"), hands)
    while not play.is_finished:
        seat = play.to_move
        assert seat is not None
        play.play(seat, play.legal_cards(seat)[-1])
    assert len(play.tricks) == 10
    assert sum(play.tricks_won().values()) == 10
    assert play.declarer_tricks + play.defender_tricks == 10
    assert play.to_move is None and play.legal_cards("N") == []
    with pytest.raises(IllegalPlay, match="all ten tricks"):
        play.play("N", hands["N"][0])


def test_hands_of_the_wrong_size_are_refused() -> None:
    hands = table()
    hands["W"] = hands["W"][:9]
    with pytest.raises(IllegalPlay, match="W's hand has 9 cards, expected 10"):
        Play(contract("6D", "S"), hands)


def test_a_card_in_two_hands_is_refused() -> None:
    hands = table()
    hands["W"][0] = hands["N"][0]
    with pytest.raises(IllegalPlay, match="twice"):
        Play(contract("6D", "S"), hands)


def test_a_missing_hand_is_refused() -> None:
    hands = table()
    del hands["E"]
    with pytest.raises(IllegalPlay, match="no hand given for E"):
        Play(contract("6D", "S"), hands)


def test_the_misere_partner_hand_may_be_left_out() -> None:
    hands = table()
    del hands["W"]
    assert Play(contract("MIS", "E"), hands).players == ("E", "S", "N")


def test_a_trick_records_as_leader_cards_and_winner() -> None:
    hands = table(N="SA S5", E="S6", S="S7", W="S8")
    play = Play(contract("6C", "N"), hands)
    for seat, card in zip("NESW", ("SA", "S6", "S7", "S8"), strict=True):
        play.play(seat, card)
    assert play.tricks[0].as_dict() == {
        "leader": "N",
        "cards": ["SA", "S6", "S7", "S8"],
        "winner": "N",
    }


def test_card_text_outside_the_500_deck_is_refused() -> None:
    play = Play(contract("6D", "S"), table())
    with pytest.raises(NotationError, match="S4"):
        play.play("S", "S4")
