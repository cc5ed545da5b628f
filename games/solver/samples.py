"""Random positions for tests and benchmarks: full deals and small endgames of every game."""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import Card, deck_for
from games.solver.layout import JOKERS_BEYOND, JOKERS_NAMED, Layout, layout_for
from games.solver.position import Objective, Position, compile_problem
from games.solver.reference import ReferenceSearch

CONTRACTS = {
    "wiezen": ("S", "H", "D", "C", "NT"),
    "skat": ("grand", "clubs", "spades", "hearts", "diamonds", "null"),
    "five_hundred": ("S", "H", "D", "C", "NT", "misere"),
    "beyond": ("S", "H", "D", "C", "NT"),
}


@dataclass(frozen=True)
class Sample:
    """A random position with an objective that fits its game and contract."""

    position: Position
    objective: Objective


def _objective(rng: random.Random, layout: Layout, active: tuple[int, ...], left: int) -> Objective:
    seat = rng.choice(active)
    if layout.game == "skat":
        if layout.contract == "null":
            return Objective.misere(seat)
        return rng.choice([Objective.points([seat]), Objective.tricks([seat])])
    if layout.contract == "misere":
        return Objective.misere(seat)
    partner = (seat + 2) % 4
    if layout.game == "beyond":
        first = rng.randint(0, left)
        return rng.choice(
            [
                Objective.tricks([seat, partner]),
                Objective.exact({seat: first, partner: rng.randint(0, left - first)}),
            ]
        )
    teams = [[seat, partner], [seat, (seat + 1) % 4], [seat]]
    choice = rng.randrange(5)
    if choice < 3:
        return Objective.tricks(teams[choice])
    return Objective.misere(seat) if choice == 3 else Objective.piccolo(seat)


def random_position(
    game: str, seed: int, tricks: int, *, contract: str | None = None, mid_trick: bool = True
) -> Sample:
    """Return a random position of ``game`` with ``tricks`` tricks left to play.

    The leader and contract are random unless given; with ``mid_trick`` some cards of the
    current trick may already be played (legally). The objective is random among those the
    game uses.
    """
    rng = random.Random(seed)
    name = contract or rng.choice(CONTRACTS[game])
    layout = layout_for(game, name)
    nseats = 3 if game == "skat" else 4
    active = tuple(range(nseats))
    if name == "misere":
        out = rng.randrange(4)
        active = tuple(s for s in range(4) if s != out)
    cards = deck_for(game).shuffled(rng.randrange(2**32))
    hands: list[list[Card]] = [[] for _ in range(nseats)]
    for k, seat in enumerate(active):
        hands[seat] = list(cards[k * tricks : (k + 1) * tricks])
    leader = rng.choice(active)
    after_joker = game == "beyond" and rng.random() < 0.2
    position = Position.build(
        layout,
        hands,
        leader,
        active=active,
        after_joker_lead=after_joker,
    )
    if mid_trick:
        position = _play_some(rng, position, rng.randrange(len(active)))
    objective = _objective(rng, layout, active, tricks)
    return Sample(position, objective)


def _play_some(rng: random.Random, position: Position, count: int) -> Position:
    """Play ``count`` legal random cards to the (empty) current trick."""
    if count == 0:
        return position
    layout = position.layout
    search = ReferenceSearch(compile_problem(position, Objective.tricks([position.leader])))
    order = search.p.order
    seat = position.leader
    trick: tuple[tuple[int, int], ...] = ()
    lead_block = -1
    named_suit = None
    for _ in range(count):
        card, named = rng.choice(
            search.legal_moves(seat, trick, lead_block, position.after_joker_lead)
        )
        if not trick:
            lead_block = named if named >= 0 else search.p.block_ids[card]
            if layout.joker_mode == JOKERS_BEYOND and lead_block == layout.joker_block:
                lead_block = -1
            if named >= 0:
                named_suit = next(s for s, b in layout.suit_blocks.items() if b == named)
        search.hands[seat] ^= 1 << card
        trick = (*trick, (seat, card))
        seat = order[(order.index(seat) + 1) % len(order)]
    if layout.joker_mode != JOKERS_NAMED:
        named_suit = None
    played = [layout.order[c] for _, c in trick]
    hands = [tuple(c for c in hand if c not in played) for hand in position.hands]
    return Position(
        layout, tuple(hands), position.leader, tuple(played), position.active, named_suit, False
    )
