"""Deal a 500 hand from a seed: ten cards to each seat and a three-card kitty.

The text (five-hundred.da.txt, "Forberedelse") fixes the 43-card deck and the result of the
deal (10 each, 3 face down in the middle) but not the rhythm. We use the common Australian
one: three to each player, one to the kitty, four each, one to the kitty, three each, one to
the kitty, starting left of the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import FIVE_HUNDRED_DECK, Card, NotationError, check_unique, parse_card
from games.five_hundred.seats import check_seat, clockwise_from

HAND_SIZE = 10
KITTY_SIZE = 3
PACKETS = (3, 4, 3)


@dataclass(frozen=True)
class Deal:
    """Hold the four dealt hands (seat -> ten cards), the kitty and the dealer."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    kitty: tuple[Card, ...]

    def __post_init__(self) -> None:
        check_seat(self.dealer)
        validate_deal(self.hands, self.kitty)


def validate_deal(hands: dict[str, tuple[Card, ...]], kitty: tuple[Card, ...]) -> None:
    """Check four hands of ten and a kitty of three that together are the 500 deck once."""
    if sorted(hands) != sorted("NESW"):
        raise NotationError(f"a 500 deal needs hands for N, E, S and W, got {sorted(hands)}")
    for seat, hand in hands.items():
        if len(hand) != HAND_SIZE:
            raise NotationError(f"{seat}'s hand has {len(hand)} cards, expected {HAND_SIZE}")
    if len(kitty) != KITTY_SIZE:
        raise NotationError(f"the kitty has {len(kitty)} cards, expected {KITTY_SIZE}")
    everything = [card for hand in hands.values() for card in hand] + list(kitty)
    check_unique(everything)
    for card in everything:
        if card not in FIVE_HUNDRED_DECK:
            raise NotationError(f"card {card} is not in the 500 deck")


def deal(seed: int | str, dealer: str = "N") -> Deal:
    """Shuffle the 43-card deck from ``seed`` and deal it for ``dealer``."""
    cards = FIVE_HUNDRED_DECK.shuffled(seed)
    order = [*clockwise_from(dealer)[1:], dealer]
    hands: dict[str, list[Card]] = {seat: [] for seat in order}
    kitty: list[Card] = []
    position = 0
    for packet in PACKETS:
        for seat in order:
            hands[seat].extend(cards[position : position + packet])
            position += packet
        kitty.append(cards[position])
        position += 1
    return Deal(dealer, {s: tuple(hands[s]) for s in "NESW"}, tuple(kitty))


def parse_deal(hands: dict[str, str], kitty: str, dealer: str = "N") -> Deal:
    """Read a deal from text hands ({'N': 'SA SK ...'}) and kitty; raises on bad input."""
    parsed = {seat: tuple(_parse_cards(text)) for seat, text in hands.items()}
    return Deal(dealer, parsed, tuple(_parse_cards(kitty)))


def _parse_cards(text: str) -> list[Card]:
    return [parse_card(token, FIVE_HUNDRED_DECK) for token in text.replace(",", " ").split()]
