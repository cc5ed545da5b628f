"""The batch command: one JSON request per input line, one JSON result per output line."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from games.solver.backends import solve
from games.solver.budget import Budget
from games.solver.errors import SolverBudgetExceeded
from games.solver.requests import read_request
from games.solver.result import CARDS


def answer(line: str, budget: Budget | None = None) -> dict[str, Any]:
    """Return the output object for one input line (an ``error`` object if it is bad).

    A line whose solve exceeds ``budget`` gets an ``error`` saying so.
    """
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"bad JSON: {exc.msg} at column {exc.colno}"}
    ident = data.get("id") if isinstance(data, dict) else None
    try:
        request = read_request(data)
        start = time.perf_counter()
        result = request.finish(
            solve(request.position, request.objective, request.mode, budget=budget)
        )
        elapsed = (time.perf_counter() - start) * 1000
    except (ValueError, SolverBudgetExceeded) as exc:
        out: dict[str, Any] = {"error": str(exc)}
    except Exception as exc:
        # One unforeseen bad line must not end a batch of thousands; say what broke.
        out = {"error": f"internal error ({type(exc).__name__}): {exc}"}
    else:
        out = {"value": result.value}
        if request.mode == CARDS:
            out["cards"] = result.cards
        out["ms"] = round(elapsed, 3)
    if ident is not None:
        out = {"id": ident, **out}
    return out


def answers(lines: Iterable[str], budget: Budget | None = None) -> Iterator[str]:
    """Yield one JSON output line per input line, in input order."""
    for line in lines:
        yield json.dumps(answer(line, budget), separators=(", ", ": "))


def main(stdin: TextIO, stdout: TextIO, budget: Budget | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout``, flushing after each; return 0.

    ``budget`` bounds each line's solve.
    """
    for out in answers((line.rstrip("\n") for line in stdin), budget):
        stdout.write(out + "\n")
        stdout.flush()
    return 0
