"""Convention quizzes: the next call when the basic convention of the rule text prescribes it.

Two situations, found by walking the simple bidder's auction of the deal (the first one
that occurs is asked):
- partner's standing bid is a demand (a suit bid at 0-3 tricks asks for the next stronger
  strain): the prescribed call answers it at the same level;
- partner opened the information level with a 13-level suit bid and we have not bid: we
  must not pass (partner would be stuck); we show a suit of four or more cards that partner
  has not shown, or, with none, bid 13 no trumps to ask for another suit.
These are judged by the convention, not over sampled worlds: the value is 1 for the
prescribed calls and 0 for the rest, and each rejected call's refutation says what it would
mean under the convention instead (``games.beyond.conventions``).
"""

from __future__ import annotations

from typing import Any

from games.beyond import Auction, Call, choose_call, make_bid
from games.beyond.calls import PASS, STRAIN_NAMES
from games.beyond.conventions import INFORMATION, bids_by, interpret, standing_meaning
from games.beyond.evaluation import suit_length
from games.beyond.seats import partner
from games.cards import Card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.table import GAME, Hands, auction_pairs, cards_text, deal_hands
from games.quizzes.beyond.table import dealer_for as table_dealer
from games.quizzes.beyond.themes import RATING_MAX, RATING_MIN

SHOW_LENGTH = 4
RULE_REFS = {
    "demand": "beyond.da.txt, basic convention: the 0-3 level demands a trump from partner",
    "ask": "beyond.da.txt, basic convention: show a suit at 13-12, or ask with 13 no trumps",
}


def _demand_answer(auction: Auction, seat: str) -> list[Call] | None:
    standing = auction.standing
    if standing is None or standing[0] != partner(seat):
        return None
    meaning = standing_meaning(auction)
    if meaning is None or meaning.kind != "demand" or meaning.asks_for is None:
        return None
    answer = make_bid(standing[1].level, meaning.asks_for)
    return [answer] if auction.why_illegal(answer) is None else None


def _information_reply(auction: Auction, seat: str, hand: list[Card]) -> list[Call] | None:
    standing = auction.standing
    if standing is None or standing[0] != partner(seat) or bids_by(auction.calls, seat):
        return None
    bid = standing[1]
    if bid.level != 13 or bid.strain == "N" or len(bids_by(auction.calls, partner(seat))) != 1:
        return None
    shows = [
        call
        for call in information_bids(auction)
        if call.bid is not None
        and call.bid.strain != bid.strain
        and call.bid.strain != "N"
        and suit_length(hand, call.bid.strain) >= SHOW_LENGTH
    ]
    ask = make_bid(13, "N")
    if shows:
        return shows
    return [ask] if auction.why_illegal(ask) is None else None


def information_bids(auction: Auction) -> list[Call]:
    """Return the highest legal information-level bid in each strain."""
    out = []
    for strain in "CDHSN":
        for level in sorted(INFORMATION, reverse=True):
            call = make_bid(level, strain)
            if auction.why_illegal(call) is None:
                out.append(call)
                break
    return out


def find_question(hands: Hands, dealer: str) -> tuple[Auction, str, str, list[Call]] | None:
    """Return the first convention question of the simple auction: auction so far, seat,
    situation and the prescribed calls."""
    auction = Auction(dealer)
    while (seat := auction.to_move) is not None:
        demand = _demand_answer(auction, seat)
        if demand:
            return auction, seat, "demand", demand
        reply = _information_reply(auction, seat, hands[seat])
        if reply:
            return auction, seat, "ask", reply
        auction.call(choose_call(auction, hands[seat]))
    return None


def candidate_calls(auction: Auction, situation: str, prescribed: list[Call]) -> list[Call]:
    """Return the calls offered: all legal calls after a demand, else pass and the
    information-level bids (the genuine level is a judgement the text leaves open)."""
    if situation == "demand":
        return auction.legal_calls()
    calls = [PASS, *information_bids(auction)]
    return calls + [c for c in prescribed if c not in calls]


def convention_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the convention quiz of ``seed``, or None when its auction asks no such question."""
    dealer = table_dealer(seed)
    hands = deal_hands(seed, constraint)
    found = find_question(hands, dealer)
    if found is None:
        return None
    auction, seat, situation, prescribed = found
    calls = candidate_calls(auction, situation, prescribed)
    names = ", ".join(str(c) for c in prescribed)
    candidates = []
    for call in calls:
        meaning = interpret(auction.calls, seat, call)
        label = str(call) if call.bid is None else call.bid.name
        if call in prescribed:
            candidates.append(Candidate(str(call), 1.0, True, label))
            continue
        why = f"{call} would mean: {meaning.text}. The convention calls for {names} here."
        candidates.append(Candidate(str(call), 0.0, False, label, why))
    natural = choose_call(auction, hands[seat])
    rating = 1100 + 200 * (natural not in prescribed) + (150 if situation == "demand" else 0)
    standing = auction.standing
    assert standing is not None  # both situations answer a bid of partner's
    question = (
        f"Partner bid {standing[1]}, a demand. What do you call?"
        if situation == "demand"
        else f"Partner opened {standing[1]}, showing {STRAIN_NAMES[standing[1].strain]}. "
        "What do you call?"
    )
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode="single_dummy",
        prompt=f"Beyond, basic convention. You are {seat}. {question}",
        position={
            "seat": seat,
            "dealer": dealer,
            "hands": {seat: cards_text(hands[seat])},
            "hidden": [s for s in "NESW" if s != seat],
            "contract": {},
            "auction": auction_pairs(auction),
            "trick": [],
            "tricks_played": [],
            "question": "call",
        },
        candidates=tuple(candidates),
        unit="convention",
        themes=("convention", "demand" if situation == "demand" else "information_level"),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REFS[situation],
        seed=seed,
        samples=None,
        margin=1.0,
        extra={
            "deal": {s: cards_text(h) for s, h in hands.items()},
            "question": "call",
            "situation": situation,
        },
    )
