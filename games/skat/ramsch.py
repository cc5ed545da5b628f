"""Ramsch: the optional house game played when all three pass (``all_pass="ramsch"``).

Everyone plays for themselves. Card play is that of a grand: only the four jacks are trumps
(clubs > spades > hearts > diamonds) and each suit ranks A 10 K Q 9 8 7. The skat lies
untouched during play and goes to whoever wins the last trick. Scoring is in
``ramsch_scoring``; the house rules are listed in docs/rules/skat.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import Card
from games.skat.play import TrickPlay
from games.skat.rules import card_points

# Ramsch borrows the grand's card order: jacks alone are trumps.
RAMSCH_ORDER = "grand"


class RamschPlay(TrickPlay):
    """Play a Ramsch deal card by card; ``play`` takes the next card and rejects illegal ones.

    Hands must be of equal size (10 for a full deal); ``skat`` holds the two cards that the
    winner of the last trick adds to their pile.
    """

    name = "Ramsch"

    def __init__(
        self,
        hands: Sequence[Iterable[Card | str] | str],
        skat: Iterable[Card | str] | str = (),
        leader: int = 0,
    ) -> None:
        super().__init__(RAMSCH_ORDER, hands, leader, skat)

    @property
    def skat_taker(self) -> int | None:
        """Return the seat that gets the skat (winner of the last trick), None before the end."""
        return self.tricks[-1].winner if self.finished and self.tricks else None

    def points(self, seat: int) -> int:
        """Return the card points ``seat`` has taken, the skat included once play is over."""
        return self.won_points[seat] + (card_points(self.skat) if seat == self.skat_taker else 0)
