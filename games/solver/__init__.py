"""Exact double-dummy solver for Skat, Beyond, 500 and Kleurenwiezen.

``solve(position, objective, mode)`` uses the C core (``_core``) when it is built and the
pure-Python twin (``reference``) otherwise; ``GAMES_SOLVER_PURE=1`` forces the twin. Both
give the same answers. See docs/solver.md.
"""

from __future__ import annotations

from games.solver.backends import backend_name, solve
from games.solver.errors import SolverInputError
from games.solver.layout import Layout, layout_for
from games.solver.position import Objective, Position
from games.solver.result import Result

__all__ = [
    "Layout",
    "Objective",
    "Position",
    "Result",
    "SolverInputError",
    "backend_name",
    "layout_for",
    "solve",
]
