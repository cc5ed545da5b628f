"""Hidden hands consistent with what a Beyond player knows (judged by ``common.verdict``).

What a seat knows in the play: its own hand, every card played and who played it, the
auction and the four declarations. Voids follow from the play: a player who put a suit card
of another suit on a suit lead has none of the led suit left (a joker shows nothing, since
jokers may be played at any time). The declarations are read with the simple players'
model: a player other than the declarer declares the rounded trick estimate of the hand, or
a neighbouring number when the sum-13 rule forbids it, so every world keeps each such
player's full hand (cards left plus cards played) within one trick of its declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.beyond.evaluation import estimate_tricks
from games.beyond.seats import next_seat
from games.cards import BEYOND_DECK, SEATS, Card, parse_card
from games.sampling import World, sample_worlds

WORLDS = 120
DECLARATION_SLACK = 1


def voids_from(tricks: Sequence[tuple[str, Sequence[Card]]]) -> dict[str, list[str]]:
    """Return the suits each seat has shown out of, from (leader, cards) tricks."""
    voids: dict[str, set[str]] = {}
    for leader, cards in tricks:
        if not cards or cards[0].is_joker:
            continue
        led = cards[0].suit
        for i, card in enumerate(cards[1:], 1):
            if not card.is_joker and card.suit != led:
                voids.setdefault(next_seat(leader, i), set()).add(led)
    return {seat: sorted(suits) for seat, suits in voids.items()}


def declaration_filter(
    played: Mapping[str, Sequence[Card]], targets: Mapping[str, int], strain: str, seats: list[str]
) -> Callable[[World], bool]:
    """Return a test that each of ``seats`` would have declared its target with its hand."""

    def accept(world: World) -> bool:
        for seat in seats:
            full = [*world[seat], *played[seat]]
            if abs(round(estimate_tricks(full, strain)) - targets[seat]) > DECLARATION_SLACK:
                return False
        return True

    return accept


@dataclass(frozen=True)
class View:
    """What the deciding seat knows, in JSON-safe form so a quiz can be re-sampled later."""

    seat: str
    hand: list[str]
    played: dict[str, list[str]]
    sizes: dict[str, int]
    voids: dict[str, list[str]]
    targets: dict[str, int]
    strain: str
    declarer: str
    seed: str

    def as_json(self) -> dict[str, object]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> View:
        """Return the view stored by ``as_json``."""
        return cls(**data)  # type: ignore[arg-type]


def sample(view: View, n: int = WORLDS) -> list[World]:
    """Return ``n`` worlds (remaining hands of all four seats) consistent with ``view``."""
    hand = [parse_card(c) for c in view.hand]
    played = {s: [parse_card(c) for c in cards] for s, cards in view.played.items()}
    gone = set(hand) | {c for cards in played.values() for c in cards}
    hidden = [c for c in BEYOND_DECK if c not in gone]
    checked = [s for s in SEATS if s in view.sizes and s != view.declarer]
    return sample_worlds(
        "beyond",
        {view.seat: hand},
        hidden,
        view.sizes,
        view.seed,
        n,
        voids=view.voids,
        accept=declaration_filter(played, view.targets, view.strain, checked),
    )
