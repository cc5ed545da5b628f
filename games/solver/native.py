"""Run a checked problem on the C core, one engine (and table) per thread and build.

Which build of the core runs (portable, native-nobmi2 or native) is chosen by ``builds``
when this module is imported; ``variant=`` runs another usable build side by side (the bench
and the tests compare them).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.solver import builds
from games.solver.budget import UNLIMITED, Budget
from games.solver.errors import SolverBudgetExceeded
from games.solver.position import Problem
from games.solver.result import CARDS, Result

TABLE_ENV = "GAMES_SOLVER_TT_MB"
DEFAULT_TABLE_MB = 64
_local = threading.local()
# Let signal handlers run during a search (main thread only: Python runs them nowhere else).
CHECK_SIGNALS = True
# The chosen build (ImportError here when none can run: backends falls back to the twin).
_core: ModuleType = builds.module()
VARIANT: str = builds.choice().variant


def table_megabytes() -> int:
    """Return the table size in MB from GAMES_SOLVER_TT_MB (default 64)."""
    text = os.environ.get(TABLE_ENV, str(DEFAULT_TABLE_MB))
    try:
        size = int(text)
    except ValueError:
        raise ValueError(f"{TABLE_ENV} must be a whole number of megabytes, not {text!r}") from None
    if not 1 <= size <= 65536:
        raise ValueError(f"{TABLE_ENV} must be 1..65536, not {size}")
    return size


def engine(variant: str | None = None) -> Any:
    """Return this thread's engine of the chosen build (or of ``variant``), creating it on
    first use."""
    if variant is None or variant == VARIANT:
        found = getattr(_local, "engine", None)
        if found is None:
            found = _core.Engine(table_megabytes())
            _local.engine = found
        return found
    others: dict[str, object] = _local.__dict__.setdefault("others", {})
    if variant not in others:
        others[variant] = builds.module(variant).Engine(table_megabytes())
    return others[variant]


def solve_problem(
    problem: Problem, mode: str, budget: Budget = UNLIMITED, variant: str | None = None
) -> Result:
    """Solve a checked problem within ``budget``; ``cards`` keys are internal indices.

    In the main thread the core also runs Python's signal handlers every few milliseconds,
    so an alarm (Celery's soft time limit) or Ctrl-C stops the solve with its exception.
    """
    p = problem
    core = _core if variant is None else builds.module(variant)
    found = engine() if variant is None else engine(variant)
    try:
        value, moves = found.solve(
            list(p.block_ids),
            list(p.points),
            p.trump_block,
            p.joker_mode,
            p.joker_block,
            list(p.order),
            list(p.hands),
            p.leader,
            list(p.trick),
            p.lead_block,
            int(p.after_joker),
            p.kind,
            p.team_mask,
            list(p.targets),
            list(p.thresholds),
            mode == CARDS,
            budget.nodes or 0,
            budget.seconds or 0.0,
            CHECK_SIGNALS and threading.current_thread() is threading.main_thread(),
        )
    except core.BudgetExceeded as exc:
        limit, nodes, seconds = exc.args
        allowed = budget.nodes if limit == "nodes" else budget.seconds
        raise SolverBudgetExceeded(limit, nodes, seconds, float(allowed or 0)) from None
    return _result(p, value, moves)


def _result(p: Problem, value: int, moves: list[tuple[int, int, int]] | None) -> Result:
    """Return the core's answer as a Result (``cards`` keys: internal indices)."""
    if moves is None:
        return Result(value)
    start = p.order.index(p.leader)
    seat = p.order[(start + len(p.trick)) % len(p.order)]
    pick = max if p.team_mask >> seat & 1 else min
    cards: dict[str, int] = {}
    for card, _named, card_value in moves:
        key = str(card)
        # A 500 joker lead comes once per named suit: keep the mover's best naming.
        cards[key] = pick(card_value, cards[key]) if key in cards else card_value
    return Result(value, cards)


def pack(p: Problem) -> tuple[Any, ...]:
    """Return a problem as the tuple ``Engine.solve_many`` takes (``Engine.solve``'s
    arguments before ``cards_mode``)."""
    return (
        p.block_ids,
        p.points,
        p.trump_block,
        p.joker_mode,
        p.joker_block,
        p.order,
        p.hands,
        p.leader,
        p.trick,
        p.lead_block,
        int(p.after_joker),
        p.kind,
        p.team_mask,
        p.targets,
        p.thresholds,
    )


@dataclass(frozen=True)
class BatchStats:
    """What the last batch of this thread's engine cost: nodes and trick-start nodes per
    problem, and how many problems kept the table of the one before."""

    nodes: tuple[int, ...]
    trick_nodes: tuple[int, ...]
    shared: int


def solve_many(
    problems: Sequence[Problem],
    mode: str,
    budget: Budget = UNLIMITED,
    variant: str | None = None,
    *,
    share: Sequence[bool] | None = None,
) -> list[Result]:
    """Solve checked problems in one call to the core: ``budget``'s nodes bound each solve,
    its seconds the whole batch.

    ``share`` (one flag per problem) lets a problem keep the transposition table of the one
    before it, which the core does only when their contexts are equal (card table, seat
    order, objective kind and team, and targets unless exact). The costs are kept in
    ``last_batch()``.
    """
    core = _core if variant is None else builds.module(variant)
    found = engine() if variant is None else engine(variant)
    try:
        rows = found.solve_many(
            [pack(p) for p in problems],
            mode == CARDS,
            budget.nodes or 0,
            budget.seconds or 0.0,
            CHECK_SIGNALS and threading.current_thread() is threading.main_thread(),
            None if share is None else list(share),
        )
    except core.BudgetExceeded as exc:
        limit, nodes, seconds = exc.args
        allowed = budget.nodes if limit == "nodes" else budget.seconds
        raise SolverBudgetExceeded(limit, nodes, seconds, float(allowed or 0)) from None
    _local.batch = BatchStats(
        tuple(r[1] for r in rows), tuple(r[2] for r in rows), int(found.shared)
    )
    return [
        _result(p, value, moves) for p, ((value, moves), _, _) in zip(problems, rows, strict=True)
    ]


def last_batch() -> BatchStats | None:
    """Return the costs of this thread's last ``solve_many`` (None before the first)."""
    return getattr(_local, "batch", None)
