"""After the auction: play hand or pick up the skat, discard two, then declare the game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card, format_cards
from games.skat.contract import Contract, parse_contract
from games.skat.errors import IllegalDeclaration
from games.skat.rules import HAND_SIZE, SEAT_NAMES
from games.skat.util import read_cards


@dataclass(frozen=True)
class DeclaredGame:
    """Hold everything the play and the scoring need once the declarer has declared.

    ``hand`` is the declarer's 10 cards to play; ``skat`` the two cards that count for the
    declarer at the end (the discard, or the untouched skat in a hand game); ``dealt`` the
    declarer's 10 cards as dealt and ``original_skat`` the skat as dealt, whose 12 cards
    together give the matadors.
    """

    contract: Contract
    declarer: int
    bid: int
    hand: tuple[Card, ...]
    skat: tuple[Card, ...]
    dealt: tuple[Card, ...]
    original_skat: tuple[Card, ...]

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in range(3) if s != self.declarer)

    @property
    def trump_suit(self) -> str | None:
        return self.contract.trump_suit

    @property
    def picked_up(self) -> bool:
        return not self.contract.hand

    @property
    def matador_cards(self) -> tuple[Card, ...]:
        """Return the 12 cards the declarer's matadors are counted over (hand + skat)."""
        return self.dealt + self.original_skat


class Declaration:
    """Walk the declarer through hand-or-pick-up, the discard and the declaration.

    Order: ``play_hand()`` or ``pick_up()``; after picking up, ``discard(two cards)``;
    then ``declare(game)``, which returns the DeclaredGame.
    """

    def __init__(
        self, declarer: int, bid: int, hand: Iterable[Card | str], skat: Iterable[Card | str]
    ) -> None:
        self.declarer = declarer
        self.bid = bid
        self.dealt = tuple(read_cards(hand))
        self.original_skat = tuple(read_cards(skat))
        if len(self.dealt) != HAND_SIZE:
            raise IllegalDeclaration(
                f"the declarer's hand has {len(self.dealt)} cards, expected {HAND_SIZE}"
            )
        if len(self.original_skat) != 2:
            raise IllegalDeclaration(f"the skat has {len(self.original_skat)} cards, expected 2")
        if set(self.dealt) & set(self.original_skat):
            both = format_cards(sorted(set(self.dealt) & set(self.original_skat)))
            raise IllegalDeclaration(f"card(s) {both} are both in the hand and in the skat")
        self.hand_game: bool | None = None
        self.cards: list[Card] = list(self.dealt)
        self.discarded: tuple[Card, ...] = ()
        self.result: DeclaredGame | None = None

    @property
    def phase(self) -> str:
        """Return 'choose', 'discard', 'declare' or 'done'."""
        if self.result is not None:
            return "done"
        if self.hand_game is None:
            return "choose"
        if not self.hand_game and not self.discarded:
            return "discard"
        return "declare"

    def _expect(self, phase: str, action: str) -> None:
        if self.phase != phase:
            raise IllegalDeclaration(
                f"{SEAT_NAMES[self.declarer]} cannot {action} now: the step due is '{self.phase}'"
            )

    def play_hand(self) -> None:
        """Leave the skat face down: the game will be a hand game."""
        self._expect("choose", "choose to play hand")
        self.hand_game = True

    def pick_up(self) -> tuple[Card, ...]:
        """Take the skat into the hand (12 cards) and return the two skat cards."""
        self._expect("choose", "pick up the skat")
        self.hand_game = False
        self.cards.extend(self.original_skat)
        return self.original_skat

    def discard(self, cards: Iterable[Card | str]) -> None:
        """Lay away two of the 12 cards; they count for the declarer at the end."""
        self._expect("discard", "discard")
        chosen = read_cards(cards)
        if len(chosen) != 2:
            raise IllegalDeclaration(f"discard exactly 2 cards, not {len(chosen)}")
        for card in chosen:
            if card not in self.cards:
                raise IllegalDeclaration(f"cannot discard {card}: it is not in the hand")
        self.discarded = tuple(chosen)
        self.cards = [c for c in self.cards if c not in chosen]

    def declare(self, game: Contract | str) -> DeclaredGame:
        """Declare the game; a hand flag that contradicts the choice made is refused."""
        self._expect("declare", "declare a game")
        contract = parse_contract(game) if isinstance(game, str) else game
        if contract.hand != self.hand_game:
            said = "a hand game" if contract.hand else "a game with the skat picked up"
            done = "played hand" if self.hand_game else "picked up the skat"
            raise IllegalDeclaration(f"cannot declare {contract} as {said}: the declarer {done}")
        skat = self.original_skat if self.hand_game else self.discarded
        self.result = DeclaredGame(
            contract,
            self.declarer,
            self.bid,
            tuple(self.cards),
            skat,
            self.dealt,
            self.original_skat,
        )
        return self.result
