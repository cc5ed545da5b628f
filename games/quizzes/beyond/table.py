"""Deal, bid and declare a Beyond deal with the simple players, from a seed.

The seed fixes the deal (through ``games.sampling.deal_matching``, so a constraint can be
asked for), the dealer (seat ``seed mod 4``, as deal ``seed`` of a match) and, through the
generators' own random streams, where the deal is cut. Nothing here is random beyond that.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.beyond import (
    Auction,
    AuctionResult,
    Call,
    Declarations,
    Play,
    choose_call,
    choose_card,
    choose_declaration,
)
from games.beyond.seats import next_seat
from games.beyond.variants import DEFAULT_SETTINGS
from games.cards import SEATS, Card, sort_key
from games.position import BeyondPosition, Trick, deal_record, plays_of, settings_json
from games.position import Call as PositionCall
from games.sampling import deal_matching

GAME = "beyond"
Hands = dict[str, list[Card]]


def cards_text(cards: Iterable[Card]) -> list[str]:
    """Return cards as sorted tokens, the form positions store."""
    return [str(c) for c in sorted(cards, key=sort_key)]


def dealer_for(seed: int) -> str:
    """Return the dealer of deal ``seed``: N, E, S, W in turn."""
    return SEATS[seed % 4]


def deal_hands(seed: int, constraint: Any = None) -> Hands:
    """Return the four hands of deal ``seed``; the deal matches ``constraint`` if one is given.

    NoDealFound from the sampler propagates when the constraint cannot be met.
    """
    dealt = deal_matching(GAME, constraint, seed)
    return {seat: list(dealt.hands[seat]) for seat in SEATS}


def run_auction(
    hands: Mapping[str, Sequence[Card]], dealer: str, calls: Sequence[Call] = ()
) -> Auction:
    """Return the auction of the simple bidder on these hands, finished from ``calls``."""
    auction = Auction(dealer, calls=list(calls))
    while (seat := auction.to_move) is not None:
        auction.call(choose_call(auction, hands[seat]))
    return auction


def run_declarations(
    hands: Mapping[str, Sequence[Card]], contract: AuctionResult, dealer: str
) -> Declarations:
    """Return the finished declaration round of the simple players."""
    declarations = Declarations(contract, dealer)
    while (seat := declarations.to_move) is not None:
        declarations.declare(choose_declaration(declarations, hands[seat]))
    return declarations


def play_to_cut(
    hands: Mapping[str, Sequence[Card]],
    dealer: str,
    trump: str | None,
    targets: Mapping[str, int],
    tricks_left: int,
) -> Play:
    """Return the play of the simple players from the first lead until ``tricks_left``
    tricks remain."""
    play = Play({s: list(hands[s]) for s in SEATS}, next_seat(dealer), trump)
    while len(play.completed) < 13 - tricks_left:
        play.play(choose_card(play, targets))
    return play


def auction_pairs(auction: Auction) -> list[list[str]]:
    """Return the auction as JSON-safe [seat, call] pairs."""
    return [[seat, str(call)] for seat, call in auction.calls]


def contract_dict(contract: AuctionResult, targets: Mapping[str, int]) -> dict[str, Any]:
    """Return the contract and the four declarations, JSON-safe."""
    return {
        "bid": str(contract.bid),
        "level": contract.level,
        "strain": contract.bid.strain,
        "trump": contract.trump,
        "declarer": contract.declarer,
        "raised": contract.raised,
        "text": str(contract),
        "targets": {seat: targets[seat] for seat in SEATS if seat in targets},
    }


@dataclass(frozen=True)
class Table:
    """A deal bid and declared by the simple players, ready to be played."""

    seed: int
    dealer: str
    hands: Hands
    auction: Auction
    contract: AuctionResult
    targets: dict[str, int]

    def new_play(self) -> Play:
        """Return the play of this deal from its first lead (left of the dealer)."""
        hands = {seat: list(cards) for seat, cards in self.hands.items()}
        return Play(hands, next_seat(self.dealer), self.contract.trump)

    def play_until(self, tricks_left: int, cards_down: int) -> Play:
        """Return the play after the simple players have reached the cut point."""
        play = self.new_play()
        done = 13 - tricks_left
        while len(play.completed) < done or len(play.current.cards) < cards_down:
            play.play(choose_card(play, self.targets))
        return play


def bid_and_declare(seed: int, constraint: Any = None) -> Table | None:
    """Return the table of deal ``seed``, or None when the auction ends in the pass round."""
    dealer = dealer_for(seed)
    hands = deal_hands(seed, constraint)
    auction = run_auction(hands, dealer)
    contract = auction.result()
    if contract is None:
        return None
    declarations = run_declarations(hands, contract, dealer)
    return Table(seed, dealer, hands, auction, contract, dict(declarations.targets))


def declaration_order(contract: AuctionResult, dealer: str) -> list[str]:
    """Return the seats in the order they declare: the declarer (by the bid), then the rest."""
    return Declarations(contract, dealer).seats_in_order


def beyond_position(
    *,
    seat: str,
    dealer: str,
    question: str,
    dealt: Mapping[str, Sequence[Card]],
    shown: Sequence[str],
    auction: Auction,
    contract: AuctionResult | None,
    targets: Mapping[str, int],
    play: Play | None = None,
    **facts: Any,
) -> dict[str, Any]:
    """Return the JSON position of a Beyond decision, built through the typed record.

    ``targets`` are the declarations made so far; ``play`` the card play up to the decision
    (None before it starts). ``facts`` are the play quizzes' extras (aim, lead lock, ...).
    """
    held = {s: list(play.hands[s]) for s in SEATS} if play is not None else dict(dealt)
    order = declaration_order(contract, dealer) if contract is not None else []
    tricks: tuple[Trick, ...] = ()
    current = Trick()
    if play is not None:
        tricks = tuple(
            Trick(plays_of(zip(_seats_from(t.leader), t.cards, strict=False)), t.winner)
            for t in play.completed
        )
        current = Trick(
            plays_of(zip(_seats_from(play.current.leader), play.current.cards, strict=False))
        )
    record = BeyondPosition(
        seat=seat,
        dealer=dealer,
        question=question,
        hands={s: tuple(cards_text(held[s])) for s in shown},
        hidden=tuple(s for s in SEATS if s not in shown),
        contract={} if contract is None else contract_dict(contract, targets),
        auction=auction_calls(auction),
        trick=current,
        tricks_played=tricks,
        tricks_won=play.tricks_won() if play is not None else {},
        tricks_left=13 - len(tricks),
        targets={s: targets[s] for s in SEATS if s in targets},
        declarations=tuple((s, targets[s]) for s in order if s in targets),
        rules=settings_json(DEFAULT_SETTINGS),
        deal=deal_record(dealt, held),
        **facts,
    )
    return record.to_json()


def _seats_from(leader: str) -> list[str]:
    return [leader, *(next_seat(leader, i) for i in range(1, 4))]


def auction_calls(auction: Auction) -> tuple[PositionCall, ...]:
    """Return the auction as the record's calls."""
    return tuple(PositionCall(s, c) for s, c in auction_pairs(auction))


def worlds_json(worlds: Iterable[Mapping[str, Sequence[Card]]]) -> list[dict[str, list[str]]]:
    """Return sampled worlds (every seat's hand) as JSON: seat -> sorted card tokens."""
    return [{s: cards_text(w[s]) for s in SEATS if s in w} for w in worlds]
