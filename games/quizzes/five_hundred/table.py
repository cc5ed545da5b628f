"""Run a 500 deal with the simple players: deal from a seed, bid, exchange, play to a cut.

Every step is deterministic for a seed, so a quiz can always be rebuilt from its seed. The
dealer rotates with the seed (seed 0 -> N, 1 -> E, ...) as in ``games.five_hundred.simulate``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import SEATS, Card, format_cards, sort_key
from games.five_hundred import (
    Auction,
    Contract,
    Deal,
    Play,
    SimpleBidder,
    SimplePlayer,
    choose_discards,
    exchange,
)
from games.five_hundred.calls import LEVELS, Call
from games.five_hundred.players import (
    KITTY_TRICKS,
    MIN_TRUMPS,
    PARTNER_TRICKS,
    misere_danger,
    no_trump_tricks,
    suit_tricks,
)
from games.five_hundred.rules import CardOrder
from games.five_hundred.settings import DEFAULT_SETTINGS
from games.position import Call as PositionCall
from games.position import FiveHundredPosition, Trick, deal_record, plays_of, settings_json
from games.sampling import deal_matching

GAME = "five_hundred"
Hands = Mapping[str, Sequence[Card]]


def dealer_for(seed: int) -> str:
    """Return the dealer of the deal for ``seed``."""
    return SEATS[seed % 4]


def deal_for(seed: int, constraint: Any = None) -> Deal:
    """Deal the 500 deal of ``seed`` that matches ``constraint``; NoDealFound propagates."""
    dealt = deal_matching(GAME, constraint, seed)
    hands = {seat: tuple(dealt.hands[seat]) for seat in SEATS}
    return Deal(dealer_for(seed), hands, tuple(dealt.extra))


def deal_as_json(deal: Deal) -> dict[str, Any]:
    """Return a deal as JSON: hands and kitty as lists of card strings, and the dealer."""
    return {
        "dealer": deal.dealer,
        "hands": {seat: [str(c) for c in deal.hands[seat]] for seat in SEATS},
        "kitty": [str(c) for c in deal.kitty],
    }


def worlds_as_json(worlds: Sequence[Mapping[str, Sequence[Card]]]) -> list[dict[str, list[str]]]:
    """Return sampled worlds as JSON: each place's cards as card strings."""
    return [{place: [str(c) for c in cards] for place, cards in w.items()} for w in worlds]


def run_calls(auction: Auction, hands: Hands, stop_before: int | None = None) -> Auction:
    """Let the simple bidder make the calls of ``auction`` (all, or up to call ``stop_before``)."""
    bidder = SimpleBidder()
    while auction.to_move is not None:
        if stop_before is not None and len(auction.calls) >= stop_before:
            break
        auction.call(bidder.choose_call(auction, hands[auction.to_move]))
    return auction


def replay(dealer: str, calls: Sequence[tuple[str, Call]]) -> Auction:
    """Return an auction with ``calls`` applied."""
    auction = Auction(dealer)
    for seat, call in calls:
        auction.call(call, seat)
    return auction


def bidder_agrees(dealer: str, calls: Sequence[tuple[str, Call]], hands: Hands) -> bool:
    """Return True when the simple bidder, holding ``hands``, makes the same calls.

    Only the calls of seats in ``hands`` are checked; the others are taken as made.
    """
    bidder = SimpleBidder()
    auction = Auction(dealer)
    for seat, call in calls:
        if seat in hands and bidder.choose_call(auction, hands[seat]) != call:
            return False
        auction.call(call, seat)
    return True


def bids_fit(calls: Sequence[tuple[str, Call]], hands: Hands) -> bool:
    """Return True when every bid by a seat in ``hands`` is one its hand supports.

    A trick bid must lie within the simple bidder's count for that strain; misère needs at
    most two dangerous cards and open misère none. Passes are not checked: they say little.
    """
    for seat, call in calls:
        if seat not in hands or call.is_pass:
            continue
        if call.is_misere:
            if misere_danger(hands[seat]) > (0 if call.is_open else 2):
                return False
        elif strain_limit(hands[seat], call.strain) < call.level:
            return False
    return True


def strain_limit(hand: Sequence[Card], strain: str) -> int:
    """Return the highest level the simple bidder bids in ``strain`` with ``hand`` (0: none).

    The same count as ``SimpleBidder.limits`` for one strain only: sampling calls it for
    thousands of hands, and the other four strains would be wasted work.
    """
    if strain == "NT":
        own = no_trump_tricks(hand)
        if not (own >= 4 and any(c.is_joker or c.rank == "A" for c in hand)):
            return 0
    else:
        order = CardOrder(strain)
        if sum(1 for c in hand if order.is_trump(c)) < MIN_TRUMPS:
            return 0
        own = suit_tricks(hand, strain)
    level = min(10, int(own + PARTNER_TRICKS + KITTY_TRICKS))
    return level if level >= min(LEVELS) else 0


def start_play(deal: Deal, contract: Contract) -> tuple[Play, tuple[Card, ...]]:
    """Let the declarer take the kitty and discard with the simple rule; return play, discards."""
    declarer = contract.declarer
    pool = [*deal.hands[declarer], *deal.kitty]
    discards = tuple(choose_discards(contract, pool))
    hands = dict(deal.hands)
    hands[declarer] = exchange(deal.hands[declarer], deal.kitty, discards)
    return Play(contract, hands), discards


def play_on(play: Play, tricks_left: int, extra_cards: int = 0) -> Play:
    """Play with the simple players until ``tricks_left`` remain and ``extra_cards`` are down."""
    player = SimplePlayer()
    while play.to_move is not None:
        remaining = 10 - len(play.tricks)
        if remaining < tricks_left or (
            remaining == tricks_left and len(play.current) >= extra_cards
        ):
            break
        seat = play.to_move
        card, named = player.choose_card(play, seat)
        play.play(seat, card, named)
    return play


def simple_choice(play: Play) -> Card:
    """Return the card the simple player would choose for the seat to move."""
    seat = play.to_move
    assert seat is not None
    return SimplePlayer().choose_card(play, seat)[0]


def cards_text(cards: Sequence[Card]) -> str:
    """Return cards as space-separated tokens."""
    return format_cards(cards)


def five_hundred_position(
    *,
    seat: str,
    question: str,
    deal: Deal,
    shown: Sequence[str],
    hidden: Sequence[str],
    auction: Sequence[tuple[str, Any]],
    contract: Mapping[str, Any] | None,
    play: Play | None = None,
    held: Mapping[str, Sequence[Card]] | None = None,
    **facts: Any,
) -> dict[str, Any]:
    """Return the JSON position of a 500 decision, built through the typed record.

    ``play`` is the card play up to the decision (None in the bidding); ``held`` the hands
    at the decision when they are not the dealt ones (the declarer holding the kitty).
    The house rules in force are the play's settings, else the defaults the bidding uses.
    """
    hands: dict[str, Sequence[Card]] = dict(deal.hands)
    if held is not None:
        hands.update(held)
    tricks: tuple[Trick, ...] = ()
    current = Trick()
    settings = DEFAULT_SETTINGS
    if play is not None:
        hands.update({s: play.hands[s] for s in play.hands})
        tricks = tuple(Trick(plays_of(t.plays), t.winner, t.joker_suit) for t in play.tricks)
        current = Trick(plays_of(play.current), None, play.joker_suit if play.current else None)
        settings = play.settings
    record = FiveHundredPosition(
        seat=seat,
        dealer=deal.dealer,
        question=question,
        hands={s: tuple(str(c) for c in sorted(hands[s], key=sort_key)) for s in shown},
        hidden=tuple(hidden),
        contract=None if contract is None else dict(contract),
        auction=tuple(PositionCall(s, str(c)) for s, c in auction),
        trick=current,
        tricks_played=tricks,
        tricks_won=play.tricks_won() if play is not None else {},
        tricks_left=10 - len(tricks),
        rules=settings_json(settings),
        deal=deal_record(deal.hands, hands, deal.kitty, facts.pop("laid_away", ())),
        **facts,
    )
    return record.to_json()
