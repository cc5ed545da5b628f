"""Agreement with DDS (through endplay) on random bridge positions, card by card."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from games.cards import SEATS, WIEZEN_DECK, Card, format_pbn
from games.solver import Objective, Result, layout_for
from games.solver.builders import pbn_position

dds = pytest.importorskip("endplay.dds")
types = pytest.importorskip("endplay.types")
Solve = Callable[..., Result]
RANK_BITS = "..23456789TJQKA"


def _card_name(card: object) -> str:
    suit = "SHDC"[card.suit.value]  # type: ignore[attr-defined]
    return suit + RANK_BITS[card.rank.value.bit_length() - 1]  # type: ignore[attr-defined]


def dds_cards(
    hands: dict[str, list[Card]], trump: str, leader: int, trick: list[str]
) -> dict[str, int]:
    """Return DDS's tricks for N-S after each legal card of the player to move."""
    full = {
        s: hands[s] + [c for c in map(_parse, trick) if _owner(hands, leader, trick, c) == s]
        for s in SEATS
    }
    deal = types.Deal(format_pbn(full))
    deal.trump = types.Denom("SHDCN".index(trump[0]))
    deal.first = types.Player(leader)
    for card in trick:
        deal.play(types.Card(card))
    mover = (leader + len(trick)) % 4
    left = len(hands[SEATS[mover]])
    out = {}
    for card, score in dds.solve_board(deal):
        out[_card_name(card)] = score if mover % 2 == 0 else left - score
    return out


def _parse(text: str) -> Card:
    return Card(text[0], text[1])


def _owner(hands: dict[str, list[Card]], leader: int, trick: list[str], card: Card) -> str:
    return SEATS[(leader + [_parse(t) for t in trick].index(card)) % 4]


def random_bridge(seed: int, size: int) -> tuple[dict[str, list[Card]], str, int, list[str]]:
    """Deal four random hands of ``size`` cards and play a few legal cards to the trick."""
    rng = random.Random(seed)
    cards = WIEZEN_DECK.shuffled(seed)
    hands = {s: cards[i * size : (i + 1) * size] for i, s in enumerate(SEATS)}
    trump = rng.choice(["S", "H", "D", "C", "NT"])
    leader = rng.randrange(4)
    trick: list[str] = []
    for k in range(rng.randrange(4)):
        seat = SEATS[(leader + k) % 4]
        lead = trick[0][0] if trick else None
        follow = [c for c in hands[seat] if c.suit == lead]
        card = rng.choice(follow or hands[seat])
        hands[seat] = [c for c in hands[seat] if c != card]
        trick.append(str(card))
    return hands, trump, leader, trick


@pytest.mark.parametrize("seed", range(10))
def test_every_card_matches_dds(solver: Solve, backend: str, seed: int) -> None:
    size = 6 if backend == "c" else 3
    hands, trump, leader, trick = random_bridge(seed, size)
    expected = dds_cards(hands, trump, leader, trick)
    position = pbn_position(layout_for("wiezen", trump), format_pbn(hands), leader, trick)
    result = solver(position, Objective.tricks([0, 2]), "cards")
    assert result.cards == expected
    mover_ns = (leader + len(trick)) % 2 == 0
    assert result.value == (max if mover_ns else min)(expected.values())
