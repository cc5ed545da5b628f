"""Card play: a deal played card by card, with tricks recorded and each trick's winner."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.cards import Card, format_cards
from games.skat.errors import IllegalPlay
from games.skat.rules import (
    HAND_SIZE,
    SEAT_NAMES,
    card_points,
    check_game,
    legal_cards,
    trick_winner,
)
from games.skat.util import read_cards


@dataclass(frozen=True)
class Trick:
    """One finished trick: who led, the cards in playing order, and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def points(self) -> int:
        return card_points(self.cards)

    def seat_of(self, index: int) -> int:
        """Return the seat that played the ``index``-th card of the trick."""
        return (self.leader + index) % 3


class TrickPlay:
    """Three seats playing cards in turn to tricks under one card order; the shared machinery.

    ``play`` takes the next card and rejects illegal ones. Hands must be of equal size (10 for
    a full deal); ``skat`` holds the two cards out of play. Subclasses say who scores what.
    """

    name = "Skat"

    def __init__(
        self,
        game: str,
        hands: Sequence[Iterable[Card | str] | str],
        leader: int = 0,
        skat: Iterable[Card | str] | str = (),
    ) -> None:
        self.game = check_game(game)
        if len(hands) != 3:
            raise IllegalPlay(f"{self.name} is played by 3 seats, got {len(hands)} hands")
        if leader not in (0, 1, 2):
            raise IllegalPlay(f"seats are 0, 1 and 2 (leader {leader})")
        self.hands = [read_cards(h) for h in hands]
        self.skat = tuple(read_cards(skat))
        sizes = [len(h) for h in self.hands]
        if len(set(sizes)) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
            raise IllegalPlay(f"hands must hold the same number of cards (1..10), got {sizes}")
        everything = [c for h in self.hands for c in h] + list(self.skat)
        read_cards(everything)  # raises on a card held twice
        self.leader = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self.won_points = [0, 0, 0]

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
        self.won_points[winner] += trick.points
        self.current = []
        self.leader = winner
        return trick

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)


class Play(TrickPlay):
    """Play a Skat game to the end, declarer against two defenders.

    ``skat`` holds the cards that count for the declarer (the discard, or the skat of a hand
    game). Play continues to the last trick in every game, null included: its result is fixed
    by the first trick the declarer takes.
    """

    def __init__(
        self,
        game: str,
        hands: Sequence[Iterable[Card | str] | str],
        declarer: int,
        leader: int = 0,
        skat: Iterable[Card | str] | str = (),
    ) -> None:
        if declarer not in (0, 1, 2):
            raise IllegalPlay(f"seats are 0, 1 and 2 (declarer {declarer}, leader {leader})")
        super().__init__(game, hands, leader, skat)
        self.declarer = declarer

    @property
    def declarer_points(self) -> int:
        """Return the declarer's card points: tricks won plus the skat."""
        return self.won_points[self.declarer] + card_points(self.skat)

    @property
    def defender_points(self) -> int:
        return sum(p for s, p in enumerate(self.won_points) if s != self.declarer)

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer)
