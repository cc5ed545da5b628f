"""How long a solve may run: a node or time budget per solve, and deadlines for a block of code.

A solve that exceeds its budget raises ``SolverBudgetExceeded`` (both backends). The C core
looks at the budget every few thousand nodes, so it stops within milliseconds; in the main
thread it also lets Python signal handlers run (Celery's soft time limit, Ctrl-C), whose
exception then ends the solve.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from games.solver.errors import SolverBudgetExceeded, SolverInputError


@dataclass(frozen=True)
class Budget:
    """At most ``nodes`` search nodes and ``seconds`` of wall time per solve (None: no limit).

    Nodes count every position the search visits (``Engine.nodes``), so a node budget gives
    the same outcome on every machine; a time budget does not.
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is not None and (
            isinstance(self.nodes, bool) or not isinstance(self.nodes, int) or self.nodes < 1
        ):
            raise SolverInputError(f"budget nodes must be a whole number >= 1, not {self.nodes!r}")
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, int | float)
            or not math.isfinite(self.seconds)
            or self.seconds <= 0
        ):
            raise SolverInputError(
                f"budget seconds must be a finite number > 0, not {self.seconds!r}"
            )


UNLIMITED = Budget()
_local = threading.local()


def _deadlines() -> list[float]:
    found: list[float] | None = getattr(_local, "deadlines", None)
    if found is None:
        found = []
        _local.deadlines = found
    return found


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Make every solve of this thread inside the block stop once ``seconds`` have passed.

    The time counts from entering the block, over all the solves in it; blocks nest (the
    earliest deadline holds). A solve past it raises ``SolverBudgetExceeded``.
    """
    Budget(seconds=seconds)  # the same check of the number
    stack = _deadlines()
    stack.append(time.monotonic() + seconds)
    try:
        yield
    finally:
        stack.pop()


def effective(budget: Budget | None) -> Budget:
    """Return the budget of one solve starting now: ``budget`` within the thread's deadlines.

    Raise ``SolverBudgetExceeded`` when a deadline has already passed.
    """
    budget = budget or UNLIMITED
    stack = _deadlines()
    if not stack:
        return budget
    end = min(stack)
    left = end - time.monotonic()
    if left <= 0:
        raise SolverBudgetExceeded("seconds", 0, 0.0, 0.0)
    if budget.seconds is not None and budget.seconds <= left:
        return budget
    return Budget(nodes=budget.nodes, seconds=left)
