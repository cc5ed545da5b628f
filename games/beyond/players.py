"""The simple rule-based players: bidder, trick declarer and card player in one place.

Every choice is deterministic (no randomness), so a seed alone reproduces a whole deal. The
heuristics are documented in ``bidder``, ``cardplayer`` and ``choose_declaration`` below.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card

from .bidder import choose_call, honest_bid
from .cardplayer import choose_card
from .declarations import Declarations
from .evaluation import estimate_tricks

__all__ = ["choose_call", "choose_card", "choose_declaration", "honest_bid"]


def choose_declaration(declarations: Declarations, hand: Sequence[Card]) -> int:
    """Return the tricks to declare: the hand's rounded estimate with the contract's trumps.

    When that number is not allowed (the last player may not make 13), take the nearest
    allowed number, the one on the side of the unrounded estimate on a tie.
    """
    if declarations.is_finished:
        raise ValueError("cannot choose a declaration: all four have declared")
    estimate = estimate_tricks(hand, declarations.contract.bid.strain)
    legal = declarations.legal()
    return min(legal, key=lambda n: (abs(n - round(estimate)), abs(n - estimate), n))
