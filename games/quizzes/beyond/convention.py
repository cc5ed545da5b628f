"""Convention quizzes: what does the basic convention (lesson 8) tell you to call here?

Two questions come from the simple bidder's auction of the deal, whichever comes first:

- ``convention``: partner opened with a 13-level suit bid, which only names partner's best
  suit, the next opponent passed, and you have not bid. The basic convention (beyond.da.txt,
  the closing section; lesson 8, "The information level"): show a suit of your own at the
  information level, your best one (here: your longest suit of four or more cards that
  partner has not shown; equally long suits are all accepted), or, with no such suit, ask
  with 13 no trumps. Passing leaves partner stuck in 13. Offered: pass and the highest legal
  information-level bid in each strain.
- ``demand``: partner's standing bid is a demand (a 0-3 suit bid), which asks you to bid the
  next stronger strain at the same level (lesson 8, "The demand level"). The convention says
  answer it. Offered: pass, the answer, the other stronger strains at that level (each a
  demand or a natural bid of its own) and the demanded strain one level lower.

The answer to a demand is forced by partner's call, and the simple bidder demands spades in
about half its demands (27 of 59 over 600 deals; hearts 18, diamonds 14). So that no answer
passes more than a third of the demand drills, the seeds take turns (``question_for_seed``):
of four odd seeds in a row, three ask an information-level question and the fourth drills a
demand for the strain whose turn it is (diamonds, hearts, spades in turn). Each deals the
seed's own deal and then deals derived from the seed until the simple auction's first
question is the one wanted. The learner meets diamonds, hearts and spades demands alike and
must read which strain partner's call asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.beyond import Auction, AuctionResult, Call, choose_call, make_bid
from games.beyond.bidder import highest_legal
from games.beyond.calls import PASS, STRAIN_NAMES, STRAINS, as_call
from games.beyond.conventions import (
    DEMAND,
    INFORMATION,
    Meaning,
    bids_by,
    interpret,
    standing_meaning,
)
from games.beyond.evaluation import suit_length
from games.beyond.scoring import contract_points
from games.beyond.seats import PAIRS, pair_of, partner
from games.cards import SEATS, Card, parse_card
from games.quizzes.base import Candidate, QuizDraft
from games.quizzes.beyond.settle import pairs_hitting
from games.quizzes.beyond.table import (
    GAME,
    Hands,
    beyond_position,
    cards_text,
    deal_hands,
    run_auction,
    run_declarations,
    worlds_json,
)
from games.quizzes.beyond.table import dealer_for as table_dealer
from games.quizzes.beyond.themes import RATING_MAX, RATING_MIN
from games.quizzes.common.valuation import Valuation, current
from games.quizzes.units import CONVENTION as CONVENTION_UNIT
from games.sampling import NoDealFound, World, sample_worlds

WORLDS = {"convention": 200, "demand": 100}
# Draws tried for the context worlds: demand auctions rarely fit, so give up early there.
MAX_TRIES = {"convention": 20000, "demand": 5000}
SHOW_LENGTH = 4
CONVENTION = "convention"
DEMAND_Q = "demand"
# The strains the simple bidder demands (it never demands clubs or no trumps), in turn.
DEMAND_STRAINS = ("D", "H", "S")
# Deals searched for the question wanted (a diamonds demand, the rarest, comes in about 1 in 40).
SEARCH_DEALS = 400
RULE_REFS = {
    CONVENTION: "beyond.da.txt, basic convention: show a suit at 13-12, or ask with 13 no trumps",
    DEMAND_Q: "beyond.da.txt, basic convention: a 0-3 suit bid demands the next stronger strain",
}
History = Sequence[tuple[str, Call]]


@dataclass(frozen=True)
class Question:
    """One convention question: the auction so far, who calls, what is offered and prescribed."""

    question: str  # convention or demand
    auction: Auction
    seat: str
    calls: list[Call]
    prescribed: list[Call]


def information_bids(auction: Auction) -> list[Call]:
    """Return the highest legal information-level bid in each strain."""
    calls = (highest_legal(auction, strain, INFORMATION) for strain in STRAINS)
    return [call for call in calls if call is not None]


def partners_opening(auction: Auction, seat: str) -> str | None:
    """Return the strain of partner's lone 13-level suit bid when it stands and ``seat`` has
    not bid yet, else None."""
    standing = auction.standing
    if standing is None or standing[0] != partner(seat) or bids_by(auction.calls, seat):
        return None
    bid = standing[1]
    if bid.level != 13 or bid.strain == "N" or len(bids_by(auction.calls, partner(seat))) != 1:
        return None
    return bid.strain


def prescribed_calls(auction: Auction, seat: str, hand: Sequence[Card]) -> list[Call] | None:
    """Return what the basic convention prescribes over partner's 13-level opening, or None
    when that is not the situation: show the best suit of your own, the longest of four or
    more cards partner has not shown (equal lengths all count), else ask with 13 no trumps."""
    opened = partners_opening(auction, seat)
    if opened is None:
        return None
    shows = {
        call.bid.strain: call
        for call in information_bids(auction)
        if call.bid is not None
        and call.bid.strain not in (opened, "N")
        and suit_length(hand, call.bid.strain) >= SHOW_LENGTH
    }
    if shows:
        longest = max(suit_length(hand, s) for s in shows)
        return [c for s, c in shows.items() if suit_length(hand, s) == longest]
    ask = make_bid(13, "N")
    return [ask] if auction.why_illegal(ask) is None else None


def demand_answer(auction: Auction, seat: str) -> Call | None:
    """Return the answer to partner's standing demand (the strain asked for at its level), or
    None when partner's standing bid is no demand."""
    standing = auction.standing
    if standing is None or standing[0] != partner(seat):
        return None
    meaning = standing_meaning(auction)
    if meaning is None or meaning.kind != "demand" or meaning.asks_for is None:
        return None
    answer = make_bid(standing[1].level, meaning.asks_for)
    return answer if auction.why_illegal(answer) is None else None


def demand_calls(auction: Auction, answer: Call) -> list[Call]:
    """Return the calls offered over partner's demand: pass, the answer, the other stronger
    strains at that level and the demanded strain one level lower."""
    assert answer.bid is not None
    level, strain = answer.bid.level, answer.bid.strain
    calls = [PASS, answer]
    for other in STRAINS[STRAINS.index(strain) + 1 :]:
        calls.append(make_bid(level, other))
    if level - 1 in DEMAND:
        calls.append(make_bid(level - 1, strain))
    return [c for c in calls if auction.why_illegal(c) is None]


def question_at(auction: Auction, seat: str, hand: Sequence[Card]) -> Question | None:
    """Return the convention question ``seat`` faces now, if any."""
    prescribed = prescribed_calls(auction, seat, hand)
    if prescribed:
        offered = [PASS, *information_bids(auction)]
        offered += [c for c in prescribed if c not in offered]
        return Question(CONVENTION, auction, seat, offered, prescribed)
    answer = demand_answer(auction, seat)
    if answer is not None:
        return Question(DEMAND_Q, auction, seat, demand_calls(auction, answer), [answer])
    return None


def find_question(hands: Hands, dealer: str) -> Question | None:
    """Return the first convention question of the simple bidder's auction of ``hands``."""
    auction = Auction(dealer)
    while (seat := auction.to_move) is not None:
        found = question_at(auction, seat, hands[seat])
        if found is not None:
            return found
        auction.call(choose_call(auction, hands[seat]))
    return None


def question_for_seed(seed: int, constraint: Any = None) -> tuple[Question, Hands, str] | None:
    """Return the question quiz ``seed`` asks, with its hands and dealer, or None.

    Of four odd seeds in a row, three ask an information-level question and the fourth a
    demand for the strain in turn. The deals tried are the seed's own, then
    ``seed * SEARCH_DEALS + k``, until an auction's first question is the one wanted (none in
    ``SEARCH_DEALS`` deals: no quiz).
    """
    turn = seed // 2
    want_demand = turn % 4 == 3
    wanted = DEMAND_STRAINS[(turn // 4) % len(DEMAND_STRAINS)]
    for deal in (seed, *(seed * SEARCH_DEALS + k for k in range(SEARCH_DEALS))):
        hands, dealer = deal_hands(deal, constraint), table_dealer(deal)
        found = find_question(hands, dealer)
        if found is None or (found.question == DEMAND_Q) != want_demand:
            continue
        if want_demand and not _demands(found, wanted):
            continue
        return found, hands, dealer
    return None


def _demands(found: Question, strain: str) -> bool:
    return any(c.bid is not None and c.bid.strain == strain for c in found.prescribed)


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
    hands: Hands,
    dealer: str,
    history: History,
    seat: str,
    world_seed: str,
    n: int,
    max_tries: int = MAX_TRIES[CONVENTION],
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
        max_tries=max_tries,
    )


def world_values(
    world: World,
    dealer: str,
    history: History,
    seat: str,
    calls: Sequence[Call],
    valuation: Valuation,
) -> dict[str, int]:
    """Return, per call, our pair's points minus the other pair's in this world (0 for a
    call that ends the auction in the pass round)."""
    out: dict[str, int] = {}
    by_contract: dict[AuctionResult, int] = {}
    for call in calls:
        contract = run_auction(world, dealer, [*(c for _, c in history), call]).result()
        if contract is None:
            out[str(call)] = 0
            continue
        if contract not in by_contract:
            by_contract[contract] = _contract_value(world, dealer, seat, contract, valuation)
        out[str(call)] = by_contract[contract]
    return out


def _contract_value(
    world: World, dealer: str, seat: str, contract: AuctionResult, valuation: Valuation
) -> int:
    """Return our pair's points minus the other pair's, the deal played as ``valuation`` says."""
    targets = run_declarations(world, contract, dealer).targets
    hits = pairs_hitting(world, dealer, contract.trump, targets, valuation)
    value = 0
    for pair in PAIRS:
        if hits[pair]:
            points = contract_points(contract, pair)
            value += points if pair == pair_of(seat) else -points
    return value


@dataclass(frozen=True)
class Context:
    """How each call fared over the sampled deals: mean points and how often the pair scored."""

    worlds: int
    means: dict[str, float]
    scored: dict[str, float]
    deals: tuple[World, ...] = ()


def sampled_context(hands: Hands, dealer: str, found: Question, world_seed: str) -> Context | None:
    """Return the context of the offered calls over sampled deals, or None if none fit."""
    n = WORLDS[found.question]
    history = list(found.auction.calls)
    try:
        sampled = call_worlds(
            hands, dealer, history, found.seat, world_seed, n, MAX_TRIES[found.question]
        )
    except NoDealFound:
        return None
    valuation = current(GAME)
    per_world = [
        world_values(w, dealer, history, found.seat, found.calls, valuation) for w in sampled
    ]
    tokens = [str(c) for c in found.calls]
    means = {t: sum(w[t] for w in per_world) / n for t in tokens}
    scored = {t: sum(w[t] > 0 for w in per_world) / n for t in tokens}
    return Context(n, means, scored, tuple(sampled))


def call_label(call: Call) -> str:
    """Return a call in words: '12 diamonds', 'pass'."""
    return call.bid.name if call.bid is not None else str(call)


def _context_text(context: Context | None, token: str, question: str) -> str:
    if context is None:
        return (
            "(Deals that fit this auction are too rare to sample, so no scores are shown.)"
            if question == DEMAND_Q
            else ""
        )
    played = "solved double dummy" if current(GAME).whole else "played on by the simple players"
    return (
        f"Over {context.worlds} deals that fit the auction, {played}, "
        f"it scored {context.means[token]:+.1f} points a deal for your pair net of the "
        f"opponents (your pair scored in {round(100 * context.scored[token])}% of them); "
        "this is context, not the grade."
    )


def _prescription_text(found: Question) -> str:
    names = " or ".join(call_label(c) for c in found.prescribed)
    if found.question == DEMAND_Q:
        return f"The convention says: answer partner's demand with {names}."
    if found.prescribed[0].bid is not None and found.prescribed[0].bid.strain == "N":
        return (
            "The convention says: with no suit of four or more cards to show, ask with "
            "13 no trumps; never leave partner in 13."
        )
    return (
        f"The convention says: show your best suit of your own, {names} (your longest suit "
        "partner has not shown); never leave partner in 13."
    )


def candidates_of(found: Question, context: Context | None) -> list[Candidate]:
    """Return every offered call graded by the convention, with its meaning and context."""
    history = found.auction.calls
    prescribed = {str(c) for c in found.prescribed}
    out = []
    for call in found.calls:
        token = str(call)
        meaning = interpret(history, found.seat, call)
        context_text = _context_text(context, token, found.question)
        if token in prescribed:
            result = f"{token} {meaning.text}: the call the basic convention prescribes here"
            out.append(Candidate(token, 1.0, True, call_label(call), "", (), result))
            continue
        result = f"{token} {meaning.text}: not what the basic convention prescribes here"
        why = f"Under the basic convention {token} {meaning.text}. {_prescription_text(found)}"
        if context_text:
            why = f"{why} {context_text}"
        out.append(Candidate(token, 0.0, False, call_label(call), why, (), result))
    return out


def convention_quiz(seed: int, constraint: Any = None) -> QuizDraft | None:
    """Return the convention quiz of ``seed``, or None when its auction asks no such question."""
    asked = question_for_seed(seed, constraint)
    if asked is None:
        return None
    found, hands, dealer = asked
    world_seed = f"beyond/call/{seed}/worlds"
    context = sampled_context(hands, dealer, found, world_seed)
    candidates = candidates_of(found, context)
    # The context goes into the accepted candidates' result too (the page shows it there).
    candidates = [_with_context(c, context, found.question) for c in candidates]
    natural = str(choose_call(found.auction, hands[found.seat]))
    prescribed = [str(c) for c in found.prescribed]
    rating = 1100 + 200 * (natural not in prescribed) + 100 * (found.question == DEMAND_Q)
    standing = found.auction.standing
    assert standing is not None  # partner's bid stands
    extra: dict[str, Any] = {
        "deal": {s: cards_text(h) for s, h in hands.items()},
        "question": found.question,
        "prescribed": prescribed,
        "world_seed": world_seed,
        "valuation": current(GAME).as_json(),
    }
    if context is not None:
        extra["worlds"] = worlds_json(context.deals)
        extra["context"] = {
            "worlds": context.worlds,
            "points": {t: round(v, 4) for t, v in context.means.items()},
            "scored": {t: round(v, 4) for t, v in context.scored.items()},
        }
    return QuizDraft(
        game=GAME,
        kind="bid",
        mode="single_dummy",
        prompt=_prompt(found, standing[1]),
        position=beyond_position(
            seat=found.seat,
            dealer=dealer,
            question=found.question,
            dealt=hands,
            shown=[found.seat],
            auction=found.auction,
            contract=None,
            targets={},
        ),
        candidates=tuple(candidates),
        unit=CONVENTION_UNIT.name,
        themes=("convention", "information_level" if found.question == CONVENTION else "demand"),
        rating=float(max(RATING_MIN, min(RATING_MAX, rating))),
        rule_ref=RULE_REFS[found.question],
        seed=seed,
        samples=context.worlds if context is not None else None,
        margin=1.0,
        extra=extra,
    )


def _with_context(cand: Candidate, context: Context | None, question: str) -> Candidate:
    if not cand.accepted:
        return cand
    text = _context_text(context, cand.answer, question)
    if not text:
        return cand
    return Candidate(cand.answer, cand.value, True, cand.label, "", (), f"{cand.result}. {text}")


def _prompt(found: Question, bid: Any) -> str:
    if found.question == DEMAND_Q:
        return (
            f"Beyond, basic convention. You are {found.seat}. Partner bid {bid}, at the demand "
            "level (0-3). What do you call?"
        )
    return (
        f"Beyond, basic convention. You are {found.seat}. Partner opened {bid}, which only "
        f"names {STRAIN_NAMES[bid.strain]} as partner's best suit. What do you call?"
    )


def recheck_convention(draft: QuizDraft) -> list[str]:
    """Re-grade a stored convention quiz by the convention; return every difference."""
    pos = draft.position
    seat = pos["seat"]
    auction = Auction(pos["dealer"], calls=[as_call(c) for _, c in pos["auction"]])
    hand = [parse_card(c) for c in pos["hands"][seat]]
    found = question_at(auction, seat, hand)
    if found is None:
        return ["the stored auction no longer asks a convention question"]
    problems = []
    if found.question != draft.extra.get("question"):
        problems.append(
            f"question differs: stored {draft.extra.get('question')}, now {found.question}"
        )
    stored = {c.answer: c for c in draft.candidates}
    offered = [str(c) for c in found.calls]
    if sorted(stored) != sorted(offered):
        problems.append(f"calls differ: stored {sorted(stored)}, now {sorted(offered)}")
        return problems
    now = sorted(str(c) for c in found.prescribed)
    if sorted(draft.accepted) != now:
        problems.append(f"accepted differ: stored {sorted(draft.accepted)}, now {now}")
    for token, cand in stored.items():
        value = 1.0 if token in now else 0.0
        if cand.value != value:
            problems.append(f"{token}: stored value {cand.value}, now {value}")
    if draft.unit != CONVENTION_UNIT.name:
        problems.append(f"unit differs: stored {draft.unit!r}, now {CONVENTION_UNIT.name!r}")
    return problems


def context_of(draft: QuizDraft) -> Mapping[str, Any] | None:
    """Return the stored context (sampled points per call), if the quiz has one."""
    return draft.extra.get("context")
