"""Errors raised by the solver: a position it cannot accept, or a solve past its budget."""

from __future__ import annotations


class SolverError(Exception):
    """Base of the solver's own errors."""


class SolverInputError(SolverError, ValueError):
    """Raised for a position, objective or request the solver cannot solve; names the problem."""


class SolverBudgetExceeded(SolverError, RuntimeError):
    """Raised when a solve stops on its budget (``Budget``) before it has an answer.

    ``limit`` says what ran out (``"nodes"`` or ``"seconds"``); ``nodes`` and ``seconds`` are
    what the search had spent when it stopped.
    """

    def __init__(self, limit: str, nodes: int, seconds: float, allowed: float) -> None:
        self.limit = limit
        self.nodes = nodes
        self.seconds = seconds
        self.allowed = allowed
        allowed_text = f"{int(allowed):,} nodes" if limit == "nodes" else f"{allowed:.3g} s"
        super().__init__(
            f"budget exceeded: the solve stopped after {nodes:,} nodes and {seconds:.2f} s "
            f"without an answer (budget: {allowed_text})"
        )
