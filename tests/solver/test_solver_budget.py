"""A solve past its node or time budget stops with SolverBudgetExceeded; signals stop it too."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Callable

import pytest

from games.solver import (
    Budget,
    Objective,
    Result,
    SolverBudgetExceeded,
    SolverInputError,
    deadline,
    layout_for,
    solve,
)
from games.solver.batch import answer
from games.solver.builders import pbn_position
from games.solver.samples import random_position

# A full Beyond deal (clubs trump, S leads) whose targets, exactly two tricks for N and for
# S, took the core over three million nodes when found (a probe of random full deals).
HARD_DEAL = "N:AKT4.JT4.J76.Q3.3 QJ98.AK76.AQ.A96 3.9.KT542.T754.12 7652.Q532.93.KJ2"
HARD_OBJECTIVE = Objective.exact({0: 2, 2: 2})
# Far more than the deal needs to start, far less than it needs to finish.
SOME_NODES = 20_000


def hard_position():
    return pbn_position(layout_for("beyond", "C"), HARD_DEAL, leader="S")


def small_sample():
    return random_position("beyond", 3, 5)


def test_a_node_budget_stops_the_core_with_a_clear_error() -> None:
    with pytest.raises(SolverBudgetExceeded, match="budget exceeded") as caught:
        solve(hard_position(), HARD_OBJECTIVE, backend="c", budget=Budget(nodes=SOME_NODES))
    assert caught.value.limit == "nodes"
    assert caught.value.nodes == SOME_NODES
    assert f"budget: {SOME_NODES:,} nodes" in str(caught.value)


def test_a_node_budget_stops_the_twin_too() -> None:
    sample = small_sample()
    full = solve(sample.position, sample.objective, "cards", backend="python")
    with pytest.raises(SolverBudgetExceeded, match="budget exceeded") as caught:
        solve(sample.position, sample.objective, "cards", backend="python", budget=Budget(nodes=5))
    assert caught.value.limit == "nodes" and caught.value.nodes == 5
    # A budget the solve stays within changes nothing.
    roomy = Budget(nodes=10_000_000, seconds=600)
    assert solve(sample.position, sample.objective, "cards", backend="python", budget=roomy) == full


def test_a_budget_the_solve_stays_within_gives_the_same_answer(backend: str) -> None:
    sample = small_sample()
    full = solve(sample.position, sample.objective, "cards", backend=backend)
    roomy = Budget(nodes=10_000_000, seconds=600)
    assert solve(sample.position, sample.objective, "cards", backend=backend, budget=roomy) == full


def test_a_time_budget_stops_the_core() -> None:
    # The core looks at the clock every few thousand nodes; the deal needs far more.
    with pytest.raises(SolverBudgetExceeded, match="budget exceeded") as caught:
        solve(hard_position(), HARD_OBJECTIVE, backend="c", budget=Budget(seconds=1e-6))
    assert caught.value.limit == "seconds"
    assert caught.value.nodes >= 1


def test_a_time_budget_stops_the_twin() -> None:
    sample = random_position("beyond", 4, 7)
    with pytest.raises(SolverBudgetExceeded) as caught:
        solve(
            sample.position,
            sample.objective,
            "cards",
            backend="python",
            budget=Budget(seconds=1e-6),
        )
    assert caught.value.limit == "seconds"


def test_a_deadline_bounds_every_solve_of_a_block(backend: str) -> None:
    sample = small_sample()
    with deadline(600):
        assert solve(sample.position, sample.objective, backend=backend).value in (0, 1)
    with deadline(1e-9), pytest.raises(SolverBudgetExceeded, match="budget exceeded"):
        solve(sample.position, sample.objective, backend=backend)
    # Outside the block the solve runs without a limit again.
    assert isinstance(solve(sample.position, sample.objective, backend=backend), Result)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"nodes": 0}, "budget nodes must be a whole number >= 1, not 0"),
        ({"nodes": 1.5}, "budget nodes must be a whole number"),
        ({"seconds": -1}, "budget seconds must be a finite number > 0, not -1"),
        ({"seconds": float("nan")}, "budget seconds must be a finite number > 0, not nan"),
        ({"seconds": float("inf")}, "budget seconds must be a finite number"),
    ],
)
def test_a_bad_budget_is_refused_by_name(fields: dict[str, float], message: str) -> None:
    with pytest.raises(SolverInputError, match=message):
        Budget(**fields)  # type: ignore[arg-type]


def test_the_batch_answers_a_line_past_its_budget_with_an_error() -> None:
    line = json.dumps(
        {
            "id": 7,
            "game": "beyond",
            "deal": HARD_DEAL,
            "trump": "C",
            "leader": "S",
            "targets": {"N": 2, "S": 2},
        }
    )
    out = answer(line, Budget(nodes=SOME_NODES))
    assert out["id"] == 7
    assert out["error"].startswith("budget exceeded: the solve stopped after 20,000 nodes")


class Interrupted(Exception):
    pass


def _interrupt_when_solving(handler: Callable[[int, object], None], ran: list[bool]) -> None:
    """Solve the hard deal while a thread sends SIGUSR1 to the main thread once its engine
    is searching; add to ``ran``, each time ``handler`` runs, whether the search was still
    on (the core runs handlers from inside the search, else Python runs them after it)."""
    from games.solver import native

    engine = native.engine()
    main = threading.main_thread().ident
    assert main is not None

    def record(signum: int, frame: object) -> None:
        ran.append(engine.busy)
        handler(signum, frame)

    def sender() -> None:
        while not engine.busy:
            pass
        signal.pthread_kill(main, signal.SIGUSR1)

    previous = signal.signal(signal.SIGUSR1, record)
    thread = threading.Thread(target=sender)
    try:
        thread.start()
        # The budget only keeps a broken signal check from running for minutes.
        solve(hard_position(), HARD_OBJECTIVE, backend="c", budget=Budget(nodes=5_000_000))
    finally:
        thread.join()
        signal.signal(signal.SIGUSR1, previous)


def test_a_signal_handler_stops_the_core_search() -> None:
    pytest.importorskip("games.solver.native")
    ran: list[bool] = []

    def handler(signum: int, frame: object) -> None:
        raise Interrupted

    with pytest.raises(Interrupted):
        _interrupt_when_solving(handler, ran)
    assert ran == [True]


def test_celerys_soft_time_limit_stops_the_core_search() -> None:
    pytest.importorskip("games.solver.native")
    pool = pytest.importorskip("billiard.pool")
    from celery.exceptions import SoftTimeLimitExceeded

    ran: list[bool] = []
    # The handler Celery's prefork pool installs for its soft time limit (SIGUSR1).
    with pytest.raises(SoftTimeLimitExceeded):
        _interrupt_when_solving(pool.soft_timeout_sighandler, ran)
    assert ran == [True]


def test_the_batch_command_reads_a_budget_from_its_arguments() -> None:
    from games.solver.__main__ import budget_from

    assert budget_from([]) == Budget()
    assert budget_from(["--nodes", "20000", "--seconds", "2.5"]) == Budget(nodes=20000, seconds=2.5)
    with pytest.raises(SystemExit):
        budget_from(["--seconds", "0"])
