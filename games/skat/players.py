"""A simple rule-based Skat player: bids, declares and plays by fixed, documented rules.

Bidding: a hand bids up to the value of its best plan (``handeval``): base value times
(matadors in the 10 cards + 1, + 1 more for a planned hand game), and passes above it.
As hearer it says 'yes' while the bid is within that value. Forehand, left alone after
two silent passes, bids 18 when it has any plan.
Declaring: a planned hand game that reaches the bid is played hand; otherwise the player
picks up the skat, chooses the strongest game that reaches the bid over its 12 cards and
lays away two cards (``handeval.choose_discard``). Card play follows ``tactics``.
Nothing is random: the same cards always give the same choices.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card
from games.skat.auction import PASS, YES, Auction
from games.skat.declaring import Declaration, DeclaredGame
from games.skat.handeval import best_plan, choose_after_pickup, choose_discard
from games.skat.play import Play
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.tactics import choose_card


class SimplePlayer:
    """Make every decision of one Skat seat from its own cards and what it has seen."""

    def __init__(self, settings: SkatSettings = DEFAULT_SETTINGS) -> None:
        self.settings = settings

    def limit(self, hand: Sequence[Card]) -> int:
        """Return the highest bid this hand will make or hold (0: it will not bid)."""
        plan = best_plan(hand, self.settings)
        return 0 if plan is None else plan.value

    def call(self, auction: Auction, hand: Sequence[Card]) -> str:
        """Return the next call for the seat to move in ``auction``."""
        legal = auction.legal_calls()
        if not legal:
            raise ValueError("no call to make: the auction is over")
        limit = self.limit(hand)
        if YES in legal:
            return YES if auction.bid <= limit else PASS
        bids = [int(c) for c in legal if c != PASS]
        if bids and bids[0] <= limit:
            return str(bids[0])
        return PASS

    def declare(self, declaration: Declaration) -> DeclaredGame:
        """Take the declarer through hand-or-pick-up, the discard and the declaration."""
        plan = best_plan(declaration.dealt, self.settings)
        if plan is not None and plan.contract.hand and plan.value >= declaration.bid:
            declaration.play_hand()
            return declaration.declare(plan.contract)
        declaration.pick_up()
        contract = choose_after_pickup(declaration.cards, declaration.bid, self.settings)
        declaration.discard(choose_discard(declaration.cards, contract))
        return declaration.declare(contract)

    def card(self, play: Play) -> Card:
        """Return the card to play for the seat to move."""
        return choose_card(play)
