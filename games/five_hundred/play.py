"""Card play in 500: a deal played card by card, with every rule checked and tricks recorded.

The declarer leads to the first trick (five-hundred.da.txt, "Sådan spiller man"); the winner
of a trick leads to the next. In misère the declarer's partner does not play, so tricks have
three cards. In open misère the declarer's hand is exposed once the first trick is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from games.cards import FIVE_HUNDRED_DECK, SUIT_NAMES, SUITS, Card, parse_card, sort_key
from games.five_hundred.contract import Contract
from games.five_hundred.dealing import HAND_SIZE
from games.five_hundred.errors import IllegalPlay
from games.five_hundred.rules import CardOrder, led_suit, legal_cards, trick_winner
from games.five_hundred.settings import DEFAULT_SETTINGS, FiveHundredSettings

TRICKS_PER_DEAL = 10


class Trick(NamedTuple):
    """One finished trick: who led, (seat, card) in play order, the winner, a named joker suit."""

    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str
    joker_suit: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def as_dict(self) -> dict[str, object]:
        """Return {'leader', 'cards', 'winner'} (+ 'joker_suit' when one was named)."""
        out: dict[str, object] = {
            "leader": self.leader,
            "cards": [str(card) for card in self.cards],
            "winner": self.winner,
        }
        if self.joker_suit is not None:
            out["joker_suit"] = self.joker_suit
        return out


class Play:
    """Play one deal of 500 after the kitty exchange.

    ``hands`` maps each playing seat to its ten cards (the declarer's hand after the exchange);
    the partner of a misère declarer may be left out or included (the hand is not played).
    """

    def __init__(
        self,
        contract: Contract,
        hands: Mapping[str, Sequence[Card]],
        settings: FiveHundredSettings | None = None,
    ) -> None:
        self.contract = contract
        self.settings = settings or DEFAULT_SETTINGS
        self.order = CardOrder.for_contract(contract, self.settings.bowers)
        self.players = contract.players
        self.hands: dict[str, list[Card]] = _checked_hands(contract, hands)
        self.initial_hands = {seat: tuple(cards) for seat, cards in self.hands.items()}
        self.tricks: list[Trick] = []
        self.current: list[tuple[str, Card]] = []
        self.joker_suit: str | None = None
        self.exposed: tuple[Card, ...] | None = None
        self._leader = contract.declarer

    # ------------------------------------------------------------------ state

    @property
    def is_finished(self) -> bool:
        return len(self.tricks) == TRICKS_PER_DEAL

    @property
    def leader(self) -> str:
        """Return the seat that leads (or led) the current trick."""
        return self._leader

    @property
    def to_move(self) -> str | None:
        """Return the seat to play next, or None when all ten tricks are played."""
        if self.is_finished:
            return None
        start = self.players.index(self._leader)
        return self.players[(start + len(self.current)) % len(self.players)]

    @property
    def led_suit(self) -> str | None:
        """Return the suit to follow in the current trick, or None before the lead."""
        if not self.current:
            return None
        return led_suit(self.order, self.current[0][1], self.joker_suit)

    def legal_cards(self, seat: str | None = None) -> list[Card]:
        """Return the cards ``seat`` (default: the player to move) may play now."""
        seat = seat or self.to_move
        if seat is None or seat != self.to_move:
            return []
        return legal_cards(self.order, self.hands[seat], self.led_suit)

    def tricks_won(self) -> dict[str, int]:
        """Return the number of tricks each playing seat has won so far."""
        won = dict.fromkeys(self.players, 0)
        for trick in self.tricks:
            won[trick.winner] += 1
        return won

    @property
    def declarer_tricks(self) -> int:
        """Return the tricks won by the declaring side (the declarer alone in misère)."""
        return sum(1 for trick in self.tricks if trick.winner in self.contract.team)

    @property
    def defender_tricks(self) -> int:
        return len(self.tricks) - self.declarer_tricks

    def played_cards(self) -> list[Card]:
        """Return every card played so far, finished tricks first, in play order."""
        done = [card for trick in self.tricks for card in trick.cards]
        return done + [card for _, card in self.current]

    # ------------------------------------------------------------------ moves

    def play(self, seat: str, card: Card | str, joker_suit: str | None = None) -> Trick | None:
        """Play ``card`` from ``seat``; return the trick if this card completed one.

        ``joker_suit`` names the suit of a joker led in no trumps or misère (required then,
        refused otherwise). Raises IllegalPlay naming the card and the broken rule.
        """
        card = parse_card(card, FIVE_HUNDRED_DECK) if isinstance(card, str) else card
        self._check(seat, card, joker_suit)
        if not self.current:
            self.joker_suit = joker_suit
        self.hands[seat].remove(card)
        self.current.append((seat, card))
        if len(self.current) < len(self.players):
            return None
        return self._close_trick()

    def _check(self, seat: str, card: Card, joker_suit: str | None) -> None:
        if self.is_finished:
            raise IllegalPlay(f"{seat} cannot play {card}: all ten tricks have been played")
        if seat != self.to_move:
            if seat == self.contract.sitting_out:
                raise IllegalPlay(f"{seat} cannot play {card}: the misère partner sits out")
            raise IllegalPlay(f"{seat} cannot play {card}: it is {self.to_move}'s turn")
        if card not in self.hands[seat]:
            raise IllegalPlay(f"{seat} does not hold {card}")
        leading = not self.current
        names_joker = leading and card.is_joker and self.order.trump is None
        if names_joker and (joker_suit is None or joker_suit not in SUITS):
            raise IllegalPlay(
                f"{seat} leads the joker in no trumps: name its suit (S, H, D or C), "
                f"not {joker_suit!r}"
            )
        if not names_joker and joker_suit is not None:
            raise IllegalPlay(
                f"a suit is named only for a joker led in no trumps or misère, not for {card}"
            )
        if card not in self.legal_cards(seat):
            led = self.led_suit
            assert led is not None
            if card.is_joker:
                raise IllegalPlay(
                    f"{seat} cannot play the joker: in no trumps it may be played only by a "
                    f"player who cannot follow {SUIT_NAMES[led]}"
                )
            raise IllegalPlay(
                f"{seat} cannot play {card}: must follow {SUIT_NAMES[led]} "
                f"(holds {', '.join(str(c) for c in self.legal_cards(seat))})"
            )

    def _close_trick(self) -> Trick:
        cards = [card for _, card in self.current]
        winner = self.current[trick_winner(self.order, cards, self.joker_suit)][0]
        trick = Trick(self._leader, tuple(self.current), winner, self.joker_suit)
        self.tricks.append(trick)
        self.current = []
        self.joker_suit = None
        self._leader = winner
        if self.contract.is_open and len(self.tricks) == 1:
            # Open misère: the declarer's remaining cards go face up after the first trick.
            self.exposed = tuple(sorted(self.hands[self.contract.declarer], key=sort_key))
        return trick


def _checked_hands(
    contract: Contract, hands: Mapping[str, Sequence[Card]]
) -> dict[str, list[Card]]:
    seen: set[Card] = set()
    out: dict[str, list[Card]] = {}
    for seat in contract.players:
        if seat not in hands:
            raise IllegalPlay(f"no hand given for {seat}, who plays in {contract}")
        hand = list(hands[seat])
        if len(hand) != HAND_SIZE:
            raise IllegalPlay(f"{seat}'s hand has {len(hand)} cards, expected {HAND_SIZE}")
        for card in hand:
            if card not in FIVE_HUNDRED_DECK:
                raise IllegalPlay(f"{seat}'s card {card} is not in the 500 deck")
            if card in seen:
                raise IllegalPlay(f"card {card} appears twice among the hands")
            seen.add(card)
        out[seat] = hand
    return out
