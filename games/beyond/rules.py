"""Beyond's cards and play rules: dealing, legal cards and the winner of a trick.

From ``beyond.da.txt``: the 52-card deck without the 8 of clubs, diamonds and hearts but with
three jokers; cards dealt to the left one or three at a time until everyone has 13; follow
suit if you can; a trump beats any card of another suit; on a joker lead the last joker played
wins; a joker never beats a suit lead; jokers may be played at any time; after a joker lead
the next lead must be a suit card unless the leader holds only jokers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.cards import BEYOND_DECK, RANKS, SEATS, Card, deal_cards, parse_card, parse_pbn

from .errors import DealError
from .seats import check_seat, clockwise_from, next_seat
from .variants import DEFAULT_SETTINGS, BeyondSettings

HAND_SIZE = 13


def deal(
    seed: int | str, dealer: str = "N", settings: BeyondSettings | None = None
) -> dict[str, list[Card]]:
    """Shuffle from ``seed`` and deal 13 cards each, starting left of ``dealer``; no kitty."""
    settings = settings or DEFAULT_SETTINGS
    hands, rest = deal_cards(BEYOND_DECK, seed, 4, HAND_SIZE, packets=(settings.deal_packet,))
    assert not rest  # 4 x 13 uses the whole 52-card deck
    order = clockwise_from(next_seat(check_seat(dealer)))
    by_seat = dict(zip(order, hands, strict=True))
    return {seat: by_seat[seat] for seat in SEATS}


def parse_deal(text: str) -> dict[str, list[Card]]:
    """Read a full Beyond deal in PBN (jokers in a fifth group); every hand must hold 13."""
    return parse_pbn(text, BEYOND_DECK, hand_size=HAND_SIZE)


def check_hands(hands: Mapping[str, Iterable[Card | str]]) -> dict[str, list[Card]]:
    """Return the four hands as cards; raise DealError for a missing seat or bad sizes.

    A position may start after some tricks, so hands need 1 to 13 cards, all the same size;
    no card may appear twice and every card must be in the Beyond deck.
    """
    if set(hands) != set(SEATS):
        raise DealError(f"hands given for seats {sorted(hands)}: need exactly N, E, S and W")
    out: dict[str, list[Card]] = {}
    seen: dict[Card, str] = {}
    for seat in SEATS:
        cards = [c if isinstance(c, Card) else parse_card(c, BEYOND_DECK) for c in hands[seat]]
        for card in cards:
            if card not in BEYOND_DECK:
                raise DealError(f"{card} in {seat}'s hand is not in the Beyond deck")
            if card in seen:
                raise DealError(f"{card} is in {seen[card]}'s hand and again in {seat}'s")
            seen[card] = seat
        out[seat] = cards
    sizes = {seat: len(cards) for seat, cards in out.items()}
    if len(set(sizes.values())) != 1 or not 1 <= sizes["N"] <= HAND_SIZE:
        raise DealError(f"hand sizes {sizes}: all four hands need the same 1 to 13 cards")
    return out


def rank_value(card: Card) -> int:
    """Return the card's height within its suit (2 lowest, ace highest)."""
    return RANKS.index(card.rank)


def trick_winner(cards: Sequence[Card], trump: str | None) -> int:
    """Return the index (in playing order) of the card that wins the trick so far."""
    if not cards:
        raise DealError("an empty trick has no winner")
    if cards[0].is_joker:
        # Each joker played on a joker lead takes over the trick.
        return max(i for i, c in enumerate(cards) if c.is_joker)
    suit = trump if trump is not None and any(c.suit == trump for c in cards) else cards[0].suit
    candidates = [i for i, c in enumerate(cards) if c.suit == suit]
    return max(candidates, key=lambda i: rank_value(cards[i]))


def why_illegal_card(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    lead_locked: bool = False,
    settings: BeyondSettings | None = None,
) -> str | None:
    """Return why ``card`` may not be played from ``hand`` to ``trick``, or None if it may.

    ``lead_locked`` says the previous trick was led with a joker.
    """
    settings = settings or DEFAULT_SETTINGS
    if card not in hand:
        return f"{card} is not in the hand"
    if not trick:
        only_jokers = all(c.is_joker for c in hand)
        if card.is_joker and lead_locked and settings.joker_lead_lock and not only_jokers:
            return "the last trick was led with a joker, so this lead must be a suit card"
        return None
    led = trick[0]
    if led.is_joker:
        return None  # a joker lead has no suit to follow
    can_follow = any(c.suit == led.suit for c in hand)
    if card.suit == led.suit or not can_follow:
        return None
    if card.is_joker and settings.joker_any_time:
        return None
    return f"{led.suit} was led and the hand holds {led.suit}: follow suit"


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    lead_locked: bool = False,
    settings: BeyondSettings | None = None,
) -> list[Card]:
    """Return the cards of ``hand`` that may be played to ``trick`` now, in hand order."""
    return [c for c in hand if why_illegal_card(hand, trick, c, lead_locked, settings) is None]
