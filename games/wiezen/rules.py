"""Deck, deal, troel detection, legal cards and the trick winner for Kleurenwiezen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.cards import RANKS, SEATS, WIEZEN_DECK, Card, NotationError, deal_cards, sort_key
from games.wiezen.errors import DealError
from games.wiezen.seats import check_seat, seat_after, seats_from

HAND_SIZE = 13
# The rule text does not describe dealing; we deal 4, 4, then 5 cards a time, clockwise
# from the dealer's left, the common Belgian rhythm (docs/rules/wiezen.md, "Dealing").
PACKETS = (4, 4, 5)

Hands = dict[str, list[Card]]


def deal(seed: int | str, dealer: str = "N") -> Hands:
    """Shuffle from ``seed`` and deal 13 cards to each seat, starting left of ``dealer``."""
    check_seat(dealer)
    dealt, rest = deal_cards(WIEZEN_DECK, seed, 4, HAND_SIZE, PACKETS)
    assert not rest  # all 52 cards are dealt; wiezen has no kitty
    by_seat = dict(zip(seats_from(seat_after(dealer)), dealt, strict=True))
    return {seat: sorted(by_seat[seat], key=sort_key) for seat in SEATS}


def check_hands(hands: Mapping[str, Sequence[Card] | str]) -> Hands:
    """Return the four hands as card lists after checking they form a full wiezen deal.

    Hands may be given as card lists or as text ('SA SK HT ...'). Raises DealError naming the
    seat or card at fault: a missing seat, a hand not of 13 cards, a card twice.
    """
    if sorted(hands) != sorted(SEATS):
        raise DealError(f"a deal needs the seats N, E, S, W; got {', '.join(sorted(hands))}")
    out: Hands = {}
    seen: dict[Card, str] = {}
    for seat in SEATS:
        given = hands[seat]
        try:
            cards = WIEZEN_DECK.parse_hand(given) if isinstance(given, str) else list(given)
        except NotationError as exc:
            raise DealError(f"{seat}'s hand: {exc}") from None
        if len(cards) != HAND_SIZE:
            raise DealError(f"{seat}'s hand has {len(cards)} cards, expected {HAND_SIZE}")
        for card in cards:
            if card not in WIEZEN_DECK:
                raise DealError(f"{seat}'s hand: {card} is not a wiezen card")
            if card in seen:
                raise DealError(f"card {card} is dealt twice ({seen[card]} and {seat})")
            seen[card] = seat
        out[seat] = cards
    return out


class Troel(NamedTuple):
    """A troel at the table: who holds the aces, who partners him, and the called card."""

    seat: str
    partner: str
    card: Card
    aces: int


def find_troel(hands: Mapping[str, Sequence[Card]]) -> Troel | None:
    """Return the troel in these hands, if a player holds three or four aces.

    With three aces the partner holds the fourth, whose suit becomes trumps. With four the
    partner holds the highest heart the troel player lacks (rule text, "Troel", note).
    """
    for seat in SEATS:
        aces = [c for c in hands[seat] if c.rank == "A"]
        if len(aces) < 3:
            continue
        if len(aces) == 3:
            called = next(Card(s, "A") for s in "SHDC" if Card(s, "A") not in aces)
        else:
            called = next(Card("H", r) for r in reversed(RANKS) if Card("H", r) not in hands[seat])
        partner = next(s for s in SEATS if called in hands[s])
        return Troel(seat, partner, called, len(aces))
    return None


def legal_cards(hand: Sequence[Card], led_suit: str | None) -> list[Card]:
    """Return the cards of ``hand`` that may be played to a trick led in ``led_suit``.

    A player must follow suit when he can; otherwise any card goes (there is no duty to
    trump). ``led_suit`` None means the player is leading: any card.
    """
    if led_suit is not None:
        following = [c for c in hand if c.suit == led_suit]
        if following:
            return following
    return list(hand)


def card_power(card: Card, led_suit: str, trump: str | None) -> int:
    """Return how strong ``card`` is in a trick: trumps above the led suit, others zero."""
    rank = RANKS.index(card.rank) + 1
    if trump is not None and card.suit == trump:
        return 100 + rank
    if card.suit == led_suit:
        return rank
    return 0


def trick_winner(cards: Sequence[Card], trump: str | None) -> int:
    """Return the index in ``cards`` (in play order) of the card that wins the trick.

    The highest trump wins; with no trump in it, the highest card of the led suit.
    """
    if not cards:
        raise DealError("an empty trick has no winner")
    led = cards[0].suit
    powers = [card_power(c, led, trump) for c in cards]
    return powers.index(max(powers))
