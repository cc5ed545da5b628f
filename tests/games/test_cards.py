"""Cards, decks and notation shared by the four games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import (
    BEYOND_DECK,
    DECKS,
    FIVE_HUNDRED_DECK,
    SEATS,
    SKAT_DECK,
    WIEZEN_DECK,
    Card,
    NotationError,
    card_from_index,
    cards_of,
    deal_cards,
    deck_for,
    format_pbn,
    mask_of,
    parse_card,
    parse_pbn,
)


def test_each_game_has_its_deck_size():
    assert {name: len(deck) for name, deck in DECKS.items()} == {
        "skat": 32,
        "beyond": 52,
        "five_hundred": 43,
        "wiezen": 52,
    }


def test_skat_deck_runs_from_seven_to_ace():
    assert {c.rank for c in SKAT_DECK} == set("789TJQKA")
    assert all(not c.is_joker for c in SKAT_DECK)


def test_beyond_swaps_three_eights_for_three_jokers():
    eights = {str(c) for c in BEYOND_DECK if c.rank == "8"}
    assert eights == {"S8"}
    assert [str(c) for c in BEYOND_DECK if c.is_joker] == ["X1", "X2", "X3"]


def test_five_hundred_drops_twos_threes_and_black_fours_and_adds_a_joker():
    ranks = {c.rank for c in FIVE_HUNDRED_DECK if not c.is_joker}
    assert "2" not in ranks and "3" not in ranks
    assert {str(c) for c in FIVE_HUNDRED_DECK if c.rank == "4"} == {"H4", "D4"}
    assert sum(c.is_joker for c in FIVE_HUNDRED_DECK) == 1


def test_parse_card_reads_suit_first_names_and_ten_as_t_or_10():
    assert parse_card("CJ") == Card("C", "J")
    assert parse_card("h10") == Card("H", "T")
    assert str(parse_card(" x2 ")) == "X2"


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("JC", "unknown suit 'J'"),
        ("C1", "unknown rank '1'"),
        ("X4", "jokers are X1"),
        ("", "bad card ''"),
        ("CJX", "bad card 'CJX'"),
    ],
)
def test_parse_card_names_the_bad_token(token, message):
    with pytest.raises(NotationError, match=message):
        parse_card(token)


def test_a_card_outside_the_deck_is_refused_by_name():
    with pytest.raises(NotationError, match="card C2 is not in the skat deck"):
        parse_card("C2", SKAT_DECK)
    with pytest.raises(NotationError, match="card X2 is not in the five_hundred deck"):
        FIVE_HUNDRED_DECK.parse_hand("X1 X2")


def test_parse_hand_rejects_duplicates():
    with pytest.raises(NotationError, match="duplicate card HA"):
        WIEZEN_DECK.parse_hand("HA, SK, HA")


def test_unknown_game_is_named():
    with pytest.raises(NotationError, match="unknown game 'bridge'"):
        deck_for("bridge")


def test_every_card_index_is_unique_and_round_trips():
    cards = {c for deck in DECKS.values() for c in deck}
    assert len({c.bit_index for c in cards}) == len(cards) == 55
    assert all(card_from_index(c.bit_index) == c for c in cards)
    assert max(c.bit_index for c in cards) < 64


def test_masks_round_trip():
    hand = SKAT_DECK.parse_hand("CJ SJ HA D7")
    assert set(cards_of(mask_of(hand))) == set(hand)


def test_pbn_deal_reads_hands_clockwise_from_the_named_seat():
    text = "E:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    deal = parse_pbn(text, WIEZEN_DECK, hand_size=13)
    assert [str(c) for c in deal["E"][:2]] == ["SA", "SK"]
    assert Card("S", "2") in deal["N"]
    assert format_pbn(deal, "E") == text


def test_pbn_jokers_sit_in_a_fifth_group():
    deal, _ = deal_cards(BEYOND_DECK, 3, 4, 13)
    hands = dict(zip(SEATS, deal, strict=True))
    text = format_pbn(hands)
    again = parse_pbn(text, BEYOND_DECK, hand_size=13)
    assert {s: set(h) for s, h in again.items()} == {s: set(h) for s, h in hands.items()}
    jokers = [c for h in deal for c in h if c.is_joker]
    assert len(jokers) == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKQ.JT9.876.543 x x x", "must start with a seat"),
        ("N:AKQ.JT9.876", "expected 4 hands, found 1"),
        ("N:AK.QJ.T9 2.3.4.5 6.7.8.9 T.J.Q.K", "expected 4 suit groups"),
        ("N:AKQJT98765432... A... ... ...", "duplicate card SA"),
        ("N:A... K... Q... J...", "N's hand 'A...' has 1 cards, expected 13"),
        ("N:Z... K... Q... J...", "unknown rank 'Z'"),
    ],
)
def test_bad_pbn_is_refused_with_the_reason(text, message):
    with pytest.raises(NotationError, match=message):
        parse_pbn(text, WIEZEN_DECK, hand_size=13)


def test_shuffling_depends_only_on_the_seed():
    assert SKAT_DECK.shuffled(7) == SKAT_DECK.shuffled(7)
    assert SKAT_DECK.shuffled(7) != SKAT_DECK.shuffled(8)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), game=st.sampled_from(sorted(DECKS)))
def test_dealing_hands_out_every_card_once(seed, game):
    deck = DECKS[game]
    per_hand = {"skat": 10, "beyond": 13, "five_hundred": 10, "wiezen": 13}[game]
    hands_count = 3 if game == "skat" else 4
    hands, rest = deal_cards(deck, seed, hands_count, per_hand, packets=(3, 4, 3))
    dealt = [c for h in hands for c in h] + rest
    assert sorted(dealt) == sorted(deck.cards)
    assert all(len(h) == per_hand for h in hands)
    assert len(rest) == len(deck) - hands_count * per_hand
