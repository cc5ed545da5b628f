"""Card play of one Beyond deal, card by card, with tricks recorded and their winners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.cards import BEYOND_DECK, Card, parse_card

from .errors import IllegalPlayError
from .rules import check_hands, legal_cards, trick_winner, why_illegal_card
from .seats import check_seat, next_seat
from .variants import DEFAULT_SETTINGS, BeyondSettings


@dataclass
class Trick:
    """One trick: who led, the cards in playing order, and the winner once complete."""

    leader: str
    cards: list[Card] = field(default_factory=list)
    winner: str | None = None

    def seat_of(self, index: int) -> str:
        """Return the seat that played the ``index``-th card of the trick."""
        return next_seat(self.leader, index)

    @property
    def is_joker_lead(self) -> bool:
        return bool(self.cards) and self.cards[0].is_joker


class Play:
    """The play of a deal: legal cards for the player to move, tricks and their winners.

    ``trump`` is a suit letter or None (no trumps, and the pass round). ``lead_locked`` lets a
    position start right after a joker-led trick.
    """

    def __init__(
        self,
        hands: Mapping[str, Iterable[Card | str]],
        leader: str,
        trump: str | None,
        settings: BeyondSettings | None = None,
        lead_locked: bool = False,
    ) -> None:
        self.hands = check_hands(hands)
        self.trump = trump
        self.settings = settings or DEFAULT_SETTINGS
        self.tricks: list[Trick] = [Trick(check_seat(leader))]
        self.total_tricks = len(self.hands["N"])
        self._start_locked = lead_locked

    @property
    def current(self) -> Trick:
        """Return the trick being played (the last one, complete once the deal is over)."""
        return self.tricks[-1]

    @property
    def completed(self) -> list[Trick]:
        return [t for t in self.tricks if t.winner is not None]

    @property
    def is_finished(self) -> bool:
        return len(self.completed) == self.total_tricks

    @property
    def to_move(self) -> str | None:
        """Return the seat to play next, or None when every card is played."""
        if self.is_finished:
            return None
        return self.current.seat_of(len(self.current.cards))

    @property
    def lead_locked(self) -> bool:
        """Return whether the trick before the current one was led with a joker."""
        if len(self.tricks) == 1:
            return self._start_locked
        return self.tricks[-2].is_joker_lead

    def legal_cards(self) -> list[Card]:
        """Return the cards the player to move may play."""
        seat = self.to_move
        if seat is None:
            return []
        return legal_cards(self.hands[seat], self.current.cards, self.lead_locked, self.settings)

    def play(self, card: Card | str) -> Trick | None:
        """Play ``card`` for the player to move; return the trick if this card completed it."""
        seat = self.to_move
        if seat is None:
            raise IllegalPlayError(f"cannot play {card}: all {self.total_tricks} tricks are over")
        if not isinstance(card, Card):
            card = parse_card(card, BEYOND_DECK)
        reason = why_illegal_card(
            self.hands[seat], self.current.cards, card, self.lead_locked, self.settings
        )
        if reason is not None:
            owner = next((s for s, h in self.hands.items() if card in h), None)
            if owner is not None and owner != seat:
                reason = f"{card} is in {owner}'s hand and it is {seat}'s turn"
            raise IllegalPlayError(f"{seat} may not play {card}: {reason}")
        self.hands[seat].remove(card)
        trick = self.current
        trick.cards.append(card)
        if len(trick.cards) < 4:
            return None
        trick.winner = trick.seat_of(trick_winner(trick.cards, self.trump))
        if len(self.completed) < self.total_tricks:
            self.tricks.append(Trick(trick.winner))
        return trick

    def tricks_won(self) -> dict[str, int]:
        """Return how many completed tricks each seat has taken."""
        won = {seat: 0 for seat in self.hands}
        for trick in self.completed:
            assert trick.winner is not None
            won[trick.winner] += 1
        return won

    def played_cards(self) -> list[Card]:
        """Return every card played so far, in order."""
        return [c for t in self.tricks for c in t.cards]
