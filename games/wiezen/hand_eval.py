"""Rough hand judgement for the simple players: trick estimates and miserie safety.

These are rules of thumb, not analysis: good enough to give quizzes a believable auction.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import RANKS, Card

SUIT_PREFERENCE = "HDCS"  # ties go to the higher suit in the auction order


def rank_value(card: Card) -> int:
    """Return the card's rank as a number, two = 2 up to ace = 14."""
    return RANKS.index(card.rank) + 2


def suit_ranks(hand: Sequence[Card], suit: str) -> list[str]:
    """Return the ranks ``hand`` holds in ``suit``, high first."""
    return sorted((c.rank for c in hand if c.suit == suit), key=RANKS.index, reverse=True)


def trump_tricks(ranks: list[str]) -> float:
    """Return the tricks a trump holding should take: top honours plus long cards."""
    length = len(ranks)
    tricks = 0.0
    for honour, needed in (("A", 1), ("K", 2), ("Q", 3), ("J", 4)):
        if honour in ranks and length >= needed:
            tricks += 1
    return tricks + max(0, length - 4)


def side_tricks(ranks: list[str]) -> float:
    """Return the tricks a side suit should take: aces, backed kings, a guarded king."""
    if "A" in ranks:
        tricks = 1.0
        if "K" in ranks:
            tricks += 1
            if "Q" in ranks and len(ranks) >= 3:
                tricks += 1
        return tricks
    if "K" in ranks and len(ranks) >= 2:
        return 0.5
    return 0.0


def trick_estimate(hand: Sequence[Card], trump: str) -> float:
    """Return how many tricks ``hand`` should take on its own with ``trump`` as trumps."""
    total = trump_tricks(suit_ranks(hand, trump))
    for suit in "SHDC":
        if suit != trump:
            total += side_tricks(suit_ranks(hand, suit))
    return total


def best_trump(hand: Sequence[Card]) -> tuple[str, float]:
    """Return the suit giving the highest trick estimate (longer, then higher suit on ties)."""
    return max(
        ((s, trick_estimate(hand, s)) for s in SUIT_PREFERENCE),
        key=lambda pair: (pair[1], len(suit_ranks(hand, pair[0]))),
    )


def miserie_safe(hand: Sequence[Card], open_hand: bool = False) -> bool:
    """Return True when every suit is low enough to duck each round of it.

    The i-th lowest card of a suit (from 0) must be at most 2i+4 (closed) or 2i+3 (open, as
    the defenders see the hand and can time their leads).
    """
    slack = 3 if open_hand else 4
    for suit in "SHDC":
        values = sorted(rank_value(c) for c in hand if c.suit == suit)
        if any(v > 2 * i + slack for i, v in enumerate(values)):
            return False
    return True
