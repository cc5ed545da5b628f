"""A simple rule-based bidder and kitty discarder for 500; deterministic, no look-ahead.

The bidder counts the tricks its hand should take in each strain, adds two for the partner
and half a trick for the kitty, and bids the cheapest legal bid in its best strain as long as
that stays within its count. It never overcalls its partner. Misère is bid with a hand of low
cards; open misère only with a hand that has no card it could be forced to win with.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import FIVE_HUNDRED_DECK, RANKS, SUITS, Card
from games.five_hundred.auction import Auction
from games.five_hundred.calls import (
    LEVELS,
    MISERE_CALL,
    OPEN_MISERE_CALL,
    PASS,
    STRAINS,
    Call,
)
from games.five_hundred.contract import Contract
from games.five_hundred.rules import CardOrder
from games.five_hundred.seats import partner

PARTNER_TRICKS = 2.0
KITTY_TRICKS = 0.5
MIN_TRUMPS = 4


def suit_tricks(hand: Sequence[Card], trump: str, bowers: bool = True) -> float:
    """Return the tricks ``hand`` should take by itself with ``trump`` as trumps.

    A trump that ranks k-th from the top (joker first) counts as a whole trick when the hand
    holds more than k trumps (enough to outlast the higher ones), else as 0.4. Side aces count
    1, a guarded king 0.5 (1 behind the ace).
    """
    order = CardOrder(trump, bowers)
    trumps = [card for card in hand if order.is_trump(card)]
    ladder = sorted(_deck_suit(order, trump), key=order.power, reverse=True)
    tricks = sum(1.0 if ladder.index(c) < len(trumps) else 0.4 for c in trumps)
    for suit in SUITS:
        if suit != trump:
            tricks += _side_suit_tricks([c for c in hand if order.suit_of(c) == suit])
    return tricks


def no_trump_tricks(hand: Sequence[Card]) -> float:
    """Return the tricks ``hand`` should take by itself in no trumps (joker, aces, long suits)."""
    tricks = 1.0 if any(card.is_joker for card in hand) else 0.0
    for suit in SUITS:
        cards = [c for c in hand if c.suit == suit]
        tricks += _side_suit_tricks(cards)
        if any(c.rank == "A" for c in cards):
            tricks += max(0, len(cards) - 4)
    return tricks


def _side_suit_tricks(cards: Sequence[Card]) -> float:
    ranks = {card.rank for card in cards}
    tricks = 0.0
    if "A" in ranks:
        tricks += 1
    if "K" in ranks and len(cards) >= 2:
        tricks += 1.0 if "A" in ranks else 0.5
    return tricks


def _deck_suit(order: CardOrder, suit: str) -> list[Card]:
    return [card for card in FIVE_HUNDRED_DECK if order.suit_of(card) == suit]


def misere_danger(hand: Sequence[Card]) -> int:
    """Return how many cards of ``hand`` could be forced to win a no-trump trick.

    In each suit the i-th lowest card held (from 0) is safe when it is at most the
    (2i+1)-th lowest card of that suit in the deck; the joker is always dangerous.
    """
    danger = sum(1 for card in hand if card.is_joker)
    for suit in SUITS:
        deck_ranks = sorted(RANKS.index(c.rank) for c in FIVE_HUNDRED_DECK if c.suit == suit)
        held = sorted(RANKS.index(c.rank) for c in hand if c.suit == suit)
        for i, rank in enumerate(held):
            if deck_ranks.index(rank) > 2 * i + 1:
                danger += 1
    return danger


class SimpleBidder:
    """Choose calls for one seat from its hand (see the module docstring for the method)."""

    def __init__(self, bowers: bool = True) -> None:
        self.bowers = bowers

    def limits(self, hand: Sequence[Card]) -> dict[str, int]:
        """Return the highest level this hand will bid in each strain it would bid at all."""
        out: dict[str, int] = {}
        for strain in STRAINS:
            if strain == "NT":
                own = no_trump_tricks(hand)
                if not (own >= 4 and any(c.is_joker or c.rank == "A" for c in hand)):
                    continue
            else:
                order = CardOrder(strain, self.bowers)
                if sum(1 for c in hand if order.is_trump(c)) < MIN_TRUMPS:
                    continue
                own = suit_tricks(hand, strain, self.bowers)
            level = min(10, int(own + PARTNER_TRICKS + KITTY_TRICKS))
            if level >= min(LEVELS):
                out[strain] = level
        return out

    def choose_call(self, auction: Auction, hand: Sequence[Card]) -> Call:
        """Return the call for the player to move in ``auction`` holding ``hand``."""
        seat = auction.to_move
        legal = auction.legal_calls()
        if seat is None or not legal:
            raise ValueError("the auction is over: there is no call to choose")
        if auction.high_bidder is not None and auction.high_bidder == partner(seat):
            return PASS
        limits = self.limits(hand)
        for strain in sorted(limits, key=lambda s: (limits[s], STRAINS.index(s)), reverse=True):
            bids = [c for c in legal if c.strain == strain and c.level <= limits[strain]]
            if bids:
                return bids[0]
        danger = misere_danger(hand)
        if danger == 0 and OPEN_MISERE_CALL in legal:
            return OPEN_MISERE_CALL
        if danger <= 2 and MISERE_CALL in legal:
            return MISERE_CALL
        return PASS


def choose_discards(contract: Contract, cards: Sequence[Card], bowers: bool = True) -> list[Card]:
    """Return three of the declarer's thirteen cards to discard.

    Misère throws the most dangerous (highest) cards, the joker first. Otherwise keep trumps,
    the joker and aces, and throw the lowest other cards, from the shortest suits first so
    that voids appear.
    """
    order = CardOrder.for_contract(contract, bowers)
    if contract.is_misere:
        ranked = sorted(cards, key=lambda c: (c.is_joker, order.power(c)), reverse=True)
        return ranked[:3]

    def length(card: Card) -> int:
        return sum(1 for c in cards if order.suit_of(c) == order.suit_of(card))

    spare = [c for c in cards if not order.is_trump(c) and c.rank != "A"]
    spare.sort(key=lambda c: (length(c), order.power(c)))
    keep_last = sorted(
        (c for c in cards if c not in spare), key=lambda c: (order.is_trump(c), order.power(c))
    )
    return (spare + keep_last)[:3]
