"""Bad input raises a ValueError naming the problem, never crashes the interpreter."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.cards import Card
from games.solver import Objective, Position, Result, SolverInputError, layout_for
from games.solver.builders import pbn_position, skat_position

Solve = Callable[..., Result]
DEAL = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"


def cards(text: str) -> list[Card]:
    return [Card(t[0], t[1]) for t in text.split()]


def test_duplicate_card_is_named(solver: Solve) -> None:
    position = Position.build(
        layout_for("wiezen", "S"), [cards("SA"), cards("SA"), cards("S2"), cards("S3")], 0
    )
    with pytest.raises(SolverInputError, match="duplicate card SA"):
        solver(position, Objective.tricks([0]))


def test_missing_card_makes_hands_unequal(solver: Solve) -> None:
    position = Position.build(
        layout_for("wiezen", "S"), [cards("SA SK"), cards("S2"), cards("S3 S4"), cards("S5 S6")], 0
    )
    with pytest.raises(SolverInputError, match="unequal hands: seat 1 holds 1"):
        solver(position, Objective.tricks([0]))


def test_card_from_another_deck_is_named(solver: Solve) -> None:
    position = Position.build(
        layout_for("five_hundred", "S"), [cards("H2"), cards("H5"), cards("H6"), cards("H7")], 0
    )
    with pytest.raises(SolverInputError, match="H2 is not in the five_hundred deck"):
        solver(position, Objective.tricks([0]))


def test_unknown_contract_is_named() -> None:
    with pytest.raises(SolverInputError, match="unknown Skat contract 'ramsch'"):
        skat_position("ramsch", ["CJ", "SJ", "HJ"], 0)
    with pytest.raises(SolverInputError, match="unknown trump 'X'"):
        layout_for("wiezen", "X")


def test_unknown_game_is_named() -> None:
    with pytest.raises(SolverInputError, match="unknown game 'poker'"):
        layout_for("poker", "S")


def test_bad_pbn_raises_value_error() -> None:
    with pytest.raises(ValueError, match="expected 4 hands"):
        pbn_position(layout_for("wiezen", "S"), "N:AKQ.JT9.876.5432", "N")


def test_complete_trick_is_rejected(solver: Solve) -> None:
    position = Position.build(
        layout_for("skat", "grand"), [cards("CA"), cards("CT"), cards("CK")], 0, cards("C7 C8 C9")
    )
    with pytest.raises(SolverInputError, match="complete"):
        solver(position, Objective.points([0]))


def test_team_seat_must_play(solver: Solve) -> None:
    position = pbn_position(layout_for("wiezen", "NT"), DEAL, "N")
    with pytest.raises(SolverInputError, match="team"):
        solver(position, Objective.tricks([5]))


def test_impossible_target_is_named(solver: Solve) -> None:
    position = Position.build(
        layout_for("beyond", "NT"), [cards("SA"), cards("S2"), cards("S3"), cards("S4")], 0
    )
    with pytest.raises(SolverInputError, match="target 3 for seat 0 is impossible"):
        solver(position, Objective.exact({0: 3}))


def test_unknown_mode_and_objective_are_named(solver: Solve) -> None:
    position = Position.build(
        layout_for("wiezen", "NT"), [cards("SA"), cards("S2"), cards("S3"), cards("S4")], 0
    )
    with pytest.raises(SolverInputError, match="unknown mode 'all'"):
        solver(position, Objective.tricks([0]), "all")
    with pytest.raises(SolverInputError, match="unknown objective 'most'"):
        solver(position, Objective("most", (0,)))


def test_joker_lead_needs_a_named_suit_in_no_trumps(solver: Solve) -> None:
    position = Position.build(
        layout_for("five_hundred", "NT"),
        [cards("C5"), cards("H5 H6"), cards("H7 H9"), cards("HT HJ")],
        0,
        cards("X1"),
    )
    with pytest.raises(SolverInputError, match="named_suit must be S, H, D or C"):
        solver(position, Objective.tricks([0, 2]))


def test_sitting_out_seat_must_hold_no_cards(solver: Solve) -> None:
    position = Position.build(
        layout_for("five_hundred", "misere"),
        [cards("H5"), cards("H6"), cards("H7"), cards("H9")],
        0,
        active=[0, 1, 3],
    )
    with pytest.raises(SolverInputError, match="seat 2 sits out but holds cards"):
        solver(position, Objective.misere(0))


def test_core_rejects_inconsistent_packed_input() -> None:
    core = pytest.importorskip("games.solver.native").builds.module()
    engine = core.Engine(1)
    args = (
        [0, 0],
        [0, 0],
        -1,
        0,
        -1,
        [0, 1],
        [1, 1, 0, 0],
        0,
        [],
        -1,
        0,
        0,
        1,
        [-1, -1, -1, -1],
        [],
        False,
    )
    with pytest.raises(ValueError, match="inconsistent"):
        engine.solve(*args)
    unsorted = (*args[:14], [3, 2], *args[15:])
    with pytest.raises(ValueError, match="ascending"):
        engine.solve(*unsorted)
    with pytest.raises(ValueError, match="tt_mb"):
        core.Engine(0)
