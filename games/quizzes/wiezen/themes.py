"""Theme tags and the first difficulty rating of a play quiz, computed by fixed rules.

Each rule is stated in docs/quizzes/wiezen.md ("Themes" and "Rating"); the tags describe the
best card in the real deal, so they can name where the missing cards lie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.cards import RANKS, SEATS, Card, parse_card
from games.quizzes.themes import Theme
from games.wiezen import Contract, trick_winner
from games.wiezen.seats import seat_after

RATING_MIN = 1000
RATING_MAX = 2200
# Harder plays: giving up a trick now, or relying on where a card lies.
SUBTLE = frozenset({"duck", "finesse", "unblock"})


@dataclass(frozen=True)
class Spot:
    """The decision as the theme rules see it: the full remaining deal and the trick."""

    contract: Contract
    seat: str
    hands: Mapping[str, Sequence[Card]]
    leader: str
    trick: Sequence[Card]
    played: frozenset[Card]

    def side(self, seat: str) -> tuple[str, ...]:
        """Return the seats on ``seat``'s side."""
        return self.contract.partners(seat)

    def seats_before(self) -> list[str]:
        """Return the seats that already played to this trick, in order."""
        return [seat_after(self.leader, i) for i in range(len(self.trick))]

    def winning(self) -> tuple[str, Card] | None:
        """Return who is winning the trick so far and with which card."""
        if not self.trick:
            return None
        index = trick_winner(self.trick, self.contract.trump)
        return seat_after(self.leader, index), self.trick[index]

    def beats(self, card: Card) -> bool:
        """Return True when ``card`` would win the trick as it stands."""
        cards = [*self.trick, card]
        return trick_winner(cards, self.contract.trump) == len(self.trick)


def _is_master(spot: Spot, card: Card) -> bool:
    higher = RANKS[RANKS.index(card.rank) + 1 :]
    hand = spot.hands[spot.seat]
    return all(Card(card.suit, r) in spot.played or Card(card.suit, r) in hand for r in higher)


def _finesse(spot: Spot, card: Card) -> bool:
    """Return True when ``card`` is the low card of a tenace whose gap sits in front of it."""
    hand = spot.hands[spot.seat]
    higher = [
        c for c in hand if c.suit == card.suit and RANKS.index(c.rank) > RANKS.index(card.rank)
    ]
    if not higher:
        return False
    top = min(higher, key=lambda c: RANKS.index(c.rank))
    gap = [
        Card(card.suit, r)
        for r in RANKS[RANKS.index(card.rank) + 1 : RANKS.index(top.rank)]
        if Card(card.suit, r) not in spot.played and Card(card.suit, r) not in hand
    ]
    if not gap:
        return False
    before = {s for s in spot.seats_before() if s not in spot.side(spot.seat)}
    holders = {s for s in SEATS for g in gap if g in spot.hands[s]}
    return bool(holders) and holders <= before


def play_themes(spot: Spot, best: str) -> list[str]:
    """Return the theme tags of playing ``best`` in ``spot`` (contract kind first)."""
    card = parse_card(best)
    contract = spot.contract
    trump = contract.trump
    tags = [contract.kind.value]
    if contract.is_individual:
        tags.append("misere_declarer" if spot.seat in contract.declarers else "misere_defence")
    hand = spot.hands[spot.seat]
    if not spot.trick:
        defenders_trumps = any(c.suit == trump for s in contract.defenders for c in spot.hands[s])
        if trump and card.suit == trump and spot.seat in contract.declarers and defenders_trumps:
            tags.append("trump_drawing")
        elif _is_master(spot, card):
            tags.append("cash")
        return tags
    led = spot.trick[0].suit
    winning = spot.winning()
    assert winning is not None
    if card.suit != led:
        if trump and card.suit == trump:
            tags.append("ruff")
            if winning[1].suit == trump and winning[0] not in spot.side(spot.seat):
                tags.append("overruff")
        else:
            tags.append("discard")
        return tags
    if contract.is_individual:
        return tags
    partner_wins = winning[0] in spot.side(spot.seat)
    if partner_wins and spot.beats(card):
        tags.append("unblock")
    elif (
        not partner_wins
        and not spot.beats(card)
        and any(spot.beats(c) for c in hand if c.suit == led)
    ):
        tags.append("duck")
    if _finesse(spot, card):
        tags.append("finesse")
    return tags


def play_rating(
    candidates: int,
    accepted: int,
    tricks_left: int,
    natural_wrong: bool,
    highest_wrong: bool,
    themes: Sequence[str],
    close: bool,
) -> int:
    """Return an initial difficulty from the features listed in docs/quizzes/wiezen.md."""
    rating = 1150
    rating += 40 * min(candidates - 2, 6)
    rating += 30 * (tricks_left - 4)
    rating -= 40 * min(accepted - 1, 3)
    if natural_wrong:
        rating += 300
    if highest_wrong:
        rating += 100
    if SUBTLE & set(themes):
        rating += 150
    if close:
        rating += 100
    return max(RATING_MIN, min(RATING_MAX, rating))


BID = ("bid",)
THEMES: dict[str, Theme] = {
    # play: the contract, then the technique
    "ask_join": Theme("playing a pair contract"),
    "alone": Theme("playing alone"),
    "troel": Theme("troel"),
    "abondance": Theme("abondance"),
    "solo": Theme("solo"),
    "piccolo": Theme("piccolo"),
    "miserie": Theme("miserie"),
    "open_miserie": Theme("open miserie"),
    "misere_declarer": Theme("playing miserie"),
    "misere_defence": Theme("defending against miserie"),
    "trump_drawing": Theme("drawing trumps"),
    "cash": Theme("cashing a sure winner"),
    "ruff": Theme("trumping a side suit"),
    "overruff": Theme("overtrumping"),
    "discard": Theme("what to throw away"),
    "unblock": Theme("unblocking"),
    "duck": Theme("letting a trick go"),
    "finesse": Theme("finessing"),
    # bidding: the best call's kind names the answer
    "bid_pass": Theme("passing", names_answer=BID),
    "bid_ask": Theme("asking", names_answer=BID),
    "bid_join": Theme("joining", names_answer=BID),
    "bid_alone": Theme("going alone", names_answer=BID),
    "bid_abondance": Theme("bidding abondance", names_answer=BID),
    "bid_solo": Theme("bidding solo", names_answer=BID),
    "bid_miserie": Theme("bidding miserie", names_answer=BID),
    "bid_open_miserie": Theme("bidding open miserie", names_answer=BID),
    "bid_piccolo": Theme("bidding piccolo", names_answer=BID),
    "bid_troel": Theme("bidding troel", names_answer=BID),
    "bid_join_troel": Theme("joining a troel", names_answer=BID),
    "answer_ask": Theme("answering an ask"),
    "asker_choice": Theme("the asker's choice after no one joins"),
    "over_special_bid": Theme("bidding over a special contract"),
    "first_call": Theme("the first call of the auction"),
    "gamble": Theme("a gamble that pays on average"),
}
