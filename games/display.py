"""The order and grouping in which each game's players hold their cards.

Skat players hold the jacks first (clubs, spades, hearts, diamonds), then the trump suit
(A 10 K Q 9 8 7), then the side suits in the same rank order; in null there are no trumps
and every suit runs A K Q J 10 9 8 7. Before the game is declared a Skat hand is held as for
a suit game: jacks first, then the suits. The four-seat games sort by suit (spades, hearts,
diamonds, clubs), high cards first; the joker of 500 is its top trump and is held first,
Beyond's three jokers (which are no suit and do not rank among themselves) come last.

``display_groups`` is the one entry point: it returns the hand as named groups in that order,
so a diagram draws one block per group (the trumps of a Skat suit game are one block, jacks
included).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.cards import JOKER_RANKS, RANKS, SUIT_NAMES, SUITS, Card

SKAT_SUITS = "CSHD"
SKAT_SUIT_GAMES = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
SKAT_GAMES = (*SKAT_SUIT_GAMES, "grand", "null")
SKAT_SUIT_RANKS = "ATKQ987"
SKAT_NULL_RANKS = "AKQJT987"
# 500: the joker is the top trump (or the top card in no trumps), so players hold it first.
JOKERS_FIRST = {"five_hundred"}


class DisplayError(ValueError):
    """Raised for a played game the display order does not know; names it."""


@dataclass(frozen=True)
class CardGroup:
    """One block of a hand as it is held: its name ('trumps', 'jacks', 'hearts', 'jokers')
    and its cards, strongest first."""

    name: str
    cards: tuple[Card, ...]


def check_skat_game(played: str | None) -> str | None:
    """Return ``played`` if it is a Skat game name (or None: not yet declared), else raise."""
    if played is not None and played not in SKAT_GAMES:
        known = ", ".join(SKAT_GAMES)
        raise DisplayError(f"unknown Skat game {played!r} for the card order: use one of {known}")
    return played


def _skat_key(card: Card, played: str | None) -> tuple[int, int, int]:
    if played == "null":
        return (1, SKAT_SUITS.index(card.suit), SKAT_NULL_RANKS.index(card.rank))
    if card.rank == "J":
        return (0, 0, SKAT_SUITS.index(card.suit))
    trump = SKAT_SUIT_GAMES.get(played or "")
    block = 1 if card.suit == trump else 2
    return (block, SKAT_SUITS.index(card.suit), SKAT_SUIT_RANKS.index(card.rank))


def _skat_group(card: Card, played: str | None) -> str:
    if played == "null":
        return SUIT_NAMES[card.suit]
    trump = SKAT_SUIT_GAMES.get(played or "")
    if trump is not None and (card.rank == "J" or card.suit == trump):
        return "trumps"
    if card.rank == "J":
        return "trumps" if played == "grand" else "jacks"
    return SUIT_NAMES[card.suit]


def _four_seat_key(card: Card, game: str) -> tuple[int, int]:
    if card.is_joker:
        block = -1 if game in JOKERS_FIRST else len(SUITS)
        return (block, JOKER_RANKS.index(card.rank))
    return (SUITS.index(card.suit), -RANKS.index(card.rank))


def display_key(game: str, played: str | None = None) -> Callable[[Card], tuple[int, ...]]:
    """Return the sort key that puts ``game``'s cards in the order its players hold them.

    ``played`` is the Skat game being played ('hearts', 'grand', 'null'; None before the
    declaration); the other games ignore it.
    """
    if game == "skat":
        check_skat_game(played)
        return lambda card: _skat_key(card, played)
    return lambda card: _four_seat_key(card, game)


def display_order(game: str, cards: Iterable[Card], played: str | None = None) -> list[Card]:
    """Return ``cards`` in the order ``game``'s players hold them."""
    return sorted(cards, key=display_key(game, played))


def display_groups(game: str, cards: Iterable[Card], played: str | None = None) -> list[CardGroup]:
    """Return ``cards`` as the blocks a player of ``game`` holds them in, in order."""
    groups: dict[str, list[Card]] = {}
    for card in display_order(game, cards, played):
        if game == "skat":
            name = _skat_group(card, played)
        else:
            name = "jokers" if card.is_joker else SUIT_NAMES[card.suit]
        groups.setdefault(name, []).append(card)
    return [CardGroup(name, tuple(cards)) for name, cards in groups.items()]
