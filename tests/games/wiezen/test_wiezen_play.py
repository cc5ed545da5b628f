"""Card play: following suit, trumps, trick winners, troel's lead, open miserie."""

from __future__ import annotations

import pytest

from games.cards import WIEZEN_DECK, Card, parse_card, parse_pbn
from games.wiezen import (
    Contract,
    ContractKind,
    DealError,
    IllegalPlay,
    Play,
    legal_cards,
    trick_winner,
)

PLAIN = "N:AKQJ.AKQ.32.5432 T98.JT9.AKQJ.AKQ 765.8765.T98.JT9 432.432.7654.876"
TROEL_3 = "N:AKQ2.A32.A32.432 JT9.KQJ.KQJ.AKQJ 876.T98.T98.T987 543.7654.7654.65"


def hands_of(pbn: str) -> dict[str, list[Card]]:
    return parse_pbn(pbn, WIEZEN_DECK, 13)


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def ask_join(trump: str = "H", leader: str = "N") -> Contract:
    return Contract(ContractKind.ASK_JOIN, ("N", "S"), trump, 8, leader)


def test_a_player_must_follow_suit_when_able() -> None:
    hand = cards("SA S2 HK D3")
    assert legal_cards(hand, "S") == cards("SA S2")


def test_a_void_player_may_play_any_card() -> None:
    hand = cards("SA S2 HK D3")
    assert legal_cards(hand, "C") == hand


def test_the_leader_may_play_any_card() -> None:
    hand = cards("SA S2 HK D3")
    assert legal_cards(hand, None) == hand


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    assert trick_winner(cards("S9 SK HA S2"), None) == 1


def test_a_card_of_another_suit_never_wins_without_trumps() -> None:
    assert trick_winner(cards("S2 HA DA CA"), None) == 0


def test_any_trump_beats_the_led_suit() -> None:
    assert trick_winner(cards("SA H2 SK S3"), "H") == 1


def test_the_highest_trump_wins() -> None:
    assert trick_winner(cards("SA H2 HT H9"), "H") == 2


def test_ten_ranks_between_nine_and_jack() -> None:
    assert trick_winner(cards("D9 DT DJ D2"), None) == 2
    assert trick_winner(cards("D9 DT D8 D2"), None) == 1


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(DealError, match="empty trick"):
        trick_winner([], None)


def test_play_records_the_trick_and_its_winner_who_leads_next() -> None:
    play = Play(hands_of(PLAIN), ask_join("H", "N"))
    for card in ["SA", "ST", "S5", "S2"]:
        trick = play.play(card)
    assert trick is not None
    assert (trick.leader, [str(c) for c in trick.cards], trick.winner) == (
        "N",
        ["SA", "ST", "S5", "S2"],
        "N",
    )
    assert play.to_move == "N"
    assert play.tricks_won()["N"] == 1


def test_a_trump_wins_a_side_suit_trick_for_the_ruffer() -> None:
    play = Play(hands_of(PLAIN), ask_join("H", "E"))
    # E cashes diamonds; N follows twice ...
    for card in ["DA", "D8", "D4", "D2"]:
        play.play(card)
    for card in ["DK", "D9", "D5", "D3"]:
        play.play(card)
    # ... and on the third diamond N, now void, trumps it.
    for card in ["DQ", "DT", "D6", "HA"]:
        play.play(card)
    assert play.tricks[-1].winner == "N"


def test_miserie_has_no_trumps() -> None:
    contract = Contract(ContractKind.MISERIE, ("W",), None, 0, "E")
    play = Play(hands_of(PLAIN), contract)
    for card in ["DA", "D8", "D4", "D2", "DK", "D9", "D5", "D3", "DQ", "DT", "D6", "HA"]:
        play.play(card)
    assert play.tricks[-1].winner == "E"  # N's heart is a discard, not a trump


def test_a_card_not_in_hand_is_refused() -> None:
    play = Play(hands_of(PLAIN), ask_join())
    with pytest.raises(IllegalPlay, match="DA is not in N's hand"):
        play.play("DA")


def test_a_revoke_is_refused_naming_the_led_suit() -> None:
    play = Play(hands_of(PLAIN), ask_join())
    play.play("SA")
    with pytest.raises(IllegalPlay, match="HJ by E: must follow suit S"):
        play.play("HJ")


def test_playing_out_of_turn_is_refused() -> None:
    play = Play(hands_of(PLAIN), ask_join())
    with pytest.raises(IllegalPlay, match="ST by E: it is N's turn to play"):
        play.play("ST", seat="E")


def test_an_unreadable_card_is_refused() -> None:
    play = Play(hands_of(PLAIN), ask_join())
    with pytest.raises(IllegalPlay, match="bad card 'S1'"):
        play.play("S1")


def test_troel_partner_must_lead_the_called_ace() -> None:
    contract = Contract(ContractKind.TROEL, ("N", "E"), "C", 8, "E", parse_card("CA"))
    play = Play(hands_of(TROEL_3), contract)
    assert play.to_move == "E"
    assert play.legal_cards() == [parse_card("CA")]
    with pytest.raises(IllegalPlay, match="troel's first lead must be CA"):
        play.play("CK")
    play.play("CA")
    assert set(play.legal_cards()) == set(cards("CT C9 C8 C7"))  # S must follow clubs


def test_troel_lead_card_must_be_in_the_leaders_hand() -> None:
    contract = Contract(ContractKind.TROEL, ("N", "E"), "C", 8, "S", parse_card("CA"))
    with pytest.raises(DealError, match="S must lead CA to the first trick but does not hold it"):
        Play(hands_of(TROEL_3), contract)


def test_open_miserie_hands_are_shown_after_the_first_card() -> None:
    contract = Contract(ContractKind.OPEN_MISERIE, ("W", "S"), None, 0, "N")
    play = Play(hands_of(PLAIN), contract)
    assert play.visible_hands() == {}
    play.play("SA")
    assert play.exposed_after == 1
    shown = play.visible_hands()
    assert sorted(shown) == ["S", "W"]
    assert len(shown["W"]) == 13 and len(shown["S"]) == 13


def test_closed_miserie_hands_stay_hidden() -> None:
    contract = Contract(ContractKind.MISERIE, ("W",), None, 0, "N")
    play = Play(hands_of(PLAIN), contract)
    play.play("SA")
    assert play.visible_hands() == {}
    assert play.exposed_after is None


def test_a_whole_deal_plays_to_thirteen_tricks_and_then_refuses_cards() -> None:
    play = Play(hands_of(PLAIN), ask_join())
    while not play.finished:
        play.play(play.legal_cards()[0])
    assert len(play.tricks) == 13
    assert sum(play.tricks_won().values()) == 13
    assert play.to_move is None and play.legal_cards() == []
    with pytest.raises(IllegalPlay, match="the deal is over"):
        play.play("SA")
