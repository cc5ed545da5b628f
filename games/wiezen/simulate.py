"""Play one whole deal with the simple players and describe it (for the shared CLI)."""

from __future__ import annotations

from typing import Any

from games.cards import SEATS, format_cards
from games.wiezen.auction import Auction
from games.wiezen.play import Play
from games.wiezen.players import choose_call, choose_card
from games.wiezen.rules import deal
from games.wiezen.scoring import score_deal
from games.wiezen.settings import WiezenSettings


def dealer_for(seed: int) -> str:
    """Return the dealer of a simulated deal: the seat chosen by the seed, so it varies."""
    return SEATS[seed % 4]


def play_deal(seed: int, settings: WiezenSettings | None = None) -> dict[str, Any]:
    """Deal from ``seed``, bid and play with the simple players, and return the record."""
    dealer = dealer_for(seed)
    hands = deal(seed, dealer)
    auction = Auction(dealer, hands, settings)
    while not auction.finished:
        auction.apply(choose_call(auction))
    contract = auction.contract
    tricks: list[dict[str, Any]] = []
    exposed_after = None
    tricks_won = None
    if contract is not None:
        play = Play(hands, contract)
        while not play.finished:
            play.play(choose_card(play))
        tricks = [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in play.tricks
        ]
        tricks_won = play.tricks_won()
        exposed_after = play.exposed_after
    score = score_deal(contract, tricks_won, settings)
    contract_dict = None
    if contract is not None:
        contract_dict = contract.to_dict() | {"hands_shown_after_card": exposed_after}
    return {
        "game": "wiezen",
        "seed": seed,
        "dealer": dealer,
        "hands": {s: format_cards(hands[s]) for s in SEATS},
        "extra": None,
        "auction": [{"seat": s, "call": str(c)} for s, c in auction.history],
        "contract": contract_dict,
        "tricks": tricks,
        "score": score.to_dict() | {"tricks_won": tricks_won},
    }


def describe(record: dict[str, Any]) -> str:
    """Return a readable multi-line account of a ``play_deal`` record."""
    lines = [f"Kleurenwiezen, seed {record['seed']}, dealer {record['dealer']}", "Hands:"]
    lines += [f"  {seat}: {cards}" for seat, cards in record["hands"].items()]
    lines.append("Auction:")
    lines += [f"  {c['seat']}: {c['call']}" for c in record["auction"]]
    contract = record["contract"]
    if contract is None:
        lines.append("Contract: none (all passed, thrown in)")
    else:
        lines.append(f"Contract: {contract['description']}, {contract['first_leader']} leads")
        if contract.get("hands_shown_after_card"):
            lines.append("  (the open miserie hands go face up after the first card)")
        lines.append("Play:")
        for number, trick in enumerate(record["tricks"], start=1):
            cards = " ".join(trick["cards"])
            lines.append(f"  {number:2d}. {trick['leader']} leads: {cards}  -> {trick['winner']}")
    lines.append(f"Score: {record['score']['summary']}")
    return "\n".join(lines)
