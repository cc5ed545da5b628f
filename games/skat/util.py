"""Small helpers shared by the Skat modules."""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import SKAT_DECK, Card, check_unique, parse_card


def read_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    """Return Skat cards from Card objects, tokens like 'CJ', or one space-separated string."""
    if isinstance(cards, str):
        return SKAT_DECK.parse_hand(cards)
    return check_unique(
        c if isinstance(c, Card) and c in SKAT_DECK else parse_card(str(c), SKAT_DECK)
        for c in cards
    )
