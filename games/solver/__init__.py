"""Exact double-dummy solver for Skat, Beyond, 500 and Kleurenwiezen.

``solve(position, objective, mode)`` uses the C core (``_core``) when it is built and the
pure-Python twin (``reference``) otherwise; ``GAMES_SOLVER_PURE=1`` forces the twin. Both
give the same answers; ``solve_many`` solves many positions in one call to the core. A
``Budget`` (or a ``deadline`` block) bounds a solve's nodes or seconds; past it the solve
raises ``SolverBudgetExceeded``. See docs/solver.md.
"""

from __future__ import annotations

from games.solver.backends import backend_name, solve, solve_many
from games.solver.budget import Budget, deadline
from games.solver.errors import SolverBudgetExceeded, SolverError, SolverInputError
from games.solver.layout import Layout, layout_for
from games.solver.position import Objective, Position
from games.solver.result import Result

__all__ = [
    "Budget",
    "Layout",
    "Objective",
    "Position",
    "Result",
    "SolverBudgetExceeded",
    "SolverError",
    "SolverInputError",
    "backend_name",
    "deadline",
    "layout_for",
    "solve",
    "solve_many",
]
