"""Deal, card order per game, legal cards, trick winner and card points for Skat.

Seats are 0 (forehand), 1 (middlehand), 2 (rearhand); at a three-player table the dealer
is rearhand. ``game`` is a contract's game name: a suit ('clubs', ...), 'grand' or 'null'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.cards import SKAT_DECK, Card, format_cards
from games.skat.contract import GAME_TYPES, SUIT_GAMES
from games.skat.errors import IllegalPlay
from games.skat.values import JACKS

SEATS = (0, 1, 2)
SEAT_NAMES = ("forehand", "middlehand", "rearhand")
DEALER_SEAT = 2
HAND_SIZE = 10
TRUMP = "trump"
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
# Plain-suit ranks high to low: in suit games and grand the jacks are trumps, not in the suit.
SUIT_ORDER = "ATKQ987"
NULL_ORDER = "AKQJT987"
# Dealing rhythm (ISkO): 3 cards each, 2 to the skat, 4 each, 3 each; None marks the skat.
DEAL_PACKETS: tuple[tuple[int | None, int], ...] = (
    *((seat, 3) for seat in SEATS),
    (None, 2),
    *((seat, 4) for seat in SEATS),
    *((seat, 3) for seat in SEATS),
)


@dataclass(frozen=True)
class Deal:
    """Hold the three hands as dealt (seat order) and the two skat cards."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, ...]
    seed: int | str | None = None
    dealer: int = DEALER_SEAT

    def __str__(self) -> str:
        lines = [f"{SEAT_NAMES[s]}: {format_cards(h)}" for s, h in enumerate(self.hands)]
        return "\n".join([*lines, f"skat: {format_cards(self.skat)}"])


def deal(seed: int | str | None) -> Deal:
    """Shuffle the 32 cards from ``seed`` and deal them 3-skat-4-3 starting at forehand."""
    cards = SKAT_DECK.shuffled(seed)
    hands: list[list[Card]] = [[], [], []]
    skat: list[Card] = []
    pos = 0
    for seat, size in DEAL_PACKETS:
        packet = cards[pos : pos + size]
        pos += size
        (skat if seat is None else hands[seat]).extend(packet)
    return Deal((tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), tuple(skat), seed)


def check_game(game: str) -> str:
    """Return ``game`` if it names a Skat game type, else raise naming it."""
    if game not in GAME_TYPES:
        raise IllegalPlay(f"unknown game {game!r}: expected one of {', '.join(GAME_TYPES)}")
    return game


def effective_suit(card: Card, game: str) -> str:
    """Return the suit a card belongs to in ``game``: TRUMP for jacks and trump-suit cards."""
    if game == "null":
        return card.suit
    if card.rank == "J" or card.suit == SUIT_GAMES.get(game):
        return TRUMP
    return card.suit


def strength(card: Card, game: str) -> int:
    """Return a number that orders cards of the same effective suit (higher beats lower)."""
    if game == "null":
        return len(NULL_ORDER) - NULL_ORDER.index(card.rank)
    if card.rank == "J":
        return 100 + len(JACKS) - JACKS.index(card)
    return len(SUIT_ORDER) - SUIT_ORDER.index(card.rank)


def legal_cards(hand: Iterable[Card], led: Card | None, game: str) -> list[Card]:
    """Return the cards of ``hand`` that may be played to a trick led by ``led``.

    A player must follow the led card's effective suit when able (a jack led in a suit game
    or grand calls for trumps); otherwise any card may be played.
    """
    cards = list(hand)
    if led is None:
        return cards
    suit = effective_suit(led, game)
    following = [c for c in cards if effective_suit(c, game) == suit]
    return following or cards


def trick_winner(cards: Sequence[Card], game: str) -> int:
    """Return the index (0 = led card) of the card that wins the trick.

    The highest trump wins; without trumps, the highest card of the led suit.
    """
    if not cards:
        raise IllegalPlay("an empty trick has no winner")
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        suit = effective_suit(card, game)
        best_suit = effective_suit(cards[best], game)
        if (suit == best_suit and strength(card, game) > strength(cards[best], game)) or (
            suit == TRUMP and best_suit != TRUMP
        ):
            best = i
    return best


def card_points(cards: Iterable[Card]) -> int:
    """Return the card points: ace 11, ten 10, king 4, queen 3, jack 2, others 0."""
    return sum(CARD_POINTS.get(c.rank, 0) for c in cards)
