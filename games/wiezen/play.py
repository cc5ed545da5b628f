"""Card play for one deal: take cards one by one, check them, record tricks and winners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.cards import SEATS, Card, NotationError, parse_card
from games.wiezen.contracts import Contract
from games.wiezen.errors import DealError, IllegalPlay
from games.wiezen.rules import HAND_SIZE, Hands, check_hands, legal_cards, trick_winner
from games.wiezen.seats import check_seat, seat_after


class Trick(NamedTuple):
    """One finished trick: who led, the cards in play order, and who won it."""

    leader: str
    cards: tuple[Card, ...]
    winner: str


class Play:
    """Play a deal in ``contract`` from the dealt ``hands`` to the last trick."""

    def __init__(self, hands: Mapping[str, Sequence[Card] | str], contract: Contract) -> None:
        self.dealt: Hands = check_hands(hands)
        self.contract = contract
        self.hands: Hands = {s: list(cards) for s, cards in self.dealt.items()}
        self.leader = check_seat(contract.first_leader)
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        # Open miserie: how many cards had been played when the hands went face up.
        self.exposed_after: int | None = None
        card = contract.lead_card
        if card is not None and card not in self.hands[self.leader]:
            raise DealError(
                f"{self.leader} must lead {card} to the first trick but does not hold it"
            )

    # ------------------------------------------------------------------ state queries

    @property
    def finished(self) -> bool:
        """Return True once all 13 tricks are played."""
        return len(self.tricks) == HAND_SIZE

    @property
    def to_move(self) -> str | None:
        """Return the seat to play the next card, or None when the deal is over."""
        if self.finished:
            return None
        return seat_after(self.leader, len(self.current))

    @property
    def cards_played(self) -> int:
        """Return how many cards have been played so far."""
        return 4 * len(self.tricks) + len(self.current)

    def legal_cards(self) -> list[Card]:
        """Return the cards the player to move may play now."""
        seat = self.to_move
        if seat is None:
            return []
        lead_card = self.contract.lead_card
        if lead_card is not None and self.cards_played == 0:
            # Troel: the partner's called card opens the first trick (rule text, "Troel").
            return [lead_card]
        led = self.current[0].suit if self.current else None
        return legal_cards(self.hands[seat], led)

    def tricks_won(self) -> dict[str, int]:
        """Return the number of tricks each seat has won so far."""
        won = dict.fromkeys(SEATS, 0)
        for trick in self.tricks:
            won[trick.winner] += 1
        return won

    def visible_hands(self) -> dict[str, list[Card]]:
        """Return the hands lying face up now: open miserie players' after the first card."""
        if self.exposed_after is None:
            return {}
        return {s: list(self.hands[s]) for s in self.contract.declarers}

    # ------------------------------------------------------------------ playing

    def play(self, card: Card | str, seat: str | None = None) -> Trick | None:
        """Play ``card`` for the player to move; return the trick if this card completed one.

        Raises IllegalPlay naming the card and the rule it breaks: the deal is over, the
        seat is not on turn, the card is not in the hand, or it fails to follow suit.
        """
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except NotationError as exc:
                raise IllegalPlay(str(exc)) from None
        mover = self.to_move
        if mover is None:
            raise IllegalPlay(f"{card}: the deal is over, all 13 tricks are played")
        if seat is not None and check_seat(seat) != mover:
            raise IllegalPlay(f"{card} by {seat}: it is {mover}'s turn to play")
        if card not in self.hands[mover]:
            raise IllegalPlay(f"{card} is not in {mover}'s hand")
        legal = self.legal_cards()
        if card not in legal:
            raise IllegalPlay(self._why_illegal(mover, card))
        self.hands[mover].remove(card)
        self.current.append(card)
        if self.contract.open_hands and self.exposed_after is None:
            self.exposed_after = self.cards_played
        if len(self.current) < 4:
            return None
        index = trick_winner(self.current, self.contract.trump)
        trick = Trick(self.leader, tuple(self.current), seat_after(self.leader, index))
        self.tricks.append(trick)
        self.leader, self.current = trick.winner, []
        return trick

    def _why_illegal(self, seat: str, card: Card) -> str:
        if self.contract.lead_card is not None and self.cards_played == 0:
            return f"{card} by {seat}: troel's first lead must be {self.contract.lead_card}"
        led = self.current[0].suit
        return f"{card} by {seat}: must follow suit {led} ({seat} still holds one)"
