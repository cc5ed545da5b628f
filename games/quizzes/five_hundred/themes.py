"""Theme tags and an initial difficulty for 500 play quizzes, computed by rules.

Each tag's rule is documented in docs/quizzes/five_hundred.md; the rules read the position
before the decision, the accepted cards and the best line after them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import FIVE_HUNDRED_DECK, Card, parse_card
from games.five_hundred import CardOrder, Contract, Play, trick_winner
from games.quizzes.common.lines import LineStep
from games.quizzes.themes import Theme

RATING_BASE = 1400
RATING_MIN, RATING_MAX = 1000, 2200
# A sampled gap under this many standard errors is a close call (harder to see).
CLOSE = 4


def _order(contract: Contract) -> CardOrder:
    return CardOrder.for_contract(contract)


def _ruffs(order: CardOrder, line: Sequence[LineStep], trick: Sequence[Card]) -> bool:
    """Return True when a trump goes on a side-suit lead somewhere in ``line``."""
    if order.trump is None:
        return False
    current = list(trick)
    for step in line:
        card = parse_card(step.card)
        if current and not order.is_trump(current[0]) and order.is_trump(card):
            return True
        current.append(card)
        if step.winner:
            current = []
    return False


def _finesse(play: Play, order: CardOrder, hand: Sequence[Card], accepted: Sequence[Card]) -> bool:
    """Return True for a lower card that wins for now while a higher one is kept back."""
    if not play.current or len(play.current) == len(play.players) - 1:
        return False
    led = play.led_suit
    cards = [c for _, c in play.current]
    winner = cards[trick_winner(order, cards, play.joker_suit)]
    gone = set(play.played_cards()) | set(hand)
    for card in accepted:
        if order.suit_of(card) != led or order.trick_key(card, led) <= order.trick_key(winner, led):
            return False
        higher = [c for c in hand if order.suit_of(c) == led and order.power(c) > order.power(card)]
        if not higher:
            return False
        top = min(higher, key=order.power)
        gap = [
            c
            for c in _suit_cards(order, led)
            if c not in gone and order.power(card) < order.power(c) < order.power(top)
        ]
        if not gap:
            return False
    return True


def _suit_cards(order: CardOrder, suit: str | None) -> list[Card]:
    return [c for c in FIVE_HUNDRED_DECK if order.suit_of(c) == suit]


def _ducks(play: Play, order: CardOrder, legal: Sequence[Card], accepted: Sequence[Card]) -> bool:
    """Return True when a legal card would win the trick now but every accepted card loses it."""
    if not play.current:
        return False
    led = play.led_suit
    assert led is not None
    cards = [c for _, c in play.current]
    best = order.trick_key(cards[trick_winner(order, cards, play.joker_suit)], led)
    if not any(order.trick_key(c, led) > best for c in legal):
        return False
    return all(order.trick_key(c, led) < best for c in accepted)


def play_themes(
    play: Play,
    seat: str,
    legal: Sequence[Card],
    accepted: Iterable[str],
    best_line: Sequence[LineStep],
) -> tuple[str, ...]:
    """Return the theme tags of a play decision (sorted, no repeats)."""
    contract = play.contract
    order = _order(contract)
    chosen = [parse_card(a) for a in accepted]
    in_line = [parse_card(step.card) for step in best_line]
    tags: set[str] = set()
    if any(c.is_joker for c in chosen + in_line):
        tags.add("joker")
    if any(order.is_right_bower(c) or order.is_left_bower(c) for c in chosen + in_line):
        tags.add("bower")
    if contract.is_misere:
        tags.add("misère defence" if seat not in contract.team else "misère")
        if contract.is_open:
            tags.add("open misère")
    elif contract.trump is None:
        tags.add("no trumps")
    on_team = seat in contract.team
    if on_team and not play.current and all(order.is_trump(c) for c in chosen) and order.trump:
        tags.add("trump drawing")
    if _ruffs(order, best_line, [c for _, c in play.current]):
        tags.add("ruff")
    if _finesse(play, order, play.hands[seat], chosen):
        tags.add("finesse")
    if _ducks(play, order, legal, chosen):
        tags.add("duck")
    return tuple(sorted(tags))


def play_rating(
    rejected: int,
    natural_wrong: bool,
    margin: float,
    error: float,
    sampled: bool,
    themes: Sequence[str],
) -> float:
    """Return an initial difficulty from the features in docs/quizzes/five_hundred.md.

    ``margin`` and ``error``: the narrowest score gap between an accepted and a rejected card
    and its sampling error (single dummy only).
    """
    rating = float(RATING_BASE + min(240, 40 * max(0, rejected - 1)))
    if natural_wrong:
        rating += 250
    if sampled:
        rating += 150
        if margin < CLOSE * error:
            rating += 100
    if {"finesse", "duck"} & set(themes):
        rating += 100
    return float(max(RATING_MIN, min(RATING_MAX, rating)))


BID = ("bid",)
THEMES: dict[str, Theme] = {
    # play
    "joker": Theme("the joker"),
    "bower": Theme("the bowers"),
    "no trumps": Theme("no trumps", names_answer=BID),
    "misère defence": Theme("defending against misère"),
    "open misère": Theme("open misère"),
    "trump drawing": Theme("drawing trumps"),
    "ruff": Theme("trumping a side suit"),
    "finesse": Theme("finessing"),
    "duck": Theme("letting a trick go"),
    # bidding and the kitty
    "bidding": Theme("bidding"),
    "opening bid": Theme("the opening bid"),
    "partner's bid": Theme("bidding over your partner"),
    "competitive bid": Theme("bidding against the opponents"),
    "misère": Theme("misère", names_answer=BID),
    "pass": Theme("passing", names_answer=BID),
    "kitty": Theme("what to discard from the kitty"),
    "void making": Theme("emptying a side suit"),
}
