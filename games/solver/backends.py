"""Pick the solver backend: the C core when built, else the pure-Python twin.

``c`` is the build of the core chosen for this CPU (``builds``); ``c-portable``,
``c-native-nobmi2`` and ``c-native`` run one build by name, when it can run here.
"""

from __future__ import annotations

import functools
import os
import time
import warnings
from collections.abc import Hashable, Sequence

from games.solver import reference
from games.solver.api import Backend, BatchBackend, run, run_many
from games.solver.budget import Budget
from games.solver.errors import SolverBudgetExceeded, SolverInputError
from games.solver.position import Objective, Position, Problem
from games.solver.result import VALUE, Result

PURE_ENV = "GAMES_SOLVER_PURE"


def _load_native() -> Backend | None:
    try:
        from games.solver import native
    except ImportError as exc:
        warnings.warn(
            f"games.solver: C core not built ({exc}); using the slow pure-Python twin. "
            "Build it with: python setup.py build_ext --inplace",
            RuntimeWarning,
            stacklevel=3,
        )
        return None
    return native.solve_problem


_NATIVE = None if os.environ.get(PURE_ENV) == "1" else _load_native()
BACKENDS: dict[str, Backend] = {"python": reference.solve_problem}
if _NATIVE is not None:
    BACKENDS["c"] = _NATIVE


def backend_name() -> str:
    """Return the backend ``solve`` uses by default: 'c' or 'python'."""
    return "c" if _NATIVE is not None else "python"


def available_backends() -> list[str]:
    """Return the names of the backends that can run here: python, c, c-<build>..."""
    names = ["python"]
    try:
        from games.solver import builds, native  # noqa: F401
    except ImportError:
        return names
    return [*names, "c", *(f"c-{v}" for v in builds.choice().usable)]


def info() -> str:
    """Return what runs here: the backend, the core's build and why, the CPU."""
    if _NATIVE is None:
        reason = f"{PURE_ENV}=1" if os.environ.get(PURE_ENV) == "1" else "C core not built"
        return f"solver backend: python ({reason})"
    from games.solver import builds

    return "solver backend: c\n" + builds.choice().describe()


def _backend(name: str) -> Backend:
    if name == "c":
        from games.solver import native

        return native.solve_problem
    if name == "python":
        return reference.solve_problem
    if name.startswith("c-"):
        from games.solver import builds, native

        if name[2:] in builds.choice().usable:
            return functools.partial(native.solve_problem, variant=name[2:])
    raise SolverInputError(f"unknown backend {name!r}: expected " + ", ".join(available_backends()))


def solve(
    position: Position,
    objective: Objective,
    mode: str = VALUE,
    *,
    backend: str | None = None,
    budget: Budget | None = None,
) -> Result:
    """Return the value of ``position`` for ``objective`` under best play by all seats.

    ``mode`` is ``value`` (just the value) or ``cards`` (also the value after each legal
    card of the player to move). ``backend`` forces ``c`` or ``python``. ``budget`` limits
    the search's nodes or seconds (and so do the thread's ``budget.deadline`` blocks): past
    it the solve raises ``SolverBudgetExceeded``.
    """
    chosen = _backend(backend) if backend else BACKENDS[backend_name()]
    return run(chosen, position, objective, mode, budget)


def _twin_many(problems: Sequence[Problem], mode: str, budget: Budget) -> list[Result]:
    """The twin's batch: one solve after another, the seconds bounding them all."""
    started = time.monotonic()
    out = []
    for problem in problems:
        each = budget
        if budget.seconds:
            left = budget.seconds - (time.monotonic() - started)
            if left <= 0:
                spent = time.monotonic() - started
                raise SolverBudgetExceeded("seconds", 0, spent, budget.seconds)
            each = Budget(nodes=budget.nodes, seconds=left)
        out.append(reference.solve_problem(problem, mode, each))
    return out


def _batch_backend(name: str, share: list[bool] | None) -> BatchBackend:
    if name == "python":
        return _twin_many
    _backend(name)  # refuses unknown names
    from games.solver import native

    variant = None if name == "c" else name[2:]
    return functools.partial(native.solve_many, variant=variant, share=share)


def solve_many(
    items: Sequence[tuple[Position, Objective]],
    mode: str = VALUE,
    *,
    backend: str | None = None,
    budget: Budget | None = None,
    groups: Sequence[Hashable] | None = None,
) -> list[Result]:
    """Return ``solve(position, objective, mode)`` for every pair, in one call to the core.

    Every input is checked before anything is solved. ``budget``'s nodes bound each solve,
    its seconds (and the thread's deadlines) the whole batch. ``groups`` (one key per pair,
    e.g. the sampled world's number) lets consecutive pairs with the same key share the
    transposition table where their card table, seat order and objective agree: the
    answers are the same, the nodes fewer for positions of one deal, more for different
    deals (docs/solver.md, "Batches"). Without ``groups`` every solve starts afresh, as a
    single call does. The twin solves one after another.
    """
    share = None
    if groups is not None:
        if len(groups) != len(items):
            raise SolverInputError(f"groups: {len(groups)} keys for {len(items)} positions")
        share = [i > 0 and groups[i] == groups[i - 1] for i in range(len(groups))]
    chosen = _batch_backend(backend or backend_name(), share)
    return run_many(chosen, items, mode, budget)
