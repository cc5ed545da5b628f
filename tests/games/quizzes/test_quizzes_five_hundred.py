"""500 quiz generators: determinism, what is shown, and re-checks by solving again."""

from __future__ import annotations

import json

import pytest

from games.cards import FIVE_HUNDRED_DECK, SEATS
from games.constraints import parse
from games.five_hundred import SimpleBidder, deal
from games.five_hundred.calls import parse_call
from games.quizzes import QuizDraft, draft_quiz, modes_for
from games.quizzes.common.keep import keep_rate
from games.quizzes.common.lines import card_values
from games.quizzes.five_hundred.bid import score
from games.quizzes.five_hundred.kitty import choose_question, plans
from games.quizzes.five_hundred.kitty import reevaluate as reevaluate_kitty
from games.quizzes.five_hundred.recheck import contract_of, full_position, goal_of
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.five_hundred.table import strain_limit
from games.sampling import NoDealFound

DD_SEEDS = (0, 3, 7)
SD_SEEDS = (1, 5)
BID_SEEDS = (0, 3)


def draft(
    kind: str, mode: str, seed: int, tries: int = 40, question: str = "contract"
) -> QuizDraft:
    """Return the first quiz from ``seed`` on (not every deal makes a real decision); bid
    quizzes only from seeds that ask ``question`` (the contract, or the kitty discard)."""
    for attempt in range(seed * 100, seed * 100 + tries):
        if kind == "bid" and choose_question(attempt) != question:
            continue
        result = draft_quiz("five_hundred", kind, mode, attempt)
        if result is not None:
            return result
    raise AssertionError(f"no {kind}/{mode} quiz in {tries} seeds from {seed * 100}")


def as_json(quiz: QuizDraft) -> str:
    return json.dumps(
        {
            "position": quiz.position,
            "candidates": [c.as_json() for c in quiz.candidates],
            "extra": quiz.extra,
            "themes": list(quiz.themes),
            "prompt": quiz.prompt,
        },
        sort_keys=True,
    )


def argmax(values: dict[str, float]) -> set[str]:
    best = max(values.values())
    return {answer for answer, value in values.items() if value == best}


def hidden_cards(quiz: QuizDraft) -> set[str]:
    remaining = quiz.extra["deal"].get("remaining") or quiz.extra["deal"]["hands"]
    return {c for seat in quiz.position["hidden"] for c in remaining.get(seat, [])}


@pytest.fixture(scope="module")
def dd_quizzes() -> dict[int, QuizDraft]:
    return {seed: draft("play", "double_dummy", seed) for seed in DD_SEEDS}


@pytest.fixture(scope="module")
def sd_quizzes() -> dict[int, QuizDraft]:
    return {seed: draft("play", "single_dummy", seed) for seed in SD_SEEDS}


@pytest.fixture(scope="module")
def bid_quizzes() -> dict[int, QuizDraft]:
    return {seed: draft("bid", "single_dummy", seed) for seed in BID_SEEDS}


def test_generators_are_registered_with_their_modes() -> None:
    assert modes_for("five_hundred", "play") == ("double_dummy", "single_dummy")
    assert modes_for("five_hundred", "bid") == ("single_dummy",)


def test_double_dummy_draft_is_deterministic(dd_quizzes: dict[int, QuizDraft]) -> None:
    seed = DD_SEEDS[0]
    assert as_json(draft("play", "double_dummy", seed)) == as_json(dd_quizzes[seed])


def test_single_dummy_draft_is_deterministic(sd_quizzes: dict[int, QuizDraft]) -> None:
    seed = SD_SEEDS[0]
    assert as_json(draft("play", "single_dummy", seed)) == as_json(sd_quizzes[seed])


def test_drafts_are_json_serialisable_with_accepted_and_rejected_answers(
    dd_quizzes: dict[int, QuizDraft],
    sd_quizzes: dict[int, QuizDraft],
    bid_quizzes: dict[int, QuizDraft],
) -> None:
    for quiz in [*dd_quizzes.values(), *sd_quizzes.values(), *bid_quizzes.values()]:
        json.loads(as_json(quiz))
        assert any(c.accepted for c in quiz.candidates)
        assert any(not c.accepted and c.refutation for c in quiz.candidates)
        assert 1000 <= quiz.rating <= 2200
        assert quiz.rule_ref.startswith("five-hundred.da.txt")


def test_double_dummy_accepts_exactly_the_best_cards_when_solved_again(
    dd_quizzes: dict[int, QuizDraft],
) -> None:
    for quiz in dd_quizzes.values():
        record = quiz.extra["deal"]
        contract = contract_of(quiz.position)
        seat = quiz.position["seat"]
        values = card_values(full_position(contract, record), goal_of(contract, seat, record))
        assert set(quiz.accepted) == argmax(values)
        assert {c.answer: c.value for c in quiz.candidates} == values
        assert quiz.position["hidden"] == []


def test_double_dummy_refutations_carry_a_line_starting_with_the_wrong_card(
    dd_quizzes: dict[int, QuizDraft],
) -> None:
    for quiz in dd_quizzes.values():
        for candidate in quiz.candidates:
            if not candidate.accepted:
                assert candidate.line[0] == candidate.answer
                assert len(candidate.line) >= 2


def test_single_dummy_hides_the_other_hands(sd_quizzes: dict[int, QuizDraft]) -> None:
    for quiz in sd_quizzes.values():
        position = quiz.position
        assert position["seat"] in position["hands"]
        assert position["hidden"]
        assert not set(position["hidden"]) & set(position["hands"])
        shown = {c for cards in position["hands"].values() for c in cards}
        assert not hidden_cards(quiz) & shown
        assert "remaining" not in json.dumps(position)


def test_single_dummy_accepts_the_best_average_on_the_stored_worlds(
    sd_quizzes: dict[int, QuizDraft],
) -> None:
    for quiz in sd_quizzes.values():
        record = quiz.extra["deal"]
        contract = contract_of(quiz.position)
        goal = goal_of(contract, quiz.position["seat"], record)
        worlds = quiz.extra["worlds"]
        assert quiz.samples == len(worlds) >= 100
        totals: dict[str, float] = {}
        for world in worlds:
            for card, value in card_values(full_position(contract, record, world), goal).items():
                totals[card] = totals.get(card, 0) + value
        means = {card: total / len(worlds) for card, total in totals.items()}
        assert set(quiz.accepted) == argmax(means)
        rejected = max(v for c, v in means.items() if c not in quiz.accepted)
        assert quiz.margin == pytest.approx(max(means.values()) - rejected, abs=1e-3)
        assert quiz.margin > quiz.extra["sampling_error"]


def test_single_dummy_worlds_keep_the_seat_own_hand(sd_quizzes: dict[int, QuizDraft]) -> None:
    for quiz in sd_quizzes.values():
        seat = quiz.position["seat"]
        own = sorted(quiz.position["hands"][seat])
        assert all(sorted(world[seat]) == own for world in quiz.extra["worlds"])


def test_bid_quiz_accepts_the_best_average_score_over_the_stored_worlds(
    bid_quizzes: dict[int, QuizDraft],
) -> None:
    for quiz in bid_quizzes.values():
        seat = quiz.position["seat"]
        tricks = quiz.extra["tricks"]
        assert quiz.samples == len(tricks) >= 100
        means = {
            c.answer: sum(
                score(parse_call(c.answer), seat, t.get(parse_call(c.answer).strain, 0))
                for t in tricks
            )
            / len(tricks)
            for c in quiz.candidates
        }
        assert set(quiz.accepted) == argmax(means)


def test_bid_quiz_stored_tricks_match_settling_the_worlds_again(
    bid_quizzes: dict[int, QuizDraft],
) -> None:
    quiz = bid_quizzes[BID_SEEDS[0]]
    seat = quiz.position["seat"]
    from games.five_hundred import Contract

    for world, tricks in list(zip(quiz.extra["worlds"], quiz.extra["tricks"], strict=True))[:3]:
        hands = {s: FIVE_HUNDRED_DECK.parse_hand(world[s]) for s in SEATS}
        kitty = FIVE_HUNDRED_DECK.parse_hand(world["kitty"])
        for strain, count in tricks.items():
            call = parse_call(strain if strain in ("MIS", "OMIS") else f"6{strain}")
            assert declarer_tricks(hands, kitty, Contract(call, seat)) == count


def test_bid_quiz_shows_only_the_bidder_hand(bid_quizzes: dict[int, QuizDraft]) -> None:
    for quiz in bid_quizzes.values():
        seat = quiz.position["seat"]
        assert list(quiz.position["hands"]) == [seat]
        dealt = quiz.extra["deal"]["hands"]
        hidden = {c for s in SEATS if s != seat for c in dealt[s]}
        assert not hidden & set(quiz.position["hands"][seat])


def test_constraint_is_honoured() -> None:
    constraint = parse("N.jokers == 1 and N.spades >= 3", "five_hundred")
    for seed in range(4):
        quiz = draft_quiz("five_hundred", "play", "double_dummy", seed, constraint)
        if quiz is not None:
            north = quiz.extra["deal"]["hands"]["N"]
            assert "X1" in north
            assert sum(1 for c in north if c.startswith("S")) >= 3
            return
    pytest.fail("no quiz in four seeds under the constraint")


def test_impossible_constraint_raises_no_deal_found() -> None:
    constraint = parse("N.jokers == 1 and S.jokers == 1", "five_hundred")
    with pytest.raises(NoDealFound, match="no deal found"):
        draft_quiz("five_hundred", "play", "single_dummy", 1, constraint)
    with pytest.raises(NoDealFound):
        draft_quiz("five_hundred", "bid", "single_dummy", 1, constraint)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="not 'double_dummy'"):
        draft_quiz("five_hundred", "bid", "double_dummy", 1)


def test_keep_rate_counts_attempts_and_kept_quizzes() -> None:
    measured = keep_rate("five_hundred", "play", "double_dummy", range(4))
    assert measured.attempts == 4
    assert 0 < measured.kept <= 4
    assert 0.0 < measured.rate <= 1.0
    assert measured.ms_per_attempt > 0


def test_strain_limit_matches_the_simple_bidder() -> None:
    bidder = SimpleBidder()
    for seed in range(20):
        for hand in deal(seed).hands.values():
            limits = bidder.limits(hand)
            for strain in ("S", "C", "D", "H", "NT"):
                assert strain_limit(hand, strain) == limits.get(strain, 0)


@pytest.fixture(scope="module")
def kitty_quiz() -> QuizDraft:
    quiz = draft("bid", "single_dummy", 0, question="kitty")
    assert quiz.position["decision"] == "kitty"
    return quiz


def test_kitty_candidates_are_distinct_discards_of_the_thirteen_cards(
    kitty_quiz: QuizDraft,
) -> None:
    seat = kitty_quiz.position["seat"]
    thirteen = set(kitty_quiz.position["hands"][seat])
    assert len(thirteen) == 13
    assert set(kitty_quiz.position["kitty"]) <= thirteen
    discards = [frozenset(c.answer.split()) for c in kitty_quiz.candidates]
    assert len(discards) == len(set(discards)) >= 2
    assert all(len(d) == 3 and d <= thirteen for d in discards)
    assert "kitty" in kitty_quiz.themes


def test_kitty_quiz_accepts_the_best_average_score_over_the_stored_worlds(
    kitty_quiz: QuizDraft,
) -> None:
    scores = reevaluate_kitty(kitty_quiz)
    assert kitty_quiz.samples == len(kitty_quiz.extra["worlds"]) >= 100
    means = {a: sum(v) / len(v) for a, v in scores.items()}
    assert set(kitty_quiz.accepted) == argmax(means)
    assert kitty_quiz.margin is not None
    assert kitty_quiz.margin > 2 * kitty_quiz.extra["sampling_error"]


def test_kitty_worlds_hide_the_other_hands_and_fit_the_known_cards(
    kitty_quiz: QuizDraft,
) -> None:
    seat = kitty_quiz.position["seat"]
    assert list(kitty_quiz.position["hands"]) == [seat]
    known = set(kitty_quiz.position["hands"][seat])
    for world in kitty_quiz.extra["worlds"]:
        others = [set(world[s]) for s in SEATS if s != seat]
        assert all(len(h) == 10 and not h & known for h in others)


def test_kitty_plans_count_alike_discards_once() -> None:
    from games.five_hundred import Contract

    contract = Contract(parse_call("6S"), "N")
    # Clubs 5-6-7 are alike for the declarer (it holds every club between them); so are
    # diamonds 4-5. Discards that differ only in those cards are one plan.
    text = ["SA", "SK", "SQ", "SJ", "ST", "S9", "C5", "C6", "C7", "D4", "D5", "HA", "HK"]
    thirteen = FIVE_HUNDRED_DECK.parse_hand(text)
    found = plans(contract, thirteen)
    assert len(found) == len({frozenset(p) for p in found})
    assert all(len(p) == 3 for p in found)
    clubs = [p for p in found if all(c.suit == "C" for c in p)]
    assert len(clubs) == 1  # the three clubs, however they are picked
    assert not any(c.suit == "S" for p in found for c in p)  # trumps are never planned away
