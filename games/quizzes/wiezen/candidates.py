"""Shared pieces of the play quizzes: the candidate cards, the natural card, the spot."""

from __future__ import annotations

from games.cards import RANKS, Card, sort_key
from games.quizzes.wiezen.cut import Cut
from games.quizzes.wiezen.themes import Spot
from games.wiezen import choose_card


def display_order(cards: tuple[Card, ...]) -> list[Card]:
    """Return cards in hand display order (suits S, H, D, C; high first)."""
    return sorted(cards, key=sort_key)


def natural_card(cut: Cut) -> str:
    """Return the card the engine's simple player would choose: the "natural" play."""
    return str(choose_card(cut.play))


def highest_card(cut: Cut) -> str:
    """Return the highest-ranked legal card (trumps first among equal ranks)."""
    trump = cut.contract.trump
    return str(max(cut.legal, key=lambda c: (RANKS.index(c.rank), c.suit == trump)))


def spot_of(cut: Cut) -> Spot:
    """Return the theme rules' view of the cut (the real deal)."""
    play = cut.play
    played = frozenset(c for t in play.tricks for c in t.cards) | frozenset(play.current)
    hands = {s: tuple(cards) for s, cards in play.hands.items()}
    return Spot(cut.contract, cut.seat, hands, play.leader, tuple(play.current), played)
