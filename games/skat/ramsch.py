"""Ramsch: the optional house game played when all three pass (``all_pass="ramsch"``).

Everyone plays for themselves. Card play is that of a grand: only the four jacks are trumps
(clubs > spades > hearts > diamonds) and each suit ranks A 10 K Q 9 8 7. The skat lies
untouched during play and goes to whoever wins the last trick. Scoring is in
``ramsch_scoring``; the house rules are listed in docs/rules/skat.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import Card, format_cards
from games.skat.errors import IllegalPlay
from games.skat.play import Trick
from games.skat.rules import HAND_SIZE, SEAT_NAMES, card_points, legal_cards, trick_winner
from games.skat.util import read_cards

# Ramsch borrows the grand's card order: jacks alone are trumps.
RAMSCH_ORDER = "grand"


class RamschPlay:
    """Play a Ramsch deal card by card; ``play`` takes the next card and rejects illegal ones.

    Hands must be of equal size (10 for a full deal); ``skat`` holds the two cards that the
    winner of the last trick adds to their pile.
    """

    game = RAMSCH_ORDER

    def __init__(
        self,
        hands: Sequence[Iterable[Card | str] | str],
        skat: Iterable[Card | str] | str = (),
        leader: int = 0,
    ) -> None:
        if len(hands) != 3:
            raise IllegalPlay(f"Ramsch is played by 3 seats, got {len(hands)} hands")
        if leader not in (0, 1, 2):
            raise IllegalPlay(f"seats are 0, 1 and 2 (leader {leader})")
        self.hands = [read_cards(h) for h in hands]
        self.skat = tuple(read_cards(skat))
        sizes = [len(h) for h in self.hands]
        if len(set(sizes)) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
            raise IllegalPlay(f"hands must hold the same number of cards (1..10), got {sizes}")
        read_cards([c for h in self.hands for c in h] + list(self.skat))  # a card held twice
        self.leader = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []

    @property
    def finished(self) -> bool:
        return not any(self.hands)

    @property
    def to_move(self) -> int | None:
        """Return the seat to play next, or None when all cards are played."""
        if self.finished:
            return None
        return (self.leader + len(self.current)) % 3

    @property
    def led(self) -> Card | None:
        return self.current[0] if self.current else None

    @property
    def played(self) -> list[Card]:
        """Return every card played so far, in order (the current trick included)."""
        return [c for t in self.tricks for c in t.cards] + self.current

    def legal_cards(self) -> list[Card]:
        """Return the cards the seat to move may play now."""
        seat = self.to_move
        if seat is None:
            return []
        return legal_cards(self.hands[seat], self.led, self.game)

    def play(self, card: Card | str, seat: int | None = None) -> Trick | None:
        """Play ``card`` for the seat to move; return the trick if this card completed it."""
        mover = self.to_move
        if mover is None:
            raise IllegalPlay(f"cannot play {card}: all tricks have been played")
        (chosen,) = read_cards([card])
        if seat is not None and seat != mover:
            raise IllegalPlay(
                f"seat {seat} played {chosen} out of turn: it is {SEAT_NAMES[mover]}'s turn"
            )
        hand = self.hands[mover]
        if chosen not in hand:
            raise IllegalPlay(f"{SEAT_NAMES[mover]} does not hold {chosen}")
        allowed = legal_cards(hand, self.led, self.game)
        if chosen not in allowed:
            raise IllegalPlay(
                f"{SEAT_NAMES[mover]} may not play {chosen} to a trick led by {self.led}: "
                f"must follow with one of {format_cards(allowed)}"
            )
        hand.remove(chosen)
        self.current.append(chosen)
        if len(self.current) < 3:
            return None
        winner = (self.leader + trick_winner(self.current, self.game)) % 3
        trick = Trick(self.leader, tuple(self.current), winner)
        self.tricks.append(trick)
        self.current = []
        self.leader = winner
        return trick

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    @property
    def skat_taker(self) -> int | None:
        """Return the seat that gets the skat (winner of the last trick), None before the end."""
        return self.tricks[-1].winner if self.finished and self.tricks else None

    def points(self, seat: int) -> int:
        """Return the card points ``seat`` has taken, the skat included once play is over."""
        won = sum(t.points for t in self.tricks if t.winner == seat)
        return won + (card_points(self.skat) if seat == self.skat_taker else 0)
