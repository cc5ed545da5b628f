"""Playing a deal card by card: turn order, first lead, errors, recorded tricks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.beyond import DealError, IllegalPlayError, Play, deal, parse_deal
from games.beyond.simulate import run_deal
from games.cards import BEYOND_DECK, Card, format_pbn

# Four 3-card hands (a position after ten tricks) that exercise the joker rules.
POSITION = {
    "N": ["X1", "H2", "S9"],
    "E": ["HA", "HK", "C2"],
    "S": ["X2", "D5", "X3"],
    "W": ["H3", "S2", "D6"],
}


def pbn(hands: dict[str, list[Card]]) -> str:
    """Write hands as PBN (format_pbn wants Sequence values; dict is invariant)."""
    as_sequences: dict[str, Sequence[Card]] = dict(hands)
    return format_pbn(as_sequences)


def test_first_lead_is_by_the_player_left_of_the_dealer_not_the_declarer() -> None:
    # beyond.da.txt: after the declarations the player left of the dealer leads.
    record = run_deal(deal(21, "S"), "S", seed=21)
    assert record["tricks"][0]["leader"] == "W"


def test_turns_go_clockwise_from_the_leader() -> None:
    play = Play(deal(1), "E", "S")
    assert play.to_move == "E"
    play.play(play.legal_cards()[0])
    assert play.to_move == "S"


def test_trick_winner_leads_the_next_trick() -> None:
    play = Play(POSITION, "N", None)
    for card in ("H2", "HA", "D5", "H3"):
        finished = play.play(card)
    assert finished is not None and finished.winner == "E"
    assert play.to_move == "E"
    assert play.current.leader == "E"


def test_after_a_joker_lead_the_winner_must_lead_a_suit_card() -> None:
    play = Play(POSITION, "N", "S")
    for card in ("X1", "HA", "X2", "S2"):
        play.play(card)
    assert play.completed[0].winner == "S"
    assert play.legal_cards() == [Card("D", "5")]
    with pytest.raises(IllegalPlayError, match="led with a joker, so this lead must be a suit"):
        play.play("X3")


def test_a_card_from_another_hand_is_rejected_naming_the_owner() -> None:
    play = Play(POSITION, "N", None)
    with pytest.raises(IllegalPlayError, match="HA is in E's hand and it is N's turn"):
        play.play("HA")


def test_a_card_not_held_by_anyone_is_rejected() -> None:
    play = Play(POSITION, "N", None)
    with pytest.raises(IllegalPlayError, match="N may not play CA: CA is not in the hand"):
        play.play("CA")


def test_revoking_is_rejected_with_the_led_suit_named() -> None:
    play = Play(POSITION, "N", None)
    play.play("H2")
    with pytest.raises(IllegalPlayError, match="H was led and the hand holds H: follow suit"):
        play.play("C2")


def test_a_bad_card_token_is_rejected() -> None:
    play = Play(POSITION, "N", None)
    with pytest.raises(ValueError, match="bad card 'Z9'"):
        play.play("Z9")


def test_no_card_after_the_last_trick() -> None:
    play = Play({"N": ["HA"], "E": ["H2"], "S": ["H3"], "W": ["H4"]}, "N", None)
    for card in ("HA", "H2", "H3"):
        assert play.play(card) is None
    trick = play.play("H4")
    assert trick is not None and trick.winner == "N"
    assert play.is_finished and play.to_move is None and play.legal_cards() == []
    with pytest.raises(IllegalPlayError, match="all 1 tricks are over"):
        play.play("HA")


def test_a_full_deal_records_thirteen_tricks_and_every_card_once() -> None:
    play = Play(deal(4), "N", "H")
    while not play.is_finished:
        play.play(play.legal_cards()[-1])
    assert len(play.tricks) == 13
    assert sorted(play.played_cards()) == sorted(BEYOND_DECK)
    assert sum(play.tricks_won().values()) == 13
    assert all(len(h) == 0 for h in play.hands.values())


def test_play_does_not_change_the_hands_it_was_given() -> None:
    hands = deal(4)
    before = {s: list(h) for s, h in hands.items()}
    play = Play(hands, "N", None)
    play.play(play.legal_cards()[0])
    assert hands == before


def test_a_position_can_start_right_after_a_joker_lead() -> None:
    play = Play(POSITION, "S", None, lead_locked=True)
    assert play.legal_cards() == [Card("D", "5")]
    assert Play(POSITION, "S", None).legal_cards() == [
        Card("X", "2"),
        Card("D", "5"),
        Card("X", "3"),
    ]


def test_wrong_hand_sizes_are_rejected() -> None:
    hands = {s: list(h) for s, h in POSITION.items()}
    hands["S"] = hands["S"][:2]
    with pytest.raises(DealError, match="hand sizes"):
        Play(hands, "N", None)


def test_a_full_pbn_deal_can_be_played() -> None:
    hands = deal(8)
    play = Play(parse_deal(pbn(hands)), "E", None)
    assert play.to_move == "E"
    assert set(play.legal_cards()) == set(hands["E"])
