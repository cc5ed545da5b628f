"""Play one whole Beyond deal with the simple players, as a JSON-ready record.

The dealer of seed ``n`` is seat ``n mod 4`` (N, E, S, W), as deal ``n`` of a match would be.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards import SEATS, Card, format_cards, sort_key

from .auction import Auction
from .calls import Call
from .declarations import Declarations
from .play import Play
from .players import choose_call, choose_card, choose_declaration
from .rules import deal
from .scoring import DealScore, score_contract, score_pass_round
from .seats import next_seat
from .variants import DEFAULT_SETTINGS, BeyondSettings

Bidder = Callable[[Auction, Sequence[Card]], Call]


def play_deal(seed: int, settings: BeyondSettings | None = None) -> dict[str, Any]:
    """Deal from ``seed``, bid, declare and play it out, and return the record."""
    settings = settings or DEFAULT_SETTINGS
    dealer = SEATS[seed % 4]
    return run_deal(deal(seed, dealer, settings), dealer, settings, seed)


def run_deal(
    hands: Mapping[str, Sequence[Card]],
    dealer: str,
    settings: BeyondSettings | None = None,
    seed: int | None = None,
    bidder: Bidder = choose_call,
) -> dict[str, Any]:
    """Bid, declare and play out the given hands with the simple players; return the record.

    ``bidder`` replaces the simple bidder, e.g. to force the pass round in a test.
    """
    settings = settings or DEFAULT_SETTINGS
    auction = Auction(dealer, settings)
    while (seat := auction.to_move) is not None:
        auction.call(bidder(auction, hands[seat]))
    contract = auction.result()
    targets: dict[str, int] | None = None
    contract_record: dict[str, Any] | None = None
    if contract is not None:
        declarations = Declarations(contract, dealer, settings)
        while (seat := declarations.to_move) is not None:
            declarations.declare(choose_declaration(declarations, hands[seat]))
        targets = declarations.targets
        contract_record = {
            "bid": str(contract.bid),
            "level": contract.level,
            "strain": contract.bid.strain,
            "trump": contract.trump,
            "declarer": contract.declarer,
            "raised": contract.raised,
            "text": str(contract),
            "declarations": [
                {"seat": s, "tricks": targets[s]} for s in declarations.seats_in_order
            ],
        }
    play = Play(hands, next_seat(dealer), contract.trump if contract else None, settings)
    while not play.is_finished:
        play.play(choose_card(play, targets))
    if contract is not None and targets is not None:
        score = score_contract(contract, targets, play.tricks_won(), settings)
    else:
        last = play.tricks[-1].winner
        assert last is not None  # the play is finished
        score = score_pass_round(play.tricks_won(), last, settings)
    return {
        "game": "beyond",
        "seed": seed,
        "dealer": dealer,
        "hands": {s: format_cards(sorted(hands[s], key=sort_key)) for s in SEATS},
        "extra": None,
        "auction": [{"seat": s, "call": str(c)} for s, c in auction.calls],
        "contract": contract_record,
        "tricks": [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in play.tricks
        ],
        "score": _score_record(score),
    }


def _score_record(score: DealScore) -> dict[str, Any]:
    return {
        "kind": score.kind,
        "points": score.points,
        "pairs": score.pair_points,
        "tricks": score.tricks,
        "hits": score.hits,
        "summary": score.summary,
    }


def describe(record: dict[str, Any]) -> str:
    """Return a readable multi-line account of a deal record: hands, auction, play, score."""
    lines = [f"Beyond, seed {record['seed']}, dealer {record['dealer']}"]
    lines += [f"  {seat}: {cards}" for seat, cards in record["hands"].items()]
    lines.append("Auction: " + ", ".join(f"{c['seat']} {c['call']}" for c in record["auction"]))
    contract = record["contract"]
    if contract is None:
        lines.append("All passed: the pass round (no trumps, every trick scores for the others)")
    else:
        lines.append(f"Contract: {contract['text']}")
        declared = ", ".join(f"{d['seat']} {d['tricks']}" for d in contract["declarations"])
        lines.append(f"Declarations: {declared}")
    for number, trick in enumerate(record["tricks"], 1):
        lines.append(
            f"Trick {number:2}: {trick['leader']} leads "
            f"{' '.join(trick['cards'])} -> {trick['winner']}"
        )
    taken = ", ".join(f"{s} {n}" for s, n in record["score"]["tricks"].items())
    lines.append(f"Tricks: {taken}")
    lines.append(f"Score: {record['score']['summary']}")
    return "\n".join(lines)
