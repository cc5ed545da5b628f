"""500 quiz generators: results in bands, clear margins, re-checks and answer shares."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from games.cards import FIVE_HUNDRED_DECK, SEATS
from games.constraints import parse
from games.five_hundred import Contract, SimpleBidder, deal
from games.five_hundred.calls import parse_call
from games.position import record_problems
from games.quizzes import QuizDraft, draft_quiz, modes_for, question_of, recheck
from games.quizzes.common.keep import MAX_ANSWER_SHARE, answer_shares, keep_rate
from games.quizzes.common.margins import Z, paired_gap
from games.quizzes.five_hundred.bid import PassResult, pass_outcome
from games.quizzes.five_hundred.judging import MINIMUM_GAP as BID_GAP
from games.quizzes.five_hundred.kitty import choose_question, plans
from games.quizzes.five_hundred.play import MINIMUM_GAP as PLAY_GAP
from games.quizzes.five_hundred.play import contract_of, full_position
from games.quizzes.five_hundred.results import MADE, SET, SLAM, band, outcome
from games.quizzes.five_hundred.settle import declarer_tricks
from games.quizzes.five_hundred.table import strain_limit
from games.sampling import NoDealFound
from games.solver import Objective, solve

DD_SEEDS = range(0, 80)
SD_SEEDS = range(0, 40)
CONTRACT_SEEDS = [s for s in range(100, 160) if choose_question(s) == "contract"]
KITTY_SEEDS = [s for s in range(0, 120) if choose_question(s) == "kitty"][:20]


def drafts(kind: str, mode: str, seeds: Sequence[int]) -> list[QuizDraft]:
    out = []
    for seed in seeds:
        quiz = draft_quiz("five_hundred", kind, mode, seed)
        if quiz is not None:
            out.append(quiz)
    return out


@pytest.fixture(scope="module")
def dd_quizzes() -> list[QuizDraft]:
    return drafts("play", "double_dummy", DD_SEEDS)


@pytest.fixture(scope="module")
def sd_quizzes() -> list[QuizDraft]:
    return drafts("play", "single_dummy", SD_SEEDS)


@pytest.fixture(scope="module")
def contract_quizzes() -> list[QuizDraft]:
    return drafts("bid", "single_dummy", CONTRACT_SEEDS)


@pytest.fixture(scope="module")
def kitty_quizzes() -> list[QuizDraft]:
    return drafts("bid", "single_dummy", KITTY_SEEDS)


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


def hidden_cards(quiz: QuizDraft) -> set[str]:
    remaining = quiz.extra["deal"].get("remaining") or quiz.extra["deal"]["hands"]
    return {c for seat in quiz.position["hidden"] for c in remaining.get(seat, [])}


def seat_outcomes_by_solving(quiz: QuizDraft, hands: dict | None = None) -> dict[str, object]:
    """Solve a stored play decision again, independently of the spec: each card's outcome."""
    contract = contract_of(quiz.position)
    record = quiz.extra["deal"]
    seat = quiz.position["seat"]
    position = full_position(contract, record, hands)
    declaring = seat in contract.team
    if contract.is_misere:
        objective = Objective.misere(SEATS.index(contract.declarer))
        cards = solve(position, objective, "cards").cards
        assert cards is not None
        return {c: outcome(contract, 0 if v else 1, declaring) for c, v in cards.items()}
    team = Objective.tricks(SEATS.index(s) for s in contract.team)
    cards = solve(position, team, "cards").cards
    assert cards is not None
    won = sum(n for s, n in record["tricks_won"].items() if s in contract.team)
    return {c: outcome(contract, won + v, declaring) for c, v in cards.items()}


def assert_clear_margin(quiz: QuizDraft, scores: list[dict[str, float]], minimum: float) -> None:
    """Every accepted answer beats every rejected one by > Z standard errors and the minimum."""
    for good in quiz.accepted:
        for bad in (c.answer for c in quiz.candidates if not c.accepted):
            gap, error = paired_gap([w[good] for w in scores], [w[bad] for w in scores])
            assert gap >= minimum and gap > Z * error, (quiz.seed, good, bad, gap, error)


def test_generators_are_registered_with_their_modes() -> None:
    assert modes_for("five_hundred", "play") == ("double_dummy", "single_dummy")
    assert modes_for("five_hundred", "bid") == ("single_dummy",)


def test_bands_follow_500_scoring() -> None:
    six_spades = Contract(parse_call("6S"), "N")
    assert [band(six_spades, t) for t in (5, 6, 9, 10)] == [SET, MADE, MADE, SLAM]
    # 8 clubs is worth 260: all ten tricks score no more, so there is no slam band.
    eight_clubs = Contract(parse_call("8C"), "N")
    assert band(eight_clubs, 10) == MADE
    made = outcome(six_spades, 8, declaring=True)
    assert made.score == 40 - 20 and made.reached and made.detail == 8
    defence = outcome(six_spades, 8, declaring=False)
    assert defence.score == -made.score and not defence.reached and defence.detail == 2
    assert outcome(six_spades, 10, False).rank < defence.rank < outcome(six_spades, 5, False).rank
    misere = Contract(parse_call("MIS"), "E")
    assert outcome(misere, 0, True).score == 250 and outcome(misere, 1, False).score == 250
    assert outcome(misere, 1, True).words == "the misère is set (the declarer takes a trick)"
    assert outcome(six_spades, 5, True).words == "the contract is set (5 tricks, 6 needed)"


def test_double_dummy_draft_is_deterministic(dd_quizzes: list[QuizDraft]) -> None:
    first = dd_quizzes[0]
    again = draft_quiz("five_hundred", "play", "double_dummy", first.seed)
    assert again is not None and as_json(again) == as_json(first)


def test_single_dummy_draft_is_deterministic(sd_quizzes: list[QuizDraft]) -> None:
    first = sd_quizzes[0]
    again = draft_quiz("five_hundred", "play", "single_dummy", first.seed)
    assert again is not None and as_json(again) == as_json(first)


def test_drafts_carry_results_rates_and_refutations(
    dd_quizzes: list[QuizDraft],
    sd_quizzes: list[QuizDraft],
    contract_quizzes: list[QuizDraft],
    kitty_quizzes: list[QuizDraft],
) -> None:
    for quiz in [*dd_quizzes[:5], *sd_quizzes[:5], *contract_quizzes[:5], *kitty_quizzes[:5]]:
        json.loads(as_json(quiz))
        assert any(not c.accepted and c.refutation for c in quiz.candidates)
        assert 1000 <= quiz.rating <= 2200
        assert all(c.result for c in quiz.candidates)
        if quiz.mode == "single_dummy":
            assert quiz.unit == "points"
            rated = [c for c in quiz.candidates if c.rate is not None]
            assert rated and all(c.rate_unit in ("make rate", "set rate") for c in rated)
        else:
            assert quiz.unit == "result"
    assert {question_of(q) for q in contract_quizzes} == {"contract"}
    assert {question_of(q) for q in kitty_quizzes} == {"kitty"}


def test_double_dummy_accepted_and_rejected_cards_reach_different_bands(
    dd_quizzes: list[QuizDraft],
) -> None:
    assert len(dd_quizzes) >= 15
    for quiz in dd_quizzes:
        outcomes = seat_outcomes_by_solving(quiz)
        ranks = {card: o.rank for card, o in outcomes.items()}  # type: ignore[attr-defined]
        worst_accepted = min(ranks[a] for a in quiz.accepted)
        best_rejected = max(ranks[c.answer] for c in quiz.candidates if not c.accepted)
        assert worst_accepted == max(ranks.values()) > best_rejected
        assert {c.answer: c.value for c in quiz.candidates} == ranks
        assert quiz.position["hidden"] == []


def test_double_dummy_refutations_carry_a_line_starting_with_the_wrong_card(
    dd_quizzes: list[QuizDraft],
) -> None:
    for quiz in dd_quizzes[:10]:
        for candidate in quiz.candidates:
            if not candidate.accepted:
                assert candidate.line[0] == candidate.answer
                assert candidate.refutation.startswith(f"With {candidate.answer} the ")


def test_single_dummy_hides_the_other_hands(sd_quizzes: list[QuizDraft]) -> None:
    for quiz in sd_quizzes:
        position = quiz.position
        assert position["seat"] in position["hands"]
        assert position["hidden"]
        assert not set(position["hidden"]) & set(position["hands"])
        shown = {c for cards in position["hands"].values() for c in cards}
        assert not hidden_cards(quiz) & shown
        seat = position["seat"]
        assert all(sorted(w[seat]) == sorted(position["hands"][seat]) for w in quiz.extra["worlds"])


def test_single_dummy_accepted_cards_score_more_beyond_the_sampling_error(
    sd_quizzes: list[QuizDraft],
) -> None:
    assert len(sd_quizzes) >= 6
    for quiz in sd_quizzes:
        contract = contract_of(quiz.position)
        worlds = quiz.extra["worlds"]
        assert quiz.samples == len(worlds) >= 100
        scores = []
        for world in worlds:
            hands = {s: world[s] for s in contract.players}
            found = seat_outcomes_by_solving(quiz, hands)
            scores.append({c: o.score for c, o in found.items()})  # type: ignore[attr-defined]
        assert_clear_margin(quiz, scores, PLAY_GAP)


def bid_scores(quiz: QuizDraft) -> list[dict[str, float]]:
    """Return each option's score per stored world, from the stored tricks and pass results."""
    seat = quiz.position["seat"]
    out = []
    if question_of(quiz) == "kitty":
        contract = Contract(parse_call(quiz.position["contract"]["bid"]), seat)
        tricks = quiz.extra["tricks"]
        for i in range(len(quiz.extra["worlds"])):
            out.append({o: outcome(contract, t[i], True).score for o, t in tricks.items()})
        return out
    passes: list[PassResult] = quiz.extra["passes"]
    for taken, after in zip(quiz.extra["tricks"], passes, strict=True):
        row = {}
        for candidate in quiz.candidates:
            call = parse_call(candidate.answer)
            if call.is_pass:
                row[candidate.answer] = pass_outcome(after, seat).score
            else:
                row[candidate.answer] = outcome(
                    Contract(call, seat), taken[call.strain], True
                ).score
        out.append(row)
    return out


def test_bid_options_accepted_score_more_beyond_the_sampling_error(
    contract_quizzes: list[QuizDraft], kitty_quizzes: list[QuizDraft]
) -> None:
    assert len(contract_quizzes) >= 6 and len(kitty_quizzes) >= 4
    for quiz in [*contract_quizzes, *kitty_quizzes]:
        scores = bid_scores(quiz)
        assert quiz.samples == len(scores) >= 100
        assert_clear_margin(quiz, scores, BID_GAP)
        for candidate in quiz.candidates:
            mean = sum(w[candidate.answer] for w in scores) / len(scores)
            assert candidate.value == pytest.approx(mean, abs=1e-3)
            if candidate.answer == "P":
                assert candidate.rate is None
            else:
                assert candidate.rate_unit == "make rate" and candidate.rate is not None
                gamble = candidate.accepted and candidate.rate < 0.5
                assert candidate.result.startswith("a gamble") == gamble


def test_bid_stored_tricks_match_settling_the_worlds_again(
    contract_quizzes: list[QuizDraft],
) -> None:
    quiz = contract_quizzes[0]
    seat = quiz.position["seat"]
    for world, tricks in list(zip(quiz.extra["worlds"], quiz.extra["tricks"], strict=True))[:3]:
        hands = {s: FIVE_HUNDRED_DECK.parse_hand(world[s]) for s in SEATS}
        kitty = FIVE_HUNDRED_DECK.parse_hand(world["kitty"])
        for strain, count in tricks.items():
            call = parse_call(strain if strain in ("MIS", "OMIS") else f"6{strain}")
            assert declarer_tricks(hands, kitty, Contract(call, seat)) == count


def test_bid_quiz_shows_only_the_bidder_hand(contract_quizzes: list[QuizDraft]) -> None:
    for quiz in contract_quizzes:
        seat = quiz.position["seat"]
        assert list(quiz.position["hands"]) == [seat]
        dealt = quiz.extra["deal"]["hands"]
        hidden = {c for s in SEATS if s != seat for c in dealt[s]}
        assert not hidden & set(quiz.position["hands"][seat])
        # Asked only of hands a player would weigh bidding with: the simple bidder's call
        # is an option, and some bid is within a trick of the hand's count.
        assert quiz.extra["natural"] in {c.answer for c in quiz.candidates}


def test_stored_drafts_recheck_through_the_shared_entry(
    dd_quizzes: list[QuizDraft],
    sd_quizzes: list[QuizDraft],
    contract_quizzes: list[QuizDraft],
    kitty_quizzes: list[QuizDraft],
) -> None:
    for quiz in [*dd_quizzes[:6], *sd_quizzes[:3], *contract_quizzes[:2], *kitty_quizzes[:2]]:
        assert recheck(quiz) == [], quiz.seed


def test_recheck_names_a_tampered_answer(
    dd_quizzes: list[QuizDraft], contract_quizzes: list[QuizDraft]
) -> None:
    from dataclasses import replace

    for quiz in (dd_quizzes[0], contract_quizzes[0]):
        flipped = tuple(replace(c, accepted=not c.accepted) for c in quiz.candidates)
        assert any("accepted differ" in p for p in recheck(replace(quiz, candidates=flipped)))


def test_no_answer_is_accepted_in_more_than_the_max_share(
    dd_quizzes: list[QuizDraft],
    sd_quizzes: list[QuizDraft],
    contract_quizzes: list[QuizDraft],
    kitty_quizzes: list[QuizDraft],
) -> None:
    shares = answer_shares([*dd_quizzes, *sd_quizzes, *contract_quizzes, *kitty_quizzes])
    assert {s.question for s in shares} == {"play", "contract", "kitty"}
    for share in shares:
        assert share.share <= MAX_ANSWER_SHARE, str(share)
    for group in (dd_quizzes, sd_quizzes):
        for share in answer_shares(group):
            assert share.share <= MAX_ANSWER_SHARE, str(share)


def test_constraint_is_honoured() -> None:
    constraint = parse("N.jokers == 1 and N.spades >= 3", "five_hundred")
    for seed in range(8):
        quiz = draft_quiz("five_hundred", "play", "double_dummy", seed, constraint)
        if quiz is not None:
            north = quiz.extra["deal"]["hands"]["N"]
            assert "X1" in north
            assert sum(1 for c in north if c.startswith("S")) >= 3
            return
    pytest.fail("no quiz in eight seeds under the constraint")


def test_impossible_constraint_raises_no_deal_found() -> None:
    constraint = parse("N.jokers == 1 and S.jokers == 1", "five_hundred")
    with pytest.raises(NoDealFound, match="no deal found"):
        draft_quiz("five_hundred", "play", "single_dummy", 1, constraint)
    with pytest.raises(NoDealFound):
        draft_quiz("five_hundred", "bid", "single_dummy", 1, constraint)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="not 'double_dummy'"):
        draft_quiz("five_hundred", "bid", "double_dummy", 1)
    with pytest.raises(ValueError, match="not 'open'"):
        draft_quiz("five_hundred", "play", "open", 1)


def test_keep_rate_counts_attempts_and_kept_quizzes() -> None:
    measured = keep_rate("five_hundred", "play", "double_dummy", range(8))
    assert measured.attempts == 8
    assert 0 < measured.kept <= 8
    assert measured.ms_per_attempt > 0


def test_strain_limit_matches_the_simple_bidder() -> None:
    bidder = SimpleBidder()
    for seed in range(20):
        for hand in deal(seed).hands.values():
            limits = bidder.limits(hand)
            for strain in ("S", "C", "D", "H", "NT"):
                assert strain_limit(hand, strain) == limits.get(strain, 0)


def test_kitty_candidates_are_distinct_discards_of_the_thirteen_cards(
    kitty_quizzes: list[QuizDraft],
) -> None:
    for quiz in kitty_quizzes:
        seat = quiz.position["seat"]
        thirteen = set(quiz.position["hands"][seat])
        assert len(thirteen) == 13
        assert set(quiz.position["kitty"]) <= thirteen
        discards = [frozenset(c.answer.split()) for c in quiz.candidates]
        assert len(discards) == len(set(discards)) >= 2
        assert all(len(d) == 3 and d <= thirteen for d in discards)
        assert "kitty" in quiz.themes
        for world in quiz.extra["worlds"]:
            others = [set(world[s]) for s in SEATS if s != seat]
            assert all(len(h) == 10 and not h & thirteen for h in others)


def test_kitty_plans_count_alike_discards_once() -> None:
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


def test_every_generated_position_fits_the_typed_record(
    dd_quizzes: list[QuizDraft],
    sd_quizzes: list[QuizDraft],
    contract_quizzes: list[QuizDraft],
    kitty_quizzes: list[QuizDraft],
) -> None:
    drafts = [*dd_quizzes, *sd_quizzes, *contract_quizzes, *kitty_quizzes]
    assert drafts
    for draft in drafts:
        position = json.loads(json.dumps(draft.position))
        assert record_problems(draft.game, position) == [], draft.seed
        assert (draft.record.question == "play") == (draft.kind == "play")
