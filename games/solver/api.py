"""Solve a position with a chosen backend and translate the answer back to card names."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.solver.budget import Budget, effective
from games.solver.errors import SolverInputError
from games.solver.position import Objective, Position, Problem, compile_problem
from games.solver.result import MODES, Result

# A backend solves a checked problem in a mode within a budget (raising
# SolverBudgetExceeded past it).
Backend = Callable[[Problem, str, Budget], Result]


def run(
    backend: Backend,
    position: Position,
    objective: Objective,
    mode: str,
    budget: Budget | None = None,
) -> Result:
    """Check the input, run ``backend`` on it within ``budget`` and name the answer's cards."""
    if mode not in MODES:
        raise SolverInputError(f"unknown mode {mode!r}: expected value or cards")
    if budget is not None and not isinstance(budget, Budget):
        raise SolverInputError(f"budget must be a Budget, not {budget!r}")
    problem = compile_problem(position, objective)
    raw = backend(problem, mode, effective(budget))
    if raw.cards is None:
        return raw
    order = position.layout.order
    cards = {str(order[int(i)]): v for i, v in raw.cards.items()}
    return Result(raw.value, cards)


# A batch backend solves checked problems in a mode, the budget applying to each.
BatchBackend = Callable[[Sequence[Problem], str, Budget], list[Result]]


def run_many(
    backend: BatchBackend,
    items: Sequence[tuple[Position, Objective]],
    mode: str,
    budget: Budget | None = None,
) -> list[Result]:
    """Check every input first (nothing is solved if one is bad), run them on ``backend``
    and name the answers' cards."""
    if mode not in MODES:
        raise SolverInputError(f"unknown mode {mode!r}: expected value or cards")
    if budget is not None and not isinstance(budget, Budget):
        raise SolverInputError(f"budget must be a Budget, not {budget!r}")
    problems = [compile_problem(position, objective) for position, objective in items]
    raws = backend(problems, mode, effective(budget))
    out = []
    for (position, _), raw in zip(items, raws, strict=True):
        if raw.cards is None:
            out.append(raw)
            continue
        order = position.layout.order
        out.append(Result(raw.value, {str(order[int(i)]): v for i, v in raw.cards.items()}))
    return out
