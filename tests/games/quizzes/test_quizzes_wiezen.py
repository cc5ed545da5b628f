"""Kleurenwiezen quiz generators: drafts are real decisions, re-checked by solving again."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import SEATS, WIEZEN_DECK, Card, parse_card, parse_pbn
from games.constraints import parse
from games.quizzes import QuizDraft, QuizError, draft_quiz, modes_for
from games.quizzes.common.keep import keep_rate
from games.quizzes.common.lines import card_values
from games.quizzes.wiezen.bid import bid_quiz, sensible_calls
from games.quizzes.wiezen.settle import settle
from games.quizzes.wiezen.solving import goal_for, position_from
from games.quizzes.wiezen.table import replay_auction
from games.quizzes.wiezen.themes import RATING_MAX, RATING_MIN, Spot, play_rating, play_themes
from games.quizzes.wiezen.verdict import judge
from games.quizzes.wiezen.worlds import AuctionCheck
from games.sampling import NoDealFound
from games.solver import Objective, Position, layout_for, solve
from games.wiezen import Contract, ContractKind, parse_call

PLAY_MODES = ("double_dummy", "single_dummy")
KINDS_MODES = [("play", "double_dummy"), ("play", "single_dummy"), ("bid", "single_dummy")]
QUIZZES_PER_MODE = 3
SEED_LIMIT = 40


@functools.cache
def kept(kind: str, mode: str) -> tuple[QuizDraft, ...]:
    """Return the first few quizzes the generator keeps, scanning seeds from 0."""
    found = []
    for seed in range(SEED_LIMIT):
        draft = draft_quiz("wiezen", kind, mode, seed)
        if draft is not None:
            found.append(draft)
            if len(found) == QUIZZES_PER_MODE:
                break
    assert found, f"no {kind}/{mode} quiz in {SEED_LIMIT} seeds"
    return tuple(found)


def cards(tokens: list[str]) -> list[Card]:
    return [parse_card(t) for t in tokens]


def seat_objective(draft: QuizDraft) -> tuple[Objective, bool, int]:
    """Build the decider's objective from the stored contract, independently of the generator."""
    position = draft.position
    contract = position["contract"]
    seat = position["seat"]
    declarers = contract["declarers"]
    if contract["kind"] in ("miserie", "open_miserie"):
        return Objective.misere(SEATS.index(declarers[0])), seat != declarers[0], 0
    side = declarers if seat in declarers else [s for s in SEATS if s not in declarers]
    return Objective.tricks(SEATS.index(s) for s in side), False, position["side_tricks"]


def seat_values(draft: QuizDraft, hands: dict[str, list[Card]]) -> dict[str, int]:
    """Solve the draft's position with ``hands`` as the remaining cards; decider's values."""
    position = draft.position
    contract = position["contract"]
    layout = layout_for("wiezen", contract["trump"] or "NT")
    trick = cards([card for _, card in position["trick"]])
    leader = draft.extra["leader"]
    solver_position = Position.build(layout, [hands[s] for s in SEATS], SEATS.index(leader), trick)
    objective, flip, offset = seat_objective(draft)
    result = solve(solver_position, objective, "cards")
    assert result.cards is not None
    return {c: (1 - v if flip else v + offset) for c, v in result.cards.items()}


def argmax(values: dict[str, float]) -> set[str]:
    best = max(values.values())
    return {c for c, v in values.items() if v == best}


# ------------------------------------------------------------------ registry and modes


def test_generators_are_registered_for_play_and_bid() -> None:
    assert modes_for("wiezen", "play") == PLAY_MODES
    assert modes_for("wiezen", "bid") == ("single_dummy",)


def test_bid_quizzes_refuse_double_dummy() -> None:
    with pytest.raises(QuizError, match="double_dummy"):
        draft_quiz("wiezen", "bid", "double_dummy", 0)
    with pytest.raises(QuizError, match="single_dummy"):
        bid_quiz(0, "double_dummy")


def test_play_quizzes_refuse_an_unknown_mode() -> None:
    with pytest.raises(QuizError, match="open_book"):
        draft_quiz("wiezen", "play", "open_book", 0)


# ------------------------------------------------------------------ every kept draft


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_draft_is_deterministic(kind: str, mode: str) -> None:
    first = kept(kind, mode)[0]
    again = draft_quiz("wiezen", kind, mode, first.seed)
    assert again == first


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_draft_is_json_serialisable(kind: str, mode: str) -> None:
    for draft in kept(kind, mode):
        text = json.dumps(
            {
                "position": draft.position,
                "candidates": [c.as_json() for c in draft.candidates],
                "themes": list(draft.themes),
                "extra": draft.extra,
            }
        )
        assert json.loads(text)["position"] == draft.position


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_draft_has_an_accepted_and_a_rejected_answer_with_a_refutation(
    kind: str, mode: str
) -> None:
    for draft in kept(kind, mode):
        assert any(c.accepted for c in draft.candidates)
        rejected = [c for c in draft.candidates if not c.accepted]
        assert rejected
        for candidate in rejected:
            assert candidate.answer in candidate.refutation
        assert draft.margin is not None and draft.margin > 0


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_draft_records_kind_mode_seed_rating_and_rule_text(kind: str, mode: str) -> None:
    for draft in kept(kind, mode):
        assert (draft.game, draft.kind, draft.mode) == ("wiezen", kind, mode)
        assert RATING_MIN <= draft.rating <= RATING_MAX
        assert "DECISIONS.md" in draft.rule_ref or "kleurenwiezen" in draft.rule_ref
        assert draft.themes
        assert draft.position["seat"] in SEATS


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_hidden_hands_are_not_in_the_position(kind: str, mode: str) -> None:
    for draft in kept(kind, mode):
        position = draft.position
        shown = json.dumps(position)
        assert set(position["hands"]) | set(position["hidden"]) == set(SEATS)
        remaining = draft.extra.get("remaining", draft.extra["deal"])
        for seat in position["hidden"]:
            assert seat not in position["hands"]
            for card in remaining[seat]:
                assert f'"{card}"' not in shown, f"hidden card {card} of {seat} is shown"
        if mode == "double_dummy":
            assert position["hidden"] == []
        else:
            assert position["seat"] not in position["hidden"]


# ------------------------------------------------------------------ double dummy


def test_double_dummy_accepted_cards_are_exactly_the_best_when_solved_again() -> None:
    for draft in kept("play", "double_dummy"):
        remaining = {s: cards(h) for s, h in draft.extra["remaining"].items()}
        values = seat_values(draft, remaining)
        assert {c.answer for c in draft.candidates} == set(values)
        assert {c.answer: c.value for c in draft.candidates} == values
        assert set(draft.accepted) == argmax(values)


def test_double_dummy_remaining_hands_follow_from_the_deal_and_the_play() -> None:
    for draft in kept("play", "double_dummy"):
        played = {card for trick in draft.position["tricks_played"] for _, card in trick}
        played |= {card for _, card in draft.position["trick"]}
        for seat in SEATS:
            dealt = set(draft.extra["deal"][seat])
            assert set(draft.extra["remaining"][seat]) == dealt - played
            assert draft.position["hands"][seat] == draft.extra["remaining"][seat]


def test_double_dummy_refutation_line_starts_with_the_wrong_card() -> None:
    for draft in kept("play", "double_dummy"):
        for candidate in draft.candidates:
            if candidate.accepted:
                assert candidate.line == ()
                continue
            assert candidate.line[0] == candidate.answer
            # The rest of this trick and the whole next one (fewer only at the deal's end).
            on_trick = len(draft.position["trick"])
            assert len(candidate.line) == min(8 - on_trick, 4 * draft.position["tricks_left"])


def _touching(a: Card, b: Card, hand: set[Card], played: set[Card]) -> bool:
    if a.suit != b.suit:
        return False
    low, high = sorted("23456789TJQKA".index(c.rank) for c in (a, b))
    between = [Card(a.suit, "23456789TJQKA"[r]) for r in range(low + 1, high)]
    return all(c in hand or c in played for c in between)


def test_double_dummy_touching_cards_are_judged_alike() -> None:
    for draft in kept("play", "double_dummy"):
        seat = draft.position["seat"]
        hand = set(cards(draft.extra["remaining"][seat]))
        played = {
            parse_card(card) for trick in draft.position["tricks_played"] for _, card in trick
        } | {parse_card(card) for _, card in draft.position["trick"]}
        verdict = {parse_card(c.answer): c.accepted for c in draft.candidates}
        for a in verdict:
            for b in verdict:
                if _touching(a, b, hand, played):
                    assert verdict[a] == verdict[b], f"{a} and {b} touch"


# ------------------------------------------------------------------ single dummy play


def test_single_dummy_accepted_cards_have_the_best_average_over_the_stored_worlds() -> None:
    for draft in kept("play", "single_dummy"):
        worlds = [parse_pbn(w, WIEZEN_DECK) for w in draft.extra["worlds"]]
        assert draft.samples == len(worlds) >= 100
        totals: dict[str, int] = {}
        for world in worlds:
            for card, value in seat_values(draft, world).items():
                totals[card] = totals.get(card, 0) + value
        means = {c: t / len(worlds) for c, t in totals.items()}
        assert {c.answer: c.value for c in draft.candidates} == pytest.approx(means)
        assert set(draft.accepted) == argmax(means)
        best = max(means.values())
        rejected = [v for c, v in means.items() if c not in draft.accepted]
        assert draft.margin == pytest.approx(best - max(rejected))


def test_single_dummy_worlds_agree_with_what_the_seat_saw() -> None:
    for draft in kept("play", "single_dummy"):
        position = draft.position
        seat = position["seat"]
        remaining = draft.extra["remaining"]
        voids: dict[str, set[str]] = {s: set() for s in SEATS}
        for trick in [*position["tricks_played"], position["trick"]]:
            for player, card in trick[1:]:
                if card[0] != trick[0][1][0]:
                    voids[player].add(trick[0][1][0])
        check = AuctionCheck(
            position["dealer"],
            [(s, parse_call(c)) for s, c in position["auction"]],
            {s: cards(h) for s, h in draft.extra["deal"].items()},
        )
        played = {
            s: [parse_card(c) for trick in position["tricks_played"] for p, c in trick if p == s]
            + [parse_card(c) for p, c in position["trick"] if p == s]
            for s in SEATS
        }
        for text in draft.extra["worlds"]:
            world = parse_pbn(text, WIEZEN_DECK)
            for shown in position["hands"]:
                assert [str(c) for c in world[shown]] == remaining[shown]
            for other in SEATS:
                assert len(world[other]) == len(remaining[other])
                assert not {c.suit for c in world[other]} & voids[other]
            assert check({s: world[s] + played[s] for s in SEATS})
        assert seat in position["hands"]


# ------------------------------------------------------------------ bidding


def test_bid_accepted_calls_have_the_best_average_when_settled_again() -> None:
    for draft in kept("bid", "single_dummy"):
        position = draft.position
        seat = position["seat"]
        prefix = [(s, parse_call(c)) for s, c in position["auction"]]
        worlds = [parse_pbn(w, WIEZEN_DECK, 13) for w in draft.extra["worlds"]]
        assert draft.samples == len(worlds) >= 100
        means = {}
        for candidate in draft.candidates:
            call = parse_call(candidate.answer)
            points = [
                settle(world, position["dealer"], prefix, seat, call, {}).points for world in worlds
            ]
            means[candidate.answer] = sum(points) / len(points)
        assert {c.answer: c.value for c in draft.candidates} == pytest.approx(means)
        assert set(draft.accepted) == argmax(means)


def test_bid_worlds_keep_the_hand_and_fit_the_auction() -> None:
    for draft in kept("bid", "single_dummy"):
        position = draft.position
        seat = position["seat"]
        deal = {s: cards(h) for s, h in draft.extra["deal"].items()}
        prefix = [(s, parse_call(c)) for s, c in position["auction"]]
        check = AuctionCheck(position["dealer"], prefix, deal)
        for text in draft.extra["worlds"]:
            world = parse_pbn(text, WIEZEN_DECK, 13)
            assert world[seat] == deal[seat]
            assert check(world)


def test_bid_candidates_are_the_sensible_calls_of_the_seat() -> None:
    for draft in kept("bid", "single_dummy"):
        position = draft.position
        deal = {s: cards(h) for s, h in draft.extra["deal"].items()}
        prefix = [(s, parse_call(c)) for s, c in position["auction"]]
        auction = replay_auction(position["dealer"], deal, prefix)
        assert auction.turn == position["seat"]
        assert [c.answer for c in draft.candidates] == [str(c) for c in sensible_calls(auction)]
        assert draft.unit == "points"
        assert position["hands"] == {position["seat"]: draft.extra["deal"][position["seat"]]}


# ------------------------------------------------------------------ constraints


@pytest.mark.parametrize(("kind", "mode"), [("play", "double_dummy"), ("bid", "single_dummy")])
def test_constraint_is_honoured(kind: str, mode: str) -> None:
    constraint = parse("N.hearts >= 6 and S.aces >= 2", "wiezen")
    draft = None
    for seed in range(SEED_LIMIT):
        draft = draft_quiz("wiezen", kind, mode, seed, constraint)
        if draft is not None:
            break
    assert draft is not None
    assert constraint.matches(draft.extra["deal"])


@pytest.mark.parametrize(("kind", "mode"), KINDS_MODES)
def test_impossible_constraint_raises_no_deal_found(kind: str, mode: str) -> None:
    constraint = parse("N.spades >= 7 and E.spades >= 7", "wiezen")
    with pytest.raises(NoDealFound, match="no deal found"):
        draft_quiz("wiezen", kind, mode, 1, constraint)


# ------------------------------------------------------------------ keep rate


def test_keep_rate_counts_attempts_and_kept_quizzes() -> None:
    seeds = range(8)
    expected = sum(draft_quiz("wiezen", "play", "double_dummy", s) is not None for s in seeds)
    report = keep_rate("wiezen", "play", "double_dummy", seeds)
    assert (report.attempts, report.kept) == (8, expected)
    assert report.rate == expected / 8
    assert report.ms_per_attempt > 0
    assert "kept" in str(report)


def test_keep_rate_refuses_an_unknown_kind() -> None:
    with pytest.raises(QuizError, match="lead"):
        keep_rate("wiezen", "lead", "double_dummy", [0])


# ------------------------------------------------------------------ verdicts


def test_judge_accepts_tied_best_candidates_and_reports_the_margin() -> None:
    values = {"HK": [2, 3, 2, 3], "HQ": [2, 3, 2, 3], "S2": [1, 2, 1, 2]}
    verdict = judge(values, min_margin=0.25)
    assert verdict is not None
    assert verdict.accepted == {"HK", "HQ"}
    assert verdict.margin == 1.0


def test_judge_refuses_a_gap_within_sampling_error() -> None:
    values = {"HK": [3, 0, 3, 0, 3, 0], "S2": [0, 3, 0, 3, 0, 2]}
    assert judge(values, min_margin=0.1) is None


def test_judge_refuses_when_every_candidate_ties() -> None:
    assert judge({"HK": [1, 2], "HQ": [1, 2]}, min_margin=0.1) is None


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["SA", "SK", "H2", "D7", "C9"]),
        st.lists(st.integers(0, 3), min_size=5, max_size=5),
        min_size=2,
    )
)
def test_judge_accepts_exactly_the_best_totals(values: dict[str, list[int]]) -> None:
    verdict = judge(values, min_margin=0.0)
    if verdict is None:
        return
    totals = {c: sum(v) for c, v in values.items()}
    assert verdict.accepted == argmax({c: float(t) for c, t in totals.items()})
    assert all(gap > 0 for gap in verdict.gaps.values())


# ------------------------------------------------------------------ themes and rating


def _spot(trick: list[str], leader: str, hands: dict[str, str]) -> Spot:
    contract = Contract(ContractKind.ASK_JOIN, ("N", "S"), "H", 8, "E")
    held = {s: tuple(WIEZEN_DECK.parse_hand(h)) for s, h in hands.items()}
    return Spot(contract, "N", held, leader, tuple(cards(trick)), frozenset(cards(trick)))


def test_a_trump_on_a_side_suit_lead_is_a_ruff() -> None:
    spot = _spot(["C2", "CA"], "S", {"N": "H3 D4", "E": "C5 D2", "S": "D3", "W": "D5"})
    assert "ruff" in play_themes(spot, "H3")
    assert "discard" in play_themes(spot, "D4")


def test_a_trump_lead_by_a_declarer_while_defenders_hold_trumps_draws_trumps() -> None:
    spot = _spot([], "N", {"N": "HA SK", "E": "H5 S2", "S": "D3 D4", "W": "D5 D6"})
    assert "trump_drawing" in play_themes(spot, "HA")
    assert "trump_drawing" not in play_themes(spot, "SK")


def test_playing_low_under_a_winnable_trick_is_a_duck() -> None:
    spot = _spot(["SQ"], "W", {"N": "SA S2", "E": "S3 S4", "S": "S5 S6", "W": "D2"})
    assert "duck" in play_themes(spot, "S2")
    assert "duck" not in play_themes(spot, "SA")


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 13),
    st.integers(1, 13),
    st.integers(4, 7),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_play_rating_stays_within_bounds(
    candidates: int, accepted: int, left: int, natural: bool, highest: bool, close: bool
) -> None:
    rating = play_rating(candidates, accepted, left, natural, highest, ["duck"], close)
    assert RATING_MIN <= rating <= RATING_MAX
    assert play_rating(candidates, accepted, left, True, highest, [], close) >= play_rating(
        candidates, accepted, left, False, highest, [], close
    )


# ------------------------------------------------------------------ miserie goals


def test_miserie_defenders_value_the_declarer_taking_a_trick() -> None:
    contract = Contract(ContractKind.MISERIE, ("N",), None, 0, "E")
    hands = {
        "N": WIEZEN_DECK.parse_hand("S5 D3 C4"),
        "E": WIEZEN_DECK.parse_hand("SQ H5 D2"),
        "S": WIEZEN_DECK.parse_hand("S3 H8 D5"),
        "W": WIEZEN_DECK.parse_hand("S9 DJ C2"),
    }
    position = position_from("NT", hands, "E", [])
    won = dict.fromkeys(SEATS, 0)
    declarer = goal_for(contract, "N", won)
    defender = goal_for(contract, "E", won)
    assert (declarer.unit, declarer.flip, defender.flip) == ("success rate", False, True)
    raw = solve(position, Objective.misere(0), "cards").cards
    assert raw is not None
    assert card_values(position, defender) == {c: 1 - v for c, v in raw.items()}
    # A heart lead lets void N throw a card away; a spade or a diamond catches him.
    assert card_values(position, defender) == {"SQ": 1, "H5": 0, "D2": 1}
    assert card_values(position, declarer) == {"SQ": 0, "H5": 1, "D2": 0}
