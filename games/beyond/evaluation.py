"""Estimate how many tricks a hand takes on its own with a given strain as trumps.

A deliberately simple count used by the rule-based players: honours, trump length, shortness
next to trumps, long suits in no trumps, and jokers (worth more together: a joker lead can only
be beaten by a later joker, so a player holding all three has three sure tricks, as the text's
remark on 15+ declarations notes).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import SUITS, Card

from .calls import STRAINS

HONOUR_VALUE = {"A": 1.0, "K": 0.7, "Q": 0.35}
HONOUR_MIN_LENGTH = {"A": 1, "K": 2, "Q": 3}  # an unguarded king or queen is mostly lost
SHORTNESS_VALUE = {0: 0.8, 1: 0.4, 2: 0.1}  # ruffing chances beside 3+ trumps


def joker_value(count: int) -> float:
    """Return the trick value of holding ``count`` jokers (0.6, 1.6, 3.0 for 1, 2, 3)."""
    return count * (0.4 + 0.2 * count)


def estimate_tricks(hand: Sequence[Card], strain: str) -> float:
    """Return the tricks ``hand`` should take by itself with ``strain`` (C/D/H/S/N) trumps."""
    trump = None if strain == "N" else strain
    total = joker_value(sum(1 for c in hand if c.is_joker))
    trumps = sum(1 for c in hand if c.suit == trump)
    for suit in SUITS:
        ranks = [c.rank for c in hand if c.suit == suit]
        length = len(ranks)
        total += sum(
            HONOUR_VALUE[r] for r in ranks if r in HONOUR_VALUE and length >= HONOUR_MIN_LENGTH[r]
        )
        if suit == trump:
            total += 0.9 * max(0, length - 3)
        elif trump is not None and trumps >= 3:
            total += min(SHORTNESS_VALUE.get(length, 0.0), 0.4 * (trumps - 2))
        elif trump is None and length >= 5 and ("A" in ranks or "K" in ranks):
            total += 0.5 * (length - 4)
    return total


def best_strain(hand: Sequence[Card], strains: str = STRAINS) -> str:
    """Return the strain among ``strains`` with the highest estimate (stronger strain on ties)."""
    return max(strains, key=lambda s: (round(estimate_tricks(hand, s), 6), STRAINS.index(s)))


def suit_length(hand: Sequence[Card], suit: str) -> int:
    """Return how many cards of ``suit`` the hand holds."""
    return sum(1 for c in hand if c.suit == suit)
