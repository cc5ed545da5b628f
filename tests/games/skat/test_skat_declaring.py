"""After the auction: hand or pick-up, the discard, and the declaration."""

from __future__ import annotations

import pytest

from games.skat.contract import Contract
from games.skat.declaring import Declaration
from games.skat.errors import IllegalDeclaration
from games.skat.rules import deal


def declaration(bid: int = 18) -> Declaration:
    cards = deal(3)
    return Declaration(0, bid, cards.hands[0], cards.skat)


def test_picking_up_gives_twelve_cards_and_the_discard_counts_for_the_declarer() -> None:
    d = declaration()
    skat = d.pick_up()
    assert len(d.cards) == 12 and set(skat) <= set(d.cards)
    away = d.cards[:2]
    d.discard(away)
    game = d.declare("clubs")
    assert game.skat == tuple(away)
    assert len(game.hand) == 10 and not set(away) & set(game.hand)
    assert game.picked_up


def test_a_hand_game_keeps_the_skat_untouched() -> None:
    d = declaration()
    d.play_hand()
    game = d.declare("grand hand")
    assert game.skat == d.original_skat
    assert game.hand == d.dealt
    assert game.contract == Contract("grand", hand=True)


def test_matadors_are_counted_over_hand_and_skat() -> None:
    d = declaration()
    d.play_hand()
    game = d.declare("spades hand")
    assert set(game.matador_cards) == set(d.dealt) | set(d.original_skat)


def test_announcing_schneider_after_picking_up_is_refused() -> None:
    d = declaration()
    d.pick_up()
    d.discard(d.cards[:2])
    with pytest.raises(IllegalDeclaration, match="needs a hand game"):
        d.declare("clubs schneider")


def test_declaring_hand_after_picking_up_is_refused() -> None:
    d = declaration()
    d.pick_up()
    d.discard(d.cards[:2])
    with pytest.raises(IllegalDeclaration, match="the declarer picked up the skat"):
        d.declare("clubs hand")


def test_declaring_a_pick_up_game_after_choosing_hand_is_refused() -> None:
    d = declaration()
    d.play_hand()
    with pytest.raises(IllegalDeclaration, match="the declarer played hand"):
        d.declare("null")


def test_discard_must_be_two_cards_held() -> None:
    d = declaration()
    d.pick_up()
    with pytest.raises(IllegalDeclaration, match="exactly 2 cards, not 1"):
        d.discard(d.cards[:1])
    stranger = next(c for c in deal(4).hands[1] if c not in d.cards)
    with pytest.raises(IllegalDeclaration, match=f"cannot discard {stranger}"):
        d.discard([d.cards[0], stranger])


def test_steps_must_come_in_order() -> None:
    d = declaration()
    with pytest.raises(
        IllegalDeclaration, match="cannot declare a game now: the step due is 'choose'"
    ):
        d.declare("clubs")
    d.play_hand()
    with pytest.raises(IllegalDeclaration, match="cannot pick up the skat now"):
        d.pick_up()
    with pytest.raises(IllegalDeclaration, match="cannot discard now"):
        d.discard(d.dealt[:2])


def test_wrong_hand_size_is_refused() -> None:
    cards = deal(3)
    with pytest.raises(IllegalDeclaration, match="has 9 cards, expected 10"):
        Declaration(0, 18, cards.hands[0][:9], cards.skat)


def test_a_card_both_in_hand_and_skat_is_refused() -> None:
    cards = deal(3)
    with pytest.raises(IllegalDeclaration, match="both in the hand and in the skat"):
        Declaration(0, 18, cards.hands[0], (cards.hands[0][0], cards.skat[0]))
