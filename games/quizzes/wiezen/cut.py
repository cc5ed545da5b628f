"""Cut a play decision late in a deal: deal, bid and play with the simple players, then stop.

The cut comes 4 to 7 tricks before the end (single dummy: at most 6), where the solver
answers in milliseconds, with 0 to 3 cards already on the current trick. The seed fixes
everything: the deal, the dealer, how many tricks are left and how many cards are down.
A generator takes the first decision from there on that is a real one.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.cards import SEATS, Card
from games.quizzes.wiezen.table import (
    Hands,
    deal_hands,
    dealer_for,
    finish_auction,
    play_until,
    playable,
)
from games.wiezen import Auction, Contract, Play, choose_card

MIN_TRICKS_LEFT = 4


@dataclass(frozen=True)
class Cut:
    """A decision in the play: the deal, its auction, the play so far and who is to move."""

    seed: int
    dealer: str
    hands: Hands
    auction: Auction
    play: Play
    seat: str
    legal: tuple[Card, ...]

    @property
    def contract(self) -> Contract:
        """Return the contract being played."""
        return self.play.contract

    @property
    def tricks_left(self) -> int:
        """Return the tricks still to finish, the current one included."""
        return 13 - len(self.play.tricks)

    def played_by(self, seat: str) -> list[Card]:
        """Return the cards ``seat`` has played so far, the current trick included."""
        out = [
            c
            for t in self.play.tricks
            for i, c in enumerate(t.cards)
            if seat_at(t.leader, i) == seat
        ]
        out += [c for i, c in enumerate(self.play.current) if seat_at(self.play.leader, i) == seat]
        return out


def seat_at(leader: str, index: int) -> str:
    """Return the seat that plays the ``index``-th card of a trick led by ``leader``."""
    return SEATS[(SEATS.index(leader) + index) % 4]


def cuts(seed: int, constraint: Any, max_tricks_left: int) -> Iterator[Cut]:
    """Yield the decisions the seed leads to, from its cut point on, in play order.

    The cut point (tricks left, cards on the trick) comes from the seed; from there the
    simple players play on, and every turn where the seat to move has two or more legal
    cards is yielded (each as its own copy), until fewer than MIN_TRICKS_LEFT tricks remain.
    Nothing is yielded when the deal is thrown in, its contract is not covered (see
    ``table.playable``), or a miserie player has taken a trick (the contract is decided).
    """
    rng = random.Random(f"wiezen/play/{seed}")
    hands = deal_hands(seed, constraint)
    dealer = dealer_for(seed)
    auction = finish_auction(Auction(dealer, hands))
    contract = auction.contract
    if contract is None or not playable(contract):
        return
    tricks_left = rng.randint(MIN_TRICKS_LEFT, max_tricks_left)
    play = play_until(hands, contract, tricks_left, rng.randrange(4))
    while 13 - len(play.tricks) >= MIN_TRICKS_LEFT:
        if contract.is_individual and play.tricks_won()[contract.declarers[0]] != 0:
            return
        seat = play.to_move
        legal = play.legal_cards()
        if seat is not None and len(legal) >= 2:
            yield Cut(seed, dealer, hands, auction, copy.deepcopy(play), seat, tuple(legal))
        play.play(choose_card(play))
