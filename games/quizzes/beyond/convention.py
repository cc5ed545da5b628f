"""Convention quizzes: partner opened at the information level; what do you call?

The question comes from the simple bidder's auction of the deal: the first seat whose partner
opened with a 13-level suit bid (under the basic convention it only names partner's best
suit) and who has not bid yet. The candidates are pass and the highest legal
information-level bid in each strain; going straight to the genuine level is a judgement
the text leaves open, so it is not offered.

The calls are judged over sampled worlds, as every bidding quiz is:
- worlds: deals of the three hidden hands in which every other player, bidding with the
  simple bidder, would have made a call the convention reads the same way as the call made
  (same kind, band, suit shown and suit asked for);
- value of a call in a world: the call is made, the simple players finish the auction,
  declare and play to ``CUT_TRICKS`` tricks before the end, and the solver then says for
  each pair whether it can still force both of its declarations against the other two; the
  value is the points our pair scores minus the points the other pair scores (a pair that
  can force its targets scores, at most one pair can since the four targets never sum to 13);
- accepted: the best call and every call the worlds cannot tell from it (gap within two
  standard errors); kept only when every accepted call beats every rejected one by more
  than two standard errors of the paired difference (``margins.group_split``).
Partner's later demands (the 0-3 level) are not asked here: measured, their long auctions
rarely leave 100 consistent worlds, and where they did the verdict rewarded calls that only
exploit the simple players' continuation (docs/quizzes/beyond.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.beyond import (
    Auction,
    AuctionResult,
    Call,
    choose_call,
    make_bid,
)
from games.beyond.bidder import highest_legal
from games.beyond.calls import PASS, STRAIN_NAMES, STRAINS
from games.beyond.conventions import INFORMATION, Meaning, bids_by, interpret
from games.beyond.evaluation import suit_length
from games.beyond.scoring import contract_points
from games.beyond.seats import PAIRS, pair_of, partner
from games.cards import SEATS, Card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.solving import position_of, remaining_targets
from games.quizzes.beyond.table import (
    GAME,
    Hands,
    auction_pairs,
    cards_text,
    deal_hands,
    play_to_cut,
    run_auction,
    run_declarations,
)
from games.quizzes.beyond.table import dealer_for as table_dealer
from games.quizzes.beyond.themes import RATING_MAX, RATING_MIN
from games.quizzes.common.margins import Z, group_split
from games.sampling import NoDealFound, World, sample_worlds
from games.solver import Objective, solve

WORLDS = 200
CUT_TRICKS = 4
SHOW_LENGTH = 4
RULE_REF = "beyond.da.txt, basic convention: show a suit at 13-12, or ask with 13 no trumps"
History = Sequence[tuple[str, Call]]


def information_bids(auction: Auction) -> list[Call]:
    """Return the highest legal information-level bid in each strain."""
    calls = (highest_legal(auction, strain, INFORMATION) for strain in STRAINS)
    return [call for call in calls if call is not None]


def prescribed_calls(auction: Auction, seat: str, hand: Sequence[Card]) -> list[Call] | None:
    """Return what the convention prescribes when partner's lone 13-level suit bid stands and
    ``seat`` has not bid, else None: show a suit of four or more cards partner has not
    shown, or, with none, ask with 13 no trumps."""
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
        and call.bid.strain not in (bid.strain, "N")
        and suit_length(hand, call.bid.strain) >= SHOW_LENGTH
    ]
    ask = make_bid(13, "N")
    if shows:
        return shows
    return [ask] if auction.why_illegal(ask) is None else None


def find_question(hands: Hands, dealer: str) -> tuple[Auction, str, list[Call]] | None:
    """Return the first such question of the simple auction: the auction so far, the seat to
    call and the calls the convention prescribes."""
    auction = Auction(dealer)
    while (seat := auction.to_move) is not None:
        prescribed = prescribed_calls(auction, seat, hands[seat])
        if prescribed:
            return auction, seat, prescribed
        auction.call(choose_call(auction, hands[seat]))
    return None


def candidate_calls(auction: Auction, prescribed: Sequence[Call]) -> list[Call]:
    """Return the calls offered: pass and the information-level bids."""
    calls = [PASS, *information_bids(auction)]
    return calls + [c for c in prescribed if c not in calls]


def _reading(meaning: Meaning) -> tuple[str, str | None, str | None, str | None]:
    return meaning.kind, meaning.band, meaning.shows, meaning.asks_for


def auction_filter(dealer: str, history: History, seat: str) -> Callable[[World], bool]:
    """Return a test that, in a world, every other seat's simple call at each turn of
    ``history`` means what the call made there means under the convention."""

    def accept(world: World) -> bool:
        auction = Auction(dealer)
        for caller, call in history:
            if caller != seat:
                own = choose_call(auction, world[caller])
                if own != call and _reading(interpret(auction.calls, caller, own)) != _reading(
                    interpret(auction.calls, caller, call)
                ):
                    return False
            auction.call(call)
        return True

    return accept


def call_worlds(
    hands: Hands, dealer: str, history: History, seat: str, world_seed: str, n: int = WORLDS
) -> list[World]:
    """Return ``n`` deals that keep ``seat``'s hand and fit the auction so far."""
    others = [s for s in SEATS if s != seat]
    return sample_worlds(
        GAME,
        {seat: hands[seat]},
        [c for s in others for c in hands[s]],
        {s: 13 for s in others},
        world_seed,
        n,
        accept=auction_filter(dealer, history, seat),
    )


def world_values(
    world: World, dealer: str, history: History, seat: str, calls: Sequence[Call]
) -> dict[str, int]:
    """Return, per call, our pair's points minus the other pair's in this world."""
    out: dict[str, int] = {}
    by_contract: dict[AuctionResult, int] = {}
    for call in calls:
        contract = run_auction(world, dealer, [*(c for _, c in history), call]).result()
        # Partner's 13-level bid stands whatever we call, so there is always a contract.
        assert contract is not None
        if contract not in by_contract:
            by_contract[contract] = _contract_value(world, dealer, seat, contract)
        out[str(call)] = by_contract[contract]
    return out


def _contract_value(world: World, dealer: str, seat: str, contract: AuctionResult) -> int:
    """Return our pair's points minus the other pair's once the simple players reach the cut."""
    targets = run_declarations(world, contract, dealer).targets
    play = play_to_cut(world, dealer, contract.trump, targets, CUT_TRICKS)
    won = play.tricks_won()
    position = position_of(play)
    value = 0
    for pair in PAIRS:
        need = remaining_targets(targets, won, pair, CUT_TRICKS)
        if need is not None and solve(position, Objective.exact(need)).value:
            points = contract_points(contract, pair)
            value += points if pair == pair_of(seat) else -points
    return value


def _refutation(
    history: History, seat: str, call: Call, means: Mapping[str, float], best: str, worse: int
) -> str:
    meaning = interpret(history, seat, call)
    return (
        f"{call} {meaning.text}. Over the sampled deals it scored {means[str(call)]:+.1f} "
        f"points per deal for your pair (net of the opponents), against {means[best]:+.1f} "
        f"for {best}; it did worse in {worse} of them."
    )


def convention_quiz(seed: int, constraint: Any = None, worlds: int = WORLDS) -> QuizDraft | None:
    """Return the convention quiz of ``seed``, or None when its auction asks no such question,
    too few consistent worlds are found, or the worlds do not clearly separate the calls."""
    dealer = table_dealer(seed)
    hands = deal_hands(seed, constraint)
    found = find_question(hands, dealer)
    if found is None:
        return None
    auction, seat, prescribed = found
    history = list(auction.calls)
    calls = candidate_calls(auction, prescribed)
    world_seed = f"beyond/call/{seed}/worlds"
    try:
        sampled = call_worlds(hands, dealer, history, seat, world_seed, worlds)
    except NoDealFound:
        return None
    per_world = [world_values(w, dealer, history, seat, calls) for w in sampled]
    split = group_split(per_world, Z)
    if split is None or not split.clear:
        return None
    means = split.means
    best = max(split.accepted, key=lambda c: (means[c], c))
    candidates = []
    for call in calls:
        token = str(call)
        label = token if call.bid is None else call.bid.name
        value = round(means[token], 4)
        if token in split.accepted:
            candidates.append(Candidate(token, value, True, label))
            continue
        worse = sum(1 for w in per_world if w[token] < w[best])
        why = _refutation(history, seat, call, means, best, worse)
        candidates.append(Candidate(token, value, False, label, why))
    natural = str(choose_call(auction, hands[seat]))
    rating = 1100 + 200 * (natural not in split.accepted) + 100 * (len(split.accepted) <= 2)
    standing = auction.standing
    assert standing is not None  # partner's 13-level bid stands
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode="single_dummy",
        prompt=(
            f"Beyond, basic convention. You are {seat}. Partner opened {standing[1]}, which "
            f"only names {STRAIN_NAMES[standing[1].strain]} as partner's best suit. "
            "What do you call?"
        ),
        position={
            "seat": seat,
            "dealer": dealer,
            "hands": {seat: cards_text(hands[seat])},
            "hidden": [s for s in SEATS if s != seat],
            "contract": {},
            "auction": auction_pairs(auction),
            "trick": [],
            "tricks_played": [],
            "question": "call",
        },
        candidates=tuple(candidates),
        unit="points",
        themes=("convention", "information_level"),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REF,
        seed=seed,
        samples=worlds,
        margin=round(split.margin, 4),
        extra={
            "deal": {s: cards_text(h) for s, h in hands.items()},
            "question": "call",
            "situation": "ask",
            "world_seed": world_seed,
            "sampling_error": round(split.error, 4),
            "prescribed": [str(c) for c in prescribed],
            "cut_tricks": CUT_TRICKS,
        },
    )
