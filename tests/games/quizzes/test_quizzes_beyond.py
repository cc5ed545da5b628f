"""Beyond quiz generators: verdicts in the pair's own terms, re-checked through the pipeline."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from games.beyond import Auction
from games.beyond.calls import as_call
from games.beyond.conventions import interpret
from games.beyond.evaluation import estimate_tricks, suit_length
from games.beyond.scoring import contract_points
from games.beyond.seats import pair_of, partner
from games.cards import SEATS, Card, parse_card
from games.constraints import parse
from games.position import record_problems, shown_part
from games.quizzes import QuizDraft, QuizError, draft_quiz, load_generators, recheck
from games.quizzes.beyond import bid_quiz, play_quiz
from games.quizzes.beyond.convention import (
    CONVENTION,
    DEMAND_Q,
    call_worlds,
    demand_answer,
    find_question,
    question_at,
    question_for_seed,
)
from games.quizzes.beyond.declare import SPREAD
from games.quizzes.beyond.play import contract_of
from games.quizzes.beyond.table import deal_hands, dealer_for
from games.quizzes.beyond.themes import Spot, play_themes
from games.quizzes.beyond.worlds import View, sample, voids_from
from games.quizzes.common.keep import MAX_ANSWER_SHARE, answer_shares, keep_rate
from games.quizzes.common.margins import Z, paired_gap
from games.quizzes.common.valuation import RECHECK_WORLDS
from games.quizzes.units import RESULT, UNITS
from games.sampling import NoDealFound
from tests.games.quizzes.pinned import shortcut_bids

DD_SEEDS = (2, 6, 11)
SD_SEEDS = (3, 4)
DECLARE_SEED = 30  # a declaration quiz under shortcut(4) (18 was one under shortcut(9))
CONVENTION_SEEDS = (1, 7, 13)  # ask with 13 NT, answer a demand, show a suit
LESSON = Path(__file__).resolve().parents[3] / "lessons/content/beyond/08-the-basic-convention.md"


def _cards(tokens: list[str]) -> list[Card]:
    return [parse_card(t) for t in tokens]


@pytest.fixture(scope="module")
def dd_drafts() -> list[QuizDraft]:
    drafts = [play_quiz(s, "double_dummy", None) for s in DD_SEEDS]
    assert all(d is not None for d in drafts)
    return [d for d in drafts if d is not None]


@pytest.fixture(scope="module")
def sd_drafts() -> list[QuizDraft]:
    drafts = [play_quiz(s, "single_dummy", None) for s in SD_SEEDS]
    assert all(d is not None for d in drafts)
    return [d for d in drafts if d is not None]


@pytest.fixture(scope="module")
def declaration() -> QuizDraft:
    draft = bid_quiz(DECLARE_SEED, "single_dummy")
    assert draft is not None
    return draft


@pytest.fixture(scope="module")
def convention_drafts() -> list[QuizDraft]:
    # Graded by the convention; the sampled context (200 worlds) is made with the legacy
    # shortcut (tests/games/quizzes/pinned.py): shortcut(4) would add a minute for a context
    # that is not the grade. Declarations use the real setting (``declaration``).
    with shortcut_bids("beyond"):
        drafts = [bid_quiz(s, "single_dummy") for s in CONVENTION_SEEDS]
    assert all(d is not None for d in drafts)
    return [d for d in drafts if d is not None]


# ------------------------------------------------------------------ registry and arguments


def test_generators_are_registered_with_their_modes() -> None:
    registry = load_generators()
    assert ("beyond", "play") in registry and ("beyond", "bid") in registry


def test_bid_quizzes_refuse_double_dummy() -> None:
    with pytest.raises(QuizError, match="single_dummy only"):
        bid_quiz(0, "double_dummy")


def test_play_quizzes_refuse_an_unknown_mode() -> None:
    with pytest.raises(QuizError, match="not 'open'"):
        play_quiz(0, "open", None)


# ------------------------------------------------------------------ play, double dummy


def test_double_dummy_draft_is_deterministic_and_json_safe(dd_drafts: list[QuizDraft]) -> None:
    first = dd_drafts[0]
    assert first == play_quiz(DD_SEEDS[0], "double_dummy", None)
    text = json.dumps([first.position, [c.as_json() for c in first.candidates], first.extra])
    assert json.loads(text)[0] == first.position


def test_double_dummy_drafts_recheck_through_the_pipeline(dd_drafts: list[QuizDraft]) -> None:
    for draft in dd_drafts:
        assert recheck(draft) == []


def test_double_dummy_accepted_and_rejected_cards_lie_in_different_bands(
    dd_drafts: list[QuizDraft],
) -> None:
    for draft in dd_drafts:
        assert draft.unit == RESULT.name and draft.samples is None
        accepted = {c.value for c in draft.candidates if c.accepted}
        rejected = {c.value for c in draft.candidates if not c.accepted}
        assert len(accepted) == 1 and min(accepted) > max(rejected)
        contract = contract_of(draft.position["contract"])
        seat = draft.position["seat"]
        stake = contract_points(contract, pair_of(seat))
        if draft.extra["aim"] == "spoil":
            stake = contract_points(contract, pair_of(SEATS[(SEATS.index(seat) + 1) % 4]))
        # The margin is the deal's score gap for the pair: the points at stake.
        assert draft.margin == stake


def test_double_dummy_results_are_in_the_pairs_own_words(dd_drafts: list[QuizDraft]) -> None:
    for draft in dd_drafts:
        make = draft.extra["aim"] == "make"
        for cand in draft.candidates:
            if cand.accepted:
                hit = "both of you hit your declarations" if make else "an opponent misses"
                assert cand.result.startswith(hit)
                continue
            miss = "one of you misses" if make else "both opponents still hit"
            assert cand.result.startswith(miss)
            assert re.search(r"(over|under)\)$", cand.result) or not make
            assert cand.refutation.startswith(f"With {cand.label} {cand.result} against best")
            assert cand.line[0] == cand.answer


def test_double_dummy_position_is_consistent_with_the_deal(dd_drafts: list[QuizDraft]) -> None:
    draft = dd_drafts[0]
    played = [card for trick in draft.position["tricks_played"] for _, card in trick]
    played += [card for _, card in draft.position["trick"]]
    left = [c for hand in draft.position["hands"].values() for c in hand]
    dealt = [c for hand in draft.extra["deal"].values() for c in hand]
    assert sorted(played + left) == sorted(dealt) and len(dealt) == 52


def test_a_changed_stored_card_value_fails_the_recheck(dd_drafts: list[QuizDraft]) -> None:
    draft = dd_drafts[0]
    wrong = next(c for c in draft.candidates if not c.accepted)
    changed = [
        type(c)(**{**c.__dict__, "value": 1.0, "accepted": True}) if c is wrong else c
        for c in draft.candidates
    ]
    bad = QuizDraft(**{**draft.__dict__, "candidates": tuple(changed)})
    assert recheck(bad)


# ------------------------------------------------------------------ play, single dummy


def test_single_dummy_hides_the_other_hands(sd_drafts: list[QuizDraft]) -> None:
    for draft in sd_drafts:
        seat = draft.position["seat"]
        assert list(draft.position["hands"]) == [seat]
        shown = json.dumps(shown_part(draft.position))
        for other in draft.position["hidden"]:
            for card in draft.extra["remaining"][other]:
                assert f'"{card}"' not in shown


def test_single_dummy_drafts_recheck_from_their_stored_worlds(sd_drafts: list[QuizDraft]) -> None:
    for draft in sd_drafts:
        assert recheck(draft) == []
        assert draft.samples == len(draft.extra["worlds"]) >= 100


def test_single_dummy_scores_are_the_pairs_points_with_the_rate_beside(
    sd_drafts: list[QuizDraft],
) -> None:
    for draft in sd_drafts:
        assert draft.unit == "points"
        contract = contract_of(draft.position["contract"])
        stake = contract_points(contract, pair_of(draft.position["seat"]))
        for cand in draft.candidates:
            unit = "hit rate" if draft.extra["aim"] == "make" else "set rate"
            assert cand.rate_unit == unit and cand.rate is not None and 0 <= cand.rate <= 1
            if draft.extra["aim"] == "make":
                assert abs(cand.value - stake * cand.rate) < 1e-2
        # Every accepted card beats every rejected one beyond the sampling error.
        best = max(c.value for c in draft.candidates)
        runner = max(c.value for c in draft.candidates if not c.accepted)
        assert draft.margin is not None and draft.margin > Z * draft.extra["sampling_error"]
        assert best - runner >= draft.margin - 1e-6


def test_single_dummy_worlds_keep_the_known_voids(sd_drafts: list[QuizDraft]) -> None:
    view = View.from_json(sd_drafts[0].extra["view"])
    for world in sample(view, 30):
        for seat, suits in view.voids.items():
            if seat != view.seat:
                assert not any(c.suit in suits for c in world[seat])


# ------------------------------------------------------------------ declarations


def test_declaration_rechecks_and_offers_numbers_a_player_weighs(declaration: QuizDraft) -> None:
    assert declaration.extra["question"] == "declaration" and declaration.unit == "points"
    seat = declaration.position["seat"]
    hand = _cards(declaration.position["hands"][seat])
    estimate = round(estimate_tricks(hand, declaration.position["contract"]["strain"]))
    for cand in declaration.candidates:
        assert abs(int(cand.answer) - estimate) <= SPREAD
        assert cand.rate_unit == "hit rate" and cand.rate is not None
    assert declaration.margin is not None
    assert declaration.margin > Z * declaration.extra["sampling_error"]
    assert recheck(declaration) == []


def test_declaration_stores_every_worlds_result_and_its_recheck_samples_them(
    declaration: QuizDraft,
) -> None:
    """The draft stores each number's ``[score, hit]`` in every world; a re-check judges from
    them in full and settles only ``RECHECK_WORLDS`` of the worlds again (the first among
    them), like the Skat and Kleurenwiezen bidding re-checks."""
    results = declaration.extra["results"]
    assert sorted(results) == sorted(c.answer for c in declaration.candidates)
    assert all(len(rows) == declaration.samples for rows in results.values())
    assert recheck(declaration, RECHECK_WORLDS) == []
    # A flipped flag is caught from the stored results.
    flipped = [
        replace(c, accepted=not c.accepted) if i == 0 else c
        for i, c in enumerate(declaration.candidates)
    ]
    problems = recheck(replace(declaration, candidates=tuple(flipped)), RECHECK_WORLDS)
    assert any(p.startswith("accepted differ") for p in problems), problems
    # A stored result the solver does not give, in a world settled again (the first always is).
    wrong = json.loads(json.dumps(results))
    option = declaration.candidates[0].answer
    wrong[option][0][0] += 7
    broken = replace(declaration, extra={**declaration.extra, "results": wrong})
    assert any(p.startswith(f"world 0, {option}:") for p in recheck(broken, RECHECK_WORLDS))
    # Results stored for other numbers than the ones offered are named.
    other = {**results, "99": results[option]}
    odd = replace(declaration, extra={**declaration.extra, "results": other})
    assert any("not the options" in p for p in recheck(odd, RECHECK_WORLDS))
    # A draft made before the results were stored is settled again in every world (whatever
    # ``worlds`` asks), which still catches the flipped flag.
    older = {k: v for k, v in declaration.extra.items() if k != "results"}
    problems = recheck(replace(declaration, extra=older, candidates=tuple(flipped)), 1)
    assert any(p.startswith("accepted differ") for p in problems), problems


# ------------------------------------------------------------------ convention quizzes


def _lesson_auction() -> tuple[str, list[tuple[str, str]]]:
    text = LESSON.read_text()
    block = re.search(r"```auction beyond dealer=(\w)[^\n]*\n(.*?)```", text, re.S)
    assert block is not None
    calls = [tuple(line.split(": ")) for line in block.group(2).strip().splitlines()]
    return block.group(1), [(s, c) for s, c in calls]


def _meets_the_convention(draft: QuizDraft) -> None:
    """The accepted calls are what conventions.interpret reads as the lesson's advice."""
    seat = draft.position["seat"]
    history = [(s, as_call(c)) for s, c in draft.position["auction"]]
    hand = _cards(draft.position["hands"][seat])
    meanings = {c: interpret(history, seat, c) for c in draft.accepted}
    if draft.extra["question"] == DEMAND_Q:
        assert [m.kind for m in meanings.values()] == ["answers_demand"]
        return
    opened = history[-2][1].bid
    assert opened is not None and opened.level == 13 and history[-2][0] == partner(seat)
    others = [s for s in "CDHS" if s != opened.strain and suit_length(hand, s) >= 4]
    if not others:
        assert [m.kind for m in meanings.values()] == ["asks_for_suit"]
        return
    longest = max(suit_length(hand, s) for s in others)
    shown = sorted(m.shows or "" for m in meanings.values())
    assert all(m.kind == "shows_suit" for m in meanings.values())
    assert shown == sorted(s for s in others if suit_length(hand, s) == longest)


def test_every_convention_quiz_accepts_what_the_convention_prescribes(
    convention_drafts: list[QuizDraft],
) -> None:
    assert {d.extra["question"] for d in convention_drafts} == {CONVENTION, DEMAND_Q}
    for draft in convention_drafts:
        _meets_the_convention(draft)
        assert draft.accepted == draft.extra["prescribed"]
        assert "pass" not in draft.accepted
        assert draft.unit in UNITS
        assert {c.value for c in draft.candidates if c.accepted} == {1.0}
        assert {c.value for c in draft.candidates if not c.accepted} == {0.0}
        assert recheck(draft) == []


def test_convention_quizzes_over_many_auctions_agree_with_lesson_8() -> None:
    # The question and its graded answer come from the auction alone (the sampled deals are
    # context), so many deals can be checked cheaply.
    seen = Counter()
    for seed in range(1, 161, 2):
        found = find_question(deal_hands(seed), dealer_for(seed))
        if found is None:
            continue
        seen[found.question] += 1
        meaning = [interpret(found.auction.calls, found.seat, c) for c in found.prescribed]
        if found.question == DEMAND_Q:
            assert [m.kind for m in meaning] == ["answers_demand"]
        else:
            assert {m.kind for m in meaning} <= {"shows_suit", "asks_for_suit"}
    assert seen[CONVENTION] and seen[DEMAND_Q]
    text = LESSON.read_text()
    # What lesson 8 says, in the words the quiz grades by.
    assert "What partner must **not** do is pass" in text
    assert "**13 no trumps**" in text and "next stronger strain" in text


def test_the_lessons_demand_is_answered_as_the_lesson_answers_it() -> None:
    dealer, calls = _lesson_auction()
    auction = Auction(dealer)
    for seat, call in calls:
        answer = demand_answer(auction, seat)
        if answer is not None:
            assert str(answer) == call  # East answers West's 2 diamonds with 2 hearts
            found = question_at(auction, seat, [])
            assert found is not None and found.question == DEMAND_Q
        auction.call(call)


def test_convention_context_is_shown_but_not_the_grade(convention_drafts: list[QuizDraft]) -> None:
    shown = [d for d in convention_drafts if d.extra["question"] == CONVENTION]
    for draft in shown:
        context = draft.extra["context"]
        assert context["worlds"] == draft.samples == 200
        for cand in draft.candidates:
            text = cand.result if cand.accepted else cand.refutation
            assert "Over 200 deals that fit the auction" in text and "not the grade" in text
    demand = next(d for d in convention_drafts if d.extra["question"] == DEMAND_Q)
    if "context" not in demand.extra:
        assert all("too rare to sample" in (c.refutation or c.result) for c in demand.candidates)


def test_convention_worlds_keep_the_hand(convention_drafts: list[QuizDraft]) -> None:
    draft = convention_drafts[1]
    pos = draft.position
    seat = pos["seat"]
    hands = {s: _cards(h) for s, h in draft.extra["deal"].items()}
    history = [(s, as_call(c)) for s, c in pos["auction"]]
    worlds = call_worlds(hands, pos["dealer"], history, seat, "another seed", 20)
    assert all(w[seat] == hands[seat] for w in worlds)


# ------------------------------------------------------------------ answer shares


@functools.cache
def _prescribed_shares() -> dict[str, tuple[int, Counter[str]]]:
    counts: dict[str, Counter[str]] = {CONVENTION: Counter(), DEMAND_Q: Counter()}
    sizes: Counter[str] = Counter()
    for seed in range(1, 401, 2):
        asked = question_for_seed(seed)
        if asked is not None:
            found = asked[0]
            sizes[found.question] += 1
            counts[found.question].update({str(c) for c in found.prescribed})
    return {q: (sizes[q], counts[q]) for q in counts}


def test_no_convention_reply_is_accepted_in_more_than_the_share_limit() -> None:
    size, counter = _prescribed_shares()[CONVENTION]
    assert size >= 10
    assert max(counter.values()) / size <= MAX_ANSWER_SHARE, counter


def test_no_demand_answer_is_accepted_in_more_than_the_share_limit() -> None:
    size, counter = _prescribed_shares()[DEMAND_Q]
    assert size >= 10
    assert max(counter.values()) / size <= MAX_ANSWER_SHARE, counter


def test_no_play_card_is_accepted_in_more_than_the_share_limit() -> None:
    drafts = [d for s in range(0, 100) if (d := play_quiz(s, "double_dummy", None)) is not None]
    assert len(drafts) >= 4
    for share in answer_shares(drafts):
        assert share.share <= MAX_ANSWER_SHARE, str(share)


# ------------------------------------------------------------------ constraints and rates


def test_constraint_is_honoured_by_play_quizzes() -> None:
    constraint = parse("N.jokers >= 2", "beyond")
    for seed in range(40):
        draft = play_quiz(seed, "double_dummy", constraint)
        if draft is not None:
            north = _cards(draft.extra["deal"]["N"])
            assert sum(1 for c in north if c.is_joker) >= 2
            return
    raise AssertionError("no quiz kept")


def test_constraint_is_honoured_by_bid_quizzes() -> None:
    constraint = parse("S.spades >= 6", "beyond")
    for seed in range(1, 60, 2):
        with shortcut_bids("beyond"):  # a convention quiz's context, not its grade
            draft = bid_quiz(seed, "single_dummy", constraint)
        if draft is not None:
            assert suit_length(_cards(draft.extra["deal"]["S"]), "S") >= 6
            return
    raise AssertionError("no quiz kept")


@pytest.mark.parametrize(
    ("kind", "mode"), [("play", "double_dummy"), ("play", "single_dummy"), ("bid", "single_dummy")]
)
def test_impossible_constraint_raises_no_deal_found(kind: str, mode: str) -> None:
    impossible = parse("N.jokers >= 2 and S.jokers >= 2", "beyond")
    with pytest.raises(NoDealFound, match="no deal found"):
        draft_quiz("beyond", kind, mode, 0, impossible)


def test_keep_rate_counts_attempts_and_kept_quizzes() -> None:
    rate = keep_rate("beyond", "play", "double_dummy", range(10))
    expected = sum(play_quiz(s, "double_dummy", None) is not None for s in range(10))
    assert rate.attempts == 10 and rate.kept == expected
    assert 0 < rate.rate < 1 and rate.ms_per_attempt > 0


# ------------------------------------------------------------------ rules behind the tags


def _spot(**changes: object) -> Spot:
    base: dict[str, object] = {
        "trump": "S",
        "leading": False,
        "led": parse_card("H5"),
        "legal": (parse_card("S2"), parse_card("D4"), parse_card("X1")),
        "accepted": ("S2",),
        "unseen_trumps": 3,
        "aim": "make",
        "best_takes_trick": True,
        "some_rejected_takes_trick": False,
    }
    base.update(changes)
    return Spot(**base)  # type: ignore[arg-type]


def test_a_trump_on_another_suit_lead_is_a_ruff() -> None:
    assert "ruff" in play_themes(_spot(), "S2")
    assert "ruff" not in play_themes(_spot(led=parse_card("S9")), "S2")


def test_joker_timing_needs_the_jokers_and_suit_cards_split() -> None:
    assert "joker_timing" in play_themes(_spot(accepted=("X1",)), "X1")
    assert "joker_timing" not in play_themes(_spot(accepted=("S2",)), "S2")
    assert "joker_timing" in play_themes(_spot(accepted=("S2", "D4")), "S2")


def test_ducking_when_a_wrong_card_would_win_is_exact_target_control() -> None:
    spot = _spot(best_takes_trick=False, some_rejected_takes_trick=True)
    assert "exact_target_control" in play_themes(spot, "D4")
    assert "exact_target_control" not in play_themes(_spot(), "D4")


def test_leading_a_joker_and_drawing_trumps_are_tagged() -> None:
    assert "joker_lead" in play_themes(_spot(leading=True, led=None), "X1")
    assert "trump_drawing" in play_themes(_spot(leading=True, led=None), "S2")
    assert "trump_drawing" not in play_themes(_spot(leading=True, led=None, unseen_trumps=0), "S2")


def test_a_joker_on_a_suit_lead_shows_no_void() -> None:
    tricks = [("N", [parse_card(c) for c in ("H5", "X1", "D2", "H9")])]
    assert voids_from(tricks) == {"S": ["H"]}
    assert voids_from([("N", [parse_card(c) for c in ("X2", "S3", "D2", "H9")])]) == {}


def test_paired_gap_is_the_margin_the_verdict_uses() -> None:
    gap, error = paired_gap([20.0] * 30 + [0.0] * 10, [0.0] * 40)
    assert gap == 15.0 and gap > Z * error


def test_every_generated_position_fits_the_typed_record(
    dd_drafts: list[QuizDraft],
    sd_drafts: list[QuizDraft],
    declaration: QuizDraft,
    convention_drafts: list[QuizDraft],
) -> None:
    drafts = [*dd_drafts, *sd_drafts, declaration, *convention_drafts]
    assert drafts
    for draft in drafts:
        position = json.loads(json.dumps(draft.position))
        assert record_problems(draft.game, position) == [], draft.seed
        assert (draft.record.question == "play") == (draft.kind == "play")
