"""Shared quiz pieces: best lines, margins, keep rates and the play generators' glue."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, parse_card
from games.quizzes.base import Candidate, QuizDraft, QuizError
from games.quizzes.common.keep import KeepRate, keep_rate
from games.quizzes.common.lines import (
    LineStep,
    after,
    best_choice,
    card_values,
    line_text,
    line_tokens,
    mover,
    principal_line,
    trump_of,
)
from games.quizzes.common.margins import (
    clearly_ahead,
    paired_gap,
)
from games.solver import Objective, Position, layout_for, solve
from games.wiezen import trick_winner


def _cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def _wiezen(hands: Sequence[str], leader: int = 0, trump: str = "NT") -> Position:
    return Position.build(layout_for("wiezen", trump), [_cards(h) for h in hands], leader)


def _winner(trick: Sequence[Card], trump: str | None, named: str | None) -> int:
    return trick_winner(trick, trump)


def _plain(position: Position, card: Card) -> tuple[Position, str | None]:
    return after(position, card, _winner), None


def _first_card(position: Position, taken: Mapping[int, int]) -> Card:
    return position.hands[mover(position)][0]


def _draft(seed: int) -> QuizDraft:
    return QuizDraft(
        game="wiezen",
        kind="play",
        mode="double_dummy",
        prompt="?",
        position={"seed": seed},
        candidates=(Candidate("SA", 1.0, True), Candidate("S2", 0.0, False)),
        unit="tricks",
        themes=(),
        rating=1500.0,
        rule_ref="",
        seed=seed,
    )


# ------------------------------------------------------------------ margins


def test_paired_gap_of_a_constant_difference_has_no_error() -> None:
    assert paired_gap([3, 4, 5], [1, 2, 3]) == (2.0, 0.0)


def test_paired_gap_of_one_world_has_no_error() -> None:
    assert paired_gap([7], [2]) == (5.0, 0.0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), min_size=2, max_size=40))
def test_paired_gap_is_the_mean_difference_and_its_standard_error(
    pairs: list[tuple[int, int]],
) -> None:
    best, other = [a for a, _ in pairs], [b for _, b in pairs]
    diffs = [a - b for a, b in pairs]
    mean, error = paired_gap(best, other)
    assert mean == pytest.approx(statistics.fmean(diffs))
    expected = statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert error == pytest.approx(expected, abs=1e-12)


def test_paired_gap_refuses_worlds_of_different_counts() -> None:
    with pytest.raises(ValueError):
        paired_gap([1, 2, 3], [1, 2])


def test_clearly_ahead_needs_more_than_two_errors() -> None:
    assert clearly_ahead(0.5, 0.2)
    assert not clearly_ahead(0.4, 0.2)


def test_clearly_ahead_needs_the_minimum_gap_too() -> None:
    assert not clearly_ahead(0.5, 0.0, minimum=1.0)
    assert clearly_ahead(1.0, 0.0, minimum=1.0)


# ------------------------------------------------------------------ lines


def test_mover_goes_round_the_active_seats_only() -> None:
    hands = [_cards("SA SK"), _cards("S2 S3"), [], _cards("S4 S5")]
    layout = layout_for("five_hundred", "NT")
    position = Position.build(layout, hands, 3, _cards("S4"), active=(0, 1, 3))
    assert mover(position) == 0


def test_trump_of_is_none_in_no_trumps_and_the_suit_otherwise() -> None:
    assert trump_of(_wiezen(["SA", "S2", "S3", "S4"])) is None
    assert trump_of(_wiezen(["SA", "S2", "S3", "S4"], trump="H")) == "H"


def test_after_a_full_trick_the_winner_leads() -> None:
    position = _wiezen(["S2 H2", "SA H3", "S3 H4", "S4 H5"])
    for card in ("S2", "SA", "S3"):
        position = after(position, parse_card(card), _winner)
        assert position.leader == 0
    position = after(position, parse_card("S4"), _winner)
    assert (position.leader, position.trick) == (1, ())
    assert position.hands[1] == (parse_card("H3"),)


def test_a_joker_lead_locks_the_next_lead_only_when_asked() -> None:
    layout = layout_for("beyond", "NT")
    hands = [_cards("X1 SA"), _cards("S2 S3"), _cards("S4 S5"), _cards("S6 S7")]
    played = _cards("X1 S2 S4 S6")

    def finish(locks: bool) -> Position:
        position = Position.build(layout, hands, 0)
        for card in played:
            position = after(position, card, lambda t, tr, n: 0, joker_lead_locks=locks)
        return position

    assert finish(True).after_joker_lead
    assert not finish(False).after_joker_lead


def test_principal_line_covers_the_rest_of_the_trick_and_one_more() -> None:
    position = _wiezen(["SA SK SQ", "S2 S3 S4", "S5 S6 S7", "S8 S9 ST"])
    seen: list[dict[int, int]] = []

    def choose(now: Position, taken: Mapping[int, int]) -> Card:
        seen.append(dict(taken))
        return _first_card(now, taken)

    line = principal_line(position, parse_card("SA"), _plain, choose)
    assert line_tokens(line) == ("SA", "S2", "S5", "S8", "SK", "S3", "S6", "S9")
    assert [s.winner for s in line] == [None, None, None, "N"] * 2
    assert seen[-1] == {0: 1}


def test_principal_line_stops_when_the_cards_run_out() -> None:
    position = _wiezen(["SA", "S2", "S3", "S4"])
    line = principal_line(position, parse_card("SA"), _plain, _first_card)
    assert [s.seat for s in line] == ["N", "E", "S", "W"]


def test_principal_line_records_the_suit_named_with_a_card() -> None:
    position = _wiezen(["SA", "S2", "S3", "S4"])

    def naming(now: Position, card: Card) -> tuple[Position, str | None]:
        return after(now, card, _winner), "H" if card == parse_card("SA") else None

    line = principal_line(position, parse_card("SA"), naming, _first_card)
    assert [s.named for s in line] == ["H", None, None, None]


def test_best_choice_maximises_or_minimises_and_breaks_ties_with_the_key() -> None:
    values = {"SA": 2, "SK": 2, "S2": 0, "S3": 0}
    assert best_choice(values, True, lambda c: c) == "SA"
    assert best_choice(values, False, lambda c: (-ord(c[1]),)) == "S3"


def test_line_text_names_the_suit_and_the_trick_winner() -> None:
    steps = [LineStep("N", "X1", named="H"), LineStep("E", "H2"), LineStep("S", "HA", winner="S")]
    assert line_text(steps) == "N X1 (named H), E H2, S HA (S wins the trick)"


@dataclass(frozen=True)
class _Scaled:
    objective: Objective

    def for_seat(self, value: int) -> int:
        return 10 * value + 1


def test_card_values_turn_solver_values_to_the_deciding_seat() -> None:
    position = _wiezen(["SA H2", "SK HA", "S2 H3", "S3 H4"])
    objective = Objective.tricks([0, 2])
    raw = solve(position, objective, "cards").cards
    assert raw is not None and set(raw) == {"SA", "H2"}
    values = card_values(position, _Scaled(objective))
    assert values == {card: 10 * v + 1 for card, v in raw.items()}


# ------------------------------------------------------------------ keep rate


def test_keep_rate_reads_rate_and_time_per_attempt() -> None:
    measured = KeepRate("skat", "play", "double_dummy", attempts=8, kept=2, seconds=0.4)
    assert measured.rate == 0.25
    assert measured.ms_per_attempt == pytest.approx(50.0)
    assert str(measured) == "skat play/double_dummy: kept 2 of 8 (25%), 50 ms per attempt"


def test_keep_rate_of_no_attempts_is_zero() -> None:
    measured = KeepRate("beyond", "bid", "single_dummy", attempts=0, kept=0, seconds=0.0)
    assert (measured.rate, measured.ms_per_attempt) == (0.0, 0.0)


def test_keep_rate_refuses_a_mode_the_generator_lacks() -> None:
    with pytest.raises(QuizError, match="double_dummy"):
        keep_rate("wiezen", "bid", "double_dummy", [1])


# ------------------------------------------------------------------ play glue


def test_a_draft_with_most_answers_accepted_is_not_a_real_decision():
    from games.quizzes import Candidate, QuizDraft, is_real_decision

    def draft(accepted: int, total: int) -> QuizDraft:
        return QuizDraft(
            game="wiezen",
            kind="play",
            mode="double_dummy",
            prompt="?",
            position={},
            candidates=tuple(
                Candidate(f"C{i}", 1.0 if i < accepted else 0.0, i < accepted) for i in range(total)
            ),
            unit="tricks",
            themes=(),
            rating=1500.0,
            rule_ref="",
            seed=0,
        )

    assert is_real_decision(draft(1, 2))
    assert is_real_decision(draft(3, 7))
    assert not is_real_decision(draft(4, 7))
    assert not is_real_decision(draft(6, 7))


def test_draft_quiz_never_returns_a_quiz_where_most_answers_are_right():
    from games.quizzes import draft_quiz

    for seed in range(40):
        quiz = draft_quiz("wiezen", "play", "double_dummy", seed)
        if quiz is not None:
            assert 2 * len(quiz.accepted) <= len(quiz.candidates)
