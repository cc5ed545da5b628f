"""Cut a play decision late in a 500 deal: deal, bid, exchange and play, then stop.

The cut comes 4 to 7 tricks before the end (single dummy: at most 6), where the solver
answers in milliseconds, with some cards already on the current trick. The seed fixes
everything: the deal, the dealer, how many tricks are left and how many cards are down.
From the cut the simple players play on and every turn with two or more legal cards is a
candidate decision, up to ``max_decisions`` of them (``MAX_DECISIONS`` unless told).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.cards import Card
from games.five_hundred import Auction, Contract, Deal, Play, SimplePlayer
from games.quizzes.five_hundred.table import (
    deal_for,
    play_on,
    run_calls,
    start_play,
)

MIN_TRICKS_LEFT = 4
MAX_DECISIONS = 3


@dataclass(frozen=True)
class Cut:
    """A decision in the play: the deal, its auction, the discards, the play and the mover."""

    seed: int
    deal: Deal
    auction: Auction
    discards: tuple[Card, ...]
    play: Play
    seat: str
    legal: tuple[Card, ...]

    @property
    def contract(self) -> Contract:
        return self.play.contract

    @property
    def tricks_left(self) -> int:
        return 10 - len(self.play.tricks)


def cuts(
    seed: int, constraint: Any, max_tricks_left: int, max_decisions: int = MAX_DECISIONS
) -> Iterator[Cut]:
    """Yield the decisions the seed leads to, from its cut point on, in play order.

    Nothing is yielded when the deal is thrown in; a misère stops yielding once the
    declarer has taken a trick (the contract is decided).
    """
    rng = random.Random(f"five_hundred/play/{seed}")
    deal = deal_for(seed, constraint)
    auction = run_calls(Auction(deal.dealer), deal.hands)
    contract = auction.contract
    if contract is None:
        return
    play, discards = start_play(deal, contract)
    tricks_left = rng.randint(MIN_TRICKS_LEFT, max_tricks_left)
    play_on(play, tricks_left, rng.randrange(len(contract.players)))
    found = 0
    while 10 - len(play.tricks) >= MIN_TRICKS_LEFT and found < max_decisions:
        if contract.is_misere and play.declarer_tricks:
            return
        seat = play.to_move
        assert seat is not None
        legal = play.legal_cards()
        if len(legal) >= 2:
            found += 1
            yield Cut(seed, deal, auction, discards, copy.deepcopy(play), seat, tuple(legal))
        card, named = SimplePlayer().choose_card(play, seat)
        play.play(seat, card, named)
