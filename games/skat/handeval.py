"""Hand evaluation for the simple players: which game a hand can play, and what to discard.

The heuristics are deliberately plain, so that a learner can follow them:
- a suit game needs at least 5 trumps (jacks included) and a strength of 14, where each
  trump counts 2, each jack 1 more, each side ace 2 and each side ten guarded by its ace 1;
- grand needs 3 jacks and 2 aces, or all 4 jacks and an ace;
- null needs every suit 'safe' except at most one short suit (2 cards or fewer) that the
  discard can remove; a suit is safe when its k-th lowest card (k = 0, 1, ...) is at most
  the (2k + 1)-th lowest rank of the null order (7, 8, 9, ...);
- a strong plan (suit strength 20+, grand with 3+ aces) is played hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.skat.contract import SUIT_GAMES, Contract
from games.skat.rules import NULL_ORDER, TRUMP, card_points, effective_suit, strength
from games.skat.settings import DEFAULT_SETTINGS, SkatSettings
from games.skat.values import game_value, matadors

SUIT_THRESHOLD = 14
HAND_THRESHOLD = 20


@dataclass(frozen=True)
class Plan:
    """A game a hand can play, how strong it looks, and the value it reaches as planned."""

    contract: Contract
    quality: int
    value: int


def suit_quality(cards: Sequence[Card], game: str) -> int:
    """Return the suit-game strength of ``cards`` for ``game`` (see the module docstring)."""
    trumps = [c for c in cards if effective_suit(c, game) == TRUMP]
    jacks = sum(1 for c in trumps if c.rank == "J")
    side = [c for c in cards if effective_suit(c, game) != TRUMP]
    side_aces = {c.suit for c in side if c.rank == "A"}
    guarded_tens = sum(1 for c in side if c.rank == "T" and c.suit in side_aces)
    return 2 * len(trumps) + jacks + 2 * len(side_aces) + guarded_tens


def trump_count(cards: Sequence[Card], game: str) -> int:
    return sum(1 for c in cards if effective_suit(c, game) == TRUMP)


def grand_quality(cards: Sequence[Card]) -> int | None:
    """Return the number of aces if the hand is fit for grand, else None."""
    jacks = sum(1 for c in cards if c.rank == "J")
    aces = sum(1 for c in cards if c.rank == "A")
    if (jacks >= 3 and aces >= 2) or (jacks == 4 and aces >= 1):
        return aces
    return None


def null_unsafe_suits(cards: Sequence[Card]) -> dict[str, int]:
    """Return {suit: cards held} for each suit that is not safe in null."""
    unsafe = {}
    for suit in SUIT_GAMES.values():
        ranks = sorted(NULL_ORDER[::-1].index(c.rank) for c in cards if c.suit == suit)
        if any(rank > 2 * k + 1 for k, rank in enumerate(ranks)):
            unsafe[suit] = len(ranks)
    return unsafe


def null_fit(cards: Sequence[Card]) -> bool:
    """Return True when a pick-up null looks safe enough (see the module docstring)."""
    unsafe = null_unsafe_suits(cards)
    return len(unsafe) == 0 or (len(unsafe) == 1 and max(unsafe.values()) <= 2)


def plans(
    cards: Sequence[Card], allow_hand: bool = True, settings: SkatSettings = DEFAULT_SETTINGS
) -> list[Plan]:
    """Return the games ``cards`` qualify for, strongest first.

    Values count matadors over ``cards`` only: for a 10-card hand the skat is unknown.
    """
    out = []
    aces = grand_quality(cards)
    if aces is not None:
        contract = Contract("grand", hand=allow_hand and aces >= 3)
        value = game_value(contract, matadors(cards, "grand"), settings=settings)
        out.append(Plan(contract, 100 + aces, value))
    for game in SUIT_GAMES:
        quality = suit_quality(cards, game)
        if trump_count(cards, game) >= 5 and quality >= SUIT_THRESHOLD:
            contract = Contract(game, hand=allow_hand and quality >= HAND_THRESHOLD)
            value = game_value(contract, matadors(cards, game), settings=settings)
            out.append(Plan(contract, quality, value))
    if null_fit(cards):
        contract = Contract("null")
        out.append(Plan(contract, 0, game_value(contract, 0, settings=settings)))
    # Stronger first; between equals the higher value.
    return sorted(out, key=lambda p: (-p.quality, -p.value, str(p.contract)))


def best_plan(cards: Sequence[Card], settings: SkatSettings = DEFAULT_SETTINGS) -> Plan | None:
    """Return the strongest plan for a 10-card hand, or None when it should not bid."""
    found = plans(cards, settings=settings)
    return found[0] if found else None


def choose_after_pickup(
    cards: Sequence[Card], bid: int, settings: SkatSettings = DEFAULT_SETTINGS
) -> Contract:
    """Pick the game for 12 cards: the strongest that reaches the bid, else the most valuable."""
    found = plans(cards, allow_hand=False, settings=settings)
    reaching = [p for p in found if p.value >= bid]
    if reaching:
        return reaching[0].contract
    # No fit reaches the bid: take the plain game that does, with the most trumps.
    fallback = [
        Plan(
            c, trump_count(cards, c.game), game_value(c, matadors(cards, c.game), settings=settings)
        )
        for c in (Contract(game) for game in (*SUIT_GAMES, "grand"))
    ]
    return max(fallback, key=lambda p: (p.value >= bid, p.quality, p.value)).contract


def choose_discard(cards: Sequence[Card], contract: Contract) -> list[Card]:
    """Return two cards to lay away from 12 for ``contract``.

    Suit games and grand bury points from side suits (a ten without its ace first, then
    short suits, never an ace while another card will do); null throws the most dangerous
    cards: the highest of the unsafe suits, then the highest cards.
    """
    game = contract.game
    if contract.is_null:
        unsafe = null_unsafe_suits(cards)
        ranked = sorted(cards, key=lambda c: (c.suit not in unsafe, -strength(c, game), str(c)))
        return ranked[:2]
    held = {c.suit: [d for d in cards if d.suit == c.suit and d.rank != "J"] for c in cards}

    def keep_score(card: Card) -> tuple[int, int, int, int, str]:
        if effective_suit(card, game) == TRUMP:
            return (2, 0, 0, strength(card, game), str(card))
        suit_aces = any(c.rank == "A" for c in held[card.suit])
        guarded = card.rank == "T" and suit_aces
        return (
            int(card.rank == "A" or guarded),
            len(held[card.suit]),
            -card_points([card]),
            strength(card, game),
            str(card),
        )

    return sorted(cards, key=keep_score)[:2]
