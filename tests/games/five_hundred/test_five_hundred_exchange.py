"""The kitty exchange: the declarer takes three and discards three."""

from __future__ import annotations

import pytest

from games.cards import FIVE_HUNDRED_DECK, Card
from games.five_hundred.dealing import deal
from games.five_hundred.errors import IllegalDiscard
from games.five_hundred.exchange import exchange


def cards(text: str) -> list[Card]:
    return FIVE_HUNDRED_DECK.parse_hand(text)


def test_the_declarer_keeps_ten_of_thirteen_cards() -> None:
    dealt = deal(21)
    hand, kitty = dealt.hands["E"], dealt.kitty
    discards = [hand[0], kitty[1], hand[5]]
    after = exchange(hand, kitty, discards)
    assert len(after) == 10
    assert set(after) == (set(hand) | set(kitty)) - set(discards)


def test_the_kitty_may_be_discarded_unchanged() -> None:
    dealt = deal(21)
    assert set(exchange(dealt.hands["N"], dealt.kitty, dealt.kitty)) == set(dealt.hands["N"])


def test_discarding_two_cards_is_refused() -> None:
    dealt = deal(21)
    with pytest.raises(IllegalDiscard, match="exactly 3 cards, not 2"):
        exchange(dealt.hands["N"], dealt.kitty, dealt.kitty[:2])


def test_discarding_a_card_not_held_names_it() -> None:
    dealt = deal(21)
    stranger = dealt.hands["S"][0]
    with pytest.raises(IllegalDiscard, match=f"cannot discard {stranger}"):
        exchange(dealt.hands["N"], dealt.kitty, [stranger, *dealt.kitty[:2]])


def test_discarding_the_same_card_twice_is_refused() -> None:
    dealt = deal(21)
    card = dealt.kitty[0]
    with pytest.raises(IllegalDiscard, match="different"):
        exchange(dealt.hands["N"], dealt.kitty, [card, card, dealt.kitty[1]])


def test_wrong_hand_or_kitty_sizes_are_refused() -> None:
    dealt = deal(21)
    with pytest.raises(IllegalDiscard, match="9 cards"):
        exchange(dealt.hands["N"][:9], dealt.kitty, dealt.kitty)
    with pytest.raises(IllegalDiscard, match="kitty has 4"):
        exchange(dealt.hands["N"], [*dealt.kitty, dealt.hands["S"][0]], dealt.kitty)
