"""Solve a position with a chosen backend and translate the answer back to card names."""

from __future__ import annotations

from collections.abc import Callable

from games.solver.errors import SolverInputError
from games.solver.position import Objective, Position, Problem, compile_problem
from games.solver.result import MODES, Result

Backend = Callable[[Problem, str], Result]


def run(backend: Backend, position: Position, objective: Objective, mode: str) -> Result:
    """Check the input, run ``backend`` on it and name the cards in the answer."""
    if mode not in MODES:
        raise SolverInputError(f"unknown mode {mode!r}: expected value or cards")
    problem = compile_problem(position, objective)
    raw = backend(problem, mode)
    if raw.cards is None:
        return raw
    order = position.layout.order
    cards = {str(order[int(i)]): v for i, v in raw.cards.items()}
    return Result(raw.value, cards)
