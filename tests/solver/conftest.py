"""Run every solver test on both backends: the C core and the pure-Python twin."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.solver import Objective, Position, Result, solve
from games.solver.backends import available_backends

Solve = Callable[..., Result]


@pytest.fixture(params=["c", "python"])
def backend(request: pytest.FixtureRequest) -> str:
    """Return a backend name; skip C when the extension is not built."""
    name: str = request.param
    if name not in available_backends():
        pytest.skip("C core not built (python setup.py build_ext --inplace)")
    return name


@pytest.fixture
def solver(backend: str) -> Solve:
    """Return ``solve`` bound to one backend."""

    def run(position: Position, objective: Objective, mode: str = "value") -> Result:
        return solve(position, objective, mode, backend=backend)

    return run
