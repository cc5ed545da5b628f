"""Cards, suits, ranks, the four games' decks, and card/hand/deal notation.

Notation is suit first: ``CJ`` (jack of clubs), ``HT`` (ten of hearts), ``D7``. Jokers are
``X1``, ``X2``, ``X3``. Every card has a fixed bit index (0..54) so that a hand can be a
64-bit mask, which is what the solver works on.

PBN deals (``N:AKQ2.JT9.876.543 ...``) list four hands clockwise from the named seat, each
hand as spades.hearts.diamonds.clubs. Jokers, which PBN cannot write, go in an optional fifth
group of joker numbers: ``AK.QJ.T9.87.13`` holds X1 and X3.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

# Bridge order of suits (PBN order): spades, hearts, diamonds, clubs.
SUITS = "SHDC"
JOKER_SUIT = "X"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "X": "joker"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663", "X": "\u2605"}
# Ranks low to high in the natural (bridge) order.
RANKS = "23456789TJQKA"
RANK_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
JOKER_RANKS = "123"
SEATS = "NESW"


class NotationError(ValueError):
    """Raised for any card, hand or deal text that cannot be read; names the bad token."""


class Card(NamedTuple):
    """One card: a suit letter (S, H, D, C or X for a joker) and a rank character."""

    suit: str
    rank: str

    def __str__(self) -> str:
        return self.suit + self.rank

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def bit_index(self) -> int:
        """Return the card's fixed bit index: suit block of 13 in S,H,D,C order, then jokers."""
        if self.suit == JOKER_SUIT:
            return 52 + JOKER_RANKS.index(self.rank)
        return SUITS.index(self.suit) * 13 + RANKS.index(self.rank)

    @property
    def bit(self) -> int:
        return 1 << self.bit_index

    @property
    def name(self) -> str:
        """Return the English name, e.g. 'ten of hearts' or 'joker 2'."""
        if self.is_joker:
            return f"joker {self.rank}"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


def card_from_index(index: int) -> Card:
    """Return the card with the given bit index."""
    if 0 <= index < 52:
        return Card(SUITS[index // 13], RANKS[index % 13])
    if 52 <= index < 55:
        return Card(JOKER_SUIT, JOKER_RANKS[index - 52])
    raise NotationError(f"no card has index {index}")


# Cards read so far, by token: a card is immutable and the tokens met are few (55 cards, a
# few spellings each), while a stored position's check reads each of its cards several
# times. Bounded, since a user's text can spell a card many ways.
_READ: dict[str, Card] = {}
_READ_KEPT = 4096


def parse_card(token: str, deck: Deck | None = None) -> Card:
    """Read one card like 'CJ', 'HT', 'D7' or 'X1'; check it belongs to ``deck`` if given."""
    card = _READ.get(token) if isinstance(token, str) else None
    if card is None:
        card = _read_card(token)
        if len(_READ) < _READ_KEPT:
            _READ[token] = card
    if deck is not None and card not in deck:
        raise NotationError(f"card {card} is not in the {deck.name} deck")
    return card


def _read_card(token: str) -> Card:
    text = token.strip().upper()
    if len(text) == 3 and text[1:] == "10":
        text = text[0] + "T"
    if len(text) != 2:
        raise NotationError(f"bad card {token!r}: expected suit then rank, like 'CJ' or 'HT'")
    suit, rank = text[0], text[1]
    if suit == JOKER_SUIT:
        if rank not in JOKER_RANKS:
            raise NotationError(f"bad card {token!r}: jokers are X1, X2 and X3")
    elif suit not in SUITS:
        raise NotationError(f"bad card {token!r}: unknown suit {token.strip()[:1]!r}")
    elif rank not in RANKS:
        raise NotationError(f"bad card {token!r}: unknown rank {token.strip()[1:]!r}")
    return Card(suit, rank)


class Deck:
    """The set of cards one game plays with, in a fixed order."""

    def __init__(self, name: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.cards: tuple[Card, ...] = tuple(cards)
        self._set = frozenset(self.cards)
        self.mask = mask_of(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._set

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    def shuffled(self, seed: int | str | None) -> list[Card]:
        """Return the deck's cards in a random order that depends only on ``seed``."""
        cards = list(self.cards)
        random.Random(seed).shuffle(cards)
        return cards

    def parse_hand(self, text: str | Sequence[str]) -> list[Card]:
        """Read a space- or comma-separated list of cards of this deck; no duplicates."""
        tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        return check_unique(parse_card(t, self) for t in tokens)


def check_unique(cards: Iterable[Card]) -> list[Card]:
    """Return the cards as a list, raising NotationError naming the first duplicate."""
    seen: set[Card] = set()
    out = []
    for card in cards:
        if card in seen:
            raise NotationError(f"duplicate card {card}")
        seen.add(card)
        out.append(card)
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """Return the 64-bit mask with each card's bit set."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> list[Card]:
    """Return the cards whose bits are set in ``mask``, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(card_from_index(low.bit_length() - 1))
        mask ^= low
    return out


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as space-separated tokens, in the order given."""
    return " ".join(str(c) for c in cards)


def _standard(ranks: str, skip: Iterable[str] = ()) -> list[Card]:
    skipped = set(skip)
    return [
        Card(s, r) for s in SUITS for r in reversed(RANKS) if r in ranks and s + r not in skipped
    ]


SKAT_DECK = Deck("skat", _standard("789TJQKA"))
BEYOND_DECK = Deck(
    "beyond",
    _standard(RANKS, skip=("C8", "D8", "H8")) + [Card("X", r) for r in JOKER_RANKS],
)
FIVE_HUNDRED_DECK = Deck(
    "five_hundred", [*_standard("456789TJQKA", skip=("S4", "C4")), Card("X", "1")]
)
WIEZEN_DECK = Deck("wiezen", _standard(RANKS))
DECKS = {
    "skat": SKAT_DECK,
    "beyond": BEYOND_DECK,
    "five_hundred": FIVE_HUNDRED_DECK,
    "wiezen": WIEZEN_DECK,
}


def deck_for(game: str) -> Deck:
    """Return the deck of a game named 'skat', 'beyond', 'five_hundred' or 'wiezen'."""
    try:
        return DECKS[game]
    except KeyError:
        raise NotationError(f"unknown game {game!r}: expected one of {', '.join(DECKS)}") from None


def sort_key(card: Card) -> tuple[int, int]:
    """Return a display key: suits S, H, D, C, jokers last; high ranks first."""
    if card.is_joker:
        return (4, JOKER_RANKS.index(card.rank))
    return (SUITS.index(card.suit), -RANKS.index(card.rank))


# ---------------------------------------------------------------- PBN deals (four hands)


def format_pbn_hand(cards: Iterable[Card]) -> str:
    """Write a hand as S.H.D.C rank strings (high first), plus a joker group if it has any."""
    hand = sorted(cards, key=sort_key)
    groups = ["".join(c.rank for c in hand if c.suit == s) for s in SUITS]
    jokers = "".join(c.rank for c in hand if c.is_joker)
    if jokers:
        groups.append(jokers)
    return ".".join(groups)


def parse_pbn_hand(text: str, deck: Deck | None = None) -> list[Card]:
    """Read one PBN hand 'AKQ2.JT9.876.543' (optional fifth group of joker numbers)."""
    groups = text.split(".")
    if len(groups) not in (4, 5):
        raise NotationError(
            f"bad PBN hand {text!r}: expected 4 suit groups separated by dots (S.H.D.C)"
        )
    cards = []
    for suit, group in zip(SUITS + JOKER_SUIT, groups, strict=False):
        for rank in group.upper():
            cards.append(parse_card(suit + rank, deck))
    return check_unique(cards)


def parse_pbn(
    text: str, deck: Deck | None = None, hand_size: int | None = None
) -> dict[str, list[Card]]:
    """Read a PBN deal 'N:h1 h2 h3 h4' into {seat: cards}; hands go clockwise from the seat.

    ``hand_size``, if given, is checked for every hand; duplicates across hands are rejected.
    """
    text = text.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise NotationError(f"bad PBN deal {text[:20]!r}: must start with a seat and ':' (N:)")
    first = SEATS.index(text[0].upper())
    hands_text = text[2:].split()
    if len(hands_text) != 4:
        raise NotationError(f"bad PBN deal: expected 4 hands, found {len(hands_text)}")
    deal: dict[str, list[Card]] = {}
    seen: set[Card] = set()
    for offset, hand_text in enumerate(hands_text):
        seat = SEATS[(first + offset) % 4]
        hand = parse_pbn_hand(hand_text, deck)
        for card in hand:
            if card in seen:
                raise NotationError(f"duplicate card {card} (again in {seat}'s hand)")
            seen.add(card)
        if hand_size is not None and len(hand) != hand_size:
            raise NotationError(
                f"{seat}'s hand {hand_text!r} has {len(hand)} cards, expected {hand_size}"
            )
        deal[seat] = hand
    return {seat: deal[seat] for seat in SEATS}


def format_pbn(deal: Mapping[str, Sequence[Card]], first: str = "N") -> str:
    """Write {seat: cards} as a PBN deal starting with ``first``."""
    start = SEATS.index(first)
    seats = [SEATS[(start + i) % 4] for i in range(4)]
    return f"{first}:" + " ".join(format_pbn_hand(deal[s]) for s in seats)


def deal_cards(
    deck: Deck, seed: int | str | None, hands: int, per_hand: int, packets: Sequence[int] = ()
) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle ``deck`` from ``seed`` and deal ``hands`` hands of ``per_hand`` cards.

    ``packets`` gives the dealing rhythm as (packet size, ...) repeated round the table, e.g.
    Skat's 3-skat-4-3 is handled by the caller; when empty, cards go one at a time. Returns the
    hands (in dealing order, starting left of the dealer) and the undealt rest (skat/kitty).
    """
    cards = deck.shuffled(seed)
    need = hands * per_hand
    if need > len(cards):
        raise ValueError(f"cannot deal {hands}x{per_hand} from a {len(cards)}-card deck")
    out: list[list[Card]] = [[] for _ in range(hands)]
    pos = 0
    sizes = list(packets) or [1]
    step = 0
    while any(len(h) < per_hand for h in out):
        size = sizes[step % len(sizes)]
        step += 1
        for hand in out:
            take = min(size, per_hand - len(hand))
            hand.extend(cards[pos : pos + take])
            pos += take
    return out, cards[pos:]
