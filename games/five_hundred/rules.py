"""Card order, legal cards and trick winners in 500 for any contract.

Sources: five-hundred.da.txt, "Sådan spiller man" (follow suit if you can; the joker is the
highest trump) and DECISIONS.md (bowers, the joker as the only trump in no trumps and misère,
the joker led in no trumps takes a suit named by the leader).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import JOKER_SUIT, RANKS, SUITS, Card
from games.five_hundred.contract import Contract

# The other suit of the same colour: the left bower's home suit.
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
JOKER_POWER = 30
RIGHT_BOWER_POWER = 29
LEFT_BOWER_POWER = 28


@dataclass(frozen=True)
class CardOrder:
    """Rank cards for one contract: ``trump`` (None for no trumps/misère) and ``bowers``."""

    trump: str | None
    bowers: bool = True

    def __post_init__(self) -> None:
        if self.trump is not None and self.trump not in SUITS:
            raise ValueError(f"bad trump suit {self.trump!r}: expected S, H, D, C or None")

    @classmethod
    def for_contract(cls, contract: Contract, bowers: bool = True) -> CardOrder:
        """Return the order for ``contract``; bowers matter only when there is a trump suit."""
        return cls(contract.trump, bowers)

    def is_right_bower(self, card: Card) -> bool:
        return self.bowers and self.trump is not None and card == Card(self.trump, "J")

    def is_left_bower(self, card: Card) -> bool:
        return self.bowers and self.trump is not None and card == Card(SAME_COLOUR[self.trump], "J")

    def suit_of(self, card: Card) -> str:
        """Return the suit the card belongs to for following and leading.

        The joker belongs to trumps (in no trumps to no suit: 'X'); the left bower to trumps.
        """
        if card.is_joker:
            return self.trump or JOKER_SUIT
        if self.is_left_bower(card):
            assert self.trump is not None
            return self.trump
        return card.suit

    def is_trump(self, card: Card) -> bool:
        """Return True for the joker (always) and for every card of the trump suit."""
        return card.is_joker or (self.trump is not None and self.suit_of(card) == self.trump)

    def power(self, card: Card) -> int:
        """Return the card's rank within its suit (higher wins); bowers and joker on top."""
        if card.is_joker:
            return JOKER_POWER
        if self.is_right_bower(card):
            return RIGHT_BOWER_POWER
        if self.is_left_bower(card):
            return LEFT_BOWER_POWER
        return RANKS.index(card.rank)

    def trick_key(self, card: Card, led_suit: str) -> tuple[int, int]:
        """Return a key that orders cards within a trick led in ``led_suit``: max wins."""
        if self.is_trump(card):
            return (2, self.power(card))
        if self.suit_of(card) == led_suit:
            return (1, self.power(card))
        return (0, 0)


def led_suit(order: CardOrder, first: Card, joker_suit: str | None = None) -> str:
    """Return the suit to follow: the first card's suit, or the suit named for a led joker."""
    if first.is_joker and order.trump is None:
        if joker_suit is None or joker_suit not in SUITS:
            raise ValueError(f"a joker led in no trumps needs a named suit, got {joker_suit!r}")
        return joker_suit
    return order.suit_of(first)


def legal_cards(order: CardOrder, hand: Sequence[Card], led: str | None) -> list[Card]:
    """Return the cards of ``hand`` that may be played to a trick led in ``led``.

    Leading (``led`` None) allows every card. A follower must play a card of the led suit if
    holding one. In no trumps the joker has no suit, so it can be played only by a player who
    cannot follow (or by the leader).
    """
    if led is None:
        return list(hand)
    following = [card for card in hand if order.suit_of(card) == led]
    return following or list(hand)


def trick_winner(order: CardOrder, cards: Sequence[Card], joker_suit: str | None = None) -> int:
    """Return the index in ``cards`` (play order) of the card that wins the trick."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = led_suit(order, cards[0], joker_suit)
    keys = [order.trick_key(card, led) for card in cards]
    return keys.index(max(keys))
