"""Skat quiz generators: play (double and single dummy) and bid quizzes, re-checked by solving."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.cards import SKAT_DECK
from games.constraints import parse
from games.quizzes import QuizDraft, QuizError, draft_quiz, modes_for
from games.quizzes.common.keep import keep_rate
from games.quizzes.skat.bid import discard_groups, pair_label, reevaluate
from games.quizzes.skat.cut import deal_cards
from games.quizzes.skat.play import evaluate_worlds, for_seat, table_from_draft
from games.quizzes.skat.worlds import world_from_json
from games.sampling import NoDealFound
from games.skat.rules import effective_suit
from games.solver import solve

PLAY_THEMES = {
    "trump_drawing",
    "schmear",
    "ruff",
    "jack_timing",
    "null_defence",
    "null_play",
    "ducking",
    "cashing",
}
MAX_SEEDS = {"double_dummy": 80, "single_dummy": 60, "bid": 12}


def first_drafts(kind: str, mode: str, count: int, constraint: Any = None) -> list[QuizDraft]:
    """Return the drafts of the first ``count`` seeds that give a quiz."""
    found: list[QuizDraft] = []
    for seed in range(MAX_SEEDS[mode if kind == "play" else "bid"]):
        draft = draft_quiz("skat", kind, mode, seed, constraint)
        if draft is not None:
            found.append(draft)
            if len(found) == count:
                return found
    raise AssertionError(f"fewer than {count} skat {kind}/{mode} quizzes in the seeds tried")


@pytest.fixture(scope="module")
def dd_drafts() -> list[QuizDraft]:
    return first_drafts("play", "double_dummy", 3)


@pytest.fixture(scope="module")
def sd_drafts() -> list[QuizDraft]:
    return first_drafts("play", "single_dummy", 2)


@pytest.fixture(scope="module")
def bid_drafts() -> list[QuizDraft]:
    return first_drafts("bid", "single_dummy", 2)


@pytest.fixture(scope="module")
def all_drafts(
    dd_drafts: list[QuizDraft], sd_drafts: list[QuizDraft], bid_drafts: list[QuizDraft]
) -> list[QuizDraft]:
    return [*dd_drafts, *sd_drafts, *bid_drafts]


def as_json(draft: QuizDraft) -> str:
    return json.dumps(
        {
            "position": draft.position,
            "candidates": [c.as_json() for c in draft.candidates],
            "themes": draft.themes,
            "extra": draft.extra,
            "rating": draft.rating,
            "margin": draft.margin,
        },
        sort_keys=True,
    )


def best_set(values: dict[str, int]) -> set[str]:
    top = max(values.values())
    return {k for k, v in values.items() if v == top}


def test_generators_are_registered_with_their_modes() -> None:
    assert modes_for("skat", "play") == ("double_dummy", "single_dummy")
    assert modes_for("skat", "bid") == ("single_dummy",)


def test_bid_quizzes_refuse_double_dummy() -> None:
    with pytest.raises(QuizError, match="double_dummy"):
        draft_quiz("skat", "bid", "double_dummy", 1)


def test_same_seed_gives_the_same_draft(
    dd_drafts: list[QuizDraft], sd_drafts: list[QuizDraft], bid_drafts: list[QuizDraft]
) -> None:
    for draft in (dd_drafts[0], sd_drafts[0], bid_drafts[0]):
        again = draft_quiz("skat", draft.kind, draft.mode, draft.seed)
        assert again is not None
        assert as_json(again) == as_json(draft)


def test_drafts_are_json_serialisable_with_accepted_and_rejected_answers(
    all_drafts: list[QuizDraft],
) -> None:
    for draft in all_drafts:
        json.loads(as_json(draft))
        assert any(c.accepted for c in draft.candidates)
        assert any(not c.accepted for c in draft.candidates)
        assert all(c.refutation for c in draft.candidates if not c.accepted)
        assert 1000 <= draft.rating <= 2200
        assert draft.rule_ref.startswith("skat.da.txt")


def test_double_dummy_accepted_cards_are_exactly_the_solver_best(
    dd_drafts: list[QuizDraft],
) -> None:
    for draft in dd_drafts:
        table = table_from_draft(draft)
        result = solve(table.position(), table.objective(), "cards")
        assert result.cards is not None
        values = {
            k: for_seat(table, table.to_move, table.final(v)) for k, v in result.cards.items()
        }
        assert best_set(values) == set(draft.accepted)
        assert {c.answer: c.value for c in draft.candidates} == values


def test_double_dummy_shows_every_hand_and_hides_none(dd_drafts: list[QuizDraft]) -> None:
    for draft in dd_drafts:
        assert draft.position["hidden"] == []
        assert draft.position["hands"] == draft.extra["deal"]["hands"]


def test_double_dummy_refutation_line_is_legal_play_after_the_wrong_card(
    dd_drafts: list[QuizDraft],
) -> None:
    for draft in dd_drafts:
        for candidate in draft.candidates:
            if candidate.accepted:
                continue
            assert candidate.line[0] == candidate.answer
            table = table_from_draft(draft)
            for token in candidate.line:
                table = table.play(SKAT_DECK.parse_hand([token])[0])  # raises if illegal


def test_single_dummy_position_hides_the_other_hands(sd_drafts: list[QuizDraft]) -> None:
    for draft in sd_drafts:
        pos = draft.position
        seat = pos["seat"]
        assert seat not in pos["hidden"]
        assert set(pos["hands"]) == {str(s) for s in range(3) if s not in pos["hidden"]}
        shown = {c for cards in pos["hands"].values() for c in cards}
        for hidden in pos["hidden"]:
            assert not shown & set(draft.extra["deal"]["hands"][str(hidden)])


def test_single_dummy_play_recheck_on_the_stored_worlds(sd_drafts: list[QuizDraft]) -> None:
    for draft in sd_drafts:
        table = table_from_draft(draft)
        worlds = [world_from_json(w) for w in draft.extra["worlds"]]
        assert draft.samples == len(worlds) >= 100
        samples = evaluate_worlds(table, worlds)
        assert best_set({k: sum(v) for k, v in samples.items()}) == set(draft.accepted)
        for candidate in draft.candidates:
            assert candidate.value == round(sum(samples[candidate.answer]) / len(worlds), 3)


def test_single_dummy_worlds_keep_the_known_cards_and_the_voids(
    sd_drafts: list[QuizDraft],
) -> None:
    for draft in sd_drafts:
        table = table_from_draft(draft)
        own = set(table.hands[table.to_move])
        shown_out = table.voids()
        for world in (world_from_json(w) for w in draft.extra["worlds"]):
            assert not own & {c for cards in world.values() for c in cards}
            for place, cards in world.items():
                if place != "skat":
                    assert all(
                        effective_suit(c, table.game) not in shown_out[int(place)] for c in cards
                    )


def test_bid_recheck_on_the_stored_worlds(bid_drafts: list[QuizDraft]) -> None:
    for draft in bid_drafts:
        samples = reevaluate(draft)
        assert draft.samples == len(draft.extra["worlds"]) >= 100
        assert best_set({k: sum(v) for k, v in samples.items()}) == set(draft.accepted)


def test_sampled_margin_is_larger_than_its_sampling_error(
    sd_drafts: list[QuizDraft], bid_drafts: list[QuizDraft]
) -> None:
    for draft in [*sd_drafts, *bid_drafts]:
        assert draft.margin is not None
        assert draft.margin > 2 * draft.extra["sampling_error"]


def test_bid_position_shows_only_the_deciding_hand(bid_drafts: list[QuizDraft]) -> None:
    for draft in bid_drafts:
        pos = draft.position
        assert list(pos["hands"]) == [str(pos["seat"])]
        dealt = draft.extra["deal"]["dealt"]
        shown = set(pos["hands"][str(pos["seat"])])
        for seat in pos["hidden"]:
            assert not shown & set(dealt[str(seat)])


def test_play_themes_come_from_the_documented_list(
    dd_drafts: list[QuizDraft], sd_drafts: list[QuizDraft]
) -> None:
    for draft in [*dd_drafts, *sd_drafts]:
        assert set(draft.themes) <= PLAY_THEMES


def test_constraint_is_honoured_by_the_dealt_cards() -> None:
    constraint = parse("0.jacks >= 3", "skat")
    for seed in range(3):
        dealt = deal_cards(seed, constraint)
        assert sum(1 for c in dealt.hands[0] if c.rank == "J") >= 3
    draft = first_drafts("play", "double_dummy", 1, constraint)[0]
    assert constraint.matches(draft.extra["deal"]["dealt"])


def test_impossible_constraint_raises_no_deal_found() -> None:
    constraint = parse("0.jacks >= 3 and 1.jacks >= 3", "skat")
    with pytest.raises(NoDealFound):
        draft_quiz("skat", "play", "double_dummy", 1, constraint)


def test_keep_rate_counts_the_kept_drafts() -> None:
    seeds = range(10)
    rate = keep_rate("skat", "play", "double_dummy", seeds)
    kept = sum(draft_quiz("skat", "play", "double_dummy", s) is not None for s in seeds)
    assert (rate.attempts, rate.kept) == (10, kept)
    assert 0.0 <= rate.rate <= 1.0
    assert rate.ms_per_attempt > 0


# Seed 29 asks which two cards to lay away in a grand (found by trying seeds; the test
# fails loudly if a change in the generator stops it being a quiz).
DISCARD_SEED = 29


@pytest.fixture(scope="module")
def discard_draft() -> QuizDraft:
    draft = draft_quiz("skat", "bid", "single_dummy", DISCARD_SEED)
    assert draft is not None, "seed 29 no longer gives a discard quiz: pick another seed"
    assert draft.extra["spec"]["question"] == "discard"
    return draft


def test_discard_quiz_offers_all_66_pairs_of_the_twelve_cards(discard_draft: QuizDraft) -> None:
    twelve = set(discard_draft.position["hands"][str(discard_draft.position["seat"])])
    assert len(twelve) == 12
    pairs = [frozenset(c.answer.split()) for c in discard_draft.candidates]
    assert len(pairs) == len(set(pairs)) == 66
    assert all(len(p) == 2 and p <= twelve for p in pairs)
    assert discard_draft.unit == "card points"
    assert "discard" in discard_draft.themes
    assert discard_draft.position["contract"]["game"] == discard_draft.extra["spec"]["game"]


def test_discard_recheck_accepts_exactly_the_best_group(discard_draft: QuizDraft) -> None:
    samples = reevaluate(discard_draft)
    totals = {k: sum(v) for k, v in samples.items()}
    assert best_set(totals) == set(discard_draft.accepted)
    assert len(discard_draft.accepted) <= 33
    assert discard_draft.margin is not None
    assert discard_draft.margin > 2 * discard_draft.extra["sampling_error"]


def test_equivalent_discards_share_one_value(discard_draft: QuizDraft) -> None:
    spec = discard_draft.extra["spec"]
    twelve = SKAT_DECK.parse_hand([*spec["cards"], *spec["skat"]])
    groups = discard_groups(twelve, spec["game"])
    values = {c.answer: c.value for c in discard_draft.candidates}
    for option, representative in groups.items():
        assert values[option] == values[representative]


def test_discard_groups_join_only_alike_cards() -> None:
    twelve = SKAT_DECK.parse_hand(
        ["CJ", "SJ", "CA", "CT", "C9", "C8", "C7", "SA", "ST", "HK", "HQ", "D7"]
    )
    groups = discard_groups(twelve, "clubs")

    def group(text: str) -> str:
        return groups[pair_label(SKAT_DECK.parse_hand(text.split()))]

    # Club 9, 8 and 7 are alike (no card between them, no points); the two top jacks too.
    assert group("C9 D7") == group("C7 D7") == group("C8 D7")
    assert group("CJ D7") == group("SJ D7")
    # King and queen differ in points, so do ace and ten, and ten and nine.
    assert group("HK D7") != group("HQ D7")
    assert group("SA D7") != group("ST D7")
    assert group("CT D7") != group("C9 D7")
    # Two of the alike clubs laid away together form one group whichever two they are.
    assert group("C9 C8") == group("C8 C7") == group("C9 C7")
    assert len(set(groups.values())) < 66
