"""Beyond quiz generators: drafts are real decisions, reproducible, and re-check by solving."""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable, Mapping, Sequence

import pytest

from games.beyond import Auction, choose_call
from games.beyond.calls import as_call
from games.beyond.conventions import interpret
from games.beyond.evaluation import suit_length
from games.beyond.seats import partner
from games.cards import SEATS, Card, parse_card
from games.constraints import parse
from games.quizzes import QuizDraft, QuizError, draft_quiz, load_generators
from games.quizzes.beyond import bid_quiz, play_quiz
from games.quizzes.beyond.convention import (
    WORLDS,
    call_worlds,
    find_question,
    prescribed_calls,
    world_values,
)
from games.quizzes.beyond.declare import BID_WORLDS, declaration_worlds, world_hits
from games.quizzes.beyond.solving import position_from
from games.quizzes.beyond.table import bid_and_declare, deal_hands, dealer_for
from games.quizzes.beyond.themes import Spot, play_themes
from games.quizzes.beyond.worlds import SIGNIFICANCE, View, judge, sample, voids_from
from games.quizzes.common.keep import keep_rate
from games.quizzes.common.lines import seat_no
from games.quizzes.common.margins import paired_gap
from games.sampling import NoDealFound
from games.solver import Objective, Position, solve

DD_SEEDS = (2, 6, 11)
SD_SEEDS = (0, 2)
DECLARE_SEEDS = (8,)
CONVENTION_SEEDS = (77,)


def _first_kept(run: Callable[[int], QuizDraft | None], start: int, tries: int = 40) -> QuizDraft:
    for seed in range(start, start + tries):
        draft = run(seed)
        if draft is not None:
            return draft
    raise AssertionError(f"no quiz kept in seeds {start}..{start + tries - 1}")


def _cards(tokens: list[str]) -> list[Card]:
    return [parse_card(t) for t in tokens]


def _objective_for(draft: QuizDraft) -> tuple[Objective, bool]:
    """Rebuild the deciding seat's objective from what the quiz stores."""
    pos = draft.position
    seat = pos["seat"]
    targets = pos["contract"]["targets"]
    won = pos["tricks_won"]
    side = [seat, SEATS[(seat_no(seat) + 2) % 4]]
    if pos["aim"] == "spoil":
        side = [SEATS[(seat_no(seat) + 1) % 4], SEATS[(seat_no(seat) + 3) % 4]]
    need = {seat_no(s): targets[s] - won[s] for s in side}
    return Objective.exact(need), pos["aim"] == "spoil"


def _stored_position(draft: QuizDraft, hands: Mapping[str, Sequence[Card]]) -> Position:
    pos = draft.position
    trick = [parse_card(card) for _, card in pos["trick"]]
    leader = draft.extra["leader"]
    locked = bool(pos["tricks_played"]) and parse_card(pos["tricks_played"][-1][0][1]).is_joker
    return position_from(pos["contract"]["trump"], hands, leader, trick, locked)


# ------------------------------------------------------------------ registry and arguments


def test_generators_are_registered_with_their_modes() -> None:
    registry = load_generators()
    assert ("beyond", "play") in registry
    assert ("beyond", "bid") in registry
    draft = draft_quiz("beyond", "play", "double_dummy", DD_SEEDS[0])
    assert draft is not None and draft.game == "beyond"


def test_bid_quizzes_refuse_double_dummy() -> None:
    with pytest.raises(QuizError, match="single_dummy only"):
        bid_quiz(0, "double_dummy")


def test_play_quizzes_refuse_an_unknown_mode() -> None:
    with pytest.raises(QuizError, match="not 'open'"):
        play_quiz(0, "open", None)


# ------------------------------------------------------------------ double dummy


@pytest.mark.parametrize("seed", DD_SEEDS)
def test_double_dummy_draft_is_deterministic_and_json_safe(seed: int) -> None:
    first = play_quiz(seed, "double_dummy", None)
    second = play_quiz(seed, "double_dummy", None)
    assert first is not None and first == second
    text = json.dumps([first.position, [c.as_json() for c in first.candidates], first.extra])
    assert json.loads(text)[0] == first.position
    assert first.seed == seed and first.kind == "play" and first.mode == "double_dummy"


@pytest.mark.parametrize("seed", DD_SEEDS)
def test_double_dummy_accepted_cards_are_exactly_the_best_on_resolving(seed: int) -> None:
    draft = play_quiz(seed, "double_dummy", None)
    assert draft is not None
    hands = {s: _cards(h) for s, h in draft.extra["remaining"].items()}
    assert draft.position["hands"] == draft.extra["remaining"]
    objective, flip = _objective_for(draft)
    result = solve(_stored_position(draft, hands), objective, "cards")
    assert result.cards is not None
    values = {c: (1 - v if flip else v) for c, v in result.cards.items()}
    best = max(values.values())
    assert sorted(c for c, v in values.items() if v == best) == sorted(draft.accepted)
    assert {c.answer for c in draft.candidates} == set(values)
    assert any(not c.accepted for c in draft.candidates)


@pytest.mark.parametrize("seed", DD_SEEDS)
def test_double_dummy_rejected_cards_carry_a_line_starting_with_them(seed: int) -> None:
    draft = play_quiz(seed, "double_dummy", None)
    assert draft is not None
    for candidate in draft.candidates:
        if candidate.accepted:
            assert candidate.refutation == ""
            continue
        assert candidate.line[0] == candidate.answer
        assert candidate.answer in candidate.refutation
        assert draft.margin is not None and draft.margin >= 1


def test_double_dummy_position_is_consistent_with_the_deal() -> None:
    draft = play_quiz(DD_SEEDS[0], "double_dummy", None)
    assert draft is not None
    played = [card for trick in draft.position["tricks_played"] for _, card in trick]
    played += [card for _, card in draft.position["trick"]]
    left = [c for hand in draft.position["hands"].values() for c in hand]
    dealt = [c for hand in draft.extra["deal"].values() for c in hand]
    assert sorted(played + left) == sorted(dealt)
    assert len(dealt) == 52


# ------------------------------------------------------------------ single dummy


@pytest.mark.parametrize("seed", SD_SEEDS)
def test_single_dummy_hides_the_other_hands(seed: int) -> None:
    draft = play_quiz(seed, "single_dummy", None)
    assert draft is not None
    seat = draft.position["seat"]
    assert list(draft.position["hands"]) == [seat]
    assert sorted(draft.position["hidden"]) == sorted(s for s in SEATS if s != seat)
    shown = json.dumps(draft.position)
    for other in draft.position["hidden"]:
        for card in draft.extra["remaining"][other]:
            assert f'"{card}"' not in shown


@pytest.mark.parametrize("seed", SD_SEEDS)
def test_single_dummy_resampled_worlds_give_the_same_best_cards(seed: int) -> None:
    draft = play_quiz(seed, "single_dummy", None)
    assert draft is not None and draft.samples is not None and draft.samples >= 100
    view = View.from_json(draft.extra["view"])
    worlds = sample(view, draft.samples)
    objective, flip = _objective_for(draft)
    per_world = []
    for world in worlds:
        assert world[view.seat] == _cards(draft.position["hands"][view.seat])
        result = solve(_stored_position(draft, world), objective, "cards")
        assert result.cards is not None
        per_world.append({c: (1 - v if flip else v) for c, v in result.cards.items()})
    totals = {c: sum(w[c] for w in per_world) for c in per_world[0]}
    best = max(totals.values())
    assert sorted(c for c, t in totals.items() if t == best) == sorted(draft.accepted)
    for candidate in draft.candidates:
        assert math.isclose(candidate.value, totals[candidate.answer] / len(worlds), abs_tol=1e-3)
    error = draft.extra["sampling_error"]
    assert draft.margin is not None and draft.margin > SIGNIFICANCE * error


def test_single_dummy_worlds_keep_the_known_voids() -> None:
    draft = play_quiz(SD_SEEDS[0], "single_dummy", None)
    assert draft is not None
    view = View.from_json(draft.extra["view"])
    for world in sample(view, 30):
        for seat, suits in view.voids.items():
            if seat != view.seat:
                assert not any(c.suit in suits for c in world[seat])


# ------------------------------------------------------------------ bidding


@pytest.mark.parametrize("seed", DECLARE_SEEDS)
def test_declaration_quiz_resamples_to_the_same_best_number(seed: int) -> None:
    draft = bid_quiz(seed, "single_dummy")
    assert draft is not None and draft.extra["question"] == "declaration"
    assert draft.samples == BID_WORLDS
    table = bid_and_declare(seed)
    assert table is not None
    seat = draft.position["seat"]
    before = {s: n for s, n in draft.position["declarations"][1:]}
    worlds = declaration_worlds(table, seat, before, draft.extra["world_seed"])
    assert len(worlds) == BID_WORLDS
    legal = [int(c.answer) for c in draft.candidates]
    totals = dict.fromkeys(legal, 0)
    for world in worlds:
        assert world[seat] == table.hands[seat]
        hits = world_hits(table, world, seat, before)
        for n in legal:
            totals[n] += hits[n]
    best = max(totals.values())
    assert sorted(str(n) for n, t in totals.items() if t == best) == sorted(draft.accepted)
    for candidate in draft.candidates:
        assert math.isclose(candidate.value, totals[int(candidate.answer)] / BID_WORLDS)
    assert draft.margin is not None and draft.margin > SIGNIFICANCE * draft.extra["sampling_error"]


def test_declaration_quiz_is_deterministic_and_hides_other_hands() -> None:
    first = bid_quiz(DECLARE_SEEDS[0], "single_dummy")
    assert first is not None and first == bid_quiz(DECLARE_SEEDS[0], "single_dummy")
    assert list(first.position["hands"]) == [first.position["seat"]]
    json.dumps(first.position)
    assert all(c.answer.isdigit() for c in first.candidates)


@functools.cache
def _convention_draft(seed: int) -> QuizDraft:
    draft = bid_quiz(seed, "single_dummy")
    assert draft is not None and draft.extra["question"] == "call"
    return draft


@pytest.mark.parametrize("seed", CONVENTION_SEEDS)
def test_convention_quiz_resamples_to_the_same_split(seed: int) -> None:
    draft = _convention_draft(seed)
    assert draft.samples == WORLDS and draft.samples >= 100
    pos = draft.position
    seat, dealer = pos["seat"], pos["dealer"]
    hands = {s: _cards(h) for s, h in draft.extra["deal"].items()}
    history = [(s, as_call(c)) for s, c in pos["auction"]]
    worlds = call_worlds(hands, dealer, history, seat, draft.extra["world_seed"], WORLDS)
    calls = [as_call(c.answer) for c in draft.candidates]
    per_world = [world_values(w, dealer, history, seat, calls) for w in worlds]
    column = {str(c): [w[str(c)] for w in per_world] for c in calls}
    for candidate in draft.candidates:
        mean = sum(column[candidate.answer]) / WORLDS
        assert math.isclose(candidate.value, mean, abs_tol=1e-3)
    # Every accepted call beats every rejected one by more than two standard errors, and
    # no accepted call is clearly behind the best.
    best = max(draft.accepted, key=lambda a: sum(column[a]))
    assert sum(column[best]) == max(sum(v) for v in column.values())
    rejected = [c.answer for c in draft.candidates if not c.accepted]
    assert rejected
    for accepted in draft.accepted:
        gap, error = paired_gap(column[best], column[accepted])
        assert gap <= SIGNIFICANCE * error
        for other in rejected:
            gap, error = paired_gap(column[accepted], column[other])
            assert gap > SIGNIFICANCE * error
    assert draft.margin is not None and draft.margin > SIGNIFICANCE * draft.extra["sampling_error"]


def test_convention_worlds_keep_the_hand_and_fit_every_earlier_call() -> None:
    draft = _convention_draft(CONVENTION_SEEDS[0])
    pos = draft.position
    seat, dealer = pos["seat"], pos["dealer"]
    hands = {s: _cards(h) for s, h in draft.extra["deal"].items()}
    history = [(s, as_call(c)) for s, c in pos["auction"]]
    worlds = call_worlds(hands, dealer, history, seat, "another seed", 30)
    assert len(worlds) == 30
    for world in worlds:
        assert world[seat] == hands[seat]
        auction = Auction(dealer)
        for caller, call in history:
            mine = choose_call(auction, world[caller])
            said, meant = (
                interpret(auction.calls, caller, call),
                interpret(auction.calls, caller, mine),
            )
            assert (said.kind, said.band, said.shows, said.asks_for) == (
                meant.kind,
                meant.band,
                meant.shows,
                meant.asks_for,
            )
            auction.call(call)


def test_convention_quiz_asks_after_partners_thirteen_level_opening() -> None:
    draft = _convention_draft(CONVENTION_SEEDS[0])
    seat = draft.position["seat"]
    auction = Auction(draft.position["dealer"], calls=[c for _, c in draft.position["auction"]])
    assert auction.to_move == seat
    standing = auction.standing
    assert standing is not None and standing[0] == partner(seat) and standing[1].level == 13
    answers = [c.answer for c in draft.candidates]
    assert "pass" in answers and "pass" not in draft.accepted
    for candidate in draft.candidates:
        assert auction.why_illegal(candidate.answer) is None
    hand = _cards(draft.position["hands"][seat])
    assert [str(c) for c in prescribed_calls(auction, seat, hand) or []] == draft.extra[
        "prescribed"
    ]
    json.dumps([draft.position, [c.as_json() for c in draft.candidates], draft.extra])


def test_convention_refutations_say_what_the_call_means_and_what_it_cost() -> None:
    draft = _convention_draft(CONVENTION_SEEDS[0])
    for candidate in draft.candidates:
        if not candidate.accepted:
            assert candidate.refutation.startswith(f"{candidate.answer} ")
            assert "points per deal" in candidate.refutation
    refuted_pass = next(c for c in draft.candidates if c.answer == "pass")
    assert "leaves partner in" in refuted_pass.refutation


def test_odd_seed_without_the_question_gives_no_convention_quiz() -> None:
    seed = next(s for s in range(1, 60, 2) if find_question(deal_hands(s), dealer_for(s)) is None)
    assert bid_quiz(seed, "single_dummy") is None


# ------------------------------------------------------------------ constraints and rates


def test_constraint_is_honoured_by_play_quizzes() -> None:
    constraint = parse("N.jokers >= 2", "beyond")
    draft = _first_kept(lambda s: play_quiz(s, "double_dummy", constraint), 0)
    north = _cards(draft.extra["deal"]["N"])
    assert sum(1 for c in north if c.is_joker) >= 2
    assert constraint.matches({s: _cards(h) for s, h in draft.extra["deal"].items()})


def test_constraint_is_honoured_by_bid_quizzes() -> None:
    constraint = parse("S.spades >= 6", "beyond")
    draft = _first_kept(lambda s: bid_quiz(s, "single_dummy", constraint), 1)
    assert suit_length(_cards(draft.extra["deal"]["S"]), "S") >= 6


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


def test_judge_needs_a_clear_margin() -> None:
    close = [{"A": 1, "B": 0}, {"A": 0, "B": 1}] * 10 + [{"A": 1, "B": 0}]
    verdict = judge(close)
    assert verdict is not None and verdict.accepted == ["A"] and not verdict.clear
    clear = [{"A": 1, "B": 0}] * 30 + [{"A": 1, "B": 1}] * 10
    assert judge(clear) is not None and judge(clear).clear  # type: ignore[union-attr]
    assert judge([{"A": 1, "B": 1}] * 5) is None
