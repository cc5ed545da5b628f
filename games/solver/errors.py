"""Errors raised by the solver for positions or requests it cannot accept."""

from __future__ import annotations


class SolverInputError(ValueError):
    """Raised for a position, objective or request the solver cannot solve; names the problem."""
