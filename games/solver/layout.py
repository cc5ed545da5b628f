"""Per-contract card tables: each card's effective suit, its power, and its points.

A ``Layout`` renumbers the cards in play so that every effective suit ("block") is a
contiguous run of internal indices ordered from weakest to strongest. Both solver backends
work on these internal indices, so "follow suit" is a mask test and "beats" is a plain
comparison inside a block. The game-specific knowledge lives only in the builders below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from games.cards import (
    BEYOND_DECK,
    FIVE_HUNDRED_DECK,
    SKAT_DECK,
    SUITS,
    WIEZEN_DECK,
    Card,
    Deck,
)
from games.solver.errors import SolverInputError

# How jokers behave, besides their place in the block tables.
JOKERS_NONE = 0
# Beyond: playable at any time, never win a suit lead, last joker wins a joker lead.
JOKERS_BEYOND = 1
# 500 in no trumps or misère: the only trump, playable only when void, leader names a suit.
JOKERS_NAMED = 2

TRUMP_NAMES = {"S": "S", "H": "H", "D": "D", "C": "C", "NT": "NT"}
SKAT_CONTRACTS = {"grand": None, "clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
SKAT_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
# Skat jacks, weakest first; they outrank every other trump.
SKAT_JACKS = ("DJ", "HJ", "SJ", "CJ")
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
NATURAL_ORDER = "23456789TJQKA"
SKAT_SUIT_ORDER = "789QKTA"
SKAT_NULL_ORDER = "789TJQKA"


@dataclass(frozen=True, eq=False)
class Layout:
    """The card table of one contract: blocks of cards ordered weakest to strongest."""

    game: str
    contract: str
    blocks: tuple[tuple[Card, ...], ...]
    trump_block: int
    joker_mode: int = JOKERS_NONE
    joker_block: int = -1
    points_by_card: dict[Card, int] = field(default_factory=dict)
    # The suit block each plain suit letter maps to, for naming a suit on a joker lead.
    suit_blocks: dict[str, int] = field(default_factory=dict)

    @cached_property
    def order(self) -> tuple[Card, ...]:
        """Return every card in internal index order."""
        return tuple(card for block in self.blocks for card in block)

    @cached_property
    def index(self) -> dict[Card, int]:
        """Return the internal index of each card."""
        return {card: i for i, card in enumerate(self.order)}

    @cached_property
    def block_ids(self) -> tuple[int, ...]:
        """Return the block of each internal index."""
        return tuple(b for b, block in enumerate(self.blocks) for _ in block)

    @cached_property
    def points(self) -> tuple[int, ...]:
        """Return the card points of each internal index."""
        return tuple(self.points_by_card.get(card, 0) for card in self.order)

    def block_of(self, card: Card) -> int:
        """Return the block (effective suit) a card belongs to in this contract."""
        return self.block_ids[self.index[card]]


def _suit(deck: Deck, suit: str, order: str, skip: Sequence[str] = ()) -> tuple[Card, ...]:
    present = [c for c in deck if c.suit == suit and str(c) not in skip]
    return tuple(sorted(present, key=lambda c: order.index(c.rank)))


def _plain_blocks(
    deck: Deck, order: str, skip: Sequence[str] = ()
) -> tuple[list[tuple[Card, ...]], dict[str, int]]:
    blocks = [_suit(deck, s, order, skip) for s in SUITS]
    return blocks, {s: i for i, s in enumerate(SUITS)}


def _check_trump(trump: str) -> str:
    key = trump.strip().upper()
    if key not in TRUMP_NAMES:
        raise SolverInputError(f"unknown trump {trump!r}: expected S, H, D, C or NT")
    return key


def whist_layout(trump: str, game: str = "wiezen") -> Layout:
    """Return the table for a 52-card whist contract (Kleurenwiezen, bridge) with ``trump``."""
    key = _check_trump(trump)
    blocks, suit_blocks = _plain_blocks(WIEZEN_DECK, NATURAL_ORDER)
    trump_block = -1 if key == "NT" else SUITS.index(key)
    return Layout(game, key, tuple(blocks), trump_block, suit_blocks=suit_blocks)


def skat_layout(contract: str) -> Layout:
    """Return the table for a Skat game: grand, a suit game, or null (see skat.da.txt)."""
    name = contract.strip().lower()
    points = {c: SKAT_POINTS.get(c.rank, 0) for c in SKAT_DECK}
    if name == "null":
        blocks, suit_blocks = _plain_blocks(SKAT_DECK, SKAT_NULL_ORDER)
        return Layout(
            "skat", name, tuple(blocks), -1, points_by_card=points, suit_blocks=suit_blocks
        )
    if name not in SKAT_CONTRACTS:
        raise SolverInputError(
            f"unknown Skat contract {contract!r}: expected grand, clubs, spades, hearts, "
            "diamonds or null"
        )
    jacks = tuple(Card(s[0], s[1]) for s in SKAT_JACKS)
    blocks = [_suit(SKAT_DECK, s, SKAT_SUIT_ORDER, skip=SKAT_JACKS) for s in SUITS]
    trump = SKAT_CONTRACTS[name]
    if trump is None:
        blocks.append(jacks)
        trump_block = 4
    else:
        trump_block = SUITS.index(trump)
        blocks[trump_block] = blocks[trump_block] + jacks
    suit_blocks = {s: i for i, s in enumerate(SUITS)}
    return Layout(
        "skat", name, tuple(blocks), trump_block, points_by_card=points, suit_blocks=suit_blocks
    )


def five_hundred_layout(contract: str, bowers: bool = True) -> Layout:
    """Return the table for a 500 contract: a suit, NT or misere (DECISIONS.md, 500).

    With ``bowers`` the jack of trumps and the jack of the same colour rank just below the
    joker as trumps; without, only the joker joins the trump suit.
    """
    name = contract.strip().upper()
    joker = Card("X", "1")
    if name in ("NT", "MISERE"):
        blocks, suit_blocks = _plain_blocks(FIVE_HUNDRED_DECK, NATURAL_ORDER)
        blocks.append((joker,))
        # The joker is the only trump here; the named-suit rule is handled by joker_mode.
        return Layout(
            "five_hundred",
            name.lower() if name == "MISERE" else name,
            tuple(blocks),
            4,
            JOKERS_NAMED,
            4,
            suit_blocks=suit_blocks,
        )
    key = _check_trump(name)
    skip: tuple[str, ...] = ()
    tops: tuple[Card, ...] = (joker,)
    if bowers:
        left, right = Card(SAME_COLOUR[key], "J"), Card(key, "J")
        skip = (str(left), str(right))
        tops = (left, right, joker)
    blocks = [_suit(FIVE_HUNDRED_DECK, s, NATURAL_ORDER, skip) for s in SUITS]
    trump_block = SUITS.index(key)
    blocks[trump_block] = blocks[trump_block] + tops
    suit_blocks = {s: i for i, s in enumerate(SUITS)}
    return Layout("five_hundred", key, tuple(blocks), trump_block, suit_blocks=suit_blocks)


def beyond_layout(trump: str) -> Layout:
    """Return the table for a Beyond contract: a trump suit or NT, plus the three jokers."""
    key = _check_trump(trump)
    blocks, suit_blocks = _plain_blocks(BEYOND_DECK, NATURAL_ORDER)
    blocks.append(tuple(c for c in BEYOND_DECK if c.is_joker))
    trump_block = -1 if key == "NT" else SUITS.index(key)
    return Layout(
        "beyond", key, tuple(blocks), trump_block, JOKERS_BEYOND, 4, suit_blocks=suit_blocks
    )


def layout_for(game: str, contract: str, *, bowers: bool = True) -> Layout:
    """Return the table for ``contract`` in ``game`` (wiezen, skat, five_hundred, beyond)."""
    if game == "wiezen":
        return whist_layout(contract)
    if game == "skat":
        return skat_layout(contract)
    if game == "five_hundred":
        return five_hundred_layout(contract, bowers=bowers)
    if game == "beyond":
        return beyond_layout(contract)
    raise SolverInputError(f"unknown game {game!r}: expected wiezen, skat, five_hundred or beyond")
